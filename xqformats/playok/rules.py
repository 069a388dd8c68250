"""The diagnostic codes of the PlayOK reader, declared once (ruff's model).

``O1xx``: PlayOK xiangqi records (O for PlayOK).  Every finding is placed at
a line and column; each rule cites the clause of ``docs/spec/playok.md`` it
checks.  Each rule's example is a whole record (``example_kind="playok"``):
``tests/test_playok.py`` reads it and checks that the rule fires, and that the
fixed record does not make it fire.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("O1", "PlayOK"),
)

_KIND = "playok"
_PEER = "vschess 2.6.6 (微思象棋, FastLight126/vschess)"


def _record(head: str = "", moves: str = "1. C2.5 H8+7 2. H2+3 R9.8", red: str = "RED 许银川;2650", tail: str = "") -> str:
    """A small record for the examples: the header lines, ``head``, the moves, ``tail``."""
    return f"{red}\nBLACK 吕钦;2600\nRESULT 1-0\n{head}START{{\n{moves}\n}}\n{tail}"


NO_MOVES = Rule(
    "O101",
    "playok-no-moves",
    Severity.ERROR,
    "The record has no move section `START{`",
    what="Reports a record without `START{`, which opens its moves.  The headers are read; no move is.",
    why="A record without its moves holds no game a reader can replay.",
    example="RED 许银川;2650\nBLACK 吕钦;2600\nEVENT 全国赛\n",
    fixed="RED 许银川;2650\nBLACK 吕钦;2600\nEVENT 全国赛\nSTART{\n1. C2.5 H8+7\n}\n",
    example_kind=_KIND,
    references=("docs/spec/playok.md §4.1", _PEER),
)
UNCLOSED_MOVES = Rule(
    "O102",
    "playok-unclosed-moves",
    Severity.WARNING,
    "The move section is not closed by `}`",
    what="Reports `START{` without its closing `}`: the moves are read to the end of the text.",
    why="The record was probably cut short (a failed copy): moves may be missing.",
    example="RED 许银川;2650\nEVENT 全国赛\nSTART{\n1. C2.5 H8+7\n",
    fixed="RED 许银川;2650\nEVENT 全国赛\nSTART{\n1. C2.5 H8+7\n}\n",
    example_kind=_KIND,
    deviation=True,
    references=("docs/spec/playok.md §4.1",),
)
STRAY_TEXT = Rule(
    "O103",
    "playok-stray-text",
    Severity.WARNING,
    "Text is neither a header line nor in the move section",
    what=(
        "Reports words before `START{` that are not on a header line (a keyword in capitals "
        "first), or words after the closing `}`.  They are not read."
    ),
    why="Whatever the words say is lost to a converter; a header keyword in lower case is one such word.",
    example=_record(head="event 全国赛\n"),
    fixed=_record(head="EVENT 全国赛\n"),
    example_kind=_KIND,
    references=("docs/spec/playok.md §2.1",),
)
UNKNOWN_HEADER = Rule(
    "O104",
    "playok-unknown-header",
    Severity.INFO,
    "A header keyword is not one the reader maps",
    what=(
        "Reports a header line whose keyword is not RED, BLACK, RESULT, DATE or EVENT.  Its "
        "value is kept as the header `PlayOK_KEYWORD`."
    ),
    why="An unknown keyword may be a misspelt known one, whose value then goes missing from the headers a converter maps.",
    example=_record(head="EVENTS 全国赛\n"),
    fixed=_record(head="EVENT 全国赛\n"),
    example_kind=_KIND,
    references=("docs/spec/playok.md §3.6",),
)
PLAYER_LINE = Rule(
    "O105",
    "playok-player-line",
    Severity.WARNING,
    "A player's line is not `name;rating`",
    what=(
        "Reports a `RED` or `BLACK` value whose rating (after the first `;`) is not a whole "
        "number, or that holds text after a further `;`.  The name is read; the rating is kept "
        "as written."
    ),
    why="A program that sorts or compares ratings cannot read this one.",
    example=_record(red="RED 许银川;特级大师"),
    fixed=_record(red="RED 许银川;2650"),
    example_kind=_KIND,
    references=("docs/spec/playok.md §3.2", _PEER),
)
RESULT_LINE = Rule(
    "O106",
    "playok-result-line",
    Severity.WARNING,
    "The RESULT line holds no result",
    what=(
        "Reports a `RESULT` value other than `1-0`, `0-1`, `1/2-1/2` and `*`.  It is kept as the "
        "header `PlayOK_RESULT`; the result is the one after the moves, else unknown."
    ),
    why="The result is not known: a converter writes `*`.",
    example=_record().replace("RESULT 1-0", "RESULT red wins"),
    fixed=_record(),
    example_kind=_KIND,
    references=("docs/spec/playok.md §3.3",),
)
MOVES_NOT_READ = Rule(
    "O107",
    "playok-moves-not-read",
    Severity.ERROR,
    "Moves after a move that cannot be read are not read",
    what=(
        "Reports, as a related note on the notation's own finding on a move that cannot be read "
        "(not WXF, ambiguous or illegal; SARIF `relatedLocations`, an indented `note:` line in "
        "text output), that the moves from there to the end are not read."
    ),
    why="Every later position depends on the move; a reader cannot guess what was meant.",
    example=_record(moves="1. C2.5 H8+7 2. H2+3 R9+9"),
    fixed=_record(),
    example_kind=_KIND,
    references=("docs/spec/playok.md §4.4",),
)
