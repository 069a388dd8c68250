"""What each MXQ header field becomes in the game model (docs/spec/mxq.md §3).

The fields have no names in the file: their place says what they are.
:data:`FIELDS` names them in file order; the third field (players and result)
and the date are split by :func:`players` and :func:`date`.  Header names
follow the PGN tags where one means the same (``Site``, ``Date``, ``Red``,
``RedElo``, ``Termination``) and the XQF reader's otherwise (``TimeRule``,
``RedTime``), so that a converted game keeps its fields.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

#: Header name of each field by its index (docs/spec/mxq.md §3.1); the indexes
#: missing here are read by :func:`players` (2), joined (:data:`TIME_FIELDS`),
#: or kept under :func:`extra_name`.
FIELDS: dict[int, str] = {0: "Site", 3: "RedElo", 4: "BlackElo", 8: "RedTime", 9: "BlackTime", 10: "Termination"}
#: The three fields of the time settings, kept together as ``TimeRule`` (docs/spec/mxq.md §3.1).
TIME_FIELDS = (5, 6, 7)
#: The field holding the players and the result, and the date's (docs/spec/mxq.md §3.2, §3.3).
PLAYERS_FIELD, DATE_FIELD = 2, 1

#: The word between the players -> the result (docs/spec/mxq.md §3.2).
RESULTS = {"胜": "1-0", "负": "0-1", "和": "1/2-1/2"}

_PLAYERS = re.compile(r"(.+?)-([胜负和])-(.+)\Z", re.S)
_LONG_DATE = re.compile(r"\s*(\d{4})年(\d{1,2})月(\d{1,2})日\s*(?:(\d{1,2})点(\d{1,2})分)?\s*\Z")
_SHORT_DATE = re.compile(r"\s*(\d{2})-(\d{1,2})-(\d{1,2})\s*\Z")


class Players(NamedTuple):
    """The players of the third field and the result, in the model's form."""

    red: str
    black: str
    result: str


def players(text: str) -> Optional[Players]:
    """``甲-胜-乙`` -> ``Players("甲", "乙", "1-0")``; ``None`` when ``text`` has no such form.

    The first ``-胜-``, ``-负-`` or ``-和-`` splits: a name may hold a hyphen
    after it, not before (docs/spec/mxq.md §3.2).
    """
    m = _PLAYERS.match(text)
    return Players(m.group(1), m.group(3), RESULTS[m.group(2)]) if m else None


def date(text: str) -> tuple[str, Optional[str]]:
    """The ``Date`` (``yyyy.mm.dd``) and ``Time`` (``hh:mm:00``, or ``None``) of the date field.

    ``2003年6月12日 15点34分`` and ``02-10-22`` (``yy-mm-dd``, year 20yy) are the
    forms known (docs/spec/mxq.md §3.3); any other text is the ``Date`` as written.
    """
    m = _LONG_DATE.match(text)
    if m:
        y, mo, d, h, mi = m.groups()
        clock = f"{int(h):02d}:{int(mi):02d}:00" if h is not None else None
        return f"{y}.{int(mo):02d}.{int(d):02d}", clock
    m = _SHORT_DATE.match(text)
    if m:
        yy, mo, d = m.groups()
        return f"20{yy}.{int(mo):02d}.{int(d):02d}", None
    return text, None


def extra_name(index: int) -> str:
    """The header of a field past those known: ``MxqField12`` for the twelfth (docs/spec/mxq.md §3.1)."""
    return f"MxqField{index + 1}"
