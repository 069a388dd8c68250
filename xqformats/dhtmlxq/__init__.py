"""DhtmlXQ (UBB), the record format of 东萍象棋网 and of forum posts: read and write.

Public API::

    read_dhtmlxq(text, *, strict=False, path=None) -> (games, diagnostics)
    write_dhtmlxq(game) -> str
    dhtmlxq_losses(game) -> list[str]

The syntax is ``grammars/dhtmlxq.lark``; the meaning is docs/spec/dhtmlxq.md;
the choices and the header table are in ``docs/dhtmlxq.md``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import rules

if TYPE_CHECKING:
    from .reader import read_dhtmlxq
    from .writer import dhtmlxq_losses, write_dhtmlxq

__all__ = ["read_dhtmlxq", "write_dhtmlxq", "dhtmlxq_losses", "rules"]

# The reader loads Lark and the grammar; it is imported on first use, so that
# the rule catalogue (which imports ``dhtmlxq.rules``) loads neither.
_LAZY = {"read_dhtmlxq": ".reader", "write_dhtmlxq": ".writer", "dhtmlxq_losses": ".writer"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
