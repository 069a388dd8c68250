"""The diagnostic codes of the DhtmlXQ reader, declared once (ruff's model).

``D1xx``: the block structure (docs/spec/dhtmlxq.md §2), the start position
(§3), moves and branches (§4), comments (§5) and tags (§6).  Set-up problems
of a ``binit`` position that no game can reach are the FEN rules' (F106–F110),
as for every other start position.

``example``/``fixed`` are whole DhtmlXQ texts (``example_kind="dhtmlxq"``):
read with :func:`xqformats.dhtmlxq.read_dhtmlxq`, the example reports the rule
and the fixed text reports nothing (``tests/test_dhtmlxq_rules.py``).
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("D1", "DhtmlXQ"),
)


def _ubb(*blocks: str) -> str:
    """A small DhtmlXQ record (for rule examples): ``blocks`` inside the ``[DhtmlXQ]`` wrapper."""
    return "[DhtmlXQ]\n" + "".join(b + "\n" for b in blocks) + "[/DhtmlXQ]\n"


_MOVES = "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"

# ---------------------------------------------------------------- blocks (§2)

NO_BLOCK = Rule(
    "D101",
    "dhtmlxq-no-block",
    Severity.ERROR,
    "The text holds no DhtmlXQ block",
    what="Reports a text read as DhtmlXQ in which no `[DhtmlXQ_…]` block stands.",
    why=(
        "A DhtmlXQ record is made of its blocks; text around them is ignored, so a text "
        "without any holds no game."
    ),
    example="A forum post without a game.\n",
    fixed=_ubb(_MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §2.1",),
)
UNCLOSED_BLOCK = Rule(
    "D102",
    "dhtmlxq-unclosed-block",
    Severity.WARNING,
    "A block has no closing tag",
    what=(
        "Reports a `[DhtmlXQ_name]` block (or a `[DhtmlXQ]` wrapper) that is not closed by its "
        "`[/DhtmlXQ_name]`. The block is read up to the next block marker (the wrapper to the "
        "end of the text)."
    ),
    why=(
        "Each block ends with its closing tag; a reader that finds none must guess where the value "
        "ends. The guess is safe (no value holds a block marker) but the text is damaged, often "
        "cut by a forum's length limit."
    ),
    example=_ubb("[DhtmlXQ_title]Game[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"),
    fixed=_ubb("[DhtmlXQ_title]Game[/DhtmlXQ_title]", _MOVES),
    example_kind="dhtmlxq",
    deviation=True,
    references=("docs/spec/dhtmlxq.md §2.1",),
)
CLOSE_MISMATCH = Rule(
    "D103",
    "dhtmlxq-close-mismatch",
    Severity.WARNING,
    "A closing tag names another block",
    what=(
        "Reports `[DhtmlXQ_title]…[/DhtmlXQ_event]`: the closing tag of a block names another "
        "block. The block is read under its opening name."
    ),
    why="The names of a block's two tags are the same; a different one is a typing or editing error.",
    example=_ubb("[DhtmlXQ_title]Game[/DhtmlXQ_event]", _MOVES),
    fixed=_ubb("[DhtmlXQ_title]Game[/DhtmlXQ_title]", _MOVES),
    example_kind="dhtmlxq",
    deviation=True,
    references=("docs/spec/dhtmlxq.md §2.1",),
)
STRAY_CLOSE = Rule(
    "D104",
    "dhtmlxq-stray-close",
    Severity.WARNING,
    "A closing tag closes no block",
    what="Reports a `[/DhtmlXQ_name]` (or `[/DhtmlXQ]`) with no block open; it is ignored.",
    why="A closing tag without its opening one is left over from an edit; what it belonged to may be lost.",
    example=_ubb(_MOVES, "[/DhtmlXQ_title]"),
    fixed=_ubb(_MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §2.1",),
)
REPEATED_BLOCK = Rule(
    "D105",
    "dhtmlxq-repeated-block",
    Severity.WARNING,
    "A block appears twice in one record",
    what=(
        "Reports a block whose name was already given in the same record (two `movelist`s, two "
        "`title`s, a branch number used twice). The first one is kept; the later one is ignored."
    ),
    why=(
        "Each block of a record is given once; a second one contradicts the first, and readers "
        "differ in which one they keep."
    ),
    example=_ubb("[DhtmlXQ_title]A[/DhtmlXQ_title]", "[DhtmlXQ_title]B[/DhtmlXQ_title]", _MOVES),
    fixed=_ubb("[DhtmlXQ_title]A[/DhtmlXQ_title]", _MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §2.2",),
)

# ---------------------------------------------------------------- the start position (§3)

_BINIT = "8979695949392919097717866646260600102030405060708012720323436383"

BINIT_LENGTH = Rule(
    "D106",
    "dhtmlxq-binit-length",
    Severity.ERROR,
    "`binit` does not hold 32 squares",
    what=(
        "Reports a `binit` whose digits are not 64 (two for each of the 32 pieces). The game is "
        "read from the initial position instead."
    ),
    why=(
        "Each piece's place is found by its slot; with a digit missing or added every later piece "
        "would stand on a wrong square."
    ),
    example=_ubb(f"[DhtmlXQ_binit]{_BINIT[:-2]}[/DhtmlXQ_binit]", _MOVES),
    fixed=_ubb(f"[DhtmlXQ_binit]{_BINIT}[/DhtmlXQ_binit]", _MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §3.1",),
)
BINIT_SQUARE = Rule(
    "D107",
    "dhtmlxq-binit-square",
    Severity.ERROR,
    "A `binit` square is not on the board",
    what=(
        "Reports a `binit` pair that is neither a point of the board (file 0–8, row 0–9) nor `99` "
        "(a piece not on the board). The piece is left off the board."
    ),
    why="A point with file 9 is off the board: the pair is damaged.",
    example=_ubb(f"[DhtmlXQ_binit]{_BINIT[:-2]}93[/DhtmlXQ_binit]", _MOVES),
    fixed=_ubb(f"[DhtmlXQ_binit]{_BINIT[:-2]}99[/DhtmlXQ_binit]", _MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §3.1",),
)
BINIT_DOUBLED = Rule(
    "D108",
    "dhtmlxq-binit-doubled",
    Severity.ERROR,
    "Two pieces of `binit` stand on one point",
    what="Reports a `binit` point given to a second piece. The second piece is left off the board.",
    why="A point holds one piece; the start position is damaged.",
    example=_ubb(f"[DhtmlXQ_binit]{_BINIT[:-2]}43[/DhtmlXQ_binit]", _MOVES),
    fixed=_ubb(f"[DhtmlXQ_binit]{_BINIT[:-2]}99[/DhtmlXQ_binit]", _MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §3.1",),
)

# ---------------------------------------------------------------- moves and branches (§4)

MOVE_LENGTH = Rule(
    "D109",
    "dhtmlxq-move-length",
    Severity.ERROR,
    "A move list's digits are not a multiple of 4",
    what=(
        "Reports the one to three digits left over at the end of a `movelist` or branch (each "
        "move is four digits). They are not read."
    ),
    why="A move list cut short, or with a digit lost, holds a partial move.",
    example=_ubb("[DhtmlXQ_movelist]7747706[/DhtmlXQ_movelist]"),
    fixed=_ubb(_MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §4.1",),
)
NOT_A_DIGIT = Rule(
    "D110",
    "dhtmlxq-not-a-digit",
    Severity.WARNING,
    "A move list or `binit` holds characters other than digits",
    what=(
        "Reports white space or other characters inside a `movelist`, a branch or `binit`; they "
        "are skipped and the digits read. One finding per block: the first such text, with how "
        "many more the block holds."
    ),
    why=(
        "These values are digits only. Line breaks inside them are added by forum software that "
        "wraps long lines; other characters are damage."
    ),
    example=_ubb("[DhtmlXQ_movelist]7747\n7062[/DhtmlXQ_movelist]"),
    fixed=_ubb(_MOVES),
    example_kind="dhtmlxq",
    deviation=True,
    references=("docs/spec/dhtmlxq.md §4.1",),
)
ILLEGAL_MOVE = Rule(
    "D111",
    "dhtmlxq-illegal-move",
    Severity.ERROR,
    "A move is off the board or not legal",
    what=(
        "Reports the first move of a line that is not a legal move in its position (or names a "
        "point off the board). It and the moves after it in that line are not read."
    ),
    why="Every later position of the line depends on the move; a reader cannot guess what was meant.",
    example=_ubb("[DhtmlXQ_movelist]77477969[/DhtmlXQ_movelist]"),
    fixed=_ubb(_MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §4.1",),
)
BRANCH_PARENT = Rule(
    "D112",
    "dhtmlxq-branch-parent",
    Severity.ERROR,
    "A branch names a parent branch that does not exist",
    what=(
        "Reports `[DhtmlXQ_move_P_S_B]` whose parent branch `P` is neither the main line (0) nor "
        "another branch of the record. The branch is not read."
    ),
    why=(
        "A branch is an alternative inside its parent's line; without the parent there is no "
        "position to play it from."
    ),
    example=_ubb(_MOVES, "[DhtmlXQ_move_5_2_1]1022[/DhtmlXQ_move_5_2_1]"),
    fixed=_ubb(_MOVES, "[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]"),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §4.2",),
)
BRANCH_PLY = Rule(
    "D113",
    "dhtmlxq-branch-ply",
    Severity.ERROR,
    "A branch starts at a ply its parent line does not have",
    what=(
        "Reports `[DhtmlXQ_move_P_S_B]` whose parent line has no move at ply `S` (the branch "
        "is an alternative to that move). The branch is not read."
    ),
    why=(
        "The branch replaces the parent's move at ply `S`; when the parent has none, where the "
        "branch belongs is unknown."
    ),
    example=_ubb(_MOVES, "[DhtmlXQ_move_0_5_1]1022[/DhtmlXQ_move_0_5_1]"),
    fixed=_ubb(_MOVES, "[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]"),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §4.2",),
)

# ---------------------------------------------------------------- comments (§5)

COMMENT_TARGET = Rule(
    "D114",
    "dhtmlxq-comment-target",
    Severity.ERROR,
    "A comment names a move that does not exist",
    what=(
        "Reports `[DhtmlXQ_commentS]` or `[DhtmlXQ_commentB_S]` whose line (the main line, or "
        "branch `B`) has no move at ply `S`. The comment is kept on the game as a whole."
    ),
    why=(
        "The comment belongs after a move that is not there: it was written for moves that were "
        "cut or edited away."
    ),
    example=_ubb(_MOVES, "[DhtmlXQ_comment7]Good[/DhtmlXQ_comment7]"),
    fixed=_ubb(_MOVES, "[DhtmlXQ_comment2]Good[/DhtmlXQ_comment2]"),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §5.1",),
)

# ---------------------------------------------------------------- tags (§6)

UNKNOWN_TAG = Rule(
    "D115",
    "dhtmlxq-unknown-tag",
    Severity.INFO,
    "A tag is not one DhtmlXQ is known to use",
    what=(
        "Reports a `[DhtmlXQ_name]` block whose name is not among the known tags. Its value is "
        "kept as the header `DhtmlXQ_name` and written back by the DhtmlXQ writer."
    ),
    why=(
        "An unknown name is often a misspelt known one (`titel`), whose value then goes missing "
        "from the headers a converter maps."
    ),
    example=_ubb("[DhtmlXQ_titel]Game[/DhtmlXQ_titel]", _MOVES),
    fixed=_ubb("[DhtmlXQ_title]Game[/DhtmlXQ_title]", _MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §6.1",),
)
UNKNOWN_RESULT = Rule(
    "D116",
    "dhtmlxq-unknown-result",
    Severity.WARNING,
    "The `result` is not a known result word",
    what=(
        "Reports a `result` that is none of the words a result is written with (红胜, 黑胜, 和棋 "
        "and their variants). The game's result is left unknown (`*`) and the text is kept as the "
        "header `DhtmlXQ_result`."
    ),
    why=(
        "Converters write the result as `1-0`, `0-1` or `1/2-1/2`; a word that is not understood "
        "would be lost there."
    ),
    example=_ubb("[DhtmlXQ_result]红好[/DhtmlXQ_result]", _MOVES),
    fixed=_ubb("[DhtmlXQ_result]红胜[/DhtmlXQ_result]", _MOVES),
    example_kind="dhtmlxq",
    references=("docs/spec/dhtmlxq.md §6.2",),
)
