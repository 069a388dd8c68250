"""What DhtmlXQ's tags and result words mean in the game model (docs/spec/dhtmlxq.md §6).

One table for the reader and the writer: :data:`HEADER_OF_TAG` maps the tags
that mean what a model header (a PGN tag, or CBF's ``Name``) means; every other
tag is kept under the header ``DhtmlXQ_<name>`` (:func:`header_for_tag`), so
nothing read is lost and the writer gives it back.
"""

from __future__ import annotations

from typing import Optional

from ..model import RESULT_WORDS

#: Tags the viewer's records are known to use (docs/spec/dhtmlxq.md §6.1); others give D115.
KNOWN_TAGS = frozenset(
    """title event date place round group table red black redteam blackteam redname blackname
    redlevel blacklevel redtime blacktime result open type gametype endtype timerule owner remark
    author init firstnum length other class refer generator ecco""".split()
)

#: Tags that mean a model header (docs/spec/dhtmlxq.md §6.1 table).
HEADER_OF_TAG: dict[str, str] = {
    "title": "Name",
    "event": "Event",
    "date": "Date",
    "place": "Site",
    "round": "Round",
    "group": "Group",
    "table": "Table",
    "red": "Red",
    "black": "Black",
    "redteam": "RedTeam",
    "blackteam": "BlackTeam",
    "redtime": "RedTime",
    "blacktime": "BlackTime",
    "timerule": "TimeRule",
    "open": "Opening",
    "ecco": "ECCO",
}
TAG_OF_HEADER: dict[str, str] = {header: tag for tag, header in HEADER_OF_TAG.items()}

#: The header prefix of every other tag: ``[DhtmlXQ_owner]`` is the header ``DhtmlXQ_owner``.
KEPT_PREFIX = "DhtmlXQ_"

#: Result words (docs/spec/dhtmlxq.md §6.2) and the model's results: the
#: model's one table of result words, which the linter and convert use too.
RESULT_OF_WORD: dict[str, str] = RESULT_WORDS
#: What the writer writes for each result (none for ``*``).
WORD_OF_RESULT: dict[str, str] = {"1-0": "红胜", "0-1": "黑胜", "1/2-1/2": "和棋"}

#: The pieces of ``binit``'s 32 slots (docs/spec/dhtmlxq.md §3.1), as FEN letters.
SLOT_PIECES = "RNBAKABNRCCPPPPP" + "rnbakabnrccppppp"
#: The pair of a piece that is not on the board.
OFF_BOARD = "99"


def header_for_tag(name: str) -> str:
    """The model header a tag's value goes to."""
    return HEADER_OF_TAG.get(name, KEPT_PREFIX + name)


def tag_for_header(header: str) -> Optional[str]:
    """The tag a header is written as, or ``None`` when DhtmlXQ has no place for it."""
    tag = TAG_OF_HEADER.get(header)
    if tag is not None:
        return tag
    if header.startswith(KEPT_PREFIX) and len(header) > len(KEPT_PREFIX):
        name = header[len(KEPT_PREFIX):]
        return name if name.replace("_", "a").isalnum() and name.isascii() else None
    return None
