"""WXF notation: meaning of the letters and signs, and output.

Syntax is ``grammars/wxf.lark``.  Canonical output follows the official WXF page
(docs/spec/notation.md §4.9): upper-case ``K A E H R C P`` for both sides, ``.`` for a
traverse, ``+``/``-`` for tandem pieces, ``++``/``--`` for the outer pawns of
four or five, and the pawn's file first for pawns stacked on two files.
Sources and choices: ``docs/notation.md``.
"""

from __future__ import annotations

import unicodedata
from typing import Callable, Optional

from lark import Token, Tree

from ..diagnostics import Diagnostic, Edit
from .rules import FULLWIDTH, WXF_PIECE_LETTER, WXF_TRAVERSE_SIGN
from .shape import Notation, Shape, span

#: Grammar terminal → piece type letter (our FEN letters: B elephant, N horse).
_PIECE_OF_TERMINAL = {
    "WXF_KING": "K",
    "WXF_ADVISOR": "A",
    "WXF_ELEPHANT": "B",
    "WXF_HORSE": "N",
    "WXF_ROOK": "R",
    "WXF_CANNON": "C",
    "WXF_PAWN": "P",
}
#: Piece type → official WXF letter.
LETTERS = {"K": "K", "A": "A", "B": "E", "N": "H", "R": "R", "C": "C", "P": "P"}
#: Digit piece codes (docs/spec/notation.md §4.2): K1 A2 B3 N4 R5 C6 P7.
PIECE_CODES = {1: "K", 2: "A", 3: "B", 4: "N", 5: "R", 6: "C", 7: "P"}
_ACTION = {"WXF_PLUS": "+", "WXF_MINUS": "-", "WXF_DOT": ".", "WXF_EQUALS": "."}
#: One sign in the locator: `+` front, `-` rear (official), `.` middle (xqbase).
_MARKER = {"WXF_PLUS": "front", "WXF_MINUS": "rear", "WXF_DOT": "middle"}
_OUTER = {"WXF_PLUS": "first", "WXF_MINUS": "last"}


def _ascii(ch: str) -> str:
    return unicodedata.normalize("NFKC", ch)


def _piece(shape: Shape, tok: Token, start: int) -> Optional[Diagnostic]:
    shape.piece_span = span(start, start + 1)
    if tok.type == "WXF_DIGIT":
        shape.lead = int(_ascii(tok))
        return None
    ptype = _PIECE_OF_TERMINAL[tok.type]
    shape.piece = ptype
    if _ascii(tok) == LETTERS[ptype]:
        return None
    return Diagnostic.of(
        WXF_PIECE_LETTER,
        f"Piece letter `{tok}`; canonical `{LETTERS[ptype]}`",
        span(start, start + 1),
        fix=[Edit(start, start + 1, LETTERS[ptype])],
    )


def _file(shape: Shape, tok: Token, start: int) -> None:
    shape.file = int(_ascii(tok))
    shape.file_span = span(start, start + 1)


def _number(shape: Shape, tok: Token, start: int) -> None:
    shape.number = int(_ascii(tok))
    shape.number_span = span(start, start + 1)


def _action(shape: Shape, tok: Token, start: int) -> Optional[Diagnostic]:
    shape.action = _ACTION[tok.type]
    if tok.type != "WXF_EQUALS":
        return None
    return Diagnostic.of(
        WXF_TRAVERSE_SIGN, f"Sideways sign `{tok}`; canonical `.`", span(start, start + 1), fix=[Edit(start, start + 1, ".")]
    )


def _marker(shape: Shape, tok: Token, start: int) -> None:
    shape.marker = _MARKER[tok.type]


def _ordinal(shape: Shape, tok: Token, start: int) -> None:
    shape.ordinal = "abcde".index(tok) + 1


def _outer(shape: Shape, tok: Token, start: int) -> None:
    shape.marker = _OUTER[tok.type]
    shape.piece = "P"


#: Grammar rule (a part of ``move``) → what it sets on the shape, and the style
#: finding it may bring.
_PARTS: dict[str, Callable[[Shape, Token, int], Optional[Diagnostic]]] = {
    "piece": _piece,
    "file": _file,
    "number": _number,
    "action": _action,
    "marker": _marker,
    "ordinal": _ordinal,
    "outer": _outer,
}


def build_shape(text: str, move: Tree[Token]) -> Shape:
    """Turn a parse of ``grammars/wxf.lark`` (the ``move`` subtree) into a :class:`Shape`."""
    shape = Shape(text, Notation.WXF, str(move.data))
    styles: list[Diagnostic] = []
    for part in move.children:
        assert isinstance(part, Tree)
        tok: Token = part.children[0]  # type: ignore[assignment]
        finding = _PARTS[part.data](shape, tok, tok.start_pos or 0)
        if finding is not None:
            styles.append(finding)
    shape.simple = shape.kind == "plain" and shape.lead is None
    wide = [i for i, ch in enumerate(text) if ord(ch) >= 0xFF00]
    if wide:
        styles.append(
            Diagnostic.of(
                FULLWIDTH,
                f"Fullwidth characters in `{text}`; canonical ASCII `{_ascii(text)}`",
                span(wide[0], wide[-1] + 1),
                fix=[Edit(0, len(text), _ascii(text))],
            )
        )
    shape.styles = tuple(styles)
    return shape


def write_wxf(
    ptype: str,
    file: int,
    locator: str | None,
    action: str,
    number: int,
    *,
    pawn_file_lead: bool = False,
) -> str:
    """The canonical WXF text of a move described by its parts (mover's frame numbers).

    ``locator`` is ``None`` (plain: the file digit), ``front``/``rear`` (the
    file replaced by ``+``/``-``), ``first``/``last`` (``++``/``--``) or
    ``middle`` (the middle of three or five: plain file digit, official case I).
    With ``pawn_file_lead`` (pawns stacked on two files, official case IV) the
    pawn's file replaces the letter: ``3+.4``, ``33.4``, ``3-.4``.
    """
    tail = action + str(number)
    if locator == "first":
        return "++" + tail
    if locator == "last":
        return "--" + tail
    head = str(file) if pawn_file_lead else LETTERS[ptype]
    if locator == "front":
        return head + "+" + tail
    if locator == "rear":
        return head + "-" + tail
    return head + str(file) + tail
