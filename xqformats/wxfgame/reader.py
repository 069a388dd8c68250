"""Read a WXF game file with ``grammars/wxfgame.lark`` into a game (docs/spec/wxfgame.md).

The Lark LALR parser (contextual lexer) is built once per thread, lazily, from
the private Lark cache (:func:`~xqformats.resources.lark_cache_path`), with
:class:`_Events` as its callbacks: no parse tree is built.  Each of the
grammar's rules is handed to the :class:`WxfReader` of the file being read as
the parser reduces it, in the order of the text, and its tokens are let go
once it is read, so that what a read holds does not grow with the number of
tokens (a tree of one Lark token and subtree per move cost about 460 bytes a
token; tests/fuzz/harness.py ``FIXED``).  The grammar accepts every text (its
catch-all terminals take what nothing else does), so the parse never fails;
:class:`WxfReader` maps the header lines (§2.2), sends the moves as text to the
one :class:`~xqformats.builder.GameBuilder` (decoded in the WXF notation and
checked by the rules engine, §3), and reports every finding to a sink at
character offsets.  A file has one line of play; after a move that cannot be
read the rest of it is not read (:data:`REST_OF_LINE`, DROP: W106, a note on
the move's own finding); comments after it stay on the last move read.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

from lark import Lark, Token, Transformer

from ..builder import GameBuilder, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import Diagnostic, DiagnosticSink, Rule, excerpt
from ..digits import bounded_int
from ..model import RESULTS, SUFFIX_NAGS, Game
from ..notation import Notation
from ..resources import event_parser, token_span
from ..source import Source
from . import rules

#: After a move that cannot be read, the rest of the moves is not read (W106).
REST_OF_LINE = LinePolicy.DROP


#: Header keywords and the model headers they fill (docs/spec/wxfgame.md §2.2).
HEADER_OF_KEYWORD = {"GAME": "Event", "RED": "Red", "BLACK": "Black", "DATE": "Date"}
KEYWORD_OF_HEADER = {header: keyword for keyword, header in HEADER_OF_KEYWORD.items()}
#: The header prefix of any other keyword: ``PLACE`` is kept as ``WXF_PLACE``.
KEPT_PREFIX = "WXF_"
_NOTATIONS = {"WXF": Notation.WXF, "AXF": Notation.WXF, "ICCS": Notation.ICCS}

#: What a rule's callback is given: its tokens, and ``None`` for each subrule (already read).
Children = list["Token | None"]


def _tokens(children: Children) -> list[Token]:
    return [t for t in children if t is not None]


def _value_span(toks: list[Token]) -> tuple[int, int]:
    """Where a header line's value is written: VALUE starts with the blank after the keyword
    (grammars/wxfgame.lark), which is no part of it; the keyword when there is no value."""
    if len(toks) < 2:
        return token_span(toks[0])
    start, end = token_span(toks[1])
    text = str(toks[1])
    return start + len(text) - len(text.lstrip()), start + len(text.rstrip())


class WxfReader(ReaderHooks):
    """Reads one file's rules as the parser reduces them (:class:`_Events`) into a :class:`Game`; the builder's hooks.

    The parser calls one method per rule of ``grammars/wxfgame.lark`` (``header``,
    ``stray``, ``move``, …) with the rule's tokens; :meth:`finish` then ends the
    game.  What is kept between calls is a constant amount (the pending move
    number, the first and last of a run of stray words), not the tokens read.
    """

    def __init__(self, sink: DiagnosticSink) -> None:
        self.sink = sink
        self.strict = sink.strict
        self.builder = GameBuilder(self, REST_OF_LINE, sink.strict)
        self.game = self.builder.game
        self.notation: Optional[Notation] = Notation.WXF
        self.result = "*"  # the RESULT line's (the last one wins)
        self.format_seen = False
        self.number: Optional[Token] = None
        #: The first and the last of a run of stray words (one W101 over the run).
        self.strays: Optional[tuple[Token, Token]] = None
        #: How many findings there were when the move section began (``None``: not begun).
        self.section_at: Optional[int] = None
        #: The W109 of a comment that ran to the end of the file (it took what follows with it).
        self.unclosed: Optional[Diagnostic] = None

    def report(self, rule: Rule, message: str, tok: Token) -> Diagnostic:
        start, end = token_span(tok)
        return self.sink.report_at(rule, message, start, end)

    # ---------------------------------------------------------------- before the moves (§2)
    def header(self, children: Children) -> None:
        self._flush_strays()
        self.format_seen |= self._header(_tokens(children))

    def head_comment(self, children: Children) -> None:
        self._flush_strays()
        self._comment(_tokens(children)[0])

    def stray(self, children: Children) -> None:
        tok = _tokens(children)[0]
        self.strays = (tok, tok) if self.strays is None else (self.strays[0], tok)

    def _flush_strays(self) -> None:
        if self.strays is not None:
            first, last = self.strays
            start, end = token_span(first)[0], token_span(last)[1]
            self.sink.report_at(rules.STRAY_TEXT, f"`{first}` is neither a header line nor a comment; skipped", start, end)
            self.strays = None

    # ---------------------------------------------------------------- after the moves (§3.4)
    def tail_comment(self, children: Children) -> None:
        self._comment(_tokens(children)[0])

    def trailing(self, children: Children) -> None:
        tok = _tokens(children)[0]
        self.report(rules.TEXT_AFTER_END, f"Text `{tok}` after `}}END` is not a comment; ignored", tok)

    # ---------------------------------------------------------------- the end
    def finish(self) -> Game:
        """The game, once the parser has handed over every rule; the findings about the whole file."""
        self._flush_strays()
        if not self.format_seen:
            self.sink.report_at(rules.FORMAT_LINE, "No `FORMAT WXF` line; moves read by their shape", 0, 0)
            self.notation = None
        if self.section_at is None:
            end = len(self.sink.source.text or "") if self.sink.source is not None else 0
            message = "No `START{` move section; expected the moves between `START{` and `}END`"
            if self.unclosed is not None and self.sink.source is not None:
                # The comment ran to the end and took the move section with it: a note on its W109.
                self.sink.note(rules.NO_MOVES, message, self.sink.source.span(end, end), about=self.unclosed)
            else:
                self.sink.report_at(rules.NO_MOVES, message, end, end)
        self.builder.visit_result(self.result)
        self.builder.end_game()
        return self.builder.result()

    # ---------------------------------------------------------------- header lines (§2.2)
    def _header(self, toks: list[Token]) -> bool:
        """Read one header line; whether it is the FORMAT line."""
        keyword = str(toks[0])
        value = str(toks[1]).strip() if len(toks) > 1 else ""
        if keyword == "FORMAT":
            self.notation = _NOTATIONS.get(value.split(",")[0].strip().upper())
            if self.notation is not Notation.WXF:
                self.sink.report_at(
                    rules.FORMAT_LINE, f"`FORMAT {value}`; expected `FORMAT WXF` (moves read by their shape)", *_value_span(toks)
                )
            return True
        if keyword == "RESULT" and value in RESULTS:
            self.result = value
            return False
        header = HEADER_OF_KEYWORD.get(keyword)
        if header is None:
            header = KEPT_PREFIX + keyword
            self.report(rules.UNKNOWN_HEADER, f"Unknown header `{keyword}`; kept as the header `{header}`", toks[0])
        if value:
            self.builder.visit_header(header, value)
        return False

    # ---------------------------------------------------------------- comments (§2.3)
    def _comment(self, tok: Token) -> None:
        """A comment: the game's before the moves, else after the last move read."""
        text = str(tok)
        if not text.endswith("*/") or len(text) < 4:
            self.unclosed = self.report(
                rules.UNCLOSED_COMMENT, "Unclosed comment; expected `*/` (the rest of the file is read as the comment)", tok
            )
            body = text[2:]
        else:
            body = text[2:-2]
        if body:
            self.builder.visit_comment(body)

    # ---------------------------------------------------------------- moves (§3)
    def _begin_section(self) -> None:
        """The move section has begun (its first item, or its end when it has none): the text before it is read."""
        if self.section_at is None:
            self._flush_strays()
            self.section_at = len(self.sink.items)

    def comment(self, children: Children) -> None:
        self._begin_section()
        self._comment(_tokens(children)[0])

    def move_number(self, children: Children) -> None:
        self._begin_section()
        if not self.builder.dead:
            self.number = _tokens(children)[0]

    def move(self, children: Children) -> None:
        self._begin_section()
        if not self.builder.dead:
            self._move(_tokens(children))

    def annotation(self, children: Children) -> None:
        self._begin_section()
        if not self.builder.dead:
            self._annotation(_tokens(children)[0], None)

    def section(self, children: Children) -> None:
        """``START{``, its items (read), ``}END`` if it is there."""
        self._begin_section()
        last = children[-1]
        if last is None or last.type != "END":
            self.report(rules.UNCLOSED_MOVES, "`START{` is not closed; expected `}END` (moves read to the end of the file)", _tokens(children)[0])
            # Known only now, at the end of the section: placed where the section begins, before its moves' findings.
            assert self.section_at is not None
            self.sink.items.insert(self.section_at, self.sink.items.pop())

    def _move(self, toks: list[Token]) -> None:
        tok = toks[0]
        start, end = token_span(tok)
        span = self.sink.source.span(start, end) if self.sink.source is not None else None
        if self.builder.visit_text_move(str(tok), span, self.notation, tok) is not None and len(toks) > 1:
            self._annotation(toks[1], tok)

    # ---------------------------------------------------------------- the builder's hooks
    def decoded(self, move: Optional[Move], findings: Sequence[Diagnostic], token: Token) -> None:
        """The notation's findings on the move at their place; its number checked before it is played."""
        self._relocate(findings, token_span(token)[0])
        if move is not None:
            self._check_number(token)

    def not_read(self, token: Token) -> None:
        # A note on the move's own finding (just reported): one root cause, one finding.
        start, end = token_span(token)
        span = self.sink.source.span(start, end) if self.sink.source is not None else None
        self.sink.note(rules.MOVES_NOT_READ, "Moves from here to the end are not read", span)

    def _relocate(self, found: Sequence[Diagnostic], start: int) -> None:
        """The notation's findings on a move (positioned in its one-line text) at their place in the file."""
        for d in found:
            s = start + (d.column or 1) - 1
            e = start + (d.end_column or d.column or 1) - 1
            span = self.sink.source.span(s, max(s, e)) if self.sink.source is not None else None
            if span is None:  # pragma: no cover - the reader's sink always has its source
                self.sink.add(d)
                continue
            fix = d.fix.shifted(start) if d.fix is not None else None  # the fix is placed as the finding is
            self.sink.add(
                replace(d, line=span.line, column=span.column, end_line=span.end_line, end_column=span.end_column, fix=fix)
            )

    def _check_number(self, tok: Token) -> None:
        number, self.number = self.number, None
        pos = self.builder.position
        # A number of more than MAX_NUMBER_DIGITS digits (None) is no move's number: reported as any wrong one.
        if number is not None and (not pos.turn or bounded_int(str(number)[:-1]) != pos.fullmove_number):
            expected = f"`{pos.fullmove_number}.`" if pos.turn else "no number (a Black move)"
            self.report(rules.MOVE_NUMBER, f"Move number `{excerpt(str(number))}` before `{tok}`; expected {expected}", number)

    def _annotation(self, suffix: Token, move: Optional[Token]) -> None:
        node = self.builder.node
        if move is None or token_span(move)[1] != token_span(suffix)[0]:
            where = "applied to the move before it" if node.move is not None else "no move before it; ignored"
            self.report(rules.DETACHED_ANNOTATION, f"Annotation `{suffix}` stands apart from its move; {where}", suffix)
            if node.move is None:
                return
        self.builder.visit_nag(SUFFIX_NAGS[str(suffix)])


class _Events(Transformer[Token, None]):
    """The parser's callbacks: each rule of ``grammars/wxfgame.lark``, as it is reduced, to :attr:`reader`.

    Given to Lark as its internal transformer (LALR calls it at each
    reduction, in the order of the text), so no tree is built; every callback
    returns ``None``, so that a rule's parent holds nothing of it.  One per
    thread (:func:`parser`); :attr:`reader` is the reader of the file being
    parsed.
    """

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.reader: Optional[WxfReader] = None

    def _to(self) -> WxfReader:
        assert self.reader is not None, "the parser is only run by read_wxfgame, which sets the reader"
        return self.reader

    def file(self, children: Children) -> None:
        return None

    def header(self, children: Children) -> None:
        self._to().header(children)

    def head_comment(self, children: Children) -> None:
        self._to().head_comment(children)

    def stray(self, children: Children) -> None:
        self._to().stray(children)

    def section(self, children: Children) -> None:
        self._to().section(children)

    def move_number(self, children: Children) -> None:
        self._to().move_number(children)

    def move(self, children: Children) -> None:
        self._to().move(children)

    def annotation(self, children: Children) -> None:
        self._to().annotation(children)

    def comment(self, children: Children) -> None:
        self._to().comment(children)

    def tail_comment(self, children: Children) -> None:
        self._to().tail_comment(children)

    def trailing(self, children: Children) -> None:
        self._to().trailing(children)


def _parser() -> tuple[Lark, _Events]:
    return event_parser("wxfgame", "file", _Events)


def parser() -> Lark:
    """This thread's parser (built once; the grammar file is the spec); its parse hands each rule to a reader, builds no tree."""
    return _parser()[0]


def read_wxfgame(
    text: "str | Source", *, strict: bool = False, path: Optional[str] = None
) -> tuple[list[Game], list[Diagnostic]]:
    """The game of a WXF game file, and every finding; never raises on any text.

    ``text`` is the decoded text, or a :class:`~xqformats.source.Source` holding
    it.  A file without a ``START{`` section gives W102 and a game without
    moves (its headers read).  ``strict`` makes the deviations errors.  Memory:
    the game and its findings, and a constant amount besides (no parse tree).
    """
    source = text if isinstance(text, Source) else Source.from_text(text, path)
    if path is not None and source.name is None:
        source = replace(source, name=path)
    sink = DiagnosticSink(path=source.name, strict=strict, source=source)
    lark, events = _parser()
    reader = events.reader = WxfReader(sink)
    try:
        lark.parse(source.text or "")
    finally:
        events.reader = None
    game = reader.finish()
    game.diagnostics = list(sink.items)
    return [game], list(sink.items)
