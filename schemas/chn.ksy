meta:
  id: chn
  title: CHN, the binary game record of the 联众 (Lianzhong) game rooms
  file-extension: chn
  endian: le
doc: |
  One game from the initial position: a 188-byte header, then one 32-byte
  record per move.  The normative text is docs/spec/chn.md; each field
  names its clause.

  The records fill the file to its end; bytes past the last whole record
  are `rest`, which a reader reports as a record cut short
  (docs/spec/chn.md §2.2).  The coordinates mean what CCM's do, and which
  way they run depends on the first move (docs/spec/ccm.md §3.2), which a
  layout cannot state.
doc-ref: docs/spec/chn.md
seq:
  - id: header
    size: 188
    doc: Meaning not known; not read (docs/spec/chn.md §2.1).
  - id: moves
    type: move_record
    repeat: expr
    repeat-expr: (_io.size - 188) / 32
  - id: rest
    size-eos: true
    doc: Fewer than 32 bytes after the last whole record (docs/spec/chn.md §2.2).
types:
  move_record:
    doc: One move, sixteen u2 words (docs/spec/chn.md §3.1).
    seq:
      - id: reserved1
        size: 4
        doc: Two words, meaning unknown; not read.
      - id: from_x
        type: u2
        doc: The from-point's column, 0–8.
      - id: from_y
        type: u2
        doc: The from-point's row, 0–9.
      - id: to_x
        type: u2
      - id: to_y
        type: u2
      - id: reserved2
        size: 20
        doc: Ten words, meaning unknown; not read.
    instances:
      on_board:
        value: from_x <= 8 and to_x <= 8 and from_y <= 9 and to_y <= 9
        doc: Both points are on the board.
