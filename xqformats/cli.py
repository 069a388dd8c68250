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
import importlib
import sys
from typing import Any, Callable, NamedTuple, NoReturn, Optional, Sequence

from . import __version__
from .process import GC_THRESHOLDS, exit_now


class Subcommand(NamedTuple):
    """One ``xqformats`` subcommand.

    Its functions are named ``"module:function"`` and imported only when the
    subcommand is run (or every subcommand's ``--help`` is built): a run pays
    the start-up of its own subcommand, not of all.
    """

    name: str
    #: The one-line help shown by ``xqformats --help``.
    help: str
    #: Adds its arguments to its subparser.
    arguments: str
    #: Runs the parsed arguments; returns the exit status.
    runner: str

    def add_arguments(self, p: argparse.ArgumentParser) -> None:
        _function(self.arguments)(p)

    def run(self, args: argparse.Namespace) -> int:
        return int(_function(self.runner)(args))


def _function(where: str) -> Callable[..., Any]:
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


_C = "xqformats.commands"

#: Every subcommand, in the order ``xqformats --help`` lists them.
SUBCOMMANDS: tuple[Subcommand, ...] = (
    Subcommand("perft", "count leaf nodes of the legal move tree", f"{_C}.perft:add_arguments", f"{_C}.perft:run"),
    Subcommand("fen", "validate a FEN and print it in standard form", f"{_C}.fen:add_arguments", f"{_C}.fen:run"),
    Subcommand("lint", "check game records against the spec and report findings", f"{_C}.lint:add_arguments", f"{_C}.lint:run"),
    Subcommand("rules", "list the lint rules, or explain one", f"{_C}.rules:add_arguments", f"{_C}.rules:run"),
    Subcommand("convert", "convert game records between formats", "xqformats.convert:add_arguments", f"{_C}.convert:run"),
    Subcommand("format", "rewrite game records in the canonical layout", f"{_C}.format:add_arguments", f"{_C}.format:run"),
    Subcommand(
        "board", "draw a position of a FEN or a record as SVG", "xqformats.board.command:add_arguments",
        "xqformats.board.command:run",
    ),
    Subcommand("duplicates", "group the games that are the same across an archive", "xqformats.archive.command:duplicates_arguments", "xqformats.archive.command:run_duplicates"),
    Subcommand("find", "find games by player, date, result, position, moves or material", "xqformats.archive.command:find_arguments", "xqformats.archive.command:run_find"),
    Subcommand("stats", "statistics of an archive: players, results, dates, first moves", "xqformats.archive.command:stats_arguments", "xqformats.archive.command:run_stats"),
    Subcommand(
        "adjudicate", "judge a game's repetitions by the rules (perpetual check and chase) and its result",
        "xqformats.adjudication.command:add_arguments", "xqformats.adjudication.command:run",
    ),
    Subcommand(
        "conformance", "run the conformance suite on a decoder", "xqformats.conformance.command:add_arguments",
        "xqformats.conformance.command:run_command",
    ),
    Subcommand(
        "lsp", "run the language server for editors (stdio; --tcp for debugging)", "xqformats.lsp.command:add_arguments",
        "xqformats.lsp.command:run",
    ),
)


def parser(only: Optional[str] = None) -> argparse.ArgumentParser:
    """The ``xqformats`` argument parser, one subparser per :data:`SUBCOMMANDS` entry.

    With ``only``, only that subcommand is added: what a run of it needs
    (the whole table is built for ``xqformats --help`` and for a name that
    is no subcommand, whose error lists them all).
    """
    ap = argparse.ArgumentParser(
        prog="xqformats",
        description="Read, validate, lint and convert xiangqi (Chinese chess) game records.",
    )
    ap.add_argument("--version", action="version", version=f"xqformats {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    for cmd in SUBCOMMANDS:
        if only is not None and cmd.name != only:
            continue
        # Each subcommand's description and epilog (exit statuses, examples) are laid out as written.
        p = sub.add_parser(cmd.name, help=cmd.help, formatter_class=argparse.RawDescriptionHelpFormatter)
        cmd.add_arguments(p)
        p.set_defaults(func=cmd.run)
    return ap


_NAMES = frozenset(cmd.name for cmd in SUBCOMMANDS)


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
    saved = gc.get_threshold()
    # For this run only (main may be called in a longer process), and before the subcommand is
    # imported (:data:`~xqformats.process.GC_THRESHOLDS`).
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    finally:
        gc.set_threshold(*saved)


def _main(argv: list[str]) -> int:
    from . import commands  # (its readers' imports are the subcommand's, after the thresholds are set)

    ap = parser(argv[0] if argv and argv[0] in _NAMES else None)
    args = ap.parse_args(argv)
    if not getattr(args, "func", None):
        ap.print_help(sys.stderr)
        return 2
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


def run() -> NoReturn:
    """The ``xqformats`` program (its console script, and ``python -m xqformats``): :func:`main`,
    then the process ends without the interpreter's teardown (:func:`~xqformats.process.exit_now`)."""
    exit_now(main())
