"""PlayOK xiangqi records at the front door: recognise, read.

The reader is :func:`xqformats.playok.read_playok`, imported on first use.
One record holds one game; it is not written (``writer`` is ``None``:
``convert`` turns it into any writable format).  No extension is known for
the format (docs/spec/playok.md §1.2): ``.playok`` is claimed, and header
lines from the first line on, one of them a player's line holding a rating
(``RED 许银川;2650``) or an ``EVENT`` line, are a signature, so a ``.txt`` file named on the command line is read by
its content.  A WXF game file has the same shape without either: it is left
to the WXF game file format, registered after this one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .base import Format, Kind, Reading, ReadOptions, text_head

if TYPE_CHECKING:
    from ..source import Source

# docs/spec/playok.md §1.2, §3.1: the first line is a header line (a keyword in capitals) ...
_FIRST = re.compile(rb"[A-Z][A-Z0-9_]*[ \t]")
# ... and, before `START{`, a player's line with `;` and a rating, or an EVENT line (§3.2, §3.5).
_MARK = re.compile(rb"(?m)^[ \t]*(?:(?:RED|BLACK)[ \t][^\r\n;]*;[ \t]*[0-9]|EVENT[ \t]+\S)")


def sniff(head: bytes) -> bool:
    """A PlayOK record starts with a header line, and holds a rated player's line or an
    ``EVENT`` line before ``START{`` (in UTF-8, GBK or UTF-16, its NUL bytes dropped)."""
    head = text_head(head).replace(b"\x00", b"")
    start = head.find(b"START{")
    return _FIRST.match(head) is not None and _MARK.search(head, 0, start if start >= 0 else len(head)) is not None


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..playok import read_playok

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = read_playok(source, strict=options.strict)
    return Reading(games, diagnostics)


FORMAT = Format(
    name="playok",
    title="PlayOK",
    content="a PlayOK record",
    extensions=(".playok",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    # Header lines with a rating or an EVENT line: a WXF game file holds
    # neither, no other format either.
    signature=True,
    rules="xqformats.playok.rules",
)
