"""The set-up of a 象棋世家 (ShiJia) record: 32 point numbers and a side (docs/spec/shijia.md §3).

:data:`SLOT_PIECES` gives the piece of each number by its place in the list
(§3.1); :func:`point` turns a number into a point (§3.2): the board is laid
on 16 × 16 cells from the fourth row and column, Black's back rank first.
"""

from __future__ import annotations

from typing import Optional

from ..core import FILE_COUNT, RANK_COUNT, Square, square

#: The piece of each of the 32 numbers, in their order (docs/spec/shijia.md §3.1).
SLOT_PIECES = "PPPPPCCNNRRBBAAK" + "pppppccnnrrbbaak"
#: The number of a piece not on the board.
OFF_BOARD = 0

_WIDTH = 16  # cells to a row
_MARGIN = 3  # cells before the first rank and file
_BASE = 1  # the numbers count the cells from 1


def point(value: int) -> Optional[Square]:
    """The point numbered ``value`` (§3.2; 52 -> a9, 204 -> i0), or ``None`` when it names none."""
    cell = value - _BASE
    if cell < 0:
        return None
    row, column = divmod(cell, _WIDTH)
    file, rank = column - _MARGIN, RANK_COUNT - 1 - (row - _MARGIN)
    if not (0 <= file < FILE_COUNT and 0 <= rank < RANK_COUNT):
        return None
    return square(file, rank)


def number(file: int, rank: int) -> int:
    """The number of the point on ``file`` (0–8) and ``rank`` (0–9): the inverse of :func:`point`."""
    return (_MARGIN + RANK_COUNT - 1 - rank) * _WIDTH + _MARGIN + file + _BASE
