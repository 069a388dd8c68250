"""XQF (XQStudio's binary record) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.xqf.read_xqf` and
:func:`xqformats.xqf.write_xqf`, imported on first use.  XQF is read from its
bytes; one file holds one game.  Files written are version 10 (XQF 1.0,
docs/spec/xqf.md §5.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from .base import Format, Kind, Reading, ReadOptions, Writer

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source


def sniff(head: bytes) -> bool:
    """An XQF file starts with ``XQ`` and a version byte below 0x20 (10–18; no text has it there)."""
    return head[:2] == b"XQ" and len(head) > 2 and head[2] < 0x20


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..xqf import read_xqf

    game, diagnostics = read_xqf(source.data or b"", strict=options.strict, path=source.name)
    return Reading([game] if game is not None else [], list(diagnostics))


def _write(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..xqf import write_xqf

    if len(games) != 1:
        raise ValueError(f"An XQF file holds one game, not {len(games)}")
    return write_xqf(games[0])


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.xqf.write_xqf` cannot keep of ``game``: the writer's declaration (:data:`~xqformats.xqf.writer.CARRIES`)."""
    from ..losses import report
    from ..xqf.writer import CARRIES

    return report(game, CARRIES)


def _encodings() -> Optional[tuple[str, ...]]:
    return ("gb18030",)


FORMAT = Format(
    name="xqf",
    title="XQF",
    content="an XQF record (XQStudio)",
    extensions=(".xqf",),
    kind=Kind.BINARY,
    sniff=sniff,
    reader=_read,
    writer=Writer(_write, _losses, max_games=1, encodings=_encodings),
    # `XQ` and a control byte: no text format starts so (a signature).
    signature=True,
    rules="xqformats.xqf.rules",
)
