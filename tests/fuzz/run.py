"""Fuzz xqformats by hand, for longer than the test suite does.

    python tests/fuzz/run.py --seconds 600 --seed 1 --out findings/ [--target read:pgn ...]
    python tests/fuzz/run.py --list
    python tests/fuzz/run.py --atheris --target read:detect --seconds 300 --out findings/

Runs the targets in turn, in rounds of ``--batch`` inputs each, until
``--seconds`` have passed (split evenly across the chosen targets); a
target's first round also runs the grown shapes of its formats
(``shapes.py``) at ``--grow-to`` bytes, unless ``--no-shapes`` (that round
is finished even when it takes longer than the target's share). Each new
finding (a new signature, see ``harness.Finding``) is minimised and written to
``--out``: ``<slug>/input.bin`` (the input as found), ``<slug>/minimised.bin``
and ``<slug>/report.txt`` (target, oracle, detail, traceback). Prints each
target's throughput and the slowest µs/byte it met at the end (the figure the
time budget is set from). Exit status 1 when anything not in ``harness.KNOWN``
was found.

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
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
for _path in (HERE.parents[1], HERE.parent, HERE):  # the source tree, tests/ (strategies), tests/fuzz/
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from harness import Budget, Finding, Plan, Report, Target, fuzz, minimise  # noqa: E402
from mutators import dictionary_of  # noqa: E402
from seeds import all_seeds  # noqa: E402
from shapes import all_shapes  # noqa: E402
from targets import all_targets  # noqa: E402


def _save(finding: Finding, target: Target, out: Path, budget: Budget, attempts: int) -> None:
    folder = out / finding.slug
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "input.bin").write_bytes(finding.data)
    small = minimise(finding, target, budget, attempts=attempts // 50 if finding.kind in ("time", "memory") else attempts)
    (folder / "minimised.bin").write_bytes(small.data)
    (folder / "report.txt").write_text(small.describe() + "\n\nas found:\n" + finding.describe() + "\n", encoding="utf-8")
    print(f"\nFINDING {finding.signature}: {finding.detail[:200]}\n  minimised to {len(small.data)} bytes: {small.data[:120]!r}\n  in {folder}", flush=True)


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=600, help="total time, split across the targets (default 600)")
    parser.add_argument("--seed", type=int, default=0, help="the random seed (a run is repeatable given it)")
    parser.add_argument("--target", action="append", default=[], help="a target name (repeatable; default every target)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), help="folder for findings (default fuzz-findings/)")
    parser.add_argument("--batch", type=int, default=200, help="inputs per target per round (default 200)")
    parser.add_argument("--grown", type=int, default=4, help="grown, memory-checked inputs per round (default 4)")
    parser.add_argument("--grow-to", type=int, default=1024 * 1024, help="size of the largest grown input (default 1 MB)")
    parser.add_argument("--no-shapes", action="store_true", help="leave out the grown shapes (shapes.py) each target's first round runs at --grow-to")
    parser.add_argument("--generated", type=int, default=40, help="generated games among the seeds (default 40)")
    parser.add_argument("--minimise", type=int, default=2000, help="runs to spend minimising a finding (a fiftieth for time and memory; default 2000)")
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


def _run_rounds(args: argparse.Namespace, targets: list[Target], budget: Budget) -> Report:
    seeds = all_seeds(args.generated, args.seed)
    dictionary = dictionary_of([s for group in seeds.values() for s in group])
    report = Report()
    shapes = all_shapes()
    by_name = {t.name: t for t in targets}
    per_target = args.seconds / len(targets)
    plan = Plan(count=args.batch, grown=args.grown, grow_to=args.grow_to)
    for target in targets:
        deadline = time.monotonic() + per_target
        round_ = 0
        while time.monotonic() < deadline:
            fuzz(
                [target], seeds, plan, seed=args.seed * 1_000_003 + round_, budget=budget, report=report,
                on_finding=lambda f: _save(f, by_name[f.target], args.out, budget, args.minimise), dictionary=dictionary,
                shapes=shapes if round_ == 0 and not args.no_shapes else (),
            )
            round_ += 1
        print(f"{target.name}: {report.runs.get(target.name, 0)} inputs, {len([f for f in report.findings.values() if f.target == target.name])} finding(s)", flush=True)
    return report


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
            _save(finding, target, args.out, budget, args.minimise)

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
    report = _run_rounds(args, targets, budget)
    print(report.summary())
    return 1 if report.new() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
