"""``xqformats lint --fix`` and ``--diff``: each input fixed in turn, then what is left reported.

Its own module, imported only when a run fixes: a plain ``lint`` never loads
:mod:`xqformats.lint.fixes` (nor :mod:`difflib`).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Optional

from ..discovery import STDIN, Target, repository_root
from ..formats.output import atomic_write
from ..lint.fixes import FileFix, fix_target, unified_diff
from ..lint.output import FOLD_AFTER, rebased, render
from ..lint.runner import FileResult, LintOptions
from ..progress import Progress
from . import usage_error, write_stdout
from .lint_report import emit_report


def run_fix(
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
            return usage_error("lint", f"Cannot write `{t.display}`: {exc.strerror or exc}")
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
        emit_report(out, args.output_file, utf8=fmt in ("json", "sarif", "github"))
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
