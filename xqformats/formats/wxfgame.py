"""WXF game files (``.wxf``) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.wxfgame.read_wxfgame` and
:func:`xqformats.wxfgame.write_wxfgame`, imported on first use.  A WXF game
file is recognised by its first line: a header keyword (``FORMAT WXF``,
``GAME``, ``RED``, …), ``START{`` or a ``/*`` comment (docs/spec/wxfgame.md §2.1).
A ``.wxf`` file that holds a bare numbered move list is PGN movetext: it is read
as PGN (the front door's G105 names the mismatch).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .base import Format, Kind, Reading, ReadOptions, Writer, text_head

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source

_FIRST_LINE = re.compile(rb"(?:FORMAT|GAME|RED|BLACK|DATE|RESULT)(?:[ \t\r\n]|\Z)|START\{|/\*")


def sniff(head: bytes) -> bool:
    """A WXF game file starts with a header keyword, ``START{`` or a ``/*`` comment."""
    return _FIRST_LINE.match(text_head(head).replace(b"\x00", b"")) is not None


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..wxfgame import read_wxfgame

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = read_wxfgame(source, strict=options.strict)
    return Reading(games, diagnostics)


def _write(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..wxfgame import write_wxfgame

    if len(games) != 1:
        raise ValueError(f"A WXF game file holds one game, not {len(games)}")
    return write_wxfgame(games[0]).encode(options.get("encoding") or "utf-8")


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.wxfgame.write_wxfgame` cannot keep of ``game``: the writer's declaration (:data:`~xqformats.wxfgame.writer.CARRIES`)."""
    from ..losses import report
    from ..wxfgame.writer import CARRIES

    return report(game, CARRIES)


FORMAT = Format(
    name="wxfgame",
    title="WXF game file",
    content="a WXF game file",
    extensions=(".wxf",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    writer=Writer(_write, _losses, max_games=1),
    rules="xqformats.wxfgame.rules",
)
