"""The record reader of the UBB formats shaped as DhtmlXQ: one machine, each format's hooks.

DhtmlXQ (docs/spec/dhtmlxq.md) and DHJHtmlXQ (docs/spec/dhjhtmlxq.md) write a
game as tagged blocks that :mod:`.grammar` turns into the same records, and a
record is read the same way in both, up to names.  :class:`RecordReader` is
that reading, once: the block structure the grammar accepts permissively
(closing tags and repeats, §2 of each page), the info tags (§6), the moves of
a block (§4) sent to the one :class:`~xqformats.builder.GameBuilder` (each
checked by the rules engine), and the findings on them.  A format's reader is
a subclass: its :class:`Dialect` (tag names, rule codes, header table, how a
point is counted) and what it alone has, its start position (§3), its
comments (§5) and DhtmlXQ's branches (:meth:`RecordReader.read_branches`).
Every finding goes to the sink at character offsets of the text; nothing
raises on any input.

After a move that cannot be played, the rest of its block is not read
(:data:`REST_OF_LINE`, DROP; the finding on the move says how many moves
that is).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, ClassVar, Optional, Protocol

from ..builder import GameBuilder, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import DiagnosticSink, Rule, excerpt
from ..fen import RULE_OF
from ..model import Game, Node
from ..notation import Notation, decode
from ..position import STARTING_FEN, Position
from .grammar import Block, Document, Piece, Record

#: After a move that cannot be played, the rest of its block is not read.
REST_OF_LINE = LinePolicy.DROP
#: The main line's number (DhtmlXQ's branch 0, DHJHtmlXQ's line 0 in a comment's name).
MAIN = "0"


class Codes(Protocol):
    """The rules of the findings :class:`RecordReader` makes, in one format's codes (its ``rules`` module is one)."""

    NO_BLOCK: Rule
    UNCLOSED_BLOCK: Rule
    CLOSE_MISMATCH: Rule
    STRAY_CLOSE: Rule
    REPEATED_BLOCK: Rule
    MOVE_LENGTH: Rule
    NOT_A_DIGIT: Rule
    ILLEGAL_MOVE: Rule
    UNKNOWN_TAG: Rule
    UNKNOWN_RESULT: Rule


@dataclass(frozen=True, slots=True)
class Dialect:
    """What one format names or counts differently where the machine is the same."""

    #: What every tag starts with (``DhtmlXQ``), as the messages name the format.
    marker: str
    #: The main line's block name (``movelist``, ``34``): its kind is ``movelist``.
    moves: str
    #: The block kinds of the format's grammar (its ``_block`` rule), each read on its own.
    kinds: tuple[str, ...]
    #: The format's rule codes.
    rules: Codes
    #: The square of a two-digit point ``xy``, or ``None`` when it is off the board.
    point: Callable[[str], Optional[int]]
    #: The info tags the format knows (others are reported, and kept).
    known_tags: frozenset[str]
    #: The name of the result's tag.
    result_tag: str
    #: The result a result tag's value means, or ``None`` when it is none known.
    result_of: Callable[[str], Optional[str]]
    #: The model header a tag's value goes to.
    header_for_tag: Callable[[str], str]
    #: What a result must be, as the finding on an unknown one says (``result word (红胜, …)``).
    results: str
    #: How a message quotes a tag's name or value (cut short, or as it is).
    quote: Callable[[str], str]
    #: Where the moves after one that cannot be played are not read (`` in this line``, or nothing).
    rest_where: str


def number(digits: str) -> str:
    """A number as a key: its digits without leading zeros (no ``int()``: any length is read)."""
    return digits.lstrip("0") or "0"


def value_of(block: Block) -> str:
    """A block's value: the text of its body."""
    return "".join(p.text for p in block.body)


def comment_text(block: Block) -> str:
    """A comment block's text, its line breaks (``||``) as newlines."""
    return "".join("\n" if p.kind == "LINE_BREAK" else p.text for p in block.body)


def shown(text: str) -> str:
    """A piece of junk as a message quotes it: white space escaped, long text cut."""
    return excerpt(text.encode("unicode_escape").decode("ascii") if text.isspace() else text)


def read_document(doc: Document, sink: DiagnosticSink, reader: type[RecordReader]) -> list[Game]:
    """The games of ``doc``, each record read by ``reader``, every finding reported to ``sink`` (whose source is the text parsed)."""
    dialect = reader.DIALECT
    for stray in doc.strays:
        sink.report_at(dialect.rules.STRAY_CLOSE, f"`{stray.text}` closes no block; ignored", stray.start, stray.end)
    if not doc.records:
        text = sink.source.text if sink.source is not None else ""
        marker = dialect.marker
        sink.report_at(dialect.rules.NO_BLOCK, f"No {marker} block (`[{marker}_{dialect.moves}]…`) in the text", 0, min(len(text or ""), 1))
    games = []
    for record in doc.records:
        first = len(sink.items)
        game = reader(record, sink).read()
        game.diagnostics = list(sink.items[first:])
        games.append(game)
    return games


class RecordReader(ReaderHooks):
    """Turns one :class:`Record` into a :class:`Game`, reporting to a sink; the builder's hooks.

    A format's subclass sets :attr:`DIALECT` and gives :meth:`start_position`
    and :meth:`read_comments`; :meth:`block_key` and :meth:`read_branches`
    when its blocks need them.
    """

    DIALECT: ClassVar[Dialect]

    def __init__(self, record: Record, sink: DiagnosticSink) -> None:
        self.record = record
        self.sink = sink
        self.rules = self.DIALECT.rules
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.game = self.builder.game
        self.result = "*"  # the result tag's, when it is a known result
        #: line number (:func:`number`) -> {ply: node} of the moves that line itself plays
        self.lines: dict[str, dict[int, Node]] = {}
        #: How many moves follow the one being played in its block (for the finding on it).
        self.rest = 0

    def report(self, rule: Rule, message: str, piece: Piece | Block) -> None:
        self.sink.report_at(rule, message, piece.start, piece.end)

    # ---------------------------------------------------------------- the format's hooks
    def start_position(self, kinds: dict[str, dict[str, Block]], first: Optional[Piece]) -> Position:
        """The start position the record's blocks give (§3); ``first`` is the main line's first move, if whole."""
        raise NotImplementedError

    def read_comments(self, comments: dict[str, Block]) -> None:
        """Place the comment blocks (by :meth:`block_key`) on the moves read (§5)."""
        raise NotImplementedError

    def block_key(self, block: Block) -> Optional[str]:
        """What tells ``block`` from the others of its kind (its name); ``None`` when it names one the record has already."""
        return block.name

    def read_branches(self, kinds: dict[str, dict[str, Block]]) -> None:
        """Read the lines other than the main one, after it (a format without branches has none)."""

    # ---------------------------------------------------------------- entry
    def read(self) -> Game:
        record = self.record
        if record.head is not None and record.close is None:
            self.report(self.rules.UNCLOSED_BLOCK, f"`{record.head.text}` is not closed; expected `[/{record.head.text[1:]}`", record.head)
        for stray in record.strays:
            self.report(self.rules.STRAY_CLOSE, f"`{stray.text}` closes no block; ignored", stray)
        kinds = self._sort_blocks()
        builder = self.builder
        self._headers(kinds["tag"])
        moves = kinds["movelist"].get(self.DIALECT.moves)
        first = moves.body[0] if moves is not None and moves.body and moves.body[0].kind == "MOVE" else None
        start = self.start_position(kinds, first)
        builder.visit_start(start)
        if start.fen() != STARTING_FEN:
            builder.visit_header("FEN", start.fen())
        if self.game.span is None and record.blocks and self.sink.source is not None:
            self.game.span = self.sink.source.span(record.blocks[0].start, record.blocks[-1].end)
        self.lines[MAIN] = self.play(moves, 1) if moves is not None else {}
        self.read_branches(kinds)
        builder.visit_result(self.result)
        builder.end_game()
        self.read_comments(kinds["comment"])
        return builder.result()

    def _sort_blocks(self) -> dict[str, dict[str, Block]]:
        """The record's blocks by kind and key; closing tags checked, repeats reported (the first kept)."""
        kinds: dict[str, dict[str, Block]] = {k: {} for k in self.DIALECT.kinds}
        for block in self.record.blocks:
            self._check_close(block)
            key = self.block_key(block)
            seen = kinds[block.kind]
            if key is None or key in seen:
                self.report(self.rules.REPEATED_BLOCK, f"`{block.head.text}` repeats a block of this record; ignored", block.head)
                continue
            seen[key] = block
        return kinds

    def _check_close(self, block: Block) -> None:
        # The closing tag expected is the opening one with a slash: every block's
        # opening tag is the marker's (docs/spec/dhtmlxq.md §2.1), or a
        # DHJHtmlXQ comment's own (docs/spec/dhjhtmlxq.md §5.1).
        name = block.close_name
        expected = f"[/{block.head.text[1:]}"
        if name is None:
            self.report(self.rules.UNCLOSED_BLOCK, f"`{block.head.text}` is not closed; expected `{expected}`", block.head)
        elif name != block.name:
            assert block.close is not None
            self.report(self.rules.CLOSE_MISMATCH, f"`{block.close.text}` closes `{block.head.text}`; expected `{expected}`", block.close)

    # ---------------------------------------------------------------- info tags (§6)
    def _headers(self, tags: dict[str, Block]) -> None:
        dialect = self.DIALECT
        quote = dialect.quote
        for name, block in tags.items():
            value = value_of(block)
            if name not in dialect.known_tags:
                self.report(self.rules.UNKNOWN_TAG, f"Unknown tag `{quote(name)}`; kept as the header `{quote(dialect.header_for_tag(name))}`", block.head)
            if name == dialect.result_tag:
                result = dialect.result_of(value)
                if result is not None:
                    self.result = result
                    continue
                kept = dialect.header_for_tag(name)
                self.report(self.rules.UNKNOWN_RESULT, f"Result `{quote(value)}` is not a known {dialect.results}; kept as the header `{kept}`", block)
            self.builder.visit_header(dialect.header_for_tag(name), value)

    # ---------------------------------------------------------------- the start position (§3)
    def first_mover(self, pos: Position, first: Piece) -> bool:
        """Whether Red moves first in ``pos`` by the first move: unless it is a Black piece's (§3.2 of each page)."""
        frm = self.DIALECT.point(first.text[:2])
        piece = pos.piece_at(frm) if frm is not None else None
        return not (piece is not None and piece.islower())

    def report_setup(self, pos: Position, label: str, start: int, end: int) -> None:
        """The FEN rules' findings on a board no game reaches (F106–F110), at ``start``–``end``, each message after ``label``."""
        for problem, message, _ in pos.setup_problems():
            self.sink.report_at(RULE_OF[problem], f"{label}: {message}", start, end)

    def report_junk(self, block: Block, kind: str, rule: Rule, said: str, where: str) -> None:
        """``rule`` for the first piece of ``kind`` in ``block`` (it ``said``), with how many more the ``where`` holds.

        One finding per block, however damaged (one per piece of junk cost a few
        hundred bytes per few bytes of input; found by the fuzzing harness).
        """
        junk = [p for p in block.body if p.kind == kind]
        if not junk:
            return
        more = f" ({len(junk) - 1:,} more in this {where})" if len(junk) > 1 else ""
        self.report(rule, f"`{shown(junk[0].text)}` inside `{block.head.text}` {said}; skipped{more}", junk[0])

    def not_digits(self, block: Block) -> None:
        """The finding on the first text that is no digits in ``block`` (D110, H111)."""
        self.report_junk(block, "JUNK", self.rules.NOT_A_DIGIT, "is not digits", "block")

    # ---------------------------------------------------------------- moves (§4)
    def play(self, block: Block, ply: int) -> dict[int, Node]:
        """Play ``block``'s moves from where the builder stands, the first at ply ``ply``; ``{ply: node}`` of those read."""
        self.not_digits(block)
        played: dict[int, Node] = {}
        builder = self.builder
        source = self.sink.source
        moves = [p for p in block.body if p.kind in ("MOVE", "DIGITS")]
        for i, piece in enumerate(moves):
            if piece.kind == "DIGITS":
                self.report(self.rules.MOVE_LENGTH, f"`{piece.text}` is left over after the last whole move (4 digits each); not read", piece)
                break
            self.rest = len(moves) - i - 1
            point = self.DIALECT.point
            frm, to = point(piece.text[:2]), point(piece.text[2:])
            if frm is None or to is None:
                self.report(self.rules.ILLEGAL_MOVE, f"Move `{piece.text}` names a point off the board{self._not_read()}", piece)
                builder.visit_unreadable(piece)
                break
            span = source.span(piece.start, piece.end) if source is not None else None
            node = builder.visit_move(Move(frm, to), span, piece.text, piece)
            if node is None:
                break
            played[ply] = node
            ply += 1
        return played

    def _not_read(self) -> str:
        """What the finding on a move that cannot be played says of the moves after it."""
        rest = self.rest
        return f"; it and the {rest} move{'s' if rest != 1 else ''} after it{self.DIALECT.rest_where} are not read" if rest else "; not read"

    def illegal(self, move: Move, why: str, token: Piece) -> None:
        """The finding on an illegal move (D111, H112), in the words of the ICCS notation's finding on it."""
        _, found = decode(move.iccs(), self.builder.position, Notation.ICCS)
        reason = found[0].message if found else "not a legal move"
        self.report(self.rules.ILLEGAL_MOVE, f"Move `{token.text}` ({move.iccs()}): {reason}{self._not_read()}", token)
