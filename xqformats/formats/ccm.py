"""CCM (中国游戏中心's binary record) at the front door: recognise, read.

The reader is :func:`xqformats.ccm.read_ccm`, imported on first use.  One
file holds one game.  CCM is not written (``writer`` is ``None``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Format, Kind, Reading, ReadOptions

if TYPE_CHECKING:
    from ..source import Source


def sniff(head: bytes) -> bool:
    """A CCM file is the byte 1, then seven-byte records whose columns are 0–8 and rows 0–9, each
    between two different points (so that zeros are no game).

    Every whole record of ``head`` is checked (by the layout), and there must be
    one: a weak sniff (no magic number), for a ``.ccm`` file or one named otherwise.
    """
    if len(head) < 8 or head[0] != 1:
        return False
    from ..ccm.reader import parse  # (only for bytes that may be one)

    layout = parse(head)
    records: list[Any] = getattr(layout, "moves", None) or []
    return bool(records) and all(r.on_board and (r.from_x, r.from_y) != (r.to_x, r.to_y) for r in records)


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..ccm import read_ccm

    game, diagnostics = read_ccm(source.data or b"", path=source.name, strict=options.strict)
    return Reading([game] if game is not None else [], list(diagnostics))


FORMAT = Format(
    name="ccm",
    title="CCM",
    content="a CCM record (中国游戏中心)",
    extensions=(".ccm",),
    kind=Kind.BINARY,
    sniff=sniff,
    reader=_read,
    rules="xqformats.ccm.rules",
)
