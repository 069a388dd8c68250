# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Ccm(KaitaiStruct):
    """One game from the initial position: a one-byte header, then one
    seven-byte record per move.  The normative text is docs/spec/ccm.md; each
    field names its clause.
    
    The records fill the file to its end; bytes past the last whole record
    (fewer than seven) are `rest`, which a reader reports as a record cut
    short (docs/spec/ccm.md §2.2).  Which way the coordinates run depends on
    the first move (docs/spec/ccm.md §3.2), which a layout cannot state: the
    reader turns them into points.
    
    .. seealso::
       docs/spec/ccm.md
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(Ccm, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.header = self._io.read_u1()
        self.moves = []
        for i in range((self._io.size() - 1) // 7):
            self.moves.append(Ccm.MoveRecord(self._io, self, self._root))

        self.rest = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        for i in range(len(self.moves)):
            pass
            self.moves[i]._fetch_instances()


    class MoveRecord(KaitaiStruct):
        """One move (docs/spec/ccm.md §3.1)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Ccm.MoveRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.reserved1 = self._io.read_bytes(2)
            self.from_x = self._io.read_u1()
            self.to_x = self._io.read_u1()
            self.from_y = self._io.read_u1()
            self.to_y = self._io.read_u1()
            self.reserved2 = self._io.read_bytes(1)


        def _fetch_instances(self):
            pass

        @property
        def on_board(self):
            """Both points are on the board."""
            if hasattr(self, '_m_on_board'):
                return self._m_on_board

            self._m_on_board =  ((self.from_x <= 8) and (self.to_x <= 8) and (self.from_y <= 9) and (self.to_y <= 9)) 
            return getattr(self, '_m_on_board', None)



