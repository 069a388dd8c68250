"""FEN for xiangqi: parse, validate and emit.

Form (docs/spec/fen.md §1.1)::

    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1

Ten ranks from Black's side (rank 9) down to Red's (rank 0), each nine cells
wide; Red upper case, Black lower case; letters ``K A B N R C P`` (``E`` for the
elephant and ``H`` for the horse also occur and are read with a warning); side
``w`` or ``r`` for Red, ``b`` for Black; fields 3 and 4 are ``-``; then the
halfmove clock and the move number.  Missing trailing fields take their
defaults (Red to move, ``- - 0 1``).

:func:`parse_fen` never raises: it returns the position (``None`` when the text
cannot be read as a board) and every problem as a :class:`Diagnostic`, with
1-based columns inside the FEN text (relocate with ``Diagnostic.shifted``).

This module is the diagnostics face of FEN: the rules (codes, severities,
documentation) and the mapping of the reader's problems onto them.  Reading
and printing live with the position (:func:`xqformats.position.read_fen`,
:func:`xqformats.position.board_fen`, :meth:`Position.setup_problems`), which
needs them for ``Position(fen)`` and ``Position.fen()``; ``board_fen`` and
``STARTING_FEN`` are re-exported here for callers of this module.
"""

from __future__ import annotations

from typing import Optional

from .diagnostics import Diagnostic, Rule, Severity, Span
from .position import FenProblem, Position, read_fen

#: The published sources of the FEN syntax, by title (docs/spec/README.md §3.1).
_SOURCES = ("《java 象棋论文》 §2.3", "xqbase.com 《中国象棋电脑应用规范》(三) FEN文件格式")


FEN_SYNTAX = Rule(
    "F101",
    "fen-syntax",
    Severity.ERROR,
    "The FEN board is not ten ranks of nine cells",
    what=(
        "Each of the ten ranks, separated by `/`, must describe exactly nine cells (digits count "
        "empty cells)."
    ),
    why=(
        "A board that is not ten ranks of nine points describes no position: the reader returns "
        "none, and a record that starts from it cannot place its moves."
    ),
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
    references=(
        "docs/spec/fen.md §2.2",
        "an empty FEN: docs/spec/fen.md §1.1",
        *_SOURCES,
    ),
)
FEN_PIECE = Rule(
    "F102",
    "fen-unknown-piece",
    Severity.ERROR,
    "A FEN board holds a character that is no piece letter",
    what="Piece letters are `K A B N R C P` (Red) and `k a b n r c p` (Black).",
    why=(
        "A character that names no piece leaves the board unreadable: the reader returns no "
        "position, and a record that starts from it cannot place its moves."
    ),
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
    references=(
        "docs/spec/fen.md §2.3",
        *_SOURCES,
    ),
)
FEN_ALIAS = Rule(
    "F103",
    "fen-alias-letter",
    Severity.WARNING,
    "A FEN board uses `E`/`H` instead of `B`/`N`",
    what=(
        "Some programs write `E` (elephant) and `H` (horse); the standard letters are `B` and `N`. "
        "The aliases are read as those pieces."
    ),
    why="A reader that knows only the standard letters rejects such a board.",
    example="rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
    deviation=True,
    references=(
        "docs/spec/fen.md §2.3",
        *_SOURCES,
    ),
)
FEN_SIDE = Rule(
    "F104",
    "fen-side-to-move",
    Severity.ERROR,
    "The FEN side-to-move field is not `w`, `r` or `b`",
    what="Field 2 names the side to move: `w` or `r` for Red, `b` for Black.",
    why="Without the side to move no move can be checked: the first move may be either side's.",
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
    references=(
        "docs/spec/fen.md §2.4",
        *_SOURCES,
    ),
)
FEN_FIELDS = Rule(
    "F105",
    "fen-fields",
    Severity.WARNING,
    "FEN fields 3–6 are not `- - <halfmove> <move number>`",
    what=(
        "Xiangqi has no castling or en passant: fields 3 and 4 are `-`; fields 5 and 6 are the "
        "halfmove clock (0 or more) and the move number (1 or more); nothing follows. 《java 象棋论文》 "
        "(§2.3) writes four fields, `<board> w 0 1`, with no dashes: it is read as `<board> w - - "
        "0 1` with this warning."
    ),
    why=(
        "A reader that expects the six fields of the standard form may refuse the FEN or misread "
        "its counters; this reader keeps the default for a counter it cannot read."
    ),
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    example_kind="fen",
    deviation=True,
    references=(
        "docs/spec/fen.md §2.5, §2.6",
        *_SOURCES,
    ),
)
FEN_COUNT = Rule(
    "F106",
    "fen-too-many-pieces",
    Severity.ERROR,
    "A side has more pieces of a kind than the game has",
    what=(
        "Per side at most 1 king, 2 advisors, 2 elephants, 2 horses, 2 rooks, 2 cannons and 5 "
        "pawns."
    ),
    why=(
        "A game starts with these pieces and can only lose them, so no game reaches such a "
        "position: the record is damaged or was set up by mistake."
    ),
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RRBAKABNR w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
    references=(
        "docs/spec/fen.md §3.1",
        "the pieces: docs/spec/board.md §3.1",
    ),
)
FEN_SQUARE = Rule(
    "F107",
    "fen-unreachable-square",
    Severity.ERROR,
    "A piece stands on a point it can never reach",
    what=(
        "Kings and advisors stay on their palace points, elephants on their seven points, and "
        "pawns never stand behind their start rank nor, before the river, off the five pawn files."
    ),
    why="Such a position cannot come from a game.",
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBKAABNR w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
    references=(
        "docs/spec/fen.md §3.2",
        "the points: docs/spec/board.md §4.8",
    ),
)
FEN_KING = Rule(
    "F108",
    "fen-missing-king",
    Severity.ERROR,
    "A side has no king",
    what="Each side has exactly one king.",
    why=(
        "Check and mate are defined on the king: without one, the moves cannot be judged by the "
        "rules."
    ),
    example="rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
    references=("docs/spec/fen.md §3.3",),
)
FEN_FACING = Rule(
    "F109",
    "fen-kings-facing",
    Severity.ERROR,
    "The two kings face each other on an open file",
    what="Reports a position in which the two kings stand on one file with no piece between them.",
    why=(
        "The flying-general rule forbids the kings to stand on one file with no piece between "
        "them; no legal game reaches such a position."
    ),
    example="4k4/9/9/9/9/9/9/9/9/4K4 w",
    fixed="3k5/9/9/9/9/9/9/9/9/4K4 w",
    example_kind="fen",
    references=(
        "docs/spec/fen.md §3.4",
        "docs/spec/board.md §5.3",
    ),
)
FEN_CHECK = Rule(
    "F110",
    "fen-opponent-in-check",
    Severity.ERROR,
    "The side not to move is in check",
    what="Reports a position in which the king of the side not to move is attacked.",
    why=(
        "The side that just moved cannot have left its own king attacked, so the side not to move "
        "is never in check."
    ),
    example="3k5/9/9/9/9/9/9/9/9/3RK4 w",
    fixed="3k5/9/9/9/9/9/9/9/9/3RK4 b",
    example_kind="fen",
    references=(
        "docs/spec/fen.md §3.5",
        "docs/spec/board.md §5.2",
    ),
)

#: The rule of each kind of problem the position's FEN reader reports.
RULE_OF: dict[FenProblem, Rule] = {
    FenProblem.SYNTAX: FEN_SYNTAX,
    FenProblem.PIECE: FEN_PIECE,
    FenProblem.ALIAS: FEN_ALIAS,
    FenProblem.SIDE: FEN_SIDE,
    FenProblem.FIELDS: FEN_FIELDS,
    FenProblem.COUNT: FEN_COUNT,
    FenProblem.SQUARE: FEN_SQUARE,
    FenProblem.KING: FEN_KING,
    FenProblem.FACING: FEN_FACING,
    FenProblem.CHECK: FEN_CHECK,
}


def _span(start: int, end: int) -> Span:
    return Span(start, end, 1, start + 1, 1, end + 1)


def parse_fen(text: str) -> tuple[Optional[Position], list[Diagnostic]]:
    """Read a FEN; return ``(position or None, diagnostics)``.

    The position is returned whenever the board can be read, even with
    semantic errors (too many pieces, kings facing, …), so callers can still
    show it; check the diagnostics' severities before trusting it.
    """
    diags: list[Diagnostic] = []

    def report(problem: FenProblem, message: str, start: int, end: int) -> None:
        diags.append(Diagnostic.of(RULE_OF[problem], message, _span(start, end)))

    return read_fen(text, report), diags


def validate_fen(text: str) -> list[Diagnostic]:
    """Every problem of a FEN text (empty when it is valid)."""
    return parse_fen(text)[1]
