"""DhtmlXQ (UBB), the record format of 东萍象棋网 and of forum posts: read and write.

Public API::

    read_dhtmlxq(text, *, strict=False, path=None) -> (games, diagnostics)
    write_dhtmlxq(game) -> str
    dhtmlxq_losses(game) -> list[str]

The syntax is ``grammars/dhtmlxq.lark``; the meaning is docs/spec/dhtmlxq.md;
the choices and the header table are in ``docs/dhtmlxq.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_dhtmlxq
    from .writer import dhtmlxq_losses, write_dhtmlxq

__all__ = ["read_dhtmlxq", "write_dhtmlxq", "dhtmlxq_losses"]

# The reader loads Lark and the grammar; it is imported on first use, so that
# the rule catalogue (which imports ``dhtmlxq.rules``) loads neither.
_LAZY = {"read_dhtmlxq": ".reader", "write_dhtmlxq": ".writer", "dhtmlxq_losses": ".writer"}


__getattr__ = lazy_attributes(__name__, _LAZY)
