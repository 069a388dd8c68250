"""Reading one CBR record: header, the game's comment, the move tree (docs/spec/cbr.md §2–§4).

The layout (``schemas/cbr.ksy``, compiled to :mod:`xqformats.layouts.cbr`)
reads the header and each move record; this module walks the records, because
where the tree ends depends on every record before (docs/spec/cbr.md §4.2):

* the records list the tree in preorder: a move continues the line of the
  move before it, unless that one ended its line (flag 1);
* a move with flag 2 has an alternative: after the move's own subtree, the
  next record is another move from the same position;
* a line's end (flag 1) goes back to the latest move with a pending
  alternative; with none pending, the tree is complete.

So one stack of pending alternatives (the ply each returns to) is the whole
state.  The moves go to the one reader-side builder
(:class:`~xqformats.builder.GameBuilder`, pre-order style: an alternative is
``back_to`` its parent's ply), which checks each move and owns the policy:
this format keeps what it cannot play (:data:`REST_OF_LINE`).  An illegal
move (B111) or one with a point off the board (B110) is reported, and it
and its subtree, alternatives inside it included, become one comment on
the last move played before it (the root's comments when there is none),
reported once (B112) at the move's record::

    CBR moves not read: H8-H9 C8-C9 "红胜" / H9-H8 /

each record in file order: its move in ICCS (the two point numbers, as
``95-12``, when one is off the board), its comment as a JSON string, and
``/`` after a record that ends a line.  The rejected move's own
alternatives are read as usual.  Time is linear in the records (the
builder knows each kept comment's ply: no walk to the root).
"""

from __future__ import annotations

import json
from io import BytesIO
from typing import Any, NamedTuple, Optional, cast

from kaitaistruct import KaitaiStream, KaitaiStructError

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import DiagnosticSink
from ..layouts.cbr import Cbr  # generated code is not type-checked
from ..model import Game
from .header import point_move, read_header
from .rules import ILLEGAL_MOVE, MOVE_POINT, MOVES_NOT_READ, SIGNATURE, TRAILING_BYTES, TRUNCATED, UNDECODABLE_TEXT
from .text import decode_comment, nul_unit

#: What every CBR record starts with (docs/spec/cbr.md §2.1).
SIGNATURE_BYTES = b"CCBridge Record\x00"
#: The header's size; the first record follows it.
HEADER_SIZE = 2214
#: What becomes of a line after a move that cannot be played: kept, with its subtree, as a comment (B112).
REST_OF_LINE = LinePolicy.KEEP
#: What the comment holding moves not read starts with (``docs/cbr.md`` § Moves not read).
UNREAD_PREFIX = "CBR moves not read:"


class RecordRead(NamedTuple):
    """What :func:`read_record` made of one record: the game (``None`` when no header could be
    read) and the offset just after the move tree (``None`` when the data ran out)."""

    game: Optional[Game]
    end: Optional[int]


def read_record(data: bytes, sink: DiagnosticSink, *, base: int = 0) -> RecordRead:
    """Read the CBR record that is ``data``; never raises on its content.

    ``base`` is where ``data`` starts in the file (a record of a library), so
    that every diagnostic carries the file's byte offset.  Trailing bytes are
    the caller's to judge: it knows where the record should end.
    """
    io = KaitaiStream(BytesIO(data))
    try:
        layout = Cbr(io)
    # kaitaistruct's EndOfStreamError is an EOFError and a KaitaiStructError: the data ran
    # out, which is a cut-short record when what there is begins as one.
    except EOFError if SIGNATURE_BYTES.startswith(data[:16]) else ():
        what = "header" if len(data) < HEADER_SIZE + 4 else "game's comment"
        sink.report_bytes(TRUNCATED, f"The record ends inside its {what}: {len(data)} bytes", base + len(data), 0)
        return RecordRead(None, None)
    except KaitaiStructError:
        sink.report_bytes(SIGNATURE, f"Not a CBR record: it does not start with `CCBridge Record` (found {data[:16]!r})", base, 16)
        return RecordRead(None, None)
    walk = _Walk(sink, base)
    builder = walk.builder
    result = read_header(layout, sink, base, builder)
    intro = layout.intro
    if intro.has_comment:
        text = _comment(intro.comment, sink, base + HEADER_SIZE + 4)
        if text:
            builder.visit_comment(text)
    end = io.pos() if intro.is_end else walk.run(io)
    builder.visit_result(result)  # ends the movetext, and with it the last subtree kept
    if end is None:
        sink.report_bytes(TRUNCATED, f"The record ends inside a move record or its comment: {len(data)} bytes", base + len(data), 0)
    builder.end_game()
    return RecordRead(builder.result(), end)


def _comment(layout: object, sink: DiagnosticSink, offset: int) -> str:
    """The text of a comment record (its u32 length at ``offset``); ``""`` for none."""
    raw: bytes = getattr(layout, "text")
    text = decode_comment(raw)
    if not text.clean:
        sink.report_bytes(UNDECODABLE_TEXT, "Comment is not valid UTF-16LE; bad code units kept as U+FFFD", offset + 4, len(raw))
    if text.terminated:
        cut = nul_unit(raw)
        rest = raw[cut + 2:]
        if rest.strip(b"\x00"):
            sink.report_bytes(TRAILING_BYTES, f"Comment has {len(rest)} bytes after its NUL code unit; not read", offset + 6 + cut, len(rest))
    return text.value


class _Walk(ReaderHooks):
    """One pass over the move records of a record, sent to a :class:`GameBuilder` (see the module docstring).

    State: ``stack``, the pending alternatives, each the ply to return to
    (:meth:`GameBuilder.back_to`).  The builder checks each move and keeps a
    move that cannot be played with its subtree; this class spells the items
    and reports B110–B112.  A move's token is ``(record, offset)``.
    """

    def __init__(self, sink: DiagnosticSink, base: int) -> None:
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.sink = sink
        self.base = base

    def run(self, io: KaitaiStream) -> Optional[int]:
        """Read records from ``io`` until the tree ends; the offset after it, or ``None`` at EOF."""
        b = self.builder
        stack: list[int] = []
        ply = 0  # before the record
        while True:
            at = io.pos()
            try:
                rec = Cbr.MoveRecord(io, None, None)
            except EOFError:
                return None
            move = point_move(rec.from_point, rec.to_point)
            if move is None:
                self._no_move(rec, at)
            else:
                node = b.visit_move(move, None, None, (rec, at))
                if node is not None and rec.has_comment:
                    text = self._text(rec, at)
                    if text:
                        node.comments.append(text)
            if rec.has_alternative:
                stack.append(ply)
            ply += 1
            if rec.is_end:
                if not stack:
                    return int(io.pos())
                ply = stack.pop()
                b.back_to(ply)

    def _no_move(self, rec: Cbr.MoveRecord, at: int) -> None:
        """B110 (unless the line is dead already), and the line dies."""
        b = self.builder
        if not b.dead:
            self.sink.report_bytes(MOVE_POINT, f"Move record from point {rec.from_point} to point {rec.to_point}: points are 0–89 and differ", self.base + at + 2, 2)
        b.visit_unreadable((rec, at))

    # ------------------------------------------------------------ the builder's hooks
    def illegal(self, move: Move, why: str, token: Any) -> None:
        """B111 at the record."""
        self.sink.report_bytes(ILLEGAL_MOVE, f"Illegal move `{move.iccs()}`: {why}", self.base + token[1], 4)

    def kept_item(self, token: Any) -> str:
        """The move in ICCS (the two points when one is off the board), its comment as a JSON string,
        and ``/`` when the record ends its line."""
        rec, at = token
        frm, to = rec.from_point, rec.to_point
        move = point_move(frm, to)
        item = move.iccs() if move is not None else f"{frm}-{to}"
        comment = self._text(rec, at)
        if comment:
            item += " " + json.dumps(comment, ensure_ascii=False)
        if rec.is_end:
            item += " /"
        return item

    def kept(self, kept: Kept) -> Optional[str]:
        """B112 at the first record kept; the comment (``UNREAD_PREFIX`` and the items)."""
        where = "before the first move" if kept.ply == 0 else f"on the move at ply {kept.ply}"
        _, at = cast(tuple[Any, int], kept.first)
        self.sink.report_bytes(
            MOVES_NOT_READ,
            f"Moves from here to the end of the line, {len(kept.items)} in all, are kept as a comment {where}",
            self.base + at,
            4,
        )
        return " ".join([UNREAD_PREFIX, *kept.items])

    def _text(self, rec: Cbr.MoveRecord, at: int) -> str:
        return _comment(rec.comment, self.sink, self.base + at + 4) if rec.has_comment else ""
