"""Write the XQR conformance cases (xqformats/conformance/cases/xqr/).

Every input is built here byte by byte from the layout ``schemas/xqr.ksy``
and docs/spec/xqr.md: :func:`item` is one header item, :func:`node` one node
of the move tree, :func:`record` a whole file with its CRC; each point is
written in hex with the move it is (row in the high four bits, 0 on Black's
side; column in the low four, from Red's left: docs/spec/xqr.md §3.1), and
each fault is commented with what it breaks.  One valid case is our writer's
output (docs/spec/xqr.md §5.1).  The expected JSON and offsets are written
out by hand from the spec, not read back.

Usage: ``python tools/conformance/make_xqr_cases.py [--out DIR]``.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path
from typing import Optional, Union

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at, document, game, line, main, root

from xqformats.formats import write
from xqformats.pgn import parse_pgn

xqr = Maker("xqr", "xqr", "docs/spec/xqr.md")
s = xqr.clauses

ALL_RULES = [f"V1{n:02d}" for n in range(1, 16)]

MAGIC = bytes([0, 2, 0x20, 0x17])  # §2.3
VERSION_0 = bytes([1, 1, 0])  # §2.4: type 1, length 1, 0
MOVE = bytes([9, 0])  # §2.7: type 9, length 0
CHILD, SIBLING, COMMENT = 1, 2, 4  # §3.1: the flags
EVENT, SITE, DATE, RED, BLACK, RESULT, FEN = 2, 3, 4, 5, 6, 7, 8  # §2.2: the types


def item(kind: int, value: Union[str, bytes]) -> bytes:
    """One header item: its type, its length, its value (UTF-8 for text) (§2.1)."""
    raw = value.encode("utf-8") if isinstance(value, str) else value
    return bytes([kind, len(raw)]) + raw


def node(frm: int, to: int, flags: int = 0, comment: Optional[Union[str, bytes]] = None) -> bytes:
    """One node (§3.1); with ``comment``, flag bit 2 and the comment, its length little-endian (§3.3)."""
    if comment is None:
        return bytes([frm, to, flags, 0])
    raw = comment.encode("utf-8") if isinstance(comment, str) else comment
    return bytes([frm, to, flags | COMMENT, 0]) + struct.pack("<I", len(raw)) + raw


def crc(body: bytes) -> bytes:
    """The item `crc` after ``body``: type 10, length 4, zlib's CRC-32 of ``body``, low byte first (§4.1)."""
    return bytes([10, 4]) + struct.pack("<I", zlib.crc32(body))


def record(*parts: bytes) -> bytes:
    body = b"".join(parts)
    return body + crc(body)


ROOT = node(0, 0, CHILD)  # the start position with one child (§3.2)
#: h2e2 (0x77 row 7 column 7 -> 0x74 column 4, 炮二平五), then h9g7 (0x07 -> 0x26, 马8进7).
TWO_MOVES = node(0x77, 0x74, CHILD) + node(0x07, 0x26)
#: Where the first node after the root starts in ``MAGIC + MOVE + ROOT + …``.
FIRST = len(MAGIC + MOVE + ROOT)
PLAIN = (root(), *line("H2-E2", "H9-G7"))


def tree_game() -> bytes:
    """The headers, a root comment, a line with a comment and an alternative with its own."""
    return record(
        MAGIC, VERSION_0,
        item(EVENT, "全国象棋个人赛"), item(SITE, "北京"), item(DATE, "2009.12.19"), item(RED, "甲"), item(BLACK, "乙"),
        item(RESULT, b"\x01"),  # Red won (§2.5)
        MOVE,
        node(0, 0, CHILD, "开局"),
        node(0x77, 0x74, CHILD | SIBLING, "中炮"),  # h2e2, which a sibling follows after its subtree
        node(0x07, 0x26),  # h9g7, the reply
        node(0x71, 0x74, 0, "另一着"),  # b2e2 (炮八平五), the alternative to h2e2
    )  # fmt: skip


TREE_GAME = game(
    [
        root("开局"),
        {"parent": 0, "move": "H2-E2", "comments": ["中炮"]},
        {"parent": 1, "move": "H9-G7"},
        {"parent": 0, "move": "B2-E2", "comments": ["另一着"]},
    ],
    headers=[("Event", "全国象棋个人赛"), ("Site", "北京"), ("Date", "2009.12.19"), ("Red", "甲"), ("Black", "乙")],
    result="1-0",
)

BLACK_FIRST = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"


def written() -> bytes:
    """Our writer's file of a short game (docs/spec/xqr.md §5.1)."""
    games, _ = parse_pgn('[Format "ICCS"]\n[Red "甲"]\n[Result "0-1"]\n\n1. h2e2 {好} h9g7 0-1\n')
    return write(games, "xqr")


def valid() -> list[Case]:
    return [
        xqr("valid", "game", tree_game(),
            s("1.1", "1.2", "2.1", "2.2", "2.3", "2.4", "2.5", "2.7", "3.1", "3.2", "3.3", "3.4", "4.1", "4.2"), ALL_RULES,
            "Every text item, Red won, a root comment, h2e2 (0x77 0x74) with a comment and its reply h9g7, "
            "then h2e2's sibling b2e2 (0x71 0x74) with a comment; the CRC matches.",
            expect=document(TREE_GAME)),
        xqr("valid", "fen", record(MAGIC, item(FEN, BLACK_FIRST), MOVE, ROOT, node(0x27, 0x24)), s("2.6"), [],
            "The item fen sets the initial position with Black to move; Black plays h7e7 (0x27 -> 0x24, 炮8平5).",
            expect=document(game([root(), *line("H7-E7")], headers=[("FEN", BLACK_FIRST)], start=BLACK_FIRST))),
        xqr("valid", "written", written(), s("5.1"), [],
            "Our writer's file: magic, version 0, red, result 2 (Black won), move, the root, h2e2 with the comment 好, h9g7, the CRC.",
            expect=document(game([root(), *line("H2-E2", "H9-G7", comments={1: ["好"]})], headers=[("Red", "甲")], result="0-1"))),
    ]


def invalid() -> list[Case]:
    full = record(MAGIC, MOVE, ROOT, TWO_MOVES)
    bad_crc = bytearray(full)
    bad_crc[-4] ^= 0x01  # the CRC's low byte
    return [
        xqr("invalid", "truncated-item", MAGIC + VERSION_0 + bytes([EVENT, 10]) + b"abc", s("2.1"), ["V101"],
            "The item event at offset 7 says 10 bytes; 3 follow.",
            diagnostics=[at("V101", 7)], exact=True),
        xqr("invalid", "truncated-tree", full[: FIRST + 6], s("3.2"), ["V101"],
            "The data ends two bytes into h9g7's node, which h2e2 announces (at FIRST + 4).",
            diagnostics=[at("V101", FIRST + 4)], exact=True),
        xqr("invalid", "truncated-comment", MAGIC + MOVE + ROOT + bytes([0x77, 0x74, COMMENT, 0]) + struct.pack("<I", 9) + b"ab",
            s("3.3"), ["V101"],
            "h2e2's comment says 9 bytes; 2 follow (the comment's length at FIRST + 4).",
            diagnostics=[at("V101", FIRST + 4)], exact=True),
        xqr("invalid", "no-magic", b"\x00\x02\x20\x18" + full[4:], s("2.3"), ["V103"],
            "The magic's second byte is 0x18, not 0x17: no XQR file.",
            diagnostics=[at("V103", 0)], exact=True),
        xqr("invalid", "bad-fen", record(MAGIC, item(FEN, "9/9 w"), MOVE, ROOT, TWO_MOVES), s("2.6"), ["V107"],
            "The item fen holds `9/9 w`, no FEN: the moves are read from the initial position.",
            diagnostics=[at("V107", 6)], exact=True),
        xqr("invalid", "off-board", record(MAGIC, MOVE, ROOT, node(0x77, 0x74, CHILD), node(0x0A, 0x26)), s("3.1", "3.5"),
            ["V109", "V112"],
            "The second node's from-point 0x0A has column 10: off the board; kept as a comment on h2e2.",
            diagnostics=[at("V109", FIRST + 4), at("V112", FIRST + 4)], exact=True),
        xqr("invalid", "illegal-move", record(MAGIC, MOVE, ROOT, node(0x77, 0x74, CHILD), node(0x07, 0x27)), s("3.4", "3.5"),
            ["V111", "V112"],
            "The second move, h9h7 (0x07 -> 0x27), moves Black's horse straight ahead: illegal.",
            diagnostics=[at("V111", FIRST + 4), at("V112", FIRST + 4)], exact=True),
        xqr("invalid", "crc-mismatch", bytes(bad_crc), s("4.1"), ["V113"],
            "The CRC's low byte is changed: it no longer matches the bytes before the item.",
            diagnostics=[at("V113", len(full) - 4)], exact=True),
        xqr("invalid", "crc-item", MAGIC + MOVE + ROOT + TWO_MOVES + bytes([EVENT, 4]) + b"\0\0\0\0", s("4.1"), ["V114"],
            "An item of type 2 stands after the tree where the item crc belongs.",
            diagnostics=[at("V114", FIRST + 8)], exact=True),
    ]


def dialect() -> list[Case]:
    bad_text = record(MAGIC, item(EVENT, b"\xff\xfe"), MOVE, ROOT, TWO_MOVES)
    unknown = record(MAGIC, item(11, b"xyz"), MOVE, ROOT, TWO_MOVES)
    version = record(MAGIC, item(1, b"\x02"), MOVE, ROOT, TWO_MOVES)
    result = record(MAGIC, item(RESULT, b"\x09"), MOVE, ROOT, TWO_MOVES)
    move_length = record(MAGIC, bytes([9, 5]), ROOT, TWO_MOVES)
    # The root says it has a sibling: its child h2e2 (the main line), then the sibling's node b2e2.
    sibling = record(MAGIC, MOVE, node(0, 0, CHILD | SIBLING), node(0x77, 0x74), node(0x71, 0x74))
    trailing = record(MAGIC, MOVE, ROOT, TWO_MOVES) + b"\0\0"
    return [
        xqr("dialect", "undecodable-text", bad_text, s("2.1"), ["V102"],
            "The item event holds FF FE, no UTF-8 text: kept as U+FFFD U+FFFD.",
            expect=document(game(PLAIN, headers=[("Event", "\ufffd\ufffd")])),
            diagnostics=[at("V102", 6)], exact=True),
        xqr("dialect", "unknown-item", unknown, s("2.2"), ["V104"],
            "An item of type 11, which the proposal does not define: not read.",
            expect=document(game(PLAIN)), diagnostics=[at("V104", 4)], exact=True),
        xqr("dialect", "version", version, s("2.4"), ["V105"],
            "The item version holds 2: read as version 0.",
            expect=document(game(PLAIN)), diagnostics=[at("V105", 4)], exact=True),
        xqr("dialect", "result-code", result, s("2.5"), ["V106"],
            "The item result holds 9, none of 0–3: the result is unknown.",
            expect=document(game(PLAIN)), diagnostics=[at("V106", 4)], exact=True),
        xqr("dialect", "move-length", move_length, s("2.7"), ["V108"],
            "The item move's length byte is 5, not 0: the tree is read from right after it.",
            expect=document(game(PLAIN)), diagnostics=[at("V108", 5)], exact=True),
        xqr("dialect", "root-sibling", sibling, s("3.2", "3.5"), ["V110", "V112"],
            "The root announces a sibling (its flags byte at offset 8): the sibling's move b2e2 is kept as a comment on the start.",
            expect=document(game([root("XQR moves not read: b2e2"), *line("H2-E2")])),
            diagnostics=[at("V110", 8)], exact=True),  # the root's flags byte
        xqr("dialect", "trailing-bytes", trailing, s("4.2"), ["V115"],
            "Two zero bytes follow the item crc: not read.",
            expect=document(game(PLAIN)), diagnostics=[at("V115", len(trailing) - 2)], exact=True),
    ]


def deviations() -> list[Case]:
    """The dialect cases' faults as invalid cases too: a reader must report them (an error under strict)."""
    return [
        xqr("invalid", case.name, case.data, case.clause, case.rules, case.description, diagnostics=case.diagnostics, exact=True)
        for case in dialect()
    ]


def cases() -> list[Case]:
    return valid() + invalid() + deviations() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
