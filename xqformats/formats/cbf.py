"""CBF (象棋桥's XML record) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.cbf.read_cbf` and
:func:`xqformats.cbf.write_cbf`, imported on first use (they load lxml).  CBF
is read from its bytes: an XML document declares its own encoding.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from .base import Format, Kind, Reading, ReadOptions, Writer, text_head

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source


def sniff(head: bytes) -> bool:
    """An XML document starts with ``<`` (after a byte-order mark and white space)."""
    return text_head(head).startswith(b"<")


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..cbf import read_cbf

    data = source.data if source.data is not None else b""
    game, diagnostics = read_cbf(data, strict=options.strict, path=source.name)

    def text() -> Optional[str]:
        # The text the reader's line numbers count in (decoded as declared,
        # line ends normalised).
        from ..cbf.safexml import decode

        return decode(data, path=source.name).text

    return Reading([game] if game is not None else [], list(diagnostics), text)


def _write(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..cbf import write_cbf

    if len(games) != 1:
        raise ValueError(f"A CBF file holds one game, not {len(games)}")
    return write_cbf(games[0], encoding=options.get("encoding") or "utf-8")


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.cbf.write_cbf` cannot keep of ``game``: the writer's declaration (:data:`~xqformats.cbf.writer.CARRIES`)."""
    from ..cbf.writer import CARRIES
    from ..losses import report

    return report(game, CARRIES)


def _encodings() -> Optional[tuple[str, ...]]:
    from ..cbf.writer import ENCODINGS

    return tuple(ENCODINGS)


FORMAT = Format(
    name="cbf",
    title="CBF",
    content="XML (CBF)",
    extensions=(".cbf",),
    kind=Kind.BINARY,
    sniff=sniff,
    reader=_read,
    writer=Writer(_write, _losses, max_games=1, encodings=_encodings),
    rules="xqformats.cbf.rules",
)
