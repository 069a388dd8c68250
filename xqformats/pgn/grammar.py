"""Parse one game chunk with ``grammars/pgn.lark`` into a :class:`~.ast.GameSyntax`.

The Lark LALR parser (contextual lexer, tree-less: the :class:`_Builder`
transformer runs at each reduction) is built once per thread, lazily, from
Lark's cache when one exists (the grammar analysis is stored in a private
per-user folder, see :func:`cache_path`; 0.1 s to load instead of 0.8 s).  Spans
come from Lark's tokens, shifted by the chunk's place in the file.

Error recovery (Lark's ``on_error`` with the interactive parser, STYLE.md §2):
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
below) is shared by both.
"""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING, Callable, Optional, TypeGuard

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import LexerState
from lark.parsers.lalr_interactive_parser import InteractiveParser

from ..diagnostics import Diagnostic, Rule, Span
from ..resources import grammar_path
from . import rules
from .ast import (
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

__all__ = ["parse_chunk", "parser", "GRAMMAR_FILE"]

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
    text = _UNESCAPE.sub(r"\1", inner) if "\\" in inner else inner
    return TagPair(name, text, inner, span, name_span, value_span)


def move_number_node(number: str, ellipsis: Optional[str], span: Span) -> MoveNumber:
    """``MOVE_NUMBER ELLIPSIS?``: ``7.``, ``7...``, ``7. ...`` (``ellipsis`` the second token)."""
    if ellipsis is not None:
        return MoveNumber(int(number.rstrip(".")), True, number + " " + ellipsis, span)
    if number.endswith("..."):
        return MoveNumber(int(number[:-3]), True, number, span)
    return MoveNumber(int(number[:-1]), False, number, span)


def comment_node(text: str, line: bool, span: Span) -> Comment:
    """``{…}`` (``line`` False; an unclosed one runs to the end) or ``;…`` (``line`` True)."""
    if line:
        return Comment(text[1:].rstrip("\r"), True, span)
    return Comment(text[1:-1] if text.endswith("}") else text[1:], False, span)


def nag_node(text: str, span: Span) -> Nag:
    """``$n``."""
    return Nag(int(text[1:]), span)


class _Builder(Transformer):
    """Reductions → AST nodes.  ``off``/``ln`` shift token positions into the file."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.off = 0
        self.ln = 0

    # ---------------------------------------------------------------- spans
    # A reduction's children are the lexer's tokens (or the recovery's), so
    # their positions are set: typed _Located, never checked (the hot path).
    def _span(self, t: _Located) -> Span:
        o = self.off
        ln = self.ln
        return Span(t.start_pos + o, t.end_pos + o, t.line + ln, t.column, t.end_line + ln, t.end_column)

    def _join(self, a: _Located, b: _Located) -> Span:
        o = self.off
        ln = self.ln
        return Span(a.start_pos + o, b.end_pos + o, a.line + ln, a.column, b.end_line + ln, b.end_column)

    # ---------------------------------------------------------------- tags
    def tag_pair(self, ch: list) -> TagPair:
        lsqb, name, value, rsqb = ch
        return tag_pair_node(str(name), str(value), self._join(lsqb, rsqb), self._span(name), self._span(value))

    def misplaced_tag(self, ch: list) -> MisplacedTag:
        return MisplacedTag(ch[0])

    # ---------------------------------------------------------------- movetext
    def move_number(self, ch: list) -> MoveNumber:
        t = ch[0]
        if len(ch) == 2:
            return move_number_node(str(t), str(ch[1]), self._join(t, ch[1]))
        return move_number_node(str(t), None, self._span(t))

    def move(self, ch: list) -> MoveToken:
        t = ch[0]
        if len(ch) == 1:
            return MoveToken(str(t), t.type, self._span(t))
        s = ch[1]
        return MoveToken(str(t), t.type, self._span(t), str(s), self._span(s))

    def comment(self, ch: list) -> Comment:
        t = ch[0]
        return comment_node(str(t), t.type == "LINE_COMMENT", self._span(t))

    trailing_comment = comment

    def nag(self, ch: list) -> Nag:
        t = ch[0]
        return nag_node(str(t), self._span(t))

    def variation(self, ch: list) -> Variation:
        lpar = ch[0]
        rpar = ch[-1]
        return Variation(tuple(ch[1]) if len(ch) == 3 else (), self._join(lpar, rpar), bool(str(rpar)))

    def movetext(self, ch: list) -> list:
        # Left recursion: `[element]` or `[list, element]`; grow one list in place.
        if len(ch) == 1:
            return [ch[0]]
        seq = ch[0]
        seq.append(ch[1])
        return seq

    variation_body = movetext

    # ---------------------------------------------------------------- result
    def result(self, ch: list) -> Result:
        t = ch[0]
        return Result(str(t), self._span(t))

    def stray_text(self, ch: list) -> StrayText:
        t = ch[0]
        return StrayText(str(t).rstrip(), self._span(t))

    def game(self, ch: list) -> tuple:
        return tuple(ch)


class _Parser(threading.local):
    """One Lark parser and its transformer per thread (built on first use)."""

    lark: Optional[Lark] = None
    builder: Optional[_Builder] = None


_LOCAL = _Parser()


def cache_path() -> "str | bool":
    """Where Lark keeps the analysed grammar, or ``False`` for no cache.

    Not Lark's ``cache=True``: that file lies in the shared temp folder under a
    predictable name, and Lark unpickles it, so another user of the machine
    could plant one.  Ours is in ``$XDG_CACHE_HOME/xqformats`` (``~/.cache``),
    a folder that must belong to this user and be closed to others; Lark still
    checks the grammar's hash stored inside the file.  ``XQFORMATS_NO_CACHE``
    set to anything turns the cache off.
    """
    import os
    import stat
    import sys
    from pathlib import Path

    import lark as lark_module

    if os.environ.get("XQFORMATS_NO_CACHE"):
        return False
    try:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "xqformats"
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = base.stat()
        if hasattr(os, "getuid") and st.st_uid != os.getuid():
            return False
        if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return False
    except (OSError, RuntimeError):  # no home folder, read-only file system, …
        return False
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    return str(base / f"pgn-lark{lark_module.__version__}-py{version}.cache")


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


# ---------------------------------------------------------------- recovery
_WHAT = {
    "TAG_NAME": "a tag name",
    "TAG_VALUE": 'a tag value in quotes (`"…"`)',
    "RSQB": "`]`",
    "RPAR": "`)`",
    "LSQB": "`[`",
}

_MULTILINE_VALUE = re.compile(r'"(?:[^"\\]|\\.)*"(?=[ \t]*\])')
_LAST_QUOTE = re.compile(r'"(?=[ \t]*\][ \t\r]*$)', re.M)


def _lexer_state(ip: InteractiveParser) -> LexerState:
    """The lexer's state (Lark types it ``Optional``; a parse of a text always has one)."""
    state = ip.lexer_thread.state
    assert state is not None
    return state


def _lex_pos(e: UnexpectedCharacters) -> int:
    """Where the lexer stopped.  Lark always sets it, but declares it only by its class
    default (``pos_in_stream = None``), so a type checker sees ``None``."""
    p: object = e.pos_in_stream
    assert isinstance(p, int)
    return p


def _short(text: str, limit: int = 40) -> str:
    text = text.replace("\n", " ").replace("\r", "")
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Recovery:
    """The ``on_error`` handler for one chunk: reports, repairs, resumes."""

    def __init__(self, text: str, report: Callable[[Rule, str, Span], None], off: int, ln: int) -> None:
        self.text = text
        self.report = report
        self.off = off
        self.ln = ln
        self.last_skip_end = -1

    def span(self, start: int, end: int, line: int, column: int) -> Span:
        text = self.text
        seg = text[start:end]
        nl = seg.count("\n")
        if nl:
            end_line = line + nl
            end_col = end - (text.rfind("\n", start, end) + 1) + 1
        else:
            end_line = line
            end_col = column + (end - start)
        return Span(start + self.off, end + self.off, line + self.ln, column, end_line + self.ln, end_col)

    def token(self, type_: str, value: str, start: int, line: int, column: int) -> Token:
        sp = self.span(start, start + len(value), line, column)
        return Token(
            type_,
            value,
            start_pos=start,
            line=line,
            column=column,
            end_line=sp.end_line - self.ln,
            end_column=sp.end_column,
            end_pos=start + len(value),
        )

    def __call__(self, e: UnexpectedInput) -> bool:
        if isinstance(e, UnexpectedCharacters):
            return self._characters(e)
        if isinstance(e, UnexpectedToken):
            return self._token(e)
        return False  # pragma: no cover - LALR raises only these two

    # ---------------------------------------------------------------- characters
    def _characters(self, e: UnexpectedCharacters) -> bool:
        ip = e.interactive_parser
        state = _lexer_state(ip)
        text = self.text
        p = _lex_pos(e)
        ch = text[p]
        allowed = e.allowed or set()
        if ch == "{" and "COMMENT" in allowed:
            rest = text[p:]
            self.report(rules.UNCLOSED_COMMENT, "Unclosed comment; expected `}` before the end of the game", self.span(p, p + 1, e.line, e.column))
            ip.feed_token(self.token("COMMENT", rest, p, e.line, e.column))
            state.line_ctr.feed(rest)
            return True
        if ch == '"' and "TAG_VALUE" in allowed:
            state.line_ctr.feed('"')
            return self._quoted_value(ip, p, e.line, e.column)
        # Anything else: skip the character; consecutive skips make one diagnostic.
        if p == self.last_skip_end:
            self.last_skip_end = p + 1
            return True
        j = p + 1
        self.last_skip_end = j
        self.report(rules.SYNTAX, f"Unexpected `{ch}`; skipped", self.span(p, j, e.line, e.column))
        return True

    # ---------------------------------------------------------------- tokens
    def _token(self, e: UnexpectedToken) -> bool:
        ip = e.interactive_parser
        tok: Token = e.token
        expected = e.expected or set()
        if tok.type == "$END":
            return self._close_all(ip)
        if not _located(tok):  # pragma: no cover - the lexer's tokens have their position
            return False
        if "TAG_VALUE" in expected and tok.type not in ("RSQB", "LSQB") and self._same_line(ip, tok):
            if self.text.startswith('"', tok.start_pos):
                # A quote the TAG_VALUE terminal could not close on its line.
                return self._quoted_value(ip, tok.start_pos, tok.line, tok.column)
            # `[Event Cup 2004]`: an unquoted value; keep the line up to `]`.
            return self._unquoted_value(ip, tok)
        if "RSQB" in expected and tok.type not in ("LSQB", "RSQB") and self._inner_quotes(ip, tok):
            return True
        if "TAG_NAME" in expected or "TAG_VALUE" in expected or "RSQB" in expected:
            what = " or ".join(_WHAT[t] for t in ("TAG_NAME", "TAG_VALUE", "RSQB") if t in expected)
            stack = ip.parser_state.value_stack
            prev = stack[-1] if stack else None
            if isinstance(prev, Token) and _located(prev) and prev.end_line < tok.line:
                # The line ended inside the tag pair: point at where `]` belongs.
                self.report(
                    rules.UNCLOSED_TAG,
                    f"Tag pair not closed at the end of its line; expected {what} after `{_short(str(prev))}`",
                    self.span(prev.end_pos, prev.end_pos, prev.end_line, prev.end_column),
                )
            else:
                self.report(
                    rules.UNCLOSED_TAG,
                    f"Malformed tag pair: found `{_short(str(tok))}`; expected {what}",
                    self._tok_span(tok),
                )
            if self._complete_tag(ip, tok):
                ip.feed_token(tok)
            else:
                # Read the token again, now in the context after the tag pair.
                self._rewind(ip, tok)
            return True
        if tok.type == "RESULT" and "RPAR" in expected:
            # `( … *`: the result ends the game, so the open variations end here.
            self._close_variations(ip, tok)
            ip.feed_token(tok)
            return True
        if tok.type == "RPAR":
            self.report(rules.UNMATCHED_PAREN, "Unmatched `)`; no variation is open", self._tok_span(tok))
            return True
        if tok.type in ("STRAY_TEXT", "UNKNOWN_MOVE", "TAG_NAME"):
            # A catch-all of another context matched: skip one character only
            # and read the rest again here (a stray `}` before `*`).
            p = tok.start_pos
            if p == self.last_skip_end:
                self.last_skip_end = p + 1
            else:
                self.last_skip_end = p + 1
                self.report(rules.SYNTAX, f"Unexpected `{self.text[p]}`; skipped", self.span(p, p + 1, tok.line, tok.column))
            self._rewind(ip, tok, 1)
            return True
        self.report(rules.SYNTAX, f"Unexpected `{_short(str(tok))}`; skipped", self._tok_span(tok))
        return True

    def _rewind(self, ip: InteractiveParser, tok: _Located, skip: int = 0) -> None:
        """Put the lexer back at ``tok`` (plus ``skip`` characters of its line)."""
        lc = _lexer_state(ip).line_ctr
        lc.char_pos = tok.start_pos + skip
        lc.line = tok.line
        lc.line_start_pos = tok.start_pos - tok.column + 1
        lc.column = tok.column + skip

    @staticmethod
    def _same_line(ip: InteractiveParser, tok: Token) -> bool:
        """Whether ``tok`` is on the line of the tag pair being read."""
        for v in reversed(ip.parser_state.value_stack):
            if isinstance(v, Token) and v.type == "LSQB":
                return v.line == tok.line
        return False

    def _advance(self, ip: InteractiveParser, end: int) -> None:
        """Move the lexer on to ``end`` (never back)."""
        lc = _lexer_state(ip).line_ctr
        if end > lc.char_pos:
            lc.feed(self.text[lc.char_pos : end])

    def _quoted_value(self, ip: InteractiveParser, p: int, line: int, column: int) -> bool:
        """A tag value whose quote (at ``p``, ``line``, ``column``) does not close on
        its line (P210), or never (P105)."""
        text = self.text
        m = _MULTILINE_VALUE.match(text, p)
        if m is not None:
            value = m.group()
            self.report(
                rules.TAG_LINE_BREAK,
                "Tag value runs over a line end; expected the closing `\"` on the same line",
                self.span(p, m.end(), line, column),
            )
        else:
            eol = text.find("\n", p)
            eol = len(text) if eol < 0 else eol
            close = text.rfind("]", p, eol)
            end = close if close > p else eol
            value = text[p:end].rstrip()
            self.report(
                rules.UNCLOSED_TAG,
                f"Unclosed tag value `{_short(value)}`; expected a closing `\"`",
                self.span(p, p + len(value), line, column),
            )
        ip.feed_token(self.token("TAG_VALUE", value, p, line, column))
        self._advance(ip, p + len(value))
        return True

    def _inner_quotes(self, ip: InteractiveParser, tok: _Located) -> bool:
        """``[Event ""Huangshan Cup" 2002"]``: unescaped quotes inside a value (P218).

        When the line goes on to a last ``"`` followed by ``]``, the value is
        taken to run to that quote: the token already read is widened.
        """
        stack = ip.parser_state.value_stack
        value_tok = stack[-1] if stack else None
        if not isinstance(value_tok, Token) or value_tok.type != "TAG_VALUE" or not _located(value_tok):
            return False
        text = self.text
        p = value_tok.start_pos
        eol = text.find("\n", p)
        eol = len(text) if eol < 0 else eol
        m = _LAST_QUOTE.search(text, p, eol)
        if m is None or m.start() < tok.start_pos:
            return False
        end = m.start() + 1
        raw = text[p:end]
        self.report(
            rules.TAG_VALUE_QUOTE,
            "Unescaped `\"` inside a tag value; expected `\\\"` (read up to the last quote on the line)",
            self.span(value_tok.end_pos - 1, value_tok.end_pos, value_tok.end_line, value_tok.end_column - 1),
        )
        stack[-1] = self.token("TAG_VALUE", raw, p, value_tok.line, value_tok.column)
        self._advance(ip, end)
        return True

    def _tok_span(self, tok: _Located) -> Span:
        return self.span(tok.start_pos, tok.end_pos, tok.line, tok.column)

    def _complete_tag(self, ip: InteractiveParser, at: Token) -> bool:
        """Feed the missing parts of an open tag pair (zero-width, at ``at``).

        Stops as soon as ``at`` itself fits (``["Cup"]`` lacks only the name);
        returns whether it does.
        """
        for _ in range(3):
            choices = ip.choices()
            if at.type in choices and at.type in ("TAG_NAME", "TAG_VALUE", "RSQB"):
                return True
            if "TAG_NAME" in choices:
                ip.feed_token(Token.new_borrow_pos("TAG_NAME", "", at))
            elif "TAG_VALUE" in choices:
                ip.feed_token(Token.new_borrow_pos("TAG_VALUE", '""', at))
            elif "RSQB" in choices:
                ip.feed_token(Token.new_borrow_pos("RSQB", "", at))
            else:
                return False
        return False

    def _unquoted_value(self, ip: InteractiveParser, tok: _Located) -> bool:
        text = self.text
        p = tok.start_pos
        eol = text.find("\n", p)
        eol = len(text) if eol < 0 else eol
        close = text.find("]", p, eol)
        end = close if close >= 0 else eol
        raw = text[p:end].rstrip()
        if not raw:  # pragma: no cover - a token is never empty
            raw = str(tok)
        self.report(
            rules.UNCLOSED_TAG,
            f"Tag value `{_short(raw)}` is not in quotes; expected `\"{_short(raw)}\"`",
            self.span(p, p + len(raw), tok.line, tok.column),
        )
        value = Token("TAG_VALUE", raw, start_pos=p, line=tok.line, column=tok.column,
                      end_line=tok.line, end_column=tok.column + len(raw), end_pos=p + len(raw))
        ip.feed_token(value)
        self._advance(ip, p + len(raw))
        return True

    def _close_all(self, ip: InteractiveParser) -> bool:
        """At the end of the chunk: close an open tag pair and every open variation."""
        state = _lexer_state(ip)
        lc = state.line_ctr
        end = len(self.text)
        at = Token("RPAR", "", start_pos=end, line=lc.line, column=lc.column, end_line=lc.line, end_column=lc.column, end_pos=end)
        last = state.last_token
        if last is not None and last.end_pos is not None:
            # Close at the end of the last token read, not after trailing blank lines.
            at = Token("RPAR", "", start_pos=last.end_pos, line=last.end_line, column=last.end_column,
                       end_line=last.end_line, end_column=last.end_column, end_pos=last.end_pos)
        choices = ip.choices()
        if "TAG_NAME" in choices or "TAG_VALUE" in choices or "RSQB" in choices:
            self.report(rules.UNCLOSED_TAG, "Unclosed tag pair; expected `]` before the end of the game", self.span(end, end, lc.line, lc.column))
            self._complete_tag(ip, at)
        return self._close_variations(ip, at)

    def _close_variations(self, ip: InteractiveParser, at: Token) -> bool:
        """Report every open ``(`` and feed a zero-width ``)`` for each, at ``at``."""
        opened = [v for v in ip.parser_state.value_stack if isinstance(v, Token) and v.type == "LPAR" and _located(v)]
        where = "the end of the game" if at.type == "RPAR" else f"the result `{at}`"
        for lpar in opened:
            self.report(rules.UNCLOSED_VARIATION, f"Unclosed variation; expected `)` before {where}", self._tok_span(lpar))
        close = Token("RPAR", "", start_pos=at.start_pos, line=at.line, column=at.column,
                      end_line=at.line, end_column=at.column, end_pos=at.start_pos)
        # One `)` per open `(` (choices() is not exact here: LALR merges states,
        # so it may list `)` where only a reduction would follow).
        try:
            for _ in opened:
                ip.feed_token(close)
        except UnexpectedInput:  # pragma: no cover - the stack holds exactly these
            return False
        return True


def parse_chunk(
    text: str,
    report: Callable[[Rule, str, Span], None],
    *,
    offset: int = 0,
    line: int = 1,
) -> GameSyntax:
    """Parse one game chunk; ``report(rule, message, span)`` receives every syntax problem.

    ``offset`` and ``line`` place the chunk in its file (its first character's
    offset and line number).  Never raises on any input text.
    """
    lark, builder = parser()
    builder.off = offset
    builder.ln = line - 1
    recovery = _Recovery(text, report, offset, line - 1)
    try:
        # With a transformer, parse returns what `_Builder.game` returns (a tuple);
        # Lark types it as a tree.
        tree_or_parts: object = lark.parse(text, on_error=recovery)
        parts = tree_or_parts if isinstance(tree_or_parts, tuple) else ()
    except Exception as exc:  # pragma: no cover - recovery handles every case seen
        # The reader's contract is to never raise on input: a failure of the
        # recovery itself costs this game, not the file.
        sp = Span(offset, offset + len(text), line, 1, line, 1)
        report(rules.SYNTAX, f"Game could not be read ({type(exc).__name__}); skipped", sp)
        parts = ()
    return _assemble(parts, text, offset, line)


def _assemble(parts: tuple, text: str, offset: int, line: int) -> GameSyntax:
    tags: list[TagPair] = []
    movetext: tuple = ()
    result: Optional[Result] = None
    trailer: list = []
    for p in parts:
        if isinstance(p, TagPair):
            tags.append(p)
        elif isinstance(p, list):
            movetext = tuple(p)
        elif isinstance(p, Result):
            result = p
        else:
            trailer.append(p)
    return GameSyntax(tuple(tags), movetext, result, tuple(trailer), chunk_span(text, offset, line), text, offset)


def chunk_span(text: str, offset: int, line: int) -> Span:
    """The span of a chunk: from its first to its last non-blank character."""
    start = len(text) - len(text.lstrip())
    end = len(text.rstrip())
    if end < start:
        start = end = 0
    l1 = line + text.count("\n", 0, start)
    c1 = start - (text.rfind("\n", 0, start) + 1) + 1
    l2 = line + text.count("\n", 0, end)
    c2 = end - (text.rfind("\n", 0, end) + 1) + 1
    return Span(offset + start, offset + end, l1, c1, l2, c2)


def diagnostic(rule: Rule, message: str, span: Span) -> Diagnostic:
    """Shorthand used by callers that collect into a list."""
    return Diagnostic.of(rule, message, span)
