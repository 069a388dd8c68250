"""Write the pasted-text conformance cases (xqformats/conformance/cases/pasted/).

Pasted text has no file of its own: it is read from standard input or from
text handed over unnamed, never from a file found by its name
(docs/spec/pasted.md §1.2).  The runner reads this suite's inputs so (a
decoder is told the input is called ``-``); they are stored as
``<name>.txt`` only so that each has a file beside its sidecar.

xqformats does not write pasted text (docs/spec/pasted.md §1.2), so every
input is a text written here line by line (:func:`text`), so that an expected
line number is the index of its line plus 1; a column counts characters
(code points) from 1.  The expected JSON and positions are written out by
hand from the spec, not read back.  The moves, checked by hand:

* 炮二平五 ``C2.5`` ``h2e2``: H2-E2 (Red's cannon on file 二, h2, across to file 五, e2);
* 马8进7 ``H8+7`` ``h9g7``: H9-G7 (Black's horse on its file 8, h9, to file 7, g7);
* 马二进三 ``H2+3`` ``h0g2``: H0-G2; 车9平8 ``R9.8`` ``i9h9``: I9-H9;
* 车一平二: I0-H0 (h0 is empty once the horse has left); 马2进3: B9-C7;
* 帅五进一: E0-E1 (the king on file 五, e0, one point up).

Illegal ones: 车九进四 and ``a0a4`` (A0-A4) pass Red's own pawn on a3.
tests/test_conformance.py replays every expected move tree with pyffish
(Fairy-Stockfish's move generator, an implementation that is not ours) and
checks the FENs and the illegal moves with it.

Usage: ``python tools/conformance/make_pasted_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at_line, document, game, line, main, root

case = Maker("pasted", "txt", "docs/spec/pasted.md")
s = case.clauses

#: The codes no well-formed pasted text gives (A101 is information, given for every one).
PASTED = ["A102", "A103", "A104", "A105"]
#: What a PGN file asks of its movetext and pasted moves need not have (docs/spec/pasted.md §5.3):
#: a space after a number, the result, move numbers, numbers that count the moves, a Format tag.
PGN_FILE = ["P201", "P205", "P206", "P207", "P208", "P212"]

FOUR = [root(), *line("H2-E2", "H9-G7", "H0-G2", "I9-H9")]
TWO = [root(), *line("H2-E2", "H9-G7")]
#: After 炮二平五 马8进7 (checked with pyffish), Red to move, in the long form.
AFTER_TWO = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
AFTER_TWO_BOARD = AFTER_TWO.split()[0]
#: Two kings: Black's on d9, Red's on e0 (not facing each other).
KINGS = "3k5/9/9/9/9/9/9/9/9/4K4"
KINGS_FEN = f"{KINGS} w - - 0 1"
#: A board of nine ranks: no position (docs/spec/fen.md; F101).
NINE_RANKS = "3k5/9/9/9/9/9/9/9/4K4"


def text(*lines: str, end: str = "\n") -> bytes:
    return (end.join(lines) + end).encode("utf-8")


def from_fen(fen: str, *moves: str, result: str = "*") -> dict[str, object]:
    """The document of one game from ``fen`` (a FEN header: it is no initial position) with ``moves``."""
    return document(game([root(), *line(*moves)], headers=[("FEN", fen)], start=fen, result=result))


def move_lists() -> list[Case]:
    """Bare move lists in each notation, numbered and not (docs/spec/pasted.md §5)."""
    return [
        case("valid", "chinese", text("炮二平五 马8进7", "马二进三 车9平8"),
             s("1.1", "1.2", "2.2", "2.3", "5.1", "5.3"), [*PASTED, *PGN_FILE],
             "Chinese moves, two to a line, no numbers, no result, read from standard input: "
             "H2-E2 H9-G7 H0-G2 I9-H9, result unknown.",
             expect=document(game(FOUR))),
        case("valid", "chinese-numbered", text("1. 炮二平五 马8进7", "2. 马二进三 车9平8", "3. 车一平二 马2进3"),
             s("5.1", "5.2"), [*PASTED, *PGN_FILE],
             "A numbered Chinese list, one move pair a line: H2-E2 H9-G7 H0-G2 I9-H9 I0-H0 B9-C7.",
             expect=document(game([root(), *line("H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-H0", "B9-C7")]))),
        case("valid", "chinese-fullwidth", text("１．炮二平五\u3000马８进７\u3000２．马二进三\u3000车９平８"),
             s("2.1", "5.2"), [*PASTED, *PGN_FILE],
             "Fullwidth list numbers (１．), Black's fullwidth digits (马８进７, style only) and ideographic "
             "spaces between the words: H2-E2 H9-G7 H0-G2 I9-H9.",
             expect=document(game(FOUR))),
        case("valid", "chinese-list-numbers", text("1、炮二平五 马8进7", "2、马二进三 车9平8"),
             s("5.2"), [*PASTED, *PGN_FILE],
             "List numbers written 1、 as Chinese texts number a list: read as 1. and 2.",
             expect=document(game(FOUR))),
        case("valid", "numbers-unchecked", text("1.炮二平五 马8进7 1.马二进三 车9平8"),
             s("5.3"), [*PASTED, *PGN_FILE],
             "No space after the numbers, and a number that does not count the moves (1. twice): "
             "neither is reported in pasted moves.",
             expect=document(game(FOUR))),
        case("valid", "wxf", text("C2.5 H8+7", "H2+3 R9.8"),
             s("5.1", "5.3"), [*PASTED, *PGN_FILE],
             "WXF moves without numbers and without a Format tag naming the notation: H2-E2 H9-G7 H0-G2 I9-H9.",
             expect=document(game(FOUR))),
        case("valid", "wxf-numbered", text("1. C2.5 H8+7 2. H2+3 R9.8"),
             s("5.1"), [*PASTED, *PGN_FILE],
             "A numbered WXF list on one line: H2-E2 H9-G7 H0-G2 I9-H9.",
             expect=document(game(FOUR))),
        case("valid", "iccs", text("h2e2 h9g7 h0g2 i9h9"),
             s("5.1", "5.3"), [*PASTED, *PGN_FILE],
             "ICCS moves without the dash, in lower case, no numbers: H2-E2 H9-G7 H0-G2 I9-H9.",
             expect=document(game(FOUR))),
        case("valid", "iccs-numbered", text("1. H2-E2 H9-G7", "2. H0-G2 I9-H9"),
             s("5.1"), [*PASTED, *PGN_FILE],
             "Numbered ICCS moves with the dash: H2-E2 H9-G7 H0-G2 I9-H9.",
             expect=document(game(FOUR))),
        case("valid", "result-comment-variation", text("1. 炮二平五 {中炮} 马8进7 (1... 炮8平5) 2. 马二进三 1-0"),
             s("5.1", "6.1"), [*PASTED, *PGN_FILE],
             "A comment, a variation and a result pasted with the moves are read as PGN reads them: "
             "H2-E2 (comment 中炮), H9-G7 or H7-E7, then H0-G2; the result is 1-0.",
             expect=document(game([root(), {"parent": 0, "move": "H2-E2", "comments": ["中炮"]},
                                   {"parent": 1, "move": "H9-G7"}, {"parent": 2, "move": "H0-G2"},
                                   {"parent": 1, "move": "H7-E7"}], result="1-0"))),
        case("valid", "line-ends", "炮二平五 马8进7\r\n马二进三 车9平8\r车一平二 马2进3\r\n".encode("utf-8"),
             s("2.1"), [*PASTED, *PGN_FILE],
             "Lines ending in CR LF and in a lone CR: H2-E2 H9-G7 H0-G2 I9-H9 I0-H0 B9-C7.",
             expect=document(game([root(), *line("H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-H0", "B9-C7")]))),
    ]


def fens() -> list[Case]:
    """A FEN line, alone or before the moves (docs/spec/pasted.md §4)."""
    return [
        case("valid", "fen-long", text(AFTER_TWO), s("2.2", "4.1", "6.1"), PASTED,
             "A long FEN alone (the position after 炮二平五 马8进7): a game of no moves from it, the FEN a header.",
             expect=from_fen(AFTER_TWO)),
        case("valid", "fen-long-initial", text("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
             s("4.1", "6.1"), PASTED,
             "The initial position as a long FEN: a game of no moves with no FEN header.",
             expect=document(game([root()]))),
        case("valid", "fen-short", text(f"{KINGS} w"), s("4.1"), PASTED,
             "A short FEN (board and side to move): the other fields are - - 0 1.",
             expect=from_fen(KINGS_FEN)),
        case("valid", "fen-board", text(KINGS), s("4.1"), PASTED,
             "A board alone: Red to move, the other fields - - 0 1.",
             expect=from_fen(KINGS_FEN)),
        case("valid", "fen-then-moves", text(AFTER_TWO, "3. 马二进三 车9平8"), s("4.1", "5.3"), [*PASTED, *PGN_FILE],
             "A long FEN, then the moves played from it, numbered as in the game: H0-G2 I9-H9.",
             expect=from_fen(AFTER_TWO, "H0-G2", "I9-H9")),
        case("valid", "fen-black-to-move", text(f"{AFTER_TWO_BOARD} b", "马2进3"), s("4.1"), [*PASTED, *PGN_FILE],
             "A short FEN with Black to move, then Black's move without a number or an ellipsis: B9-C7.",
             expect=from_fen(f"{AFTER_TWO_BOARD} b - - 0 1", "B9-C7")),
    ]


def ucci() -> list[Case]:
    """UCCI `position` lines (docs/spec/pasted.md §3)."""
    return [
        case("valid", "ucci-startpos", text("position startpos moves h2e2 h9g7 h0g2 i9h9"),
             s("1.1", "2.2", "3.1", "3.2"), [*PASTED, "M405"],
             "position startpos moves …: the initial position and four ICCS moves in UCCI's spelling "
             "(no style finding): H2-E2 H9-G7 H0-G2 I9-H9.",
             expect=document(game(FOUR))),
        case("valid", "ucci-startpos-alone", text("position startpos"), s("3.1"), PASTED,
             "position startpos with no moves: a game of no moves from the initial position.",
             expect=document(game([root()]))),
        case("valid", "ucci-fen", text(f"position fen {AFTER_TWO} moves h0g2 i9h9"),
             s("3.1", "3.2"), [*PASTED, "M405"],
             "position fen <long FEN> moves …: H0-G2 I9-H9 from the position after 炮二平五 马8进7.",
             expect=from_fen(AFTER_TWO, "H0-G2", "I9-H9")),
        case("valid", "ucci-fen-short", text(f"position fen {KINGS} w moves e0e1 d9d8"),
             s("3.1", "3.2"), [*PASTED, "M405"],
             "position fen with a short FEN: E0-E1 D9-D8 from two kings.",
             expect=from_fen(KINGS_FEN, "E0-E1", "D9-D8")),
    ]


def recognised() -> list[Case]:
    """What an unnamed input is (docs/spec/pasted.md §2.3), and the finding every pasted game gets (§2.2)."""
    return [
        case("valid", "tags-stay-pgn",
             text('[Game "Chinese Chess"]', '[Red "许银川"]', '[Result "1-0"]', "", "1. 炮二平五 马8进7 1-0"),
             s("1.2", "2.3"), ["A101", *PASTED],
             "A PGN record piped in with its tags is PGN, not pasted text: its tags are kept, and no "
             "finding says it has none.",
             expect=document(game(TWO, headers=[("Game", "Chinese Chess"), ("Red", "许银川"), ("Result", "1-0")],
                                  result="1-0"))),
        case("dialect", "a101-after-blank-lines", text("", " \t", "炮二平五 马8进7"), s("2.1", "2.2", "6.1"), ["A101"],
             "Two blank lines count for nothing; the game read has no tags, said once, as information, "
             "at the first line that is not blank.",
             expect=document(game(TWO)), diagnostics=[at_line("A101", 3, 1)], exact=True),
        case("dialect", "a101-after-an-ideographic-blank-line", text("\u3000", "炮二平五 马8进7"), s("2.1", "2.2", "6.1"),
             ["A101"],
             "A line of ideographic spaces (U+3000) is blank as a line of spaces is: the text is still "
             "recognised as pasted moves, and the missing tags are said at the first line that is not blank.",
             expect=document(game(TWO)), diagnostics=[at_line("A101", 2, 1)], exact=True),
        case("dialect", "a101-fen", text(f"{KINGS} w", "帅五进一"), s("2.2", "6.1"), ["A101"],
             "A FEN and a move (E0-E1): no tags, said at the FEN line; the game has the FEN header only.",
             expect=from_fen(KINGS_FEN, "E0-E1"), diagnostics=[at_line("A101", 1, 1)], exact=True),
        case("dialect", "a101-ucci", text("position startpos moves h2e2 h9g7"), s("2.2"), ["A101"],
             "A UCCI line (H2-E2 H9-G7): no tags, said at the line.",
             expect=document(game(TWO)), diagnostics=[at_line("A101", 1, 1)], exact=True),
    ]


def invalid() -> list[Case]:
    return [
        case("invalid", "a103-no-setup", text("position moves h2e2 h9g7"), s("3.1"), ["A103", "A105"],
             "position moves …, with neither startpos nor fen: no game; the moves (from h2e2, column 16) are "
             "not read, a note on the finding.",
             diagnostics=[at_line("A103", 1, 1), at_line("A105", 1, 16)], exact=True),
        case("invalid", "a103-fen-without-board", text("position fen"), s("3.1"), ["A103"],
             "position fen and no board: no game, reported at fen (column 10).",
             diagnostics=[at_line("A103", 1, 10)], exact=True),
        case("invalid", "a103-unknown-word", text("position go"), s("3.1"), ["A103"],
             "position go: go names no position (column 10).",
             diagnostics=[at_line("A103", 1, 10)], exact=True),
        case("invalid", "a103-words-after-startpos", text("position startpos extra moves h2e2"), s("3.1"), ["A103"],
             "A word between startpos and moves (extra, column 19) is reported and not read; H2-E2 is.",
             diagnostics=[at_line("A103", 1, 19)], exact=True),
        case("invalid", "a104-engine-log", text("position startpos moves h2e2", "position startpos moves h2e2 h9g7"),
             s("3.3"), ["A104"],
             "An engine log repeats the command: only the first position line is read (H2-E2), the second "
             "is reported.",
             diagnostics=[at_line("A104", 2, 1)], exact=True),
        case("invalid", "a104-moves-after-ucci", text(f"position fen {KINGS} w moves e0e1", "1. 帅五进一"),
             s("3.3"), ["A104"],
             "A line of moves after a UCCI line is not read either: the game is E0-E1 from the FEN.",
             diagnostics=[at_line("A104", 2, 1)], exact=True),
        case("invalid", "a104-second-fen", text(f"{KINGS} w", f"{KINGS} b", "帅五进一"), s("4.2"), ["A104"],
             "A second FEN line before the moves is reported and not read: E0-E1 is played from the first "
             "(Red to move).",
             diagnostics=[at_line("A104", 2, 1)], exact=True),
        case("invalid", "a105-fen-no-board", text(f"{NINE_RANKS} w", "1. 帅五进一"), s("4.1"), ["F101", "A105"],
             "A FEN of nine ranks gives no position: the line of moves is kept as the game's comment, "
             "a note (at 2:1) on the FEN's finding.",
             diagnostics=[at_line("F101", 1, 1), at_line("A105", 2, 1)], exact=True),
        case("invalid", "a105-ucci-fen-no-board", text(f"position fen {NINE_RANKS} w moves e0e1"),
             s("3.1", "4.1"), ["F101", "A105"],
             "position fen with a board of nine ranks (at column 14): no game, and the moves (e0e1, column 44) "
             "are not read.",
             diagnostics=[at_line("F101", 1, 14), at_line("A105", 1, 44)], exact=True),
        case("invalid", "a105-ucci-illegal-move", text("position startpos moves h2e2 h9g7 a0a4 i9h9"),
             s("3.2"), ["M301", "A105"],
             "a0a4 (A0-A4, column 35) passes Red's pawn on a3: reported, and it and i9h9 are not read; "
             "the game is H2-E2 H9-G7.",
             diagnostics=[at_line("M301", 1, 35), at_line("A105", 1, 35)], exact=True),
        case("invalid", "a105-ucci-not-a-move", text("position startpos moves h2e2 h9g7 foo h0g2"),
             s("3.2"), ["M101", "A105"],
             "foo (column 35) is no ICCS move: reported, and it and h0g2 are not read; the game is H2-E2 H9-G7.",
             diagnostics=[at_line("M101", 1, 35), at_line("A105", 1, 35)], exact=True),
        case("invalid", "m301-illegal-move", text("炮二平五 马8进7", "车九进四 车9平8"), s("5.1"), ["M301", "P301"],
             "车九进四 (A0-A4, at 2:1) passes Red's pawn on a3: reported as PGN reports it, and the rest of "
             "the line is kept as a comment.",
             diagnostics=[at_line("M301", 2, 1), at_line("P301", 2, 1)], exact=True),
        case("invalid", "fen-after-moves", text("炮二平五 马8进7", f"{KINGS} w"), s("5.1"), ["M101", "P301"],
             "From the first line of moves on the text is movetext: a FEN after the moves is no move (at 2:1).",
             diagnostics=[at_line("M101", 2, 1), at_line("P301", 2, 1)], exact=True),
    ]


def cases() -> list[Case]:
    return move_lists() + fens() + ucci() + recognised() + invalid()


if __name__ == "__main__":
    sys.exit(main(cases))
