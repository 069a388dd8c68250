"""The archive index: building it per ply against ``lint``, and ``find --fen`` on a 30,000-file archive.

Run by hand::

    python benchmarks/bench_archive.py [--files 30000] [--lint-files 2000] [--rounds 3] [--seed 1] [--keep DIR]

1. A generated archive: ``--files`` single-game files (four in five PGN as
   XQWizard writes it, by ``realstyle.py``: GBK, CRLF, fullwidth digits for
   Black, the footer; one in five XQF by our writer) in folders of 500, each a
   prefix of 40 to 80 plies of one of 400 random legal games (so the archive
   holds duplicates and prefixes, as real ones do).
2. Build per ply: on the first ``--lint-files`` files, whole processes as a
   user runs them, alternating, ``--rounds`` times: ``xqformats find
   --index NEW.sqlite --plies-min 100000 --no-progress DIR`` (build the index:
   read every file, summarise every game, hash every position, store it all;
   then a query that finds nothing) against ``xqformats lint
   --isolated --no-progress -q --exit-zero DIR``.  CPU time of the child
   (user + system, ``os.wait4``) per main-line ply; the ratio lint / build
   (at least 1: building is as fast per ply as linting).
3. ``find --fen`` on the whole archive: the index built once (timed), then
   ``xqformats find --index A.sqlite --fen FEN`` (no paths: the index as it
   is) and ``xqformats find --index A.sqlite --fen FEN DIR`` (with the
   paths: every file's size and time checked first), wall time, best of
   ``--rounds``; the goal is under 1 s.

The processes use this checkout (``PYTHONPATH``) and compiled byte code.

CPU time moves with the machine's load; for an A/B comparison of two
checkouts, count instructions instead (valgrind's callgrind: the count does
not depend on the load) on the folder of linked files a ``--keep DIR`` run
leaves in ``DIR/small``, with no ``X.sqlite`` yet (a first build), each
command run once before (a first run after an edit compiles byte code),
``PYTHONHASHSEED=0``::

    valgrind --tool=callgrind python -m xqformats find --index X.sqlite --no-progress --plies-min 100000 DIR/small
    valgrind --tool=callgrind python -m xqformats lint -j 1 --isolated --no-progress -q --exit-zero DIR/small
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from archive_helpers import prefix_game, random_game  # noqa: E402
from realstyle import xqwizard_text  # noqa: E402
from xqformats import formats  # noqa: E402
from xqformats.model import Game  # noqa: E402
from xqformats.notation import Notation, encode  # noqa: E402


class Run(NamedTuple):
    wall: float
    cpu: float
    status: int


def _env() -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def timed(args: Sequence[str]) -> Run:
    """Run ``python -m xqformats ARGS``; its wall time, CPU time (user + system) and exit status."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "xqformats", *args], env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    assert proc.stderr is not None
    proc.stderr.read()
    return Run(wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status))


def make_archive(root: Path, files: int, seed: int) -> tuple[int, str]:
    """Write the archive; returns its main-line plies and the FEN after ply 30 of the first base game.

    Four files in five are PGN as XQWizard writes it (:mod:`realstyle`: GBK,
    CRLF, fullwidth digits for Black, its footer), the fifth XQF from our
    writer: the real-style input of issue 23, not our own PGN.
    """
    bases = [random_game(seed * 1000 + i, plies=80) for i in range(400)]
    rng = random.Random(seed)
    plies = 0
    for i in range(files):
        game = prefix_game(bases[i % len(bases)], 40 + (i * 7) % 41)
        folder = root / f"d{i // 500:03d}"
        folder.mkdir(parents=True, exist_ok=True)
        if i % 5 == 4:
            game.headers["Red"] = f"红方 {i % 997}"
            game.headers["Black"] = f"黑方 {i % 991}"
            (folder / f"g{i:05d}.xqf").write_bytes(formats.write([game], "xqf"))
        else:
            _, text = xqwizard_text(rng, i, _chinese(game))
            (folder / f"g{i:05d}.PGN").write_bytes(text.encode("gbk"))
        plies += game.ply_count()
    probe = bases[0].start.copy()
    for move in bases[0].mainline_moves()[:30]:
        probe.push(move)
    return plies, probe.fen()


def _chinese(game: Game) -> list[str]:
    """The main line of ``game`` in Chinese notation, Black's numbers in fullwidth digits (as XQWizard writes)."""
    position = game.start.copy()
    texts = []
    for move in game.mainline_moves():
        texts.append(encode(move, position, Notation.CHINESE, fullwidth=True))
        position.push(move)
    return texts


def reused_archive(tmp: Path, files: int, seed: int) -> tuple[int, str] | None:
    """The plies and FEN of an archive a ``--keep`` run wrote in ``tmp`` with these ``files`` and ``seed``; ``None``: none."""
    try:
        kept = json.loads((tmp / "archive.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if kept.get("files") != files or kept.get("seed") != seed or not (tmp / "archive").is_dir():
        return None
    return int(kept["plies"]), str(kept["fen"])


def fresh(*paths: Path) -> None:
    """Delete what an earlier ``--keep`` run left at ``paths`` (indexes with their WAL files, linked folders)."""
    for p in paths:
        if p.is_dir():
            shutil.rmtree(p)
        for q in (p, p.with_name(p.name + "-wal"), p.with_name(p.name + "-shm")):
            if q.is_file():
                q.unlink()


def subset(root: Path, target: Path, files: int) -> int:
    """Link the first ``files`` files of the archive into ``target``; their main-line plies."""
    fresh(target)
    plies = 0
    names = sorted(root.rglob("g*.*"))[:files]
    for p in names:
        dest = target / p.relative_to(root)
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.link(p, dest)
        (game,) = formats.read(p).games
        plies += game.ply_count()
    return plies


def bench_build(tmp: Path, root: Path, files: int, rounds: int) -> None:
    small = tmp / "small"
    plies = subset(root, small, files)
    timed(["lint", "--isolated", "--no-progress", "-q", "--exit-zero", str(small)])  # byte code, grammar cache
    print(f"\nBuild per ply: {files:,} files, {plies:,} main-line plies (CPU time of the process)")
    ratios = []
    for r in range(rounds):
        index = tmp / f"build{r}.sqlite"
        fresh(index)
        build = timed(["find", "--index", str(index), "--no-progress", "--plies-min", "100000", str(small)])
        lint = timed(["lint", "--isolated", "--no-progress", "-q", "--exit-zero", str(small)])
        ratio = lint.cpu / build.cpu
        ratios.append(ratio)
        print(
            f"  round {r + 1}: index build {build.cpu:6.2f} s ({1e6 * build.cpu / plies:5.2f} µs/ply, wall {build.wall:5.2f} s)"
            f"   lint {lint.cpu:6.2f} s ({1e6 * lint.cpu / plies:5.2f} µs/ply)   lint/build {ratio:4.2f}"
        )
        index.unlink()
    print(f"  best ratio {max(ratios):.2f}, worst {min(ratios):.2f}")


def bench_find(tmp: Path, root: Path, files: int, plies: int, fen: str, rounds: int) -> None:
    index = tmp / "archive.sqlite"
    fresh(index)
    built = timed(["find", "--index", str(index), "--no-progress", "--plies-min", "100000", str(root)])
    size = index.stat().st_size
    print(
        f"\nIndex of {files:,} files, {plies:,} plies: built in {built.wall:.1f} s wall, {built.cpu:.1f} s CPU "
        f"({1e6 * built.cpu / plies:.2f} µs/ply); {size / 1e6:.0f} MB"
    )
    again = timed(["find", "--index", str(index), "--no-progress", "--plies-min", "100000", str(root)])
    print(f"  a second run (nothing changed): {again.wall:.2f} s wall")
    for label, args in (
        ("find --index A --fen FEN", ["find", "--index", str(index), "--fen", fen]),
        ("find --index A --fen FEN DIR", ["find", "--index", str(index), "--fen", fen, str(root)]),
    ):
        runs = [timed(args) for _ in range(rounds)]
        assert all(r.status == 0 for r in runs), runs  # found (exit 0)
        best = min(r.wall for r in runs)
        print(f"  {label}: best {best:.3f} s wall of {rounds} (all: {', '.join(f'{r.wall:.3f}' for r in runs)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=30_000)
    ap.add_argument("--lint-files", type=int, default=2_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--keep", type=Path,
        help="write the archive and the indexes into this folder and keep them (for profiling); "
        "a later run with the same --files and --seed reuses the archive",
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-archive-") as name:
        tmp = args.keep or Path(name)
        root = tmp / "archive"
        start = time.perf_counter()
        reused = reused_archive(tmp, args.files, args.seed) if args.keep else None
        if reused is None:
            fresh(root)
            plies, fen = make_archive(root, args.files, args.seed)
            if args.keep:
                kept = {"files": args.files, "seed": args.seed, "plies": plies, "fen": fen}
                (tmp / "archive.json").write_text(json.dumps(kept), encoding="utf-8")
        else:
            plies, fen = reused
        how = "reused" if reused is not None else f"written in {time.perf_counter() - start:.0f} s"
        print(f"Archive: {args.files:,} files, {plies:,} main-line plies, {how}")
        if args.keep:
            print(f"  the position found: {fen}")
        bench_build(tmp, root, min(args.lint_files, args.files), args.rounds)
        bench_find(tmp, root, args.files, plies, fen, args.rounds)


if __name__ == "__main__":
    main()
