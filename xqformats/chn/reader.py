"""Read a CHN file into the game model (docs/spec/chn.md).

:func:`read_chn` takes the file's bytes and returns the game and every
finding, each at a byte offset; it never raises on what the bytes hold.  The
layout (``schemas/chn.ksy``, compiled to :mod:`xqformats.layouts.chn`) reads
the header and the 32-byte records; their columns and rows mean what CCM's
do (docs/spec/chn.md §3.1), so :mod:`xqformats.ccm.moves` turns them into
moves and sends them to the one builder, with CHN's rule codes.
"""

from __future__ import annotations

from io import BytesIO
from typing import Any, Optional

from kaitaistruct import KaitaiStream, KaitaiStructError

from ..ccm.moves import Codes, read_game
from ..diagnostics import Diagnostic, DiagnosticSink
from ..layouts.chn import Chn  # generated code is not type-checked
from ..model import Game
from .rules import ILLEGAL_MOVE, MOVE_POINT, MOVES_NOT_READ, ROTATED, TRUNCATED

#: The header's size and a move record's (docs/spec/chn.md §2.1).
HEADER_SIZE, RECORD_SIZE = 188, 32
#: CHN's rules for its moves (:mod:`xqformats.ccm.moves`).
CODES = Codes("CHN", MOVE_POINT, ILLEGAL_MOVE, MOVES_NOT_READ, ROTATED)
#: What the comment keeping unplayable moves starts with (docs/spec/chn.md §3.3).
UNREAD_PREFIX = "CHN moves not read:"


def parse(data: bytes) -> Optional[Any]:
    """The file as the generated parser reads it; ``None`` when it is shorter than its header."""
    try:
        return Chn(KaitaiStream(BytesIO(data)))
    except (EOFError, KaitaiStructError):  # only a file shorter than the header: records are whole
        return None


def read_chn(data: bytes, *, path: Optional[str] = None, strict: bool = False) -> tuple[Optional[Game], list[Diagnostic]]:
    """The game in the CHN file ``data`` and every finding, in file order.

    The game is ``None`` only for a file shorter than its header (L101).
    Never raises on the content of ``data``.
    """
    sink = DiagnosticSink(path=path, strict=strict)
    layout = parse(bytes(data))
    if layout is None:
        sink.report_bytes(TRUNCATED, f"The file has {len(data)} bytes; a CHN header alone has {HEADER_SIZE}", 0, len(data))
        return None, sink.items
    return read_game(layout, HEADER_SIZE, RECORD_SIZE, CODES, TRUNCATED, sink), sink.items
