"""Builders of small CBR and CBL files for the tests (not a test module).

The offsets are written out here from the byte layout as documented
(docs/spec/cbr.md §2–§5), not taken from xqformats, so that the tests check
the reader against the documented layout rather than against itself.
"""

from __future__ import annotations

import struct
from typing import NamedTuple, Optional, Sequence

START = (
    b"\x21\x22\x23\x24\x25\x24\x23\x22\x21"
    + bytes(9)
    + b"\x00\x26\x00\x00\x00\x00\x00\x26\x00"
    + b"\x27\x00\x27\x00\x27\x00\x27\x00\x27"
    + bytes(18)
    + b"\x17\x00\x17\x00\x17\x00\x17\x00\x17"
    + b"\x00\x16\x00\x00\x00\x00\x00\x16\x00"
    + bytes(9)
    + b"\x11\x12\x13\x14\x15\x14\x13\x12\x11"
)
assert len(START) == 90

#: Text field offsets and sizes (docs/spec/cbr.md §3.1), by header name.
TEXT_FIELDS = {
    "Script": (52, 128),
    "Name": (180, 128),
    "Category": (308, 256),
    "From": (564, 64),
    "Event": (692, 64),
    "Round": (756, 64),
    "Date": (884, 64),
    "Site": (948, 64),
    "Red": (1076, 64),
    "RedElo": (1268, 32),
    "Black": (1300, 64),
    "Annotator": (1652, 64),
    "DateModified": (1972, 40),
    "ResultType": (2080, 32),
}

END, ALT, NOTE = 0x01, 0x02, 0x04


def point(name: str) -> int:
    """The point number (0–89, from a9) of an ICCS square such as ``h2``."""
    return (9 - int(name[1])) * 9 + "abcdefghi".index(name[0])


class Rec(NamedTuple):
    """One move record: ``H2-E2``-style move (or raw points), flags, comment."""

    move: str | tuple[int, int]
    flags: int = 0
    comment: Optional[str] = None


def utf16(text: str) -> bytes:
    return text.encode("utf-16-le", "surrogatepass")


def comment_bytes(comment: str | bytes) -> bytes:
    raw = comment if isinstance(comment, bytes) else utf16(comment)
    return struct.pack("<I", len(raw)) + raw


def moves_bytes(records: Sequence[Rec]) -> bytes:
    out = bytearray()
    for r in records:
        if isinstance(r.move, tuple):
            frm, to = r.move
        else:
            frm, to = point(r.move[:2].lower()), point(r.move[3:].lower())
        flags = r.flags | (NOTE if r.comment is not None else 0)
        out += bytes([flags, 0, frm, to])
        if r.comment is not None:
            out += comment_bytes(r.comment)
    return bytes(out)


def cbr(
    records: Sequence[Rec] = (),
    *,
    texts: Optional[dict[str, str | bytes]] = None,
    intro: Optional[str | bytes] = None,
    board: bytes = START,
    side: int = 1,
    result: int = 0,
    kind: int = 2,
    game_type: int = 1,
    tail: bytes = b"",
) -> bytes:
    """A CBR record: header fields, the first record (``intro`` its comment), the move records."""
    head = bytearray(2214)
    head[0:16] = b"CCBridge Record\x00"
    head[19] = kind
    for name, value in (texts or {}).items():
        offset, size = TEXT_FIELDS[name]
        raw = value if isinstance(value, bytes) else utf16(value) + b"\x00\x00"
        head[offset:offset + len(raw)] = raw[:size]
    head[2040] = game_type
    head[2076] = result
    head[2112] = side
    head[2116:2118] = struct.pack("<H", 1)
    head[2120:2210] = board
    head[2210:2214] = b"\xff" * 4
    flags = (NOTE if intro is not None else 0) | (0 if records else END)
    first = bytes([flags, 0, 0, 0]) + (comment_bytes(intro) if intro is not None else b"")
    return bytes(head) + first + moves_bytes(records) + tail


class Entry(NamedTuple):
    """One library entry: its record (``None`` for none), state, and slot/length overrides."""

    record: Optional[bytes]
    state: int = 7
    slots: Optional[int] = None
    length: Optional[int] = None


def cbl(entries: Sequence[Entry], *, index_size: int = 128, tail: bytes = b"", name: str = "Test") -> bytes:
    """A CBL library holding ``entries`` in index order (docs/spec/cbr.md §5)."""
    head = bytearray(66624 + index_size * 276)
    head[0:16] = b"CCBridgeLibrary\x00"
    head[52:56] = b"\xff\xff\xff\x7f"
    head[56] = 1 if any(e.state == 5 for e in entries) else 0
    head[60:64] = struct.pack("<I", index_size)
    raw_name = utf16(name) + b"\x00\x00"
    head[64:64 + len(raw_name)] = raw_name
    body = bytearray()
    for i, e in enumerate(entries):
        record = e.record or b""
        slots = e.slots if e.slots is not None else max(1, -(-len(record) // 4096))
        length = e.length if e.length is not None else len(record)
        at = 66624 + i * 276
        head[at:at + 20] = struct.pack("<5I", e.state, i, slots, length, 0)
        body += record + bytes(slots * 4096 - len(record))
    return bytes(head) + bytes(body) + tail
