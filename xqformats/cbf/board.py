"""CBF coordinates: the ``Board`` string and ``XY-XY`` move values.

Board string (docs/spec/cbf.md §4.1; the draft thread, post of 2007-12-30 8:52)::

    jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXMJ-r1

The 90 points row by row from Black's back rank, each row from file a; a number
is a run of empty points and may run across rows; letters ``J`` 车 ``M`` 马
``X`` 相 ``S`` 仕 ``W`` 帅 ``P`` 炮 ``B`` 兵 (upper case Red, lower case Black —
note ``P`` is the cannon and ``B`` the pawn, unlike FEN); then ``-``, the side to
move ``r``/``b`` and the move number; anything after a further ``-`` is
reserved ("将来可能扩充") and ignored.  An empty string is the initial position.

Move value ``XY-XY``: X the file 0–8 (a–i), Y the row 0–9 counted from Black's
side, so rank = 9 − Y: ``77-47`` = ``H2-E2``.

The schema (``schemas/cbf.xsd``, types ``BoardString`` and ``MoveValue``)
states the character-level shape; this module decodes, and reports what XSD
cannot state (the count of 90 points) and, with exact offsets, what the schema
only rejects as a whole.  Nothing here raises on bad input.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..core import FILE_COUNT, RANK_COUNT, SQUARE_COUNT, Move, square, square_file, square_rank
from ..diagnostics import Rule, Severity, excerpt
from ..digits import MAX_NUMBER_DIGITS, bounded_int
from ..fen import RULE_OF
from ..position import Position
from .rules import BOARD_LETTER, BOARD_SIDE, BOARD_SIZE

#: The value of 象棋桥's root move (docs/spec/cbf.md §5.2): no move.
ROOT_VALUE = "00-00"

#: CBF piece letter -> FEN letter (draft post of 2007-12-30 8:52).
CBF_TO_FEN: dict[str, str] = {
    "J": "R", "M": "N", "X": "B", "S": "A", "W": "K", "P": "C", "B": "P",
    "j": "r", "m": "n", "x": "b", "s": "a", "w": "k", "p": "c", "b": "p",
}  # fmt: skip
FEN_TO_CBF: dict[str, str] = {v: k for k, v in CBF_TO_FEN.items()}

_DIGITS = frozenset("0123456789")
_LETTER_LIST = "`JMXSWPB` (Red) or `jmxswpb` (Black)"


class BoardProblem(NamedTuple):
    """A problem in a Board string; ``start``/``end`` are offsets in the string."""

    rule: Rule
    message: str
    start: int
    end: int
    severity: Severity


def _problem(rule: Rule, message: str, start: int, end: int) -> BoardProblem:
    return BoardProblem(rule, message, start, end, rule.severity)


def _row_square(count: int) -> int:
    """The square of the ``count``-th point of a Board string (rows from Black's back rank)."""
    row, file = divmod(count, FILE_COUNT)
    return square(file, RANK_COUNT - 1 - row)


#: Squares in Board-string order (rows from Black's back rank, each from file a).
_POINT_ORDER = tuple(_row_square(count) for count in range(SQUARE_COUNT))


def _decode_points(value: str, end: int, problems: list[BoardProblem]) -> Optional[list[Optional[str]]]:
    """The points part ``value[:end]`` → a board, or None when it cannot be read (C301, C302)."""
    board: list[Optional[str]] = [None] * SQUARE_COUNT
    count = 0
    ok = True
    i = 0
    while i < end:
        ch = value[i]
        if ch in _DIGITS:
            j = i + 1
            while j < end and value[j] in _DIGITS:
                j += 1
            run = bounded_int(value[i:j])
            if run is None:  # more than MAX_NUMBER_DIGITS digits: no board has that many points
                msg = f"The Board string counts `{excerpt(value[i:j])}` empty points at once; expected {SQUARE_COUNT} points in all"
                problems.append(_problem(BOARD_SIZE, msg, i, j))
                return None
            count += run
            i = j
            continue
        piece = CBF_TO_FEN.get(ch)
        if piece is None:
            msg = f"Unknown piece letter `{ch}` in the Board string; expected {_LETTER_LIST}"
            problems.append(_problem(BOARD_LETTER, msg, i, i + 1))
            ok = False
        elif count < SQUARE_COUNT:
            board[_row_square(count)] = piece
        count += 1
        i += 1
    if count != SQUARE_COUNT:
        msg = (
            f"The Board string describes {count} point{'s' if count != 1 else ''}; "
            f"expected {SQUARE_COUNT} ({FILE_COUNT} files by {RANK_COUNT} rows)"
        )
        problems.append(_problem(BOARD_SIZE, msg, 0, end))
        ok = False
    return board if ok else None


def _decode_side(value: str, dash: int, problems: list[BoardProblem]) -> Optional[tuple[bool, int]]:
    """The ``-r12`` part after the points → (Red to move, move number), or None (C303)."""
    if dash < 0:
        msg = "The Board string has no side to move; expected `-r` or `-b` and the move number after the points"
        problems.append(_problem(BOARD_SIDE, msg, len(value), len(value)))
        return None
    tail = value[dash + 1 :]
    more = tail.find("-")
    field = tail if more < 0 else tail[:more]
    start = dash + 1
    side, digits = field[:1], field[1:]
    ok = side in ("r", "b")
    if not ok:
        msg = f"Side to move `{side or field}` in the Board string; expected `r` (Red) or `b` (Black)"
        problems.append(_problem(BOARD_SIDE, msg, start, start + max(1, len(side))))
    number = bounded_int(digits) if digits.isascii() else None
    if number is None or number < 1:
        too_long = f" with at most {MAX_NUMBER_DIGITS} digits" if len(digits) > MAX_NUMBER_DIGITS else ""
        msg = f"Move number `{excerpt(digits)}` in the Board string; expected a number of at least 1{too_long}"
        problems.append(_problem(BOARD_SIDE, msg, start + 1, start + len(field)))
        return None
    return (side == "r", number) if ok else None


def decode_board(value: str) -> tuple[Optional[Position], list[BoardProblem]]:
    """Decode a Board string; return ``(position or None, problems)``.

    The position is ``None`` when the points, the side or the move number cannot
    be read (C301–C303).  A readable board that no game can reach (two red kings,
    kings facing, …) is returned with the FEN rules' F106–F110 findings
    (:meth:`Position.setup_problems`), positioned on the points part.
    O(len(value)).
    """
    if value == "":
        return Position.initial(), []
    problems: list[BoardProblem] = []
    dash = value.find("-")
    cells_end = dash if dash >= 0 else len(value)
    board = _decode_points(value, cells_end, problems)
    side = _decode_side(value, dash, problems)
    if board is None or side is None:
        return None, problems
    pos = Position(None)
    for sq, p in enumerate(board):
        if p is not None:
            pos.set_piece(sq, p)
    pos.turn, pos.fullmove_number = side
    for problem, message, _ in pos.setup_problems():
        rule = RULE_OF[problem]
        problems.append(BoardProblem(rule, message, 0, cells_end, rule.severity))
    return pos, problems


def encode_board(pos: Position) -> str:
    """The Board string of ``pos`` (runs of empty points may cross rows)."""
    out: list[str] = []
    empty = 0
    for sq in _POINT_ORDER:
        p = pos.board[sq]
        if p is None:
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(FEN_TO_CBF[p])
    if empty:
        out.append(str(empty))
    out.append("-r" if pos.turn else "-b")
    out.append(str(pos.fullmove_number))
    return "".join(out)


# Every in-range value decodes to the same Move: build the table lazily.
_MOVE_CACHE: dict[str, Move] = {}


def decode_move_value(value: str) -> Optional[Move]:
    """``XY-XY`` -> :class:`Move`, or ``None`` when it is not two points on the board.

    O(1) after the first call for a value.  ``00-00`` decodes to ``a9-a9`` (a
    null move); callers treat it as the root move or reject it.
    """
    move = _MOVE_CACHE.get(value)
    if move is not None:
        return move
    if (
        len(value) != 5
        or value[2] != "-"
        or not value.isascii()
        or not (value[:2] + value[3:]).isdigit()
    ):
        return None
    x1, y1, x2, y2 = int(value[0]), int(value[1]), int(value[3]), int(value[4])
    if x1 >= FILE_COUNT or x2 >= FILE_COUNT:
        return None
    move = Move(square(x1, RANK_COUNT - 1 - y1), square(x2, RANK_COUNT - 1 - y2))
    _MOVE_CACHE[value] = move
    return move


def encode_move_value(move: Move) -> str:
    """:class:`Move` -> ``XY-XY`` (``H2-E2`` -> ``77-47``)."""
    top = RANK_COUNT - 1
    f, t = move.from_square, move.to_square
    return f"{square_file(f)}{top - square_rank(f)}-{square_file(t)}{top - square_rank(t)}"
