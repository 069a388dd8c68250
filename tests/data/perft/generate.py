"""Regenerate ``xiangqi.perft`` with counts from Fairy-Stockfish (pyffish).

The counts in the data file must come from an engine independent of ours, so
this script never imports :mod:`xqformats`.  pyffish has no perft of its own:
the tree is walked with ``pyffish.get_fen`` (the position after a move) and
``pyffish.legal_moves``.  Each pyffish call costs about 1.4 ms here, so depth 4
from the start (79,666 calls) takes about two minutes.

Run by hand: ``python tests/data/perft/generate.py > tests/data/perft/xiangqi.perft``.

Fairy-Stockfish reads the same FEN board as we do; only its UCI move spelling
numbers ranks 1-10 (ours 0-9), which does not matter for counting.
"""

from __future__ import annotations

import sys

import pyffish

VARIANT = "xiangqi"

#: (id, FEN, deepest depth, what the position exercises)
POSITIONS: list[tuple[str, str, int, str]] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -",
        4,
        "the initial position",
    ),
    (
        "opening-screen-horses",
        "r1bakabr1/9/c1n3nc1/pC2p3p/2p3p2/2P6/P3P1P1P/2N1C1N2/9/R1BAKABR1 w - -",
        3,
        "middlegame after 12 plies of a central-cannon opening",
    ),
    (
        "cannons-in-camp",
        "1rbakabr1/9/6R2/p1p1n3p/9/9/PcP1P1P1c/1CN3N2/9/R1BAKAB2 w - -",
        3,
        "middlegame: Black cannons deep in Red's half, a Red rook on Black's horse rank",
    ),
    (
        "king-off-centre",
        "rnbk1ab2/5r3/6nc1/p1p1C1p1p/9/9/P1P1c1P1P/2N4C1/9/2BAKABNR w - -",
        3,
        "middlegame: Black king on d9 after a rook sacrifice, cannons on the open e-file",
    ),
    (
        "flying-general-endgame",
        "3a2b2/4k4/2n6/p5P2/7C1/2p6/r8/9/3K5/5AB2 w - -",
        3,
        "endgame: kings on adjacent open files, each king's sideways step would face the other",
    ),
    (
        "cannon-screens",
        "3k1a3/4a4/1c2b2c1/9/2C3p2/4P4/r2N5/4C4/4A4/3K1A3 w - -",
        3,
        "cannons behind screens of both colours; a Red horse pinned between the kings",
    ),
    (
        "pawns-across-river",
        "3k5/1P2a2P1/2P6/p3P4/9/4p4/1p5p1/3p5/4K4/9 w - -",
        3,
        "pawns of both sides across the river, moving sideways; Red pawns one step from the last rank",
    ),
    (
        "horse-legs-elephant-eyes",
        "2bak4/4a4/2n1b4/3Np4/9/2B6/3N5/4B4/9/3AKA3 w - -",
        3,
        "blocked horse legs and elephant eyes; an elephant on the river bank",
    ),
    (
        "in-check-cannon-screen",
        "3akab2/8R/r3n2c1/9/9/9/4C4/9/6N2/3K5 b - -",
        3,
        "Black in check from a cannon over its own horse: move the screen, add a second one, or run",
    ),
    (
        "in-check-rook-flying-general",
        "3a2b2/4k4/2n6/pR4P2/7C1/2p6/9/9/r2K5/5AB2 w - -",
        3,
        "Red in check from a rook on the king's rank; the king may not step onto the open e-file",
    ),
    (
        "checkmate",
        "3k5/9/9/9/9/9/9/9/9/3RK4 b - -",
        2,
        "Black is checkmated: the rook holds the d-file, the Red king the e-file",
    ),
    (
        "stalemate",
        "3k5/9/3P5/9/9/9/9/9/9/4K4 b - -",
        2,
        "Black is stalemated (and so has lost): d8 is covered by the pawn, e9 by the flying general",
    ),
]


def sf_perft(fen: str, depth: int) -> int:
    """Leaf count of pyffish's legal-move tree below ``fen``."""
    if depth <= 0:
        return 1
    moves = pyffish.legal_moves(VARIANT, fen, [])
    if depth == 1:
        return len(moves)
    if depth == 2:
        # One call per child instead of get_fen + legal_moves.
        return sum(len(pyffish.legal_moves(VARIANT, fen, [m])) for m in moves)
    return sum(sf_perft(pyffish.get_fen(VARIANT, fen, [m]), depth - 1) for m in moves)


HEADER = """\
#
# xiangqi.perft -- perft node counts for the xqformats rules engine
#
# Layout as python-chess's examples/perft/*.perft: `id`, `epd` (board, side,
# `- -`), then `perft <depth> <nodes>` lines.  Ranks in the board text are
# the usual FEN ranks; perft counts every legal move sequence of <depth> plies
# (a side with no legal move ends its branch: checkmate and stalemate alike).
#
# Source of the counts: Fairy-Stockfish through pyffish {version}, variant
# "xiangqi", tree walked with pyffish.legal_moves / pyffish.get_fen by
# tests/data/perft/generate.py (which does not import xqformats).
# The start counts agree with the published ones (44, 1920, 79666, 3290240).
#
"""


def main() -> int:
    out = sys.stdout
    out.write(HEADER.format(version=".".join(map(str, pyffish.version()))))
    for ident, fen, deepest, what in POSITIONS:
        out.write(f"\n# {what}\nid {ident}\nepd {fen}\n")
        for depth in range(1, deepest + 1):
            out.write(f"perft {depth} {sf_perft(fen, depth)}\n")
            out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
