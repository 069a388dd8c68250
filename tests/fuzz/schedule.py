"""Time-sliced fuzzing: every target gets its share of a run's seconds (``run.py``).

:func:`harness.fuzz` runs a fixed number of inputs per target, one target
after the other: right for the suite, whose counts make a run repeatable, but
a clock-bound run that way spends its time on the first targets (the fourth
long run finished 23 of 34: the first rounds of grown inputs, traced by
:mod:`tracemalloc`, outran their shares).  :class:`Schedule` instead

* cuts the run into *slices* of about ``slice_seconds``, each target taking
  its slices in turn (round robin), a slice being what is left of the run
  divided by the slices left, so a slice overrun is made up by the next ones;
* checks the clock before every input, so a target overruns its slice by at
  most the one input it is running (each slice runs at least one input, so
  every target is reached however late);
* spends at most ``traced_share`` of a slice on *traced* inputs (the grown
  shapes of :mod:`shapes`, one after another across the slices, then grown
  mutants), after the target has run its own seeds as they are (its warm-up:
  a cache built on first use is then not a traced input's cost), and sizes
  each from the rate the target's last traced input ran at: the largest of
  ``grow_to``, ``grow_to / 2``, ... that is predicted to fit in what is left
  of the slice's traced share.  The first traced input of a target is
  ``grow_to / 16``, and none is smaller than ``grow_to / 64`` (nor 1 KB).

What each target did (:class:`Lane`: inputs, traced inputs, the largest,
seconds) is :meth:`Schedule.table`.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional, Sequence

from harness import Budget, Finding, Grown, Measure, Plan, Report, Target, inputs, pool_of, run_one
from mutators import grow

__all__ = ["Lane", "Schedule"]


@dataclass
class Lane:
    """One target's state from slice to slice, and what it did."""

    target: Target
    rng: random.Random
    pool: list[bytes]
    ordinary: Iterator[tuple[bytes, bool]]  # its seeds as they are, then mutants (harness.inputs)
    seeds_left: int  # seeds still to run before any traced input (the warm-up)
    shapes: list[Grown]  # grown shapes not yet run
    slices: int = 0
    inputs: int = 0
    traced: int = 0
    largest: int = 0  # bytes of the largest traced input
    seconds: float = 0.0  # wall clock in its slices
    traced_seconds: float = 0.0
    rate: float = 0.0  # wall-clock seconds per byte of its last traced input (0: none yet)


@dataclass
class Schedule:
    """Round-robin slices of ``seconds`` over the targets (see the module docstring)."""

    seeds: dict[str, list[bytes]]
    shapes: Sequence[Grown] = ()
    dictionary: Sequence[bytes] = ()
    seed: int = 0
    grow_to: int = 1024 * 1024
    slice_seconds: float = 10.0
    traced_share: float = 0.5
    max_size: int = 64 * 1024
    budget: Budget = field(default_factory=Budget)
    report: Report = field(default_factory=Report)
    on_finding: Optional[Callable[[Finding], None]] = None
    clock: Callable[[], float] = time.monotonic
    _made: dict[tuple[int, int], bytes] = field(default_factory=dict)  # (shape's index, size) -> its input

    def lane(self, target: Target) -> Lane:
        """The lane of ``target``: its own random stream (from the seed and its name, as in :func:`harness.fuzz`)."""
        rng = random.Random(f"{self.seed}:{target.name}")
        _, pool = pool_of(target, self.seeds, rng)
        ordinary = inputs(pool, rng, Plan(count=sys.maxsize, max_size=self.max_size), self.dictionary)
        mine = [s for s in self.shapes if not target.formats or s.format in target.formats]
        return Lane(target, rng, pool, ordinary, seeds_left=len(pool), shapes=mine)

    def run(self, targets: Sequence[Target], seconds: float) -> list[Lane]:
        """Fuzz ``targets`` for about ``seconds`` in all; every target's :class:`Lane`."""
        lanes = [self.lane(t) for t in targets]
        self.run_lanes(lanes, seconds)
        return lanes

    def run_lanes(self, lanes: Sequence[Lane], seconds: float) -> None:
        """Fuzz for about ``seconds``, the lanes in turn (a caller keeps them to see how far an interrupted run got)."""
        cycles = max(1, round(seconds / max(1, len(lanes)) / self.slice_seconds))
        deadline = self.clock() + seconds
        for cycle in range(cycles):
            for i, lane in enumerate(lanes):
                left = (cycles - cycle) * len(lanes) - i  # slices still to run, this one included
                self.run_slice(lane, max(0.0, deadline - self.clock()) / left)

    def run_slice(self, lane: Lane, seconds: float) -> None:
        """Run ``lane``'s target for ``seconds`` (at least one input; the clock is read before each)."""
        start = self.clock()
        end, traced_end = start + seconds, seconds * self.traced_share
        traced = 0.0
        while True:
            available = min(end - self.clock(), traced_end - traced)
            size = None if lane.seeds_left else self._traced_size(lane, available, fresh=traced == 0.0, slice_seconds=seconds)
            if size is not None:
                took = self._run_traced(lane, size)
                traced += took
            else:
                data, _ = next(lane.ordinary)
                lane.seeds_left = max(0, lane.seeds_left - 1)
                self._count(lane, data, *run_one(lane.target, data, self.budget))
            if self.clock() >= end:
                break
        lane.slices += 1
        lane.seconds += self.clock() - start

    def _traced_size(self, lane: Lane, available: float, *, fresh: bool, slice_seconds: float) -> Optional[int]:
        """The size of the next traced input, or ``None``: none fits in ``available`` seconds.

        The smallest (``grow_to / 64``) is run anyway in a ``fresh`` slice (no traced input
        run in it yet) when it is predicted to fit in the whole slice.
        """
        smallest = min(self.grow_to, max(1024, self.grow_to // 64))
        if lane.rate == 0.0:
            return max(smallest, self.grow_to // 16) if available > 0 else None
        size = self.grow_to
        while size > smallest and size * lane.rate > available:
            size //= 2
        if size * lane.rate <= available:
            return size
        return size if fresh and size * lane.rate <= slice_seconds else None

    def _run_traced(self, lane: Lane, size: int) -> float:
        """Make and run one traced input of about ``size`` bytes (the next shape, else a grown mutant); its seconds."""
        start = self.clock()
        if lane.shapes:
            shape = lane.shapes.pop(0)
            key = (self.shapes.index(shape), size)
            if key not in self._made:
                self._made[key] = shape.grown(size)
            data = self._made[key]
        else:
            data = grow(lane.rng, lane.rng.choice(lane.pool), lane.rng.randint(size // 4, size), self.dictionary)
        self._count(lane, data, *run_one(lane.target, data, self.budget, memory=True))
        took = self.clock() - start
        lane.traced += 1
        lane.traced_seconds += took
        lane.largest = max(lane.largest, len(data))
        lane.rate = took / max(1, len(data))
        return took

    def _count(self, lane: Lane, data: bytes, finding: Optional[Finding], measure: Measure) -> None:
        lane.inputs += 1
        self.report.count(lane.target.name, len(data), measure)
        if finding is not None and self.report.add(finding) and self.on_finding is not None:
            self.on_finding(finding)

    def table(self, lanes: Sequence[Lane]) -> str:
        """One line per target: slices, inputs, traced inputs and the largest, seconds used, findings."""
        head = f"{'target':18} {'slices':>6} {'inputs':>9} {'traced':>6} {'largest':>9} {'seconds':>8} {'traced s':>8} findings"
        lines = [head]
        for lane in lanes:
            found = sum(1 for f in self.report.findings.values() if f.target == lane.target.name)
            lines.append(
                f"{lane.target.name:18} {lane.slices:6} {lane.inputs:9,} {lane.traced:6} {lane.largest / 1024:8.0f}K "
                f"{lane.seconds:8.1f} {lane.traced_seconds:8.1f} {found}"
            )
        return "\n".join(lines)
