"""Lint files, one after another or in a process pool, always in the same order.

:func:`lint_bytes` is the unit of work: detect the format, run the reader
(which reports syntax, notation, FEN, encoding and structure), run the model
checks of :mod:`~xqformats.lint.checks` on every game, keep the selected
codes, sort by position, and keep the source lines the findings point at (for
carets).  :func:`run` maps it over the discovered files; with ``jobs > 1`` it
uses a :class:`~concurrent.futures.ProcessPoolExecutor`, hands out the
largest files first and puts each result back at its input's place, so
``-j N`` prints exactly what ``-j 1`` prints.

Files are read through the front door (:func:`xqformats.formats.read`),
which detects the format and reports unreadable, unsupported and mismatched
files.  A reader or a check that raises (a bug: they never raise on bad
input) does not stop the run: the front door's safety net
(:func:`xqformats.formats.guard`) turns it into a ``G106`` finding naming the
exception, and the exit status is 2, as for an unreadable file.
"""

from __future__ import annotations

import gc
import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional, Sequence

from ..diagnostics import Diagnostic, DiagnosticSink, Fix, Rule, Severity, split_lines
from ..formats import DEFAULT_MAX_FILE_SIZE, Record, guard, read
from ..progress import Progress
from .checks import UNREADABLE_FILE, check_game
from .discovery import STDIN, Target
from .catalogue import RULES
from .selection import RuleSelection
from .suppression import suppress

__all__ = ["LintOptions", "FileResult", "lint_bytes", "lint_target", "iter_results", "run", "GC_THRESHOLDS"]


#: The garbage collector's thresholds for a run: a reader allocates millions of
#: small objects that live until their game is done (nodes, spans, moves), and
#: with CPython's default (700 allocations) the young generation is collected
#: a thousand times per 100,000 plies, scanning every live game object each
#: time.  A larger first threshold does the same work in far fewer passes:
#: ``xqformats lint`` of a 1,000-game file 1.6 s -> 1.0 s, of a 4,000-game file
#: 6.7 s -> 4.3 s, peak memory unchanged (objects in reference cycles, the
#: only ones the collector frees, are few).  Set by the command line for its
#: process and the workers it starts, never by the library.
GC_THRESHOLDS = (50_000, 20, 10)


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
    are what the run's summary counts.
    """

    display: str
    diagnostics: tuple[Diagnostic, ...] = ()
    lines: dict[int, str] = field(default_factory=dict)
    failed: bool = False
    size: int = 0
    games: int = 0
    moves: int = 0

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
        return (_rebuild, (self.display, rows, self.lines, self.failed, self.size, self.games, self.moves))


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
) -> FileResult:
    sev = {int(s): s for s in Severity}
    diags = tuple(
        Diagnostic(c, sev[s], m, ln, col, eln, ecol, display if p is None else p, off, n, deviation=dev, fix=fx, related=rel)
        for c, s, m, ln, col, eln, ecol, p, off, n, dev, fx, rel in rows
    )
    return FileResult(display, diags, lines, failed, size, games, moves)


def _sort_key(d: Diagnostic) -> tuple[int, int]:
    return (d.line or 0, d.column or 0)


def _finish(
    display: str,
    diags: Iterable[Diagnostic],
    source: Optional[Callable[[], Optional[str]]],
    enabled: Callable[[str], bool],
    *,
    failed: bool = False,
) -> FileResult:
    """Keep the enabled findings, put them in position order, fetch their source lines."""
    kept = sorted((d if d.path == display else d.with_path(display) for d in diags if enabled(d.code)), key=_sort_key)
    lines: dict[int, str] = {}
    wanted = {d.line for d in kept if d.line is not None}
    text = source() if (source is not None and wanted) else None
    if text is not None:
        all_lines = split_lines(text)  # (line ends as the positions count them)
        for n in wanted:
            if 1 <= n <= len(all_lines):
                lines[n] = all_lines[n - 1]
    return FileResult(display, tuple(kept), lines, failed)


def _file_diag(rule: Rule, message: str, display: str, strict: bool) -> Diagnostic:
    sink = DiagnosticSink(path=display, strict=strict)
    return sink.report(rule, message)


def _check(record: Record, display: str, options: LintOptions, enabled: Callable[[str], bool]) -> FileResult:
    """Run the model checks on every game of ``record`` and finish the file's result."""
    diags = list(record.diagnostics)
    if record.format is None or record.failed:
        return _finish(display, diags, None, enabled, failed=record.failed)
    sink = DiagnosticSink(path=display, strict=options.strict)
    fmt = record.format.name

    def check_all() -> None:
        for game in record.games:
            check_game(game, source_format=fmt, sink=sink, enabled=enabled)

    _, crash = guard(check_all, "A lint check", name=display, strict=options.strict)
    if crash is not None:
        diags.append(crash)
    diags.extend(sink.items)
    if record.text() is not None:  # inline `xqformats: ignore` comments (a text record's only)
        diags = suppress(diags, record.source, display, RULES)
    result = _finish(display, diags, record.text, enabled, failed=crash is not None)
    moves = sum(sum(1 for _ in game.nodes()) for game in record.games)
    return replace(result, size=len(record.source.data or b""), games=len(record.games), moves=moves)


def lint_bytes(data: bytes, display: str, options: LintOptions, *, name: Optional[str] = None, path: str = STDIN) -> FileResult:
    """Lint one input held in memory; never raises on bad content.

    ``name`` decides the format by its extension (default ``display``); with
    no extension, the content decides (as for standard input).  ``path`` is
    the file the bytes came from, ``"-"`` for standard input or bytes from
    memory (it is matched against ``per-file-ignores``).  Findings carry
    ``display`` as their path.
    """
    record = read(
        data, name=name if name is not None else display, strict=options.strict, encoding=options.encoding,
        max_size=options.max_size,
    )
    return _check(record, display, options, options.enabled_for(display, path))


def lint_target(target: Target, options: LintOptions, stdin_name: Optional[str] = None) -> FileResult:
    """Read and lint one discovered input (the worker function of :func:`run`)."""
    if target.path == STDIN:
        # Read through the front door as a handle, so the size limit holds for it too.
        display = stdin_name or STDIN
        record = read(
            sys.stdin.buffer, name=display, strict=options.strict, encoding=options.encoding, max_size=options.max_size
        )
        return _check(record, display, options, options.enabled_for(display, STDIN))
    enabled = options.enabled_for(target.display, target.path)
    if target.missing or target.error:
        if target.error:
            msg = f"Cannot read `{target.display}`: {target.error}"
        else:
            msg = f"No such file or folder `{target.display}`"
        diag = _file_diag(UNREADABLE_FILE, msg, target.display, options.strict)
        return _finish(target.display, [diag], None, enabled, failed=True)
    # A file found by its name: its extension must be one the front door knows.
    record = read(
        Path(target.path), name=target.display, strict=options.strict, encoding=options.encoding,
        max_size=options.max_size,
    )
    return _check(record, target.display, options, enabled)


# ---------------------------------------------------------------- the run


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
) -> Iterator[FileResult]:
    """Lint every target, yielding each result as soon as it and all before it are done.

    Results come in the order of ``targets`` whatever ``jobs`` is, so a
    caller can print them as they come and still print what ``-j 1`` prints.
    Standard input is read in this process; files go to ``jobs`` worker
    processes when ``jobs > 1`` and there is more than one file.
    """
    files = [(i, t) for i, t in enumerate(targets) if t.path != STDIN]
    if jobs > 1 and len(files) > 1:
        yield from _pooled(targets, files, options, jobs, progress, stdin_name)
    else:
        for t in targets:
            result = lint_target(t, options, stdin_name)
            if progress is not None:
                progress.advance(1, result.size)
            yield result
    if progress is not None:
        progress.close()


def _pooled(
    targets: Sequence[Target],
    files: list[tuple[int, Target]],
    options: LintOptions,
    jobs: int,
    progress: Optional[Progress],
    stdin_name: Optional[str],
) -> Iterator[FileResult]:
    """:func:`iter_results` with worker processes: finished results wait until their turn."""
    done: dict[int, FileResult] = {}
    # Largest files first (longest-processing-time scheduling): one big file
    # started last would otherwise leave the other workers idle at the end.
    by_size = sorted(files, key=lambda it: -_size(it[1]))
    with ProcessPoolExecutor(max_workers=min(jobs, len(files)), initializer=gc.set_threshold, initargs=GC_THRESHOLDS) as pool:
        futures = {pool.submit(lint_target, t, options): i for i, t in by_size}
        for i, t in enumerate(targets):
            if t.path == STDIN:
                done[i] = lint_target(t, options, stdin_name)
        following = 0
        for fut in as_completed(futures):
            result = done[futures[fut]] = fut.result()
            if progress is not None:
                progress.advance(1, result.size)
            while following in done:
                yield done.pop(following)
                following += 1
    while following in done:  # standard input last in the list
        yield done.pop(following)
        following += 1


def run(
    targets: Sequence[Target],
    options: LintOptions,
    *,
    jobs: int = 1,
    progress: Optional[Progress] = None,
    stdin_name: Optional[str] = None,
) -> list[FileResult]:
    """Every result of :func:`iter_results`, as a list in the order of ``targets``."""
    return list(iter_results(targets, options, jobs=jobs, progress=progress, stdin_name=stdin_name))
