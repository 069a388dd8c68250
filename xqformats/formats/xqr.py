"""XQR (XiangQi Replay, the open binary record proposal) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.xqr.read_xqr` and
:func:`xqformats.xqr.write_xqr`, imported on first use.  XQR is read from its
bytes; one file holds one game (docs/spec/xqr.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .base import Format, Kind, Reading, ReadOptions, Writer

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source

#: The item `magic` every XQR file starts with (docs/spec/xqr.md §2.3).
_MAGIC = b"\x00\x02\x20\x17"


def sniff(head: bytes) -> bool:
    """An XQR file starts with the item ``magic``: 00 02 20 17 (a NUL first: no text format starts so)."""
    return head[:4] == _MAGIC


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..xqr import read_xqr

    game, diagnostics = read_xqr(source.data or b"", path=source.name, strict=options.strict)
    return Reading([game] if game is not None else [], list(diagnostics))


def _write(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..xqr import write_xqr

    if len(games) != 1:
        raise ValueError(f"An XQR file holds one game, not {len(games)}")
    return write_xqr(games[0])


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.xqr.write_xqr` cannot keep of ``game``: the writer's declaration (:data:`~xqformats.xqr.writer.CARRIES`)."""
    from ..losses import report
    from ..xqr.writer import CARRIES

    return report(game, CARRIES)


def _encodings() -> tuple[str, ...]:
    return ("utf-8",)


FORMAT = Format(
    name="xqr",
    title="XQR",
    content="an XQR record (XiangQi Replay)",
    extensions=(".xqr",),
    kind=Kind.BINARY,
    sniff=sniff,
    reader=_read,
    writer=Writer(_write, _losses, max_games=1, encodings=_encodings),
    # The item `magic`, a NUL byte first: no text format starts so (a signature).
    signature=True,
    rules="xqformats.xqr.rules",
)
