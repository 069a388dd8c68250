"""The diagnostic codes of the CHN reader, declared once (ruff's model).

``L1xx``: CHN, the binary record of the 联众 (Lianzhong) game rooms (L for
联众).  Every finding is placed at a byte offset; each rule cites the clause
of ``docs/spec/chn.md`` it checks.  The rules have no text examples: the
inputs are binary, and ``tests/test_chn.py`` builds a file for each rule.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("L1", "CHN (联众)"),
)

_PEER = "xqbase's CHN converter, the one known reader of the format"


TRUNCATED = Rule(
    "L101",
    "chn-truncated",
    Severity.ERROR,
    "The file ends inside the 188-byte header or inside a move record",
    what=(
        "Reports a file shorter than its header (no game is read), or the 1 to 31 bytes after "
        "the last whole 32-byte record (the moves of the whole records are kept)."
    ),
    why="The rest of the game is missing: the file was cut short (a failed download or copy).",
    references=(
        "docs/spec/chn.md §2.2",
        _PEER,
    ),
)
MOVE_POINT = Rule(
    "L102",
    "chn-move-point",
    Severity.ERROR,
    "A move record names a point off the board, or the same point twice",
    what=(
        "Reports a record whose column is above 8 or whose row is above 9, or whose two points are "
        "the same.  It and the moves after it are kept as a comment (L104)."
    ),
    why="The move cannot be decoded.",
    references=("docs/spec/chn.md §3.1",),
)
ILLEGAL_MOVE = Rule(
    "L103",
    "chn-illegal-move",
    Severity.ERROR,
    "A move is not legal in its position",
    what=(
        "Replays the moves from the initial position and reports a move that does not move a piece "
        "of the side to move by the rules, or leaves its own king attacked.  It and the moves after "
        "it are kept as a comment (L104)."
    ),
    why="The record is wrong from this point.",
    references=(
        "docs/spec/chn.md §3.2",
        "docs/spec/board.md §5 (the rules)",
    ),
)
MOVES_NOT_READ = Rule(
    "L104",
    "chn-moves-not-read",
    Severity.INFO,
    "Moves after an unreadable or illegal move are kept as a comment",
    what=(
        "Accompanies L102 and L103: the move reported and every move after it are kept, in file "
        "order, as one comment on the last move read before it, in the form `CHN moves not read: "
        "H9-H7 (9,9)-(9,7)` (a record off the board as its raw columns and rows)."
    ),
    why="Those moves are not in the move tree.",
    use_instead="Fix the move reported with it.",
    references=("docs/spec/chn.md §3.3",),
)
ROTATED = Rule(
    "L105",
    "chn-rotated-board",
    Severity.INFO,
    "The moves are stored from Black's side; read with the board turned round",
    what=(
        "Reports a file whose first move starts on row 5 or higher: its coordinates run from "
        "Black's side, and they are read with the board turned half a turn, as for CCM."
    ),
    why="Says which of the two readings of the coordinates was taken.",
    references=(
        "docs/spec/chn.md §3.1",
        _PEER,
    ),
)
