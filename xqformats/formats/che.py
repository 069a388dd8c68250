"""QQ新中国象棋 CHE (``.che``) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.che.read_che` and
:func:`xqformats.che.write_che`, imported on first use.  A CHE text is
recognised by its first integer, standing alone (docs/spec/che.md §2.1); it
is registered before PGN, whose sniff takes any text starting with a digit.
One file holds one game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .base import Format, Kind, Reading, ReadOptions, Writer, text_head

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source

# An integer standing alone (docs/spec/che.md §2.1, §2.2): PGN's first move number has its dot.
_HEAD = re.compile(rb"[0-9]+(?:[ \t\r\n]|\Z)")


def sniff(head: bytes) -> bool:
    """A CHE text starts with an integer followed by white space (the header ``1 N``), or is that integer alone.

    Any version, so that a ``.che`` file whose header is damaged is still read
    as CHE and its findings given; a PGN record never starts so (its move
    numbers have their dot).
    """
    return _HEAD.match(text_head(head)) is not None


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..che import read_che

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = read_che(source, strict=options.strict)
    return Reading(games, diagnostics)


def _write(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..che import write_che

    if len(games) != 1:
        raise ValueError(f"A CHE record holds one game, not {len(games)}")
    return write_che(games[0]).encode(options.get("encoding") or "ascii")


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.che.write_che` cannot keep of ``game``: the writer's declaration (:data:`~xqformats.che.writer.CARRIES`)."""
    from ..che.writer import CARRIES
    from ..losses import report

    return report(game, CARRIES)


FORMAT = Format(
    name="che",
    title="QQ CHE",
    content="a QQ CHE record (QQ新中国象棋)",
    extensions=(".che",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    writer=Writer(_write, _losses, max_games=1),
    rules="xqformats.che.rules",
)
