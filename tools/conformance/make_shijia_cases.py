"""Write the 象棋世家 (ShiJia) conformance cases (xqformats/conformance/cases/shijia/).

xqformats does not write ShiJia records (docs/spec/shijia.md §1.1), so every
input is a text written here line by line (:func:`text`), so that an expected
line number is the index of its line plus 1.  The moves are checked by hand:
``7C-4C`` H2-E2 (炮二平五), ``7J-6H`` H9-G7 (马8进7); the set-up numbers are
16 × (12 − rank) + file + 4 (docs/spec/shijia.md §3.2), written out below.
The expected JSON and positions are written out by hand from the spec, not
read back.  vschess reads the same start position and moves from the valid
cases (tests/test_shijia.py).

Usage: ``python tools/conformance/make_shijia_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at_line, document, game, line, main, root

case = Maker("shijia", "shijia", "docs/spec/shijia.md")
s = case.clauses
ALL_RULES = ["S101", "S102", "S103", "S104", "S105", "S106", "S107", "S108", "S109", "S110"]
TWO = [root(), *line("H2-E2", "H9-G7")]

#: The initial position as a set-up: Red's pawns (rank 3: 148 + file), cannons b2 h2, horses b0 h0,
#: rooks a0 i0, elephants c0 g0, advisors d0 f0, king e0; then Black's.
INITIAL = ("148 150 152 154 156 165 171 197 203 196 204 198 202 199 201 200 "
           "100 102 104 106 108 85 91 53 59 52 60 54 58 55 57 56")
#: An ending: Red king e0 (200), rook a5 (116), pawn e6 (104); Black king e9 (56), advisor d9 (55),
#: horse c7 (86); every other piece 0 (off the board).
ENDING = " ".join(["0"] * 4 + ["104"] + ["0"] * 4 + ["116"] + ["0"] * 5 + ["200"]
                  + ["0"] * 7 + ["86"] + ["0"] * 5 + ["55", "0", "56"])
ENDING_FEN = "3ak4/9/2n6/4P4/R8/9/9/9/9/4K4 b - - 0 1"


def text(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


def valid() -> list[Case]:
    return [
        case("valid", "game", text("Moves", "7C-4C", "7J-6H", "Ends", "CommentsEnd"),
             s("1.1", "2.1", "4.1", "4.2", "5.2"), ALL_RULES,
             "The two markers around 7C-4C (H2-E2, 炮二平五) and 7J-6H (H9-G7, 马8进7), no comment text.",
             expect=document(game(TWO))),
        case("valid", "initial-set-up", text(INITIAL + " +R", "Moves", "7C-4C 7J-6H", "Ends", "CommentsEnd"),
             s("1.2", "3.1", "3.2"), [],
             "A set-up of the initial position, Red to move: the game starts from the initial position.",
             expect=document(game(TWO))),
        case("valid", "ending-black-to-move", text(ENDING + " +B", "Moves", "2H-4I 0F-0J", "Ends", "CommentsEnd"),
             s("3.1", "3.2", "3.3"), [],
             "An ending set up, Black to move: 2H-4I (C7-E8), then 0F-0J (A5-A9).",
             expect=document(game([root(), *line("C7-E8", "A5-A9")], headers=[("FEN", ENDING_FEN)], start=ENDING_FEN))),
        case("valid", "separators", b"\x05Moves\x057C-4C\x057j-6h\x04Ends\x0bCommentsEnd",
             s("2.2", "4.1"), [],
             "Control characters between the words (MXQ's length bytes) and a lower-case rank letter.",
             expect=document(game(TWO))),
    ]


def invalid() -> list[Case]:
    return [
        case("invalid", "no-moves", text("Move", "7C-4C 7J-6H", "Ends", "CommentsEnd"), s("2.1"), ["S101"],
             "The marker is misspelt Move: there is no marker Moves, and no move is read.", diagnostics=[at_line("S101", 1, 1)], exact=True),
        case("invalid", "stray-text", text("Red: Lin", "Moves", "7C-4C 7J-6H", "Ends", "CommentsEnd"), s("2.1"),
             ["S103"], "Two words before Moves that are no set-up: not read.",
             diagnostics=[at_line("S103", 1, 1)], exact=True),
        case("invalid", "move-shape", text("Moves", "7C-4C 9A-9B 7J-6H", "Ends", "CommentsEnd"), s("4.1", "4.3"),
             ["S104", "S106"], "9A-9B names no point (file digit 9): it and 7J-6H are kept as a comment on H2-E2.",
             diagnostics=[at_line("S104", 2, 7), at_line("S106", 2, 7)], exact=True),
        case("invalid", "illegal-move", text("Moves", "7C-4C 7J-7H", "Ends", "CommentsEnd"), s("4.2", "4.3"),
             ["S105", "S106"], "7J-7H (H9-H7) moves Black's horse straight ahead.",
             diagnostics=[at_line("S105", 2, 7), at_line("S106", 2, 7)], exact=True),
        case("invalid", "set-up-square", text(INITIAL.replace("148 ", "61 ", 1) + " +R", "Moves", "7C-4C", "Ends", "CommentsEnd"),
             s("3.2"), ["S107"], "The first pawn's number, 61, names no point (the cell after i9): it is left off.",
             diagnostics=[at_line("S107", 1, 1)], exact=True),
        case("invalid", "set-up-position", text(INITIAL.replace(" 56", " 0") + " +R", "Moves", "7C-4C", "Ends", "CommentsEnd"),
             s("3.3"), ["S108"], "Black's king is off the board (0).",
             diagnostics=[at_line("S108", 1, 1)], exact=True),
        case("invalid", "comments", text("Moves", "7C-4C 7J-6H", "Ends", "好棋", "CommentsEnd"), s("5.1"), ["S110"],
             "Comment text 好棋 between Ends and CommentsEnd: kept after the last move.",
             diagnostics=[at_line("S110", 4, 1)], exact=True),
    ]


def dialect() -> list[Case]:
    return [
        case("dialect", "no-comments-end", text("Moves", "7C-4C", "7J-6H", "Ends"), s("2.3"), ["S102"],
             "The text ends after Ends, before CommentsEnd: the moves are kept.",
             expect=document(game(TWO)), diagnostics=[at_line("S102", 5, 1)], exact=True),
        case("dialect", "trailing-text", text("Moves", "7C-4C", "7J-6H", "Ends", "CommentsEnd", "Moves"), s("5.2"),
             ["S109"], "A word after CommentsEnd: not read.",
             expect=document(game(TWO)), diagnostics=[at_line("S109", 6, 1)], exact=True),
    ]


def deviations() -> list[Case]:
    """The dialect cases' faults as invalid cases too: a reader must report them (an error under strict)."""
    return [case("invalid", c.name, c.data, c.clause, c.rules, c.description, diagnostics=c.diagnostics, exact=True)
            for c in dialect()]


def cases() -> list[Case]:
    return valid() + invalid() + deviations() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
