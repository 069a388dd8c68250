"""CHN, the binary game record of the 联众 (Lianzhong) game rooms: read only.

Public API::

    game, diagnostics = read_chn(data, path=None, strict=False)     # Game | None

The layout is ``schemas/chn.ksy`` (compiled to :mod:`xqformats.layouts.chn`);
``docs/spec/chn.md`` is the normative text.  Rule codes: ``L1xx``
(:mod:`xqformats.chn.rules`).  The move records are read as CCM's are
(:mod:`xqformats.ccm.moves`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_chn

__all__ = ["read_chn"]

_LAZY = {"read_chn": ".reader", "UNREAD_PREFIX": ".reader"}


__getattr__ = lazy_attributes(__name__, _LAZY)
