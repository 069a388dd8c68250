"""Write the XQF conformance cases (xqformats/conformance/cases/xqf/).

Every input starts as a version-10 file from our writer (``xqformats.formats.write``,
docs/spec/xqf.md §5.1); the other versions are made from it by :func:`keyed`, which
applies the keys of docs/spec/xqf.md §3 as ``schemas/xqf.ksy`` lays them out; faults
are byte edits, each commented with the layout field it changes.  The expected
JSON and positions are written out by hand from the spec, not read back.

Usage: ``python tools/conformance/make_xqf_cases.py [--out DIR]``.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path
from typing import Union

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at, document, game, line, main, root

from xqformats.formats import write
from xqformats.model import Game
from xqformats.pgn import parse_pgn

SPEC = "docs/spec/xqf.md"
case = Maker("xqf", "xqf", SPEC)
s = case.clauses
HEADER = 1024

# Header offsets, from schemas/xqf.ksy (type `header`).
VERSION = 0x02
KEY_MASK = 0x03
KEY_OR = 0x08  # four bytes
KEYS = 0x0C  # keys_sum, key_xy, key_xyf, key_xyt
PIECES = 0x10  # 32 slots
WHO_PLAY = 0x32
PLAY_RESULT = 0x33
GAME_TYPE = 0x40
TITLE_A = 0x50  # short_string(63)
RED_PLAYER = 0x130  # short_string(15)
BLACK_PLAYER = 0x140  # short_string(15)

#: The text the key stream is made of (docs/spec/xqf.md §3.3).
STREAM_TEXT = b"[(C) Copyright Mr. Dong Shiwei.]"
RECORD = struct.Struct("<BBBBI")  # a version-10 move_record: from, to, flags, reserved, length


def pgn(text: str) -> Game:
    """One game from ICCS PGN text (the way these cases spell the game they write)."""
    games, found = parse_pgn('[Format "ICCS"]\n' + text)
    errors = [d for d in found if d.severity.name == "ERROR"]
    assert len(games) == 1 and not errors, errors
    return games[0]


def xqf(text: str) -> bytearray:
    """The version-10 file our writer makes of the game ``text``."""
    return bytearray(write([pgn(text)], "xqf"))


def point(name: str) -> int:
    """XQF's point x·10 + y of an ICCS square (``h2`` → 72), docs/spec/xqf.md §3.4."""
    return "abcdefghi".index(name[0].lower()) * 10 + int(name[1])


def _f(k: int) -> int:
    return (54 * k * k + 221) % 256


def keyed(plain: Union[bytes, bytearray], version: int, xy: int = 0x5A, xyf: int = 0x33, xyt: int = 0xC1, mask: int = 0xAB,
          ors: tuple[int, int, int, int] = (0x12, 0x34, 0x56, 0x78)) -> bytearray:
    """``plain`` (a version-10 file) stored as ``version`` (11 or later) with these keys.

    The keys add up to 0 modulo 256 (``keys_sum`` is chosen so), the slots get
    the square key and, from version 12, the rotation; each record's points get
    the from and to keys, its flags become 0x80/0x40/0x20, its comment length
    the comment key; then every byte from offset 1024 gets the key stream.
    """
    head = bytearray(plain[:HEADER])
    keys_sum = -(xy + xyf + xyt) % 256
    head[VERSION], head[KEY_MASK] = version, mask
    head[KEY_OR:KEY_OR + 4] = bytes(ors)
    head[KEYS:KEYS + 4] = bytes([keys_sum, xy, xyf, xyt])
    square_key = _f(xy) * xy % 256
    from_key = _f(xyf) * square_key % 256
    to_key = _f(xyt) * from_key % 256
    comment_key = (keys_sum * 256 + xy) % 32000 + 767
    slots = plain[PIECES:PIECES + 32]
    for i in range(32):
        at_ = (i + 31 - square_key) % 32 if version >= 12 else i
        head[PIECES + at_] = (slots[i] + square_key) % 256
    body = bytearray()
    pos = HEADER
    while pos < len(plain):
        frm, to, flags, _, length = RECORD.unpack_from(plain, pos)
        comment = plain[pos + 8:pos + 8 + length]
        pos += 8 + length
        new = (0x80 if flags & 0xF0 else 0) | (0x40 if flags & 0x0F else 0) | (0x20 if comment else 0)
        body += bytes([(frm + from_key) % 256, (to + to_key) % 256, new | 0x05, 0])  # 0x05: noise bits, ignored
        if comment:
            body += struct.pack("<I", length + comment_key) + comment
    stream = [(keys_sum & mask) | ors[0], (xy & mask) | ors[1], (xyf & mask) | ors[2], (xyt & mask) | ors[3]]
    key = [c & stream[i % 4] for i, c in enumerate(STREAM_TEXT)]
    return head + bytearray((b + key[(HEADER + j) % 32]) % 256 for j, b in enumerate(body))




# ---------------------------------------------------------------- valid

FULL = """[Name "Conformance XQF"]
[Event "全国赛"]
[Date "1999.12.01"]
[Site "北京"]
[Red "许银川"]
[Black "吕钦"]
[Result "1-0"]
{开局} 1. H2-E2 {中炮
第二行} (1. C3-C4) H9-G7 2. H0-G2 I9-H9 1-0
"""
FULL_HEADERS = [("Name", "Conformance XQF"), ("Event", "全国赛"), ("Date", "1999.12.01"), ("Site", "北京"),
                ("Red", "许银川"), ("Black", "吕钦")]
FULL_NODES = [root("开局"), *line("H2-E2", "H9-G7", "H0-G2", "I9-H9", comments={1: ["中炮\n第二行"]}),
              {"parent": 0, "move": "C3-C4"}]
FULL_EXPECT = document(game(FULL_NODES, headers=FULL_HEADERS, result="1-0"))

# Kings and one Red rook: the slots of version 11 read rotated would put other pieces elsewhere.
SETUP = """[FEN "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"]
{残局} 1. A0-A5 {进车} D9-D8 2. A5-D5 *
"""
SETUP_EXPECT = document(game(
    [root("残局"), *line("A0-A5", "D9-D8", "A5-D5", comments={1: ["进车"]})],
    headers=[("FEN", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")], start="3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
))


def valid() -> list[Case]:
    black_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
    black = xqf(f'[Red "甲"]\n[FEN "{black_fen}"]\n1... H7-E7 2. H2-E2 *\n')
    ending = xqf('[GameType "残局"]\n[FEN "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"]\n1. E1-D2 *\n')
    assert ending[GAME_TYPE] == 3  # game_type: 3 残局
    # A full game (type 0 全局) whose stored board lacks Red's rook on i0: the board is the truth.
    handicap = xqf("1. A0-A1 *\n")
    handicap[PIECES + 8] = 0xFF  # piece_bytes[8], Red's second rook: off the board
    handicap_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1"
    with_losses = pgn("1. H2-E2 $1 {after} *\n")
    with_losses.root.children[0].comments_before.append("before")  # a comment before the move (PGN's `( {c} m`)
    losses = write([with_losses], "xqf")
    return [
        case("valid", "v10-written", xqf(FULL), s("1.1", "1.2", "2.1", "2.2", "2.6", "4.1", "4.2", "4.3", "5.1"),
             ["X101", "X102", "X103", "X105", "X106", "X201", "X202", "X203", "X303", "X304", "X305", "X306", "X307"],
             "A version-10 file as our writer makes it: GBK header strings, a two-line comment (CRLF), one "
             "variation and result 1 (Red wins); the moves are the ones written (checked by hand: "
             "H2-E2 H9-G7 H0-G2 I9-H9, alternative C3-C4 to the first move).", expect=FULL_EXPECT),
        case("valid", "v11-not-rotated", keyed(xqf(SETUP), 11), s("3.1", "3.2", "3.3", "3.4"), ["X104", "X301", "X302"],
             "Version 11 with keys: the square key is subtracted from the slots but they are NOT rotated "
             "(rotation starts at version 12, XQF §3.4). A reader that rotates version 11 puts the squares in "
             "other slots: a Red advisor on a0, horses on e0 and d9, no king, and A0-A5 is no legal move "
             "(checked by reading these bytes marked version 12).", expect=SETUP_EXPECT,
             source="peer disagreement: a peer reader rotates the slots of version-11 files as it does from "
                    "version 12 (issue 16); XQStudio's reader, which defines versions 11-18, rotates from 12 only"),
        case("valid", "v12-rotated", keyed(xqf(SETUP), 12, xy=0x17, xyf=0x80, xyt=0x02), s("3.4"), ["X104", "X301"],
             "The same set-up game as v11-not-rotated stored as version 12: slot i is stored at "
             "(i - 1 - square key) mod 32 and must be rotated back (XQF §3.4).", expect=SETUP_EXPECT),
        case("valid", "v18-tree", keyed(xqf(FULL), 18), s("1.1", "3.3", "4.2"), ["X103", "X104", "X105", "X106"],
             "The game of v10-written stored as version 18: flags 0x80/0x40/0x20, comment lengths plus the "
             "comment key, the body plus the key stream; it reads as the same game.", expect=FULL_EXPECT),
        case("valid", "black-first", black, s("2.4"), ["X206"],
             "WhoPlay (0x32) is 1 and the first move (H7-E7) is Black's: Black moves first.",
             expect=document(game([root(), *line("H7-E7", "H2-E2")],
                                  headers=[("Red", "甲"), ("FEN", black_fen)], start=black_fen))),
        case("valid", "game-type-ending", ending, s("2.5"), ["X204", "X205", "X302"],
             "Game type 3 (0x40) is the header GameType 残局; result 0 is `*`.",
             expect=document(game([root(), *line("E1-D2")],
                                  headers=[("GameType", "残局"), ("FEN", "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")],
                                  start="3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"))),
        case("valid", "stored-board-wins", handicap, s("3.4"), ["X301", "X302"],
             "Game type 0 (a full game) but the slot of Red's second rook (0x18) holds 0xFF: the stored "
             "board, without the rook on i0, is the start position; the type does not restore it.",
             expect=document(game([root(), *line("A0-A1")], headers=[("FEN", handicap_fen)], start=handicap_fen))),
        case("valid", "writer-losses", losses, s("5.2"), ["X307"],
             "Written from a game with a comment before H2-E2 and the NAG $1: XQF keeps no NAG and no comment "
             "before a move, so the file holds the two comments joined, after the move.",
             expect=document(game([root(), *line("H2-E2", comments={1: ["before\nafter"]})]))),
    ]


# ---------------------------------------------------------------- invalid

THREE = "1. H2-E2 H9-G7 2. H0-G2 *\n"  # records at 1024 (root), 1032, 1040, 1048
SECOND = 1040  # the record of H9-G7


def invalid() -> list[Case]:
    short = b"XQ\x0a" + bytes(100)
    signature = xqf(THREE)
    signature[0:2] = b"XP"  # signature: not `XQ`
    version = xqf(THREE)
    version[VERSION] = 9  # version: below 10
    checksum = keyed(xqf(THREE), 18, mask=0, ors=(0, 0, 0, 0))  # mask 0, ors 0: the key stream is all 0
    checksum[KEYS] = (checksum[KEYS] + 1) % 256  # keys_sum: the four keys now add up to 1
    truncated = xqf(THREE)[:-3]  # the last record (at 1048) loses its last 3 bytes
    string = xqf('[Black "axb"]\n' + THREE)
    string[BLACK_PLAYER + 2] = 0x80  # black_player text byte 2: 0x80 is no GBK byte on its own
    doubled = xqf(THREE)
    doubled[PIECES + 11] = doubled[PIECES + 0]  # piece_bytes[11] (Red's first pawn) := slot 0's point (i0)
    kingless = xqf("*\n")
    kingless[PIECES + 20] = 0xFF  # piece_bytes[20], Black's king: off the board
    empty = xqf(THREE)
    empty[SECOND] = point("e5") + 0x18  # from_byte of H9-G7: e5, an empty point
    illegal = xqf(THREE)
    illegal[SECOND + 1] = point("h7") + 0x20  # to_byte of H9-G7: h7, straight ahead, no horse move
    off = xqf(THREE)
    off[SECOND] = 95 + 0x18  # from_byte of H9-G7: point 95, x = 9 is no file
    unread = "XQF moves not read:"
    return [
        case("invalid", "short-header", short, s("2.1"), ["X101"],
             "103 bytes: shorter than the 1024-byte header; nothing is read (reported at offset 0).",
             diagnostics=[at("X101", 0)], exact=True),
        case("invalid", "signature", signature, s("2.1"), ["X102"],
             "The first two bytes are `XP`, not `XQ`: no XQF file.", diagnostics=[at("X102", 0)], exact=True),
        case("invalid", "version", version, s("2.3"), ["X103"],
             "The version byte (offset 2) is 9; reported, and the file read as version 10.",
             diagnostics=[at("X103", 2)], exact=True),
        case("invalid", "key-checksum", checksum, s("3.1"), ["X104"],
             "Version 18 whose keys at 0x0C-0x0F add up to 1, not 0, modulo 256 (KeysSum made one larger); "
             "XQStudio refuses such a file.", diagnostics=[at("X104", KEYS)], exact=True),
        case("invalid", "tree-truncated", truncated, s("4.1"), ["X105"],
             "The last record (H0-G2, at 1048) lacks its last 3 bytes: reported where it starts; the moves "
             "before it are kept.", diagnostics=[at("X105", 1048)], exact=True),
        case("invalid", "string-bytes", string, s("2.2"), ["X203"],
             "The Black player's string (length at 0x140, text from 0x141) holds `a`, 0x80, `b`: 0x80 is not "
             "GBK text (kept as U+FFFD); reported at the string's text.",
             diagnostics=[at("X203", BLACK_PLAYER + 1)], exact=True),
        case("invalid", "doubled-square", doubled, s("3.4"), ["X301"],
             "Slot 11 (Red's first pawn, byte 0x1B) holds the point of slot 0 (the rook on i0): two pieces on "
             "one point; the first stays.", diagnostics=[at("X301", PIECES + 11)], exact=True),
        case("invalid", "no-king", kingless, s("3.4"), ["X302"],
             "Slot 20 (Black's king, byte 0x24) is 0xFF: the start position has no Black king (reported at "
             "the piece squares, 0x10: no one slot is at fault).", diagnostics=[at("X302", PIECES)], exact=True),
        case("invalid", "empty-square", empty, s("4.4"), ["X303", "X306"],
             f"The second record (1040) moves from e5, an empty point; it and its continuation H0-G2 become "
             f"the comment `{unread} e5g7 h0g2` on H2-E2.",
             diagnostics=[at("X303", SECOND), at("X306", SECOND)], exact=True),
        case("invalid", "illegal-move", illegal, s("4.4", "4.2"), ["X304", "X306"],
             "The second record (1040) moves Black's horse from h9 to h7, straight ahead: not a horse move.",
             diagnostics=[at("X304", SECOND), at("X306", SECOND)], exact=True),
        case("invalid", "off-board", off, s("4.4"), ["X305", "X306"],
             "The second record's from byte (1040) decodes to point 95: file 9 is off the board.",
             diagnostics=[at("X305", SECOND), at("X306", SECOND)], exact=True),
    ]


# ---------------------------------------------------------------- dialect


def dialect() -> list[Case]:
    plain = xqf(THREE)
    three = [root(), *line("H2-E2", "H9-G7", "H0-G2")]
    trailing = plain + b"junk"  # 4 bytes after the tree's last record
    long_title = xqf('[Name "' + "T" * 63 + '"]\n*\n')
    long_title[TITLE_A] = 70  # title_a length byte: 70 in a 63-byte field (as real titles)
    half = xqf('[Red "许银川"]\n*\n')
    half[RED_PLAYER] = 5  # red_player length byte: 5 of the 6 bytes, cutting 川 (B4 A8) in half
    result4 = xqf(THREE)
    result4[PLAY_RESULT] = 4  # play_result: 4, no XQF result
    game_type = xqf(THREE)
    game_type[GAME_TYPE] = 7  # game_type: 7, no XQF game type
    who = xqf(THREE)
    who[WHO_PLAY] = 1  # who_play: Black, but the first move is Red's
    comment = xqf("{abX\ncd} 1. H2-E2 *\n")
    at_x = comment.index(b"abX\r\ncd\r\n", HEADER) + 2
    comment[at_x] = 0xB0  # the root's comment: a GBK lead byte (B0) right before CRLF, as 32 real comments
    return [
        case("dialect", "trailing-bytes", trailing, s("4.1"), ["X106"],
             f"Four bytes (`junk`) follow the tree's last record (it ends at {len(plain)}): reported, not read.",
             expect=document(game(three)), diagnostics=[at("X106", len(plain))], exact=True),
        case("dialect", "string-length", long_title, s("2.2"), ["X201"],
             "TitleA's length byte (0x50) says 70 in a 63-byte field: the field's 63 bytes are read.",
             expect=document(game([root()], headers=[("Name", "T" * 63)])),
             diagnostics=[at("X201", TITLE_A)], exact=True, source="real-file fault: titles whose length "
             "byte is larger than the field"),
        case("dialect", "half-character", half, s("2.2"), ["X202"],
             "The Red player's string ends in B4, the first byte of 川 (its length byte at 0x130 says 5): "
             "the half character (at 0x135) is dropped, leaving 许银.",
             expect=document(game([root()], headers=[("Red", "许银")])),
             diagnostics=[at("X202", RED_PLAYER + 5)], exact=True,
             source="real-file fault: player names cut in the middle of a character"),
        case("dialect", "result-4", result4, s("2.5"), ["X204"],
             "PlayResult (0x33) is 4, which XQF does not define: the result is unknown (`*`), not a draw.",
             expect=document(game(three)), diagnostics=[at("X204", PLAY_RESULT)], exact=True,
             source="peer disagreement: cchess reads result code 4 as a draw (1/2-1/2); XQF §2.5 "
                    "defines 0 to 3 only, so 4 says nothing about the result"),
        case("dialect", "game-type", game_type, s("2.5"), ["X205"],
             "The game type (0x40) is 7: kept as the header GameType `7`.",
             expect=document(game(three, headers=[("GameType", "7")])),
             diagnostics=[at("X205", GAME_TYPE)], exact=True),
        case("dialect", "who-play", who, s("2.4"), ["X206"],
             "WhoPlay (0x32) says Black but the first move, H2-E2, is Red's: the move decides, Red first.",
             expect=document(game(three)), diagnostics=[at("X206", WHO_PLAY)], exact=True,
             source="real-file fault: WhoPlay disagreeing with the first move (8 real files)"),
        case("dialect", "comment-bytes", comment, s("4.3"), ["X307"],
             "The opening comment (at 1032) is `ab`, B0, CRLF, `cd`, CRLF: B0 begins a two-byte character "
             "but CR does not end one; the comment is kept with U+FFFD, not dropped.",
             expect=document(game([root("ab\ufffd\ncd"), *line("H2-E2")])),
             diagnostics=[at("X307", HEADER + 8)], exact=True,
             source="peer disagreement: cchess drops a comment it cannot decode; XQF §4.3 keeps it with "
                    "U+FFFD so that nothing read is lost"),
    ]


def warnings() -> list[Case]:
    """Invalid cases for the codes whose real-world form is a dialect case: another instance, one finding each."""
    plain = xqf(THREE)
    zero = plain + b"\x00"  # one zero byte after the tree
    long_red = xqf('[Red "甲乙"]\n*\n')
    long_red[RED_PLAYER] = 255  # red_player length byte: 255 in a 15-byte field
    half = xqf('[Black "吕钦"]\n*\n')
    half[BLACK_PLAYER] = 3  # black_player length byte: 3 of 4 bytes, the second character cut after C7
    result = xqf(THREE)
    result[PLAY_RESULT] = 200  # play_result
    game_type = xqf(THREE)
    game_type[GAME_TYPE] = 4  # game_type: one past 残局
    who = xqf("*\n")
    who[WHO_PLAY] = 2  # who_play: neither 0 nor 1, and no move to decide
    comment = xqf("1. H2-E2 {aXb} *\n")
    at_x = comment.index(b"aXb", HEADER)
    comment[at_x + 1] = 0xFF  # the move's comment: FF is never GBK
    one = "; the one finding"
    return [
        case("invalid", "trailing-zero", zero, s("4.1"), ["X106"],
             f"One zero byte after the tree's last record (at {len(plain)}){one}.",
             diagnostics=[at("X106", len(plain))], exact=True),
        case("invalid", "string-length-255", long_red, s("2.2"), ["X201"],
             f"The Red player's length byte (0x130) is 255 for a 15-byte field{one}.",
             diagnostics=[at("X201", RED_PLAYER)], exact=True),
        case("invalid", "half-character-black", half, s("2.2"), ["X202"],
             f"The Black player's string is 3 bytes (length byte at 0x140): 吕 and the lead byte of 钦, at 0x143{one}.",
             diagnostics=[at("X202", BLACK_PLAYER + 3)], exact=True),
        case("invalid", "result-code", result, s("2.5"), ["X204"],
             f"PlayResult (0x33) is 200{one}.", diagnostics=[at("X204", PLAY_RESULT)], exact=True),
        case("invalid", "game-type-4", game_type, s("2.5"), ["X205"],
             f"The game type (0x40) is 4; the types are 0 to 3{one}.", diagnostics=[at("X205", GAME_TYPE)], exact=True),
        case("invalid", "who-play-2", who, s("2.4"), ["X206"],
             f"WhoPlay (0x32) is 2, neither Red nor Black, in a file without moves{one}.",
             diagnostics=[at("X206", WHO_PLAY)], exact=True),
        case("invalid", "comment-ff", comment, s("4.3"), ["X307"],
             f"H2-E2's comment (at {at_x}) is `a`, FF, `b`: FF is not GBK{one}.",
             diagnostics=[at("X307", at_x)], exact=True),
    ]


def cases() -> list[Case]:
    return valid() + invalid() + warnings() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
