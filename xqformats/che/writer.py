"""Write a game as a QQ CHE text, and say what the format cannot hold (docs/spec/che.md §4).

The text is the header ``1 N``, then one record of ten integers per move of
the main line, all on one line with one space after each integer, as vschess
(the one other program known to write the format) writes it: piece id, 32,
side (1 Red, 0 Black), from-rank, from-column, to-rank, to-column, 0, ply
number, 0.  Columns count from file i (docs/spec/che.md §3.2); each piece
keeps the id it has in the initial position (§3.5).

:class:`CheWriter` is a visitor (:mod:`xqformats.visitor`) in PGN order: it
prunes every variation (:data:`~xqformats.visitor.SKIP`), so the walk gives
it the main line alone, each move with the position it is played in;
:func:`write_che` is ``game.accept(CheWriter())``.

CHE holds moves and nothing else: no header, comment, annotation, variation
or result, and only games from the initial position, Red to move (a game
from another start is written with no move).  :data:`CARRIES` declares it,
and :mod:`xqformats.losses` names the losses of a game (:func:`che_losses`).
"""

from __future__ import annotations

from ..core import Square, square_rank
from ..losses import Carries, Fate, HeaderFate, Loss, Lost, report
from ..model import Game, Node
from ..position import Position
from ..visitor import SKIP, BaseVisitor, SkipType
from .reader import FIXED, VERSION
from .squares import START_IDS, column_of

#: Headers that describe another format or are written from the game itself: no loss.
_NOT_HEADERS = frozenset({"Game", "Format", "Result"})


def _writes_moves(start: Position) -> bool:
    """Whether the moves can be written: a CHE record starts from the initial position, Red to move, move 1."""
    return start == Position.initial() and start.fullmove_number == 1


def write_che(game: Game) -> str:
    """The CHE text of ``game`` (docs/spec/che.md §4); :func:`che_losses` names what is lost."""
    return game.accept(CheWriter())


class CheWriter(BaseVisitor[str]):
    """A visitor that writes the game it visits as a CHE text (:func:`write_che`'s text).

    ``game.accept(CheWriter())`` returns the text; one writer can visit
    several games in turn.  Every variation is pruned; headers, comments,
    NAGs and the result are not written.  A start other than the initial
    position writes no move.
    """

    def __init__(self) -> None:
        self.begin_game()
        self._text = ""

    def begin_game(self) -> None:
        self._moves = False  # whether the moves are written (the start allows it)
        self._ids: dict[Square, int] = dict(START_IDS)
        self._records: list[str] = []

    def visit_start(self, position: Position) -> None:
        self._moves = _writes_moves(position)

    def visit_move(self, position: Position, node: Node) -> None:
        move = node.move
        if not self._moves or move is None:
            return
        frm, to = move.from_square, move.to_square
        piece = self._ids.pop(frm)  # every piece of the initial position has an id, and keeps it (§3.5)
        self._ids[to] = piece
        ply = len(self._records) + 1
        fields = (
            piece, FIXED[1], 1 if position.turn else 0,
            square_rank(frm), column_of(frm), square_rank(to), column_of(to),
            FIXED[7], ply, FIXED[9],
        )
        self._records.append(" ".join(str(f) for f in fields))

    def begin_variation(self) -> SkipType:
        return SKIP

    def end_game(self) -> None:
        head = f"{VERSION} {len(self._records)} "
        self._text = head + "".join(r + " " for r in self._records)

    def result(self) -> str:
        return self._text


# ---------------------------------------------------------------- losses


def _fate(name: str, value: str) -> HeaderFate:
    """What :func:`write_che` does with a header: none has a place."""
    return Fate.OTHERWISE if name in _NOT_HEADERS else Fate.NO_PLACE


#: What a CHE text holds of a game (docs/spec/che.md §4), and how each loss is named.
CARRIES = Carries(
    losses=(
        Lost(Loss.NO_PLACE, "header{s} {names} {have} no place in a CHE record; not written"),
        Lost(Loss.NOT_INITIAL, "a start other than the initial position ({fen}) cannot be written (a CHE record starts from it); {n} move{s} not written"),
        Lost(Loss.VARIATIONS, "{n} variation{s} cannot be written (a CHE record holds the main line); not written"),
        Lost(Loss.NAGS, "{n} NAG{s} cannot be written (a CHE record holds no annotation)"),
        Lost(Loss.COMMENTS, "{n} comment{s} cannot be written (a CHE record holds no comment)"),
        Lost(Loss.RESULT, "the result {result} cannot be written (a CHE record holds no result; it reads back as `*`)"),
    ),
    headers=lambda game: _fate,
    result_tag=False,
    initial_only=True,
    variations=False,
    nags=(frozenset(), 0),
    comments=False,
    result=False,
)


def che_losses(game: Game) -> list[str]:
    """What :func:`write_che` cannot keep of ``game``, in words (one sentence per kind of loss, :data:`CARRIES`)."""
    return report(game, CARRIES)
