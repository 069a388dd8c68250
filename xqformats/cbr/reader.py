"""The two readers: a CBR file's game, a CBL library's games (never raising on the content)."""

from __future__ import annotations

from typing import Optional

from ..diagnostics import Diagnostic, DiagnosticSink
from ..model import Game
from .library import iter_cbl
from .record import read_record
from .rules import TRAILING_BYTES


def read_cbr(data: bytes, *, path: Optional[str] = None, strict: bool = False) -> tuple[Optional[Game], list[Diagnostic]]:
    """The game of a CBR file's bytes, and every finding; never raises on the content.

    The game is ``None`` only when no header could be read (B101, B102).
    Bytes after the move tree are reported (B113) and not read.
    """
    sink = DiagnosticSink(path=path, strict=strict)
    game, end = read_record(data, sink)
    if end is not None and end < len(data):
        extra = len(data) - end
        sink.report_bytes(TRAILING_BYTES, f"{extra} bytes after the end of the move tree; not read", end, extra)
    if game is not None:
        game.diagnostics = list(sink.items)
    return game, sink.items


def read_cbl(data: bytes, *, path: Optional[str] = None, strict: bool = False) -> tuple[list[Game], list[Diagnostic]]:
    """Every game of a CBL library's bytes (deleted entries skipped), and every finding.

    :func:`~xqformats.cbr.library.iter_cbl` gives them one at a time.
    """
    sink = DiagnosticSink(path=path, strict=strict)
    games = list(iter_cbl(data, sink))
    return games, sink.items
