"""Write a game as a PFC record, and say what the format cannot hold (docs/spec/pfc.md §5).

The record is vschess's layout: the XML declaration, then the root ``<n>``
with ``version="2"``, ``win`` (the result), ``m`` (the start as FEN), ``c``
(the opening comment), the information attributes (:mod:`.attributes`) and
``result``; inside it, each move a nested ``<n m="h2e2" c="…">``, the first
child of a node (the model's main line) marked ``default="true"``.

:class:`PfcWriter` is a visitor in tree order that needs no positions: each
move's element is made inside its parent's, children in the model's order.
lxml escapes what an attribute cannot hold as it is (``"``, ``&``, ``<``,
line breaks and tabs as character references), so every comment reads back
as written; characters XML cannot hold at all (most C0 controls, lone
surrogates) are written as U+FFFD, a loss :data:`CARRIES` names.
"""

from __future__ import annotations

import re
from typing import Optional

from lxml import etree

from ..losses import Before, Blank, Carries, Fate, HeaderFate, HeaderFates, Loss, Lost, report
from ..model import Game, Node
from ..position import Position
from ..visitor import BaseVisitor, Order
from .attributes import attribute_for_header
from .xmltext import MAX_DEPTH

#: The encodings the writer writes (what the reader takes; a character the encoding lacks becomes a character reference).
ENCODINGS = ("utf-8", "gbk", "gb18030")
#: Headers written from the game itself (the start, the result) or describing another format.
_NOT_ATTRIBUTES = frozenset({"FEN", "Result", "Format", "Game"})
#: What an attribute name may be here: an XML name without a colon (no namespaces), in ASCII.
_XML_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*\Z")
#: What XML cannot hold in any text, not even as a character reference.
#: The deepest ply written: the record's `<n>` is the first level, a move at ply k stands at level
#: k + 1 (docs/spec/pfc.md §2.1), and libxml2 reads no deeper. Writing only what reads back also
#: keeps the writing linear: libxml2's serialiser is quadratic in the depth (16,000 plies: 0.9 s).
MAX_PLY = MAX_DEPTH - 1

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def write_pfc(game: Game, encoding: str = "utf-8") -> bytes:
    """The PFC record of ``game`` in ``encoding`` (one of :data:`ENCODINGS`); :func:`pfc_losses` names what is lost.

    Raises :class:`ValueError` for another encoding; never on the game's content.
    """
    if encoding.lower() not in ENCODINGS:
        raise ValueError(f"PFC is written in {', '.join(ENCODINGS)}, not {encoding}")
    root = game.accept(PfcWriter())
    body: bytes = etree.tostring(root, encoding=encoding.lower(), xml_declaration=False)
    return f'<?xml version="1.0" encoding="{encoding.lower()}"?>'.encode("ascii") + body + b"\n"


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text) if _NOT_XML.search(text) else text


def _attribute(name: str) -> Optional[str]:
    """The attribute header ``name`` is written as, or ``None``."""
    if name in _NOT_ATTRIBUTES:
        return None
    attribute = attribute_for_header(name)
    return attribute if attribute is not None and _XML_NAME.match(attribute) else None


def _comment(node: Node) -> str:
    return _clean("\n".join(c for c in (*node.comments_before, *node.comments) if c))


class PfcWriter(BaseVisitor[etree._Element]):
    """A visitor that builds the ``<n>`` tree of the game it visits (:func:`write_pfc` serialises it).

    Tree order, no positions: the root element at :meth:`visit_root`, each
    move's element inside its parent's.  One writer can visit several games in turn.
    """

    order = Order.TREE
    needs_positions = False

    def __init__(self) -> None:
        self.begin_game()

    def begin_game(self) -> None:
        self._headers: list[tuple[str, str]] = []
        self._start = Position.initial()
        self._root = etree.Element("n")
        #: The element of each node written that has children, and its ply.
        self._elements: dict[int, tuple[etree._Element, int]] = {}

    def visit_header(self, name: str, value: str) -> None:
        attribute = _attribute(name)
        if attribute is not None:
            self._headers.append((attribute, _clean(value)))

    def visit_start(self, position: Position) -> None:
        self._start = position.copy()

    def visit_root(self, node: Node) -> None:
        root = self._root
        root.set("version", "2")
        root.set("win", "*")
        root.set("m", self._start.fen())
        root.set("c", _comment(node))
        for attribute, value in self._headers:
            root.set(attribute, value)
        self._elements[id(node)] = (root, 0)

    def visit_move(self, position: Position, node: Node) -> None:
        parent = node.parent
        assert node.move is not None and parent is not None  # a move node
        written = self._elements.get(id(parent))
        if written is None or written[1] >= MAX_PLY:
            return  # deeper than libxml2 reads (named by pfc_losses); so is the rest below it
        el = etree.SubElement(written[0], "n")
        el.set("m", node.move.uci())
        el.set("c", _comment(node))
        if parent.children[0] is node:
            el.set("default", "true")
        if node.children:
            self._elements[id(node)] = (el, written[1] + 1)

    def visit_result(self, result: str) -> None:
        self._root.set("win", result)
        if result != "*":
            self._root.set("result", result)

    def result(self) -> etree._Element:
        return self._root


# ---------------------------------------------------------------- losses


def _fates(game: Game) -> HeaderFates:
    def fate(name: str, value: str) -> HeaderFate:
        if name in _NOT_ATTRIBUTES:
            return Fate.OTHERWISE
        return Fate.KEPT if _attribute(name) is not None else Fate.NO_PLACE

    return fate


#: What a PFC record holds of a game (docs/spec/pfc.md §5.2), and how each loss is named.
CARRIES = Carries(
    losses=(
        Lost(Loss.NO_PLACE, "header{s} {names} {have} no attribute in PFC; not written"),
        Lost(Loss.FEN_TAG, "the `FEN` header is not written; the start position is (and reads back as its FEN)"),
        Lost(Loss.NAGS, "{n} NAG{s} cannot be written in PFC; not written"),
        Lost(Loss.JOINED, "several comments of {n} move{s} joined into one by line breaks (a PFC move holds one comment)"),
        Lost(Loss.BEFORE_MOVED, "{n} comment{s} before a move written after it (PFC has no comment before a move)"),
        Lost(Loss.EMPTY_COMMENTS, "empty comments are not kept (an empty `c` is no comment)"),
        Lost(Loss.CHARACTERS, "characters XML cannot hold written as U+FFFD: {places}"),
        Lost(Loss.TOO_DEEP, "{n} move{s} deeper than ply {limit} not written (PFC nests one XML level a move, and libxml2 reads 2,048 levels)"),
    ),
    headers=_fates,
    result_tag=False,
    fen_tag=False,
    nags=(frozenset(), 0),
    before=Before.AFTER,
    comment_room=1,
    opening_room=1,
    blank=Blank.DROPPED,
    characters=_NOT_XML,
    max_ply=MAX_PLY,
)


def pfc_losses(game: Game) -> list[str]:
    """What :func:`write_pfc` cannot keep of ``game``, in words (:data:`CARRIES`)."""
    return report(game, CARRIES)
