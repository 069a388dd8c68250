"""Read a CCM file into the game model (docs/spec/ccm.md).

:func:`read_ccm` takes the file's bytes and returns the game and every
finding, each at a byte offset; it never raises on what the bytes hold.  The
layout (``schemas/ccm.ksy``, compiled to :mod:`xqformats.layouts.ccm`) reads
the header byte and the seven-byte records; :mod:`.moves` turns the records'
columns and rows into moves (the board's orientation, docs/spec/ccm.md §3.2)
and sends them to the one builder.  CCM holds no header, result or comment.
"""

from __future__ import annotations

from io import BytesIO
from typing import Any, Optional

from kaitaistruct import KaitaiStream, KaitaiStructError

from ..diagnostics import Diagnostic, DiagnosticSink
from ..layouts.ccm import Ccm  # generated code is not type-checked
from ..model import Game
from .moves import Codes, read_game
from .rules import HEADER_BYTE, ILLEGAL_MOVE, MOVE_POINT, MOVES_NOT_READ, ROTATED, TRUNCATED

#: The size of a move record, and where the first starts (docs/spec/ccm.md §2.1).
RECORD_SIZE, FIRST_RECORD = 7, 1
#: CCM's rules for its moves (:mod:`.moves`).
CODES = Codes("CCM", MOVE_POINT, ILLEGAL_MOVE, MOVES_NOT_READ, ROTATED)
#: What the comment keeping unplayable moves starts with (docs/spec/ccm.md §3.4).
UNREAD_PREFIX = "CCM moves not read:"


def parse(data: bytes) -> Optional[Any]:
    """The file as the generated parser reads it; ``None`` for an empty file (no header byte)."""
    try:
        return Ccm(KaitaiStream(BytesIO(data)))
    except (EOFError, KaitaiStructError):  # only an empty file: the layout reads whole records
        return None


def read_ccm(data: bytes, *, path: Optional[str] = None, strict: bool = False) -> tuple[Optional[Game], list[Diagnostic]]:
    """The game in the CCM file ``data`` and every finding, in file order.

    The game is ``None`` only for an empty file (Z101).  Never raises on the content of ``data``.
    """
    sink = DiagnosticSink(path=path, strict=strict)
    layout = parse(bytes(data))
    if layout is None:
        sink.report_bytes(TRUNCATED, "The file is empty: a CCM record starts with its header byte", 0, 0)
        return None, sink.items
    if layout.header != 1:
        sink.report_bytes(HEADER_BYTE, f"The header byte is {layout.header}, not 1; the records are read as usual", 0, 1)
    return read_game(layout, FIRST_RECORD, RECORD_SIZE, CODES, TRUNCATED, sink), sink.items
