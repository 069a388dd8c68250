"""Lower a parsed DhtmlXQ :class:`~.grammar.Document` into games (docs/spec/dhtmlxq.md).

One :class:`RecordReader` per record, the UBB record reader
(:class:`.ubb.RecordReader`: the block structure D102–D105, the tags §6, the
moves §4, shared with DHJHtmlXQ) with what DhtmlXQ says its own way: its
tag names and D1xx codes (:data:`DIALECT`), the start position from ``binit``
(§3), the branches (§4.2) and the comments by line and ply (§5).

After a move that cannot be played, the rest of its block is not read
(:data:`REST_OF_LINE`, DROP; D111 says how many moves that is); branches
from the moves before it are read as usual.

The branches form a tree (each names its parent branch), walked once, depth
first, each branch's own branches from the last ply back, so every branch
starts on a prefix of the line the builder has just read (``back_to``): the
whole record is read in time linear in its size, however its branches are
listed.  The result is what reading the branches parents first, in number
order, gives: the alternatives at a move in that order, the findings too.
"""

from __future__ import annotations

from typing import Optional

from ..core import square
from ..diagnostics import DiagnosticSink, excerpt
from ..digits import bounded_int
from ..model import Game, Node
from ..position import Position
from . import rules, ubb
from .grammar import Block, Document, Piece
from .tags import KNOWN_TAGS, OFF_BOARD, RESULT_OF_WORD, SLOT_PIECES, header_for_tag
from .ubb import MAIN as _MAIN
from .ubb import (
    REST_OF_LINE,  # noqa: F401 - this format's policy, the one both dialects read by (ubb)
    Dialect,
    comment_text,
)
from .ubb import number as _number

#: The last file and row of a point (docs/spec/dhtmlxq.md §3.1: x 0–8 from Red's left, y 0–9 from Black's side).
_LAST_X = 8
_LAST_Y = 9


def decode_pair(pair: str) -> Optional[int]:
    """The square of a two-digit point ``xy``, or ``None`` when it is off the board (x = 9)."""
    x, y = int(pair[0]), int(pair[1])
    if x > _LAST_X:
        return None
    return square(x, _LAST_Y - y)


def _result_of(value: str) -> Optional[str]:
    """The result a ``result`` tag's word means (docs/spec/dhtmlxq.md §6.2), or ``None``."""
    return RESULT_OF_WORD.get(value.strip())


#: What DhtmlXQ names and counts its own way (docs/spec/dhtmlxq.md §2–§6).
DIALECT = Dialect(
    marker="DhtmlXQ",
    moves="movelist",
    kinds=("tag", "binit", "movelist", "branch", "comment"),
    rules=rules,
    point=decode_pair,
    known_tags=KNOWN_TAGS,
    result_tag="result",
    result_of=_result_of,
    header_for_tag=header_for_tag,
    results="result word (红胜, 黑胜, 和棋, …)",
    quote=str,  # tag names and values quoted whole, as DhtmlXQ's findings have always quoted them
    rest_where=" in this line",
)


def read_document(doc: Document, sink: DiagnosticSink) -> list[Game]:
    """The games of ``doc``, every finding reported to ``sink`` (whose source is the text parsed)."""
    return ubb.read_document(doc, sink, RecordReader)


def _ply(digits: str) -> Optional[int]:
    """A ply's value; ``None`` when it has more digits than any record's ply (the one guard, :func:`bounded_int`)."""
    return bounded_int(_number(digits))


def _order(number: str) -> tuple[int, str]:
    """Sorts branch numbers (:func:`_number`) as numbers."""
    return len(number), number


class RecordReader(ubb.RecordReader):
    """Turns one DhtmlXQ :class:`~.grammar.Record` into a :class:`Game`, reporting to a sink; the builder's hooks."""

    DIALECT = DIALECT

    def block_key(self, block: Block) -> Optional[str]:
        """A branch by its number (``None`` for 0, the main line's); every other block by its name."""
        if block.kind != "branch":
            return block.name
        key = _number(block.name.rsplit("_", 1)[1])
        return None if key == _MAIN else key

    # ---------------------------------------------------------------- start position (§3)
    def start_position(self, kinds: dict[str, dict[str, Block]], first: Optional[Piece]) -> Position:
        binit = kinds["binit"].get("binit")
        if binit is None:
            pos = Position.initial()
        else:
            board = self._board(binit)
            pos = board if board is not None else Position.initial()
        if first is not None:
            # docs/spec/dhtmlxq.md §3.2: Red moves first unless the first move is a Black piece's.
            pos.turn = self.first_mover(pos, first)
        if binit is not None:
            self.report_setup(pos, "`binit`", binit.head.end, binit.head.end + sum(len(p.text) for p in binit.body))
        return pos

    def _board(self, binit: Block) -> Optional[Position]:
        """The pieces ``binit`` places (``None`` when its length is wrong: D106)."""
        squares = [p for p in binit.body if p.kind == "SQUARE"]
        self.not_digits(binit)
        digits = sum(len(p.text) for p in binit.body if p.kind != "JUNK")
        if digits != 2 * len(SLOT_PIECES):
            self.report(rules.BINIT_LENGTH, f"`binit` has {digits} digits; expected {2 * len(SLOT_PIECES)} (two for each of 32 pieces); read from the initial position", binit.head)
            return None
        pos = Position(None)
        for piece, pair in zip(SLOT_PIECES, squares):
            if pair.text == OFF_BOARD:
                continue
            sq = decode_pair(pair.text)
            if sq is None:
                self.report(rules.BINIT_SQUARE, f"`binit` point `{pair.text}` is off the board; expected file 0–8 or `99`", pair)
            elif pos.piece_at(sq) is not None:
                self.report(rules.BINIT_DOUBLED, f"`binit` point `{pair.text}` is taken already; this piece is left off the board", pair)
            else:
                pos.set_piece(sq, piece)
        return pos

    # ---------------------------------------------------------------- branches (§4.2)
    def read_branches(self, kinds: dict[str, dict[str, Block]]) -> None:
        self._branches(kinds["branch"])

    def _branches(self, branches: dict[str, Block]) -> None:
        """Attach every branch to its parent line (docs/spec/dhtmlxq.md §4.2), in one walk of the tree of branches.

        Depth first, and each branch's own branches from the last ply back, so
        that each starts on the line just read (module docstring); what is
        read is put back in the order of reading parents first, in number
        order (a branch's *rank*: its depth, then its number): the findings
        and the alternatives at each move.  O(blocks + moves), with a sort.
        """
        below: dict[str, list[tuple[int, str, Block]]] = {}  # parent -> (ply, number, block)
        for number, block in branches.items():
            _, parent, digits, _ = block.name.split("_")
            below.setdefault(_number(parent), []).append((_ply(digits) or 0, number, block))
        for kids in below.values():
            kids.sort(key=lambda k: (k[0], _order(k[1])))  # the stack pops the last ply first
        rank: dict[str, tuple[int, int, str]] = {_MAIN: (0, 0, _MAIN)}
        found: list[tuple[tuple[int, int, str], int, int]] = []  # (rank, first, end) of each branch's findings
        first_of: dict[int, tuple[int, int, str]] = {}  # id(node) of a branch's first move -> its rank
        starts: dict[int, Node] = {}  # where the branches start, by id
        stack = [(kid, _MAIN) for kid in below.get(_MAIN, [])]
        items = self.sink.items
        region = len(items)
        while stack:
            (_, number, block), parent = stack.pop()
            rank[number] = (rank[parent][0] + 1, *_order(number))
            mark = len(items)
            line = self._branch(block, self.lines[parent])
            self.lines[number] = line
            found.append((rank[number], mark, len(items)))
            if line:
                node = line[min(line)]
                first_of[id(node)] = rank[number]
                starts[id(node.parent)] = node.parent  # type: ignore[assignment]  # a move node has a parent
            stack.extend((kid, number) for kid in below.get(number, []))
        found.sort()
        items[region:] = [d for _, start, end in found for d in items[start:end]]
        for start in starts.values():
            if len(start.children) > 2:
                start.children[1:] = sorted(start.children[1:], key=lambda n: first_of[id(n)])
        for number in sorted((n for n in branches if n not in rank), key=_order):
            block = branches[number]
            parent = _number(block.name.split("_")[1])
            self.report(rules.BRANCH_PARENT, f"`{block.head.text}` names branch {excerpt(parent)} as its parent, which this record does not have (or could not read); not read", block.head)

    def _branch(self, block: Block, line: dict[int, Node]) -> dict[int, Node]:
        """Read ``block``, a branch from ``line`` (its parent's); the moves it plays."""
        _, parent, digits, _ = block.name.split("_")
        ply = _ply(digits)
        target = line.get(ply) if ply is not None else None
        if target is None:
            plies = f"{min(line)}–{max(line)}" if line else "none"
            self.report(rules.BRANCH_PLY, f"`{block.head.text}`: branch {excerpt(_number(parent))} has no move at ply {excerpt(_number(digits))} (its plies: {plies}); not read", block.head)
            return {}
        assert ply is not None
        self.builder.back_to(ply - 1)
        return self.play(block, ply)

    # ---------------------------------------------------------------- comments (§5)
    def read_comments(self, comments: dict[str, Block]) -> None:
        for name, block in comments.items():
            numbers = name[len("comment"):].split("_")
            branch, digits = (_number(numbers[0]), numbers[1]) if len(numbers) == 2 else (_MAIN, numbers[0])
            ply = _ply(digits)
            text = comment_text(block)
            if not text:
                continue
            if branch == _MAIN and ply == 0:
                self.game.root.comments.append(text)
                continue
            node = self.lines.get(branch, {}).get(ply) if ply is not None else None
            if node is None:
                self.report(rules.COMMENT_TARGET, f"`{block.head.text}`: {'the main line' if branch == _MAIN else f'branch {excerpt(branch)}'} has no move at ply {excerpt(_number(digits))}; kept as a comment on the game", block.head)
                self.game.root.comments.append(text)
                continue
            node.comments.append(text)
