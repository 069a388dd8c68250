"""Lint files game by game, in one process, in a process pool or on a Dask cluster, always in the same order.

:func:`lint_file` is the unit of work: open the file through the front door
(:func:`xqformats.formats.open_record`, which detects the format and reports
unreadable, unsupported and mismatched files), read it one game at a time,
run the model checks of :mod:`~xqformats.lint.checks` on each game as it
comes (no game is kept: memory is that of the largest game, plus the
findings), keep the selected codes, sort by position, and fetch the source
lines the findings point at (for carets) in a second pass over the file.

:func:`iter_results` maps it over the discovered files.  With ``jobs > 1``
(or a Dask ``scheduler``) units go to an :func:`xqformats.parallel.executor`:
small files whole, largest first, and a big file cut into parts of whole
games (:meth:`~xqformats.formats.RecordStream.parts`, read by
:func:`lint_part`), whose findings are put back together in the order of a
whole read; each result is put back at its input's place, so ``-j N`` and
``--scheduler`` print exactly what ``-j 1`` prints.

A reader or a check that raises (a bug: they never raise on bad input) does
not stop the run: the front door's safety net (:func:`xqformats.formats.guard`)
turns it into a ``G106`` finding naming the exception, and the exit status
is 2, as for an unreadable file.
"""

from __future__ import annotations

import gc
import os
import sys
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator, NamedTuple, Optional, Sequence, Union

from ..diagnostics import Diagnostic, DiagnosticSink, Fix, Rule, Severity
from ..formats import DEFAULT_MAX_FILE_SIZE, RecordStream, open_record
from ..formats._reading import guard
from ..formats.base import Part
from ..parallel import DEFAULT_CONNECT_TIMEOUT, Executor, Scheduler, executor
from ..process import GC_THRESHOLDS
from ..progress import Progress
from ..formats.rules import UNREADABLE_FILE
from .checks import GameChecker
from .duplicates import DUPLICATE_GAME, DuplicateJudge, GameMark, mark_of
from ..discovery import STDIN, Target
from .catalogue import RULES
from .selection import RuleSelection
from .suppression import MARKER, suppress

__all__ = ["LintOptions", "FileResult", "lint_bytes", "iter_results", "run"]


@dataclass(frozen=True, slots=True)
class LintOptions:
    """What to report and how strictly (picklable: it goes to worker processes)."""

    #: Which codes are reported in which file (``per-file-ignores`` included).
    selection: RuleSelection = RuleSelection()
    strict: bool = False
    #: Text encoding of PGN inputs; ``None`` detects it from the bytes.
    encoding: Optional[str] = None
    #: The largest input read, in bytes; a larger one is reported (``G107``), not read.
    max_size: int = DEFAULT_MAX_FILE_SIZE
    #: The rule set repetitions are judged by (``cxa`` or ``axf``; docs/spec/rules.md).
    rules: str = "cxa"

    def enabled_for(self, display: str, path: str) -> Callable[[str], bool]:
        """The code filter for one input: :meth:`RuleSelection.for_file` of its path.

        Standard input is matched by its ``--stdin-filename`` (``display``), when it has one.
        """
        name = display if path == STDIN else path
        return self.selection.for_file(None if name == STDIN else name)


@dataclass(frozen=True, slots=True)
class FileResult:
    """The findings for one input, in position order.

    ``lines`` maps 1-based line numbers to the source lines findings point
    at (for the text output's carets); ``failed`` is set when the file could
    not be read or the reader crashed (exit status 2).  ``size`` (bytes read),
    ``games`` and ``moves`` (every move of every game, variations included)
    are what the run's summary counts.  ``marks`` holds each game's identity
    when ``G109`` is enabled for the file (:mod:`~xqformats.lint.duplicates`
    judges them across the run), and is empty otherwise.
    """

    display: str
    diagnostics: tuple[Diagnostic, ...] = ()
    lines: dict[int, str] = field(default_factory=dict)
    failed: bool = False
    size: int = 0
    games: int = 0
    moves: int = 0
    marks: tuple[GameMark, ...] = ()

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.diagnostics)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Results cross process boundaries with -j N; plain tuples pickle and
        # unpickle several times faster than frozen slotted dataclasses (a file
        # with 120,000 findings: 0.27 s instead of 1.1 s).  A finding's path is
        # sent only when it is not ``display`` (see _finish: it always is).
        rows = tuple(
            (d.code, int(d.severity), d.message, d.line, d.column, d.end_line, d.end_column,
             None if d.path == self.display else d.path, d.offset, d.length, d.deviation, d.fix, d.related)
            for d in self.diagnostics
        )
        return (_rebuild, (self.display, rows, self.lines, self.failed, self.size, self.games, self.moves, self.marks))


# A finding as it crosses a process boundary (see FileResult.__reduce__).
_Row = tuple[
    str, int, str, Optional[int], Optional[int], Optional[int], Optional[int], Optional[str], Optional[int], Optional[int],
    bool, Optional[Fix], tuple[Diagnostic, ...],
]


def _rebuild(
    display: str,
    rows: tuple[_Row, ...],
    lines: dict[int, str],
    failed: bool,
    size: int,
    games: int,
    moves: int,
    marks: tuple[GameMark, ...] = (),
) -> FileResult:
    sev = {int(s): s for s in Severity}
    diags = tuple(
        Diagnostic(c, sev[s], m, ln, col, eln, ecol, display if p is None else p, off, n, deviation=dev, fix=fx, related=rel)
        for c, s, m, ln, col, eln, ecol, p, off, n, dev, fx, rel in rows
    )
    return FileResult(display, diags, lines, failed, size, games, moves, marks)


def _sort_key(d: Diagnostic) -> tuple[int, int]:
    return (d.line or 0, d.column or 0)


#: ``lines(wanted) -> {number: line}``: the source lines findings point at (see :meth:`RecordStream.lines`).
LinesOf = Callable[[set[int], Optional[str]], dict[int, str]]


def _finish(
    display: str,
    diags: Iterable[Diagnostic],
    lines_of: Optional[LinesOf],
    enabled: Callable[[str], bool],
    *,
    failed: bool = False,
) -> FileResult:
    """Keep the enabled findings the record's suppression comments leave, in position order, with their source lines.

    One more pass over a text input fetches both the lines the findings point
    at and the lines that hold a suppression directive (docs/suppression.md).
    """
    kept = [d if d.path == display else d.with_path(display) for d in diags if enabled(d.code)]
    lines: dict[int, str] = {}
    if lines_of is not None:
        lines = lines_of({d.line for d in kept if d.line is not None}, MARKER)
        marked = {n: text for n, text in lines.items() if MARKER in text}
        if marked:
            kept = [d for d in suppress(kept, marked, display, RULES) if enabled(d.code)]
            shown = {d.line for d in kept}
            lines = {n: text for n, text in lines.items() if n in shown}
    kept.sort(key=_sort_key)
    return FileResult(display, tuple(kept), lines, failed)


def _file_diag(rule: Rule, message: str, display: str, strict: bool) -> Diagnostic:
    sink = DiagnosticSink(path=display, strict=strict)
    return sink.report(rule, message)


class _Checked(NamedTuple):
    """What :func:`_check_games` found in a stream's games."""

    diagnostics: list[Diagnostic]
    crashed: bool
    games: int
    moves: int
    marks: tuple[GameMark, ...]


def _check_games(stream: RecordStream, display: str, options: LintOptions, enabled: Callable[[str], bool]) -> _Checked:
    """Read the games of ``stream`` one at a time and run the model checks on each.

    Returns the checks' findings (a check that raised, a bug, gives ``G106``
    first and no more checks run), whether one raised, the number of games
    and of moves, and each game's :class:`GameMark` when ``G109`` is enabled.
    No game is kept.
    """
    sink = DiagnosticSink(path=display, strict=options.strict)
    checker = GameChecker(stream.format.name if stream.format is not None else "", enabled, options.rules)
    crash: Optional[Diagnostic] = None
    games = moves = 0
    marks: Optional[list[GameMark]] = [] if enabled(DUPLICATE_GAME.code) else None
    for game in stream:
        games += 1
        if crash is None:
            _, crash = guard(partial(checker.check, game, sink), "A lint check", name=display, strict=options.strict)
        if marks is not None:
            marks.append(mark_of(game))
        # Nothing keeps the game: its nodes are freed now, not by the cycle collector.
        moves += game.release()
    found = ([crash] if crash is not None else []) + sink.items
    return _Checked(found, crash is not None, games, moves, tuple(marks or ()))


def _lint_stream(stream: RecordStream, display: str, options: LintOptions, enabled: Callable[[str], bool]) -> FileResult:
    """Lint one opened input game by game and finish its result (the findings of a whole read)."""
    with stream:
        if stream.format is None or stream.failed:
            return _finish(display, stream.diagnostics, None, enabled, failed=stream.failed)
        checked = _check_games(stream, display, options, enabled)
    if stream.failed:  # the reader crashed (a bug): reported as read() reports it
        return _finish(display, stream.diagnostics, None, enabled, failed=True)
    result = _finish(display, stream.diagnostics + checked.diagnostics, stream.lines, enabled, failed=checked.crashed)
    return replace(result, size=stream.size, games=checked.games, moves=checked.moves, marks=checked.marks)


def _open(
    input: Union[str, Path, bytes, IO[bytes]],
    display: str,
    options: LintOptions,
    name: Optional[str] = None,
    wanted: Optional[Callable[[str], bool]] = None,
) -> RecordStream:
    """Open one input; ``wanted`` is its code filter, handed to the reader so that it builds no finding
    the filter would drop (a rule that is not selected costs nothing)."""
    return open_record(
        input, name=name if name is not None else display, strict=options.strict, encoding=options.encoding,
        max_size=options.max_size, wanted=wanted,
    )


def lint_bytes(data: bytes, display: str, options: LintOptions, *, name: Optional[str] = None, path: str = STDIN) -> FileResult:
    """Lint one input held in memory; never raises on bad content.

    ``name`` decides the format by its extension (default ``display``); with
    no extension, the content decides (as for standard input).  ``path`` is
    the file the bytes came from, ``"-"`` for standard input or bytes from
    memory (it is matched against ``per-file-ignores``).  Findings carry
    ``display`` as their path.
    """
    enabled = options.enabled_for(display, path)
    return _lint_stream(_open(data, display, options, name, enabled), display, options, enabled)


def lint_file(path: str, display: str, options: LintOptions, enabled: Callable[[str], bool]) -> FileResult:
    """Lint the file at ``path`` game by game (memory: one game and the findings).

    ``display`` names it in findings; ``enabled`` is its code filter
    (:meth:`LintOptions.enabled_for`, decided where the file was found, so
    that a worker with another working folder filters alike).  A unit of
    work of :func:`iter_results`, picklable.
    """
    # (The path as a string: the front door takes one as a path, and a Path object per file was a
    # measurable share of a folder of small files.)
    return _lint_stream(_open(path, display, options, wanted=enabled), display, options, enabled)


def lint_target(target: Target, options: LintOptions, stdin_name: Optional[str] = None) -> FileResult:
    """Read and lint one discovered input (the worker function of :func:`run`)."""
    if target.path == STDIN:
        # Read through the front door as a handle, so the size limit holds for it too.
        display = stdin_name or STDIN
        enabled = options.enabled_for(display, STDIN)
        return _lint_stream(_open(sys.stdin.buffer, display, options, wanted=enabled), display, options, enabled)
    enabled = options.enabled_for(target.display, target.path)
    if target.missing or target.error:
        if target.error:
            msg = f"Cannot read `{target.display}`: {target.error}"
        else:
            msg = f"No such file or folder `{target.display}`"
        diag = _file_diag(UNREADABLE_FILE, msg, target.display, options.strict)
        return _finish(target.display, [diag], None, enabled, failed=True)
    # A file found by its name: its extension must be one the front door knows.
    return lint_file(target.path, target.display, options, enabled)


# ---------------------------------------------------------------- parts of a big file


@dataclass(frozen=True, slots=True)
class PartResult:
    """The findings of one :class:`~xqformats.formats.Part` of a file: the reader's, then the checks'.

    Kept apart so that the parts of a file put together give the findings
    in the order of a whole read (all the reader's, then all the checks').
    """

    reader: FileResult
    checks: FileResult


def lint_part(path: str, display: str, options: LintOptions, enabled: Callable[[str], bool], format: str, part: Part) -> PartResult:
    """Lint ``part`` of the ``format`` file at ``path`` (a unit of work of :func:`iter_results`, picklable).

    Only the enabled findings come back (they cross a process boundary);
    their order and source lines are settled when the parts are put together.
    """
    stream = open_record(
        path, format=format, name=display, strict=options.strict, encoding=options.encoding,
        max_size=options.max_size, part=part, wanted=enabled,
    )
    with stream:
        checked = _check_games(stream, display, options, enabled)
    reader = FileResult(display, tuple(d for d in stream.diagnostics if enabled(d.code)), failed=stream.failed)
    found = FileResult(
        display, tuple(d for d in checked.diagnostics if enabled(d.code)), failed=checked.crashed, games=checked.games,
        moves=checked.moves, marks=checked.marks,
    )
    return PartResult(reader, found)


def _joined(display: str, stream: RecordStream, front: list[Diagnostic], parts: list[PartResult], enabled: Callable[[str], bool]) -> FileResult:
    """The result of a file read in parts: what :func:`lint_file` gives for it whole."""
    reader = list(front)
    checks: list[Diagnostic] = []
    for p in parts:
        reader.extend(p.reader.diagnostics)
        checks.extend(p.checks.diagnostics)
    failed = any(p.reader.failed or p.checks.failed for p in parts)
    result = _finish(display, reader + checks, stream.lines, enabled, failed=failed)
    games = sum(p.checks.games for p in parts)
    moves = sum(p.checks.moves for p in parts)
    marks = tuple(m for p in parts for m in p.checks.marks)
    return replace(result, size=stream.size, games=games, moves=moves, marks=marks)


# ---------------------------------------------------------------- the run


#: The smallest part a big file is cut into, in bytes: a file of less than
#: twice this is one unit of work.  Each part costs its worker one open and
#: seek, and its findings one trip back: negligible at this size.
PART_SIZE = 1 << 20

#: How many parts per worker a big file is cut into (at most): more parts
#: than workers, so that a worker that finishes early takes another.
PARTS_PER_WORKER = 4


def _size(target: Target) -> int:
    try:
        return os.path.getsize(target.path)
    except OSError:
        return 0


def iter_results(
    targets: Sequence[Target],
    options: LintOptions,
    *,
    jobs: int = 1,
    progress: Optional[Progress] = None,
    stdin_name: Optional[str] = None,
    scheduler: Scheduler = None,
    part_size: int = PART_SIZE,
    duplicates: Optional[DuplicateJudge] = None,
    scheduler_timeout: float = DEFAULT_CONNECT_TIMEOUT,
) -> Iterator[FileResult]:
    """Lint every target, yielding each result as soon as it and all before it are done.

    Results come in the order of ``targets`` whatever ``jobs`` is, so a
    caller can print them as they come and still print what ``-j 1`` prints.
    Every file is read game by game.  With ``jobs > 1`` files go to worker
    processes, and a file of at least ``2 * part_size`` bytes is cut into
    parts of whole games (each at least ``part_size`` bytes) that the
    workers read side by side; the findings are those of one process, in
    the same order, on the same lines.
    ``scheduler`` (a Dask scheduler address or ``distributed.Client``, see
    :func:`xqformats.parallel.executor`) sends the same units of work to a
    Dask cluster instead (``scheduler_timeout``: how many seconds connecting
    to an address may take).  Standard input is read in this process.
    ``duplicates`` judges ``G109`` across the results (one judge per run:
    pass the same one to each call of a run made of several; default, a new one).
    """
    judge = duplicates if duplicates is not None else DuplicateJudge()
    files = [t for t in targets if t.path != STDIN and not (t.missing or t.error)]
    big = any(_size(t) >= 2 * part_size for t in files)
    if scheduler is None and (jobs <= 1 or not (len(files) > 1 or big)):
        for t in targets:
            result = lint_target(t, options, stdin_name)
            if progress is not None:
                progress.advance(1, result.size)
            yield judge.judge(result)
    else:
        # The process pool's workers collect garbage as the command line does; a
        # Dask cluster's workers are left as they are (they may serve others).
        init = gc.set_threshold if scheduler is None else None
        with executor(scheduler, jobs=jobs, initializer=init, initargs=GC_THRESHOLDS, timeout=scheduler_timeout) as pool:
            for wait in _submitted(targets, options, pool, stdin_name, part_size):
                result = wait()
                if progress is not None:
                    progress.advance(1, result.size)
                yield judge.judge(result)
    if progress is not None:
        progress.close()


def _submitted(
    targets: Sequence[Target], options: LintOptions, pool: Executor, stdin_name: Optional[str], part_size: int
) -> list[Callable[[], FileResult]]:
    """Submit every target's units of work to ``pool``; for each target, in order, what waits for its result.

    Whole files go first, largest first (longest-processing-time scheduling:
    one big file started last would leave the other workers idle at the
    end); then big files are cut, each part submitted as soon as it is found.
    Standard input and targets that cannot be read are done here at once.
    """
    waits: dict[int, Callable[[], FileResult]] = {}
    files = [(i, t) for i, t in enumerate(targets) if t.path != STDIN and not (t.missing or t.error)]
    sizes = {i: _size(t) for i, t in files}
    big = [(i, t) for i, t in files if sizes[i] >= 2 * part_size]
    for i, t in sorted(files, key=lambda it: -sizes[it[0]]):
        if sizes[i] < 2 * part_size:
            waits[i] = _whole(pool, t, options)
    for i, t in big:
        waits[i] = _in_parts(pool, t, options, part_size)
    for i, t in enumerate(targets):
        if i not in waits:
            done = lint_target(t, options, stdin_name)
            waits[i] = lambda done=done: done  # type: ignore[misc]
    return [waits[i] for i in range(len(targets))]


def _whole(pool: Executor, target: Target, options: LintOptions) -> Callable[[], FileResult]:
    enabled = options.enabled_for(target.display, target.path)
    # An absolute path: a Dask worker may run in another folder.
    return pool.submit(lint_file, os.path.abspath(target.path), target.display, options, enabled).result


def _in_parts(pool: Executor, target: Target, options: LintOptions, part_size: int) -> Callable[[], FileResult]:
    """Cut ``target`` into parts and submit them (one unit, when it cannot be cut)."""
    enabled = options.enabled_for(target.display, target.path)
    where = os.path.abspath(target.path)
    stream = _open(target.path, target.display, options)
    with stream:
        fmt = stream.format.name if stream.format is not None else ""
        futures = [
            pool.submit(lint_part, where, target.display, options, enabled, fmt, part)
            for part in stream.parts(pool.workers * PARTS_PER_WORKER, min_size=part_size)
        ]
        # (The front door's findings and the file's found before any game; only once
        # cut: a format that cannot be cut would be read whole here.)
        front = stream.diagnostics if futures else []
    if not futures:
        return _whole(pool, target, options)
    return lambda: _joined(target.display, stream, front, [f.result() for f in futures], enabled)


def run(
    targets: Sequence[Target],
    options: LintOptions,
    *,
    jobs: int = 1,
    progress: Optional[Progress] = None,
    stdin_name: Optional[str] = None,
    scheduler: Scheduler = None,
    part_size: int = PART_SIZE,
) -> list[FileResult]:
    """Every result of :func:`iter_results`, as a list in the order of ``targets``."""
    return list(
        iter_results(
            targets, options, jobs=jobs, progress=progress, stdin_name=stdin_name, scheduler=scheduler, part_size=part_size
        )
    )
