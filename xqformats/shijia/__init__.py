"""象棋世家 (ShiJia) text records: read only.

Public API::

    games, diagnostics = read_shijia(text, strict=False, path=None)   # one game

The syntax is ``grammars/shijia.lark``; ``docs/spec/shijia.md`` is the
normative text.  Rule codes: ``S1xx`` (:mod:`xqformats.shijia.rules`).
Modules, one job each: :mod:`.setup` (the set-up's point numbers),
:mod:`.reader` (the parts, the moves, the comments).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_shijia

__all__ = ["read_shijia"]

# The reader loads Lark and the model; it is imported on first use, so that
# the rule catalogue (which imports ``shijia.rules``) loads neither.
_LAZY = {"read_shijia": ".reader", "UNREAD_PREFIX": ".reader"}


__getattr__ = lazy_attributes(__name__, _LAZY)
