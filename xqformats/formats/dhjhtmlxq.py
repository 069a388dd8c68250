"""DHJHtmlXQ (UBB, 广东象棋网 打虎将) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.dhjhtmlxq.read_dhjhtmlxq` and
:func:`xqformats.dhjhtmlxq.write_dhjhtmlxq`, imported on first use.  A record
is recognised by its markers anywhere in the first bytes (a web page holds it
among other text): an opening ``[DHJHtmlXQ`` and a closing ``[/DHJHtmlXQ``
after it.  DhtmlXQ's ``[DhtmlXQ`` differs in its third letter, so neither
sniff takes the other's records (docs/spec/dhjhtmlxq.md §2.3).  The records
are published inside web pages, under no extension of their own: files named
``.dhjhtmlxq`` (this project's name) are read as DHJHtmlXQ, and the markers
are a signature, so a ``.txt`` or ``.html`` file named on the command line is
read by its content, and a folder search takes ``x.dhjhtmlxq.txt``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .base import Format, Kind, Reading, ReadOptions, TextLayout, Writer

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source

#: What every DHJHtmlXQ opening tag (but the comments') starts with.
MARKER = b"[DHJHtmlXQ"
#: What every DHJHtmlXQ closing tag (but the comments') starts with.
CLOSING_MARKER = b"[/DHJHtmlXQ"


def _has_block(head: bytes) -> bool:
    start = head.find(MARKER)
    return start >= 0 and head.find(CLOSING_MARKER, start) >= 0


def sniff(head: bytes) -> bool:
    """A DHJHtmlXQ record holds an opening marker (``[DHJHtmlXQ``) and a closing one (``[/DHJHtmlXQ``) after it,
    in UTF-8, GBK or UTF-16 (its NUL bytes dropped)."""
    return _has_block(head) or (b"\x00" in head and _has_block(head.replace(b"\x00", b"")))


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..dhjhtmlxq import read_dhjhtmlxq

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = read_dhjhtmlxq(source, strict=options.strict)
    return Reading(games, diagnostics)


def _game_text(game: "Game", options: Mapping[str, Any]) -> str:
    from ..dhjhtmlxq import write_dhjhtmlxq

    return write_dhjhtmlxq(game)


#: One record per game, a blank line between two (each record ends with a line end).
_LAYOUT = TextLayout(_game_text, lambda: ("", "\n", ""))


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.dhjhtmlxq.write_dhjhtmlxq` cannot keep of ``game``: the writer's declaration (:data:`~xqformats.dhjhtmlxq.writer.CARRIES`)."""
    from ..dhjhtmlxq.writer import CARRIES
    from ..losses import report

    return report(game, CARRIES)


FORMAT = Format(
    name="dhjhtmlxq",
    title="DHJHtmlXQ",
    content="a DHJHtmlXQ (打虎将 UBB) record",
    extensions=(".dhjhtmlxq",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    writer=Writer(_LAYOUT, _losses),
    # `[DHJHtmlXQ` … `[/DHJHtmlXQ` names no other format: a page named on the
    # command line is read by its content, whatever its extension.
    signature=True,
    rules="xqformats.dhjhtmlxq.rules",
)
