"""Parse any text with ``grammars/dhtmlxq.lark`` into :class:`Document` (records of blocks).

The Lark LALR parser (contextual lexer) is built once per thread, lazily, from
the private Lark cache (:func:`~xqformats.resources.lark_cache_path`).  The
grammar accepts every text (its catch-all ``TEXT`` takes what no block marker
starts), so a parse never fails; what the grammar accepts only permissively
(a block without its closing tag, a closing tag that names another block or
closes none) is reported by :mod:`.lowering` from the tree built here.

Positions are character offsets into the text parsed; the reader's
:class:`~xqformats.diagnostics.DiagnosticSink` turns them into file spans.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from lark import Lark, Token, Tree

from ..resources import format_parser

#: What a block's name follows in its opening and closing tags (docs/spec/dhtmlxq.md §2.1).
_OPEN_PREFIX = len("[DhtmlXQ_")
_CLOSE_PREFIX = len("[/DhtmlXQ_")

#: The name a block's opening or closing tag gives (the text of the tag in, the name out).
#: The tree of blocks is the same for the UBB formats that share DhtmlXQ's shape
#: (DHJHtmlXQ's, :mod:`xqformats.dhjhtmlxq.grammar`); only their tags name blocks differently.
NameOf = Callable[[str], str]


def _dhtmlxq_name(tag: str) -> str:
    """The name ``[DhtmlXQ_name]`` or ``[/DhtmlXQ_name]`` gives."""
    return tag[_CLOSE_PREFIX:-1] if tag.startswith("[/") else tag[_OPEN_PREFIX:-1]


@dataclass(frozen=True, slots=True)
class Piece:
    """One token: its terminal (``MOVE``, ``DIGITS``, ``JUNK``, ``VALUE``, …), text and offsets."""

    kind: str
    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Block:
    """One ``[DhtmlXQ_name]…[/DhtmlXQ_name]`` block.

    ``kind`` is its rule (``tag``, ``binit``, ``movelist``, ``branch``,
    ``comment``); ``name`` what stands between ``[DhtmlXQ_`` and ``]`` in its
    opening tag; ``head`` that tag; ``body`` the tokens of its value;
    ``close`` its closing tag (``None`` when it has none) and ``close_name``
    the name that tag gives.
    """

    kind: str
    name: str
    head: Piece
    body: tuple[Piece, ...]
    close: Optional[Piece]
    close_name: Optional[str] = None

    @property
    def start(self) -> int:
        return self.head.start

    @property
    def end(self) -> int:
        if self.close is not None:
            return self.close.end
        return self.body[-1].end if self.body else self.head.end


@dataclass(frozen=True, slots=True)
class Record:
    """The blocks of one game: a ``[DhtmlXQ]`` wrapper's (``head`` set), or those outside any wrapper.

    ``close`` is the wrapper's closing tag (``None`` when it has none);
    ``strays`` the closing tags inside it that close no block.
    """

    blocks: tuple[Block, ...]
    head: Optional[Piece] = None
    close: Optional[Piece] = None
    strays: tuple[Piece, ...] = ()


@dataclass(frozen=True, slots=True)
class Document:
    """What a text holds: its records in order, and the stray closing tags outside them.

    The blocks outside any wrapper form one record, placed where the first of
    them stands (docs/spec/dhtmlxq.md §2.2).
    """

    records: tuple[Record, ...]
    strays: tuple[Piece, ...]


def parser() -> Lark:
    """This thread's parser (built once; the grammar file is the spec)."""
    return format_parser("dhtmlxq", "document")


def _piece(tok: Token) -> Piece:
    start = tok.start_pos
    end = tok.end_pos
    assert start is not None and end is not None, "the lexer's tokens carry their offsets"
    return Piece(tok.type, str(tok), start, end)


#: The terminals that close a block (DhtmlXQ's one; DHJHtmlXQ's comments have their own).
_CLOSERS = frozenset({"CLOSE", "COMMENT_CLOSE"})


def _block(tree: Tree[Token], name_of: NameOf) -> Block:
    tokens = _pieces(tree)
    head = tokens[0]
    close = tokens[-1] if len(tokens) > 1 and tokens[-1].kind in _CLOSERS else None
    body = tuple(tokens[1:-1] if close is not None else tokens[1:])
    return Block(str(tree.data), name_of(head.text), head, body, close, None if close is None else name_of(close.text))


def _pieces(tree: Tree[Token]) -> list[Piece]:
    """The pieces of ``tree``'s tokens, each Lark token let go as its piece is made.

    A damaged block can hold a token per character (`.7.7.7…`, junk between
    lone digits): holding every token and every piece at once cost about 218
    bytes of transient memory per input byte (tests/fuzz/README.md).
    """
    children = tree.children
    tree.children = []
    children.reverse()
    pieces: list[Piece] = []
    while children:
        child = children.pop()
        if isinstance(child, Token):
            pieces.append(_piece(child))
    return pieces


def _stray(tree: Tree[Token]) -> Piece:
    tok = tree.children[0]
    assert isinstance(tok, Token)
    return _piece(tok)


def _record(tree: Tree[Token], name_of: NameOf) -> Record:
    head: Optional[Piece] = None
    close: Optional[Piece] = None
    blocks: list[Block] = []
    strays: list[Piece] = []
    for child in tree.children:
        if isinstance(child, Token):
            if child.type == "RECORD_OPEN":
                head = _piece(child)
            else:
                close = _piece(child)
        elif child.data == "stray_close":
            strays.append(_stray(child))
        elif child.data != "text":
            blocks.append(_block(child, name_of))
    return Record(tuple(blocks), head, close, tuple(strays))


def parse_document(text: str) -> Document:
    """The records of ``text``; never raises (the grammar accepts any text)."""
    return document_of(parser().parse(text), _dhtmlxq_name)


def document_of(tree: Tree[Token], name_of: NameOf) -> Document:
    """The records of a parse tree of the shape of ``grammars/dhtmlxq.lark``'s ``document``.

    ``name_of`` gives the name of a block from its tags' text.  Used for
    DhtmlXQ and for the UBB formats whose grammar has the same rules
    (``document``, ``record``, ``stray_close``, ``stray_record_close``,
    ``text`` and the blocks).
    """
    records: list[Record] = []
    loose: list[Block] = []
    loose_at: Optional[int] = None
    strays: list[Piece] = []
    for child in tree.children:
        assert isinstance(child, Tree)
        kind = child.data
        if kind == "record":
            records.append(_record(child, name_of))
        elif kind in ("stray_close", "stray_record_close"):
            strays.append(_stray(child))
        elif kind != "text":
            if loose_at is None:
                loose_at = len(records)
            loose.append(_block(child, name_of))
    if loose_at is not None:
        records.insert(loose_at, Record(tuple(loose)))
    return Document(tuple(records), tuple(strays))
