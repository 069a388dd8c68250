"""``xqformats perft``: count the leaf nodes of the legal move tree (the move generator's test)."""

from __future__ import annotations

import argparse
import sys

from ..diagnostics import Severity
from ..fen import parse_fen
from ..position import STARTING_FEN
from . import usage_error, write_stdout


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Count the leaf nodes of the legal move tree DEPTH plies deep from a position: the standard test of a\n"
        "move generator (xqformats' counts agree with Fairy-Stockfish's)."
    )
    p.epilog = """exit status:
  0  the count was printed
  2  an invalid FEN or a negative DEPTH

examples:
  xqformats perft 3                      # 79666 from the initial position
  xqformats perft 2 --divide             # the count below each legal move
  xqformats perft 4 --fen '4k4/9/9/9/9/9/9/9/9/4K4 w'"""
    p.add_argument("depth", type=int, metavar="DEPTH")
    p.add_argument("--fen", default=STARTING_FEN, help="start position (default: the initial position)")
    p.add_argument("--divide", action="store_true", help="print the count below each legal move")


def run(args: argparse.Namespace) -> int:
    pos, diags = parse_fen(args.fen)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if pos is None or errors:
        for d in errors or diags:
            print(f"xqformats perft: invalid FEN: column {d.column}: {d.message}", file=sys.stderr)
        return 2
    if args.depth < 0:
        return usage_error("perft", "DEPTH must be 0 or more")
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
