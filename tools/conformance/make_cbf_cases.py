"""Write the CBF conformance cases (xqformats/conformance/cases/cbf/).

The canonical valid case is our writer's output (``xqformats.formats.write``,
docs/spec/cbf.md §8.1); the others are XML laid out here by :func:`cbf_doc`
one element per line, so that each expected line number is the line the
element is written on (the XML declaration is line 1, the root line 2,
``<Head>`` line 3, the first Head element line 4).  The expected JSON and
positions are written out by hand from the spec, not read back.

Usage: ``python tools/conformance/make_cbf_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import INITIAL, Case, Maker, at_line, document, game, line, main, root

from xqformats.formats import write
from xqformats.pgn import parse_pgn

SPEC = "docs/spec/cbf.md"
case = Maker("cbf", "cbf", SPEC)
s = case.clauses
UTF8 = '<?xml version="1.0" encoding="UTF-8"?>'
ROOT = '<ChineseChessRecord Version="1.0">'
DRAFT_ROOT = "<ChineseChessRecord>"
HEAD_LINE = 4  # the line of the first Head element


def value(iccs: str) -> str:
    """CBF's move value of an ICCS move: file digit, then row counted from Black's side (§5.1)."""
    def one(sq: str) -> str:
        return f"{'abcdefghi'.index(sq[0].lower())}{9 - int(sq[1])}"
    return f"{one(iccs[:2])}-{one(iccs[3:])}"


def cbf_doc(head: Sequence[str], moves: Sequence[str], *, decl: str = UTF8, root_tag: str = ROOT,
             bom: bool = True, encoding: str = "utf-8") -> bytes:
    """A CBF document, one element a line: ``head`` inside ``<Head>``, ``moves`` inside ``<MoveList>``."""
    lines = [decl, root_tag, " <Head>", *(f"  {h}" for h in head), " </Head>", " <MoveList>",
             *(f"  {m}" for m in moves), " </MoveList>", "</ChineseChessRecord>", ""]
    return (b"\xef\xbb\xbf" if bom else b"") + "\n".join(lines).encode(encoding)


def move_line(head: Sequence[str], index: int) -> int:
    """The line of the ``index``-th ``Move`` of a :func:`cbf_doc` with ``head``."""
    return HEAD_LINE + len(head) + 2 + index


def mv(iccs: str, nid: int = 0, text: str = "", end: bool = False) -> str:
    """A ``Move`` element of an ICCS move, or of a raw value (``00-00``); ``nid`` 0 writes none."""
    attrs = (f' nid="{nid}"' if nid else "") + f' value="{value(iccs) if iccs[:1].isalpha() else iccs}"'
    attrs += ' end="1"' if end else ""
    return f"<Move{attrs}><![CDATA[{text}]]></Move>" if text else f"<Move{attrs} />"




FEN = f"<FEN>{INITIAL}</FEN>"
THREE = [mv("00-00"), mv("H2-E2"), mv("H9-G7"), mv("H0-G2", end=True)]  # 象棋桥's form: root, moves, end
THREE_NODES = [root(), *line("H2-E2", "H9-G7", "H0-G2")]


# ---------------------------------------------------------------- valid

WRITTEN = """[Event "全国赛"]
[Date "1999.12.01"]
[Red "许银川"]
[RedElo "2600"]
[Black "吕钦"]
[Annotator "讲评者"]
[Result "1-0"]
{开局} 1. H2-E2 {中炮} (1. C3-C4 {仙人指路}) H9-G7 2. H0-G2 1-0
"""


def written() -> bytes:
    games, _ = parse_pgn('[Format "ICCS"]\n' + WRITTEN)
    return write(games, "cbf")


def nid_example() -> bytes:
    """CBF §6.1's example: nid 1 2 3 4 5 6 4 2 3 4 5 (moves A to K)."""
    plies = [("H2-E2", 1), ("H9-G7", 2), ("H0-G2", 3), ("I9-H9", 4), ("I0-H0", 5), ("H7-H3", 6), ("B9-C7", 4),
             ("B9-C7", 2), ("H0-G2", 3), ("H9-G7", 4), ("I0-H0", 5)]
    return cbf_doc([FEN], [mv(m, nid) for m, nid in plies], root_tag=DRAFT_ROOT)


SETUP_FEN = "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1"


def valid() -> list[Case]:
    draft_head = [
        "<Name>草案</Name>", "<Event>全国赛</Event>", "<Date>1995.5.22</Date>",
        '<Type value="1">实战全局</Type>', '<Result value="3">和棋</Result>',
        '<Board value="jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXMJ-r1" />',
        "<Comment><![CDATA[  开局  ]]></Comment>",
    ]
    draft_moves = [mv("H2-E2", 1), mv("H9-G7", 2), mv("H0-G2", 3), mv("B9-C7", 2, "另一着"), mv("B0-C2", 3)]
    draft = cbf_doc(draft_head, draft_moves, decl='<?xml version="1.0" encoding="GBK"?>', root_tag=DRAFT_ROOT,
                    bom=False, encoding="gbk")
    setup = cbf_doc(['<Board value="3w72S8W4-b1" />'], [mv("D9-D8", 1)], root_tag=DRAFT_ROOT)
    ccbridge = cbf_doc([FEN], [mv("00-00", text="开局"), *THREE[1:]])
    return [
        case("valid", "written", written(),
             s("1.1", "2.1", "2.3", "2.4", "2.5", "3.1", "3.2", "4.2", "5.1", "5.2", "5.4", "6.5", "7.1", "8.1", "8.2"),
             ["C101", "C102", "C103", "C104", "C105", "C201", "C202", "C203", "C304", "C305", "C306", "C307", "C308",
              "C309", "C310", "C311"],
             "Our writer's output (UTF-8 with a byte-order mark, Version 1.0, all 33 Head elements, FEN, "
             "RecordResult, the root move 00-00, nid on every move, end=\"1\" ending each line): the moves "
             "read are the ones written, H2-E2 H9-G7 H0-G2 and the alternative C3-C4 (checked by hand); "
             "Contest reads as Event, RedRating as RedElo, Commentator as Annotator (CBF §7.1).",
             expect=document(game(
                 [root("开局"), *line("H2-E2", "H9-G7", "H0-G2", comments={1: ["中炮"]}),
                  {"parent": 0, "move": "C3-C4", "comments": ["仙人指路"]}],
                 headers=[("Event", "全国赛"), ("Date", "1999.12.01"), ("Red", "许银川"), ("RedElo", "2600"),
                          ("Black", "吕钦"), ("Annotator", "讲评者")], result="1-0"))),
        case("valid", "draft-form", draft, s("1.1", "2.3", "3.3", "4.1", "5.4", "6.1", "7.1"),
             ["C104", "C105", "C301", "C302", "C303", "C305"],
             "The draft form in GBK: no Version, Type and Result with value codes (3: a draw), the Board "
             "string of the initial position, the game's comment in Head/Comment (white space stripped), and "
             "nid 1 2 3 2 3: lines H2-E2 H9-G7 H0-G2 and H2-E2 B9-C7 B0-C2 (by the nid rule); Date verbatim.",
             expect=document(game(
                 [root("开局"), *line("H2-E2", "H9-G7", "H0-G2"),
                  {"parent": 1, "move": "B9-C7", "comments": ["另一着"]}, {"parent": 4, "move": "B0-C2"}],
                 headers=[("Name", "草案"), ("Event", "全国赛"), ("Date", "1995.5.22"), ("Type", "1"),
                          ("TypeText", "实战全局"), ("ResultText", "和棋")], result="1/2-1/2"))),
        case("valid", "mixed-nid", cbf_doc([FEN], [mv("H2-E2", 1), mv("H9-G7", end=True), mv("B9-C7", 2),
                                                   mv("B0-C2", 3)]), s("6.1", "6.2"), ["C305", "C308"],
             "The two forms mixed: H9-G7 has no nid (so 2, continuing H2-E2) and end=\"1\"; B9-C7 with nid 2 "
             "is an alternative to it (a move with nid may follow an end); B0-C2 (nid 3) continues B9-C7.",
             expect=document(game([root(), *line("H2-E2", "H9-G7"), {"parent": 1, "move": "B9-C7"},
                                   {"parent": 3, "move": "B0-C2"}]))),
        case("valid", "nid-example", nid_example(), s("6.1"), ["C305"],
             "The draft's own example of the nid rule, `1A 2B 3C 4D 5E 6F 4G 2H 3I 4J 5K`, with legal moves: "
             "lines ABCDEF (H2-E2 H9-G7 H0-G2 I9-H9 I0-H0 H7-H3), ABCG (G = B9-C7) and AHIJK (B9-C7 H0-G2 "
             "H9-G7 I0-H0).",
             expect=document(game([
                 root(), *line("H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-H0", "H7-H3"),
                 {"parent": 3, "move": "B9-C7"}, *line("B9-C7", "H0-G2", "H9-G7", "I0-H0", parent=1, first=8)])),
             source="spec example"),
        case("valid", "board-setup", setup, s("4.1"), ["C301", "C302", "C303"],
             "The Board string `3w72S8W4-b1`: Black's king (w) on d9, Red's advisor (S) on e1 and king (W) "
             "on e0, a run of 72 empty points spanning seven rows, Black to move at move 1; D9-D8 is legal.",
             expect=document(game([root(), *line("D9-D8")], headers=[("FEN", SETUP_FEN)], start=SETUP_FEN))),
        case("valid", "ccbridge-form", ccbridge, s("5.2", "6.2", "4.2"), ["C304", "C308", "C309"],
             "象棋桥's own form: no nid, the root move 00-00 holding the opening comment, end=\"1\" on the "
             "last move, the start in FEN: one line H2-E2 H9-G7 H0-G2.",
             expect=document(game([root("开局"), *line("H2-E2", "H9-G7", "H0-G2")]))),
    ]


# ---------------------------------------------------------------- invalid and dialect


def invalid() -> list[Case]:
    head = [FEN]
    m0 = move_line(head, 0)  # the line of the root move 00-00 (the first Move)
    unclosed = cbf_doc(head, THREE).replace(b"</MoveList>", b"</Movelist>")  # an end tag that closes nothing
    doctype = cbf_doc(head, THREE).replace(ROOT.encode(), b'<!DOCTYPE ChineseChessRecord [<!ENTITY x "y">]>' + ROOT.encode())
    entity = cbf_doc(["<Name>a&x;b</Name>", FEN], THREE)
    bad_bytes = cbf_doc(["<Name>ab</Name>", FEN], THREE).replace(b"ab<", b"a\xffb<")  # 0xFF is never UTF-8
    return [
        case("invalid", "xml-syntax", unclosed, s("2.1"), ["C101"],
             f"`</Movelist>` (line {m0 + 4}) does not close `<MoveList>`: not well-formed; the parser finds "
             "it at the end of that tag (column 13).", diagnostics=[at_line("C101", m0 + 4, 13)]),
        case("invalid", "doctype", doctype, s("2.2"), ["C102"],
             "A DOCTYPE with an internal subset declaring an entity, on line 2: reported, never loaded.",
             diagnostics=[at_line("C102", 2, 1)], exact=True),
        case("invalid", "entity", entity, s("2.2"), ["C103"],
             f"`&x;` in Name (line {HEAD_LINE}, column 10) refers to an entity no one declares: reported, "
             "read as no text.", diagnostics=[at_line("C103", HEAD_LINE, 10)]),
        case("invalid", "encoding", bad_bytes, s("2.3"), ["C104"],
             f"The Name on line {HEAD_LINE} holds the byte FF (column 10), never valid in UTF-8, the declared "
             "encoding.", diagnostics=[at_line("C104", HEAD_LINE, 10)], exact=True),
        case("invalid", "schema-content", cbf_doc(["<Colour>red</Colour>", FEN], THREE), s("2.4", "3.2"), ["C201"],
             f"`<Colour>` (line {HEAD_LINE}) is no Head element.", diagnostics=[at_line("C201", HEAD_LINE, 3)],
             exact=True),
        case("invalid", "schema-attribute", cbf_doc(head, [THREE[0], '<Move value="77-47" side="r" />', *THREE[2:]]),
             s("2.4"), ["C202"], f"The first move (line {m0 + 1}) has an attribute `side` CBF does not know.",
             diagnostics=[at_line("C202", m0 + 1, 3)], exact=True),
        case("invalid", "schema-value", cbf_doc(['<Result value="7">?</Result>', FEN], THREE), s("2.4", "3.3"),
             ["C203"], f"Result's value (line {HEAD_LINE}, column 18) is 7: the codes are 0 to 3.",
             diagnostics=[at_line("C203", HEAD_LINE, 18)], exact=True),
        case("invalid", "root-version", cbf_doc(head, THREE, root_tag='<ChineseChessRecord Version="2.0">'),
             s("3.1"), ["C203"], "The root's Version (line 2, its value at column 30) is 2.0: only 1.0 is known.",
             diagnostics=[at_line("C203", 2, 30)], exact=True),
    ]


def moves_invalid() -> list[Case]:
    board = '<Board value="{}" />'
    short_board = cbf_doc([board.format("jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXM-r1")], [], root_tag=DRAFT_ROOT)
    letter = cbf_doc([board.format("jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXMQ-r1")], [], root_tag=DRAFT_ROOT)
    side = cbf_doc([board.format("jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXMJ")], [], root_tag=DRAFT_ROOT)
    head = [FEN]
    m = [move_line(head, i) for i in range(5)]
    bad_value = cbf_doc(head, [THREE[0], mv("97-47"), *THREE[2:]])
    skip = cbf_doc(head, [mv("H2-E2", 1), mv("H9-G7", 3), mv("H0-G2", 4)])
    illegal = cbf_doc(head, [THREE[0], mv("H2-E2"), mv("H9-H7"), mv("H0-G2", end=True)])
    after_end = cbf_doc(head, [THREE[0], mv("H2-E2", end=True), mv("H9-G7"), mv("H0-G2", end=True)])
    not_read = "CBF moves not read:"
    return [
        case("invalid", "board-size", short_board, s("4.1"), ["C301"],
             f"The Board string (line {HEAD_LINE}, its value from column 17) ends with `JMXSWSXM`: 89 points, "
             "not 90.", diagnostics=[at_line("C301", HEAD_LINE, 17)]),
        case("invalid", "board-letter", letter, s("4.1"), ["C302"],
             f"The Board string (line {HEAD_LINE}) ends with `Q` (column 66), which is no piece letter of CBF.",
             diagnostics=[at_line("C302", HEAD_LINE, 66)]),
        case("invalid", "board-side", side, s("4.1"), ["C303"],
             f"The Board string (line {HEAD_LINE}) has no `-r` or `-b` and move number after its 90 points "
             "(reported where they should start, column 67).", diagnostics=[at_line("C303", HEAD_LINE, 67)]),
        case("invalid", "move-value", bad_value, s("5.1", "6.4"), ["C304", "C311"],
             f"The first move's value (line {m[1]}) is `97-47`: file digit 9 is off the board; it and the moves "
             f"after it are kept as the comment `{not_read} 97-47 70-62 79-67` before the first move.",
             diagnostics=[at_line("C304", m[1], 16), at_line("C311", m[1], 3)], exact=True),
        case("invalid", "nid-skip", skip, s("6.1", "6.4"), ["C305", "C311"],
             f"nid 1 then nid 3 (line {m[1]}, column 14): the second move has no parent; it and its continuation become "
             f"the comment `{not_read} 3:70-62 4:79-67` on H2-E2.",
             diagnostics=[at_line("C305", m[1], 14), at_line("C311", m[1], 3)], exact=True),
        case("invalid", "illegal-move", illegal, s("5.3", "6.4"), ["C306", "C311"],
             f"The second move (line {m[2]}) takes Black's horse from h9 straight to h7: not a horse move.",
             diagnostics=[at_line("C306", m[2], 3), at_line("C311", m[2], 3)], exact=True),
        case("invalid", "moves-after-end", after_end, s("6.2", "6.4"), ["C308", "C311"],
             f"H2-E2 carries end=\"1\"; the move without nid after it (line {m[2]}) cannot be placed.",
             diagnostics=[at_line("C308", m[2], 3), at_line("C311", m[2], 3)], exact=True),
    ]


def dialect() -> list[Case]:
    gb2312 = cbf_doc(["<Name>镕</Name>", FEN], THREE, decl='<?xml version="1.0" encoding="GB2312"?>', bom=False,
                     encoding="gbk")  # 镕 is in GBK, not in GB2312
    repeat = cbf_doc([FEN], [mv("H2-E2", 1), mv("H9-G7", 2, "一"), mv("H9-G7", 2, "二"), mv("H0-G2", 3)])
    m2 = move_line([FEN], 2)
    board_fen = cbf_doc(['<Board value="jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXMJ-b1" />', FEN], THREE)
    results = cbf_doc(['<Result value="2">黑胜</Result>', FEN, "<RecordResult>3</RecordResult>"], THREE)
    return [
        case("dialect", "gb2312-label", gb2312, s("2.3"), ["C105"],
             f"Declared GB2312 but the Name (line {HEAD_LINE}, column 9) holds 镕 (GBK E9 46), which only GBK "
             "has: read as GBK, reported at the character.",
             expect=document(game(THREE_NODES, headers=[("Name", "镕")])),
             diagnostics=[at_line("C105", HEAD_LINE, 9)], exact=True,
             source="real-file fault: files labelled GB2312 that hold GBK text"),
        case("dialect", "repeated-alternative", repeat, s("6.3"), ["C307"],
             f"The alternative on line {m2} plays H9-G7 again, the move already there: merged, comments "
             "included; H0-G2 continues below the one H9-G7.",
             expect=document(game([root(), *line("H2-E2", "H9-G7", "H0-G2", comments={2: ["一", "二"]})])),
             diagnostics=[at_line("C307", m2, 3)], exact=True, source="spec example"),
        case("dialect", "start-conflict", board_fen, s("4.2"), ["C309"],
             f"Board says Black to move, FEN (line {HEAD_LINE + 1}) the initial position with Red to move: "
             "FEN, the form 象棋桥 writes, is taken.",
             expect=document(game(THREE_NODES)), diagnostics=[at_line("C309", HEAD_LINE + 1, 3)], exact=True),
        case("dialect", "result-conflict", results, s("3.4"), ["C310"],
             f"Result says 2 (Black wins), RecordResult (line {HEAD_LINE + 2}) 3 (a draw): RecordResult "
             "is taken.", expect=document(game(THREE_NODES, headers=[("ResultText", "黑胜")], result="1/2-1/2")),
             diagnostics=[at_line("C310", HEAD_LINE + 2, 3)], exact=True),
    ]


def warnings() -> list[Case]:
    """Invalid cases for the codes whose real-world form is a dialect case: another instance, one finding each."""
    gb2312 = cbf_doc([FEN], [mv("00-00", text="喆"), *THREE[1:]], decl='<?xml version="1.0" encoding="gb2312"?>',
                     bom=False, encoding="gbk")  # 喆 (GBK 86 B4) is outside GB2312
    m0 = move_line([FEN], 0)
    repeat = cbf_doc([FEN], [mv("H2-E2", 1), mv("H2-E2", 1), mv("H9-G7", 2)])
    board = '<Board value="3w72S8W4-b1" />'
    conflict = cbf_doc([board, FEN], THREE)
    results = cbf_doc(['<Result value="1">红胜</Result>', FEN, "<RecordResult>2</RecordResult>"], THREE)
    one = "; the one finding"
    return [
        case("invalid", "gbk-in-gb2312", gb2312, s("2.3"), ["C105"],
             f"Labelled gb2312; the root move's comment (line {m0}, column 32) holds 喆, which only GBK has{one}.",
             diagnostics=[at_line("C105", m0, 32)], exact=True),
        case("invalid", "repeated-first-move", repeat, s("6.3"), ["C307"],
             f"nid 1 twice with the same move H2-E2 (line {move_line([FEN], 1)}): merged{one}.",
             diagnostics=[at_line("C307", move_line([FEN], 1), 3)], exact=True),
        case("invalid", "board-against-fen", conflict, s("4.2"), ["C309"],
             f"Board (line {HEAD_LINE}) gives a set-up position, FEN (line {HEAD_LINE + 1}) the initial one{one}.",
             diagnostics=[at_line("C309", HEAD_LINE + 1, 3)], exact=True),
        case("invalid", "result-against-record-result", results, s("3.4"), ["C310"],
             f"Result 1 (Red wins) against RecordResult 2 (Black wins, line {HEAD_LINE + 2}); reported once.",
             diagnostics=[at_line("C310", HEAD_LINE + 2, 3)]),
    ]


def cases() -> list[Case]:
    return valid() + invalid() + moves_invalid() + warnings() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
