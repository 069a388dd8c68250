"""DHJHtmlXQ (UBB), the record format of 广东象棋网's 打虎将 viewer: read and write.

Public API::

    read_dhjhtmlxq(text, *, strict=False, path=None) -> (games, diagnostics)
    write_dhjhtmlxq(game) -> str
    dhjhtmlxq_losses(game) -> list[str]

The syntax is ``grammars/dhjhtmlxq.lark`` (DhtmlXQ's shape, other markers);
the meaning is docs/spec/dhjhtmlxq.md; the user's page is ``docs/dhjhtmlxq.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_dhjhtmlxq
    from .writer import dhjhtmlxq_losses, write_dhjhtmlxq

__all__ = ["read_dhjhtmlxq", "write_dhjhtmlxq", "dhjhtmlxq_losses"]

# The reader loads Lark and the grammar; it is imported on first use, so that
# the rule catalogue (which imports ``dhjhtmlxq.rules``) loads neither.
_LAZY = {"read_dhjhtmlxq": ".reader", "write_dhjhtmlxq": ".writer", "dhjhtmlxq_losses": ".writer"}


__getattr__ = lazy_attributes(__name__, _LAZY)
