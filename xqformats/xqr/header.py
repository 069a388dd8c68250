"""The header items of an XQR file: what each type means (docs/spec/xqr.md §2).

The layout (``schemas/xqr.ksy``) cuts the items and names their types
(``Xqr.TlvType``); this module gives them their meaning: the text items as
headers, ``version``, ``result`` and ``fen``, and where the move tree starts.
It also holds the tables the writer uses, so that the reader and the writer
cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ..diagnostics import DiagnosticSink, Severity
from ..fen import parse_fen
from ..layouts.xqr import Xqr
from ..position import Position
from . import rules

T = Xqr.TlvType

#: The text items and their headers, in type order (docs/spec/xqr.md §2.2).
TEXTS: dict[int, str] = {T.event: "Event", T.site: "Site", T.date: "Date", T.red: "Red", T.black: "Black"}
#: Result byte -> result (docs/spec/xqr.md §2.5).
RESULTS: dict[int, str] = {0: "*", 1: "1-0", 2: "0-1", 3: "1/2-1/2"}
#: Result -> the byte written.
RESULT_CODES: dict[str, int] = {v: k for k, v in RESULTS.items()}
#: The version of docs/spec/xqr.md (docs/spec/xqr.md §2.4).
VERSION = 0


@dataclass
class Head:
    """What the header items say."""

    #: (header, value), in file order.
    headers: list[tuple[str, str]] = field(default_factory=list)
    result: str = "*"
    #: The start position of the item ``fen``; ``None``: the initial position.
    fen: Optional[Position] = None
    #: The offset of the tree's first node; ``None`` when the data ends before the item ``move``.
    tree_at: Optional[int] = None


def read_items(items: Optional[Sequence[Any]], size: int, sink: DiagnosticSink) -> Head:
    """The meaning of the layout's ``items`` (the first being ``magic``, checked by the caller) in a file of ``size`` bytes."""
    head = Head()
    at = 0
    for index, item in enumerate(items or ()):
        length: Optional[int] = getattr(item, "length", None)  # (the generated parser sets no absent field)
        value: bytes = b"" if item.is_move or length is None else item.value
        if length is None or (not item.is_move and len(value) < length):
            promised = "its length byte" if length is None else f"{length} bytes of value"
            sink.report_bytes(rules.TRUNCATED, f"The file ends inside a header item of type {item.kind} (before {promised})", at, size - at)
            return head
        if item.is_move:
            if length != 0:
                sink.report_bytes(rules.MOVE_LENGTH, f"The item `move` has length byte {length}, not 0; the tree is read from after it", at + 1, 1)
            head.tree_at = at + 2
            return head
        if index:
            _item(item.kind, value, at, head, sink)
        at += 2 + len(value)
    sink.report_bytes(rules.TRUNCATED, "The file ends before the item `move`: no move tree", size, 0)
    return head


def _item(kind: int, value: bytes, at: int, head: Head, sink: DiagnosticSink) -> None:
    """One header item after ``magic``, at offset ``at``."""
    if kind in TEXTS:
        text = _text(value, TEXTS[kind], at, sink)
        if text:
            head.headers.append((TEXTS[kind], text))
    elif kind == T.version:
        if value != bytes([VERSION]):
            sink.report_bytes(rules.VERSION, f"The item `version` holds {value.hex(' ') or 'nothing'}, not 00; read as version 0", at, 2 + len(value))
    elif kind == T.result:
        code = value[0] if len(value) == 1 else None
        if code is None or code not in RESULTS:
            sink.report_bytes(rules.RESULT_CODE, f"The item `result` holds {value.hex(' ') or 'nothing'}, not one byte 0–3; the result is unknown", at, 2 + len(value))
            head.result = "*"
        else:
            head.result = RESULTS[code]
    elif kind == T.fen:
        head.fen = _start(_text(value, "FEN", at, sink), at, len(value), sink)
    else:
        name = "a second `magic`" if kind == T.magic else "`crc` in the header" if kind == T.crc else f"type {kind}, unknown"
        sink.report_bytes(rules.UNKNOWN_ITEM, f"A header item of {name} ({len(value)} bytes); not read", at, 2 + len(value))


def _start(text: str, at: int, size: int, sink: DiagnosticSink) -> Optional[Position]:
    """The start position a `fen` item's text gives (docs/spec/xqr.md §2.6), each problem reported (V107).

    A board that can be read is the start even when it is no legal position
    (a side without its king, say), as a FEN tag's board is in PGN: what the
    file says is kept, and said to be wrong.  Otherwise the initial position.
    """
    position, problems = parse_fen(text)
    errors = [d for d in problems if d.severity >= Severity.ERROR]
    if position is None:
        first = errors[0].message if errors else "The FEN cannot be read"
        sink.report_bytes(rules.BAD_FEN, f"{first}; the moves are read from the initial position", at + 2, size)
    for d in errors if position is not None else ():
        sink.report_bytes(rules.BAD_FEN, f"{d.message}; the position is read as written", at + 2, size)
    return position


def _text(value: bytes, what: str, at: int, sink: DiagnosticSink) -> str:
    """A text item's value, UTF-8; bad bytes become U+FFFD and are reported (V102)."""
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        sink.report_bytes(rules.UNDECODABLE_TEXT, f"`{what}` is not valid UTF-8; bad bytes kept as U+FFFD", at + 2, len(value))
        return value.decode("utf-8", "replace")
