"""Reading a CBL library: its index, then each game on its slots, one at a time (docs/spec/cbr.md §5).

The layout (``schemas/cbl.ksy``) reads the header and the index; the running
sum that places each entry's record on its 4,096-byte slots (docs/spec/cbr.md
§5.3) is here, and each record is read by :func:`~.record.read_record` on its
own bytes, so a broken record never spills into the next.
"""

from __future__ import annotations

import struct
from io import BytesIO
from typing import Iterator, Optional

from kaitaistruct import KaitaiStream, KaitaiStructError

from ..diagnostics import DiagnosticSink
from ..layouts.cbl import Cbl  # type: ignore[attr-defined]  # generated code is not type-checked
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

__all__ = ["LIBRARY_SIGNATURE", "COMPRESSED_SIGNATURE", "SLOT_SIZE", "INDEX_START", "ENTRY_SIZE", "is_compressed", "iter_cbl"]

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


def is_compressed(data: bytes) -> bool:
    """Whether ``data`` is the compressed library variant (docs/spec/cbr.md §5.4)."""
    # `CCBridge`, then the u4 21 and 3 (§5.4): the prefix alone would take a damaged signature for it.
    return data.startswith(COMPRESSED_SIGNATURE)


def _layout(data: bytes, sink: DiagnosticSink) -> Optional[Cbl]:
    if is_compressed(data):
        sink.report_bytes(
            COMPRESSED_LIBRARY,
            "Compressed CBL library (`CCBridge` and a zlib stream): its layout is undocumented; no game read",
            0,
            len(data),
        )
        return None
    try:
        return Cbl(KaitaiStream(BytesIO(data)))
    # kaitaistruct's EndOfStreamError is an EOFError and a KaitaiStructError: the data ran
    # out, which is a cut-short library when what there is begins as one.
    except EOFError if LIBRARY_SIGNATURE.startswith(data[:16]) else ():
        sink.report_bytes(TRUNCATED, f"The library ends inside its header or index: {len(data)} bytes", len(data), 0)
    except KaitaiStructError:
        sink.report_bytes(SIGNATURE, f"Not a CBL library: it does not start with `CCBridgeLibrary` (found {data[:16]!r})", 0, 16)
    return None


def iter_cbl(data: bytes, sink: DiagnosticSink) -> Iterator[Game]:
    """Every game of the library ``data``, in index order, one at a time; never raises on content.

    File-level findings go to ``sink`` as they are met; each game's own go to
    its ``diagnostics`` and to ``sink`` too (in reader order).  Deleted entries
    are skipped with one ``B114`` each; an entry whose record cannot be found
    is skipped with ``B117``.
    """
    layout = _layout(data, sink)
    if layout is None:
        return
    slot = layout.records_start
    for index, entry in enumerate(layout.entries):
        if entry.state == _UNUSED and entry.slots == 0:
            continue
        start = slot
        slot += entry.slots * SLOT_SIZE
        entry_at = INDEX_START + index * ENTRY_SIZE
        if entry.state == _DELETED:
            sink.report_bytes(DELETED_ENTRY, f"Entry {index} is deleted; its game (record at @{start:#x}) is skipped", entry_at, 4)
            continue
        if entry.state != _GAME:
            sink.report_bytes(ENTRY_STATE, f"Entry {index} has the unknown state {entry.state}; read as a game", entry_at, 4)
        game = _game(data, entry, index, start, sink)
        if game is not None:
            yield game
    if slot < len(data):
        sink.report_bytes(TRAILING_BYTES, f"{len(data) - slot} bytes after the last slot the index accounts for; not read", slot, len(data) - slot)


def _game(data: bytes, entry: Cbl.Entry, index: int, start: int, sink: DiagnosticSink) -> Optional[Game]:
    """The game of one entry, its record at ``start``; ``None`` (and B117) when it is not there."""
    room = entry.slots * SLOT_SIZE
    if start + room > len(data) or not 0 < entry.length <= room or not data.startswith(SIGNATURE_BYTES, start):
        sink.report_bytes(
            RECORD_OUTSIDE,
            f"Entry {index}: no record of {entry.length} bytes on its {entry.slots} slot(s) at @{start:#x} "
            f"(the file has {len(data)} bytes); skipped",
            start,
            room,
        )
        return None
    own = DiagnosticSink(path=sink.path, strict=sink.strict)
    read = read_record(data[start:start + entry.length], own, base=start)
    if read.end is None and entry.length < room:
        # The tree runs past the index's length: read it on its slots instead, if it ends there.
        wide = DiagnosticSink(path=sink.path, strict=sink.strict)
        again = read_record(data[start:start + room], wide, base=start)
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
