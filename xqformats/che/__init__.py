"""QQ新中国象棋 CHE (``.che``, a text of integers): read and write.

Public API::

    read_che(text, *, strict=False, path=None) -> (games, diagnostics)
    write_che(game) -> str
    che_losses(game) -> list[str]

The syntax is ``grammars/che.lark``; the meaning is docs/spec/che.md; the
choices are in ``docs/che.md``.  Rule codes: ``Q1xx`` (:mod:`.rules`).
Modules: :mod:`.reader`, :mod:`.writer`, :mod:`.squares` (how a record names
squares and pieces, shared by both).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_che
    from .writer import che_losses, write_che

__all__ = ["read_che", "write_che", "che_losses"]

# The reader loads Lark and the grammar; it is imported on first use, so that
# the rule catalogue (which imports ``che.rules``) loads neither.
_LAZY = {"read_che": ".reader", "write_che": ".writer", "che_losses": ".writer"}


__getattr__ = lazy_attributes(__name__, _LAZY)
