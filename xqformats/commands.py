"""The ``perft``, ``fen``, ``lint``, ``rules`` and ``format`` subcommands of ``xqformats``.

Each subcommand is a pair of plain functions: ``*_arguments(parser)`` adds
its options to an :class:`argparse.ArgumentParser` and ``run_*(args)`` runs it
and returns the exit status: 0 no errors, 1 errors found, 2 usage error or
unreadable input.  :mod:`xqformats.cli` lists them in its table of
subcommands (``convert``'s pair lives in :mod:`xqformats.convert`); this module
registers nothing.  Messages for the user go to stderr as
``xqformats <cmd>: …``; findings go to stdout in the chosen format.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Optional

from . import formats
from .diagnostics import Severity
from .fen import parse_fen
from .lint.catalogue import all_rules
from .lint.config import OUTPUT_FORMATS, RULE_SETS, ConfigError, Settings, find_config, load_config
from .lint.discovery import STDIN, Target, discover, repository_root
from .lint.fixes import FileFix, fix_target, unified_diff
from .lint.output import FOLD_AFTER, rebased, render, render_github, render_text_file, run_summary, statistics, summary
from .lint.duplicates import DuplicateJudge
from .lint.rulepage import rule_page, rule_record, rules_listing
from .lint.runner import FileResult, LintOptions, iter_results
from .lint.selection import RuleSelection, SelectorError
from .formats.output import TextFile, atomic_write
from .parallel import DEFAULT_CONNECT_TIMEOUT, DaskUnavailable
from .position import STARTING_FEN
from .progress import Progress, progress_allowed

if TYPE_CHECKING:
    from .formatter import FormatResult

__all__ = [
    "perft_arguments",
    "run_perft",
    "fen_arguments",
    "run_fen",
    "lint_arguments",
    "run_lint",
    "rules_arguments",
    "run_rules",
    "format_arguments",
    "run_format",
    "write_stdout",
    "run_convert",
    "record_files",
]


def _usage_error(cmd: str, message: str) -> int:
    print(f"xqformats {cmd}: {message}", file=sys.stderr)
    return 2


class OutputError(Exception):
    """Standard output could not be written (a full disk, a closed pipe): exit status 2, no traceback."""


def write_stdout(text: str, *, utf8: bool = False) -> None:
    """Write ``text`` to stdout; never fails on characters the terminal cannot show.

    Machine formats (``utf8=True``: JSON, SARIF, GitHub commands) are always UTF-8;
    human text uses the stream's encoding with replacement characters.  A
    write the operating system refuses raises :class:`OutputError`
    (:class:`BrokenPipeError` is let through: a reader that stopped early,
    ``| head``, is no failure).
    """
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    try:
        if buffer is None:
            stream.write(text)
            stream.flush()
            return
        encoding = "utf-8" if utf8 else (getattr(stream, "encoding", None) or "utf-8")
        stream.flush()
        buffer.write(text.encode(encoding, errors="replace"))
        buffer.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"Cannot write to standard output: {exc.strerror or exc}") from None


# ---------------------------------------------------------------- perft


def perft_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Count the leaf nodes of the legal move tree DEPTH plies deep from a position: the standard test of a\n"
        "move generator (xqformats' counts agree with Fairy-Stockfish's)."
    )
    p.epilog = """exit status:
  0  the count was printed
  2  an invalid FEN or a negative DEPTH

examples:
  xqformats perft 3                      # 79666 from the initial position
  xqformats perft 2 --divide             # the count below each legal move
  xqformats perft 4 --fen '4k4/9/9/9/9/9/9/9/9/4K4 w'"""
    p.add_argument("depth", type=int, metavar="DEPTH")
    p.add_argument("--fen", default=STARTING_FEN, help="start position (default: the initial position)")
    p.add_argument("--divide", action="store_true", help="print the count below each legal move")


def run_perft(args: argparse.Namespace) -> int:
    pos, diags = parse_fen(args.fen)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if pos is None or errors:
        for d in errors or diags:
            print(f"xqformats perft: invalid FEN: column {d.column}: {d.message}", file=sys.stderr)
        return 2
    if args.depth < 0:
        return _usage_error("perft", "DEPTH must be 0 or more")
    if args.divide and args.depth >= 1:
        total = 0
        for m in pos.legal_moves():
            pos.push(m)
            n = pos.perft(args.depth - 1)
            pos.pop()
            total += n
            write_stdout(f"{m.uci()}: {n}\n")
        write_stdout(f"{total}\n")
    else:
        write_stdout(f"{pos.perft(args.depth)}\n")
    return 0


# ---------------------------------------------------------------- fen


def fen_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Check a FEN position (board, side to move, counters) and print it in standard form; the findings go\n"
        "to standard error as <fen>:1:COLUMN: CODE message."
    )
    p.epilog = """exit status:
  0  a valid position (printed in standard form)
  1  the FEN has errors

examples:
  xqformats fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r'
  xqformats fen --board '4k4/9/9/9/9/9/9/9/9/4K4 w'"""
    p.add_argument("fen", metavar="FEN")
    p.add_argument("--board", action="store_true", help="also draw the board")


def run_fen(args: argparse.Namespace) -> int:
    pos, diags = parse_fen(args.fen)
    for d in diags:
        print(f"<fen>:1:{d.column}: {d.code} {d.message}", file=sys.stderr)
    if pos is None or any(d.severity is Severity.ERROR for d in diags):
        return 1
    write_stdout(pos.fen() + "\n" + (f"{pos}\n" if args.board else ""))
    return 0


# ---------------------------------------------------------------- lint


def lint_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Check game records (PGN, CBF, XQF, CBR/CBL, DhtmlXQ, WXF, JSON) against their specs and report each\n"
        "finding with its place, severity and rule code. Folders are searched for record files (.gitignore\n"
        "respected); each file is checked with the closest xqformats.toml or [tool.xqformats] above it.\n"
        "Info findings are hidden unless asked for (--show-info). `xqformats rules CODE` explains a code."
    )
    p.epilog = """exit status:
  0  no errors (warnings and info allowed), or --exit-zero
  1  at least one error
  2  a usage error (bad option, unknown rule, invalid config) or a path that could not be read

examples:
  xqformats lint games/                          # every record file below games/
  xqformats lint --statistics games/             # how many findings each code has
  xqformats lint --select T1 --ignore T104 a.pgn # tag rules only, except the date format
  xqformats lint --strict --format github games/ # every deviation an error, as CI annotations
  xqformats lint --format sarif -o xq.sarif .    # for code scanning
  cat a.pgn | xqformats lint --stdin-filename a.pgn -"""
    p.add_argument("paths", nargs="*", metavar="PATH", help="files, folders (searched recursively) or - for stdin; default .")
    p.add_argument(
        "--format",
        "--output-format",
        dest="output_format",
        choices=OUTPUT_FORMATS,
        default=None,
        help="output format (default: text, or output-format from the config)",
    )
    p.add_argument("--select", action="append", metavar="CODES", help="code prefixes to report, comma-separated (replaces the config's select)")
    p.add_argument("--extend-select", action="append", metavar="CODES", help="code prefixes added to select")
    p.add_argument("--ignore", action="append", metavar="CODES", help="code prefixes not to report (added to the config's ignore)")
    p.add_argument("--strict", action="store_true", default=None, help="report every deviation from the spec as an error")
    p.add_argument(
        "--rules",
        choices=RULE_SETS,
        default=None,
        help="the rule set repetitions are judged by (R1xx): cxa, the Chinese Xiangqi Association's 1999 rules, or axf, "
        "the Asian Xiangqi Federation's (default: cxa, or rules from the config; docs/spec/rules.md)",
    )
    p.add_argument(
        "--show-info",
        action="store_true",
        default=None,
        help="show every finding of severity info (default: only those of codes a --select/--extend-select names; "
        "or show-info from the config)",
    )
    p.add_argument(
        "--input-encoding",
        "--encoding",
        dest="encoding",
        metavar="ENC",
        default=None,
        help="text encoding of PGN inputs, e.g. gbk (default: detected from the bytes; CBF files declare theirs); "
        "--encoding is the old spelling",
    )
    p.add_argument(
        "--max-file-size",
        metavar="SIZE",
        default=None,
        help="skip files larger than SIZE bytes, reported as G107 (K, M, G suffixes; default: 256M, or max-file-size from the config)",
    )
    p.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="lint N files at a time in worker processes (0: one per CPU; default: one per CPU when the files "
        "hold 4 MB or more, else one)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="send the work to the Dask scheduler at ADDRESS (tcp://HOST:PORT; needs xqformats[dask]) "
        "instead of local processes; output as with -j 1",
    )
    p.add_argument(
        "--scheduler-timeout",
        type=float,
        default=DEFAULT_CONNECT_TIMEOUT,
        metavar="SECONDS",
        help=f"give up connecting to the --scheduler after SECONDS (default: {DEFAULT_CONNECT_TIMEOUT:g})",
    )
    p.add_argument("--config", metavar="FILE", help="read settings from FILE (xqformats.toml or pyproject.toml)")
    p.add_argument(
        "--isolated", action="store_true", help="ignore configuration files (default: each file's closest one above it)"
    )
    p.add_argument(
        "--no-respect-gitignore",
        action="store_true",
        help="search folders without skipping what .gitignore files ignore (or respect-gitignore = false)",
    )
    p.add_argument("--stdin-filename", metavar="NAME", help="name standard input in reports (its extension picks the format)")
    p.add_argument("--no-source", action="store_true", help="text output without the source line and carets")
    p.add_argument("--no-progress", action="store_true", help="never draw a progress bar")
    p.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour each finding's code by severity (auto: on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it)",
    )
    p.add_argument(
        "--no-fold",
        action="store_true",
        help=f"show every finding (text output shows {FOLD_AFTER} of one code per file, then counts the rest)",
    )
    p.add_argument(
        "--force-exclude",
        action="store_true",
        help="apply the config's exclude to files named on the command line too (for pre-commit)",
    )
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even when errors are found (a usage error still exits 2)")
    p.add_argument("--statistics", action="store_true", help="print how many findings each code has, instead of the findings")
    p.add_argument("-q", "--quiet", action="store_true", help="print the findings only: no summary line, no notes on stderr")
    p.add_argument("-o", "--output-file", metavar="FILE", help="write the report to FILE instead of stdout")
    p.add_argument(
        "--root",
        metavar="DIR",
        help="the folder SARIF paths are relative to (default: the git repository's top level, else the current folder)",
    )
    fixing = p.add_argument_group("fixes")
    fixing.add_argument(
        "--fix",
        action="store_true",
        help="apply the safe fixes (`xqformats rules` says which rules have them) and write the files back "
        "(same encoding and line ends); standard input: the fixed text on stdout, findings on stderr",
    )
    fixing.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff: apply the unsafe fixes too")
    fixing.add_argument(
        "--diff",
        action="store_true",
        help="show the fixes as a unified diff instead of writing them (exit 1 when there is one)",
    )
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="list the files a folder search skipped for their unknown format, and end with the run's figures "
        "(files, bytes, games, moves, findings, time; shown anyway on a terminal when several files are linted)",
    )


class _UsageError(ValueError):
    """A command-line value that cannot be used (exit status 2)."""


def _settings(args: argparse.Namespace) -> Settings:
    """The config file's settings: ``--config``, else the one found from here up (none with ``--isolated``)."""
    if args.isolated:
        return Settings()
    cfg: Path | None
    if args.config:
        cfg = Path(args.config)
        if not cfg.is_file():
            raise ConfigError(f"Config file `{args.config}` not found")
    else:
        cfg = find_config()
    return load_config(cfg) if cfg is not None else Settings()


def _selection(args: argparse.Namespace, settings: Settings) -> RuleSelection:
    """The config's rule selection with the command line's on top, every selector checked."""
    selection = settings.selection(
        select=RuleSelection.parse(args.select or ()),
        extend_select=RuleSelection.parse(args.extend_select or ()),
        ignore=RuleSelection.parse(args.ignore or ()),
        show_info=args.show_info,
    )
    selection.validate()
    return selection


def _checked_encoding(option: str, name: Optional[str]) -> Optional[str]:
    """``name`` when it is a text encoding (or ``None``); else a usage error naming ``option``.

    The check is :func:`xqformats.formats.text_encoding`, the one ``convert``
    makes of ``--encoding`` and ``--input-encoding`` too.
    """
    if name is None:
        return None
    try:
        formats.text_encoding(name)
    except ValueError as exc:
        raise _UsageError(f"{option}: {exc}") from None
    return name


def _checked_size(option: str, value: Optional[str], default: int) -> int:
    """The size ``value`` of ``option`` in bytes (``default`` when not given); else a usage error."""
    if value is None:
        return default
    try:
        return formats.parse_size(value)
    except ValueError as exc:
        raise _UsageError(f"{option}: {exc}") from None


#: From how many bytes of input the default ``-j`` starts worker processes:
#: below it, starting them (about 0.2 s each, every grammar loaded again)
#: costs more than the work they share.
AUTO_PARALLEL_BYTES = 4_000_000


def _jobs(jobs: Optional[int]) -> Optional[int]:
    """``-j``: a number of workers, or ``None`` for the default (decided by the input's size)."""
    if jobs is not None and jobs < 0:
        raise _UsageError(f"-j/--jobs must be 0 (one per CPU) or more, not {jobs}")
    return None if jobs is None else jobs or os.cpu_count() or 1


def _check_timeout(seconds: float) -> None:
    """``--scheduler-timeout``: more than 0 seconds, a number (not ``nan``)."""
    if not seconds > 0 or seconds == float("inf"):
        raise _UsageError(f"--scheduler-timeout must be a number of seconds above 0, not {seconds:g}")


def _auto_jobs(targets: list[Target]) -> int:
    """One worker per CPU when the files hold :data:`AUTO_PARALLEL_BYTES` or more, else one."""
    total = 0
    for t in targets:
        total += _file_size(t.path)
        if total >= AUTO_PARALLEL_BYTES:
            return os.cpu_count() or 1
    return 1


def use_color(choice: str, stream: object, environ: Optional[dict[str, str]] = None) -> bool:
    """Whether to colour text output: ``--color always|never``, or ``auto``.

    ``auto`` colours an interactive terminal unless ``NO_COLOR`` is set
    (no-color.org); ``FORCE_COLOR`` colours any stream.
    """
    if choice != "auto":
        return choice == "always"
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and env.get("TERM") != "dumb"


def _file_size(path: str) -> int:
    try:
        return os.path.getsize(path) if path != "-" else 0
    except OSError:
        return 0


def _report_skipped(skipped: list[str], verbose: bool) -> None:
    """On standard error: how many files a folder search skipped for their format (which, with ``-v``)."""
    if not skipped:
        return
    n = len(skipped)
    files = f"{n} file{'s' if n > 1 else ''}"
    if verbose:
        print(f"xqformats lint: skipped {files} of unknown format:", file=sys.stderr)
        for name in skipped:
            print(f"  {name}", file=sys.stderr)
    else:
        print(f"xqformats lint: skipped {files} of unknown format (-v lists them)", file=sys.stderr)


def run_lint(args: argparse.Namespace) -> int:
    try:
        settings = _settings(args)
        jobs = _jobs(args.jobs)
        _check_timeout(args.scheduler_timeout)
        encoding = _checked_encoding("--input-encoding", args.encoding)
        _lint_options(args, settings, encoding)  # the command line's own values checked before any work
    except (ConfigError, SelectorError, _UsageError) as exc:
        return _usage_error("lint", str(exc))
    fmt = args.output_format or settings.output_format or "text"
    respect = not args.no_respect_gitignore and settings.respect_gitignore is not False
    configs = _Configs(settings)
    try:
        # Each folder searched takes the `exclude` of the config closest above it, as each file its settings.
        targets = discover(
            args.paths or ["."], exclude=settings.exclude, exclude_root=settings.root, force_exclude=args.force_exclude,
            respect_gitignore=respect, excludes=None if args.isolated or args.config else configs.excludes,
        )
        if not targets:
            known = ", ".join(formats.REGISTRY.extensions())
            print(f"xqformats lint: warning: No record files ({known}) found under the given paths", file=sys.stderr)
        groups = _groups(args, settings, encoding, targets, configs)
    except (ConfigError, SelectorError, _UsageError) as exc:
        return _usage_error("lint", str(exc))
    progress = None
    interactive = not args.no_progress and len(targets) > 1 and progress_allowed(sys.stderr)
    if interactive:
        progress = Progress(len(targets), sys.stderr, total_bytes=sum(_file_size(t.path) for t in targets))
    started = time.monotonic()
    workers = jobs if jobs is not None else _auto_jobs(targets)
    if args.fix or args.diff:
        return _run_fix(args, groups, fmt, progress)
    stream = _Stream(args, fmt, progress)
    duplicates = DuplicateJudge()  # G109 over the whole run, whatever config each file has
    try:
        for options, chunk in groups:
            stream.extend(iter_results(chunk, options, jobs=workers, progress=progress, stdin_name=args.stdin_filename,
                                       scheduler=args.scheduler, scheduler_timeout=args.scheduler_timeout,
                                       duplicates=duplicates), options.selection)
        stream.finish()
    except (DaskUnavailable, OSError) as exc:
        return _usage_error("lint", _failure(args, exc, stream.results))
    results = stream.results
    if not args.quiet:
        _report_skipped(targets.skipped, args.verbose)
        if interactive or args.verbose:
            print(f"xqformats lint: {run_summary(results, time.monotonic() - started, stream.hidden)}", file=sys.stderr)
    if any(r.failed for r in results):
        return 2
    return 1 if any(r.has_errors for r in results) and not args.exit_zero else 0


def _lint_options(args: argparse.Namespace, settings: Settings, encoding: Optional[str]) -> LintOptions:
    """What to report and how, for the files ``settings`` govern, with the command line on top."""
    selection = _selection(args, settings)
    strict = bool(args.strict) if args.strict is not None else bool(settings.strict)
    default_size = settings.max_file_size or formats.DEFAULT_MAX_FILE_SIZE
    max_size = _checked_size("--max-file-size", args.max_file_size, default_size)
    rules = args.rules or settings.rules or RULE_SETS[0]
    return LintOptions(selection, strict, encoding, max_size, rules)


class _Configs:
    """The config file closest above each folder, and each config's settings, each read once per run.

    A folder with no config above it takes the run's own (``settings``: the
    current folder's, or ``--config``), as standard input does.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._by_folder: dict[str, Optional[Path]] = {}
        self._loaded: dict[Optional[Path], Settings] = {settings.source: settings}

    def of_folder(self, folder: str) -> Settings:
        """The settings of the files in ``folder`` (raises :class:`ConfigError` for a config that cannot be read)."""
        if folder not in self._by_folder:
            self._by_folder[folder] = find_config(Path(folder)) or self.settings.source
        cfg = self._by_folder[folder]
        if cfg not in self._loaded:
            assert cfg is not None
            self._loaded[cfg] = load_config(cfg)
        return self._loaded[cfg]

    def excludes(self, folder: Path) -> tuple[tuple[str, ...], Path]:
        """The ``exclude`` globs governing the entries of ``folder``, and the folder they are relative to."""
        settings = self.of_folder(os.path.abspath(folder))
        return settings.exclude, settings.root or Path.cwd()


def _groups(
    args: argparse.Namespace, settings: Settings, encoding: Optional[str], targets: list[Target], configs: _Configs
) -> list[tuple[LintOptions, list[Target]]]:
    """The targets in runs of consecutive files that one config file governs, each with its options.

    Each file is linted with the config file closest above it (ruff's
    hierarchy; the run's own when there is none); ``--config`` and
    ``--isolated`` give every file the same settings, and standard input and
    missing paths take those of the current folder.  Runs keep the targets'
    order, so the output order is unchanged.
    """
    single = args.isolated or args.config
    options_of: dict[int, LintOptions] = {id(settings): _lint_options(args, settings, encoding)}
    groups: list[tuple[LintOptions, list[Target]]] = []
    for t in targets:
        own = settings
        if not single and t.path != STDIN and not t.missing:
            own = configs.of_folder(os.path.dirname(os.path.abspath(t.path)))
        if id(own) not in options_of:
            options_of[id(own)] = _lint_options(args, own, encoding)
        options = options_of[id(own)]
        if groups and groups[-1][0] is options:
            groups[-1][1].append(t)
        else:
            groups.append((options, [t]))
    return groups


class _Stream:
    """The output side of one ``lint`` run: results come in one by one, in input order.

    Text and GitHub output to standard output are printed file by file as
    results come (a long run shows its first findings at once); JSON, SARIF,
    ``--statistics`` and ``-o FILE`` are one document, written at the end.
    Info findings the selection hides are dropped here and counted.
    """

    def __init__(self, args: argparse.Namespace, fmt: str, progress: Optional[Progress]) -> None:
        self.args = args
        self.fmt = fmt
        self.progress = progress
        self.results: list[FileResult] = []
        self.hidden = 0
        self.streaming = args.output_file is None and not args.statistics and fmt in ("text", "github")
        self.fold = None if args.no_fold else FOLD_AFTER
        self.color = fmt == "text" and args.output_file is None and use_color(args.color, sys.stdout)
        self.cwd = Path.cwd()
        self.workspace = os.environ.get("GITHUB_WORKSPACE") if fmt == "github" else None

    def add(self, result: FileResult, selection: RuleSelection) -> None:
        """Keep one file's result (the findings ``selection`` shows); print its block now when streaming."""
        kept = tuple(d for d in result.diagnostics if selection.shown(d))
        self.hidden += len(result.diagnostics) - len(kept)
        if len(kept) != len(result.diagnostics):
            result = replace(result, diagnostics=kept)
        if self.workspace:
            # GitHub resolves annotation paths against the workspace, not the folder the linter ran in.
            result = rebased([result], Path(self.workspace), self.cwd)[0]
        self.results.append(result)
        if self.streaming and result.diagnostics:
            if self.fmt == "github":
                block = render_github([result])
            else:
                block = render_text_file(result, show_source=not self.args.no_source, fold=self.fold, color=self.color)
            if self.progress is not None:
                self.progress.close()  # erase the bar's line before printing under it
            write_stdout(block, utf8=self.fmt == "github")

    def extend(self, results: Iterable[FileResult], selection: RuleSelection) -> None:
        """:meth:`add` each of ``results`` as it comes."""
        for result in results:
            self.add(result, selection)

    def finish(self) -> None:
        """Write what is left: the text summary line, or the whole document."""
        args, fmt = self.args, self.fmt
        if self.streaming:
            if fmt == "text" and not args.quiet:
                write_stdout(summary(self.results, self.hidden) + "\n")
            return
        root = None
        results = self.results
        if fmt == "sarif":
            root = Path(args.root) if args.root else (repository_root(self.cwd) or self.cwd)
            results = rebased(results, root.resolve(), self.cwd)
        if args.statistics:
            out = statistics(results, fmt)
        elif fmt == "html":  # boards are drawn by the board package, above lint
            from .board.report import render_html

            out = render_html(results, encoding=args.encoding)
        else:
            out = render(
                fmt, results, show_source=not args.no_source, summary=not args.quiet, root=root, fold=self.fold,
                color=self.color, hidden=self.hidden,
            )
        _emit_report(out, args.output_file, utf8=fmt in ("json", "sarif", "github", "html"))


def _failure(args: argparse.Namespace, exc: Exception, results: list[FileResult]) -> str:
    """What went wrong when a run stopped on ``exc``: no Dask, an unreachable ``--scheduler`` (before
    any result came back), or output that cannot be written (``-o FILE``; standard output raises OutputError)."""
    if isinstance(exc, DaskUnavailable) or (args.scheduler is not None and not results):
        return f"--scheduler {args.scheduler}: {exc}"
    assert isinstance(exc, OSError)
    return f"Cannot write `{args.output_file}`: {exc.strerror or exc}"


def _run_fix(
    args: argparse.Namespace, groups: list[tuple[LintOptions, list[Target]]], fmt: str, progress: Optional[Progress]
) -> int:
    """``lint --fix`` / ``--diff``: fix each input in turn (:mod:`xqformats.lint.fixes`), then report what is left.

    ``--fix`` writes each changed file atomically (standard input: the text
    goes to stdout and the report to stderr); ``--diff`` prints the changes
    and writes nothing, exit status 1 when there is a change.  Otherwise the
    exit status is lint's, on what remains.
    """
    done: list[FileFix] = []
    targets = [t for _, chunk in groups for t in chunk]
    for options, t in ((options, t) for options, chunk in groups for t in chunk):
        item = fix_target(t, options, unsafe=args.unsafe_fixes, stdin=sys.stdin.buffer, stdin_name=args.stdin_filename)
        if progress is not None:
            progress.advance(1, len(item.data))
        try:
            _put_fixed(item, diff=args.diff)
        except OSError as exc:
            return _usage_error("lint", f"Cannot write `{t.display}`: {exc.strerror or exc}")
        done.append(item)
    if progress is not None:
        progress.close()
    results = [item.result for item in done]
    root = None
    if fmt in ("sarif", "github"):
        root, results = _ci_paths(fmt, results, args.root)
    fixed = sum(len(item.fixed) for item in done)
    remaining = sum(len(r.diagnostics) for r in results)
    if args.diff:
        if not args.quiet:
            print(f"xqformats lint: would fix {fixed} finding{'s' if fixed != 1 else ''} ({remaining} remaining)", file=sys.stderr)
        return 1 if fixed else 0
    to_stderr = any(t.path == STDIN for t in targets)
    fold = None if args.no_fold else FOLD_AFTER
    out = render(fmt, results, show_source=not args.no_source, summary=not args.quiet, root=root, fold=fold)
    if to_stderr:
        print(out, end="", file=sys.stderr)
    else:
        _emit_report(out, args.output_file, utf8=fmt in ("json", "sarif", "github"))
    if not args.quiet:
        print(f"xqformats lint: fixed {fixed} finding{'s' if fixed != 1 else ''} ({remaining} remaining)", file=sys.stderr)
    if any(r.failed for r in results):
        return 2
    return 1 if any(r.has_errors for r in results) and not args.exit_zero else 0


def _put_fixed(item: FileFix, *, diff: bool) -> None:
    """Where a fixed input goes: a diff on stdout (``--diff``), the file (atomically), or stdout for standard input.

    Standard input is given back even when nothing changed (a filter); raises :class:`OSError` when a file cannot be written.
    """
    stdin = item.target.path == STDIN
    if diff:
        if item.changed:
            write_stdout(unified_diff(item.before, item.after, item.target.display))
    elif stdin:
        sys.stdout.buffer.write(item.data)
        sys.stdout.buffer.flush()
    elif item.changed:
        atomic_write(Path(item.target.path), item.data)


def _ci_paths(fmt: str, results: list[FileResult], root: Optional[str]) -> tuple[Optional[Path], list[FileResult]]:
    """Paths as CI tools resolve them: SARIF's relative to the repository root (``--root``, else the
    git top level, else here); GitHub's relative to ``GITHUB_WORKSPACE`` when it is set."""
    cwd = Path.cwd()
    if fmt == "github":
        workspace = os.environ.get("GITHUB_WORKSPACE")
        return None, rebased(results, Path(workspace), cwd) if workspace else results
    base = Path(root) if root else (repository_root(cwd) or cwd)
    return base, rebased(results, base.resolve(), cwd)


def _emit_report(text: str, output_file: Optional[str], *, utf8: bool) -> None:
    """The report to stdout, or to ``output_file`` (UTF-8, written whole through a temporary file).

    A character UTF-8 cannot write (a lone surrogate: a file name's undecodable
    byte, a message quoting one) is ``?`` in the file, as on stdout (:func:`write_stdout`).
    """
    if output_file is None:
        if text:
            write_stdout(text, utf8=utf8)
        return
    atomic_write(Path(output_file), text.encode("utf-8", errors="replace"))


# ---------------------------------------------------------------- convert


def run_convert(args: argparse.Namespace) -> int:
    """``xqformats convert`` with folder inputs searched as ``lint`` searches them (:func:`record_files`)."""
    from . import convert  # (imported by the subcommands that use it: start-up of the others)

    return convert.run(args, list_folder=record_files)


def record_files(folder: str) -> list[str]:
    """The record files below ``folder`` in ``lint``'s order (:func:`~xqformats.lint.discovery.discover`).

    Raises :class:`~xqformats.convert.ConvertError` for a folder below it that cannot be listed.
    """
    from .convert import ConvertError

    targets = discover([folder])
    for t in targets:
        if t.error:
            raise ConvertError(f"Cannot read `{t.display}`: {t.error}")
    return [t.path for t in targets]


# ---------------------------------------------------------------- rules


def rules_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "List the lint rules by group (code, name, default severity, fix, summary), or print one rule's page:\n"
        "what it checks, why, a bad and a good example, whether its fix is safe, and the spec clause it enforces."
    )
    p.epilog = """exit status:
  0  the rules were printed
  2  no rule has that code, name or prefix

examples:
  xqformats rules                 # every rule
  xqformats rules T1              # the tag rules
  xqformats rules M202            # one rule's page (or by name: ambiguous-piece)
  xqformats rules --format json"""
    p.add_argument("code", nargs="?", metavar="CODE", help="a rule code (explain it) or a prefix (list those rules)")
    p.add_argument("--format", dest="output_format", choices=("text", "json"), default="text", help="output format")


def _write_json(data: object) -> None:
    write_stdout(json.dumps(data, ensure_ascii=False, indent=2) + "\n", utf8=True)


def run_rules(args: argparse.Namespace) -> int:
    rules = all_rules()
    if args.code:
        code = args.code.strip().upper()
        exact = [r for r in rules if r.code == code or r.name == args.code.strip().lower()]
        if exact:
            if args.output_format == "json":
                _write_json(rule_record(exact[0]))
            else:
                write_stdout(rule_page(exact[0]))
            return 0
        rules = [r for r in rules if r.code.startswith(code)]
        if not rules:
            return _usage_error("rules", f"Unknown rule `{args.code}`; `xqformats rules` lists them all")
    if args.output_format == "json":
        _write_json([rule_record(r) for r in rules])
    else:
        write_stdout(rules_listing(rules))
    return 0


# ---------------------------------------------------------------- format


def format_arguments(p: argparse.ArgumentParser) -> None:
    """The ``format`` subcommand's options (the layout itself is :mod:`xqformats.formatter`)."""
    from .formatter import NOTATIONS

    p.description = (
        "Rewrite record files in the canonical layout (docs/format.md): PGN tags in roster order, one per line, "
        "move numbers, lines of at most 80 columns, every move in the canonical spelling of the file's notation. "
        "The games never change: a file with errors, or one the writer cannot keep whole, is left as it is "
        "('not formattable')."
    )
    p.epilog = """exit status:
  0  done, or nothing to do
  1  with --check or --diff: a file would change
  2  usage error, or a file that cannot be read or written

examples:
  xqformats format games/
  xqformats format --check games/          # in CI: fail when a file is not in the canonical layout
  xqformats format --diff game.pgn
  xqformats format --notation wxf game.pgn"""
    p.add_argument("paths", nargs="*", metavar="PATH", help="files, folders (searched recursively) or - for stdin; default .")
    p.add_argument("--check", action="store_true", help="write nothing; list the files that would change (exit 1 if any)")
    p.add_argument("--diff", action="store_true", help="write nothing; print the changes as a unified diff (exit 1 if any)")
    p.add_argument("--notation", choices=NOTATIONS, default=None, help="rewrite PGN moves in this notation (default: the file's own)")
    p.add_argument(
        "--input-encoding", "--encoding", dest="encoding", metavar="ENC", default=None,
        help="text encoding of inputs (default: detected from the bytes); output keeps it",
    )
    p.add_argument("--stdin-filename", metavar="NAME", help="name standard input (its extension picks the format)")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line and no 'not formattable' notes")
    p.add_argument(
        "-v", "--verbose", action="store_true",
        help="list the files whose format has no canonical layout (XQF, CBR, CBL, DhtmlXQ), counted otherwise",
    )


def run_format(args: argparse.Namespace) -> int:
    try:
        encoding = _checked_encoding("--input-encoding", args.encoding)
    except _UsageError as exc:
        return _usage_error("format", str(exc))
    targets = discover(args.paths or ["."])
    changed = unchanged = 0
    status = 0
    layoutless: list[tuple[str, str]] = []  # (file, format title): counted, listed with -v
    for t in targets:
        title = _layoutless(t)
        if title is not None:
            layoutless.append((t.display, title))
            continue
        outcome = _format_target(t, args, encoding)
        if outcome is None:
            status = 2
        elif outcome:
            changed += 1
        else:
            unchanged += 1
    if not args.quiet:
        _say_format_summary(args, changed, unchanged, layoutless)
    if status:
        return status
    return 1 if changed and (args.check or args.diff) else 0


def _layoutless(t: Target) -> Optional[str]:
    """The title of the format of ``t`` when that format has no canonical layout (XQF, …), else ``None``.

    Told from the name and the first bytes, as the front door tells it; such
    a file is not formattable whatever it holds, so it is counted, not read.
    """
    from .formatter import FORMATTABLE

    if t.path == STDIN or t.missing or t.error is not None:
        return None
    try:
        with open(t.path, "rb") as handle:
            head = handle.read(formats.HEAD_SIZE)
    except OSError:
        return None  # the formatter says why it cannot be read
    fmt = formats.detect_format(t.display, head).format
    return fmt.title if fmt is not None and fmt.name not in FORMATTABLE else None


def _say_format_summary(args: argparse.Namespace, changed: int, unchanged: int, layoutless: list[tuple[str, str]]) -> None:
    """The last line on stderr: the files (re)formatted and unchanged, and those of a format with no layout.

    One line per file of a format with no layout only with ``-v`` (a folder of
    XQF files would otherwise print one line each); the count names the formats.
    """
    if args.verbose:
        for name, title in layoutless:
            print(f"xqformats format: {name}: not formattable: {title} has no canonical layout", file=sys.stderr)
    verb = "would be reformatted" if args.check or args.diff else "reformatted"
    line = f"xqformats format: {changed} file{'s' if changed != 1 else ''} {verb}, {unchanged} unchanged"
    if layoutless:
        titles = ", ".join(dict.fromkeys(title for _, title in layoutless))
        listed = "" if args.verbose else "; -v lists them"
        line += f", {len(layoutless)} not formattable ({titles}: no canonical layout{listed})"
    print(line, file=sys.stderr)


def _format_target(t: Target, args: argparse.Namespace, encoding: Optional[str]) -> Optional[bool]:
    """Format one input: whether it changed (or would), ``None`` when it could not be read or written.

    A file is formatted game by game (:func:`format_path`: memory of one
    game) and written in place only when it changed and every game passed;
    standard input, and a file whose ``--diff`` is asked for (the diff holds
    both texts), are read whole.
    """
    from .formatter import format_file, format_path

    stdin = t.path == STDIN
    name = (args.stdin_filename or "stdin.pgn") if stdin else t.display
    if not stdin and not args.diff:
        try:
            result = format_path(t.path, name, encoding=encoding, notation=args.notation, write=not args.check)
        except OSError as exc:
            print(f"xqformats format: cannot read `{t.display}`: {exc.strerror or exc}", file=sys.stderr)
            return None
        _say_format_result(t, args, result)
        if result.failure is not None:
            print(f"xqformats format: cannot write `{t.display}`: {result.failure}", file=sys.stderr)
            return None
        return result.changed
    try:
        data = sys.stdin.buffer.read() if stdin else Path(t.path).read_bytes()
    except OSError as exc:
        print(f"xqformats format: cannot read `{t.display}`: {exc.strerror or exc}", file=sys.stderr)
        return None
    result = format_file(data, name, encoding=encoding, notation=args.notation)
    _say_format_result(t, args, result)
    if args.diff:
        if result.changed:
            before = TextFile.decode(data, encoding)
            write_stdout(unified_diff(before.text if before else "", result.text, t.display))
    elif not args.check:  # standard input: the result to standard output
        sys.stdout.buffer.write(result.data)
        sys.stdout.buffer.flush()
    return result.changed


def _say_format_result(t: Target, args: argparse.Namespace, result: "FormatResult") -> None:
    """Why a file is not formattable (unless ``--quiet``), and ``Would reformat`` for ``--check``."""
    if result.reason is not None and not args.quiet:
        print(f"xqformats format: {t.display}: not formattable: {result.reason}", file=sys.stderr)
    if args.check and result.changed:
        print(f"Would reformat: {t.display}")
