"""Microseconds per move to decode a move text and check its legality, per notation.

Run by hand: ``python benchmarks/bench_notation.py`` (from the repository root,
or with xqformats installed).  Games: 200 seeded random playouts from the start
(80 plies each), written in each notation's canonical form; plus, when
``../shared/corpus`` is present, the 15 xqdb games in the three spellings real
files use (Chinese with fullwidth digits, fullwidth WXF with ``＝``, UCCI ``h2e2``).

Each figure is the time of replaying the games with ``decode`` (warm memo: the
spellings were seen once before) minus the time of replaying them with
``push`` alone, divided by the number of moves; the engine's own
``Position.is_legal`` is shown for scale.  Also shown: the one-off cost of a
spelling's first sight (a Lark parse).
"""

from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xqformats.core import Move  # noqa: E402
from xqformats.notation import Notation, decode, encode  # noqa: E402
from xqformats.notation import shape as shape_module  # noqa: E402
from xqformats.position import Position  # noqa: E402

REPEAT = 5


def random_games(n: int, plies: int, seed: int = 1) -> list[list[Move]]:
    rng = random.Random(seed)
    games = []
    for _ in range(n):
        pos = Position()
        moves = []
        for _ in range(plies):
            legal = pos.legal_moves()
            if not legal:
                break
            m = rng.choice(legal)
            moves.append(m)
            pos.push(m)
        games.append(moves)
    return games


def texts_of(games: list[list[Move]], notation: Notation) -> list[list[str]]:
    out = []
    for moves in games:
        pos = Position()
        texts = []
        for m in moves:
            texts.append(encode(m, pos, notation))
            pos.push(m)
        out.append(texts)
    return out


def corpus_games() -> dict[str, tuple[Notation, list[list[str]]]]:
    base = Path(__file__).resolve().parents[2] / "shared/corpus/maksimKorzh__wukong-xiangqi/xqdb/games_pgn"
    if not base.is_dir():
        return {}
    out = {}
    for name, notation in (
        ("xqdb_traditional.pgn", Notation.CHINESE),
        ("xqdb_international.pgn", Notation.WXF),
        ("bulk_games_uci.pgn", Notation.ICCS),
    ):
        games = []
        for chunk in re.split(r"\n(?=\[Event )", (base / name).read_text(encoding="utf-8")):
            chunk = re.sub(r"^\s*\[.*\]\s*$", " ", chunk, flags=re.M)
            games.append([t for t in chunk.split() if not re.fullmatch(r"\d+\.+", t)])
        out[f"xqdb {name}"] = (notation, games)
    return out


def time_decode(games: list[list[str]], notation: Notation) -> tuple[float, int]:
    n = 0
    start = time.perf_counter()
    for _ in range(REPEAT):
        for texts in games:
            pos = Position()
            for t in texts:
                move, _ = decode(t, pos, notation)
                pos.push(move)  # type: ignore[arg-type]
                n += 1
    return time.perf_counter() - start, n


def time_push(games: list[list[Move]]) -> float:
    start = time.perf_counter()
    for _ in range(REPEAT):
        for moves in games:
            pos = Position()
            for m in moves:
                pos.push(m)
    return time.perf_counter() - start


def time_is_legal(games: list[list[Move]]) -> float:
    start = time.perf_counter()
    for _ in range(REPEAT):
        for moves in games:
            pos = Position()
            for m in moves:
                pos.is_legal(m)
                pos.push(m)
    return time.perf_counter() - start


def moves_of(games: list[list[str]], notation: Notation) -> list[list[Move]]:
    out = []
    for texts in games:
        pos = Position()
        moves = []
        for t in texts:
            m, _ = decode(t, pos, notation)
            assert m is not None, t
            moves.append(m)
            pos.push(m)
        out.append(moves)
    return out


def main() -> None:
    games = random_games(200, 80)
    suites: dict[str, tuple[Notation, list[list[str]]]] = {
        f"random {n.value} (canonical)": (n, texts_of(games, n)) for n in Notation
    }
    suites.update(corpus_games())

    print(f"{'games':44} {'moves':>7} {'decode+legal':>13} {'is_legal':>9} {'ratio':>6}")
    for label, (notation, texts) in suites.items():
        moves = moves_of(texts, notation)  # also warms the memo
        total, n = time_decode(texts, notation)
        push = time_push(moves)
        legal = time_is_legal(moves) - push
        per = (total - push) / n * 1e6
        per_legal = legal / n * 1e6
        print(f"{label:44} {n // REPEAT:>7} {per:>10.2f} us {per_legal:>6.2f} us {per / per_legal:>5.1f}x")

    # First sight of a spelling: one Lark parse (then memoized).
    spellings = sorted({t for _, texts in suites.values() for g in texts for t in g})
    shape_module._MEMO.clear()
    start = time.perf_counter()
    for t in spellings:
        shape_module.shape_of(t)
    cold = (time.perf_counter() - start) / len(spellings) * 1e6
    print(f"\nfirst sight of a spelling (Lark LALR parse, memoized after): {cold:.1f} us "
          f"({len(spellings)} distinct spellings)")
    print(f"{sys.version.split()[0]} on {sys.platform}")


if __name__ == "__main__":
    main()
