"""The ``perft``, ``fen``, ``lint`` and ``rules`` subcommands of ``xqformats``.

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
from pathlib import Path
from typing import Optional

from . import formats
from .diagnostics import Rule, Severity
from .fen import parse_fen
from .lint.catalogue import all_rules, group_of, grouped, rule_page
from .lint.config import OUTPUT_FORMATS, ConfigError, Settings, find_config, load_config
from .lint.discovery import Target, discover, repository_root
from .lint.output import FOLD_AFTER, rebased, render, run_summary, statistics
from .lint.runner import FileResult, LintOptions, run
from .lint.selection import RuleSelection, SelectorError
from .parallel import DaskUnavailable
from .position import STARTING_FEN
from .progress import Progress, progress_allowed

__all__ = [
    "perft_arguments",
    "run_perft",
    "fen_arguments",
    "run_fen",
    "lint_arguments",
    "run_lint",
    "rules_arguments",
    "run_rules",
    "write_stdout",
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
    p.add_argument("--encoding", metavar="ENC", default=None, help="text encoding of PGN inputs, e.g. gbk (default: detected from the bytes; CBF files declare theirs)")
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
    p.add_argument("--config", metavar="FILE", help="read settings from FILE (xqformats.toml or pyproject.toml)")
    p.add_argument("--isolated", action="store_true", help="ignore configuration files")
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
        selection = _selection(args, settings)
        jobs = _jobs(args.jobs)
        encoding = _checked_encoding("--encoding", args.encoding)
        default_size = settings.max_file_size or formats.DEFAULT_MAX_FILE_SIZE
        max_size = _checked_size("--max-file-size", args.max_file_size, default_size)
    except (ConfigError, SelectorError, _UsageError) as exc:
        return _usage_error("lint", str(exc))
    strict = bool(args.strict) if args.strict is not None else bool(settings.strict)
    fmt = args.output_format or settings.output_format or "text"

    targets = discover(
        args.paths or ["."], exclude=settings.exclude, exclude_root=settings.root, force_exclude=args.force_exclude
    )
    if not targets:
        known = ", ".join(formats.REGISTRY.extensions())
        print(f"xqformats lint: no record files ({known}) found under the given paths", file=sys.stderr)
    progress = None
    interactive = not args.no_progress and len(targets) > 1 and progress_allowed(sys.stderr)
    if interactive:
        progress = Progress(len(targets), sys.stderr, total_bytes=sum(_file_size(t.path) for t in targets))
    options = LintOptions(selection, strict, encoding, max_size)
    started = time.monotonic()
    workers = jobs if jobs is not None else _auto_jobs(targets)
    try:
        results = run(targets, options, jobs=workers, progress=progress, stdin_name=args.stdin_filename, scheduler=args.scheduler)
    except (DaskUnavailable, OSError) as exc:  # no Dask, or its scheduler cannot be reached
        if args.scheduler is None:
            raise
        return _usage_error("lint", f"--scheduler {args.scheduler}: {exc}")
    elapsed = time.monotonic() - started

    root = None
    if fmt in ("sarif", "github"):
        root, results = _ci_paths(fmt, results, args.root)
    if args.statistics:
        out = statistics(results, fmt)
    else:
        fold = None if args.no_fold else FOLD_AFTER
        color = fmt == "text" and args.output_file is None and use_color(args.color, sys.stdout)
        out = render(fmt, results, show_source=not args.no_source, summary=not args.quiet, root=root, fold=fold, color=color)
    try:
        _emit_report(out, args.output_file, utf8=fmt in ("json", "sarif", "github"))
    except OSError as exc:  # the --output-file (standard output raises OutputError)
        return _usage_error("lint", f"Cannot write `{args.output_file}`: {exc.strerror or exc}")
    if not args.quiet:
        _report_skipped(targets.skipped, args.verbose)
        if interactive or args.verbose:
            print(f"xqformats lint: {run_summary(results, elapsed)}", file=sys.stderr)
    if any(r.failed for r in results):
        return 2
    return 1 if any(r.has_errors for r in results) and not args.exit_zero else 0


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
    """The report to stdout, or to ``output_file`` (UTF-8, written whole through a temporary file)."""
    if output_file is None:
        if text:
            write_stdout(text, utf8=utf8)
        return
    from .convert import atomic_write

    atomic_write(Path(output_file), text.encode("utf-8"))


# ---------------------------------------------------------------- rules


def rules_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("code", nargs="?", metavar="CODE", help="a rule code (explain it) or a prefix (list those rules)")
    p.add_argument("--format", dest="output_format", choices=("text", "json"), default="text", help="output format")


def _rule_record(r: Rule) -> dict[str, object]:
    return {
        "code": r.code,
        "name": r.name,
        "severity": str(r.severity),
        "deviation": r.deviation,
        "group": group_of(r.code),
        "summary": r.summary,
        "doc": r.doc,
        "example": r.example,
        "fixed": r.fixed,
        "example_kind": r.example_kind,
    }


def _write_json(data: object) -> None:
    write_stdout(json.dumps(data, ensure_ascii=False, indent=2) + "\n", utf8=True)


def _rules_table(rules: list[Rule]) -> str:
    """The rules by group, one line each (``xqformats rules`` without ``--format json``)."""
    lines: list[str] = []
    name_w = max(len(r.name) for r in rules)
    for title, members in grouped(rules):
        lines.append(f"{title}:")
        for r in members:
            sev = str(r.severity) + ("*" if r.deviation else "")
            lines.append(f"  {r.code}  {r.name:<{name_w}}  {sev:<8}  {r.summary}")
        lines.append("")
    lines.append("* a deviation from the spec: an error under --strict.  `xqformats rules CODE` explains one rule.")
    return "\n".join(lines) + "\n"


def run_rules(args: argparse.Namespace) -> int:
    rules = all_rules()
    if args.code:
        code = args.code.strip().upper()
        exact = [r for r in rules if r.code == code or r.name == args.code.strip().lower()]
        if exact:
            if args.output_format == "json":
                _write_json(_rule_record(exact[0]))
            else:
                write_stdout(rule_page(exact[0]))
            return 0
        rules = [r for r in rules if r.code.startswith(code)]
        if not rules:
            return _usage_error("rules", f"Unknown rule `{args.code}`; `xqformats rules` lists them all")
    if args.output_format == "json":
        _write_json([_rule_record(r) for r in rules])
    else:
        write_stdout(_rules_table(rules))
    return 0
