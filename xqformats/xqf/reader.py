"""Read an XQF file into the game model (docs/spec/xqf.md).

:func:`read_xqf` takes the file's bytes and returns the game and every
finding, each at a byte offset; it never raises on what the bytes hold.
The stages follow the file:

* the header, by the parser generated from ``schemas/xqf.ksy`` (keys and
  piece squares come out decoded), lowered to headers, result and start
  position (:data:`~.header.FIELDS`);
* the tree: the key stream taken off and the records scanned
  (:mod:`.stream`), then replayed from the start position with the rules
  engine checking every move (:class:`_Tree`).  A move that cannot be played
  is reported where its record starts, and it and the line after it are kept
  as one comment (X306), as the CBF reader does.
"""

from __future__ import annotations

import io
import json
from functools import lru_cache
from typing import Optional

from kaitaistruct import KaitaiStream, KaitaiStructError

from ..core import BLACK, RED, Move, square
from ..diagnostics import Diagnostic, DiagnosticSink
from ..layouts.xqf import Xqf  # type: ignore[attr-defined]  # generated; mypy skips layouts
from ..model import Game, Headers, Node
from ..position import STARTING_FEN, Position
from . import rules
from .header import FIELDS, GAME_TYPE_HEADER, GAME_TYPES, OFFSETS, PIECE_SLOTS, RESULTS
from .stream import HEADER_SIZE, MoveRecord, plain_body, scan
from .text import decode, decode_comment

__all__ = ["read_xqf", "read_header", "UNREAD_PREFIX", "decode_square"]

#: What the comment keeping unplayable moves starts with (docs/spec/xqf.md §4.4).
UNREAD_PREFIX = "XQF moves not read:"

#: Added to a move's from- and to-point before the keys (docs/spec/xqf.md §4.2).
FROM_BIAS, TO_BIAS = 0x18, 0x20


def read_xqf(data: bytes, *, path: Optional[str] = None, strict: bool = False) -> tuple[Optional[Game], list[Diagnostic]]:
    """The game in the XQF file ``data`` and every finding, in file order.

    The game is ``None`` only when the bytes are no XQF file at all (X101,
    X102); otherwise whatever could be read is returned.  ``strict`` makes
    the deviation rules errors.  Never raises on the content of ``data``.
    """
    sink = DiagnosticSink(path=path, strict=strict)
    game = _read(bytes(data), sink)
    return game, sink.items


def read_header(data: bytes) -> Optional["Xqf.Header"]:
    """The header as the generated parser reads it, or ``None`` when ``data`` has none."""
    if len(data) < HEADER_SIZE or data[:2] != b"XQ":
        return None
    try:
        return Xqf.Header(KaitaiStream(io.BytesIO(data[:HEADER_SIZE])))
    except (EOFError, KaitaiStructError):
        return None


def _read(data: bytes, sink: DiagnosticSink) -> Optional[Game]:
    if data[:2] != b"XQ":
        sink.report_bytes(rules.SIGNATURE, f"The file starts with {data[:2]!r}, not `XQ`: it is no XQF file", 0, 2)
        return None
    header = read_header(data)
    if header is None:
        sink.report_bytes(rules.SHORT_HEADER, f"The file has {len(data)} bytes; an XQF header alone has {HEADER_SIZE}", 0, len(data))
        return None
    _check_file(header, sink)
    game = Game(_headers(header, sink), result=_result(header, sink))
    start = _start(header, sink)
    records, stop, end = scan(plain_body(data[HEADER_SIZE:], header.stream_bytes), header.version, header.comment_key)
    if stop is not None:
        sink.report_bytes(rules.TREE_TRUNCATED, f"The move tree stops short: {stop.reason}; the records before it are kept", stop.offset)
    elif end < len(data):
        sink.report_bytes(rules.TRAILING_BYTES, f"{len(data) - end} bytes follow the end of the move tree; not read", end, len(data) - end)
    _side_to_move(header, start, records, sink)
    game.start = start
    if start.fen() != STARTING_FEN:
        game.headers["FEN"] = start.fen()
    if records:
        _Tree(game, header, sink).run(records)
    return game


# ---------------------------------------------------------------- the header


def _check_file(header: "Xqf.Header", sink: DiagnosticSink) -> None:
    """Version (docs/spec/xqf.md §2.3) and key checksum (docs/spec/xqf.md §3.1)."""
    if not 10 <= header.version <= 18:
        as_what = "10 (no keys)" if header.version < 10 else "18"
        sink.report_bytes(rules.VERSION, f"Unknown XQF version {header.version}; read as version {as_what}", OFFSETS["version"], 1)
    if header.encrypted and header.keys_checksum != 0:
        sink.report_bytes(
            rules.KEY_CHECKSUM,
            f"The keys sum to {header.keys_checksum} modulo 256, not 0 (XQStudio refuses the file); read with them anyway",
            OFFSETS["keys"],
            4,
        )


def _headers(header: "Xqf.Header", sink: DiagnosticSink) -> Headers:
    """The header's strings (docs/spec/xqf.md §2.2, §2.6) and game type (docs/spec/xqf.md §2.5)."""
    headers = Headers()
    for f in FIELDS:
        string = getattr(header, f.attr)
        if string.length > f.capacity:
            sink.report_bytes(
                rules.STRING_LENGTH,
                f"`{f.header}` says {string.length} bytes but its field holds {f.capacity}; the field's bytes are kept",
                f.offset,
                1,
            )
        text, replaced, half = decode(string.text, cut_half=True)
        where = f.offset + 1
        if half:
            sink.report_bytes(rules.HALF_CHARACTER, f"`{f.header}` ends in half a GBK character; it is dropped", where + len(string.text) - 1, 1)
        if replaced:
            sink.report_bytes(rules.STRING_BYTES, f"`{f.header}` has {replaced} undecodable byte(s), kept as U+FFFD", where, len(string.text))
        if text:
            headers[f.header] = text
    code = header.game_type
    if code in GAME_TYPES:
        if code:
            headers[GAME_TYPE_HEADER] = GAME_TYPES[code]
    else:
        sink.report_bytes(rules.GAME_TYPE, f"Game type {code} is none of 0–3; kept as `{GAME_TYPE_HEADER}` {code}", OFFSETS["game_type"], 2)
        headers[GAME_TYPE_HEADER] = str(code)
    return headers


def _result(header: "Xqf.Header", sink: DiagnosticSink) -> str:
    code = header.play_result
    if code in RESULTS:
        return RESULTS[code]
    sink.report_bytes(rules.RESULT_CODE, f"Result code {code} is none of 0–3; read as unknown (`*`)", OFFSETS["play_result"], 1)
    return "*"


# ---------------------------------------------------------------- the start position


def decode_square(value: int) -> Optional[int]:
    """The model's square for an XQF point ``x·10 + y``, or ``None`` off the board (docs/spec/xqf.md §3.4)."""
    if value > 89:
        return None
    return square(value // 10, value % 10)


@lru_cache(maxsize=256)
def _squares(key: int) -> tuple[Optional[int], ...]:
    """Stored byte -> square for a move byte stored plus ``key`` (bias and key together, mod 256)."""
    return tuple(decode_square((b - key) & 0xFF) for b in range(256))


def _start(header: "Xqf.Header", sink: DiagnosticSink) -> Position:
    """The stored start position: the truth, whatever the game type says (docs/spec/xqf.md §3.4)."""
    pos = Position.empty()
    for slot, piece in enumerate(header.pieces):
        sq = decode_square(piece.square)
        if sq is None:
            continue
        stored = (slot + 31 - header.square_key) % 32 if header.rotated else slot
        other = pos.piece_at(sq)
        if other is not None:
            sink.report_bytes(
                rules.DOUBLED_SQUARE,
                f"Slot {slot + 1} puts `{PIECE_SLOTS[slot]}` on {Move(sq, sq).uci()[:2]}, where `{other}` stands; not placed",
                OFFSETS["pieces"] + stored,
                1,
            )
            continue
        pos.set_piece(sq, PIECE_SLOTS[slot])
    missing = [name for color, name in ((RED, "Red"), (BLACK, "Black")) if pos.king(color) is None]
    if missing:
        sink.report_bytes(rules.KING_COUNT, f"The start position has no {' and no '.join(missing)} king", OFFSETS["pieces"], 32)
    return pos


def _side_to_move(header: "Xqf.Header", start: Position, records: list[MoveRecord], sink: DiagnosticSink) -> None:
    """The first move's piece decides who moves first; ``WhoPlay`` when there is none (docs/spec/xqf.md §2.4)."""
    who = header.who_play
    mover = None
    if len(records) > 1 and records[0].has_next:
        frm = decode_square((records[1].from_byte - FROM_BIAS - header.from_key) & 0xFF)
        piece = start.piece_at(frm) if frm is not None else None
        mover = None if piece is None else piece < "a"
    if mover is None:
        start.turn = who != 1
        if who not in (0, 1):
            sink.report_bytes(rules.WHO_PLAY, f"`WhoPlay` is {who}, neither 0 (Red) nor 1 (Black); Red moves first", OFFSETS["who_play"], 1)
        return
    start.turn = mover
    if who != (0 if mover else 1):
        side = "Red" if mover else "Black"
        sink.report_bytes(rules.WHO_PLAY, f"`WhoPlay` is {who} but the first move is {side}'s; {side} moves first", OFFSETS["who_play"], 1)


# ---------------------------------------------------------------- the tree


class _Unread:
    """A move that could not be played and the line after it, kept as one comment on ``target``."""

    __slots__ = ("target", "items")

    def __init__(self, target: Node) -> None:
        self.target = target
        self.items: list[str] = []

    def add(self, item: str, comment: Optional[str]) -> None:
        self.items.append(item if comment is None else f"{item} {json.dumps(comment, ensure_ascii=False)}")

    def text(self) -> str:
        return UNREAD_PREFIX + "".join(" " + item for item in self.items)


class _Tree:
    """Replays the records in preorder, building the move tree (docs/spec/xqf.md §4.1, §4.4).

    One :class:`Position` is moved along: the records come in preorder, so
    the path to the current record is always a prefix of what was pushed,
    and :meth:`Position.pop_to` returns to a record's parent.  A stack holds
    the context of each announced record: the node it hangs from, the depth
    of that node, and the comment collecting a dead line (``None`` if alive).
    """

    def __init__(self, game: Game, header: "Xqf.Header", sink: DiagnosticSink) -> None:
        self.game = game
        self.pos = game.start.copy()
        self.sink = sink
        self.from_key = FROM_BIAS + header.from_key
        self.to_key = TO_BIAS + header.to_key
        # Stored byte -> square (None off the board), keys and bias taken off: one lookup per point.
        self.from_square = _squares(self.from_key & 0xFF)
        self.to_square = _squares(self.to_key & 0xFF)
        self.unread: list[_Unread] = []

    def run(self, records: list[MoveRecord]) -> None:
        root = self.game.root
        first = records[0]
        if first.comment is not None:
            root.comments.append(self._comment(first))
        stack: list[tuple[Node, int, Optional[_Unread]]] = []
        if first.has_sibling:  # an alternative to the start position itself: nothing to play it from
            stack.append((root, 0, self._dead(root, first, "the root record announces an alternative to the start position")))
        if first.has_next:
            stack.append((root, 0, None))
        for record in records[1:]:
            parent, depth, dead = stack.pop()
            if dead is not None:
                dead.add(self._item(record), self._comment(record) if record.comment is not None else None)
                child: tuple[Node, int, Optional[_Unread]] = (parent, depth, dead)
            else:
                child = self._play(record, parent, depth)
            if record.has_sibling:
                stack.append((parent, depth, dead))
            if record.has_next:
                stack.append(child)
        # One comment per node, as XQF holds it: each node's kept lines joined to its own comment, once
        # (adding them one at a time copied the growing comment each time: quadratic, issue 28).
        parts: dict[int, tuple[Node, list[str]]] = {}
        for kept in self.unread:
            parts.setdefault(id(kept.target), (kept.target, kept.target.comments[-1:]))[1].append(kept.text())
        for node, texts in parts.values():
            node.comments[-1:] = ["\n".join(texts)]

    def _play(self, record: MoveRecord, parent: Node, depth: int) -> tuple[Node, int, Optional[_Unread]]:
        """Play ``record`` after ``parent``; the context of its next move."""
        pos = self.pos
        pos.pop_to(depth)
        _, from_byte, to_byte, _, _, comment, _ = record  # the hot loop: no attribute lookups
        frm = self.from_square[from_byte]
        to = self.to_square[to_byte]
        if frm is None or to is None or not pos.can_move(frm, to):
            dead = self._reject(record, parent, frm, to)
            dead.add(self._item(record), self._comment(record) if comment is not None else None)
            return parent, depth, dead
        move = Move(frm, to)
        node = Node(move, parent)  # Node.add_variation's work, without its keywords
        parent.children.append(node)
        if comment is not None:
            node.comments.append(self._comment(record))
        pos.push(move)
        return node, depth + 1, None

    def _reject(self, record: MoveRecord, parent: Node, frm: Optional[int], to: Optional[int]) -> _Unread:
        """Report why ``record`` cannot be played; the collector of its line."""
        pos, sink = self.pos, self.sink
        if frm is None or to is None:
            sink.report_bytes(rules.OFF_BOARD, f"The move `{self._item(record)}` has a point off the board", record.offset, 2)
        elif pos.piece_at(frm) is None:
            sink.report_bytes(rules.EMPTY_SQUARE, f"The move `{Move(frm, to).uci()}` starts from an empty point", record.offset, 2)
        else:
            sink.report_bytes(rules.ILLEGAL_MOVE, f"The move `{Move(frm, to).uci()}` is not legal here: {pos.why_illegal(Move(frm, to))}", record.offset, 2)
        return self._dead(parent, record, "it and the line after it are kept as a comment")

    def _dead(self, target: Node, record: MoveRecord, why: str) -> _Unread:
        dead = _Unread(target)
        self.unread.append(dead)
        where = "the start" if target.move is None else f"`{target.move.uci()}`"
        self.sink.report_bytes(rules.MOVES_NOT_READ, f"Moves not read from here: {why} (on {where})", record.offset, 2)
        return dead

    def _item(self, record: MoveRecord) -> str:
        """The record's move as ICCS points, ``?`` for a point off the board."""
        out = ""
        for sq in (self.from_square[record.from_byte], self.to_square[record.to_byte]):
            out += "?" if sq is None else Move(sq, sq).uci()[:2]
        return out

    def _comment(self, record: MoveRecord) -> str:
        assert record.comment is not None
        text, replaced, _ = decode_comment(record.comment)
        if replaced:
            self.sink.report_bytes(
                rules.COMMENT_BYTES,
                f"A comment has {replaced} undecodable byte(s), kept as U+FFFD",
                record.comment_offset,
                len(record.comment),
            )
        return text
