"""The fast path: one well-formed game chunk to the same AST as the Lark parse, or ``None``.

The syntax is ``grammars/pgn.lark`` and nothing else.  This module lexes with
the grammar's own terminals and Lark's own precedence, and knows only the
shape of the grammar's rules (STYLE.md: "any fast path is held equal to the
grammar by a differential hypothesis test", ``tests/test_pgn_fastpath.py``):

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
  ``_tables`` checks these conditions when it builds the scanners (every
  parser state covered by one scanner, no string terminal that Lark would
  fold into a regexp terminal, ignored terminals counted for line ends) and
  switches the fast path off when one fails, so a grammar change can make
  it slower, never wrong.

* **Structure, written by hand** (the only part that is): ``game: tag_pair*
  movetext? (result trailing_comment*)?``; ``tag_pair: LSQB TAG_NAME
  TAG_VALUE RSQB``; ``move: (CHINESE_MOVE | WXF_MOVE | ICCS_MOVE) SUFFIX?``;
  ``move_number: MOVE_NUMBER ELLIPSIS?``; comments, NAGs, and variations
  nested with a stack.  That is a subset of the grammar.  What a token's
  text means (move numbers, comment text, tag values, NAGs) comes from the
  functions the Lark builder uses too (:mod:`.grammar`).

It declines (returns ``None``, and the caller runs the Lark parse with its
error recovery and diagnostics) on anything else: a word no notation matches
(``UNKNOWN_MOVE``), a tag pair inside the movetext, text after the result
(``STRAY_TEXT``), a ``)`` closing nothing, a variation left open, a result
inside a variation, a suffix or ellipsis where the grammar has none, a token
containing a line end that Lark would not count, or any character no
terminal matches.  An accepted chunk is one the grammar parses without error,
so it never has a syntax diagnostic.

Spans are Lark's: 0-based offsets, 1-based line and column counting
characters, lines counted at ``\\n`` only (a lone ``\\r`` is an ordinary
character, as in Lark's line counter).  Line ends are found once, lazily,
as the scan passes them.

:data:`ENABLED` switches the fast path off for the whole process (tests
compare both ways).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Optional

from lark import Lark

from ..diagnostics import Span
from .ast import GameSyntax, MoveToken, Result, Variation
from .grammar import chunk_span, comment_node, move_number_node, nag_node, parser, tag_pair_node

__all__ = ["ENABLED", "parse_fast", "disabled_reason"]

#: Set to False to always use the Lark parse (``tests/test_pgn_fastpath.py``).
ENABLED = True

# Terminal names of grammars/pgn.lark that the structure above uses.
_MOVES = frozenset({"CHINESE_MOVE", "WXF_MOVE", "ICCS_MOVE"})
_WITNESS = {"movetext": "MOVE_NUMBER", "after": "STRAY_TEXT", "name": "TAG_NAME", "value": "TAG_VALUE", "close": "RSQB"}
_END = "$END"
_UNMATCHED = "unmatched"  # not a terminal name: Lark's are upper case


class _Tables:
    """The scanners, built once from the loaded grammar."""

    __slots__ = ("movetext", "after", "name", "value", "close", "ignore", "newline_types")

    def __init__(self, scanners: dict[str, "re.Pattern[str]"], ignore: frozenset[str], newline_types: frozenset[str]) -> None:
        self.movetext = scanners["movetext"]
        self.after = scanners["after"]
        self.name = scanners["name"]
        self.value = scanners["value"]
        self.close = scanners["close"]
        self.ignore = ignore
        self.newline_types = newline_types


# ---------------------------------------------------------------- node makers
# Spans and moves are most of the nodes made per ply.  A frozen dataclass's
# generated __init__ sets each field through object.__setattr__ by name; these
# makers set the slots through their descriptors (half the time).  They are
# used only when the class is what they assume (checked once, below): frozen,
# slotted, these fields in this order, no __post_init__; else the class itself.


def _slot_setters(cls: type, names: tuple[str, ...]) -> Optional[list]:
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
    setters = _slot_setters(Span, ("start", "end", "line", "column", "end_line", "end_column"))
    if setters is None:  # pragma: no cover - Span changed: use its constructor
        return Span
    s0, s1, s2, s3, s4, s5 = setters

    def span(start: int, end: int, line: int, column: int, end_line: int, end_column: int, _new=object.__new__, _cls=Span, _s0=s0, _s1=s1, _s2=s2, _s3=s3, _s4=s4, _s5=s5) -> Span:  # noqa: E501
        o = _new(_cls)
        _s0(o, start)
        _s1(o, end)
        _s2(o, line)
        _s3(o, column)
        _s4(o, end_line)
        _s5(o, end_column)
        return o

    return span if span(1, 2, 3, 4, 5, 6) == Span(1, 2, 3, 4, 5, 6) else Span


def _move_maker() -> Callable[[str, str, Span], MoveToken]:
    setters = _slot_setters(MoveToken, ("text", "kind", "span", "suffix", "suffix_span"))
    if setters is None:  # pragma: no cover - MoveToken changed: use its constructor
        return MoveToken
    s0, s1, s2, s3, s4 = setters

    def move(text: str, kind: str, span: Span, _new=object.__new__, _cls=MoveToken, _s0=s0, _s1=s1, _s2=s2, _s3=s3, _s4=s4) -> MoveToken:  # noqa: E501
        o = _new(_cls)
        _s0(o, text)
        _s1(o, kind)
        _s2(o, span)
        _s3(o, None)
        _s4(o, None)
        return o

    sample = Span(1, 2, 3, 4, 5, 6)
    return move if move("a", "K", sample) == MoveToken("a", "K", sample) else MoveToken


_SPAN = _span_maker()
_MOVE = _move_maker()

_tables_cache: Optional[_Tables] = None
_reason: Optional[str] = None  # why the fast path is off ("" once built)


def _build(lark: Lark) -> tuple[Optional[_Tables], str]:
    """The scanners for a grammar loaded as ``grammar.parser()`` loads it, or ``None`` and why not."""
    try:
        frontend = lark.parser
        lexer = frontend.lexer  # Lark's ContextualLexer
        order = [t.name for t in lexer.root_lexer.terminals]  # Lark's precedence
        newline_types = frozenset(lexer.root_lexer.newline_types)
        ignore = frozenset(frontend.lexer_conf.ignore)
        states = frontend.parser.parser.parse_table.states
    except AttributeError as exc:  # pragma: no cover - another Lark version
        return None, f"Lark internals not found ({exc})"
    terminals = {t.name: t for t in lark.terminals}
    offered = {frozenset(k for k in actions if k in terminals or k == _END) for actions in states.values()}
    unions: dict[str, set[str]] = {}
    for context, witness in _WITNESS.items():
        sets = [s for s in offered if witness in s]
        if not sets:
            return None, f"no parser state offers {witness}"
        unions[context] = set().union(*sets)
    for s in offered:
        if not any(s <= u for u in unions.values()):
            return None, f"parser state offering {sorted(s)} is not covered"
    if not ignore <= newline_types:
        return None, "an ignored terminal whose line ends Lark does not count"
    scanners = {}
    for context, names in unions.items():
        names = (names - {_END}) | ignore
        ordered = [terminals[n] for n in order if n in names]
        # Lark folds a string terminal that a regexp terminal of the same
        # priority matches whole into that terminal (its "unless" callback).
        for st in ordered:
            if st.pattern.type != "str":
                continue
            for rt in ordered:
                if rt.pattern.type == "re" and rt.priority == st.priority and re.fullmatch(rt.pattern.to_regexp(), st.pattern.value):
                    return None, f"{rt.name} matches the string terminal {st.name}"
        pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in ordered)
        if context in ("movetext", "after"):
            # Last, any one character: where Lark's lexer would fail, the scan
            # stops here (and declines) instead of searching further on.
            pattern += f"|(?P<{_UNMATCHED}>(?s:.))"
        scanners[context] = re.compile(pattern, lark.options.g_regex_flags)
    return _Tables(scanners, ignore, newline_types), ""


def _tables() -> Optional[_Tables]:
    global _tables_cache, _reason
    if _reason is None:
        _tables_cache, _reason = _build(parser()[0])
    return _tables_cache


def disabled_reason() -> str:
    """Why the grammar keeps the fast path off (``""`` when it is on)."""
    _tables()
    return _reason or ""


def parse_fast(text: str, offset: int = 0, line: int = 1) -> Optional[GameSyntax]:
    """The :class:`GameSyntax` of a well-formed chunk, equal to the Lark parse's; else ``None``.

    ``offset`` and ``line`` place the chunk in its file, as for
    :func:`.grammar.parse_chunk`.  Never raises on any input text.
    """
    if not ENABLED:
        return None
    tb = _tables_cache if _tables_cache is not None else _tables()
    if tb is None:
        return None
    try:
        return _parse(tb, text, offset, line)
    except Exception:
        # What the token texts mean can fail where the grammar accepts them
        # (`$` and 5,000 digits: int() refuses); the Lark parse reports it.
        return None


def _parse(tb: _Tables, text: str, offset: int, line: int) -> Optional[GameSyntax]:
    n = len(text)
    find = text.find
    far = n + 1  # "no more line ends"
    nl = find("\n")  # the next line end not yet counted
    if nl < 0:
        nl = far
    ln = line  # line number of the text from `ls` on
    ls = 0  # offset of the first character of line `ln` (in the chunk)
    ignore = tb.ignore
    newline_types = tb.newline_types
    Span = _SPAN  # noqa: N806 - the maker stands for the class
    Move = _MOVE  # noqa: N806

    # ------------------------------------------------------------ tag pairs
    tags = []
    pos = 0
    scan = tb.movetext.match
    while True:
        m = scan(text, pos)
        if m is None:
            break
        kind = m.lastgroup
        if kind in ignore:
            pos = m.end()
            continue
        if kind != "LSQB":
            break
        # LSQB TAG_NAME TAG_VALUE RSQB, each read in the parser state it is read in.
        toks = [m]
        p = m.end()
        for sc in (tb.name.match, tb.value.match, tb.close.match):
            t = sc(text, p)
            while t is not None and t.lastgroup in ignore:
                t = sc(text, t.end())
            if t is None:
                return None
            toks.append(t)
            p = t.end()
        spans = []
        for t in toks:
            s, e = t.span()
            while nl < s:
                ln += 1
                ls = nl + 1
                nl = find("\n", ls)
                if nl < 0:
                    nl = far
            if nl < e:
                return None  # TAG_VALUE stops at line ends; the others cannot hold one
            col = s - ls + 1
            spans.append(Span(s + offset, e + offset, ln, col, ln, col + e - s))
        tags.append(
            tag_pair_node(
                toks[1].group(),
                toks[2].group(),
                Span(spans[0].start, spans[3].end, spans[0].line, spans[0].column, spans[3].end_line, spans[3].end_column),
                spans[1],
                spans[2],
            )
        )
        pos = p

    # ------------------------------------------------------------ movetext
    cur: list = []  # the elements of the line of play being read
    stack: list = []  # (enclosing elements, `(` offset, line, column) per open variation
    last = 0  # 1 after a move (SUFFIX may follow), 2 after a move number (ELLIPSIS may)
    result = None
    if m is not None:
        # Every character is matched (by a terminal or by `unmatched`), so the
        # matches are contiguous and the loop ends at the end of the text.
        for m in tb.movetext.finditer(text, pos):
            kind = m.lastgroup
            if kind in ignore:
                continue
            s, e = m.span()
            while nl < s:
                ln += 1
                ls = nl + 1
                nl = find("\n", ls)
                if nl < 0:
                    nl = far
            col = s - ls + 1
            if nl < e:
                if kind not in newline_types:
                    return None  # Lark would not count this line end
                el = ln + text.count("\n", s, e)
                ec = e - text.rfind("\n", s, e)
            else:
                el = ln
                ec = col + e - s
            if kind in _MOVES:
                cur.append(Move(m.group(), kind, Span(s + offset, e + offset, ln, col, el, ec)))
                last = 1
            elif kind == "MOVE_NUMBER":
                cur.append(move_number_node(m.group(), None, Span(s + offset, e + offset, ln, col, el, ec)))
                last = 2
            elif kind == "COMMENT" or kind == "LINE_COMMENT":
                cur.append(comment_node(m.group(), kind == "LINE_COMMENT", Span(s + offset, e + offset, ln, col, el, ec)))
                last = 0
            elif kind == "NAG":
                cur.append(nag_node(m.group(), Span(s + offset, e + offset, ln, col, el, ec)))
                last = 0
            elif kind == "LPAR":
                stack.append((cur, s, ln, col))
                cur = []
                last = 0
            elif kind == "RPAR":
                if not stack:
                    return None
                outer, ps, pl, pc = stack.pop()
                outer.append(Variation(tuple(cur), Span(ps + offset, e + offset, pl, pc, el, ec), True))
                cur = outer
                last = 0
            elif kind == "ELLIPSIS":
                if last != 2:
                    return None
                num = cur[-1]
                sp = num.span
                cur[-1] = move_number_node(num.text, m.group(), Span(sp.start, e + offset, sp.line, sp.column, el, ec))
                last = 0
            elif kind == "SUFFIX":
                if last != 1:
                    return None
                mv = cur[-1]
                cur[-1] = MoveToken(mv.text, mv.kind, mv.span, m.group(), Span(s + offset, e + offset, ln, col, el, ec))
                last = 0
            elif kind == "RESULT":
                if stack:
                    return None  # a result inside a variation: the recovery closes it
                result = Result(m.group(), Span(s + offset, e + offset, ln, col, el, ec))
                pos = e
                break
            else:
                return None  # UNKNOWN_MOVE, a tag inside the movetext, no terminal, …
        else:
            pos = n
    if stack:
        return None  # unclosed variation

    # ------------------------------------------------------------ after the result
    trailer = []
    if result is not None:
        scan = tb.after.match
        while True:
            m = scan(text, pos)
            if m is None:
                break
            kind = m.lastgroup
            s, e = m.span()
            pos = e
            if kind in ignore:
                continue
            if kind != "COMMENT" and kind != "LINE_COMMENT":
                return None  # STRAY_TEXT: the reader reports it (P204)
            while nl < s:
                ln += 1
                ls = nl + 1
                nl = find("\n", ls)
                if nl < 0:
                    nl = far
            col = s - ls + 1
            if nl < e:
                if kind not in newline_types:  # pragma: no cover - both comment terminals count line ends
                    return None
                el = ln + text.count("\n", s, e)
                ec = e - text.rfind("\n", s, e)
            else:
                el = ln
                ec = col + e - s
            trailer.append(comment_node(m.group(), kind == "LINE_COMMENT", Span(s + offset, e + offset, ln, col, el, ec)))
    if pos != n:
        return None  # text no terminal of its context matches
    return GameSyntax(tuple(tags), tuple(cur), result, tuple(trailer), chunk_span(text, offset, line), text, offset)
