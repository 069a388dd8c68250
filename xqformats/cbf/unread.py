"""Moves the CBF reader cannot place, kept as one line of text.

After an unreadable or illegal move (C304, C306), a ``nid`` with no parent
(C305), a move without ``nid`` after the end of the line (C308), a ``Move``
without ``value`` (C202) or with a ``nid`` that is not a number (C203), the
reader keeps that move and every move that continues it as a comment on the
last move it could read (the root when there is none), with C311 at the
first of them.  Nothing read is dropped: the comment holds each ``Move``'s
``nid``, ``value`` and text, in document order, in this compact form
(``docs/cbf.md`` § Moves not read)::

    CBF moves not read: 3:47-17 "a comment" 4:80-70 3:79-67

* the prefix ``CBF moves not read:``, then one item per ``Move``, each
  after one space;
* an item is ``nid:value``, or just ``value`` when the ``Move`` has no
  ``nid``; a missing ``value`` leaves the part after ``:`` empty (``3:``,
  or ``:`` alone);
* ``nid`` and ``value`` are written as they are in the file, unless they are
  empty or hold whitespace, ``"``, ``:`` or ``\\`` — then as a JSON string,
  and the ``:`` is written even without ``nid`` (``:"7 7-47"``);
* the ``Move``'s text (stripped, as the reader keeps comments) follows its
  item as a JSON string (``"…"``, with ``\\"``, ``\\\\``, ``\\n`` and
  ``\\uXXXX`` for other control characters), so the whole stays one line;
* the ``end`` attribute is layout (the reader does not need it) and is not
  kept.

:func:`parse_unread` reads the form back (what a tool would use to recover
the moves; the tests hold it to :func:`render_unread`).
"""

from __future__ import annotations

import json
import re
from typing import NamedTuple, Optional, Sequence

#: What every kept text starts with.
PREFIX = "CBF moves not read:"

# A token written as it is: no whitespace, quote, colon or backslash.
_PLAIN = re.compile(r'[^\s":\\]+\Z')
_STRING = r'"(?:[^"\\]|\\.)*"'
_TOKEN = rf'(?:[^\s":\\]+|{_STRING})'
_ITEM = re.compile(
    rf" (?:(?P<nid>{_TOKEN})?:(?P<value>{_TOKEN})?|(?P<bare>[^\s\":\\]+))(?: (?P<text>{_STRING}))?(?= |\Z)",
    re.S,
)


class UnreadMove(NamedTuple):
    """One ``Move`` element as kept: its ``nid``, ``value`` and text (``None`` when absent)."""

    nid: Optional[str]
    value: Optional[str]
    text: Optional[str]


def _token(text: str) -> str:
    return text if _PLAIN.match(text) else json.dumps(text, ensure_ascii=False)


def render_item(nid: Optional[str], value: Optional[str], text: Optional[str]) -> str:
    """One item of the compact form (see the module docstring)."""
    if nid is None and value is not None and _PLAIN.match(value):
        item = value
    else:
        item = (_token(nid) if nid is not None else "") + ":" + (_token(value) if value is not None else "")
    if text:
        item += " " + json.dumps(text, ensure_ascii=False)
    return item


def render_unread(items: Sequence[str]) -> str:
    """The kept text: :data:`PREFIX` and the items rendered by :func:`render_item`."""
    return PREFIX + "".join(" " + item for item in items)


def _untoken(token: Optional[str]) -> Optional[str]:
    if token is None:
        return None
    return json.loads(token) if token.startswith('"') else token


def parse_unread(text: str) -> Optional[list[UnreadMove]]:
    """The moves of a text written by :func:`render_unread`; ``None`` if it is not one.

    O(len(text)).
    """
    if not text.startswith(PREFIX):
        return None
    out: list[UnreadMove] = []
    pos = len(PREFIX)
    while pos < len(text):
        m = _ITEM.match(text, pos)
        if m is None:
            return None
        if m.group("bare") is not None:
            nid, value = None, m.group("bare")
        else:
            nid, value = _untoken(m.group("nid")), _untoken(m.group("value"))
        out.append(UnreadMove(nid, value, _untoken(m.group("text"))))
        pos = m.end()
    return out if out else None
