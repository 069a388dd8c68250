"""The XQF reader: every version's keys, the tree, and one test per diagnostic code.

Files are built here from the layout as ``docs/spec/xqf.md`` states it
(:func:`v10` writes the plain form, :func:`with_keys` re-encodes it for a
version with keys), independently of the package's writer.
"""

from __future__ import annotations

import struct
from typing import Optional

import pytest

from xqformats.core import Move, square
from xqformats.diagnostics import Severity
from xqformats.lint.catalogue import all_rules
from xqformats.position import STARTING_FEN
from xqformats.xqf import UNREAD_PREFIX, read_xqf

#: The initial position's 32 slots (docs/spec/xqf.md §3.4), as [XQF-1.0] lists them.
INITIAL = bytes([80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3,
                 89, 79, 69, 59, 49, 39, 29, 19, 9, 77, 17, 86, 66, 46, 26, 6])  # fmt: skip


def point(name: str) -> int:
    """XQF's x·10 + y of an ICCS point (``h2`` → 72)."""
    return "abcdefghi".index(name[0]) * 10 + int(name[1])


def rec(move: Optional[str], nxt: bool, sib: bool, comment: bytes = b"") -> tuple[int, int, bool, bool, bytes]:
    """A record: ``move`` as ICCS (``None`` for the root)."""
    if move is None:
        return (0, 0, nxt, sib, comment)
    return (point(move[:2]), point(move[2:]), nxt, sib, comment)


def line(*moves: str, comment: bytes = b"") -> list[tuple[int, int, bool, bool, bytes]]:
    """The root and a main line without alternatives."""
    out = [rec(None, bool(moves), False, comment)]
    out += [rec(m, i + 1 < len(moves), False) for i, m in enumerate(moves)]
    return out


def v10(records: list, *, pieces: bytes = INITIAL, strings: Optional[dict[int, bytes]] = None, **fields: int) -> bytes:
    """A version-10 file: header fields by offset name, strings by offset, records in preorder."""
    head = bytearray(1024)
    head[0:3] = b"XQ\x0a"
    head[0x10:0x30] = pieces
    offsets = {"who_play": 0x32, "play_result": 0x33, "game_type": 0x40}
    for name, value in fields.items():
        head[offsets[name]] = value
    for offset, raw in (strings or {}).items():
        head[offset] = len(raw)
        head[offset + 1:offset + 1 + len(raw)] = raw
    body = bytearray()
    for frm, to, nxt, sib, comment in records:
        flags = (0xF0 if nxt else 0) | (0x0F if sib else 0)
        body += struct.pack("<BBBBI", frm + 0x18, to + 0x20, flags, 0, len(comment)) + comment
    return bytes(head + body)


def _f(k: int) -> int:
    return (54 * k * k + 221) % 256


def with_keys(plain: bytes, version: int, xy: int = 0x5A, xyf: int = 0x33, xyt: int = 0xC1, mask: int = 0xAB,
              ors: tuple[int, int, int, int] = (0x12, 0x34, 0x56, 0x78)) -> bytes:
    """``plain`` (a version-10 file) re-encoded as ``version`` with the given keys (docs/spec/xqf.md §3)."""
    head = bytearray(plain[:1024])
    keys_sum = (-(xy + xyf + xyt)) % 256
    head[2], head[3] = version, mask
    head[8:12] = bytes(ors)
    head[12:16] = bytes([keys_sum, xy, xyf, xyt])
    k_sq = _f(xy) * xy % 256
    k_from = _f(xyf) * k_sq % 256
    k_to = _f(xyt) * k_from % 256
    k_rmk = (keys_sum * 256 + xy) % 32000 + 767
    slots = plain[0x10:0x30]
    stored = [0] * 32
    for i in range(32):
        value = (slots[i] + k_sq) % 256
        stored[(i + 31 - k_sq) % 32 if version >= 12 else i] = value
    head[0x10:0x30] = bytes(stored)
    body = bytearray()
    pos = 1024
    while pos < len(plain):
        frm, to, flags, _, length = struct.unpack_from("<BBBBI", plain, pos)
        comment = plain[pos + 8:pos + 8 + length]
        pos += 8 + length
        new = (0x80 if flags & 0xF0 else 0) | (0x40 if flags & 0x0F else 0) | (0x20 if comment else 0) | 0x1F
        body += bytes([(frm + k_from) % 256, (to + k_to) % 256, new, 0x99])
        if comment:
            body += struct.pack("<I", length + k_rmk) + comment
    stream_bytes = [(keys_sum & mask) | ors[0], (xy & mask) | ors[1], (xyf & mask) | ors[2], (xyt & mask) | ors[3]]
    stream = [c & stream_bytes[i % 4] for i, c in enumerate(b"[(C) Copyright Mr. Dong Shiwei.]")]
    body = bytearray((b + stream[(1024 + j) % 32]) % 256 for j, b in enumerate(body))
    return bytes(head + body)


def codes(data: bytes) -> list[str]:
    return [d.code for d in read_xqf(data)[1]]


def mainline(data: bytes) -> list[str]:
    game, _ = read_xqf(data)
    assert game is not None
    return [m.uci() for m in game.mainline_moves()]


# ---------------------------------------------------------------- reading every version

TREE = [
    rec(None, True, False, b"start\r\n"),
    rec("h2e2", True, True, b"central cannon\r\n"),
    rec("h9g7", False, False),
    rec("b2e2", True, False),
    rec("b9c7", False, False, b"line one\r\nline two\r\n"),
]


@pytest.mark.parametrize("version", [10, 11, 12, 13, 15, 16, 18])
def test_every_version_reads_the_same_game(version: int) -> None:
    plain = v10(TREE, play_result=1, strings={0x130: "许银川".encode("gbk"), 0x50: b"Title"})
    data = plain if version == 10 else with_keys(plain, version)
    game, diags = read_xqf(data)
    assert diags == []
    assert game is not None
    assert game.start.fen() == STARTING_FEN
    assert [m.uci() for m in game.mainline_moves()] == ["h2e2", "h9g7"]
    first = game.root.children
    assert [n.move.uci() for n in first if n.move] == ["h2e2", "b2e2"]
    assert first[1].children[0].comments == ["line one\nline two"]
    assert game.root.comments == ["start"] and first[0].comments == ["central cannon"]
    assert game.result == "1-0"
    assert dict(game.headers) == {"Name": "Title", "Red": "许银川"}


def test_version_11_does_not_rotate_but_12_does() -> None:
    # A set-up: kings and one Red rook; read right in both only if 11 is not rotated.
    pieces = bytearray([0xFF] * 32)
    pieces[0], pieces[4], pieces[20] = point("a0"), point("e0"), point("d9")
    plain = v10(line("a0a5"), pieces=bytes(pieces))
    for version in (11, 12):
        game, diags = read_xqf(with_keys(plain, version))
        assert diags == [] and game is not None
        assert game.start.fen() == "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"


def test_the_stored_board_is_the_truth_whatever_the_type() -> None:
    pieces = bytearray(INITIAL)
    pieces[0] = 0xFF  # the rook on i0 missing (a handicap game), typed 全局
    game, diags = read_xqf(v10(line("a0a1"), pieces=bytes(pieces), game_type=0))
    assert diags == [] and game is not None
    assert game.start.piece_at(square(8, 0)) is None and game.headers["FEN"] == game.start.fen()


def test_black_to_move_from_who_play_and_the_first_move() -> None:
    game, diags = read_xqf(v10(line("h7e7"), who_play=1))
    assert diags == [] and game is not None and game.start.turn is False
    game, diags = read_xqf(v10(line(), who_play=1))
    assert diags == [] and game is not None and game.start.turn is False


def test_game_type_and_headers() -> None:
    game, _ = read_xqf(v10(line(), game_type=3, strings={0xD0: b"Cup", 0x1D0: b"Me", 0x1E0: b"You"}))
    assert game is not None
    assert dict(game.headers) == {"Event": "Cup", "Annotator": "Me", "Creator": "You", "GameType": "残局"}


# ---------------------------------------------------------------- every diagnostic code


def only(data: bytes) -> list[tuple[str, Optional[int]]]:
    return [(d.code, d.offset) for d in read_xqf(data)[1]]


def test_x101_short_header() -> None:
    game, diags = read_xqf(b"XQ\x0a" + bytes(100))
    assert game is None and [(d.code, d.offset, d.length) for d in diags] == [("X101", 0, 103)]


def test_x102_signature() -> None:
    game, diags = read_xqf(b"PK\x03\x04" + bytes(2000))
    assert game is None and [d.code for d in diags] == ["X102"]
    assert read_xqf(b"")[1][0].code == "X102"


@pytest.mark.parametrize("version", [9, 19, 0, 255])
def test_x103_version(version: int) -> None:
    data = bytearray(v10(line("h2e2")))
    data[2] = version
    assert only(bytes(data))[0] == ("X103", 2)


def test_x104_key_checksum() -> None:
    data = bytearray(with_keys(v10(line("h2e2")), 18))
    data[12] ^= 1
    assert ("X104", 0x0C) in only(bytes(data))


def test_x105_tree_truncated_keeps_what_precedes() -> None:
    data = v10(line("h2e2", "h9g7", "b2e2"))
    assert only(data[:-3]) == [("X105", 1024 + 24)]
    assert mainline(data[:-3]) == ["h2e2", "h9g7"]
    # A comment longer than the file.
    cut = v10(line("h2e2", comment=b"abcdef"))[:1024 + 8 + 3]
    assert only(cut) == [("X105", 1024)]
    # From version 11: a comment length below the comment key.
    keyed = bytearray(with_keys(v10(line("h2e2", comment=b"x")), 18, mask=0, ors=(0, 0, 0, 0)))
    keyed[1028:1032] = struct.pack("<I", 5)
    assert only(bytes(keyed)) == [("X105", 1024)]


def test_x106_trailing_bytes() -> None:
    data = v10(line("h2e2"))
    found = read_xqf(data + b"junk")[1]
    assert [(d.code, d.offset, d.length, d.severity) for d in found] == [("X106", len(data), 4, Severity.WARNING)]


def test_x201_string_length_beyond_the_field() -> None:
    data = bytearray(v10(line(), strings={0x50: b"T" * 63}))
    data[0x50] = 70
    game, diags = read_xqf(bytes(data))
    assert [(d.code, d.offset) for d in diags] == [("X201", 0x50)] and game is not None
    assert game.headers["Name"] == "T" * 63


def test_x202_half_character_at_the_end() -> None:
    name = "许银川".encode("gbk")[:5]  # 许银 and half of 川
    game, diags = read_xqf(v10(line(), strings={0x130: name}))
    assert [(d.code, d.offset) for d in diags] == [("X202", 0x131 + 4)]
    assert game is not None and game.headers["Red"] == "许银"


def test_x203_undecodable_string() -> None:
    game, diags = read_xqf(v10(line(), strings={0x140: b"a\x80b"}))
    assert [d.code for d in diags] == ["X203"] and game is not None and game.headers["Black"] == "a\ufffdb"


def test_x204_result_code() -> None:
    game, diags = read_xqf(v10(line(), play_result=4))
    assert [(d.code, d.offset) for d in diags] == [("X204", 0x33)] and game is not None and game.result == "*"


def test_x205_game_type() -> None:
    game, diags = read_xqf(v10(line(), game_type=7))
    assert [(d.code, d.offset) for d in diags] == [("X205", 0x40)] and game is not None
    assert game.headers["GameType"] == "7"


def test_x206_who_play_disagrees_with_the_first_move() -> None:
    game, diags = read_xqf(v10(line("h2e2"), who_play=1))
    assert [(d.code, d.offset) for d in diags] == [("X206", 0x32)] and game is not None and game.start.turn is True
    assert codes(v10(line(), who_play=2)) == ["X206"]


def test_x301_doubled_square() -> None:
    pieces = bytearray(INITIAL)
    pieces[11] = pieces[0]  # a Red pawn on Red's rook's point
    game, diags = read_xqf(v10(line(), pieces=bytes(pieces)))
    assert [(d.code, d.offset) for d in diags] == [("X301", 0x10 + 11)] and game is not None
    assert game.start.piece_at(square(8, 0)) == "R"


def test_x302_no_king() -> None:
    pieces = bytearray(INITIAL)
    pieces[20] = 0xFF
    assert codes(v10(line(), pieces=bytes(pieces))) == ["X302"]


def test_x303_empty_square_keeps_the_line_as_a_comment() -> None:
    records = [
        rec(None, True, False),
        rec("h2e2", True, False),
        rec("e5e6", True, True, b"bad\r\n"),  # empty point; its alternative is fine
        rec("h9g7", False, False),
        rec("b9c7", False, False),
    ]
    game, diags = read_xqf(v10(records))
    assert [(d.code, d.offset) for d in diags] == [("X303", 1024 + 16), ("X306", 1024 + 16)]
    assert game is not None
    first = game.root.children[0]
    assert [c.move.uci() for c in first.children if c.move] == ["b9c7"]
    assert first.comments == [f'{UNREAD_PREFIX} e5e6 "bad" h9g7']


def test_x304_illegal_move() -> None:
    found = read_xqf(v10(line("h2e2", "h0e0")))[1]  # Red twice
    assert [d.code for d in found] == ["X304", "X306"]
    assert "the horse on h0 is Red's but Black is to move" in found[0].message
    assert [d.code for d in read_xqf(v10(line("h2h8")))[1]] == ["X304", "X306"]  # the cannon is blocked


def test_x305_off_board() -> None:
    records = [rec(None, True, False), (95, 40, False, False, b"")]
    game, diags = read_xqf(v10(records))
    assert [d.code for d in diags] == ["X305", "X306"] and game is not None
    assert game.root.comments == [f"{UNREAD_PREFIX} ?e0"]


def test_x307_comment_bytes() -> None:
    game, diags = read_xqf(v10(line("h2e2", comment=b"ab\xb0\r\ncd\r\n")))
    assert [(d.code, d.offset, d.length) for d in diags] == [("X307", 1024 + 8, 9)]
    assert game is not None and game.root.comments == ["ab\ufffd\ncd"]


def test_every_x_rule_has_a_test_here() -> None:
    here = open(__file__, encoding="utf-8").read()
    declared = [r.code for r in all_rules() if r.code.startswith("X")]
    assert len(declared) == 19
    assert [c for c in declared if f"test_{c.lower()}" not in here and c != "X306"] == []


def test_moves_come_out_as_model_moves() -> None:
    game, _ = read_xqf(v10(line("h2e2")))
    assert game is not None and game.mainline_moves() == [Move(square(7, 2), square(4, 2))]
