"""Material on the board, as a search criterion (``find --material "车马炮兵 vs 车马士象"``).

A side's material is written as its pieces other than the king, in Chinese
(simplified or traditional, either side's characters: 车/車/俥, 马/馬/傌,
相/象, 仕/士, 炮/砲/包, 兵/卒) or as FEN or WXF letters (``R N/H B/E A C P``),
a piece written once per piece or with a count before it (``双车``, ``2车``).  The two sides are separated by ``vs`` (or ``对``/``對``), Red first.
A side written empty (``车 vs``) has its king alone.

:func:`signature` is the canonical form stored in the archive index: each
side's piece letters in the order 车 马 相 仕 炮 兵 (``R N B A C P``), one per
piece (the start position is ``RRNNBBAACCPPPPP`` for each side).  A game has
the material when some position of its main line has exactly it.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional, Sequence

#: Piece type letters in the order a signature writes them (车 马 相 仕 炮 兵); kings are left out.
ORDER = "RNBACP"

_PIECE_WORDS = {
    **dict.fromkeys("车車俥RrＲ", "R"),
    **dict.fromkeys("马馬傌NnHhＮＨ", "N"),
    **dict.fromkeys("相象BbEeＢＥ", "B"),
    **dict.fromkeys("仕士AaＡ", "A"),
    **dict.fromkeys("炮砲包CcＣ", "C"),
    **dict.fromkeys("兵卒PpＰ", "P"),
}
_KINGS = frozenset("帅帥将將KkＫ")
_COUNTS = {"双": 2, "雙": 2, "两": 2, "兩": 2, "二": 2, "三": 3, "四": 4, "五": 5}
_SIDES = re.compile(r"\s*(?:vs\.?|VS\.?|Vs\.?|对|對)\s*")


class MaterialError(ValueError):
    """A material text that cannot be read; the message says what was expected."""


class Material(NamedTuple):
    """Each side's :func:`signature` (Red, Black)."""

    red: str
    black: str


def signature(pieces: Sequence[Optional[str]]) -> tuple[str, str]:
    """``(red, black)`` signatures of a board (a sequence of FEN letters or ``None``)."""
    counts = dict.fromkeys("RNBACPrnbacp", 0)
    for p in pieces:
        if p is not None and p in counts:
            counts[p] += 1
    red = "".join(t * counts[t] for t in ORDER)
    black = "".join(t * counts[t.lower()] for t in ORDER)
    return red, black


def signatures(pieces: Sequence[Optional[str]], captures: Sequence[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """``(ply, red, black)`` signatures of a line: at ply 0 (``pieces``, the start board) and after each capture."""
    return signatures_from(signature(pieces), captures)


def signatures_from(start: tuple[str, str], captures: Sequence[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """:func:`signatures` from the start board's :func:`signature` (``start``) instead of the board.

    A capture takes one letter out of the taker's opponent's signature: the
    letters of a type stand together, so removing the first one keeps the
    order (a type already gone stays gone, as a count would).
    """
    red, black = start
    out = [(0, red, black)]
    for ply, taken in captures:
        if taken in _RED_TYPES:
            red = red.replace(taken, "", 1)
        elif taken in _BLACK_TYPES:
            black = black.replace(taken.upper(), "", 1)
        out.append((ply, red, black))
    return out


_RED_TYPES = frozenset(ORDER)
_BLACK_TYPES = frozenset(ORDER.lower())


def _side(text: str, which: str) -> str:
    counts = dict.fromkeys(ORDER, 0)
    pending: Optional[int] = None
    for i, ch in enumerate(text):
        if ch.isspace() or ch in ",，、+":
            continue
        if ch.isdigit() and ch.isascii():
            if pending is None:
                pending = 0
            pending = pending * 10 + int(ch)
            continue
        if ch in _COUNTS:
            pending = _COUNTS[ch]
            continue
        if ch in _KINGS:
            pending = None
            continue
        kind = _PIECE_WORDS.get(ch)
        if kind is None:
            raise MaterialError(f"`{ch}` in {which}'s material `{text}` is not a piece; expected 车 马 相 仕 炮 兵 (or R N B A C P)")
        counts[kind] += 1 if pending is None else pending
        pending = None
    if pending is not None:  # a count after the piece: 车2
        raise MaterialError(f"The count `{pending}` in {which}'s material `{text}` comes after every piece; write it before one (`2车`)")
    return "".join(t * counts[t] for t in ORDER)


def parse_material(text: str) -> Material:
    """The :class:`Material` a text such as ``车马炮兵 vs 车马士象`` names; raises :class:`MaterialError`."""
    parts = _SIDES.split(text.strip())
    if len(parts) != 2:
        raise MaterialError(f"Material `{text}` is not two sides; expected Red's pieces, `vs`, Black's (`车马炮兵 vs 车马士象`)")
    return Material(_side(parts[0], "Red"), _side(parts[1], "Black"))
