"""``xqformats lint`` end to end against python-chess, start-up and import time.

Run by hand::

    python benchmarks/bench_cli.py [--games 2000] [--rounds 5] [--seed 1]

Whole processes as a user runs them, start-up included, alternating so that
a busy machine hurts both sides alike:

* ``python -m xqformats lint --isolated --no-progress FILE`` on a generated
  xiangqi PGN file of ``--games`` games (``bench_pgn.xiangqi_file``: random
  playouts in Chinese notation with comments, NAGs and variations; full
  validation, every default rule);
* a python-chess script reading a chess PGN file of the same number of
  main-line plies game by game (``chess.pgn.read_game`` in a loop, which also
  checks every SAN move's legality);
* ``xqformats lint`` of one small file (start-up; goal well under 0.3 s).

Printed per round and as the best of the rounds: wall time, CPU time of the
child (user + system, from ``os.wait4``), its peak memory, microseconds per
main-line ply, and the ratio python-chess / xqformats (how many times faster
xqformats is; goal at least 2).  The ratio is taken per round (both sides ran
a moment apart) and its range over the rounds is shown.  Last, the largest
entries of ``python -X importtime -m xqformats lint SMALL``, by cumulative
time, and the modules imported.

The processes use this checkout (``PYTHONPATH``), the default grammar cache
(``$XDG_CACHE_HOME/xqformats``) and compiled byte code (in a temporary
``PYTHONPYCACHEPREFIX``, even when ``PYTHONDONTWRITEBYTECODE`` is set: an
installed package has its ``.pyc`` files): one untimed run fills both
first, as a user's first run does.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_pgn import chess_file, xiangqi_file  # noqa: E402

#: The python-chess side: read every game of argv[1], count main-line plies.
CHESS_SCRIPT = """
import sys
import chess.pgn
plies = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while True:
        g = chess.pgn.read_game(f)
        if g is None:
            break
        plies += sum(1 for _ in g.mainline())
print(plies)
"""


class Run(NamedTuple):
    """One whole process: wall and CPU seconds, peak resident memory in MB, exit status."""

    wall: float
    cpu: float
    rss_mb: float
    status: int


def child_env(cwd: Path, root: Path = ROOT) -> dict[str, str]:
    """The checkout ``root`` first on the path; byte code kept (in ``cwd``), as an installed package has it."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONPYCACHEPREFIX=str(cwd / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_process(argv: Sequence[str], cwd: Path, root: Path = ROOT) -> Run:
    """Run ``argv`` in ``cwd`` with xqformats from ``root`` (output discarded); measure it with ``os.wait4``."""
    env = child_env(cwd, root)
    t = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode)


def lint_argv(path: Path) -> list[str]:
    return [sys.executable, "-m", "xqformats", "lint", "--isolated", "--no-progress", str(path)]


def chess_argv(path: Path) -> list[str]:
    return [sys.executable, "-c", CHESS_SCRIPT, str(path)]


def show(label: str, runs: list[Run], plies: int) -> None:
    best_wall = min(r.wall for r in runs)
    best_cpu = min(r.cpu for r in runs)
    print(
        f"  {label:<22} wall {best_wall:6.3f} s ({1e6 * best_wall / plies:5.2f} us/ply)  "
        f"cpu {best_cpu:6.3f} s ({1e6 * best_cpu / plies:5.2f} us/ply)  "
        f"peak {max(r.rss_mb for r in runs):6.1f} MB"
    )


def import_times(small: Path, cwd: Path, top: int) -> None:
    """The ``top`` largest cumulative import times of ``xqformats lint SMALL``."""
    env = child_env(cwd)
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", *lint_argv(small)[1:]],
        cwd=cwd, env=env, capture_output=True, text=True,
    )
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        self_us, cumulative_us, name = line[len("import time:"):].split("|", 2)
        rows.append((int(cumulative_us), int(self_us), name))
    total = sum(s for _, s, _ in rows)
    print(f"import time (-X importtime, one run): {len(rows)} modules, {total / 1e3:.0f} ms in all (self times)")
    for cumulative, self_us, name in sorted(rows, reverse=True)[:top]:
        print(f"  {cumulative / 1e3:7.1f} ms cumulative {self_us / 1e3:6.1f} ms self  {name.rstrip()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=15, help="import-time entries shown")
    ap.add_argument("--compare", type=Path, metavar="CHECKOUT",
                    help="also lint with the xqformats of another checkout in every round (before/after)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench_cli_"))
    try:
        xq = tmp / f"x{args.games}.pgn"
        plies = xiangqi_file(xq, args.games, args.seed)
        ch = tmp / "chess.pgn"
        chess_plies = chess_file(ch, plies, args.seed)
        small = tmp / "small.pgn"
        xiangqi_file(small, 1, args.seed + 1)
        print(f"xiangqi: {xq.name}, {args.games} games, {plies} main-line plies, {xq.stat().st_size / 1e6:.1f} MB; "
              f"chess: {chess_plies} plies, {ch.stat().st_size / 1e6:.1f} MB")
        run_process(lint_argv(small), tmp)  # fills the grammar and byte-code caches, as a first run does
        if args.compare:
            run_process(lint_argv(small), tmp, args.compare.resolve())
        other_runs: list[Run] = []
        lint_runs: list[Run] = []
        chess_runs: list[Run] = []
        small_runs: list[Run] = []
        for i in range(args.rounds):
            lint_runs.append(run_process(lint_argv(xq), tmp))
            chess_runs.append(run_process(chess_argv(ch), tmp))
            small_runs.append(run_process(lint_argv(small), tmp))
            if args.compare:
                other_runs.append(run_process(lint_argv(xq), tmp, args.compare.resolve()))
                print(f"round {i + 1}: lint with {args.compare}: {other_runs[-1].wall:.3f} s (cpu {other_runs[-1].cpu:.3f}), "
                      f"this checkout / that one: wall {lint_runs[-1].wall / other_runs[-1].wall:.2f} "
                      f"cpu {lint_runs[-1].cpu / other_runs[-1].cpu:.2f}")
            lr, cr, sr = lint_runs[-1], chess_runs[-1], small_runs[-1]
            print(f"round {i + 1}: lint {lr.wall:.3f} s (cpu {lr.cpu:.3f}, exit {lr.status}), "
                  f"python-chess {cr.wall:.3f} s (cpu {cr.cpu:.3f}), ratio wall {cr.wall / lr.wall:.2f} "
                  f"cpu {cr.cpu / lr.cpu:.2f}; small lint {sr.wall:.3f} s")
        print("best of the rounds:")
        show("xqformats lint", lint_runs, plies)
        show("python-chess read_game", chess_runs, chess_plies)
        if other_runs:
            show(f"lint ({args.compare.name})", other_runs, plies)
            cpus_o = sorted(x.cpu / o.cpu for x, o in zip(lint_runs, other_runs))
            print(f"this checkout / {args.compare}, cpu per round: {cpus_o[0]:.2f}-{cpus_o[-1]:.2f} "
                  f"(median {cpus_o[len(cpus_o) // 2]:.2f})")
        walls = sorted(c.wall / x.wall * plies / chess_plies for x, c in zip(lint_runs, chess_runs))
        cpus = sorted(c.cpu / x.cpu * plies / chess_plies for x, c in zip(lint_runs, chess_runs))
        print(f"ratio python-chess/xqformats per ply, per round: wall {walls[0]:.2f}-{walls[-1]:.2f} "
              f"(median {walls[len(walls) // 2]:.2f}), cpu {cpus[0]:.2f}-{cpus[-1]:.2f} (median {cpus[len(cpus) // 2]:.2f})")
        print(f"start-up, lint of one small file: wall {min(r.wall for r in small_runs):.3f} s "
              f"(median {sorted(r.wall for r in small_runs)[len(small_runs) // 2]:.3f} s), "
              f"cpu {min(r.cpu for r in small_runs):.3f} s, peak {max(r.rss_mb for r in small_runs):.1f} MB")
        import_times(small, tmp, args.top)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
