"""CBR and CBL (象棋桥's binary game record and library) at the front door: recognise, read, write CBR.

Two descriptors, :data:`CBR` and :data:`CBL`; the readers are
:func:`xqformats.cbr.read_cbr` and :func:`xqformats.cbr.iter_cbl`, the writer
:func:`xqformats.cbr.write_cbr` (one game a file, docs/spec/cbr.md §6),
imported on first use.  A library is also read as a stream, whole or in parts
of whole records cut where its index places them (:mod:`xqformats.cbr.library`).
A library is not written (``writer`` is ``None``).
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Any, Iterator, Mapping, Optional, Sequence

from ..diagnostics import DiagnosticSink
from .base import Format, Kind, Part, Reading, ReadOptions, Streaming, Writer

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source


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


def _write_cbr(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..cbr import write_cbr

    if len(games) != 1:
        raise ValueError(f"A CBR file holds one game, not {len(games)}")
    return write_cbr(games[0])


def _losses_cbr(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.cbr.write_cbr` cannot keep of ``game``: the writer's declaration (:data:`~xqformats.cbr.writer.CARRIES`)."""
    from ..cbr.writer import CARRIES
    from ..losses import report

    return report(game, CARRIES)


def _encodings_cbr() -> Optional[tuple[str, ...]]:
    return ("utf-16-le",)


def _read_cbl(source: "Source", options: ReadOptions) -> Reading:
    from ..cbr import iter_cbl

    # The reader streams the games; Reading holds a list (the front door's shape today).
    sink = DiagnosticSink(path=source.name, strict=options.strict)
    games = list(iter_cbl(source.data or b"", sink))
    return Reading(games, sink.items)


def _stream_cbl(raw: IO[bytes], name: Optional[str], options: ReadOptions, part: Optional[Part]) -> Streaming:
    """A library's games one at a time, read front to back (memory: one record); or those of one ``part``.

    A part of a library (:meth:`~xqformats.formats.RecordStream.parts`, cut
    where :func:`_starts` says) is the bytes of whole records, and carries
    the index entries that place them (:attr:`Part.entries`): its reader
    reads no header and no index.  Only a library whose header or index
    cannot be read has findings of its own, and such a library is never cut
    (:func:`_starts` raises), so a part's findings are its records'.
    """
    from ..cbr.library import Entry, place, read_library, read_records

    sink = DiagnosticSink(path=name, strict=options.strict)
    if part is None:
        size = raw.seek(0, os.SEEK_END)
        raw.seek(0)
        games = read_library(raw, size, sink)
    else:
        entries = (Entry(*entry) for entry in part.entries)
        games = read_records(raw, place(part.start, entries), part.end, sink, size=part.size or part.end)

    def each() -> Iterator["Game"]:
        try:
            yield from games
        finally:
            raw.close()

    return Streaming(each(), lambda: sink.items, close=raw.close)


def _starts(raw: IO[bytes]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Where each record of a library starts, with its index entry, from the header and index alone
    (:data:`.base.RecordStartsFn`); the records follow one another in index order (docs/spec/cbr.md §5.3)."""
    from ..cbr.library import record_starts

    return ((byte, tuple(entry)) for byte, entry in record_starts(raw))


CBR = Format(
    name="cbr",
    title="CBR",
    content="a CBR record (象棋桥)",
    extensions=(".cbr",),
    kind=Kind.BINARY,
    sniff=sniff_cbr,
    reader=_read_cbr,
    writer=Writer(_write_cbr, _losses_cbr, max_games=1, encodings=_encodings_cbr),
    signature=True,
    rules="xqformats.cbr.rules",
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
    starts=_starts,
    library=True,
    signature=True,
    rules="xqformats.cbr.rules",
)
