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

So one stack of pending alternatives is the whole state.  Every move is
checked by the rules engine; an illegal move (or one with a point off the
board) is reported and kept, with its subtree, as one comment (B110–B112),
and its own alternatives are read as usual.
"""

from __future__ import annotations

import json
from io import BytesIO
from typing import NamedTuple, Optional

from kaitaistruct import KaitaiStream, KaitaiStructError

from ..core import Move
from ..diagnostics import DiagnosticSink
from ..layouts.cbr import Cbr  # type: ignore[attr-defined]  # generated code is not type-checked
from ..model import Game, Node
from .header import point_move, read_header
from .rules import ILLEGAL_MOVE, MOVE_POINT, MOVES_NOT_READ, SIGNATURE, TRAILING_BYTES, TRUNCATED, UNDECODABLE_TEXT
from .text import decode_comment, nul_unit

__all__ = ["SIGNATURE_BYTES", "HEADER_SIZE", "RecordRead", "read_record", "UNREAD_PREFIX"]

#: What every CBR record starts with (docs/spec/cbr.md §2.1).
SIGNATURE_BYTES = b"CCBridge Record\x00"
#: The header's size; the first record follows it.
HEADER_SIZE = 2214
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
    game = read_header(layout, sink, base)
    intro = layout.intro
    if intro.has_comment:
        text = _comment(intro.comment, sink, base + HEADER_SIZE + 4)
        if text:
            game.root.comments.append(text)
    if intro.is_end:
        return RecordRead(game, io.pos())
    walk = _Walk(game, sink, base)
    end = walk.run(io, len(data))
    return RecordRead(game, end)


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


class _Kept:
    """A move that could not be played and its subtree, kept as one comment on ``target``.

    ``mark`` is the height of the stack of pending alternatives when the
    subtree started: the line that ends at that height ends the subtree.
    ``ply`` is ``target``'s, known from the walk's position (asking the node
    walks to the root: once per kept subtree, that was quadratic, issue 28).
    """

    __slots__ = ("target", "offset", "mark", "ply", "items")

    def __init__(self, target: Node, offset: int, mark: int, ply: int) -> None:
        self.target = target
        self.offset = offset
        self.mark = mark
        self.ply = ply
        self.items: list[str] = []

    def add(self, frm: int, to: int, is_end: bool, comment: str) -> None:
        move = point_move(frm, to)
        item = move.iccs() if move is not None else f"{frm}-{to}"
        if comment:
            item += " " + json.dumps(comment, ensure_ascii=False)
        if is_end:
            item += " /"
        self.items.append(item)


class _Walk:
    """One pass over the move records of a record (see the module docstring).

    State: ``parent`` (the node the next move follows) and ``pos`` (the
    position after it, its stack depth the node's ply); ``stack`` the pending
    alternatives, each ``(node, depth)`` to return to; ``kept`` the subtree
    being kept as text, when one is.
    """

    __slots__ = ("game", "sink", "base", "parent", "pos", "stack", "kept")

    def __init__(self, game: Game, sink: DiagnosticSink, base: int) -> None:
        self.game = game
        self.sink = sink
        self.base = base
        self.parent: Node = game.root
        self.pos = game.start.copy()
        self.stack: list[tuple[Optional[Node], int]] = []
        self.kept: Optional[_Kept] = None

    def run(self, io: KaitaiStream, size: int) -> Optional[int]:
        """Read records from ``io`` until the tree ends; the offset after it, or ``None`` at EOF."""
        while True:
            at = io.pos()
            try:
                rec = Cbr.MoveRecord(io, None, None)
            except EOFError:
                self._close()
                self.sink.report_bytes(TRUNCATED, f"The record ends inside a move record or its comment: {size} bytes", self.base + size, 0)
                return None
            if self._step(rec, at):
                return io.pos()

    def _step(self, rec: Cbr.MoveRecord, at: int) -> bool:
        """Place one record; ``True`` when it completes the tree."""
        if self.kept is None:
            self._play(rec, at)
        else:
            self.kept.add(rec.from_point, rec.to_point, rec.is_end, self._text(rec, at))
            if rec.has_alternative:
                self.stack.append((None, 0))
        if not rec.is_end:
            return False
        if self.kept is not None:
            if len(self.stack) > self.kept.mark:
                self.stack.pop()  # a line inside the kept subtree ends
                return False
            self._close()
        if not self.stack:
            return True
        node, depth = self.stack.pop()
        assert node is not None
        self.parent = node
        self.pos.pop_to(depth)
        return False

    def _text(self, rec: Cbr.MoveRecord, at: int) -> str:
        return _comment(rec.comment, self.sink, self.base + at + 4) if rec.has_comment else ""

    def _play(self, rec: Cbr.MoveRecord, at: int) -> None:
        parent, pos = self.parent, self.pos
        move = point_move(rec.from_point, rec.to_point)
        if move is None or not pos.is_legal(move):
            self._reject(rec, move, at)
            return
        text = self._text(rec, at)
        node = parent.add_variation(move, comments=[text] if text else None)
        if rec.has_alternative:
            self.stack.append((parent, pos.stack_depth))
        pos.push(move)
        self.parent = node

    def _reject(self, rec: Cbr.MoveRecord, move: Optional[Move], at: int) -> None:
        """Report the move that cannot be played; keep it and its subtree (B110–B112)."""
        where = self.base + at
        if move is None:
            self.sink.report_bytes(MOVE_POINT, f"Move record from point {rec.from_point} to point {rec.to_point}: points are 0–89 and differ", where + 2, 2)
        else:
            self.sink.report_bytes(ILLEGAL_MOVE, f"Illegal move `{move.iccs()}`: {self.pos.why_illegal(move)}", where, 4)
        if rec.has_alternative:
            self.stack.append((self.parent, self.pos.stack_depth))
        self.kept = _Kept(self.parent, where, len(self.stack), self.pos.stack_depth)
        self.kept.add(rec.from_point, rec.to_point, rec.is_end, self._text(rec, at))

    def _close(self) -> None:
        """Put the kept subtree on its node as a comment, and report it (B112)."""
        kept, self.kept = self.kept, None
        if kept is None:
            return
        kept.target.comments.append(" ".join([UNREAD_PREFIX, *kept.items]))
        n = len(kept.items)
        ply = kept.ply
        where = "before the first move" if ply == 0 else f"on the move at ply {ply}"
        self.sink.report_bytes(MOVES_NOT_READ, f"Moves from here to the end of the line, {n} in all, are kept as a comment {where}", kept.offset, 4)
