"""A big CBL library linted by one process and by two (the library cut into parts of whole records).

Run by hand::

    python benchmarks/bench_cbl.py [--records 20000] [--distinct 300] [--seed 1] [--rounds 2] [--keep DIR]
                                   [--baseline SRC]

Writes a library of ``--records`` records (``--distinct`` random legal
playouts of 60–140 plies with a few comments, cycled: the lint work per
record is that of a real game; a few findings: deleted entries, unknown
result codes), then measures whole ``xqformats lint``
processes as a user runs them, alternating ``-j 1`` and ``-j 2`` for
``--rounds`` rounds:

* **wall time** and **CPU time** of every process involved (the lint
  process and its workers, from ``RUSAGE_CHILDREN``), and records per second;
* the outputs must be byte-identical (checked);
* **peak RSS** of ``-j 1`` (the library is read one record at a time);
* the **cut** itself: the header and index read and the parts made
  (``RecordStream.parts``), in this process.

``--baseline SRC`` also times ``-j 1`` and its peak RSS with the xqformats
package found in the folder ``SRC`` (for example an export of an older
commit), for a before/after figure.

The library is built with the test suite's builders (``tests/cbr_helpers.py``:
the CBR and CBL byte layouts written out from docs/spec/cbr.md).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from cbr_helpers import END, Entry, Rec, cbl, cbr  # noqa: E402

from xqformats import formats  # noqa: E402
from xqformats.lint.runner import PART_SIZE, PARTS_PER_WORKER  # noqa: E402
from xqformats.position import Position  # noqa: E402

#: Runs one command and prints the peak RSS (KiB) of its largest process.
_MAXRSS = (
    "import resource, subprocess, sys; "
    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def playout(rng: random.Random, number: int) -> tuple[bytes, int]:
    """One random legal playout as a CBR record, and its plies (one in 50 with an unknown result code, B109)."""
    pos = Position()
    moves: list[Rec] = []
    for _ in range(rng.randint(60, 140)):
        legal = pos.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        comment = "评注" if rng.random() < 0.05 else None
        moves.append(Rec(move.iccs(), 0, comment))
        pos.push(move)
    if not moves:
        return cbr(texts={"Name": f"Playout {number}"}), 0
    moves[-1] = moves[-1]._replace(flags=END)
    result = 4 if number % 50 == 7 else 0
    return cbr(moves, texts={"Name": f"Playout {number}", "Red": "红", "Black": "黑"}, result=result), len(moves)


def write_library(path: Path, records: int, distinct: int, seed: int) -> int:
    """Write the library (one entry in 97 deleted, B114); return the main-line plies of its games."""
    rng = random.Random(seed)
    games = [playout(rng, n) for n in range(distinct)]
    index_size = -(-records // 128) * 128
    entries = [Entry(games[n % distinct][0], state=5 if n % 97 == 13 else 7) for n in range(records)]
    path.write_bytes(cbl(entries, index_size=index_size, name="Bench"))
    return sum(games[n % distinct][1] for n in range(records) if entries[n].state == 7)


def lint_cmd(pythonpath: Path, *args: str) -> tuple[list[str], dict[str, str]]:
    cmd = [sys.executable, "-m", "xqformats", "lint", "--no-progress", "--show-info", "--no-fold", *args]
    return cmd, {**os.environ, "PYTHONPATH": str(pythonpath)}


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds of the process and its children, standard output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # (Run in the library's folder: `python -m` puts the working folder first on the path.)
    proc = subprocess.run(cmd, env=env, capture_output=True, cwd=Path(cmd[-1]).parent)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stdout


def peak_rss_mb(cmd: list[str], env: dict[str, str]) -> float:
    out = subprocess.run(
        [sys.executable, "-c", _MAXRSS, *cmd], env=env, capture_output=True, text=True, check=True, cwd=Path(cmd[-1]).parent
    )
    return int(out.stdout.strip()) / 1024


def cut_seconds(path: Path) -> tuple[float, int]:
    """Seconds to read the header and index and make the parts ``-j 2`` makes, and how many."""
    start = time.perf_counter()
    with formats.open_record(path) as stream:
        parts = list(stream.parts(2 * PARTS_PER_WORKER, min_size=PART_SIZE))
    return time.perf_counter() - start, len(parts)


def measure(path: Path, rounds: int, baseline: Optional[Path]) -> None:
    size = path.stat().st_size
    print(f"library: {path.name}, {size / 1e6:.1f} MB")
    seconds, parts = cut_seconds(path)
    print(f"cut into {parts} parts (header, index, parts) in {seconds:.3f} s")
    runs: dict[str, list[tuple[float, float]]] = {}
    outputs: dict[str, bytes] = {}
    variants = [(f"-j {j}", REPO, ["-j", j]) for j in ("1", "2")]
    if baseline is not None:
        variants.append(("-j 1 (baseline)", baseline, ["-j", "1"]))
    for _ in range(rounds):
        for label, where, args in variants:
            cmd, env = lint_cmd(where, *args, str(path))
            wall, cpu, out = timed(cmd, env)
            runs.setdefault(label, []).append((wall, cpu))
            outputs[label] = out
            print(f"  {label}: wall {wall:.1f} s, CPU {cpu:.1f} s, load average {os.getloadavg()[0]:.1f}", flush=True)
    same = len(set(outputs.values())) == 1
    print(f"outputs byte-identical: {same} ({len(outputs['-j 1'].splitlines())} lines)")
    for label, _where, _args in variants:
        best = min(w for w, _ in runs[label])
        cpu = min(c for _, c in runs[label])
        print(f"{label:>16}: best wall {best:.1f} s, CPU {cpu:.1f} s")
    ratio = min(w for w, _ in runs["-j 1"]) / min(w for w, _ in runs["-j 2"])
    print(f"-j 1 / -j 2 wall time: {ratio:.2f}x")
    for label, where, args in variants:
        if args == ["-j", "1"]:
            cmd, env = lint_cmd(where, *args, str(path))
            print(f"peak RSS {label}: {peak_rss_mb(cmd, env):.0f} MB")
    if not same:
        raise SystemExit("outputs differ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--distinct", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="write the library in this folder and keep it")
    parser.add_argument("--baseline", type=Path, help="a folder holding another xqformats package to time too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"bench-{args.records}.cbl"
        if not path.exists():
            start = time.perf_counter()
            plies = write_library(path, args.records, args.distinct, args.seed)
            print(f"wrote {args.records} records, {plies} plies, in {time.perf_counter() - start:.1f} s")
        measure(path, args.rounds, args.baseline)


if __name__ == "__main__":
    main()
