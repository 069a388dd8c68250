"""The strings of an MXQ file, cut into its three sections as the layout cuts them.

Two paths give the same :class:`Item` values (``tests/test_mxq_strings.py``
holds them equal on every MXQ file at hand and on mutated ones):

* :func:`by_layout`: the generated parser of ``schemas/mxq.ksy``
  (:mod:`xqformats.layouts.mxq`), one ``Pstr`` object per string, each about
  450 bytes and tied to the whole parse by ``_parent``/``_root`` cycles: 300
  bytes and more per input byte on a file of empty strings;
* :func:`by_scan`, the fast path: one pass over the bytes that keeps only
  where each string starts (8 bytes a string) and makes each :class:`Item` as
  it is asked for, by the layout's own rules (below).

The layout's rules, as :func:`by_scan` follows them: a section is read unless
the data has ended (``if: not _io.eof``); it is strings up to and including
its marker, or to the end of the data (``repeat-until``); a string is its
length byte, then that many bytes or as many as there are; a move is five
bytes ``[0-8][A-J]-[0-8][A-J]`` (``is_move``); a marker is its word exactly.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator, Sequence
from io import BytesIO
from typing import Any, NamedTuple, Union, overload

from kaitaistruct import KaitaiStream, KaitaiStructError

from ..layouts.mxq import Mxq  # generated code is not type-checked

#: The marker that ends each section (docs/spec/mxq.md §2.1), as the layout's ``is_*_marker`` spell them.
MARKERS = (b"Moves", b"Ends", b"CommentsEnd")
_SECTIONS = ("fields", "moves", "comments")
_MARKER_FLAGS = ("is_moves_marker", "is_ends_marker", "is_comments_end_marker")
#: The layout's ``is_move``: a file digit and a rank letter, twice, ``-`` between.
_MOVE = re.compile(rb"[0-8][A-J]-[0-8][A-J]\Z")


class Item(NamedTuple):
    """One string of the file: what the layout's ``Pstr`` says of it, and where it stands."""

    offset: int  # of its length byte
    length: int  # what the length byte says
    body: bytes  # the bytes there are: fewer than ``length`` when the data ends first
    is_move: bool  # the layout's ``is_move``
    is_marker: bool  # the marker of its section (``is_moves_marker`` in the first, ...)

    @property
    def is_cut(self) -> bool:
        """The data ended inside the string (the layout's ``is_cut``)."""
        return len(self.body) < self.length

    @property
    def size(self) -> int:
        """Its bytes in the file: the length byte and the body."""
        return 1 + len(self.body)


#: The three sections (a section absent: empty) and the offset after the last string.
Sections = tuple[tuple[Sequence[Item], Sequence[Item], Sequence[Item]], int]


def sections(data: bytes, *, fast: bool = True) -> Sections:
    """The strings of ``data`` in their sections: :func:`by_scan`, or with ``fast=False`` :func:`by_layout`."""
    return by_scan(data) if fast else by_layout(data)


# ---------------------------------------------------------------- the generated layout


def by_layout(data: bytes) -> Sections:
    """The sections as the generated parser reads them (every ``Pstr`` made at once)."""
    parsed = layout(data)
    at = 0
    out: list[list[Item]] = []
    for name, flag in zip(_SECTIONS, _MARKER_FLAGS):
        items: list[Item] = []
        for pstr in getattr(parsed, name, None) or ():
            items.append(Item(at, pstr.length, pstr.body, bool(pstr.is_move), bool(getattr(pstr, flag))))
            at += 1 + len(pstr.body)
        out.append(items)
    return (out[0], out[1], out[2]), at


def layout(data: bytes) -> Any:
    """The generated parse of ``data``; ``None`` for no data.

    The layout clamps a string cut short to the bytes there are and ends each
    section at the end of the data, so no content makes it raise; the
    ``except`` is there should a future layout differ.
    """
    if not data:
        return None
    try:
        return Mxq(KaitaiStream(BytesIO(data)))
    except (EOFError, KaitaiStructError):  # pragma: no cover - the layout reads any bytes
        return None


# ---------------------------------------------------------------- the fast path


class _Strings(Sequence[Item]):
    """One section's strings, kept as their offsets; each :class:`Item` made when asked for."""

    def __init__(self, data: bytes, offsets: "array[int]", marker: bytes) -> None:
        self._data = data
        self._offsets = offsets
        self._marker = marker

    def __len__(self) -> int:
        return len(self._offsets)

    @overload
    def __getitem__(self, index: int) -> Item: ...
    @overload
    def __getitem__(self, index: slice) -> "_Strings": ...
    def __getitem__(self, index: Union[int, slice]) -> Union[Item, "_Strings"]:
        if isinstance(index, slice):
            return _Strings(self._data, self._offsets[index], self._marker)
        return self._item(self._offsets[index])

    def __iter__(self) -> Iterator[Item]:
        return map(self._item, self._offsets)

    def _item(self, at: int) -> Item:
        data = self._data
        length = data[at]
        body = data[at + 1 : at + 1 + length]  # a slice stops at the end of the data, as the layout does
        is_move = length == 5 and _MOVE.match(body) is not None
        return Item(at, length, body, is_move, body == self._marker)


def by_scan(data: bytes) -> Sections:
    """The sections by one pass over ``data``, by the layout's rules (module docstring)."""
    size, at = len(data), 0
    out: list[_Strings] = []
    for marker in MARKERS:
        offsets = array("q")
        width = len(marker)
        while at < size:
            offsets.append(at)
            start, length = at + 1, data[at]
            at = min(start + length, size)
            if length == width and data[start:at] == marker:
                break
        out.append(_Strings(data, offsets, marker))
    return (out[0], out[1], out[2]), at
