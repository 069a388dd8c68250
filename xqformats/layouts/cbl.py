# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Cbl(KaitaiStruct):
    """A library of CBR records: a header with the library's own text fields,
    an index of `slot_count` entries of 276 bytes, then the records on
    4,096-byte slots from `records_start`.  The normative text is
    docs/spec/cbr.md §5.
    
    Each used entry owns `slots` consecutive slots, in index order: the first
    entry's record starts at `records_start`, the next one's after the slots
    of the one before.  That running sum is not a layout, so the reader
    computes it (docs/spec/cbr.md §5.3) and reads each record with the CBR
    layout (cbr.ksy) on its `length` bytes.  Text fields are UTF-16LE as in a
    CBR (docs/spec/cbr.md §2.3).
    
    .. seealso::
       docs/spec/cbr.md
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(Cbl, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.magic = self._io.read_bytes(16)
        if not self.magic == b"\x43\x43\x42\x72\x69\x64\x67\x65\x4C\x69\x62\x72\x61\x72\x79\x00":
            raise kaitaistruct.ValidationNotEqualError(b"\x43\x43\x42\x72\x69\x64\x67\x65\x4C\x69\x62\x72\x61\x72\x79\x00", self.magic, self._io, u"/seq/0")
        self.reserved1 = self._io.read_bytes(36)
        self.reserved2 = self._io.read_u4le()
        self.has_deleted = self._io.read_u1()
        self.reserved3 = self._io.read_bytes(3)
        self.slot_count = self._io.read_u4le()
        self.name = self._io.read_bytes(512)
        self.source = self._io.read_bytes(256)
        self.creator = self._io.read_bytes(64)
        self.creator_email = self._io.read_bytes(64)
        self.date_created = self._io.read_bytes(64)
        self.date_modified = self._io.read_bytes(64)
        self.remarks = self._io.read_bytes(65536)
        self.entries = []
        for i in range(self.slot_count):
            self.entries.append(Cbl.Entry(self._io, self, self._root))



    def _fetch_instances(self):
        pass
        for i in range(len(self.entries)):
            pass
            self.entries[i]._fetch_instances()


    class Entry(KaitaiStruct):
        """One index entry (docs/spec/cbr.md §5.2)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(Cbl.Entry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.state = self._io.read_u4le()
            self.number = self._io.read_u4le()
            self.slots = self._io.read_u4le()
            self.length = self._io.read_u4le()
            self.reserved1 = self._io.read_u4le()
            self.guid = self._io.read_bytes(80)
            self.title = self._io.read_bytes(128)
            self.reserved2 = self._io.read_bytes(48)


        def _fetch_instances(self):
            pass


    @property
    def records_start(self):
        if hasattr(self, '_m_records_start'):
            return self._m_records_start

        self._m_records_start = 66624 + self.slot_count * 276
        return getattr(self, '_m_records_start', None)


