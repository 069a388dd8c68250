"""Read an XQR file into the game model (docs/spec/xqr.md).

:func:`read_xqr` takes the file's bytes and returns the game and every
finding, each at a byte offset; it never raises on what the bytes hold.
The stages follow the file:

* the header items, by the parser generated from ``schemas/xqr.ksy``,
  lowered to headers, the result and the start position (:mod:`.header`);
* the move tree: one ``node`` of the layout after another, sent in preorder
  to the one reader-side builder (:class:`~xqformats.builder.GameBuilder`,
  which checks every move with the rules engine) by :class:`_Tree`; where
  the tree ends follows from the flags (a stack of the nodes announced);
* the item ``crc`` after it, checked against :func:`zlib.crc32` of the
  bytes before it (docs/spec/xqr.md §4.1).

A move that cannot be played (V109 off the board, V111 illegal) is reported
where its node starts; by this format's policy (:data:`REST_OF_LINE`) it and
the line after it, the alternatives inside that line included, are kept as
one comment on the last move played before it (V112), in preorder::

    XQR moves not read: e5e6 "comment" h9g7

each move as its two ICCS points (``?`` for one off the board), its comment
as a JSON string.
"""

from __future__ import annotations

import json
import zlib
from io import BytesIO
from typing import Any, NamedTuple, Optional

from kaitaistruct import KaitaiStream

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..core import Move, square
from ..diagnostics import Diagnostic, DiagnosticSink
from ..layouts.xqr import Xqr
from ..model import Game
from ..position import Position
from . import header as fields
from . import rules

#: What the comment keeping unplayable moves starts with (docs/spec/xqr.md §3.5).
UNREAD_PREFIX = "XQR moves not read:"
#: What becomes of a line after a move that cannot be played: kept as a comment (V112).
REST_OF_LINE = LinePolicy.KEEP
#: The first item of every XQR file: type 0, length 2, 0x20 0x17 (docs/spec/xqr.md §2.3).
MAGIC = bytes([Xqr.TlvType.magic, 2, 0x20, 0x17])
#: The bytes of a node before its comment (docs/spec/xqr.md §3.1).
NODE_SIZE = 4


def read_xqr(data: bytes, *, path: Optional[str] = None, strict: bool = False) -> tuple[Optional[Game], list[Diagnostic]]:
    """The game in the XQR file ``data`` and every finding, in file order.

    The game is ``None`` only when the bytes do not start with the item
    ``magic`` (V103); otherwise whatever could be read is returned.
    ``strict`` makes the deviation rules errors.  Never raises on the content
    of ``data``.
    """
    data = bytes(data)
    sink = DiagnosticSink(path=path, strict=strict)
    if data[:4] != MAGIC:
        sink.report_bytes(rules.MAGIC, f"The file starts with {data[:4].hex(' ') or 'nothing'}, not the item `magic` 00 02 20 17: it is no XQR file", 0, min(len(data), 4))
        return None, sink.items
    stream = KaitaiStream(BytesIO(data))
    layout = Xqr(stream)
    tree = _Tree(stream, sink)
    builder = tree.builder
    head = fields.read_items(layout.items, len(data), sink)
    for name, value in head.headers:
        builder.visit_header(name, value)
    if head.fen is not None:
        builder.visit_header("FEN", head.fen.fen())
    builder.visit_start(head.fen if head.fen is not None else Position.initial())
    if head.tree_at is not None:
        end = tree.run(head.tree_at)
        if end is not None:
            _check_crc(stream, data, end, sink)
    builder.visit_result(head.result)  # ends the movetext, and with it the last line kept
    builder.end_game()
    game = builder.result()
    game.diagnostics = list(sink.items)
    return game, sink.items


# ---------------------------------------------------------------- the end


def _check_crc(stream: KaitaiStream, data: bytes, at: int, sink: DiagnosticSink) -> None:
    """The item ``crc`` at ``at`` (docs/spec/xqr.md §4.1) and nothing after it (§4.2)."""
    if at >= len(data):
        sink.report_bytes(rules.TRUNCATED, "The file ends after the move tree, before the item `crc`", at, 0)
        return
    stream.seek(at)
    item = Xqr.Tlv(stream)
    length: Optional[int] = getattr(item, "length", None)  # (the generated parser sets no absent field)
    if item.kind != Xqr.TlvType.crc or length not in (None, 4):
        said = "no length" if length is None else f"length {length}"
        sink.report_bytes(rules.CRC_ITEM, f"After the move tree stands an item of type {item.kind}, {said}, not `crc` (type 10, length 4); not read further", at, 1)
        return
    if length is None or len(item.value) < 4:
        sink.report_bytes(rules.TRUNCATED, "The file ends inside the item `crc`", at, len(data) - at)
        return
    stored = Xqr.CrcValue(KaitaiStream(BytesIO(item.value))).crc
    actual = zlib.crc32(data[:at])
    if stored != actual:
        sink.report_bytes(rules.CRC_MISMATCH, f"The CRC stored is {stored:#010x}; the {at} bytes before it have {actual:#010x}", at + 2, 4)
    end = at + 2 + 4
    if end < len(data):
        extra = len(data) - end
        said = "1 byte follows" if extra == 1 else f"{extra} bytes follow"
        sink.report_bytes(rules.TRAILING_BYTES, f"{said} the item `crc`; not read", end, extra)


# ---------------------------------------------------------------- the tree


class Item(NamedTuple):
    """One node of the tree: the layout's ``Node`` and the offset of its first byte."""

    node: Any
    offset: int


def _square(row: int, col: int) -> Optional[int]:
    """The model's square of the point at ``row`` (0 on Black's side) and ``col``, or ``None`` off the board."""
    if row > 9 or col > 8:
        return None
    return square(col, 9 - row)


#: The token of the dead line an alternative to the root node starts: no move of its own.
_ROOT_SIBLING = object()


class _Tree(ReaderHooks):
    """Sends the nodes, in preorder, to a :class:`GameBuilder` (docs/spec/xqr.md §3.2, §3.5).

    A stack holds the ply each announced node is played at (its parent's
    ply): a node is an alternative (:meth:`GameBuilder.back_to`) unless it
    continues the node before it.  The builder checks every move, and keeps
    a move that cannot be played and the line after it (this class spells
    the items and reports V109–V112).
    """

    def __init__(self, stream: KaitaiStream, sink: DiagnosticSink) -> None:
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.stream = stream
        self.size = stream.size()  # (once: the stream seeks to its end for it)
        self.sink = sink
        #: Whether the data ended inside the last node's comment (the tree ends there).
        self.cut = False
        self.root_offset = 0

    def run(self, at: int) -> Optional[int]:
        """Read the tree from offset ``at``; the offset after it, or ``None`` when the data ends inside it (V101)."""
        root = self._node(at)
        if root is None:
            return None
        stack = self._root(root)  # the ply each announced node is played at
        ply = 0  # of the node read last
        at = self.stream.pos()
        while stack and not self.cut:
            item = self._node(at)
            if item is None:
                return None
            at = self.stream.pos()
            parent = stack.pop()
            if parent != ply:
                parent = self._back_to(parent)
            self._move(item)
            if item.node.has_sibling:
                stack.append(parent)
            if item.node.has_child:
                stack.append(parent + 1)
            ply = parent + 1
        return None if self.cut else at

    def _root(self, root: Item) -> list[int]:
        """The root node: its comment is the game's; the plies it announces (-1: an alternative to it)."""
        self.root_offset = root.offset
        if root.node.has_comment:
            self.builder.visit_comment(self._comment(root))
        stack: list[int] = []
        if root.node.has_sibling:  # an alternative to the start position itself: nothing to play it from
            self.sink.report_bytes(rules.ROOT_SIBLING, "The root node announces a sibling; its moves are kept as a comment on the start", root.offset + 2, 1)
            stack.append(-1)
        if root.node.has_child:
            stack.append(0)
        return stack

    def _move(self, item: Item) -> None:
        """Play the node's move (V109 off the board; the builder checks the rest), with its comment."""
        b = self.builder
        node = item.node
        frm = _square(node.from_row, node.from_col)
        to = _square(node.to_row, node.to_col)
        if frm is None or to is None:
            if not b.dead:
                self.sink.report_bytes(rules.OFF_BOARD, f"The move `{_points(item)}` has a point off the board", item.offset, 2)
            b.visit_unreadable(item)
            return
        played = b.visit_move(Move(frm, to), None, None, item)
        if played is not None and node.has_comment:
            played.comments.append(self._comment(item))

    def _node(self, at: int) -> Optional[Item]:
        """The node at ``at``, or ``None`` (V101) when the data ends inside it; a comment cut short is kept and reported."""
        size = self.size
        if at + NODE_SIZE > size:
            what = "a node announced" if at == size else "a node"
            self.sink.report_bytes(rules.TRUNCATED, f"The file ends inside {what} of the move tree ({size - at} of its 4 bytes)", at, size - at)
            return None
        self.stream.seek(at)
        try:
            node = Xqr.Node(self.stream)
        except EOFError:  # the comment's four length bytes are not all there
            self.sink.report_bytes(rules.TRUNCATED, "The file ends inside the length of a node's comment", at + NODE_SIZE, size - at - NODE_SIZE)
            return None
        item = Item(node, at)
        if node.has_comment and node.comment.is_cut:
            self.sink.report_bytes(
                rules.TRUNCATED,
                f"The file ends inside a comment: its length says {node.comment.length} bytes, {len(node.comment.text)} follow",
                at + NODE_SIZE,
                size - at - NODE_SIZE,
            )
            self.cut = True  # the node is whole: its move is read, with the comment's bytes there are
        return item

    def _back_to(self, ply: int) -> int:
        """The next node is played at ``ply``; -1 (an alternative to the root) starts a dead line
        that keeps that subtree, at ply 1 of it.  The ply the node is played at."""
        b = self.builder
        if ply >= 0:
            b.back_to(ply)
            return ply
        b.back_to(0)
        b.visit_unreadable(_ROOT_SIBLING)
        return 1

    def _comment(self, item: Item) -> str:
        raw: bytes = item.node.comment.text
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            self.sink.report_bytes(rules.UNDECODABLE_TEXT, "A comment is not valid UTF-8; bad bytes kept as U+FFFD", item.offset + NODE_SIZE + 4, len(raw))
            return raw.decode("utf-8", "replace")

    # ------------------------------------------------------------ the builder's hooks
    def illegal(self, move: Move, why: str, token: Any) -> None:
        """V111 at the node."""
        item: Item = token
        self.sink.report_bytes(rules.ILLEGAL_MOVE, f"The move `{move.iccs()}` is not legal here: {why}", item.offset, 2)

    def kept_item(self, token: Any) -> str:
        """The node's move (two ICCS points, ``?`` off the board), then its comment as a JSON string."""
        if token is _ROOT_SIBLING:
            return ""
        item: Item = token
        if not item.node.has_comment:
            return _points(item)
        return f"{_points(item)} {json.dumps(self._comment(item), ensure_ascii=False)}"

    def kept(self, kept: Kept) -> Optional[str]:
        """V112 at the first move kept; the comment (:data:`UNREAD_PREFIX` and the items)."""
        items = [i for i in kept.items if i]
        target = kept.target.move
        where = "the start" if target is None else f"`{target.iccs()}`"
        at = self.root_offset if kept.first is _ROOT_SIBLING else kept.first.offset  # type: ignore[attr-defined]
        self.sink.report_bytes(rules.MOVES_NOT_READ, f"Moves not read from here: {len(items)} move(s) kept as a comment on {where}", at, 2)
        return UNREAD_PREFIX + "".join(" " + i for i in items)


def _points(item: Item) -> str:
    """The node's move as two ICCS points, ``?`` for a point off the board."""
    out = ""
    node = item.node
    for sq in (_square(node.from_row, node.from_col), _square(node.to_row, node.to_col)):
        out += "?" if sq is None else Move(sq, sq).uci()[:2]
    return out
