"""The ``xqformats`` command line.

The parser is built from one explicit table, :data:`SUBCOMMANDS`: each
subcommand is a pair of functions (one adds its arguments, one runs it and
returns the exit status: 0 success, 1 the input had errors, 2 usage error or
unreadable input).  The arguments function also sets the subparser's
``description`` and an ``epilog`` with ``exit status:`` and ``examples:``
sections (shown as written: ``RawDescriptionHelpFormatter``).  Nothing registers itself.  Messages go to stderr; no
traceback reaches the user for bad input.
"""

from __future__ import annotations

import argparse
import gc
import sys
from typing import Callable, NamedTuple, Optional, Sequence

from . import __version__, commands, convert
from .board import command as board_command
from .conformance import command as conformance
from .lint.runner import GC_THRESHOLDS
from .lsp import command as lsp_command

__all__ = ["main", "Subcommand", "SUBCOMMANDS", "parser"]


class Subcommand(NamedTuple):
    """One ``xqformats`` subcommand."""

    name: str
    #: The one-line help shown by ``xqformats --help``.
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    #: Runs the parsed arguments; returns the exit status.
    run: Callable[[argparse.Namespace], int]


#: Every subcommand, in the order ``xqformats --help`` lists them.
SUBCOMMANDS: tuple[Subcommand, ...] = (
    Subcommand("perft", "count leaf nodes of the legal move tree", commands.perft_arguments, commands.run_perft),
    Subcommand("fen", "validate a FEN and print it in standard form", commands.fen_arguments, commands.run_fen),
    Subcommand(
        "lint", "check game records against the spec and report findings", commands.lint_arguments, commands.run_lint
    ),
    Subcommand("rules", "list the lint rules, or explain one", commands.rules_arguments, commands.run_rules),
    Subcommand("convert", "convert game records between formats", convert.add_arguments, commands.run_convert),
    Subcommand("format", "rewrite game records in the canonical layout", commands.format_arguments, commands.run_format),
    Subcommand("board", "draw a position of a FEN or a record as SVG", board_command.add_arguments, board_command.run),
    Subcommand("conformance", "run the conformance suite on a decoder", conformance.add_arguments, conformance.run_command),
    Subcommand("lsp", "run the language server for editors (stdio; --tcp for debugging)", lsp_command.add_arguments, lsp_command.run),
)


def parser() -> argparse.ArgumentParser:
    """The ``xqformats`` argument parser, one subparser per :data:`SUBCOMMANDS` entry."""
    ap = argparse.ArgumentParser(
        prog="xqformats",
        description="Read, validate, lint and convert xiangqi (Chinese chess) game records.",
    )
    ap.add_argument("--version", action="version", version=f"xqformats {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    for cmd in SUBCOMMANDS:
        # Each subcommand's description and epilog (exit statuses, examples) are laid out as written.
        p = sub.add_parser(cmd.name, help=cmd.help, formatter_class=argparse.RawDescriptionHelpFormatter)
        cmd.add_arguments(p)
        p.set_defaults(func=cmd.run)
    return ap


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush cannot fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file descriptor (captured output)
        pass


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run ``xqformats`` with ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    ap = parser()
    args = ap.parse_args(argv)
    if not getattr(args, "func", None):
        ap.print_help(sys.stderr)
        return 2
    saved = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)  # for this run only (main may be called in a longer process)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except commands.OutputError as exc:
        _silence_stdout()
        print(f"xqformats {args.command}: {exc}", file=sys.stderr)
        return 2
    finally:
        gc.set_threshold(*saved)
