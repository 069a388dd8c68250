"""Board geometry: what the board's shape means for each piece, as tables.

The one owner of the xiangqi board's regions and movement patterns (square
numbering itself is :mod:`xqformats.core`).  The rules engine
(:mod:`xqformats.position`), FEN validation (:mod:`xqformats.fen`) and
notation resolution (:mod:`xqformats.notation`) read these tables instead of
restating the rules:

* the palace is files d–f, ranks 0–2 for Red and 7–9 for Black; kings step
  orthogonally and advisors diagonally inside it;
* the river lies between ranks 4 and 5; elephants move two points diagonally
  on their own side, blocked by a piece on the point between (the eye);
* the horse moves one point orthogonally then one diagonally outward, blocked
  by a piece on the first point (the leg);
* rooks and cannons slide along files and ranks;
* pawns step forward, and also sideways once across the river.

Everything is computed once at import from those rules (no I/O, no
registration).  Tables are indexed by square (0–89, see :func:`core.square`)
and, where the side matters, by colour (``RED``/``BLACK``); colour-indexed
tables are dicts so that ``table[color]`` works with either bool.

The points a piece can ever stand on (:data:`REACHABLE`) are derived by
walking the movement tables from the start placement, so they cannot
disagree with the moves.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from .core import (
    BLACK,
    FILE_COUNT,
    RANK_COUNT,
    RED,
    SQUARE_COUNT,
    SQUARES,
    Color,
    Square,
    on_board,
    square,
    square_file,
    square_rank,
)

#: The last rank on Red's side of the river (Black's side starts one above).
RIVER_RANK = 4
#: Palace files (d–f) and the palace depth in ranks from each back rank.
PALACE_FILES = range(3, 6)
PALACE_DEPTH = 3

_ORTHO = ((0, 1), (0, -1), (1, 0), (-1, 0))
_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_HORSE = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))


# ---------------------------------------------------------------- regions
def mirror(sq: Square) -> Square:
    """The square seen from the other side's half (rank r ↔ rank 9 − r, same file)."""
    return square(square_file(sq), RANK_COUNT - 1 - square_rank(sq))


def mirror_left_right(sq: Square) -> Square:
    """The square on the other wing (file f ↔ file 8 − f, same rank): a game's left–right mirror image.

    The board's regions and every movement pattern are symmetric about the
    middle file (e), so a legal game mirrored square by square is legal.
    """
    return square(FILE_COUNT - 1 - square_file(sq), square_rank(sq))


def in_palace(file: int, rank: int, color: Color) -> bool:
    """Whether ``file``/``rank`` is a point of ``color``'s palace."""
    back = 0 if color else RANK_COUNT - PALACE_DEPTH
    return file in PALACE_FILES and back <= rank < back + PALACE_DEPTH


def own_side(rank: int, color: Color) -> bool:
    """Whether ``rank`` is on ``color``'s side of the river."""
    return rank <= RIVER_RANK if color else rank > RIVER_RANK


#: PALACE[color]: the nine points of that side's palace.
PALACE: dict[Color, frozenset[Square]] = {
    c: frozenset(s for s in SQUARES if in_palace(square_file(s), square_rank(s), c)) for c in (RED, BLACK)
}

#: FILE_SQUARES[file]: the file's squares from rank 0 to rank 9.
FILE_SQUARES: tuple[tuple[Square, ...], ...] = tuple(
    tuple(square(f, r) for r in range(RANK_COUNT)) for f in range(FILE_COUNT)
)

#: The start position: square → FEN letter (Red's half as laid out by the
#: rules, Black's half its mirror image).
_RED_START = {
    **{square(f, 0): p for f, p in enumerate("RNBAKABNR")},
    square(1, 2): "C",
    square(7, 2): "C",
    **{square(f, 3): "P" for f in range(0, FILE_COUNT, 2)},
}
INITIAL_BOARD: tuple[Optional[str], ...] = tuple(
    _RED_START.get(s) or (_RED_START.get(mirror(s)) or "").lower() or None for s in SQUARES
)


# ---------------------------------------------------------------- movement tables
#: ROOK_RAYS[sq]: the four rays (up, down, right, left) of squares from sq, nearest first.
ROOK_RAYS: list[tuple[tuple[Square, ...], ...]] = []
#: HORSE_MOVES[sq]: (target, leg) pairs.
HORSE_MOVES: list[tuple[tuple[Square, Square], ...]] = []
#: HORSE_ATTACKERS[sq]: (horse square, leg) pairs of horses that attack sq.
HORSE_ATTACKERS: list[list[tuple[Square, Square]]] = [[] for _ in SQUARES]
#: KING_MOVES[color][sq], ADVISOR_MOVES[color][sq]: targets inside the palace.
KING_MOVES: dict[Color, list[tuple[Square, ...]]] = {RED: [], BLACK: []}
ADVISOR_MOVES: dict[Color, list[tuple[Square, ...]]] = {RED: [], BLACK: []}
#: ELEPHANT_MOVES[color][sq]: (target, eye) pairs on the own side of the river.
ELEPHANT_MOVES: dict[Color, list[tuple[tuple[Square, Square], ...]]] = {RED: [], BLACK: []}
#: PAWN_MOVES[color][sq]: forward step, and sideways steps once across the river.
PAWN_MOVES: dict[Color, list[tuple[Square, ...]]] = {RED: [], BLACK: []}
#: PAWN_ATTACKERS[color][sq]: squares from which a pawn of ``color`` attacks sq.
PAWN_ATTACKERS: dict[Color, list[list[Square]]] = {
    RED: [[] for _ in SQUARES],
    BLACK: [[] for _ in SQUARES],
}


def _rays(f: int, r: int) -> tuple[tuple[Square, ...], ...]:
    rays = []
    for df, dr in _ORTHO:
        ray = []
        nf, nr = f + df, r + dr
        while on_board(nf, nr):
            ray.append(square(nf, nr))
            nf, nr = nf + df, nr + dr
        rays.append(tuple(ray))
    return tuple(rays)


def _horse(f: int, r: int) -> tuple[tuple[Square, Square], ...]:
    out = []
    for df, dr in _HORSE:
        if on_board(f + df, r + dr):
            leg = square(f, r + dr // 2) if abs(dr) == 2 else square(f + df // 2, r)
            out.append((square(f + df, r + dr), leg))
    return tuple(out)


def _palace_steps(f: int, r: int, color: Color, steps: tuple[tuple[int, int], ...]) -> tuple[Square, ...]:
    if not in_palace(f, r, color):
        return ()
    return tuple(square(f + df, r + dr) for df, dr in steps if in_palace(f + df, r + dr, color))


def _elephant(f: int, r: int, color: Color) -> tuple[tuple[Square, Square], ...]:
    if not own_side(r, color):
        return ()
    return tuple(
        (square(f + 2 * df, r + 2 * dr), square(f + df, r + dr))
        for df, dr in _DIAG
        if on_board(f + 2 * df, r + 2 * dr) and own_side(r + 2 * dr, color)
    )


def _pawn(f: int, r: int, color: Color) -> tuple[Square, ...]:
    fwd = 1 if color else -1
    steps = [square(f, r + fwd)] if on_board(f, r + fwd) else []
    if not own_side(r, color):
        steps.extend(square(f + df, r) for df in (-1, 1) if on_board(f + df, r))
    return tuple(steps)


def _build_tables() -> None:
    """Fill the movement tables above, square by square."""
    for s in SQUARES:
        f, r = square_file(s), square_rank(s)
        ROOK_RAYS.append(_rays(f, r))
        HORSE_MOVES.append(_horse(f, r))
        for to, leg in HORSE_MOVES[s]:
            HORSE_ATTACKERS[to].append((s, leg))
        for color in (RED, BLACK):
            KING_MOVES[color].append(_palace_steps(f, r, color, _ORTHO))
            ADVISOR_MOVES[color].append(_palace_steps(f, r, color, _DIAG))
            ELEPHANT_MOVES[color].append(_elephant(f, r, color))
            PAWN_MOVES[color].append(_pawn(f, r, color))
            for to in PAWN_MOVES[color][s]:
                PAWN_ATTACKERS[color][to].append(s)


_build_tables()

#: RAYS_FROM[sq]: the non-empty rays of ROOK_RAYS[sq] (the attack test loops over fewer).
RAYS_FROM: list[tuple[tuple[Square, ...], ...]] = [tuple(r for r in rays if r) for rays in ROOK_RAYS]


# ---------------------------------------------------------------- paths
#: The pieces a sliding path applies to (rooks and cannons of both sides).
SLIDERS = frozenset("RrCc")

#: What a move needs (see :data:`PATHS`).
Need = Union[None, int, slice]


def _slide_paths() -> list[list[Need]]:
    """frm → to → the slice of the board strictly between, on a shared file or rank.

    Walked along :data:`ROOK_RAYS` (the squares that share a file or rank), not
    over every pair of squares: a ninth of the work at import.
    """
    table: list[list[Need]] = []
    for frm in SQUARES:
        row: list[Need] = [None] * SQUARE_COUNT
        for ray in ROOK_RAYS[frm]:
            for to in ray:
                lo, hi = min(frm, to), max(frm, to)
                row[to] = slice(lo + FILE_COUNT, hi, FILE_COUNT) if hi - lo >= FILE_COUNT else slice(lo + 1, hi)
        table.append(row)
    return table


def _step_paths(targets: list[tuple[Square, ...]]) -> list[list[Need]]:
    """frm → to → -1 (nothing must be free) for each target of a stepping piece."""
    table: list[list[Need]] = [[None] * SQUARE_COUNT for _ in SQUARES]
    for frm in SQUARES:
        for to in targets[frm]:
            table[frm][to] = -1
    return table


def _blockable_paths(targets: list[tuple[tuple[Square, Square], ...]]) -> list[list[Need]]:
    """frm → to → the square that must be empty, from (target, leg or eye) pairs."""
    table: list[list[Need]] = [[None] * SQUARE_COUNT for _ in SQUARES]
    for frm in SQUARES:
        for to, block in targets[frm]:
            table[frm][to] = block
    return table


def _build_paths() -> dict[str, list[list[Need]]]:
    """PATHS[piece][frm][to]: what ``piece`` needs to go frm→to, from the tables above."""
    slide = _slide_paths()
    horse = _blockable_paths(HORSE_MOVES)
    paths = {"R": slide, "r": slide, "C": slide, "c": slide, "N": horse, "n": horse}
    for color in (RED, BLACK):
        for letter, table in (("K", KING_MOVES), ("A", ADVISOR_MOVES), ("P", PAWN_MOVES)):
            paths[letter if color else letter.lower()] = _step_paths(table[color])
        paths["B" if color else "b"] = _blockable_paths(ELEPHANT_MOVES[color])
    return paths


#: PATHS[piece][frm][to], ``piece`` a FEN letter: ``None`` when the piece's
#: geometry never allows frm→to; for rooks and cannons the slice of the board
#: between the two squares (a file or a rank); for the others the square that
#: must be empty (the horse's leg, the elephant's eye) or -1 when nothing must
#: be.  One lookup answers the geometry, so the engine tests one path instead
#: of generating every target.
PATHS: dict[str, list[list[Need]]] = _build_paths()


# ---------------------------------------------------------------- reachable points
def _closure(starts: list[Square], moves: list[tuple[Any, ...]]) -> frozenset[Square]:
    """Every square reachable from ``starts`` by repeated moves of the table."""
    seen = set(starts)
    todo = list(starts)
    while todo:
        s = todo.pop()
        for m in moves[s]:
            to = m if isinstance(m, int) else m[0]
            if to not in seen:
                seen.add(to)
                todo.append(to)
    return frozenset(seen)


def _reachable() -> dict[str, frozenset[Square]]:
    tables: dict[str, dict[Color, Any]] = {"K": KING_MOVES, "A": ADVISOR_MOVES, "B": ELEPHANT_MOVES, "P": PAWN_MOVES}
    out: dict[str, frozenset[Square]] = {}
    for letter, table in tables.items():
        for color in (RED, BLACK):
            piece = letter if color else letter.lower()
            starts = [s for s in SQUARES if INITIAL_BOARD[s] == piece]
            out[piece] = _closure(starts, table[color])
    return out


#: REACHABLE[piece]: the points a king, advisor, elephant or pawn (FEN letter)
#: can ever stand on, walked from the start placement with the movement
#: tables.  Rooks, horses and cannons reach every point and have no entry.
REACHABLE: dict[str, frozenset[Square]] = _reachable()
