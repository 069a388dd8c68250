# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Chn(KaitaiStruct):
    """One game from the initial position: a 188-byte header, then one 32-byte
    record per move.  The normative text is docs/spec/chn.md; each field
    names its clause.
    
    The records fill the file to its end; bytes past the last whole record
    are `rest`, which a reader reports as a record cut short
    (docs/spec/chn.md §2.2).  The coordinates mean what CCM's do, and which
    way they run depends on the first move (docs/spec/ccm.md §3.2), which a
    layout cannot state.
    
    .. seealso::
       docs/spec/chn.md
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(Chn, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.header = self._io.read_bytes(188)
        self.moves = []
        for i in range((self._io.size() - 188) // 32):
            self.moves.append(Chn.MoveRecord(self._io, self, self._root))

        self.rest = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        for i in range(len(self.moves)):
            pass
            self.moves[i]._fetch_instances()


    class MoveRecord(KaitaiStruct):
        """One move, sixteen u2 words (docs/spec/chn.md §3.1)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Chn.MoveRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.reserved1 = self._io.read_bytes(4)
            self.from_x = self._io.read_u2le()
            self.from_y = self._io.read_u2le()
            self.to_x = self._io.read_u2le()
            self.to_y = self._io.read_u2le()
            self.reserved2 = self._io.read_bytes(20)


        def _fetch_instances(self):
            pass

        @property
        def on_board(self):
            """Both points are on the board."""
            if hasattr(self, '_m_on_board'):
                return self._m_on_board

            self._m_on_board =  ((self.from_x <= 8) and (self.to_x <= 8) and (self.from_y <= 9) and (self.to_y <= 9)) 
            return getattr(self, '_m_on_board', None)



