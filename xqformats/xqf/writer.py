"""Write a game as an XQF file of version 10 (XQF 1.0), and declare what it cannot keep.

Why version 10 (docs/spec/xqf.md §5.1): it is the one version with a
published layout, it has no keys (so the output is the same bytes for the
same game, and a reader needs no key arithmetic), and every XQF reader
reads it (XQStudio reads every version up to its own; cchess and vschess
read it).  It holds all that later versions hold: variations, comments,
the side to move (``WhoPlay``) and every header string.

The header's strings go where :data:`~.header.FIELDS` says; the tree is
written in preorder (a node, its first continuation, then its next
alternative), 8 bytes per record plus the comment (docs/spec/xqf.md §4.2).

:class:`XqfWriter` is a visitor (:mod:`xqformats.visitor`) that walks in tree
order, which is the order of the records, and needs no positions (a record
holds squares): each node visited is one record, its flags read from the node
(whether a move continues it, whether an alternative follows it), so any
depth is fine; :func:`write_xqf` is ``game.accept(XqfWriter())``.

What the format cannot hold is declared in :data:`CARRIES` (the fields of
:data:`~.header.FIELDS`, the slots of the start's pieces, one comment a move
and none before it, no NAGs, …), from which :mod:`xqformats.losses` names
the losses of a game (:func:`unwritten`).
"""

from __future__ import annotations

import struct
from typing import Optional

from ..core import SQUARES, Square, square_file, square_rank
from ..losses import Before, Carries, Fate, HeaderFate, Loss, Lost, report
from ..model import Game, Headers, Node
from ..position import Position
from ..visitor import BaseVisitor, Order
from .header import FIELDS, GAME_TYPE_CODES, GAME_TYPE_HEADER, OFFSETS, PIECE_SLOTS, RESULT_CODES
from .stream import HEADER_SIZE
from .text import ENCODING, encode_comment

#: The version written (docs/spec/xqf.md §5.1).
VERSION_WRITTEN = 10

#: Flags of a version-10 record (docs/spec/xqf.md §4.2): a next move follows, an alternative follows.
NEXT, SIBLING = 0xF0, 0x0F
#: Headers written from the game itself or describing another format.
_NOT_HEADERS = frozenset({"FEN", "Result", "Game", "Format"})
_RECORD = struct.Struct("<BBBBI")
#: The root record of XQF 1.0: from, to and reserved bytes (docs/spec/xqf.md §4.2).
_ROOT = (0x18, 0x20, 0xFF)


def write_xqf(game: Game) -> bytes:
    """The bytes of a version-10 XQF file holding ``game``.

    Never raises on the game's content; what does not fit is named by
    :func:`unwritten`.  O(number of nodes + comment bytes).
    """
    return game.accept(XqfWriter())


def _point(sq: Square) -> int:
    """XQF's point ``x·10 + y`` of a model square (docs/spec/xqf.md §3.4)."""
    return square_file(sq) * 10 + square_rank(sq)


#: :func:`_point` of every square, plus the offsets a record adds to a move's from and to points.
_FROM = [_point(sq) + 0x18 for sq in SQUARES]
_TO = [_point(sq) + 0x20 for sq in SQUARES]


#: Piece -> its slots in :data:`~.header.PIECE_SLOTS`, in slot order.
_SLOTS_OF = {piece: [i for i, p in enumerate(PIECE_SLOTS) if p == piece] for piece in PIECE_SLOTS}


def _slots(start: Position) -> bytes:
    """The 32 slot bytes of the start position (docs/spec/xqf.md §2.3).

    Each piece takes the first free slot of its kind, in square order; a
    piece with none left is not written (:data:`CARRIES` names it).
    """
    slots = [0xFF] * 32
    taken = dict.fromkeys(_SLOTS_OF, 0)
    for sq, piece in enumerate(start.board):
        if piece is None:
            continue
        free = _SLOTS_OF[piece]
        k = taken[piece]
        if k < len(free):
            slots[free[k]] = _point(sq)
            taken[piece] = k + 1
    return bytes(slots)


def _fit(text: str, capacity: int) -> bytes:
    """``text`` encoded, cut at the last whole character that fits ``capacity`` bytes."""
    raw = text.encode(ENCODING)
    while len(raw) > capacity:
        text = text[:-1]
        raw = text.encode(ENCODING)
    return raw


def _header(headers: Headers, start: Position, result: str) -> bytes:
    head = bytearray(HEADER_SIZE)
    head[0:3] = b"XQ" + bytes([VERSION_WRITTEN])
    head[OFFSETS["pieces"]:OFFSETS["pieces"] + 32] = _slots(start)
    head[OFFSETS["who_play"]] = 0 if start.turn else 1
    head[OFFSETS["play_result"]] = RESULT_CODES.get(result, 0)
    head[OFFSETS["game_type"]] = GAME_TYPE_CODES.get(headers.get(GAME_TYPE_HEADER, ""), 0)
    for f in FIELDS:
        value = headers.get(f.header)
        if value:
            raw = _fit(value, f.capacity)
            head[f.offset] = len(raw)
            head[f.offset + 1:f.offset + 1 + len(raw)] = raw
    return bytes(head)


class XqfWriter(BaseVisitor[bytes]):
    """A visitor that writes the game it visits as a version-10 XQF file (:func:`write_xqf`'s bytes).

    ``game.accept(XqfWriter())`` returns the bytes; one writer can visit
    several games in turn.  Tree order, no positions: each node visited, the
    root first, appends its record (docs/spec/xqf.md §4.1) — its squares, its
    flags (children, a next sibling) and its comments, ``comments_before``
    first, joined into XQF's one comment by line breaks.
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
        self._records = bytearray()

    def visit_header(self, name: str, value: str) -> None:
        self._headers[name] = value

    def visit_start(self, position: Position) -> None:
        self._start = position.copy()

    def visit_root(self, node: Node) -> None:
        self._record(node, *_ROOT)

    def visit_move(self, position: Position, node: Node) -> None:
        move = node.move
        assert move is not None  # a move node
        self._record(node, _FROM[move.from_square], _TO[move.to_square], 0)

    def visit_result(self, result: str) -> None:
        self._result = result

    def _record(self, node: Node, frm: int, to: int, reserved: int) -> None:
        """Append ``node``'s record: 8 bytes (docs/spec/xqf.md §4.2), then its comment."""
        parent = node.parent
        flags = NEXT if node.children else 0
        if parent is not None and parent.children[-1] is not node:
            flags |= SIBLING
        before, after = node.comments_before, node.comments
        if before or after:
            comment = encode_comment("\n".join(before + after))
            self._records += _RECORD.pack(frm, to, flags, reserved, len(comment))
            self._records += comment
        else:
            self._records += _RECORD.pack(frm, to, flags, reserved, 0)

    def end_game(self) -> None:
        start = self._start if self._start is not None else Position.initial()  # movetext skipped
        if not self._records:  # no movetext walked: the root record alone
            self._records += _RECORD.pack(*_ROOT[:2], 0, _ROOT[2], 0)
        self._data = _header(self._headers, start, self._result) + bytes(self._records)

    def result(self) -> bytes:
        return self._data


# ---------------------------------------------------------------- losses

#: Header -> the size of its field, in GBK bytes.
_CAPACITY = {f.header: f.capacity for f in FIELDS}


def _fate(name: str, value: str) -> HeaderFate:
    """What :func:`write_xqf` does with a header: the fields of :data:`~.header.FIELDS` and the game type."""
    if name in _NOT_HEADERS:
        return Fate.OTHERWISE
    if name == GAME_TYPE_HEADER:
        return Fate.KEPT if GAME_TYPE_CODES.get(value, 0) else Fate.VALUE
    capacity = _CAPACITY.get(name)
    if capacity is None:
        return Fate.NO_PLACE
    if not value:
        return Fate.EMPTY
    return Fate.CUT if len(value.encode(ENCODING)) > capacity else Fate.KEPT


#: What an XQF file of version 10 holds of a game (docs/spec/xqf.md §2, §4), and how each loss is named.
CARRIES = Carries(
    losses=(
        Lost(Loss.NO_PLACE, "tag(s) {names} have no field in XQF; not written"),
        Lost(Loss.EMPTY, "empty tag(s) {names} not kept (an empty field reads as no tag)"),
        Lost(Loss.CUT, "tag(s) {names} cut at their field's size (15 or 63 GBK bytes)", order=tuple(_CAPACITY)),
        Lost(Loss.VALUE, "`{name}` `{value}` is not a type XQF stores other than its default (全局); not kept"),
        Lost(
            Loss.COUNTERS,
            "the start position's move number and halfmove clock (['{halfmove}', '{fullmove}']) have no place; read back as 0 1",
        ),
        Lost(Loss.SLOTS, "{n} piece{s} of the start position beyond XQF's 16 slots per side; not written"),
        Lost(Loss.FEN_TAG, "the `FEN` tag is not written; the start position is (and reads back as its normalised FEN)"),
        Lost(Loss.NAGS, "{n} NAG{s} ($1, $2, …) cannot be written in XQF; not written"),
        Lost(Loss.JOINED, "several comments of {n} move{s} joined into one by line breaks (an XQF move holds one comment)"),
        Lost(Loss.BEFORE_MOVED, "{n} comment{s} before a move written after it (XQF has no comment before a move)"),
        Lost(Loss.TEXT, "carriage returns in {n} comment{s} read back as line breaks", holds=("\r",)),
    ),
    headers=lambda game: _fate,
    result_tag=False,
    counters=False,
    slots=PIECE_SLOTS,
    fen_tag=False,
    nags=(frozenset(), 0),
    before=Before.AFTER,
    comment_room=1,
    opening_room=1,
)


def unwritten(game: Game) -> list[str]:
    """What :func:`write_xqf` cannot keep of ``game``, one sentence per kind of loss (:data:`CARRIES`)."""
    return report(game, CARRIES)
