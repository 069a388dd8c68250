meta:
  id: ccm
  title: CCM, the binary game record of 中国游戏中心 (China Game Center)
  file-extension: ccm
doc: |
  One game from the initial position: a one-byte header, then one
  seven-byte record per move.  The normative text is docs/spec/ccm.md; each
  field names its clause.

  The records fill the file to its end; bytes past the last whole record
  (fewer than seven) are `rest`, which a reader reports as a record cut
  short (docs/spec/ccm.md §2.2).  Which way the coordinates run depends on
  the first move (docs/spec/ccm.md §3.2), which a layout cannot state: the
  reader turns them into points.
doc-ref: docs/spec/ccm.md
seq:
  - id: header
    type: u1
    doc: 1 in every known file (docs/spec/ccm.md §2.1).
  - id: moves
    type: move_record
    repeat: expr
    repeat-expr: (_io.size - 1) / 7
  - id: rest
    size-eos: true
    doc: Fewer than seven bytes after the last whole record (docs/spec/ccm.md §2.2).
types:
  move_record:
    doc: One move (docs/spec/ccm.md §3.1).
    seq:
      - id: reserved1
        size: 2
        doc: Meaning unknown; not read.
      - id: from_x
        type: u1
        doc: The from-point's column, 0–8.
      - id: to_x
        type: u1
      - id: from_y
        type: u1
        doc: The from-point's row, 0–9.
      - id: to_y
        type: u1
      - id: reserved2
        size: 1
        doc: Meaning unknown; not read.
    instances:
      on_board:
        value: from_x <= 8 and to_x <= 8 and from_y <= 9 and to_y <= 9
        doc: Both points are on the board.
