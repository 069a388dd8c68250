"""Grouping the same game across an archive (``xqformats duplicates``; docs/spec/README.md §4.6).

Games are the same when their start position and main line are
(:mod:`xqformats.gamekey`); headers, comments, variations and format do not
count.  Two options widen the net, as Scid's duplicate search does:

* ``mirror``: a game and its left–right mirror image are grouped.  Each game
  is compared in a canonical orientation, the lesser of itself and its mirror
  image (by start hash, then moves), so a game and its mirror image meet;
* ``prefix``: a game is grouped with a longer game that starts the same way
  (same start, its whole main line the beginning of the other's).  Sorted by
  their moves, a line's extensions follow it at once, so each line joins the
  first line after it that nothing extends: the longest game it begins.

Each group names the member with the most comments and variations (the
copy to keep, when one is to be kept), the first in the run's order on a tie.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, NamedTuple

from ..core import SQUARES
from ..geometry import mirror_left_right
from .queries import GameRow

#: bytes.translate table: a square's byte -> its mirror image's.
_MIRROR = bytes(mirror_left_right(b) if b in SQUARES else b for b in range(256))


def mirrored_moves(moves: bytes) -> bytes:
    """A main line (:func:`~xqformats.gamekey.encode_moves`) reflected between the wings."""
    return moves.translate(_MIRROR)


class Member(NamedTuple):
    """A game in a group: its row, whether it is the group's first game mirrored, and whether it is shorter than the group's longest."""

    row: GameRow
    mirrored: bool
    prefix: bool


@dataclass
class Group:
    """Games that are the same game (with ``mirror``/``prefix``, also mirrored or shorter)."""

    members: list[Member]
    #: The index in ``members`` of the one with the most comments and variations.
    best: int
    #: The longest member's plies.
    plies: int


class _Canon(NamedTuple):
    start: int
    moves: bytes
    flipped: bool


def _canon(row: GameRow, mirror: bool) -> _Canon:
    if not mirror:
        return _Canon(row.start_hash, row.moves, False)
    other = (row.mirror_hash, mirrored_moves(row.moves))
    if other < (row.start_hash, row.moves):
        return _Canon(other[0], other[1], True)
    return _Canon(row.start_hash, row.moves, False)


def _leaders(keys: Iterable[tuple[int, bytes]]) -> dict[tuple[int, bytes], tuple[int, bytes]]:
    """Each line -> the longest line it begins (itself when nothing extends it); see the module docstring."""
    ordered = sorted(set(keys))
    leader: dict[tuple[int, bytes], tuple[int, bytes]] = {}
    pending: list[tuple[int, bytes]] = []
    for i, key in enumerate(ordered):
        nxt = ordered[i + 1] if i + 1 < len(ordered) else None
        pending.append(key)
        if nxt is not None and nxt[0] == key[0] and nxt[1].startswith(key[1]):
            continue  # the next line extends this one: not the end of a chain
        for k in pending:
            leader[k] = key
        pending = []
    return leader


def group_games(rows: Iterable[GameRow], *, mirror: bool = False, prefix: bool = False) -> list[Group]:
    """The groups of two or more games among ``rows`` (in the run's order), first member's order first."""
    canon: list[tuple[GameRow, _Canon]] = [(r, _canon(r, mirror)) for r in rows]
    keys = [(c.start, c.moves) for _, c in canon]
    leader = _leaders(keys) if prefix else {k: k for k in keys}
    buckets: dict[tuple[int, bytes], list[tuple[GameRow, _Canon]]] = {}
    for row, c in canon:
        buckets.setdefault(leader[(c.start, c.moves)], []).append((row, c))
    out: list[Group] = []
    for found in buckets.values():
        if len(found) < 2:
            continue
        first_flip = found[0][1].flipped
        longest = max(len(c.moves) for _, c in found)
        members = [Member(r, c.flipped != first_flip, len(c.moves) < longest) for r, c in found]
        richest = max(range(len(members)), key=lambda i: (members[i].row.comments + members[i].row.variations, -i))
        out.append(Group(members, richest, longest // 2))
    return out
