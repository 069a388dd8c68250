"""Perft speed of the xqformats rules engine, side by side with its peers.

Run by hand from the repository root::

    python benchmarks/bench_perft.py            # about 20 s
    python benchmarks/bench_perft.py --full     # pyffish also walks perft 4 (+2 min)

What is timed (each count is checked against the expected one):

* ours: ``Position.perft`` -- perft 4 from the start (3,290,240 nodes) and
  perft 3 on the middlegames of ``tests/data/perft/xiangqi.perft``;
* pyffish (Fairy-Stockfish, C++), if installed: the same counts, walking its
  tree from Python with ``legal_moves``/``get_fen`` since it has no perft of its
  own.  Each call costs about 1.4 ms of set-up, so this measures the binding's
  per-call cost more than Fairy-Stockfish's move generator;
* python-chess (pure Python, chess): perft 4 from the chess start
  (197,281 nodes), the fairer peer for a pure-Python engine.

Every engine counts the last ply with the length of its legal-move list (no
make/unmake at the leaves), so nodes/s are comparable in kind.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from xqformats.position import STARTING_FEN, Position  # noqa: E402

PERFT_FILE = ROOT / "tests" / "data" / "perft" / "xiangqi.perft"
MIDDLEGAMES = ("opening-screen-horses", "cannons-in-camp", "king-off-centre")


def read_epds(path: Path) -> dict[str, tuple[str, dict[int, int]]]:
    """id -> (FEN, {depth: nodes}) from a python-chess-style perft file."""
    out: dict[str, tuple[str, dict[int, int]]] = {}
    ident = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        key, _, value = line.strip().partition(" ")
        if key == "id":
            ident = value
        elif key == "epd":
            out[ident] = (value, {})
        elif key == "perft":
            depth, nodes = value.split()
            out[ident][1][int(depth)] = int(nodes)
    return out


def timed(fn: Callable[[], int], repeat: int) -> tuple[int, float]:
    """(result, best wall time of ``repeat`` runs)."""
    best = float("inf")
    result = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return result, best


def ours(fen: str, depth: int) -> Callable[[], int]:
    return lambda: Position(fen).perft(depth)


def sf_perft_fn(fen: str, depth: int) -> Callable[[], int]:
    import pyffish

    def perft(f: str, d: int) -> int:
        moves = pyffish.legal_moves("xiangqi", f, [])
        if d == 1:
            return len(moves)
        if d == 2:  # one call per child: legal_moves after a one-move list
            return sum(len(pyffish.legal_moves("xiangqi", f, [m])) for m in moves)
        return sum(perft(pyffish.get_fen("xiangqi", f, [m]), d - 1) for m in moves)

    return lambda: perft(fen, depth)


def chess_perft_fn(depth: int) -> Callable[[], int]:
    import chess

    def perft(board: chess.Board, d: int) -> int:
        if d == 1:
            return board.legal_moves.count()
        n = 0
        for m in board.legal_moves:
            board.push(m)
            n += perft(board, d - 1)
            board.pop()
        return n

    return lambda: perft(chess.Board(), depth)


def row(label: str, nodes: int, seconds: float, base: float | None) -> None:
    rate = nodes / seconds
    ratio = f"{rate / base:8.3f}x" if base else "    1.000x"
    print(f"{label:<44} {nodes:>10,} {seconds:>9.3f} s {rate:>12,.0f} {ratio}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--full", action="store_true", help="also time pyffish on perft 4 from the start (~2 min)")
    args = ap.parse_args(argv)

    epds = read_epds(PERFT_FILE)
    cases: list[tuple[str, str, int, int]] = [
        ("start", STARTING_FEN, 4, 3_290_240),
        ("start", STARTING_FEN, 3, 79_666),
    ]
    for ident in MIDDLEGAMES:
        fen, counts = epds[ident]
        cases.append((ident, fen, 3, counts[3]))

    print(f"{'':<44} {'nodes':>10} {'time':>11} {'nodes/s':>12} {'vs ours':>9}")
    rates: dict[tuple[str, int], float] = {}
    total_nodes = 0
    total_time = 0.0
    for ident, fen, depth, expected in cases:
        n, t = timed(ours(fen, depth), repeat=1 if depth >= 4 else 3)
        assert n == expected, (ident, depth, n, expected)
        rates[ident, depth] = n / t
        total_nodes += n
        total_time += t
        row(f"ours      perft {depth} {ident}", n, t, None)
    ours_rate = total_nodes / total_time
    row("ours      all of the above", total_nodes, total_time, None)

    try:
        import pyffish  # noqa: F401
    except ImportError:
        print("pyffish   not installed: skipped")
    else:
        for ident, fen, depth, expected in cases:
            if depth >= 4 and not args.full:
                continue  # about two minutes through the binding: see --full
            n, t = timed(sf_perft_fn(fen, depth), repeat=1)
            assert n == expected, (ident, depth, n, expected)
            row(f"pyffish   perft {depth} {ident}", n, t, rates[ident, depth])

    try:
        import chess
    except ImportError:
        print("python-chess not installed: skipped")
    else:
        n, t = timed(chess_perft_fn(4), repeat=3)
        assert n == 197_281, n
        row(f"python-chess {chess.__version__} perft 4 chess start", n, t, ours_rate)
    print("ratio: the row's nodes/s over ours on the same position (python-chess: over our overall rate)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
