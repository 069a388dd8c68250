meta:
  id: cbr
  title: CBR, the binary game record of 象棋桥 (CCBridge)
  file-extension: cbr
  endian: le
doc: |
  One game: a 2,214-byte header (fixed text fields, codes, the start
  position), then the game's comment and the move records.  The normative
  text is docs/spec/cbr.md; each field names its clause.

  Text fields are UTF-16LE, ended by the first NUL code unit (two zero
  bytes at an even offset from the field's start) or by the field's end;
  the bytes after the NUL are left over from the writer's memory and mean
  nothing (docs/spec/cbr.md §2.3).  The fields are kept as bytes here and
  decoded by xqformats.cbr.text, because Kaitai Struct's `terminator`
  looks for one zero byte, not a zero code unit.

  The move records follow `intro` one after another (type `move_record`);
  where the tree ends depends on the flags of all records before it (a
  count of pending alternatives), which a layout cannot state, so the
  reader walks them (docs/spec/cbr.md §4.2).
doc-ref: docs/spec/cbr.md
seq:
  - id: magic
    contents: ["CCBridge Record", 0]
    doc: docs/spec/cbr.md §2.1
  - id: reserved1
    size: 3
  - id: kind
    type: u1
    doc: 2 for every known record (docs/spec/cbr.md §2.1).
  - id: reserved2
    size: 32
  - id: script
    size: 128
    doc: 脚本文件, text (docs/spec/cbr.md §3.1).
  - id: title
    size: 128
  - id: category
    size: 256
    doc: 归类路径
  - id: source
    size: 64
    doc: 来源
  - id: contest_type
    size: 64
    doc: 赛事分类
  - id: contest
    size: 64
    doc: 赛事
  - id: round
    size: 64
  - id: group
    size: 32
  - id: table
    size: 32
  - id: date
    size: 64
  - id: site
    size: 64
  - id: time_rule
    size: 64
  - id: red
    size: 64
  - id: red_team
    size: 64
  - id: red_time
    size: 64
  - id: red_rating
    size: 32
  - id: black
    size: 64
  - id: black_team
    size: 64
  - id: black_time
    size: 64
  - id: black_rating
    size: 32
  - id: referee
    size: 64
  - id: recorder
    size: 64
  - id: commentator
    size: 64
  - id: commentator_email
    size: 64
  - id: creator
    size: 64
  - id: creator_email
    size: 64
  - id: date_created
    size: 40
  - id: reserved3
    size: 24
  - id: date_modified
    size: 40
  - id: reserved4
    size: 24
  - id: ecco
    size: 4
    doc: |
      An ECCO opening code in ASCII and a NUL (`C32`, 00), or zeros
      (docs/spec/cbr.md §3.5).
  - id: game_type
    type: u1
    doc: 0 实战全局, 1 摆谱全局, 2 实战中残局, 3 摆谱中残局 (docs/spec/cbr.md §3.2).
  - id: reserved5
    size: 3
  - id: nature
    size: 32
    doc: 棋局性质, text
  - id: result
    type: u1
    doc: 0 unknown, 1 Red wins, 2 Black wins, 3 draw, 4 several results (docs/spec/cbr.md §3.3).
  - id: reserved6
    size: 3
  - id: ending
    size: 32
    doc: 结束方式, text
  - id: side_to_move
    type: u1
    doc: 1 Red, 2 Black (docs/spec/cbr.md §3.4).
  - id: reserved7
    size: 3
  - id: move_number
    type: u2
  - id: reserved8
    size: 2
  - id: board
    size: 90
    doc: |
      The start position, point by point from Black's back rank (a9 … i9)
      to Red's (a0 … i0); 0 empty, 0x11–0x17 Red and 0x21–0x27 Black rook,
      horse, elephant, advisor, king, cannon, pawn (docs/spec/cbr.md §3.4).
  - id: state
    type: u4
    doc: FF FF FF FF in every known file; meaning unknown.
  - id: intro
    type: intro
types:
  intro:
    doc: The first record, holding no move; its comment is the game's (docs/spec/cbr.md §4.1).
    seq:
      - id: flags
        type: u1
      - id: reserved
        size: 3
      - id: comment
        type: comment
        if: has_comment
    instances:
      is_end:
        value: (flags & 1) != 0
        doc: No move follows.
      has_comment:
        value: (flags & 4) != 0
  move_record:
    doc: One move of the tree, in preorder (docs/spec/cbr.md §4.2).
    seq:
      - id: flags
        type: u1
      - id: reserved
        type: u1
      - id: from_point
        type: u1
        doc: 0–89, in the order of `board`.
      - id: to_point
        type: u1
      - id: comment
        type: comment
        if: has_comment
    instances:
      is_end:
        value: (flags & 1) != 0
        doc: The line ends with this move.
      has_alternative:
        value: (flags & 2) != 0
        doc: An alternative to this move follows its own subtree.
      has_comment:
        value: (flags & 4) != 0
  comment:
    doc: A comment, UTF-16LE; the length counts bytes, a final NUL included when written (docs/spec/cbr.md §2.4).
    seq:
      - id: length
        type: u4
      - id: text
        size: length
