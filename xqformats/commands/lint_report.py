"""Where the results of ``xqformats lint`` go: the output stream and the report file (``--fix`` and
``--diff`` are :mod:`.lint_fix`)."""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Iterable, Optional

from ..discovery import STDIN, Target, repository_root
from ..formats.output import atomic_write
from ..lint.output import FOLD_AFTER, rebased, render, render_github, render_text_file, statistics, summary
from ..lint.runner import FileResult, LintOptions
from ..lint.selection import RuleSelection
from ..parallel import DaskUnavailable
from ..progress import Progress
from . import usage_error, write_stdout


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


class Stream:
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
            from ..board.report import render_html

            out = render_html(results, encoding=args.encoding)
        else:
            out = render(
                fmt, results, show_source=not args.no_source, summary=not args.quiet, root=root, fold=self.fold,
                color=self.color, hidden=self.hidden,
            )
        emit_report(out, args.output_file, utf8=fmt in ("json", "sarif", "github", "html"))


def run_failure(args: argparse.Namespace, exc: Exception, results: list[FileResult]) -> str:
    """What went wrong when a run stopped on ``exc``: no Dask, an unreachable ``--scheduler`` (before
    any result came back), or output that cannot be written (``-o FILE``; standard output raises OutputError)."""
    if isinstance(exc, DaskUnavailable) or (args.scheduler is not None and not results):
        return f"--scheduler {args.scheduler}: {exc}"
    assert isinstance(exc, OSError)
    return f"Cannot write `{args.output_file}`: {exc.strerror or exc}"


def emit_report(text: str, output_file: Optional[str], *, utf8: bool) -> None:
    """The report to stdout, or to ``output_file`` (UTF-8, written whole through a temporary file).

    A character UTF-8 cannot write (a lone surrogate: a file name's undecodable
    byte, a message quoting one) is ``?`` in the file, as on stdout (:func:`write_stdout`).
    """
    if output_file is None:
        if text:
            write_stdout(text, utf8=utf8)
        return
    atomic_write(Path(output_file), text.encode("utf-8", errors="replace"))
