"""WXF game files (``.wxf``: ``FORMAT WXF`` … ``START{ … }END``): read and write.

Public API::

    read_wxfgame(text, *, strict=False, path=None) -> (games, diagnostics)
    write_wxfgame(game) -> str
    wxfgame_losses(game) -> list[str]

The syntax is ``grammars/wxfgame.lark``; the meaning is docs/spec/wxfgame.md;
the choices are in ``docs/wxfgame.md``.
"""

from __future__ import annotations

from . import rules
from .reader import read_wxfgame
from .writer import write_wxfgame, wxfgame_losses

__all__ = ["read_wxfgame", "write_wxfgame", "wxfgame_losses", "rules"]
