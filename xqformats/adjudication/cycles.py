"""Replaying a main line once, with a position key per ply: where positions repeat (docs/spec/rules.md §2).

:func:`scan_line` is what every game pays, repetition or not: one make per
ply on the rules engine and one incremental hash (the rules engine's Zobrist
numbers, :data:`~xqformats.position.ZOBRIST_PIECES`: one per piece and point,
and one for the side to move, combined by exclusive or, so a move changes the
key by two or three table entries; the same hash the archive index stores).  It
counts each key's occurrences since the last capture (a capture can never be
undone, so no position before it recurs) and notes the plies whose position
occurs for the third time or more: there a repetition is decided (§2.2).
Everything else — which plies form the cycle, what each move does — is
computed only for those plies (:func:`cycle_of`).

The keys are a hash: two positions with one key are compared square by
square before a cycle is taken (:func:`cycle_of` replays and checks), so a
collision can hide nothing and invent nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ..core import Move
from ..position import Position


def position_key(pos: Position) -> int:
    """The Zobrist key of ``pos``: its board and side to move (§2.1; :meth:`Position.zobrist`)."""
    return pos.zobrist()


@dataclass(frozen=True, slots=True)
class LineScan:
    """One replay of a line: the end position, each ply's key, and where repetitions are decided.

    ``keys[i]`` is the key of the position after ``i`` moves (``keys[0]``: the
    start).  ``decided`` lists, in order, the plies whose position has then
    occurred at least three times since the last capture.  ``captures`` lists
    the plies that captured.
    """

    start: Position
    moves: tuple[Move, ...]
    end: Position
    keys: tuple[int, ...]
    decided: tuple[int, ...]
    captures: tuple[int, ...]


def scan_line(start: Position, moves: Sequence[Move]) -> LineScan:
    """Play ``moves`` (legal, in order) from ``start``; O(plies), one hash update per ply."""
    pos = start.copy()
    keys, captures = pos.replay(moves)  # (the rules engine's make and key update, one loop for the whole line)
    return line_scan(start, moves, pos, keys, captures)


def line_scan(start: Position, moves: Sequence[Move], end: Position, keys: list[int], captures: list[int]) -> LineScan:
    """The scan of ``moves`` played from ``start`` to ``end``, given each position's key and the plies
    that captured (as :meth:`Position.replay` returns them)."""
    return LineScan(start, tuple(moves), end, tuple(keys), _decided(keys, captures), tuple(captures))


def _decided(keys: list[int], captures: list[int]) -> tuple[int, ...]:
    """The plies whose position has occurred at least three times since the last capture before them."""
    if len(keys) - len(set(keys)) < 2:
        return ()  # (no key occurs three times in the whole line: the usual case, decided without a loop)
    decided: list[int] = []
    seen: dict[int, int] = {}
    cuts = set(captures)
    for ply, key in enumerate(keys):
        if ply in cuts:
            seen = {}
        count = seen.get(key, 0) + 1
        seen[key] = count
        if count >= 3:
            decided.append(ply)
    return tuple(decided)


@dataclass(frozen=True, slots=True)
class Cycle:
    """A decided repetition (§2.2–§2.3): the position after ``plies[-1]`` moves occurred at each of ``plies``.

    ``plies`` are its last three occurrences (ply numbers, 0 the start); the
    cycle's moves are plies ``plies[0] + 1`` to ``plies[-1]``.  ``positions[i]``
    is the position after ``first + i`` moves, from ``first = plies[0]`` to the
    end of the cycle; ``counts[i]`` how many times it had occurred by then.
    """

    plies: tuple[int, int, int]
    moves: tuple[Move, ...]
    positions: tuple[Position, ...]
    counts: tuple[int, ...]

    @property
    def first(self) -> int:
        return self.plies[0]

    @property
    def last(self) -> int:
        return self.plies[-1]


def _occurrences(scan: LineScan, ply: int) -> list[int]:
    """Earlier plies with the same key as ``ply``, back to the last capture before it."""
    floor = max((c for c in scan.captures if c <= ply), default=0)
    key = scan.keys[ply]
    return [i for i in range(floor, ply + 1) if scan.keys[i] == key]


def cycle_of(scan: LineScan, ply: int) -> Optional[Cycle]:
    """The cycle decided at ``ply`` (one of ``scan.decided``), checked square by square; ``None`` on a hash collision."""
    same = _occurrences(scan, ply)
    if len(same) < 3:
        return None
    first, middle, last = same[-3], same[-2], same[-1]
    pos = scan.start.copy()
    for move in scan.moves[:first]:
        pos.push(move)
    positions = [pos.copy()]
    for move in scan.moves[first:last]:
        pos.push(move)
        positions.append(pos.copy())
    if not (positions[0] == positions[middle - first] == positions[-1]):
        return None
    counts = tuple(sum(1 for i in _occurrences(scan, first + j)) for j in range(len(positions)))
    return Cycle((first, middle, last), scan.moves[first:last], tuple(positions), counts)
