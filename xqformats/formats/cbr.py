"""CBR and CBL (象棋桥's binary game record and library) at the front door: recognise, read.

Two descriptors, :data:`CBR` and :data:`CBL`; the readers are
:func:`xqformats.cbr.read_cbr` and :func:`xqformats.cbr.iter_cbl`, imported on
first use.  Neither format is written (``writer`` is ``None``): ``convert``
turns them into PGN or CBF.
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, Optional

from ..diagnostics import DiagnosticSink
from .base import Format, Kind, Part, Reading, ReadOptions, Streaming

if TYPE_CHECKING:
    from ..source import Source

__all__ = ["CBR", "CBL", "sniff_cbr", "sniff_cbl"]


def sniff_cbr(head: bytes) -> bool:
    """A CBR record starts with ``CCBridge Record`` and a NUL byte."""
    return head.startswith(b"CCBridge Record\x00")


def sniff_cbl(head: bytes) -> bool:
    """A CBL library starts with ``CCBridgeLibrary`` and a NUL; its compressed variant with
    ``CCBridge`` and the u4 21 and 3 (docs/spec/cbr.md §5.1, §5.4): a damaged signature is neither."""
    if not head.startswith(b"CCBridge"):
        return False
    from ..cbr.library import LIBRARY_SIGNATURE, is_compressed  # (only for a file that may be one)

    return head.startswith(LIBRARY_SIGNATURE) or is_compressed(head)


def _read_cbr(source: "Source", options: ReadOptions) -> Reading:
    from ..cbr import read_cbr

    game, diagnostics = read_cbr(source.data or b"", path=source.name, strict=options.strict)
    return Reading([game] if game is not None else [], list(diagnostics))


def _read_cbl(source: "Source", options: ReadOptions) -> Reading:
    from ..cbr import iter_cbl

    # The reader streams the games; Reading holds a list (the front door's shape today).
    sink = DiagnosticSink(path=source.name, strict=options.strict)
    games = list(iter_cbl(source.data or b"", sink))
    return Reading(games, sink.items)


def _stream_cbl(raw: IO[bytes], name: Optional[str], options: ReadOptions, part: Optional[Part]) -> Streaming:
    """A library's games one at a time (its index points anywhere in it: the bytes are held, the games are not)."""
    from ..cbr import iter_cbl

    with raw:
        data = raw.read()
    sink = DiagnosticSink(path=name, strict=options.strict)
    return Streaming(iter_cbl(data, sink), lambda: sink.items)


CBR = Format(
    name="cbr",
    title="CBR",
    content="a CBR record (象棋桥)",
    extensions=(".cbr",),
    kind=Kind.BINARY,
    sniff=sniff_cbr,
    reader=_read_cbr,
    signature=True,
)

CBL = Format(
    name="cbl",
    title="CBL",
    content="a CBL library (象棋桥)",
    extensions=(".cbl",),
    kind=Kind.BINARY,
    sniff=sniff_cbl,
    reader=_read_cbl,
    stream=_stream_cbl,
    library=True,
    signature=True,
)
