"""Cut a stream of PGN lines into game chunks without parsing them.

A file is ``game*`` (``grammars/pgn.lark``, header).  A new game starts at a
line whose first non-blank character is ``[`` once the current chunk has
movetext (anything but tag pairs and blank lines) — spec §三(7): "如果出现标签，
则说明这是下一局棋", and python-chess's reader does the same.  The cut respects
the grammar's lexical structure: a ``[`` inside a ``{comment}`` (which may span
lines) or inside a tag value is no tag; ``;`` comments run to the line end.
A tag value left open on its line (a deviation the parser reports, P210)
continues on the next line when that line holds the closing quote.

Each chunk comes with its first character's offset and line number in the
file, so diagnostics point at real lines.  Memory: one chunk at a time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

__all__ = ["Chunk", "split_games", "iter_lines"]

# A tag line: `[`, a name, then a quoted value; group "rest" is what follows the
# closing quote.  When the value is not closed, "close" is empty.
_TAG_LINE = re.compile(r'[ \t]*\[[^"\]\n]*(?P<value>"(?:[^"\\\n]|\\.)*(?P<close>"?))?')
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


def split_games(lines: Iterable[str]) -> Iterator[Chunk]:
    """Group ``lines`` (ends kept) into game chunks; blank-only chunks are dropped."""
    buf: list[str] = []
    offset = 0  # offset of the current line
    chunk_offset = 0
    chunk_line = 1
    line_no = 1
    in_comment = False
    open_value = False  # a tag value left open on the previous line
    seen_movetext = False
    has_text = False
    for line in lines:
        if in_comment:
            in_comment = _scan(line, 0, True)
        elif open_value:
            # The rest of a tag value: it ends at the line's first unescaped quote.
            close = re.search(r'(?<!\\)"', line)
            if close is None:
                open_value = False
                seen_movetext = True
                has_text = True
                in_comment = _scan(line, 0, False)
            else:
                open_value = False
                in_comment = _scan(line, close.end(), False)
        else:
            stripped = line.lstrip(" \t\ufeff")
            if stripped.startswith("["):
                if seen_movetext:
                    if has_text:
                        yield Chunk("".join(buf), chunk_offset, chunk_line)
                    buf = []
                    chunk_offset = offset
                    chunk_line = line_no
                    seen_movetext = False
                has_text = True
                m = _TAG_LINE.match(line)
                rest = 0
                if m is not None and m.group("value") is not None:
                    if m.group("close"):
                        rest = m.end()
                    else:
                        open_value = True
                        rest = -1
                if rest >= 0 and ("{" in line or ";" in line):
                    in_comment = _scan(line, rest, False)
            elif stripped.strip():
                seen_movetext = True
                has_text = True
                if "{" in line or ";" in line:
                    in_comment = _scan(line, 0, False)
        buf.append(line)
        offset += len(line)
        line_no += 1
    if has_text:
        yield Chunk("".join(buf), chunk_offset, chunk_line)
