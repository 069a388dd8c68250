"""Reading a CBL library: its index, then each game on its slots, one at a time (docs/spec/cbr.md §5).

The layout (``schemas/cbl.ksy``) reads the header and the index; the running
sum that places each entry's record on its 4,096-byte slots (docs/spec/cbr.md
§5.3) is here (:func:`place`), and each record is read by
:func:`~.record.read_record` on its own bytes, so a broken record never spills
into the next.

Because the running sum places the records one after the other, in index
order, a library's records follow one another in the file, never shared or
out of order.  So the library is read front to back, one entry's slots at a
time (memory: one record), and it can be cut between records into parts that
are read on their own (:func:`record_starts`, :func:`read_records`): a part
needs only its bytes and the index entries of its records.
"""

from __future__ import annotations

import os
import struct
from io import BytesIO
from typing import IO, Iterable, Iterator, NamedTuple, Optional

from kaitaistruct import KaitaiStream, KaitaiStructError

from ..diagnostics import DiagnosticSink
from ..layouts.cbl import Cbl  # generated code is not type-checked
from ..model import Game
from .record import SIGNATURE_BYTES, read_record
from .rules import (
    COMPRESSED_LIBRARY,
    DELETED_ENTRY,
    ENTRY_STATE,
    RECORD_LENGTH,
    RECORD_OUTSIDE,
    SIGNATURE,
    TRAILING_BYTES,
    TRUNCATED,
)

#: What a CBL file starts with (docs/spec/cbr.md §5.1).
LIBRARY_SIGNATURE = b"CCBridgeLibrary\x00"
#: How the compressed variant starts: ``CCBridge`` and the u4 21 and 3 (docs/spec/cbr.md §5.4).
COMPRESSED_SIGNATURE = b"CCBridge" + struct.pack("<II", 21, 3)
#: Records sit on slots of this size (docs/spec/cbr.md §5.3).
SLOT_SIZE = 4096
#: Where the index starts, and the size of one entry (for diagnostics; the layout reads them).
INDEX_START = 66624
ENTRY_SIZE = 276

#: Entry states (docs/spec/cbr.md §5.2).
_UNUSED, _DELETED, _GAME = 0, 5, 7


class Entry(NamedTuple):
    """An index entry that owns a record, as the reader takes it from the layout (docs/spec/cbr.md §5.2).

    ``number`` is its place in the index (entry ``number`` is at
    ``INDEX_START + number * ENTRY_SIZE``); ``state``, ``slots`` and
    ``length`` are what the entry says.  A plain tuple of ints, so that the
    entries of a part of a library travel with it to another process.
    """

    number: int
    state: int
    slots: int
    length: int


class Index(NamedTuple):
    """What a library's header and index say: where its records start, and its entries that own one, in index order."""

    records_start: int
    entries: list[Entry]


def is_compressed(data: bytes) -> bool:
    """Whether ``data`` is the compressed library variant (docs/spec/cbr.md §5.4)."""
    # `CCBridge`, then the u4 21 and 3 (§5.4): the prefix alone would take a damaged signature for it.
    return data.startswith(COMPRESSED_SIGNATURE)


# ---------------------------------------------------------------- the header and the index


def read_index(raw: IO[bytes], size: int, sink: DiagnosticSink) -> Optional[Index]:
    """The header and index of the library ``raw`` (a seekable file of ``size`` bytes, standing at its start).

    Reads the header and the index with the layout and nothing else; after
    it, ``raw`` stands at the records' start.  ``None``, with one finding in
    ``sink``, when they cannot be read (a compressed library, a file that is
    not a library, one that ends inside them).  Unused entries that own no
    slot are left out.
    """
    head = raw.read(len(COMPRESSED_SIGNATURE))
    raw.seek(0)
    if is_compressed(head):
        sink.report_bytes(
            COMPRESSED_LIBRARY,
            "Compressed CBL library (`CCBridge` and a zlib stream): its layout is undocumented; no game read",
            0,
            size,
        )
        return None
    try:
        layout = Cbl(KaitaiStream(raw))
    # kaitaistruct's EndOfStreamError is an EOFError and a KaitaiStructError: the data ran
    # out, which is a cut-short library when what there is begins as one.
    except EOFError if LIBRARY_SIGNATURE.startswith(head) else ():
        sink.report_bytes(TRUNCATED, f"The library ends inside its header or index: {size} bytes", size, 0)
        return None
    except KaitaiStructError:
        sink.report_bytes(SIGNATURE, f"Not a CBL library: it does not start with `CCBridgeLibrary` (found {head!r})", 0, 16)
        return None
    entries = [
        Entry(number, e.state, e.slots, e.length)
        for number, e in enumerate(layout.entries)
        if not (e.state == _UNUSED and e.slots == 0)
    ]
    return Index(layout.records_start, entries)


def place(start: int, entries: Iterable[Entry]) -> Iterator[tuple[int, Entry]]:
    """``(byte, entry)`` for each of ``entries``: where its record starts, the first at ``start``.

    The running sum of docs/spec/cbr.md §5.3: each entry owns its slots, the
    next entry's record starts after them (a deleted entry's slots included).
    """
    for entry in entries:
        yield start, entry
        start += entry.slots * SLOT_SIZE


def record_starts(raw: IO[bytes]) -> Iterator[tuple[int, Entry]]:
    """Where each record of the library ``raw`` (a seekable file) starts, with its entry, in file order.

    From the header and index alone (no record is read): what cuts a library
    into parts of whole records.  Raises :class:`ValueError` when they cannot
    be read (the library is then read whole, and its reader reports why).
    """
    size = raw.seek(0, os.SEEK_END)
    raw.seek(0)
    index = read_index(raw, size, DiagnosticSink())
    if index is None:
        raise ValueError("The library's header or index cannot be read")
    return place(index.records_start, index.entries)


# ---------------------------------------------------------------- the records


def iter_cbl(data: bytes, sink: DiagnosticSink) -> Iterator[Game]:
    """Every game of the library ``data``, in index order, one at a time; never raises on content.

    File-level findings go to ``sink`` as they are met; each game's own go to
    its ``diagnostics`` and to ``sink`` too (in reader order).  Deleted entries
    are skipped with one ``B114`` each; an entry whose record cannot be found
    is skipped with ``B117``.
    """
    yield from read_library(BytesIO(data), len(data), sink)


def read_library(raw: IO[bytes], size: int, sink: DiagnosticSink) -> Iterator[Game]:
    """:func:`iter_cbl` of the library in the open, seekable file ``raw`` of ``size`` bytes, standing at its start.

    Reads the header and index, then the records front to back, each
    entry's slots at a time: memory is one record, not the file.
    """
    index = read_index(raw, size, sink)
    if index is None:
        return
    raw.seek(index.records_start)
    yield from read_records(raw, place(index.records_start, index.entries), size, sink)


def read_records(
    raw: IO[bytes], placed: Iterable[tuple[int, Entry]], end: int, sink: DiagnosticSink, *, size: Optional[int] = None
) -> Iterator[Game]:
    """The games of the records ``placed`` (by :func:`place`), read one after the other from ``raw``.

    ``raw`` stands at the first record's start and is read forward only (it
    may be a part of the file); ``end`` is the byte where what ``raw`` holds
    ends in the file, ``size`` the file's size (default ``end``).  A part
    of a library ends where the next part's first record starts (so only
    the last part, which ends with the file, holds records that run past the
    file's end, or bytes after the last slot).  Reports every entry's
    findings in index order and, when the slots end before ``end``, the
    bytes after them (``B113``).
    """
    size = end if size is None else size
    slot: Optional[int] = None
    for start, entry in placed:
        room = entry.slots * SLOT_SIZE
        chunk = raw.read(max(0, min(room, end - start)))
        slot = start + room
        entry_at = INDEX_START + entry.number * ENTRY_SIZE
        if entry.state == _DELETED:
            sink.report_bytes(DELETED_ENTRY, f"Entry {entry.number} is deleted; its game (record at @{start:#x}) is skipped", entry_at, 4)
            continue
        if entry.state != _GAME:
            sink.report_bytes(ENTRY_STATE, f"Entry {entry.number} has the unknown state {entry.state}; read as a game", entry_at, 4)
        game = _game(chunk, entry, start, size, sink)
        if game is not None:
            yield game
    if slot is not None and slot < end:
        sink.report_bytes(TRAILING_BYTES, f"{end - slot} bytes after the last slot the index accounts for; not read", slot, end - slot)


def _game(chunk: bytes, entry: Entry, start: int, size: int, sink: DiagnosticSink) -> Optional[Game]:
    """The game of one entry, ``chunk`` its slots' bytes at ``start`` in a file of ``size`` bytes;
    ``None`` (and B117) when it is not there."""
    room = entry.slots * SLOT_SIZE
    if start + room > size or not 0 < entry.length <= room or not chunk.startswith(SIGNATURE_BYTES):
        sink.report_bytes(
            RECORD_OUTSIDE,
            f"Entry {entry.number}: no record of {entry.length} bytes on its {entry.slots} slot(s) at @{start:#x} "
            f"(the file has {size} bytes); skipped",
            start,
            room,
        )
        return None
    own = DiagnosticSink(path=sink.path, strict=sink.strict)
    read = read_record(chunk[:entry.length], own, base=start)
    if read.end is None and entry.length < room:
        # The tree runs past the index's length: read it on its slots instead, if it ends there.
        wide = DiagnosticSink(path=sink.path, strict=sink.strict)
        again = read_record(chunk, wide, base=start)
        if again.end is not None:
            own, read = wide, again
            own.report_bytes(
                RECORD_LENGTH,
                f"The move tree ends at @{start + again.end:#x}, past the {entry.length} bytes the index gives",
                start + entry.length,
                again.end - entry.length,
            )
    elif read.end is not None and read.end < entry.length:
        extra = entry.length - read.end
        own.report_bytes(TRAILING_BYTES, f"{extra} bytes after the move tree, within the record's length; not read", start + read.end, extra)
    sink.extend(own.items)
    if read.game is None:
        return None
    read.game.diagnostics = own.items
    return read.game
