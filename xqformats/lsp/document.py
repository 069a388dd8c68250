"""An open PGN document as the server holds it: its text, cut into games, kept cut as it is edited.

The language server re-checks only the game an edit touched, so it needs the
games' boundaries after every keystroke without cutting the whole text again
(cutting 1,000 games takes tens of milliseconds).  :class:`Document` keeps
the text and its :class:`Chunk` list (the chunks of
:class:`~xqformats.pgn.splitter.GameSplitter`, placed in the document) and,
on :meth:`Document.edit`, cuts again only from the chunk before the edit
until the cutting falls back in step with the old chunks.

Why that is exact: a chunk starts at a cut, and at a cut the splitter holds
nothing (no open comment, tag value or partial line) and has not seen
movetext: its state is that of a fresh splitter at the start of a text.  So
cutting may restart at any old chunk start before the edit; and once the new
cutting makes a cut at an old chunk start after the edit (whose text is
unchanged from there on), every following chunk is the old one, moved by the
edit's length.  The chunk before the edited one is re-cut too, because an
edit on a chunk's first line can undo the cut before it (a ``[`` deleted).

Positions are characters (code points) and 1-based lines and columns, as in
:class:`~xqformats.source.Source`; converting to the client's units is
:mod:`.positions`' job.  Cost of an edit: the text re-cut (usually two
games) plus O(number of chunks) to move the ones after it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Iterable, Optional

from ..diagnostics import LineIndex
from ..pgn.splitter import GameSplitter, split_games
from ..source import Source


@dataclass(frozen=True, slots=True)
class Chunk:
    """One game's text and where it starts in the document (offset 0-based; line, column 1-based)."""

    text: str
    offset: int
    line: int
    column: int

    @property
    def end(self) -> int:
        return self.offset + len(self.text)

    def source(self, name: Optional[str] = None) -> Source:
        """The chunk as a :class:`Source` that reports document positions."""
        return Source(name, None, self.text, self.offset, self.line, self.column)

    def end_position(self) -> tuple[int, int]:
        """Line and column just past the chunk's last character (where the next chunk starts)."""
        return self.source().line_col(len(self.text))


def _placed(found: Iterable[Source], base: Chunk) -> list[Chunk]:
    """Chunks cut from text starting at ``base`` (positions relative to it), placed in the document."""
    out = []
    for c in found:
        assert c.text is not None
        column = base.column + c.column - 1 if c.line == 1 else c.column
        out.append(Chunk(c.text, base.offset + c.offset, base.line + c.line - 1, column))
    return out


class Document:
    """A text and its game chunks; :meth:`edit` keeps both up to date.

    ``name`` is put on the chunks' sources (the document's path, for reports).
    The chunks tile the text (a text of blank lines only has none).
    """

    def __init__(self, text: str, name: Optional[str] = None) -> None:
        self.name = name
        self.text = text
        self.chunks: list[Chunk] = _placed(split_games((text,), name), Chunk("", 0, 1, 1))
        self._starts: Optional[list[int]] = None
        self._lines: Optional[list[int]] = None
        self._index: Optional[LineIndex] = None  # of the whole text, only when it has no chunks

    # ------------------------------------------------------------ edits
    def replace(self, text: str) -> None:
        """The whole text replaced (a full-sync change): edited as the span that differs."""
        old = self.text
        n = min(len(old), len(text))
        start = 0
        # Common prefix and suffix by halving (str comparisons run in C).
        lo, hi = 0, n
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if old[lo:mid] == text[lo:mid]:
                lo = mid
            else:
                hi = mid - 1
        start = lo
        lo, hi = 0, n - start
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if old[len(old) - mid : len(old) - lo] == text[len(text) - mid : len(text) - lo]:
                lo = mid
            else:
                hi = mid - 1
        self.edit(start, len(old) - lo, text[start : len(text) - lo])

    def edit(self, start: int, end: int, inserted: str) -> None:
        """Replace ``text[start:end]`` with ``inserted`` and re-cut the games it touches."""
        old_chunks = self.chunks
        self.text = self.text[:start] + inserted + self.text[end:]
        self._starts = None
        self._lines = None
        self._index = None
        if not old_chunks:
            self.chunks = _placed(split_games((self.text,), self.name), Chunk("", 0, 1, 1))
            return
        starts = [c.offset for c in old_chunks]
        k = max(bisect_right(starts, start) - 2, 0)  # the chunk before the edited one
        first_after = bisect_right(starts, end)  # the first old chunk starting after the edit
        head = old_chunks[:k]
        fresh, tail = self._recut(old_chunks, k, first_after, len(inserted) - (end - start))
        self.chunks = head + fresh + tail

    def _recut(self, old: list[Chunk], k: int, j: int, delta: int) -> tuple[list[Chunk], list[Chunk]]:
        """Cut from old chunk ``k``'s start until a cut lands on an old start (``j`` on); ``(new, moved old)``."""
        base = old[k]
        splitter = GameSplitter(self.name)
        text = self.text
        pos = base.offset
        fresh: list[Chunk] = []
        while j < len(old):
            target = old[j].offset + delta
            got = list(splitter.feed(text[pos:target])) if pos < target else []
            got.extend(splitter.feed(old[j].text))
            placed = _placed(got, base)
            fresh.extend(placed)
            if placed and placed[-1].end == target:
                return fresh, self._moved(old[j:], fresh[-1], delta)
            pos = target + len(old[j].text)
            j += 1
        fresh.extend(_placed(splitter.feed(text[pos:]), base))
        fresh.extend(_placed(splitter.finish(), base))
        return fresh, []

    @staticmethod
    def _moved(tail: list[Chunk], before: Chunk, delta: int) -> list[Chunk]:
        """The old chunks after the last re-cut one (``before``), moved by the edit."""
        line, column = before.end_position()
        first = tail[0]
        line_delta = line - first.line
        column_delta = column - first.column
        if delta == 0 and line_delta == 0 and column_delta == 0:
            return tail
        return [
            Chunk(c.text, c.offset + delta, c.line + line_delta, c.column + column_delta if c.line == first.line else c.column)
            for c in tail
        ]

    # ------------------------------------------------------------ lookups
    def chunk_index(self, offset: int) -> Optional[int]:
        """The index of the chunk holding character ``offset`` (the last one at the end), or ``None`` when there is none."""
        if not self.chunks:
            return None
        if self._starts is None:
            self._starts = [c.offset for c in self.chunks]
        return max(bisect_right(self._starts, offset) - 1, 0)

    def line_start(self, line: int) -> Optional[int]:
        """The offset of 1-based ``line``'s first character (``None`` past the last line).

        Found through the chunks (the last one starting on or before the
        line, then that chunk's own lines), so no index of the whole text is
        built after an edit: O(log games + one game's length).
        """
        chunks = self.chunks
        if not chunks:
            index = self._whole_index()
            start = index.line_start(line, -1)
            return start if start >= 0 and line >= 1 else None
        if self._lines is None:
            self._lines = [c.line for c in chunks]
        i = bisect_right(self._lines, line) - 1
        # A chunk that starts inside a line (after a form feed) does not hold that line's start.
        while i > 0 and chunks[i].line == line and chunks[i].column != 1:
            i -= 1
        if i < 0 or line < 1:
            return None
        chunk = chunks[i]
        start = LineIndex(chunk.text).line_start(line - chunk.line + 1, -1)
        return chunk.offset + start if start >= 0 else None

    def _whole_index(self) -> LineIndex:
        if self._index is None:
            self._index = LineIndex(self.text)
        return self._index

    def position_of(self, offset: int) -> tuple[int, int]:
        """1-based line and column of character ``offset`` (through the chunk holding it)."""
        index = self.chunk_index(offset)
        if index is None:
            return self._whole_index().line_col(offset)
        chunk = self.chunks[index]
        return chunk.source().line_col(offset - chunk.offset)

    def has_line(self, line: int) -> bool:
        """Whether 1-based ``line`` exists (a text of ``n`` line ends has ``n + 1`` lines)."""
        return self.line_start(line) is not None

    def line_text(self, line: int) -> str:
        """The text of 1-based ``line`` without its line end ('' past the last line)."""
        start = self.line_start(line)
        if start is None:
            return ""
        end = self.line_start(line + 1)
        text = self.text[start : len(self.text) if end is None else end]
        if text.endswith("\r\n"):
            return text[:-2]
        if text.endswith(("\n", "\r")):
            return text[:-1]
        return text

    def offset_of(self, line: int, column: int) -> int:
        """The character offset of 1-based ``line`` and ``column`` (clamped to the line and the text)."""
        start = self.line_start(line)
        if start is None:
            return len(self.text)
        return start + max(0, min(column - 1, len(self.line_text(line))))
