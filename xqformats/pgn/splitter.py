"""Cut PGN text into game chunks, reading it with the grammar's own terminals.

A file is ``game*`` (``grammars/pgn.lark``, header).  A new game starts at a
line whose first token is a tag pair's ``[`` once the current chunk has
movetext (anything but tag pairs and blank lines) — spec §三(7): "如果出现标签，
则说明这是下一局棋", and python-chess's reader does the same.

Everything lexical comes from the loaded grammar (:func:`.grammar.lexicon`):

* **line ends** are the whitespace characters of the ``WS`` terminal that are
  line boundaries (``str.splitlines``): LF, CR LF, a lone CR, FF, VT; so a
  CR-only file splits as an LF file does;
* **blanks** before a tag's ``[`` are whatever ``WS`` matches (U+3000 and BOM
  included), and the ``[`` is the ``LSQB`` terminal;
* ``COMMENT`` and ``LINE_COMMENT`` are skipped as the lexer skips them (a
  ``[`` inside a comment is no tag), and so is a tag pair's ``TAG_VALUE``
  (``"{"`` inside a value is no comment).  A ``{`` that does not close on its
  line holds the following lines until ``COMMENT`` matches.

A tag value left open at the end of its line (a deviation the parser reports,
P210) goes on over the following lines exactly as the parser's recovery reads
it (:data:`.grammar.MULTILINE_VALUE`): up to its first unescaped quote, when
that quote is followed by ``]``.  Until that quote is found the lines after
the tag line are held back; when the value turns out not to close that way,
the tag line is an unclosed value (P105) and the held lines are read again as
ordinary lines.

Each chunk is a :class:`~xqformats.source.Source` placed in the file (offset,
line and column of its first character; lines counted as
:class:`~xqformats.diagnostics.LineIndex` counts them, at LF, CR LF and a lone
CR: FF and VT cut lines here but are no line ends for positions, PGN §2.4).  Memory: one chunk (and
one partial line) at a time.
"""

from __future__ import annotations

import codecs
import re
from collections import deque
from dataclasses import dataclass, field
from typing import IO, Iterable, Iterator, NamedTuple, Optional, Sequence

from ..digits import bounded_int
from ..source import Source
from .grammar import COMMENT_OPEN, MULTILINE_VALUE, MULTILINE_VALUE_BODY, VALUE_QUOTE, Lexicon, lexicon

#: The tags a game's tag section starts with, in the spec (``Game``) and in chess PGN and the
#: exports read so far (``Event``): a tag line of one of them after movetext always starts the
#: next game (docs/spec/pgn.md §2.7).
FIRST_TAGS = frozenset({"Game", "Event"})

# The last character of a line that ends a line for positions (LF, CR LF, a
# lone CR: a line never ends with the CR of a CR LF, see `feed`).
_POSITION_ENDS = ("\n", "\r")


@dataclass
class _OpenValue:
    """A tag value whose closing quote was not on its tag line."""

    tag_line: str
    quote: int  # index of its opening quote in tag_line
    held: list[str] = field(default_factory=list)  # the lines after the tag line, so far


class _Patterns:
    """The splitter's own patterns, made of a lexicon's terminals: compiled once per lexicon (:func:`_patterns`)."""

    def __init__(self, lex: Lexicon) -> None:
        flags = lex.ws.flags
        ws = f"(?:{lex.ws.pattern})?"
        self.all_blank = re.compile(ws, flags).fullmatch
        inner = "".join(ch for ch in lex.line_end_chars if ch != "\n")
        # A line end other than LF (for pieces that are already lines).
        self.other_end = re.compile(f"[{re.escape(inner)}]" if inner else "(?!)").search
        # What may stand in a line that matters here, in the lexer's order of
        # preference: a comment, a tag pair's head (then its value), an unclosed `{`.
        parts = (
            ("comment", lex.comment.pattern),
            ("line_comment", lex.line_comment.pattern),
            ("tag", f"{lex.lsqb.pattern}{ws}(?:{lex.tag_name.pattern})?{ws}"),
            ("open", re.escape(COMMENT_OPEN)),
        )
        # Searched without group names (re then skips ahead to a possible first
        # character: five times faster on a line of moves), then classified.
        self.find = re.compile("|".join(f"(?:{p})" for _, p in parts), flags).search
        self.classify = re.compile("|".join(f"(?P<{k}>{p})" for k, p in parts), flags).match
        # A tag pair alone on its line, as the scan below reads one (its head, its value, then only
        # `]` and blanks): nothing in it stays open, so the scan is skipped (most tag lines).
        self.lone_tag = re.compile(
            f"{lex.lsqb.pattern}{ws}(?:{lex.tag_name.pattern}){ws}(?:{lex.tag_value.pattern}){ws}(?:{lex.rsqb.pattern}){ws}\\Z",
            flags,
        ).match
        self.tag_head = re.compile(f"{lex.lsqb.pattern}{ws}({lex.tag_name.pattern})", flags).match
        self.skipped = re.compile(f"(?:{lex.comment.pattern})|(?:{lex.line_comment.pattern})|(?:{lex.tag_value.pattern})", flags).sub
        self.result_at_end = re.compile(f"(?<![^\\s()])(?:{lex.result.pattern})\\s*\\Z", flags).search
        self.numbers = re.compile(f"(?<![^\\s(){{}}])(?:{lex.move_number.pattern})", flags).finditer


#: Per lexicon (by identity; the lexicon is kept with them), its splitter patterns.
_PATTERNS: dict[int, tuple[Lexicon, _Patterns]] = {}


def _patterns(lex: Lexicon) -> _Patterns:
    """The splitter patterns of ``lex``, compiled on its first splitter (a splitter per file was a
    fiftieth of linting a folder of single-game files)."""
    known = _PATTERNS.get(id(lex))
    if known is None or known[0] is not lex:
        known = _PATTERNS[id(lex)] = (lex, _Patterns(lex))
    return known[1]


class GameSplitter:
    """Text in, game chunks out: :meth:`feed` pieces of any size, then :meth:`finish`.

    ``name`` is put on every chunk (the file's display name).  Blank-only
    chunks are dropped.  ``start`` is ``(offset, line, column)`` of the first
    character fed, in the whole file (a part of a file that starts at a game,
    see :func:`game_starts`); default the start of the file.
    """

    def __init__(
        self, name: Optional[str] = None, lex: Optional[Lexicon] = None, *, start: tuple[int, int, int] = (0, 1, 1)
    ) -> None:
        lex = lex or lexicon()
        self.name = name
        self._lex = lex
        pat = _patterns(lex)
        self._ws = lex.ws.match
        self._lsqb = lex.lsqb.match
        self._tag_value = lex.tag_value.match
        self._comment = lex.comment.match
        self._line_end = lex.line_end.search
        self._all_blank = pat.all_blank
        self._other_end = pat.other_end
        self._find = pat.find
        self._classify = pat.classify
        self._lone_tag = pat.lone_tag
        self._pending: list[str] = []  # the parts of a line not yet ended
        self._ready: list[Source] = []  # chunks complete
        # The chunk being gathered, and where the next line starts.
        self._buf: list[str] = []
        self._start = start  # offset, line, column of the chunk
        self._offset, self._line_no, self._column = start
        self._movetext = False  # the chunk has text other than tag pairs
        self._has_text = False
        self._comment_open: Optional[str] = None  # the `{` of a comment open at the end of the last line
        self._value: Optional[_OpenValue] = None
        # PGN §2.7: tag lines after movetext without a result, held until the next line says whether
        # they start the next game or stand in this one's movetext (``_last``: its last move number).
        self._held: Optional[list[str]] = None
        self._last: Optional[int] = None
        self._in_movetext = False  # the held lines are being put in the movetext
        self._tag_head = pat.tag_head
        self._skipped = pat.skipped
        self._result_at_end = pat.result_at_end
        self._numbers = pat.numbers
        self._number = lex.move_number.match

    # ---------------------------------------------------------------- input
    def feed(self, piece: str) -> Sequence[Source]:
        """Take the next piece of text; return the chunks it completes (usually none)."""
        last = len(piece) - 1
        if last < 0:
            return ()
        if not self._pending and piece.find("\n") == last:
            # The common case: a piece that is one line (LF or CR LF) and no more.
            end = last - 1 if piece.endswith("\r\n") else last
            if self._other_end(piece, 0, end) is None:
                if self._value is None and self._comment_open is None:
                    self._line(piece)
                else:
                    self._take(piece)
                return self._flush() if self._ready else ()
        start = self._end_pending(piece) if self._pending else 0
        end = len(piece)
        # Only the new piece is searched, and the line not yet ended is kept
        # in parts: a line of any length costs linear time (docs/security.md).
        while start < end:
            if not self._pending and self._plain():
                start = self._skip_plain(piece, start, end)
                if start == end:
                    break
            m = self._line_end(piece, start)
            if m is None:
                break
            e = m.end()
            if e == end and piece[e - 1] == "\r":
                break  # maybe the CR of a CR LF cut between two pieces
            if self._pending:
                self._pending.append(piece[start:e])
                self._take("".join(self._pending))
                self._pending = []
            else:
                self._take(piece[start:e])
            start = e
        if start < end:
            self._pending.append(piece[start:])
        return self._flush()

    def _plain(self) -> bool:
        """Whether the next line is read as any line outside a comment, a value and held tag lines."""
        return self._value is None and self._comment_open is None and self._held is None and not self._in_movetext

    def _skip_plain(self, piece: str, start: int, end: int) -> int:
        """Take the *plain* lines of ``piece`` from ``start``: where the next line to read one by one starts.

        A plain line holds none of what :meth:`_line` looks for (no ``[``, no
        comment, no ``{``: ``self._find`` does not match in it), so reading it
        only adds it to the chunk, and marks movetext unless it is blank.  The
        lines up to the first one where ``self._find`` matches are plain (its
        alternatives match wherever their first character stands), and are
        taken at once, as :meth:`_line` would take them one by one (the
        differential test feeds the same text line by line and whole).  Only
        whole lines whose line end is certain are taken: not a CR at the end of
        the piece (maybe the CR of a CR LF cut between two pieces).
        """
        m = self._find(piece, start)
        stop = self._line_start(piece, start, m.start() if m is not None else end)
        if m is None and stop == end and piece[end - 1] == "\r":
            stop = self._line_start(piece, start, end - 1)
        if stop > start:
            self._add_plain(piece, start, stop)
        return stop

    def _line_start(self, piece: str, start: int, pos: int) -> int:
        """Where the line holding ``pos`` starts, at ``start`` or after a line end of ``piece[start:pos]``
        (``pos`` itself when the character before it ends a line)."""
        return max([piece.rfind(ch, start, pos) for ch in self._lex.line_end_chars]) + 1 or start

    def _add_plain(self, piece: str, start: int, stop: int) -> None:
        """:meth:`_add` for the whole plain lines ``piece[start:stop]``; movetext unless all blank."""
        run = piece[start:stop]
        if self._all_blank(piece, start, stop) is None:
            self._movetext = self._has_text = True
        self._buf.append(run)
        self._offset += stop - start
        ends = run.count("\n") + run.count("\r") - run.count("\r\n")
        if ends:
            self._line_no += ends
            self._column = stop - start - max(run.rfind("\n"), run.rfind("\r"))
        else:
            self._column += stop - start

    def _end_pending(self, piece: str) -> int:
        """Where ``piece`` goes on after a pending line whose last character is a CR.

        A pending line ends in CR only when that CR was the last character of
        its piece: with an LF first in ``piece`` it was a CR LF (the LF ends
        the line), else a lone CR (the line ended).  Otherwise the pending line
        has no line end yet, and ``piece`` goes on from its start.
        """
        last = self._pending[-1]
        if last[-1] != "\r":
            return 0
        cut = 1 if piece.startswith("\n") else 0
        if cut:
            self._pending.append("\n")
        self._take("".join(self._pending))
        self._pending = []
        return cut

    def finish(self) -> Sequence[Source]:
        """The text has ended: the chunks still held."""
        if self._pending:
            self._take("".join(self._pending))
            self._pending = []
        if self._value is not None:
            st = self._value
            self._value = None
            self._give_up(st, st.held)
        if self._held is not None:  # tag lines and nothing after them: the next game's (PGN §2.7)
            held, self._held = self._held, None
            self._cut()
            for h in held:
                self._line(h)
        if self._has_text:
            self._cut()
        return self._flush()

    def _flush(self) -> Sequence[Source]:
        ready = self._ready
        if not ready:
            return ()
        self._ready = []
        return ready

    # ---------------------------------------------------------------- lines
    def _take(self, line: str) -> None:
        """One line (with its line end, if any)."""
        if self._value is None and self._comment_open is None:
            self._line(line)
        elif self._value is not None:
            self._value_line(line, 0, False)
        elif self._comment_open is not None:
            opener = self._comment_open
            m = self._comment(opener + line)
            self._add(line)
            if m is not None:
                self._comment_open = None
                self._scan_rest(line, m.end() - len(opener))

    def _line(self, line: str) -> None:
        """A line outside any comment or value: it may start a game."""
        if self._held is not None:
            self._hold(line)
            return
        ws = self._ws(line)
        first = ws.end() if ws is not None else 0
        if first == len(line):
            self._add(line)  # blank
            return
        tag = self._lsqb(line, first) is not None
        if tag:
            if self._movetext and not self._in_movetext:
                if self._may_go_on(line, first):
                    self._held = [line]
                    return
                self._cut()
        else:
            self._movetext = True
        self._has_text = True
        # (self._add, inline: once per line of every file)
        self._buf.append(line)
        self._offset += len(line)
        if line[-1:] in _POSITION_ENDS:
            self._line_no += 1
            self._column = 1
        else:
            self._column += len(line)
        if tag and self._lone_tag(line, first) is not None:
            return
        if self._find(line, first) is not None:
            self._scan_rest(line, first)

    # ---------------------------------------------------------------- tags inside a game (PGN §2.7)
    def _may_go_on(self, line: str, first: int) -> bool:
        """Whether the tag line ``line``, after movetext, may stand in that movetext (then it is held).

        So when it is a tag pair alone on its line, not of :data:`FIRST_TAGS`, and
        the movetext so far has no result and a move number.  Rare (a game starts
        with ``Game`` or ``Event``), so the chunk's text is looked at only then.
        """
        head = self._tag_head(line, first)
        if head is None or head.group(1) in FIRST_TAGS or self._lone_tag(line, first) is None:
            return False
        text = self._skipped(" ", "".join(self._buf))  # comments and tag values are no movetext
        if self._result_at_end(text) is not None:
            return False
        last = None
        for last in self._numbers(text):
            pass
        self._last = bounded_int(last.group().rstrip(".")) if last is not None else None
        return self._last is not None

    def _hold(self, line: str) -> None:
        """A line after held tag lines: more of them (blank, or a tag pair alone), or the line that decides."""
        held = self._held
        assert held is not None
        ws = self._ws(line)
        first = ws.end() if ws is not None else 0
        if first == len(line) or (self._lsqb(line, first) is not None and self._lone_tag(line, first) is not None):
            held.append(line)
            return
        self._held = None
        if self._goes_on(line, first):
            self._in_movetext = True  # the tags stand in the movetext (P202)
            for h in held:
                self._line(h)
            self._in_movetext = False
        else:
            self._cut()  # they begin the next game, as any tag line after movetext does
            for h in held:
                self._line(h)
        self._line(line)

    def _goes_on(self, line: str, first: int) -> bool:
        """Whether ``line`` goes on with the move numbers of the movetext before the held tags.

        So when it starts with the next move number, or with the last one as
        Black's reply (``N...``, ``N. ...``).
        """
        number = self._number(line, first) if self._lsqb(line, first) is None else None
        value = bounded_int(number.group().rstrip(".")) if number is not None else None
        if number is None or value is None or self._last is None:
            return False
        if value == self._last + 1:
            return True
        after = self._ws(line, number.end())
        black = number.group().endswith("...") or line.startswith(("...", "…"), after.end() if after is not None else number.end())
        return value == self._last and black

    def _scan_rest(self, line: str, pos: int) -> None:
        """Skip the comments and tag values of ``line`` from ``pos``; note what stays open."""
        find = self._find
        classify = self._classify
        while True:
            m = find(line, pos)
            if m is None:
                return
            m = classify(line, m.start())
            assert m is not None  # (the same alternatives: they match where the search did)
            kind = m.lastgroup
            pos = m.end()
            if kind == "tag":
                value = self._tag_value(line, pos)
                if value is not None:
                    pos = value.end()
                elif line.startswith(VALUE_QUOTE, pos):
                    self._value = _OpenValue(line, pos)
                    self._value_line(line, pos + 1, True)
                    return
            elif kind == "open":
                self._comment_open = m.group()
                return

    def _add(self, line: str) -> None:
        self._buf.append(line)
        self._offset += len(line)
        if line[-1:] in _POSITION_ENDS:
            self._line_no += 1
            self._column = 1
        else:
            self._column += len(line)

    def _cut(self) -> None:
        """End the chunk gathered so far; the next one starts at the next line."""
        if self._has_text:
            offset, line, column = self._start
            self._ready.append(Source(self.name, None, "".join(self._buf), offset, line, column))
        self._buf = []
        self._start = (self._offset, self._line_no, self._column)
        self._movetext = False
        self._has_text = False

    # ---------------------------------------------------------------- values over lines
    def _value_line(self, line: str, start: int, first: bool) -> None:
        """A line of an open value (``first``: its tag line, from ``start``)."""
        st = self._value
        assert st is not None
        body = MULTILINE_VALUE_BODY.match(line, start)
        if body is not None and body.end() == len(line):
            if not first:
                st.held.append(line)  # the value goes on
            return
        # The value's text stops on this line: at a quote, or at an escape before a line end.
        self._value = None
        rest = "" if first else line
        joined = st.tag_line[st.quote :] + "".join(st.held) + rest
        m = MULTILINE_VALUE.match(joined)
        if m is None:
            self._give_up(st, st.held + ([] if first else [line]))
            return
        # A value over several lines (P210): the held lines are its text.
        for held in st.held:
            self._add(held)
        if first:
            self._scan_rest(line, st.quote + m.end())
        else:
            self._add(line)
            self._scan_rest(line, m.end() - (len(joined) - len(line)))

    def _give_up(self, st: _OpenValue, lines: list[str]) -> None:
        """The open value does not close over lines: it ends on its tag line (P105).

        As the recovery reads it, the value runs to the line's last ``]``, and
        what follows that is read; ``lines`` are then read again as ordinary lines.
        """
        tag_line, quote = st.tag_line, st.quote
        close = tag_line.rfind("]", quote, self._lex.eol(tag_line, quote))
        if close > quote:
            self._scan_rest(tag_line, close + 1)
        for line in lines:
            self._take(line)


def split_games(
    pieces: Iterable[str], name: Optional[str] = None, *, start: tuple[int, int, int] = (0, 1, 1)
) -> Iterator[Source]:
    """The game chunks of a text given in ``pieces`` (any sizes: lines, blocks, or the whole).

    ``start`` places the first piece in the file (see :class:`GameSplitter`).
    """
    splitter = GameSplitter(name, start=start)
    feed = splitter.feed
    for piece in pieces:
        ready = feed(piece)
        if ready:
            yield from ready
    yield from splitter.finish()


# ---------------------------------------------------------------- where games start, in bytes

#: Codecs in which the byte 0x0A is a line feed wherever it stands (never a
#: byte of another character) and the decoder holds no state across it: a file
#: in one of them can be cut after any LF byte and each part decoded on its own
#: to the same text.  (Not UTF-16/32, whose characters hold 0x0A bytes, nor the
#: stateful ISO-2022 family.)  The trail bytes of GBK/GB18030 (0x30-0x39,
#: 0x40-0xFE) and Big5 (0x40-0x7E, 0xA1-0xFE) never are 0x0A.
LINE_SAFE_CODECS = frozenset(
    {"ascii", "utf-8", "utf-8-sig", "gb18030", "gbk", "gb2312", "big5", "big5hkscs", "cp950", "cp936",
     "latin-1", "iso8859-1", "cp1252"}
)

#: A line (bytes up to an LF) longer than this stops :func:`game_starts`: a
#: file whose lines end in lone CRs is one long byte line, and cutting it is
#: not worth holding it.
_LONGEST_LINE = 1024 * 1024


class GameStart(NamedTuple):
    """Where a game starts: byte offset in the file; character offset, line and column in its text."""

    byte: int
    offset: int
    line: int
    column: int


def _byte_lines(raw: IO[bytes], block_size: int) -> Iterator[tuple[int, bytes]]:
    """``(byte offset, bytes)`` of each line of ``raw`` (LF included); stops at a line over :data:`_LONGEST_LINE`."""
    pos = 0
    rest = b""
    while True:
        block = raw.read(block_size)
        if not block:
            break
        data = rest + block if rest else block
        start = 0
        nl = data.find(b"\n")
        while nl >= 0:
            yield pos, data[start : nl + 1]
            pos += nl + 1 - start
            start = nl + 1
            nl = data.find(b"\n", start)
        rest = data[start:]
        if len(rest) > _LONGEST_LINE:
            return
    if rest:
        yield pos, rest


def game_starts(raw: IO[bytes], codec: str, *, block_size: int = 256 * 1024) -> Iterator[GameStart]:
    """Where the games of the PGN file ``raw`` start, after the first, in file order.

    ``raw`` is read from where it stands (the start of the file) in blocks;
    ``codec`` is the file's encoding, one of :data:`LINE_SAFE_CODECS`
    (:class:`ValueError` otherwise).  The text is cut exactly as
    :func:`split_games` cuts it (the same splitter, fed line by line), but no
    game is parsed.  Only starts at the beginning of a byte line are given
    (a game after a lone CR or a form feed on the same byte line is not a
    start here), and none where the line begins with a BOM character (a
    decoder reading from there would drop it): the parts between the starts
    given hold whole games, which is all that reading in parts needs.
    Memory: one game and one line.
    """
    if codecs.lookup(codec).name not in LINE_SAFE_CODECS:
        raise ValueError(f"A file in `{codec}` cannot be cut at its line feeds")
    return _game_starts(raw, codec, block_size)


def _game_starts(raw: IO[bytes], codec: str, block_size: int) -> Iterator[GameStart]:
    decode = codecs.getincrementaldecoder(codec)(errors="replace").decode
    splitter = GameSplitter()
    recent: deque[tuple[int, int]] = deque()  # (character offset, byte offset) of the lines since the last start
    chars = 0
    for byte, data in _byte_lines(raw, block_size):
        piece = decode(data)
        if byte == 0 and piece.startswith("\ufeff"):
            piece = piece[1:]  # positions count from after a BOM (as the readers count)
        recent.append((chars, byte))
        chars += len(piece)
        for chunk in splitter.feed(piece):
            found = _start_of(chunk, recent)
            if found is not None:
                yield found
    # (The decoder's tail: bytes of an unfinished character at the very end.)
    for chunk in [*splitter.feed(decode(b"", final=True)), *splitter.finish()]:
        found = _start_of(chunk, recent)
        if found is not None:
            yield found


def _start_of(chunk: Source, recent: deque[tuple[int, int]]) -> Optional[GameStart]:
    """``chunk``'s start, when it is the start of one of the ``recent`` byte lines (dropped up to it)."""
    while recent and recent[0][0] < chunk.offset:
        recent.popleft()
    if chunk.offset == 0 or not recent or recent[0][0] != chunk.offset or (chunk.text or "").startswith("\ufeff"):
        return None
    return GameStart(recent[0][1], chunk.offset, chunk.line, chunk.column)
