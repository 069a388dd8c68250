"""Write the CBR and CBL conformance cases (xqformats/conformance/cases/cbr/ and cbl/).

Every input is built here byte by byte with ``struct`` (not with the CBR writer,
docs/spec/cbr.md §6, so that the cases hold the reader to the layouts rather
than to our own writer), from the layouts ``schemas/cbr.ksy`` and
``schemas/cbl.ksy``: :func:`record` lays out one CBR record, :func:`library` a
CBL library; each field written and each fault is commented with the layout
field it sets.  The expected JSON and positions are written out by hand from
the spec, not read back.

Usage: ``python tools/conformance/make_cbr_cases.py [--out DIR]``.
"""

from __future__ import annotations

import struct
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple, Optional, Union

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import INITIAL, Case, Maker, at, document, game, line, main, root

from xqformats.formats import write
from xqformats.model import Game
from xqformats.pgn import parse_pgn

SPEC = "docs/spec/cbr.md"
cbr = Maker("cbr", "cbr", SPEC)
cbl = Maker("cbl", "cbl", SPEC)
s = cbr.clauses

# Offsets of cbr.ksy's fields (docs/spec/cbr.md §3.1 gives the text fields' table).
KIND = 19
TEXT = {  # header name -> (offset, size) of the text field
    "Script": (52, 128), "Name": (180, 128), "Category": (308, 256), "From": (564, 64),
    "ContestType": (628, 64), "Event": (692, 64), "Round": (756, 64), "Date": (884, 64),
    "Site": (948, 64), "Red": (1076, 64), "Black": (1300, 64), "Annotator": (1652, 64),
    "DateModified": (1972, 40),
}
ECCO = 2036
GAME_TYPE = 2040
RESULT = 2076
SIDE = 2112
MOVE_NUMBER = 2116
BOARD = 2120
STATE = 2210
INTRO = 2214  # the first record: flags, three zero bytes, then its comment when flag 0x04
END, ALT, NOTE = 0x01, 0x02, 0x04  # move_record flags

# cbl.ksy
CBL_COUNT = 60
CBL_NAME = 64
INDEX = 66624
ENTRY = 276
SLOT = 4096
RECORDS = INDEX + 128 * ENTRY  # records_start of a library of 128 entries

#: The initial position as cbr.ksy's `board`: from a9 to i0, 0x11-0x17 Red, 0x21-0x27 Black.
START = bytes.fromhex(
    "212223242524232221" "000000000000000000" "002600000000002600" "270027002700270027" "000000000000000000"
    "000000000000000000" "170017001700170017" "001600000000001600" "000000000000000000" "111213141514131211"
)


def point(name: str) -> int:
    """A point of cbr.ksy's `board` (0-89, from a9) for an ICCS square such as ``h2``."""
    return (9 - int(name[1])) * 9 + "abcdefghi".index(name[0].lower())


def utf16(text: str) -> bytes:
    return text.encode("utf-16-le", "surrogatepass")


class Rec(NamedTuple):
    """One move record: a move (ICCS, or two raw points), its flags, its comment (text or raw bytes)."""

    move: Union[str, tuple[int, int]]
    flags: int = 0
    comment: Union[str, bytes, None] = None


def comment(text: Union[str, bytes]) -> bytes:
    """cbr.ksy's `comment`: a u4 byte length, then UTF-16LE text (no NUL, as the real files)."""
    raw = text if isinstance(text, bytes) else utf16(text)
    return struct.pack("<I", len(raw)) + raw


def moves(records: Sequence[Rec]) -> bytes:
    out = bytearray()
    for r in records:
        frm, to = r.move if isinstance(r.move, tuple) else (point(r.move[:2]), point(r.move[3:]))
        out += bytes([r.flags | (NOTE if r.comment is not None else 0), 0, frm, to])  # flags, reserved, from, to
        if r.comment is not None:
            out += comment(r.comment)
    return bytes(out)


def record(
    records: Sequence[Rec] = (),
    *,
    texts: Optional[dict[str, Union[str, bytes]]] = None,
    intro: Union[str, bytes, None] = None,
    board: bytes = START,
    side: int = 1,
    result: int = 0,
    game_type: int = 1,
) -> bytearray:
    """A CBR record: header, the first record (``intro`` its comment), the move records."""
    head = bytearray(INTRO)
    head[0:16] = b"CCBridge Record\x00"  # magic
    head[KIND] = 2  # kind: a game record
    for name, value in (texts or {}).items():
        offset, size = TEXT[name]
        raw = value if isinstance(value, bytes) else utf16(value) + b"\x00\x00"  # text, NUL code unit
        head[offset:offset + len(raw)] = raw[:size]
    head[GAME_TYPE] = game_type  # game_type
    head[RESULT] = result  # result
    head[SIDE] = side  # side_to_move
    head[MOVE_NUMBER:MOVE_NUMBER + 2] = struct.pack("<H", 1)  # move_number
    head[BOARD:BOARD + 90] = board  # board
    head[STATE:STATE + 4] = b"\xff" * 4  # state: FF FF FF FF as in every known file
    flags = (NOTE if intro is not None else 0) | (0 if records else END)  # intro.flags
    first = bytes([flags, 0, 0, 0]) + (comment(intro) if intro is not None else b"")
    return bytearray(head + first + moves(records))


class Entry(NamedTuple):
    """One CBL index entry: its record bytes, state, and slot and length overrides."""

    data: bytes
    state: int = 7
    slots: Optional[int] = None
    length: Optional[int] = None


def library(entries: Sequence[Entry], *, count: int = 128, name: str = "Conformance") -> bytearray:
    """A CBL library of ``count`` index entries, ``entries`` first, records on 4,096-byte slots."""
    head = bytearray(INDEX + count * ENTRY)
    head[0:16] = b"CCBridgeLibrary\x00"  # magic
    head[52:56] = b"\xff\xff\xff\x7f"  # reserved2, as in most files
    head[56] = 1 if any(e.state == 5 for e in entries) else 0  # has_deleted
    head[CBL_COUNT:CBL_COUNT + 4] = struct.pack("<I", count)  # slot_count
    raw = utf16(name) + b"\x00\x00"
    head[CBL_NAME:CBL_NAME + len(raw)] = raw  # name
    body = bytearray()
    for i, e in enumerate(entries):
        slots = e.slots if e.slots is not None else -(-len(e.data) // SLOT)
        length = e.length if e.length is not None else len(e.data)
        at_ = INDEX + i * ENTRY
        head[at_:at_ + 20] = struct.pack("<5I", e.state, i + 1, slots, length, 0)  # state, number, slots, length, 0
        body += e.data + bytes(slots * SLOT - len(e.data))  # the record, then padding to its last slot's end
    return head + body




# ---------------------------------------------------------------- games spelt out

MAIN = [Rec("H2-E2", ALT, "中炮\r\n第二行"), Rec("H9-G7"), Rec("H0-G2", END), Rec("C3-C4", END)]
MAIN_NODES = [root("开局"), *line("H2-E2", "H9-G7", "H0-G2", comments={1: ["中炮\n第二行"]}),
              {"parent": 0, "move": "C3-C4"}]
THREE = [Rec("H2-E2"), Rec("H9-G7"), Rec("H0-G2", END)]
THREE_NODES = [root(), *line("H2-E2", "H9-G7", "H0-G2")]
TYPE = ("RecordType", "1")  # game_type 1, kept as written (docs/spec/cbr.md §3.2)
FIRST = INTRO + 4  # the first move record when the intro has no comment
SECOND = FIRST + 4


def three(**kw: object) -> bytearray:
    return record(THREE, **kw)  # type: ignore[arg-type]


def valid() -> list[Case]:
    texts: dict[str, Union[str, bytes]] = {
        "Name": "车9退1",  # 9 退 is 39 00 00 90: two zero bytes at an odd offset, not an end
        "Event": "全国赛", "Date": "1999.12.01", "Red": "许银川", "Black": "吕钦",
        "Site": utf16("北京") + b"\x00\x00" + utf16("书"),  # after the NUL code unit: left over, not text
    }
    full = record(MAIN, texts=texts, intro="开局", result=1)
    black_fen = INITIAL.replace(" w ", " b ")
    black = record([Rec("H7-E7"), Rec("H2-E2", END)], side=2)
    text_only = record(intro="第一章\r\n残局", board=bytes(90), game_type=4)
    text_only[INTRO] = END | NOTE  # intro.flags: no move follows, a comment does
    long_comment = "长" * 1000  # 2,000 bytes of comment: the record spans two slots
    second = record([Rec("B0-C2", END, long_comment)], texts={"Name": "第二局"})
    lib = library([Entry(bytes(three(texts={"Name": "第一局"}))), Entry(bytes(second))])
    ecco = three()
    ecco[ECCO:ECCO + 4] = b"D00\x00"  # ecco: the opening code in ASCII and a zero byte
    return [
        cbr("valid", "ecco", ecco, s("3.5"), [],
             "Bytes 2036-2039 hold `D00` and a zero byte: the header ECCO `D00` (after the text fields' "
             "headers, before RecordType); the code is not checked against the moves.",
             expect=document(game(THREE_NODES, headers=[("ECCO", "D00"), TYPE]))),
        cbr("valid", "record", full,
             s("1.1", "2.1", "2.2", "2.3", "2.4", "3.1", "3.3", "4.1", "4.2", "4.3"),
             ["B101", "B102", "B103", "B104", "B105", "B106", "B107", "B108", "B109", "B110", "B111", "B112", "B113"],
             "A record with UTF-16LE fields (the title 车9退1 holds 00 00 at an odd offset; the Site field "
             "has bytes after its NUL code unit), an opening comment, a two-line comment with CRLF and no NUL, "
             "an alternative (flag 0x02) and result 1: moves H2-E2 H9-G7 H0-G2, alternative C3-C4 (checked "
             "by hand against the records written).",
             expect=document(game(MAIN_NODES, result="1-0", headers=[
                 ("Name", "车9退1"), ("Event", "全国赛"), ("Date", "1999.12.01"), ("Site", "北京"),
                 ("Red", "许银川"), ("Black", "吕钦"), TYPE])),
             source="peer disagreement: cchess ends text at the first NUL code unit and gives no text when "
                    "there is none, so it drops every comment of real files (which hold no NUL, CBR §2.4)"),
        cbr("valid", "black-to-move", black, s("3.4"), ["B107"],
             "side_to_move (2112) is 2: Black moves first (H7-E7, then H2-E2).",
             expect=document(game([root(), *line("H7-E7", "H2-E2")], headers=[TYPE, ("FEN", black_fen)],
                                  start=black_fen))),
        cbr("valid", "text-only", text_only, s("3.2", "3.4", "4.1"), ["B106", "B112"],
             "A record with an empty board and intro flags 0x05 (no move follows, a comment does): text "
             "only, as 象棋桥 writes a chapter's introduction; its game type 4 is kept as RecordType 4.",
             expect=document(game([root("第一章\n残局")], headers=[("RecordType", "4"), ("FEN", EMPTY)],
                                  start=EMPTY))),
        cbl("valid", "library", lib, s("5.1", "5.2", "5.3"),
             ["B101", "B102", "B113", "B114", "B115", "B116", "B117", "B118"],
             "A library of 128 index entries holding two games: the first record on one slot, the second "
             "(a 2,000-byte comment) on two; games H2-E2 H9-G7 H0-G2 and B0-C2.",
             expect=document(
                 game(THREE_NODES, headers=[("Name", "第一局"), TYPE]),
                 game([root(), *line("B0-C2", comments={1: [long_comment]})], headers=[("Name", "第二局"), TYPE]),
             )),
    ]


EMPTY = "9/9/9/9/9/9/9/9/9/9 w - - 0 1"


# ---------------------------------------------------------------- written by our writer (docs/spec/cbr.md §6)


def pgn(text: str) -> Game:
    """One game from ICCS PGN text (the way these cases spell the game they write)."""
    games, found = parse_pgn('[Format "ICCS"]\n' + text)
    errors = [d for d in found if d.severity.name == "ERROR"]
    assert len(games) == 1 and not errors, errors
    return games[0]


def written(text: str) -> bytearray:
    """The CBR record our writer makes of the game ``text``."""
    return bytearray(write([pgn(text)], "cbr"))


WRITTEN = '[Event "全国赛"]\n[Red "许银川"]\n[Black "吕钦"]\n[Result "1-0"]\n{开局}\n1. H2-E2 {中炮\n第二行} (1. C3-C4) H9-G7 2. H0-G2 1-0\n'
LONG_RED = "红" * 40  # 80 bytes of UTF-16: the 64-byte field keeps 31 characters and the NUL


def writer_cases() -> list[Case]:
    full = written(WRITTEN)
    # What the writer fills in (CBR §6.1), as the real files have it: checked here, not by the reader.
    assert full[16:19] == bytes(3) and full[KIND] == 2 and full[36:52] == bytes(16) and full[STATE:INTRO] == b"\xff" * 4
    assert full[20:36] != bytes(16) and full[27] >> 4 == 4  # a GUID of version 4 (Windows byte order)
    assert full[GAME_TYPE] == 1 and full[RESULT] == 1 and full[SIDE] == 1
    with_losses = pgn(f'[Red "{LONG_RED}"]\n[Opening "x"]\n1. H2-E2 $1 {{after}} *\n')
    with_losses.root.children[0].comments_before.append("before")  # a comment before the move (PGN's `( {c} m`)
    losses = bytearray(write([with_losses], "cbr"))
    return [
        cbr("valid", "written", full, s("6.1", "6.2", "6.3", "6.5"),
            ["B101", "B102", "B103", "B104", "B105", "B106", "B107", "B113"],
            "A record as our writer makes it: 赛事 (Event), 红方 and 黑方 in UTF-16LE with a NUL code unit "
            "and zeros after it, kind 2, a version-4 GUID at 20, FF FF FF FF at 2210, game type 1, "
            "result 1; the opening comment on the first record, a two-line comment written CR LF, an "
            "alternative C3-C4 to the first move (flag 0x02 on H2-E2): moves H2-E2 H9-G7 H0-G2 "
            "(checked by hand against the records written).",
            expect=document(game(
                [root("开局"), *line("H2-E2", "H9-G7", "H0-G2", comments={1: ["中炮\n第二行"]}),
                 {"parent": 0, "move": "C3-C4"}],
                result="1-0", headers=[("Event", "全国赛"), ("Red", "许银川"), ("Black", "吕钦"), TYPE]))),
        cbr("valid", "writer-losses", losses, s("6.2", "6.4"), ["B104"],
            "Written from a game with a 40-character Red (cut to the 31 that leave room for the NUL in its "
            "64 bytes), an Opening tag (no field), the NAG $1 and a comment before H2-E2: CBR keeps no NAG "
            "and no comment before a move, so the record holds the two comments joined, after the move.",
            expect=document(game([root(), *line("H2-E2", comments={1: ["before\nafter"]})],
                                 headers=[("Red", "红" * 31), TYPE]))),
    ]


# ---------------------------------------------------------------- invalid and dialect


def invalid() -> list[Case]:
    plain = three()
    truncated = plain[:-2]  # the last move record (H0-G2) loses its from and to bytes
    signature = three()
    signature[1] = ord("X")  # magic: `CXBridge Record`
    damaged = three()
    damaged[14] = ord("x")  # magic: `CCBridge Recorx`
    piece = three()
    piece[BOARD + point("e5")] = 0x18  # board at e5: 0x18 is no piece
    side = three(side=3)  # side_to_move: 3, neither Red nor Black
    result = three(result=9)  # result: 9, no code
    off = record([Rec("H2-E2"), Rec((95, 40)), Rec("H0-G2", END)])  # the second record's from point: 95
    illegal = record([Rec("H2-E2"), Rec("H9-H7"), Rec("H0-G2", END)])  # a horse straight ahead
    trailing = plain + b"junk"  # 4 bytes after the record that ends the tree
    cut_library = library([Entry(bytes(plain))])[:1000]  # the library header ends inside its remarks
    outside = library([Entry(bytes(plain))])
    outside[INDEX + 8:INDEX + 12] = struct.pack("<I", 3)  # entry 0's slots: 3, but the file holds one
    squeeze = b"CCBridge" + struct.pack("<3I", 21, 3, 12) + zlib.compress("象棋残局".encode("gbk"))
    return [
        cbr("invalid", "truncated", truncated, s("2.2"), ["B101"],
             f"The last move record (H0-G2, at {SECOND + 4}) lacks its two point bytes: the data runs out "
             f"at {len(truncated)}, where it is reported; H2-E2 and H9-G7 are kept.",
             diagnostics=[at("B101", len(truncated))], exact=True),
        cbr("invalid", "truncated-header", plain[:1000], s("2.2"), ["B101"],
             "A record cut at 1,000 bytes, inside its header (the Red field, 1076, is not reached): "
             "the data runs out at 1000.", diagnostics=[at("B101", 1000)], exact=True),
        cbr("invalid", "signature", signature, s("2.1"), ["B102"],
             "The first 16 bytes are `CXBridge Record` and a NUL, not the CBR signature.",
             diagnostics=[at("B102", 0)], exact=True),
        cbr("invalid", "signature-damaged", damaged, s("2.1", "5.4"), ["B102"],
            "The signature's 15th letter is `x` (`CCBridge Recorx`): no CBR signature, and not the compressed "
            "library either, whose `CCBridge` is followed by the u4 21 and 3 (CBR §5.4).",
            diagnostics=[at("B102", 0)], exact=True),
        cbr("invalid", "board-piece", piece, s("3.4"), ["B106"],
             f"The board byte of e5 (offset {BOARD + point('e5')}) is 0x18, which is no piece; read as empty.",
             diagnostics=[at("B106", BOARD + point("e5"))], exact=True),
        cbr("invalid", "side-to-move", side, s("3.4"), ["B107"],
             "side_to_move (2112) is 3: reported and read as Red.", diagnostics=[at("B107", SIDE)], exact=True),
        cbr("invalid", "result-code", result, s("3.3"), ["B108"],
             "The result byte (2076) is 9, no code: the result is `*` and the code kept as RecordResult.",
             diagnostics=[at("B108", RESULT)], exact=True),
        cbr("invalid", "move-point", off, s("4.3", "4.4"), ["B110", "B112"],
             f"The second move record (at {SECOND}) moves from point 95 (its point bytes at {SECOND + 2}), "
             "off the board; it and H0-G2 are kept as the comment `CBR moves not read: 95-40 H0-G2 /` on H2-E2.",
             diagnostics=[at("B110", SECOND + 2), at("B112", SECOND)], exact=True),
        cbr("invalid", "illegal-move", illegal, s("4.3", "4.4"), ["B111", "B112"],
             f"The second move record (at {SECOND}) moves Black's horse from h9 to h7, straight ahead.",
             diagnostics=[at("B111", SECOND), at("B112", SECOND)], exact=True),
        cbr("invalid", "trailing-bytes", trailing, s("4.2"), ["B113"],
             f"Four bytes (`junk`) follow the record that ends the tree (it ends at {len(plain)}).",
             diagnostics=[at("B113", len(plain))], exact=True),
        cbl("invalid", "truncated", cut_library, s("2.2", "5.1"), ["B101"],
             "A library cut at 1,000 bytes, inside its header's remarks field (1088-66623).",
             diagnostics=[at("B101", 1000)], exact=True),
        cbl("invalid", "record-outside", outside, s("5.3"), ["B117"],
             f"The first index entry (at {INDEX}) says its record occupies 3 slots, but the file ends after "
             f"the first: reported at the record's first slot ({RECORDS}) and skipped.",
             diagnostics=[at("B117", RECORDS)], exact=True),
        cbl("invalid", "compressed", squeeze, s("5.4"), ["B115"],
             "`CCBridge`, three u4 (21, 3, 12) and a zlib stream: the compressed variant, whose layout is "
             "not documented; reported once, no game read.", diagnostics=[at("B115", 0)], exact=True),
    ]


def dialect() -> list[Case]:
    kind = three()
    kind[KIND] = 3  # kind: 3 ("a newer format") in no known file
    full_red = three(texts={"Red": "红" * 32})  # red: 32 code units fill the 64-byte field, no NUL
    surrogate = record([Rec("H2-E2", END, b"a\x00\x00\xd8b\x00")], texts={})  # comment: a, lone U+D800, b
    several = three(result=4)  # result: 4, several results
    deleted = library([Entry(bytes(three(texts={"Name": "一"}))), Entry(bytes(three(texts={"Name": "二"})), state=5)])
    state = library([Entry(bytes(three()), state=3)])  # entry state 3: neither 0, 5 nor 7
    short = library([Entry(bytes(three()), length=len(three()) - 4)])  # length: 4 bytes short of the tree's end
    return [
        cbr("dialect", "record-kind", kind, s("2.1"), ["B103"],
             "The kind byte (19) is 3: no such file is known, so it is read as a game record and reported.",
             expect=document(game(THREE_NODES, headers=[TYPE])), diagnostics=[at("B103", KIND)], exact=True),
        cbr("dialect", "unterminated-text", full_red, s("2.3"), ["B104"],
             "The Red field (1076, 64 bytes) is 32 code units of text and no NUL: read whole, reported.",
             expect=document(game(THREE_NODES, headers=[("Red", "红" * 32), TYPE])),
             diagnostics=[at("B104", TEXT["Red"][0])], exact=True),
        cbr("dialect", "undecodable-text", surrogate, s("2.3", "2.4"), ["B105"],
             f"H2-E2's comment (length at {FIRST + 4}) is `a`, a lone surrogate D800, `b`: kept as a U+FFFD b, "
             "not dropped.", expect=document(game([root(), *line("H2-E2", comments={1: ["a\ufffdb"]})],
                                                  headers=[TYPE])),
             diagnostics=[at("B105", FIRST + 8)], exact=True,
             source="real-file fault: one comment of a published library holds a lone surrogate"),
        cbr("dialect", "several-results", several, s("3.3"), ["B109"],
             "The result byte (2076) is 4, several results (the lines end differently): no PGN result, so "
             "`*`, and the code kept as RecordResult 4.",
             expect=document(game(THREE_NODES, headers=[TYPE, ("RecordResult", "4")])),
             diagnostics=[at("B109", RESULT)], exact=True,
             source="peer disagreement: cchess reads result code 4 as a draw; CBR §3.3: code 4 means the "
                    "lines end with different results, so no single result is right"),
        cbl("dialect", "deleted-entry", deleted, s("5.2", "5.3"), ["B114"],
             f"Entry 2 (at {INDEX + ENTRY}) has state 5, a deleted game whose bytes 象棋桥 keeps: skipped and "
             "reported; only game 一 is read.", expect=document(game(THREE_NODES, headers=[("Name", "一"), TYPE])),
             diagnostics=[at("B114", INDEX + ENTRY)], exact=True),
        cbl("dialect", "entry-state", state, s("5.2"), ["B116"],
             f"The first index entry (at {INDEX}) has state 3, neither unused, deleted nor a game; it owns a slot, so its "
             "record is read as a game.", expect=document(game(THREE_NODES, headers=[TYPE])),
             diagnostics=[at("B116", INDEX)], exact=True),
        cbl("dialect", "record-length", short, s("5.3"), ["B118"],
             f"The first index entry (at {INDEX}) gives a length 4 bytes short of where the record's tree "
             f"ends; the tree ends within the entry's slot, so it is read to its end, and reported where the "
             f"length ends ({RECORDS} + {len(three()) - 4}).",
             expect=document(game(THREE_NODES, headers=[TYPE])),
             diagnostics=[at("B118", RECORDS + len(three()) - 4)], exact=True),
    ]


def warnings() -> list[Case]:
    """Invalid cases for the codes whose real-world form is a dialect case: another instance, one finding each."""
    kind = three()
    kind[KIND] = 1  # kind: 1 (a record that makes 象棋桥 show a dialog)
    full_name = three(texts={"Name": "题" * 64})  # title: 64 code units fill the 128-byte field, no NUL
    odd = record([Rec("H2-E2", END, b"a\x00b")])  # comment: 3 bytes, an odd number
    several = library([Entry(bytes(three(result=4)))])  # the library's game has result 4
    deleted = library([Entry(bytes(three()), state=5), Entry(bytes(three(texts={"Name": "二"})))])
    state = library([Entry(bytes(three()), state=9)])  # entry state 9
    first = bytes(three(texts={"Name": "一"}))
    short = library([Entry(first), Entry(bytes(three()), length=len(three()) - 1)])  # the second entry 1 byte short
    one = "; the one finding"
    return [
        cbr("invalid", "record-kind-1", kind, s("2.1"), ["B103"], f"The kind byte (19) is 1{one}.",
            diagnostics=[at("B103", KIND)], exact=True),
        cbr("invalid", "unterminated-title", full_name, s("2.3"), ["B104"],
            f"The title field (180, 128 bytes) is 64 code units and no NUL{one}.",
            diagnostics=[at("B104", TEXT["Name"][0])], exact=True),
        cbr("invalid", "odd-comment", odd, s("2.3", "2.4"), ["B105"],
            f"H2-E2's comment (length at {FIRST + 4}) has 3 bytes: an odd number is not UTF-16LE{one}.",
            diagnostics=[at("B105", FIRST + 8)], exact=True),
        cbl("invalid", "several-results", several, s("3.3"), ["B109"],
            f"The library's one game has result 4 (at {RECORDS} + 2076){one}.",
            diagnostics=[at("B109", RECORDS + RESULT)], exact=True),
        cbl("invalid", "deleted-first", deleted, s("5.2"), ["B114"],
            f"The first entry (at {INDEX}) is deleted (state 5); the second game is read{one}.",
            diagnostics=[at("B114", INDEX)], exact=True),
        cbl("invalid", "entry-state-9", state, s("5.2"), ["B116"],
            f"The first entry (at {INDEX}) has state 9{one}.", diagnostics=[at("B116", INDEX)], exact=True),
        cbl("invalid", "record-length-second", short, s("5.3"), ["B118"],
            f"The second entry's length is 1 byte short of its tree's end; its record starts at the second slot "
            f"({RECORDS + SLOT}){one}.", diagnostics=[at("B118", RECORDS + SLOT + len(three()) - 1)], exact=True),
    ]


def cases() -> list[Case]:
    return valid() + writer_cases() + invalid() + warnings() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
