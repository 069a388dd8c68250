"""The JSON form of the model at the front door: recognise, read, write (docs/spec/json.md).

A document is recognised by its ``"xqformats"`` member near the start (the
form's own key: a signature, so a ``.txt`` named on the command line is read
by its content too).  The reader is :func:`xqformats.jsonform.codec.read_json`;
the writer writes :data:`~xqformats.jsonform.codec.DOCUMENT_FRAME` around each
game's :func:`~xqformats.jsonform.codec.dump_game` (what
:func:`~xqformats.jsonform.codec.dumps` does at once), imported on first use.  The form holds everything the model holds, so the
writer names no loss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .base import Format, Kind, Reading, ReadOptions, TextLayout, Writer, text_head

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source


def sniff(head: bytes) -> bool:
    """A JSON object whose first bytes hold the form's key ``"xqformats"``."""
    return text_head(head).startswith(b"{") and b'"xqformats"' in head


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..jsonform.codec import read_json

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = read_json(source.text, path=source.name, strict=options.strict)
    return Reading(games, diagnostics)


def _frame() -> tuple[str, str, str]:
    """``(head, separator, tail)`` of a document of games (:data:`~xqformats.jsonform.codec.DOCUMENT_FRAME`)."""
    from ..jsonform.codec import DOCUMENT_FRAME

    return DOCUMENT_FRAME


def _game_text(game: "Game", options: Mapping[str, Any]) -> str:
    from ..jsonform.codec import dump_game

    return dump_game(game)


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """Nothing: the form holds all the model holds (:data:`~xqformats.jsonform.codec.CARRIES` declares no loss)."""
    from ..jsonform.codec import CARRIES
    from ..losses import report

    return report(game, CARRIES)


FORMAT = Format(
    name="json",
    title="JSON",
    content="the JSON form of xqformats",
    extensions=(".json",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    writer=Writer(TextLayout(_game_text, _frame), _losses),
    signature=True,
    # Most `.json` files hold no record (package.json): a folder search takes the JSON form only (issue 28, item 10).
    folder_sniff=True,
    rules="xqformats.jsonform.rules",
)
