# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Xqr(KaitaiStruct):
    """One game: type-length-value items (the header), the item `move` whose
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
    
    .. seealso::
       docs/spec/xqr.md
    """

    class TlvType(IntEnum):
        magic = 0
        version = 1
        event = 2
        site = 3
        date = 4
        red = 5
        black = 6
        result = 7
        fen = 8
        move = 9
        crc = 10
    def __init__(self, _io, _parent=None, _root=None):
        super(Xqr, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        if (not (self._io.is_eof())):
            pass
            self.items = []
            i = 0
            while True:
                _ = Xqr.Tlv(self._io, self, self._root)
                self.items.append(_)
                if  ((_.is_move) or (self._io.is_eof())) :
                    break
                i += 1



    def _fetch_instances(self):
        pass
        if (not (self._io.is_eof())):
            pass
            for i in range(len(self.items)):
                pass
                self.items[i]._fetch_instances()



    class Comment(KaitaiStruct):
        """A comment, UTF-8; the length counts bytes (docs/spec/xqr.md §3.3)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Xqr.Comment, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.length = self._io.read_u4le()
            self.text = self._io.read_bytes((self.length if self.length <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))


        def _fetch_instances(self):
            pass

        @property
        def is_cut(self):
            if hasattr(self, '_m_is_cut'):
                return self._m_is_cut

            self._m_is_cut = len(self.text) < self.length
            return getattr(self, '_m_is_cut', None)


    class CrcValue(KaitaiStruct):
        """The value of the item `crc`, the CRC-32 of the bytes before the item (docs/spec/xqr.md §4.1)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Xqr.CrcValue, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.crc = self._io.read_u4le()


        def _fetch_instances(self):
            pass


    class Node(KaitaiStruct):
        """One node of the move tree, in preorder (docs/spec/xqr.md §3.1, §3.2)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Xqr.Node, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.from_point = self._io.read_u1()
            self.to_point = self._io.read_u1()
            self.flags = self._io.read_u1()
            self.reserved = self._io.read_u1()
            if self.has_comment:
                pass
                self.comment = Xqr.Comment(self._io, self, self._root)



        def _fetch_instances(self):
            pass
            if self.has_comment:
                pass
                self.comment._fetch_instances()


        @property
        def from_col(self):
            if hasattr(self, '_m_from_col'):
                return self._m_from_col

            self._m_from_col = self.from_point & 15
            return getattr(self, '_m_from_col', None)

        @property
        def from_row(self):
            if hasattr(self, '_m_from_row'):
                return self._m_from_row

            self._m_from_row = self.from_point >> 4
            return getattr(self, '_m_from_row', None)

        @property
        def has_child(self):
            """The node's first child follows it."""
            if hasattr(self, '_m_has_child'):
                return self._m_has_child

            self._m_has_child = self.flags & 1 != 0
            return getattr(self, '_m_has_child', None)

        @property
        def has_comment(self):
            """A comment follows the node's four bytes."""
            if hasattr(self, '_m_has_comment'):
                return self._m_has_comment

            self._m_has_comment = self.flags & 4 != 0
            return getattr(self, '_m_has_comment', None)

        @property
        def has_sibling(self):
            """The node's next sibling follows its subtree."""
            if hasattr(self, '_m_has_sibling'):
                return self._m_has_sibling

            self._m_has_sibling = self.flags & 2 != 0
            return getattr(self, '_m_has_sibling', None)

        @property
        def to_col(self):
            if hasattr(self, '_m_to_col'):
                return self._m_to_col

            self._m_to_col = self.to_point & 15
            return getattr(self, '_m_to_col', None)

        @property
        def to_row(self):
            if hasattr(self, '_m_to_row'):
                return self._m_to_row

            self._m_to_row = self.to_point >> 4
            return getattr(self, '_m_to_row', None)


    class Tlv(KaitaiStruct):
        """One item; the value is absent for `move`, whose length byte is 0 (docs/spec/xqr.md §2.1, §2.3)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Xqr.Tlv, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.kind = self._io.read_u1()
            if (not (self._io.is_eof())):
                pass
                self.length = self._io.read_u1()

            if (not (self.is_move)):
                pass
                self.value = self._io.read_bytes((0 if self._io.is_eof() else (self.length if self.length <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos())))



        def _fetch_instances(self):
            pass
            if (not (self._io.is_eof())):
                pass

            if (not (self.is_move)):
                pass


        @property
        def is_move(self):
            """The item that ends the header; the move tree follows its length byte."""
            if hasattr(self, '_m_is_move'):
                return self._m_is_move

            self._m_is_move = self.kind == int(Xqr.TlvType.move)
            return getattr(self, '_m_is_move', None)



