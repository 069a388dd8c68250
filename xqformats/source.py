"""One input as every stage sees it: a name, its bytes or text, and where it sits.

A :class:`Source` is handed from the front door to a reader, from a reader to
its parser and lowering, and to the :class:`~xqformats.diagnostics.DiagnosticSink`
that turns the offsets those stages report into spans.  Stages never do
line/column arithmetic themselves: they report offsets into ``text`` (or, for
binary formats, into ``data``) and ask the source for the span.

A source may be a piece of a larger one (a game chunk cut from a stream, a FEN
inside a tag value): ``offset``, ``line`` and ``column`` say where its first
character stands in the whole input, so the spans it gives are positions in
the file the user opened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .diagnostics import LineIndex, Span


@dataclass(slots=True)
class Source:
    """One input (or a piece of one).

    ``name`` is what reports call the input (a display path, ``"-"`` for
    standard input, ``None`` when unnamed).  ``data`` holds the raw bytes when
    they are known (binary formats, or text before decoding); ``text`` the
    decoded text, when there is one.  ``offset`` (characters), ``line`` and
    ``column`` (1-based) place the first character of ``text`` in the whole
    input; a whole input has ``0, 1, 1``.  The line index is built on first
    use, in O(len(text)).
    """

    name: Optional[str] = None
    data: Optional[bytes] = None
    text: Optional[str] = None
    offset: int = 0
    line: int = 1
    column: int = 1
    _index: Optional[LineIndex] = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------ construction
    @classmethod
    def from_text(cls, text: str, name: Optional[str] = None) -> "Source":
        return cls(name, None, text)

    @classmethod
    def from_bytes(cls, data: bytes, name: Optional[str] = None) -> "Source":
        return cls(name, bytes(data), None)

    def decoded(self, text: str) -> "Source":
        """This input with its decoded text (same name and bytes, positions from the start)."""
        return Source(self.name, self.data, text)

    def piece(self, start: int, end: int) -> "Source":
        """The part ``text[start:end]`` as a source of its own that still reports file positions."""
        assert self.text is not None
        line, column = self.line_col(start)
        return Source(self.name, None, self.text[start:end], self.offset + start, line, column)

    # ------------------------------------------------------------ positions
    @property
    def line_index(self) -> LineIndex:
        index = self._index
        if index is None:
            index = self._index = LineIndex(self.text or "")
        return index

    def line_col(self, offset: int) -> tuple[int, int]:
        """File line and column (1-based) of character ``offset`` of :attr:`text`."""
        ln, col = self.line_index.line_col(offset)
        if ln == 1:
            col += self.column - 1
        return ln + self.line - 1, col

    def span(self, start: int, end: int) -> Span:
        """The span of ``text[start:end]`` in the whole input (offsets and lines of the file)."""
        ln, col = self.line_col(start)
        eln, ecol = self.line_col(end)
        return Span(self.offset + start, self.offset + end, ln, col, eln, ecol)
