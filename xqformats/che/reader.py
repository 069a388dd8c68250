"""Read a QQ CHE text with ``grammars/che.lark`` into a game (docs/spec/che.md).

The Lark LALR parser (contextual lexer) is built once per thread, lazily, from
the private Lark cache.  The grammar accepts every text (its catch-all
terminal takes any word that is not an integer), so the parse never fails;
:class:`CheReader` walks the tree: the header (§2.2), then each record of ten
integers (§3), whose squares make a move sent to the one
:class:`~xqformats.builder.GameBuilder`, which checks it.  A move that cannot
be played and the moves after it are kept as one comment (:data:`REST_OF_LINE`,
KEEP: Q110).  The piece ids are followed as the moves are played and checked
(Q111); which way the columns were read is said when it matters (Q112).  Every
finding is placed at character offsets of the text.  CHE holds no header,
comment or result: the result is unknown (``*``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any, NamedTuple, Optional, cast

from lark import Lark, Token, Tree

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..core import Move, Square, square_name
from ..diagnostics import Diagnostic, DiagnosticSink, Rule
from ..digits import bounded_int
from ..model import Game
from ..resources import child_tokens, format_parser, token_span
from ..source import Source
from . import rules
from .squares import START_IDS, is_own_mirror, point

#: What becomes of the line after a move that cannot be played: kept as a comment (Q110).
REST_OF_LINE = LinePolicy.KEEP
#: What the comment keeping unplayable moves starts with (docs/spec/che.md §3.4).
UNREAD_PREFIX = "CHE moves not read:"
#: The header's first integer (docs/spec/che.md §2.2).
VERSION = 1
#: The integers of one record (docs/spec/che.md §3.1).
FIELDS = 10
#: The fields whose value is always the same: their place in the record and the value (§3.1).
FIXED = {1: 32, 7: 0, 9: 0}
_ORDINALS = {1: "second", 7: "eighth", 9: "tenth"}


def parser() -> Lark:
    """This thread's parser (built once; the grammar file is the spec)."""
    return format_parser("che", "file")


@lru_cache(maxsize=1)
def _integer() -> "re.Pattern[str]":
    """The grammar's INT: how the integers of a HEADER or RECORD token are found inside it."""
    return re.compile(parser().get_terminal("INT").pattern.to_regexp())


class Word(NamedTuple):
    """One integer as written: its text and where it stands in the source."""

    text: str
    start: int
    end: int

    @property
    def value(self) -> Optional[int]:
        """Its value; ``None`` for a number of more than nine digits (docs/security.md, the limits)."""
        return bounded_int(self.text)

    @property
    def short(self) -> str:
        """The text as a message quotes it."""
        return self.text if len(self.text) <= 12 else self.text[:12] + "…"


def _words(tok: Token) -> list[Word]:
    """The integers of one token (an INT, a HEADER or a RECORD), each at its place."""
    at = token_span(tok)[0]
    return [Word(m.group(), at + m.start(), at + m.end()) for m in _integer().finditer(str(tok))]


class Record:
    """One move record: its ten integers (docs/spec/che.md §3.1), read from one RECORD token.

    The values are read at once; where each integer stands (:meth:`word`) only
    when a finding names it.
    """

    __slots__ = ("token", "values", "_words")

    def __init__(self, token: Token) -> None:
        self.token = token
        # A RECORD token is ten INTs and the grammar's blanks between them (grammars/che.lark).
        # Python's white space is nearly that set, and splitting at it is the fast path; the
        # grammar's blanks also hold U+FEFF, which str.split keeps inside a word, so when that
        # does not give ten words the integers are found with INT's own pattern.
        words = str(token).split()
        if len(words) != FIELDS:
            words = [m.group() for m in _integer().finditer(str(token))]
        self.values: tuple[Optional[int], ...] = tuple(bounded_int(t) for t in words)
        self._words: Optional[list[Word]] = None

    def word(self, place: int) -> Word:
        """The integer at ``place`` (0–9), as written and where."""
        if self._words is None:
            self._words = _words(self.token)
        return self._words[place]

    @property
    def start(self) -> int:
        return token_span(self.token)[0]

    @property
    def end(self) -> int:
        return token_span(self.token)[1]

    @property
    def raw(self) -> str:
        """The two points as written, ``(rank,column)-(rank,column)``."""
        fr, fc, tr, tc = (self.word(i).text for i in range(3, 7))
        return f"({fr},{fc})-({tr},{tc})"

    def move(self) -> Optional[Move]:
        """The move of the record's points, or ``None`` when a point is off the board or the two are the same."""
        fr, fc, tr, tc = self.values[3:7]
        if fr is None or fc is None or tr is None or tc is None:
            return None
        frm, to = point(fr, fc), point(tr, tc)
        return Move(frm, to) if frm is not None and to is not None and frm != to else None


class CheReader(ReaderHooks):
    """Turns the parse tree of one text into a :class:`Game`, reporting to a sink; the builder's hooks."""

    def __init__(self, sink: DiagnosticSink) -> None:
        self.sink = sink
        self.builder = GameBuilder(self, REST_OF_LINE, sink.strict)
        self.ids: dict[Square, int] = dict(START_IDS)  # the id of the piece on each square (§3.5)
        self.records = 0
        self.asymmetric: Optional[Record] = None  # the first record whose move is not its own mirror
        self.strays: list[Token] = []

    def report(self, rule: Rule, message: str, start: int, end: int) -> Diagnostic:
        return self.sink.report_at(rule, message, start, end)

    # ---------------------------------------------------------------- entry
    def read(self, tree: Tree[Token]) -> Game:
        body: Optional[Tree[Token]] = None
        for child in tree.children:
            assert isinstance(child, Tree)
            if child.data == "lead":
                self.strays.append(child_tokens(child)[0])
            elif child.data == "header":
                self._flush_strays()
                body = next(c for c in tree.children if isinstance(c, Tree) and c.data == "body")
                self._header(child_tokens(child)[0], len([c for c in body.children if isinstance(c, Tree) and c.data == "record"]))
        self._flush_strays()
        if body is None:
            end = len(self.sink.source.text or "") if self.sink.source is not None else 0
            self.report(rules.HEADER, "No integers: a CHE record starts with the header `1 N`", end, end)
        else:
            self._body(body)
        self._say_reading()
        self.builder.visit_result("*")
        self.builder.end_game()
        return self.builder.result()

    def _flush_strays(self) -> None:
        if self.strays:
            first, last = self.strays[0], self.strays[-1]
            more = f" and {len(self.strays) - 1} more word{'s' if len(self.strays) > 2 else ''}" if len(self.strays) > 1 else ""
            text = str(first) if len(str(first)) <= 20 else str(first)[:20] + "…"
            self.report(rules.STRAY_TEXT, f"`{text}`{more}: not an unsigned integer; skipped", token_span(first)[0], token_span(last)[1])
            self.strays = []

    # ---------------------------------------------------------------- the header (§2.2)
    def _header(self, tok: Token, whole: int) -> None:
        """The version and the move count, against the ``whole`` records that follow (a lone integer: Q101)."""
        words = _words(tok)
        if len(words) == 1:
            self.report(rules.HEADER, "Only one integer: the header is `1 N` (the version, then the number of moves)", *token_span(tok))
            return
        version, count = words
        if version.value != VERSION:
            self.report(rules.VERSION, f"The version is `{version.short}`, not 1; the records are read as usual", version.start, version.end)
        if count.value != whole:
            records = f"{whole} whole record{'' if whole == 1 else 's'}"
            self.report(rules.MOVE_COUNT, f"The header counts `{count.short}` moves; the file holds {records}", count.start, count.end)

    # ---------------------------------------------------------------- the records (§3)
    def _body(self, tree: Tree[Token]) -> None:
        for child in tree.children:
            assert isinstance(child, Tree)
            toks = child_tokens(child)
            if child.data == "stray":
                self.strays.append(toks[0])
                continue
            self._flush_strays()
            if child.data == "record":
                self._record(Record(toks[0]))
            else:  # partial: single INT tokens
                start, end = token_span(toks[0])[0], token_span(toks[-1])[1]
                self.report(
                    rules.TRUNCATED, f"A move record of {len(toks)} integer{'' if len(toks) == 1 else 's'}, not {FIELDS}: no move", start, end
                )
        self._flush_strays()

    def _record(self, rec: Record) -> None:
        self.records += 1
        ply = self.records
        self._check_fields(rec, ply)
        move = rec.move()
        builder = self.builder
        if move is None:
            if not builder.dead:
                self.report(
                    rules.MOVE_POINT,
                    f"Move record {rec.raw} (rank, column): ranks are 0–9, columns 0–8, and the two points differ",
                    rec.start,
                    rec.end,
                )
            builder.visit_unreadable(rec)
            return
        live = not builder.dead
        if builder.visit_move(move, self.sink.source.span(rec.start, rec.end) if self.sink.source else None, None, rec) is None:
            return
        if live:
            self._follow_id(rec, move)
            if self.asymmetric is None and not is_own_mirror(move):
                self.asymmetric = rec

    def _check_fields(self, rec: Record, ply: int) -> None:
        """The fixed fields (Q106), then the side and ply number (Q107), each reported once per record."""
        values = rec.values
        for place, value in FIXED.items():
            if values[place] != value:
                word = rec.word(place)
                self.report(
                    rules.FIXED_FIELD,
                    f"The {_ORDINALS[place]} integer of the record is `{word.short}`, not {value}; the move is read from its squares",
                    word.start,
                    word.end,
                )
        turn = 1 if ply % 2 else 0
        if values[2] != turn:
            who = "Red's" if turn else "Black's"
            side = rec.word(2)
            self.report(rules.SEQUENCE, f"The side is `{side.short}`; the record at ply {ply} is {who} move ({turn})", side.start, side.end)
        if values[8] != ply:
            number = rec.word(8)
            self.report(rules.SEQUENCE, f"The ply number is `{number.short}`; this record is at ply {ply}", number.start, number.end)

    def _follow_id(self, rec: Record, move: Move) -> None:
        """Check the record's piece id against the piece on its from-square, then move the id with it (§3.5)."""
        expected = self.ids.pop(move.from_square, None)
        if expected is not None:
            self.ids[move.to_square] = expected
        if rec.values[0] != expected or expected is None:
            word = rec.word(0)
            self.report(
                rules.PIECE_ID,
                f"Piece id `{word.short}`; the piece on {square_name(move.from_square)} has id {expected}; the move is read from its squares",
                word.start,
                word.end,
            )

    def _say_reading(self) -> None:
        """Q112, when every record was played and the columns read the other way give another game (§3.2)."""
        rec = self.asymmetric
        if rec is None or self.builder.dead or self.builder.ply != self.records:
            return
        self.report(
            rules.COLUMN_READING,
            "Columns read as vschess writes them (column 0 is file i); with column 0 as file a (xqbase's che2pgn) "
            "the game is its mirror image, legal too",
            rec.start,
            rec.end,
        )

    # ---------------------------------------------------------------- the builder's hooks
    def illegal(self, move: Move, why: str, token: Any) -> None:
        rec = cast(Record, token)
        self.report(rules.ILLEGAL_MOVE, f"Illegal move `{move.iccs()}` {rec.raw}: {why}", rec.start, rec.end)

    def kept_item(self, token: Any) -> str:
        rec = cast(Record, token)
        move = rec.move()
        return move.iccs() if move is not None else rec.raw

    def kept(self, kept: Kept) -> Optional[str]:
        where = "before the first move" if kept.ply == 0 else f"on the move at ply {kept.ply}"
        first = cast(Record, kept.first)
        self.report(
            rules.MOVES_NOT_READ,
            f"Moves from here to the end, {len(kept.items)} in all, are kept as a comment {where}",
            first.start,
            first.end,
        )
        return " ".join([UNREAD_PREFIX, *kept.items])


def read_che(text: "str | Source", *, strict: bool = False, path: Optional[str] = None) -> tuple[list[Game], list[Diagnostic]]:
    """The game of a CHE text, and every finding; never raises on any text.

    ``text`` is the decoded text, or a :class:`~xqformats.source.Source`
    holding it.  There is always one game (without moves when the text holds
    none).  ``strict`` makes the deviations errors.
    """
    source = text if isinstance(text, Source) else Source.from_text(text, path)
    if path is not None and source.name is None:
        source = replace(source, name=path)
    sink = DiagnosticSink(path=source.name, strict=strict, source=source)
    game = CheReader(sink).read(parser().parse(source.text or ""))
    game.diagnostics = list(sink.items)
    return [game], list(sink.items)
