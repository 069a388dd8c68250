"""XQR (XiangQi Replay), the open binary record proposal: read and write.

Public API::

    game, diagnostics = read_xqr(data, path=None, strict=False)     # Game | None
    data = write_xqr(game)                                           # bytes

The layout is ``schemas/xqr.ksy`` (compiled to :mod:`xqformats.layouts.xqr`);
``docs/spec/xqr.md`` is the normative text.  Rule codes: ``V1xx``
(:mod:`xqformats.xqr.rules`).  Modules, one job each: :mod:`.header` (the
header items), :mod:`.reader` (the file, the tree, the CRC), :mod:`.writer`
(the bytes, and what they cannot hold: ``CARRIES``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_xqr
    from .writer import write_xqr

__all__ = ["read_xqr", "write_xqr"]

# The reader and the writer load the layout and the model; they are imported
# on first use, so that the rule catalogue (which imports ``xqr.rules``) loads neither.
_LAZY = {"read_xqr": ".reader", "UNREAD_PREFIX": ".reader", "write_xqr": ".writer"}


__getattr__ = lazy_attributes(__name__, _LAZY)
