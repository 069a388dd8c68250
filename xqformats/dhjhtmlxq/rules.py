"""The diagnostic codes of the DHJHtmlXQ reader, declared once (ruff's model).

``H1xx``: the block structure (docs/spec/dhjhtmlxq.md §2), the start position
(§3), the moves (§4), comments (§5) and info tags (§6).  Set-up problems of
a board that no game can reach are the FEN rules' (F106–F110), as for every
other start position.

``example``/``fixed`` are whole DHJHtmlXQ texts (``example_kind="dhjhtmlxq"``):
read with :func:`xqformats.dhjhtmlxq.read_dhjhtmlxq`, the example reports the
rule and the fixed text reports nothing (``tests/test_dhjhtmlxq.py``).
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("H1", "DHJHtmlXQ (打虎将)"),
)


def _ubb(*blocks: str) -> str:
    """A small DHJHtmlXQ record (for rule examples): ``blocks`` inside the ``[DHJHtmlXQ]`` wrapper."""
    return "[DHJHtmlXQ]\n" + "".join(b + "\n" for b in blocks) + "[/DHJHtmlXQ]\n"


def _tag(number: str, value: str) -> str:
    return f"[DHJHtmlXQ_{number}]{value}[/DHJHtmlXQ_{number}]"


#: 炮二平五 马8进7: h2-e2, h9-g7 (docs/spec/dhjhtmlxq.md §4.1: y counted from Red's side).
_MOVES = _tag("34", "72427967")
#: The initial position (docs/spec/dhjhtmlxq.md §3.1).
_BOARD = "rnbakabnr" + "*" * 9 + "*c*****c*" + "p*p*p*p*p" + "*" * 18 + "P*P*P*P*P" + "*C*****C*" + "*" * 9 + "RNBAKABNR"
_REFS = "docs/spec/dhjhtmlxq.md"

# ---------------------------------------------------------------- blocks (§2)

NO_BLOCK = Rule(
    "H101",
    "dhjhtmlxq-no-block",
    Severity.ERROR,
    "The text holds no DHJHtmlXQ block",
    what="Reports a text read as DHJHtmlXQ in which no `[DHJHtmlXQ_…]` block (nor a comment block) stands.",
    why="A DHJHtmlXQ record is made of its blocks; text around them is ignored, so a text without any holds no game.",
    example="A page without a game.\n",
    fixed=_ubb(_MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §2.1",),
)
UNCLOSED_BLOCK = Rule(
    "H102",
    "dhjhtmlxq-unclosed-block",
    Severity.WARNING,
    "A block has no closing tag",
    what=(
        "Reports a `[DHJHtmlXQ_n]` block, a comment block or a `[DHJHtmlXQ]` wrapper that is not closed. "
        "The block is read up to the next block marker (the wrapper to the end of the text)."
    ),
    why="Each block ends with its closing tag; without one the reader must guess where the value ends (often a page cut short).",
    example=_ubb("[DHJHtmlXQ_10]Game", _MOVES),
    fixed=_ubb(_tag("10", "Game"), _MOVES),
    example_kind="dhjhtmlxq",
    deviation=True,
    references=(f"{_REFS} §2.1",),
)
CLOSE_MISMATCH = Rule(
    "H103",
    "dhjhtmlxq-close-mismatch",
    Severity.WARNING,
    "A closing tag names another block",
    what=(
        "Reports `[DHJHtmlXQ_10]…[/DHJHtmlXQ_11]`: the closing tag of a block names another block. The block is "
        "read under its opening name. A comment's `[game_comment_0_1]` closed by `[/comment_0_1]` is no mismatch."
    ),
    why="The names of a block's two tags are the same; a different one is a typing or editing error.",
    example=_ubb("[DHJHtmlXQ_10]Game[/DHJHtmlXQ_11]", _MOVES),
    fixed=_ubb(_tag("10", "Game"), _MOVES),
    example_kind="dhjhtmlxq",
    deviation=True,
    references=(f"{_REFS} §2.1", f"{_REFS} §5.1"),
)
STRAY_CLOSE = Rule(
    "H104",
    "dhjhtmlxq-stray-close",
    Severity.WARNING,
    "A closing tag closes no block",
    what="Reports a `[/DHJHtmlXQ_n]`, `[/comment_…]` or `[/DHJHtmlXQ]` with no block open; it is ignored.",
    why="A closing tag without its opening one is left over from an edit; what it belonged to may be lost.",
    example=_ubb(_MOVES, "[/DHJHtmlXQ_10]"),
    fixed=_ubb(_MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §2.1",),
)
REPEATED_BLOCK = Rule(
    "H105",
    "dhjhtmlxq-repeated-block",
    Severity.WARNING,
    "A block appears twice in one record",
    what="Reports a block whose name was already given in the same record (two `_34`s, two `_10`s). The first is kept.",
    why="Each block of a record is given once; a second one contradicts the first, and readers differ in which one they keep.",
    example=_ubb(_tag("10", "A"), _tag("10", "B"), _MOVES),
    fixed=_ubb(_tag("10", "A"), _MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §2.2",),
)

# ---------------------------------------------------------------- the start position (§3)

BOARD_LENGTH = Rule(
    "H106",
    "dhjhtmlxq-board-length",
    Severity.ERROR,
    "The board `_31` does not hold 90 squares",
    what="Reports a board whose squares (piece letters and `*`) are not 90. The game is read from the initial position.",
    why="Each square is found by its place in the 90; with one missing or added every later piece would stand on a wrong square.",
    example=_ubb(_tag("31", _BOARD[:-1]), _MOVES),
    fixed=_ubb(_tag("31", _BOARD), _MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §3.1",),
)
BOARD_CHARACTER = Rule(
    "H107",
    "dhjhtmlxq-board-character",
    Severity.WARNING,
    "The board `_31` holds characters that are no square",
    what=(
        "Reports white space or other characters inside the board that are neither a piece letter (`RNBAKCP`, "
        "`rnbakcp`) nor `*`; they are skipped and the squares read. One finding per board."
    ),
    why="The board is 90 squares in one run; line breaks come from software that wraps long lines, other characters are damage.",
    example=_ubb(_tag("31", _BOARD[:45] + "\n" + _BOARD[45:]), _MOVES),
    fixed=_ubb(_tag("31", _BOARD), _MOVES),
    example_kind="dhjhtmlxq",
    deviation=True,
    references=(f"{_REFS} §3.1",),
)
SIDE_VALUE = Rule(
    "H108",
    "dhjhtmlxq-side-value",
    Severity.ERROR,
    "The side to move `_32` is neither 0 nor 1",
    what="Reports a `_32` whose value is not `0` (Red) or `1` (Black). The side is then told by the first move.",
    why="The side to move decides which moves are legal; a value that names neither side is damage.",
    example=_ubb(_tag("31", _BOARD), _tag("32", "w"), _MOVES),
    fixed=_ubb(_tag("31", _BOARD), _tag("32", "0"), _MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §3.2",),
)
START_VALUE = Rule(
    "H109",
    "dhjhtmlxq-start-value",
    Severity.WARNING,
    "The start ply `_33` is not a number",
    what="Reports a `_33` that is not a whole number of plies. The start is read as move 1.",
    why="The start ply gives the move number of the start position; text there says nothing of it.",
    example=_ubb(_tag("33", "one"), _MOVES),
    fixed=_ubb(_tag("33", "0"), _MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §3.3",),
)

# ---------------------------------------------------------------- moves (§4)

MOVE_LENGTH = Rule(
    "H110",
    "dhjhtmlxq-move-length",
    Severity.ERROR,
    "The moves' digits are not a multiple of 4",
    what="Reports the one to three digits left over at the end of `_34` (each move is four digits). They are not read.",
    why="A move list cut short, or with a digit lost, holds a partial move.",
    example=_ubb(_tag("34", "7242796")),
    fixed=_ubb(_MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §4.1",),
)
NOT_A_DIGIT = Rule(
    "H111",
    "dhjhtmlxq-not-a-digit",
    Severity.WARNING,
    "The moves hold characters other than digits",
    what=(
        "Reports white space or other characters inside `_34`; they are skipped and the digits read. One finding "
        "per block: the first such text, with how many more the block holds."
    ),
    why="The moves are digits only; line breaks come from software that wraps long lines, other characters are damage.",
    example=_ubb(_tag("34", "7242\n7967")),
    fixed=_ubb(_MOVES),
    example_kind="dhjhtmlxq",
    deviation=True,
    references=(f"{_REFS} §4.1",),
)
ILLEGAL_MOVE = Rule(
    "H112",
    "dhjhtmlxq-illegal-move",
    Severity.ERROR,
    "A move is off the board or not legal",
    what="Reports the first move of `_34` that is not legal in its position (or names a point off the board). It and the moves after it are not read.",
    why="Every later position depends on the move; a reader cannot guess what was meant.",
    # 7242 then 7262: the cannon h2-e2 played, then from the square it left.
    example=_ubb(_tag("34", "72427262")),
    fixed=_ubb(_MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §4.1",),
)

# ---------------------------------------------------------------- comments (§5)

COMMENT_TARGET = Rule(
    "H113",
    "dhjhtmlxq-comment-target",
    Severity.ERROR,
    "A comment names a move that does not exist",
    what=(
        "Reports `[game_comment_B_I]` (or `[comment_…]`) whose move is not there: the main line has no move `I`, "
        "or `B` names a line other than the main line (0), which the format does not hold. The comment is kept "
        "on the game as a whole."
    ),
    why="The comment belongs after a move that is not there: it was written for moves cut or edited away.",
    example=_ubb(_MOVES, "[game_comment_0_7]Good[/game_comment_0_7]"),
    fixed=_ubb(_MOVES, "[game_comment_0_2]Good[/game_comment_0_2]"),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §5.1",),
)

# ---------------------------------------------------------------- info tags (§6)

UNKNOWN_TAG = Rule(
    "H114",
    "dhjhtmlxq-unknown-tag",
    Severity.INFO,
    "A tag is not one DHJHtmlXQ is known to use",
    what=(
        "Reports a `[DHJHtmlXQ_name]` block whose name is neither an info tag's number (10–42) nor one of the "
        "game's blocks (31–34). Its value is kept as the header `DHJHtmlXQ_name` and written back by the writer."
    ),
    why="An unknown name is often a mistyped number, whose value then goes missing from the headers a converter maps.",
    example=_ubb(_tag("100", "Game"), _MOVES),
    fixed=_ubb(_tag("10", "Game"), _MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §6.2", f"{_REFS} §6.1"),
)
UNKNOWN_RESULT = Rule(
    "H115",
    "dhjhtmlxq-unknown-result",
    Severity.WARNING,
    "The result `_28` is not a known result",
    what=(
        "Reports a `_28` that is neither a result word (红胜, 黑胜, 和棋 and their variants) nor `1-0`, `0-1`, "
        "`1/2-1/2`, `*`. The result is left unknown (`*`) and the text kept as the header `DHJHtmlXQ_28`."
    ),
    why="Converters write the result as `1-0`, `0-1` or `1/2-1/2`; a word that is not understood would be lost there.",
    example=_ubb(_tag("28", "红好"), _MOVES),
    fixed=_ubb(_tag("28", "红胜"), _MOVES),
    example_kind="dhjhtmlxq",
    references=(f"{_REFS} §6.3",),
)
