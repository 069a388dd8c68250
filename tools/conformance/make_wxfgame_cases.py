"""Write the WXF game file conformance cases (xqformats/conformance/cases/wxfgame/).

The canonical valid case is our writer's output (``xqformats.formats.write``,
docs/spec/wxfgame.md §4.1); the others are texts written here line by line
(:func:`wxf`), so that an expected line number is the index of its line plus 1.
The moves are the WXF spellings of a short opening, checked by hand against
ICCS: ``C2.5`` H2-E2, ``H8+7`` H9-G7, ``H2+3`` H0-G2, ``R9.8`` I9-H9.  The
expected JSON and positions are written out by hand from the spec, not read
back.

Usage: ``python tools/conformance/make_wxfgame_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at_line, document, game, line, main, root

from xqformats.formats import write
from xqformats.pgn import parse_pgn

SPEC = "docs/spec/wxfgame.md"
case = Maker("wxfgame", "wxf", SPEC)
s = case.clauses
HEAD = ["FORMAT\tWXF", "RED\t许银川", "BLACK\t吕钦"]  # lines 1-3
MOVES = " 1.  C2.5  H8+7     2.  H2+3  R9.8"
FOUR = [root(), *line("H2-E2", "H9-G7", "H0-G2", "I9-H9")]
NAMES = [("Red", "许银川"), ("Black", "吕钦")]


def wxf(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")




# ---------------------------------------------------------------- valid

WRITTEN = """[Event "全国赛"]
[Date "01-12-1999"]
[Red "许银川"]
[Black "吕钦"]
[Result "1-0"]
{开局} 1. H2-E2 {中炮} H9-G7 $1 2. H0-G2 I9-H9 $2 1-0
"""


def written() -> bytes:
    games, _ = parse_pgn('[Format "ICCS"]\n' + WRITTEN)
    return write(games, "wxfgame")


def valid() -> list[Case]:
    xiexie = wxf(
        "FORMAT\tWXF", "GAME\t", "RED\t许银川;;;", "BLACK\t吕钦;;;", "DATE\t01-12-1999", "RESULT\t1/2-1/2",
        "/*第一行", "第二行*/", "", "START{", " 1.  C2.5 /*中炮*/ H8+7?", " 2.  H2+3  R9.8", "}END", "/*赛后*/",
    )
    axf = wxf("FORMAT\tAXF", *HEAD[1:], "START{", MOVES, "}END")
    return [
        case("valid", "written", written(), s("1.1", "2.1", "2.2", "2.3", "3.1", "3.2", "3.3", "4.1"),
             [f"W{n}" for n in range(101, 111)],
             "Our writer's output: FORMAT, GAME, RED, BLACK, DATE and RESULT lines, the game's comment, the "
             "moves in numbered pairs with annotations (! and ?) and a comment; the moves read are the ones "
             "written (checked by hand: C2.5 H8+7 H2+3 R9.8 = H2-E2 H9-G7 H0-G2 I9-H9).",
             expect=document(game(
                 [root("开局"), {"parent": 0, "move": "H2-E2", "comments": ["中炮"]},
                  {"parent": 1, "move": "H9-G7", "nags": [1]}, {"parent": 2, "move": "H0-G2"},
                  {"parent": 3, "move": "I9-H9", "nags": [2]}],
                 headers=[("Event", "全国赛"), ("Red", "许银川"), ("Black", "吕钦"), ("Date", "01-12-1999")],
                 result="1-0"))),
        case("valid", "xiexie-layout", xiexie, s("2.2", "2.3", "3.3", "3.4"), ["W101", "W104", "W107", "W108"],
             "The layout XieXie writes: an empty GAME (no header), names ending in `;;;` and the date "
             "dd-mm-yyyy kept verbatim, RESULT 1/2-1/2, a two-line comment before the moves, a comment after "
             "C2.5, `?` right after H8+7 (NAG 2) and a comment after `}END`.",
             expect=document(game(
                 [root("第一行\n第二行"), {"parent": 0, "move": "H2-E2", "comments": ["中炮"]},
                  {"parent": 1, "move": "H9-G7", "nags": [2]}, {"parent": 2, "move": "H0-G2"},
                  {"parent": 3, "move": "I9-H9", "comments": ["赛后"]}],
                 headers=[("Red", "许银川;;;"), ("Black", "吕钦;;;"), ("Date", "01-12-1999")], result="1/2-1/2"))),
        case("valid", "axf-format", axf, s("2.2"), ["W105"],
             "FORMAT AXF: the draft's name for the same notation; read as WXF, nothing reported.",
             expect=document(game(FOUR, headers=NAMES))),
    ]


# ---------------------------------------------------------------- invalid and dialect


def invalid() -> list[Case]:
    return [
        case("invalid", "stray-text", wxf(*HEAD, "Event: Cup", "START{", MOVES, "}END"), s("2.2"), ["W101"],
             "`Event: Cup` (line 4) is neither a header line (no keyword in capitals) nor a comment.",
             diagnostics=[at_line("W101", 4, 1)], exact=True),
        case("invalid", "no-moves", wxf(*HEAD), s("2.1"), ["W102"],
             "Header lines and no `START{`: the file holds no moves (reported at its end, line 4).",
             diagnostics=[at_line("W102", 4, 1)], exact=True),
        case("invalid", "format", wxf("FORMAT\tSALG", *HEAD[1:], "START{", MOVES, "}END"), s("2.2"), ["W105"],
             "FORMAT SALG (line 1; the value at column 8, after the tab), a move format of the draft this "
             "reader does not read; the moves are read as WXF all the same.",
             diagnostics=[at_line("W105", 1, 8)], exact=True),
        case("invalid", "moves-not-read", wxf(*HEAD, "START{", " 1.  C2.5  H8+7     2.  H2+3  R9+9", "}END"),
             s("3.2"), ["W106", "M301"],
             "R9+9 (line 5, column 31): Black's rook on i9 cannot go forward 9 (its pawn on i6 blocks it); the "
             "game ends there: the notation's finding (M301), with W106 as its note.",
             diagnostics=[at_line("M301", 5, 31), at_line("W106", 5, 31)], exact=True),
        case("invalid", "text-after-end", wxf(*HEAD, "START{", MOVES, "}END", "1-0"), s("3.4"), ["W108"],
             "`1-0` (line 7) after `}END` is not a comment: ignored and reported.",
             diagnostics=[at_line("W108", 7, 1)], exact=True),
        case("invalid", "unclosed-comment", wxf(*HEAD, "/*Time control", "START{", MOVES, "}END"), s("2.3"),
             ["W109"], "The comment opened on line 4 is never closed: it runs to the end of the file, moves "
             "and all.", diagnostics=[at_line("W109", 4, 1)]),
        case("invalid", "move-number", wxf(*HEAD, "START{", MOVES.replace(" 2.  H2", " 3.  H2"), "}END"), s("3.1"), ["W110"],
             "The second pair is numbered 3 (line 5, column 21): out of sequence; the moves are read.",
             diagnostics=[at_line("W110", 5, 21)], exact=True),
    ]


def dialect() -> list[Case]:
    iccs = wxf("FORMAT\tICCS", *HEAD[1:], "START{", " 1.  H2-E2  H9-G7     2.  H0-G2  I9-H9", "}END")
    return [
        case("dialect", "iccs-format", iccs, s("2.2"), ["W105"],
             "FORMAT ICCS (line 1; the value at column 8) with ICCS moves: not the WXF format line, reported, "
             "and the moves read by their shape (WXF-file §2.2: ICCS moves are read too).",
             expect=document(game(FOUR, headers=NAMES)), diagnostics=[at_line("W105", 1, 8)], exact=True),
        case("dialect", "unclosed-moves", wxf(*HEAD, "", "START{", MOVES), s("3.1"), ["W103"],
             "The move section (from line 5) has no `}END`: read to the end of the file.",
             expect=document(game(FOUR, headers=NAMES)), diagnostics=[at_line("W103", 5, 1)], exact=True,
             source="real-file fault: files cut after their last move"),
        case("dialect", "unknown-header", wxf(*HEAD, "PLACE\t北京", "START{", MOVES, "}END"), s("2.2"), ["W104"],
             "PLACE (line 4) is not a keyword the reader maps: kept as the header WXF_PLACE.",
             expect=document(game(FOUR, headers=[*NAMES, ("WXF_PLACE", "北京")])),
             diagnostics=[at_line("W104", 4, 1)], exact=True),
        case("dialect", "detached-annotation", wxf(*HEAD, "START{", " 1.  C2.5  H8+7 !!    2.  H2+3  R9.8", "}END"),
             s("3.3"), ["W107"],
             "`!!` (line 5, column 17) stands apart from H8+7, as XieXie writes it: applied to H8+7 (NAG 3).",
             expect=document(game(
                 [root(), {"parent": 0, "move": "H2-E2"}, {"parent": 1, "move": "H9-G7", "nags": [3]},
                  {"parent": 2, "move": "H0-G2"}, {"parent": 3, "move": "I9-H9"}], headers=NAMES)),
             diagnostics=[at_line("W107", 5, 17)], exact=True, source="spec example"),
    ]


def warnings() -> list[Case]:
    """Invalid cases for the codes whose real-world form is a dialect case: another instance, one finding each."""
    one = "; the one finding"
    return [
        case("invalid", "unclosed-moves-comment", wxf(*HEAD, "START{", MOVES, "/*未完*/"), s("3.1"), ["W103"],
             f"The move section (line 4) ends with a comment and no `}}END`{one}.",
             diagnostics=[at_line("W103", 4, 1)], exact=True),
        case("invalid", "unknown-header-round", wxf(*HEAD, "ROUND\t1", "START{", MOVES, "}END"), s("2.2"), ["W104"],
             "ROUND (line 4) is not a keyword the reader maps.", diagnostics=[at_line("W104", 4, 1)], exact=True),
        case("invalid", "detached-question", wxf(*HEAD, "START{", " 1.  C2.5 ?  H8+7     2.  H2+3  R9.8", "}END"),
             s("3.3"), ["W107"], f"`?` (line 5, column 11) stands apart from C2.5{one}.",
             diagnostics=[at_line("W107", 5, 11)], exact=True),
    ]


def cases() -> list[Case]:
    return valid() + invalid() + warnings() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
