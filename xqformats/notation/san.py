"""SAN (standard algebraic notation) for xiangqi: meaning against a position, and output.

Syntax is ``grammars/san.lark``; the clauses are docs/spec/notation.md §7.  A
SAN move names a piece letter (none for a WinBoard pawn), an optional
locator (file, rank or square), an optional ``x`` and the destination square.
Ranks are written in one of two conventions (:class:`RankConvention`): the
same text can mean different moves in each, so the caller says which, or
:func:`decode_san` tries both.  :func:`game_convention` decides it for a
whole line of play (docs/spec/notation.md §7.3).
"""

from __future__ import annotations

import enum
from typing import Iterable, NamedTuple, Optional, Sequence

from lark import Token, Tree
from lark.exceptions import LarkError

from ..core import FILE_COUNT, FILE_NAMES, RANK_COUNT, Move, square, square_file, square_rank
from ..diagnostics import Diagnostic
from ..position import Position
from .rules import AMBIGUOUS, NO_SUCH_PIECE, SAN_RANKS_UNDECIDED, UNREACHABLE
from .shape import Memo, Notation, Shape, parser_for, span


class RankConvention(enum.IntEnum):
    """How SAN numbers the ranks (docs/spec/notation.md §7.1); the value is the number of Red's back rank."""

    WINBOARD = 0  #: WinBoard/XBoard: 0–9, pawns without a letter.
    PYCHESS = 1  #: PyChess, Fairy-Stockfish: 1–10, pawns with ``P``.


#: The convention assumed when a game gives no evidence (docs/spec/notation.md §7.3).
DEFAULT_CONVENTION = RankConvention.PYCHESS

#: SAN letter → the model's piece type (docs/spec/notation.md §7.2).
_PIECES = {"K": "K", "A": "A", "E": "B", "B": "B", "H": "N", "N": "N", "R": "R", "C": "C", "P": "P"}
#: The model's piece type → the letter written.
_LETTERS = {"K": "K", "A": "A", "B": "E", "N": "H", "R": "R", "C": "C", "P": "P"}


class SanParts(NamedTuple):
    """What a SAN text says, before a convention is applied (ranks as written)."""

    piece: str  #: the model's type letter (``P`` for a bare pawn move)
    file: Optional[int]  #: locating file 0–8, or None
    rank: Optional[int]  #: locating rank as written, or None
    to_file: int
    to_rank: int  #: destination rank as written


def _token(tree: Tree[Token]) -> str:
    tok: Token = tree.children[0]  # type: ignore[assignment]
    return str(tok)


def build_shape(text: str, move: Tree[Token]) -> Shape:
    """Turn a parse of ``grammars/san.lark`` (the ``move`` subtree) into a :class:`Shape`."""
    shape = Shape(text, Notation.SAN, "san")
    parts = {t.data: _token(t) for t in move.children if isinstance(t, Tree)}
    piece = _PIECES[parts["piece"]] if "piece" in parts else "P"
    loc = parts.get("locator") or parts.get("pawn_file") or ""
    file = FILE_NAMES.index(loc[0]) if loc[:1].isalpha() else None
    digits = loc.lstrip(FILE_NAMES)
    dest = parts["square"]
    shape.piece = piece
    shape.san = SanParts(piece, file, int(digits) if digits else None, FILE_NAMES.index(dest[0]), int(dest[1:]))
    return shape


_SAN_SHAPES: Memo[str, Optional[Shape]] = Memo(10_000)


def san_shape(text: str) -> Optional[Shape]:
    """``text`` read by the SAN rule ``move`` (which also reads the forms the SAN_MOVE terminal
    leaves to ICCS, docs/spec/notation.md §7.6), else None; memoized."""
    try:
        return _SAN_SHAPES[text]
    except KeyError:
        pass
    try:
        tree = parser_for(Notation.SAN).parse(text)
    except LarkError:
        return _SAN_SHAPES.remember(text, None)
    return _SAN_SHAPES.remember(text, build_shape(text, tree.children[0]))  # type: ignore[arg-type]


# ---------------------------------------------------------------- decode
def _squares_of(board: list[Optional[str]], piece: str) -> list[int]:
    """The squares holding ``piece`` (``list.index`` runs in C: faster than a scan in Python)."""
    found: list[int] = []
    n = board.count(piece)
    i = -1
    for _ in range(n):
        i = board.index(piece, i + 1)
        found.append(i)
    return found


def _candidates(parts: SanParts, pos: Position, base: int) -> Optional[tuple[int, list[int], list[int]]]:
    """The destination, the mover's pieces the locator allows, and those that can legally go; None off the board."""
    to_rank = parts.to_rank - base
    if not 0 <= to_rank < RANK_COUNT:
        return None
    loc_rank = None if parts.rank is None else parts.rank - base
    to = square(parts.to_file, to_rank)
    piece = parts.piece if pos.turn else parts.piece.lower()
    located = _squares_of(pos.board, piece)
    if parts.file is not None:
        located = [s for s in located if s % FILE_COUNT == parts.file]
    if loc_rank is not None:
        located = [s for s in located if s // FILE_COUNT == loc_rank]
    return to, located, [s for s in located if pos.can_move(s, to)]


def _resolve(shape: Shape, parts: SanParts, pos: Position, base: int) -> tuple[Optional[Move], Optional[Diagnostic]]:
    """The move in one convention, or None and the reason."""
    where = span(0, len(shape.text))
    found = _candidates(parts, pos, base)
    if found is None:
        return None, Diagnostic.of(UNREACHABLE, f"SAN move `{shape.text}` names a rank off the board", where)
    to, located, movers = found
    if len(movers) == 1:
        return Move(movers[0], to), None
    if not located:
        return None, Diagnostic.of(NO_SUCH_PIECE, f"No piece for SAN move `{shape.text}`", where)
    if not movers:
        return None, Diagnostic.of(UNREACHABLE, f"No piece can legally make SAN move `{shape.text}`", where)
    names = ", ".join(f"`{encode_san(Move(s, to), pos, RankConvention(base))}`" for s in movers)
    return None, Diagnostic.of(AMBIGUOUS, f"SAN move `{shape.text}` fits {len(movers)} pieces: {names}", where)


def decode_san(
    shape: Shape, pos: Position, convention: Optional[RankConvention] = None
) -> tuple[Optional[Move], Sequence[Diagnostic]]:
    """The move a SAN ``shape`` denotes in ``pos`` (docs/spec/notation.md §7.4).

    With no ``convention`` both are tried: the move is the one legal reading,
    or the :data:`DEFAULT_CONVENTION`'s when both are legal (with M207 when
    they differ).  The diagnostics are those of the convention given (of the
    default when none is).
    """
    parts: SanParts = shape.san
    if convention is not None:
        move, diag = _resolve(shape, parts, pos, convention)
        return move, ([] if diag is None else [diag])
    first, diag = _resolve(shape, parts, pos, DEFAULT_CONVENTION)
    other, _ = _resolve(shape, parts, pos, RankConvention(1 - DEFAULT_CONVENTION))
    if first is not None:
        if other is None or other == first:
            return first, []
        return first, [
            Diagnostic.of(
                SAN_RANKS_UNDECIDED,
                f"SAN move `{shape.text}` is {first.iccs()} with ranks 1–10 but {other.iccs()} with "
                "ranks 0–9; read with ranks 1–10",
                span(0, len(shape.text)),
            )
        ]
    if other is not None:
        return other, []
    return None, [diag]  # type: ignore[list-item]


def game_convention(texts: Iterable[str], start: Position) -> tuple[Optional[RankConvention], str]:
    """The convention a line of SAN moves is written in, and why (docs/spec/notation.md §7.3).

    A rank 10 written anywhere means 1–10, a rank 0 means 0–9; otherwise the
    line is replayed in both and the reading in which a move first fails to be
    legal is rejected.  None when nothing decides (the reason says so).
    Texts the SAN rule does not read are skipped; ``start`` is not changed.
    """
    shapes = [s for s in map(san_shape, texts) if s is not None]
    for shape in shapes:
        ranks = (shape.san.rank, shape.san.to_rank)
        if 10 in ranks:
            return RankConvention.PYCHESS, f"`{shape.text}` names rank 10"
        if 0 in ranks:
            return RankConvention.WINBOARD, f"`{shape.text}` names rank 0"
    positions = {c: start.copy() for c in RankConvention}
    for shape in shapes:
        moves = {c: _resolve(shape, shape.san, p, c)[0] for c, p in positions.items()}
        legal = [c for c, m in moves.items() if m is not None]
        if len(legal) == 1:
            return legal[0], f"only the {legal[0].name.lower()} reading of `{shape.text}` is legal"
        if not legal:
            break
        for c, p in positions.items():
            p.push(moves[c])  # type: ignore[arg-type]
    return None, "every move reads legally in both conventions"


# ---------------------------------------------------------------- encode
def _locator(move: Move, pos: Position, base: int) -> str:
    """The least that tells the mover apart from like pieces that could also go (chess SAN's rule)."""
    frm, to = move
    piece = pos.board[frm]
    others = [s for s in pos.pieces(piece) if s != frm and pos.can_move(s, to)]  # type: ignore[arg-type]
    if not others:
        return ""
    file, rank = square_file(frm), square_rank(frm)
    if all(square_file(s) != file for s in others):
        return FILE_NAMES[file]
    if all(square_rank(s) != rank for s in others):
        return str(rank + base)
    return FILE_NAMES[file] + str(rank + base)


def encode_san(move: Move, pos: Position, convention: RankConvention = DEFAULT_CONVENTION) -> str:
    """The SAN text of a legal ``move`` in ``pos`` (docs/spec/notation.md §7.5).

    PyChess (1–10): ``P`` for pawns, the locator only when like pieces could
    also go (file, else rank, else both), as Fairy-Stockfish writes.  WinBoard
    (0–9): pawns without a letter, with their file when they capture or move
    sideways.  ``+`` after a check, ``#`` after a mate.
    """
    frm, to = move
    p = pos.board[frm]
    if p is None:
        raise ValueError(f"No piece on the from-square of {move.iccs()}")
    base = int(convention)
    ptype = p.upper()
    capture = pos.board[to] is not None
    loc = _locator(move, pos, base)
    if ptype == "P" and convention is RankConvention.WINBOARD:
        head = FILE_NAMES[square_file(frm)] if (capture or square_file(frm) != square_file(to) or loc) else ""
    else:
        head = _LETTERS[ptype] + loc
    text = f"{head}{'x' if capture else ''}{FILE_NAMES[square_file(to)]}{square_rank(to) + base}"
    return text + _check_mark(move, pos)


def _check_mark(move: Move, pos: Position) -> str:
    pos.push(move)
    try:
        if not pos.is_check():
            return ""
        return "+" if pos.has_legal_move() else "#"
    finally:
        pos.pop()
