"""The fast path: one well-formed game chunk to the same AST as the Lark parse, or ``None``.

The syntax is ``grammars/pgn.lark`` and nothing else.  This module lexes with
the grammar's own terminals and Lark's own precedence, and knows only the
shape of the grammar's rules (it is held equal to the grammar by a differential
hypothesis test, ``tests/test_pgn_fastpath.py``; docs/pgn.md § The fast path):

* **Terminals, taken from the loaded grammar.**  Each scanner is Lark's
  contextual-lexer alternation rebuilt from ``pattern.to_regexp()`` of the
  terminals, in the order Lark's lexer tries them (its root lexer's sorted
  terminal list: priority, then longest possible match, then name).  Which
  terminals a scanner holds is read from the LALR parse table: the union of
  the sets the contextual lexer offers in the states where the witness
  terminal is offered (``MOVE_NUMBER`` for the tag section and the movetext,
  ``STRAY_TEXT`` after the result, ``TAG_NAME``/``TAG_VALUE``/``RSQB`` inside a
  tag pair).  Because each scanner offers at least what Lark's lexer offers
  in every state it stands for, and tries it in the same order, a token the
  structure below accepts is the token Lark's lexer would have produced
  there; any other token makes the fast path decline.  The movetext and
  after-result scanners end with one more alternative, any one character
  (``unmatched``), so a character no terminal matches stops the scan where
  Lark's lexer would fail, instead of a search for the next match.
  :func:`build_scanners` checks these conditions when it builds the scanners
  (every parser state covered by one scanner, no string terminal that Lark
  would fold into a regexp terminal, ignored terminals counted for line ends)
  and switches the fast path off when one fails, so a grammar change can make
  it slower, never wrong.  (The tables are Lark internals:
  :mod:`.lark_internals`.)

* **Structure, written by hand** (the only part that is): ``game: tag_pair*
  movetext? (result trailing_comment*)?``; ``tag_pair: LSQB TAG_NAME
  TAG_VALUE RSQB``; ``move: (CHINESE_MOVE | WXF_MOVE | ICCS_MOVE | SAN_MOVE) SUFFIX?``;
  ``move_number: MOVE_NUMBER ELLIPSIS?``; comments, NAGs, and variations
  nested with a stack.  That is a subset of the grammar.  What a token's
  text means (move numbers, comment text, tag values, NAGs) comes from the
  functions the Lark builder uses too (:mod:`.grammar`).  Each movetext
  terminal has its handler (:data:`_HANDLERS`, a dispatch table).

It declines (returns ``None``, and the caller runs the Lark parse with its
error recovery and diagnostics) on anything else: a word no notation matches
(``UNKNOWN_MOVE``), a tag pair inside the movetext, a ``)`` closing nothing,
a variation left open, a result inside a variation, a suffix or ellipsis
where the grammar has none, a token containing a line end that Lark would not
count, or any character no terminal matches.  Text after the result
(``STRAY_TEXT``) is read: it is a production of the grammar, not an error.
An accepted chunk is one the grammar parses without error, so it never has a
syntax diagnostic.

Spans are the Lark parse's: 0-based offsets, 1-based line and column counting
characters, a line ending at LF, CR LF or a lone CR (PGN §2.4), as
:class:`~xqformats.diagnostics.LineIndex` counts them (the Lark parse places its
tokens through that index when a chunk holds a lone CR, which Lark's own
counter misses).  The start of each token is found as the scan passes the
line ends (the hot loop: an incremental count, not a lookup per token); the
end of a token that holds a line end, and the chunk's own span, come from the
chunk's :class:`~xqformats.source.Source`.
"""

from __future__ import annotations

import dataclasses
import re
from functools import partial
from typing import Any, Callable, Optional, Union

from lark import Lark

from ..diagnostics import LINE_END, Span, has_lone_cr
from ..resources import remembered
from ..source import Source
from .ast import Comment, GameSyntax, MoveNumber, MoveToken, Result, StrayText, TagPair, Variation
from .first_chars import can_start_alike
from .grammar import chunk_span, comment_node, move_number_node, nag_node, parser, tag_pair_node
from .lark_internals import LarkInternalsError, parser_tables

# Terminal names of grammars/pgn.lark that the structure above uses.
_MOVES = ("CHINESE_MOVE", "WXF_MOVE", "ICCS_MOVE", "SAN_MOVE")
_WITNESS = {"movetext": "MOVE_NUMBER", "after": "STRAY_TEXT", "name": "TAG_NAME", "value": "TAG_VALUE", "close": "RSQB"}
_END = "$END"
_UNMATCHED = "unmatched"  # not a terminal name: Lark's are upper case


class Scanners:
    """The fast path's scanners for one grammar (see the module docstring)."""

    __slots__ = ("_movetext", "_movetext_pattern", "tokens", "after", "name", "value", "close", "ignore", "newline_types")

    def __init__(
        self, scanners: dict[str, "re.Pattern[str]"], ignore: frozenset[str], newline_types: frozenset[str],
        movetext: "Optional[tuple[str, int]]" = None,
    ) -> None:
        # The movetext scanner itself, or its pattern and flags, compiled when first used: where the
        # token scanner is there, reading a game (the one-pass reader) never needs it, and compiling
        # the alternation of every movetext terminal was about 5 % of a small file's start-up.
        self._movetext: Optional["re.Pattern[str]"] = scanners.get("movetext")
        self._movetext_pattern = movetext
        #: The movetext scanner that takes the ignored text before a token with it (the token is its
        #: named group: ``m.span(m.lastgroup)``), when that makes the same tokens (:func:`_skipping`);
        #: else the movetext scanner itself.  The tag section is read with it too.
        self.tokens = scanners.get("tokens") or self.movetext
        #: After the result.
        self.after = scanners["after"]
        #: Inside a tag pair: its name, its value, its ``]``.
        self.name = scanners["name"]
        self.value = scanners["value"]
        self.close = scanners["close"]
        self.ignore = ignore
        self.newline_types = newline_types

    @property
    def movetext(self) -> "re.Pattern[str]":
        """The movetext: one token a match, the ignored ones too."""
        if self._movetext is None:
            assert self._movetext_pattern is not None
            self._movetext = re.compile(*self._movetext_pattern)
        return self._movetext


# ---------------------------------------------------------------- node makers
# Spans and moves are most of the nodes made per ply.  A frozen dataclass's
# generated __init__ sets each field through object.__setattr__ by name; these
# makers set the slots through their descriptors (half the time).  They are
# used only when the class is what they assume (checked once, below): frozen,
# slotted, these fields in this order, no __post_init__; else the class itself.


def _slot_setters(cls: type, names: tuple[str, ...]) -> Optional[list[Callable[[Any, Any], None]]]:
    """The slot descriptors' setters of ``cls``, if it is a plain frozen slotted dataclass of ``names``."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
        return None
    fields = dataclasses.fields(cls)
    if tuple(f.name for f in fields) != names or getattr(cls, "__slots__", None) != names:
        return None
    if not cls.__dataclass_params__.frozen or any(not f.init for f in fields):  # type: ignore[attr-defined]
        return None
    return [cls.__dict__[n].__set__ for n in names]


def _span_maker() -> Callable[..., Span]:
    """``new_span(start, end, line, column, end_line, end_column)``: a :class:`Span` made without
    its generated ``__new__`` (a named tuple: made as the tuple it is)."""
    if not issubclass(Span, tuple) or Span._fields != ("start", "end", "line", "column", "end_line", "end_column"):  # pragma: no cover
        return Span

    def span(start: int, end: int, line: int, column: int, end_line: int, end_column: int, _new: Any = tuple.__new__, _cls: type = Span) -> Span:  # noqa: E501
        return _new(_cls, (start, end, line, column, end_line, end_column))  # type: ignore[no-any-return]

    return span


def _move_maker() -> Callable[[str, str, Span], MoveToken]:
    setters = _slot_setters(MoveToken, ("text", "kind", "span", "suffix", "suffix_span"))
    if setters is None:  # pragma: no cover - MoveToken changed: use its constructor
        return MoveToken
    s0, s1, s2, s3, s4 = setters

    def move(text: str, kind: str, span: Span, _new: Any = object.__new__, _cls: type = MoveToken, _s0: Any = s0, _s1: Any = s1, _s2: Any = s2, _s3: Any = s3, _s4: Any = s4) -> MoveToken:  # noqa: E501
        o: MoveToken = _new(_cls)
        _s0(o, text)
        _s1(o, kind)
        _s2(o, span)
        _s3(o, None)
        _s4(o, None)
        return o

    sample = Span(1, 2, 3, 4, 5, 6)
    return move if move("a", "K", sample) == MoveToken("a", "K", sample) else MoveToken


def _number_maker(limit: int = 4096) -> Callable[[str, Span], MoveNumber]:
    """``new_number(text, span)``: :func:`.grammar.move_number_node` of a ``MOVE_NUMBER`` alone, memoized.

    A file repeats the same few hundred move numbers: what one means (its
    value, whether it holds the ellipsis) is read once by the grammar's own
    function, then the node is made through the slots.  At most ``limit``
    meanings are kept.
    """
    setters = _slot_setters(MoveNumber, ("number", "ellipsis", "text", "span"))
    if setters is None:  # pragma: no cover - MoveNumber changed: use the grammar's function
        return lambda text, span: move_number_node(text, None, span)
    s0, s1, s2, s3 = setters
    meanings = NUMBER_MEANINGS

    def number(text: str, span: Span, _new: Any = object.__new__, _cls: type = MoveNumber, _s0: Any = s0, _s1: Any = s1, _s2: Any = s2, _s3: Any = s3) -> MoveNumber:  # noqa: E501
        meaning = meanings.get(text)
        if meaning is None:
            node = move_number_node(text, None, span)
            if len(meanings) < limit:
                meanings[text] = (node.number, node.ellipsis)
            return node
        o: MoveNumber = _new(_cls)
        _s0(o, meaning[0])
        _s1(o, meaning[1])
        _s2(o, text)
        _s3(o, span)
        return o

    sample = Span(1, 2, 3, 4, 5, 6)
    ok = all(number(t, sample) == move_number_node(t, None, sample) for t in ("7.", "7.", "12...", "12..."))
    meanings.clear()
    return number if ok else lambda text, span: move_number_node(text, None, span)


#: A tag pair read before (:meth:`FastParse._tag_pair`): its name, value and raw value, its length,
#: and where its name and value start and end, from its ``[``.
_TagReading = tuple[str, str, str, int, int, int, int, int]
#: The text of a tag pair, from ``[`` to ``]`` -> its reading; at most this many kept.
_TAG_READINGS: dict[str, _TagReading] = {}
_TAG_READINGS_LIMIT = 512

#: ``MOVE_NUMBER`` text -> (its number, whether it holds the ellipsis), as the grammar's function reads it.
NUMBER_MEANINGS: dict[str, tuple[int, bool]] = {}


def number_meaning(text: str) -> tuple[int, bool]:
    """What a ``MOVE_NUMBER`` token alone means: its number and whether it ends with the ellipsis
    (:func:`.grammar.move_number_node`, memoized with :data:`new_number`)."""
    meaning = NUMBER_MEANINGS.get(text)
    if meaning is None:
        node = move_number_node(text, None, _NOWHERE)
        meaning = (node.number, node.ellipsis)
        if len(NUMBER_MEANINGS) < 4096:
            NUMBER_MEANINGS[text] = meaning
    return meaning


_NOWHERE = Span(0, 0, 1, 1, 1, 1)
new_span = _span_maker()
new_move = _move_maker()
new_number = _number_maker()

_scanners: Optional[Scanners] = None
_reason: Optional[str] = None  # why the fast path is off ("" once built)


def _contexts(tables: "object", terminals: set[str]) -> tuple[Optional[dict[str, set[str]]], str]:
    """Per scanner, the union of the terminal sets of the parser states it stands for."""
    offered = {frozenset(k for k in actions if k in terminals or k == _END) for actions in tables.state_actions}  # type: ignore[attr-defined]
    unions: dict[str, set[str]] = {}
    for context, witness in _WITNESS.items():
        sets = [s for s in offered if witness in s]
        if not sets:
            return None, f"no parser state offers {witness}"
        unions[context] = set().union(*sets)
    for s in offered:
        if not any(s <= u for u in unions.values()):
            return None, f"parser state offering {sorted(s)} is not covered"
    return unions, ""


def _folded(ordered: list[Any]) -> str:
    """A string terminal that Lark's lexer would fold into a regexp terminal of the same priority, if any."""
    for st in ordered:
        if st.pattern.type != "str":
            continue
        for rt in ordered:
            if rt.pattern.type == "re" and rt.priority == st.priority and re.fullmatch(rt.pattern.to_regexp(), st.pattern.value):
                return f"{rt.name} matches the string terminal {st.name}"
    return ""


def _folding_key(ordered: list[Any], flags: int) -> str:
    """What :func:`_folded` depends on: the terminals, the regexp flags, Lark's and Python's versions.

    Its answer is kept between runs (:func:`~xqformats.resources.remembered`): it
    compiles each regexp terminal, the alternation of the move notations among
    them, about 4 ms of every run's start-up.
    """
    import sys

    import lark

    terminals = [(t.name, t.pattern.type, t.pattern.value, sorted(t.pattern.flags), t.priority) for t in ordered]
    return repr(("pgn fast path folding", lark.__version__, sys.version_info[:2], flags, terminals))


def build_scanners(lark: Lark) -> tuple[Optional[Scanners], str]:
    """The scanners for a grammar loaded as ``grammar.parser()`` loads it, or ``None`` and why not."""
    try:
        tables = parser_tables(lark)
    except LarkInternalsError as exc:  # pragma: no cover - another Lark version
        return None, str(exc)
    terminals = {t.name: t for t in lark.terminals}
    unions, reason = _contexts(tables, set(terminals))
    if unions is None:
        return None, reason
    if not tables.ignore <= tables.newline_types:
        return None, "an ignored terminal whose line ends Lark does not count"
    scanners = {}
    for context, names in unions.items():
        names = (names - {_END}) | tables.ignore
        ordered = [terminals[n] for n in tables.order if n in names]
        reason = remembered(_folding_key(ordered, lark.options.g_regex_flags), partial(_folded, ordered))
        if reason:
            return None, reason
        pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in ordered)
        if context in ("movetext", "after"):
            # Last, any one character: where Lark's lexer would fail, the scan
            # stops here (and declines) instead of searching further on.
            pattern += f"|(?P<{_UNMATCHED}>(?s:.))"
        if context != "movetext":
            scanners[context] = re.compile(pattern, lark.options.g_regex_flags)
            continue
        movetext = (pattern, lark.options.g_regex_flags)
        skip = _skipping(ordered, tables.ignore, lark.options.g_regex_flags)
        if skip:
            scanners["tokens"] = re.compile(f"{skip}(?:{pattern})", lark.options.g_regex_flags)
        else:
            scanners["movetext"] = re.compile(*movetext)
    return Scanners(scanners, tables.ignore, tables.newline_types, movetext), ""


def _skipping(ordered: list[Any], ignore: frozenset[str], flags: int) -> str:
    """A prefix that takes the ignored text before a token, if that leaves the tokens as Lark makes them; else ``""``.

    Lark's lexer tries the terminals in order and skips an ignored one; when
    no terminal tried before the (one) ignored terminal can start with what
    starts it (:func:`.first_chars.can_start_alike`), the ignored terminal is
    what it takes wherever that one matches, and the next token is tried where
    it ends: what ``(?>IGNORED)?`` before the alternation does, in one match.
    (At the end of the text the prefix gives way and the ignored text is a
    token of its own, as before.)
    """
    if len(ignore) != 1:
        return ""
    names = [t.name for t in ordered]
    (name,) = ignore
    if name not in names:
        return ""
    skipped = ordered[names.index(name)].pattern.to_regexp()
    if any(can_start_alike(t.pattern.to_regexp(), skipped, flags) for t in ordered[: names.index(name)]):
        return ""
    return f"(?>{skipped})?"


def scanners() -> Optional[Scanners]:
    """The scanners of the loaded grammar, built once (``None``: the fast path is off, :func:`disabled_reason`)."""
    global _scanners, _reason
    if _reason is None:
        _scanners, _reason = build_scanners(parser()[0])
    return _scanners


def disabled_reason() -> str:
    """Why the grammar keeps the fast path off (``""`` when it is on)."""
    scanners()
    return _reason or ""


def parse_fast(chunk: Source) -> Optional[GameSyntax]:
    """The :class:`GameSyntax` of a well-formed chunk, equal to the Lark parse's; else ``None``.

    ``chunk`` places the text in its file, as for :func:`.grammar.parse_chunk`.
    Never raises on any input text.
    """
    tb = _scanners if _scanners is not None else scanners()
    if tb is None:
        return None
    return FastParse(tb, chunk).run()


def parse_tag_section(chunk: Source) -> Optional[tuple[list[TagPair], int]]:
    """The tag pairs that open a chunk, as the Lark parse reads them, and the offset after them.

    ``None`` when a tag pair there is not well-formed (the Lark parse's
    recovery decides what it holds).  What follows the tag section is not read.
    """
    tb = _scanners if _scanners is not None else scanners()
    if tb is None:
        return None
    scan = FastParse(tb, chunk)
    tags = scan._tags()
    return None if tags is None else (tags, scan.pos)


def _line_end_finder(text: str) -> Callable[[int], int]:
    """``find(pos)``: the offset of the last character of the first line end at or after ``pos`` (-1: none).

    The line after it starts one character later.  Line ends are
    :data:`~xqformats.diagnostics.LINE_END`'s; without a lone CR that is
    ``text.find("\\n", pos)`` (the common case, the fastest).
    """
    if not has_lone_cr(text):
        return partial(text.find, "\n")
    search = LINE_END.search

    def find(pos: int) -> int:
        m = search(text, pos)
        return m.end() - 1 if m is not None else -1

    return find


# Results of a movetext handler.
_GO_ON = 0
_DECLINE = 1
_STOP = 2  # the result: the movetext ends


class FastParse:
    """One chunk's fast parse: the scan position, the line count, the open lines of play."""

    __slots__ = ("tb", "chunk", "text", "off", "find", "nl", "ln", "ls", "pos", "cur", "stack", "last", "result")

    def __init__(self, tb: Scanners, chunk: Source) -> None:
        self.tb = tb
        self.chunk = chunk
        text = self.text = chunk.text or ""
        self.off = chunk.offset
        find = self.find = _line_end_finder(text)
        nl = find(0)  # the next line end not yet counted (its last character)
        self.nl = nl if nl >= 0 else len(text) + 1
        self.ln = chunk.line  # file line number of the text from `ls` on
        # Offset (in the chunk) of the first character of line `ln`: the chunk's
        # first line may start before the chunk (a column > 1).
        self.ls = 1 - chunk.column
        self.pos = 0
        self.cur: list[Any] = []  # the elements of the line of play being read
        self.stack: list[Any] = []  # (enclosing elements, `(` span) per open variation
        self.last = 0  # 1 after a move (SUFFIX may follow), 2 after a move number (ELLIPSIS may)
        self.result: Optional[Result] = None

    def run(self) -> Optional[GameSyntax]:
        tags = self._tags()
        if tags is None or not self._movetext() or self.stack:
            return None  # (an unclosed variation: the recovery closes it)
        trailer = self._trailer() if self.result is not None else []
        if trailer is None or self.pos != len(self.text):
            return None  # text no terminal of its context matches
        chunk = self.chunk
        return GameSyntax(tuple(tags), tuple(self.cur), self.result, tuple(trailer), self._whole(tags, trailer), chunk)

    def _whole(self, tags: list[TagPair], trailer: list[Comment]) -> Span:
        """The chunk's span (:func:`.grammar.chunk_span`), from its first and last tokens when they are its ends."""
        cur, result = self.cur, self.result
        first = tags[0] if tags else cur[0] if cur else result
        last: object
        if result is not None:
            last = trailer[-1] if trailer else result
        else:
            last = cur[-1] if cur else tags[-1] if tags else None
        if first is None or last is None:
            return chunk_span(self.chunk)
        return self.whole_span(first.span, last.span)

    def whole_span(self, a: Span, b: Span) -> Span:
        """The chunk's span, from the spans of its first and last elements when they are its ends."""
        text = self.text
        if a.start - self.off == len(text) - len(text.lstrip()) and b.end - self.off == len(text.rstrip()):
            return new_span(a.start, b.end, a.line, a.column, b.end_line, b.end_column)
        return chunk_span(self.chunk)

    # ------------------------------------------------------------ positions
    def _line_of(self, s: int) -> int:
        """Count the line ends before offset ``s``; return the column of ``s``."""
        nl = self.nl
        if nl < s:
            find = self.find
            far = len(self.text) + 1
            while nl < s:
                self.ln += 1
                self.ls = nl + 1
                nl = find(nl + 1)
                if nl < 0:
                    nl = far
            self.nl = nl
        return s - self.ls + 1

    def _span(self, kind: str, s: int, e: int) -> Optional[Span]:
        """The span of a token of ``kind`` at ``s:e`` (``None``: a line end Lark would not count)."""
        col = self._line_of(s)
        if self.nl < e:
            if kind not in self.tb.newline_types:
                return None
            end_line, end_column = self.chunk.line_col(e)
            return new_span(s + self.off, e + self.off, self.ln, col, end_line, end_column)
        return new_span(s + self.off, e + self.off, self.ln, col, self.ln, col + e - s)

    # ------------------------------------------------------------ tag pairs
    def _tags(self) -> Optional[list[TagPair]]:
        """The tag section: ``LSQB TAG_NAME TAG_VALUE RSQB`` while the next token is ``[``."""
        tb = self.tb
        text = self.text
        # The token scanner takes the ignored text before a token with it; where it gives way (no
        # token follows), an ignored token is a match of its own, as with the movetext scanner.
        scan = tb.tokens.match
        ignore = tb.ignore
        tags: list[TagPair] = []
        pos = 0
        while True:
            m = scan(text, pos)
            while m is not None and m.lastgroup in ignore:
                pos = m.end()
                m = scan(text, pos)
            if m is not None:
                pos = m.start(m.lastgroup)  # type: ignore[arg-type]  # a match of the alternation names its group
            if m is None or m.lastgroup != "LSQB":
                self.pos = pos
                return tags
            tag = self._tag_pair(pos, m.end())
            if tag is None:
                return None
            tags.append(tag)
            pos = self.pos

    def _tag_pair(self, s0: int, e0: int) -> Optional[TagPair]:
        """One tag pair from its ``[`` at ``s0:e0``, each part read in the parser state it is read in.

        A file repeats the same tag pairs (``[Result "*"]``): the reading of
        the text from ``[`` to the first ``]`` after it, when the pair ends
        there on one line, is kept (:data:`_TAG_READINGS`) and placed again.
        The scanners look at no character past the ``]`` that ends the pair
        (its terminal is that one character, and the tokens before it end
        before it), so the same text reads the same wherever it stands.
        """
        text = self.text
        close = text.find("]", s0)
        key = text[s0 : close + 1] if close >= 0 else ""
        reading = _TAG_READINGS.get(key)
        if reading is not None:
            return self._placed(s0, reading)
        tag = self._scan_tag_pair(s0, e0)
        if tag is not None and self.pos == close + 1 and "\n" not in key and "\r" not in key:
            if len(_TAG_READINGS) >= _TAG_READINGS_LIMIT:
                _TAG_READINGS.clear()  # bounded memory on adversarial input; real files repeat a few
            start = tag.span.start
            _TAG_READINGS[key] = (
                tag.name, tag.value, tag.raw_value, len(key),
                tag.name_span.start - start, tag.name_span.end - start, tag.value_span.start - start, tag.value_span.end - start,
            )
        return tag

    def _placed(self, s0: int, reading: "_TagReading") -> TagPair:
        """A tag pair read before, placed at ``s0`` (its text holds no line end)."""
        name, value, raw, length, n0, n1, v0, v1 = reading
        col = self._line_of(s0)
        ln = self.ln
        start = s0 + self.off
        end = start + length
        self.pos = s0 + length
        c = col - start  # column = offset + c on this line
        return TagPair(
            name, value, raw,
            new_span(start, end, ln, col, ln, end + c),
            new_span(start + n0, start + n1, ln, start + n0 + c, ln, start + n1 + c),
            new_span(start + v0, start + v1, ln, start + v0 + c, ln, start + v1 + c),
        )

    def _scan_tag_pair(self, s0: int, e0: int) -> Optional[TagPair]:
        """:meth:`_tag_pair` by scanning."""
        tb = self.tb
        text = self.text
        toks = []
        p = e0
        for sc in (tb.name.match, tb.value.match, tb.close.match):
            t = sc(text, p)
            while t is not None and t.lastgroup in tb.ignore:
                t = sc(text, t.end())
            if t is None:
                return None
            toks.append(t)
            p = t.end()
        self.pos = p
        # One lookup places the four tokens when they stand on one line, as
        # they do in any real file; a tag pair over lines (line ends between
        # its tokens) is left to the Lark parse.
        col0 = self._line_of(s0)
        if self.nl < p:
            return None
        ln = self.ln
        shift = col0 - s0  # column = offset + shift on this line
        off = self.off
        name, value = toks[0], toks[1]
        return tag_pair_node(
            name.group(),
            value.group(),
            new_span(s0 + off, p + off, ln, col0, ln, p + shift),
            new_span(name.start() + off, name.end() + off, ln, name.start() + shift, ln, name.end() + shift),
            new_span(value.start() + off, value.end() + off, ln, value.start() + shift, ln, value.end() + shift),
        )

    # ------------------------------------------------------------ movetext
    def _movetext(self) -> bool:
        """The movetext elements into ``cur``, up to the result or the end; False to decline."""
        ignore = self.tb.ignore
        newline_types = self.tb.newline_types
        handlers = _HANDLERS
        moves = _MOVES
        number = new_number
        off = self.off
        chunk_line_col = self.chunk.line_col
        # The line count, the open line of play and what came last in locals
        # (the hot loop); `_line_of` and the handlers work on the attributes.
        nl, ln, ls = self.nl, self.ln, self.ls
        cur, last = self.cur, self.last
        for m in self.tb.movetext.finditer(self.text, self.pos):
            kind = m.lastgroup
            if kind in ignore:
                continue
            s, e = m.span()
            if nl < s:
                self._line_of(s)
                nl, ln, ls = self.nl, self.ln, self.ls
            col = s - ls + 1
            if nl < e:
                if kind not in newline_types:
                    return False  # Lark would not count this line end (or a terminal that holds a lone CR)
                span = new_span(s + off, e + off, ln, col, *chunk_line_col(e))
            else:
                span = new_span(s + off, e + off, ln, col, ln, col + e - s)
            # The two most frequent tokens, without a call.
            if kind in moves:
                cur.append(new_move(m.group(), kind, span))
                last = 1
                continue
            if kind == "MOVE_NUMBER":
                cur.append(number(m.group(), span))
                last = 2
                continue
            handler = handlers.get(kind)  # type: ignore[arg-type]
            if handler is None:
                return False  # UNKNOWN_MOVE, a tag inside the movetext, no terminal, …
            self.cur, self.last = cur, last
            done = handler(self, m, span)
            cur, last = self.cur, self.last
            if done:
                self.pos = e
                return done == _STOP
        self.cur = cur
        self.pos = len(self.text)
        return True

    def _move(self, m: "re.Match[str]", span: Span) -> int:
        self.cur.append(new_move(m.group(), m.lastgroup, span))  # type: ignore[arg-type]
        self.last = 1
        return _GO_ON

    def _move_number(self, m: "re.Match[str]", span: Span) -> int:
        self.cur.append(new_number(m.group(), span))
        self.last = 2
        return _GO_ON

    def _comment(self, m: "re.Match[str]", span: Span) -> int:
        self.cur.append(comment_node(m.group(), m.lastgroup == "LINE_COMMENT", span))
        self.last = 0
        return _GO_ON

    def _nag(self, m: "re.Match[str]", span: Span) -> int:
        self.cur.append(nag_node(m.group(), span))
        self.last = 0
        return _GO_ON

    def _lpar(self, m: "re.Match[str]", span: Span) -> int:
        self.stack.append((self.cur, span))
        self.cur = []
        self.last = 0
        return _GO_ON

    def _rpar(self, m: "re.Match[str]", span: Span) -> int:
        if not self.stack:
            return _DECLINE
        outer, ps = self.stack.pop()
        outer.append(Variation(tuple(self.cur), Span(ps.start, span.end, ps.line, ps.column, span.end_line, span.end_column), True))
        self.cur = outer
        self.last = 0
        return _GO_ON

    def _ellipsis(self, m: "re.Match[str]", span: Span) -> int:
        if self.last != 2:
            return _DECLINE
        num = self.cur[-1]
        sp = num.span
        whole = Span(sp.start, span.end, sp.line, sp.column, span.end_line, span.end_column)
        self.cur[-1] = move_number_node(num.text, m.group(), whole)
        self.last = 0
        return _GO_ON

    def _suffix(self, m: "re.Match[str]", span: Span) -> int:
        if self.last != 1:
            return _DECLINE
        mv = self.cur[-1]
        self.cur[-1] = MoveToken(mv.text, mv.kind, mv.span, m.group(), span)
        self.last = 0
        return _GO_ON

    def _result(self, m: "re.Match[str]", span: Span) -> int:
        if self.stack:
            return _DECLINE  # a result inside a variation: the recovery closes it
        self.result = Result(m.group(), span)
        return _STOP

    # ------------------------------------------------------------ after the result
    def _trailer(self) -> Optional[list[Any]]:
        """Comments and text after the result, as the grammar reads them; ``None`` for anything else.

        Text that is no comment (``STRAY_TEXT``, e.g. XQWizard's footer) is
        part of the grammar (docs/spec/pgn.md §7.2): the lowering reports it
        (P204).  Half of a real collection ends so, so it stays on this path.
        """
        tb = self.tb
        text = self.text
        scan = tb.after.match
        trailer: list[Union[Comment, StrayText]] = []
        pos = self.pos
        while True:
            m = scan(text, pos)
            if m is None:
                self.pos = pos
                return trailer
            kind = m.lastgroup
            pos = m.end()
            if kind in tb.ignore:
                continue
            if kind != "COMMENT" and kind != "LINE_COMMENT" and kind != "STRAY_TEXT":
                return None
            span = self._span(kind, m.start(), pos)
            if span is None:  # pragma: no cover - these terminals hold no uncounted line end
                return None
            if kind == "STRAY_TEXT":
                trailer.append(StrayText(m.group().rstrip(), span))
            else:
                trailer.append(comment_node(m.group(), kind == "LINE_COMMENT", span))


#: Movetext terminal -> its handler; a terminal not here makes the fast path decline.
_HANDLERS: dict[str, Callable[[FastParse, "re.Match[str]", Span], int]] = {
    **{k: FastParse._move for k in _MOVES},
    "MOVE_NUMBER": FastParse._move_number,
    "COMMENT": FastParse._comment,
    "LINE_COMMENT": FastParse._comment,
    "NAG": FastParse._nag,
    "LPAR": FastParse._lpar,
    "RPAR": FastParse._rpar,
    "ELLIPSIS": FastParse._ellipsis,
    "SUFFIX": FastParse._suffix,
    "RESULT": FastParse._result,
}
