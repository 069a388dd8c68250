"""Every real CBR and CBL file reads with no error but the pinned real faults, and its games
equal an independent reading of the bytes; Fairy-Stockfish confirms every move legal.

The independent reading below is written from the documented layout (docs/spec/cbr.md) with
``struct`` and a recursive walk, sharing no code with :mod:`xqformats.cbr`: per record it gives
the number of moves, of comments, the main line in ICCS and the board of the start position.
It does not check legality, so records with a pinned illegal move are compared up to it.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import NamedTuple

import pytest

from xqformats import formats
from xqformats.diagnostics import Severity
from xqformats.model import Game, Node

#: Every error in the real files, checked by hand: (file name, code, offset) -> the reason.
PINNED = {
    ("残局全书.CBL", "B111", 0x1BFE80): (
        "第10章 其他著名杀法 例01: the start position already has Red checkmated (the black cannon "
        "on i0 checks the red king on e0 over the advisor on f0, and no red move helps; pyffish "
        "agrees: no legal move), so the record's first move H8-H9 is illegal; the board was "
        "entered wrongly in the library"
    ),
}

_LETTERS = dict(zip(range(0x11, 0x18), "RNBAKCP")) | dict(zip(range(0x21, 0x28), "rnbakcp"))


class Expected(NamedTuple):
    moves: int
    comments: int
    characters: int
    mainline: list[str]
    board: str


def _iccs(frm: int, to: int) -> str:
    return "-".join("ABCDEFGHI"[p % 9] + str(9 - p // 9) for p in (frm, to))


def _board(raw: bytes) -> str:
    rows = []
    for r in range(10):
        row, empty = "", 0
        for c in range(9):
            letter = _LETTERS.get(raw[r * 9 + c])
            if letter is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + letter
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def independent(data: bytes, at: int) -> Expected:
    """Read the record at ``at`` by the documented layout (flag 2: a sibling follows the subtree)."""
    p = at + 2214
    counts = {"moves": 0, "comments": 0, "characters": 0}

    def comment(p: int) -> int:
        (n,) = struct.unpack_from("<I", data, p)
        text = data[p + 4:p + 4 + n].decode("utf-16-le", "replace").replace("\r\n", "\n").replace("\r", "\n")
        if text:
            counts["comments"] += 1
            counts["characters"] += len(text)
        return p + 4 + n

    flags = data[p]
    p += 4
    if flags & 4:
        p = comment(p)
    main: list[str] = []
    if not flags & 1:
        pending, on_main = 0, True  # alternatives still to read; the main line is the first line
        while True:
            flags, frm, to = data[p], data[p + 2], data[p + 3]
            p += 4
            counts["moves"] += 1
            if on_main:
                main.append(_iccs(frm, to))
            if flags & 4:
                p = comment(p)
            pending += bool(flags & 2)
            if flags & 1:
                on_main = False
                if not pending:
                    break
                pending -= 1
    return Expected(counts["moves"], counts["comments"], counts["characters"], main, _board(data[at + 2120:at + 2210]))


def records(data: bytes) -> list[int]:
    """Offsets of the live records: the file itself, or each game entry of a library."""
    if data.startswith(b"CCBridge Record"):
        return [0]
    (slots,) = struct.unpack_from("<I", data, 60)
    at, out = 66624 + slots * 276, []
    for i in range(slots):
        state, _, used = struct.unpack_from("<3I", data, 66624 + i * 276)
        if state == 7:
            out.append(at)
        if state:
            at += used * 4096
    return out


def files(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.rglob("*") if p.suffix.lower() in (".cbr", ".cbl") and p.is_file())


def counted(game: Game) -> tuple[int, int, int]:
    """Moves, comments and their characters (every one: a peer cuts 8% of them short)."""
    nodes = list(game.nodes())
    comments = [c for n in [game.root, *nodes] for c in n.comments if not c.startswith("CBR moves not read:")]
    return len(nodes), len(comments), sum(map(len, comments))


@pytest.fixture(scope="module")
def corpus_files(shared_corpus: Path) -> list[Path]:
    found = files(shared_corpus)
    assert len(found) >= 10
    return found


def test_no_error_but_the_pinned_faults(corpus_files: list[Path]) -> None:
    errors = set()
    for path in corpus_files:
        record = formats.read(path)
        errors |= {(path.name, d.code, d.offset) for d in record.diagnostics if d.severity is Severity.ERROR}
    assert errors == set(PINNED)


def test_games_equal_an_independent_reading(corpus_files: list[Path]) -> None:
    games = 0
    for path in corpus_files:
        data = path.read_bytes()
        record = formats.read(path)
        if not data.startswith((b"CCBridge Record", b"CCBridgeLibrary")):
            assert [d.code for d in record.diagnostics] == ["B115"]  # the compressed library
            continue
        offsets = records(data)
        assert len(record.games) == len(offsets), path.name
        for at, game in zip(offsets, record.games):
            want = independent(data, at)
            assert game.start.fen().split()[0] == want.board
            faulty = any(d.severity is Severity.ERROR for d in game.diagnostics)
            mainline = [n.move.iccs() for n in game.mainline()]
            if faulty:  # compared up to the pinned illegal move
                assert want.mainline[: len(mainline)] == mainline
                continue
            assert counted(game) == (want.moves, want.comments, want.characters), (path.name, hex(at))
            assert mainline == want.mainline
            games += 1
    assert games > 1200


def test_comments_are_never_cut(corpus_files: list[Path]) -> None:
    """The longest comments are read to their full length (a peer cuts at a zero byte pair)."""
    longest = 0
    for path in corpus_files:
        for game in formats.read(path).games:
            for node in [game.root, *game.nodes()]:
                for c in node.comments:
                    longest = max(longest, len(c))
                    assert "\x00" not in c
    assert longest > 1000


def _uci(node: Node) -> list[str]:
    """The moves from the root to ``node`` in Fairy-Stockfish's UCI (ranks 1–10)."""
    out = []
    for move in node.moves_from_root():
        frm, to = move.iccs().lower().split("-")
        out.append(f"{frm[0]}{int(frm[1]) + 1}{to[0]}{int(to[1]) + 1}")
    return out


def test_every_move_is_legal_for_fairy_stockfish(corpus_files: list[Path]) -> None:
    """Each line from the root to a leaf is replayed by Fairy-Stockfish (which raises on an illegal move)."""
    pyffish = pytest.importorskip("pyffish")
    checked = 0
    for path in corpus_files:
        for game in formats.read(path).games:
            fen = game.start.fen()
            for leaf in (n for n in game.nodes() if not n.children):
                line = _uci(leaf)
                assert len(pyffish.get_san_moves("xiangqi", fen, line)) == len(line), (path.name, line)
                checked += 1
    assert checked > 1900  # 1,951 lines in the files of 2026-11
