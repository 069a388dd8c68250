"""Squares, colours, pieces and moves: the vocabulary every module shares.

Coordinates follow ICCS (docs/spec/board.md §2.1): files ``a``–``i``
from Red's left, ranks ``0``–``9`` from Red's side.  A square is the integer
``rank * FILE_COUNT + file`` (0 = a0, 89 = i9).  This module is the one place
that knows that numbering: everything else goes through :func:`square`,
:func:`square_file`, :func:`square_rank`, :func:`square_name` and the three
counts.  What the board's shape implies for the pieces (palaces, the river,
movement tables) is :mod:`xqformats.geometry`.

Pieces are the one-character FEN letters: Red upper case ``K A B N R C P``
(king, advisor, elephant/bishop, horse/knight, rook, cannon, pawn), Black lower
case.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "Color",
    "RED",
    "BLACK",
    "Square",
    "SQUARES",
    "square",
    "square_file",
    "square_rank",
    "square_name",
    "PIECE_TYPES",
    "piece_color",
    "piece_type",
    "Move",
]

Color = bool
RED: Color = True
BLACK: Color = False
COLOR_NAMES = {RED: "red", BLACK: "black"}


def side_name(side: Color) -> str:
    """The side's name as messages write it: ``Red`` or ``Black``."""
    return "Red" if side else "Black"


Square = int
#: Files ``a``–``i``, ranks ``0``–``9``, and the points of the board.
FILE_COUNT = 9
RANK_COUNT = 10
SQUARE_COUNT = FILE_COUNT * RANK_COUNT
SQUARES = range(SQUARE_COUNT)
FILE_NAMES = "abcdefghi"


def square(file: int, rank: int) -> Square:
    """The square on ``file`` (0–8, a–i) and ``rank`` (0–9)."""
    return rank * FILE_COUNT + file


def square_file(sq: Square) -> int:
    """File index 0–8 (a–i) of ``sq``."""
    return sq % FILE_COUNT


def square_rank(sq: Square) -> int:
    """Rank 0–9 of ``sq`` (0 is Red's back rank)."""
    return sq // FILE_COUNT


def on_board(file: int, rank: int) -> bool:
    """Whether ``file``/``rank`` name a point of the board (either may be out of range)."""
    return 0 <= file < FILE_COUNT and 0 <= rank < RANK_COUNT


def square_name(sq: Square) -> str:
    """ICCS name in lower case, e.g. ``h2``."""
    return FILE_NAMES[sq % FILE_COUNT] + str(sq // FILE_COUNT)


#: Piece types as upper-case FEN letters.
PIECE_TYPES = "KABNRCP"
PIECE_NAMES = {
    "K": "king",
    "A": "advisor",
    "B": "elephant",
    "N": "horse",
    "R": "rook",
    "C": "cannon",
    "P": "pawn",
}


def piece_color(piece: str) -> Color:
    return piece.isupper()


def piece_type(piece: str) -> str:
    """Upper-case type letter of a piece."""
    return piece.upper()


def make_piece(ptype: str, color: Color) -> str:
    return ptype.upper() if color else ptype.lower()


class Move(NamedTuple):
    """A move from one square to another.  Comparable, hashable, immutable.

    ``str(move)`` is the canonical ICCS text (``H2-E2``); reading ICCS text is
    the notation module's job (its grammar is the spec).
    """

    from_square: Square
    to_square: Square

    def iccs(self) -> str:
        return f"{square_name(self.from_square)}-{square_name(self.to_square)}".upper()

    def uci(self) -> str:
        """UCCI spelling (``h2e2``)."""
        return square_name(self.from_square) + square_name(self.to_square)

    def __str__(self) -> str:
        return self.iccs()

    def __repr__(self) -> str:
        return f"Move({self.iccs()})"
