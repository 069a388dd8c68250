"""The diagnostic codes of the JSON form's reader (``J1xx``), declared once.

A JSON document that is not the form (docs/spec/json.md) is reported with the
JSON path of the fault (``games[0].nodes[3].parent``); a move that is not
legal in its position is reported with the notation's own code (M1xx–M3xx)
and the rest of its line with J104.  ``example``/``fixed`` are whole JSON
texts (``example_kind="json"``; ``tests/test_jsonform.py`` reads them).
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("J1", "The JSON form"),
)


def _json(game: str = '{"start": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", '
          '"nodes": [{}, {"parent": 0, "move": "H2-E2"}]}') -> str:
    return '{"xqformats": 1, "games": [' + game + "]}\n"


NOT_JSON = Rule(
    "J101",
    "json-syntax",
    Severity.ERROR,
    "The text is not JSON",
    what="Reports text that JSON cannot parse, at the line and column where parsing stopped.",
    why="Nothing of the document can be read.",
    example=_json().replace("]}", "]"),
    fixed=_json(),
    example_kind="json",
    references=("docs/spec/json.md §1.1",),
)
NOT_THE_FORM = Rule(
    "J102",
    "json-shape",
    Severity.ERROR,
    "A member is missing or has the wrong type",
    what=(
        "Reports a document, game or node that lacks a required member or holds one of the wrong "
        "type, naming its JSON path. A game it breaks is skipped; a node it breaks is skipped "
        "with the nodes below it."
    ),
    why="Another program's output that drifted from the form: what it means cannot be guessed.",
    example=_json('{"start": 7, "nodes": [{}]}'),
    fixed=_json(),
    example_kind="json",
    references=("docs/spec/json.md §1.2, §2.1",),
)
BAD_VALUE = Rule(
    "J103",
    "json-value",
    Severity.ERROR,
    "A value is not one the form allows",
    what=(
        "Reports a start position that is no legal FEN, a result that is not `1-0`, `0-1`, "
        "`1/2-1/2` or `*`, a header name that is no tag name, a negative NAG, or a `parent` "
        "that does not name an earlier node. "
        "The game is read without it where it can be."
    ),
    why="The form states one meaning for each value; another is a fault of the writer.",
    example=_json('{"start": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", '
                  '"result": "2-0", "nodes": [{}]}'),
    fixed=_json(),
    example_kind="json",
    references=("docs/spec/json.md §2.2, §2.3",),
)
MOVES_NOT_READ = Rule(
    "J104",
    "json-moves-not-read",
    Severity.INFO,
    "Nodes below an unreadable move are left out",
    what=(
        "A related note on the finding of an illegal or unreadable move (its M code): the nodes "
        "below it are not in the game."
    ),
    why="A move tree cannot go on from a move that is not played.",
    example=_json('{"start": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", '
                  '"nodes": [{}, {"parent": 0, "move": "H2-E9"}, {"parent": 1, "move": "H9-G7"}]}'),
    fixed=_json(),
    example_kind="json",
    references=("docs/spec/json.md §2.3",),
)
VERSION = Rule(
    "J105",
    "json-version",
    Severity.ERROR,
    "The document is of a version of the form this reader does not know",
    what="Reports a document whose `xqformats` member is not a version this reader knows (1).",
    why="A later version may mean other things by the same members.",
    example=_json().replace('"xqformats": 1', '"xqformats": 2'),
    fixed=_json(),
    example_kind="json",
    references=("docs/spec/json.md §1.2",),
)
LONE_SURROGATE = Rule(
    "J106",
    "json-lone-surrogate",
    Severity.ERROR,
    "A string holds a lone surrogate",
    what=(
        "Reports a string of the document (a header, a comment, a result, a move) holding a "
        "`\\ud800`–`\\udfff` escape that is not half of a surrogate pair. Such a code unit is no "
        "character: it is read as U+FFFD (an error, as undecodable bytes are: the text is lost). "
        "The first is named, with how many strings hold one."
    ),
    why=(
        "No encoding writes a lone surrogate: a game holding one could be written in no format. "
        "It is often left over from cutting UTF-16 text in the middle of a pair."
    ),
    references=("docs/spec/json.md §1.1",),
    example=_json(
        '{"headers": [["Event", "\\ud800"]], '
        '"start": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "nodes": [{}]}'
    ),
    fixed=_json(
        '{"headers": [["Event", "\\ud83d\\ude00"]], '
        '"start": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "nodes": [{}]}'
    ),
    example_kind="json",
)
