"""The diagnostic codes of the WXF game file reader, declared once (ruff's model).

``W1xx``: the file's structure (docs/spec/wxfgame.md §2) and its moves (§3).
A move that cannot be read is reported first with the notation's own code
(M1xx–M3xx, positioned on the move), then with W106 for the moves left unread.

``example``/``fixed`` are whole ``.wxf`` texts (``example_kind="wxf"``): read
with :func:`xqformats.wxfgame.read_wxfgame`, the example reports the rule and
the fixed text reports nothing (``tests/test_wxfgame.py``).
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("W1", "WXF game files"),
)


def _wxf(head: str = "", moves: str = " 1.  C2.5  H8+7     2.  H2+3  R9.8", tail: str = "") -> str:
    """A small WXF game file (for rule examples)."""
    return f"FORMAT\tWXF\nRED\tA\nBLACK\tB\n{head}\nSTART{{\n{moves}\n}}END\n{tail}"


STRAY_TEXT = Rule(
    "W101",
    "wxf-stray-text",
    Severity.ERROR,
    "Text before the moves is neither a header line nor a comment",
    what=(
        "Reports text before `START{` that is not a header line (a keyword in capitals and its "
        "value) or a `/*…*/` comment. It is skipped."
    ),
    why=(
        "Header keywords are written in capitals at the start of a line; anything else there is "
        "damage or a header the reader cannot name."
    ),
    example=_wxf("Event: Cup"),
    fixed=_wxf("/*Event: Cup*/"),
    example_kind="wxf",
    references=("docs/spec/wxfgame.md §2.2",),
)
NO_MOVES = Rule(
    "W102",
    "wxf-no-moves",
    Severity.ERROR,
    "The file has no `START{` move section",
    what="Reports a file without `START{`: its moves (if any) are not read.",
    why=(
        "The moves of a WXF game file stand between `START{` and `}END`; without them the file "
        "holds no game. A bare numbered move list is PGN movetext: name the file `.pgn`."
    ),
    example="FORMAT\tWXF\nRED\tA\n",
    fixed="FORMAT\tWXF\nRED\tA\nSTART{\n}END\n",
    example_kind="wxf",
    references=("docs/spec/wxfgame.md §2.1",),
)
UNCLOSED_MOVES = Rule(
    "W103",
    "wxf-unclosed-moves",
    Severity.WARNING,
    "The move section has no `}END`",
    what="Reports `START{` without its `}END`; the moves are read to the end of the file.",
    why=(
        "A file cut short loses its last moves and its end marker; the moves before the cut are "
        "still clear."
    ),
    example=_wxf().replace("}END\n", ""),
    fixed=_wxf(),
    example_kind="wxf",
    deviation=True,
    references=("docs/spec/wxfgame.md §3.1",),
)
UNKNOWN_HEADER = Rule(
    "W104",
    "wxf-unknown-header",
    Severity.INFO,
    "A header keyword is not one the reader maps",
    what=(
        "Reports a header line whose keyword is not FORMAT, GAME, RED, BLACK, DATE or RESULT. "
        "Its value is kept as the header `WXF_KEYWORD` and written back by the WXF writer."
    ),
    why=(
        "An unknown keyword may be a misspelt known one, whose value then goes missing from the "
        "headers a converter maps."
    ),
    example=_wxf("PLAEC\tBeijing"),
    fixed=_wxf(),
    example_kind="wxf",
    references=("docs/spec/wxfgame.md §2.2",),
)
FORMAT_LINE = Rule(
    "W105",
    "wxf-format",
    Severity.WARNING,
    "The FORMAT line does not say WXF",
    what=(
        "Reports a missing `FORMAT` line, or one naming another move format (ICCS, LALG, SALG). "
        "The moves are read by their shape."
    ),
    why=(
        "The FORMAT line says how the moves are written; this reader reads WXF (and ICCS) moves, "
        "and a file that names another format may not mean what its moves seem to say."
    ),
    example=_wxf().replace("FORMAT\tWXF", "FORMAT\tSALG"),
    fixed=_wxf(),
    example_kind="wxf",
    references=("docs/spec/wxfgame.md §2.2",),
)
MOVES_NOT_READ = Rule(
    "W106",
    "wxf-moves-not-read",
    Severity.ERROR,
    "Moves after a move that cannot be read are not read",
    what=(
        "Reports, as a related note on the notation's own finding on a move that cannot be read "
        "(not WXF, ambiguous or illegal; SARIF `relatedLocations`, an indented `note:` line in text "
        "output), that the moves from there to the end are not read."
    ),
    why="Every later position depends on the move; a reader cannot guess what was meant.",
    example=_wxf(moves=" 1.  C2.5  H8+7     2.  H2+3  R9+9"),
    fixed=_wxf(),
    example_kind="wxf",
    references=("docs/spec/wxfgame.md §3.2",),
)
DETACHED_ANNOTATION = Rule(
    "W107",
    "wxf-detached-annotation",
    Severity.WARNING,
    "An annotation stands apart from its move",
    what=(
        "Reports an annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`) separated from the move before "
        "it by white space (real files write `C8-2    !!12.`); it is read as that move's annotation."
    ),
    why=(
        "An annotation follows its move directly (`C2.5!!`); apart, it may be taken for part of "
        "the next move number."
    ),
    example=_wxf(moves=" 1.  C2.5  H8+7 !!    2.  H2+3  R9.8"),
    fixed=_wxf(moves=" 1.  C2.5  H8+7!!     2.  H2+3  R9.8"),
    example_kind="wxf",
    deviation=True,
    references=("docs/spec/wxfgame.md §3.3",),
)
TEXT_AFTER_END = Rule(
    "W108",
    "wxf-text-after-end",
    Severity.WARNING,
    "Text after `}END` is not a comment",
    what="Reports text after `}END` other than `/*…*/` comments; it is ignored.",
    why="The game ends at `}END`; text after it belongs to nothing.",
    example=_wxf(tail="1-0\n"),
    fixed=_wxf(tail="/*1-0*/\n"),
    example_kind="wxf",
    references=("docs/spec/wxfgame.md §3.4",),
)
UNCLOSED_COMMENT = Rule(
    "W109",
    "wxf-unclosed-comment",
    Severity.ERROR,
    "A comment has no closing `*/`",
    what="Reports `/*` without its `*/`: the rest of the file is read as the comment.",
    why="Everything after the opening `/*` is lost to the comment, moves and `}END` included.",
    example=_wxf("/*Time control"),
    fixed=_wxf("/*Time control*/"),
    example_kind="wxf",
    references=("docs/spec/wxfgame.md §2.3",),
)
MOVE_NUMBER = Rule(
    "W110",
    "wxf-move-number",
    Severity.WARNING,
    "A move number is out of sequence",
    what=(
        "Reports a move number `N.` that is not the number of the Red move after it (1, 2, … in "
        "order), or that stands before a Black move."
    ),
    why=(
        "Move numbers count Red's moves; a wrong one shows a move lost or doubled when the file "
        "was written."
    ),
    example=_wxf(moves=" 1.  C2.5  H8+7     3.  H2+3  R9.8"),
    fixed=_wxf(),
    example_kind="wxf",
    references=("docs/spec/wxfgame.md §3.1",),
)
