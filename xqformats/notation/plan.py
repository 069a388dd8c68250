"""Plans: the common case of decoding, compiled once per spelling.

Most moves in real records are canonical and unambiguous: one piece of the
named type on the named file, or a front/rear marker where one file holds two
of the piece, or an ICCS from-square holding the mover's piece; and the move
is legal.  For those, everything :func:`.resolve.resolve` does to *explain* a
failure is wasted work.  A plan is what a spelling means for each side reduced
to tables: the piece letter, and for every square the piece could stand on,
the move it would make from there (``None`` where the geometry forbids it).
Running one costs a slice and a count per file looked at and one
:meth:`Position.can_move` test.

The contract, which ``tests/test_position_fast.py`` checks against the slow
path: a plan returns a move only when ``resolve`` would return the same move
with no diagnostic of its own (the shape's style findings aside); otherwise
it returns ``None`` and ``decode`` takes the slow path, which finds and
explains the problem.  A plan never decides a failure.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..core import FILE_COUNT, RANK_COUNT, Move, square
from ..diagnostics import Diagnostic
from ..position import Position
from .resolve import allowed_by_rule, destination, file_index, marker_index
from .shape import Memo, Notation, Shape
from .spelling import shape_of

#: The move a spelling denotes in a position, or None when the slow path must decide.
Runner = Callable[[Position], Optional[Move]]
#: (notation, runner when Red moves, runner when Black moves, the shape's style findings).
#: A side's runner is None when the spelling always needs the slow path for that
#: side (a Chinese move written with the other side's numbers, say).
Plan = tuple[Notation, Optional[Runner], Optional[Runner], tuple[Diagnostic, ...]]

#: The plan of a spelling with no fast path (markers, WXF digit leads, text no
#: grammar accepts): no runner for either side.
NO_PLAN: Plan = (Notation.CHINESE, None, None, ())
PLAN_LIMIT = 50_000
#: text → plan.  Bounded like the shape memo; ``decode`` reads it first.
PLANS: Memo[str, Plan] = Memo(PLAN_LIMIT)


def _move_if_allowed(ptype: str, frm: int, shape: Shape, red: bool) -> Optional[Move]:
    """The move of a piece on ``frm`` where the action and number lead to a
    square its movement rule allows on an empty board, else None."""
    to = destination(ptype, frm, shape.action, shape.number, red)
    return Move(frm, to) if to is not None and allowed_by_rule(ptype, frm, to, red) else None


def _file_runner(shape: Shape, red: bool) -> Runner:
    """Runner of a plain move (piece, file, action, number) for one side."""
    ptype = shape.piece
    assert ptype is not None and shape.file is not None
    piece = ptype if red else ptype.lower()
    fi = file_index(shape.file, red)
    # table[r]: the move of a piece on rank r of the file (see _move_if_allowed).
    table = tuple(_move_if_allowed(ptype, square(fi, r), shape, red) for r in range(RANK_COUNT))
    file_slice = slice(fi, None, FILE_COUNT)
    # Advisors and elephants sharing a file need no marker: the one whose
    # direction is possible is meant (resolve._locate; docs/spec/notation.md §3.8).
    by_direction = ptype == "A" or ptype == "B"

    def run(pos: Position) -> Optional[Move]:
        column = pos.board[file_slice]  # ranks 0-9 of the file
        n = column.count(piece)
        if n == 1:
            move = table[column.index(piece)]
        elif n and by_direction:
            move = None
            for r, p in enumerate(column):
                if p == piece and table[r] is not None:
                    if move is not None:
                        return None  # two could go: resolve explains
                    move = table[r]
        else:
            return None  # none, or several: resolve explains
        if move is None:
            return None
        frm, to = move
        return move if pos.can_move(frm, to) else None

    return run


def _stack_of(board: list[Optional[str]], piece: str) -> Optional[tuple[int, list[Optional[str]], int]]:
    """The one file holding two or three of ``piece``: (file, its column, count); else None."""
    # The files the piece stands on, found by the list's own search (at most five of a piece).
    files: list[int] = []
    i = -1
    count = board.count(piece)
    for _ in range(count):
        i = board.index(piece, i + 1)
        files.append(i % FILE_COUNT)
    stack = None
    for f in set(files):
        n = files.count(f)
        if n >= 2:
            if stack is not None:
                return None  # stacks on two files: resolve asks which
            stack = (f, board[_FILE_SLICES[f][1]], n)
    if stack is None or stack[2] > 3:
        return None
    return stack


def _tandem_runner(shape: Shape, red: bool) -> Optional[Runner]:
    """Runner of a marker move (``前炮平五``, ``C+.5``) for one side, or None.

    Fast only where resolve finds one file holding two or three of the piece
    and the marker is the canonical one for that count (2: front/rear; 3:
    front/middle/rear in Chinese, front/rear in WXF, whose middle pawn is
    written plainly), so that resolve's canonical-form check stays silent.
    Advisors and elephants take no marker (their canonical form is plain).
    """
    ptype, marker, notation = shape.piece, shape.marker, shape.notation
    if ptype is None or ptype in "KAB" or marker not in ("front", "middle", "rear"):
        return None
    if notation is Notation.WXF and marker == "middle":
        return None
    piece = ptype if red else ptype.lower()
    # picks[n]: index front to back of the piece meant among n stacked.
    picks = (None, None, marker_index(notation, marker, 2), marker_index(notation, marker, 3))
    # table[frm]: the move from frm (see _move_if_allowed), filled in as squares are met
    # (a spelling meets a few of the 90 squares).
    table: dict[int, Optional[Move]] = {}

    def run(pos: Position) -> Optional[Move]:
        stack = _stack_of(pos.board, piece)
        if stack is None:
            return None
        f, column, n = stack
        idx = picks[n]
        if idx is None:
            return None
        ranks = [r for r, p in enumerate(column) if p == piece]  # back to front for Black
        frm = square(f, ranks[-1 - idx] if red else ranks[idx])
        if frm in table:
            move = table[frm]
        else:
            move = table[frm] = _move_if_allowed(ptype, frm, shape, red)
        if move is None:
            return None
        frm, to = move
        return move if pos.can_move(frm, to) else None

    return run


#: (file, the slice of a board that is its column), for every file.
_FILE_SLICES = tuple((f, slice(f, None, FILE_COUNT)) for f in range(FILE_COUNT))


def _coords_runner(frm: int, to: int) -> Runner:
    """Runner of an ICCS move (both sides)."""
    move = Move(frm, to)

    def run(pos: Position) -> Optional[Move]:
        return move if pos.can_move(frm, to) else None

    return run


def plan_of(shape: Shape) -> Optional[Plan]:
    """The plan of a shape, or None when the shape always takes the slow path.

    Fast shapes: ICCS coordinates, plain moves with a piece letter, and
    front/middle/rear markers (no ordinal, no WXF leading digit).  A Chinese
    move runs fast only for the side whose numbers and piece name it is
    written with; for the other side resolve reports M205/M207.
    """
    notation = shape.notation
    if notation is Notation.ICCS:
        run = _coords_runner(shape.from_square, shape.to_square)
        return (notation, run, run, shape.styles)
    if shape.lead is not None or shape.piece is None:
        return None
    if shape.kind == "plain":
        make: Callable[[Shape, bool], Optional[Runner]] = _file_runner
    elif shape.kind == "tandem" and shape.ordinal is None:
        make = _tandem_runner
    else:
        return None
    if notation is Notation.CHINESE:
        side = shape.number_red
        if side is None or (shape.file_red is not None and shape.file_red is not side):
            return None
        if shape.piece_side is not None and shape.piece_side is not side:
            return None
        runner = make(shape, side)
        if runner is None:
            return None
        return (notation, runner, None, shape.styles) if side else (notation, None, runner, shape.styles)
    red, black = make(shape, True), make(shape, False)
    if red is None and black is None:
        return None
    return (notation, red, black, shape.styles)


def plan_for_text(text: str) -> Plan:
    """The plan of a spelling, built on first sight and memoized (NO_PLAN: slow path).

    The hot path reads :data:`PLANS` itself and calls this on a miss.  Text
    that is not a string has no plan.
    """
    plan = PLANS.get(text)
    if plan is not None:
        return plan
    shape = shape_of(text) if isinstance(text, str) else None
    return PLANS.remember(text, (None if shape is None else plan_of(shape)) or NO_PLAN)
