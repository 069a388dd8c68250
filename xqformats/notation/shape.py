"""The shape of a move text: what the grammar says, before any position is consulted.

A :class:`Shape` is the structure of one spelling — piece type, file or marker,
action, number — read from the notation's Lark grammar (``grammars/*.lark``,
start rule ``start``, built by :func:`parser_for`).  :func:`.spelling.shape_of`
parses each distinct spelling once and memoizes the result (a :class:`Memo`),
so the hot path of decoding is one dict lookup: real records repeat a few
hundred spellings.

Syntax lives only in the grammars; the per-notation modules turn a parse tree
into a :class:`Shape` through small tables of what each character *means*
(which piece, which number, which spelling is canonical).
"""

from __future__ import annotations

import enum
from contextlib import contextmanager
from typing import Any, Generic, Iterator, Optional, TypeVar

from lark import Lark

from ..diagnostics import Diagnostic, Span
from ..resources import grammar_path, lark_cache_path


class Notation(str, enum.Enum):
    """The four move notations (docs/spec/notation.md §1.1; the PGN ``Format`` tag's values).

    The value is the lower-case name (``Notation("wxf")`` works); :attr:`label`
    is the display name, as messages and the PGN ``Format`` tag write it.
    """

    CHINESE = "chinese"
    WXF = "wxf"
    ICCS = "iccs"
    SAN = "san"

    def __str__(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        """The display name: ``Chinese``, ``WXF`` or ``ICCS`` (the one place it is written)."""
        return _LABELS[self]


_LABELS = {Notation.CHINESE: "Chinese", Notation.WXF: "WXF", Notation.ICCS: "ICCS", Notation.SAN: "SAN"}


#: Notation → grammar file; the detection order of :func:`shape_of`.
GRAMMAR_FILES = {
    Notation.CHINESE: "chinese.lark",
    Notation.WXF: "wxf.lark",
    Notation.ICCS: "iccs.lark",
    Notation.SAN: "san.lark",
}


def span(start: int, end: int) -> Span:
    """A span on the single line of a move text (1-based columns, end exclusive)."""
    return Span(start, end, 1, start + 1, 1, end + 1)


class Shape:
    """The structure of one move spelling, independent of any position.

    ``kind`` names the grammar alternative (``plain``, ``tandem``,
    ``tandem_file``, ``ordinal``, ``leading``, ``outer``, ``coords``).
    ``piece`` is a type letter ``KABNRCP`` (``None`` when a WXF move leads with
    a digit, see ``lead``).  ``file`` and ``number`` are the written numbers
    1–9 in the mover's frame.  ``marker`` is ``front``/``middle``/``rear`` (one
    sign or character) or ``first``/``last`` (WXF ``++``/``--``); ``ordinal``
    is 1–5.  ``action`` is ``+``, ``-`` or ``.``.  ``styles`` are the
    position-independent style findings (M4xx), reported on every decode.
    """

    __slots__ = (
        "text",
        "notation",
        "kind",
        "piece",
        "lead",
        "file",
        "marker",
        "ordinal",
        "action",
        "number",
        "from_square",
        "to_square",
        "file_red",
        "number_red",
        "piece_side",
        "styles",
        "piece_span",
        "file_span",
        "number_span",
        "simple",
        "san",
    )

    def __init__(self, text: str, notation: Notation, kind: str) -> None:
        self.text = text
        self.notation = notation
        self.kind = kind
        self.piece: Optional[str] = None
        #: WXF: a leading digit (a piece code 1–7, or a pawn's file).
        self.lead: Optional[int] = None
        self.file: Optional[int] = None
        self.marker: Optional[str] = None
        self.ordinal: Optional[int] = None
        self.action = "."
        self.number = 0
        #: ICCS: the two squares.
        self.from_square = -1
        self.to_square = -1
        #: Chinese: whether the file / number were written with Red's numerals
        #: (True), Black's digits (False), or are absent (None).
        self.file_red: Optional[bool] = None
        self.number_red: Optional[bool] = None
        #: Chinese: the side a piece character belongs to (帅 Red, 将 Black), or None.
        self.piece_side: Optional[bool] = None
        self.styles: tuple[Diagnostic, ...] = ()
        self.piece_span = span(0, 0)
        self.file_span = span(0, 0)
        self.number_span = span(0, 0)
        #: True for the common case: a plain move with no digit lead (no
        #: canonical re-check needed after resolution).
        self.simple = False
        #: SAN: what the text says (a :class:`.san.SanParts`), else None.
        self.san: Any = None

    def key(self) -> tuple[Any, ...]:
        """What identifies the locator form (for the canonical-form comparison)."""
        return (self.kind, self.marker, self.ordinal, self.file, self.lead)

    def __repr__(self) -> str:
        return f"Shape({self.text!r}, {self.notation.value}, {self.kind})"


# ---------------------------------------------------------------- parsers
_PARSERS: dict[Notation, Lark] = {}


def parser_for(notation: Notation) -> Lark:
    """The LALR parser of a notation's grammar (start rule ``start``), built once."""
    p = _PARSERS.get(notation)
    if p is None:
        path = grammar_path(GRAMMAR_FILES[notation])
        p = Lark(
            path.read_text(encoding="utf-8"),
            parser="lalr",
            start="start",
            maybe_placeholders=False,
            # Analysed once per user, not in every process (about 0.1 s each).
            cache=lark_cache_path(notation.value),
        )
        _PARSERS[notation] = p
    return p


K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """A dict that starts afresh when it reaches :attr:`limit` entries.

    Bounded memory for adversarial input (real files repeat a few hundred
    spellings).  Readers use ``memo.get(key)`` (the plain dict lookup, the hot
    path) and :meth:`remember` on a miss.  :meth:`isolated` is the seam for
    tests: a temporary empty memo, with its own limit, that is put back as it
    was afterwards.
    """

    def __init__(self, limit: int) -> None:
        super().__init__()
        #: Entries kept before the memo is cleared.
        self.limit = limit

    def remember(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (clearing first when full) and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    @contextmanager
    def isolated(self, limit: Optional[int] = None) -> Iterator["Memo[K, V]"]:
        """Empty for the ``with`` block (``limit`` if given); the entries and limit return after."""
        saved, saved_limit = dict(self), self.limit
        self.clear()
        if limit is not None:
            self.limit = limit
        try:
            yield self
        finally:
            self.clear()
            self.update(saved)
            self.limit = saved_limit
