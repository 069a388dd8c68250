"""Read an XQF file into the game model (docs/spec/xqf.md).

:func:`read_xqf` takes the file's bytes and returns the game and every
finding, each at a byte offset; it never raises on what the bytes hold.
The stages follow the file:

* the header, by the parser generated from ``schemas/xqf.ksy`` (keys and
  piece squares come out decoded), lowered to headers, result and start
  position (:data:`~.header.FIELDS`);
* the tree: the key stream taken off and the records scanned
  (:mod:`.stream`), then sent in preorder to the one reader-side builder
  (:class:`~xqformats.builder.GameBuilder`, which checks every move with the
  rules engine) by :class:`_Tree`.

A move that cannot be played (X303 from an empty point, X304 illegal, X305
a point off the board) is reported where its record starts; by this
format's policy (:data:`REST_OF_LINE`) it and the line after it, the
alternatives inside that line included, are kept as one text on the last
move played before it (X306 says so, naming that move), in record order::

    XQF moves not read: e5e6 "comment" h9g7

each move as its two ICCS points (``?`` for one off the board), its comment
as a JSON string.  XQF holds one comment per move, so the texts kept on a
move are joined to its own comment, each on a line of its own, once the
tree is read (one join per move: linear time however many lines die on one
move).  An alternative the root record announces (to the start position
itself) has nothing to be played from: the rest of the tree after the main
line's subtree is kept that way on the root, first among the root's texts.
"""

from __future__ import annotations

import io
import json
from functools import lru_cache
from typing import Any, Optional

from kaitaistruct import KaitaiStream, KaitaiStructError

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..core import BLACK, RED, Move, square
from ..diagnostics import Diagnostic, DiagnosticSink
from ..layouts.xqf import Xqf  # generated; mypy skips layouts
from ..model import Game, Node
from ..position import STARTING_FEN, Position
from . import rules
from .header import FIELDS, GAME_TYPE_HEADER, GAME_TYPES, OFFSETS, PIECE_SLOTS, RESULTS
from .stream import HEADER_SIZE, MoveRecord, piece_squares, plain_body, scan
from .text import decode, decode_comment

#: What the comment keeping unplayable moves starts with (docs/spec/xqf.md §4.4).
UNREAD_PREFIX = "XQF moves not read:"

#: What becomes of a line after a move that cannot be played: kept as a comment (X306).
REST_OF_LINE = LinePolicy.KEEP

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
    tree = _Tree(header, sink)
    builder = tree.builder
    _headers(header, sink, builder)
    result = _result(header, sink)
    start = _start(header, sink)
    records, stop, end = scan(plain_body(data[HEADER_SIZE:], header.stream_bytes), header.version, header.comment_key)
    if stop is not None:
        sink.report_bytes(rules.TREE_TRUNCATED, f"The move tree stops short: {stop.reason}; the records before it are kept", stop.offset)
    elif end < len(data):
        sink.report_bytes(rules.TRAILING_BYTES, f"{len(data) - end} bytes follow the end of the move tree; not read", end, len(data) - end)
    _side_to_move(header, start, records, sink)
    builder.visit_start(start)
    if start.fen() != STARTING_FEN:
        builder.visit_header("FEN", start.fen())
    if records:
        tree.run(records)
    builder.visit_result(result)  # ends the movetext, and with it the last line kept
    builder.end_game()
    tree.place_kept()
    return builder.result()


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


def _headers(header: "Xqf.Header", sink: DiagnosticSink, builder: GameBuilder) -> None:
    """The header's strings (docs/spec/xqf.md §2.2, §2.6) and game type (docs/spec/xqf.md §2.5), as headers."""
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
            builder.visit_header(f.header, text)
    code = header.game_type
    if code in GAME_TYPES:
        if code:
            builder.visit_header(GAME_TYPE_HEADER, GAME_TYPES[code])
    else:
        sink.report_bytes(rules.GAME_TYPE, f"Game type {code} is none of 0–3; kept as `{GAME_TYPE_HEADER}` {code}", OFFSETS["game_type"], 2)
        builder.visit_header(GAME_TYPE_HEADER, str(code))


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
    for slot, stored_square in enumerate(piece_squares(header.piece_bytes, header.square_key, header.rotated)):
        sq = decode_square(stored_square)
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

#: The token of the dead line an alternative to the root record starts: no move of its own, so
#: it keeps no item (and its X306 is reported with the root record, before the tree).
_ROOT_SIBLING = object()


class _Tree(ReaderHooks):
    """Sends the records, in preorder, to a :class:`GameBuilder` (docs/spec/xqf.md §4.1, §4.4).

    A stack holds the ply each announced record is played at (its parent's
    ply): a record is an alternative (:meth:`GameBuilder.back_to`) unless
    it continues the record before it.  The builder checks every move, and
    keeps a move that cannot be played and the line after it (this class
    spells the items and reports X303–X306).  What it keeps on one node is
    joined to that node's own comment at the end, one join per node, so that
    many dead lines on one node cost time linear in their text.
    """

    def __init__(self, header: "Xqf.Header", sink: DiagnosticSink) -> None:
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.sink = sink
        # Stored byte -> square (None off the board), keys and bias taken off: one lookup per point.
        self.from_square = _squares((FROM_BIAS + header.from_key) & 0xFF)
        self.to_square = _squares((TO_BIAS + header.to_key) & 0xFF)
        # The texts kept on each node, by id (nodes are not hashable), in the order the lines died.
        self.kept_on: dict[int, tuple[Node, list[str]]] = {}

    def run(self, records: list[MoveRecord]) -> None:
        """Send the records (the root record first) to the builder."""
        b = self.builder
        stack = self._root(records[0])  # the ply each announced record is played at
        from_square, to_square = self.from_square, self.to_square
        visit_move = b.visit_move
        ply = 0  # of the record read last
        for record in records[1:]:
            at = stack.pop()
            if at != ply:
                at = self._back_to(at)
            _, from_byte, to_byte, has_next, has_sibling, comment, _ = record  # the hot loop: no attribute lookups
            frm = from_square[from_byte]
            to = to_square[to_byte]
            if frm is None or to is None:
                self._off_board(record)
            else:
                node = visit_move(Move(frm, to), None, None, record)
                if node is not None and comment is not None:
                    node.comments.append(self._comment(record))
            if has_sibling:
                stack.append(at)
            if has_next:
                stack.append(at + 1)
            ply = at + 1
        if stack and stack[0] < 0:  # the alternative to the root record never came: kept empty, as announced
            self._back_to(-1)

    def _root(self, first: MoveRecord) -> list[int]:
        """The root record: its comment is the game's; the plies it announces (-1: an alternative to it)."""
        if first.comment is not None:
            self.builder.visit_comment(self._comment(first))
        stack = []
        if first.has_sibling:  # an alternative to the start position itself: nothing to play it from
            self._not_read(first, "the root record announces an alternative to the start position", "the start")
            stack.append(-1)
        if first.has_next:
            stack.append(0)
        return stack

    def _back_to(self, ply: int) -> int:
        """The next record is played at ``ply``; -1 (an alternative to the root record) starts a
        dead line that keeps the rest of the tree, at ply 1 of it.  The ply the record is played at."""
        b = self.builder
        if ply >= 0:
            b.back_to(ply)
            return ply
        b.back_to(0)
        b.visit_unreadable(_ROOT_SIBLING)
        return 1

    def _off_board(self, record: MoveRecord) -> None:
        """X305 (unless the line is dead already), and the line dies."""
        b = self.builder
        if not b.dead:
            self.sink.report_bytes(rules.OFF_BOARD, f"The move `{self._item(record)}` has a point off the board", record.offset, 2)
        b.visit_unreadable(record)

    def place_kept(self) -> None:
        """Join the texts kept on each node to its own comment (once the movetext has ended)."""
        for target, texts in self.kept_on.values():
            # One comment per node, as XQF holds it: joined to the node's own.
            comments = target.comments
            joined = "\n".join(texts)
            if comments:
                comments[-1] += "\n" + joined
            else:
                comments.append(joined)

    # ------------------------------------------------------------ the builder's hooks
    def illegal(self, move: Move, why: str, token: Any) -> None:
        """X303 (from an empty point) or X304 (not legal here), at the record."""
        record: MoveRecord = token
        if self.builder.position.piece_at(move.from_square) is None:
            self.sink.report_bytes(rules.EMPTY_SQUARE, f"The move `{move.uci()}` starts from an empty point", record.offset, 2)
        else:
            self.sink.report_bytes(rules.ILLEGAL_MOVE, f"The move `{move.uci()}` is not legal here: {why}", record.offset, 2)

    def not_read(self, token: Any) -> None:
        """X306 at the record that cannot be played, naming the move it is kept on."""
        if token is _ROOT_SIBLING:  # reported with the root record
            return
        target = self.builder.node.move
        self._not_read(token, "it and the line after it are kept as a comment", "the start" if target is None else f"`{target.uci()}`")

    def kept_item(self, token: Any) -> str:
        """The record's move (:meth:`_item`), then its comment as a JSON string."""
        if token is _ROOT_SIBLING:
            return ""
        record: MoveRecord = token
        item = self._item(record)
        if record.comment is None:
            return item
        return f"{item} {json.dumps(self._comment(record), ensure_ascii=False)}"

    def kept(self, kept: Kept) -> Optional[str]:
        """``XQF moves not read:`` and the items, held for its node (joined at the end of :meth:`run`)."""
        items = kept.items
        if kept.first is _ROOT_SIBLING:
            items = items[1:]
        text = UNREAD_PREFIX + "".join(" " + item for item in items)
        entry = self.kept_on.get(id(kept.target))
        if entry is None:
            self.kept_on[id(kept.target)] = (kept.target, [text])
        elif kept.first is _ROOT_SIBLING:
            entry[1].insert(0, text)  # its X306 came first, before the tree: so does its text
        else:
            entry[1].append(text)
        return None

    # ------------------------------------------------------------ helpers
    def _not_read(self, record: MoveRecord, why: str, where: str) -> None:
        self.sink.report_bytes(rules.MOVES_NOT_READ, f"Moves not read from here: {why} (on {where})", record.offset, 2)

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
