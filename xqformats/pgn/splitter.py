"""Cut a stream of PGN lines into game chunks without parsing them.

A file is ``game*`` (``grammars/pgn.lark``, header).  A new game starts at a
line whose first non-blank character is ``[`` once the current chunk has
movetext (anything but tag pairs and blank lines) — spec §三(7): "如果出现标签，
则说明这是下一局棋", and python-chess's reader does the same.  The cut respects
the grammar's lexical structure: a ``[`` inside a ``{comment}`` (which may span
lines) or inside a tag value is no tag; ``;`` comments run to the line end.

A tag value left open at the end of its line (a deviation the parser reports,
P210) goes on over the following lines exactly as the parser's recovery reads
it (``grammar._MULTILINE_VALUE``): up to its first unescaped quote, when that
quote is followed by ``]``.  Until that quote is found the lines after the tag
line are held back (they hold no quote, so this is short in any real file);
when the value turns out not to close that way (the quote is not followed by
``]``, a backslash ends a line, or the text ends) the tag line is an unclosed
value (P105) and the held lines are read again as ordinary lines.

Each chunk comes with its first character's offset and line number in the
file, so diagnostics point at real lines.  Memory: one chunk at a time.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional

__all__ = ["Chunk", "split_games", "iter_lines"]

# A tag line: `[`, a name, then a quoted value; group "close" is the closing
# quote, empty when the value is not closed on the line.
_TAG_LINE = re.compile(r'[ \t]*\[[^"\]\n]*(?P<value>"(?:[^"\\\n]|\\.)*(?P<close>"?))?')
# The characters of a value (as _TAG_LINE and the parser's recovery read them):
# they stop at a quote, at a line end, or at a backslash before a line end
# (an escape never takes a line end).
_VALUE_TEXT = re.compile(r'(?:[^"\\\n]|\\.)*')
# A quote that closes a value run over lines: `]` must follow it.
_CLOSES = re.compile(r'"[ \t]*\]')
_OPENERS = re.compile(r"[{;]")


@dataclass(frozen=True, slots=True)
class Chunk:
    """One game's text, its offset (characters) and first line number in the file."""

    text: str
    offset: int
    line: int


def iter_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` with their ``\\n`` ends (a lone ``\\r`` ends no line)."""
    start = 0
    find = text.find
    nl = find("\n")
    while nl >= 0:
        yield text[start : nl + 1]
        start = nl + 1
        nl = find("\n", start)
    if start < len(text):
        yield text[start:]


def _scan(line: str, pos: int, in_comment: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of ``line`` (scanning from ``pos``)."""
    find = line.find
    while True:
        if in_comment:
            j = find("}", pos)
            if j < 0:
                return True
            pos = j + 1
            in_comment = False
        m = _OPENERS.search(line, pos)
        if m is None or m.group() == ";":
            return False
        in_comment = True
        pos = m.end()


class _Splitter:
    """The splitter's state between lines (see the module docstring)."""

    __slots__ = (
        "buf", "offset", "chunk_offset", "chunk_line", "line_no",
        "in_comment", "seen_movetext", "has_text", "open_tag", "held",
    )

    def __init__(self) -> None:
        self.buf: list[str] = []
        self.offset = 0  # offset of the next line
        self.chunk_offset = 0
        self.chunk_line = 1
        self.line_no = 1  # number of the next line
        self.in_comment = False
        self.seen_movetext = False
        self.has_text = False
        # The tag line whose value is open at its end, and its opening quote's index.
        self.open_tag: Optional[tuple[str, int]] = None
        self.held: list[str] = []  # the lines after it, until the value closes

    def feed(self, line: str) -> Iterator[Chunk]:
        """Take one line; yield the chunk it ends, if any."""
        todo = deque((line,))
        while todo:
            line = todo.popleft()
            if self.open_tag is None:
                chunk = self._line(line)
                if chunk is not None:
                    yield chunk
                continue
            m = _VALUE_TEXT.match(line)
            e = m.end() if m is not None else 0  # (it always matches, maybe empty)
            if e == len(line) or line[e] == "\n":
                self.held.append(line)  # the value goes on
                continue
            if line[e] == '"' and _CLOSES.match(line, e):
                # A value over several lines (P210): the held lines are its text.
                for held in self.held:
                    self._add(held)
                self.held = []
                self.open_tag = None
                self._add(line)
                self.in_comment = _scan(line, e + 1, False)
                continue
            # Not a value over lines: read the held lines and this one again.
            todo.extendleft(reversed(self._give_up(self.open_tag) + [line]))

    def finish(self) -> Iterator[Chunk]:
        """The text has ended: the last chunk."""
        while self.open_tag is not None:  # (held lines hold no quote: once at most)
            for line in self._give_up(self.open_tag):
                yield from self.feed(line)
        if self.has_text:
            yield Chunk("".join(self.buf), self.chunk_offset, self.chunk_line)

    def _give_up(self, open_tag: tuple[str, int]) -> list[str]:
        """The open value does not close over lines: it ends on its tag line (P105).

        Returns the held lines, to be read again as ordinary lines.
        """
        tag_line, quote = open_tag
        # The parser keeps the value up to the line's last `]`; what follows is read.
        close = tag_line.rfind("]", quote)
        self.in_comment = close >= 0 and _scan(tag_line, close + 1, False)
        held = self.held
        self.held = []
        self.open_tag = None
        return held

    def _add(self, line: str) -> None:
        self.buf.append(line)
        self.offset += len(line)
        self.line_no += 1

    def _line(self, line: str) -> Optional[Chunk]:
        """One line outside any tag value: the chunk it ends, if it starts a game."""
        out = None
        if self.in_comment:
            self.in_comment = _scan(line, 0, True)
        else:
            stripped = line.lstrip(" \t\ufeff")
            if stripped.startswith("["):
                if self.seen_movetext:
                    if self.has_text:
                        out = Chunk("".join(self.buf), self.chunk_offset, self.chunk_line)
                    self.buf = []
                    self.chunk_offset = self.offset
                    self.chunk_line = self.line_no
                    self.seen_movetext = False
                self.has_text = True
                m = _TAG_LINE.match(line)
                rest = 0
                if m is not None and m.group("value") is not None:
                    if m.group("close"):
                        rest = m.end()
                    elif m.end() < len(line) and line[m.end()] == "\\":
                        # A backslash before the line end: the value cannot go on (P105).
                        close = line.rfind("]", m.start("value"))
                        rest = close + 1 if close >= 0 else -1
                    else:
                        self.open_tag = (line, m.start("value"))
                        rest = -1
                if rest >= 0 and ("{" in line or ";" in line):
                    self.in_comment = _scan(line, rest, False)
            elif stripped.strip():
                self.seen_movetext = True
                self.has_text = True
                if "{" in line or ";" in line:
                    self.in_comment = _scan(line, 0, False)
        self.buf.append(line)
        self.offset += len(line)
        self.line_no += 1
        return out


def split_games(lines: Iterable[str]) -> Iterator[Chunk]:
    """Group ``lines`` (ends kept) into game chunks; blank-only chunks are dropped."""
    splitter = _Splitter()
    read = splitter._line
    for line in lines:
        if splitter.open_tag is None:  # (inline: the common case)
            chunk = read(line)
            if chunk is not None:
                yield chunk
        else:
            yield from splitter.feed(line)
    yield from splitter.finish()
