"""Judging a whole main line: its decided repetitions, the ruling at its end, the natural limit (docs/spec/rules.md §7).

:func:`adjudicate` (a :class:`~xqformats.model.Game`) and
:func:`adjudicate_line` (a start position and moves) return an
:class:`Adjudication`:

* ``episodes`` — each run of consecutive plies at which a repetition is
  decided (a cycle played on past its third occurrence decides one at
  every ply), with the ruling where the run begins;
* ``final`` — the ruling that applies to the game's result (§7.1): the
  cycle decided at the last ply, when the main line ends in one;
* ``limit`` — where the natural limit was reached (§6).

A line without a repeated position costs :func:`~.cycles.scan_line` only
(one hash per ply); rulings are computed for the plies above alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from ..core import Move
from ..model import Game
from ..position import Position
from .cycles import Cycle, LineScan, cycle_of, line_scan, scan_line
from .limit import NaturalLimit, natural_limit
from .rulebook import RuleBook

if TYPE_CHECKING:
    from .ruling import EffectMemo, Ruling


@dataclass(frozen=True, slots=True)
class Episode:
    """Plies ``first`` to ``last`` each decide a repetition; ``ruling`` is the one decided at ``first``."""

    first: int
    last: int
    ruling: Ruling


@dataclass(frozen=True, slots=True)
class Adjudication:
    """What the rules say about one main line (see the module docstring)."""

    book: RuleBook
    scan: LineScan
    episodes: tuple[Episode, ...]
    final: Optional[Ruling]
    limit: Optional[NaturalLimit]

    @property
    def plies(self) -> int:
        return len(self.scan.moves)

    def expected_result(self) -> Optional[str]:
        """The result the ruling gives (§7.2): the winner's, when the game ends in a cycle whose ruling names a loser.

        ``None`` when the game does not end in a decided repetition or its ruling is a draw (which is not compared).
        """
        final = self.final
        return final.result if final is not None and final.loser is not None else None

    def contradicts(self, result: str) -> bool:
        """Whether the recorded ``result`` contradicts the ruling (§7.2).

        It does when the ruling names a loser and ``result`` is not the other side's win, unless it is a draw
        and the natural limit was reached (§6: that makes the game a draw, or lets a player claim one).
        """
        expected = self.expected_result()
        if expected is None or result not in ("1-0", "0-1", "1/2-1/2") or result == expected:
            return False
        return not (result == "1/2-1/2" and self.limit is not None)


def _runs(decided: Sequence[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for ply in decided:
        if runs and runs[-1][1] == ply - 1:
            runs[-1] = (runs[-1][0], ply)
        else:
            runs.append((ply, ply))
    return runs


def _judge(cycle: Cycle, book: RuleBook, memo: EffectMemo) -> Ruling:
    """:func:`.ruling.judge`, imported at the first cycle judged: most games repeat no position, and
    importing the judging (its move classifier and threat finder) was about 3 % of linting one small
    file."""
    from .ruling import judge

    return judge(cycle, book, memo)


def _ruling_at(scan: LineScan, ply: int, book: RuleBook, memo: EffectMemo) -> Optional[Ruling]:
    cycle = cycle_of(scan, ply)
    return _judge(cycle, book, memo) if cycle is not None else None


def adjudicate_scan(scan: LineScan, book: RuleBook, *, perpetual_only: bool = False) -> Adjudication:
    """:func:`adjudicate_line` for a line already replayed by :func:`~.cycles.scan_line`.

    With ``perpetual_only``, ``episodes`` holds only the episodes whose cycle
    has a side give check on every one of its moves (the only ones whose
    ruling can be a perpetual check, :attr:`~.ruling.Ruling.immediate`); the
    others are not judged, which is most of the cost of a line that repeats
    (every move of a cycle classified, §3).  ``final`` and ``limit`` are as
    without it.
    """
    episodes = []
    final: Optional[Ruling] = None
    total = len(scan.moves)
    memo: EffectMemo = {}  # the line's moves classified once, for all its cycles
    for first, last in _runs(scan.decided):
        cycle = cycle_of(scan, first)
        if cycle is None:
            continue  # a hash collision, not a repetition
        if not perpetual_only or _checks_throughout(cycle):
            ruling = _judge(cycle, book, memo)
            episodes.append(Episode(first, last, ruling))
            if last == total and first == total:
                final = ruling
        if last == total and final is None:
            final = _ruling_at(scan, total, book, memo)
    return Adjudication(book, scan, tuple(episodes), final, natural_limit(scan, book))


def _checks_throughout(cycle: Cycle) -> bool:
    """Whether a side gives check with every one of its moves in ``cycle`` (a perpetual check, §3.2, may be judged)."""
    gives = {True: True, False: True}  # side -> every move so far checks
    for j in range(len(cycle.moves)):
        side = cycle.positions[j].turn
        if gives[side] and not cycle.positions[j + 1].is_check():
            gives[side] = False
    return gives[True] or gives[False]


def adjudicate_line(start: Position, moves: Sequence[Move], book: RuleBook) -> Adjudication:
    """Judge the line ``moves`` (legal) played from ``start`` under ``book``."""
    return adjudicate_scan(scan_line(start, moves), book)


def game_line(game: Game) -> LineScan:
    """:func:`~.cycles.scan_line` of ``game``'s main line from its start.

    Where the reader's builder left the position at the main line's end
    (:attr:`Game.played_line <xqformats.model.Game.played_line>`) and it still
    holds the game's main line from the game's start, the line is taken from
    it instead of being played again: the same scan.
    """
    moves = game.mainline_moves()
    played = game.played_line
    if played is not None:
        key, halfmove, fullmove, end = played
        start = game.start
        if (
            end.move_stack == moves and key == start.zobrist()
            and (halfmove, fullmove) == (start.halfmove_clock, start.fullmove_number)
        ):
            keys, captures = end.stack_keys(key)
            return line_scan(start, moves, end, keys, captures)
    return scan_line(game.start, moves)


def adjudicate(game: Game, book: RuleBook) -> Adjudication:
    """Judge ``game``'s main line under ``book`` (its moves must be legal: a record read without errors)."""
    return adjudicate_line(game.start, game.mainline_moves(), book)
