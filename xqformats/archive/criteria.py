"""What ``xqformats find`` looks for: :class:`Criteria`, all of which a game must meet (AND), as SQL over the index.

* players: ``player`` (either side), ``red``, ``black`` — a name matches when
  its search form (:func:`~xqformats.archive.folding.fold`: simplified and
  traditional characters, full and half width, case and spaces folded) is
  part of the header's;
* ``event`` likewise; ``result`` one of ``1-0``, ``0-1``, ``1/2-1/2``, ``*``
  (or a word ``lint`` reads, such as ``红胜``);
* ``date_from`` / ``date_to``: the game's Date (in any form T104 reads) falls
  wholly inside; a game whose date is unknown is never inside;
* ``positions``: the main line passes through one of these Zobrist hashes
  (:func:`position_hashes` gives them for a FEN: with or without the side to
  move, with or without the mirror image);
* ``lines``: the main line starts with one of these move sequences from the
  standard start (:func:`line_of` reads one in any notation);
* ``material``: some main-line position has exactly this material;
* ``plies_min`` / ``plies_max``: the main line's length.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ..core import Move
from ..fen import parse_fen
from ..diagnostics import Severity
from ..gamekey import encode_moves, mirrored_position
from ..geometry import mirror_left_right
from ..model import RESULT_WORDS, RESULTS
from ..notation import decode
from ..position import ZOBRIST_BLACK, Position
from .folding import fold
from .lines import material_needle, needles
from .material import Material
from .scan import date_range


class CriteriaError(ValueError):
    """A criterion that cannot be read (a bad FEN, move, date or result); the message says what was expected."""


@dataclass(frozen=True)
class Criteria:
    """Every criterion of a search; the defaults match every game."""

    players: tuple[str, ...] = ()
    red: Optional[str] = None
    black: Optional[str] = None
    event: Optional[str] = None
    result: Optional[str] = None
    date_from: Optional[str] = None
    date_to: Optional[str] = None
    positions: tuple[int, ...] = ()
    lines: tuple[bytes, ...] = ()
    material: Optional[Material] = None
    plies_min: Optional[int] = None
    plies_max: Optional[int] = None


def position_hashes(fen: str, *, side: bool = False, mirror: bool = False) -> tuple[int, ...]:
    """The Zobrist hashes a ``--fen`` search looks for: the position, with either side to move unless ``side``, and its mirror image when ``mirror``."""
    pos, diags = parse_fen(fen)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if pos is None or errors:
        first = errors[0].message if errors else "unreadable"
        raise CriteriaError(f"The FEN `{fen}` cannot be searched: {first}")
    boards = [pos, mirrored_position(pos)] if mirror else [pos]
    out: list[int] = []
    for b in boards:
        h = b.zobrist()
        out.append(h)
        if not side:
            out.append(h ^ ZOBRIST_BLACK)
    return tuple(dict.fromkeys(out))


def line_of(text: str) -> list[Move]:
    """The moves of ``text`` (``"炮二平五 马8进7"``, ``"C2.5 H8+7"``, ``"h2e2 h9g7"``, move numbers allowed) from the standard start."""
    pos = Position.initial()
    moves: list[Move] = []
    for word in text.replace(",", " ").split():
        if word.rstrip(".").isdigit():
            continue  # a move number: `1.`, `2`
        move, _diags = decode(word, pos)
        if move is None:
            raise CriteriaError(f"`{word}` (move {len(moves) + 1} of `{text}`) is no legal move in the position it is played in")
        pos.push(move)
        moves.append(move)
    if not moves:
        raise CriteriaError(f"`{text}` holds no move")
    return moves


def mirrored_line(moves: Sequence[Move]) -> list[Move]:
    """Each move reflected between the wings (:func:`~xqformats.geometry.mirror_left_right`)."""
    return [Move(mirror_left_right(m.from_square), mirror_left_right(m.to_square)) for m in moves]


def line_patterns(text: str, *, mirror: bool = False) -> tuple[bytes, ...]:
    """The main lines (:func:`~xqformats.gamekey.encode_moves`) a ``--moves`` search looks for, with the mirror image when ``mirror``."""
    moves = line_of(text)
    found = [encode_moves(moves)]
    if mirror:
        found.append(encode_moves(mirrored_line(moves)))
    return tuple(dict.fromkeys(found))


_RESULT_NAMES = {"red": "1-0", "black": "0-1", "draw": "1/2-1/2", "unknown": "*"}


def result_value(text: str) -> str:
    """``1-0``, ``0-1``, ``1/2-1/2`` or ``*`` for a result as written (``红胜``, ``draw``, ``1/2``)."""
    t = text.strip()
    if t in RESULTS:
        return t
    found = RESULT_WORDS.get(t) or _RESULT_NAMES.get(t.lower())
    if found is None:
        raise CriteriaError(f"Result `{text}` is none of `1-0`, `0-1`, `1/2-1/2`, `*` (or red, black, draw, 红胜, 和棋, …)")
    return found


def date_bound(text: str, *, end: bool) -> str:
    """The first (``end`` False) or last day a ``--date-from``/``--date-to`` value means, ``yyyy.mm.dd``."""
    lo, hi = date_range(text)
    bound = hi if end else lo
    if bound is None:
        raise CriteriaError(f"Date `{text}` is not a date; expected `yyyy.mm.dd`, `yyyy.mm`, `yyyy` or a form such as `1995年5月22日`")
    return bound


def _names(c: Criteria) -> tuple[list[str], list[object]]:
    sql: list[str] = []
    args: list[object] = []
    for name in c.players:
        sql.append("(instr(g.red_key, ?) > 0 OR instr(g.black_key, ?) > 0)")
        args += [fold(name), fold(name)]
    for column, value in (("red_key", c.red), ("black_key", c.black), ("event_key", c.event)):
        if value is not None:
            sql.append(f"instr(g.{column}, ?) > 0")
            args.append(fold(value))
    return sql, args


def _facts(c: Criteria) -> tuple[list[str], list[object]]:
    sql: list[str] = []
    args: list[object] = []
    if c.result is not None:
        sql.append("g.outcome = ?")
        args.append(c.result)
    if c.date_from is not None:
        sql.append("g.date_from >= ?")
        args.append(c.date_from)
    if c.date_to is not None:
        sql.append("g.date_to <= ?")
        args.append(c.date_to)
    if c.plies_min is not None:
        sql.append("g.plies >= ?")
        args.append(c.plies_min)
    if c.plies_max is not None:
        sql.append("g.plies <= ?")
        args.append(c.plies_max)
    return sql, args


def _board(c: Criteria) -> tuple[list[str], list[object]]:
    sql: list[str] = []
    args: list[object] = []
    if c.positions:
        marks = ", ".join("?" * len(c.positions))
        sql.append(f"(SELECT xq_first_ply(l.hashes, {marks}) FROM lines l WHERE l.game_id = g.id) IS NOT NULL")
        args += needles(c.positions)
    if c.lines:
        start = Position.initial().zobrist()
        alternatives = " OR ".join("substr(g.moves, 1, ?) = ?" for _ in c.lines)
        sql.append(f"g.start_hash = ? AND ({alternatives})")
        args.append(start)
        for line in c.lines:
            args += [len(line), line]
    if c.material is not None:
        sql.append("(SELECT instr(l.materials, ?) FROM lines l WHERE l.game_id = g.id) > 0")
        args.append(material_needle(c.material.red, c.material.black))
    return sql, args


def where(c: Criteria) -> tuple[str, list[object]]:
    """The SQL condition on ``games g`` for ``c`` (``1`` for no criterion) and its arguments."""
    sql: list[str] = []
    args: list[object] = []
    for part in (_names, _facts, _board):
        s, a = part(c)
        sql += s
        args += a
    return (" AND ".join(sql) if sql else "1"), args
