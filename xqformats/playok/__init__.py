"""PlayOK xiangqi records: read only.

Public API::

    games, diagnostics = read_playok(text, strict=False, path=None)   # one game

The syntax is ``grammars/playok.lark`` (a move: ``grammars/wxf.lark``);
``docs/spec/playok.md`` is the normative text.  Rule codes: ``O1xx``
(:mod:`xqformats.playok.rules`).  Modules, one job each: :mod:`.header`
(what each header line becomes), :mod:`.reader` (the parts, the moves).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_playok

__all__ = ["read_playok"]

# The reader loads Lark and the model; it is imported on first use, so that
# the rule catalogue (which imports ``playok.rules``) loads neither.
_LAZY = {"read_playok": ".reader"}


__getattr__ = lazy_attributes(__name__, _LAZY)
