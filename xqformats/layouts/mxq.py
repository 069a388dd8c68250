# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Mxq(KaitaiStruct):
    """One game: a run of length-prefixed strings in three sections, each ended
    by a marker string.  The normative text is docs/spec/mxq.md; each part
    names its clause.
    
    The header fields come first, up to the marker `Moves`; then the moves,
    one string each, up to the marker `Ends`; then the comment strings, up
    to the marker `CommentsEnd`.  Every string is a one-byte length and that
    many bytes of GBK text (docs/spec/mxq.md §2.1).  A section also ends
    where the data does, so that a file cut short parses as far as it goes:
    the reader tells a missing marker by the section's last string
    (docs/spec/mxq.md §2.2), and a string whose length runs past the end of
    the data holds the bytes there are (`is_cut`).
    
    .. seealso::
       docs/spec/mxq.md
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(Mxq, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        if (not (self._io.is_eof())):
            pass
            self.fields = []
            i = 0
            while True:
                _ = Mxq.Pstr(self._io, self, self._root)
                self.fields.append(_)
                if  ((_.is_moves_marker) or (self._io.is_eof())) :
                    break
                i += 1

        if (not (self._io.is_eof())):
            pass
            self.moves = []
            i = 0
            while True:
                _ = Mxq.Pstr(self._io, self, self._root)
                self.moves.append(_)
                if  ((_.is_ends_marker) or (self._io.is_eof())) :
                    break
                i += 1

        if (not (self._io.is_eof())):
            pass
            self.comments = []
            i = 0
            while True:
                _ = Mxq.Pstr(self._io, self, self._root)
                self.comments.append(_)
                if  ((_.is_comments_end_marker) or (self._io.is_eof())) :
                    break
                i += 1



    def _fetch_instances(self):
        pass
        if (not (self._io.is_eof())):
            pass
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()


        if (not (self._io.is_eof())):
            pass
            for i in range(len(self.moves)):
                pass
                self.moves[i]._fetch_instances()


        if (not (self._io.is_eof())):
            pass
            for i in range(len(self.comments)):
                pass
                self.comments[i]._fetch_instances()



    class Pstr(KaitaiStruct):
        """A length-prefixed string (docs/spec/mxq.md §2.1)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Mxq.Pstr, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.length = self._io.read_u1()
            self.body = self._io.read_bytes((self.length if self.length <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))


        def _fetch_instances(self):
            pass

        @property
        def from_file(self):
            """0–8, file a–i."""
            if hasattr(self, '_m_from_file'):
                return self._m_from_file

            if self.is_move:
                pass
                self._m_from_file = KaitaiStream.byte_array_index(self.body, 0) - 48

            return getattr(self, '_m_from_file', None)

        @property
        def from_rank(self):
            """0–9, Red's side at 0."""
            if hasattr(self, '_m_from_rank'):
                return self._m_from_rank

            if self.is_move:
                pass
                self._m_from_rank = KaitaiStream.byte_array_index(self.body, 1) - 65

            return getattr(self, '_m_from_rank', None)

        @property
        def is_comments_end_marker(self):
            """The string `CommentsEnd`."""
            if hasattr(self, '_m_is_comments_end_marker'):
                return self._m_is_comments_end_marker

            self._m_is_comments_end_marker = self.body == b"\x43\x6F\x6D\x6D\x65\x6E\x74\x73\x45\x6E\x64"
            return getattr(self, '_m_is_comments_end_marker', None)

        @property
        def is_cut(self):
            """The data ended inside the string (docs/spec/mxq.md §2.2)."""
            if hasattr(self, '_m_is_cut'):
                return self._m_is_cut

            self._m_is_cut = len(self.body) < self.length
            return getattr(self, '_m_is_cut', None)

        @property
        def is_ends_marker(self):
            """The string `Ends`."""
            if hasattr(self, '_m_is_ends_marker'):
                return self._m_is_ends_marker

            self._m_is_ends_marker = self.body == b"\x45\x6E\x64\x73"
            return getattr(self, '_m_is_ends_marker', None)

        @property
        def is_move(self):
            """The string is a move `FR-FR`: a file digit 0–8 and a rank letter
            A–J, twice, with `-` between (docs/spec/mxq.md §4.1).
            """
            if hasattr(self, '_m_is_move'):
                return self._m_is_move

            self._m_is_move =  ((self.length == 5) and (len(self.body) == 5) and (KaitaiStream.byte_array_index(self.body, 0) >= 48) and (KaitaiStream.byte_array_index(self.body, 0) <= 56) and (KaitaiStream.byte_array_index(self.body, 1) >= 65) and (KaitaiStream.byte_array_index(self.body, 1) <= 74) and (KaitaiStream.byte_array_index(self.body, 2) == 45) and (KaitaiStream.byte_array_index(self.body, 3) >= 48) and (KaitaiStream.byte_array_index(self.body, 3) <= 56) and (KaitaiStream.byte_array_index(self.body, 4) >= 65) and (KaitaiStream.byte_array_index(self.body, 4) <= 74)) 
            return getattr(self, '_m_is_move', None)

        @property
        def is_moves_marker(self):
            """The string `Moves`."""
            if hasattr(self, '_m_is_moves_marker'):
                return self._m_is_moves_marker

            self._m_is_moves_marker = self.body == b"\x4D\x6F\x76\x65\x73"
            return getattr(self, '_m_is_moves_marker', None)

        @property
        def to_file(self):
            if hasattr(self, '_m_to_file'):
                return self._m_to_file

            if self.is_move:
                pass
                self._m_to_file = KaitaiStream.byte_array_index(self.body, 3) - 48

            return getattr(self, '_m_to_file', None)

        @property
        def to_rank(self):
            if hasattr(self, '_m_to_rank'):
                return self._m_to_rank

            if self.is_move:
                pass
                self._m_to_rank = KaitaiStream.byte_array_index(self.body, 4) - 65

            return getattr(self, '_m_to_rank', None)



