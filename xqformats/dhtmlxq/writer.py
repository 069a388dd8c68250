"""Write a game as a DhtmlXQ record, and say what the format cannot hold (docs/spec/dhtmlxq.md §7).

The record is the ``[DhtmlXQ]`` wrapper holding the tags, ``binit`` (only when
the start is not the initial position), ``movelist``, one
``[DhtmlXQ_move_P_S_B]`` per variation and the comments.  Variations are
numbered breadth first, so a reader that attaches branches parents first, in
number order, rebuilds the children of every node in their order.

:class:`DhtmlxqWriter` is a visitor (:mod:`xqformats.visitor`) in PGN order
that needs no positions (a move is written as its squares): each variation
begun is a line of its own, branching from the line it was begun in at the
ply of the move it replaces, so the walk's events alone give the lines
(:func:`lines_of`), which the writer numbers breadth first at the end;
:func:`write_dhtmlxq` is ``game.accept(DhtmlxqWriter())``.

What the format cannot hold is declared in :data:`CARRIES` (the tags of
DhtmlXQ §6.1, the 32 slots of ``binit``, one comment a move and none before
it, no NAGs, the block markers a text cannot hold, …), from which
:mod:`xqformats.losses` names the losses of a game (:func:`dhtmlxq_losses`).
"""

from __future__ import annotations

import functools
from collections import deque
from typing import Iterator, Optional, TypeVar

from ..core import SQUARES, square_file, square_rank
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
from ..visitor import BaseVisitor
from .grammar import parse_document
from .tags import KEPT_PREFIX, OFF_BOARD, SLOT_PIECES, WORD_OF_RESULT, tag_for_header

#: Headers that describe PGN itself or are written another way (the start, the result).
_NOT_TAGS = frozenset({"Game", "Format", "FEN", "Result"})
#: What would open or close a block inside a value: its `[` is written as a fullwidth one.
_MARKERS = ("[DhtmlXQ", "[/DhtmlXQ")
_LAST_Y = 9

ResultT = TypeVar("ResultT")


class Line:
    """One line of play: ``number`` (0 = main line), its ``parent`` line, its first ``ply`` and nodes."""

    __slots__ = ("number", "parent", "ply", "nodes", "branches")

    def __init__(self, number: int, parent: int, ply: int, nodes: list[Node]) -> None:
        self.number = number
        self.parent = parent
        self.ply = ply
        self.nodes = nodes
        #: The lines that branch from this one, in the order they branch (set while the lines are found).
        self.branches: list[Line] = []


class _LineVisitor(BaseVisitor[ResultT]):
    """Finds the lines of a game, breadth first (:func:`lines_of`), from the walk's events alone.

    PGN order without positions: a move extends the line being walked; a
    variation begun is a new line branching from it at the ply of the move
    last visited (the move it replaces); its end goes back to that line.
    """

    needs_positions = False

    def begin_game(self) -> None:
        self._main = Line(0, 0, 1, [])
        self._line = self._main
        self._outer: list[Line] = []  # the lines the variations being walked branch from

    def visit_move(self, position: Position, node: Node) -> None:
        self._line.nodes.append(node)

    def begin_variation(self) -> None:
        line = self._line
        branch = Line(0, 0, line.ply + len(line.nodes) - 1, [])
        line.branches.append(branch)
        self._outer.append(line)
        self._line = branch

    def end_variation(self) -> None:
        self._line = self._outer.pop()

    def lines(self) -> list[Line]:
        """The lines walked, numbered breadth first (DhtmlXQ §4.2); none for a game without moves."""
        if not self._main.nodes:
            return []
        out = [self._main]
        queue = deque(out)
        while queue:
            line = queue.popleft()
            for branch in line.branches:
                branch.number, branch.parent = len(out), line.number
                out.append(branch)
                queue.append(branch)
        return out


class _Lines(_LineVisitor[list[Line]]):
    def result(self) -> list[Line]:
        return self.lines()


def lines_of(game: Game) -> list[Line]:
    """The game's lines, breadth first: the main line, then each variation as a branch (§4.2)."""
    return game.accept(_Lines())


def _pair(sq: int) -> str:
    return f"{square_file(sq)}{_LAST_Y - square_rank(sq)}"


#: :func:`_pair` of every square.
_PAIRS = [_pair(sq) for sq in SQUARES]


def _binit(pos: Position) -> str:
    """The 64 digits of ``pos`` (§3.1); pieces beyond a slot's count are not written (a loss)."""
    slots = [OFF_BOARD] * len(SLOT_PIECES)
    for sq, piece in enumerate(pos.board):
        if piece is None:
            continue
        free = next((i for i, p in enumerate(SLOT_PIECES) if p == piece and slots[i] == OFF_BOARD), None)
        if free is not None:
            slots[free] = _pair(sq)
    return "".join(slots)


def _safe(text: str) -> str:
    """``text`` with no block marker inside (its `[` written fullwidth: a loss)."""
    for marker in _MARKERS:
        text = text.replace(marker, "［" + marker[1:])
    return text


def _block(name: str, value: str) -> str:
    return f"[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]"


@functools.lru_cache(maxsize=1024)
def _is_tag(name: str) -> bool:
    """Whether ``[DhtmlXQ_name]`` reads back as a tag (the grammar decides, not a copy of it)."""
    records = parse_document(f"[DhtmlXQ_{name}]").records
    return bool(records) and len(records[0].blocks) == 1 and records[0].blocks[0].kind == "tag"


#: The header that keeps a result word the reader did not know (docs/spec/dhtmlxq.md §6.2).
_RESULT_TEXT = KEPT_PREFIX + "result"


def _written_tag(result: str, header: str, value: str) -> Optional[str]:
    """The tag ``header`` (of ``value``) is written as in a game of ``result``, or ``None`` (a loss,
    unless the header is written another way)."""
    if header in _NOT_TAGS or (header == _RESULT_TEXT and (result in WORD_OF_RESULT or not value)):
        # (An empty result word is no result: the reader keeps no header for it, docs/spec/dhtmlxq.md §6.2.)
        return None
    tag = tag_for_header(header)
    return tag if tag is not None and _is_tag(tag) else None


def _tags(headers: Headers, result: str) -> Iterator[str]:
    for header, value in headers.items():
        tag = _written_tag(result, header, value)
        if tag is not None:
            yield _block(tag, _safe(value))
    word = WORD_OF_RESULT.get(result)
    if word is not None:
        yield _block("result", word)


def _comment(node: Node) -> Optional[str]:
    text = "\n".join(c for c in node.comments if c)
    return _safe(text).replace("\n", "||") if text else None


def write_dhtmlxq(game: Game) -> str:
    """The DhtmlXQ record of ``game`` (docs/spec/dhtmlxq.md §7); :func:`dhtmlxq_losses` names what is lost."""
    return game.accept(DhtmlxqWriter())


class DhtmlxqWriter(_LineVisitor[str]):
    """A visitor that writes the game it visits as a DhtmlXQ record (:func:`write_dhtmlxq`'s text).

    ``game.accept(DhtmlxqWriter())`` returns the text; one writer can visit
    several games in turn.  The lines come from the events (:class:`_LineVisitor`);
    a move's comments, from the node visited, at the end.
    """

    def __init__(self) -> None:
        self.begin_game()
        self._text = ""

    def begin_game(self) -> None:
        super().begin_game()
        self._headers = Headers()
        self._start = Position.initial()
        self._root_comment: Optional[str] = None
        self._result = "*"

    def visit_header(self, name: str, value: str) -> None:
        self._headers[name] = value

    def visit_start(self, position: Position) -> None:
        self._start = position.copy()

    def visit_root(self, node: Node) -> None:
        self._root_comment = _comment(node)

    def visit_result(self, result: str) -> None:
        self._result = result

    def end_game(self) -> None:
        out = ["[DhtmlXQ]", *_tags(self._headers, self._result)]
        start = self._start
        if start.board != Position.initial().board:
            out.append(_block("binit", _binit(start)))
        comments = []
        if self._root_comment is not None:
            comments.append(_block("comment0", self._root_comment))
        for line in self.lines():
            digits = "".join(_PAIRS[n.move.from_square] + _PAIRS[n.move.to_square] for n in line.nodes)  # type: ignore[union-attr]
            name = "movelist" if line.number == 0 else f"move_{line.parent}_{line.ply}_{line.number}"
            out.append(_block(name, digits))
            for i, node in enumerate(line.nodes):
                text = _comment(node)
                if text is not None:
                    where = f"{line.ply + i}" if line.number == 0 else f"{line.number}_{line.ply + i}"
                    comments.append(_block(f"comment{where}", text))
        out += comments
        out.append("[/DhtmlXQ]")
        self._text = "\n".join(out) + "\n"

    def result(self) -> str:
        return self._text


# ---------------------------------------------------------------- losses


def _fates(game: Game) -> HeaderFates:
    """What :func:`write_dhtmlxq` does with each header of ``game`` (whose result decides one: the result word)."""
    result = game.result

    def fate(name: str, value: str) -> HeaderFate:
        if name in _NOT_TAGS or (name == _RESULT_TEXT and result in WORD_OF_RESULT):
            return Fate.OTHERWISE
        return Fate.KEPT if _written_tag(result, name, value) is not None else Fate.NO_PLACE

    return fate


#: What a DhtmlXQ record holds of a game (docs/spec/dhtmlxq.md §7.1), and how each loss is named.
CARRIES = Carries(
    losses=(
        Lost(Loss.NO_PLACE, "header{s} {names} {have} no place in DhtmlXQ; not written"),
        Lost(Loss.SLOTS, "pieces beyond the 16 a side `binit` has slots for cannot be written; left off the board"),
        Lost(
            Loss.SIDE,
            "Black to move cannot be written without a move (DhtmlXQ gives the side by the first move); read back as Red to move",
        ),
        Lost(Loss.COUNTERS, "the move number {fullmove} and half-move clock {halfmove} of the start cannot be written; read back as 1 and 0"),
        Lost(Loss.NAGS, "{n} NAG{s} cannot be written in DhtmlXQ; not written"),
        Lost(Loss.BEFORE_DROPPED, "{n} comment{s} before a move cannot be written in DhtmlXQ (a comment follows its move); not written"),
        Lost(Loss.JOINED, "several comments on one move joined by line breaks ({n} move{s})"),
        Lost(
            Loss.TEXT,
            "`[DhtmlXQ` inside a comment or header written as `［DhtmlXQ` (it would open a block)",
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
    counters=False,
    slots=SLOT_PIECES,
    side_from_moves=True,
    nags=(frozenset(), 0),
    before=Before.DROPPED,
    comment_room=1,
    opening_room=1,
    blank=Blank.DROPPED,
)


def dhtmlxq_losses(game: Game) -> list[str]:
    """What :func:`write_dhtmlxq` cannot keep of ``game``, in words (one sentence per kind of loss, :data:`CARRIES`)."""
    return report(game, CARRIES)
