"""MXQ (the 弈天 game rooms' binary record) at the front door: recognise, read.

The reader is :func:`xqformats.mxq.read_mxq`, imported on first use.  One
file holds one game.  MXQ is not written (``writer`` is ``None``): ``convert``
turns it into any writable format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Format, Kind, Reading, ReadOptions

if TYPE_CHECKING:
    from ..source import Source

#: The marker string ending the header fields, with its length byte (docs/spec/mxq.md §2.1).
_MOVES = b"\x05Moves"


def sniff(head: bytes) -> bool:
    """An MXQ file is length-prefixed strings from its first byte, one of them the marker ``Moves``.

    The strings are followed from the first byte (by the layout): the marker
    must be one of them, not merely somewhere in the bytes (a 象棋世家 text
    file holds the word too).
    """
    if _MOVES not in head:
        return False
    from ..mxq.reader import parse  # (only for bytes that may be one)

    layout = parse(head)
    found: list[Any] = getattr(layout, "fields", None) or []
    return len(found) > 1 and bool(found[-1].is_moves_marker)


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..mxq import read_mxq

    game, diagnostics = read_mxq(source.data or b"", path=source.name, strict=options.strict)
    return Reading([game] if game is not None else [], list(diagnostics))


FORMAT = Format(
    name="mxq",
    title="MXQ",
    content="an MXQ record (弈天)",
    extensions=(".mxq",),
    kind=Kind.BINARY,
    sniff=sniff,
    reader=_read,
    # Strings chained by their length bytes from byte 0 to the marker `Moves`:
    # no text format is laid out so (a signature).
    signature=True,
    rules="xqformats.mxq.rules",
)
