"""What each PlayOK header line becomes in the game model (docs/spec/playok.md §3).

Header names follow the PGN tags (``Red``, ``RedElo``, ``Date``, ``Time``,
``Event``) and the DhtmlXQ reader's ``Group``, so that a converted game keeps
its fields.  The functions here only split values; the reader reports.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

#: The player keywords and their headers: name, rating (docs/spec/playok.md §3.2).
PLAYERS = {"RED": ("Red", "RedElo"), "BLACK": ("Black", "BlackElo")}
#: The header prefix of any other keyword: ``TIMER`` is kept as ``PlayOK_TIMER`` (§3.6).
KEPT_PREFIX = "PlayOK_"

_RATING = re.compile(r"[0-9]+\Z")
_DATE = re.compile(r"(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[ \t]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\Z")


class Player(NamedTuple):
    """A player's line split: the name, the rating (``""``: none), and whether the line is well formed."""

    name: str
    rating: str
    well_formed: bool


def player(value: str) -> Player:
    """``许银川;2650`` -> ``Player("许银川", "2650", True)`` (§3.2).

    Empty fields after the rating (``name;;;``) are no fault; a rating that
    is not a whole number, or text in a further field, is.
    """
    name, _, rest = value.partition(";")
    rating, _, more = rest.partition(";")
    rating = rating.strip()
    good = (not rating or _RATING.match(rating) is not None) and not more.replace(";", "").strip()
    return Player(name.strip(), rating, good)


def date(value: str) -> tuple[str, Optional[str]]:
    """The ``Date`` (``yyyy.mm.dd``) and ``Time`` (``hh:mm:ss``, or ``None``) of a DATE value (§3.4);
    a value of another form is the ``Date`` as written."""
    m = _DATE.match(value)
    if m is None:
        return value, None
    y, mo, d, h, mi, sec = m.groups()
    clock = f"{int(h):02d}:{mi}:{sec or '00'}" if h is not None else None
    return f"{y}.{int(mo):02d}.{int(d):02d}", clock


def event(value: str) -> tuple[str, str]:
    """The ``Event`` and the ``Group`` (``""``: none) of an EVENT value (§3.5)."""
    name, _, group = value.partition(";")
    return name.strip(), group.strip()
