"""``G109 duplicate-game``: a game the run has already met (docs/spec/README.md §4.6).

The rule needs every game of the run, so it is judged in two steps that work
the same in one process, with ``-j N`` and on a Dask cluster:

1. while a file is read (in whatever worker), each game's identity
   (:func:`xqformats.gamekey.game_key`, as a 16-byte digest) and where the
   game starts are kept in its :class:`~xqformats.lint.runner.FileResult`
   (``marks``) — only when ``G109`` is enabled for that file, so a run that
   does not select it computes nothing;
2. as the results come back **in input order**, :class:`DuplicateJudge`
   remembers the first game of each identity and reports every later one,
   naming the first copy.  Only earlier games are needed, so results are still
   printed as they come.

Like pgn-extract's ``-D``, the first copy in the run's order is the one kept
and the later ones are reported.  The finding is made after the file's
suppression comments were applied, so a comment does not silence it; select
or ignore the code instead (``per-file-ignores`` included).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple, Optional

from ..diagnostics import Diagnostic, Rule, Severity, Span
from ..gamekey import game_key

if TYPE_CHECKING:
    from ..model import Game
    from .runner import FileResult

DUPLICATE_GAME = Rule(
    "G109",
    "duplicate-game",
    Severity.INFO,
    "A game the run has already met: the same start position and main line",
    what=(
        "Reports a game whose start position (board and side to move) and main line are those of a "
        "game met earlier in the run (earlier in the same file, or in a file listed before it), and "
        "names that first copy. Headers, comments, variations and the record's format do not count: "
        "an XQF and a PGN of one game are duplicates."
    ),
    why=(
        "Archives hold the same game many times (two folders, two formats, once with comments and "
        "once without); a duplicate counts twice in every statistic and search. Informational and "
        "**opt-in**: whether a copy is wanted is the archive keeper's call. `xqformats duplicates` "
        "lists the groups, with mirrored and prefix matches too ([docs/archive.md](archive.md)).\n\n"
        "The finding is judged over the whole run, after each file's suppression comments: select or "
        "ignore the code (`per-file-ignores` too) rather than writing a comment."
    ),
    references=("docs/spec/README.md §4.6", "pgn-extract's `-D` (the first copy is kept)"),
    example='[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n\n'
    '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    fixed='[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n\n'
    '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马2进3 *\n',
    example_kind="pgn",
)


class GameMark(NamedTuple):
    """One game's identity (:meth:`~xqformats.gamekey.GameKey.digest`) and where it starts (``None``: a binary record)."""

    digest: bytes
    plies: int
    line: Optional[int]
    column: Optional[int]


def mark_of(game: "Game") -> GameMark:
    """The :class:`GameMark` of ``game``. O(plies)."""
    key = game_key(game)
    span = game.span
    if span is None:
        return GameMark(key.digest(), key.plies, None, None)
    return GameMark(key.digest(), key.plies, span.line, span.column)


class _First(NamedTuple):
    display: str
    number: int
    line: Optional[int]
    column: Optional[int]


class DuplicateJudge:
    """Reports each game whose identity an earlier game of the run had (give it results in input order).

    One judge per run: :func:`~xqformats.lint.runner.iter_results` makes one
    when it is not given one; a caller that runs several groups of files
    (one per configuration) passes the same judge to each.
    """

    __slots__ = ("_first",)

    def __init__(self) -> None:
        self._first: dict[bytes, _First] = {}

    def judge(self, result: "FileResult") -> "FileResult":
        """``result`` with a ``G109`` finding for each of its games met before; unchanged when it has no marks."""
        if not result.marks:
            return result
        found: list[Diagnostic] = []
        for number, mark in enumerate(result.marks, 1):
            here = _First(result.display, number, mark.line, mark.column)
            first = self._first.setdefault(mark.digest, here)
            if first is not here:
                found.append(_finding(here, first, mark.plies))
        if not found:
            return result
        diags = sorted(result.diagnostics + tuple(found), key=lambda d: (d.line or 0, d.column or 0))
        return replace(result, diagnostics=tuple(diags))


def _point(first: _First) -> Optional[Span]:
    return Span.point(first.line, first.column) if first.line is not None and first.column is not None else None


def _finding(here: _First, first: _First, plies: int) -> Diagnostic:
    where = f"game {first.number}" if first.display == here.display else f"`{first.display}` game {first.number}"
    moves = f"{plies} {'ply' if plies == 1 else 'plies'}"
    message = f"Game {here.number} is the same game as {where} (same start position and main line, {moves})"
    diag = Diagnostic.of(DUPLICATE_GAME, message, _point(here), path=here.display)
    if first.display != here.display or first.line is None:
        return diag  # (the message names the other file: a note is placed in the finding's own file)
    return replace(diag, related=(Diagnostic.of(DUPLICATE_GAME, "The first copy", _point(first), path=first.display),))
