"""DhtmlXQ (UBB) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.dhtmlxq.read_dhtmlxq` and
:func:`xqformats.dhtmlxq.write_dhtmlxq`, imported on first use.  A DhtmlXQ
record is recognised by its block markers anywhere in the first bytes (a forum
post or an HTML page holds it among other text): an opening marker and a
closing one after it, so that a text that only names a block (a README
quoting ``[DhtmlXQ_movelist]``) is not taken for a record.  Files named
``.dhtmlxq`` or ``.ubb`` are read as DhtmlXQ.  ``.txt`` and ``.html`` are not
claimed (a folder of notes would be linted as records), but the markers are a
signature: such a file named on the command line is read by its content, and a
folder search takes ``x.dhtmlxq.txt`` (:mod:`xqformats.discovery`).
docs/spec/dhtmlxq.md §2.1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .base import Format, Kind, Reading, ReadOptions, TextLayout, Writer

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source

#: What every DhtmlXQ opening tag starts with.
MARKER = b"[DhtmlXQ"
#: What every DhtmlXQ closing tag starts with.
CLOSING_MARKER = b"[/DhtmlXQ"


def _has_block(head: bytes) -> bool:
    start = head.find(MARKER)
    return start >= 0 and head.find(CLOSING_MARKER, start) >= 0


def sniff(head: bytes) -> bool:
    """A DhtmlXQ record holds an opening marker (``[DhtmlXQ``) and a closing one (``[/DhtmlXQ``) after it,
    in UTF-8, GBK or UTF-16 (its NUL bytes dropped)."""
    return _has_block(head) or (b"\x00" in head and _has_block(head.replace(b"\x00", b"")))


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..dhtmlxq import read_dhtmlxq

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = read_dhtmlxq(source, strict=options.strict)
    return Reading(games, diagnostics)


def _game_text(game: "Game", options: Mapping[str, Any]) -> str:
    from ..dhtmlxq import write_dhtmlxq

    return write_dhtmlxq(game)


#: One block per game, a blank line between two (each block ends with a line end).
_LAYOUT = TextLayout(_game_text, lambda: ("", "\n", ""))


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.dhtmlxq.write_dhtmlxq` cannot keep of ``game``: the writer's declaration (:data:`~xqformats.dhtmlxq.writer.CARRIES`)."""
    from ..dhtmlxq.writer import CARRIES
    from ..losses import report

    return report(game, CARRIES)


FORMAT = Format(
    name="dhtmlxq",
    title="DhtmlXQ",
    content="a DhtmlXQ (UBB) record",
    extensions=(".dhtmlxq", ".ubb"),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    writer=Writer(_LAYOUT, _losses),
    # `[DhtmlXQ` … `[/DhtmlXQ` names no other format: a post or page named on
    # the command line is read by its content, whatever its extension.
    signature=True,
    rules="xqformats.dhtmlxq.rules",
)
