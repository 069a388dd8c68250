"""The positioned syntax tree of one PGN game, as ``grammars/pgn.lark`` shapes it.

Every node is a frozen, slotted dataclass carrying the :class:`Span` of its
source text: 0-based character offsets in the whole file (end exclusive) and
1-based line/column (end column one past the end, Lark's convention).  The
tree says what was written, nothing more: moves are their spellings, not yet
resolved against a position (that is :mod:`.lowering`'s job).

Nesting: :class:`Variation` holds further elements, to any depth.  Code that
walks the tree must use an explicit stack (10,000 nested variations are valid
input); the dataclasses' own ``==`` and ``repr`` recurse and are meant for
shallow trees in tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from ..diagnostics import Span
from ..digits import MAX_NUMBER_DIGITS, bounded_int
from ..source import Source


# The most digits a move number or a NAG is read with (docs/spec/pgn.md §4.1, §4.5) is the
# package's one bound on digit runs, MAX_NUMBER_DIGITS (:mod:`xqformats.digits`; the PGN modules
# import it from here): a longer one is no game's move number and no NAG, and the lowering
# reports it (P219 for a NAG).


def number_value(digits: str) -> int:
    """The value of ``digits``; ``-1`` when there are more than :data:`MAX_NUMBER_DIGITS`."""
    value = bounded_int(digits, MAX_NUMBER_DIGITS)
    return -1 if value is None else value


#: The largest NAG the spec defines (docs/spec/pgn.md §4.5); a larger one is kept as written (P219).
MAX_NAG = 255


@dataclass(frozen=True, slots=True)
class TagPair:
    """``[Name "value"]``: ``value`` with ``\\"`` and ``\\\\`` unescaped.

    ``raw_value`` is the text between the quotes as written; ``value_span``
    covers it including the quotes.
    """

    name: str
    value: str
    raw_value: str
    span: Span
    name_span: Span
    value_span: Span


@dataclass(frozen=True, slots=True)
class MoveNumber:
    """``7.``, ``7...`` or ``7. ...``; ``ellipsis`` says Black's move follows."""

    number: int
    ellipsis: bool
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class MoveToken:
    """A move as written, with the terminal that matched it.

    ``kind`` is ``CHINESE_MOVE``, ``WXF_MOVE``, ``ICCS_MOVE`` or
    ``UNKNOWN_MOVE`` (text no notation matches).  ``suffix`` is a trailing
    ``!``/``?`` annotation (chess PGN), ``None`` when absent.
    """

    text: str
    kind: str
    span: Span
    suffix: Optional[str] = None
    suffix_span: Optional[Span] = None


@dataclass(frozen=True, slots=True)
class Comment:
    """``{text}`` (``line`` False) or ``;text`` to the end of the line (``line`` True)."""

    text: str
    line: bool
    span: Span


@dataclass(frozen=True, slots=True)
class Nag:
    """``$n``, a numeric annotation glyph (``value`` -1: too many digits to read; ``text`` as written)."""

    value: int
    span: Span
    text: str = ""


@dataclass(frozen=True, slots=True)
class Variation:
    """``( … )``: ``elements`` in source order; ``span`` from ``(`` to ``)``.

    ``closed`` is False when the reader had to close it at the end of the game.
    """

    elements: tuple["Element", ...]
    span: Span
    closed: bool = True


@dataclass(frozen=True, slots=True)
class MisplacedTag:
    """A tag pair written inside the movetext (a deviation, P202)."""

    tag: TagPair

    @property
    def span(self) -> Span:
        return self.tag.span


@dataclass(frozen=True, slots=True)
class Result:
    """The game termination marker: ``1-0``, ``0-1``, ``1/2-1/2`` or ``*``."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class StrayText:
    """Text after the result that is no comment, to the end of its line (P204)."""

    text: str
    span: Span


Element = Union[MoveNumber, MoveToken, Comment, Nag, Variation, MisplacedTag]


@dataclass(frozen=True, slots=True)
class GameSyntax:
    """One game chunk: tags, movetext elements, result, what follows the result.

    ``source`` is the chunk: its text and where it stands in the file
    (``source.offset`` is the file offset of its first character, so
    ``source.text[span.start - source.offset:span.end - source.offset]`` is a
    node's text).  ``span`` covers the chunk's non-blank text.
    """

    tags: tuple[TagPair, ...]
    movetext: tuple[Element, ...]
    result: Optional[Result]
    trailer: tuple[Union[Comment, StrayText], ...]
    span: Span
    source: Source
