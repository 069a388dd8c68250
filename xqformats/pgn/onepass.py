"""The one-pass path: a game chunk straight to its :class:`~xqformats.model.Game` and findings.

For a well-formed game the full path builds the syntax tree (:mod:`.fastpath`)
and then lowers it (:mod:`.lowering`): a span and a node per token, made only
to be thrown away once the game is built.  This module reads such a game in
one pass: it is the fast path's scanner and structure (a
:class:`~.fastpath.FastParse`; tags and what follows the result are read by the
same methods), and for each movetext token it does what the lowering does with
that element, into the same :class:`~xqformats.builder.GameBuilder` events:
decode the move in the builder's position (its findings placed by the
lowering's ``relocate``), check its number and notation (the lowering's
``check_number`` and ``check_format``), and play it (``add_move``, the fast
event); a comment or a NAG; a variation begun or ended; and last, the
lowering's ``finish`` (result, text after it, no result).

**The contract** (``tests/test_pgn_onepass.py`` holds it, differentially, as
the fast path is held to the grammar): :func:`read_one_pass` returns ``None``,
or the game *and the findings* the full path gives for the chunk, equal in
every part (headers and their spans, start, result and its span, the game's
span, node for node the moves, spellings, spans, comments and NAGs; the
findings in order).  It returns ``None``, and the caller takes the full path,
where that path does more than report:

* whatever the fast path declines (a word no notation reads, a ``)`` closing
  nothing, a variation left open, …);
* a SAN move (its rank convention is decided over the whole main line first),
  a suffix (``!``, ``?``), a move that does not decode (the rest of its line
  becomes a comment);
* a move in another notation than the game's first, touching tokens that need
  a separator, a NAG out of range or before any move, a variation before any
  move or with none.

Every finding it gives is reported by the lowering's own methods, in the order
the lowering reports them; what is written out here is only the walk itself
and which cases it leaves to the full path.

:class:`OnePassReader` tries the path for each chunk of a file while it pays:
a file whose games mostly decline would read each of them twice.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..builder import GameBuilder
from ..diagnostics import DiagnosticSink, Span
from ..model import Game
from ..notation import Notation, decode
from ..notation.plan import PLANS, plan_for_text
from ..notation.rules import STYLE_RULES
from ..source import Source
from .ast import MAX_NAG, Comment, MoveNumber, MoveToken, Nag, Result, Variation, number_value
from .fastpath import NUMBER_MEANINGS, FastParse, Scanners, new_span, number_meaning, scanners
from .grammar import chunk_span, comment_text, move_number_node
from .lowering import MOVE_NOTATIONS, PgnLowering, needs_separator, red_for_white

#: The move terminals read here (SAN: see the module docstring).
_MOVES = frozenset(("CHINESE_MOVE", "WXF_MOVE", "ICCS_MOVE"))

#: A pending move number: (number, ellipsis, text, start, end, line, column, end line, end column);
#: offsets in the file.  Its :class:`MoveNumber` is made only when the lowering needs it.
_Pending = tuple[int, bool, str, int, int, int, int, int, int]


def read_one_pass(
    chunk: Source, strict: bool = False, path: Optional[str] = None, wanted: Optional[Callable[[str], bool]] = None
) -> Optional[Game]:
    """The game the full path reads from ``chunk``, with its findings in ``game.diagnostics``; or ``None``.

    ``chunk`` places the text in its file, as for :func:`.reader.read_game_chunk`;
    ``strict`` as there; ``path`` is put on the findings.  ``wanted`` is the
    sink's selection (:attr:`~xqformats.diagnostics.DiagnosticSink.wanted`):
    the findings of the codes it leaves out may be missing (the full path
    given the same selection leaves out the same).  Never raises on any
    input text.
    """
    tb = scanners()
    if tb is None:
        return None
    sink = DiagnosticSink(path=path, strict=strict, source=chunk, wanted=wanted)
    return _OnePass(tb, chunk, sink, styles_wanted(sink)).read()


def styles_wanted(sink: DiagnosticSink) -> bool:
    """Whether ``sink`` wants any of a spelling's style findings (:data:`~xqformats.notation.rules.STYLE_RULES`).

    When it wants none, a styled spelling (``马８进７``: M407) is run by its
    plan like any other, and no finding is made for it: an opt-in rule that
    is not selected costs nothing per move.
    """
    return sink.wanted is None or any(sink.wants(rule.code) for rule in STYLE_RULES)


class OnePassReader:
    """:func:`read_one_pass` for the chunks of one file, tried while it pays.

    After eight chunks in a row have declined, only every sixteenth chunk is
    tried until one is taken: a file whose games all decline is not read twice
    over, and one whose later games do not is soon noticed.  ``tried``,
    ``taken`` and ``seen`` count the chunks.
    """

    __slots__ = ("strict", "path", "wanted", "tried", "taken", "seen", "streak")

    def __init__(self, strict: bool = False, path: Optional[str] = None, wanted: Optional[Callable[[str], bool]] = None) -> None:
        self.strict = strict
        self.path = path
        self.wanted = wanted
        self.tried = 0
        self.taken = 0
        self.seen = 0
        self.streak = 0  # chunks declined in a row

    def read(self, chunk: Source) -> Optional[Game]:
        """The game of ``chunk`` with its findings, or ``None`` (declined, or not tried)."""
        self.seen += 1
        if self.streak >= 8 and self.seen % 16:
            return None
        self.tried += 1
        game = read_one_pass(chunk, self.strict, self.path, self.wanted)
        if game is None:
            self.streak += 1
        else:
            self.taken += 1
            self.streak = 0
        return game


class _OnePass(FastParse):
    """One chunk on the one-pass path: the scan (inherited), the position and the line of play being read.

    The tree, the position and the lines of play are the builder's; the line
    being read is in attributes (``number``, ``prev``/``prev_end``: the type
    and end of its last element, for the separator check), and ``open``
    counts the variations open.  The hot loop (:meth:`_moves`) keeps them in
    locals and hands them over to the handlers of the rarer tokens.
    """

    __slots__ = (
        "low", "game", "builder", "number", "prev", "prev_end", "comment_start", "comment_place",
        "open", "format_notation", "notation_kind", "first", "ending", "styles",
    )

    # Set by read(), once the tags are read.
    game: Game
    builder: GameBuilder

    def __init__(self, tb: Scanners, chunk: Source, sink: DiagnosticSink, styles: bool = True) -> None:
        super().__init__(tb, chunk)
        self.low = PgnLowering(sink)
        self.styles = styles  # whether a spelling's style findings are wanted (else its plan runs, unstyled)
        self.number: Optional[_Pending] = None
        self.prev: Optional[type] = None
        self.prev_end = -1
        self.open = 0  # variations open
        self.comment_start = -1  # where the last comment began: a `;` comment's span ends the movetext (the result fix)
        # The last comment's line and column, when it ends on its line (its span is then made
        # without the chunk's line index); None when it goes over lines.
        self.comment_place: Optional[tuple[int, int]] = None
        self.format_notation: Optional[Notation] = None
        self.notation_kind = ""
        self.first = 0  # where the movetext starts (the first token after the tags)
        self.ending: Optional[Result] = None  # the result, once read

    # ------------------------------------------------------------ the game
    def read(self) -> Optional[Game]:
        tags = self._tags()
        if tags is None:
            return None
        low = self.low
        builder, start, self.format_notation = low.begin(self.chunk, tags, None)
        if start is None:
            return None  # no usable position: the moves are kept as a comment
        builder.visit_start(start)
        game = builder.game
        if not tags:
            # Where the game starts, for a fix that adds a tag before it (its end is set below).
            game.span = chunk_span(self.chunk)
        self.first = self.pos
        self.game, self.builder = game, builder
        if not self._moves() or self.open:
            return None
        trailer = self._trailer() if self.ending is not None else []
        if trailer is None or self.pos != len(self.text):
            return None  # text no terminal of its context matches
        ending = self.ending
        end, last_move = self._last_element()
        first = tags[0].span if tags else self.chunk.span(self.first, self.first)
        if ending is not None:
            last: Optional[Span] = trailer[-1].span if trailer else ending.span
        else:
            last = end if end is not None else tags[-1].span if tags else None
        # (Nothing at all: the span of the chunk, as the fast path gives it.)
        game.span = self.whole_span(first, last) if last is not None else self._whole([], [])
        red_for_white(game)
        low.finish(builder, tags, first.line, end, last_move, ending, trailer)
        builder.end_game()
        game.diagnostics = low.sink.items
        return game

    def _last_element(self) -> tuple[Optional[Span], Optional[MoveToken]]:
        """The span of the main line's last element (None: no movetext), and that element when it is a move."""
        prev = self.prev
        if prev is None:
            return None, None
        if prev is MoveToken:
            node = self.builder.node
            move = MoveToken(node.text or "", self.notation_kind, node.span)  # type: ignore[arg-type]
            return move.span, move
        if prev is MoveNumber and self.number is not None:
            return _number_node(self.number).span, None
        if prev is Comment:
            return self._comment_span(), None
        return self.chunk.span(self.prev_end, self.prev_end), None

    def _comment_span(self) -> Span:
        """The span of the last comment read (``comment_start`` to ``prev_end``)."""
        s, e, place = self.comment_start, self.prev_end, self.comment_place
        if place is None:
            return self.chunk.span(s, e)
        ln, col = place
        return new_span(s + self.off, e + self.off, ln, col, ln, col + e - s)

    # ------------------------------------------------------------ movetext
    def _moves(self) -> bool:  # noqa: C901 - the hot loop: one branch per frequent token, one call per move
        """Read the movetext up to the result or the end: False to decline."""
        tb = self.tb
        ignore, newline_types = tb.ignore, tb.newline_types
        moves, handlers = _MOVES, _HANDLERS
        plans, plan_of, meanings = PLANS.get, plan_for_text, NUMBER_MEANINGS.get
        span_of, off, text = new_span, self.off, self.text
        low = self.low
        nl, ln, ls = self.nl, self.ln, self.ls
        builder = self.builder
        pos = builder.position
        add = builder.add_move
        number, prev, prev_end = self.number, self.prev, self.prev_end
        styles = self.styles
        # (The token scanner takes the white space before a token with it: the token is its group.)
        for m in tb.tokens.finditer(text, self.pos):
            kind = m.lastgroup
            if kind in ignore:
                continue
            s, e = m.span(kind)  # type: ignore[arg-type]  # every alternative is a named group
            if nl < s:
                self._line_of(s)
                nl, ln, ls = self.nl, self.ln, self.ls
            if nl < e and kind not in newline_types:
                return False  # a line end Lark would not count
            col = s - ls + 1
            if kind in moves:
                if prev_end == s and needs_separator(prev, MoveToken, False):  # type: ignore[arg-type]
                    return False
                mt = m.group(kind)
                plan = plans(mt) or plan_of(mt)
                run = plan[1] if pos.turn else plan[2]
                move = run(pos) if run is not None and not (styles and plan[3]) else None
                if move is None:
                    move, diags = decode(mt, pos, None, strict=low.strict)
                    if move is None:
                        return False  # the rest of the line becomes a comment
                    if diags:
                        low.relocate(diags, s + off, mt, fixes=True, selected=True)
                span = span_of(s + off, e + off, ln, col, ln, col + e - s)
                if kind != self.notation_kind and not self._first_notation(kind, span):
                    return False
                if number is not None:
                    # The number expected, with the ellipsis when Black moves: nothing to check.
                    if number[0] != pos.fullmove_number or number[1] is pos.turn:
                        low.check_number(_number_node(number), builder.played, pos, mt, span)
                    number = None
                elif pos.turn or not builder.played:
                    low.check_number(None, builder.played, pos, mt, span)
                add(move, span, mt)
                prev, prev_end = MoveToken, e
                continue
            if kind == "MOVE_NUMBER":
                if prev_end == s and needs_separator(prev, MoveNumber, False):  # type: ignore[arg-type]
                    return False
                if number is not None:
                    low.dangling_number(_number_node(number))
                mt = m.group(kind)
                value, ellipsis = meanings(mt) or number_meaning(mt)
                number = (value, ellipsis, mt, s + off, e + off, ln, col, ln, col + e - s)
                prev, prev_end = MoveNumber, e
                continue
            handler = handlers.get(kind)  # type: ignore[arg-type]
            if handler is None:
                return False  # SAN, a suffix, a word no notation reads, a tag, …
            self.number, self.prev, self.prev_end = number, prev, prev_end
            if not handler(self, kind, m.group(kind), s, e, ln, col):  # type: ignore[arg-type]
                return False
            if self.ending is not None:
                self.pos = e
                return True
            number, prev, prev_end = self.number, self.prev, self.prev_end
        self.number, self.prev, self.prev_end = number, prev, prev_end
        self.pos = len(text)
        self._end_main()
        return True

    def _first_notation(self, kind: str, span: Span) -> bool:
        """The game's first move sets its notation, checked against the ``Format`` tag; a second one declines."""
        if self.notation_kind:
            return False  # P214, reported once per game by the lowering's walk
        self.notation_kind = kind
        game = self.game
        game.notation = MOVE_NOTATIONS[kind]
        self.low.check_format(game, self.format_notation, game.notation, span)
        return True

    def _end_main(self) -> None:
        """The end of the main line: a number left pending is followed by no move."""
        if self.number is not None:
            self.low.dangling_number(_number_node(self.number))

    # ------------------------------------------------------------ the rarer tokens
    def _on_ellipsis(self, kind: str, token: str, s: int, e: int, ln: int, col: int) -> bool:
        """``7. ...``: the pending number holds the ellipsis (only right after the number token, as the grammar has it)."""
        number = self.number
        # Not after another token, nor after an ellipsis already joined to the number (the joined
        # text holds a space, a MOVE_NUMBER token none).
        if number is None or self.prev_end != number[4] - self.off or " " in number[2]:
            return False
        end_line, end_col = ln, col + e - s
        whole = move_number_node(number[2], token, new_span(number[3], e + self.off, number[5], number[6], end_line, end_col))
        self.number = (whole.number, True, whole.text, number[3], e + self.off, number[5], number[6], end_line, end_col)
        self.prev_end = e
        return True

    def _on_comment(self, kind: str, token: str, s: int, e: int, ln: int, col: int) -> bool:
        line = kind == "LINE_COMMENT"
        if self.prev_end == s and needs_separator(self.prev, Comment, line):  # type: ignore[arg-type]
            return False
        text = comment_text(token, line)
        if not line and "{" in text:
            span = self._span(kind, s, e)
            self.low.brace_in_comment(Comment(text, line, span))  # type: ignore[arg-type]
        self.builder.visit_comment(text)
        self.prev, self.prev_end, self.comment_start = Comment, e, s
        self.comment_place = (ln, col) if e <= self.nl else None
        return True

    def _on_nag(self, kind: str, token: str, s: int, e: int, ln: int, col: int) -> bool:
        value = number_value(token[1:])
        if not self.builder.played or not 0 <= value <= MAX_NAG:
            return False
        self.builder.visit_nag(value)
        self.prev, self.prev_end = Nag, e
        return True

    def _on_open(self, kind: str, token: str, s: int, e: int, ln: int, col: int) -> bool:
        """``(``: the variation replaces the last move read (the builder keeps the line it interrupts)."""
        if not self.builder.played:
            return False  # a variation before any move: kept as a comment
        if self.number is not None:
            self.low.dangling_number(_number_node(self.number))
            self.number = None
        self.builder.begin_variation()
        self.open += 1
        self.prev, self.prev_end = None, -1
        return True

    def _on_close(self, kind: str, token: str, s: int, e: int, ln: int, col: int) -> bool:
        """``)``: back to the interrupted line, its last move played again."""
        if not self.open or not self.builder.played:
            return False  # nothing to close; a variation without a move
        if self.number is not None:
            self.low.dangling_number(_number_node(self.number))
            self.number = None
        self.builder.end_variation()
        self.open -= 1
        self.prev, self.prev_end = Variation, e
        return True

    def _on_result(self, kind: str, token: str, s: int, e: int, ln: int, col: int) -> bool:
        if self.open:
            return False  # a result inside a variation: the recovery closes it
        self._end_main()
        self.ending = Result(token, new_span(s + self.off, e + self.off, ln, col, ln, col + e - s))
        return True


def _number_node(number: _Pending) -> MoveNumber:
    value, ellipsis, text, start, end, line, col, end_line, end_col = number
    return MoveNumber(value, ellipsis, text, Span(start, end, line, col, end_line, end_col))


_HANDLERS = {
    "COMMENT": _OnePass._on_comment,
    "LINE_COMMENT": _OnePass._on_comment,
    "NAG": _OnePass._on_nag,
    "LPAR": _OnePass._on_open,
    "RPAR": _OnePass._on_close,
    "ELLIPSIS": _OnePass._on_ellipsis,
    "RESULT": _OnePass._on_result,
}
