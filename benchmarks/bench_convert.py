"""Converting a whole collection: time against the number of inputs (it must grow linearly).

Run by hand::

    python benchmarks/bench_convert.py [--sizes 2000 8000] [--seed 1]

For each size N, N single-game PGN files (random games, as ``bench_pgn.py``
writes them) are converted to CBF with ``xqformats convert FILES --out-dir
DIR --to cbf`` run as a whole process, as a user runs it (start-up
included).  Printed: the wall time per size, the time per file, and the ratio
of the time per file of the largest size to the smallest (1.0 is linear; the
quadratic plan of issue 17 gave about 4 for four times the files).
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_pgn import random_game  # noqa: E402
from xqformats.pgn import write_pgn  # noqa: E402


def single_game_files(folder: Path, n: int, seed: int) -> list[str]:
    """``n`` files of one random game each in ``folder``; their names."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for i in range(n):
        path = folder / f"g{i:05d}.pgn"
        path.write_text(write_pgn(random_game(rng, rng.randint(40, 100))), encoding="utf-8")
        names.append(path.name)
    return names


def convert_seconds(folder: Path, names: list[str]) -> float:
    """Wall time of one ``xqformats convert`` of ``names`` (in ``folder``) to CBF files."""
    out = folder / "out"
    shutil.rmtree(out, ignore_errors=True)
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "xqformats", "convert", *names, "--out-dir", "out", "--to", "cbf", "--no-progress"],
        cwd=folder, check=True, capture_output=True,
        env={"PYTHONPATH": str(Path(__file__).resolve().parent.parent), "PATH": "/usr/bin:/bin"},
    )
    elapsed = time.perf_counter() - t
    assert len(list(out.iterdir())) == len(names)
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[2000, 8000])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench_convert_"))
    try:
        per_file = {}
        for n in args.sizes:
            folder = root / str(n)
            names = single_game_files(folder, n, args.seed)
            best = min(convert_seconds(folder, names) for _ in range(2))
            per_file[n] = best / n
            print(f"{n:6,} files: {best:6.1f} s  ({best / n * 1000:.2f} ms per file)")
        small, large = min(per_file), max(per_file)
        print(f"time per file, {large:,} files against {small:,}: {per_file[large] / per_file[small]:.2f} (1.0 = linear)")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
