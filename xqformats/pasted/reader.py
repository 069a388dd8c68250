"""Read pasted text with ``grammars/pasted.lark`` into one game (docs/spec/pasted.md).

The grammar cuts the text into lines of three shapes: a UCCI ``position``
line, a FEN line, lines of moves.  The first line decides the game
(docs/spec/pasted.md §2.2):

* a UCCI line (§3): its position (``startpos``, or the FEN read by
  :func:`xqformats.fen.parse_fen`) and its ICCS moves, sent one by one to the
  one :class:`~xqformats.builder.GameBuilder` (decoded there); after a move
  that cannot be played the rest is not read (:data:`REST_OF_LINE`, DROP);
* a FEN line (§4), alone or followed by lines of moves;
* lines of moves (§5): PGN movetext, read by the PGN reader
  (:mod:`xqformats.pgn`: its grammar, its error recovery, its lowering), with
  the conventions of a PGN *file* that pasted text does not keep left out
  (:class:`PastedLowering`).  List numbers PGN does not spell so (``1、``,
  ``１．``) are handed to it as ``1.``: the same number of characters, so
  every position stays the pasted text's.

One finding (A101, info) says that the text has no tags.  Never raises on
any text: the grammar accepts every text (its catch-all WORD takes anything).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from typing import Iterable, Iterator, Optional, Sequence

from lark import Lark, Token, Tree

from ..builder import GameBuilder, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import Diagnostic, DiagnosticSink, Severity, Span, excerpt
from ..fen import parse_fen
from ..model import Game
from ..notation import Notation
from ..notation.rules import ICCS_SPELLING
from ..pgn.ast import MoveNumber, MoveToken, Result, TagPair
from ..pgn.fastpath import parse_fast
from ..pgn.grammar import parse_chunk
from ..pgn.lowering import PgnLowering
from ..position import STARTING_FEN, Position
from ..resources import format_parser, token_span
from ..source import Source
from . import rules

#: After a UCCI move that cannot be played, the rest of the line is not read (A105).
REST_OF_LINE = LinePolicy.DROP

#: What a list number's characters are written as for the PGN reader (docs/spec/pasted.md §5.2):
#: fullwidth digits as ASCII ones, `．` and `、` as `.`; one character for one.
_PGN_SPELLING = str.maketrans({**{chr(0xFF10 + d): str(d) for d in range(10)}, "．": ".", "、": "."})


def parser() -> Lark:
    """This thread's parser (built once; the grammar file is the spec)."""
    return format_parser("pasted", "text")


def _tokens(tree: Tree[Token]) -> list[Token]:
    """The tokens of ``tree`` and of its subtrees, in text order."""
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def _start(tree: Tree[Token]) -> int:
    return token_span(_tokens(tree)[0])[0]


def pgn_numbers(text: str, numbers: Iterable[tuple[int, str]]) -> str:
    """``text`` with each list number ``(offset, written)`` of ``numbers`` spelt as PGN spells one (``1、`` → ``1.``).

    Character for character, so that every offset, line and column stays the
    same (docs/spec/pasted.md §5.2).  Numbers spelt so already are left alone.
    """
    chars: Optional[list[str]] = None
    for start, written in numbers:
        spelt = written.translate(_PGN_SPELLING)
        if spelt != written:
            chars = chars if chars is not None else list(text)
            chars[start : start + len(spelt)] = spelt
    return text if chars is None else "".join(chars)


class _Lexicon:
    """The terminals of ``grammars/pasted.lark`` the reader scans the text with (the grammar's own regexes)."""

    def __init__(self, lark: Lark) -> None:
        def terminal(name: str) -> str:
            return lark.get_terminal(name).pattern.to_regexp()

        self.line_end = re.compile(terminal("_NL"))
        # A list number starts a word: at the text's or a line's start, or after a separator
        # (taken with it: a number never ends with one, so no number is missed).
        self.number = re.compile(f"(?:^|{terminal('WS')}|{terminal('_NL')})({terminal('LIST_NUMBER')})")


_LEXICON: list[_Lexicon] = []


def _lexicon() -> _Lexicon:
    if not _LEXICON:
        _LEXICON.append(_Lexicon(parser()))
    return _LEXICON[0]


def _lines(text: str) -> list[Tree[Token]]:
    """The parsed lines of ``text`` that decide how it is read (docs/spec/pasted.md §2.2), at their offsets.

    Every line when the first is a UCCI line (the others are reported); else
    the lines up to the first line of moves: from there on the text is
    movetext (§5.1), which the PGN reader reads, so the grammar does not
    parse it (it would cost as much again as PGN's parse).  Each line is
    classified alone (the grammar's lines do not depend on one another),
    then the prefix is parsed once, so that tokens carry offsets in ``text``.
    """
    lark = parser()
    start = 0
    end = len(text)
    for m in _lexicon().line_end.finditer(text):
        kind = _kind(lark.parse(text[start : m.start()]))
        if kind == "position" and not text[:start].strip():
            break  # a UCCI text: every line is parsed
        if kind == "moves":
            end = m.start()
            break
        start = m.end()
    tree = lark.parse(text[:end])
    return [c for c in tree.children if isinstance(c, Tree)]


def _kind(tree: Tree[Token]) -> str:
    return next((str(c.data) for c in tree.children if isinstance(c, Tree)), "")


def _numbers_after(text: str, start: int) -> Iterator[tuple[int, str]]:
    """The list numbers of ``text`` from offset ``start`` on, as the grammar's LIST_NUMBER finds them."""
    for m in _lexicon().number.finditer(text, start):
        yield m.start(1), m.group(1)


class PastedLowering(PgnLowering):
    """PGN's lowering without the conventions of a PGN file that pasted moves need not keep.

    Pasted moves (docs/spec/pasted.md §5.3) need no move numbers, and numbers
    written are not checked (P206–P208: a list copied from the middle of a
    game often numbers from 1); no space after a number (P201 there only: ``1.炮二平五``);
    no ``Format`` tag naming their notation (P212); no result at the end
    (P205).  ``start`` is the position the moves are played from (the FEN
    line's; ``None``: no usable one, the moves are kept as the game's comment,
    as PGN keeps them); ``fen`` the FEN tag it is recorded as (``None``: the
    initial position).  Everything else is PGN's.
    """

    def __init__(self, sink: DiagnosticSink, start: Optional[Position], fen: Optional[str]) -> None:
        super().__init__(sink)
        self.start = start
        self.fen = fen

    def _start_position(self, game: Game) -> Optional[Position]:
        if self.fen is not None:
            game.headers["FEN"] = self.fen
        return self.start

    def check_number(self, num: Optional[MoveNumber], played: bool, pos: Position, text: str, span: object) -> None:
        pass  # docs/spec/pasted.md §5.3: numbers are read and not checked

    def check_format(self, game: Game, format_notation: Optional[Notation], notation: Notation, span: object) -> None:
        if "Format" in game.headers:  # a tag pasted among the moves is PGN's to check
            super().check_format(game, format_notation, notation, span)  # type: ignore[arg-type]

    def _separator(self, prev: object, el: object) -> None:
        if type(prev) is not MoveNumber:  # `1.炮二平五` is how lists are pasted
            super()._separator(prev, el)

    def finish(
        self,
        builder: GameBuilder,
        tags: Sequence[TagPair],
        first_line: int,
        end: object,
        last_move: Optional[MoveToken],
        result: Optional[Result],
        trailer: Sequence[object],
    ) -> None:
        if result is None and not tags:
            builder.visit_result("*")  # docs/spec/pasted.md §5.3: no result is no fault
            return
        super().finish(builder, tags, first_line, end, last_move, result, trailer)  # type: ignore[arg-type]


class _PastedReader(ReaderHooks):
    """Turns the parse tree of one pasted text into a game, reporting to a sink; the builder's hooks (UCCI)."""

    def __init__(self, source: Source, sink: DiagnosticSink) -> None:
        self.source = source
        self.sink = sink
        self.shape = ""
        #: The finding on the UCCI move that could not be played (the note A105 hangs on it).
        self.cause: Optional[Diagnostic] = None
        self.start_words = "from the initial position"
        # Lark's token lines are the source's when the source is a whole text without lone CRs
        # (Lark counts LF only): then a move's span is its token's, with no line search per move.
        text = source.text or ""
        self._token_lines = (source.offset, source.line, source.column) == (0, 1, 1) and "\r" not in text

    def _span(self, tok: Token) -> Span:
        """Where ``tok`` is in the source."""
        if self._token_lines:
            return Span(*token_span(tok), tok.line, tok.column, tok.end_line, tok.end_column)  # type: ignore[arg-type]
        return self.source.span(*token_span(tok))

    # ---------------------------------------------------------------- helpers
    def _relocate(self, found: Sequence[Diagnostic], start: int) -> None:
        """Findings positioned in a one-line fragment (a move, a FEN) at their place: the fragment is at ``start``."""
        for d in found:
            s = start + (d.column or 1) - 1
            e = start + (d.end_column or d.column or 1) - 1
            span = self.source.span(s, max(s, e))
            fix = d.fix.shifted(start) if d.fix is not None else None  # the fix is placed as the finding is
            self.sink.add(
                replace(d, line=span.line, column=span.column, end_line=span.end_line, end_column=span.end_column, fix=fix)
            )

    def _fen(self, board: Tree[Token]) -> tuple[Optional[Position], Optional[Diagnostic]]:
        """The position of the FEN ``board`` (its board and fields: one line); the first error when it gives none."""
        toks = _tokens(board)
        start, end = token_span(toks[0])[0], token_span(toks[-1])[1]
        text = (self.source.text or "")[start:end]
        mark = len(self.sink.items)
        pos, found = parse_fen(text)
        self._relocate(found, start)
        self.start_words = "from the FEN's position" if pos is not None else "with no start position (the FEN gives none)"
        cause = next((d for d in self.sink.items[mark:] if d.severity is Severity.ERROR), None)
        return pos, (cause if pos is None else None)

    def _ignored(self, lines: Sequence[Tree[Token]], why: str) -> None:
        for line in lines:
            toks = _tokens(line)
            start, end = token_span(toks[0])[0], token_span(toks[-1])[1]
            first = excerpt(str(toks[0]), 24)
            self.sink.report_at(rules.LINE_IGNORED, f"Line `{first}…` is not read: {why}", start, end)

    # ---------------------------------------------------------------- entry
    def read(self, lines: Sequence[Tree[Token]]) -> Optional[Game]:
        """The game of the text whose lines are ``lines`` (none: a text of blank lines)."""
        if not lines:
            self.sink.report_at(rules.NO_GAME, "No moves, FEN or UCCI line in the pasted text; no game read", 0, 0)
            return None
        at = len(self.sink.items)
        first = lines[0]
        if first.data == "position":
            game = self._ucci(first)
            self._ignored(lines[1:], "only the first UCCI `position` line is read")
        else:
            game = self._lines(lines)
        start = _start(first)
        message = (
            f"Pasted text ({self.shape}) read as a game {self.start_words}; "
            "it has no tags: no players, event, date or result"
        )
        if game is not None and not set(game.headers) - {"FEN"}:  # (tags pasted among the moves are PGN's)
            note = Diagnostic.of(rules.NO_TAGS, message, self.source.span(start, start), path=self.sink.path)
            self.sink.items.insert(at, note)
        return game

    # ---------------------------------------------------------------- FEN and move lines (§4, §5)
    def _lines(self, lines: Sequence[Tree[Token]]) -> Optional[Game]:
        fen = lines[0] if lines[0].data == "fen" else None
        rest = lines[1:] if fen is not None else lines
        first_moves = next((i for i, line in enumerate(rest) if line.data == "moves"), len(rest))
        self._ignored(rest[:first_moves], "a pasted text holds one FEN, before the moves")
        moves = rest[first_moves:]
        start: Optional[Position] = Position()
        cause: Optional[Diagnostic] = None
        if fen is not None:
            start, cause = self._fen(fen.children[0])  # type: ignore[arg-type]
        self.shape = "a FEN and moves" if fen is not None and moves else "a FEN" if fen is not None else "moves"
        if not moves:
            return self._position_only(start) if start is not None else None
        if start is None:
            message = "The FEN gives no position; the moves are kept as the game's comment"
            self.sink.note(rules.MOVES_NOT_READ, message, self.source.span(_start(moves[0]), _start(moves[0])), about=cause)
        return self._movetext(moves, start)

    def _position_only(self, start: Position) -> Game:
        builder = GameBuilder(self, REST_OF_LINE, self.sink.strict)
        self._setup(builder, start)
        builder.visit_result("*")
        builder.end_game()
        return builder.result()

    def _movetext(self, moves: Sequence[Tree[Token]], start: Optional[Position]) -> Game:
        """The lines of moves, from the first to the end of the text, read as PGN movetext (§5.1)."""
        text = self.source.text or ""
        # The numbers of the lines the grammar parsed, then those of the text after them.
        parsed = [(token_span(t)[0], str(t)) for line in moves for t in _tokens(line) if t.type == "LIST_NUMBER"]
        numbers = itertools.chain(parsed, _numbers_after(text, token_span(_tokens(moves[-1])[-1])[1]))
        whole = self.source
        spelt = Source(whole.name, None, pgn_numbers(text, numbers), whole.offset, whole.line, whole.column)
        chunk = spelt.piece(_start(moves[0]), len(text))
        sink = DiagnosticSink(path=self.sink.path, strict=self.sink.strict, source=chunk)
        syntax = parse_fast(chunk)
        if syntax is None:
            syntax = parse_chunk(chunk, sink)
        fen = start.fen() if start is not None and start.fen() != STARTING_FEN else None
        game = PastedLowering(sink, start, fen).lower(syntax)
        self.sink.extend(sink.items)
        return game

    # ---------------------------------------------------------------- UCCI (§3)
    def _ucci(self, line: Tree[Token]) -> Optional[Game]:
        self.shape = "a UCCI `position` line"
        setup = next((c for c in line.children if isinstance(c, Tree) and c.data != "ucci_moves"), None)
        moves = next((c for c in line.children if isinstance(c, Tree) and c.data == "ucci_moves"), None)
        start: Optional[Position] = None
        cause: Optional[Diagnostic] = None
        if setup is not None and setup.data == "startpos":
            start = Position()
            self._ignored_words(_tokens(setup)[1:])
        elif setup is not None and setup.data == "fen_setup":
            start, cause = self._fen(setup.children[1])  # type: ignore[arg-type]
        else:
            self._bad_setup(line, setup)
        if start is None:
            if moves is not None and len(moves.children) > 1:
                tok = moves.children[1]
                assert isinstance(tok, Token)
                message = "No position to play the moves from; they are not read"
                self.sink.note(rules.MOVES_NOT_READ, message, self._span(tok), about=cause)
            return None
        builder = GameBuilder(self, REST_OF_LINE, self.sink.strict)
        self._setup(builder, start)
        for tok in (moves.children[1:] if moves is not None else ()):
            assert isinstance(tok, Token)
            if builder.dead:
                break
            builder.visit_text_move(str(tok), self._span(tok), Notation.ICCS, tok)
        builder.visit_result("*")
        builder.end_game()
        return builder.result()

    def _bad_setup(self, line: Tree[Token], setup: Optional[Tree[Token]]) -> None:
        """A103: ``position`` followed by no position (``setup``: what follows it, ``None``: nothing)."""
        toks = _tokens(setup) if setup is not None else _tokens(line)[:1]
        s, e = token_span(toks[0])[0], token_span(toks[-1])[1]
        if setup is None:
            message = "`position` names no position; expected `startpos` or `fen <FEN>` after it"
        elif toks[0].type == "FEN_KEYWORD":
            message = "`fen` is followed by no FEN board; expected `fen <FEN>`"
        else:
            message = f"`position` is followed by `{excerpt(str(toks[0]))}`; expected `startpos` or `fen <FEN>`"
        self.sink.report_at(rules.UCCI_SETUP, message, s, e)

    def _ignored_words(self, words: Sequence[Token]) -> None:
        if words:
            s, e = token_span(words[0])[0], token_span(words[-1])[1]
            message = f"`{excerpt(str(words[0]))}` after `startpos`; expected `moves` or the end of the line (not read)"
            self.sink.report_at(rules.UCCI_SETUP, message, s, e)

    @staticmethod
    def _setup(builder: GameBuilder, start: Position) -> None:
        if start.fen() != STARTING_FEN:
            builder.visit_header("FEN", start.fen())
        builder.visit_start(start)

    # ---------------------------------------------------------------- the builder's hooks
    def decoded(self, move: Optional[Move], findings: Sequence[Diagnostic], token: Token) -> None:
        mark = len(self.sink.items)
        # `h2e2` is how UCCI spells a move (docs/spec/pasted.md §3.2): M405's `H2-E2` would
        # be no UCCI move, so its style finding (and its fix) has no place here.
        self._relocate([d for d in findings if d.code != ICCS_SPELLING.code], token_span(token)[0])
        if move is None:
            # The finding that says why (an error); a style finding on the same move may follow it.
            self.cause = next((d for d in self.sink.items[mark:] if d.severity is Severity.ERROR), None)

    def not_read(self, token: Token) -> None:
        # A note on the move's own finding (just reported): one root cause, one finding.
        message = "Moves from here to the end of the line are not read"
        self.sink.note(rules.MOVES_NOT_READ, message, self.source.span(*token_span(token)), about=self.cause)


def read_pasted(text: "str | Source", *, strict: bool = False, path: Optional[str] = None) -> tuple[list[Game], list[Diagnostic]]:
    """The game of a pasted text (at most one), and every finding; never raises on any text.

    ``text`` is the text, or a :class:`~xqformats.source.Source` holding it
    (positions are then the source's).  ``path`` names it in findings
    (default: the source's name).  ``strict`` makes deviations errors.
    """
    source = text if isinstance(text, Source) else Source.from_text(text, path)
    if source.text is None:
        source = source.decoded("")
    name = path if path is not None else source.name
    sink = DiagnosticSink(path=name, strict=strict, source=source)
    lines = _lines(source.text or "")
    game = _PastedReader(source, sink).read(lines)
    if game is None:
        return [], list(sink.items)
    game.diagnostics = list(sink.items)
    return [game], list(sink.items)
