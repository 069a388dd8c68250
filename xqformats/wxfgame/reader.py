"""Read a WXF game file with ``grammars/wxfgame.lark`` into a game (docs/spec/wxfgame.md).

The Lark LALR parser (contextual lexer) is built once per thread, lazily, from
the private Lark cache (:func:`~xqformats.resources.lark_cache_path`).  The
grammar accepts every text (its catch-all terminals take what nothing else
does), so the parse never fails; :class:`WxfReader` walks the tree, maps the
header lines (§2.2), sends the moves as text to the one
:class:`~xqformats.builder.GameBuilder` (decoded in the WXF notation and
checked by the rules engine, §3), and reports every finding to a sink at
character offsets.  A file has one line of play; after a move that cannot be
read the rest of it is not read (:data:`REST_OF_LINE`, DROP: W106, a note on
the move's own finding); comments after it stay on the last move read.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

from lark import Lark, Token, Tree

from ..builder import GameBuilder, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import Diagnostic, DiagnosticSink, Rule, excerpt
from ..digits import bounded_int
from ..model import RESULTS, SUFFIX_NAGS, Game
from ..notation import Notation
from ..resources import child_tokens, format_parser, token_span
from ..source import Source
from . import rules

__all__ = ["parser", "read_wxfgame", "HEADER_OF_KEYWORD", "KEYWORD_OF_HEADER", "KEPT_PREFIX", "REST_OF_LINE"]

#: After a move that cannot be read, the rest of the moves is not read (W106).
REST_OF_LINE = LinePolicy.DROP


#: Header keywords and the model headers they fill (docs/spec/wxfgame.md §2.2).
HEADER_OF_KEYWORD = {"GAME": "Event", "RED": "Red", "BLACK": "Black", "DATE": "Date"}
KEYWORD_OF_HEADER = {header: keyword for keyword, header in HEADER_OF_KEYWORD.items()}
#: The header prefix of any other keyword: ``PLACE`` is kept as ``WXF_PLACE``.
KEPT_PREFIX = "WXF_"
_NOTATIONS = {"WXF": Notation.WXF, "AXF": Notation.WXF, "ICCS": Notation.ICCS}


def parser() -> Lark:
    """This thread's parser (built once; the grammar file is the spec)."""
    return format_parser("wxfgame", "file")


def _value_span(toks: list[Token]) -> tuple[int, int]:
    """Where a header line's value is written: VALUE starts with the blank after the keyword
    (grammars/wxfgame.lark), which is no part of it; the keyword when there is no value."""
    if len(toks) < 2:
        return token_span(toks[0])
    start, end = token_span(toks[1])
    text = str(toks[1])
    return start + len(text) - len(text.lstrip()), start + len(text.rstrip())


class WxfReader(ReaderHooks):
    """Turns the parse tree of one file into a :class:`Game`, reporting to a sink; the builder's hooks."""

    def __init__(self, sink: DiagnosticSink) -> None:
        self.sink = sink
        self.strict = sink.strict
        self.builder = GameBuilder(self, REST_OF_LINE, sink.strict)
        self.game = self.builder.game
        self.notation: Optional[Notation] = Notation.WXF
        self.result = "*"  # the RESULT line's (the last one wins)
        self.number: Optional[Token] = None
        self.strays: list[Token] = []
        #: The W109 of a comment that ran to the end of the file (it took what follows with it).
        self.unclosed: Optional[Diagnostic] = None

    def report(self, rule: Rule, message: str, tok: Token) -> Diagnostic:
        start, end = token_span(tok)
        return self.sink.report_at(rule, message, start, end)

    # ---------------------------------------------------------------- entry
    def read(self, tree: Tree[Token]) -> Game:
        format_seen = False
        section: Optional[Tree[Token]] = None
        for child in tree.children:
            assert isinstance(child, Tree)
            kind = child.data
            if kind != "stray":
                self._flush_strays()
            if kind == "header":
                format_seen |= self._header(child)
            elif kind == "head_comment" or kind == "tail_comment":
                self._comment(child)
            elif kind == "stray":
                self.strays.append(child_tokens(child)[0])
            elif kind == "section":
                section = child
                self._section(child)
            elif kind == "trailing":
                tok = child_tokens(child)[0]
                self.report(rules.TEXT_AFTER_END, f"Text `{tok}` after `}}END` is not a comment; ignored", tok)
        self._flush_strays()
        if not format_seen:
            self.sink.report_at(rules.FORMAT_LINE, "No `FORMAT WXF` line; moves read by their shape", 0, 0)
            self.notation = None
        if section is None:
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

    def _flush_strays(self) -> None:
        if self.strays:
            first, last = self.strays[0], self.strays[-1]
            start, end = token_span(first)[0], token_span(last)[1]
            self.sink.report_at(rules.STRAY_TEXT, f"`{first}` is neither a header line nor a comment; skipped", start, end)
            self.strays = []

    # ---------------------------------------------------------------- header lines (§2.2)
    def _header(self, tree: Tree[Token]) -> bool:
        """Read one header line; whether it is the FORMAT line."""
        toks = child_tokens(tree)
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
    def _comment(self, tree: Tree[Token]) -> None:
        """A comment: the game's before the moves, else after the last move read."""
        tok = child_tokens(tree)[0]
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
    def _section(self, tree: Tree[Token]) -> None:
        last = tree.children[-1]
        if not (isinstance(last, Token) and last.type == "END"):
            self.report(rules.UNCLOSED_MOVES, "`START{` is not closed; expected `}END` (moves read to the end of the file)", tree.children[0])  # type: ignore[arg-type]
        builder = self.builder
        for child in tree.children:
            if not isinstance(child, Tree):
                continue
            if child.data == "comment":
                self._comment(child)
            elif builder.dead:
                continue
            elif child.data == "move_number":
                self.number = child_tokens(child)[0]
            elif child.data == "move":
                self._move(child)
            elif child.data == "annotation":
                self._annotation(child_tokens(child)[0], None)

    def _move(self, tree: Tree[Token]) -> None:
        toks = child_tokens(tree)
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


def read_wxfgame(
    text: "str | Source", *, strict: bool = False, path: Optional[str] = None
) -> tuple[list[Game], list[Diagnostic]]:
    """The game of a WXF game file, and every finding; never raises on any text.

    ``text`` is the decoded text, or a :class:`~xqformats.source.Source` holding
    it.  A file without a ``START{`` section gives W102 and a game without
    moves (its headers read).  ``strict`` makes the deviations errors.
    """
    source = text if isinstance(text, Source) else Source.from_text(text, path)
    if path is not None and source.name is None:
        source = replace(source, name=path)
    sink = DiagnosticSink(path=source.name, strict=strict, source=source)
    game = WxfReader(sink).read(parser().parse(source.text or ""))
    game.diagnostics = list(sink.items)
    return [game], list(sink.items)
