"""The diagnostic codes of the CCM reader, declared once (ruff's model).

``Z1xx``: CCM, the binary record of 中国游戏中心 (Z for Zhōngguó, China Game
Center).  Every finding is placed at a byte offset; each rule cites the clause
of ``docs/spec/ccm.md`` it checks.  The rules have no text examples: the
inputs are binary, and ``tests/test_ccm.py`` builds a file for each rule and
checks that it fires, and that the file without the fault reports nothing.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("Z1", "CCM (中国游戏中心)"),
)

_PEERS = "vschess 2.6.6 (its CCM reader) and xqbase's CCM converter, which disagree on the board's orientation"


TRUNCATED = Rule(
    "Z101",
    "ccm-truncated",
    Severity.ERROR,
    "The file is empty, or ends inside a move record",
    what=(
        "Reports an empty file (no header byte), or the one to six bytes after the last whole "
        "seven-byte record.  The moves of the whole records are kept."
    ),
    why="The rest of the game is missing: the file was cut short (a failed download or copy).",
    references=(
        "docs/spec/ccm.md §2.2",
        _PEERS,
    ),
)
HEADER_BYTE = Rule(
    "Z102",
    "ccm-header-byte",
    Severity.WARNING,
    "The header byte is not 1",
    what="Reports a first byte other than 1, the value of every known file.  The records are read as usual.",
    why="Its meaning is not known; a file with another value may be laid out otherwise.",
    deviation=True,
    references=(
        "docs/spec/ccm.md §2.1",
        _PEERS,
    ),
)
MOVE_POINT = Rule(
    "Z103",
    "ccm-move-point",
    Severity.ERROR,
    "A move record names a point off the board, or the same point twice",
    what=(
        "Reports a record whose column is above 8 or whose row is above 9, or whose two points are "
        "the same.  It and the moves after it are kept as a comment (Z105)."
    ),
    why="The move cannot be decoded.",
    references=("docs/spec/ccm.md §3.1",),
)
ILLEGAL_MOVE = Rule(
    "Z104",
    "ccm-illegal-move",
    Severity.ERROR,
    "A move is not legal in its position",
    what=(
        "Replays the moves from the initial position and reports a move that does not move a piece "
        "of the side to move by the rules, or leaves its own king attacked.  It and the moves after "
        "it are kept as a comment (Z105)."
    ),
    why="The record is wrong from this point.",
    references=(
        "docs/spec/ccm.md §3.3",
        "docs/spec/board.md §5 (the rules)",
    ),
)
MOVES_NOT_READ = Rule(
    "Z105",
    "ccm-moves-not-read",
    Severity.INFO,
    "Moves after an unreadable or illegal move are kept as a comment",
    what=(
        "Accompanies Z103 and Z104: the move reported and every move after it are kept, in file "
        "order, as one comment on the last move read before it, in the form `CCM moves not read: "
        "H9-H7 (9,9)-(9,7)` (a record off the board as its raw columns and rows)."
    ),
    why="Those moves are not in the move tree.",
    use_instead="Fix the move reported with it.",
    references=("docs/spec/ccm.md §3.4",),
)
ROTATED = Rule(
    "Z106",
    "ccm-rotated-board",
    Severity.INFO,
    "The moves are stored from Black's side; read with the board turned round",
    what=(
        "Reports a file whose first move starts on row 5 or higher: its coordinates run from "
        "Black's side, and they are read with the board turned half a turn (xqbase's reading).  "
        "vschess reads every file the other way, and finds this one's first move illegal."
    ),
    why="The two peers read such a file differently; this says which reading was taken.",
    references=(
        "docs/spec/ccm.md §3.2",
        _PEERS,
    ),
)
