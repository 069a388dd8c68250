"""The diagnostic codes of the MXQ reader, declared once (ruff's model).

``Y1xx``: MXQ, the binary record of the 弈天 (Yitian) game rooms (Y for
弈天).  Every finding is placed at a byte offset (``path:@0x5a:``); each rule
cites the clause of ``docs/spec/mxq.md`` it checks.  The rules have no text
examples: the inputs are binary, and ``tests/test_mxq.py`` builds a file for
each rule and checks that it fires, and that the file without the fault
reports nothing.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("Y1", "MXQ (弈天)"),
)

_FILES = "the six MXQ files of the collection published in the repository walker8088/cchess"


TRUNCATED = Rule(
    "Y101",
    "mxq-truncated",
    Severity.ERROR,
    "The file ends inside a string, or before the marker `Moves`, `Ends` or `CommentsEnd`",
    what=(
        "Reports the byte offset where the data ran out: inside a string whose length byte "
        "promises more bytes than there are, or before the marker that ends a section.  What "
        "was read before it is kept: the headers, the moves, the comments."
    ),
    why="The rest of the game is missing: the file was cut short (a failed download or copy).",
    references=(
        "docs/spec/mxq.md §2.2",
        _FILES,
    ),
)
UNDECODABLE_TEXT = Rule(
    "Y102",
    "mxq-undecodable-text",
    Severity.WARNING,
    "A string is not valid GBK",
    what=(
        "Reports a header field or a comment whose bytes are not GBK (GB 18030) text.  The "
        "text is kept, with U+FFFD for each byte that does not decode."
    ),
    why="Those characters are lost; the rest of the text is kept.",
    deviation=True,
    references=(
        "docs/spec/mxq.md §2.1",
        _FILES,
    ),
)
PLAYERS_FIELD = Rule(
    "Y103",
    "mxq-players-field",
    Severity.WARNING,
    "The third header field is not `Red-胜|负|和-Black`",
    what=(
        "Reports a third header field that does not hold the two players and the result "
        "between them (`甲-胜-乙`: Red won; `负`: Red lost; `和`: a draw).  The field is kept "
        "whole as the game's title (`Name`), and the result is unknown (`*`)."
    ),
    why="The players and the result are not known: a converter writes no `Red`, `Black` or result.",
    deviation=True,
    references=(
        "docs/spec/mxq.md §3.2",
        _FILES,
    ),
)
MOVE_SHAPE = Rule(
    "Y104",
    "mxq-move-shape",
    Severity.ERROR,
    "A string of the move section is not a move `FR-FR`",
    what=(
        "Reports a string between the markers `Moves` and `Ends` that is not five characters "
        "`FR-FR` (a file digit 0–8 and a rank letter A–J, twice), or whose two points are the "
        "same.  It and the moves after it are kept as a comment (Y106)."
    ),
    why="The move cannot be decoded.",
    references=(
        "docs/spec/mxq.md §4.1",
        _FILES,
    ),
)
ILLEGAL_MOVE = Rule(
    "Y105",
    "mxq-illegal-move",
    Severity.ERROR,
    "A move is not legal in its position",
    what=(
        "Replays the moves from the start position and reports a move that does not move a "
        "piece of the side to move by the rules, or leaves its own king attacked.  It and the "
        "moves after it are kept as a comment (Y106)."
    ),
    why="The record is wrong from this point.",
    references=(
        "docs/spec/mxq.md §4.2",
        "docs/spec/board.md §5 (the rules)",
    ),
)
MOVES_NOT_READ = Rule(
    "Y106",
    "mxq-moves-not-read",
    Severity.INFO,
    "Moves after an unreadable or illegal move are kept as a comment",
    what=(
        "Accompanies Y104 and Y105: the move reported and every move after it are kept, in "
        "file order, as one comment on the last move read before it, in the form `MXQ moves "
        "not read: H2-E2 H9-G7`.  A converter carries the comment over, so nothing is lost."
    ),
    why="Those moves are not in the move tree.",
    use_instead="Fix the move reported with it.",
    references=("docs/spec/mxq.md §4.3",),
)
TRAILING_BYTES = Rule(
    "Y107",
    "mxq-trailing-bytes",
    Severity.WARNING,
    "Bytes follow the marker `CommentsEnd`",
    what="Reports the bytes after the marker that ends the file.  They are not read.",
    why="A writer puts nothing there; the bytes may be a second record glued on.",
    deviation=True,
    references=(
        "docs/spec/mxq.md §5.2",
        _FILES,
    ),
)
COMMENTS_UNPLACED = Rule(
    "Y108",
    "mxq-comments-unplaced",
    Severity.INFO,
    "The comment section holds text, kept after the last move",
    what=(
        "Reports the comment strings between the markers `Ends` and `CommentsEnd`.  Which move "
        "each belongs to is not known (no known file holds one), so they are kept, in file "
        "order, each on a line of its own, as the comment after the game's last move."
    ),
    why="A comment meant for an earlier move stands at the end of the game.",
    references=("docs/spec/mxq.md §5.1",),
)
