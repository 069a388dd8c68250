"""Read a 象棋世家 (ShiJia) record with ``grammars/shijia.lark`` into a game (docs/spec/shijia.md).

The Lark LALR parser (contextual lexer) is built once per thread, lazily, from
the private Lark cache.  The grammar accepts every text (its catch-all
terminals take what nothing else does), so the parse never fails;
:class:`ShiJiaReader` walks the tree:

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

from lark import Lark, Token, Tree

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import Diagnostic, DiagnosticSink, Rule
from ..model import Game
from ..mxq.moves import fr_move
from ..position import STARTING_FEN, Position
from ..resources import child_tokens, child_trees, format_parser, token_span
from ..source import Source
from . import rules
from .setup import OFF_BOARD, SLOT_PIECES, point

#: What the comment keeping unplayable moves starts with (docs/spec/shijia.md §4.3).
UNREAD_PREFIX = "ShiJia moves not read:"
#: What becomes of the moves after one that cannot be played: kept as a comment (S106).
REST_OF_LINE = LinePolicy.KEEP

# The numbers of a set-up token: the grammar (SETUP) says there are 32 and a side after them.
_NUMBER = re.compile(r"[0-9]+")


def parser() -> Lark:
    """This thread's parser (built once; the grammar file is the spec)."""
    return format_parser("shijia", "file")


class ShiJiaReader(ReaderHooks):
    """Turns the parse tree of one record into a :class:`Game`, reporting to a sink; the builder's hooks."""

    def __init__(self, sink: DiagnosticSink, size: int) -> None:
        self.sink = sink
        self.size = size
        self.builder = GameBuilder(self, REST_OF_LINE, sink.strict)

    def report(self, rule: Rule, message: str, start: int, end: int) -> Diagnostic:
        return self.sink.report_at(rule, message, start, end)

    def report_token(self, rule: Rule, message: str, tok: Token) -> Diagnostic:
        return self.report(rule, message, *token_span(tok))

    # ---------------------------------------------------------------- entry
    def read(self, tree: Tree[Token]) -> Game:
        builder = self.builder
        children = child_trees(tree)
        section = children[-1] if children and children[-1].data == "section" else None
        start = self._head(children, section is not None)
        if start is not None:
            builder.visit_start(start)
            if start.fen() != STARTING_FEN:
                builder.visit_header("FEN", start.fen())
        if section is None:
            self.report(rules.NO_MOVES, "No marker `Moves`: the record has no moves", 0, 0)
            builder.end_game()
            return builder.result()
        ends = self._moves(section)
        builder.visit_result("*")  # ends the movetext, and with it the moves kept (no result is known, §2.1)
        if ends is None:
            self.report(rules.UNCLOSED, "The record ends before the marker `Ends`", self.size, self.size)
        else:
            self._ends(ends)
        builder.end_game()
        return builder.result()

    def _head(self, children: list[Tree[Token]], has_moves: bool) -> Optional[Position]:
        """The set-up and the stray words before `Moves`, in text order; the start position
        (``None``: no set-up).  Without `Moves` every word is stray, and S101 says it once."""
        start: Optional[Position] = None
        run: list[Token] = []
        for child in children:
            if child.data == "stray":
                run.append(child_tokens(child)[0])
                continue
            if has_moves:
                self._strays(run)
            run = []
            if child.data != "setup":
                continue
            tok = child_tokens(child)[0]
            if start is None:
                start = self._setup(tok)
            else:
                self.report_token(rules.STRAY_TEXT, "A second set-up before `Moves`; not read (the first one is)", tok)
        if has_moves:
            self._strays(run)
        return start

    def _strays(self, run: list[Token]) -> None:
        """S103 for one run of stray words (one finding for the run)."""
        if run:
            first, last = run[0], run[-1]
            more = f" (and {len(run) - 1} more words)" if len(run) > 1 else ""
            self.report(rules.STRAY_TEXT, f"`{first}`{more} before `Moves` is no set-up; not read", token_span(first)[0], token_span(last)[1])

    # ---------------------------------------------------------------- the set-up (§3)
    def _setup(self, tok: Token) -> Position:
        at = token_span(tok)[0]
        pos = Position(None)
        for piece, found in zip(SLOT_PIECES, _NUMBER.finditer(str(tok))):
            value = int(found.group())
            if value == OFF_BOARD:
                continue
            sq = point(value)
            s, e = at + found.start(), at + found.end()
            if sq is None:
                self.report(rules.SETUP_SQUARE, f"Set-up number {value} names no point (52–204, or 0 off the board); the piece `{piece}` is left off", s, e)
            elif pos.piece_at(sq) is not None:
                self.report(rules.SETUP_SQUARE, f"Set-up number {value} names a point already taken; the piece `{piece}` is left off", s, e)
            else:
                pos.set_piece(sq, piece)
        pos.turn = str(tok)[-1] not in "Bb"
        for _problem, message, _sq in pos.setup_problems():
            self.report_token(rules.SETUP_POSITION, f"Set-up: {message}", tok)
        return pos

    # ---------------------------------------------------------------- moves (§4)
    def _moves(self, section: Tree[Token]) -> Optional[Tree[Token]]:
        """Send the moves to the builder; the ``ends`` part (``None``: no marker `Ends`)."""
        builder = self.builder
        for child in child_trees(section):
            if child.data == "ends":
                return child
            tok = child_tokens(child)[0]
            move = fr_move(str(tok).upper()) if child.data == "move" else None
            if move is not None:
                s, e = token_span(tok)
                span = self.sink.source.span(s, e) if self.sink.source is not None else None
                builder.visit_move(move, span, str(tok), tok)
                continue
            if not builder.dead:
                self.report_token(
                    rules.MOVE_SHAPE,
                    f"`{tok}` is not a move `FR-FR` (file 0–8, rank A–J, two points that differ)",
                    tok,
                )
            builder.visit_unreadable(tok)
        return None

    # ---------------------------------------------------------------- comments and the end (§5)
    def _ends(self, ends: Tree[Token]) -> None:
        toks = child_tokens(ends)
        closed = False
        for tok in toks[1:]:
            if tok.type == "COMMENT_TEXT":
                self._comment(tok)
            elif tok.type == "COMMENTS_END":
                closed = True
        if not closed:
            self.report(rules.UNCLOSED, "The record ends before the marker `CommentsEnd`", self.size, self.size)
        for child in child_trees(ends):
            tok = child_tokens(child)[0]
            self.report_token(rules.TRAILING_TEXT, "Text after the marker `CommentsEnd`; not read", tok)

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


def read_shijia(text: "str | Source", *, strict: bool = False, path: Optional[str] = None) -> tuple[list[Game], list[Diagnostic]]:
    """The game of a ShiJia record, and every finding; never raises on any text.

    ``text`` is the decoded text, or a :class:`~xqformats.source.Source`
    holding it.  A text without the marker ``Moves`` gives S101 and a game
    without moves.  ``strict`` makes the deviations errors.
    """
    source = text if isinstance(text, Source) else Source.from_text(text, path)
    if path is not None and source.name is None:
        source = replace(source, name=path)
    sink = DiagnosticSink(path=source.name, strict=strict, source=source)
    body = source.text or ""
    game = ShiJiaReader(sink, len(body)).read(parser().parse(body))
    game.diagnostics = list(sink.items)
    return [game], list(sink.items)
