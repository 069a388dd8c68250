"""Coordinate move records of the game-room formats, as a game (docs/spec/ccm.md §3).

CCM (中国游戏中心) and CHN (联众) store each move as two columns and two rows
(CHN's spec page defers to docs/spec/ccm.md §3 for what they mean): this
module turns such records into moves, decides which way the board is stored
(:func:`is_rotated`), and sends them to the one reader-side builder
(:class:`~xqformats.builder.GameBuilder`, which checks each move), keeping a
move that cannot be played and the moves after it as one comment (this
format family's policy, :data:`REST_OF_LINE`)::

    CCM moves not read: H9-H7 (9,9)-(9,7)

each move in ICCS, a record off the board as its raw ``(x,y)-(x,y)``.  Each
format passes its own rule codes and wording (:class:`Codes`).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Sequence, cast

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..core import Move, square
from ..diagnostics import DiagnosticSink, Rule
from ..model import Game

#: What becomes of the line after a move that cannot be played: kept as a comment.
REST_OF_LINE = LinePolicy.KEEP


class Coords(NamedTuple):
    """One move record: columns ``x`` (0–8) and rows ``y`` (0–9) as stored, and where the record is."""

    from_x: int
    from_y: int
    to_x: int
    to_y: int
    offset: int
    size: int

    @property
    def raw(self) -> str:
        return f"({self.from_x},{self.from_y})-({self.to_x},{self.to_y})"


class Codes(NamedTuple):
    """A format's rules for its moves, and the prefix of the comment keeping the moves not read."""

    title: str
    move_point: Rule
    illegal: Rule
    not_read: Rule
    rotated: Rule


def is_rotated(first: Optional[Coords]) -> bool:
    """Whether the board is stored from Black's side: the first move starts on row 5 or higher
    (docs/spec/ccm.md §3.2).  A file without a readable first move is read as stored."""
    return first is not None and 5 <= first.from_y <= 9


def _point(x: int, y: int, rotated: bool) -> Optional[int]:
    """The square of a stored column and row: file ``8 − x`` and rank ``y``, or, rotated, file
    ``x`` and rank ``9 − y`` (docs/spec/ccm.md §3.1, §3.2); ``None`` off the board."""
    if x > 8 or y > 9:
        return None
    return square(x, 9 - y) if rotated else square(8 - x, y)


def to_move(c: Coords, rotated: bool) -> Optional[Move]:
    """The move of a record, or ``None`` when a point is off the board or the two are the same."""
    frm, to = _point(c.from_x, c.from_y, rotated), _point(c.to_x, c.to_y, rotated)
    return Move(frm, to) if frm is not None and to is not None and frm != to else None


class _Walk(ReaderHooks):
    """The records, sent to a :class:`GameBuilder`; spells the moves kept and reports their findings."""

    def __init__(self, codes: Codes, sink: DiagnosticSink, rotated: bool) -> None:
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.codes, self.sink, self.rotated = codes, sink, rotated

    def record(self, c: Coords) -> None:
        move = to_move(c, self.rotated)
        if move is not None:
            self.builder.visit_move(move, None, None, c)
            return
        if not self.builder.dead:
            self.sink.report_bytes(
                self.codes.move_point,
                f"Move record {c.raw} (column, row): columns are 0–8, rows 0–9, and the two points differ",
                c.offset,
                c.size,
            )
        self.builder.visit_unreadable(c)

    def illegal(self, move: Move, why: str, token: Any) -> None:
        c = cast(Coords, token)
        self.sink.report_bytes(self.codes.illegal, f"Illegal move `{move.iccs()}` {c.raw}: {why}", c.offset, c.size)

    def kept_item(self, token: Any) -> str:
        c = cast(Coords, token)
        move = to_move(c, self.rotated)
        return move.iccs() if move is not None else c.raw

    def kept(self, kept: Kept) -> Optional[str]:
        where = "before the first move" if kept.ply == 0 else f"on the move at ply {kept.ply}"
        first = cast(Coords, kept.first)
        self.sink.report_bytes(
            self.codes.not_read,
            f"Moves from here to the end, {len(kept.items)} in all, are kept as a comment {where}",
            first.offset,
            first.size,
        )
        return " ".join([f"{self.codes.title} moves not read:", *kept.items])


def read_moves(records: Sequence[Coords], codes: Codes, sink: DiagnosticSink) -> GameBuilder:
    """A builder holding the moves of ``records`` from the initial position (no result yet).

    The orientation is decided once, by the first record (:func:`is_rotated`);
    a rotated reading is reported (``codes.rotated``) at that record.
    """
    first = records[0] if records else None
    rotated = is_rotated(first)
    if rotated and first is not None:
        sink.report_bytes(
            codes.rotated,
            f"The first move starts on row {first.from_y}: the moves are stored from Black's side and are read "
            "with the board turned round (column x is file x, row y is rank 9 − y)",
            first.offset,
            first.size,
        )
    walk = _Walk(codes, sink, rotated)
    for c in records:
        walk.record(c)
    return walk.builder


def read_game(layout: Any, first: int, size: int, codes: Codes, truncated: Rule, sink: DiagnosticSink) -> Game:
    """The game of a parsed layout's ``moves`` records (the first at byte ``first``, ``size`` bytes each).

    Bytes left after the last whole record (the layout's ``rest``) are a
    record cut short, reported as ``truncated``; the result is unknown
    (``*``): neither format stores one.  The game carries the sink's findings.
    """
    records = [
        Coords(r.from_x, r.from_y, r.to_x, r.to_y, first + size * i, size) for i, r in enumerate(layout.moves)
    ]
    builder = read_moves(records, codes, sink)
    builder.visit_result("*")
    if layout.rest:
        at = first + size * len(records)
        sink.report_bytes(truncated, f"The file ends inside a move record: {len(layout.rest)} of its {size} bytes", at, len(layout.rest))
    builder.end_game()
    game = builder.result()
    game.diagnostics = list(sink.items)
    return game
