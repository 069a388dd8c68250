"""Write the DHJHtmlXQ conformance cases (xqformats/conformance/cases/dhjhtmlxq/).

The canonical valid case is our writer's output (``xqformats.formats.write``,
docs/spec/dhjhtmlxq.md §7.1); another is a record laid out as vschess writes
them (docs/spec/dhjhtmlxq.md §1.1); the others are texts written here one
block a line, so that an expected line number is the index of the block's line
plus 1.  Moves are spelt with :func:`moves` from ICCS (DHJHtmlXQ's ``x y`` is
the file index and the ICCS rank, docs/spec/dhjhtmlxq.md §4.1).  The expected
JSON and positions are written out by hand from the spec, not read back.

Usage: ``python tools/conformance/make_dhjhtmlxq_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at_line, document, game, line, main, root

from xqformats.formats import write
from xqformats.pgn import parse_pgn

SPEC = "docs/spec/dhjhtmlxq.md"
case = Maker("dhjhtmlxq", "dhjhtmlxq", SPEC)
s = case.clauses
ALL_RULES = [f"H{n}" for n in range(101, 116)]
#: Where a block's value starts: after `[DHJHtmlXQ_nn]`, 14 characters.
VALUE = len("[DHJHtmlXQ_34]") + 1


def sq(name: str) -> str:
    """DHJHtmlXQ's two digits of an ICCS square: the file index, then the rank itself."""
    return f"{'abcdefghi'.index(name[0].lower())}{name[1]}"


def moves(*iccs: str) -> str:
    """A move list: four digits per ICCS move (``H2-E2`` → ``7242``)."""
    return "".join(sq(m[:2]) + sq(m[3:]) for m in iccs)


def block(name: str, value: str) -> str:
    return f"[DHJHtmlXQ_{name}]{value}[/DHJHtmlXQ_{name}]"


def text(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


def wrapped(*blocks: str) -> bytes:
    """One record: the wrapper on lines 1 and last, the blocks on lines 2, 3, …"""
    return text("[DHJHtmlXQ]", *blocks, "[/DHJHtmlXQ]")


#: The initial position's 90 squares: rank 9 first, each from file a, `*` empty (docs/spec/dhjhtmlxq.md §3.1).
INITIAL_BOARD = "rnbakabnr" + "*" * 9 + "*c*****c*" + "p*p*p*p*p" + "*" * 18 + "P*P*P*P*P" + "*C*****C*" + "*" * 9 + "RNBAKABNR"
THREE = block("34", moves("H2-E2", "H9-G7", "H0-G2"))
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
第二行} (1. C3-C4 {仙人指路} C6-C5) H9-G7 2. H0-G2 1-0
"""


def written() -> bytes:
    games, _ = parse_pgn('[Format "ICCS"]\n' + WRITTEN)
    return write(games, "dhjhtmlxq")


#: Black king d9; Red advisor e1, king e0; Black to move after 9 plies: move 5.
SETUP = "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 5"
SETUP_BOARD = "***k*****" + "*" * 63 + "****A****" + "****K****"


def valid() -> list[Case]:
    page = text(
        "<html><body><p>对局：</p>",
        block("10", "网页对局") + "<br>",
        "<p>" + THREE + "</p>",
        "[comment_2]第一行||第二行[/comment_2]",
        "</body></html>",
    )
    setup = wrapped(block("31", SETUP_BOARD), block("32", "1"), block("33", "9"), block("34", moves("D9-D8", "E1-D2")))
    black_first = wrapped(block("34", moves("H7-E7", "H2-E2")))
    vschess = wrapped(
        block("10", "第01局"), block("28", "1-0"), block("31", INITIAL_BOARD), block("32", "0"), block("33", "1"),
        THREE, "[game_comment_0_0]开局[/comment_0_0]", "[game_comment_0_2]屏风马[/comment_0_2]",
    )
    info = wrapped(
        block("11", "全国赛"), block("13", "1999.12.01"), block("14", "北京"), block("15", "1"), block("16", "2"),
        block("17", "许银川"), block("18", "许银川"), block("19", "特级大师"), block("20", "2600"), block("21", "吕钦"),
        block("24", "2580"), block("29", "60"), block("30", "58"), block("36", "中炮对屏风马"), block("37", "进七兵"),
        block("40", "评注人"), block("41", "作者"), block("42", "记录员"), block("12", "?"), THREE,
    )
    two = text("[DHJHtmlXQ]", block("10", "一"), THREE, "[/DHJHtmlXQ]", "[DHJHtmlXQ]", block("10", "二"),
               block("34", moves("C3-C4")), "[/DHJHtmlXQ]")
    return [
        case("valid", "written", written(), s("1.1", "2.2", "4.1", "4.2", "5.1", "5.2", "6.1", "7.1", "7.2"), ALL_RULES,
             "Our writer's output from a game with a variation: the info tags, the result word 红胜, the board, "
             "side and start ply of the initial position, the main line (H2-E2 H9-G7 H0-G2: checked by hand), "
             "the comments with `||` for a line break; the variation C3-C4 C6-C5 is not written (DHJHtmlXQ "
             "§4.2, a named loss).",
             expect=document(game(
                 [root("开局"), *line("H2-E2", "H9-G7", "H0-G2", comments={1: ["中炮\n第二行"]})],
                 headers=[("Name", "全国赛第一轮"), ("Event", "全国赛"), ("Date", "1999.12.01"), ("Site", "北京"),
                          ("Red", "许银川"), ("Black", "吕钦")], result="1-0"))),
        case("valid", "web-page", page, s("2.1", "2.2", "5.1", "5.2"), ["H101", "H102", "H104", "H113"],
             "Blocks in a page without a wrapper make one game; the HTML around them is ignored; `[comment_2]` "
             "is the main line's comment on move 2 (H9-G7), its `||` a line break.",
             expect=document(game([root(), *line("H2-E2", "H9-G7", "H0-G2", comments={2: ["第一行\n第二行"]})],
                                  headers=[("Name", "网页对局")]))),
        case("valid", "set-up", setup, s("3.1", "3.2", "3.3"), ["H106", "H107", "H108", "H109"],
             "The board puts Black's king on d9, Red's advisor on e1 and king on e0 (rank 9 first); `_32` 1: "
             "Black to move; `_33` 9 plies before the start: move 9 ÷ 2 + 1 = 5.",
             expect=document(game([root(), *line("D9-D8", "E1-D2")], headers=[("FEN", SETUP)], start=SETUP))),
        case("valid", "black-first", black_first, s("3.2"), ["H108"],
             "No `_32`: the first move, H7-E7, moves Black's cannon, so Black moves first.",
             expect=document(game([root(), *line("H7-E7", "H2-E2")],
                                  headers=[("FEN", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")],
                                  start="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"))),
        case("valid", "vschess-layout", vschess, s("2.3", "3.3", "5.1", "6.3"), ["H103", "H115"],
             "A record laid out as vschess writes one: `_28` 1-0, `_33` 1 for a start at move 1 with Red to move "
             "(its slip: read as move 1), comments opened `[game_comment_0_I]` and closed `[/comment_0_I]` (one "
             "block), 0 for the game's comment.",
             expect=document(game([root("开局"), *line("H2-E2", "H9-G7", "H0-G2", comments={2: ["屏风马"]})],
                                  headers=[("Name", "第01局")], result="1-0"))),
        case("valid", "info-tags", info, s("6.1"), ["H114"],
             "The info tags of DHJHtmlXQ §6.1 and their headers; `_12`, a number of 10–42 whose meaning is not "
             "known, is kept as the header DHJHtmlXQ_12 without a finding.",
             expect=document(game(THREE_NODES, headers=[
                 ("Event", "全国赛"), ("Date", "1999.12.01"), ("Site", "北京"), ("Round", "1"), ("Table", "2"),
                 ("Red", "许银川"), ("DHJHtmlXQ_18", "许银川"), ("DHJHtmlXQ_19", "特级大师"), ("RedElo", "2600"),
                 ("Black", "吕钦"), ("BlackElo", "2580"), ("RedTime", "60"), ("BlackTime", "58"),
                 ("Opening", "中炮对屏风马"), ("Variation", "进七兵"), ("Annotator", "评注人"), ("Creator", "作者"),
                 ("Recorder", "记录员"), ("DHJHtmlXQ_12", "?")]))),
        case("valid", "two-wrappers", two, s("2.2"), ["H105"],
             "Two wrappers: two games; the same block numbers in each are no repetition.",
             expect=document(game(THREE_NODES, headers=[("Name", "一")]),
                             game([root(), *line("C3-C4")], headers=[("Name", "二")]))),
    ]


# ---------------------------------------------------------------- invalid and dialect


def invalid() -> list[Case]:
    return [
        case("invalid", "no-block", text("没有棋谱的网页。"), s("2.1"), ["H101"],
             "A text without any block: no game.", diagnostics=[at_line("H101", 1, 1)], exact=True),
        case("invalid", "stray-close", wrapped(THREE, "[/DHJHtmlXQ_10]"), s("2.1"), ["H104"],
             "`[/DHJHtmlXQ_10]` on line 3 closes no block: ignored and reported.",
             diagnostics=[at_line("H104", 3, 1)], exact=True),
        case("invalid", "repeated-block", wrapped(block("10", "甲"), block("10", "乙"), THREE), s("2.2"), ["H105"],
             "A second `_10` (line 3) in one record: the first is kept, the second reported.",
             diagnostics=[at_line("H105", 3, 1)], exact=True),
        case("invalid", "repeated-comment", wrapped(THREE, "[game_comment_0_1]甲[/game_comment_0_1]", "[comment_1]乙[/comment_1]"),
             s("2.2", "5.1"), ["H105"], "`[comment_1]` (line 4) is `[comment_0_1]`, the block of line 3 given again.",
             diagnostics=[at_line("H105", 4, 1)], exact=True),
        case("invalid", "board-length", wrapped(block("31", INITIAL_BOARD[:-1]), THREE), s("3.1"), ["H106"],
             "The board (line 2) holds 89 squares: reported at the block, read from the initial position.",
             diagnostics=[at_line("H106", 2, 1)], exact=True),
        case("invalid", "side-value", wrapped(block("32", "b"), THREE), s("3.2"), ["H108"],
             "`_32` (line 2) is `b`, neither 0 nor 1: the side is told by the first move (Red's H2-E2).",
             diagnostics=[at_line("H108", 2, 1)], exact=True),
        case("invalid", "start-value", wrapped(block("33", "二十"), THREE), s("3.3"), ["H109"],
             "`_33` (line 2) is no number of plies: read as move 1.",
             diagnostics=[at_line("H109", 2, 1)], exact=True),
        case("invalid", "move-length", wrapped(block("34", moves("H2-E2") + "796")), s("4.1"), ["H110"],
             f"The moves (line 2) have 7 digits: 3 are left over after the last whole move (column {VALUE + 4}).",
             diagnostics=[at_line("H110", 2, VALUE + 4)], exact=True),
        case("invalid", "illegal-move", wrapped(block("34", moves("H2-E2", "H9-H7", "H0-G2"))), s("4.1"), ["H112"],
             f"The second move (line 2, column {VALUE + 4}) takes Black's horse from h9 straight to h7; the line "
             "ends there (H0-G2 is not read).", diagnostics=[at_line("H112", 2, VALUE + 4)], exact=True),
        case("invalid", "comment-target", wrapped(THREE, "[game_comment_0_7]好棋[/game_comment_0_7]"), s("5.1"), ["H113"],
             "The comment (line 3) names move 7; the moves are 3: kept as a comment on the game.",
             diagnostics=[at_line("H113", 3, 1)], exact=True),
        case("invalid", "comment-line", wrapped(THREE, "[game_comment_1_2]变着[/game_comment_1_2]"), s("4.2", "5.1"),
             ["H113"], "The comment (line 3) names line 1; DHJHtmlXQ holds the main line only: kept on the game.",
             diagnostics=[at_line("H113", 3, 1)], exact=True),
        case("invalid", "unknown-tag-number", wrapped(block("43", "?"), THREE), s("6.2"), ["H114"],
             "`_43` (line 2) is outside the info tags' numbers 10–42.", diagnostics=[at_line("H114", 2, 1)], exact=True),
        case("invalid", "result-word", wrapped(block("28", "胜"), THREE), s("6.3"), ["H115"],
             "The result 胜 (line 2) does not say who won.", diagnostics=[at_line("H115", 2, 1)], exact=True),
        case("invalid", "unclosed-moves", wrapped("[DHJHtmlXQ_34]" + moves("H2-E2")), s("2.1"), ["H102"],
             f"`[DHJHtmlXQ_34]` (line 2) is never closed: its value runs to the wrapper's end on line 3, so the "
             f"line break after the digits (column {VALUE + 4}) is inside it and reported as a non-digit too.",
             diagnostics=[at_line("H102", 2, 1), at_line("H111", 2, VALUE + 4)], exact=True),
        case("invalid", "moves-closed-as-title", wrapped(f"[DHJHtmlXQ_34]{moves('H2-E2')}[/DHJHtmlXQ_10]"), s("2.1"),
             ["H103"], f"The moves (line 2) are closed by `[/DHJHtmlXQ_10]` (column {VALUE + 4}).",
             diagnostics=[at_line("H103", 2, VALUE + 4)], exact=True),
        case("invalid", "board-blank", wrapped(block("31", INITIAL_BOARD[:45] + " " + INITIAL_BOARD[45:]), THREE),
             s("3.1"), ["H107"], f"The board (line 2) has a blank after its 45th square (column {VALUE + 45}).",
             diagnostics=[at_line("H107", 2, VALUE + 45)], exact=True),
        case("invalid", "moves-blank", wrapped(block("34", moves("H2-E2") + " " + moves("H9-G7"))), s("4.1"), ["H111"],
             f"The moves (line 2) have a blank after the first move (column {VALUE + 4}).",
             diagnostics=[at_line("H111", 2, VALUE + 4)], exact=True),
    ]


def dialect() -> list[Case]:
    return [
        case("dialect", "unclosed-block", wrapped("[DHJHtmlXQ_10]对局" + THREE), s("2.1"), ["H102"],
             "`[DHJHtmlXQ_10]` (line 2) has no closing tag: its value runs to the next block marker.",
             expect=document(game(THREE_NODES, headers=[("Name", "对局")])),
             diagnostics=[at_line("H102", 2, 1)], exact=True),
        case("dialect", "close-mismatch", wrapped("[DHJHtmlXQ_10]对局[/DHJHtmlXQ_11]", THREE), s("2.1"), ["H103"],
             "The title block (line 2) is closed by `[/DHJHtmlXQ_11]`: read as the title.",
             expect=document(game(THREE_NODES, headers=[("Name", "对局")])),
             diagnostics=[at_line("H103", 2, 17)], exact=True),
        case("dialect", "board-wrapped", wrapped(block("31", INITIAL_BOARD[:45] + "\n" + INITIAL_BOARD[45:]), THREE),
             s("3.1"), ["H107"], f"The board is wrapped after its 45th square (line 2, column {VALUE + 45}): skipped.",
             expect=document(game(THREE_NODES)), diagnostics=[at_line("H107", 2, VALUE + 45)], exact=True),
        case("dialect", "not-a-digit", wrapped(block("34", moves("H2-E2", "H9-G7") + "\n" + moves("H0-G2"))),
             s("4.1"), ["H111"],
             f"The moves are wrapped after the second move (a line break at line 2, column {VALUE + 8}): skipped.",
             expect=document(game(THREE_NODES)), diagnostics=[at_line("H111", 2, VALUE + 8)], exact=True),
        case("dialect", "unknown-tag", wrapped(block("100", "对局"), THREE), s("6.2"), ["H114"],
             "`_100` (line 2) is no info tag (a mistyped `_10`): kept as the header DHJHtmlXQ_100.",
             expect=document(game(THREE_NODES, headers=[("DHJHtmlXQ_100", "对局")])),
             diagnostics=[at_line("H114", 2, 1)], exact=True),
        case("dialect", "unknown-result", wrapped(block("28", "红好"), THREE), s("6.3"), ["H115"],
             "The result 红好 (line 2) is none of DHJHtmlXQ §6.3's: the result is `*`, the text kept as the "
             "header DHJHtmlXQ_28.",
             expect=document(game(THREE_NODES, headers=[("DHJHtmlXQ_28", "红好")])),
             diagnostics=[at_line("H115", 2, 1)], exact=True),
    ]


def cases() -> list[Case]:
    return valid() + invalid() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
