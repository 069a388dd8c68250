"""Writing throughput: every writer and every loss report, one long game and many games.

Run by hand::

    python benchmarks/bench_write.py [--games 400] [--long 20000] [--seed 1] [--only NAME ...]

Figures printed, best of five runs each, in plies written per second:

* ``write_pgn`` in Chinese, WXF and ICCS notation, ``write_cbf``,
  ``write_xqf``, ``write_dhtmlxq``, ``write_wxfgame`` and the JSON form's
  ``dump_game`` on ``--games`` random games (60 to 140 main-line plies, with
  comments, NAGs and one-move variations, as real annotated files have);
* the loss report of each writable format (``formats.losses``, what
  ``convert`` asks for every game it writes) on the same games;
* the same on one game of ``--long`` plies (a main line that shuffles the
  horses back and forth, so it never ends): what a deep walk costs;
* python-chess's ``str(game)`` (its PGN exporter, also a visitor over its
  tree) on random chess games with the same number of plies, for the ratio.

``--only`` measures only the figures whose names start with one of the
given words (``write_xqf``, ``losses``, ...), and skips python-chess.

Every writer and every loss report is a visitor over the one tree walk
(:mod:`xqformats.visitor`), so these figures are mostly that walk plus the
notation encoder.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xqformats import formats  # noqa: E402
from xqformats.cbf import write_cbf  # noqa: E402
from xqformats.core import Move, square  # noqa: E402
from xqformats.dhtmlxq import write_dhtmlxq  # noqa: E402
from xqformats.jsonform.codec import dump_game  # noqa: E402
from xqformats.model import Game  # noqa: E402
from xqformats.pgn import write_pgn  # noqa: E402
from xqformats.position import Position  # noqa: E402
from xqformats.wxfgame import write_wxfgame  # noqa: E402
from xqformats.xqf import write_xqf  # noqa: E402


def random_game(rng: random.Random, plies: int) -> Game:
    """A random playout with a few comments, NAGs and one-move variations."""
    game = Game({"Game": "Chinese Chess", "Event": "Bench", "Red": "A", "Black": "B", "Result": "*"})
    pos = Position.initial()
    node = game.root
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        mv = rng.choice(moves)
        child = node.add_variation(mv)
        if node is not game.root and rng.random() < 0.05 and len(moves) > 1:
            node.add_variation(rng.choice([m for m in moves if m != mv]), comments=["变着"])
        if rng.random() < 0.05:
            child.comments.append("评注")
        if rng.random() < 0.03:
            child.nags.append(rng.choice([1, 2, 3, 4, 5, 6]))
        pos.push(mv)
        node = child
    return game


def long_game(plies: int) -> Game:
    """A main line of ``plies`` moves: both sides' horses out and back again."""
    # h0-g2, h9-g7, g2-h0, g7-h9 (files a..i are 0..8).
    cycle = [Move(square(7, 0), square(6, 2)), Move(square(7, 9), square(6, 7))]
    cycle += [Move(m.to_square, m.from_square) for m in cycle]
    game = Game()
    game.root.add_line(cycle[i % 4] for i in range(plies))
    return game


def chess_games(plies: int, seed: int) -> list:
    """Random python-chess games with at least ``plies`` plies in all."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    games, total = [], 0
    while total < plies:
        board, game = chess.Board(), chess.pgn.Game()
        node = game
        for _ in range(rng.randint(60, 140)):
            moves = list(board.legal_moves)
            if not moves:
                break
            mv = rng.choice(moves)
            node = node.add_variation(mv)
            board.push(mv)
            total += 1
        games.append(game)
    return games


def best_rate(write: Callable[[], object], plies: int, runs: int = 5) -> float:
    """Plies per second of the fastest of ``runs`` calls of ``write``."""
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        write()
        best = min(best, time.perf_counter() - t)
    return plies / best


def writers(games: list[Game]) -> dict[str, Callable[[], object]]:
    return {
        "write_pgn chinese": lambda: [write_pgn(g) for g in games],
        "write_pgn wxf": lambda: [write_pgn(g, "wxf") for g in games],
        "write_pgn iccs": lambda: [write_pgn(g, "iccs") for g in games],
        "write_cbf": lambda: [write_cbf(g) for g in games],
        "write_xqf": lambda: [write_xqf(g) for g in games],
        "write_dhtmlxq": lambda: [write_dhtmlxq(g) for g in games],
        "write_wxfgame": lambda: [write_wxfgame(g) for g in games],
        "dump_game (json)": lambda: [dump_game(g) for g in games],
        **{f"losses {f}": _losses(games, f) for f in ("pgn", "cbf", "xqf", "dhtmlxq", "wxfgame", "json")},
    }


def _losses(games: list[Game], name: str) -> Callable[[], object]:
    return lambda: [formats.losses(g, name) for g in games]


def chosen(table: dict[str, Callable[[], object]], only: list[str]) -> dict[str, Callable[[], object]]:
    """The entries of ``table`` whose names start with one of ``only`` (all when it is empty)."""
    return {k: v for k, v in table.items() if not only or any(k.startswith(o) for o in only)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--long", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", nargs="*", default=[], help="measure only the figures whose names start so")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    many = [random_game(rng, rng.randint(60, 140)) for _ in range(args.games)]
    plies = sum(1 for g in many for _ in g.nodes())
    long = [long_game(args.long)]
    for write in chosen(writers(many[:5]), args.only).values():  # warm up the notation memo
        write()

    print(f"{args.games} games, {plies} plies (variations included):")
    rates = {}
    for name, write in chosen(writers(many), args.only).items():
        rates[name] = best_rate(write, plies)
        print(f"  {name:<18} {rates[name]:>10,.0f} plies/s")
    print(f"one game of {args.long} plies:")
    for name, write in chosen(writers(long), args.only).items():
        print(f"  {name:<18} {best_rate(write, args.long):>10,.0f} plies/s")
    if args.only:
        return

    chess = chess_games(plies, args.seed)
    chess_rate = best_rate(lambda: [str(g) for g in chess], sum(1 for g in chess for _ in g.mainline()))
    print(f"python-chess str(game): {chess_rate:,.0f} plies/s")
    print(f"ratio write_pgn chinese / python-chess: {rates['write_pgn chinese'] / chess_rate:.2f}")


if __name__ == "__main__":
    main()
