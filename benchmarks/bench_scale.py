"""Scale of ``xqformats lint``, ``convert`` and ``format``: memory against file size, and plies per second on 1, 2 and Dask workers.

Run by hand::

    python benchmarks/bench_scale.py [--games 1000] [--big-mb 100] [--seed 1] [--keep DIR] [--writers-only]

Figures printed, whole ``xqformats lint`` processes as a user runs them:

* **peak memory** (RSS of the lint process, from ``resource.getrusage(
  RUSAGE_CHILDREN)`` in a fresh wrapper process per run) on a file of
  ``--games`` games and on one ten times larger (the same games ten times:
  memory depends on the size of the games, which stays the same).  Streaming
  keeps it flat: goal 10x < 1.5x of 1x;
* **plies per second** on a file of about ``--big-mb`` MB (the 1x file
  repeated): ``-j 1``, ``-j 2`` (the file cut into parts of whole games,
  read by two processes) and ``--scheduler`` on a Dask cluster of two
  single-thread workers started here; wall time, and CPU time of every
  process involved, since on a shared machine wall time also measures the
  neighbours.  The three outputs must be byte-identical (checked);
* **Dask's per-task overhead**: the wall time of many empty tasks through
  the same cluster, per task;
* an **estimate** of the cluster that lints 100 million games in an hour,
  from the measured per-core rate and that overhead;
* the same **peak memory** at 1x and 10x for ``convert`` (PGN to JSON, and
  PGN to PGN in another notation) and ``format --check``, which read and
  write game by game, and their wall and CPU time on the 10x file
  (``--writers-only``: these alone).

Inputs are written by ``bench_pgn.xiangqi_file`` (random playouts in Chinese
notation, with comments, NAGs and variations).
"""

from __future__ import annotations

import argparse
import json
import operator
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_pgn import xiangqi_file  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}
DASK = Path(sys.executable).parent / "dask"

#: Runs one command and prints the peak RSS (KiB) of its process tree's largest process.
_MAXRSS = (
    "import resource, subprocess, sys; "
    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def lint_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "xqformats", "lint", "--no-progress", "--quiet", *args]


def peak_rss_mb(path: Path) -> float:
    return command_rss_mb(lint_cmd("-j", "1", str(path)))


def command_rss_mb(cmd: list[str]) -> float:
    """Peak RSS (MB) of the process ``cmd`` runs, in a fresh wrapper process."""
    out = subprocess.run([sys.executable, "-c", _MAXRSS, *cmd], env=ENV, capture_output=True, text=True)
    return int(out.stdout.strip()) / 1024


#: ``convert`` and ``format`` as measured: (label, arguments after ``xqformats``; ``{in}``/``{out}`` filled in).
WRITERS = (
    ("convert PGN -> JSON", ("convert", "--no-progress", "--force", "{in}", "-o", "{out}.json")),
    ("convert PGN -> PGN (WXF)", ("convert", "--no-progress", "--force", "{in}", "-o", "{out}.pgn", "--notation", "wxf")),
    ("format --check", ("format", "--check", "{in}")),
)


def writer_cmd(args: tuple[str, ...], src: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "xqformats", *(a.replace("{in}", str(src)).replace("{out}", str(out)) for a in args)]


def measure_writers(one: Path, ten: Path, folder: Path) -> None:
    """Peak RSS of ``convert`` and ``format --check`` at 1x and 10x, and their wall time on the 10x file."""
    for label, args in WRITERS:
        m1 = command_rss_mb(writer_cmd(args, one, folder / "out1"))
        m10 = command_rss_mb(writer_cmd(args, ten, folder / "out10"))
        wall, cpu, _ = timed(writer_cmd(args, ten, folder / "out10"))
        print(f"{label:25} peak RSS 1x {m1:5.0f} MB, 10x {m10:5.0f} MB: ratio {m10 / m1:.2f} (goal < 1.5); "
              f"10x wall {wall:.1f} s, CPU {cpu:.1f} s")


def timed(cmd: list[str]) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds of the process and its children, standard output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=ENV, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stdout


def repeat(src: Path, dest: Path, times: int) -> None:
    data = src.read_bytes()
    with open(dest, "wb") as out:
        for _ in range(times):
            out.write(data)


class Cluster:
    """A ``dask scheduler`` and two single-thread ``dask worker`` processes on 127.0.0.1."""

    def __init__(self, folder: Path) -> None:
        info = folder / "scheduler.json"
        log = open(folder / "cluster.log", "wb")
        self.procs = [
            subprocess.Popen(
                [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(info)],
                env=ENV, stdout=log, stderr=log,
            )
        ]
        while not info.exists() or not info.read_text().strip():
            time.sleep(0.1)
        self.address = json.loads(info.read_text())["address"]
        for _ in range(2):
            self.procs.append(
                subprocess.Popen(
                    [str(DASK), "worker", self.address, "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1"],
                    env=ENV, stdout=log, stderr=log,
                )
            )
        from distributed import Client

        with Client(self.address, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=60)

    def cpu(self) -> float:
        """CPU seconds used so far by the scheduler and workers (from /proc; 0 where there is none)."""
        total = 0.0
        for proc in self.procs:
            try:
                fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def task_overhead(self, tasks: int = 2000) -> float:
        """Seconds per empty task, submitted and gathered through this cluster."""
        from distributed import Client

        with Client(self.address, set_as_default=False) as client:
            client.gather(client.map(operator.add, range(50), range(50), pure=False))  # warm up
            start = time.perf_counter()
            client.gather(client.map(operator.add, range(tasks), range(tasks), pure=False))
            return (time.perf_counter() - start) / tasks

    def stop(self) -> None:
        for proc in reversed(self.procs):
            proc.kill()
            proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--big-mb", type=float, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", type=Path, help="keep (and reuse) the input files in this folder")
    ap.add_argument("--writers-only", action="store_true", help="measure convert and format only (not lint, -j, Dask)")
    args = ap.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="bench_scale_"))
    folder.mkdir(parents=True, exist_ok=True)
    one = folder / f"x{args.games}-{args.seed}.pgn"
    plies_file = one.with_suffix(".plies")
    if not one.exists() or not plies_file.exists():
        plies_file.write_text(str(xiangqi_file(one, args.games, args.seed)))
    plies = int(plies_file.read_text())
    ten = folder / "x10.pgn"
    repeat(one, ten, 10)
    if args.writers_only:
        try:
            measure_writers(one, ten, folder)
        finally:
            if args.keep is None:
                shutil.rmtree(folder, ignore_errors=True)
        return
    times = max(1, round(args.big_mb * 1e6 / one.stat().st_size))
    big = folder / "big.pgn"
    repeat(one, big, times)
    big_plies = plies * times
    try:
        measure(one, ten, big, args.games * times, big_plies, folder)
        measure_writers(one, ten, folder)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


def measure(one: Path, ten: Path, big: Path, games: int, plies: int, folder: Path) -> None:
    m1, m10 = peak_rss_mb(one), peak_rss_mb(ten)
    print(f"peak RSS of lint: 1x ({one.stat().st_size / 1e6:.1f} MB) {m1:.0f} MB, 10x ({ten.stat().st_size / 1e6:.1f} MB) "
          f"{m10:.0f} MB: ratio {m10 / m1:.2f} (goal < 1.5)")
    print(f"input: {big.stat().st_size / 1e6:.0f} MB, {games} games, {plies} main-line plies")
    runs = {}
    for label, cmd in (("-j 1", lint_cmd("-j", "1", str(big))), ("-j 2", lint_cmd("-j", "2", str(big)))):
        runs[label] = timed(cmd)
    cluster = None
    if DASK.exists():
        cluster = Cluster(folder)
        try:
            before = cluster.cpu()
            wall, cpu, out = timed(lint_cmd("--scheduler", cluster.address, str(big)))
            runs["dask 2 workers"] = (wall, cpu + cluster.cpu() - before, out)
            overhead = cluster.task_overhead()
        finally:
            cluster.stop()
    base_out = runs["-j 1"][2]
    for label, (wall, cpu, out) in runs.items():
        same = "identical" if out == base_out else "DIFFERENT"
        print(f"{label:15} wall {wall:7.1f} s  {plies / wall:9.0f} plies/s   CPU {cpu:7.1f} s  "
              f"{plies / cpu:9.0f} plies/CPU-s   output {same}")
    per_core = games / runs["-j 1"][1]  # games per CPU second, one process
    if cluster is not None:
        estimate(per_core, overhead, big.stat().st_size / games)


def estimate(games_per_core_s: float, overhead_s: float, bytes_per_game: float) -> None:
    """The cluster for 100 million games in an hour, from the per-core rate and Dask's per-task overhead."""
    target = 100e6 / 3600  # games per second
    part_games = 4e6 / bytes_per_game  # a 4 MB part per task
    tasks = 100e6 / part_games
    # Each task costs the scheduler about `overhead_s` (serial): far below an hour.
    scheduler_s = tasks * overhead_s
    per_task_worker_s = part_games / games_per_core_s
    efficiency = per_task_worker_s / (per_task_worker_s + overhead_s)
    cores = target / (games_per_core_s * efficiency)
    print(f"per core: {games_per_core_s:.0f} games/s; Dask per-task overhead {overhead_s * 1e3:.2f} ms")
    print(f"100 million games in an hour = {target:.0f} games/s: about {cores:.0f} worker cores "
          f"({cores / 32:.0f} machines of 32 cores), {tasks:.0f} tasks of 4 MB; "
          f"the scheduler's share {scheduler_s:.0f} s of the hour")


if __name__ == "__main__":
    main()
