"""象棋世家 (ShiJia) text records at the front door: recognise, read.

The reader is :func:`xqformats.shijia.read_shijia`, imported on first use.
One record holds one game; it is not written (``writer`` is ``None``:
``convert`` turns it into any writable format).  No extension is known for
the format (docs/spec/shijia.md §1.2): ``.shijia`` is claimed, and the marker
``Moves`` followed by a move ``FR-FR`` or by ``Ends`` is a signature, so a
``.txt`` file named on the command line is read by its content.  An MXQ file
holds the same words between length bytes: what MXQ's sniff takes is not
taken here (the format is registered before PGN, whose sniff takes any text
that starts with a digit, as a set-up does).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from . import mxq
from .base import Format, Kind, Reading, ReadOptions

if TYPE_CHECKING:
    from ..source import Source

# docs/spec/shijia.md §2.1, §2.2: `Moves` as a whole word, then a first move or `Ends`
# (separators: blanks and control characters); UTF-16 text is tried without its NUL bytes.
_SEP = rb"[\x00-\x20\x7f]"
_SIGNATURE = re.compile(rb"(?:\A|" + _SEP + rb")Moves" + _SEP + rb"+(?:[0-9][A-Za-z]-[0-9][A-Za-z]|Ends)(?:" + _SEP + rb"|\Z)")


def sniff(head: bytes) -> bool:
    """A ShiJia record holds the marker ``Moves``, then a move ``FR-FR`` or the marker ``Ends``,
    and is no MXQ file (whose strings chain to the same marker)."""
    found = _SIGNATURE.search(head) is not None or (b"\x00" in head and _SIGNATURE.search(head.replace(b"\x00", b"")) is not None)
    return found and not mxq.sniff(head)


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..shijia import read_shijia

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = read_shijia(source, strict=options.strict)
    return Reading(games, diagnostics)


FORMAT = Format(
    name="shijia",
    title="象棋世家 (ShiJia)",
    content="a 象棋世家 (ShiJia) record",
    extensions=(".shijia",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    # `Moves` then a move `FR-FR` or `Ends`: no other text format is laid out so
    # (MXQ's bytes are, and the sniff leaves them to MXQ).
    signature=True,
    rules="xqformats.shijia.rules",
)
