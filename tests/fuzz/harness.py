"""The fuzzing loop: run targets on mutated inputs and judge every run by the oracles.

A *target* (:class:`Target`, see :mod:`targets`) is a function of one input's
bytes that calls xqformats and raises :class:`OracleFailure` when a
target-specific check fails (a written game that reads back different, the
fast PGN path disagreeing with the Lark parse).  The harness adds the oracles
every target shares:

* **no exception** leaves the code under test: anything but
  :class:`OracleFailure` raised by a target is a *crash* finding;
* no ``G106`` (internal error) diagnostic: a target reports those it sees
  with :func:`check_diagnostics`, and they are findings too;
* **linear time**: each run within :attr:`Budget.seconds` (a fixed allowance
  plus a cost per byte);
* **linear memory**, on grown inputs: what :mod:`tracemalloc` sees the
  run's result hold (:meth:`Budget.result`) and what it allocated and let go
  (:meth:`Budget.memory`), each within a constant times the input's size
  plus a fixed allowance.

:func:`fuzz` runs a fixed number of inputs per target from a seeded
:class:`random.Random`, so a run is repeatable given the seed; it returns a
:class:`Report` with every finding (deduplicated by :attr:`Finding.signature`)
and the throughput.  :func:`minimise` shrinks a finding's input while it still
shows the same signature.  :data:`KNOWN` lists the findings that are bugs
already reported and not yet fixed: :func:`fuzz` counts them apart (see
:meth:`Report.new`), and ``test_fuzz.py`` pins each one's reproducer as an
``xfail(strict=True)`` test, so that a fix is noticed.
"""

from __future__ import annotations

import gc
import hashlib
import itertools
import random
import re
import signal
import threading
import time
import traceback
import tracemalloc
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Optional, Protocol, Sequence

from mutators import Mutator, grow, mutate
from xqformats.diagnostics import INTERNAL_ERROR, Diagnostic

__all__ = [
    "OracleFailure",
    "Target",
    "Budget",
    "Finding",
    "Known",
    "KNOWN",
    "Report",
    "check_diagnostics",
    "Measure",
    "Plan",
    "Grown",
    "run_one",
    "inputs",
    "pool_of",
    "fuzz",
    "minimise",
]


class OracleFailure(Exception):
    """A target's own check failed: ``kind`` names the oracle (``roundtrip``, ``differential``, ...)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Target:
    """One thing to fuzz: ``run(data)`` calls xqformats on ``data``.

    ``run`` returns what it read (the records, games, diagnostics: what a
    caller would keep, so that memory can tell the result from the work) and
    raises :class:`OracleFailure` when a check of its own fails.  ``formats`` names the formats whose seeds suit it best
    (empty: every seed); the loop still mixes in other seeds now and then,
    since a reader must survive anything.
    """

    name: str
    run: Callable[[bytes], object]
    doc: str
    formats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Budget:
    """How long and how much memory one run may take.

    Time: ``time_fixed + time_per_byte * len(data)`` seconds of CPU time.  Measured on the
    2-core development machine (2026-12-01, ``run.py`` prints the slowest rate
    of each target): the readers take 0.2-1 µs a byte on the sample records
    and about 3 µs a byte on the slowest mutated inputs that are not a
    finding (the PGN reader's Lark parse with its error recovery, and the CBF
    schema explanations).  The per-byte allowance, 20 µs, is seven times that,
    so that a loaded CI machine does not fail; a quadratic cost overshoots it
    once an input is large enough, which the growing mutator sees to.  The
    fixed 2 s covers a garbage collection and caches built on first use.

    Memory (grown inputs only; :mod:`tracemalloc` sees Python's allocations,
    not libxml2's) is judged in two parts.  What the run still holds when it
    returns (the games, diagnostics, the text: its *result*) may be up to
    ``memory_fixed + result_per_byte * len(data)``: a 35-byte game of a tag
    section and a result becomes a :class:`Game` with headers, a start
    position and its diagnostics, about 190 bytes per input byte, the most
    measured; 400 leaves room.  What the run allocated on the way and let go
    (*transient*: the peak minus the result) may be up to ``memory_fixed +
    memory_per_byte * len(data)``: decoding, splitting and parsing copy the
    text a few times (up to 4 bytes a character), 30 bytes per input byte at
    most on PGN; the CBF reader on an element full of broken attributes
    (libxml2's recovery, the schema's error objects) takes up to 95, the most
    a 17-minute run measured.  128 leaves room and still catches the 160
    bytes per character that a long PGN tag costs (issue 10, item 4).  The fixed 8 MB covers grammar tables
    and caches built on first use.
    """

    time_fixed: float = 2.0
    time_per_byte: float = 20e-6
    memory_fixed: int = 8 * 1024 * 1024
    memory_per_byte: int = 128
    result_per_byte: int = 400

    def seconds(self, size: int) -> float:
        return self.time_fixed + self.time_per_byte * size

    def memory(self, size: int) -> int:
        """The most a run may allocate and let go (transient)."""
        return self.memory_fixed + self.memory_per_byte * size

    def result(self, size: int) -> int:
        """The most a run's result may hold."""
        return self.memory_fixed + self.result_per_byte * size


@dataclass
class Finding:
    """One input that broke an oracle.

    ``kind`` is ``crash`` (an exception), ``internal-error`` (a G106
    diagnostic), ``time``, ``memory`` or a target oracle's kind; ``detail``
    the exception's type and message or the measurement; ``trace`` the
    traceback (empty for a measurement).  ``signature`` identifies the bug,
    not the input: the target, the kind, the exception type and the
    innermost frame in xqformats (for time and memory: its module only).
    """

    target: str
    kind: str
    detail: str
    data: bytes
    trace: str = ""
    location: str = ""
    known: Optional[str] = None

    @property
    def signature(self) -> str:
        if self.kind in ("time", "memory"):  # where in a module a slow run was stopped varies from run to run
            return f"{self.target}|{self.kind}|{self.location.split(':')[0]}"
        head = self.detail.split(":", 1)[0] if self.kind in ("crash", "internal-error") else ""
        return f"{self.target}|{self.kind}|{head}|{self.location}"

    @property
    def slug(self) -> str:
        """A file-name-safe name for the finding's folder."""
        digest = hashlib.sha1(self.signature.encode()).hexdigest()[:10]
        return re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{self.target}-{self.kind}")[:60] + "-" + digest

    def describe(self) -> str:
        lines = [f"target: {self.target}", f"oracle: {self.kind}", f"detail: {self.detail}"]
        if self.location:
            lines.append(f"where: {self.location}")
        if self.known:
            lines.append(f"known: {self.known}")
        lines.append(f"input ({len(self.data)} bytes): {self.data[:300]!r}{' ...' if len(self.data) > 300 else ''}")
        if self.trace:
            lines += ["", self.trace]
        return "\n".join(lines)


@dataclass(frozen=True)
class Known:
    """A finding already reported and not yet fixed.

    It matches a finding whose target fits the regular expression ``target``,
    of kind ``kind``, whose detail and location fit ``detail`` and ``where``
    (searched).  ``reproducer`` is a small input that shows it with the target
    ``reproduce_with``; ``reason`` names the bug, for the ``xfail`` marker of
    its test.
    """

    target: str
    kind: str
    reproduce_with: str
    reproducer: bytes
    reason: str
    detail: str = ""
    where: str = ""

    def matches(self, finding: Finding) -> bool:
        return (
            re.fullmatch(self.target, finding.target) is not None
            and finding.kind == self.kind
            and re.search(self.detail, finding.detail) is not None
            and re.search(self.where, finding.location) is not None
        )


#: Findings that are reported bugs awaiting a fix (README.md lists those of each long run and what
#: became of them).  The damaged PGN FEN tag of the third run (issue 28) is not pinned here: whether
#: it crossed the budget depended on the machine's load, too unsteady for a check (README.md has its
#: reproducer; it is fixed and pinned in tests/test_fen.py).
KNOWN: tuple[Known, ...] = ()

#: Findings of earlier runs, fixed, each kept as a regression check
#: (``test_fixed_finding_stays_fixed``).  The seven findings of the first long
#: run (CBF Board pattern and element locator, PGN tag memory, short reads, CR
#: positions, the CBF empty tag, the splitter on tiny pieces) have their own
#: regression tests elsewhere.
FIXED: tuple[Known, ...] = (
    Known(
        target=r"read:(dhtmlxq|detect)|write:.*",
        kind="memory",
        detail=r"allocated and let go",
        reproduce_with="read:dhtmlxq",
        # 120 KB of one-digit runs and line breaks: it once cost about 350 bytes
        # per input byte while parsing (one Lark token and one piece per
        # character); the move list is now read without that tree.
        reproducer=b"[DhtmlXQ]\n[DhtmlXQ_movelist]" + b"7\n" * 60_000 + b"[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n",
        reason="DhtmlXQ: a damaged move list cost about 350 bytes of transient memory per byte (the whole Lark tree of one-character tokens was built before lowering)",
    ),
    # The third long run (issue 28, README.md): three catch-all text terminals and one reader.
    Known(
        target=r"read:(dhtmlxq|detect)",
        kind="memory",
        detail=r"allocated and let go",
        reproduce_with="read:dhtmlxq",
        # 256 KB of PGN tag lines, text to DhtmlXQ: the TEXT terminal's repeated group kept the
        # regex engine's backtracking state per character, 400-480 bytes per byte (now 0-2).
        reproducer=b'[Result "*"]\n' * 20_000,
        reason="DhtmlXQ: long text outside the blocks (or in a tag value, comment or digit value) cost about 450 bytes per byte in the lexer's regex",
    ),
    # The fourth long run (2026-12-03, README.md).
    Known(
        target=r"read:(dhtmlxq|dhjhtmlxq|detect)",
        kind="memory",
        detail=r"allocated and let go",
        reproduce_with="read:dhtmlxq",
        # 120 KB of a branch whose digits alternate with junk (`.7.7.7…`): a Lark token per byte, and
        # every token and every piece of the block held at once: peak 44.8 MB, 218 bytes per byte
        # let go. The pieces are now made as the tokens are let go: peak 29.2 MB.
        reproducer=b"[DhtmlXQ]\n[DhtmlXQ_movelist]17161114[/DhtmlXQ_movelist]\n[DhtmlXQ_move_0_1_1]1737"
        + b".7" * 60_000 + b"[/DhtmlXQ_move_0_1_1]\n[/DhtmlXQ]\n",
        reason="DhtmlXQ: a block of one-character tokens held its Lark tokens and its pieces at once, about 218 bytes per byte",
    ),
    Known(
        target=r"read:(pfc|cbf|detect)",
        kind="time",
        where=r"cbf/locate\.py",
        reproduce_with="read:pfc",
        # A root of 20,000 attributes (`red="" red="" …`, 140 KB): the locator read the whole start
        # tag again for each attribute it placed, about 32 s (8 s at 70 KB, 1.65 s at 35 KB); the
        # tag's attributes are now read once (0.03 s at 70 KB).
        reproducer=b'<?xml version="1.0" encoding="utf-8"?><n version="2" win="1-0" c=""' + b' red=""' * 20_000 + b"/>",
        reason="PFC (CBF's locator): placing each attribute of one start tag read the whole tag again, quadratic",
    ),
    Known(
        target=r"read:(wxfgame|detect)",
        kind="memory",
        detail=r"allocated and let go",
        reproduce_with="read:wxfgame",
        # A 256 KB comment: the COMMENT terminal, as above, about 195 bytes per byte (now 3).
        reproducer=b"FORMAT\tWXF\n/*" + b"c*" * 128_000 + b"*/\nSTART{\n 1. H2+3\n}END\n",
        reason="WXF game files: a long comment cost about 195 bytes per byte in the lexer's regex",
    ),
    Known(
        target=r"(read|write):wxfgame",
        kind="memory",
        detail=r"allocated and let go",
        reproduce_with="read:wxfgame",
        # 100,000 two-byte unreadable moves (200 KB; below about that the fixed allowance of Budget
        # hides it): the whole Lark tree, a Token and a Tree per token, about 460 bytes a token, was
        # built before it was read: 233 bytes per byte at 50 KB, 200 KB and 800 KB alike.  The parser
        # now hands each rule to the reader as it reduces it (wxfgame/reader.py): 8 bytes per byte.
        reproducer=b"FORMAT\tWXF\nSTART{\n 1. H2+3 C8.4\n 2." + b" C" * 100_000 + b"\n}END\n",
        reason="WXF game files: the whole Lark tree was built before it was read, about 460 bytes per token (233 per byte on two-byte tokens)",
    ),
    Known(
        target=r"read:(json|detect)",
        kind="memory",
        detail=r"allocated and let go",
        reproduce_with="read:json",
        # A 256 KB damaged start FEN: one Diagnostic per unknown letter, all but the first thrown
        # away; 324 bytes per byte and 8.5 µs a byte (now 3 bytes and 0.5 µs).
        reproducer=b'{"xqformats": 1, "games": [{"headers": [], "start": "rnbakabnr/' + b"x" * 256_000
        + b'9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "result": "*", "nodes": [{}]}]}',
        reason="JSON form: a long damaged start FEN cost about 320 bytes per byte (a finding per letter, all but the first dropped)",
    ),
    Known(
        target=r"read:(mxq|detect)",
        kind="memory",
        reproduce_with="read:mxq",
        # 100 KB of empty strings after the first move (the fourth long run): the generated layout
        # made a Pstr per string, about 450 bytes each with _parent/_root cycles, 531 bytes per byte
        # "held" until the collector ran and a peak of 702. The strings are now cut by a fast path
        # that keeps their offsets (mxq/strings.py): 24 bytes per byte let go, 3 held (the comment
        # keeping the 100,000 `""`), at 100 KB and 400 KB alike (tests/test_mxq_strings.py).
        reproducer=b"\x05Moves\x057C-4C" + b"\x00" * 100_000,
        reason="MXQ: the generated layout made an object per string, about 450 bytes for a one-byte string",
    ),
    # The first time-sliced run (2026-12-03, README.md).
    Known(
        target=r"read:(shijia|detect)",
        kind="memory",
        detail=r"allocated and let go",
        reproduce_with="read:shijia",
        # 120 KB of one-letter words where moves stand: Lark built the whole tree, a Tree and a
        # Token per word (about 520 bytes a word), before the reader walked it: 263 bytes per byte
        # let go at 120 KB and 480 KB alike (stray words before `Moves`: 238).  The parser now hands
        # each rule to the reader as it reduces it (shijia/reader.py): 38 bytes per byte (4 on strays).
        reproducer=b"Moves " + b"x " * 60_000 + b"Ends CommentsEnd",
        reason="ShiJia: the whole Lark tree, a Tree and a Token per word, was built before it was read (about 240-260 bytes per byte on one-letter words)",
    ),
    Known(
        target=r"write:cbf",
        kind="roundtrip",
        detail=r"read back different, losses\(\) named nothing",
        reproduce_with="write:cbf",
        # A variation that repeats the move it is an alternative to: the PGN reader keeps both
        # (with no finding of its own: P212 is the missing Format tag), the CBF writer writes both,
        # the CBF reader merges them (C307), and the CBF writer's losses() named nothing.  It now names them (Loss.REPEATED; tests/test_cbf_writer.py).
        reproducer=b"1. C2.5 (1. C2.5) *\n",
        reason="CBF: two identical moves at one point were written, read back merged (C307), and losses() did not name it",
    ),
)


def check_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    """Raise :class:`OracleFailure` (``internal-error``) for a G106 among ``diagnostics``."""
    for d in diagnostics:
        if d.code == INTERNAL_ERROR.code:
            raise OracleFailure("internal-error", d.message)


# ---------------------------------------------------------------- one run


def _location(exc: BaseException) -> str:
    """The innermost frame of the traceback inside the package (``module.py:function``)."""
    where = ""
    for frame in traceback.extract_tb(exc.__traceback__):
        if "/xqformats/" in frame.filename.replace("\\", "/"):
            where = f"{frame.filename.replace(chr(92), '/').split('/xqformats/')[-1]}:{frame.name}"
    return where


def _internal_location(message: str) -> str:
    """For a G106 message (``... (Type: message)``), the exception type it names."""
    match = re.search(r"\b([A-Z][A-Za-z]*(?:Error|Exception))\b", message)
    return match.group(1) if match else ""


class _Timeout(BaseException):
    """Raised into a run that outlives its time budget (a BaseException: no ``except Exception`` in the package stops it)."""


def _on_alarm(signum: int, frame: object) -> None:
    raise _Timeout()


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Interrupt the block with :class:`_Timeout` after ``seconds`` of the process's CPU time (main thread on
    POSIX; elsewhere, no alarm).

    CPU time, not the clock: on a machine shared with other work a run waits
    for a core, and its wall time measures the neighbours (a long run at
    ``nice 19`` beside a loaded machine reported reads of 1-5 µs of CPU a
    byte as 200 µs a byte).
    """
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGPROF, _on_alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _time_finding(target: Target, data: bytes, elapsed: float, limit: float, trace: str = "", location: str = "") -> Finding:
    rate = elapsed / max(1, len(data)) * 1e6
    stopped = "; stopped there" if trace else ""
    detail = f"{elapsed:.2f} s for {len(data):,} bytes ({rate:.1f} µs/byte); budget {limit:.2f} s{stopped}"
    return Finding(target.name, "time", detail, data, trace, location)


def _call(target: Target, data: bytes, limit: float) -> tuple[Optional[Finding], object]:
    """Run ``target``: ``(finding, result)``: the finding its exception makes, if any, or what it returned.

    A run past ``limit`` seconds of CPU time is stopped: a time finding.
    """
    start = time.process_time()
    try:
        with _alarm(limit):
            return None, target.run(data)
    except _Timeout as exc:
        return _time_finding(target, data, time.process_time() - start, limit, traceback.format_exc(limit=-12), _location(exc)), None
    except OracleFailure as exc:
        location = _internal_location(str(exc)) if exc.kind == "internal-error" else ""
        return Finding(target.name, exc.kind, str(exc), data, traceback.format_exc(), location), None
    except RecursionError as exc:  # a crash like any other, but its traceback is thousands of frames
        return Finding(target.name, "crash", f"RecursionError: {exc}", data, "", _location(exc)), None
    except Exception as exc:  # the harness's safety net: every exception of the code under test is the finding
        detail = f"{type(exc).__name__}: {exc}"
        return Finding(target.name, "crash", detail[:2000], data, traceback.format_exc(), _location(exc)), None


@dataclass
class Measure:
    """One run's cost: seconds, and with memory tracing the peak and what the result held (bytes)."""

    seconds: float
    peak: int = 0
    held: int = 0

    @property
    def transient(self) -> int:
        return self.peak - self.held


def _memory_finding(target: Target, data: bytes, budget: Budget, measure: Measure) -> Optional[Finding]:
    size = max(1, len(data))
    for what, used, limit in (
        ("held by the result", measure.held, budget.result(len(data))),
        ("allocated and let go (peak minus result)", measure.transient, budget.memory(len(data))),
    ):
        if used > limit:
            detail = f"{used:,} bytes {what} for {len(data):,} input bytes ({used / size:.0f}/byte); budget {limit:,}"
            return Finding(target.name, "memory", detail, data)
    return None


def run_one(target: Target, data: bytes, budget: Budget, *, memory: bool = False) -> tuple[Optional[Finding], Measure]:
    """Run ``target`` on ``data`` once: ``(finding or None, its cost)``.

    A run that outlives its time budget is interrupted (a time finding whose
    traceback shows where it was).  With ``memory``, the run is traced by
    :mod:`tracemalloc` and checked against the budget; it then gets four
    times the time (tracing slows it).
    """
    limit = budget.seconds(len(data)) * (4 if memory else 1)
    if memory:
        gc.collect()
        tracemalloc.start()
    start = time.process_time()
    try:
        finding, result = _call(target, data, limit)
        measure = Measure(time.process_time() - start)
        if memory:
            measure.held, measure.peak = tracemalloc.get_traced_memory()
        del result
    finally:
        if memory:
            tracemalloc.stop()
    if finding is None and memory:
        finding = _memory_finding(target, data, budget, measure)
    elif finding is None and measure.seconds > limit:  # the alarm is not available, or came late
        finding = _time_finding(target, data, measure.seconds, limit)
    return finding, measure


# ---------------------------------------------------------------- the loop


@dataclass
class Report:
    """What :func:`fuzz` did: findings by signature, inputs run, bytes read, seconds spent."""

    findings: dict[str, Finding] = field(default_factory=dict)
    runs: dict[str, int] = field(default_factory=dict)
    nbytes: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    slowest: dict[str, float] = field(default_factory=dict)  # worst seconds per byte, inputs over 1 KB
    held: dict[str, float] = field(default_factory=dict)  # most result bytes per input byte, grown inputs
    transient: dict[str, float] = field(default_factory=dict)  # most transient bytes per input byte, grown inputs

    def add(self, finding: Finding) -> bool:
        """Record ``finding``; whether its signature is new."""
        if finding.signature in self.findings:
            return False
        finding.known = next((k.reason for k in KNOWN if k.matches(finding)), None)
        self.findings[finding.signature] = finding
        return True

    def count(self, target: str, size: int, measure: Measure) -> None:
        self.runs[target] = self.runs.get(target, 0) + 1
        self.nbytes[target] = self.nbytes.get(target, 0) + size
        self.seconds[target] = self.seconds.get(target, 0.0) + measure.seconds
        if size >= 1024 and not measure.peak:
            self.slowest[target] = max(self.slowest.get(target, 0.0), measure.seconds / size)
        if size >= 16 * 1024 and measure.peak:
            self.held[target] = max(self.held.get(target, 0.0), measure.held / size)
            self.transient[target] = max(self.transient.get(target, 0.0), measure.transient / size)

    def new(self) -> list[Finding]:
        """The findings that no :data:`KNOWN` entry explains."""
        return [f for f in self.findings.values() if f.known is None]

    def summary(self) -> str:
        """One line per target: inputs, throughput, slowest rate; then the findings."""
        lines = []
        for name, runs in self.runs.items():
            secs = self.seconds[name]
            lines.append(
                f"{name}: {runs} inputs, {self.nbytes[name] / 1024:.0f} KB in {secs:.1f} s "
                f"({runs / max(secs, 1e-9):.0f} inputs/s, {self.nbytes[name] / max(secs, 1e-9) / 1024:.0f} KB/s; "
                f"slowest {self.slowest.get(name, 0.0) * 1e6:.1f} µs/byte; memory per byte of grown inputs: "
                f"result {self.held.get(name, 0.0):.0f}, transient {self.transient.get(name, 0.0):.0f})"
            )
        for f in self.findings.values():
            lines.append(f"FINDING {f.signature}{' (known: ' + f.known + ')' if f.known else ''}: {f.detail[:200]}")
        return "\n".join(lines)


class Grown(Protocol):
    """An input of one format at any size (:class:`shapes.Shape`)."""

    @property
    def format(self) -> str: ...

    def grown(self, size: int) -> bytes: ...


@dataclass(frozen=True)
class Plan:
    """How one target is fuzzed: ``count`` inputs (``grown`` of them grown, memory-checked).

    ``max_size`` bounds an ordinary mutated input; ``grow_to`` the size a grown
    input reaches (drawn between a quarter of it and all of it).
    """

    count: int
    grown: int = 0
    max_size: int = 64 * 1024
    grow_to: int = 256 * 1024


def inputs(seeds: Sequence[bytes], rng: random.Random, plan: Plan, dictionary: Sequence[bytes], mutators: Optional[Sequence[Mutator]] = None) -> Iterator[tuple[bytes, bool]]:
    """``(data, grown)`` pairs: first each seed as it is, then mutants; ``plan.grown`` grown ones spread among them."""
    n = 0
    for seed in seeds:
        if n >= plan.count:
            return
        n += 1
        yield seed, False
    every = max(1, (plan.count - n) // plan.grown) if plan.grown else 0
    while n < plan.count:
        n += 1
        if every and n % every == 0:
            yield grow(rng, rng.choice(seeds), rng.randint(plan.grow_to // 4, plan.grow_to), dictionary), True
        else:
            yield mutate(rng, seeds, dictionary, plan.max_size, mutators), False


def pool_of(target: Target, seeds: dict[str, list[bytes]], rng: random.Random) -> tuple[list[bytes], list[bytes]]:
    """``(own, pool)``: the seeds of ``target``'s formats (every seed when it names none), and
    those plus one in eight as many drawn from the other seeds (a reader must survive anything)."""
    everything = [s for group in seeds.values() for s in group]
    own = [s for name in target.formats for s in seeds.get(name, [])] or everything
    others = [s for s in everything if s not in own]
    return own, own + rng.sample(others, min(len(others), max(1, len(own) // 8)))


def fuzz(
    targets: Sequence[Target],
    seeds: dict[str, list[bytes]],
    plan: Plan,
    *,
    seed: int = 0,
    budget: Budget = Budget(),
    report: Optional[Report] = None,
    on_finding: Optional[Callable[[Finding], None]] = None,
    dictionary: Sequence[bytes] = (),
    shapes: Sequence[Grown] = (),
) -> Report:
    """Run each of ``targets`` on ``plan.count`` inputs made from ``seeds``; the findings and figures.

    ``seeds`` maps a format name to its seed inputs (``"*"``: generic ones);
    a target takes the seeds of its :attr:`Target.formats`, plus every other
    seed now and then (one input in eight comes from the whole pool).  Each
    target gets its own :class:`random.Random` from ``seed`` and its name, so
    adding a target changes no other target's inputs.  ``on_finding`` is
    called with each new signature's first finding.  ``shapes``
    (:class:`shapes.Shape`) are grown to ``plan.grow_to`` bytes and run,
    memory-checked, by each target whose formats they are of (every target
    without formats runs them all), after its other inputs.
    """
    report = report if report is not None else Report()
    for target in targets:
        rng = random.Random(f"{seed}:{target.name}")
        own, pool = pool_of(target, seeds, rng)
        # Warm up on each of the target's own seeds: imports and caches are not an input's cost (a
        # finding here is found again below).  The smallest seed alone left some to a later, maybe
        # memory-traced input: xmlschema's schema, built for the first CBF document libxml2 rejects
        # (the ninth smallest CBF seed is the first), holds 14 MB and takes 9 s traced (issue 28).
        for warm in own:
            run_one(target, warm, budget)
        grown_shapes = ((s.grown(plan.grow_to), True) for s in shapes if not target.formats or s.format in target.formats)
        for data, grown in itertools.chain(inputs(pool, rng, plan, dictionary), grown_shapes):
            finding, measure = run_one(target, data, budget, memory=grown)
            report.count(target.name, len(data), measure)
            if finding is not None and report.add(finding) and on_finding is not None:
                on_finding(finding)
    return report


# ---------------------------------------------------------------- minimising


def minimise(finding: Finding, target: Target, budget: Budget = Budget(), *, attempts: int = 2000, seconds: Optional[float] = None) -> Finding:
    """A smaller input with the same :attr:`Finding.signature` (delta debugging over bytes).

    Removes chunks from half the input down to single bytes while the
    signature stays, at most ``attempts`` runs and, given ``seconds``, no run
    started after that many seconds.  A time or memory finding is shrunk while
    it still exceeds its budget.
    """
    best = finding
    tries = 0
    stop = time.monotonic() + seconds if seconds is not None else float("inf")
    chunk = max(1, len(best.data) // 2)
    while chunk >= 1 and tries < attempts and time.monotonic() < stop:
        i = 0
        shrunk = False
        while i < len(best.data) and tries < attempts and time.monotonic() < stop:
            candidate = best.data[:i] + best.data[i + chunk :]
            tries += 1
            found, _ = run_one(target, candidate, budget, memory=best.kind == "memory")
            if found is not None and found.signature == best.signature:
                best = found
                shrunk = True
            else:
                i += chunk
        if not shrunk:
            chunk //= 2
    return best
