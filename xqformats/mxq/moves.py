"""The `FR-FR` move of MXQ and of 象棋世家 (ShiJia) records, decoded once.

Both formats write a move as five characters: the from-point's file digit
(``0``–``8`` = ICCS ``a``–``i``) and rank letter (``A``–``J`` = ICCS ``0``–``9``,
Red's side at ``A``), ``-``, then the to-point the same way
(docs/spec/mxq.md §4.1, docs/spec/shijia.md §4.1).  The MXQ layout
(``schemas/mxq.ksy``) and the ShiJia grammar (``grammars/shijia.lark``) say
where a move stands; this module says what it means.
"""

from __future__ import annotations

from typing import Optional

from ..core import Move, Square, square

_FILES = "012345678"
_RANKS = "ABCDEFGHIJ"


def fr_point(file_char: str, rank_char: str) -> Optional[Square]:
    """The point of a file digit and a rank letter (``"7", "C"`` -> h2); ``None`` off the board."""
    file, rank = _FILES.find(file_char), _RANKS.find(rank_char)
    if len(file_char) != 1 or len(rank_char) != 1 or file < 0 or rank < 0:
        return None
    return square(file, rank)


def fr_move(text: str) -> Optional[Move]:
    """The move ``text`` spells (``"7C-4C"`` -> h2e2), or ``None``: not five characters
    ``FR-FR`` with both points on the board and different."""
    if len(text) != 5 or text[2] != "-":
        return None
    frm, to = fr_point(text[0], text[1]), fr_point(text[3], text[4])
    return Move(frm, to) if frm is not None and to is not None and frm != to else None
