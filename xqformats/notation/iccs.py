"""ICCS coordinate notation: meaning of the squares, and output.

Syntax is ``grammars/iccs.lark``; canonical output is ``H2-E2`` (``Move.iccs()``).
"""

from __future__ import annotations

from lark import Token, Tree

from ..core import FILE_NAMES, Move, square
from ..diagnostics import Diagnostic, Edit
from .rules import ICCS_SPELLING
from .shape import Notation, Shape, span


def _square(text: str, t: Tree[Token]) -> int:
    """The square of a ``square`` subtree, its file and rank read from ``text`` at the tokens' positions."""
    f: Token = t.children[0]  # type: ignore[assignment]
    r: Token = t.children[1]  # type: ignore[assignment]
    return square(FILE_NAMES.index(text[f.start_pos or 0].lower()), int(text[r.start_pos or 0]))


def build_shape(text: str, move: Tree[Token]) -> Shape:
    """Turn a parse of ``grammars/iccs.lark`` (the ``move`` subtree) into a :class:`Shape`.

    The characters are read from ``text`` at the tokens' positions (the tree
    may be that of another spelling with the same terminals).
    """
    shape = Shape(text, Notation.ICCS, "coords")
    squares = [c for c in move.children if isinstance(c, Tree)]
    shape.from_square = _square(text, squares[0])
    shape.to_square = _square(text, squares[1])
    shape.simple = True
    canonical = Move(shape.from_square, shape.to_square).iccs()
    if text != canonical:
        shape.styles = (
            Diagnostic.of(
                ICCS_SPELLING,
                f"ICCS move `{text}`; canonical `{canonical}`",
                span(0, len(text)),
                fix=[Edit(0, len(text), canonical)],
            ),
        )
    return shape

