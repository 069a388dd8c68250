"""Write a game as an XQR file, and declare what it cannot keep (docs/spec/xqr.md §5).

The items go in type order: ``magic``, ``version`` 0, the text items of
:data:`~.header.TEXTS` that the game has, ``result``, ``fen`` when the start
is not the initial position, ``move`` (length 0), the tree, and ``crc``, the
CRC-32 of every byte before it (docs/spec/xqr.md §4.1).

:class:`XqrWriter` is a visitor (:mod:`xqformats.visitor`) that walks in tree
order, which is the order of the nodes (docs/spec/xqr.md §3.2), and needs no
positions (a node holds points): each node visited, the root first, is four
bytes and its comment, its flags read from the node (whether a move follows
it, whether an alternative follows it), so any depth is fine;
:func:`write_xqr` is ``game.accept(XqrWriter())``.

What the format cannot hold is declared in :data:`CARRIES` (five text
headers of at most 255 bytes, one comment a move and none before it, no
NAGs, no text that is not Unicode), from which :mod:`xqformats.losses` names
the losses of a game (:func:`unwritten`).
"""

from __future__ import annotations

import re
import struct
import zlib
from typing import Optional

from ..core import SQUARES, Square, square_file, square_rank
from ..losses import Before, Carries, Fate, HeaderFate, Loss, Lost, report
from ..model import Game, Headers, Node
from ..position import STARTING_FEN, Position
from ..visitor import BaseVisitor, Order
from .header import RESULT_CODES, TEXTS, VERSION, T

#: Flags of a node (docs/spec/xqr.md §3.1): a child follows, a sibling follows, a comment follows.
CHILD, SIBLING, COMMENT = 1, 2, 4
#: The most bytes an item's value holds (its length is one byte).
VALUE_ROOM = 255
#: Headers written from the game itself.
_NOT_HEADERS = frozenset({"FEN", "Result"})
#: Header -> its item's type.
_TYPE_OF = {name: kind for kind, name in TEXTS.items()}
_NODE = struct.Struct("<BBBB")
_COMMENT_LENGTH = struct.Struct("<I")
_CRC = struct.Struct("<BBI")
#: What the texts cannot hold: a lone surrogate has no UTF-8 form (written as U+FFFD).
_NOT_UTF8 = re.compile("[\ud800-\udfff]")


def write_xqr(game: Game) -> bytes:
    """The bytes of an XQR file holding ``game``.

    Never raises on the game's content; what does not fit is named by
    :func:`unwritten`.  O(number of nodes + comment bytes).
    """
    return game.accept(XqrWriter())


def _point(sq: Square) -> int:
    """XQR's point of a model square: row (0 on Black's side) in the high four bits, column in the low (docs/spec/xqr.md §3.1)."""
    return (9 - square_rank(sq)) << 4 | square_file(sq)


#: :func:`_point` of every square.
_POINT = [_point(sq) for sq in SQUARES]


def _utf8(text: str) -> bytes:
    """``text`` in UTF-8, a lone surrogate (which has no UTF-8 form) as U+FFFD."""
    return _NOT_UTF8.sub("\ufffd", text).encode("utf-8")


def _fit(text: str) -> bytes:
    """``text`` in UTF-8, cut at the last whole character within :data:`VALUE_ROOM` bytes."""
    raw = _utf8(text)
    if len(raw) <= VALUE_ROOM:
        return raw
    return raw[:VALUE_ROOM].decode("utf-8", "ignore").encode("utf-8")


def _item(kind: int, value: bytes) -> bytes:
    return bytes([kind, len(value)]) + value


def _header(headers: Headers, start: Position, result: str) -> bytes:
    """The items before the tree, ``move`` included (docs/spec/xqr.md §5.1)."""
    out = bytearray(_item(T.magic, b"\x20\x17") + _item(T.version, bytes([VERSION])))
    for kind, name in TEXTS.items():
        value = headers.get(name)
        if value:
            out += _item(kind, _fit(value))
    out += _item(T.result, bytes([RESULT_CODES.get(result, 0)]))
    fen = start.fen()
    if fen != STARTING_FEN:
        out += _item(T.fen, _fit(fen))
    out += bytes([T.move, 0])
    return bytes(out)


class XqrWriter(BaseVisitor[bytes]):
    """A visitor that writes the game it visits as an XQR file (:func:`write_xqr`'s bytes).

    ``game.accept(XqrWriter())`` returns the bytes; one writer can visit
    several games in turn.  Tree order, no positions: each node visited, the
    root first, appends its four bytes (docs/spec/xqr.md §3.1) and its
    comments, ``comments_before`` first, joined into XQR's one comment by
    line breaks.
    """

    order = Order.TREE
    needs_positions = False

    def __init__(self) -> None:
        self.begin_game()
        self._data = b""

    def begin_game(self) -> None:
        self._headers = Headers()
        self._start: Optional[Position] = None
        self._result = "*"
        self._nodes = bytearray()

    def visit_header(self, name: str, value: str) -> None:
        self._headers[name] = value

    def visit_start(self, position: Position) -> None:
        self._start = position.copy()

    def visit_root(self, node: Node) -> None:
        self._node(node, 0, 0)

    def visit_move(self, position: Position, node: Node) -> None:
        move = node.move
        assert move is not None  # a move node
        self._node(node, _POINT[move.from_square], _POINT[move.to_square])

    def visit_result(self, result: str) -> None:
        self._result = result

    def _node(self, node: Node, frm: int, to: int) -> None:
        """Append ``node``: four bytes (docs/spec/xqr.md §3.1), then its comment (§3.3)."""
        parent = node.parent
        flags = CHILD if node.children else 0
        if parent is not None and parent.children[-1] is not node:
            flags |= SIBLING
        before, after = node.comments_before, node.comments
        if before or after:
            comment = _utf8("\n".join(before + after))
            self._nodes += _NODE.pack(frm, to, flags | COMMENT, 0)
            self._nodes += _COMMENT_LENGTH.pack(len(comment)) + comment
        else:
            self._nodes += _NODE.pack(frm, to, flags, 0)

    def end_game(self) -> None:
        start = self._start if self._start is not None else Position.initial()  # movetext skipped
        if not self._nodes:  # no movetext walked: the root alone
            self._nodes += _NODE.pack(0, 0, 0, 0)
        body = _header(self._headers, start, self._result) + bytes(self._nodes)
        crc_at = len(body)
        self._data = body + _CRC.pack(T.crc, 4, zlib.crc32(body[:crc_at]))

    def result(self) -> bytes:
        return self._data


# ---------------------------------------------------------------- losses


def _fate(name: str, value: str) -> HeaderFate:
    """What :func:`write_xqr` does with a header: the five text items, ``FEN`` and ``Result`` from the game."""
    if name in _NOT_HEADERS:
        return Fate.OTHERWISE
    if name not in _TYPE_OF:
        return Fate.NO_PLACE
    if not value:
        return Fate.EMPTY
    return Fate.CUT if len(_utf8(value)) > VALUE_ROOM else Fate.KEPT


#: What an XQR file holds of a game (docs/spec/xqr.md §5.1), and how each loss is named.
CARRIES = Carries(
    losses=(
        Lost(Loss.NO_PLACE, "tag(s) {names} have no item in XQR; not written"),
        Lost(Loss.EMPTY, "empty tag(s) {names} not kept (an empty item reads as no tag)"),
        Lost(Loss.CUT, "tag(s) {names} cut at 255 UTF-8 bytes (an item's length is one byte)", order=tuple(_TYPE_OF)),
        Lost(Loss.FEN_TAG, "the `FEN` tag is not written; the start position is (and reads back as its normalised FEN)"),
        Lost(Loss.NAGS, "{n} NAG{s} ($1, $2, …) cannot be written in XQR; not written"),
        Lost(Loss.JOINED, "several comments of {n} move{s} joined into one by line breaks (an XQR node holds one comment)"),
        Lost(Loss.BEFORE_MOVED, "{n} comment{s} before a move written after it (XQR has no comment before a move)"),
        Lost(Loss.CHARACTERS, "{n} character{s} UTF-8 cannot hold written as U+FFFD ({places})"),
    ),
    headers=lambda game: _fate,
    result_tag=False,
    fen_tag=False,
    nags=(frozenset(), 0),
    before=Before.AFTER,
    comment_room=1,
    opening_room=1,
    characters=_NOT_UTF8,
)


def unwritten(game: Game) -> list[str]:
    """What :func:`write_xqr` cannot keep of ``game``, one sentence per kind of loss (:data:`CARRIES`)."""
    return report(game, CARRIES)
