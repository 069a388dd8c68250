"""``xqformats format``: rewrite record files in the canonical layout (the layout itself is :mod:`xqformats.formatter`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from .. import formats
from ..discovery import STDIN, Target, discover
from ..formats.output import TextFile
from ..lint.fixes import unified_diff
from . import UsageError, checked_encoding, usage_error, write_stdout

if TYPE_CHECKING:
    from ..formatter import FormatResult


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``format`` subcommand's options (the layout itself is :mod:`xqformats.formatter`)."""
    from ..formatter import NOTATIONS

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


def run(args: argparse.Namespace) -> int:
    try:
        encoding = checked_encoding("--input-encoding", args.encoding)
    except UsageError as exc:
        return usage_error("format", str(exc))
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
    from ..formatter import FORMATTABLE

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
    from ..formatter import format_file, format_path

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
