meta:
  id: mxq
  title: MXQ, the binary game record of the 弈天 (Yitian) game rooms
  file-extension: mxq
doc: |
  One game: a run of length-prefixed strings in three sections, each ended
  by a marker string.  The normative text is docs/spec/mxq.md; each part
  names its clause.

  The header fields come first, up to the marker `Moves`; then the moves,
  one string each, up to the marker `Ends`; then the comment strings, up
  to the marker `CommentsEnd`.  Every string is a one-byte length and that
  many bytes of GBK text (docs/spec/mxq.md §2.1).  A section also ends
  where the data does, so that a file cut short parses as far as it goes:
  the reader tells a missing marker by the section's last string
  (docs/spec/mxq.md §2.2), and a string whose length runs past the end of
  the data holds the bytes there are (`is_cut`).
doc-ref: docs/spec/mxq.md
seq:
  - id: fields
    type: pstr
    repeat: until
    repeat-until: _.is_moves_marker or _io.eof
    if: not _io.eof
    doc: The header fields, then the marker `Moves` (docs/spec/mxq.md §3).
  - id: moves
    type: pstr
    repeat: until
    repeat-until: _.is_ends_marker or _io.eof
    if: not _io.eof
    doc: One `FR-FR` move each, then the marker `Ends` (docs/spec/mxq.md §4).
  - id: comments
    type: pstr
    repeat: until
    repeat-until: _.is_comments_end_marker or _io.eof
    if: not _io.eof
    doc: The comment strings, then the marker `CommentsEnd` (docs/spec/mxq.md §5).
types:
  pstr:
    doc: A length-prefixed string (docs/spec/mxq.md §2.1).
    seq:
      - id: length
        type: u1
      - id: body
        size: 'length <= _io.size - _io.pos ? length : _io.size - _io.pos'
        doc: The text's bytes, GBK; fewer than `length` when the data ends first.
    instances:
      is_cut:
        value: body.size < length
        doc: The data ended inside the string (docs/spec/mxq.md §2.2).
      is_move:
        value: >-
          length == 5 and body.size == 5
          and body[0] >= 0x30 and body[0] <= 0x38 and body[1] >= 0x41 and body[1] <= 0x4a
          and body[2] == 0x2d
          and body[3] >= 0x30 and body[3] <= 0x38 and body[4] >= 0x41 and body[4] <= 0x4a
        doc: |
          The string is a move `FR-FR`: a file digit 0–8 and a rank letter
          A–J, twice, with `-` between (docs/spec/mxq.md §4.1).
      from_file:
        value: body[0] - 0x30
        if: is_move
        doc: 0–8, file a–i.
      from_rank:
        value: body[1] - 0x41
        if: is_move
        doc: 0–9, Red's side at 0.
      to_file:
        value: body[3] - 0x30
        if: is_move
      to_rank:
        value: body[4] - 0x41
        if: is_move
      is_moves_marker:
        value: body == [0x4d, 0x6f, 0x76, 0x65, 0x73]
        doc: The string `Moves`.
      is_ends_marker:
        value: body == [0x45, 0x6e, 0x64, 0x73]
        doc: The string `Ends`.
      is_comments_end_marker:
        value: body == [0x43, 0x6f, 0x6d, 0x6d, 0x65, 0x6e, 0x74, 0x73, 0x45, 0x6e, 0x64]
        doc: The string `CommentsEnd`.
