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
from typing import Optional

from lark import Lark, Token, Tree

from ..resources import format_parser

__all__ = ["Piece", "Block", "Record", "Document", "parse_document", "parser"]


#: What a block's name follows in its opening and closing tags (docs/spec/dhtmlxq.md §2.1).
_OPEN_PREFIX = len("[DhtmlXQ_")
_CLOSE_PREFIX = len("[/DhtmlXQ_")


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

    @property
    def close_name(self) -> Optional[str]:
        return None if self.close is None else self.close.text[_CLOSE_PREFIX:-1]

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


def _block(tree: Tree[Token]) -> Block:
    tokens = [_piece(t) for t in tree.children if isinstance(t, Token)]
    head = tokens[0]
    close = tokens[-1] if len(tokens) > 1 and tokens[-1].kind == "CLOSE" else None
    body = tuple(tokens[1:-1] if close is not None else tokens[1:])
    return Block(str(tree.data), head.text[_OPEN_PREFIX:-1], head, body, close)


def _stray(tree: Tree[Token]) -> Piece:
    tok = tree.children[0]
    assert isinstance(tok, Token)
    return _piece(tok)


def _record(tree: Tree[Token]) -> Record:
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
            blocks.append(_block(child))
    return Record(tuple(blocks), head, close, tuple(strays))


def parse_document(text: str) -> Document:
    """The records of ``text``; never raises (the grammar accepts any text)."""
    tree = parser().parse(text)
    records: list[Record] = []
    loose: list[Block] = []
    loose_at: Optional[int] = None
    strays: list[Piece] = []
    for child in tree.children:
        assert isinstance(child, Tree)
        kind = child.data
        if kind == "record":
            records.append(_record(child))
        elif kind in ("stray_close", "stray_record_close"):
            strays.append(_stray(child))
        elif kind != "text":
            if loose_at is None:
                loose_at = len(records)
            loose.append(_block(child))
    if loose_at is not None:
        records.insert(loose_at, Record(tuple(loose)))
    return Document(tuple(records), tuple(strays))
