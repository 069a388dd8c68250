"""From a spelling to its :class:`~.shape.Shape`: parse once, memoize.

Each notation's grammar (:data:`~.shape.GRAMMAR_FILES`) is tried in turn; the
first that accepts the text hands its parse tree to that notation's builder
(:data:`BUILDERS`, an explicit table: nothing registers itself on import).
The four grammars accept disjoint languages (tests check it), so at most one
applies.
"""

from __future__ import annotations

from typing import Callable, Optional

from lark import Token, Tree
from lark.exceptions import LarkError

from . import chinese, iccs, san, wxf
from .shape import GRAMMAR_FILES, Memo, Notation, Shape, parser_for

#: Parse tree (the ``move`` subtree) → Shape, per notation.
Builder = Callable[[str, Tree[Token]], Shape]
BUILDERS: dict[Notation, Builder] = {
    Notation.CHINESE: chinese.build_shape,
    Notation.WXF: wxf.build_shape,
    Notation.ICCS: iccs.build_shape,
    Notation.SAN: san.build_shape,
}

#: Beyond this many distinct spellings the memo starts afresh.
MEMO_LIMIT = 50_000
#: text → Shape, or None when no grammar accepts the text.
SHAPES: Memo[str, Optional[Shape]] = Memo(MEMO_LIMIT)


def _parse(text: str) -> Optional[Shape]:
    for notation in GRAMMAR_FILES:
        try:
            tree = parser_for(notation).parse(text)
        except LarkError:
            continue
        return BUILDERS[notation](text, tree.children[0])  # type: ignore[arg-type]
    return None


def shape_of(text: str) -> Optional[Shape]:
    """The shape of ``text`` in whichever notation's grammar accepts it, else None.

    O(1) after the first sight of a spelling (:data:`SHAPES`).
    """
    try:
        return SHAPES[text]
    except KeyError:
        return SHAPES.remember(text, _parse(text))
