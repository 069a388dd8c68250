"""Write the DhtmlXQ conformance cases (xqformats/conformance/cases/dhtmlxq/).

The canonical valid case is our writer's output (``xqformats.formats.write``,
docs/spec/dhtmlxq.md §7.1); the others are texts written here one block a
line, so that an expected line number is the index of the block's line plus 1.
Moves are spelt with :func:`moves` from ICCS (DhtmlXQ's ``x y`` counts rows
from Black's side, docs/spec/dhtmlxq.md §3.1).  The expected JSON and positions
are written out by hand from the spec, not read back.

Usage: ``python tools/conformance/make_dhtmlxq_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at_line, document, game, line, main, root

from xqformats.formats import write
from xqformats.pgn import parse_pgn

SPEC = "docs/spec/dhtmlxq.md"
case = Maker("dhtmlxq", "dhtmlxq", SPEC)
s = case.clauses


def sq(name: str) -> str:
    """DhtmlXQ's two digits of an ICCS square: the file, then the row from Black's side."""
    return f"{'abcdefghi'.index(name[0].lower())}{9 - int(name[1])}"


def moves(*iccs: str) -> str:
    """A move list: four digits per ICCS move (``H2-E2`` → ``7747``)."""
    return "".join(sq(m[:2]) + sq(m[3:]) for m in iccs)


def block(name: str, value: str) -> str:
    return f"[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]"


def text(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


def wrapped(*blocks: str) -> bytes:
    """One record: the wrapper on lines 1 and last, the blocks on lines 2, 3, …"""
    return text("[DhtmlXQ]", *blocks, "[/DhtmlXQ]")




THREE = block("movelist", moves("H2-E2", "H9-G7", "H0-G2"))
THREE_NODES = [root(), *line("H2-E2", "H9-G7", "H0-G2")]

# ---------------------------------------------------------------- valid

WRITTEN = """[Name "全国赛第一轮"]
[Event "全国赛"]
[Date "1999.12.01"]
[Site "北京"]
[Red "许银川"]
[Black "吕钦"]
[Result "1-0"]
{开局} 1. H2-E2 {中炮
第二行} (1. C3-C4 {仙人指路} C6-C5 (B9-C7)) H9-G7 2. H0-G2 1-0
"""


def written() -> bytes:
    games, _ = parse_pgn('[Format "ICCS"]\n' + WRITTEN)
    return write(games, "dhtmlxq")


SETUP = "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1"


def binit(pieces: dict[int, str]) -> str:
    """A ``binit`` of 32 slots (docs/spec/dhtmlxq.md §3.1): ``pieces`` maps a slot to its ICCS square."""
    return "".join(sq(pieces[i]) if i in pieces else "99" for i in range(32))


def valid() -> list[Case]:
    post = text(
        "<html><body><p>看这盘棋：</p>",
        block("title", "论坛对局") + "<br>",
        "<p>" + THREE + "</p>",
        block("comment2", "第一行||第二行"),
        "</body></html>",
    )
    setup = wrapped(block("binit", binit({4: "e0", 3: "e1", 20: "d9"})), block("movelist", moves("D9-D8", "E1-D2")))
    two = text("[DhtmlXQ]", block("title", "一"), THREE, "[/DhtmlXQ]", "[DhtmlXQiFrame]", block("title", "二"),
               block("movelist", moves("C3-C4")), "[/DhtmlXQiFrame]")
    branches = wrapped(
        THREE,
        block("move_0_2_1", moves("B9-C7", "B0-C2")),  # branch 1: an alternative to H9-G7 (ply 2)
        block("move_1_3_2", moves("C3-C4")),  # branch 2: an alternative to branch 1's B0-C2 (ply 3)
        block("move_0_2_3", moves("C6-C5")),  # branch 3: a second alternative to H9-G7
        block("comment1_2", "屏风马"),  # after branch 1's move at ply 2
        block("comment0", "开局"),
    )
    return [
        case("valid", "written", written(), s("1.1", "2.2", "4.1", "4.2", "5.1", "5.2", "6.1", "6.2", "7.1"),
             [f"D{n}" for n in range(101, 117)],
             "Our writer's output: tags, the result word 红胜, the move list, two branches (an alternative to "
             "the first move and one inside it), comments with `||` for a line break; the moves read are the "
             "ones written (checked by hand: H2-E2 H9-G7 H0-G2; C3-C4 C6-C5; B9-C7 instead of C6-C5).",
             expect=document(game(
                 [root("开局"), *line("H2-E2", "H9-G7", "H0-G2", comments={1: ["中炮\n第二行"]}),
                  {"parent": 0, "move": "C3-C4", "comments": ["仙人指路"]}, {"parent": 4, "move": "C6-C5"},
                  {"parent": 4, "move": "B9-C7"}],
                 headers=[("Name", "全国赛第一轮"), ("Event", "全国赛"), ("Date", "1999.12.01"), ("Site", "北京"),
                          ("Red", "许银川"), ("Black", "吕钦")], result="1-0"))),
        case("valid", "forum-post", post, s("2.1", "2.2", "5.2"), ["D101", "D102", "D104"],
             "Blocks pasted into HTML without a wrapper make one game; the HTML around them is ignored; "
             "`||` in comment2 is a line break (after H9-G7, ply 2).",
             expect=document(game([root(), *line("H2-E2", "H9-G7", "H0-G2", comments={2: ["第一行\n第二行"]})],
                                  headers=[("Name", "论坛对局")]))),
        case("valid", "binit-black-first", setup, s("3.1", "3.2"), ["D106", "D107", "D108"],
             "binit puts Red's king (slot 4) on e0 (`49`), Red's advisor (slot 3) on e1 (`48`) and Black's king "
             "(slot 20) on d9 (`30`), every other slot `99`; the first move, D9-D8, is Black's: Black moves first.",
             expect=document(game([root(), *line("D9-D8", "E1-D2")], headers=[("FEN", SETUP)], start=SETUP))),
        case("valid", "two-wrappers", two, s("2.2"), ["D105"],
             "Two wrappers, `[DhtmlXQ]` and `[DhtmlXQiFrame]`: two games; the same block names in each are "
             "no repetition.",
             expect=document(game(THREE_NODES, headers=[("Name", "一")]),
                             game([root(), *line("C3-C4")], headers=[("Name", "二")]))),
        case("valid", "branches", branches, s("4.2", "5.1"), ["D112", "D113", "D114"],
             "Branch 1 replaces H9-G7 (ply 2) with B9-C7 B0-C2, branch 2 replaces branch 1's B0-C2 (ply 3) with "
             "C3-C4, branch 3 is a second alternative to H9-G7; comment1_2 follows branch 1's B9-C7.",
             expect=document(game([
                 root("开局"), *line("H2-E2", "H9-G7", "H0-G2"),
                 {"parent": 1, "move": "B9-C7", "comments": ["屏风马"]}, {"parent": 4, "move": "B0-C2"},
                 {"parent": 4, "move": "C3-C4"}, {"parent": 1, "move": "C6-C5"}]))),
        case("valid", "result-variant", wrapped(block("result", "黑先负"), THREE), s("6.2"), ["D116"],
             "黑先负 (Black, moving first, lost) is one of the words for a Red win: 1-0.",
             expect=document(game(THREE_NODES, result="1-0"))),
    ]


# ---------------------------------------------------------------- invalid and dialect

INITIAL_BINIT = binit({0: "a0", 1: "b0", 2: "c0", 3: "d0", 4: "e0", 5: "f0", 6: "g0", 7: "h0", 8: "i0", 9: "b2",
                       10: "h2", 11: "a3", 12: "c3", 13: "e3", 14: "g3", 15: "i3", 16: "a9", 17: "b9", 18: "c9",
                       19: "d9", 20: "e9", 21: "f9", 22: "g9", 23: "h9", 24: "i9", 25: "b7", 26: "h7", 27: "a6",
                       28: "c6", 29: "e6", 30: "g6", 31: "i6"})


def invalid() -> list[Case]:
    col = len("[DhtmlXQ_binit]") + 1  # the first character of binit's value
    off = INITIAL_BINIT[:62] + "93"  # the last slot (Black's fifth pawn): file 9 is off the board
    doubled = INITIAL_BINIT[:62] + INITIAL_BINIT[60:62]  # the last slot on the point of the one before (g6)
    return [
        case("invalid", "no-block", text("看这盘棋，但没有棋谱。"), s("2.1"), ["D101"],
             "A text without any block: no game.", diagnostics=[at_line("D101", 1, 1)], exact=True),
        case("invalid", "stray-close", wrapped(THREE, "[/DhtmlXQ_title]"), s("2.1"), ["D104"],
             "`[/DhtmlXQ_title]` on line 3 closes no block: ignored and reported.",
             diagnostics=[at_line("D104", 3, 1)], exact=True),
        case("invalid", "repeated-block", wrapped(block("title", "甲"), block("title", "乙"), THREE), s("2.2"),
             ["D105"], "A second `title` block (line 3) in one record: the first is kept, the second reported.",
             diagnostics=[at_line("D105", 3, 1)], exact=True),
        case("invalid", "binit-length", wrapped(block("binit", INITIAL_BINIT[:-2]), THREE), s("3.1"), ["D106"],
             "binit (line 2) holds 62 digits, not 64: reported at the block, read from the initial position.",
             diagnostics=[at_line("D106", 2, 1)], exact=True),
        case("invalid", "binit-square", wrapped(block("binit", off), THREE), s("3.1"), ["D107"],
             f"binit's last pair (line 2, column {col + 62}) is `93`: file 9 is off the board.",
             diagnostics=[at_line("D107", 2, col + 62)], exact=True),
        case("invalid", "binit-doubled", wrapped(block("binit", doubled), THREE), s("3.1"), ["D108"],
             f"binit's last pair (line 2, column {col + 62}) repeats the point of the pair before it (g6).",
             diagnostics=[at_line("D108", 2, col + 62)], exact=True),
        case("invalid", "move-length", wrapped(block("movelist", moves("H2-E2") + "706")), s("4.1"), ["D109"],
             "The move list (line 2) has 7 digits: 3 are left over after the last whole move.",
             diagnostics=[at_line("D109", 2, 23)], exact=True),
        case("invalid", "illegal-move", wrapped(block("movelist", moves("H2-E2", "H9-H7", "H0-G2"))), s("4.1"),
             ["D111"], "The second move (line 2, column 23) takes Black's horse from h9 straight to h7; the "
             "line ends there (H0-G2 is not read).", diagnostics=[at_line("D111", 2, 23)], exact=True),
        case("invalid", "branch-parent", wrapped(THREE, block("move_5_2_1", moves("B9-C7"))), s("4.2"), ["D112"],
             "Branch 1 (line 3) names parent branch 5, which does not exist.",
             diagnostics=[at_line("D112", 3, 1)], exact=True),
        case("invalid", "branch-ply", wrapped(THREE, block("move_0_5_1", moves("B9-C7"))), s("4.2"), ["D113"],
             "Branch 1 (line 3) starts at ply 5; the main line has 3 moves.",
             diagnostics=[at_line("D113", 3, 1)], exact=True),
        case("invalid", "comment-target", wrapped(THREE, block("comment7", "好棋")), s("5.1"), ["D114"],
             "comment7 (line 3) names ply 7; the main line has 3 moves: kept as a comment on the game.",
             diagnostics=[at_line("D114", 3, 1)], exact=True),
    ]


def dialect() -> list[Case]:
    return [
        case("dialect", "unclosed-block", wrapped("[DhtmlXQ_title]对局" + THREE), s("2.1"), ["D102"],
             "`[DhtmlXQ_title]` (line 2) has no closing tag: its value runs to the next block marker.",
             expect=document(game(THREE_NODES, headers=[("Name", "对局")])),
             diagnostics=[at_line("D102", 2, 1)], exact=True,
             source="real-file fault: forum software cuts or mangles long posts"),
        case("dialect", "close-mismatch", wrapped("[DhtmlXQ_title]对局[/DhtmlXQ_event]", THREE), s("2.1"), ["D103"],
             "The title block (line 2) is closed by `[/DhtmlXQ_event]`: read as the title.",
             expect=document(game(THREE_NODES, headers=[("Name", "对局")])),
             diagnostics=[at_line("D103", 2, 18)], exact=True),
        case("dialect", "not-a-digit", wrapped(block("movelist", moves("H2-E2", "H9-G7") + "\n" + moves("H0-G2"))),
             s("4.1"), ["D110"],
             "The move list is wrapped after its second move (a line break at line 2, column 27): skipped.",
             expect=document(game(THREE_NODES)), diagnostics=[at_line("D110", 2, 27)], exact=True,
             source="real-file fault: move lists wrapped by forum software"),
        case("dialect", "unknown-tag", wrapped(block("titel", "对局"), THREE), s("6.1"), ["D115"],
             "`titel` (line 2) is no known tag (a misspelt `title`): kept as the header DhtmlXQ_titel.",
             expect=document(game(THREE_NODES, headers=[("DhtmlXQ_titel", "对局")])),
             diagnostics=[at_line("D115", 2, 1)], exact=True),
        case("dialect", "unknown-result", wrapped(block("result", "红好"), THREE), s("6.2"), ["D116"],
             "The result word 红好 (line 2) is none of DhtmlXQ §6.2's: the result is `*`, the word kept as "
             "the header DhtmlXQ_result.",
             expect=document(game(THREE_NODES, headers=[("DhtmlXQ_result", "红好")])),
             diagnostics=[at_line("D116", 2, 1)], exact=True),
    ]


def warnings() -> list[Case]:
    """Invalid cases for the codes whose real-world form is a dialect case: another instance, one finding each."""
    spaced = INITIAL_BINIT[:32] + " " + INITIAL_BINIT[32:]  # a blank between Red's slots and Black's
    one = "; the one finding"
    return [
        case("invalid", "unclosed-movelist", wrapped("[DhtmlXQ_movelist]" + moves("H2-E2")), s("2.1"), ["D102"],
             "`[DhtmlXQ_movelist]` (line 2) is never closed: its value runs to the wrapper's end on line 3, so "
             "the line break after the digits (column 23) is inside it and reported as a non-digit too.",
             diagnostics=[at_line("D102", 2, 1), at_line("D110", 2, 23)], exact=True),
        case("invalid", "movelist-closed-as-title", wrapped(f"[DhtmlXQ_movelist]{moves('H2-E2')}[/DhtmlXQ_title]"),
             s("2.1"), ["D103"], f"The move list (line 2) is closed by `[/DhtmlXQ_title]` (column 23){one}.",
             diagnostics=[at_line("D103", 2, 23)], exact=True),
        case("invalid", "binit-blank", wrapped(block("binit", spaced), THREE), s("3.1"), ["D110"],
             f"binit (line 2) has a blank after its 32nd digit (column 48){one}.",
             diagnostics=[at_line("D110", 2, 48)], exact=True),
        case("invalid", "unknown-tag-redd", wrapped(block("redd", "甲"), THREE), s("6.1"), ["D115"],
             "`redd` (line 2) is no known tag.", diagnostics=[at_line("D115", 2, 1)], exact=True),
        case("invalid", "result-word", wrapped(block("result", "胜"), THREE), s("6.2"), ["D116"],
             f"The result word 胜 (line 2) does not say who won{one}.", diagnostics=[at_line("D116", 2, 1)], exact=True),
    ]


def cases() -> list[Case]:
    return valid() + invalid() + warnings() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
