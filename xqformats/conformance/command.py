"""The ``xqformats conformance`` subcommand: ``run``, ``list`` and ``decode``.

::

    xqformats conformance run [--decoder CMD] [--format F] [--kind K] [--json] [--jobs N] [CASE-PATHS...]
    xqformats conformance list [--format F] [--kind K]
    xqformats conformance decode [--name NAME]      # our decoder under the decoder protocol

``run`` judges a decoder on the cases (ours in-process without ``--decoder``;
``CMD`` is split as a shell would and run once per case) and exits 0 when every
case passes, 1 when one fails, 2 for a bad case or a usage error.  ``decode``
reads a record on stdin and prints ``{"json": ..., "diagnostics": [...]}``
(docs/conformance.md).  :mod:`xqformats.cli` lists the pair
:func:`add_arguments` / :func:`run_command`.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path
from typing import Optional

from ..adjudication.rulebook import RULE_BOOKS
from .cases import KINDS, Case, CaseError, discover, load_case
from .runner import CommandDecoder, Report, decode, ours, run


def _selection(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", action="append", metavar="F", help="only this suite or front-door format (repeatable)")
    p.add_argument("--kind", action="append", choices=KINDS, help="only cases of this kind (repeatable)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``run``, ``list`` and ``decode`` actions and their options."""
    p.description = (
        "The conformance suite (docs/conformance.md): cases that pin what each format means, judged against\n"
        "xqformats' own reader or any program that speaks the decoder protocol."
    )
    p.epilog = """exit status:
  0  every case passed (run); the listing or the decoding was printed (decode reports an unreadable
     input as diagnostics, not by its status)
  1  a case failed (run)
  2  usage error

examples:
  xqformats conformance run
  xqformats conformance run --format xqf --kind invalid
  xqformats conformance run --decoder 'python tools/conformance/adapters/cchess_adapter.py' --json
  xqformats conformance decode --name game.pgn < game.pgn"""
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    r = sub.add_parser("run", help="judge a decoder on the cases")
    _selection(r)
    r.add_argument("--decoder", metavar="CMD", help="a program under the decoder protocol (default: ours, in-process)")
    r.add_argument("--timeout", type=float, default=10.0, help="seconds a decoder may take per case (default 10)")
    r.add_argument("--jobs", type=int, default=4, metavar="N", help="cases run at once by --decoder (default 4)")
    r.add_argument("--json", action="store_true", help="print the report as JSON")
    r.add_argument("paths", nargs="*", metavar="CASE-PATHS", help="case inputs or sidecars (default: every case)")
    ls = sub.add_parser("list", help="list the cases")
    _selection(ls)
    d = sub.add_parser("decode", help="read a record on stdin, print its JSON form and findings")
    d.add_argument(
        "--name", default=None, help="the input's file name; its extension picks the format, `-` (standard input) lets the content decide (default: $XQ_CASE_NAME, else -)"
    )


def _cases(args: argparse.Namespace) -> list[Case]:
    if getattr(args, "paths", None):
        chosen = [load_case(Path(p)) for p in args.paths]
        return [c for c in chosen if (not args.kind or c.kind in args.kind) and (not args.format or {c.suite, c.format} & set(args.format))]
    return discover(suites=args.format, kinds=args.kind)


def format_report(report: Report) -> str:
    """The text report: each failed case with its reasons, then totals per suite and per clause."""
    lines = []
    for v in report.failed:
        lines.append(f"FAIL {v.case.id} ({', '.join(v.case.clauses)})")
        lines.extend(f"     {reason}" for reason in v.reasons)
    lines.append("")
    for title, totals in (("suite", report.by_suite()), ("clause", report.by_clause())):
        lines.append(f"by {title}:")
        lines.extend(f"  {key:<34} {p:>4}/{t:<4}" + ("" if p == t else "  FAIL") for key, (p, t) in totals.items())
    lines.append(f"{report.decoder}: {report.passed}/{len(report.verdicts)} cases passed")
    return "\n".join(lines) + "\n"


def _run(args: argparse.Namespace, cases: list[Case]) -> int:
    if args.decoder:
        command = shlex.split(args.decoder)
        if not command:
            return _usage("--decoder is empty")
        report = run(cases, CommandDecoder(command, args.timeout), name=args.decoder, jobs=max(1, args.jobs))
    else:
        report = run(cases, ours, name="xqformats (in-process)")
    if args.json:
        sys.stdout.write(json.dumps(report.to_json(), ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(format_report(report))
    return 0 if not report.failed else 1


def _list(cases: list[Case]) -> int:
    for c in cases:
        sys.stdout.write(f"{c.id:<50} {'; '.join(c.clauses)}  [{' '.join(c.rules)}]\n")
    return 0


def _decode(name: Optional[str]) -> int:
    """Our decoder under the protocol: the name is ``--name``, else ``XQ_CASE_NAME``, else none.

    Repetitions are judged by the rule set ``XQ_CASE_RULES`` names (``cxa`` when unset or unknown).
    """
    data = sys.stdin.buffer.read()
    rules = os.environ.get("XQ_CASE_RULES", "cxa")
    out = decode(data, name or os.environ.get("XQ_CASE_NAME") or "-", rules if rules in RULE_BOOKS else "cxa")
    sys.stdout.buffer.write(json.dumps(out, ensure_ascii=False).encode("utf-8") + b"\n")
    return 0


def _usage(message: str) -> int:
    print(f"xqformats conformance: {message}", file=sys.stderr)
    return 2


def run_command(args: argparse.Namespace) -> int:
    """Run the chosen action; the exit status (0 pass, 1 a case failed, 2 a bad case or usage)."""
    if args.action == "decode":
        return _decode(args.name)
    try:
        cases = _cases(args)
    except (CaseError, OSError) as exc:
        return _usage(str(exc))
    if args.action == "list":
        return _list(cases)
    return _run(args, cases)
