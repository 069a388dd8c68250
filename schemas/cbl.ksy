meta:
  id: cbl
  title: CBL, the game library of 象棋桥 (CCBridge)
  file-extension: cbl
  endian: le
doc: |
  A library of CBR records: a header with the library's own text fields,
  an index of `slot_count` entries of 276 bytes, then the records on
  4,096-byte slots from `records_start`.  The normative text is
  docs/spec/cbr.md §5.

  Each used entry owns `slots` consecutive slots, in index order: the first
  entry's record starts at `records_start`, the next one's after the slots
  of the one before.  That running sum is not a layout, so the reader
  computes it (docs/spec/cbr.md §5.3) and reads each record with the CBR
  layout (cbr.ksy) on its `length` bytes.  Text fields are UTF-16LE as in a
  CBR (docs/spec/cbr.md §2.3).
doc-ref: docs/spec/cbr.md
seq:
  - id: magic
    contents: ["CCBridgeLibrary", 0]
    doc: docs/spec/cbr.md §5.1
  - id: reserved1
    size: 36
  - id: reserved2
    type: u4
    doc: FF FF FF 7F in most files; meaning unknown.
  - id: has_deleted
    type: u1
    doc: 1 when some entry is deleted (docs/spec/cbr.md §5.2).
  - id: reserved3
    size: 3
  - id: slot_count
    type: u4
    doc: Entries in the index (a multiple of 128), not games.
  - id: name
    size: 512
  - id: source
    size: 256
  - id: creator
    size: 64
  - id: creator_email
    size: 64
  - id: date_created
    size: 64
  - id: date_modified
    size: 64
  - id: remarks
    size: 65536
  - id: entries
    type: entry
    repeat: expr
    repeat-expr: slot_count
instances:
  records_start:
    value: 66624 + slot_count * 276
types:
  entry:
    doc: One index entry (docs/spec/cbr.md §5.2).
    seq:
      - id: state
        type: u4
        doc: 0 unused, 7 a game, 5 a deleted game.
      - id: number
        type: u4
      - id: slots
        type: u4
        doc: The 4,096-byte slots the record occupies.
      - id: length
        type: u4
        doc: The record's length in bytes.
      - id: reserved1
        type: u4
      - id: guid
        size: 80
        doc: The record's GUID as UTF-16LE text.
      - id: title
        size: 128
      - id: reserved2
        size: 48
