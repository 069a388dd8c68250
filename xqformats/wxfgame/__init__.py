"""WXF game files (``.wxf``: ``FORMAT WXF`` … ``START{ … }END``): read and write.

Public API::

    read_wxfgame(text, *, strict=False, path=None) -> (games, diagnostics)
    write_wxfgame(game) -> str
    wxfgame_losses(game) -> list[str]

The syntax is ``grammars/wxfgame.lark``; the meaning is docs/spec/wxfgame.md;
the choices are in ``docs/wxfgame.md``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import rules

if TYPE_CHECKING:
    from .reader import read_wxfgame
    from .writer import write_wxfgame, wxfgame_losses

__all__ = ["read_wxfgame", "write_wxfgame", "wxfgame_losses", "rules"]

# The reader loads Lark and the grammar; it is imported on first use, so that
# the rule catalogue (which imports ``wxfgame.rules``) loads neither.
_LAZY = {"read_wxfgame": ".reader", "write_wxfgame": ".writer", "wxfgame_losses": ".writer"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
