"""CHN (联众's binary record) at the front door: recognise, read.

The reader is :func:`xqformats.chn.read_chn`, imported on first use.  One
file holds one game.  CHN is not written (``writer`` is ``None``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Format, Kind, Reading, ReadOptions

if TYPE_CHECKING:
    from ..source import Source


def sniff(head: bytes) -> bool:
    """A CHN file is a 188-byte header, then 32-byte records whose columns are 0–8 and rows 0–9,
    each between two different points (so that zeros are no game).

    Every whole record of ``head`` is checked (by the layout), and there must be
    one: a weak sniff (the header's content is not known), for a ``.chn`` file
    or one named otherwise.
    """
    if len(head) < 188 + 32:
        return False
    from ..chn.reader import parse  # (only for bytes that may be one)

    layout = parse(head)
    records: list[Any] = getattr(layout, "moves", None) or []
    return bool(records) and all(r.on_board and (r.from_x, r.from_y) != (r.to_x, r.to_y) for r in records)


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..chn import read_chn

    game, diagnostics = read_chn(source.data or b"", path=source.name, strict=options.strict)
    return Reading([game] if game is not None else [], list(diagnostics))


FORMAT = Format(
    name="chn",
    title="CHN",
    content="a CHN record (联众)",
    extensions=(".chn",),
    kind=Kind.BINARY,
    sniff=sniff,
    reader=_read,
    rules="xqformats.chn.rules",
)
