"""The ``xqformats`` command line.

Each subcommand is a small function taking parsed arguments and returning an
exit status: 0 success, 1 the input had errors, 2 usage error or unreadable
input.  Messages go to stderr; no traceback reaches the user for bad input.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Optional, Sequence

from .diagnostics import Severity

__all__ = ["main"]

Command = Callable[[argparse.Namespace], int]
_COMMANDS: dict[str, Command] = {}


def _perft(args: argparse.Namespace) -> int:
    from .fen import parse_fen

    pos, diags = parse_fen(args.fen)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if pos is None or errors:
        for d in errors or diags:
            print(f"xqformats perft: invalid FEN: column {d.column}: {d.message}", file=sys.stderr)
        return 2
    if args.depth < 0:
        print("xqformats perft: DEPTH must be 0 or more", file=sys.stderr)
        return 2
    if args.divide and args.depth >= 1:
        total = 0
        for m in pos.legal_moves():
            pos.push(m)
            n = pos.perft(args.depth - 1)
            pos.pop()
            total += n
            print(f"{m.uci()}: {n}")
        print(total)
    else:
        print(pos.perft(args.depth))
    return 0


def _fen(args: argparse.Namespace) -> int:
    from .fen import parse_fen

    pos, diags = parse_fen(args.fen)
    for d in diags:
        print(f"<fen>:1:{d.column}: {d.code} {d.message}", file=sys.stderr)
    if pos is None or any(d.severity is Severity.ERROR for d in diags):
        return 1
    print(pos.fen())
    if args.board:
        print(pos)
    return 0


def _parser() -> argparse.ArgumentParser:
    from .position import STARTING_FEN

    ap = argparse.ArgumentParser(
        prog="xqformats",
        description="Read, validate, lint and convert xiangqi (Chinese chess) game records.",
    )
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("perft", help="count leaf nodes of the legal move tree")
    p.add_argument("depth", type=int, metavar="DEPTH")
    p.add_argument("--fen", default=STARTING_FEN, help="start position (default: the initial position)")
    p.add_argument("--divide", action="store_true", help="print the count below each legal move")
    p.set_defaults(func=_perft)

    p = sub.add_parser("fen", help="validate a FEN and print it in standard form")
    p.add_argument("fen", metavar="FEN")
    p.add_argument("--board", action="store_true", help="also draw the board")
    p.set_defaults(func=_fen)

    for name, (help_, add_args, func) in _EXTRA.items():
        p = sub.add_parser(name, help=help_)
        add_args(p)
        p.set_defaults(func=func)
    return ap


#: Subcommands contributed by format modules: name -> (help, add_arguments, run).
_EXTRA: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Command]] = {}


def register(name: str, help_: str, add_args: Callable[[argparse.ArgumentParser], None], run: Command) -> None:
    """Add a subcommand (used by format modules that live in their own files)."""
    _EXTRA[name] = (help_, add_args, run)


def _load_extensions() -> None:
    import importlib

    for mod in ("xqformats.commands",):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name == mod:
                continue
            # A broken extension must not take perft/fen down with it; say why.
            print(f"xqformats: commands unavailable ({exc})", file=sys.stderr)
        except ImportError as exc:
            print(f"xqformats: commands unavailable ({exc})", file=sys.stderr)


def main(argv: Optional[Sequence[str]] = None) -> int:
    _load_extensions()
    ap = _parser()
    args = ap.parse_args(argv)
    if not getattr(args, "func", None):
        ap.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
