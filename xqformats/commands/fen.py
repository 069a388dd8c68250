"""``xqformats fen``: validate a FEN and print it in standard form."""

from __future__ import annotations

import argparse
import sys

from ..diagnostics import Severity
from ..fen import parse_fen
from . import write_stdout


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Check a FEN position (board, side to move, counters) and print it in standard form; the findings go\n"
        "to standard error as <fen>:1:COLUMN: CODE message."
    )
    p.epilog = """exit status:
  0  a valid position (printed in standard form)
  1  the FEN has errors

examples:
  xqformats fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r'
  xqformats fen --board '4k4/9/9/9/9/9/9/9/9/4K4 w'"""
    p.add_argument("fen", metavar="FEN")
    p.add_argument("--board", action="store_true", help="also draw the board")


def run(args: argparse.Namespace) -> int:
    pos, diags = parse_fen(args.fen)
    for d in diags:
        print(f"<fen>:1:{d.column}: {d.code} {d.message}", file=sys.stderr)
    if pos is None or any(d.severity is Severity.ERROR for d in diags):
        return 1
    write_stdout(pos.fen() + "\n" + (f"{pos}\n" if args.board else ""))
    return 0
