"""What a regular expression's match can start with, read from Python's own regex parser.

:func:`first_chars` gives, for a pattern, ranges of code points that hold
every character a match of it can start with, and whether it can match the
empty string.  It over-approximates: anything it does not analyse (a class
such as ``\\d`` or ``\\w``, a negated set, ``.``, case-insensitive matching, a
back reference) counts as "any character".  So a ``False`` from
:func:`can_start_alike` is a proof: no string starts a match of both.

The fast paths use it to show that skipping an ignored terminal before each
token leaves the tokens as Lark's lexer makes them (:mod:`.fastpath`).
``re._parser`` is CPython's internal module; if it is missing or reads
differently, every answer is "any character" and nothing is skipped.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Optional

try:  # CPython 3.11+
    import re._constants as _c
    import re._parser as _parser
except ImportError:  # pragma: no cover - another Python
    _parser = None

#: Ranges of code points (first, last), both included.
Ranges = tuple[tuple[int, int], ...]
_ANY: Ranges = ((0, 0x10FFFF),)


def first_chars(pattern: str, flags: int = 0) -> tuple[Ranges, bool]:
    """Code point ranges holding every first character of a match of ``pattern``, and whether it matches ``""``."""
    if _parser is None or flags & re.IGNORECASE:
        return _ANY, True
    try:
        parsed = _parser.parse(pattern, flags)
    except (re.error, TypeError, ValueError):
        return _ANY, True
    return _sequence(list(parsed))


def can_start_alike(a: str, b: str, flags: int = 0) -> bool:
    """Whether some string could start a match of ``a`` and of ``b`` alike (either matching ``""`` counts)."""
    ra, empty_a = first_chars(a, flags)
    rb, empty_b = first_chars(b, flags)
    return empty_a or empty_b or any(lo <= hi2 and lo2 <= hi for lo, hi in ra for lo2, hi2 in rb)


def _sequence(items: Iterable[tuple[Any, Any]]) -> tuple[Ranges, bool]:
    """Items one after the other: the first items' characters up to the first that cannot match ``""``."""
    out: list[tuple[int, int]] = []
    for op, av in items:
        ranges, empty = _item(op, av)
        out.extend(ranges)
        if not empty:
            return tuple(out), False
    return tuple(out), True


def _item(op: Any, av: Any) -> tuple[Ranges, bool]:  # noqa: C901 - one branch per opcode
    if op is _c.LITERAL:
        return ((av, av),), False
    if op is _c.IN:
        ranges = _set(av)
        return (ranges, False) if ranges is not None else (_ANY, False)
    if op is _c.BRANCH:
        out: list[tuple[int, int]] = []
        empty = False
        for alt in av[1]:
            ranges, e = _sequence(alt)
            out.extend(ranges)
            empty = empty or e
        return tuple(out), empty
    if op is _c.SUBPATTERN:
        _group, add_flags, _del_flags, sub = av
        return _sequence(sub) if not add_flags & re.IGNORECASE else (_ANY, True)
    if op is _c.ATOMIC_GROUP:
        return _sequence(av)
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        low, _high, sub = av
        ranges, empty = _sequence(sub)
        return ranges, empty or low == 0
    if op in (_c.ASSERT, _c.ASSERT_NOT, _c.AT):
        return (), True  # zero width: it only narrows what follows
    return _ANY, True  # ANY, NOT_LITERAL, GROUPREF, …: anything


def _set(items: Iterable[tuple[Any, Any]]) -> Optional[Ranges]:
    """The ranges of a character set, or ``None`` for one this module does not read (negated, a category)."""
    out: list[tuple[int, int]] = []
    for op, av in items:
        if op is _c.LITERAL:
            out.append((av, av))
        elif op is _c.RANGE:
            out.append((av[0], av[1]))
        else:
            return None
    return tuple(out)
