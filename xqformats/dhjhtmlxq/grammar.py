"""Parse any text with ``grammars/dhjhtmlxq.lark`` into a :class:`~xqformats.dhtmlxq.grammar.Document`.

The grammar has the shape of DhtmlXQ's (the same rules, other terminals), so
the tree becomes records of blocks through DhtmlXQ's own routine
(:func:`~xqformats.dhtmlxq.grammar.document_of`); only the names differ, which
:func:`block_name` gives.  The parser is built once per thread, lazily, from
the private Lark cache.  A parse never fails (the catch-all ``TEXT`` takes
what no marker starts); positions are character offsets into the text.
"""

from __future__ import annotations

from lark import Lark

from ..dhtmlxq.grammar import Document, document_of
from ..resources import format_parser

#: What every tag of a block and of a wrapper starts with (docs/spec/dhjhtmlxq.md §2.1).
MARKER = "DHJHtmlXQ"
_TAG = MARKER + "_"
#: The comments' markers (docs/spec/dhjhtmlxq.md §5.1): `game_comment_…` and `comment_…` name one block.
_GAME = "game_"


def parser() -> Lark:
    """This thread's parser (built once; the grammar file is the spec)."""
    return format_parser("dhjhtmlxq", "document")


def block_name(tag: str) -> str:
    """The name a block's opening or closing tag gives: ``31`` for ``[DHJHtmlXQ_31]``, ``comment_0_5`` for a comment's.

    ``[game_comment_0_5]`` and ``[comment_0_5]`` name the same block, so
    that either closes the other (docs/spec/dhjhtmlxq.md §5.1).
    """
    inner = tag[2:-1] if tag.startswith("[/") else tag[1:-1]
    if inner.startswith(_TAG):
        return inner[len(_TAG):]
    return inner[len(_GAME):] if inner.startswith(_GAME) else inner


def parse_document(text: str) -> Document:
    """The records of ``text``; never raises (the grammar accepts any text)."""
    return document_of(parser().parse(text), block_name)
