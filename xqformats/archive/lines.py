"""How the index stores a main line's positions and materials (the ``lines`` table, docs/archive.md).

``hashes`` is a BLOB of 8 bytes per main-line position, the Zobrist hash
(:meth:`~xqformats.position.Position.zobrist`, 63 bits) big-endian, ply 0 (the
start) first: one row per game rather than one per position, because a row
per position cost more to store than linting the game (two B-tree entries
each).  ``materials`` is a JSON array of ``[ply, red, black]`` signatures
(:func:`~xqformats.archive.material.signature`), written compactly (no
spaces), at the start and after each capture.
"""

from __future__ import annotations

import struct
from json.encoder import encode_basestring
from typing import Iterable, Optional, Sequence

#: Bytes per stored hash.
WIDTH = 8


def pack_hashes(hashes: Sequence[int]) -> bytes:
    """The ``hashes`` BLOB of these positions' hashes (each below 2**63)."""
    return struct.pack(f">{len(hashes)}q", *hashes)


def unpack_hashes(blob: bytes) -> list[int]:
    """The hashes a ``hashes`` BLOB holds, ply 0 first."""
    return list(struct.unpack(f">{len(blob) // WIDTH}q", blob))


def needles(hashes: Iterable[int]) -> list[bytes]:
    """The hashes searched for, each as the 8 bytes :func:`first_ply` looks for."""
    return [h.to_bytes(WIDTH, "big") for h in hashes]


def first_ply(blob: bytes, *wanted: bytes) -> Optional[int]:
    """The first ply whose position has one of the hashes ``wanted`` (:func:`needles`) in a ``hashes`` BLOB; None when none has.

    Registered in SQLite as ``xq_first_ply(hashes, needle, …)``.  SQL's own
    ``instr`` would find the 8 bytes also where they straddle two hashes, and
    costs a comparison per byte; ``bytes.find`` skips ahead.
    """
    best = -1
    for needle in wanted:
        at = blob.find(needle)
        while at % WIDTH and at >= 0:
            at = blob.find(needle, at + 1)
        if at >= 0 and (best < 0 or at < best):
            best = at
    return None if best < 0 else best // WIDTH


# The JSON columns are written by hand: json.dumps cost three times as much (it makes an encoder per
# call), and what they hold needs no escaping beyond what encode_basestring does.


def materials_json(materials: Iterable[tuple[int, str, str]]) -> str:
    """The ``materials`` column: ``[[ply,"red","black"],…]`` (no spaces; signatures are letters only)."""
    return "[" + ",".join([f'[{ply},"{red}","{black}"]' for ply, red, black in materials]) + "]"


def headers_json(headers: Iterable[tuple[str, str]]) -> str:
    """The ``games.headers`` column: ``[["name","value"],…]`` (no spaces, characters beyond ASCII as they are)."""
    return "[" + ",".join([f"[{encode_basestring(k)},{encode_basestring(v)}]" for k, v in headers]) + "]"


def counts_json(counts: dict[str, int]) -> str:
    """The ``files.findings`` column: ``{"code":count,…}`` (no spaces)."""
    return "{" + ",".join([f"{encode_basestring(code)}:{n}" for code, n in counts.items()]) + "}"


def material_needle(red: str, black: str) -> str:
    """Text found in a ``materials`` column exactly when some entry has these two signatures.

    Signatures are letters only, so ``"<red>","<black>"]`` can begin only at
    an entry's red field (a ply is a number, and a field's closing quote is
    followed by a comma or a bracket, never by a letter).
    """
    return f'"{red}","{black}"]'
