"""Write a game as a DhtmlXQ record, and say what the format cannot hold (docs/spec/dhtmlxq.md §7).

The record is the ``[DhtmlXQ]`` wrapper holding the tags, ``binit`` (only when
the start is not the initial position), ``movelist``, one
``[DhtmlXQ_move_P_S_B]`` per variation and the comments.  Variations are
numbered breadth first, so a reader that attaches branches parents first, in
number order, rebuilds the children of every node in their order.
"""

from __future__ import annotations

from collections import deque
from typing import Iterator, Optional

from ..core import square_file, square_rank
from ..model import Game, Node
from ..position import Position
from .grammar import parse_document
from .tags import KEPT_PREFIX, OFF_BOARD, SLOT_PIECES, WORD_OF_RESULT, tag_for_header

__all__ = ["write_dhtmlxq", "dhtmlxq_losses", "Line", "lines_of"]

#: Headers that describe PGN itself or are written another way (the start, the result).
_NOT_TAGS = frozenset({"Game", "Format", "FEN", "Result"})
#: What would open or close a block inside a value: its `[` is written as a fullwidth one.
_MARKERS = ("[DhtmlXQ", "[/DhtmlXQ")
_LAST_Y = 9


class Line:
    """One line of play: ``number`` (0 = main line), its ``parent`` line, its first ``ply`` and nodes."""

    __slots__ = ("number", "parent", "ply", "nodes")

    def __init__(self, number: int, parent: int, ply: int, nodes: list[Node]) -> None:
        self.number = number
        self.parent = parent
        self.ply = ply
        self.nodes = nodes


def lines_of(game: Game) -> list[Line]:
    """The game's lines, breadth first: the main line, then each variation as a branch (§4.2)."""
    out: list[Line] = []
    if not game.root.children:
        return out
    queue: deque[tuple[Node, int, int]] = deque([(game.root.children[0], 0, 1)])
    parent_of = {0: 0}
    while queue:
        first, number, ply = queue.popleft()
        nodes = [first, *first.mainline()]
        out.append(Line(number, parent_of[number], ply, nodes))
        for i, node in enumerate(nodes):
            parent = node.parent
            if parent is None or parent.children[0] is not node:
                continue
            for alt in parent.children[1:]:
                new = len(parent_of)
                parent_of[new] = number
                queue.append((alt, new, ply + i))
    return out


def _pair(sq: int) -> str:
    return f"{square_file(sq)}{_LAST_Y - square_rank(sq)}"


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


def _written_tag(game: Game, header: str) -> Optional[str]:
    """The tag ``header`` is written as, or ``None`` (a loss, unless the header is written another way)."""
    if header in _NOT_TAGS or (header == _RESULT_TEXT and game.result in WORD_OF_RESULT):
        return None
    tag = tag_for_header(header)
    return tag if tag is not None and _is_tag(tag) else None


def _tags(game: Game) -> Iterator[str]:
    for header, value in game.headers.items():
        tag = _written_tag(game, header)
        if tag is not None:
            yield _block(tag, _safe(value))
    word = WORD_OF_RESULT.get(game.result)
    if word is not None:
        yield _block("result", word)


def _comment(node: Node) -> Optional[str]:
    text = "\n".join(c for c in node.comments if c)
    return _safe(text).replace("\n", "||") if text else None


def write_dhtmlxq(game: Game) -> str:
    """The DhtmlXQ record of ``game`` (docs/spec/dhtmlxq.md §7); :func:`dhtmlxq_losses` names what is lost."""
    out = ["[DhtmlXQ]", *_tags(game)]
    start = game.start
    if start.board != Position.initial().board:
        out.append(_block("binit", _binit(start)))
    comments = []
    root = _comment(game.root)
    if root is not None:
        comments.append(_block("comment0", root))
    for line in lines_of(game):
        digits = "".join(_pair(n.move.from_square) + _pair(n.move.to_square) for n in line.nodes if n.move is not None)
        name = "movelist" if line.number == 0 else f"move_{line.parent}_{line.ply}_{line.number}"
        out.append(_block(name, digits))
        for i, node in enumerate(line.nodes):
            text = _comment(node)
            if text is not None:
                where = f"{line.ply + i}" if line.number == 0 else f"{line.number}_{line.ply + i}"
                comments.append(_block(f"comment{where}", text))
    out += comments
    out.append("[/DhtmlXQ]")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- losses


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _header_losses(game: Game) -> list[str]:
    lost = [h for h in game.headers if h not in _NOT_TAGS and _written_tag(game, h) is None]
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
