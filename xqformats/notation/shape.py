"""The shape of a move text: what the grammar says, before any position is consulted.

A :class:`Shape` is the structure of one spelling — piece type, file or marker,
action, number — read from the notation's Lark grammar (``grammars/*.lark``,
start rule ``start``).  :func:`shape_of` parses each distinct spelling once and
memoizes the result, so the hot path of decoding is one dict lookup: real
records repeat a few hundred spellings.

Syntax lives only in the grammars; the per-notation modules turn a parse tree
into a :class:`Shape` through small tables of what each character *means*
(which piece, which number, which spelling is canonical).
"""

from __future__ import annotations

import enum
from typing import Callable, Optional

from lark import Lark, Tree
from lark.exceptions import LarkError

from ..diagnostics import Diagnostic, Span
from ..resources import grammar_path

__all__ = ["Notation", "Shape", "shape_of", "parser_for", "span", "MEMO_LIMIT"]


class Notation(str, enum.Enum):
    """The three move notations (NOTES.md; the PGN ``Format`` tag's values)."""

    CHINESE = "chinese"
    WXF = "wxf"
    ICCS = "iccs"

    def __str__(self) -> str:
        return self.value


#: Notation → grammar file; the detection order of :func:`shape_of`.
GRAMMAR_FILES = {
    Notation.CHINESE: "chinese.lark",
    Notation.WXF: "wxf.lark",
    Notation.ICCS: "iccs.lark",
}


def span(start: int, end: int) -> Span:
    """A span on the single line of a move text (1-based columns, end exclusive)."""
    return Span(start, end, 1, start + 1, 1, end + 1)


class Shape:
    """The structure of one move spelling, independent of any position.

    ``kind`` names the grammar alternative (``plain``, ``tandem``,
    ``tandem_file``, ``ordinal``, ``leading``, ``outer``, ``coords``).
    ``piece`` is a type letter ``KABNRCP`` (``None`` when a WXF move leads with
    a digit, see ``lead``).  ``file`` and ``number`` are the written numbers
    1–9 in the mover's frame.  ``marker`` is ``front``/``middle``/``rear`` (one
    sign or character) or ``first``/``last`` (WXF ``++``/``--``); ``ordinal``
    is 1–5.  ``action`` is ``+``, ``-`` or ``.``.  ``styles`` are the
    position-independent style findings (M4xx), reported on every decode.
    """

    __slots__ = (
        "text",
        "notation",
        "kind",
        "piece",
        "lead",
        "file",
        "marker",
        "ordinal",
        "action",
        "number",
        "from_square",
        "to_square",
        "file_red",
        "number_red",
        "piece_side",
        "styles",
        "piece_span",
        "file_span",
        "number_span",
        "simple",
    )

    def __init__(self, text: str, notation: Notation, kind: str) -> None:
        self.text = text
        self.notation = notation
        self.kind = kind
        self.piece: Optional[str] = None
        #: WXF: a leading digit (a piece code 1–7, or a pawn's file).
        self.lead: Optional[int] = None
        self.file: Optional[int] = None
        self.marker: Optional[str] = None
        self.ordinal: Optional[int] = None
        self.action = "."
        self.number = 0
        #: ICCS: the two squares.
        self.from_square = -1
        self.to_square = -1
        #: Chinese: whether the file / number were written with Red's numerals
        #: (True), Black's digits (False), or are absent (None).
        self.file_red: Optional[bool] = None
        self.number_red: Optional[bool] = None
        #: Chinese: the side a piece character belongs to (帅 Red, 将 Black), or None.
        self.piece_side: Optional[bool] = None
        self.styles: tuple[Diagnostic, ...] = ()
        self.piece_span = span(0, 0)
        self.file_span = span(0, 0)
        self.number_span = span(0, 0)
        #: True for the common case: a plain move with no digit lead (no
        #: canonical re-check needed after resolution).
        self.simple = False

    def key(self) -> tuple:
        """What identifies the locator form (for the canonical-form comparison)."""
        return (self.kind, self.marker, self.ordinal, self.file, self.lead)

    def __repr__(self) -> str:
        return f"Shape({self.text!r}, {self.notation.value}, {self.kind})"


# ---------------------------------------------------------------- parsers
_PARSERS: dict[Notation, Lark] = {}


def parser_for(notation: Notation) -> Lark:
    """The LALR parser of a notation's grammar (start rule ``start``), built once."""
    p = _PARSERS.get(notation)
    if p is None:
        path = grammar_path(GRAMMAR_FILES[notation])
        p = Lark(
            path.read_text(encoding="utf-8"),
            parser="lalr",
            start="start",
            maybe_placeholders=False,
        )
        _PARSERS[notation] = p
    return p


# Tree → Shape builders, registered by the per-notation modules.
Builder = Callable[[str, Tree], Shape]
BUILDERS: dict[Notation, Builder] = {}

#: Memo: text → Shape, or None when no grammar accepts the text.
_MEMO: dict[str, Optional[Shape]] = {}
#: Beyond this many distinct spellings the memo starts afresh (bounded memory
#: for adversarial input; real files have a few hundred).
MEMO_LIMIT = 50_000


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

    The three grammars accept disjoint languages (tests check it), so at most
    one applies.  O(1) after the first sight of a spelling.
    """
    try:
        return _MEMO[text]
    except KeyError:
        pass
    shape = _parse(text)
    if len(_MEMO) >= MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[text] = shape
    return shape
