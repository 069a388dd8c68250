"""The JSON form of the model at the front door: recognise, read, write (docs/spec/json.md).

A document is recognised by its ``"xqformats"`` member near the start (the
form's own key: a signature, so a ``.txt`` named on the command line is read
by its content too).  The reader and writer are
:func:`xqformats.jsonform.read_json` and :func:`xqformats.jsonform.dumps`,
imported on first use.  The form holds everything the model holds, so the
writer names no loss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .base import Format, Kind, Reading, ReadOptions, Writer, text_head

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source

__all__ = ["FORMAT", "sniff"]


def sniff(head: bytes) -> bool:
    """A JSON object whose first bytes hold the form's key ``"xqformats"``."""
    return text_head(head).startswith(b"{") and b'"xqformats"' in head


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..jsonform import read_json

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = read_json(source.text, path=source.name, strict=options.strict)
    return Reading(games, diagnostics)


def _write(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..jsonform import dumps

    return dumps(list(games)).encode(options.get("encoding") or "utf-8")


FORMAT = Format(
    name="json",
    title="JSON",
    content="the JSON form of xqformats",
    extensions=(".json",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    writer=Writer(_write, lambda game, options: []),
    signature=True,
)
