"""Write the PlayOK conformance cases (xqformats/conformance/cases/playok/).

xqformats does not write PlayOK records (docs/spec/playok.md §1.1), so every
input is a text written here line by line (:func:`text`), so that an expected
line number is the index of its line plus 1.  The moves are the WXF spellings
of a short opening, checked by hand against ICCS: ``C2.5`` H2-E2, ``H8+7``
H9-G7, ``H2+3`` H0-G2, ``R9.8`` I9-H9.  The expected JSON and positions are
written out by hand from the spec, not read back.  vschess reads the same
moves and players from such records (tests/test_playok.py).

Usage: ``python tools/conformance/make_playok_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at_line, document, game, line, main, root

case = Maker("playok", "playok", "docs/spec/playok.md")
s = case.clauses
ALL_RULES = ["O101", "O102", "O103", "O104", "O105", "O106", "O107"]
HEAD = ["RED 许银川;2650", "BLACK 吕钦;2600", "RESULT 1-0"]  # lines 1-3
PLAYERS = [("Red", "许银川"), ("RedElo", "2650"), ("Black", "吕钦"), ("BlackElo", "2600")]
FOUR = [root(), *line("H2-E2", "H9-G7", "H0-G2", "I9-H9")]
MOVES = ["START{", "1. C2.5 H8+7", "2. H2+3 R9.8", "}"]


def text(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


def valid() -> list[Case]:
    return [
        case("valid", "game", text(*HEAD, "DATE 1999-12-01 10:20", "EVENT 全国赛;A组", *MOVES),
             s("1.1", "1.2", "2.1", "3.1", "3.2", "3.3", "3.4", "3.5", "4.1", "4.2"), ALL_RULES,
             "The five header lines, then four WXF moves between START{ and }.",
             expect=document(game(FOUR, headers=[*PLAYERS, ("Date", "1999.12.01"), ("Time", "10:20:00"),
                                                   ("Event", "全国赛"), ("Group", "A组")], result="1-0"))),
        case("valid", "result-after-moves", text("RED 许银川;2650", "EVENT 全国赛", "START{", "1. C2.5 H8+7 0-1", "}END"),
             s("4.1", "4.3"), [],
             "No RESULT line; 0-1 after the moves is the result; }END closes the section; a name without a rating.",
             expect=document(game([root(), *line("H2-E2", "H9-G7")], headers=[("Red", "许银川"), ("RedElo", "2650"),
                                                                          ("Event", "全国赛")], result="0-1"))),
        case("valid", "plain-names", text("RED 许银川", "BLACK 吕钦;;;", "DATE 2019/6/1", "EVENT 全国赛", *MOVES),
             s("3.2", "3.4"), [],
             "Names without ratings (and XieXie's empty fields ;;;); a date with slashes, no time.",
             expect=document(game(FOUR, headers=[("Red", "许银川"), ("Black", "吕钦"), ("Date", "2019.06.01"),
                                                   ("Event", "全国赛")]))),
    ]


def invalid() -> list[Case]:
    return [
        case("invalid", "no-moves", text(*HEAD, "EVENT 全国赛"), s("4.1"), ["O101"],
             "No START{: the headers are read, no move.", diagnostics=[at_line("O101", 5, 1)], exact=True),
        case("invalid", "stray-text", text(*HEAD, "event 全国赛", *MOVES), s("2.1"), ["O103"],
             "A keyword in lower case is no header line: its two words are not read.",
             diagnostics=[at_line("O103", 4, 1)], exact=True),
        case("invalid", "unknown-header", text(*HEAD, "TIMER 10:00", *MOVES), s("3.6"), ["O104"],
             "TIMER is no keyword the reader maps: kept as the header PlayOK_TIMER.",
             diagnostics=[at_line("O104", 4, 1)], exact=True),
        case("invalid", "player-line", text("RED 许银川;特级大师", *HEAD[1:], *MOVES), s("3.2"), ["O105"],
             "Red's rating is not a whole number: kept as written.",
             diagnostics=[at_line("O105", 1, 5)], exact=True),
        case("invalid", "result-line", text(*HEAD[:2], "RESULT red wins", *MOVES), s("3.3"), ["O106"],
             "RESULT red wins is no result word: kept as the header PlayOK_RESULT, result unknown.",
             diagnostics=[at_line("O106", 3, 8)], exact=True),
        case("invalid", "move-not-read", text(*HEAD, "START{", "1. C2.5 H8+7", "2. H2+3 R9+9", "}"), s("4.2", "4.4"),
             ["M301", "O107"], "R9+9 (I9 up nine points) leaves the board: it is not read, nor anything after it.",
             diagnostics=[at_line("M301", 6, 9), at_line("O107", 6, 9)], exact=True),
    ]


def dialect() -> list[Case]:
    return [
        case("dialect", "unclosed-moves", text(*HEAD, "EVENT 全国赛", *MOVES[:-1]), s("4.1"), ["O102"],
             "No closing }: the moves are read to the end of the text.",
             expect=document(game(FOUR, headers=[*PLAYERS, ("Event", "全国赛")], result="1-0")),
             diagnostics=[at_line("O102", 5, 1)], exact=True),
    ]


def deviations() -> list[Case]:
    """The dialect cases' faults as invalid cases too: a reader must report them (an error under strict)."""
    return [case("invalid", c.name, c.data, c.clause, c.rules, c.description, diagnostics=c.diagnostics, exact=True)
            for c in dialect()]


def cases() -> list[Case]:
    return valid() + invalid() + deviations() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
