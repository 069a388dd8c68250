"""What the root's information attributes mean in the game model (docs/spec/pfc.md §4).

One table for the reader and the writer.  :data:`HEADER_OF_ATTRIBUTE` maps the
attributes that mean what a model header means (vschess's names for a game's
information, with ``create-time`` for the date, as its PFC writer names it);
every other attribute is kept under its own name as a header, or under
``PFC_<name>`` when its own name is a header the table or the model uses for
something else (:func:`header_for_attribute`).  The writer inverts both, so
nothing read is lost and a written attribute reads back as the same header.
"""

from __future__ import annotations

from typing import Optional

from ..model import TAG_NAME_PATTERN

#: Attributes that mean a model header (docs/spec/pfc.md §4.1 table).
HEADER_OF_ATTRIBUTE: dict[str, str] = {
    "title": "Name",
    "event": "Event",
    "create-time": "Date",
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
    "variation": "Variation",
    "ecco": "ECCO",
}
ATTRIBUTE_OF_HEADER: dict[str, str] = {header: name for name, header in HEADER_OF_ATTRIBUTE.items()}

#: The root's attributes that are not information: the layout's own (§2.4) and the result's (§4.2).
STRUCTURAL = frozenset({"version", "m", "c", "win", "result", "default"})

#: The prefix of a header that keeps an attribute whose own name is taken.
KEPT_PREFIX = "PFC_"

#: Headers written from the game itself, or describing another format: never an attribute's own name.
_RESERVED = frozenset({"FEN", "Result", "Format", "Game"}) | frozenset(ATTRIBUTE_OF_HEADER)


def header_for_attribute(name: str) -> Optional[str]:
    """The header attribute ``name``'s value goes to; ``None`` when no header name can keep it (N113)."""
    mapped = HEADER_OF_ATTRIBUTE.get(name)
    if mapped is not None:
        return mapped
    header = KEPT_PREFIX + name if name in _RESERVED or name.startswith(KEPT_PREFIX) or name in STRUCTURAL else name
    return header if TAG_NAME_PATTERN.match(header) else None


def attribute_for_header(header: str) -> Optional[str]:
    """The attribute ``header`` is written as; ``None`` when it has none (the writer's loss, or written otherwise)."""
    mapped = ATTRIBUTE_OF_HEADER.get(header)
    if mapped is not None:
        return mapped
    if header in _RESERVED:
        return None
    if header.startswith(KEPT_PREFIX):
        name = header[len(KEPT_PREFIX):]
        return name if name and name not in STRUCTURAL and header_for_attribute(name) == header else None
    return header if header not in STRUCTURAL and header_for_attribute(header) == header else None
