"""How a CHE record names squares and pieces (docs/spec/che.md §3.2, §3.5): shared by the reader and the writer.

A record gives each point as a rank (the ICCS rank digit, 0 on Red's side)
and a column counted from file i: column ``c`` is file ``8 − c``, as vschess,
the one program known to write the format, writes it.  The piece ids are
those vschess gives: each of the 32 pieces of the initial position has its
own (:data:`START_IDS`), and keeps it as it moves.
"""

from __future__ import annotations

from typing import Optional

from ..core import FILE_COUNT, Move, Square, square, square_file, square_rank

#: The highest column and rank a record can name (docs/spec/che.md §3.2).
LAST_COLUMN, LAST_RANK = 8, 9

# The initial position's pieces by rank, files a to i, each as its id (None: empty).  Black's
# are 0–15, Red's 16–31; each side numbers each pair of pieces from its own left hand
# (docs/spec/che.md §3.5, the table).
_ROWS: dict[int, tuple[Optional[int], ...]] = {
    9: (8, 6, 4, 2, 0, 1, 3, 5, 7),
    7: (None, 10, None, None, None, None, None, 9, None),
    6: (15, None, 14, None, 13, None, 12, None, 11),
    3: (27, None, 28, None, 29, None, 30, None, 31),
    2: (None, 25, None, None, None, None, None, 26, None),
    0: (23, 21, 19, 17, 16, 18, 20, 22, 24),
}

#: The id of each piece of the initial position, by its square (docs/spec/che.md §3.5).
START_IDS: dict[Square, int] = {
    square(file, rank): piece
    for rank, row in _ROWS.items()
    for file, piece in enumerate(row)
    if piece is not None
}


def column_of(sq: Square) -> int:
    """The column a record writes for ``sq``'s file: 0 for file i, 8 for file a."""
    return LAST_COLUMN - square_file(sq)


def point(rank: int, column: int) -> Optional[Square]:
    """The square a record's rank and column name; ``None`` off the board."""
    if rank > LAST_RANK or column > LAST_COLUMN:
        return None
    return square(LAST_COLUMN - column, rank)


def _mirror(sq: Square) -> Square:
    return square(FILE_COUNT - 1 - square_file(sq), square_rank(sq))


def is_own_mirror(move: Move) -> bool:
    """Whether ``move`` reads the same with the columns counted from file a (both points on file e)."""
    return _mirror(move.from_square) == move.from_square and _mirror(move.to_square) == move.to_square
