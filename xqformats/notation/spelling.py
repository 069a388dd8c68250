"""From a spelling to its :class:`~.shape.Shape`: parse once, memoize.

Each notation's grammar (:data:`~.shape.GRAMMAR_FILES`) is tried in turn; the
first that accepts the text hands its parse tree to that notation's builder
(:data:`BUILDERS`, an explicit table: nothing registers itself on import).
The four grammars accept disjoint languages (tests check it), so at most one
applies.

A grammar whose terminals are each one character wide, with none ignored
(Chinese, WXF and ICCS), is not run again for a spelling whose characters
are, position by position, matched by the same terminals as those of a
spelling already parsed (its *signature*, :class:`OneCharParser`): its lexer
then makes the same tokens and its parser the same tree, only the characters
differ.  So each grammar parses once per signature, not once per spelling,
and a spelling holding a character none of its terminals matches is turned
away without a parse (``tests/test_notation_grammar.py`` holds the trees equal
to the parser's).  The builders of those grammars read each character from the
spelling at its token's position, so a new spelling's shape is built on its
signature's tree as it is, not on a copy holding its own characters.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional

from lark import Lark, Token, Tree
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
        tree = _positional_tree(notation, text)
        if tree is not None:
            return BUILDERS[notation](text, tree.children[0])  # type: ignore[arg-type]
    return None


def _positional_tree(notation: Notation, text: str) -> Optional[Tree[Token]]:
    """A parse tree with the shape, token types and token positions of ``text``'s parse (None: refused).

    For a grammar of one-character terminals it is the tree of the first
    spelling of the same signature, as the parser made it: its tokens may
    hold that spelling's characters.  The builders read each character from
    the text at its token's position (``text[tok.start_pos]``), so the tree
    needs no rebuilding (rebuilding it was most of the cost of a new spelling).
    """
    one_char = _one_char_parser(notation)
    if one_char is not None:
        return one_char.template(text)
    try:
        return parser_for(notation).parse(text)
    except LarkError:
        return None


def parse_spelling(notation: Notation, text: str) -> Optional[Tree[Token]]:
    """The parse tree of ``text`` by the grammar of ``notation`` (its ``start`` rule), or None when it does not accept it."""
    tree = _positional_tree(notation, text)
    if tree is None or _one_char_parser(notation) is None:
        return tree
    return _with_characters(tree, text)  # (the signature's tree, with this spelling's characters)


#: Beyond this many distinct characters or signatures, a memo of :class:`OneCharParser` starts afresh.
SIGNATURE_LIMIT = 10_000
#: A signature: for each character of a spelling, the names of the terminals that match it.
Signature = tuple[frozenset[str], ...]


class OneCharParser:
    """A grammar whose terminals are one character wide, parsed once per signature.

    Two spellings of one length whose characters are, position by position,
    matched by the same terminals lex to the same token types (the lexer picks
    among the terminals that match a character, by the parser's state, which
    the token types before it decide), so the parser takes the same steps and
    builds the same tree, but for the tokens' characters.  :meth:`template` looks
    the spelling's signature up: the tree found for it is given as it is (the
    shape builders read the characters from the spelling; :func:`parse_spelling`
    rebuilds it with them); a signature the parser refused is refused again.
    """

    def __init__(self, parser: Lark) -> None:
        self._parser = parser
        self._terminals = [(t.name, re.compile(t.pattern.to_regexp(), parser.options.g_regex_flags)) for t in parser.terminals]
        self._chars: Memo[str, frozenset[str]] = Memo(SIGNATURE_LIMIT)
        self._trees: Memo[Signature, Optional[Tree[Token]]] = Memo(SIGNATURE_LIMIT)

    @staticmethod
    def applies(parser: Lark) -> bool:
        """Whether every terminal of ``parser`` matches exactly one character and none is ignored."""
        widths = {(t.pattern.min_width, t.pattern.max_width) for t in parser.terminals}
        return widths == {(1, 1)} and not parser.lexer_conf.ignore

    def _terminals_of(self, ch: str) -> frozenset[str]:
        names = self._chars.get(ch)
        if names is None:
            names = self._chars.remember(ch, frozenset(name for name, rx in self._terminals if rx.fullmatch(ch)))
        return names

    def template(self, text: str) -> Optional[Tree[Token]]:
        """The tree of the first spelling parsed with the signature of ``text`` (None: refused).

        Its tree's shape, token types and positions are those of ``text``'s
        parse; its tokens' characters are that first spelling's.
        """
        signature = tuple(self._terminals_of(ch) for ch in text)
        if not all(signature):
            return None  # a character no terminal matches: the lexer stops there
        if signature in self._trees:
            return self._trees[signature]
        try:
            found: Optional[Tree[Token]] = self._parser.parse(text)
        except LarkError:
            found = None
        return self._trees.remember(signature, found)


def _with_characters(tree: Tree[Token], text: str) -> Tree[Token]:
    """``tree`` with each token's character replaced by the character of ``text`` at its position."""
    children: list[Any] = [
        _with_characters(c, text) if isinstance(c, Tree) else c.update(value=text[c.start_pos or 0]) for c in tree.children
    ]
    return Tree(tree.data, children)


_ONE_CHAR: dict[Notation, Optional[OneCharParser]] = {}


def _one_char_parser(notation: Notation) -> Optional[OneCharParser]:
    """The :class:`OneCharParser` of a notation's grammar, when it applies (made once)."""
    if notation not in _ONE_CHAR:
        parser = parser_for(notation)
        _ONE_CHAR[notation] = OneCharParser(parser) if OneCharParser.applies(parser) else None
    return _ONE_CHAR[notation]


def shape_of(text: str) -> Optional[Shape]:
    """The shape of ``text`` in whichever notation's grammar accepts it, else None.

    O(1) after the first sight of a spelling (:data:`SHAPES`).
    """
    try:
        return SHAPES[text]
    except KeyError:
        return SHAPES.remember(text, _parse(text))
