"""Our positions in the client's: the one conversion between code points and LSP code units.

xqformats counts columns in code points, 1-based (``Diagnostic.column``,
``Span.column``); the Language Server Protocol counts ``character`` in the
code units of the position encoding negotiated at ``initialize``, 0-based:
UTF-16 by default, UTF-8 or UTF-32 when the client offers them.  A CJK
character is one unit in UTF-16 and three in UTF-8; a fullwidth digit (``５``)
the same; an astral character (``𠀀``, U+20000) is two UTF-16 units, four UTF-8
units, one code point.  Those are where off-by-one columns hide, so every
position crossing the protocol goes through :func:`to_client` or
:func:`from_client`, and nothing else counts units.

Lines are the same on both sides: LSP ends a line at LF, CR LF or a lone CR,
as :class:`~xqformats.diagnostics.LineIndex` does; a line's text is given
without its line end.
"""

from __future__ import annotations

from typing import Final

#: The position encodings of the protocol (``PositionEncodingKind`` values), in our order of preference.
UTF16: Final = "utf-16"
UTF8: Final = "utf-8"
UTF32: Final = "utf-32"
ENCODINGS: Final = (UTF16, UTF8, UTF32)


def units(text: str, encoding: str = UTF16) -> int:
    """How many code units of ``encoding`` ``text`` takes.  O(len(text)); ASCII is O(1)-ish."""
    if text.isascii() or encoding == UTF32:
        return len(text)
    if encoding == UTF16:
        # One unit per code point, two for each above the Basic Multilingual Plane.
        return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    raise ValueError(f"Unknown position encoding `{encoding}`; expected one of {', '.join(ENCODINGS)}")


def to_client(line_text: str, column: int, encoding: str = UTF16) -> int:
    """The LSP ``character`` of our 1-based code-point ``column`` in ``line_text``.

    A column past the end of the line (a finding's exclusive end at the line
    end, or beyond it) counts one unit per code point past the end, so ranges
    keep their length; a column below 1 is the line's start.
    """
    index = column - 1
    if index <= 0:
        return 0
    if index <= len(line_text):
        return units(line_text[:index], encoding)
    return units(line_text, encoding) + index - len(line_text)


def from_client(line_text: str, character: int, encoding: str = UTF16) -> int:
    """Our 1-based code-point column of the LSP ``character`` in ``line_text`` (the inverse of :func:`to_client`).

    A ``character`` in the middle of a character's units (inside a surrogate
    pair, inside a UTF-8 sequence) is that character's column, as the
    protocol asks; past the end of the line is the column after its last character.
    """
    if character <= 0:
        return 1
    if line_text.isascii() or encoding == UTF32:
        return min(character, len(line_text)) + 1
    count = 0
    for index, ch in enumerate(line_text):
        count += units(ch, encoding)
        if count > character:
            return index + 1
        if count == character:
            return index + 2
    return len(line_text) + 1
