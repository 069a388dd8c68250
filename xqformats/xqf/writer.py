"""Write a game as an XQF file of version 10 (XQF 1.0), and say what it cannot keep.

Why version 10 (docs/spec/xqf.md §5.1): it is the one version with a
published layout, it has no keys (so the output is the same bytes for the
same game, and a reader needs no key arithmetic), and every XQF reader
reads it (XQStudio reads every version up to its own; cchess and vschess
read it).  It holds all that later versions hold: variations, comments,
the side to move (``WhoPlay``) and every header string.

The header's strings go where :data:`~.header.FIELDS` says; the tree is
written in preorder (a node, its first continuation, then its next
alternative), 8 bytes per record plus the comment (docs/spec/xqf.md §4.2).
"""

from __future__ import annotations

import struct
from typing import Optional

from ..core import Square, square_file, square_rank
from ..model import Game, Node
from ..position import STARTING_FEN
from .header import FIELDS, GAME_TYPE_CODES, GAME_TYPE_HEADER, OFFSETS, PIECE_SLOTS, RESULT_CODES
from .stream import HEADER_SIZE
from .text import ENCODING, encode_comment

__all__ = ["VERSION_WRITTEN", "write_xqf", "unwritten"]

#: The version written (docs/spec/xqf.md §5.1).
VERSION_WRITTEN = 10

#: Flags of a version-10 record (docs/spec/xqf.md §4.2): a next move follows, an alternative follows.
NEXT, SIBLING = 0xF0, 0x0F
#: Headers written from the game itself or describing another format.
_NOT_HEADERS = frozenset({"FEN", "Result", "Game", "Format"})
_RECORD = struct.Struct("<BBBBI")


def write_xqf(game: Game) -> bytes:
    """The bytes of a version-10 XQF file holding ``game``.

    Never raises on the game's content; what does not fit is named by
    :func:`unwritten`.  O(number of nodes + comment bytes).
    """
    out = bytearray(_header(game))
    _tree(game, out)
    return bytes(out)


def _point(sq: Square) -> int:
    """XQF's point ``x·10 + y`` of a model square (docs/spec/xqf.md §3.4)."""
    return square_file(sq) * 10 + square_rank(sq)


def _slots(game: Game) -> tuple[bytes, list[Square]]:
    """The 32 slot bytes of the start position, and the squares of pieces with no free slot."""
    slots = [0xFF] * 32
    homeless: list[Square] = []
    board = game.start.board
    for sq, piece in enumerate(board):
        if piece is None:
            continue
        free = [i for i, p in enumerate(PIECE_SLOTS) if p == piece and slots[i] == 0xFF]
        if free:
            slots[free[0]] = _point(sq)
        else:
            homeless.append(sq)
    return bytes(slots), homeless


def _fit(text: str, capacity: int) -> bytes:
    """``text`` encoded, cut at the last whole character that fits ``capacity`` bytes."""
    raw = text.encode(ENCODING)
    while len(raw) > capacity:
        text = text[:-1]
        raw = text.encode(ENCODING)
    return raw


def _header(game: Game) -> bytes:
    head = bytearray(HEADER_SIZE)
    head[0:3] = b"XQ" + bytes([VERSION_WRITTEN])
    slots, _ = _slots(game)
    head[OFFSETS["pieces"]:OFFSETS["pieces"] + 32] = slots
    head[OFFSETS["who_play"]] = 0 if game.start.turn else 1
    head[OFFSETS["play_result"]] = RESULT_CODES.get(game.result, 0)
    head[OFFSETS["game_type"]] = GAME_TYPE_CODES.get(game.headers.get(GAME_TYPE_HEADER, ""), 0)
    for f in FIELDS:
        value = game.headers.get(f.header)
        if value:
            raw = _fit(value, f.capacity)
            head[f.offset] = len(raw)
            head[f.offset + 1:f.offset + 1 + len(raw)] = raw
    return bytes(head)


def _comment(node: Node) -> Optional[bytes]:
    """The node's comments as one XQF comment (``None`` when it has none)."""
    texts = node.comments_before + node.comments
    return encode_comment("\n".join(texts)) if texts else None


def _tree(game: Game, out: bytearray) -> None:
    """Append the records: the root, then every node in preorder (docs/spec/xqf.md §4.1)."""
    # A stack of (node, index among its parent's children); the root has no siblings.
    stack: list[tuple[Node, int]] = [(game.root, 0)]
    while stack:
        node, index = stack.pop()
        siblings = node.parent.children if node.parent is not None else [node]
        has_sibling = index + 1 < len(siblings)
        flags = (NEXT if node.children else 0) | (SIBLING if has_sibling else 0)
        if node.move is None:
            frm, to, reserved = 0x18, 0x20, 0xFF  # the root record of XQF 1.0
        else:
            frm, to, reserved = _point(node.move.from_square) + 0x18, _point(node.move.to_square) + 0x20, 0
        comment = _comment(node)
        out += _RECORD.pack(frm, to, flags, reserved, len(comment) if comment else 0)
        if comment:
            out += comment
        if has_sibling:
            stack.append((siblings[index + 1], index + 1))
        if node.children:
            stack.append((node.children[0], 0))


# ---------------------------------------------------------------- losses


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _header_losses(game: Game) -> list[str]:
    fields = {f.header: f.capacity for f in FIELDS}
    out = []
    lost = [h for h in game.headers if h not in fields and h not in _NOT_HEADERS and h != GAME_TYPE_HEADER]
    if game.headers.get("Result", game.result) != game.result:
        lost.append("Result")
    if lost:
        out.append(f"tag(s) {', '.join(f'`{h}`' for h in lost)} have no field in XQF; not written")
    empty = [h for h, v in game.headers.items() if not v and h in fields]
    if empty:
        out.append(f"empty tag(s) {', '.join(f'`{h}`' for h in empty)} not kept (an empty field reads as no tag)")
    cut = [h for h, cap in fields.items() if len(game.headers.get(h, "").encode(ENCODING)) > cap]
    if cut:
        out.append(f"tag(s) {', '.join(f'`{h}`' for h in cut)} cut at their field's size (15 or 63 GBK bytes)")
    kind = game.headers.get(GAME_TYPE_HEADER)
    if kind is not None and GAME_TYPE_CODES.get(kind, 0) == 0:
        out.append(f"`{GAME_TYPE_HEADER}` `{kind}` is not a type XQF stores other than its default (全局); not kept")
    return out


def _start_losses(game: Game) -> list[str]:
    out = []
    start = game.start
    if start.fullmove_number != 1 or start.halfmove_clock != 0:
        out.append(f"the start position's move number and halfmove clock ({start.fen().split()[-2:]}) have no place; read back as 0 1")
    _, homeless = _slots(game)
    if homeless:
        out.append(f"{_plural(len(homeless), 'piece')} of the start position beyond XQF's 16 slots per side; not written")
    if start.fen() != STARTING_FEN and game.headers.get("FEN", start.fen()) != start.fen():
        out.append("the `FEN` tag is not written; the start position is (and reads back as its normalised FEN)")
    return out


def _tree_losses(game: Game) -> list[str]:
    out = []
    nodes = list(game.root.walk())
    nags = sum(len(n.nags) for n in nodes)
    if nags:
        out.append(f"{_plural(nags, 'NAG')} ($1, $2, …) cannot be written in XQF; not written")
    joined = sum(1 for n in nodes if len(n.comments_before) + len(n.comments) > 1)
    if joined:
        out.append(f"several comments of {_plural(joined, 'move')} joined into one by line breaks (an XQF move holds one comment)")
    moved = sum(1 for n in nodes if n.comments_before and n.move is not None)
    if moved:
        out.append(f"{_plural(moved, 'comment')} before a move written after it (XQF has no comment before a move)")
    returns = sum(1 for n in nodes for c in n.comments_before + n.comments if "\r" in c)
    if returns:
        out.append(f"carriage returns in {_plural(returns, 'comment')} read back as line breaks")
    return out


def unwritten(game: Game) -> list[str]:
    """What :func:`write_xqf` cannot keep of ``game``, one sentence per kind of loss."""
    return _header_losses(game) + _start_losses(game) + _tree_losses(game)
