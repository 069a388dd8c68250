"""Write a game as a DHJHtmlXQ record, and say what the format cannot hold (docs/spec/dhjhtmlxq.md §7).

The record is the ``[DHJHtmlXQ]`` wrapper holding the numbered blocks in
number order (the info tags, the result ``_28``, the board ``_31``, the side
to move ``_32``, the plies before the start ``_33``, the moves ``_34``), then
one ``[game_comment_0_I]`` block per commented move (0: the game's comment):
the order of vschess, the one other writer.

:class:`DhjhtmlxqWriter` is a visitor (:mod:`xqformats.visitor`) in PGN order
that needs no positions (a move is written as its squares) and prunes every
variation (:data:`~xqformats.visitor.SKIP`): the format holds one line;
:func:`write_dhjhtmlxq` is ``game.accept(DhjhtmlxqWriter())``.

What the format cannot hold is declared in :data:`CARRIES` (the info tags of
§6.1, one line, the start's move number but not its halfmove clock, one
comment a move and none before it, no NAGs, the markers a text cannot hold),
from which :mod:`xqformats.losses` names the losses of a game
(:func:`dhjhtmlxq_losses`).
"""

from __future__ import annotations

import functools
from typing import Iterator, Optional

from ..core import SQUARES, square_file, square_rank
from ..dhtmlxq.tags import WORD_OF_RESULT
from ..losses import (
    Before,
    Blank,
    Carries,
    Fate,
    HeaderFate,
    HeaderFates,
    Loss,
    Lost,
    Texts,
    report,
)
from ..model import Game, Headers, Node
from ..position import Position
from ..visitor import SKIP, BaseVisitor, SkipType
from .grammar import parse_document
from .tags import (
    BLACK_TO_MOVE,
    BOARD,
    EMPTY,
    KEPT_PREFIX,
    MOVES,
    RED_TO_MOVE,
    RESULT,
    SIDE,
    START,
    tag_for_header,
)

#: Headers that describe PGN itself or are written another way (the start, the result).
_NOT_TAGS = frozenset({"Game", "Format", "FEN", "Result"})
#: What would open or close a block inside a value (docs/spec/dhjhtmlxq.md §2.1, §5.1): its `[` is written fullwidth.
_MARKERS = ("[DHJHtmlXQ", "[/DHJHtmlXQ", "[game_comment_", "[/game_comment_", "[comment_", "[/comment_")
#: The header that keeps a result the reader did not know (docs/spec/dhjhtmlxq.md §6.3).
_RESULT_TEXT = KEPT_PREFIX + RESULT
_FILES, _RANKS = 9, 10


def _point(sq: int) -> str:
    """The two digits of a square: file from Red's left, rank from Red's side (§4.1)."""
    return f"{square_file(sq)}{square_rank(sq)}"


#: :func:`_point` of every square.
_POINTS = [_point(sq) for sq in SQUARES]


def _board(pos: Position) -> str:
    """The 90 squares of ``pos``, rank 9 first, each rank from file a (§3.1)."""
    return "".join(pos.board[rank * _FILES + file] or EMPTY for rank in reversed(range(_RANKS)) for file in range(_FILES))


def _plies_before(pos: Position) -> int:
    """The plies played before ``pos`` (§3.3): two a move, and one more when Black is to move."""
    return 2 * (max(pos.fullmove_number, 1) - 1) + (0 if pos.turn else 1)


def _safe(text: str) -> str:
    """``text`` with no block marker inside (its `[` written fullwidth: a loss)."""
    for marker in _MARKERS:
        text = text.replace(marker, "［" + marker[1:])
    return text


def _block(name: str, value: str) -> str:
    return f"[DHJHtmlXQ_{name}]{value}[/DHJHtmlXQ_{name}]"


@functools.lru_cache(maxsize=1024)
def _is_tag(name: str) -> bool:
    """Whether ``[DHJHtmlXQ_name]`` reads back as an info tag (the grammar decides, not a copy of it)."""
    records = parse_document(f"[DHJHtmlXQ_{name}]").records
    return bool(records) and len(records[0].blocks) == 1 and records[0].blocks[0].kind == "tag"


def _written_tag(result: str, header: str) -> Optional[str]:
    """The tag ``header`` is written as in a game of ``result``, or ``None`` (a loss, unless written another way)."""
    if header in _NOT_TAGS or (header == _RESULT_TEXT and result in WORD_OF_RESULT):
        return None
    tag = tag_for_header(header)
    return tag if tag is not None and _is_tag(tag) else None


def _order(tag: str) -> tuple[int, int, str]:
    """Numbered tags in number order, then the named ones (as given)."""
    return (0, int(tag), "") if tag.isdecimal() and len(tag) < 10 else (1, 0, "")


def _comment(node: Node) -> Optional[str]:
    text = "\n".join(c for c in node.comments if c)
    return _safe(text).replace("\n", "||") if text else None


def write_dhjhtmlxq(game: Game) -> str:
    """The DHJHtmlXQ record of ``game`` (docs/spec/dhjhtmlxq.md §7); :func:`dhjhtmlxq_losses` names what is lost."""
    return game.accept(DhjhtmlxqWriter())


class DhjhtmlxqWriter(BaseVisitor[str]):
    """A visitor that writes the game it visits as a DHJHtmlXQ record (:func:`write_dhjhtmlxq`'s text).

    ``game.accept(DhjhtmlxqWriter())`` returns the text; one writer can visit
    several games in turn.  Every variation is pruned; the main line's moves
    are written as their squares, each move's comments after it.
    """

    needs_positions = False

    def __init__(self) -> None:
        self.begin_game()
        self._text = ""

    def begin_game(self) -> None:
        self._headers = Headers()
        self._start = Position.initial()
        self._result = "*"
        self._moves: list[str] = []
        self._comments: list[str] = []

    def visit_header(self, name: str, value: str) -> None:
        self._headers[name] = value

    def visit_start(self, position: Position) -> None:
        self._start = position.copy()

    def visit_root(self, node: Node) -> None:
        self._note(node, 0)

    def visit_move(self, position: Optional[Position], node: Node) -> None:
        move = node.move
        assert move is not None, "a move node has a move"
        self._moves.append(_POINTS[move.from_square] + _POINTS[move.to_square])
        self._note(node, len(self._moves))

    def _note(self, node: Node, index: int) -> None:
        text = _comment(node)
        if text is not None:
            name = f"game_comment_0_{index}"
            self._comments.append(f"[{name}]{text}[/{name}]")

    def begin_variation(self) -> SkipType:
        return SKIP

    def visit_result(self, result: str) -> None:
        self._result = result

    def end_game(self) -> None:
        start = self._start
        blocks = dict(self._tags())
        blocks[BOARD] = _board(start)
        blocks[SIDE] = RED_TO_MOVE if start.turn else BLACK_TO_MOVE
        blocks[START] = str(_plies_before(start))
        blocks[MOVES] = "".join(self._moves)
        ordered = sorted(blocks.items(), key=lambda item: _order(item[0]))
        out = ["[DHJHtmlXQ]", *(_block(tag, value) for tag, value in ordered), *self._comments, "[/DHJHtmlXQ]"]
        self._text = "\n".join(out) + "\n"

    def _tags(self) -> Iterator[tuple[str, str]]:
        for header, value in self._headers.items():
            tag = _written_tag(self._result, header)
            if tag is not None:
                yield tag, _safe(value)
        word = WORD_OF_RESULT.get(self._result)
        if word is not None:
            yield RESULT, word

    def result(self) -> str:
        return self._text


# ---------------------------------------------------------------- losses


def _fates(game: Game) -> HeaderFates:
    """What :func:`write_dhjhtmlxq` does with each header of ``game`` (whose result decides one: the result word)."""
    result = game.result

    def fate(name: str, value: str) -> HeaderFate:
        if name in _NOT_TAGS or (name == _RESULT_TEXT and result in WORD_OF_RESULT):
            return Fate.OTHERWISE
        return Fate.KEPT if _written_tag(result, name) is not None else Fate.NO_PLACE

    return fate


#: What a DHJHtmlXQ record holds of a game (docs/spec/dhjhtmlxq.md §7.2), and how each loss is named.
CARRIES = Carries(
    losses=(
        Lost(Loss.NO_PLACE, "header{s} {names} {have} no place in DHJHtmlXQ; not written"),
        Lost(Loss.COUNTERS, "the half-move clock {halfmove} of the start cannot be written (`_33` holds the plies before it); read back as 0"),
        Lost(Loss.VARIATIONS, "{n} variation{s} cannot be written (DHJHtmlXQ holds the main line); not written"),
        Lost(Loss.NAGS, "{n} NAG{s} cannot be written in DHJHtmlXQ; not written"),
        Lost(Loss.BEFORE_DROPPED, "{n} comment{s} before a move cannot be written in DHJHtmlXQ (a comment follows its move); not written"),
        Lost(Loss.JOINED, "several comments on one move joined by line breaks ({n} move{s})"),
        Lost(
            Loss.TEXT,
            "`[DHJHtmlXQ` or `[comment_` inside a comment or header written with a fullwidth `［` (it would open a block)",
            holds=_MARKERS,
            scope=Texts.BOTH,
        ),
        Lost(
            Loss.TEXT,
            "`|` next to a line break, `||` or a carriage return in a comment does not read back as written (`||` is a line break)",
            holds=("||", "|\n", "\n|", "\r"),
        ),
        Lost(Loss.EMPTY_COMMENTS, "empty comments are not written"),
    ),
    headers=_fates,
    result_tag=False,
    counters=True,
    halfmove=False,
    variations=False,
    nags=(frozenset(), 0),
    before=Before.DROPPED,
    comment_room=1,
    opening_room=1,
    blank=Blank.DROPPED,
)


def dhjhtmlxq_losses(game: Game) -> list[str]:
    """What :func:`write_dhjhtmlxq` cannot keep of ``game``, in words (one sentence per kind of loss, :data:`CARRIES`)."""
    return report(game, CARRIES)
