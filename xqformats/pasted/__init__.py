"""Pasted text: a bare move list, a FEN or a UCCI ``position`` line, read as one game.

Public API::

    games, diagnostics = read_pasted(text, strict=False, path=None)   # at most one game

``grammars/pasted.lark`` states the line shapes; ``docs/spec/pasted.md`` is
the normative text.  Lines of moves are PGN movetext, read by the PGN reader
(:mod:`xqformats.pgn`); FENs by :func:`xqformats.fen.parse_fen`; moves by
:mod:`xqformats.notation`.  Rule codes: ``A1xx`` (:mod:`xqformats.pasted.rules`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_pasted

__all__ = ["read_pasted"]

_LAZY = {"read_pasted": ".reader"}


__getattr__ = lazy_attributes(__name__, _LAZY)
