"""PFC (鹏飞象棋's XML record) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.pfc.read_pfc` and
:func:`xqformats.pfc.write_pfc`, imported on first use (they load lxml).  PFC
is read from its bytes: an XML document declares its own encoding.  One file
holds one game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from .base import Format, Kind, Reading, ReadOptions, Writer, text_head

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source

#: The head of a PFC document (docs/spec/pfc.md §2.3): an XML declaration, the
#: wrapper's ``<!--`` (either order, each optional), then the root ``<n`` and a
#: character that ends its name; or a document type declaration naming the root
#: ``n`` (which the reader reports and refuses, §2.1, rather than CBF's).
#: Another XML document (CBF's ``<ChineseChessRecord``, an ``<html>``) has
#: another root.
_HEAD = re.compile(
    rb"\A(?:<\?xml[^>]{0,200}>\s*)?(?:<!DOCTYPE\s+n[\s\[>]|(?:<!--\s*)?(?:<\?xml[^>]{0,200}>\s*)?<n[\s/>])"
)


def sniff(head: bytes) -> bool:
    """A PFC document's root element is ``<n``, after a declaration and the wrapper's ``<!--``."""
    return _HEAD.match(text_head(head)) is not None


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..pfc import read_pfc

    data = source.data if source.data is not None else b""
    game, diagnostics = read_pfc(data, strict=options.strict, path=source.name)

    def text() -> Optional[str]:
        # The text the reader's positions count in (decoded as declared, line ends normalised).
        from ..diagnostics import DiagnosticSink
        from ..pfc.xmltext import decode
        from ..source import Source as _Source

        return decode(_Source.from_bytes(data, source.name), DiagnosticSink()).text

    return Reading([game] if game is not None else [], list(diagnostics), text)


def _write(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..pfc import write_pfc

    if len(games) != 1:
        raise ValueError(f"A PFC file holds one game, not {len(games)}")
    return write_pfc(games[0], encoding=options.get("encoding") or "utf-8")


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.pfc.write_pfc` cannot keep of ``game``: the writer's declaration (:data:`~xqformats.pfc.writer.CARRIES`)."""
    from ..losses import report
    from ..pfc.writer import CARRIES

    return report(game, CARRIES)


def _encodings() -> Optional[tuple[str, ...]]:
    from ..pfc.writer import ENCODINGS

    return ENCODINGS


FORMAT = Format(
    name="pfc",
    title="PFC",
    content="XML (PFC)",
    extensions=(".pfc",),
    kind=Kind.BINARY,
    sniff=sniff,
    reader=_read,
    writer=Writer(_write, _losses, max_games=1, encodings=_encodings),
    rules="xqformats.pfc.rules",
)
