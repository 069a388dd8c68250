"""The CBR header (docs/spec/cbr.md §3): text fields -> headers, codes, the start position.

The layout is ``schemas/cbr.ksy``; :data:`FIELDS` adds what a layout does not
say: the CBF element each text field is (so that headers are named as the CBF
reader names them, by :func:`xqformats.cbf.mapping.header_names`), the
field's offset, for diagnostics, and its size, for the writer
(``tests/test_cbr_layout.py`` holds both to the layout).
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..builder import GameBuilder
from ..cbf.mapping import RESULT_CODES, header_names
from ..core import Move, square
from ..diagnostics import DiagnosticSink
from ..fen import RULE_OF
from ..position import STARTING_FEN, Position
from .rules import (
    BOARD_PIECE,
    RECORD_KIND,
    RESULT_CODE,
    SEVERAL_RESULTS,
    SIDE_TO_MOVE,
    UNDECODABLE_TEXT,
    UNTERMINATED_TEXT,
)
from .text import decode_field


class Field(NamedTuple):
    """One text field: its name in the layout, the CBF element it is, its offset and size in bytes."""

    attr: str
    element: str
    offset: int
    size: int


#: The text fields in file order (docs/spec/cbr.md §3.1).  Elements that CBF
#: lacks (``Script``, ``Category``) become headers of their own name.
FIELDS: tuple[Field, ...] = (
    Field("script", "Script", 52, 128),
    Field("title", "Name", 180, 128),
    Field("category", "Category", 308, 256),
    Field("source", "From", 564, 64),
    Field("contest_type", "ContestType", 628, 64),
    Field("contest", "Contest", 692, 64),
    Field("round", "Round", 756, 64),
    Field("group", "Group", 820, 32),
    Field("table", "Table", 852, 32),
    Field("date", "Date", 884, 64),
    Field("site", "Site", 948, 64),
    Field("time_rule", "TimeRule", 1012, 64),
    Field("red", "Red", 1076, 64),
    Field("red_team", "RedTeam", 1140, 64),
    Field("red_time", "RedTime", 1204, 64),
    Field("red_rating", "RedRating", 1268, 32),
    Field("black", "Black", 1300, 64),
    Field("black_team", "BlackTeam", 1364, 64),
    Field("black_time", "BlackTime", 1428, 64),
    Field("black_rating", "BlackRating", 1492, 32),
    Field("referee", "Referee", 1524, 64),
    Field("recorder", "Recorder", 1588, 64),
    Field("commentator", "Commentator", 1652, 64),
    Field("commentator_email", "CommentatorURL", 1716, 64),
    Field("creator", "Creator", 1780, 64),
    Field("creator_email", "CreatorURL", 1844, 64),
    Field("date_created", "DateCreated", 1908, 40),
    Field("date_modified", "DateModified", 1972, 40),
    Field("nature", "RecordKind", 2044, 32),
    Field("ending", "ResultType", 2080, 32),
)

#: Offsets of the other header fields (docs/spec/cbr.md §2.1, §3.2–§3.4).
OFFSETS = {
    "kind": 19, "guid": 20, "ecco": 2036, "game_type": 2040, "result": 2076, "side_to_move": 2112, "move_number": 2116,
    "board": 2120, "state": 2210, "intro": 2214,
}  # fmt: skip

#: Header name of each CBF element of :data:`FIELDS`: CBF's names (``Contest`` -> ``Event``, …).
HEADER_NAMES: dict[str, str] = {**{f.element: f.element for f in FIELDS}, **header_names({f.element for f in FIELDS})}

#: Board byte -> FEN letter (docs/spec/cbr.md §3.4): rook, horse, elephant, advisor, king, cannon, pawn.
PIECES: dict[int, str] = {0x10 + i: p for i, p in enumerate("RNBAKCP", 1)} | {
    0x20 + i: p for i, p in enumerate("rnbakcp", 1)
}

#: Point 0–89 (from Black's back rank, a9 … i9, down to Red's, a0 … i0) -> square.
POINTS: tuple[int, ...] = tuple(square(p % 9, 9 - p // 9) for p in range(90))


def point_move(frm: int, to: int) -> Optional[Move]:
    """The move between two points, or ``None`` when one is off the board or they are equal."""
    if frm >= 90 or to >= 90 or frm == to:
        return None
    return Move(POINTS[frm], POINTS[to])


#: The header of the ECCO code at 2036 (docs/spec/cbr.md §3.5), named as CBF's element.
ECCO_HEADER = "ECCO"


def ecco_text(raw: bytes) -> str:
    """The ECCO field's text: its bytes up to the first zero byte, each byte one character (Latin-1)."""
    end = raw.find(b"\x00")
    return (raw if end < 0 else raw[:end]).decode("latin-1")


def _texts(layout: object, builder: GameBuilder, sink: DiagnosticSink, base: int) -> None:
    for f in FIELDS:
        raw: bytes = getattr(layout, f.attr)
        text = decode_field(raw)
        where = base + f.offset
        if not text.terminated:
            sink.report_bytes(UNTERMINATED_TEXT, f"Text field `{f.element}` has no NUL code unit in its {len(raw)} bytes; read whole", where, len(raw))
        if not text.clean:
            sink.report_bytes(UNDECODABLE_TEXT, f"Text field `{f.element}` is not valid UTF-16LE; bad code units kept as U+FFFD", where, len(raw))
        if text.value:
            builder.visit_header(HEADER_NAMES[f.element], text.value)


def _result(layout: object, builder: GameBuilder, sink: DiagnosticSink, base: int) -> str:
    """The game's result; an unknown code is kept as ``RecordResult``."""
    code = str(getattr(layout, "result"))
    if code in RESULT_CODES:
        return RESULT_CODES[code]
    builder.visit_header("RecordResult", code)
    where = base + OFFSETS["result"]
    if code == "4":
        sink.report_bytes(SEVERAL_RESULTS, "Result code 4: several results (多种结果); read as unknown, `*`", where, 1)
    else:
        sink.report_bytes(RESULT_CODE, f"Result code {code} is not one of 0–4; read as unknown, `*`", where, 1)
    return "*"


def _start(layout: object, sink: DiagnosticSink, base: int) -> Position:
    """The start position: the board, the side to move and the move number (docs/spec/cbr.md §3.4)."""
    pos = Position(None)
    where = base + OFFSETS["board"]
    for point, byte in enumerate(getattr(layout, "board")):
        if not byte:
            continue
        piece = PIECES.get(byte)
        if piece is None:
            sink.report_bytes(BOARD_PIECE, f"Byte 0x{byte:02X} at point {point} of the start position is no piece; read as empty", where + point, 1)
            continue
        pos.set_piece(POINTS[point], piece)
    side = getattr(layout, "side_to_move")
    if side not in (1, 2):
        sink.report_bytes(SIDE_TO_MOVE, f"Side to move {side} is neither 1 (Red) nor 2 (Black); Red is taken to move", base + OFFSETS["side_to_move"], 1)
    pos.turn = side != 2
    pos.fullmove_number = max(1, getattr(layout, "move_number"))
    if not any(getattr(layout, "board")):
        return pos  # no position at all: a text record (docs/spec/cbr.md §3.4)
    for problem, message, sq in pos.setup_problems():
        at = where + POINTS.index(sq) if sq is not None else where
        sink.report_bytes(RULE_OF[problem], message, at, 1 if sq is not None else 90)
    return pos


def read_header(layout: object, sink: DiagnosticSink, base: int, builder: GameBuilder) -> str:
    """Send the header of a parsed record ``layout`` (a ``Cbr``) to ``builder``: its headers and
    start position.  Returns the game's result, for the builder once the moves are read.

    ``base`` is the record's offset in the file, for the diagnostics.
    """
    kind = getattr(layout, "kind")
    if kind != 2:
        sink.report_bytes(RECORD_KIND, f"Record kind {kind} is not 2 (a game record); read as one", base + OFFSETS["kind"], 1)
    _texts(layout, builder, sink, base)
    ecco = ecco_text(getattr(layout, "ecco"))
    if ecco:
        builder.visit_header(ECCO_HEADER, ecco)
    builder.visit_header("RecordType", str(getattr(layout, "game_type")))
    result = _result(layout, builder, sink, base)
    start = _start(layout, sink, base)
    builder.visit_start(start)
    fen = start.fen()
    if fen != STARTING_FEN:
        builder.visit_header("FEN", fen)
    return result
