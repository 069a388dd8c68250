# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Cbr(KaitaiStruct):
    """One game: a 2,214-byte header (fixed text fields, codes, the start
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
    
    .. seealso::
       docs/spec/cbr.md
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(Cbr, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.magic = self._io.read_bytes(16)
        if not self.magic == b"\x43\x43\x42\x72\x69\x64\x67\x65\x20\x52\x65\x63\x6F\x72\x64\x00":
            raise kaitaistruct.ValidationNotEqualError(b"\x43\x43\x42\x72\x69\x64\x67\x65\x20\x52\x65\x63\x6F\x72\x64\x00", self.magic, self._io, u"/seq/0")
        self.reserved1 = self._io.read_bytes(3)
        self.kind = self._io.read_u1()
        self.reserved2 = self._io.read_bytes(32)
        self.script = self._io.read_bytes(128)
        self.title = self._io.read_bytes(128)
        self.category = self._io.read_bytes(256)
        self.source = self._io.read_bytes(64)
        self.contest_type = self._io.read_bytes(64)
        self.contest = self._io.read_bytes(64)
        self.round = self._io.read_bytes(64)
        self.group = self._io.read_bytes(32)
        self.table = self._io.read_bytes(32)
        self.date = self._io.read_bytes(64)
        self.site = self._io.read_bytes(64)
        self.time_rule = self._io.read_bytes(64)
        self.red = self._io.read_bytes(64)
        self.red_team = self._io.read_bytes(64)
        self.red_time = self._io.read_bytes(64)
        self.red_rating = self._io.read_bytes(32)
        self.black = self._io.read_bytes(64)
        self.black_team = self._io.read_bytes(64)
        self.black_time = self._io.read_bytes(64)
        self.black_rating = self._io.read_bytes(32)
        self.referee = self._io.read_bytes(64)
        self.recorder = self._io.read_bytes(64)
        self.commentator = self._io.read_bytes(64)
        self.commentator_email = self._io.read_bytes(64)
        self.creator = self._io.read_bytes(64)
        self.creator_email = self._io.read_bytes(64)
        self.date_created = self._io.read_bytes(40)
        self.reserved3 = self._io.read_bytes(24)
        self.date_modified = self._io.read_bytes(40)
        self.reserved4 = self._io.read_bytes(24)
        self.ecco = self._io.read_bytes(4)
        self.game_type = self._io.read_u1()
        self.reserved5 = self._io.read_bytes(3)
        self.nature = self._io.read_bytes(32)
        self.result = self._io.read_u1()
        self.reserved6 = self._io.read_bytes(3)
        self.ending = self._io.read_bytes(32)
        self.side_to_move = self._io.read_u1()
        self.reserved7 = self._io.read_bytes(3)
        self.move_number = self._io.read_u2le()
        self.reserved8 = self._io.read_bytes(2)
        self.board = self._io.read_bytes(90)
        self.state = self._io.read_u4le()
        self.intro = Cbr.Intro(self._io, self, self._root)


    def _fetch_instances(self):
        pass
        self.intro._fetch_instances()

    class Comment(KaitaiStruct):
        """A comment, UTF-16LE; the length counts bytes, a final NUL included when written (docs/spec/cbr.md §2.4)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Cbr.Comment, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.length = self._io.read_u4le()
            self.text = self._io.read_bytes(self.length)


        def _fetch_instances(self):
            pass


    class Intro(KaitaiStruct):
        """The first record, holding no move; its comment is the game's (docs/spec/cbr.md §4.1)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Cbr.Intro, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.flags = self._io.read_u1()
            self.reserved = self._io.read_bytes(3)
            if self.has_comment:
                pass
                self.comment = Cbr.Comment(self._io, self, self._root)



        def _fetch_instances(self):
            pass
            if self.has_comment:
                pass
                self.comment._fetch_instances()


        @property
        def has_comment(self):
            if hasattr(self, '_m_has_comment'):
                return self._m_has_comment

            self._m_has_comment = self.flags & 4 != 0
            return getattr(self, '_m_has_comment', None)

        @property
        def is_end(self):
            """No move follows."""
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.flags & 1 != 0
            return getattr(self, '_m_is_end', None)


    class MoveRecord(KaitaiStruct):
        """One move of the tree, in preorder (docs/spec/cbr.md §4.2)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Cbr.MoveRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.flags = self._io.read_u1()
            self.reserved = self._io.read_u1()
            self.from_point = self._io.read_u1()
            self.to_point = self._io.read_u1()
            if self.has_comment:
                pass
                self.comment = Cbr.Comment(self._io, self, self._root)



        def _fetch_instances(self):
            pass
            if self.has_comment:
                pass
                self.comment._fetch_instances()


        @property
        def has_alternative(self):
            """An alternative to this move follows its own subtree."""
            if hasattr(self, '_m_has_alternative'):
                return self._m_has_alternative

            self._m_has_alternative = self.flags & 2 != 0
            return getattr(self, '_m_has_alternative', None)

        @property
        def has_comment(self):
            if hasattr(self, '_m_has_comment'):
                return self._m_has_comment

            self._m_has_comment = self.flags & 4 != 0
            return getattr(self, '_m_has_comment', None)

        @property
        def is_end(self):
            """The line ends with this move."""
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.flags & 1 != 0
            return getattr(self, '_m_is_end', None)



