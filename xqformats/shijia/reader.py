"""Read a 象棋世家 (ShiJia) record with ``grammars/shijia.lark`` into a game (docs/spec/shijia.md).

The Lark LALR parser (contextual lexer) is built once per thread, lazily, from
the private Lark cache (:func:`~xqformats.resources.lark_cache_path`), with
:class:`_Events` as its callbacks: no parse tree is built.  Each of the
grammar's rules is handed to the :class:`ShiJiaReader` of the record being
read as the parser reduces it, in the order of the text, and its tokens are
let go once it is read, so that what a read holds does not grow with the
number of words (a tree of one Lark token and subtree per word cost about 520
bytes a word; tests/fuzz/harness.py ``FIXED``).  The grammar accepts every
text (its catch-all terminals take what nothing else does), so the parse
never fails; :class:`ShiJiaReader`:

* the set-up, if any, becomes the start position (§3, :mod:`.setup`);
* the moves are decoded as MXQ's are (:func:`xqformats.mxq.moves.fr_move`)
  and sent to the one reader-side builder
  (:class:`~xqformats.builder.GameBuilder`, which checks each with the rules
  engine).  A move that cannot be played (S104, S105) and the words after it
  are kept, by this format's policy (:data:`REST_OF_LINE`), as one comment on
  the last move played (S106)::

      ShiJia moves not read: h2e2 "9A-9B"

  each move in ICCS, a word without the move shape as a JSON string;
* the comment text is kept after the last move (S110).

Every finding is reported at character offsets of the text.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Optional, cast

from lark import Lark, Token, Transformer

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import Diagnostic, DiagnosticSink, Rule
from ..digits import bounded_int
from ..model import Game
from ..mxq.moves import fr_move
from ..position import STARTING_FEN, Position
from ..resources import event_parser, token_span
from ..source import Source
from . import rules
from .setup import OFF_BOARD, SLOT_PIECES, point

#: What the comment keeping unplayable moves starts with (docs/spec/shijia.md §4.3).
UNREAD_PREFIX = "ShiJia moves not read:"
#: What becomes of the moves after one that cannot be played: kept as a comment (S106).
REST_OF_LINE = LinePolicy.KEEP

# The numbers of a set-up token: the grammar (SETUP) says there are 32 and a side after them.
_NUMBER = re.compile(r"[0-9]+")


#: What a rule's callback is given: its tokens, and ``None`` for each subrule (already read).
Children = list["Token | None"]


def _token(children: Children) -> Token:
    """The one token of a rule of one terminal (``setup``, ``stray``, ``move``, ``unknown``, ``trailing``)."""
    tok = children[0]
    assert tok is not None, "the grammar's one-terminal rules hand over their token"
    return tok


class ShiJiaReader(ReaderHooks):
    """Reads one record's rules as the parser reduces them (:class:`_Events`) into a :class:`Game`; the builder's hooks.

    The parser calls one method per rule of ``grammars/shijia.lark``
    (``setup``, ``stray``, ``move``, ``unknown``, ``trailing``, ``ends``,
    ``section``) with the rule's tokens, in the order of the text;
    :meth:`finish` then ends the game.  What is kept between calls is the
    start position, the first and last of the current run of stray words and
    one entry per run before a set-up (S103 is only said once `Moves` is
    known to come), and the text after `CommentsEnd`: not the words read.
    """

    def __init__(self, sink: DiagnosticSink, size: int) -> None:
        self.sink = sink
        self.size = size
        self.builder = GameBuilder(self, REST_OF_LINE, sink.strict)
        self.start: Optional[Position] = None
        #: The current run of stray words: its first word, where its last ends, how many words.
        self.run: Optional[tuple[Token, int, int]] = None
        #: The runs ended by a set-up, each with how many findings there were when it ended (its place among them).
        self.runs: list[tuple[int, Token, int, int]] = []
        self.section_begun = False
        self.ended = False  # the marker `Ends` has been read (its part handed over)
        self.trailing_text: Optional[Token] = None

    def report(self, rule: Rule, message: str, start: int, end: int) -> Diagnostic:
        return self.sink.report_at(rule, message, start, end)

    def report_token(self, rule: Rule, message: str, tok: Token) -> Diagnostic:
        return self.report(rule, message, *token_span(tok))

    # ---------------------------------------------------------------- before the moves (§2.1, §3)
    def setup(self, children: Children) -> None:
        """A set-up: the start position if it is the first (a second one is S103)."""
        self._end_run()
        tok = _token(children)
        if self.start is None:
            self.start = self._setup(tok)
        else:
            self.report_token(rules.STRAY_TEXT, "A second set-up before `Moves`; not read (the first one is)", tok)

    def stray(self, children: Children) -> None:
        """One more word of the current run of stray words (one S103 over the run)."""
        tok = _token(children)
        end = token_span(tok)[1]
        self.run = (tok, end, 1) if self.run is None else (self.run[0], end, self.run[2] + 1)

    def _end_run(self) -> None:
        if self.run is not None:
            self.runs.append((len(self.sink.items), *self.run))
            self.run = None

    def _begin_section(self) -> None:
        """`Moves` has been read (its first item, or its part when it has none): the runs of stray words
        are S103 each, at their places among the findings before it, and the game starts."""
        if self.section_begun:
            return
        self.section_begun = True
        self._end_run()
        for placed, (at, first, end, count) in enumerate(self.runs):
            more = f" (and {count - 1} more words)" if count > 1 else ""
            self.report(rules.STRAY_TEXT, f"`{first}`{more} before `Moves` is no set-up; not read", token_span(first)[0], end)
            self.sink.items.insert(at + placed, self.sink.items.pop())
        self.runs = []
        self._start()

    def _start(self) -> None:
        if self.start is not None:
            self.builder.visit_start(self.start)
            if self.start.fen() != STARTING_FEN:
                self.builder.visit_header("FEN", self.start.fen())

    # ---------------------------------------------------------------- the moves and the end (§4, §5)
    def move(self, children: Children) -> None:
        self._begin_section()
        self._item(_token(children), True)

    def unknown(self, children: Children) -> None:
        self._begin_section()
        self._item(_token(children), False)

    def trailing(self, children: Children) -> None:
        """Text after `CommentsEnd`: reported after the comment's findings (:meth:`ends`)."""
        self.trailing_text = _token(children)

    def ends(self, children: Children) -> None:
        """`Ends`, the comment text, `CommentsEnd` (each if there); the moves are done."""
        self._begin_section()
        self._end_moves()
        self.ended = True
        closed = False
        for tok in children[1:]:
            if tok is not None and tok.type == "COMMENT_TEXT":
                self._comment(tok)
            elif tok is not None and tok.type == "COMMENTS_END":
                closed = True
        if not closed:
            self.report(rules.UNCLOSED, "The record ends before the marker `CommentsEnd`", self.size, self.size)
        if self.trailing_text is not None:
            self.report_token(rules.TRAILING_TEXT, "Text after the marker `CommentsEnd`; not read", self.trailing_text)
            self.trailing_text = None

    def section(self, children: Children) -> None:
        """`Moves` and all that follows (read): without `Ends`, the moves end with the text."""
        self._begin_section()
        if not self.ended:
            self._end_moves()
            self.report(rules.UNCLOSED, "The record ends before the marker `Ends`", self.size, self.size)

    def _end_moves(self) -> None:
        self.builder.visit_result("*")  # ends the movetext, and with it the moves kept (no result is known, §2.1)

    def finish(self) -> Game:
        """The game, once the parser has handed over every rule (S101 if there was no `Moves`)."""
        if not self.section_begun:
            self.run, self.runs = None, []  # without `Moves` every word is stray, and S101 says it once
            self._start()
            self.report(rules.NO_MOVES, "No marker `Moves`: the record has no moves", 0, 0)
        self.builder.end_game()
        return self.builder.result()

    # ---------------------------------------------------------------- the set-up (§3)
    def _setup(self, tok: Token) -> Position:
        at = token_span(tok)[0]
        pos = Position(None)
        for piece, found in zip(SLOT_PIECES, _NUMBER.finditer(str(tok))):
            # Leading zeros are no digits of the value (the message quotes the number as int() would
            # give it); more than nine others name no point, and int() would raise past 4,300 digits.
            digits = found.group().lstrip("0") or "0"
            value = bounded_int(digits)
            if value == OFF_BOARD:
                continue
            sq = point(value) if value is not None else None
            s, e = at + found.start(), at + found.end()
            if sq is None:
                self.report(rules.SETUP_SQUARE, f"Set-up number {digits} names no point (52–204, or 0 off the board); the piece `{piece}` is left off", s, e)
            elif pos.piece_at(sq) is not None:
                self.report(rules.SETUP_SQUARE, f"Set-up number {value} names a point already taken; the piece `{piece}` is left off", s, e)
            else:
                pos.set_piece(sq, piece)
        pos.turn = str(tok)[-1] not in "Bb"
        for _problem, message, _sq in pos.setup_problems():
            self.report_token(rules.SETUP_POSITION, f"Set-up: {message}", tok)
        return pos

    # ---------------------------------------------------------------- moves (§4)
    def _item(self, tok: Token, shaped: bool) -> None:
        """A word where a move stands (``shaped``: the grammar's move shape), sent to the builder."""
        builder = self.builder
        move = fr_move(str(tok).upper()) if shaped else None
        if move is not None:
            s, e = token_span(tok)
            span = self.sink.source.span(s, e) if self.sink.source is not None else None
            builder.visit_move(move, span, str(tok), tok)
            return
        if not builder.dead:
            self.report_token(
                rules.MOVE_SHAPE,
                f"`{tok}` is not a move `FR-FR` (file 0–8, rank A–J, two points that differ)",
                tok,
            )
        builder.visit_unreadable(tok)

    # ---------------------------------------------------------------- comments (§5)
    def _comment(self, tok: Token) -> None:
        raw = str(tok)
        text = raw.replace("\r\n", "\n").replace("\r", "\n").strip()
        if not text:
            return
        start, end = token_span(tok)
        self.report(
            rules.COMMENTS_UNPLACED,
            "Comment text kept after the last move: the record does not say which move it is on",
            start + len(raw) - len(raw.lstrip()),
            end - (len(raw) - len(raw.rstrip())),
        )
        self.builder.visit_comment(text)

    # ---------------------------------------------------------------- the builder's hooks
    def illegal(self, move: Move, why: str, token: object) -> None:
        """S105 at the move's word."""
        self.report_token(rules.ILLEGAL_MOVE, f"Illegal move `{token}` ({move.iccs()}): {why}", cast(Token, token))

    def kept_item(self, token: object) -> str:
        """The move in ICCS; a word without the move shape as a JSON string."""
        tok = cast(Token, token)
        move = fr_move(str(tok).upper()) if tok.type == "FR_MOVE" else None
        return move.iccs() if move is not None else json.dumps(str(tok), ensure_ascii=False)

    def kept(self, kept: Kept) -> Optional[str]:
        """S106 at the first move kept; the comment (``UNREAD_PREFIX`` and the items)."""
        where = "before the first move" if kept.ply == 0 else f"on the move at ply {kept.ply}"
        self.report_token(
            rules.MOVES_NOT_READ,
            f"Moves from here to `Ends`, {len(kept.items)} in all, are kept as a comment {where}",
            cast(Token, kept.first),
        )
        return " ".join([UNREAD_PREFIX, *kept.items])


class _Events(Transformer[Token, None]):
    """The parser's callbacks: each rule of ``grammars/shijia.lark``, as it is reduced, to :attr:`reader`.

    Given to Lark as its internal transformer (LALR calls it at each
    reduction, in the order of the text), so no tree is built; every callback
    returns ``None``, so that a rule's parent holds nothing of it.  One per
    thread (:func:`parser`); :attr:`reader` is the reader of the record being
    parsed.
    """

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.reader: Optional[ShiJiaReader] = None

    def _to(self) -> ShiJiaReader:
        assert self.reader is not None, "the parser is only run by read_shijia, which sets the reader"
        return self.reader

    def file(self, children: Children) -> None:
        return None

    def setup(self, children: Children) -> None:
        self._to().setup(children)

    def stray(self, children: Children) -> None:
        self._to().stray(children)

    def section(self, children: Children) -> None:
        self._to().section(children)

    def move(self, children: Children) -> None:
        self._to().move(children)

    def unknown(self, children: Children) -> None:
        self._to().unknown(children)

    def ends(self, children: Children) -> None:
        self._to().ends(children)

    def trailing(self, children: Children) -> None:
        self._to().trailing(children)


def _parser() -> tuple[Lark, _Events]:
    return event_parser("shijia", "file", _Events)


def parser() -> Lark:
    """This thread's parser (built once; the grammar file is the spec); its parse hands each rule to a reader, builds no tree."""
    return _parser()[0]


def read_shijia(text: "str | Source", *, strict: bool = False, path: Optional[str] = None) -> tuple[list[Game], list[Diagnostic]]:
    """The game of a ShiJia record, and every finding; never raises on any text.

    ``text`` is the decoded text, or a :class:`~xqformats.source.Source`
    holding it.  A text without the marker ``Moves`` gives S101 and a game
    without moves.  ``strict`` makes the deviations errors.  Memory: the game
    and its findings, and a constant amount besides (no parse tree).
    """
    source = text if isinstance(text, Source) else Source.from_text(text, path)
    if path is not None and source.name is None:
        source = replace(source, name=path)
    sink = DiagnosticSink(path=source.name, strict=strict, source=source)
    body = source.text or ""
    lark, events = _parser()
    reader = events.reader = ShiJiaReader(sink, len(body))
    try:
        lark.parse(body)
    finally:
        events.reader = None
    game = reader.finish()
    game.diagnostics = list(sink.items)
    return [game], list(sink.items)
