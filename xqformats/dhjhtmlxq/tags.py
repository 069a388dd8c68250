"""What DHJHtmlXQ's numbered tags mean in the game model (docs/spec/dhjhtmlxq.md §3, §6).

One table for the reader and the writer: :data:`HEADER_OF_NUMBER` maps the
info tags that mean what a model header means; every other tag is kept under
the header ``DHJHtmlXQ_<name>`` (:func:`header_for_tag`), so nothing read is
lost and the writer gives it back.  The result words are the model's one
table, as for DhtmlXQ.
"""

from __future__ import annotations

from typing import Optional

from ..model import RESULT_WORDS, RESULTS

#: The blocks of the game itself (docs/spec/dhjhtmlxq.md §3.1–§4.1).
BOARD, SIDE, START, MOVES = "31", "32", "33", "34"
#: The result's tag (docs/spec/dhjhtmlxq.md §6.3).
RESULT = "28"
#: The numbers of the info tags (docs/spec/dhjhtmlxq.md §6.1): 10–42 but the game's own four.
INFO_NUMBERS = frozenset(str(n) for n in range(10, 43)) - {BOARD, SIDE, START, MOVES}

#: Info tags that mean a model header (docs/spec/dhjhtmlxq.md §6.1 table).
HEADER_OF_NUMBER: dict[str, str] = {
    "10": "Name",
    "11": "Event",
    "13": "Date",
    "14": "Site",
    "15": "Round",
    "16": "Table",
    "17": "Red",
    "20": "RedElo",
    "21": "Black",
    "24": "BlackElo",
    "29": "RedTime",
    "30": "BlackTime",
    "36": "Opening",
    "37": "Variation",
    "40": "Annotator",
    "41": "Creator",
    "42": "Recorder",
}
NUMBER_OF_HEADER: dict[str, str] = {header: number for number, header in HEADER_OF_NUMBER.items()}

#: The header prefix of every other tag: ``[DHJHtmlXQ_18]`` is the header ``DHJHtmlXQ_18``.
KEPT_PREFIX = "DHJHtmlXQ_"

#: The empty square of the board (docs/spec/dhjhtmlxq.md §3.1).
EMPTY = "*"
#: The values of the side to move (docs/spec/dhjhtmlxq.md §3.2).
RED_TO_MOVE, BLACK_TO_MOVE = "0", "1"


def result_of(value: str) -> Optional[str]:
    """The result a ``_28`` value means (a result word, or ``1-0``, ``0-1``, ``1/2-1/2``, ``*``); ``None`` when unknown."""
    text = value.strip()
    return text if text in RESULTS else RESULT_WORDS.get(text)


def header_for_tag(name: str) -> str:
    """The model header a tag's value goes to."""
    return HEADER_OF_NUMBER.get(name, KEPT_PREFIX + name)


def tag_for_header(header: str) -> Optional[str]:
    """The tag name a header is written as (``10``, ``18``, …), or ``None`` when DHJHtmlXQ has no place for it.

    The game's own blocks (31–34) and the result's (28) are never taken by a
    header: they are written from the game.
    """
    tag = NUMBER_OF_HEADER.get(header)
    if tag is not None:
        return tag
    if header.startswith(KEPT_PREFIX) and len(header) > len(KEPT_PREFIX):
        name = header[len(KEPT_PREFIX):]
        if name in (BOARD, SIDE, START, MOVES, RESULT):
            return None
        return name if name.replace("_", "a").isalnum() and name.isascii() else None
    return None
