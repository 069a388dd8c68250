meta:
  id: xqr
  title: XQR (XiangQi Replay), the open binary record proposal
  file-extension: xqr
  endian: le
doc: |
  One game: type-length-value items (the header), the item `move` whose
  length byte is 0, the move tree, and the item `crc`.  The normative text
  is docs/spec/xqr.md; each part names its clause.

  The header items come first, up to and with the item `move`
  (docs/spec/xqr.md §2).  The tree's nodes follow it, in preorder, each of
  type `node` (docs/spec/xqr.md §3); where the tree ends depends on the
  flags of all nodes before it (a count of the nodes announced and not yet
  read), which a layout cannot state, so the reader walks them, then reads
  the last item (`tlv`, its value read as `crc_value`, docs/spec/xqr.md
  §4).  An item whose length runs past the end of the data holds the bytes
  there are, so that a file cut short parses as far as it goes.
doc-ref: docs/spec/xqr.md
seq:
  - id: items
    type: tlv
    repeat: until
    repeat-until: _.is_move or _io.eof
    if: not _io.eof
    doc: The header items, then the item `move` (docs/spec/xqr.md §2).
types:
  tlv:
    doc: One item; the value is absent for `move`, whose length byte is 0 (docs/spec/xqr.md §2.1, §2.3).
    seq:
      - id: kind
        type: u1
      - id: length
        type: u1
        if: not _io.eof
      - id: value
        size: '_io.eof ? 0 : (length <= _io.size - _io.pos ? length : _io.size - _io.pos)'
        if: not is_move
        doc: The value's bytes; fewer than `length` when the data ends first.
    instances:
      is_move:
        value: kind == tlv_type::move.to_i
        doc: The item that ends the header; the move tree follows its length byte.
  node:
    doc: One node of the move tree, in preorder (docs/spec/xqr.md §3.1, §3.2).
    seq:
      - id: from_point
        type: u1
        doc: Row in the high four bits (0–9, from Black's side), column in the low four (0–8, from the left).
      - id: to_point
        type: u1
      - id: flags
        type: u1
      - id: reserved
        type: u1
        doc: 0 (docs/spec/xqr.md §3.1).
      - id: comment
        type: comment
        if: has_comment
    instances:
      has_child:
        value: (flags & 1) != 0
        doc: The node's first child follows it.
      has_sibling:
        value: (flags & 2) != 0
        doc: The node's next sibling follows its subtree.
      has_comment:
        value: (flags & 4) != 0
        doc: A comment follows the node's four bytes.
      from_row:
        value: from_point >> 4
      from_col:
        value: from_point & 15
      to_row:
        value: to_point >> 4
      to_col:
        value: to_point & 15
  comment:
    doc: A comment, UTF-8; the length counts bytes (docs/spec/xqr.md §3.3).
    seq:
      - id: length
        type: u4
      - id: text
        size: 'length <= _io.size - _io.pos ? length : _io.size - _io.pos'
        doc: Fewer than `length` bytes when the data ends first.
    instances:
      is_cut:
        value: text.size < length
  crc_value:
    doc: The value of the item `crc`, the CRC-32 of the bytes before the item (docs/spec/xqr.md §4.1).
    seq:
      - id: crc
        type: u4
enums:
  tlv_type:
    0: magic
    1: version
    2: event
    3: site
    4: date
    5: red
    6: black
    7: result
    8: fen
    9: move
    10: crc
