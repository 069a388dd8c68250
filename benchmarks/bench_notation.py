"""Microseconds per move to decode a move text and check its legality, per notation.

Run by hand: ``python benchmarks/bench_notation.py`` (from the repository root,
or with xqformats installed).  Games: 200 seeded random playouts from the start
(80 plies each), written in each notation's canonical form; plus, when
``../shared/corpus`` is present, the 15 xqdb games in the three spellings real
files use (Chinese with fullwidth digits, fullwidth WXF with ``＝``, UCCI ``h2e2``).

Each figure is the time of replaying the games with ``decode`` (warm memo: the
spellings were seen once before) minus the time of replaying them with
``push`` alone, divided by the number of moves; best of ``ROUNDS`` rounds, the
variants interleaved so that a busy machine hurts them alike.  Columns:

* ``decode``: what readers call (a compiled plan per spelling, notation/plan.py,
  falling back to full resolution for anything unusual);
* ``full``: full resolution alone (``decode(..., fast=False)``, every step that
  explains a failure; this was ``decode`` before the plans);
* ``is_legal``: the engine's own ``Position.is_legal`` on the same moves, for scale;
* ``fast``: the share of moves the plans decide.

Also shown: the one-off cost of a spelling's first sight (a Lark parse).
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
from xqformats.notation.plan import plan_for_text  # noqa: E402
from xqformats.notation.spelling import SHAPES, shape_of  # noqa: E402
from xqformats.position import Position  # noqa: E402

ROUNDS = 7


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


def replay_texts(games: list[list[str]], notation: Notation, fn) -> float:  # type: ignore[no-untyped-def]
    """Seconds to replay ``games`` decoding each text with ``fn`` then pushing."""
    start = time.perf_counter()
    for texts in games:
        pos = Position()
        for t in texts:
            move, _ = fn(t, pos, notation)
            pos.push(move)
    return time.perf_counter() - start


def replay_moves(games: list[list[Move]], check: bool) -> float:
    """Seconds to replay ``games`` by push alone, or with ``is_legal`` before each push."""
    start = time.perf_counter()
    for moves in games:
        pos = Position()
        is_legal = pos.is_legal
        for m in moves:
            if check:
                is_legal(m)
            pos.push(m)
    return time.perf_counter() - start


def fast_share(games: list[list[str]], notation: Notation) -> float:
    """Fraction of the moves a plan decides (no fall-back to full resolution)."""
    fast = n = 0
    for texts in games:
        pos = Position()
        for t in texts:
            plan = plan_for_text(t)
            run = plan[1] if pos.turn else plan[2]
            move = run(pos) if run is not None and plan[0] is notation else None
            fast += move is not None
            n += 1
            pos.push(decode(t, pos, notation)[0])  # type: ignore[arg-type]
    return fast / n


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

    print(f"{'games':40} {'moves':>6} {'decode':>9} {'full':>9} {'is_legal':>9} "
          f"{'full/decode':>11} {'decode/is_legal':>15} {'fast':>5}")
    for label, (notation, texts) in suites.items():
        moves = moves_of(texts, notation)  # also warms the memos
        n = sum(map(len, moves))
        best = {"push": float("inf"), "decode": float("inf"), "full": float("inf"), "legal": float("inf")}
        for _ in range(ROUNDS):
            best["push"] = min(best["push"], replay_moves(moves, False))
            best["decode"] = min(best["decode"], replay_texts(texts, notation, decode))
            best["full"] = min(best["full"], replay_texts(texts, notation, lambda t, p, nt: decode(t, p, nt, fast=False)))
            best["legal"] = min(best["legal"], replay_moves(moves, True))
        us = {k: (v - best["push"]) / n * 1e6 for k, v in best.items() if k != "push"}
        print(f"{label:40} {n:>6} {us['decode']:>6.2f} us {us['full']:>6.2f} us {us['legal']:>6.2f} us "
              f"{us['full'] / us['decode']:>10.1f}x {us['decode'] / us['legal']:>14.1f}x "
              f"{fast_share(texts, notation):>5.0%}")

    # First sight of a spelling: one Lark parse (then memoized).
    spellings = sorted({t for _, texts in suites.values() for g in texts for t in g})
    with SHAPES.isolated():
        start = time.perf_counter()
        for t in spellings:
            shape_of(t)
        cold = (time.perf_counter() - start) / len(spellings) * 1e6
    print(f"\nfirst sight of a spelling (Lark LALR parse, memoized after): {cold:.1f} us "
          f"({len(spellings)} distinct spellings)")
    print(f"{sys.version.split()[0]} on {sys.platform}")


if __name__ == "__main__":
    main()
