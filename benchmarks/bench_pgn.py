"""PGN reading throughput and memory, side by side with python-chess (and cchess).

Run by hand::

    python benchmarks/bench_pgn.py [--games 400] [--seed 1]

Figures printed, in one run on the same machine:

* xqformats ``read_pgn`` (full validation: every move resolved and checked for
  legality, diagnostics positioned) on a generated xiangqi PGN file, in plies
  per second;
* python-chess ``chess.pgn.read_game`` on a generated chess PGN with the same
  number of plies (python-chess also checks every SAN move's legality);
* the third-party ``cchess`` package (``pip install cchess``) on the same games:
  its ``read_from_pgn`` takes one game per file and no comments or variations,
  so both readers get each game's main line in a file of its own;
* the ratio xqformats / python-chess per ply (goal: at least 1.0);
* xqformats with its fast path switched off (``read_pgn(path, fast=False)``:
  every game through the Lark parse), for comparison;
* ``read_headers`` (each game's headers, the movetext not read) against a
  full read, in games per second;
* the same games each followed by XQWizard's four-line footer after the
  result (text that is no comment, P204; half of a real collection of 7,883
  files ends so): it must read at the rate of the plain file;
* peak memory (tracemalloc) of ``read_pgn`` on the file and on one ten times
  larger: streaming keeps it the same.

Times are CPU time of this process (``time.process_time``), best of three
runs interleaved: on a shared machine, wall time measures the neighbours.

The xiangqi games are random playouts (seeded) written by ``write_pgn`` with
comments, NAGs and variations mixed in, in Chinese notation as real files are.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xqformats.model import Game  # noqa: E402
from xqformats.pgn import read_headers, read_pgn, write_pgn  # noqa: E402
from xqformats.position import Position  # noqa: E402


def random_game(rng: random.Random, plies: int) -> Game:
    """A random playout with a few comments, NAGs and one-move variations."""
    game = Game({"Game": "Chinese Chess", "Event": "Bench", "Red": "A", "Black": "B", "Result": "*"})
    pos = Position()
    node = game.root
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        mv = rng.choice(moves)
        if node is not game.root and rng.random() < 0.05 and len(moves) > 1:
            alt = rng.choice([m for m in moves if m != mv])
            node.add_variation(alt, comments=["变着"])
        node = node.add_variation(mv)
        if rng.random() < 0.05:
            node.comments.append("评注")
        if rng.random() < 0.03:
            node.nags.append(rng.choice([1, 2, 3, 4, 5, 6]))
        pos.push(mv)
    # Variations are added before the main move: put the main move first.
    for n in game.nodes():
        if len(n.children) > 1:
            n.children.insert(0, n.children.pop())
    return game


def xiangqi_file(path: Path, games: int, seed: int) -> int:
    """Write ``games`` random games to ``path``; return the number of main-line plies."""
    rng = random.Random(seed)
    total = 0
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(games):
            g = random_game(rng, rng.randint(60, 140))
            total += g.ply_count()
            f.write(write_pgn(g))
            f.write("\n")
    return total


#: What XQWizard writes after the result of every game it exports.
XQWIZARD_FOOTER = (
    "=====================================\n"
    "欢迎访问《象棋百科全书网》\n"
    "推荐用《象棋演播室》软件欣赏棋谱\n"
    "=====================================\n"
)


def with_footers(path: Path, out: Path) -> None:
    """``path``'s games, each followed by :data:`XQWIZARD_FOOTER` (after its result line)."""
    text = path.read_text(encoding="utf-8")
    games = text.split("\n\n[Game ")
    out.write_text(("\n" + XQWIZARD_FOOTER + "\n[Game ").join(games) + XQWIZARD_FOOTER, encoding="utf-8")


def chess_file(path: Path, plies: int, seed: int) -> int:
    """Random chess games with at least ``plies`` plies in all, exported by python-chess."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    total = 0
    with open(path, "w", encoding="utf-8") as f:
        while total < plies:
            board = chess.Board()
            game = chess.pgn.Game()
            node = game
            for _ in range(rng.randint(60, 140)):
                moves = list(board.legal_moves)
                if not moves or board.is_game_over():
                    break
                mv = rng.choice(moves)
                node = node.add_variation(mv)
                board.push(mv)
                total += 1
            print(game, file=f, end="\n\n")
    return total


def time_xqformats(path: Path, fast: bool = True) -> tuple[float, int, int]:
    t = time.process_time()
    plies = games = 0
    for g in read_pgn(path, fast=fast):
        games += 1
        plies += sum(1 for _ in g.nodes())
    return time.process_time() - t, plies, games


def time_headers(path: Path) -> float:
    t = time.process_time()
    n = sum(1 for _ in read_headers(path))
    assert n > 0
    return time.process_time() - t


def time_python_chess(path: Path) -> tuple[float, int]:
    import chess.pgn

    t = time.process_time()
    plies = 0
    with open(path, encoding="utf-8") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                break
            plies += sum(1 for _ in g.mainline())
    return time.process_time() - t, plies


def plain_copies(games_path: Path, folder: Path) -> list[Path]:
    """Each game's main line alone, one game per file (what cchess's reader takes)."""
    from xqformats.model import Game as _Game

    files = []
    for i, g in enumerate(read_pgn(games_path)):
        plain = _Game(g.headers.copy(), g.start, g.result)
        plain.root.add_line(g.mainline_moves())
        p = folder / f"plain{i}.pgn"
        p.write_text(write_pgn(plain), encoding="utf-8")
        files.append(p)
    return files


def time_cchess(files: list[Path]) -> tuple[str, float]:
    """cchess ``read_from_pgn`` over ``files``: (description, plies per second)."""
    try:
        import cchess  # type: ignore[import-not-found]
    except ImportError:
        return "not installed (pip install cchess)", 0.0
    t = time.process_time()
    plies = failed = 0
    for p in files:
        try:
            g = cchess.read_from_pgn(str(p))
            plies += sum(len(line["moves"]) for line in g.dump_moves())
        except Exception:
            failed += 1
    dt = time.process_time() - t
    if plies == 0:
        return f"read no plies ({failed} of {len(files)} files failed)", 0.0
    return f"({plies} plies, {failed} of {len(files)} files failed)", plies / dt


def time_xqformats_files(files: list[Path]) -> float:
    t = time.process_time()
    plies = 0
    for p in files:
        for g in read_pgn(p):
            plies += g.ply_count()
    return plies / (time.process_time() - t)


def peak_memory(path: Path) -> int:
    tracemalloc.start()
    for _ in read_pgn(path):
        pass
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench_pgn_"))
    xq = tmp / "xiangqi.pgn"
    plies = xiangqi_file(xq, args.games, args.seed)
    ch = tmp / "chess.pgn"
    chess_file(ch, plies, args.seed)
    # Warm up (grammar build, notation memo) on a small slice, as a long run would.
    small = tmp / "warm.pgn"
    xiangqi_file(small, 5, args.seed + 1)
    for _ in read_pgn(small):
        pass

    # Best of three, interleaved, so that a busy machine hurts both sides alike.
    rates_x, rates_c = [], []
    for _ in range(3):
        dt_x, plies_x, games_x = time_xqformats(xq)
        dt_c, plies_c = time_python_chess(ch)
        rates_x.append(plies_x / dt_x)
        rates_c.append(plies_c / dt_c)
    rate_x, rate_c = max(rates_x), max(rates_c)
    print(f"xiangqi file: {games_x} games, {plies_x} plies (incl. variations), {xq.stat().st_size / 1e6:.1f} MB")
    print(f"xqformats read_pgn    : {rate_x:10,.0f} plies/s  ({1e6 / rate_x:5.1f} us/ply)")
    print(f"python-chess read_game: {rate_c:10,.0f} plies/s  ({1e6 / rate_c:5.1f} us/ply, {plies_c} plies)")
    print(f"ratio xqformats/python-chess per ply: {rate_x / rate_c:.2f}")
    footed = tmp / "footers.pgn"
    with_footers(xq, footed)
    rates_f = []
    for _ in range(3):
        dt_f, plies_f, games_f = time_xqformats(footed)
        rates_f.append(plies_f / dt_f)
    print(f"with XQWizard's footer after each result ({games_f} games): {max(rates_f):10,.0f} plies/s "
          f"({max(rates_f) / rate_x:.2f} of the plain file's rate)")
    dt_l, plies_l, _ = time_xqformats(xq, fast=False)
    print(f"xqformats, fast path off (Lark parse only, one run): {plies_l / dt_l:10,.0f} plies/s")
    dt_h = min(time_headers(xq) for _ in range(3))
    dt_g = min(dt_x for dt_x, _, _ in (time_xqformats(xq) for _ in range(2)))
    print(f"read_headers: {games_x / dt_h:10,.0f} games/s; full read_pgn {games_x / dt_g:10,.0f} games/s "
          f"(headers {dt_g / dt_h:.1f}x faster)")
    plain = plain_copies(xq, tmp)
    what, rate_cc = time_cchess(plain)
    rate_xp = max(time_xqformats_files(plain) for _ in range(3))
    print(f"main lines only, one game per file ({len(plain)} files):")
    print(f"  xqformats read_pgn  : {rate_xp:10,.0f} plies/s")
    if rate_cc:
        print(f"  cchess read_from_pgn: {rate_cc:10,.0f} plies/s {what}; ratio xqformats/cchess {rate_xp / rate_cc:.2f}")
    else:
        print(f"  cchess read_from_pgn: {what}")

    big = tmp / "xiangqi10.pgn"
    with open(big, "w", encoding="utf-8") as out:
        data = xq.read_text(encoding="utf-8")
        for _ in range(10):
            out.write(data)
    m1 = peak_memory(xq)
    m10 = peak_memory(big)
    print(f"peak memory read_pgn : {m1 / 1e6:.2f} MB on {xq.stat().st_size / 1e6:.1f} MB, "
          f"{m10 / 1e6:.2f} MB on {big.stat().st_size / 1e6:.1f} MB (ratio {m10 / m1:.2f})")
    for p in [xq, ch, small, big, footed, *plain]:
        os.remove(p)


if __name__ == "__main__":
    main()
