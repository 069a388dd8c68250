"""The JSON form of the model at the front door: recognise, read, write (docs/spec/json.md).

A document is recognised by its ``"xqformats"`` member near the start (the
form's own key: a signature, so a ``.txt`` named on the command line is read
by its content too).  The reader and writer are
:func:`xqformats.jsonform.read_json` and :func:`xqformats.jsonform.dumps`,
imported on first use.  The form holds everything the model holds, so the
writer names no loss.
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING, Any, Mapping

from .base import Format, Kind, Reading, ReadOptions, TextLayout, Writer, text_head

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


@functools.cache
def _frame() -> tuple[str, str, str]:
    """``(head, separator, tail)`` of the document :func:`~xqformats.jsonform.dumps` writes.

    Found from ``dumps`` itself (a document of no game, of one, of two), so
    that the document's layout is stated once, there: a document of games is
    the head, each game's text joined by the separator, the tail.
    """
    from ..jsonform import dumps
    from ..model import Game

    empty, one, two = dumps([]), dumps([Game()]), dumps([Game(), Game()])
    head = os.path.commonprefix([empty, one])
    tail = os.path.commonprefix([empty[::-1], one[::-1]])[::-1][: len(empty) - len(head)]
    game = one[len(head) : len(one) - len(tail)]
    separator = two[len(head) + len(game) : len(two) - len(tail) - len(game)]
    if empty != head + tail or two != head + game + separator + game + tail:
        raise AssertionError("jsonform.dumps no longer writes a head, games joined by a separator, a tail")
    return head, separator, tail


def _game_text(game: "Game", options: Mapping[str, Any]) -> str:
    from ..jsonform import dumps

    head, _, tail = _frame()
    return dumps([game])[len(head) : -len(tail)]


FORMAT = Format(
    name="json",
    title="JSON",
    content="the JSON form of xqformats",
    extensions=(".json",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    writer=Writer(TextLayout(_game_text, _frame), lambda game, options: []),
    signature=True,
)
