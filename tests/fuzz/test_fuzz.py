"""The fuzzing harness in the normal suite: a fixed seed, a fixed number of inputs per target.

Every target of :func:`targets.all_targets` (built from the format registry,
so a newly registered format is fuzzed too) runs on :data:`COUNT` inputs
(:data:`COUNTS` for the slow ones), :data:`GROWN` of them grown large and
memory-checked.  The counts, not a clock, bound the run, so it is the same
run on every machine: about a minute of CPU on the 2-core development
machine for all targets (the inputs per second of each target are printed;
``pytest -s`` shows them).  Findings listed in :data:`harness.KNOWN` (bugs
reported, not yet fixed) do not fail it; a test below fails once one stops
reproducing, so that its entry moves to :data:`harness.FIXED`, whose entries
are regression checks.

Longer runs: ``python tests/fuzz/run.py --seconds 600`` (see README.md).
"""

from __future__ import annotations

import random
import time

import pytest

from harness import FIXED, KNOWN, Budget, Finding, OracleFailure, Plan, Report, Target, check_diagnostics, fuzz, inputs, minimise, run_one
from mutators import dictionary_of
from schedule import Schedule
from seeds import all_seeds
from shapes import all_shapes
from targets import all_targets
from xqformats.diagnostics import INTERNAL_ERROR, Diagnostic

#: The seed of the CI run.
SEED = 20261130

#: Inputs per target, unless :data:`COUNTS` says otherwise.
COUNT = 1500
#: Targets that cost more per input (each input is read, written and read again, several times).
COUNTS = {"write:": 400, "notation": 400, "fen": 1000, "pgn:stream": 300, "pgn:fast-slow": 300}
#: Grown inputs (memory-checked) per target, and how large they grow.
GROWN = 2
GROW_TO = 128 * 1024

_TARGETS = {t.name: t for t in all_targets()}


def count_for(name: str) -> int:
    return next((n for prefix, n in COUNTS.items() if name.startswith(prefix)), COUNT)


@pytest.fixture(scope="module")
def seeds() -> dict[str, list[bytes]]:
    return all_seeds(generated=16, seed=SEED)


@pytest.mark.parametrize("name", sorted(_TARGETS))
def test_target_finds_nothing_new(name: str, seeds: dict[str, list[bytes]]) -> None:
    dictionary = dictionary_of([s for group in seeds.values() for s in group])
    plan = Plan(count=count_for(name), grown=GROWN, grow_to=GROW_TO)
    report = fuzz([_TARGETS[name]], seeds, plan, seed=SEED, dictionary=dictionary)
    print(report.summary())
    new = report.new()
    assert not new, "\n\n".join(f.describe() for f in new)


# ---------------------------------------------------------------- grown shapes (shapes.py)

#: The size of the memory-checked run of each shape (tracing costs time, up to 25 times the
#: run's on the shapes with a finding every few bytes; the time is checked at the shape's own size).
SHAPE_MEMORY_SIZE = 64 * 1024

_SHAPES = {s.name: s for s in all_shapes()}
#: The shapes that grow: a shape whose writer drops what a unit adds (a comment in a format with
#: no comments) makes the same bytes at every size, and is no test of the time per byte.
_GROWING = sorted(name for name, shape in _SHAPES.items() if shape.grows())


@pytest.mark.parametrize("name", _GROWING)
def test_grown_shape_is_read_within_the_budget(name: str) -> None:
    """Each shape at its :attr:`~shapes.Shape.size`: within :meth:`Budget.seconds` (per byte); memory at 64 KB.

    The reproducers of issue 28, items 1-3, overshoot at these sizes with the
    readers as they were (``tests/fuzz/README.md`` has the figures).
    """
    shape = _SHAPES[name]
    target = _TARGETS[f"read:{shape.format}"]
    run_one(target, shape.make(1), Budget())  # imports and caches are not the input's cost
    data = shape.grown(shape.size)
    finding, measure = run_one(target, data, Budget())
    if finding is not None and finding.kind == "time":  # once more: a loaded machine, not a super-linear reader?
        finding, measure = run_one(target, data, Budget())
    assert finding is None, finding.describe()
    print(f"{name}: {len(data):,} bytes in {measure.seconds:.2f} s ({measure.seconds / len(data) * 1e6:.1f} µs/byte)")
    finding, _ = run_one(target, shape.grown(SHAPE_MEMORY_SIZE), Budget(), memory=True)
    assert finding is None, finding.describe()


def test_every_registered_reader_has_grown_shapes() -> None:
    from xqformats import formats

    for name in formats.REGISTRY.names():
        assert any(s.format == name and s.grows() for s in _SHAPES.values()), name


def test_a_shape_grows_to_about_its_size() -> None:
    for shape in (_SHAPES["pgn:games"], _SHAPES["cbl:records"], _SHAPES["dhtmlxq:branches-child-first"]):
        data = shape.grown(300_000)
        assert abs(len(data) - 300_000) <= 15_000 + len(shape.make(1)), (shape.name, len(data))


# ---------------------------------------------------------------- known findings, pinned


def test_known_findings_still_reproduce_and_are_recognised() -> None:
    for known in KNOWN:
        finding, _ = run_one(_TARGETS[known.reproduce_with], known.reproducer, Budget(), memory=known.kind == "memory")
        assert finding is not None, f"fixed: move {known.reason!r} from KNOWN to FIXED"
        Report().add(finding)
        assert finding.known == known.reason


def test_a_known_entry_matches_by_target_kind_and_detail() -> None:
    entry = FIXED[0]
    memory = Finding("read:detect", "memory", "2.1 MB allocated and let go", b"")
    assert entry.matches(memory) and entry.matches(Finding("write:json", "memory", "x allocated and let go", b""))
    assert not entry.matches(Finding("read:pgn", "memory", "allocated and let go", b""))
    assert not entry.matches(Finding("read:dhtmlxq", "crash", "allocated and let go", b""))


@pytest.mark.parametrize("fixed", FIXED, ids=[k.reason[:40] for k in FIXED])
def test_fixed_finding_stays_fixed(fixed) -> None:  # type: ignore[no-untyped-def]
    finding, _ = run_one(_TARGETS[fixed.reproduce_with], fixed.reproducer, Budget(), memory=fixed.kind == "memory")
    assert finding is None, finding.describe()


# ---------------------------------------------------------------- the harness itself


def test_the_same_seed_gives_the_same_inputs(seeds: dict[str, list[bytes]]) -> None:
    pool = seeds["pgn"]
    plan = Plan(count=len(pool) + 60, grown=2, grow_to=4096)
    first = list(inputs(pool, random.Random("s"), plan, dictionary_of(pool)))
    again = list(inputs(pool, random.Random("s"), plan, dictionary_of(pool)))
    assert first == again and sum(grown for _, grown in first) == 2
    assert len({data for data, _ in first}) > 50


def test_every_registered_format_has_a_reader_target_and_seeds(seeds: dict[str, list[bytes]]) -> None:
    from xqformats import formats

    for name in formats.REGISTRY.names():
        assert f"read:{name}" in _TARGETS
    for name in formats.REGISTRY.writable():
        assert f"write:{name}" in _TARGETS and seeds.get(name)


def _raises(data: bytes) -> None:
    if b"!" in data:
        raise KeyError("boom")


def _reports(data: bytes) -> None:
    check_diagnostics([Diagnostic.of(INTERNAL_ERROR, "The X reader failed: ValueError: no")] if b"?" in data else [])


def _hungry(data: bytes) -> None:
    _ = [bytes(200) for _ in range(len(data))]


def _slow(data: bytes) -> None:
    raise_if = b"~" in data
    if raise_if:
        raise OracleFailure("roundtrip", "different")


def test_the_oracles_catch_each_kind_of_failure() -> None:
    tight = Budget(time_fixed=0.0, time_per_byte=0.0, memory_fixed=1024, memory_per_byte=10)
    crash, _ = run_one(Target("t", _raises, ""), b"ab!cd", Budget())
    assert crash is not None and crash.kind == "crash" and crash.detail == "KeyError: 'boom'"
    internal, _ = run_one(Target("t", _reports, ""), b"?", Budget())
    assert internal is not None and internal.kind == "internal-error" and internal.location == "ValueError"
    memory, _ = run_one(Target("t", _hungry, ""), b"x" * 1000, tight, memory=True)
    assert memory is not None and memory.kind == "memory"
    slow, _ = run_one(Target("t", _raises, ""), b"abc", tight)
    assert slow is not None and slow.kind == "time"
    oracle, _ = run_one(Target("t", _slow, ""), b"~", Budget())
    assert oracle is not None and oracle.kind == "roundtrip"
    assert run_one(Target("t", _raises, ""), b"fine", Budget())[0] is None


def _busy(data: bytes) -> object:
    end = time.process_time() + 0.5
    while time.process_time() < end:
        pass
    return None


def test_the_time_budget_counts_cpu_time_not_the_clock() -> None:
    # A run that waits (as on a loaded machine) is within a budget of CPU time; one that
    # computes past it is stopped by the CPU-time alarm, where it was.
    budget = Budget(time_fixed=0.2, time_per_byte=0.0)
    assert run_one(_sleeper(0.4), b"x", budget)[0] is None
    slow, _ = run_one(Target("busy", _busy, ""), b"x", budget)
    assert slow is not None and slow.kind == "time" and "stopped there" in slow.detail


def test_minimise_keeps_the_signature_and_shrinks() -> None:
    target = Target("t", _raises, "")
    found, _ = run_one(target, b"0123456789" * 20 + b"!" + b"abcdefghij" * 20, Budget())
    assert found is not None
    small = minimise(found, target)
    assert small.data == b"!" and small.signature == found.signature


# ---------------------------------------------------------------- the time-sliced schedule (run.py)


def _sleeper(seconds: float) -> Target:
    def run(data: bytes) -> None:
        time.sleep(seconds)

    return Target(f"sleep{seconds}", run, "")


def test_the_schedule_gives_every_target_its_share() -> None:
    """A slow target (0.2 s an input) first, then fast ones: each still gets its slices, and
    none overruns a slice by more than one input (what the fourth long run lacked)."""
    targets = [_sleeper(0.2), _sleeper(0.001), _sleeper(0.002)]
    schedule = Schedule({"pgn": [b"1. C2.5 *", b"1. P3+1 *"]}, grow_to=8192, slice_seconds=0.4)
    start = time.monotonic()
    lanes = schedule.run(targets, seconds=2.4)
    elapsed = time.monotonic() - start
    assert [lane.slices for lane in lanes] == [2, 2, 2]
    assert elapsed < 2.4 + 2 * 0.25  # at most one input over, in each of the slow target's slices
    slow, *fast = lanes
    assert slow.seconds < 2 * (0.4 + 0.25)
    assert all(lane.inputs > 50 and lane.traced >= 1 for lane in fast)
    assert all(lane.largest <= 8192 for lane in lanes)
    assert sum(schedule.report.runs.values()) == sum(lane.inputs for lane in lanes)
    assert "sleep0.2" in schedule.table(lanes).splitlines()[1]


def test_the_schedule_runs_one_input_in_a_slice_with_no_time_left() -> None:
    schedule = Schedule({"pgn": [b"1. C2.5 *"]})
    lane = schedule.lane(_sleeper(0.0))
    schedule.run_slice(lane, 0.0)
    assert (lane.slices, lane.inputs, lane.traced) == (1, 1, 0)  # its seed first: the warm-up


def test_traced_inputs_are_sized_to_fit_what_is_left() -> None:
    schedule = Schedule({"pgn": [b"1. C2.5 *"]}, grow_to=1 << 20)
    lane = schedule.lane(_sleeper(0.0))
    assert schedule._traced_size(lane, 5.0, fresh=True, slice_seconds=10.0) == 1 << 16  # no rate yet: grow_to / 16
    lane.rate = 1e-5  # 10.5 s a megabyte
    assert schedule._traced_size(lane, 6.0, fresh=False, slice_seconds=10.0) == 1 << 19
    assert schedule._traced_size(lane, 0.1, fresh=False, slice_seconds=10.0) is None  # not even grow_to / 64
    assert schedule._traced_size(lane, 0.1, fresh=True, slice_seconds=10.0) == 1 << 14  # the smallest, in a fresh slice
    lane.rate = 1e-3  # 16 s for the smallest: more than a slice
    assert schedule._traced_size(lane, 5.0, fresh=True, slice_seconds=10.0) is None


def test_the_runner_prints_every_target_it_ran(tmp_path, capfd) -> None:  # type: ignore[no-untyped-def]
    import run

    status = run.main(["--seconds", "2", "--seed", "1", "--target", "fen", "--target", "read:mxq",
                       "--generated", "2", "--no-shapes", "--slice", "0.5", "--out", str(tmp_path)])
    out = capfd.readouterr().out
    assert status == 0
    table = out[out.index("target "):].splitlines()
    assert [line.split()[:2] for line in table[1:3]] == [["fen", "2"], ["read:mxq", "2"]]  # two slices each
