"""Parse one game chunk with ``grammars/pgn.lark`` into a :class:`~.ast.GameSyntax`.

The Lark LALR parser (contextual lexer, tree-less: the :class:`_Builder`
transformer runs at each reduction) is built once per thread, lazily, from
Lark's cache when one exists (the grammar analysis is stored in a private
per-user folder, see :func:`cache_path`; 0.1 s to load instead of 0.8 s).  Spans
come from Lark's tokens, placed in the file by the chunk's :class:`Source`
(from their offsets alone when the chunk holds a lone CR: a line end for
PGN §2.4 that Lark's line counter, LF only, misses).

Error recovery (Lark's ``on_error`` with the interactive parser):
every syntax error becomes a diagnostic and parsing goes on, so all errors of
a game come out in one run:

* an unclosed ``{`` makes the rest of the chunk its text (P104);
* a tag value without its quotes, closing quote or ``]`` keeps what the line
  holds (P105); a quote that closes on a later line (P210) and unescaped
  quotes inside a value (P218) are deviations;
* unclosed variations are closed at the end of the game (P102);
* a ``)`` that closes nothing, and anything else the grammar does not allow
  where it stands, is skipped (P103, P101).

The grammar's error productions (``UNKNOWN_MOVE``, ``STRAY_TEXT``,
``misplaced_tag``) already absorb the common faults without recovery.

The reader offers each chunk to :mod:`.fastpath` first; this parse reads the
chunks it declines.  What a token's text means in the tree (``*_node``
below) is shared by both.  :func:`lexicon` gives the grammar's own terminals
to the code that cuts and skims text outside a parse (:mod:`.splitter`).
"""

from __future__ import annotations

import operator
import re
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, TypeGuard, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.parsers.lalr_interactive_parser import InteractiveParser

from ..diagnostics import DiagnosticSink, Span, excerpt, has_lone_cr
from ..resources import grammar_path, lark_cache_path
from ..source import Source
from . import rules
from .ast import (
    number_value,
    Comment,
    GameSyntax,
    MisplacedTag,
    MoveNumber,
    MoveToken,
    Nag,
    Result,
    StrayText,
    TagPair,
    Variation,
)
from .lark_internals import advance_lexer, lexer_pos, lexer_state, rewind_lexer, value_stack

GRAMMAR_FILE = "pgn.lark"

if TYPE_CHECKING:

    class _Located(Token):
        """A token whose position is known: every token Lark's lexer makes, and every
        one the recovery makes.  Lark types these fields ``Optional`` because a
        ``Token`` may be built without a position; this type says they are set."""

        start_pos: int
        end_pos: int
        line: int
        column: int
        end_line: int
        end_column: int

else:
    _Located = Token


def _located(tok: Token) -> TypeGuard[_Located]:
    """Whether ``tok`` carries its position (the lexer's tokens always do)."""
    return (
        tok.start_pos is not None
        and tok.end_pos is not None
        and tok.line is not None
        and tok.column is not None
        and tok.end_line is not None
        and tok.end_column is not None
    )


_UNESCAPE = re.compile(r"\\([\"\\])")
_ESCAPED = operator.itemgetter(1)  # the escaped character (a C call per escape, not a template)


# ---------------------------------------------------------------- nodes
# What a token's text means in the AST, shared by the Lark builder below and
# the fast path (:mod:`.fastpath`), so both build equal nodes from equal text.


def tag_pair_node(name: str, raw: str, span: Span, name_span: Span, value_span: Span) -> TagPair:
    """``[name raw]``: ``raw`` is the TAG_VALUE text, quotes included (when present)."""
    if len(raw) >= 2 and raw[0] == '"' and raw[-1] == '"':
        inner = raw[1:-1]
    elif raw[:1] == '"':
        inner = raw[1:]
    else:
        inner = raw
    text = _UNESCAPE.sub(_ESCAPED, inner) if "\\" in inner else inner
    return TagPair(name, text, inner, span, name_span, value_span)


def move_number_node(number: str, ellipsis: Optional[str], span: Span) -> MoveNumber:
    """``MOVE_NUMBER ELLIPSIS?``: ``7.``, ``7...``, ``7. ...`` (``ellipsis`` the second token).

    A number too long to be read (:func:`number_value`) is ``-1``: it matches
    no move, so the lowering reports it as a wrong move number.
    """
    if ellipsis is not None:
        return MoveNumber(number_value(number.rstrip(".")), True, number + " " + ellipsis, span)
    if number.endswith("..."):
        return MoveNumber(number_value(number[:-3]), True, number, span)
    return MoveNumber(number_value(number[:-1]), False, number, span)


def comment_text(text: str, line: bool) -> str:
    """What the comment token ``text`` says: ``{…}`` (``line`` False; an unclosed one runs to the end) or ``;…``."""
    if line:
        return text[1:].rstrip("\r")
    return text[1:-1] if text.endswith("}") else text[1:]


def comment_node(text: str, line: bool, span: Span) -> Comment:
    """``{…}`` (``line`` False; an unclosed one runs to the end) or ``;…`` (``line`` True)."""
    return Comment(comment_text(text, line), line, span)


def nag_node(text: str, span: Span) -> Nag:
    """``$n`` (``-1`` for a number too long to be read: see :func:`number_value`)."""
    return Nag(number_value(text[1:]), span, text)


class _Builder(Transformer[Token, Any]):
    """Reductions → AST nodes.

    ``off``/``ln``/``col`` place the chunk in its file: its first character's
    offset, line - 1, and column - 1 (a chunk may start inside a line: after
    a form feed).  ``source`` is the chunk when it holds a lone CR: Lark's
    lines (LF only) are wrong there, so spans come from the tokens' offsets
    through the chunk's line index.
    """

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.off = 0
        self.ln = 0
        self.col = 0
        self.source: Optional[Source] = None

    # ---------------------------------------------------------------- spans
    # A reduction's children are the lexer's tokens (or the recovery's), so
    # their positions are set: typed _Located, never checked (the hot path).
    def _span(self, t: _Located) -> Span:
        return self._join(t, t)

    def _join(self, a: _Located, b: _Located) -> Span:
        if self.source is not None:
            return self.source.span(a.start_pos, b.end_pos)
        o = self.off
        ln = self.ln
        c = self.col
        return Span(
            a.start_pos + o, b.end_pos + o,
            a.line + ln, a.column + c if a.line == 1 else a.column,
            b.end_line + ln, b.end_column + c if b.end_line == 1 else b.end_column,
        )

    # ---------------------------------------------------------------- tags
    def tag_pair(self, ch: list[Any]) -> TagPair:
        lsqb, name, value, rsqb = ch
        return tag_pair_node(str(name), str(value), self._join(lsqb, rsqb), self._span(name), self._span(value))

    def misplaced_tag(self, ch: list[Any]) -> MisplacedTag:
        return MisplacedTag(ch[0])

    # ---------------------------------------------------------------- movetext
    def move_number(self, ch: list[Any]) -> MoveNumber:
        t = ch[0]
        if len(ch) == 2:
            return move_number_node(str(t), str(ch[1]), self._join(t, ch[1]))
        return move_number_node(str(t), None, self._span(t))

    def move(self, ch: list[Any]) -> MoveToken:
        t = ch[0]
        if len(ch) == 1:
            return MoveToken(str(t), t.type, self._span(t))
        s = ch[1]
        return MoveToken(str(t), t.type, self._span(t), str(s), self._span(s))

    def comment(self, ch: list[Any]) -> Comment:
        t = ch[0]
        return comment_node(str(t), t.type == "LINE_COMMENT", self._span(t))

    trailing_comment = comment

    def nag(self, ch: list[Any]) -> Nag:
        t = ch[0]
        return nag_node(str(t), self._span(t))

    def variation(self, ch: list[Any]) -> Variation:
        lpar = ch[0]
        rpar = ch[-1]
        return Variation(tuple(ch[1]) if len(ch) == 3 else (), self._join(lpar, rpar), bool(str(rpar)))

    def movetext(self, ch: list[Any]) -> list[Any]:
        # Left recursion: `[element]` or `[list, element]`; grow one list in place.
        if len(ch) == 1:
            return [ch[0]]
        seq: list[Any] = ch[0]
        seq.append(ch[1])
        return seq

    variation_body = movetext

    # ---------------------------------------------------------------- result
    def result(self, ch: list[Any]) -> Result:
        t = ch[0]
        return Result(str(t), self._span(t))

    def stray_text(self, ch: list[Any]) -> StrayText:
        t = ch[0]
        return StrayText(str(t).rstrip(), self._span(t))

    def game(self, ch: list[Any]) -> tuple[Any, ...]:
        return tuple(ch)


class _Parser(threading.local):
    """One Lark parser and its transformer per thread (built on first use)."""

    lark: Optional[Lark] = None
    builder: Optional[_Builder] = None


_LOCAL = _Parser()


def cache_path() -> "str | bool":
    """Where Lark keeps this grammar's analysis, or ``False`` for no cache (see :func:`~xqformats.resources.lark_cache_path`)."""
    return lark_cache_path("pgn")


def parser() -> tuple[Lark, _Builder]:
    """This thread's parser and AST builder (built once; the grammar file is the spec)."""
    lark, builder = _LOCAL.lark, _LOCAL.builder
    if lark is None or builder is None:
        builder = _Builder()
        lark = Lark.open(
            str(grammar_path(GRAMMAR_FILE)),
            parser="lalr",
            lexer="contextual",
            start="game",
            transformer=builder,
            maybe_placeholders=False,
            propagate_positions=False,
            cache=cache_path(),
        )
        _LOCAL.builder = builder
        _LOCAL.lark = lark
    return lark, builder


# ---------------------------------------------------------------- lexicon
# Python's line boundaries (those of str.splitlines, CR LF counted as one).
# The grammar's WS terminal says which of them a PGN text may hold as
# whitespace; those are the line ends of a PGN text (a tag line, the end of
# a game).  (Positions count fewer line ends: LF, CR LF and a lone CR,
# diagnostics.LINE_END.)
_LINE_BOUNDARIES = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"

#: The character that opens a ``{…}`` comment: the recovery reads an unclosed
#: one to the end of the chunk (P104), and the splitter holds lines until it closes.
COMMENT_OPEN = "{"

#: The quote that opens a tag value: one the ``TAG_VALUE`` terminal cannot close
#: on its line is read by the recovery as a value over lines (P210) or unclosed (P105).
VALUE_QUOTE = '"'

#: The characters of a tag value as the recovery reads one whose closing quote
#: is on a later line (P210): an escape takes any character but a line end
#: (LF or CR, PGN §2.4: so a CR LF or CR-only file reads as an LF file does).
#: Possessive like ``TAG_VALUE`` (memory flat in the value's length).
MULTILINE_VALUE_BODY = re.compile(r'(?:[^"\\]|\\[^\r\n])*+')
#: Such a value, quotes included: it closes only at a quote followed by ``]``.
MULTILINE_VALUE = re.compile('"' + MULTILINE_VALUE_BODY.pattern + r'"(?=[ \t]*\])')


@dataclass(frozen=True)
class Lexicon:
    """The grammar's terminals as compiled regexes, for cutting and skimming text.

    Each pattern is the loaded grammar's own (``pattern.to_regexp()``), so
    code outside the parser (the splitter, the recovery) reads the text as the
    parser's lexer does.  ``line_end`` matches one line end (``\\r\\n`` or one
    whitespace character that is a line boundary); ``line_end_chars`` lists
    those characters.
    """

    ws: "re.Pattern[str]"
    lsqb: "re.Pattern[str]"
    rsqb: "re.Pattern[str]"
    tag_name: "re.Pattern[str]"
    tag_value: "re.Pattern[str]"
    comment: "re.Pattern[str]"
    line_comment: "re.Pattern[str]"
    line_end: "re.Pattern[str]"
    line_end_chars: str
    #: ``RESULT`` and ``MOVE_NUMBER``: where a game without a result goes on after a tag line (PGN §2.7).
    result: "re.Pattern[str]"
    move_number: "re.Pattern[str]"

    @staticmethod
    def of(lark: Lark) -> "Lexicon":
        """The lexicon of a loaded grammar (any grammar with these terminals)."""
        flags = lark.options.g_regex_flags

        def terminal(name: str) -> str:
            return lark.get_terminal(name).pattern.to_regexp()

        ws = re.compile(terminal("WS"), flags)
        ends = "".join(ch for ch in _LINE_BOUNDARIES if ws.fullmatch(ch))
        line_end = "\r\n|[" + re.escape(ends) + "]" if ends else "(?!)"
        return Lexicon(
            ws,
            re.compile(terminal("LSQB"), flags),
            re.compile(terminal("RSQB"), flags),
            re.compile(terminal("TAG_NAME"), flags),
            re.compile(terminal("TAG_VALUE"), flags),
            re.compile(terminal("COMMENT"), flags),
            re.compile(terminal("LINE_COMMENT"), flags),
            re.compile(line_end),
            ends,
            re.compile(terminal("RESULT"), flags),
            re.compile(terminal("MOVE_NUMBER"), flags),
        )

    def without_comments(self, text: str) -> str:
        """``text`` with its comments (``{…}`` and ``;`` to the line end) left out, read in one left-to-right
        pass as the lexer reads them: a ``;`` inside braces, or a brace after a ``;``, is comment text."""
        either = f"(?:{self.comment.pattern})|(?:{self.line_comment.pattern})"
        return re.sub(either, "", text, flags=self.comment.flags)  # (compiled once: re's own cache)

    def eol(self, text: str, pos: int) -> int:
        """Offset of the line end at or after ``pos`` in ``text`` (``len(text)`` when none)."""
        m = self.line_end.search(text, pos)
        return m.start() if m is not None else len(text)


_LEXICON: list[Lexicon] = []


def lexicon() -> Lexicon:
    """The lexicon of ``grammars/pgn.lark`` (built once, from this thread's parser)."""
    if not _LEXICON:
        _LEXICON.append(Lexicon.of(parser()[0]))
    return _LEXICON[0]


# ---------------------------------------------------------------- recovery
_WHAT = {
    "TAG_NAME": "a tag name",
    "TAG_VALUE": 'a tag value in quotes (`"…"`)',
    "RSQB": "`]`",
    "RPAR": "`)`",
    "LSQB": "`[`",
}
_TAG_PARTS = ("TAG_NAME", "TAG_VALUE", "RSQB")

# Unescaped quotes inside a value (P218): the last quote of the line before `]`.
_LAST_QUOTE = re.compile(r'"(?=[ \t]*\][ \t\r]*$)', re.M)


def _lex_pos(e: UnexpectedCharacters) -> int:
    """Where the lexer stopped.  Lark always sets it, but declares it only by its class
    default (``pos_in_stream = None``), so a type checker sees ``None``."""
    p: object = e.pos_in_stream
    assert isinstance(p, int)
    return p


def _zero_width(type_: str, pos: int, line: int, column: int) -> _Located:
    """An empty token at ``pos`` (a part the recovery supplies)."""
    return cast(_Located, Token(type_, "", start_pos=pos, line=line, column=column, end_line=line, end_column=column, end_pos=pos))


class _Recovery:
    """The ``on_error`` handler for one chunk: reports, repairs, resumes.

    It reports through the chunk's sink (offsets into the chunk's text; the
    sink's :class:`Source` makes them file spans) and makes the tokens it
    feeds with positions from the chunk's own line index.  Where it asks
    whether two tokens share a line it asks that index too, from their
    offsets: Lark's line numbers miss a lone CR.
    """

    def __init__(self, chunk: Source, sink: DiagnosticSink) -> None:
        self.text = chunk.text or ""
        self.local = chunk.line_index
        self.lex = lexicon()
        self.report = sink.report_at
        self.last_skip_end = -1

    def token(self, type_: str, value: str, start: int) -> Token:
        """A token of ``value`` at chunk offset ``start``, positioned by the chunk's line index.

        (As Lark's lexer would position it when the chunk holds no lone CR;
        otherwise the builder places tokens by their offsets alone.)
        """
        line, column = self.local.line_col(start)
        end = start + len(value)
        end_line, end_column = self.local.line_col(end)
        return Token(type_, value, start_pos=start, line=line, column=column,
                     end_line=end_line, end_column=end_column, end_pos=end)

    def line(self, offset: int) -> int:
        """The line (of the chunk) of chunk offset ``offset``."""
        return self.local.line_col(offset)[0]

    def __call__(self, e: UnexpectedInput) -> bool:
        if isinstance(e, UnexpectedCharacters):
            return self._characters(e)
        if isinstance(e, UnexpectedToken):
            return self._token(e)
        return False  # pragma: no cover - LALR raises only these two

    # ---------------------------------------------------------------- characters
    def _characters(self, e: UnexpectedCharacters) -> bool:
        ip = e.interactive_parser
        text = self.text
        p = _lex_pos(e)
        ch = text[p]
        allowed = e.allowed or set()
        if ch == COMMENT_OPEN and "COMMENT" in allowed:
            rest = text[p:]
            self.report(rules.UNCLOSED_COMMENT, "Unclosed comment; expected `}` before the end of the game", p, p + 1)
            ip.feed_token(self.token("COMMENT", rest, p))
            advance_lexer(ip, rest)
            return True
        if ch == VALUE_QUOTE and "TAG_VALUE" in allowed:
            advance_lexer(ip, ch)
            return self._quoted_value(ip, p)
        self._skip(p)
        return True

    def _skip(self, p: int) -> None:
        """Skip the character at ``p``; consecutive skips make one diagnostic."""
        if p != self.last_skip_end:
            self.report(rules.SYNTAX, f"Unexpected `{self.text[p]}`; skipped", p, p + 1)
        self.last_skip_end = p + 1

    # ---------------------------------------------------------------- tokens
    def _token(self, e: UnexpectedToken) -> bool:
        ip = e.interactive_parser
        tok: Token = e.token
        expected = e.expected or set()
        if tok.type == "$END":
            return self._close_all(ip)
        if not _located(tok):  # pragma: no cover - the lexer's tokens have their position
            return False
        if self._tag_value(ip, tok, expected) or self._tag_pair(ip, tok, expected) or self._movetext(ip, tok, expected):
            return True
        self.report(rules.SYNTAX, f"Unexpected `{excerpt(str(tok))}`; skipped", tok.start_pos, tok.end_pos)
        return True

    def _tag_value(self, ip: InteractiveParser, tok: _Located, expected: set[str]) -> bool:
        """A value is due on the tag's line, but what stands there is no TAG_VALUE."""
        if "TAG_VALUE" not in expected or tok.type in ("RSQB", "LSQB") or not self._same_line(ip, tok):
            return False
        if self.text.startswith(VALUE_QUOTE, tok.start_pos):
            # A quote the TAG_VALUE terminal could not close on its line.
            return self._quoted_value(ip, tok.start_pos)
        # `[Event Cup 2004]`: an unquoted value; keep the line up to `]`.
        return self._unquoted_value(ip, tok)

    def _tag_pair(self, ip: InteractiveParser, tok: _Located, expected: set[str]) -> bool:
        """Any other fault inside a tag pair: unescaped quotes, or missing parts."""
        if "RSQB" in expected and tok.type not in ("LSQB", "RSQB") and self._inner_quotes(ip, tok):
            return True
        if not any(t in expected for t in _TAG_PARTS):
            return False
        what = " or ".join(_WHAT[t] for t in _TAG_PARTS if t in expected)
        stack = value_stack(ip)
        prev = stack[-1] if stack else None
        if isinstance(prev, Token) and _located(prev) and self.line(prev.end_pos) < self.line(tok.start_pos):
            # The line ended inside the tag pair: point at where `]` belongs.
            self.report(
                rules.UNCLOSED_TAG,
                f"Tag pair not closed at the end of its line; expected {what} after `{excerpt(str(prev))}`",
                prev.end_pos,
                prev.end_pos,
            )
        else:
            self.report(rules.UNCLOSED_TAG, f"Malformed tag pair: found `{excerpt(str(tok))}`; expected {what}", tok.start_pos, tok.end_pos)
        if self._complete_tag(ip, tok):
            ip.feed_token(tok)
        else:
            # Read the token again, now in the context after the tag pair.
            rewind_lexer(ip, tok.start_pos, tok.line, tok.column)
        return True

    def _movetext(self, ip: InteractiveParser, tok: _Located, expected: set[str]) -> bool:
        """Faults of the movetext: a result inside a variation, a stray ``)``, a catch-all of another context."""
        if tok.type == "RESULT" and "RPAR" in expected:
            # `( … *`: the result ends the game, so the open variations end here.
            self._close_variations(ip, tok)
            ip.feed_token(tok)
            return True
        if tok.type == "RPAR":
            self.report(rules.UNMATCHED_PAREN, "Unmatched `)`; no variation is open", tok.start_pos, tok.end_pos)
            return True
        if tok.type in ("STRAY_TEXT", "UNKNOWN_MOVE", "TAG_NAME"):
            # A catch-all of another context matched: skip one character only
            # and read the rest again here (a stray `}` before `*`).
            self._skip(tok.start_pos)
            rewind_lexer(ip, tok.start_pos + 1, tok.line, tok.column + 1)
            return True
        return False

    def _same_line(self, ip: InteractiveParser, tok: _Located) -> bool:
        """Whether ``tok`` is on the line of the tag pair being read."""
        for v in reversed(value_stack(ip)):
            if isinstance(v, Token) and v.type == "LSQB" and _located(v):
                return self.line(v.start_pos) == self.line(tok.start_pos)
        return False

    def _advance(self, ip: InteractiveParser, end: int) -> None:
        """Move the lexer on to ``end`` (never back)."""
        pos = lexer_pos(ip)
        if end > pos:
            advance_lexer(ip, self.text[pos:end])

    def _quoted_value(self, ip: InteractiveParser, p: int) -> bool:
        """A tag value whose quote (at ``p``) does not close on its line (P210), or never (P105)."""
        text = self.text
        m = MULTILINE_VALUE.match(text, p)
        if m is not None:
            value = m.group()
            self.report(
                rules.TAG_LINE_BREAK,
                "Tag value runs over a line end; expected the closing `\"` on the same line",
                p,
                m.end(),
            )
        else:
            eol = self.lex.eol(text, p)
            close = text.rfind("]", p, eol)
            end = close if close > p else eol
            value = text[p:end].rstrip()
            self.report(rules.UNCLOSED_TAG, f"Unclosed tag value `{excerpt(value)}`; expected a closing `\"`", p, p + len(value))
        ip.feed_token(self.token("TAG_VALUE", value, p))
        self._advance(ip, p + len(value))
        return True

    def _inner_quotes(self, ip: InteractiveParser, tok: _Located) -> bool:
        """``[Event ""Huangshan Cup" 2002"]``: unescaped quotes inside a value (P218).

        When the line goes on to a last ``"`` followed by ``]``, the value is
        taken to run to that quote: the token already read is widened.
        """
        stack = value_stack(ip)
        value_tok = stack[-1] if stack else None
        if not isinstance(value_tok, Token) or value_tok.type != "TAG_VALUE" or not _located(value_tok):
            return False
        text = self.text
        p = value_tok.start_pos
        m = _LAST_QUOTE.search(text, p, self.lex.eol(text, p))
        if m is None or m.start() < tok.start_pos:
            return False
        end = m.start() + 1
        self.report(
            rules.TAG_VALUE_QUOTE,
            "Unescaped `\"` inside a tag value; expected `\\\"` (read up to the last quote on the line)",
            value_tok.end_pos - 1,
            value_tok.end_pos,
        )
        stack[-1] = self.token("TAG_VALUE", text[p:end], p)
        self._advance(ip, end)
        return True

    def _complete_tag(self, ip: InteractiveParser, at: Token) -> bool:
        """Feed the missing parts of an open tag pair (zero-width, at ``at``).

        Stops as soon as ``at`` itself fits (``["Cup"]`` lacks only the name);
        returns whether it does.
        """
        fillers = {"TAG_NAME": "", "TAG_VALUE": '""', "RSQB": ""}
        for _ in range(3):
            choices = ip.choices()  # type: ignore[no-untyped-call]  # Lark's method is unannotated
            if at.type in choices and at.type in fillers:
                return True
            missing = next((t for t in _TAG_PARTS if t in choices), None)
            if missing is None:
                return False
            ip.feed_token(Token.new_borrow_pos(missing, fillers[missing], at))
        return False

    def _unquoted_value(self, ip: InteractiveParser, tok: _Located) -> bool:
        text = self.text
        p = tok.start_pos
        eol = self.lex.eol(text, p)
        close = text.find("]", p, eol)
        end = close if close >= 0 else eol
        raw = text[p:end].rstrip()
        if not raw:  # pragma: no cover - a token is never empty
            raw = str(tok)
        self.report(
            rules.UNCLOSED_TAG,
            f"Tag value `{excerpt(raw)}` is not in quotes; expected `\"{excerpt(raw)}\"`",
            p,
            p + len(raw),
        )
        ip.feed_token(self.token("TAG_VALUE", raw, p))
        self._advance(ip, p + len(raw))
        return True

    def _close_all(self, ip: InteractiveParser) -> bool:
        """At the end of the chunk: close an open tag pair and every open variation."""
        state = lexer_state(ip)
        end = len(self.text)
        last = state.last_token
        if last is not None and last.end_pos is not None and last.end_line is not None and last.end_column is not None:
            # Close at the end of the last token read, not after trailing blank lines.
            at = _zero_width("RPAR", last.end_pos, last.end_line, last.end_column)
        else:
            at = _zero_width("RPAR", end, *self.local.line_col(end))
        choices = ip.choices()  # type: ignore[no-untyped-call]  # Lark's method is unannotated
        if any(t in choices for t in _TAG_PARTS):
            self.report(rules.UNCLOSED_TAG, "Unclosed tag pair; expected `]` before the end of the game", end, end)
            self._complete_tag(ip, at)
        return self._close_variations(ip, at)

    def _close_variations(self, ip: InteractiveParser, at: _Located) -> bool:
        """Report every open ``(`` and feed a zero-width ``)`` for each, at ``at``."""
        opened = [v for v in value_stack(ip) if isinstance(v, Token) and v.type == "LPAR" and _located(v)]
        where = "the end of the game" if at.type == "RPAR" else f"the result `{at}`"
        for lpar in opened:
            self.report(rules.UNCLOSED_VARIATION, f"Unclosed variation; expected `)` before {where}", lpar.start_pos, lpar.end_pos)
        close = _zero_width("RPAR", at.start_pos, at.line, at.column)
        # One `)` per open `(` (choices() is not exact here: LALR merges states,
        # so it may list `)` where only a reduction would follow).
        try:
            for _ in opened:
                ip.feed_token(close)
        except UnexpectedInput:  # pragma: no cover - the stack holds exactly these
            return False
        return True


def parse_chunk(chunk: Source, sink: DiagnosticSink) -> GameSyntax:
    """Parse one game chunk; every syntax problem is reported to ``sink``.

    ``chunk`` is the chunk's text placed in its file (offset, line and column
    of its first character); ``sink.source`` must be ``chunk``, so that the
    offsets reported become file spans.  Never raises on any input text.
    """
    assert sink.source is chunk, "parse_chunk reports offsets into the chunk: give the sink the chunk as its source"
    text = chunk.text or ""
    lark, builder = parser()
    builder.off = chunk.offset
    builder.ln = chunk.line - 1
    builder.col = chunk.column - 1
    builder.source = chunk if has_lone_cr(text) else None
    try:
        # With a transformer, parse returns what `_Builder.game` returns (a tuple);
        # Lark types it as a tree.
        tree_or_parts: object = lark.parse(text, on_error=_Recovery(chunk, sink))
        parts = tree_or_parts if isinstance(tree_or_parts, tuple) else ()
    except UnexpectedInput as exc:  # pragma: no cover - the recovery resumes after every error seen
        sink.report_at(rules.SYNTAX, f"Game could not be read ({type(exc).__name__}); skipped", 0, len(text))
        parts = ()
    return _assemble(parts, chunk)


def _assemble(parts: tuple[Any, ...], chunk: Source) -> GameSyntax:
    tags: list[TagPair] = []
    movetext: tuple[Any, ...] = ()
    result: Optional[Result] = None
    trailer: list[Any] = []
    for p in parts:
        if isinstance(p, TagPair):
            tags.append(p)
        elif isinstance(p, list):
            movetext = tuple(p)
        elif isinstance(p, Result):
            result = p
        else:
            trailer.append(p)
    return GameSyntax(tuple(tags), movetext, result, tuple(trailer), chunk_span(chunk), chunk)


def chunk_span(chunk: Source) -> Span:
    """The span of a chunk: from its first to its last non-blank character."""
    text = chunk.text or ""
    start = len(text) - len(text.lstrip())
    end = len(text.rstrip())
    if end < start:
        start = end = 0
    return chunk.span(start, end)
