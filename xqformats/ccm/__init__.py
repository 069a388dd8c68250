"""CCM, the binary game record of 中国游戏中心 (China Game Center): read only.

Public API::

    game, diagnostics = read_ccm(data, path=None, strict=False)     # Game | None

The layout is ``schemas/ccm.ksy`` (compiled to :mod:`xqformats.layouts.ccm`);
``docs/spec/ccm.md`` is the normative text.  Rule codes: ``Z1xx``
(:mod:`xqformats.ccm.rules`).  Modules: :mod:`.reader` (the file),
:mod:`.moves` (coordinate move records and the board's orientation, shared
with CHN, :mod:`xqformats.chn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_ccm

__all__ = ["read_ccm"]

# The reader loads the layout and the model; imported on first use, so that
# the rule catalogue (which imports ``ccm.rules``) loads neither.
_LAZY = {"read_ccm": ".reader", "UNREAD_PREFIX": ".reader"}


__getattr__ = lazy_attributes(__name__, _LAZY)
