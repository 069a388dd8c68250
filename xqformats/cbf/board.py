"""CBF coordinates: the ``Board`` string and ``XY-XY`` move values.

Board string (``cbf-draft-thread-000.txt``, post of 2007-12-30 8:52; ``NOTES.md``
§ CBF)::

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

from ..core import Move
from ..diagnostics import Rule, Severity
from ..fen import FEN_CHECK, FEN_COUNT, FEN_FACING, FEN_KING, FEN_SQUARE, parse_fen
from ..position import STARTING_FEN, Position
from .rules import BOARD_LETTER, BOARD_SIDE, BOARD_SIZE

__all__ = [
    "BoardProblem",
    "decode_board",
    "encode_board",
    "decode_move_value",
    "encode_move_value",
    "ROOT_VALUE",
    "CBF_TO_FEN",
    "FEN_TO_CBF",
]

#: The value of 象棋桥's root move (``NOTES.md`` § CBF): no move.
ROOT_VALUE = "00-00"

#: CBF piece letter -> FEN letter (draft post of 2007-12-30 8:52).
CBF_TO_FEN: dict[str, str] = {
    "J": "R", "M": "N", "X": "B", "S": "A", "W": "K", "P": "C", "B": "P",
    "j": "r", "m": "n", "x": "b", "s": "a", "w": "k", "p": "c", "b": "p",
}  # fmt: skip
FEN_TO_CBF: dict[str, str] = {v: k for k, v in CBF_TO_FEN.items()}

_DIGITS = frozenset("0123456789")
_LETTER_LIST = "`JMXSWPB` (Red) or `jmxswpb` (Black)"
# Position checks of the FEN module that apply to any board (piece counts,
# reachable points, kings, facing kings, side not to move in check).
_POSITION_RULES = {r.code: r for r in (FEN_COUNT, FEN_SQUARE, FEN_KING, FEN_FACING, FEN_CHECK)}


class BoardProblem(NamedTuple):
    """A problem in a Board string; ``start``/``end`` are offsets in the string."""

    rule: Rule
    message: str
    start: int
    end: int
    severity: Severity


def _problem(rule: Rule, message: str, start: int, end: int) -> BoardProblem:
    return BoardProblem(rule, message, start, end, rule.severity)


def decode_board(value: str) -> tuple[Optional[Position], list[BoardProblem]]:
    """Decode a Board string; return ``(position or None, problems)``.

    The position is ``None`` when the points, the side or the move number cannot
    be read (C301–C303).  A readable board that no game can reach (two red kings,
    kings facing, …) is returned with the FEN module's F106–F110 findings,
    positioned on the points part.  O(len(value)).
    """
    if value == "":
        return Position(STARTING_FEN), []
    problems: list[BoardProblem] = []
    dash = value.find("-")
    cells_end = dash if dash >= 0 else len(value)
    board: list[Optional[str]] = [None] * 90
    count = 0
    ok = True
    i = 0
    while i < cells_end:
        ch = value[i]
        if ch in _DIGITS:
            j = i + 1
            while j < cells_end and value[j] in _DIGITS:
                j += 1
            count += int(value[i:j])
            i = j
            continue
        piece = CBF_TO_FEN.get(ch)
        if piece is None:
            problems.append(
                _problem(BOARD_LETTER, f"Unknown piece letter `{ch}` in the Board string; expected {_LETTER_LIST}", i, i + 1)
            )
            ok = False
        elif count < 90:
            row, file = divmod(count, 9)
            board[(9 - row) * 9 + file] = piece
        count += 1
        i += 1
    if count != 90:
        problems.append(
            _problem(
                BOARD_SIZE,
                f"The Board string describes {count} point{'s' if count != 1 else ''}; expected 90 (9 files by 10 rows)",
                0,
                cells_end,
            )
        )
        ok = False

    turn = True
    number = 1
    if dash < 0:
        problems.append(
            _problem(BOARD_SIDE, "The Board string has no side to move; expected `-r` or `-b` and the move number after the points", len(value), len(value))
        )
        ok = False
    else:
        tail = value[dash + 1 :]
        more = tail.find("-")
        field = tail if more < 0 else tail[:more]
        start = dash + 1
        side, digits = field[:1], field[1:]
        if side not in ("r", "b"):
            problems.append(
                _problem(BOARD_SIDE, f"Side to move `{side or field}` in the Board string; expected `r` (Red) or `b` (Black)", start, start + max(1, len(side)))
            )
            ok = False
        else:
            turn = side == "r"
        if not digits or not digits.isascii() or not digits.isdigit() or int(digits) < 1:
            problems.append(
                _problem(BOARD_SIDE, f"Move number `{digits}` in the Board string; expected a number of at least 1", start + 1, start + len(field))
            )
            ok = False
        else:
            number = int(digits)
    if not ok:
        return None, problems

    pos = Position(None)
    for sq, p in enumerate(board):
        if p is not None:
            pos.set_piece(sq, p)
    pos.turn = turn
    pos.fullmove_number = number
    _, fen_diags = parse_fen(pos.fen())
    for d in fen_diags:
        if d.code in _POSITION_RULES:
            problems.append(BoardProblem(_POSITION_RULES[d.code], d.message, 0, cells_end, d.severity))
    return pos, problems


def encode_board(pos: Position) -> str:
    """The Board string of ``pos`` (runs of empty points may cross rows)."""
    out: list[str] = []
    empty = 0
    for row in range(10):
        rank = 9 - row
        for file in range(9):
            p = pos.board[rank * 9 + file]
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
    if x1 > 8 or x2 > 8:
        return None
    move = Move((9 - y1) * 9 + x1, (9 - y2) * 9 + x2)
    _MOVE_CACHE[value] = move
    return move


def encode_move_value(move: Move) -> str:
    """:class:`Move` -> ``XY-XY`` (``H2-E2`` -> ``77-47``)."""
    f, t = move.from_square, move.to_square
    return f"{f % 9}{9 - f // 9}-{t % 9}{9 - t // 9}"
