"""The Dask backend against real clusters started here: output as with ``-j 1``, no result lost.

Each test starts its own cluster on 127.0.0.1 (random free ports) and stops
it: either separate ``dask scheduler`` and two ``dask worker`` processes
(``--nthreads 1``, no nanny, so that a worker killed stays dead), or a
``distributed.LocalCluster``.  Checked:

* ``xqformats lint --scheduler ADDRESS`` prints byte for byte what ``-j 1``
  prints, for small files and a file big enough to be cut into parts;
* a worker killed with SIGKILL while units run loses no file's result (the
  scheduler runs its units again elsewhere), with either kind of cluster;
* :func:`xqformats.parallel.map_records` returns its results in input order.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from scale_helpers import pgn_bytes

from xqformats import formats, parallel
from xqformats.lint import LintOptions
from xqformats.discovery import Target
from xqformats.lint.runner import PART_SIZE, FileResult, iter_results, lint_file
from xqformats.model import Game
from xqformats.pgn import write_pgn
from xqformats.position import Position

distributed = pytest.importorskip("distributed")

REPO = Path(__file__).resolve().parents[1]
DASK = Path(sys.executable).parent / "dask"
#: Workers import xqformats and this folder's modules (functions given to map_records).
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "tests")])}


def _wait_for(path: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists() or not path.read_text().strip():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path} not written")
        time.sleep(0.1)


class Cluster:
    """A ``dask scheduler`` and two ``dask worker`` processes of our own."""

    def __init__(self, folder: Path) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []
        info = folder / "scheduler.json"
        log = open(folder / "cluster.log", "wb")
        self.procs.append(subprocess.Popen(
            [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(info)],
            env=ENV, cwd=folder, stdout=log, stderr=log,
        ))
        _wait_for(info)
        self.address: str = json.loads(info.read_text())["address"]
        for _ in range(2):
            self.procs.append(subprocess.Popen(
                [str(DASK), "worker", self.address, "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1"],
                env=ENV, cwd=folder, stdout=log, stderr=log,
            ))
        with distributed.Client(self.address, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=60)

    @property
    def workers(self) -> list[subprocess.Popen[bytes]]:
        return self.procs[1:]

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=30)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    if not DASK.exists():
        pytest.skip("the dask command is not installed")
    started = Cluster(tmp_path)
    try:
        yield started
    finally:
        started.stop()


def _playout_text(games: int, seed: int) -> str:
    """``games`` random legal playouts of about 100 plies, as PGN (work enough to take a while)."""
    rng = random.Random(seed)
    out = []
    for n in range(games):
        game = Game({"Game": "Chinese Chess", "Event": f"Playout {n}", "Result": "*"})
        pos = Position()
        node = game.root
        for _ in range(100):
            moves = pos.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            pos.push(move)
        out.append(write_pgn(game))
    return "\n".join(out)


def _without_names(result: FileResult) -> tuple[Any, ...]:
    """A result with the file's name left out (files of the same content compare equal)."""
    found = tuple((d.code, d.message, d.line, d.column, d.end_line, d.end_column) for d in result.diagnostics)
    return (found, result.lines, result.failed, result.size, result.games, result.moves)


def _lint(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "xqformats", "lint", "--no-progress", *args], cwd=cwd, env=ENV, capture_output=True)


def test_scheduler_prints_what_j1_prints(cluster: Cluster, tmp_path: Path) -> None:
    files = []
    for n, (encoding, newline) in enumerate([("utf-8-sig", "\n"), ("gbk", "\r\n"), ("utf-8", "\n")]):
        files.append(tmp_path / f"small{n}.pgn")
        files[-1].write_bytes(pgn_bytes(40 + n, encoding=encoding, newline=newline))
    big = tmp_path / "big.pgn"  # cut into parts: long comments, few moves
    big.write_bytes(pgn_bytes(2 * PART_SIZE // 700 + 50, encoding="utf-8-sig", newline="\r\n", filler=200))
    names = [f.name for f in [*files, big]] + ["missing.pgn"]
    one = _lint(["-j", "1", *names], tmp_path)
    dask = _lint(["--scheduler", cluster.address, *names], tmp_path)
    assert dask.returncode == one.returncode == 2  # (missing.pgn)
    assert dask.stdout == one.stdout
    assert b"E102" in one.stdout and b"big.pgn:" in one.stdout


def test_an_unreachable_scheduler_is_a_usage_error(tmp_path: Path) -> None:
    # Issue 27: nothing listening made the run wait Dask's 30 s; --scheduler-timeout (default 10 s).
    (tmp_path / "a.pgn").write_bytes(pgn_bytes(2))
    args = [sys.executable, "-m", "xqformats", "lint", "--scheduler", "tcp://127.0.0.1:9", "--scheduler-timeout", "1", "a.pgn"]
    started = time.monotonic()
    proc = subprocess.run(args, cwd=tmp_path, env=ENV, capture_output=True)  # (nothing listens on port 9)
    assert proc.returncode == 2 and time.monotonic() - started < 25
    assert proc.stderr.decode().splitlines()[-1] == (
        "xqformats lint: --scheduler tcp://127.0.0.1:9: Timed out trying to connect to tcp://127.0.0.1:9 after 1 s"
    )


def test_the_scheduler_timeout_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from xqformats.cli import main

    assert main(["lint", "--scheduler", "tcp://127.0.0.1:9", "--scheduler-timeout", "0", str(tmp_path)]) == 2
    assert capsys.readouterr().err == "xqformats lint: --scheduler-timeout must be a number of seconds above 0, not 0\n"


def _kill_one_worker_while_linting(scheduler: Any, kill: Any, folder: Path) -> None:
    """Lint 8 files of real work on ``scheduler``; ``kill()`` a worker once the first result is back."""
    text = _playout_text(60, seed=7)
    paths = []
    for n in range(8):
        paths.append(folder / f"play{n}.pgn")
        paths[-1].write_text(text, encoding="utf-8")
    targets = [Target(str(p), p.name) for p in paths]
    options = LintOptions()
    expected = _without_names(lint_file(str(paths[0]), "x.pgn", options, options.enabled_for("x.pgn", str(paths[0]))))
    assert expected[4] == 60
    results = iter_results(targets, options, scheduler=scheduler)
    got = [next(results)]
    kill()  # the other units are running or waiting: those of the dead worker run again
    got.extend(results)
    assert [r.display for r in got] == [p.name for p in paths]
    assert all(_without_names(r) == expected for r in got)


def test_a_worker_killed_loses_no_result(cluster: Cluster, tmp_path: Path) -> None:
    victim = cluster.workers[0]
    _kill_one_worker_while_linting(cluster.address, lambda: os.kill(victim.pid, signal.SIGKILL), tmp_path)
    assert victim.wait(timeout=10) == -signal.SIGKILL


def count_games(path: str) -> tuple[str, int]:
    """A function for :func:`map_records` (module level: the workers import it)."""
    with formats.open_record(path) as stream:
        return Path(path).name, sum(1 for _ in stream)


def test_local_cluster_map_records_and_a_killed_worker(tmp_path: Path) -> None:
    paths = []
    for n in range(6):
        paths.append(tmp_path / f"g{n}.pgn")
        paths[-1].write_bytes(pgn_bytes(10 + 7 * n, bad=False))
    expected = [count_games(str(p)) for p in paths]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as local, distributed.Client(local, set_as_default=False) as client:
        assert list(parallel.map_records(count_games, paths, scheduler=client)) == expected
        pids = client.run(os.getpid)
        victim = sorted(pids.values())[0]
        _kill_one_worker_while_linting(client, lambda: os.kill(victim, signal.SIGKILL), tmp_path)


def test_map_records_in_processes_and_in_this_one(tmp_path: Path) -> None:
    paths = []
    for n in range(4):
        paths.append(tmp_path / f"g{n}.pgn")
        paths[-1].write_bytes(pgn_bytes(5 + n, bad=False))
    expected = [count_games(str(p)) for p in paths]
    assert list(parallel.map_records(count_games, paths, jobs=1)) == expected
    assert list(parallel.map_records(count_games, paths, jobs=2)) == expected


def test_local_cluster_lints_a_library_in_parts(tmp_path: Path) -> None:
    from cbr_helpers import END, Entry, Rec, cbl, cbr

    def record(n: int) -> bytes:
        second = "H2-G3" if n % 9 == 4 else "H9-G7"  # every ninth: an illegal move (B111)
        return cbr([Rec("H2-E2"), Rec(second, END)], texts={"Name": f"{n}"})

    entries = [Entry(record(n), state=5 if n % 13 == 2 else 7) for n in range(120)]  # some deleted (B114)
    path = tmp_path / "lib.cbl"
    path.write_bytes(cbl(entries, tail=b"\x01" * 100))  # bytes after the last slot (B113), the last part's
    with formats.open_record(path) as stream:
        assert len(list(stream.parts(8, min_size=16 * 1024))) >= 6
    targets = [Target(str(path), path.name)]
    options = LintOptions()
    one = list(iter_results(targets, options))
    assert {"B111", "B113", "B114"} <= {d.code for d in one[0].diagnostics}
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as local, distributed.Client(local, set_as_default=False) as client:
        assert list(iter_results(targets, options, scheduler=client, part_size=16 * 1024)) == one
