"""Read a PlayOK record with ``grammars/playok.lark`` into a game (docs/spec/playok.md).

The Lark LALR parser (contextual lexer) is built once per thread, lazily, from
the private Lark cache.  The grammar accepts every text (its catch-all
terminals take what nothing else does), so the parse never fails;
:class:`PlayOkReader` walks the tree, maps the header lines (§3,
:mod:`.header`), sends the moves as text to the one
:class:`~xqformats.builder.GameBuilder` (decoded in the WXF notation by
:mod:`xqformats.notation` and checked by the rules engine, §4), and reports
every finding at character offsets.  After a move that cannot be read the rest
is not read (:data:`REST_OF_LINE`, DROP: O107, a note on the move's own
finding).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

from lark import Lark, Token, Tree

from ..builder import GameBuilder, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import Diagnostic, DiagnosticSink, Rule
from ..model import RESULTS, Game
from ..notation import Notation
from ..resources import child_tokens, child_trees, format_parser, token_span
from ..source import Source
from . import header as fields
from . import rules

#: After a move that cannot be read, the rest of the moves is not read (O107).
REST_OF_LINE = LinePolicy.DROP


def parser() -> Lark:
    """This thread's parser (built once; the grammar file is the spec)."""
    return format_parser("playok", "file")


def _value_span(toks: list[Token]) -> tuple[int, int]:
    """Where a header line's value is written: VALUE starts with the blank after the keyword
    (grammars/playok.lark), which is no part of it."""
    start, _ = token_span(toks[1])
    text = str(toks[1])
    return start + len(text) - len(text.lstrip()), start + len(text.rstrip())


class PlayOkReader(ReaderHooks):
    """Turns the parse tree of one record into a :class:`Game`, reporting to a sink; the builder's hooks."""

    def __init__(self, sink: DiagnosticSink, size: int) -> None:
        self.sink = sink
        self.size = size
        self.builder = GameBuilder(self, REST_OF_LINE, sink.strict)
        self.result: Optional[str] = None  # the RESULT line's, when it holds a result word
        self.section_result: Optional[str] = None  # a result word among the moves (§4.3)

    def report(self, rule: Rule, message: str, start: int, end: int) -> Diagnostic:
        return self.sink.report_at(rule, message, start, end)

    def report_token(self, rule: Rule, message: str, tok: Token) -> Diagnostic:
        return self.report(rule, message, *token_span(tok))

    # ---------------------------------------------------------------- entry
    def read(self, tree: Tree[Token]) -> Game:
        section: Optional[Tree[Token]] = None
        strays: list[Token] = []
        for child in child_trees(tree):
            if child.data == "stray":
                strays.append(child_tokens(child)[0])
                continue
            self._strays(strays, "before `START{` is not on a header line")
            strays = []
            if child.data == "header":
                self._header(child_tokens(child))
            else:
                section = child
        self._strays(strays, "before `START{` is not on a header line")
        if section is None:
            self.report(rules.NO_MOVES, "No `START{` move section: the record has no moves", self.size, self.size)
        else:
            self._section(section)
        result = self.result or self.section_result or "*"
        self.builder.visit_result(result)
        self.builder.end_game()
        return self.builder.result()

    def _strays(self, words: list[Token], where: str) -> None:
        """O103 for one run of stray words (one finding for the run)."""
        if words:
            more = f" (and {len(words) - 1} more words)" if len(words) > 1 else ""
            self.report(rules.STRAY_TEXT, f"`{words[0]}`{more} {where}; not read", token_span(words[0])[0], token_span(words[-1])[1])

    # ---------------------------------------------------------------- header lines (§3)
    def _header(self, toks: list[Token]) -> None:
        keyword = str(toks[0])
        value = str(toks[1]).strip() if len(toks) > 1 else ""
        if not value:
            return  # §3.1: a keyword without a value gives no header
        if keyword in fields.PLAYERS:
            self._player(keyword, value, toks)
        elif keyword == "RESULT":
            self._result(value, toks)
        elif keyword == "DATE":
            day, clock = fields.date(value)
            self._put("Date", day)
            self._put("Time", clock or "")
        elif keyword == "EVENT":
            name, group = fields.event(value)
            self._put("Event", name)
            self._put("Group", group)
        else:
            self.report_token(rules.UNKNOWN_HEADER, f"Unknown header `{keyword}`; kept as the header `{fields.KEPT_PREFIX}{keyword}`", toks[0])
            self._put(fields.KEPT_PREFIX + keyword, value)

    def _put(self, name: str, value: str) -> None:
        """The header ``name``, when ``value`` is not empty."""
        if value:
            self.builder.visit_header(name, value)

    def _player(self, keyword: str, value: str, toks: list[Token]) -> None:
        """§3.2: the name and the rating of a RED or BLACK line (O105)."""
        name_header, rating_header = fields.PLAYERS[keyword]
        found = fields.player(value)
        if not found.well_formed:
            self.report(rules.PLAYER_LINE, f"`{keyword} {value}` is not `name;rating` (a whole number); the rating is kept as written", *_value_span(toks))
        self._put(name_header, found.name)
        self._put(rating_header, found.rating)

    def _result(self, value: str, toks: list[Token]) -> None:
        """§3.3: the RESULT line's result word (O106 otherwise)."""
        if value in RESULTS:
            self.result = value
            return
        kept = fields.KEPT_PREFIX + "RESULT"
        self.report(rules.RESULT_LINE, f"`RESULT {value}` holds no result (`1-0`, `0-1`, `1/2-1/2`, `*`); kept as the header `{kept}`", *_value_span(toks))
        self._put(kept, value)

    # ---------------------------------------------------------------- moves (§4)
    def _section(self, section: Tree[Token]) -> None:
        start_tok = child_tokens(section)[0]
        close: Optional[Tree[Token]] = None
        builder = self.builder
        for child in child_trees(section):
            if child.data == "close":
                close = child
            elif child.data == "result":
                self.section_result = str(child_tokens(child)[0])
            elif child.data == "move" and not builder.dead:
                tok = child_tokens(child)[0]
                s, e = token_span(tok)
                span = self.sink.source.span(s, e) if self.sink.source is not None else None
                builder.visit_text_move(str(tok), span, Notation.WXF, tok)
        if close is None:
            self.report_token(rules.UNCLOSED_MOVES, "`START{` is not closed; expected `}` (moves read to the end of the text)", start_tok)
            return
        self._strays([child_tokens(t)[0] for t in child_trees(close)], "after the closing `}`")

    # ---------------------------------------------------------------- the builder's hooks
    def decoded(self, move: Optional[Move], findings: Sequence[Diagnostic], token: Token) -> None:
        """The notation's findings on the move (positioned in its one-line text) at their place."""
        start = token_span(token)[0]
        for d in findings:
            s = start + (d.column or 1) - 1
            e = start + (d.end_column or d.column or 1) - 1
            if self.sink.source is None:  # pragma: no cover - the reader's sink always has its source
                self.sink.add(d)
                continue
            span = self.sink.source.span(s, max(s, e))
            fix = d.fix.shifted(start) if d.fix is not None else None  # the fix is placed as the finding is
            self.sink.add(replace(d, line=span.line, column=span.column, end_line=span.end_line, end_column=span.end_column, fix=fix))

    def not_read(self, token: Token) -> None:
        # A note on the move's own finding (just reported): one root cause, one finding.
        start, end = token_span(token)
        span = self.sink.source.span(start, end) if self.sink.source is not None else None
        self.sink.note(rules.MOVES_NOT_READ, "Moves from here to the end are not read", span)


def read_playok(text: "str | Source", *, strict: bool = False, path: Optional[str] = None) -> tuple[list[Game], list[Diagnostic]]:
    """The game of a PlayOK record, and every finding; never raises on any text.

    ``text`` is the decoded text, or a :class:`~xqformats.source.Source`
    holding it.  A record without ``START{`` gives O101 and a game without
    moves (its headers read).  ``strict`` makes the deviations errors.
    """
    source = text if isinstance(text, Source) else Source.from_text(text, path)
    if path is not None and source.name is None:
        source = replace(source, name=path)
    sink = DiagnosticSink(path=source.name, strict=strict, source=source)
    body = source.text or ""
    game = PlayOkReader(sink, len(body)).read(parser().parse(body))
    game.diagnostics = list(sink.items)
    return [game], list(sink.items)
