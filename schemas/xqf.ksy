meta:
  id: xqf
  title: XQF, the game record of XQStudio (象棋演播室), versions 10 to 18
  file-extension: xqf
  endian: le
  license: MIT
doc: |
  An XQF file is a 1024-byte header (docs/spec/xqf.md §2) followed by the move
  tree (docs/spec/xqf.md §4). From version 11 the header carries keys
  (docs/spec/xqf.md §3): the instances below derive every key from them, and the
  piece squares come out decoded. The bytes from offset 1024 on are stored
  minus a 32-byte key stream (docs/spec/xqf.md §3.3); the reader subtracts the
  stream (plain arithmetic over the file) and then reads the plain tree with
  the type `move_tree`, one `move_record` after another.
  The strings are Delphi short strings of GBK bytes (docs/spec/xqf.md §2.2).
seq:
  - id: header
    type: header
    size: 1024
  - id: body
    size-eos: true
    doc: The move tree as stored (still minus the key stream for version 11 and later).
types:
  header:
    seq:
      - id: signature
        contents: XQ
      - id: version
        type: u1
        doc: 10 is XQF 1.0 (no keys); XQStudio 1.63 writes 18 (docs/spec/xqf.md §2.3).
      - id: key_mask
        type: u1
      - id: product_id
        type: u4
      - id: key_or
        type: u1
        repeat: expr
        repeat-expr: 4
      - id: keys_sum
        type: u1
      - id: key_xy
        type: u1
      - id: key_xyf
        type: u1
      - id: key_xyt
        type: u1
      - id: piece_bytes
        type: u1
        repeat: expr
        repeat-expr: 32
        doc: Slots R N B A K A B N R C C P P P P P of Red, then of Black, as stored (docs/spec/xqf.md §3.4).
      - id: play_step_no
        type: u2
      - id: who_play
        type: u1
        doc: 0 Red to move, 1 Black (docs/spec/xqf.md §2.4).
      - id: play_result
        type: u1
        doc: 0 unknown, 1 Red wins, 2 Black wins, 3 draw.
      - id: play_nodes
        type: u4
      - id: p_tree_pos
        type: u4
      - id: reserved1
        size: 4
      - id: game_type
        type: u2
        doc: 0 full game (全局), 1 opening (布局), 2 middle game (中局), 3 ending (残局).
      - id: codes
        size: 14
      - id: title_a
        type: short_string(63)
      - id: title_b
        type: short_string(63)
      - id: match_name
        type: short_string(63)
      - id: match_time
        type: short_string(15)
      - id: match_addr
        type: short_string(15)
      - id: red_player
        type: short_string(15)
      - id: black_player
        type: short_string(15)
      - id: time_rule
        type: short_string(63)
      - id: red_time
        type: short_string(15)
      - id: black_time
        type: short_string(15)
      - id: reserved_h
        type: short_string(31)
      - id: commentator
        type: short_string(15)
      - id: author
        type: short_string(15)
    instances:
      encrypted:
        value: version > 10
        doc: Versions up to 10 have no keys (docs/spec/xqf.md §3.1).
      keys_checksum:
        value: (keys_sum + key_xy + key_xyf + key_xyt) % 256
        doc: XQStudio refuses a file unless this is 0 (docs/spec/xqf.md §3.1).
      square_key:
        value: 'encrypted ? ((key_xy * key_xy * 54 + 221) * key_xy) % 256 : 0'
        doc: Subtracted from every piece square; the rotation of the slots (docs/spec/xqf.md §3.2).
      from_key:
        value: 'encrypted ? ((key_xyf * key_xyf * 54 + 221) * square_key) % 256 : 0'
        doc: Added to a move's from-square byte (docs/spec/xqf.md §3.2).
      to_key:
        value: 'encrypted ? ((key_xyt * key_xyt * 54 + 221) * from_key) % 256 : 0'
        doc: Added to a move's to-square byte (docs/spec/xqf.md §3.2).
      comment_key:
        value: 'encrypted ? (keys_sum * 256 + key_xy) % 32000 + 767 : 0'
        doc: Added to a comment's length (docs/spec/xqf.md §3.2).
      stream_bytes:
        value: '[(keys_sum & key_mask) | key_or[0], (key_xy & key_mask) | key_or[1], (key_xyf & key_mask) | key_or[2], (key_xyt & key_mask) | key_or[3]]'
        doc: The four bytes the key stream is made of (docs/spec/xqf.md §3.3), for every version.
      rotated:
        value: version >= 12
        doc: Version 12 and later store the slots rotated; version 11 does not (docs/spec/xqf.md §3.4).
      pieces:
        type: piece_slot(_index)
        repeat: expr
        repeat-expr: 32
        size: 0
        doc: The decoded square of each slot, in slot order.
  short_string:
    doc: A Delphi short string of at most `capacity` bytes, zero padded (docs/spec/xqf.md §2.2).
    params:
      - id: capacity
        type: u1
    seq:
      - id: length
        type: u1
        doc: More than `capacity` in a few real files (docs/spec/xqf.md §2.2).
      - id: text
        size: 'length < capacity ? length : capacity'
      - id: padding
        size: 'capacity - (length < capacity ? length : capacity)'
  piece_slot:
    params:
      - id: slot
        type: u1
    instances:
      stored:
        value: '_parent.rotated ? _parent.piece_bytes[(slot + 31 - _parent.square_key) % 32] : _parent.piece_bytes[slot]'
        doc: The stored byte of this slot (slot i is stored at (i − 1 − square key) mod 32 from version 12).
      square:
        value: (stored - _parent.square_key + 256) % 256
        doc: x·10 + y (file x from Red's left, rank y from Red's side); more than 89 is off the board.
      on_board:
        value: square <= 89
  move_tree:
    doc: |
      The plain move tree: records in preorder (a node, its next move, then its
      next alternative), docs/spec/xqf.md §4.1. The first record is the root (the
      start position). It ends when no record announces another.
    params:
      - id: version
        type: u1
      - id: comment_key
        type: u4
    seq:
      - id: records
        type: 'move_record(version, comment_key, _index == 0 ? 1 : records[_index - 1].pending_after)'
        repeat: until
        repeat-until: _.pending_after == 0
  move_record:
    doc: One node of the tree (docs/spec/xqf.md §4.2).
    params:
      - id: version
        type: u1
      - id: comment_key
        type: u4
      - id: pending
        type: u4
        doc: Records still announced before this one (this one included).
    seq:
      - id: from_byte
        type: u1
      - id: to_byte
        type: u1
      - id: flags
        type: u1
      - id: reserved
        type: u1
      - id: stored_length
        type: u4
        if: version <= 10 or has_comment_flag
        doc: Up to version 10 always present; later only with flag 0x20, and plus the comment key.
      - id: comment
        size: comment_length
        if: comment_length > 0
        doc: GBK text, CRLF line breaks (docs/spec/xqf.md §4.3).
    instances:
      has_comment_flag:
        value: version > 10 and flags & 0x20 != 0
      has_next:
        value: 'version <= 10 ? flags & 0xf0 != 0 : flags & 0x80 != 0'
      has_sibling:
        value: 'version <= 10 ? flags & 0x0f != 0 : flags & 0x40 != 0'
      comment_length:
        value: 'version <= 10 ? stored_length : (has_comment_flag ? stored_length - comment_key : 0)'
      pending_after:
        value: 'pending - 1 + (has_next ? 1 : 0) + (has_sibling ? 1 : 0)'
