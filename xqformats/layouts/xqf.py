# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Xqf(KaitaiStruct):
    """An XQF file is a 1024-byte header (docs/spec/xqf.md §2) followed by the move
    tree (docs/spec/xqf.md §4). From version 11 the header carries keys
    (docs/spec/xqf.md §3): the instances below derive every key from them, and the
    piece squares come out decoded. The bytes from offset 1024 on are stored
    minus a 32-byte key stream (docs/spec/xqf.md §3.3); the reader subtracts the
    stream (plain arithmetic over the file) and then reads the plain tree with
    the type `move_tree`, one `move_record` after another.
    The strings are Delphi short strings of GBK bytes (docs/spec/xqf.md §2.2).
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(Xqf, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self._raw_header = self._io.read_bytes(1024)
        _io__raw_header = KaitaiStream(BytesIO(self._raw_header))
        self.header = Xqf.Header(_io__raw_header, self, self._root)
        self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        self.header._fetch_instances()

    class Header(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(Xqf.Header, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.signature = self._io.read_bytes(2)
            if not self.signature == b"\x58\x51":
                raise kaitaistruct.ValidationNotEqualError(b"\x58\x51", self.signature, self._io, u"/types/header/seq/0")
            self.version = self._io.read_u1()
            self.key_mask = self._io.read_u1()
            self.product_id = self._io.read_u4le()
            self.key_or = []
            for i in range(4):
                self.key_or.append(self._io.read_u1())

            self.keys_sum = self._io.read_u1()
            self.key_xy = self._io.read_u1()
            self.key_xyf = self._io.read_u1()
            self.key_xyt = self._io.read_u1()
            self.piece_bytes = []
            for i in range(32):
                self.piece_bytes.append(self._io.read_u1())

            self.play_step_no = self._io.read_u2le()
            self.who_play = self._io.read_u1()
            self.play_result = self._io.read_u1()
            self.play_nodes = self._io.read_u4le()
            self.p_tree_pos = self._io.read_u4le()
            self.reserved1 = self._io.read_bytes(4)
            self.game_type = self._io.read_u2le()
            self.codes = self._io.read_bytes(14)
            self.title_a = Xqf.ShortString(63, self._io, self, self._root)
            self.title_b = Xqf.ShortString(63, self._io, self, self._root)
            self.match_name = Xqf.ShortString(63, self._io, self, self._root)
            self.match_time = Xqf.ShortString(15, self._io, self, self._root)
            self.match_addr = Xqf.ShortString(15, self._io, self, self._root)
            self.red_player = Xqf.ShortString(15, self._io, self, self._root)
            self.black_player = Xqf.ShortString(15, self._io, self, self._root)
            self.time_rule = Xqf.ShortString(63, self._io, self, self._root)
            self.red_time = Xqf.ShortString(15, self._io, self, self._root)
            self.black_time = Xqf.ShortString(15, self._io, self, self._root)
            self.reserved_h = Xqf.ShortString(31, self._io, self, self._root)
            self.commentator = Xqf.ShortString(15, self._io, self, self._root)
            self.author = Xqf.ShortString(15, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            for i in range(len(self.key_or)):
                pass

            for i in range(len(self.piece_bytes)):
                pass

            self.title_a._fetch_instances()
            self.title_b._fetch_instances()
            self.match_name._fetch_instances()
            self.match_time._fetch_instances()
            self.match_addr._fetch_instances()
            self.red_player._fetch_instances()
            self.black_player._fetch_instances()
            self.time_rule._fetch_instances()
            self.red_time._fetch_instances()
            self.black_time._fetch_instances()
            self.reserved_h._fetch_instances()
            self.commentator._fetch_instances()
            self.author._fetch_instances()
            _ = self.pieces
            if hasattr(self, '_m_pieces'):
                pass
                for i in range(len(self._m_pieces)):
                    pass
                    self._m_pieces[i]._fetch_instances()



        @property
        def comment_key(self):
            """Added to a comment's length (docs/spec/xqf.md §3.2)."""
            if hasattr(self, '_m_comment_key'):
                return self._m_comment_key

            self._m_comment_key = ((self.keys_sum * 256 + self.key_xy) % 32000 + 767 if self.encrypted else 0)
            return getattr(self, '_m_comment_key', None)

        @property
        def encrypted(self):
            """Versions up to 10 have no keys (docs/spec/xqf.md §3.1)."""
            if hasattr(self, '_m_encrypted'):
                return self._m_encrypted

            self._m_encrypted = self.version > 10
            return getattr(self, '_m_encrypted', None)

        @property
        def from_key(self):
            """Added to a move's from-square byte (docs/spec/xqf.md §3.2)."""
            if hasattr(self, '_m_from_key'):
                return self._m_from_key

            self._m_from_key = ((((self.key_xyf * self.key_xyf) * 54 + 221) * self.square_key) % 256 if self.encrypted else 0)
            return getattr(self, '_m_from_key', None)

        @property
        def keys_checksum(self):
            """XQStudio refuses a file unless this is 0 (docs/spec/xqf.md §3.1)."""
            if hasattr(self, '_m_keys_checksum'):
                return self._m_keys_checksum

            self._m_keys_checksum = (((self.keys_sum + self.key_xy) + self.key_xyf) + self.key_xyt) % 256
            return getattr(self, '_m_keys_checksum', None)

        @property
        def pieces(self):
            """The decoded square of each slot, in slot order."""
            if hasattr(self, '_m_pieces'):
                return self._m_pieces

            self._raw__m_pieces = []
            self._m_pieces = []
            for i in range(32):
                self._raw__m_pieces.append(self._io.read_bytes(0))
                _io__raw__m_pieces = KaitaiStream(BytesIO(self._raw__m_pieces[i]))
                self._m_pieces.append(Xqf.PieceSlot(i, _io__raw__m_pieces, self, self._root))

            return getattr(self, '_m_pieces', None)

        @property
        def rotated(self):
            """Version 12 and later store the slots rotated; version 11 does not (docs/spec/xqf.md §3.4)."""
            if hasattr(self, '_m_rotated'):
                return self._m_rotated

            self._m_rotated = self.version >= 12
            return getattr(self, '_m_rotated', None)

        @property
        def square_key(self):
            """Subtracted from every piece square; the rotation of the slots (docs/spec/xqf.md §3.2)."""
            if hasattr(self, '_m_square_key'):
                return self._m_square_key

            self._m_square_key = ((((self.key_xy * self.key_xy) * 54 + 221) * self.key_xy) % 256 if self.encrypted else 0)
            return getattr(self, '_m_square_key', None)

        @property
        def stream_bytes(self):
            """The four bytes the key stream is made of (docs/spec/xqf.md §3.3), for every version."""
            if hasattr(self, '_m_stream_bytes'):
                return self._m_stream_bytes

            self._m_stream_bytes = [self.keys_sum & self.key_mask | self.key_or[0], self.key_xy & self.key_mask | self.key_or[1], self.key_xyf & self.key_mask | self.key_or[2], self.key_xyt & self.key_mask | self.key_or[3]]
            return getattr(self, '_m_stream_bytes', None)

        @property
        def to_key(self):
            """Added to a move's to-square byte (docs/spec/xqf.md §3.2)."""
            if hasattr(self, '_m_to_key'):
                return self._m_to_key

            self._m_to_key = ((((self.key_xyt * self.key_xyt) * 54 + 221) * self.from_key) % 256 if self.encrypted else 0)
            return getattr(self, '_m_to_key', None)


    class MoveRecord(KaitaiStruct):
        """One node of the tree (docs/spec/xqf.md §4.2)."""
        def __init__(self, version, comment_key, pending, _io, _parent=None, _root=None):
            super(Xqf.MoveRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self.comment_key = comment_key
            self.pending = pending
            self._read()

        def _read(self):
            self.from_byte = self._io.read_u1()
            self.to_byte = self._io.read_u1()
            self.flags = self._io.read_u1()
            self.reserved = self._io.read_u1()
            if  ((self.version <= 10) or (self.has_comment_flag)) :
                pass
                self.stored_length = self._io.read_u4le()

            if self.comment_length > 0:
                pass
                self.comment = self._io.read_bytes(self.comment_length)



        def _fetch_instances(self):
            pass
            if  ((self.version <= 10) or (self.has_comment_flag)) :
                pass

            if self.comment_length > 0:
                pass


        @property
        def comment_length(self):
            if hasattr(self, '_m_comment_length'):
                return self._m_comment_length

            self._m_comment_length = (self.stored_length if self.version <= 10 else (self.stored_length - self.comment_key if self.has_comment_flag else 0))
            return getattr(self, '_m_comment_length', None)

        @property
        def has_comment_flag(self):
            if hasattr(self, '_m_has_comment_flag'):
                return self._m_has_comment_flag

            self._m_has_comment_flag =  ((self.version > 10) and (self.flags & 32 != 0)) 
            return getattr(self, '_m_has_comment_flag', None)

        @property
        def has_next(self):
            if hasattr(self, '_m_has_next'):
                return self._m_has_next

            self._m_has_next = (self.flags & 240 != 0 if self.version <= 10 else self.flags & 128 != 0)
            return getattr(self, '_m_has_next', None)

        @property
        def has_sibling(self):
            if hasattr(self, '_m_has_sibling'):
                return self._m_has_sibling

            self._m_has_sibling = (self.flags & 15 != 0 if self.version <= 10 else self.flags & 64 != 0)
            return getattr(self, '_m_has_sibling', None)

        @property
        def pending_after(self):
            if hasattr(self, '_m_pending_after'):
                return self._m_pending_after

            self._m_pending_after = ((self.pending - 1) + (1 if self.has_next else 0)) + (1 if self.has_sibling else 0)
            return getattr(self, '_m_pending_after', None)


    class MoveTree(KaitaiStruct):
        """The plain move tree: records in preorder (a node, its next move, then its
        next alternative), docs/spec/xqf.md §4.1. The first record is the root (the
        start position). It ends when no record announces another.
        """
        def __init__(self, version, comment_key, _io, _parent=None, _root=None):
            super(Xqf.MoveTree, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self.comment_key = comment_key
            self._read()

        def _read(self):
            self.records = []
            i = 0
            while True:
                _ = Xqf.MoveRecord(self.version, self.comment_key, (1 if i == 0 else self.records[i - 1].pending_after), self._io, self, self._root)
                self.records.append(_)
                if _.pending_after == 0:
                    break
                i += 1


        def _fetch_instances(self):
            pass
            for i in range(len(self.records)):
                pass
                self.records[i]._fetch_instances()



    class PieceSlot(KaitaiStruct):
        def __init__(self, slot, _io, _parent=None, _root=None):
            super(Xqf.PieceSlot, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.slot = slot
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass

        @property
        def on_board(self):
            if hasattr(self, '_m_on_board'):
                return self._m_on_board

            self._m_on_board = self.square <= 89
            return getattr(self, '_m_on_board', None)

        @property
        def square(self):
            """x·10 + y (file x from Red's left, rank y from Red's side); more than 89 is off the board."""
            if hasattr(self, '_m_square'):
                return self._m_square

            self._m_square = ((self.stored - self._parent.square_key) + 256) % 256
            return getattr(self, '_m_square', None)

        @property
        def stored(self):
            """The stored byte of this slot (slot i is stored at (i − 1 − square key) mod 32 from version 12)."""
            if hasattr(self, '_m_stored'):
                return self._m_stored

            self._m_stored = (self._parent.piece_bytes[((self.slot + 31) - self._parent.square_key) % 32] if self._parent.rotated else self._parent.piece_bytes[self.slot])
            return getattr(self, '_m_stored', None)


    class ShortString(KaitaiStruct):
        """A Delphi short string of at most `capacity` bytes, zero padded (docs/spec/xqf.md §2.2)."""
        def __init__(self, capacity, _io, _parent=None, _root=None):
            super(Xqf.ShortString, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.capacity = capacity
            self._read()

        def _read(self):
            self.length = self._io.read_u1()
            self.text = self._io.read_bytes((self.length if self.length < self.capacity else self.capacity))
            self.padding = self._io.read_bytes(self.capacity - (self.length if self.length < self.capacity else self.capacity))


        def _fetch_instances(self):
            pass



