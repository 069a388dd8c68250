"""Lower a game's syntax tree into the shared model, resolving every move.

:class:`PgnLowering` walks the :class:`~.ast.GameSyntax` of one game with an
explicit stack (no recursion per nesting level: 10,000 nested variations are
fine), keeps one :class:`Position` in step by push/pop, and decodes each move
with :func:`xqformats.notation.decode` in the position where it is played.

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
  line of play is kept as a comment on the last move read (P301), so nothing
  is lost and later games read normally.

Tag and metadata lint rules (Date shape, ``Game`` first, Result tag against
the marker, …) are the linter's, not the reader's.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..diagnostics import Diagnostic, DiagnosticSink, Rule, Span
from ..fen import parse_fen
from ..model import RESULTS, Game, Headers, Node
from ..notation import Notation, decode
from ..position import Position
from . import rules
from .ast import (
    Comment,
    GameSyntax,
    MisplacedTag,
    MoveNumber,
    MoveToken,
    Nag,
    StrayText,
    TagPair,
    Variation,
)

__all__ = ["PgnLowering", "lower_game", "FORMAT_NAMES", "SUFFIX_NAGS"]

#: ``Format`` tag values (spec §二(11)), compared case-insensitively.
FORMAT_NAMES = {"chinese": Notation.CHINESE, "wxf": Notation.WXF, "iccs": Notation.ICCS}
_FORMAT_TAG = {Notation.CHINESE: "Chinese", Notation.WXF: "WXF", Notation.ICCS: "ICCS"}

#: Terminal of ``grammars/pgn.lark`` → the notation it belongs to.
_KIND = {"CHINESE_MOVE": Notation.CHINESE, "WXF_MOVE": Notation.WXF, "ICCS_MOVE": Notation.ICCS}

#: Chess PGN suffix annotations and the NAGs they stand for.
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

_INITIAL: list[Position] = []


def _initial() -> Position:
    """The standard start position, parsed once (``Game`` copies it)."""
    if not _INITIAL:
        _INITIAL.append(Position())
    return _INITIAL[0]


def _point(span: Span) -> Span:
    """The zero-width span at the end of ``span``."""
    return Span(span.end, span.end, span.end_line, span.end_column, span.end_line, span.end_column)


class _Frame:
    """One line of play being read: the main line or an open variation."""

    __slots__ = ("elements", "i", "end", "saved_node", "depth", "played", "before", "number", "prev")

    def __init__(self, elements: Sequence, end: int, saved_node: Optional[Node], depth: int) -> None:
        self.elements = elements
        self.i = 0
        self.end = end  # file offset where this line's text ends (for "rest as comment")
        self.saved_node = saved_node  # the move this variation replaces (None: main line)
        self.depth = depth  # len(position stack) when the line began
        self.played = False  # a move has been read in this line
        self.before: list[str] = []  # comments before the line's first move
        self.number: Optional[MoveNumber] = None  # pending move number
        self.prev: object = None  # previous element (separator checks)


class PgnLowering:
    """Turns one :class:`GameSyntax` into a :class:`Game`, reporting to a sink."""

    def __init__(self, sink: DiagnosticSink) -> None:
        self.sink = sink
        self.strict = sink.strict

    # ---------------------------------------------------------------- helpers
    def report(self, rule: Rule, message: str, span: Optional[Span]) -> Diagnostic:
        return self.sink.report(rule, message, span)

    def relocate(self, diags: Sequence[Diagnostic], line: int, column: int) -> None:
        add = self.sink.add
        for d in diags:
            add(d.shifted(line, column))

    def source(self, syntax: GameSyntax, start: int, end: int) -> str:
        return syntax.text[start - syntax.offset : end - syntax.offset]

    # ---------------------------------------------------------------- entry
    def lower(self, syntax: GameSyntax) -> Game:
        game = Game(None, _initial())  # a copy: no FEN parse per game
        game.span = syntax.span
        headers = game.headers
        for tag in syntax.tags:
            self._add_tag(game, tag)
        start = self._start_position(game, headers)
        format_notation = self._format_notation(game)
        if start is None:
            # No usable position: keep the movetext as the game comment.
            if syntax.movetext:
                first = syntax.movetext[0].span
                last = syntax.movetext[-1].span
                game.root.comments.append(self.source(syntax, first.start, last.end))
            last_node = game.root
        else:
            game.start = start
            last_node = self._movetext(game, syntax, start.copy(), format_notation)
        self._result(game, syntax, last_node)
        return game

    # ---------------------------------------------------------------- tags
    def _add_tag(self, game: Game, tag: TagPair, misplaced: bool = False) -> None:
        if not tag.name:
            return  # a tag pair the parser had to complete; already reported
        if "\\" in tag.raw_value:
            raw = tag.raw_value
            i = raw.find("\\")
            while i >= 0:
                nxt = raw[i + 1 : i + 2]
                if nxt not in ('"', "\\"):
                    col = tag.value_span.column + 1 + i
                    width = 1 + len(nxt)  # the backslash and what it stands before, if anything
                    sp = Span(tag.value_span.start + 1 + i, tag.value_span.start + 1 + i + width, tag.value_span.line, col, tag.value_span.line, col + width)
                    what = f"before `{nxt}`" if nxt else "at the end of the value"
                    self.report(rules.TAG_ESCAPE, f"Backslash {what} in tag `{tag.name}`; expected `\\\\` or `\\\"` (kept as written)", sp)
                    i = raw.find("\\", i + 1)
                else:
                    i = raw.find("\\", i + 2)
        headers = game.headers
        if tag.name in headers:
            self.report(
                rules.DUPLICATE_TAG,
                f"Duplicate tag `{tag.name}`; the first value `{headers[tag.name]}` is kept",
                tag.name_span,
            )
            return
        if misplaced:
            self.report(
                rules.TAG_IN_MOVETEXT,
                f"Tag `{tag.name}` inside the movetext; tags belong before the moves",
                tag.span,
            )
        headers[tag.name] = tag.value
        game.tag_spans[tag.name] = tag.value_span

    def _start_position(self, game: Game, headers: Headers) -> Optional[Position]:
        fen = headers.get("FEN")
        if fen is None:
            return game.start.copy()
        pos, diags = parse_fen(fen)
        vs = game.tag_spans.get("FEN")
        if vs is not None:
            self.relocate(diags, vs.line, vs.column + 1)
        else:  # pragma: no cover - a FEN tag always has a span
            self.sink.extend(diags)
        if pos is None:
            self.report(rules.BAD_FEN_TAG, "The FEN tag gives no position; the moves are kept as a comment", vs)
        return pos

    def _format_notation(self, game: Game) -> Optional[Notation]:
        value = game.headers.get("Format")
        if value is None:
            return None
        notation = FORMAT_NAMES.get(value.strip().lower())
        if notation is None:
            self.report(
                rules.FORMAT_UNKNOWN,
                f"Unknown Format `{value}`; expected `Chinese`, `WXF` or `ICCS`",
                game.tag_spans.get("Format"),
            )
        return notation

    # ---------------------------------------------------------------- movetext
    def _movetext(self, game: Game, syntax: GameSyntax, pos: Position, format_notation: Optional[Notation]) -> Node:
        """Read the movetext; return the last node of the main line.

        The state of the line being read (``_Frame``'s fields) lives in local
        variables while its elements are read, and goes back into its frame
        when a variation is entered (the hot loop of the reader).
        """
        elements = syntax.movetext
        end = elements[-1].span.end if elements else syntax.span.start
        root = game.root
        frames = [_Frame(elements, end, None, 0)]
        node = root
        notation: Optional[Notation] = None  # of the game's first move
        notation_kind = ""  # its terminal: later moves of that kind need no check
        mixed_reported = False
        strict = self.strict
        report = self.report
        push = pos.push
        main_last = root
        while frames:
            f = frames[-1]
            els = f.elements
            i = f.i
            n = len(els)
            played = f.played
            number = f.number
            prev = f.prev
            prev_end = prev.span.end if prev is not None else -1  # type: ignore[attr-defined]
            while i < n:
                el = els[i]
                i += 1
                t = type(el)
                span = el.span
                if prev_end == span.start:
                    self._separator(prev, el)
                prev = el
                prev_end = span.end
                if t is MoveToken:
                    text = el.text
                    kind = el.kind
                    if kind == "UNKNOWN_MOVE":
                        joined = self._split_move(els, i, el)
                        if joined is not None:
                            text, span, kind, els = joined
                            n = len(els)
                            prev = None
                            prev_end = -1
                    move, diags = decode(text, pos, None, strict=strict)
                    if diags:
                        self.relocate(diags, span.line, span.column)
                    if move is None:
                        if not diags:  # pragma: no cover - decode always explains a None
                            report(rules.SYNTAX, f"Unknown move `{text}`", span)
                        rest = self.source(syntax, el.span.start, f.end).rstrip()
                        report(
                            rules.MOVES_NOT_READ,
                            "Moves from here to the end of the line are kept as a comment" if f.saved_node is None
                            else "Moves from here to the end of the variation are kept as a comment",
                            el.span,
                        )
                        (node.comments if played else f.before).append(rest)
                        number = None
                        i = n
                        continue
                    if kind != notation_kind:
                        # Notation and Format tag (once per game).
                        mv_notation = _KIND.get(kind)
                        if mv_notation is not None:
                            if notation is None:
                                notation = mv_notation
                                notation_kind = kind
                                game.notation = notation
                                self._check_format(game, format_notation, notation, span)
                            elif mv_notation is not notation and not mixed_reported:
                                mixed_reported = True
                                report(
                                    rules.MIXED_NOTATION,
                                    f"Move `{text}` is in {_FORMAT_TAG[mv_notation]} notation; the game's moves are in {_FORMAT_TAG[notation]}",
                                    span,
                                )
                    if number is not None:
                        if not (pos.turn and number.number == pos.fullmove_number and not number.ellipsis):
                            self._check_number(number, played, pos, text, span)
                        number = None  # the common case above, checked inline
                    elif pos.turn or not played:
                        self._check_number(None, played, pos, text, span)
                    child = Node(move, node, span=span, text=text)
                    node.children.append(child)
                    node = child
                    if el.suffix is not None:
                        node.nags.append(SUFFIX_NAGS[el.suffix])
                    if not played:
                        played = True
                        if f.before:
                            if f.saved_node is None:
                                root.comments.extend(f.before)
                            else:
                                node.comments_before.extend(f.before)
                            f.before = []
                    push(move)
                elif t is MoveNumber:
                    if number is not None:
                        self._dangling_number(number)
                    number = el
                elif t is Comment:
                    if played:
                        node.comments.append(el.text)
                    elif f.saved_node is None:
                        root.comments.append(el.text)
                    else:
                        f.before.append(el.text)
                    if not el.line and "{" in el.text:
                        self._brace_in_comment(el)
                elif t is Nag:
                    if played:
                        node.nags.append(el.value)
                    else:
                        report(rules.SYNTAX, f"NAG `${el.value}` before any move of its line; dropped", span)
                elif t is Variation:
                    if number is not None:
                        self._dangling_number(number)
                        number = None
                    if not played:
                        report(rules.VARIATION_WITHOUT_MOVE, "Variation before any move of its line; kept as a comment", span)
                        f.before.append(self.source(syntax, span.start, span.end))
                        continue
                    if not el.elements or not any(type(x) is MoveToken for x in el.elements):
                        report(rules.EMPTY_VARIATION, "Empty variation; expected at least one move", span)
                        for x in el.elements:
                            if type(x) is Comment:
                                node.comments.append(x.text)
                        continue
                    # The variation replaces `node`'s move: step back one ply.
                    pos.pop()
                    # This line goes on after the variation: keep where it is.
                    f.elements = els
                    f.i = i
                    f.played = played
                    f.number = number
                    f.prev = prev
                    content_end = span.end - 1 if el.closed else span.end
                    frames.append(_Frame(el.elements, content_end, node, len(pos._stack)))
                    node = node.parent  # type: ignore[assignment]
                    break
                elif t is MisplacedTag:
                    self._add_tag(game, el.tag, misplaced=True)
            else:
                # End of a line of play.
                if number is not None:
                    self._dangling_number(number)
                frames.pop()
                if f.saved_node is None:
                    main_last = node
                    if f.before:
                        root.comments.extend(f.before)
                    continue
                if not played:
                    f.saved_node.comments.extend(f.before)
                while len(pos._stack) > f.depth:
                    pos.pop()
                node = f.saved_node
                push(node.move)  # type: ignore[arg-type]
        return main_last

    # ---------------------------------------------------------------- checks
    def _separator(self, prev: object, el: object) -> None:
        tp, te = type(prev), type(el)
        if tp is MoveNumber and te is MoveToken:
            self.report(
                rules.MISSING_SEPARATOR,
                f"No separator after move number `{prev.text}`; expected a space before `{el.text}`",  # type: ignore[attr-defined]
                _point(prev.span),  # type: ignore[attr-defined]
            )
        elif (tp is MoveToken and te in (MoveToken, MoveNumber)) or (
            (tp is MoveToken and te is Comment) or (tp is Comment and te is MoveToken)
        ):
            if te is Comment and el.line:  # type: ignore[attr-defined]
                return
            self.report(
                rules.MISSING_SEPARATOR,
                f"No separator between `{_text(prev)}` and `{_text(el)}`; expected a space",
                _point(prev.span),  # type: ignore[attr-defined]
            )

    def _split_move(self, els: Sequence, i: int, first: MoveToken) -> Optional[tuple[str, Span, str, Sequence]]:
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
        return text, span, {Notation.CHINESE: "CHINESE_MOVE", Notation.WXF: "WXF_MOVE", Notation.ICCS: "ICCS_MOVE"}[notation], rest

    def _check_format(self, game: Game, format_notation: Optional[Notation], notation: Notation, span: Span) -> None:
        value = game.headers.get("Format")
        if value is None:
            if notation is not Notation.CHINESE:
                self.report(
                    rules.FORMAT_MISSING,
                    f"No Format tag, so the moves should be Chinese; they are {_FORMAT_TAG[notation]} "
                    f"(expected `[Format \"{_FORMAT_TAG[notation]}\"]`)",
                    span,
                )
        elif format_notation is not None and format_notation is not notation:
            self.report(
                rules.FORMAT_MISMATCH,
                f"Format tag is `{value}` but the moves are in {_FORMAT_TAG[notation]} notation",
                game.tag_spans.get("Format"),
            )

    def _check_number(self, num: Optional[MoveNumber], played: bool, pos: Position, text: str, span: Span) -> None:
        """The move number ``num`` (None: none) before the move ``text``; ``played``: not the line's first move."""
        expected = pos.fullmove_number
        if pos.turn:  # Red
            if num is None:
                self.report(rules.MISSING_MOVE_NUMBER, f"No move number before `{text}`; expected `{expected}.`", span)
            elif num.number != expected or num.ellipsis:
                self.report(
                    rules.WRONG_MOVE_NUMBER,
                    f"Move number `{num.text}` before Red's move `{text}`; expected `{expected}.`",
                    num.span,
                )
        elif not played:
            if num is None or not num.ellipsis:
                self.report(
                    rules.BLACK_WITHOUT_ELLIPSIS,
                    f"Line starts with Black's move `{text}`; expected `{expected}. ...` before it",
                    num.span if num is not None else span,
                )
            elif num.number != expected:
                self.report(
                    rules.WRONG_MOVE_NUMBER,
                    f"Move number `{num.text}` before Black's move `{text}`; expected `{expected}. ...`",
                    num.span,
                )
        elif num is not None and (num.number != expected or not num.ellipsis):
            self.report(
                rules.WRONG_MOVE_NUMBER,
                f"Move number `{num.text}` before Black's move `{text}`; expected `{expected}...` or none",
                num.span,
            )

    def _dangling_number(self, num: MoveNumber) -> None:
        self.report(rules.WRONG_MOVE_NUMBER, f"Move number `{num.text}` is followed by no move", num.span)

    def _brace_in_comment(self, c: Comment) -> None:
        i = c.text.find("{")
        # The comment's text starts one character after its `{`.
        before = c.text[:i]
        nl = before.count("\n")
        if nl:
            line = c.span.line + nl
            col = i - before.rfind("\n")
        else:
            line = c.span.line
            col = c.span.column + 1 + i
        self.report(
            rules.BRACE_IN_COMMENT,
            "`{` inside a comment; comments do not nest",
            Span(c.span.start + 1 + i, c.span.start + 2 + i, line, col, line, col + 1),
        )

    # ---------------------------------------------------------------- result
    def _result(self, game: Game, syntax: GameSyntax, last: Node) -> None:
        res = syntax.result
        if res is not None:
            game.result = res.text
            game.result_span = res.span
            if syntax.movetext:
                prev = syntax.movetext[-1]
                if type(prev) is MoveToken and prev.span.end == res.span.start:
                    self.report(
                        rules.MISSING_SEPARATOR,
                        f"No separator between `{prev.text}` and the result `{res.text}`; expected a space",
                        _point(prev.span),
                    )
        else:
            tag = game.headers.get("Result", "*")
            game.result = tag if tag in RESULTS else "*"
            if syntax.movetext or syntax.tags:
                where = syntax.movetext[-1].span if syntax.movetext else syntax.tags[-1].span
                self.report(
                    rules.MISSING_RESULT,
                    "Game ends without a result; expected `1-0`, `0-1`, `1/2-1/2` or `*`",
                    _point(where),
                )
        for item in syntax.trailer:
            if type(item) is StrayText:
                self.report(
                    rules.TEXT_AFTER_RESULT,
                    f"Text after the result `{_short(item.text)}`; only comments may follow it (kept as a comment)",
                    item.span,
                )
            last.comments.append(item.text)


def _text(el: object) -> str:
    if type(el) is MoveToken or type(el) is MoveNumber:
        return el.text  # type: ignore[attr-defined]
    if type(el) is Comment:
        return "{" + _short(el.text, 12) + "}"  # type: ignore[attr-defined]
    return "…"  # pragma: no cover


def _short(text: str, limit: int = 40) -> str:
    text = text.replace("\r", "").replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lower_game(syntax: GameSyntax, sink: DiagnosticSink) -> Game:
    """Lower one game (see :class:`PgnLowering`)."""
    return PgnLowering(sink).lower(syntax)
