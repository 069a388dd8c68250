"""Fuzz xqformats by hand, for longer than the test suite does.

    python tests/fuzz/run.py --seconds 600 --seed 1 --out findings/ [--target read:pgn ...]
    python tests/fuzz/run.py --list
    python tests/fuzz/run.py --atheris --target read:detect --seconds 300 --out findings/

Gives every target its share of ``--seconds``, in round-robin slices of about
``--slice`` seconds (``schedule.py``): the clock is read before each input, so
a target overruns a slice by at most one input, and what one overruns the
next slices make up.  Up to ``--traced-share`` of a slice goes to grown,
memory-traced inputs (the shapes of its formats, ``shapes.py``, one after the
other across its slices, unless ``--no-shapes``; then grown mutants), once
the target has run its seeds as they are, each sized from the target's last
traced rate to fit: up to ``--grow-to`` bytes.  Each new finding (a new
signature, see ``harness.Finding``) is written to ``--out`` when found:
``<slug>/input.bin`` and ``<slug>/report.txt`` (target, oracle, detail,
traceback); after the run it is minimised (``<slug>/minimised.bin``, the
report rewritten), at most ``--minimise`` runs and ``--minimise-seconds``
each. Prints, per target, the slices, inputs, traced inputs and the largest,
and the seconds used, then each target's throughput and the slowest µs/byte
it met (the figure the time budget is set from). Exit status 1 when anything
not in ``harness.KNOWN`` was found.

``--atheris`` runs one target under atheris, a coverage-guided fuzzer, when it
is installed (``pip install atheris``; optional): its mutations are steered by
the branches xqformats' Python code takes, and the seeds are its starting
corpus.
"""

from __future__ import annotations

import argparse
import faulthandler
import signal
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for _path in (HERE.parents[1], HERE.parent, HERE):  # the source tree, tests/ (strategies), tests/fuzz/
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from harness import Budget, Finding, Target, minimise  # noqa: E402
from mutators import dictionary_of  # noqa: E402
from seeds import all_seeds  # noqa: E402
from shapes import all_shapes  # noqa: E402
from schedule import Lane, Schedule  # noqa: E402
from targets import all_targets  # noqa: E402


def _folder(finding: Finding, out: Path) -> Path:
    folder = out / finding.slug
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _save(finding: Finding, out: Path) -> None:
    """Write the finding as found (the run goes on; it is minimised at the end)."""
    folder = _folder(finding, out)
    (folder / "input.bin").write_bytes(finding.data)
    (folder / "report.txt").write_text(finding.describe() + "\n", encoding="utf-8")
    print(f"\nFINDING {finding.signature}: {finding.detail[:200]}\n  in {folder}", flush=True)


def _minimise(finding: Finding, target: Target, out: Path, budget: Budget, args: argparse.Namespace) -> None:
    attempts = args.minimise // 50 if finding.kind in ("time", "memory") else args.minimise
    small = minimise(finding, target, budget, attempts=attempts, seconds=args.minimise_seconds)
    folder = _folder(finding, out)
    (folder / "minimised.bin").write_bytes(small.data)
    (folder / "report.txt").write_text(small.describe() + "\n\nas found:\n" + finding.describe() + "\n", encoding="utf-8")
    print(f"minimised {finding.signature} to {len(small.data)} bytes: {small.data[:120]!r}", flush=True)


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=600, help="total time, split across the targets (default 600)")
    parser.add_argument("--seed", type=int, default=0, help="the random seed (a run is repeatable given it)")
    parser.add_argument("--target", action="append", default=[], help="a target name (repeatable; default every target)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), help="folder for findings (default fuzz-findings/)")
    parser.add_argument("--slice", type=float, default=10.0, help="seconds of a target's turn, about (default 10)")
    parser.add_argument("--traced-share", type=float, default=0.5, help="most of a slice spent on grown, memory-traced inputs (default 0.5)")
    parser.add_argument("--grow-to", type=int, default=1024 * 1024, help="size of the largest grown input (default 1 MB)")
    parser.add_argument("--no-shapes", action="store_true", help="leave out the grown shapes (shapes.py)")
    parser.add_argument("--generated", type=int, default=40, help="generated games among the seeds (default 40)")
    parser.add_argument("--minimise", type=int, default=2000, help="runs to spend minimising a finding (a fiftieth for time and memory; default 2000)")
    parser.add_argument("--minimise-seconds", type=float, default=120.0, help="no minimising run started after this many seconds, per finding (default 120)")
    parser.add_argument("--list", action="store_true", help="list the targets and exit")
    parser.add_argument("--atheris", action="store_true", help="coverage-guided, with atheris (one target)")
    return parser.parse_args(argv)


def _chosen(names: list[str]) -> list[Target]:
    targets = all_targets()
    if not names:
        return targets
    known = {t.name: t for t in targets}
    missing = [n for n in names if n not in known]
    if missing:
        raise SystemExit(f"unknown target(s) {', '.join(missing)}; --list shows them")
    return [known[n] for n in names]


def _run_slices(args: argparse.Namespace, targets: list[Target], budget: Budget) -> tuple[Schedule, list[Lane]]:
    seeds = all_seeds(args.generated, args.seed)
    schedule = Schedule(
        seeds, shapes=() if args.no_shapes else all_shapes(), dictionary=dictionary_of([s for group in seeds.values() for s in group]),
        seed=args.seed, grow_to=args.grow_to, slice_seconds=args.slice, traced_share=args.traced_share, budget=budget,
        on_finding=lambda f: _save(f, args.out),
    )
    lanes = [schedule.lane(t) for t in targets]
    try:
        schedule.run_lanes(lanes, args.seconds)
    except KeyboardInterrupt:  # the figures so far are still worth printing
        print("\ninterrupted", flush=True)
    return schedule, lanes


def _run_atheris(args: argparse.Namespace, targets: list[Target], budget: Budget) -> None:
    try:
        import atheris  # type: ignore[import-not-found]
    except ImportError:
        raise SystemExit("atheris is not installed (pip install atheris); it is optional") from None
    if len(targets) != 1:
        raise SystemExit("--atheris fuzzes one target: give exactly one --target")
    from harness import run_one

    target = targets[0]
    corpus = args.out / f"atheris-corpus-{target.name.replace(':', '-')}"
    corpus.mkdir(parents=True, exist_ok=True)
    for i, data in enumerate(s for group in all_seeds(args.generated, args.seed).values() for s in group):
        (corpus / f"seed-{i:04d}").write_bytes(data)
    for data in sorted(p.read_bytes() for p in corpus.iterdir())[:20]:
        run_one(target, data, budget)  # loads the readers, so that instrumenting covers them
    atheris.instrument_all()  # coverage of every Python function loaded so far
    seen: set[str] = set()

    def one(data: bytes) -> None:
        finding, _ = run_one(target, data, budget)
        if finding is not None and finding.signature not in seen:
            seen.add(finding.signature)
            _save(finding, args.out)
            _minimise(finding, target, args.out, budget, args)

    atheris.Setup(
        # libFuzzer takes -seed=0 as "random": the seed is shifted by one to keep every run repeatable.
        [sys.argv[0], str(corpus), f"-max_total_time={int(args.seconds)}", f"-seed={args.seed + 1}", "-max_len=65536", "-timeout=60"],
        one,
    )
    atheris.Fuzz()


def main(argv: list[str]) -> int:
    args = _arguments(argv)
    if hasattr(signal, "SIGUSR1"):  # `kill -USR1 <pid>` prints where a stuck run is
        faulthandler.register(signal.SIGUSR1)
    if args.list:
        for t in all_targets():
            print(f"{t.name:16} {t.doc}")
        return 0
    targets = _chosen(args.target)
    budget = Budget()
    if args.atheris:
        _run_atheris(args, targets, budget)
        return 0
    schedule, lanes = _run_slices(args, targets, budget)
    print(schedule.table(lanes), flush=True)
    print(schedule.report.summary(), flush=True)
    by_name = {t.name: t for t in targets}
    for finding in schedule.report.new():
        _minimise(finding, by_name[finding.target], args.out, budget, args)
    return 1 if schedule.report.new() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
