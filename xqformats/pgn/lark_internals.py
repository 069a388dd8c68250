"""Every use of Lark's private internals by the PGN reader, in one place.

Lark's public API covers building a parser, parsing with ``on_error`` and the
interactive parser's ``feed_token``/``choices``.  Two things the reader needs
are not public:

* the fast path (:mod:`.fastpath`) mirrors Lark's contextual lexer, so it reads
  the LALR parse table (which terminals each parser state offers), the root
  lexer's terminal order and which terminals count line ends;
* the error recovery (:mod:`.grammar`) moves the lexer on or back inside a
  parse (the lexer's line counter) and looks at the parser's value stack.

Tested with Lark 1.2.2 and 1.3.1 (the suite passes with either).  A Lark that
renames these makes :func:`parser_tables` fail with :class:`LarkInternalsError`,
which turns the fast path off (never a wrong parse); the recovery's helpers
fail loudly (``AttributeError``) so that a test catches the change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Lark
from lark.lexer import LexerState
from lark.parsers.lalr_interactive_parser import InteractiveParser


class LarkInternalsError(Exception):
    """The installed Lark does not have the internals this module reads."""


@dataclass(frozen=True)
class ParserTables:
    """What the fast path needs to mirror Lark's contextual lexer."""

    #: Terminal names in the order Lark's lexer tries them (priority, longest possible match, name).
    order: tuple[str, ...]
    #: Terminals whose matches Lark's line counter scans for line ends.
    newline_types: frozenset[str]
    #: Terminals the grammar ``%ignore``s.
    ignore: frozenset[str]
    #: Per LALR state, the names its actions accept (terminals, rules and ``$END``).
    state_actions: tuple[frozenset[str], ...]


def parser_tables(lark: Lark) -> ParserTables:
    """The lexer's and the LALR parser's tables of a ``Lark(parser="lalr", lexer="contextual")``."""
    try:
        frontend = lark.parser
        lexer: Any = frontend.lexer  # Lark's ContextualLexer
        root = lexer.root_lexer
        states = frontend.parser.parser.parse_table.states
        return ParserTables(
            tuple(t.name for t in root.terminals),
            frozenset(root.newline_types),
            frozenset(frontend.lexer_conf.ignore),
            tuple(frozenset(actions) for actions in states.values()),
        )
    except AttributeError as exc:
        raise LarkInternalsError(f"Lark internals not found ({exc})") from None


def lexer_state(ip: InteractiveParser) -> LexerState:
    """The lexer's state (Lark types it ``Optional``; a parse of a text always has one)."""
    state = ip.lexer_thread.state
    assert state is not None
    return state


def value_stack(ip: InteractiveParser) -> list[Any]:
    """The parser's value stack: the tokens and reduced values of the open rules."""
    stack: list[Any] = ip.parser_state.value_stack
    return stack


def lexer_pos(ip: InteractiveParser) -> int:
    """Where the lexer will read next (character offset in the parsed text)."""
    pos: int = lexer_state(ip).line_ctr.char_pos
    return pos


def advance_lexer(ip: InteractiveParser, text: str) -> None:
    """Move the lexer on over ``text`` (the characters just after its position)."""
    lexer_state(ip).line_ctr.feed(text)


def rewind_lexer(ip: InteractiveParser, pos: int, line: int, column: int) -> None:
    """Put the lexer at offset ``pos``, which is on ``line`` at ``column`` (Lark's counting)."""
    lc = lexer_state(ip).line_ctr
    lc.char_pos = pos
    lc.line = line
    lc.line_start_pos = pos - column + 1
    lc.column = column
