"""The diagnostic codes of the QQ CHE reader, declared once (ruff's model).

``Q1xx``: CHE, the text record of QQ新中国象棋 (Q for QQ).  Every finding is
placed at a character offset of the text; each rule cites the clause of
``docs/spec/che.md`` it checks.  ``example``/``fixed`` are whole ``.che``
texts (``example_kind="che"``): read with :func:`xqformats.che.read_che`, the
example reports the rule and the fixed text reports nothing
(``tests/test_che.py``).
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("Q1", "QQ CHE (QQ新中国象棋)"),
)

_PEERS = "vschess 2.6.6 (its CHE reader and writer) and xqbase's che2pgn, which disagree on the columns"

#: ``h2e2 h9g7`` as vschess writes it (docs/spec/che.md §3).
_R1 = "26 32 1 2 1 2 4 0 1 0"
_R2 = "5 32 0 9 1 7 2 0 2 0"


def _che(*records: str, count: "int | None" = None, version: int = 1) -> str:
    """A small CHE text of ``records`` (for rule examples)."""
    n = len(records) if count is None else count
    return " ".join([str(version), str(n), *records]) + "\n"


HEADER = Rule(
    "Q101",
    "che-no-header",
    Severity.ERROR,
    "The file does not start with the header `1 N`",
    what=(
        "Reports a file that holds no integer at all, or whose first integer is not followed by a "
        "second: the header is the version and the number of moves.  Any records after it are read."
    ),
    why="Without the header there are no move records: the file is empty or not a CHE record.",
    example="1\n",
    fixed=_che(),
    example_kind="che",
    references=("docs/spec/che.md §2.2", _PEERS),
)
VERSION = Rule(
    "Q102",
    "che-version",
    Severity.WARNING,
    "The first integer is not 1",
    what="Reports a first integer other than 1, the value every known writer puts there.  The records are read as usual.",
    why="Its meaning is not known; a file with another value may be laid out otherwise.",
    deviation=True,
    example=_che(_R1, version=2),
    fixed=_che(_R1),
    example_kind="che",
    references=("docs/spec/che.md §2.2",),
)
MOVE_COUNT = Rule(
    "Q103",
    "che-move-count",
    Severity.WARNING,
    "The move count of the header is not the number of records",
    what=(
        "Reports a header whose second integer differs from the number of whole move records "
        "that follow.  Every record is read, whatever the count says."
    ),
    why="A record was lost or added after the header was written: the game may be cut short.",
    deviation=True,
    example=_che(_R1, count=2),
    fixed=_che(_R1),
    example_kind="che",
    references=("docs/spec/che.md §2.2",),
)
STRAY_TEXT = Rule(
    "Q104",
    "che-stray-text",
    Severity.ERROR,
    "A word is not an unsigned integer",
    what=(
        "Reports each run of words that are not unsigned decimal integers in ASCII digits (`-1`, "
        "`x`, `１`).  They are skipped; a record they interrupt is cut short (Q105), and the "
        "records are counted afresh after them."
    ),
    why="A CHE file holds integers only: the text is damaged, or is not a CHE record.",
    example=_che(_R1 + " x"),
    fixed=_che(_R1),
    example_kind="che",
    references=("docs/spec/che.md §2.1",),
)
TRUNCATED = Rule(
    "Q105",
    "che-truncated",
    Severity.ERROR,
    "A move record has fewer than ten integers",
    what=(
        "Reports the one to nine integers left at the end of the file, or before a stray word, "
        "when they do not make a whole record.  They are no move; the moves of the whole "
        "records are kept."
    ),
    why="The rest of the record is missing: the file was cut short or damaged.",
    example=_che(_R1, "5 32 0 9", count=2),
    fixed=_che(_R1, _R2),
    example_kind="che",
    references=("docs/spec/che.md §3.1",),
)
FIXED_FIELD = Rule(
    "Q106",
    "che-fixed-field",
    Severity.WARNING,
    "A field that is always 32 or 0 holds another value",
    what=(
        "Reports a record whose second integer is not 32, or whose eighth or tenth is not 0.  "
        "The move is read from its other fields."
    ),
    why="Their meaning is not known; a record with other values may be laid out otherwise.",
    deviation=True,
    example=_che("26 31 1 2 1 2 4 0 1 0"),
    fixed=_che(_R1),
    example_kind="che",
    references=("docs/spec/che.md §3.1",),
)
SEQUENCE = Rule(
    "Q107",
    "che-sequence",
    Severity.WARNING,
    "A record's side or ply number is not the one of its place",
    what=(
        "Reports a record whose side (1 on Red's moves, 0 on Black's, in turn) or ply number "
        "(1, 2, … in order) is not the one of its place in the file.  The move is read from "
        "its squares."
    ),
    why="A record was lost, doubled or moved: the moves after it may not be the game's.",
    deviation=True,
    example=_che(_R1, "5 32 0 9 1 7 2 0 3 0"),
    fixed=_che(_R1, _R2),
    example_kind="che",
    references=("docs/spec/che.md §3.1",),
)
MOVE_POINT = Rule(
    "Q108",
    "che-move-point",
    Severity.ERROR,
    "A move record names a point off the board, or the same point twice",
    what=(
        "Reports a record whose rank is above 9 or whose column is above 8, or whose two points "
        "are the same.  It and the moves after it are kept as a comment (Q110)."
    ),
    why="The move cannot be decoded.",
    example=_che("26 32 1 2 9 2 4 0 1 0"),
    fixed=_che(_R1),
    example_kind="che",
    references=("docs/spec/che.md §3.2",),
)
ILLEGAL_MOVE = Rule(
    "Q109",
    "che-illegal-move",
    Severity.ERROR,
    "A move is not legal in its position",
    what=(
        "Replays the moves from the initial position and reports a move that does not move a piece "
        "of the side to move by the rules, or leaves its own king attacked.  It and the moves after "
        "it are kept as a comment (Q110)."
    ),
    why="The record is wrong from this point.",
    example=_che("23 32 1 0 8 4 8 0 1 0"),
    fixed=_che(_R1),
    example_kind="che",
    references=("docs/spec/che.md §3.3", "docs/spec/board.md §5 (the rules)"),
)
MOVES_NOT_READ = Rule(
    "Q110",
    "che-moves-not-read",
    Severity.INFO,
    "Moves after an unreadable or illegal move are kept as a comment",
    what=(
        "Accompanies Q108 and Q109: the move reported and every move after it are kept, in file "
        "order, as one comment on the last move read before it, in the form `CHE moves not read: "
        "H2-E2 (2,9)-(2,4)` (a record off the board as its raw ranks and columns)."
    ),
    why="Those moves are not in the move tree.",
    use_instead="Fix the move reported with it.",
    references=("docs/spec/che.md §3.4",),
)
PIECE_ID = Rule(
    "Q111",
    "che-piece-id",
    Severity.WARNING,
    "A record's piece id is not the id of the piece on its from-square",
    what=(
        "Follows the 32 piece ids from their start squares (docs/spec/che.md §3.5) as the moves "
        "are played, and reports a record whose first integer is not the id of the piece that "
        "stands on its from-square, or is above 31.  The move is read from its squares."
    ),
    why=(
        "The ids are redundant with the squares, so a wrong one shows a record written by a "
        "program that numbers the pieces otherwise, or damaged; the squares are trusted."
    ),
    deviation=True,
    example=_che("25 32 1 2 1 2 4 0 1 0"),
    fixed=_che(_R1),
    example_kind="che",
    references=("docs/spec/che.md §3.5", _PEERS),
)
COLUMN_READING = Rule(
    "Q112",
    "che-column-reading",
    Severity.INFO,
    "The columns are read as vschess writes them; xqbase's che2pgn reads the mirror image",
    what=(
        "Reports a file whose moves are all legal and whose game is not its own mirror image: "
        "its columns are read with column 0 as file i (vschess's reading, docs/spec/che.md §3.2); "
        "column 0 as file a (xqbase's che2pgn) gives the game mirrored left to right, which is "
        "legal too."
    ),
    why="The two peers read such a file as two different games; this says which one was taken.",
    use_instead="Nothing to fix: the file cannot say which reading is meant (a game only on file e has one reading).",
    example=_che(_R1),
    fixed=_che("29 32 1 3 4 4 4 0 1 0"),
    example_kind="che",
    references=("docs/spec/che.md §3.2", _PEERS),
)
