"""WXF game files (``.wxf``: ``FORMAT WXF`` … ``START{ … }END``): read and write.

Public API::

    read_wxfgame(text, *, strict=False, path=None) -> (games, diagnostics)
    write_wxfgame(game) -> str
    wxfgame_losses(game) -> list[str]

The syntax is ``grammars/wxfgame.lark``; the meaning is docs/spec/wxfgame.md;
the choices are in ``docs/wxfgame.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_wxfgame
    from .writer import write_wxfgame, wxfgame_losses

__all__ = ["read_wxfgame", "write_wxfgame", "wxfgame_losses"]

# The reader loads Lark and the grammar; it is imported on first use, so that
# the rule catalogue (which imports ``wxfgame.rules``) loads neither.
_LAZY = {"read_wxfgame": ".reader", "write_wxfgame": ".writer", "wxfgame_losses": ".writer"}


__getattr__ = lazy_attributes(__name__, _LAZY)
