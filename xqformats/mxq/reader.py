"""Read an MXQ file into the game model (docs/spec/mxq.md).

:func:`read_mxq` takes the file's bytes and returns the game and every
finding, each at a byte offset; it never raises on what the bytes hold.  The
layout (``schemas/mxq.ksy``, compiled to :mod:`xqformats.layouts.mxq`) cuts
the file into its three sections of strings and says which string is a move
(:mod:`.strings`: the generated parser, or the fast path held equal to it,
which makes no object per string); this module gives the strings their
meaning:

* the header fields, by their place (:mod:`.header`);
* the moves, sent to the one reader-side builder
  (:class:`~xqformats.builder.GameBuilder`, which checks each with the rules
  engine).  A move that cannot be played (Y104, Y105) and the moves after it
  are kept, by this format's policy (:data:`REST_OF_LINE`), as one comment on
  the last move played (Y106)::

      MXQ moves not read: H9-H7 "9Z-9Y"

  each move in ICCS, a string without the move shape as a JSON string;
* the comment strings, kept after the last move (Y108).

A string's offset is the sum of the sizes (one length byte and the body) of
the strings before it: the layout lists them in file order.  Nothing here
holds one object per string beyond what the game keeps: a file of 100,000
empty strings is read in a few bytes per byte (``tests/test_mxq_strings.py``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Optional, Sequence, cast

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import Diagnostic, DiagnosticSink
from ..model import Game
from . import header as fields
from .moves import fr_move
from .rules import (
    COMMENTS_UNPLACED,
    ILLEGAL_MOVE,
    MOVE_SHAPE,
    MOVES_NOT_READ,
    PLAYERS_FIELD,
    TRAILING_BYTES,
    TRUNCATED,
    UNDECODABLE_TEXT,
)
from .strings import MARKERS as _MARKER_BYTES
from .strings import Item, layout, sections

#: What the comment keeping unplayable moves starts with (docs/spec/mxq.md §4.3).
UNREAD_PREFIX = "MXQ moves not read:"
#: What becomes of the line after a move that cannot be played: kept as a comment (Y106).
REST_OF_LINE = LinePolicy.KEEP
#: The marker that ends each section, for the messages.
MARKERS = tuple(m.decode("ascii") for m in _MARKER_BYTES)


def parse(data: bytes) -> Optional[Any]:
    """The file as the generated parser reads it; ``None`` for an empty file (the sniff's, formats/mxq.py)."""
    return layout(data)


def read_mxq(data: bytes, *, path: Optional[str] = None, strict: bool = False, fast: bool = True) -> tuple[Optional[Game], list[Diagnostic]]:
    """The game in the MXQ file ``data`` and every finding, in file order.

    The game is ``None`` only for an empty file (Y101).  ``strict`` makes the
    deviation rules errors.  ``fast=False`` reads the strings with the
    generated layout instead of the fast path (the same game and findings).
    Never raises on the content of ``data``.
    """
    sink = DiagnosticSink(path=path, strict=strict)
    data = bytes(data)
    if not data:
        sink.report_bytes(TRUNCATED, "The file is empty: an MXQ record starts with its header fields", 0, 0)
        return None, sink.items
    sections_, end = sections(data, fast=fast)
    _check_ends(sections_, end, len(data), sink)
    walk = _Moves(sink)
    builder = walk.builder
    result = _headers(sections_[0], builder, sink)
    for item in _body(sections_[1]):
        if item.is_cut:
            break  # reported (Y101); a part of a move is no move
        walk.move(item)
    builder.visit_result(result)  # ends the movetext, and with it the moves kept
    _comments(_body(sections_[2]), builder, sink)
    builder.end_game()
    game = builder.result()
    game.diagnostics = list(sink.items)
    return game, sink.items


# ---------------------------------------------------------------- sections


def _ended(items: Sequence[Item]) -> bool:
    """Whether a section ends with its marker."""
    return bool(items) and items[-1].is_marker


def _body(items: Sequence[Item]) -> Sequence[Item]:
    """A section's strings without its marker."""
    return items[:-1] if _ended(items) else items


def _check_ends(sections: Sequence[Sequence[Item]], end: int, size: int, sink: DiagnosticSink) -> None:
    """Y101 for a string cut short or a missing marker; Y107 for bytes after the last marker."""
    last = next((s[-1] for s in reversed(sections) if s), None)
    if last is not None and last.is_cut:
        sink.report_bytes(
            TRUNCATED,
            f"The file ends inside a string: its length byte says {last.length} bytes, {len(last.body)} follow",
            last.offset,
            last.size,
        )
        return
    for section, items in enumerate(sections):
        if not _ended(items):
            sink.report_bytes(TRUNCATED, f"The file ends before the marker `{MARKERS[section]}`", size, 0)
            return
    if end < size:
        sink.report_bytes(TRAILING_BYTES, f"{size - end} bytes follow the marker `CommentsEnd`; not read", end, size - end)


def _text(item: Item, what: str, sink: DiagnosticSink) -> str:
    """A string's GBK text (GB 18030, its superset); bad bytes become U+FFFD and are reported (Y102)."""
    raw: bytes = item.body
    try:
        return raw.decode("gb18030")
    except UnicodeDecodeError:
        sink.report_bytes(UNDECODABLE_TEXT, f"{what} is not valid GBK; bad bytes kept as U+FFFD", item.offset + 1, len(raw))
        return raw.decode("gb18030", "replace")


# ---------------------------------------------------------------- header fields


def _headers(items: Sequence[Item], builder: GameBuilder, sink: DiagnosticSink) -> str:
    """Send the header fields to ``builder`` (docs/spec/mxq.md §3); the game's result."""
    result = "*"
    texts = [_text(item, f"Header field {i + 1}", sink) for i, item in enumerate(_body(items))]
    for i, text in enumerate(texts):
        if i == fields.DATE_FIELD:
            day, clock = fields.date(text)
            _put(builder, "Date", day)
            if clock is not None:
                _put(builder, "Time", clock)
        elif i == fields.PLAYERS_FIELD:
            result = _players(text, items[i], builder, sink)
        elif i in fields.FIELDS:
            _put(builder, fields.FIELDS[i], text)
        elif i == fields.TIME_FIELDS[0]:
            _put(builder, "TimeRule", " ".join(texts[j] for j in fields.TIME_FIELDS if j < len(texts)))
        elif i not in fields.TIME_FIELDS:
            _put(builder, fields.extra_name(i), text)
    return result


def _put(builder: GameBuilder, name: str, value: str) -> None:
    if value.strip():
        builder.visit_header(name, value.strip())


def _players(text: str, item: Item, builder: GameBuilder, sink: DiagnosticSink) -> str:
    """The players into ``Red`` and ``Black``, and the result; Y103 and ``Name`` when the field has no such form."""
    found = fields.players(text)
    if found is None:
        if text.strip():
            sink.report_bytes(
                PLAYERS_FIELD,
                f"Header field 3 `{text}` is not `Red-胜|负|和-Black`; kept as the title (`Name`), result unknown",
                item.offset + 1,
                len(item.body),
            )
            _put(builder, "Name", text)
        return "*"
    _put(builder, "Red", found.red)
    _put(builder, "Black", found.black)
    return found.result


def _comments(items: Sequence[Item], builder: GameBuilder, sink: DiagnosticSink) -> None:
    """The comment strings, after the last move, one line each (docs/spec/mxq.md §5.1; Y108)."""
    texts = [_text(item, "Comment", sink) for item in items]
    kept = [t.replace("\r\n", "\n").replace("\r", "\n") for t in texts if t.strip()]
    if not kept:
        return
    sink.report_bytes(
        COMMENTS_UNPLACED,
        f"{len(kept)} comment string(s) kept after the last move: the file does not say which move each is on",
        items[0].offset,
        sum(i.size for i in items),
    )
    builder.visit_comment("\n".join(kept))


# ---------------------------------------------------------------- moves


def _move(item: Item) -> Optional[Move]:
    """The move a string holds (docs/spec/mxq.md §4.1), or ``None``: the layout says which
    strings have the shape, :func:`~xqformats.mxq.moves.fr_move` what they mean."""
    return fr_move(item.body.decode("latin-1")) if item.is_move else None


@lru_cache(maxsize=256)
def _shown(body: bytes) -> str:
    """A string without the move shape as the messages and the kept moves show it: a JSON string.

    Cached: a file repeating one string (100,000 empty ones) then keeps one
    text, not one per string.
    """
    return json.dumps(body.decode("latin-1"), ensure_ascii=False)


class _Moves(ReaderHooks):
    """The move strings, sent to a :class:`GameBuilder`; spells the moves kept and reports Y104–Y106."""

    def __init__(self, sink: DiagnosticSink) -> None:
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.sink = sink

    def move(self, item: Item) -> None:
        move = _move(item)
        if move is not None:
            self.builder.visit_move(move, None, None, item)
            return
        if not self.builder.dead:
            self.sink.report_bytes(MOVE_SHAPE, f"Move string {_shown(item.body)} is not `FR-FR` (file 0–8, rank A–J, two points that differ)", item.offset, item.size)
        self.builder.visit_unreadable(item)

    # ------------------------------------------------------------ the builder's hooks
    def illegal(self, move: Move, why: str, token: Any) -> None:
        """Y105 at the move's string."""
        item = cast(Item, token)
        self.sink.report_bytes(ILLEGAL_MOVE, f"Illegal move `{move.iccs()}`: {why}", item.offset, item.size)

    def kept_item(self, token: Any) -> str:
        """The move in ICCS; a string without the move shape as a JSON string."""
        item = cast(Item, token)
        move = _move(item)
        return move.iccs() if move is not None else _shown(item.body)

    def kept(self, kept: Kept) -> Optional[str]:
        """Y106 at the first move kept; the comment (``UNREAD_PREFIX`` and the items)."""
        where = "before the first move" if kept.ply == 0 else f"on the move at ply {kept.ply}"
        first = cast(Item, kept.first)
        self.sink.report_bytes(
            MOVES_NOT_READ,
            f"Moves from here to the end, {len(kept.items)} in all, are kept as a comment {where}",
            first.offset,
            first.size,
        )
        return " ".join([UNREAD_PREFIX, *kept.items])
