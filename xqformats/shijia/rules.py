"""The diagnostic codes of the 象棋世家 (ShiJia) reader, declared once (ruff's model).

``S1xx``: 象棋世家 (ShiJia) text records (S for ShiJia).  Every finding is
placed at a line and column; each rule cites the clause of
``docs/spec/shijia.md`` it checks.  Each rule's example is a whole record
(``example_kind="shijia"``): ``tests/test_shijia.py`` reads it and checks that
the rule fires, and that the fixed record does not make it fire.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("S1", "象棋世家 (ShiJia)"),
)

_KIND = "shijia"
_PEER = "vschess 2.6.6 (微思象棋, FastLight126/vschess)"


def _record(moves: str = "7C-4C 7J-6H", head: str = "", comments: str = "", tail: str = "") -> str:
    """A small record for the examples: ``head``, the moves, the comment text, ``tail``."""
    return f"{head}Moves\n{moves}\nEnds\n{comments}CommentsEnd\n{tail}"


#: A set-up of the initial position (docs/spec/shijia.md §3.2), Red to move.
_INITIAL = "148 150 152 154 156 165 171 197 203 196 204 198 202 199 201 200 " \
    "100 102 104 106 108 85 91 53 59 52 60 54 58 55 57 56"

NO_MOVES = Rule(
    "S101",
    "shijia-no-moves",
    Severity.ERROR,
    "The record has no marker `Moves`",
    what=(
        "Reports a text without the word `Moves`, which opens the moves of a ShiJia record. "
        "No move is read; the game is its start position alone."
    ),
    why="A record without its move section holds no game a reader can replay.",
    example="Move\n7C-4C 7J-6H\nEnds\nCommentsEnd\n",
    fixed=_record(),
    example_kind=_KIND,
    references=("docs/spec/shijia.md §2.1", _PEER),
)
UNCLOSED = Rule(
    "S102",
    "shijia-unclosed",
    Severity.WARNING,
    "The record ends before the marker `Ends` or `CommentsEnd`",
    what=(
        "Reports the end of a text that stops before the marker closing its moves (`Ends`) or "
        "its comment text (`CommentsEnd`).  What was read is kept: the moves, the comment text."
    ),
    why="The record was probably cut short (a failed copy or download): moves may be missing.",
    example="Moves\n7C-4C 7J-6H\n",
    fixed=_record(),
    example_kind=_KIND,
    deviation=True,
    references=("docs/spec/shijia.md §2.3",),
)
STRAY_TEXT = Rule(
    "S103",
    "shijia-stray-text",
    Severity.WARNING,
    "Text before the marker `Moves` is not a set-up",
    what=(
        "Reports words before `Moves` other than a set-up of 32 numbers and a side (`+R`, "
        "`+B`).  No header field of the format is known: the words are not read."
    ),
    why="Whatever the words say (a title, the players) is lost to a converter.",
    example=_record(head="Red: Lin\n"),
    fixed=_record(),
    example_kind=_KIND,
    references=("docs/spec/shijia.md §2.1",),
)
MOVE_SHAPE = Rule(
    "S104",
    "shijia-move-shape",
    Severity.ERROR,
    "A word of the move section is not a move `FR-FR`",
    what=(
        "Reports a word between `Moves` and `Ends` that is not five characters `FR-FR` (a file "
        "digit 0–8 and a rank letter A–J, twice), or whose two points are the same.  It and the "
        "words after it are kept as a comment (S106)."
    ),
    why="The move cannot be decoded.",
    example=_record(moves="7C-4C 7J-6H 9A-9B"),
    fixed=_record(moves="7C-4C 7J-6H 8A-8B"),
    example_kind=_KIND,
    references=("docs/spec/shijia.md §4.1", _PEER),
)
ILLEGAL_MOVE = Rule(
    "S105",
    "shijia-illegal-move",
    Severity.ERROR,
    "A move is not legal in its position",
    what=(
        "Replays the moves from the start position and reports a move that does not move a "
        "piece of the side to move by the rules, or leaves its own king attacked.  It and the "
        "words after it are kept as a comment (S106)."
    ),
    why="The record is wrong from this point.",
    example=_record(moves="7C-4C 7C-4C"),
    fixed=_record(moves="7C-4C 7J-6H"),
    example_kind=_KIND,
    references=("docs/spec/shijia.md §4.2", "docs/spec/board.md §5 (the rules)"),
)
MOVES_NOT_READ = Rule(
    "S106",
    "shijia-moves-not-read",
    Severity.INFO,
    "Moves after an unreadable or illegal move are kept as a comment",
    what=(
        "Accompanies S104 and S105: the move reported and every word after it up to `Ends` are "
        "kept, in text order, as one comment on the last move read before it, in the form "
        "`ShiJia moves not read: h2e2 h9g7`.  A converter carries the comment over, so nothing "
        "is lost."
    ),
    why="Those moves are not in the move tree.",
    use_instead="Fix the move reported with it.",
    example=_record(moves="7C-4C 7C-4C 7J-6H"),
    fixed=_record(),
    example_kind=_KIND,
    references=("docs/spec/shijia.md §4.3",),
)
SETUP_SQUARE = Rule(
    "S107",
    "shijia-setup-square",
    Severity.ERROR,
    "A number of the set-up names no point, or a point already taken",
    what=(
        "Reports a number of the set-up that is neither `0` (off the board) nor the number of "
        "a point (52–204, 16 to a rank: a9 is 52, a0 is 196), or that names the point of an "
        "earlier piece of the list.  That piece is left off the board."
    ),
    why="Where the piece stands is not known: the position read may not be the one meant.",
    example=_record(head=_INITIAL.replace("148 ", "61 ", 1) + " +R\n"),
    fixed=_record(head=_INITIAL + " +R\n"),
    example_kind=_KIND,
    references=("docs/spec/shijia.md §3.2", _PEER),
)
SETUP_POSITION = Rule(
    "S108",
    "shijia-setup-position",
    Severity.ERROR,
    "The set-up is not a position that can be played",
    what=(
        "Checks the position the set-up describes as FEN §3 checks a FEN: each king in its "
        "palace, no more pieces of a kind than the game has, pieces on points they can reach, "
        "the kings not facing, the side not to move not in check.  The moves are read from it "
        "all the same."
    ),
    why="No legal game reaches the position; a program may refuse it or play it wrongly.",
    example=_record(head=_INITIAL.replace(" 56", " 0") + " +R\n", moves="7C-4C"),
    fixed=_record(head=_INITIAL + " +R\n", moves="7C-4C"),
    example_kind=_KIND,
    references=("docs/spec/shijia.md §3.3", "docs/spec/fen.md §3"),
)
TRAILING_TEXT = Rule(
    "S109",
    "shijia-trailing-text",
    Severity.WARNING,
    "Text follows the marker `CommentsEnd`",
    what="Reports the text after the marker that ends the record.  It is not read.",
    why="Nothing belongs there; the text may be a second record glued on.",
    example=_record(tail="Moves\n"),
    fixed=_record(),
    example_kind=_KIND,
    deviation=True,
    references=("docs/spec/shijia.md §5.2",),
)
COMMENTS_UNPLACED = Rule(
    "S110",
    "shijia-comments-unplaced",
    Severity.INFO,
    "The comment section holds text, kept after the last move",
    what=(
        "Reports the text between the markers `Ends` and `CommentsEnd`.  Which move it belongs "
        "to is not known, so it is kept, with its line breaks, as the comment after the game's "
        "last move."
    ),
    why="A comment meant for an earlier move stands at the end of the game.",
    example=_record(comments="A quiet opening.\n"),
    fixed=_record(),
    example_kind=_KIND,
    references=("docs/spec/shijia.md §5.1",),
)
