"""The natural limit: a long stretch without a capture (docs/spec/rules.md §6).

* CXA 4.2.4: sixty rounds in a row (120 plies) in which neither side
  captured is a draw (§6.1);
* AXF: a player may claim a draw once sixty moves of each side (120 plies)
  have passed without a capture, when the claimant gave at most ten checks
  in them (§6.2).

Counting starts at the record's start position (§6.3).  :func:`natural_limit`
uses the captures :func:`~.cycles.scan_line` noted; the checks are counted
(one replay) only when a stretch long enough exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Optional

from ..core import BLACK, RED, Color
from .cycles import LineScan
from .rulebook import RuleBook


@dataclass(frozen=True, slots=True)
class NaturalLimit:
    """The limit was reached after ``ply`` moves: plies ``first`` to ``ply`` captured nothing.

    ``checks`` counts each side's checks in those plies (AXF only; empty
    under CXA); ``claimants`` are the sides that may claim the draw there.
    """

    book: RuleBook
    ply: int
    first: int
    checks: dict[Color, int]
    claimants: tuple[Color, ...]


def _check_flags(scan: LineScan) -> list[bool]:
    """``flags[i]``: whether the move of ply ``i`` (from 1) gave check; ``flags[0]`` is unused."""
    pos = scan.start.copy()
    flags = [False]
    for move in scan.moves:
        pos.push(move)
        flags.append(pos.is_check())
    return flags


def natural_limit(scan: LineScan, book: RuleBook) -> Optional[NaturalLimit]:
    """The first ply of the main line at which ``book``'s natural limit is reached, or ``None``."""
    span = book.limit_plies
    total = len(scan.moves)
    breaks = [0, *scan.captures, total + 1]
    flags: Optional[list[bool]] = None
    for last_capture, next_capture in pairwise(breaks):
        # Plies last_capture + 1 .. next_capture - 1 captured nothing.
        for ply in range(last_capture + span, min(next_capture - 1, total) + 1):
            first = ply - span + 1
            if book.limit_checks is None:
                return NaturalLimit(book, ply, first, {}, (RED, BLACK))
            if flags is None:
                flags = _check_flags(scan)
            checks = _checks_by_side(scan, flags, first, ply)
            claimants = tuple(s for s in (RED, BLACK) if checks[s] <= book.limit_checks)
            if claimants:
                return NaturalLimit(book, ply, first, checks, claimants)
    return None


def _checks_by_side(scan: LineScan, flags: list[bool], first: int, last: int) -> dict[Color, int]:
    """Checks given by each side in plies ``first`` to ``last`` (the side of ply 1 is the start's side to move)."""
    red_first = scan.start.turn
    counts = {RED: 0, BLACK: 0}
    for ply in range(first, last + 1):
        if flags[ply]:
            mover = red_first if ply % 2 == 1 else not red_first
            counts[mover] += 1
    return counts
