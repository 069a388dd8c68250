"""WXF notation: meaning of the letters and signs, and output.

Syntax is ``grammars/wxf.lark``.  Canonical output follows the official WXF page
(NOTES.md § WXF): upper-case ``K A E H R C P`` for both sides, ``.`` for a
traverse, ``+``/``-`` for tandem pieces, ``++``/``--`` for the outer pawns of
four or five, and the pawn's file first for pawns stacked on two files.
Sources and choices: ``docs/notation.md``.
"""

from __future__ import annotations

import unicodedata

from lark import Token, Tree

from ..diagnostics import Diagnostic
from .rules import FULLWIDTH, WXF_PIECE_LETTER, WXF_TRAVERSE_SIGN
from .shape import BUILDERS, Notation, Shape, span

__all__ = ["build_shape", "write_wxf", "LETTERS", "PIECE_CODES"]

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
#: Digit piece codes (paper §2.2.2, table 2-1): K1 A2 B3 N4 R5 C6 P7.
PIECE_CODES = {1: "K", 2: "A", 3: "B", 4: "N", 5: "R", 6: "C", 7: "P"}
_ACTION = {"WXF_PLUS": "+", "WXF_MINUS": "-", "WXF_DOT": ".", "WXF_EQUALS": "."}
#: One sign in the locator: `+` front, `-` rear (official), `.` middle (xqbase).
_MARKER = {"WXF_PLUS": "front", "WXF_MINUS": "rear", "WXF_DOT": "middle"}
_OUTER = {"WXF_PLUS": "first", "WXF_MINUS": "last"}


def _ascii(ch: str) -> str:
    return unicodedata.normalize("NFKC", ch)


def build_shape(text: str, move: Tree) -> Shape:
    """Turn a parse of ``grammars/wxf.lark`` (the ``move`` subtree) into a :class:`Shape`."""
    shape = Shape(text, Notation.WXF, str(move.data))
    styles: list[Diagnostic] = []
    for part in move.children:
        assert isinstance(part, Tree)
        tok: Token = part.children[0]  # type: ignore[assignment]
        start = tok.start_pos or 0
        role = part.data
        if role == "piece":
            shape.piece_span = span(start, start + 1)
            if tok.type == "WXF_DIGIT":
                shape.lead = int(_ascii(tok))
            else:
                ptype = _PIECE_OF_TERMINAL[tok.type]
                shape.piece = ptype
                letter = _ascii(tok)
                if letter != LETTERS[ptype]:
                    styles.append(
                        Diagnostic.of(
                            WXF_PIECE_LETTER,
                            f"Piece letter `{tok}`; canonical `{LETTERS[ptype]}`",
                            span(start, start + 1),
                        )
                    )
        elif role == "file":
            shape.file = int(_ascii(tok))
            shape.file_span = span(start, start + 1)
        elif role == "number":
            shape.number = int(_ascii(tok))
            shape.number_span = span(start, start + 1)
        elif role == "action":
            shape.action = _ACTION[tok.type]
            if tok.type == "WXF_EQUALS":
                styles.append(
                    Diagnostic.of(
                        WXF_TRAVERSE_SIGN,
                        f"Sideways sign `{tok}`; canonical `.`",
                        span(start, start + 1),
                    )
                )
        elif role == "marker":
            shape.marker = _MARKER[tok.type]
        elif role == "ordinal":
            shape.ordinal = "abcde".index(tok) + 1
        elif role == "outer":
            shape.marker = _OUTER[tok.type]
            shape.piece = "P"
    shape.simple = shape.kind == "plain" and shape.lead is None
    wide = [i for i, ch in enumerate(text) if ord(ch) >= 0xFF00]
    if wide:
        styles.append(
            Diagnostic.of(
                FULLWIDTH,
                f"Fullwidth characters in `{text}`; canonical ASCII `{_ascii(text)}`",
                span(wide[0], wide[-1] + 1),
            )
        )
    shape.styles = tuple(styles)
    return shape


BUILDERS[Notation.WXF] = build_shape


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
