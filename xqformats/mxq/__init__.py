"""MXQ, the binary game record of the 弈天 (Yitian) game rooms: read only.

Public API::

    game, diagnostics = read_mxq(data, path=None, strict=False)     # Game | None

The layout is ``schemas/mxq.ksy`` (compiled to :mod:`xqformats.layouts.mxq`);
``docs/spec/mxq.md`` is the normative text.  Rule codes: ``Y1xx``
(:mod:`xqformats.mxq.rules`).  Modules, one job each: :mod:`.strings` (the
strings of each section, by the layout or by the fast path held equal to
it), :mod:`.header` (the fields by their place), :mod:`.reader` (the
sections, the moves, the comments).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_mxq

__all__ = ["read_mxq"]

# The reader loads the layout and the model; it is imported on first use, so
# that the rule catalogue (which imports ``mxq.rules``) loads neither.
_LAZY = {"read_mxq": ".reader", "UNREAD_PREFIX": ".reader"}


__getattr__ = lazy_attributes(__name__, _LAZY)
