"""The plain move tree: the key stream taken off, then the records scanned (the fast reader).

:func:`piece_squares` decodes the start position's 32 slots (docs/spec/xqf.md
§3.4) from the header's stored bytes and square key in one pass; it is the fast
twin of the generated ``Xqf.Header.pieces`` (one parser object per slot), held
equal to it by ``tests/test_xqf_layout.py`` as :func:`scan` is below.
:func:`plain_body` subtracts the key stream (docs/spec/xqf.md §3.3) from the
bytes after the header.  :func:`scan` reads the plain tree into a flat list of
:class:`MoveRecord` in file order; it is the fast twin of the generated
``Xqf.MoveTree`` (``schemas/xqf.ksy``), which reads the same records one
Python object per field, and ``tests/test_xqf_layout.py`` holds the two
equal on the corpus and on generated files.  Unlike the generated parser it
stops at the first damage and says where, keeping every record before it.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from typing import NamedTuple, Optional, Sequence

#: Size of the header; the tree starts here (docs/spec/xqf.md §2.1).
HEADER_SIZE = 1024

#: The text the key stream is made from (docs/spec/xqf.md §3.3).
COPYRIGHT = b"[(C) Copyright Mr. Dong Shiwei.]"

_U32 = struct.Struct("<I")


class MoveRecord(NamedTuple):
    """One record of the tree, decoded from the plain bytes.

    ``offset`` is the record's byte offset in the file; ``from_byte`` and
    ``to_byte`` are as stored (the move keys not yet taken off);
    ``comment`` the comment's bytes (``None`` when there is none);
    ``comment_offset`` where they start.
    """

    offset: int
    from_byte: int
    to_byte: int
    has_next: bool
    has_sibling: bool
    comment: Optional[bytes]
    comment_offset: int


class Stop(NamedTuple):
    """Why the tree stopped short: at byte ``offset`` of the file, ``reason`` in words."""

    offset: int
    reason: str


def piece_squares(piece_bytes: Sequence[int], square_key: int, rotated: bool) -> list[int]:
    """The stored square (``x·10 + y``; above 89 off the board) of each of the 32 slots, in slot order:
    ``Xqf.Header.pieces[i].square``.  From version 12 slot ``i`` is stored at ``(i − 1 − key) mod 32``
    (``rotated``); every byte has the square key taken off, modulo 256 (docs/spec/xqf.md §3.4)."""
    if rotated:
        piece_bytes = [piece_bytes[(slot + 31 - square_key) % 32] for slot in range(32)]
    return [(b - square_key) & 0xFF for b in piece_bytes]


def key_stream(stream_bytes: Sequence[int]) -> bytes:
    """The 32 bytes subtracted from the file from offset 1024 on (docs/spec/xqf.md §3.3)."""
    return bytes(c & stream_bytes[i % 4] for i, c in enumerate(COPYRIGHT))


def plain_body(body: bytes, stream_bytes: Sequence[int]) -> bytes:
    """``body`` (the file from offset 1024) minus the key stream, byte by byte modulo 256.

    The stream repeats every 32 bytes and 1024 is a multiple of 32, so body
    byte ``j`` loses stream byte ``j mod 32``: one translation table per
    residue, applied to every 32nd byte.  A zero stream (version 10) returns
    ``body`` unchanged.
    """
    stream = key_stream(stream_bytes)
    if not any(stream):
        return bytes(body)
    out = bytearray(body)
    for k, key in enumerate(stream):
        if key:
            out[k::32] = out[k::32].translate(_minus(key))
    return bytes(out)


@lru_cache(maxsize=256)
def _minus(key: int) -> bytes:
    """The translation table that subtracts ``key`` from every byte (modulo 256)."""
    return bytes((b - key) & 0xFF for b in range(256))


def scan(plain: bytes, version: int, comment_key: int) -> tuple[list[MoveRecord], Optional[Stop], int]:
    """``(records, stop, end)``: the records of the plain tree, in file order.

    ``plain`` is the tree without the key stream (:func:`plain_body`);
    offsets are reported in the file (``plain[0]`` is file offset 1024).
    Records are read until none is announced any more (docs/spec/xqf.md §4.1);
    ``stop`` says why reading ended early (``None`` when the tree is whole),
    ``end`` is the file offset after the last byte read.  O(len(plain)).
    """
    old = version <= 10
    records: list[MoveRecord] = []
    size = len(plain)
    pos = 0
    pending = 1
    unpack = _U32.unpack_from
    while pending:
        if pos + 4 > size:
            return records, Stop(HEADER_SIZE + pos, "a record is cut by the end of the file"), HEADER_SIZE + size
        start = pos
        frm, to, flags = plain[pos], plain[pos + 1], plain[pos + 2]
        pos += 4
        if old:
            has_next, has_sibling, has_length = bool(flags & 0xF0), bool(flags & 0x0F), True
        else:
            has_next, has_sibling, has_length = bool(flags & 0x80), bool(flags & 0x40), bool(flags & 0x20)
        comment: Optional[bytes] = None
        if has_length:
            if pos + 4 > size:
                return records, Stop(HEADER_SIZE + start, "a record's comment length is cut by the end of the file"), HEADER_SIZE + size
            length = unpack(plain, pos)[0] - (0 if old else comment_key)
            pos += 4
            if length < 0:
                why = f"a comment length ({length + comment_key}) is below the comment key ({comment_key})"
                return records, Stop(HEADER_SIZE + start, why), HEADER_SIZE + pos
            if pos + length > size:
                why = f"a comment of {length} bytes runs past the end of the file ({size - pos} left)"
                return records, Stop(HEADER_SIZE + start, why), HEADER_SIZE + size
            if length:
                comment = plain[pos:pos + length]
        records.append(MoveRecord(HEADER_SIZE + start, frm, to, has_next, has_sibling, comment, HEADER_SIZE + pos))
        if comment is not None:
            pos += len(comment)
        pending += has_next + has_sibling - 1
    return records, None, HEADER_SIZE + pos
