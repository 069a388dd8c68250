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
"""

from __future__ import annotations

from collections import deque
from typing import Iterator, Optional, TypeVar

from ..core import SQUARES, square_file, square_rank
from ..model import Game, Headers, Node
from ..position import Position
from ..visitor import BaseVisitor
from .grammar import parse_document
from .tags import KEPT_PREFIX, OFF_BOARD, SLOT_PIECES, WORD_OF_RESULT, tag_for_header

__all__ = ["write_dhtmlxq", "DhtmlxqWriter", "dhtmlxq_losses", "Line", "lines_of"]

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


def _is_tag(name: str) -> bool:
    """Whether ``[DhtmlXQ_name]`` reads back as a tag (the grammar decides, not a copy of it)."""
    records = parse_document(f"[DhtmlXQ_{name}]").records
    return bool(records) and len(records[0].blocks) == 1 and records[0].blocks[0].kind == "tag"


#: The header that keeps a result word the reader did not know (docs/spec/dhtmlxq.md §6.2).
_RESULT_TEXT = KEPT_PREFIX + "result"


def _written_tag(result: str, header: str) -> Optional[str]:
    """The tag ``header`` is written as in a game of ``result``, or ``None`` (a loss, unless the header is written another way)."""
    if header in _NOT_TAGS or (header == _RESULT_TEXT and result in WORD_OF_RESULT):
        return None
    tag = tag_for_header(header)
    return tag if tag is not None and _is_tag(tag) else None


def _tags(headers: Headers, result: str) -> Iterator[str]:
    for header, value in headers.items():
        tag = _written_tag(result, header)
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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _header_losses(game: Game) -> list[str]:
    lost = [h for h in game.headers if h not in _NOT_TAGS and _written_tag(game.result, h) is None]
    if game.headers.get("Result") not in (None, game.result):
        lost.append("Result")
    if not lost:
        return []
    names = ", ".join(f"`{h}`" for h in lost)
    return [f"header{'s' if len(lost) > 1 else ''} {names} {'have' if len(lost) > 1 else 'has'} no place in DhtmlXQ; not written"]


def _start_losses(game: Game) -> list[str]:
    start = game.start
    out = []
    written = Position(None)
    for i, pair in enumerate(_binit(start)[k : k + 2] for k in range(0, 64, 2)):
        if pair != OFF_BOARD:
            written.set_piece(int(pair[0]) + 9 * (_LAST_Y - int(pair[1])), SLOT_PIECES[i])
    if written.board != start.board:
        out.append("pieces beyond the 16 a side `binit` has slots for cannot be written; left off the board")
    if not start.turn and not game.root.children:
        out.append("Black to move cannot be written without a move (DhtmlXQ gives the side by the first move); read back as Red to move")
    if start.fullmove_number != 1 or start.halfmove_clock != 0:
        out.append(f"the move number {start.fullmove_number} and half-move clock {start.halfmove_clock} of the start cannot be written; read back as 1 and 0")
    return out


def _tree_losses(game: Game) -> list[str]:
    nodes = list(game.root.walk())
    out = []
    nags = sum(len(n.nags) for n in nodes)
    if nags:
        out.append(f"{_plural(nags, 'NAG')} cannot be written in DhtmlXQ; not written")
    before = sum(len(n.comments_before) for n in nodes)
    if before:
        out.append(f"{_plural(before, 'comment')} before a move cannot be written in DhtmlXQ (a comment follows its move); not written")
    joined = sum(1 for n in nodes if len([c for c in n.comments if c]) > 1)
    if joined:
        out.append(f"several comments on one move joined by line breaks ({_plural(joined, 'move')})")
    texts = [c for n in nodes for c in n.comments] + list(game.headers.values())
    if any(m in t for t in texts for m in _MARKERS):
        out.append("`[DhtmlXQ` inside a comment or header written as `［DhtmlXQ` (it would open a block)")
    if any("||" in c or "|\n" in c or "\n|" in c or "\r" in c for n in nodes for c in n.comments):
        out.append("`|` next to a line break, `||` or a carriage return in a comment does not read back as written (`||` is a line break)")
    if any(c == "" for n in nodes for c in n.comments):
        out.append("empty comments are not written")
    return out


def dhtmlxq_losses(game: Game) -> list[str]:
    """What :func:`write_dhtmlxq` cannot keep of ``game``, in words (one sentence per kind of loss)."""
    return _header_losses(game) + _start_losses(game) + _tree_losses(game)
