"""The ``lint``, ``rules`` and ``convert`` subcommands of ``xqformats``.

:mod:`xqformats.cli` imports this module and each subcommand registers
itself with :func:`xqformats.cli.register`.  Every ``run`` function returns
the exit status: 0 no errors, 1 errors found, 2 usage error or unreadable
input.  Messages for the user go to stderr as ``xqformats <cmd>: …``;
findings go to stdout in the chosen format.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Optional, Sequence

from .cli import register
from .diagnostics import Rule

__all__ = ["run_lint", "run_rules", "run_convert", "write_stdout"]


def _usage_error(cmd: str, message: str) -> int:
    print(f"xqformats {cmd}: {message}", file=sys.stderr)
    return 2


def write_stdout(text: str, *, utf8: bool = False) -> None:
    """Write ``text`` to stdout; never fails on characters the terminal cannot show.

    Machine formats (``utf8=True``: JSON, SARIF, GitHub commands) are always UTF-8;
    human text uses the stream's encoding with replacement characters.
    """
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        stream.write(text)
        stream.flush()
        return
    encoding = "utf-8" if utf8 else (getattr(stream, "encoding", None) or "utf-8")
    stream.flush()
    buffer.write(text.encode(encoding, errors="replace"))
    buffer.flush()


def _selectors(values: Optional[Sequence[str]]) -> tuple[str, ...]:
    from .lint.catalogue import RuleSelection

    return RuleSelection.parse(values or ())


# ---------------------------------------------------------------- lint


def _lint_arguments(p: argparse.ArgumentParser) -> None:
    from .lint.config import OUTPUT_FORMATS

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
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="lint N files at a time in worker processes (0: one per CPU)")
    p.add_argument("--config", metavar="FILE", help="read settings from FILE (xqformats.toml or pyproject.toml)")
    p.add_argument("--isolated", action="store_true", help="ignore configuration files")
    p.add_argument("--stdin-filename", metavar="NAME", help="name standard input in reports (its extension picks the format)")
    p.add_argument("--no-source", action="store_true", help="text output without the source line and carets")
    p.add_argument("--no-progress", action="store_true", help="never draw a progress bar")


def run_lint(args: argparse.Namespace) -> int:
    from .diagnostics import all_rules
    from .lint.catalogue import OPT_IN, RuleSelection, SelectorError
    from .lint.config import ConfigError, Settings, find_config, load_config
    from .lint.discovery import discover
    from .lint.output import render
    from .lint.runner import LintOptions, Progress, progress_allowed, run

    settings = Settings()
    if not args.isolated:
        try:
            cfg: Optional[Path]
            if args.config:
                cfg = Path(args.config)
                if not cfg.is_file():
                    return _usage_error("lint", f"Config file `{args.config}` not found")
            else:
                cfg = find_config()
            if cfg is not None:
                settings = load_config(cfg)
        except ConfigError as exc:
            return _usage_error("lint", str(exc))

    chosen = _selectors(args.select) or settings.select
    select = (chosen or ("ALL",)) + settings.extend_select + _selectors(args.extend_select)
    ignore = settings.ignore + _selectors(args.ignore)
    # `ALL` named by the user reaches the opt-in style rules too; the default does not.
    selection = RuleSelection(select, ignore, () if chosen and "ALL" in chosen else OPT_IN)
    codes = [r.code for r in all_rules()]
    try:
        selection.validate(codes)
        for _, per_file in settings.per_file_ignores:
            RuleSelection((), per_file).validate(codes)
    except SelectorError as exc:
        return _usage_error("lint", str(exc))

    jobs = args.jobs
    if jobs < 0:
        return _usage_error("lint", f"-j/--jobs must be 0 (one per CPU) or more, not {jobs}")
    if jobs == 0:
        jobs = os.cpu_count() or 1
    strict = bool(args.strict) if args.strict is not None else bool(settings.strict)
    fmt = args.output_format or settings.output_format or "text"

    targets = discover(args.paths or ["."], exclude=settings.exclude, exclude_root=settings.root)
    if not targets:
        print("xqformats lint: no .pgn or .cbf files found under the given paths", file=sys.stderr)
    progress = None
    if not args.no_progress and len(targets) > 1 and progress_allowed(sys.stderr):
        progress = Progress(len(targets), sys.stderr)
    options = LintOptions(selection, strict, settings, args.encoding)
    results = run(targets, options, jobs=jobs, progress=progress, stdin_name=args.stdin_filename)

    out = render(fmt, results, show_source=not args.no_source)
    if out:
        write_stdout(out, utf8=fmt in ("json", "sarif", "github"))
    if any(r.failed for r in results):
        return 2
    return 1 if any(r.has_errors for r in results) else 0


# ---------------------------------------------------------------- rules


def _rules_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("code", nargs="?", metavar="CODE", help="a rule code (explain it) or a prefix (list those rules)")
    p.add_argument("--format", dest="output_format", choices=("text", "json"), default="text", help="output format")


def _rule_record(r: Rule) -> dict[str, object]:
    from .lint.catalogue import group_of

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


def run_rules(args: argparse.Namespace) -> int:
    from .diagnostics import all_rules
    from .lint.catalogue import grouped, rule_page

    rules = all_rules()
    if args.code:
        code = args.code.strip().upper()
        exact = [r for r in rules if r.code == code or r.name == args.code.strip().lower()]
        if exact:
            if args.output_format == "json":
                write_stdout(json.dumps(_rule_record(exact[0]), ensure_ascii=False, indent=2) + "\n", utf8=True)
            else:
                write_stdout(rule_page(exact[0]))
            return 0
        rules = [r for r in rules if r.code.startswith(code)]
        if not rules:
            return _usage_error("rules", f"Unknown rule `{args.code}`; `xqformats rules` lists them all")
    if args.output_format == "json":
        write_stdout(json.dumps([_rule_record(r) for r in rules], ensure_ascii=False, indent=2) + "\n", utf8=True)
        return 0
    lines: list[str] = []
    name_w = max(len(r.name) for r in rules)
    for title, members in grouped(rules):
        lines.append(f"{title}:")
        for r in members:
            sev = str(r.severity) + ("*" if r.deviation else "")
            lines.append(f"  {r.code}  {r.name:<{name_w}}  {sev:<8}  {r.summary}")
        lines.append("")
    lines.append("* a deviation from the spec: an error under --strict.  `xqformats rules CODE` explains one rule.")
    write_stdout("\n".join(lines) + "\n")
    return 0


# ---------------------------------------------------------------- convert


def _convert_arguments(p: argparse.ArgumentParser) -> None:
    from .convert import add_arguments

    add_arguments(p)


def run_convert(args: argparse.Namespace) -> int:
    from .convert import run

    return run(args)


register("lint", "check game records against the spec and report findings", _lint_arguments, run_lint)
register("rules", "list the lint rules, or explain one", _rules_arguments, run_rules)
register("convert", "convert game records between PGN and CBF", _convert_arguments, run_convert)
