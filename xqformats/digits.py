"""The one guard on digit runs read as numbers: how many digits a record's number may have.

Every reader that turns written digits into an ``int`` (a PGN move number or
NAG, a FEN counter, a DhtmlXQ branch or comment number, a WXF move number, a
CBF ``nid`` or Board count, a ``PlyCount``) goes through :func:`bounded_int`.
Without a bound, ``int()`` of a run of more than 4,300 digits raises
``ValueError`` (Python's limit on integer string conversion), which a reader
would report as an internal error (G106); and a number of ten digits or more
names no move, ply, branch or count any record can hold.  The callers say
what a number that is too long means for them (docs/security.md, the limits
table): a wrong move number, a branch or comment that names no move, a value
that is not a number.  No dependency on the rest of the package.
"""

from __future__ import annotations

from typing import Optional

#: The most digits a number in a record is read with (docs/spec/pgn.md §4.1, §4.5; the other
#: formats' clauses cite this limit): nine digits hold every move number, ply, branch and count
#: a record can have, and stay far below ``int()``'s 4,300-digit limit.
MAX_NUMBER_DIGITS = 9


def bounded_int(text: str, most: int = MAX_NUMBER_DIGITS) -> Optional[int]:
    """The value of ``text``, a run of decimal digits; ``None`` when it is longer than ``most`` or not digits.

    Decimal digits are those ``int()`` reads (``str.isdecimal``: ASCII, fullwidth
    and the other Unicode decimal digits); a caller that takes ASCII only checks
    ``text.isascii()`` itself.  No sign, space or underscore is accepted.  O(``most``)
    whatever the length of ``text``.
    """
    if not text or len(text) > most or not text.isdecimal():
        return None
    return int(text)
