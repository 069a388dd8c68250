"""``xqformats lint``: its options, its settings (config files, rule selection, jobs), and the run.

Where the results go (the output stream, the report, ``--fix`` and ``--diff``)
is :mod:`.lint_report`; the linter itself is :mod:`xqformats.lint`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Optional

from .. import formats
from ..formats._reading import parse_size
from ..discovery import STDIN, Target, discover
from ..lint.config import OUTPUT_FORMATS, RULE_SETS, ConfigError, Settings, find_config, load_config
from ..lint.duplicates import DuplicateJudge
from ..lint.output import FOLD_AFTER, run_summary
from ..lint.runner import LintOptions, iter_results
from ..lint.selection import RuleSelection, SelectorError
from ..parallel import DEFAULT_CONNECT_TIMEOUT, DaskUnavailable
from ..progress import Progress, progress_allowed
from . import UsageError, checked_encoding, usage_error
from .lint_report import Stream, run_failure


def add_arguments(p: argparse.ArgumentParser) -> None:
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


def _checked_size(option: str, value: Optional[str], default: int) -> int:
    """The size ``value`` of ``option`` in bytes (``default`` when not given); else a usage error."""
    if value is None:
        return default
    try:
        return parse_size(value)
    except ValueError as exc:
        raise UsageError(f"{option}: {exc}") from None


#: From how many bytes of input the default ``-j`` starts worker processes:
#: below it, starting them (about 0.2 s each, every grammar loaded again)
#: costs more than the work they share.
AUTO_PARALLEL_BYTES = 4_000_000


def _jobs(jobs: Optional[int]) -> Optional[int]:
    """``-j``: a number of workers, or ``None`` for the default (decided by the input's size)."""
    if jobs is not None and jobs < 0:
        raise UsageError(f"-j/--jobs must be 0 (one per CPU) or more, not {jobs}")
    return None if jobs is None else jobs or os.cpu_count() or 1


def _check_timeout(seconds: float) -> None:
    """``--scheduler-timeout``: more than 0 seconds, a number (not ``nan``)."""
    if not seconds > 0 or seconds == float("inf"):
        raise UsageError(f"--scheduler-timeout must be a number of seconds above 0, not {seconds:g}")


def _auto_jobs(targets: list[Target]) -> int:
    """One worker per CPU when the files hold :data:`AUTO_PARALLEL_BYTES` or more, else one."""
    total = 0
    for t in targets:
        total += _file_size(t.path)
        if total >= AUTO_PARALLEL_BYTES:
            return os.cpu_count() or 1
    return 1


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


def run(args: argparse.Namespace) -> int:
    try:
        settings = _settings(args)
        jobs = _jobs(args.jobs)
        _check_timeout(args.scheduler_timeout)
        encoding = checked_encoding("--input-encoding", args.encoding)
        _lint_options(args, settings, encoding)  # the command line's own values checked before any work
    except (ConfigError, SelectorError, UsageError) as exc:
        return usage_error("lint", str(exc))
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
    except (ConfigError, SelectorError, UsageError) as exc:
        return usage_error("lint", str(exc))
    progress = None
    interactive = not args.no_progress and len(targets) > 1 and progress_allowed(sys.stderr)
    if interactive:
        progress = Progress(len(targets), sys.stderr, total_bytes=sum(_file_size(t.path) for t in targets))
    started = time.monotonic()
    workers = jobs if jobs is not None else _auto_jobs(targets)
    if args.fix or args.diff:
        from .lint_fix import run_fix  # only a run that fixes loads the fixer

        return run_fix(args, groups, fmt, progress)
    stream = Stream(args, fmt, progress)
    duplicates = DuplicateJudge()  # G109 over the whole run, whatever config each file has
    try:
        for options, chunk in groups:
            stream.extend(iter_results(chunk, options, jobs=workers, progress=progress, stdin_name=args.stdin_filename,
                                       scheduler=args.scheduler, scheduler_timeout=args.scheduler_timeout,
                                       duplicates=duplicates), options.selection)
        stream.finish()
    except BrokenPipeError:
        raise  # a reader that stopped early (`| head`) is no failure: the command line ends quietly
    except (DaskUnavailable, OSError) as exc:
        return usage_error("lint", run_failure(args, exc, stream.results))
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
        self._walked: dict[Path, Optional[Path]] = {}  # each folder's closest config, for find_config
        self._loaded: dict[Optional[Path], Settings] = {settings.source: settings}

    def of_folder(self, folder: str) -> Settings:
        """The settings of the files in ``folder`` (raises :class:`ConfigError` for a config that cannot be read)."""
        if folder not in self._by_folder:
            self._by_folder[folder] = find_config(Path(folder), self._walked) or self.settings.source
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
