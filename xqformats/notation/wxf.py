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


# Each part's handler gets its token's terminal, the character at its position and the position
# (the tree may be another spelling's of the same signature: spelling._positional_tree).


def _piece(shape: Shape, kind: str, ch: str, start: int) -> Optional[Diagnostic]:
    shape.piece_span = span(start, start + 1)
    if kind == "WXF_DIGIT":
        shape.lead = int(_ascii(ch))
        return None
    ptype = _PIECE_OF_TERMINAL[kind]
    shape.piece = ptype
    if _ascii(ch) == LETTERS[ptype]:
        return None
    return Diagnostic.of(
        WXF_PIECE_LETTER,
        f"Piece letter `{ch}`; canonical `{LETTERS[ptype]}`",
        span(start, start + 1),
        fix=[Edit(start, start + 1, LETTERS[ptype])],
    )


def _file(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.file = int(_ascii(ch))
    shape.file_span = span(start, start + 1)


def _number(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.number = int(_ascii(ch))
    shape.number_span = span(start, start + 1)


def _action(shape: Shape, kind: str, ch: str, start: int) -> Optional[Diagnostic]:
    shape.action = _ACTION[kind]
    if kind != "WXF_EQUALS":
        return None
    return Diagnostic.of(
        WXF_TRAVERSE_SIGN, f"Sideways sign `{ch}`; canonical `.`", span(start, start + 1), fix=[Edit(start, start + 1, ".")]
    )


def _marker(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.marker = _MARKER[kind]


def _ordinal(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.ordinal = "abcde".index(ch) + 1


def _outer(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.marker = _OUTER[kind]
    shape.piece = "P"


#: Grammar rule (a part of ``move``) → what it sets on the shape, and the style
#: finding it may bring.
_PARTS: dict[str, Callable[[Shape, str, str, int], Optional[Diagnostic]]] = {
    "piece": _piece,
    "file": _file,
    "number": _number,
    "action": _action,
    "marker": _marker,
    "ordinal": _ordinal,
    "outer": _outer,
}


def build_shape(text: str, move: Tree[Token]) -> Shape:
    """Turn a parse of ``grammars/wxf.lark`` (the ``move`` subtree) into a :class:`Shape`.

    The characters are read from ``text`` at the tokens' positions (the tree
    may be that of another spelling with the same terminals).
    """
    shape = Shape(text, Notation.WXF, str(move.data))
    styles: list[Diagnostic] = []
    for part in move.children:
        assert isinstance(part, Tree)
        tok: Token = part.children[0]  # type: ignore[assignment]
        start = tok.start_pos or 0
        finding = _PARTS[part.data](shape, tok.type, text[start], start)
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
