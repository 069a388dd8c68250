"""Lower a game's syntax tree into the shared model, resolving every move.

:class:`PgnLowering` walks the :class:`~.ast.GameSyntax` of one game with an
explicit stack of lines (no recursion per nesting level: 10,000 nested
variations are fine), decodes each move with :func:`xqformats.notation.decode`
in the position where it is played, and sends what it reads to the one
:class:`~xqformats.builder.GameBuilder` as events: tags, the start position,
each move decoded (the builder's fast event ``add_move``), comments, NAGs,
variations begun and ended (the nested style), the result.  The builder
holds the tree and the position; the lowering, the checks below.

What reading checks here (the grammar states the syntax, this module the
structure the grammar leaves open, each with the code named in
``grammars/pgn.lark``):

* separators the spec requires between touching tokens (P201);
* tags in the movetext (P202), a comment splitting a move (P203), text after
  the result (P204), a missing result (P205);
* move numbers against the moves (P206–P208);
* the ``Format`` tag against the notation the moves are written in
  (P211–P214), tag value escapes (P209) and duplicates (P217);
* the ``FEN`` tag (F1xx diagnostics relocated into the tag value; P302);
* every move: shape, resolution and legality (the notation's M1xx–M3xx,
  relocated to the move).  After an unreadable or illegal move the rest of its
  line of play is kept as a comment on the last move read (:data:`REST_OF_LINE`,
  KEEP; P301, a note on the move's finding): the text from that move to the
  end of its line (or variation) as written, so nothing is lost and later
  games read normally.

Tag and metadata lint rules (Date shape, ``Game`` first, Result tag against
the marker, …) are the linter's, not the reader's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Optional, Sequence

from ..builder import GameBuilder, LinePolicy, ReaderHooks
from ..diagnostics import Diagnostic, DiagnosticSink, Edit, LineIndex, Rule, Span, excerpt
from ..digits import MAX_NUMBER_DIGITS
from ..fen import parse_fen
from ..model import RESULT_WORDS, RESULTS, SUFFIX_NAGS, WINBOARD_SIDES, Game
from ..notation import Notation, RankConvention, decode, game_convention
from ..notation.rules import SAN_RANKS_UNDECIDED
from ..position import Position
from ..source import Source
from ..visitor import SKIP
from . import rules
from .ast import (
    MAX_NAG,
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
from .format_tag import notation_of_format

#: After a move that cannot be read, the rest of its line is kept as a comment (P301).
REST_OF_LINE = LinePolicy.KEEP

#: Terminal of ``grammars/pgn.lark`` → the notation it belongs to.
MOVE_NOTATIONS = {
    "CHINESE_MOVE": Notation.CHINESE,
    "WXF_MOVE": Notation.WXF,
    "ICCS_MOVE": Notation.ICCS,
    "SAN_MOVE": Notation.SAN,
}



def _point(span: Span) -> Span:
    """The zero-width span at the end of ``span``."""
    return Span(span.end, span.end, span.end_line, span.end_column, span.end_line, span.end_column)


class PgnLowering(ReaderHooks):
    """Turns one :class:`GameSyntax` into a :class:`Game`, reporting to a sink; the builder's hooks.

    A move that cannot be read is given to the builder as
    ``visit_unreadable((element, end))``: its :class:`~.ast.MoveToken` and the
    file offset where its line's text ends; the kept text is the text between.
    """

    def __init__(self, sink: DiagnosticSink) -> None:
        self.sink = sink
        self.strict = sink.strict
        self.source = Source()  # the chunk being lowered (set by lower())
        self.tags_end: Optional[int] = None  # (set by lower())

    # ---------------------------------------------------------------- helpers
    def report(self, rule: Rule, message: str, span: Optional[Span], fix: Optional[list[Edit]] = None) -> Diagnostic:
        return self.sink.report(rule, message, span, fix=fix)

    @staticmethod
    def _insert_space(span: Span) -> list[Edit]:
        """The fix of a missing separator: a space at the end of ``span``."""
        return [Edit(span.end, span.end, " ")]

    def file_span(self, start: int, end: int) -> Span:
        """The span of the file offsets ``start:end`` (inside the chunk being lowered)."""
        off = self.source.offset
        return self.source.span(start - off, end - off)

    def text_between(self, start: int, end: int) -> str:
        """The chunk's text between file offsets ``start`` and ``end``."""
        off = self.source.offset
        return (self.source.text or "")[start - off : end - off]

    def relocate(
        self, diags: Sequence[Diagnostic], start: int, fragment: str, *, fixes: bool = False, selected: bool = False
    ) -> None:
        """Report ``diags`` found in ``fragment``, the text at file offset ``start``, at their place in the file.

        A FEN parse or a move decode positions its diagnostics in the text it
        was given (line and column from 1): that place, as an offset into the
        fragment, is located in the file by the chunk's :class:`Source`.  The
        one place where another stage's diagnostics are moved.

        A finding's fix is in the fragment's offsets too: with ``fixes`` (the
        fragment is the file's text at ``start``, not a move joined over a
        comment) it is placed with its finding, else dropped.

        With ``selected`` a finding the sink does not want
        (:meth:`~xqformats.diagnostics.DiagnosticSink.wants`) is left out, not
        placed: for the findings of a move that was read, which no later note
        or demotion refers to (an unread move's findings stay: the note that
        the rest of its line is kept hangs on them).
        """
        index = LineIndex(fragment)
        sink = self.sink
        add = sink.add
        wanted = sink.wanted if selected else None
        for d in diags:
            if wanted is not None and not wanted(d.code):
                continue  # not selected: not placed either
            fix = d.fix.shifted(start) if fixes and d.fix is not None else None
            if d.line is None or d.column is None:
                sp = self.file_span(start, start)
                add(replace(d, line=sp.line, column=sp.column, fix=fix))
                continue
            s = index.line_start(d.line, len(fragment)) + d.column - 1
            e = s
            if d.end_line is not None and d.end_column is not None:
                e = index.line_start(d.end_line, len(fragment)) + d.end_column - 1
            sp = self.file_span(start + s, start + max(s, e))
            add(replace(d, line=sp.line, column=sp.column, end_line=sp.end_line, end_column=sp.end_column, fix=fix))

    def kept_item(self, token: tuple[MoveToken, int]) -> str:
        """The rest of a line of play from the move that cannot be read: its text as written."""
        el, end = token
        return self.text_between(el.span.start, end).rstrip()

    def _unclosed_comment(self, first: int) -> Optional[Diagnostic]:
        """The P104 reported in this game's text, from its line ``first`` on (an unclosed comment runs
        to the end of the game), if any."""
        for d in reversed(self.sink.items):
            if d.line is not None and d.line < first:
                return None
            if d.code == rules.UNCLOSED_COMMENT.code:
                return d
        return None

    # ---------------------------------------------------------------- entry
    def begin(
        self, source: Source, tags: Sequence[TagPair], span: Optional[Span], builder: Optional[GameBuilder] = None
    ) -> tuple[GameBuilder, Optional[Position], Optional[Notation]]:
        """The builder of the game of ``tags`` (read from ``source``) with its headers; the game's start
        position (None: no usable one, reported) and the notation its ``Format`` tag names (None: no
        tag, or an unknown one, reported).

        ``builder`` is a new :class:`~xqformats.builder.GameBuilder` by default;
        when its ``end_headers`` skips the movetext (a
        :class:`~xqformats.builder.HeadersBuilder`), neither the position nor the
        notation is read.  The first step of :meth:`lower`; the one-pass path
        (:mod:`.onepass`) takes it too.
        """
        self.source = source
        #: Where the last tag pair ends (file offset; None: no tags), for fixes that add a tag.
        self.tags_end = tags[-1].span.end if tags else None
        if builder is None:
            builder = GameBuilder(self, REST_OF_LINE, self.strict)
        game = builder.game
        game.span = span
        for tag in tags:
            self.add_tag(builder, tag)
        if builder.end_headers() is SKIP:
            return builder, None, None
        return builder, self._start_position(game), self._format_notation(game)

    def lower(self, syntax: GameSyntax) -> Game:
        builder, start, format_notation = self.begin(syntax.source, syntax.tags, syntax.span)
        game = builder.game
        if start is None:
            # No usable position: keep the movetext as the game comment.
            if syntax.movetext:
                first = syntax.movetext[0].span
                builder.visit_comment(self.text_between(first.start, syntax.movetext[-1].span.end))
        else:
            builder.visit_start(start)
            builder.ranks = self._san_ranks(syntax, start)
            _MovetextWalk(self, builder, syntax, format_notation).run()
        red_for_white(game)
        last = syntax.movetext[-1] if syntax.movetext else None
        end = last.span if last is not None else None
        last_move = last if type(last) is MoveToken else None
        self.finish(builder, syntax.tags, _first_line(syntax), end, last_move, syntax.result, syntax.trailer)
        builder.end_game()
        return builder.result()

    def _san_ranks(self, syntax: GameSyntax, start: Position) -> Optional[RankConvention]:
        """The rank convention of a game's SAN moves, decided on its main line (docs/spec/notation.md §7.3).

        None when the game has no SAN move; the default, with M207, when nothing decides.
        """
        moves = [el for el in syntax.movetext if type(el) is MoveToken and el.kind in ("SAN_MOVE", "ICCS_MOVE")]
        if not any(el.kind == "SAN_MOVE" for el in moves):
            return None
        ranks, reason = game_convention((el.text for el in moves), start)
        if ranks is not None:
            return ranks
        default = RankConvention.PYCHESS
        self.report(
            SAN_RANKS_UNDECIDED,
            f"The game's SAN moves read legally with ranks 0–9 and 1–10 ({reason}); read with ranks 1–10",
            moves[0].span,
        )
        return default

    # ---------------------------------------------------------------- tags
    def add_tag(self, builder: GameBuilder, tag: TagPair, misplaced: bool = False) -> None:
        """Give ``tag`` to ``builder`` (the first of duplicates wins), reporting its faults."""
        if not tag.name:
            return  # a tag pair the parser had to complete; already reported
        if "\\" in tag.raw_value:
            self._escapes(tag)
        headers = builder.game.headers
        if misplaced:
            # One finding for a tag in the movetext: that it is set already is a note on it.
            found = self.report(
                rules.TAG_IN_MOVETEXT,
                f"Tag `{tag.name}` inside the movetext; tags belong before the moves",
                tag.span,
            )
            if tag.name in headers:
                message = f"Tag `{tag.name}` is set already; the first value `{headers[tag.name]}` is kept"
                self.sink.note(rules.DUPLICATE_TAG, message, tag.name_span, about=found)
                return
        elif tag.name in headers:
            self.report(
                rules.DUPLICATE_TAG,
                f"Duplicate tag `{tag.name}`; the first value `{headers[tag.name]}` is kept",
                tag.name_span,
            )
            return
        builder.visit_header(tag.name, tag.value, tag.value_span)

    def _escapes(self, tag: TagPair) -> None:
        """P209: a backslash that escapes neither a quote nor a backslash.

        The first such backslash of a value is reported, with how many more
        the value holds: one finding per value, however long it is.
        """
        raw = tag.raw_value
        first = -1
        more = 0
        i = raw.find("\\")
        while i >= 0:
            if raw[i + 1 : i + 2] in ('"', "\\"):
                i = raw.find("\\", i + 2)
                continue
            if first < 0:
                first = i
            else:
                more += 1
            i = raw.find("\\", i + 1)
        if first >= 0:
            self._report_escape(tag, first, more)

    def _report_escape(self, tag: TagPair, i: int, more: int) -> None:
        nxt = tag.raw_value[i + 1 : i + 2]
        at = tag.value_span.start + 1  # file offset of the value's first character
        what = f"before `{nxt}`" if nxt else "at the end of the value"
        others = f" ({more:,} more in this value)" if more else ""
        self.report(
            rules.TAG_ESCAPE,
            f"Backslash {what} in tag `{tag.name}`{others}; expected `\\\\` or `\\\"` (kept as written)",
            self.file_span(at + i, at + i + 1 + len(nxt)),
        )

    def _start_position(self, game: Game) -> Optional[Position]:
        fen = game.headers.get("FEN")
        if fen is None:
            return game.start  # (the readers play on copies of it)
        pos, diags = parse_fen(fen)
        vs = game.tag_spans.get("FEN")
        if vs is not None:
            self.relocate(diags, vs.start + 1, fen)
        else:  # pragma: no cover - a FEN tag always has a span
            self.sink.extend(diags)
        if pos is None:
            # The FEN's own findings (F1xx) are the root cause; that the moves
            # are kept as a comment is their consequence, a note on the last.
            self.sink.note(rules.BAD_FEN_TAG, "The FEN tag gives no position; the moves are kept as a comment", vs)
        return pos

    def _format_notation(self, game: Game) -> Optional[Notation]:
        value = game.headers.get("Format")
        if value is None:
            return None
        notation = notation_of_format(value)
        if notation is None:
            self.report(
                rules.FORMAT_UNKNOWN,
                f"Unknown Format `{excerpt(value)}`; expected `Chinese`, `WXF` or `ICCS`",
                game.tag_spans.get("Format"),
            )
        return notation

    # ---------------------------------------------------------------- checks
    def _separator(self, prev: object, el: object) -> None:
        """P201 when ``el`` touches ``prev`` and the pair needs a separator (:func:`needs_separator`)."""
        tp, te = type(prev), type(el)
        if not needs_separator(tp, te, te is Comment and el.line):  # type: ignore[attr-defined]
            return
        if tp is MoveNumber:
            self.report(
                rules.MISSING_SEPARATOR,
                f"No separator after move number `{prev.text}`; expected a space before `{el.text}`",  # type: ignore[attr-defined]
                _point(prev.span),  # type: ignore[attr-defined]
                self._insert_space(prev.span),  # type: ignore[attr-defined]
            )
        else:
            self.report(
                rules.MISSING_SEPARATOR,
                f"No separator between `{_text(prev)}` and `{_text(el)}`; expected a space",
                _point(prev.span),  # type: ignore[attr-defined]
                self._insert_space(prev.span),  # type: ignore[attr-defined]
            )

    def _split_move(self, els: Sequence[Any], i: int, first: MoveToken) -> Optional[tuple[str, Span, str, Sequence[Any]]]:
        """``兵五{…}平四``: join the halves around a comment into one move (P203).

        ``els[i]`` follows ``first``.  Returns the joined text, span and
        terminal, and the elements with the second half taken out (the
        comment is read right after the joined move).
        """
        if i + 1 >= len(els):
            return None
        c, second = els[i], els[i + 1]
        if type(c) is not Comment or type(second) is not MoveToken or c.line:
            return None
        if first.span.end != c.span.start or c.span.end != second.span.start:
            return None
        text = first.text + second.text
        from ..notation import detect_notation

        notation = detect_notation(text)
        if notation is None:
            return None
        self.report(
            rules.COMMENT_SPLITS_MOVE,
            f"Comment splits the move `{text}`; expected the comment after the whole move",
            c.span,
        )
        span = Span(
            first.span.start, second.span.end, first.span.line, first.span.column, second.span.end_line, second.span.end_column
        )
        rest = tuple(els[:i]) + (c,) + tuple(els[i + 2 :])
        return text, span, {n: k for k, n in MOVE_NOTATIONS.items()}[notation], rest

    def check_format(self, game: Game, format_notation: Optional[Notation], notation: Notation, span: Span) -> None:
        value = game.headers.get("Format")
        if value is None:
            # SAN games name no Format: WinBoard PGN has a Variant tag instead.
            if notation is not Notation.CHINESE and notation is not Notation.SAN:
                self.report(
                    rules.FORMAT_MISSING,
                    f"No Format tag, so the moves should be Chinese; they are {notation.label} "
                    f"(expected `[Format \"{notation.label}\"]`)",
                    span,
                    self._tag_insertion(game, "Format", notation.label),
                )
        elif format_notation is not None and format_notation is not notation:
            self.report(
                rules.FORMAT_MISMATCH,
                f"Format tag is `{excerpt(value)}` but the moves are in {notation.label} notation",
                game.tag_spans.get("Format"),
            )

    def _tag_insertion(self, game: Game, name: str, value: str) -> Optional[list[Edit]]:
        """The fix that adds ``[name "value"]`` after the game's last tag (before its movetext when it has none)."""
        if self.tags_end is not None:
            return [Edit(self.tags_end, self.tags_end, f'\n[{name} "{value}"]')]
        if game.span is None:
            return None
        return [Edit(game.span.start, game.span.start, f'[{name} "{value}"]\n\n')]

    def check_number(self, num: Optional[MoveNumber], played: bool, pos: Position, text: str, span: Span) -> None:
        """The move number ``num`` (None: none) before the move ``text``; ``played``: not the line's first move."""
        expected = pos.fullmove_number
        if pos.turn:  # Red
            if num is None:
                self.report(
                    rules.MISSING_MOVE_NUMBER,
                    f"No move number before `{text}`; expected `{expected}.`",
                    span,
                    [Edit(span.start, span.start, f"{expected}. ")],
                )
            elif num.number != expected or num.ellipsis:
                self.report(
                    rules.WRONG_MOVE_NUMBER,
                    f"Move number `{excerpt(num.text)}` before Red's move `{text}`; expected `{expected}.`",
                    num.span,
                    [Edit(num.span.start, num.span.end, f"{expected}.")],
                )
        elif not played:
            if num is None or not num.ellipsis:
                self.report(
                    rules.BLACK_WITHOUT_ELLIPSIS,
                    f"Line starts with Black's move `{text}`; expected `{expected}. ...` before it",
                    num.span if num is not None else span,
                    [Edit(num.span.start, num.span.end, f"{expected}. ...")] if num is not None
                    else [Edit(span.start, span.start, f"{expected}. ... ")],
                )
            elif num.number != expected:
                self.report(
                    rules.WRONG_MOVE_NUMBER,
                    f"Move number `{excerpt(num.text)}` before Black's move `{text}`; expected `{expected}. ...`",
                    num.span,
                    [Edit(num.span.start, num.span.end, f"{expected}. ...")],
                )
        elif num is not None and (num.number != expected or not num.ellipsis):
            self.report(
                rules.WRONG_MOVE_NUMBER,
                f"Move number `{excerpt(num.text)}` before Black's move `{text}`; expected `{expected}...` or none",
                num.span,
            )

    def dangling_number(self, num: MoveNumber) -> None:
        self.report(rules.WRONG_MOVE_NUMBER, f"Move number `{excerpt(num.text)}` is followed by no move", num.span)

    def brace_in_comment(self, c: Comment) -> None:
        # The comment's text starts one character after its `{`.
        at = c.span.start + 1 + c.text.find("{")
        self.report(rules.BRACE_IN_COMMENT, "`{` inside a comment; comments do not nest", self.file_span(at, at + 1))

    # ---------------------------------------------------------------- result
    def finish(
        self,
        builder: GameBuilder,
        tags: Sequence[TagPair],
        first_line: int,
        end: Optional[Span],
        last_move: Optional[MoveToken],
        result: Optional[Result],
        trailer: Sequence[object],
    ) -> None:
        """The game's result, and what follows it, after its movetext (all of it given to ``builder``).

        ``first_line`` is the line the game starts on, ``end`` the span of the
        movetext's last element (whose end is the movetext's; None: no
        movetext), ``last_move`` that element when it is a move; ``trailer`` the comments and text
        after the result, kept as comments of the main line's last move.  The
        last step of :meth:`lower` before ``end_game``; the one-pass path
        (:mod:`.onepass`) takes it too.
        """
        game = builder.game
        if result is not None:
            builder.visit_result(result.text, result.span)
            if last_move is not None and last_move.span.end == result.span.start:
                self.report(
                    rules.MISSING_SEPARATOR,
                    f"No separator between `{last_move.text}` and the result `{result.text}`; expected a space",
                    _point(last_move.span),
                    self._insert_space(last_move.span),
                )
        else:
            tag = game.headers.get("Result", "*")
            builder.visit_result(tag if tag in RESULTS else "*")
            if end is not None or tags:
                where = end if end is not None else tags[-1].span
                message = "Game ends without a result; expected `1-0`, `0-1`, `1/2-1/2` or `*`"
                cause = self._unclosed_comment(first_line)
                if cause is not None:  # the comment ran to the end and took the result with it
                    self.sink.note(rules.MISSING_RESULT, message, _point(where), about=cause)
                else:
                    # After a `;` comment the marker goes on a line of its own (else it is the comment's text).
                    line_comment = end is not None and self.text_between(end.start, end.start + 1) == ";"
                    self.report(rules.MISSING_RESULT, message, _point(where), _result_fix(game, where, end is not None, last_move, line_comment))
        for item in trailer:
            if type(item) is StrayText:
                self.report(
                    rules.TEXT_AFTER_RESULT,
                    f"Text after the result `{excerpt(item.text)}`; only comments may follow it (kept as a comment)",
                    item.span,
                )
            builder.visit_comment(item.text)  # type: ignore[attr-defined]


def _result_fix(game: Game, where: Span, movetext: bool, last_move: Optional[MoveToken], line_comment: bool = False) -> list[Edit]:
    """The fix of a missing termination marker (one meaning, so safe).

    A result word written where the marker goes (``… 马8进7 红胜``: read as
    an unreadable move) becomes the marker it means; otherwise the marker the
    ``Result`` tag gives (its word's meaning, :data:`~xqformats.model.RESULT_WORDS`)
    is added, ``*`` without one, after ``where``: the movetext's last element
    (``last_move`` when it is a move), or the last tag pair when the game has no
    ``movetext``.  After a ``;`` comment (``line_comment``) it starts a line:
    written after it on its line, it would be the comment's text, and the fix
    would never end (issue 28, item 11).
    """
    if last_move is not None and last_move.text in RESULT_WORDS and last_move.text:
        return [Edit(last_move.span.start, last_move.span.end, RESULT_WORDS[last_move.text])]
    tag = game.headers.get("Result", "*")
    result = tag if tag in RESULTS else RESULT_WORDS.get(tag.strip(), "*")
    return [Edit(where.end, where.end, ("\n" if line_comment else " " if movetext else "\n\n") + result)]


def needs_separator(prev: type, el: type, line_comment: bool) -> bool:
    """Whether an element of type ``el`` written touching one of type ``prev`` lacks a required separator (P201).

    The spec requires white space between a move number and its move, between
    two moves, between a move and a move number, and between a move and a brace
    comment on either side (docs/spec/pgn.md §2.4); a ``;`` comment may touch
    the move before it (``line_comment``: ``el`` is one).
    """
    if prev is MoveNumber:
        return el is MoveToken
    if prev is MoveToken:
        return el is MoveToken or el is MoveNumber or (el is Comment and not line_comment)
    return prev is Comment and el is MoveToken


def _text(el: object) -> str:
    if type(el) is MoveToken or type(el) is MoveNumber:
        return el.text
    if type(el) is Comment:
        return "{" + excerpt(el.text, 12) + "}"
    return "…"  # pragma: no cover


def _first_line(syntax: GameSyntax) -> int:
    first = syntax.tags[0].span if syntax.tags else syntax.movetext[0].span if syntax.movetext else None
    return first.line if first is not None else 1


def lower_game(syntax: GameSyntax, sink: DiagnosticSink) -> Game:
    """Lower one game (see :class:`PgnLowering`)."""
    return PgnLowering(sink).lower(syntax)


class _Frame:
    """One line of play being read: the main line or an open variation."""

    __slots__ = ("elements", "i", "end", "variation", "number", "unclosed")

    def __init__(self, elements: Sequence[Any], end: int, variation: bool, unclosed: Optional[Diagnostic] = None) -> None:
        self.elements = elements
        self.i = 0  # the next element to read
        self.end = end  # file offset where this line's text ends (for "rest as comment")
        self.variation = variation  # False: the main line
        self.number: Optional[MoveNumber] = None  # pending move number
        # The P102 of this variation when its `)` is missing:
        # where that `)` belonged is unknown, so a move that cannot be read here
        # is its consequence (a note on it), not a finding of its own.
        self.unclosed = unclosed


class _MovetextWalk:
    """Reads the movetext of one game with an explicit stack of lines of play, into a builder.

    The builder keeps the tree and the position in step (a variation steps
    back one move, its end goes back to the line it interrupted); the walk
    keeps, per line, what is left to read and the move number pending.  Each
    element type has its handler (:data:`_ELEMENT_HANDLERS`); a handler
    returns True when it opened a variation (the walk goes into it).
    """

    def __init__(self, low: PgnLowering, builder: GameBuilder, syntax: GameSyntax, format_notation: Optional[Notation]) -> None:
        self.low = low
        self.builder = builder
        self.game = builder.game
        self.format_notation = format_notation
        self.strict = low.strict
        elements = syntax.movetext
        end = elements[-1].span.end if elements else syntax.span.start
        self.frames = [_Frame(elements, end, False)]
        self.notation: Optional[Notation] = None  # of the game's first move
        self.notation_kind = ""  # its terminal: later moves of that kind need no check
        self.mixed_reported = False
        self.first_line = _first_line(syntax)
        #: This game's P102 findings by place, gathered once when a variation is unclosed.
        self.unclosed_at: Optional[dict[tuple[Optional[int], Optional[int]], Diagnostic]] = None

    def run(self) -> None:
        """Read every line of play."""
        frames = self.frames
        handlers = _ELEMENT_HANDLERS
        separator = self.low._separator
        move = self._move
        number = self._move_number
        while frames:
            f = frames[-1]
            els = f.elements
            i = f.i
            # The element before (separator checks): when a line goes on after a
            # variation, the variation.
            prev = els[i - 1] if i else None
            prev_end = prev.span.end if prev is not None else -1
            while i < len(els):
                el = els[i]
                i += 1
                f.i = i
                span = el.span
                if prev_end == span.start:
                    separator(prev, el)
                prev = el
                prev_end = span.end
                kind = type(el)
                # The two most frequent elements without the table.
                if kind is MoveToken:
                    move(f, el)
                elif kind is MoveNumber:
                    number(f, el)
                elif handlers[kind](self, f, el):
                    break  # a variation was entered
                if f.elements is not els or f.i != i:
                    # A move joined over a comment, or the rest of the line dropped.
                    els, i, prev, prev_end = f.elements, f.i, None, -1
            else:
                self._end_line(f)

    # ---------------------------------------------------------------- moves
    def _move(self, f: _Frame, el: MoveToken) -> bool:
        text, kind, span = el.text, el.kind, el.span
        joined = None
        if kind == "UNKNOWN_MOVE":
            joined = self.low._split_move(f.elements, f.i, el)
            if joined is not None:
                text, span, kind, f.elements = joined
        builder = self.builder
        pos = builder.position
        # In a SAN game an ICCS-looking move (`E5e3`) is SAN (docs/spec/notation.md §7.6).
        as_san = builder.ranks is not None and kind == "ICCS_MOVE"
        move, diags = decode(text, pos, Notation.SAN if as_san else None, strict=self.strict, ranks=builder.ranks)
        if as_san and move is not None:
            kind = "SAN_MOVE"
        mark = len(self.low.sink.items)
        if diags:
            self.low.relocate(diags, span.start, text, fixes=joined is None, selected=move is not None)
        if move is None:
            self._unreadable(f, el, text, span, bool(diags), mark)
            return False
        if kind != self.notation_kind:
            self._notation(kind, text, span)
        number = f.number
        played = builder.played
        if number is not None:
            f.number = None
            if not (pos.turn and number.number == pos.fullmove_number and not number.ellipsis):
                self.low.check_number(number, played, pos, text, span)
        elif pos.turn or not played:
            self.low.check_number(None, played, pos, text, span)
        builder.add_move(move, span, text)
        if el.suffix is not None:
            builder.visit_nag(SUFFIX_NAGS[el.suffix])
        return False

    def _unreadable(self, f: _Frame, el: MoveToken, text: str, span: Span, explained: bool, mark: int) -> None:
        """P301: the move cannot be read; the rest of its line of play becomes a comment (the builder's KEEP).

        The move's findings are those recorded since ``mark``; inside a
        variation whose ``)`` is missing they become notes of its P102.
        """
        low = self.low
        if not explained:  # pragma: no cover - decode always explains a None
            low.report(rules.SYNTAX, f"Unknown move `{text}`", span)
        if f.unclosed is not None:
            low.sink.demote(mark, f.unclosed)
        # A note on the move's own finding (just reported): one root cause, one finding.
        low.sink.note(
            rules.MOVES_NOT_READ,
            "Moves from here to the end of the variation are kept as a comment" if f.variation
            else "Moves from here to the end of the line are kept as a comment",
            el.span,
            about=f.unclosed,
        )
        self.builder.visit_unreadable((el, f.end))
        f.number = None
        f.i = len(f.elements)

    def _notation(self, kind: str, text: str, span: Span) -> None:
        """The notation of a move against the game's (P214) and the Format tag (P211, P212; once per game)."""
        mv_notation = MOVE_NOTATIONS.get(kind)
        if mv_notation is None:
            return
        if self.notation is None:
            self.notation = mv_notation
            self.notation_kind = kind
            self.game.notation = mv_notation
            self.low.check_format(self.game, self.format_notation, mv_notation, span)
        elif mv_notation is not self.notation and not self.mixed_reported:
            self.mixed_reported = True
            self.low.report(
                rules.MIXED_NOTATION,
                f"Move `{text}` is in {mv_notation.label} notation; the game's moves are in {self.notation.label}",
                span,
            )

    # ---------------------------------------------------------------- other elements
    def _move_number(self, f: _Frame, el: MoveNumber) -> bool:
        if f.number is not None:
            self.low.dangling_number(f.number)
        f.number = el
        return False

    def _comment(self, f: _Frame, el: Comment) -> bool:
        self.builder.visit_comment(el.text)
        if not el.line and "{" in el.text:
            self.low.brace_in_comment(el)
        return False

    def _nag(self, f: _Frame, el: Nag) -> bool:
        written = excerpt(el.text or f"${el.value}")
        if not self.builder.played:
            self.low.report(rules.SYNTAX, f"NAG `{written}` before any move of its line; dropped", el.span)
        elif el.value < 0:
            self.low.report(rules.NAG_RANGE, f"NAG `{written}` has more than {MAX_NUMBER_DIGITS} digits; dropped", el.span)
        else:
            if el.value > MAX_NAG:
                self.low.report(rules.NAG_RANGE, f"NAG `{written}` is not 0 to {MAX_NAG}; kept as written", el.span)
            self.builder.visit_nag(el.value)
        return False

    def _misplaced_tag(self, f: _Frame, el: MisplacedTag) -> bool:
        self.low.add_tag(self.builder, el.tag, misplaced=True)
        named = notation_of_format(el.tag.value) if el.tag.name == "Format" else None
        if named is not None and self.notation is not None:
            # PGN §2.7: the moves after a `Format` tag in the movetext are in the notation it names
            # (one root cause, one finding: P202, not P214 for each line of moves it announces).
            self.notation, self.notation_kind = named, ""
        return False

    # ---------------------------------------------------------------- variations
    def _variation(self, f: _Frame, el: Variation) -> bool:
        low = self.low
        builder = self.builder
        span = el.span
        if f.number is not None:
            low.dangling_number(f.number)
            f.number = None
        if not builder.played:
            low.report(rules.VARIATION_WITHOUT_MOVE, "Variation before any move of its line; kept as a comment", span)
            builder.visit_comment(low.text_between(span.start, span.end), True)
            return False
        if not any(type(x) is MoveToken for x in el.elements):
            low.report(rules.EMPTY_VARIATION, "Empty variation; expected at least one move", span)
            for x in el.elements:
                if type(x) is Comment:
                    builder.visit_comment(x.text)
            return False
        # The variation replaces the current node's move: the builder steps back one ply.
        builder.begin_variation()
        content_end = span.end - 1 if el.closed else span.end
        unclosed = None if el.closed else self._unclosed_finding(span)
        self.frames.append(_Frame(el.elements, content_end, True, unclosed))
        return True

    def _unclosed_finding(self, span: Span) -> Optional[Diagnostic]:
        """The P102 reported for the variation at ``span``.

        The first call gathers this game's P102s in one pass back over the
        findings (a variation nested 10,000 deep is 10,000 of them: one
        search each would be quadratic).
        """
        if self.unclosed_at is None:
            self.unclosed_at = {}
            for d in reversed(self.low.sink.items):
                if d.line is not None and d.line < self.first_line:
                    break
                if d.code == rules.UNCLOSED_VARIATION.code:
                    self.unclosed_at.setdefault((d.line, d.column), d)
        return self.unclosed_at.get((span.line, span.column))

    def _end_line(self, f: _Frame) -> None:
        """The end of a line of play: back to the line that encloses it."""
        if f.number is not None:
            self.low.dangling_number(f.number)
        self.frames.pop()
        if f.variation:
            self.builder.end_variation()


def red_for_white(game: Game) -> None:
    """A WinBoard game's ``White`` tags become the model's ``Red`` ones (where no ``Red`` tag is given).

    Only in a game of SAN moves or with the tag ``[Variant "xiangqi"]``: the WinBoard dialect.
    """
    if game.notation is not Notation.SAN and (game.headers.get("Variant") or "").strip().lower() != "xiangqi":
        return
    headers = game.headers
    for chess, ours in WINBOARD_SIDES.items():
        value = headers.get(chess)
        if value is not None and headers.get(ours) is None:
            del headers[chess]
            headers[ours] = value
            span = game.tag_spans.pop(chess, None)
            if span is not None:
                game.tag_spans[ours] = span


#: Element type -> its handler in the walk.
_ELEMENT_HANDLERS: dict[type, Callable[[_MovetextWalk, _Frame, Any], bool]] = {
    MoveToken: _MovetextWalk._move,
    MoveNumber: _MovetextWalk._move_number,
    Comment: _MovetextWalk._comment,
    Nag: _MovetextWalk._nag,
    Variation: _MovetextWalk._variation,
    MisplacedTag: _MovetextWalk._misplaced_tag,
}
