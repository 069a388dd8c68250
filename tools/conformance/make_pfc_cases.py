"""Write the PFC conformance cases (xqformats/conformance/cases/pfc/).

The canonical valid case is our writer's output (``xqformats.formats.write``,
docs/spec/pfc.md §5.1); one valid case is laid out exactly as vschess's
writer lays a record out (one line, ``" />``); the others are XML laid out
here by :func:`pfc_doc`, one element a line, so that each expected line
number is the line the element is written on (the declaration is line 1, the
root line 2, the first move line 3).  The expected JSON and positions are
written out by hand from the spec, not read back.

Usage: ``python tools/conformance/make_pfc_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import INITIAL, Case, Maker, at_line, document, game, line, main, root

from xqformats.formats import write
from xqformats.pgn import parse_pgn

case = Maker("pfc", "pfc", "docs/spec/pfc.md")
s = case.clauses
DECL = '<?xml version="1.0" encoding="utf-8"?>'
ALL_RULES = [f"N1{n:02d}" for n in range(1, 14)]


def pfc_doc(moves: Sequence[str], *, attrs: str = "", win: str = "*", start: str = INITIAL, decl: str = DECL,
            encoding: str = "utf-8") -> bytes:
    """A PFC document, one element a line: the root's ``attrs`` after its own, then ``moves`` (raw lines)."""
    lines = [decl, f'<n version="2" win="{win}" m="{start}" c=""{attrs}>', *moves, "</n>", ""]
    return "\n".join(lines).encode(encoding)


def mv(iccs: str, comment: str = "", *, default: bool = False, close: bool = True) -> str:
    """A move element (``close=False``: its start tag only, children follow on the next lines)."""
    tag = f'<n m="{iccs}" c="{comment}"' + (' default="true"' if default else "")
    return tag + (" />" if close else ">")


# ---------------------------------------------------------------- valid

WRITTEN = """[Event "全国赛"]
[Date "1999.12.01"]
[Red "许银川"]
[Black "吕钦"]
[Annotator "讲评者"]
[Result "1-0"]
{开局} 1. H2-E2 {中炮} (1. C3-C4 {仙人指路}) H9-G7 2. H0-G2 1-0
"""


def written() -> bytes:
    games, _ = parse_pgn('[Format "ICCS"]\n' + WRITTEN)
    return write(games, "pfc")


#: A record in vschess's own layout (its writer's output for such a game, by hand).
VSCHESS = (
    f'<?xml version="1.0" encoding="utf-8"?><n version="2" win="0-1" m="{INITIAL}" c="" title="决赛" '
    'event="全国赛" create-time="2001.01.02" redname="张三" blackname="李四" result="0-1">'
    '<n m="b2e2" c="" /><n m="h2e2" c="中炮\n两行" default="true"><n m="h9g7" c="" default="true" /></n></n>'
)


def valid() -> list[Case]:
    wrapped = f'<!--{DECL}<n version="2" win="1/2-1/2" m="{INITIAL}" c="开局"><n m="h2e2" c="" default="true" /></n>-->\n'
    setup_fen = "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1"
    return [
        case("valid", "written", written(), s("1.1", "2.4", "3.1", "3.2", "3.3", "4.1", "4.2", "4.3", "5.1", "5.2"),
             ALL_RULES,
             "Our writer's output: the declaration, version 2, win and result 1-0, the start as FEN, the opening "
             "comment, the information attributes (event, create-time, red, black; Annotator under its own "
             "name), the moves with default=\"true\" on each first child; read back as written.",
             expect=document(game(
                 [root("开局"), *line("H2-E2", "H9-G7", "H0-G2", comments={1: ["中炮"]}),
                  {"parent": 0, "move": "C3-C4", "comments": ["仙人指路"]}],
                 headers=[("Event", "全国赛"), ("Date", "1999.12.01"), ("Red", "许银川"), ("Black", "吕钦"),
                          ("Annotator", "讲评者")], result="1-0"))),
        case("valid", "vschess-layout", VSCHESS.encode("utf-8"), s("2.2", "3.3", "3.5", "4.1", "4.2", "4.3"),
             ["N103", "N107", "N111", "N112", "N113"],
             "vschess 2.6.6's layout (its writer nodeToData_PengFei) on one line: the main line is the second child (default), B2-E2 a variation; a "
             "comment holds a raw line break, read as one; title and create-time are Name and Date, redname "
             "and blackname kept under their own names; result says what win says.",
             expect=document(game(
                 [root(), *line("H2-E2", "H9-G7", comments={1: ["中炮\n两行"]}), {"parent": 0, "move": "B2-E2"}],
                 headers=[("Name", "决赛"), ("Event", "全国赛"), ("Date", "2001.01.02"), ("redname", "张三"),
                          ("blackname", "李四")], result="0-1"))),
        case("valid", "wrapped", wrapped.encode("utf-8"), s("2.3"), ["N101", "N105"],
             "The document wrapped in <!-- -->, its declaration inside the wrapper: read as the document.",
             expect=document(game([root("开局"), *line("H2-E2")], result="1/2-1/2"))),
        case("valid", "gbk", pfc_doc([mv("h2e2", "中炮")], attrs=' red="吕钦"', decl='<?xml version="1.0" encoding="gbk"?>',
                                     encoding="gbk"), s("2.2"), ["N102", "N103"],
             "Declared and written in GBK.",
             expect=document(game([root(), *line("H2-E2", comments={1: ["中炮"]})], headers=[("Red", "吕钦")]))),
        case("valid", "setup", pfc_doc([mv("d9d8")], start=setup_fen), s("2.4"), ["N106"],
             "A start other than the initial position, Black to move: kept as the FEN header.",
             expect=document(game([root(), *line("D9-D8")], headers=[("FEN", setup_fen)], start=setup_fen))),
    ]


# ---------------------------------------------------------------- invalid


def invalid() -> list[Case]:
    return [
        case("invalid", "xml-syntax", pfc_doc([mv("h2e2", "a & b")]), s("2.1", "3.5"), ["N101"],
             "A bare & inside a comment (vschess writes such files): malformed XML, reported where libxml2 "
             "stops, just past the & (line 3, column 19).",
             diagnostics=[at_line("N101", 3, 19)], exact=True),
        case("invalid", "encoding", pfc_doc([], decl='<?xml version="1.0" encoding="x-klingon"?>'), s("2.2"), ["N102"],
             "An encoding the reader does not take: not read.", diagnostics=[at_line("N102", 1, 1)], exact=True),
        case("invalid", "entities", pfc_doc([]).replace(b"\n<n ", b'\n<!DOCTYPE n [<!ENTITY x "y">]>\n<n ', 1),
             s("2.1"), ["N104"], "A DTD (line 2) declaring an entity: the document is not read.",
             diagnostics=[at_line("N104", 2, 1)], exact=True),
        case("invalid", "not-pfc", pfc_doc([]).replace(b'<n version="2"', b'<n xmlns="urn:other" version="2"', 1),
             s("2.3"), ["N105"], "The root is an element n of another namespace, not PFC's <n>.",
             diagnostics=[at_line("N105", 2, 1)], exact=True),
        case("invalid", "other-element", pfc_doc([mv("h2e2", close=False), "<x />", "</n>"]), s("3.1"), ["N106"],
             "An element <x> inside a move: reported, not read.", diagnostics=[at_line("N106", 4, 1)], exact=True),
        case("invalid", "move-value", pfc_doc([mv("h2-e2")]), s("3.2", "3.4"), ["N108", "N110"],
             "The move h2-e2 has a dash: kept as a comment opening the game.",
             diagnostics=[at_line("N108", 3, 7), at_line("N110", 3, 1)], exact=True),
        case("invalid", "illegal-move", pfc_doc([mv("h2e2", close=False), mv("e9e7", "坏", close=False), mv("h0g2"),
                                                 "</n>", mv("h9g7"), "</n>"]), s("3.2", "3.4"), ["N109", "N110"],
             "E9-E7 moves Black's king two points: it and H0-G2 are kept as a comment on H2-E2 "
             "(PFC moves not read: e9e7 \"坏\" h0g2); the alternative H9-G7 is read.",
             diagnostics=[at_line("N109", 4, 1), at_line("N110", 4, 1)], exact=True),
        case("invalid", "attribute-lost", pfc_doc([], attrs=' 赛事="全国赛"'), s("4.3"), ["N113"],
             "An information attribute named in Chinese characters cannot be a header name: not read.",
             diagnostics=[at_line("N113", 2, 107)], exact=True),
    ]


# ---------------------------------------------------------------- dialect (deviations)


def dialect() -> list[Case]:
    bom_gbk = b"\xef\xbb\xbf" + pfc_doc([mv("h2e2")], decl='<?xml version="1.0" encoding="gbk"?>')
    two = pfc_doc([mv("h2e2", default=True), mv("b2e2", default=True)])
    return [
        case("dialect", "bom-against-declaration", bom_gbk, s("2.2"), ["N103"],
             "A UTF-8 byte order mark and a declaration of GBK: read as UTF-8.",
             expect=document(game([root(), *line("H2-E2")])), diagnostics=[at_line("N103", 1, 1)], exact=True),
        case("dialect", "move-attribute", pfc_doc([mv("h2e2").replace(" />", ' time="12" />')]), s("3.1"), ["N107"],
             "A move with an attribute PFC does not define, time: not read.",
             expect=document(game([root(), *line("H2-E2")])), diagnostics=[at_line("N107", 3, 24)], exact=True),
        case("dialect", "default-twice", two, s("3.3"), ["N111"],
             "Both children marked default: the first is the main line (vschess takes the last).",
             expect=document(game([root(), *line("H2-E2"), {"parent": 0, "move": "B2-E2"}])),
             diagnostics=[at_line("N111", 4, 27)], exact=True),
        case("dialect", "result-word", pfc_doc([], win="赢了"), s("4.2"), ["N112"],
             "win holds no result: the result is unknown, the value kept as PFC_win.",
             expect=document(game([root()], headers=[("PFC_win", "赢了")])), diagnostics=[at_line("N112", 2, 21)],
             exact=True),
    ]


def deviations() -> list[Case]:
    """The dialect cases' faults as invalid cases too: a reader must report them (an error under strict)."""
    return [case("invalid", c.name, c.data, c.clause, c.rules, c.description, diagnostics=c.diagnostics, exact=True)
            for c in dialect()]


def cases() -> list[Case]:
    return valid() + invalid() + deviations() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
