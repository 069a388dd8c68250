"""Lower a parsed DHJHtmlXQ document into games (docs/spec/dhjhtmlxq.md).

One :class:`RecordReader` per record: it checks the block structure the
grammar accepts permissively (H102–H105), builds the start position from the
board, the side to move and the start ply (§3), sends the moves to the one
:class:`~xqformats.builder.GameBuilder` (each checked by the rules engine,
§4), places the comments (§5) and maps the info tags to headers (§6).  Every
finding goes to the sink at character offsets of the text; nothing raises on
any input.

After a move that cannot be played, the rest of the moves is not read
(:data:`REST_OF_LINE`, DROP; H112 says how many that is).
"""

from __future__ import annotations

from typing import Optional

from ..builder import GameBuilder, LinePolicy, ReaderHooks
from ..core import Move, square
from ..diagnostics import DiagnosticSink, Rule, excerpt
from ..digits import bounded_int
from ..fen import RULE_OF
from ..model import Game, Node
from ..notation import Notation, decode
from ..position import STARTING_FEN, Position
from . import rules
from .grammar import Block, Document, Piece, Record
from .tags import (
    BLACK_TO_MOVE,
    BOARD,
    EMPTY,
    INFO_NUMBERS,
    MOVES,
    RED_TO_MOVE,
    RESULT,
    SIDE,
    START,
    header_for_tag,
    result_of,
)

__all__ = ["read_document", "RecordReader", "decode_point", "REST_OF_LINE", "SQUARES"]

#: After a move that cannot be played, the rest of the moves is not read (H112).
REST_OF_LINE = LinePolicy.DROP

#: The last file of a point (docs/spec/dhjhtmlxq.md §4.1: x 0–8 from Red's left, y 0–9 from Red's side).
_LAST_X = 8
#: The squares of the board: 9 files by 10 ranks (docs/spec/dhjhtmlxq.md §3.1).
SQUARES = 90
_FILES = 9
_LAST_RANK = 9
#: The main line's number in a comment's name (docs/spec/dhjhtmlxq.md §5.1).
_MAIN = "0"
_COMMENT = "comment_"
#: The block kinds of the grammar (grammars/dhjhtmlxq.lark's `_block`), each read on its own.
_KINDS = ("tag", "board", "side", "start", "movelist", "comment")


def decode_point(pair: str) -> Optional[int]:
    """The square of a two-digit point ``xy`` (y counted from Red's side), or ``None`` when off the board (x = 9)."""
    x, y = int(pair[0]), int(pair[1])
    return None if x > _LAST_X else square(x, y)


def read_document(doc: Document, sink: DiagnosticSink) -> list[Game]:
    """The games of ``doc``, every finding reported to ``sink`` (whose source is the text parsed)."""
    for stray in doc.strays:
        sink.report_at(rules.STRAY_CLOSE, f"`{stray.text}` closes no block; ignored", stray.start, stray.end)
    if not doc.records:
        text = sink.source.text if sink.source is not None else ""
        sink.report_at(rules.NO_BLOCK, "No DHJHtmlXQ block (`[DHJHtmlXQ_34]…`) in the text", 0, min(len(text or ""), 1))
    games = []
    for record in doc.records:
        first = len(sink.items)
        game = RecordReader(record, sink).read()
        game.diagnostics = list(sink.items[first:])
        games.append(game)
    return games


def _number(digits: str) -> str:
    """A number as a key: its digits without leading zeros."""
    return digits.lstrip("0") or "0"


def _comment_key(name: str) -> tuple[str, str]:
    """``(line, move)`` of a comment block named ``comment_B_I`` or ``comment_I`` (line 0), as :func:`_number` keys."""
    numbers = name[len(_COMMENT):].split("_")
    line, move = (numbers[0], numbers[1]) if len(numbers) == 2 else (_MAIN, numbers[0])
    return _number(line), _number(move)


def _value(block: Block) -> str:
    return "".join(p.text for p in block.body)


class RecordReader(ReaderHooks):
    """Turns one :class:`Record` into a :class:`Game`, reporting to a sink; the builder's hooks."""

    def __init__(self, record: Record, sink: DiagnosticSink) -> None:
        self.record = record
        self.sink = sink
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.game = self.builder.game
        self.result = "*"  # the `_28` tag's, when it is a known result
        #: The moves read, in order (the comments' move numbers count them from 1).
        self.played: list[Node] = []
        #: How many moves follow the one being played (for H112).
        self.rest = 0

    def report(self, rule: Rule, message: str, piece: Piece | Block) -> None:
        self.sink.report_at(rule, message, piece.start, piece.end)

    # ---------------------------------------------------------------- entry
    def read(self) -> Game:
        record = self.record
        if record.head is not None and record.close is None:
            self.report(rules.UNCLOSED_BLOCK, f"`{record.head.text}` is not closed; expected `[/{record.head.text[1:]}`", record.head)
        for stray in record.strays:
            self.report(rules.STRAY_CLOSE, f"`{stray.text}` closes no block; ignored", stray)
        kinds = self._sort_blocks()
        builder = self.builder
        self._headers(kinds["tag"])
        moves = kinds["movelist"].get(MOVES)
        first = moves.body[0] if moves is not None and moves.body and moves.body[0].kind == "MOVE" else None
        start = self._start(kinds["board"].get(BOARD), kinds["side"].get(SIDE), kinds["start"].get(START), first)
        builder.visit_start(start)
        if start.fen() != STARTING_FEN:
            builder.visit_header("FEN", start.fen())
        if self.game.span is None and record.blocks and self.sink.source is not None:
            self.game.span = self.sink.source.span(record.blocks[0].start, record.blocks[-1].end)
        if moves is not None:
            self._play(moves)
        builder.visit_result(self.result)
        builder.end_game()
        self._comments(kinds["comment"])
        return builder.result()

    def _sort_blocks(self) -> dict[str, dict[str, Block]]:
        """The record's blocks by kind and name; closing tags checked, repeats reported (the first kept)."""
        kinds: dict[str, dict[str, Block]] = {k: {} for k in _KINDS}
        for block in self.record.blocks:
            self._check_close(block)
            key = "_".join(_comment_key(block.name)) if block.kind == "comment" else block.name
            seen = kinds[block.kind]
            if key in seen:
                self.report(rules.REPEATED_BLOCK, f"`{block.head.text}` repeats a block of this record; ignored", block.head)
                continue
            seen[key] = block
        return kinds

    def _check_close(self, block: Block) -> None:
        name = block.close_name
        if name is None:
            self.report(rules.UNCLOSED_BLOCK, f"`{block.head.text}` is not closed; expected `[/{block.head.text[1:]}`", block.head)
        elif name != block.name:
            assert block.close is not None
            self.report(rules.CLOSE_MISMATCH, f"`{block.close.text}` closes `{block.head.text}`; expected `[/{block.head.text[1:]}`", block.close)

    # ---------------------------------------------------------------- info tags (§6)
    def _headers(self, tags: dict[str, Block]) -> None:
        for name, block in tags.items():
            value = _value(block)
            if name not in INFO_NUMBERS:
                self.report(rules.UNKNOWN_TAG, f"Unknown tag `{excerpt(name)}`; kept as the header `{excerpt(header_for_tag(name))}`", block.head)
            if name == RESULT:
                result = result_of(value)
                if result is not None:
                    self.result = result
                    continue
                self.report(
                    rules.UNKNOWN_RESULT,
                    f"Result `{excerpt(value)}` is not a known result (红胜, 黑胜, 和棋, 1-0, …); kept as the header `DHJHtmlXQ_28`",
                    block,
                )
            self.builder.visit_header(header_for_tag(name), value)

    # ---------------------------------------------------------------- the start position (§3)
    def _start(self, board: Optional[Block], side: Optional[Block], start: Optional[Block], first: Optional[Piece]) -> Position:
        pos = self._board(board) if board is not None else None
        if pos is None:
            pos = Position.initial()
        turn = self._side(side)
        if turn is None and first is not None:
            frm = decode_point(first.text[:2])
            piece = pos.piece_at(frm) if frm is not None else None
            # docs/spec/dhjhtmlxq.md §3.2: without `_32`, Red moves first unless the first move is a Black piece's.
            turn = not (piece is not None and piece.islower())
        pos.turn = True if turn is None else turn
        if start is not None:
            pos.fullmove_number = self._move_number(start)
        if board is not None and board.body:
            for problem, message, _ in pos.setup_problems():
                self.sink.report_at(RULE_OF[problem], f"`_31`: {message}", board.head.end, board.end if board.close is None else board.close.start)
        return pos

    def _board(self, block: Block) -> Optional[Position]:
        """The pieces the board places; ``None`` (the initial position) when it is empty, or its length is wrong (H106)."""
        junk = [p for p in block.body if p.kind == "NOT_SQUARE"]
        if junk:
            more = f" ({len(junk) - 1:,} more in this board)" if len(junk) > 1 else ""
            self.report(rules.BOARD_CHARACTER, f"`{_shown(junk[0].text)}` inside `{block.head.text}` is no square; skipped{more}", junk[0])
        squares = "".join(p.text for p in block.body if p.kind == "SQUARES")
        if not squares and not junk:
            return None  # docs/spec/dhjhtmlxq.md §3.1: an empty board is the initial position
        if len(squares) != SQUARES:
            self.report(rules.BOARD_LENGTH, f"The board has {len(squares):,} squares; expected {SQUARES} (9 files by 10 ranks); read from the initial position", block.head)
            return None
        pos = Position(None)
        for i, piece in enumerate(squares):
            if piece != EMPTY:
                pos.set_piece(square(i % _FILES, _LAST_RANK - i // _FILES), piece)
        return pos

    def _side(self, block: Optional[Block]) -> Optional[bool]:
        """Red (``True``) or Black to move as `_32` says; ``None`` when it is absent, empty or neither (H108)."""
        if block is None:
            return None
        value = _value(block).strip()
        if value in (RED_TO_MOVE, BLACK_TO_MOVE):
            return value == RED_TO_MOVE
        if value:
            self.report(rules.SIDE_VALUE, f"`_32` is `{excerpt(value)}`; expected `0` (Red) or `1` (Black); the side is told by the first move", block)
        return None

    def _move_number(self, block: Block) -> int:
        """The start's move number from `_33`, the plies before it (§3.3): plies ÷ 2 + 1; 1 when it is no number (H109)."""
        value = _value(block).strip()
        plies = bounded_int(value) if value.isascii() else None
        if plies is None:
            if value:
                self.report(rules.START_VALUE, f"`_33` is `{excerpt(value)}`, not a number of plies; read as move 1", block)
            return 1
        return plies // 2 + 1

    # ---------------------------------------------------------------- moves (§4)
    def _play(self, block: Block) -> None:
        """Play the moves of `_34` from the start, in order."""
        junk = [p for p in block.body if p.kind == "JUNK"]
        if junk:
            more = f" ({len(junk) - 1:,} more in this block)" if len(junk) > 1 else ""
            self.report(rules.NOT_A_DIGIT, f"`{_shown(junk[0].text)}` inside `{block.head.text}` is not digits; skipped{more}", junk[0])
        builder = self.builder
        source = self.sink.source
        moves = [p for p in block.body if p.kind in ("MOVE", "DIGITS")]
        for i, piece in enumerate(moves):
            if piece.kind == "DIGITS":
                self.report(rules.MOVE_LENGTH, f"`{piece.text}` is left over after the last whole move (4 digits each); not read", piece)
                break
            self.rest = len(moves) - i - 1
            frm, to = decode_point(piece.text[:2]), decode_point(piece.text[2:])
            if frm is None or to is None:
                self.report(rules.ILLEGAL_MOVE, f"Move `{piece.text}` names a point off the board{self._not_read()}", piece)
                builder.visit_unreadable(piece)
                break
            span = source.span(piece.start, piece.end) if source is not None else None
            node = builder.visit_move(Move(frm, to), span, piece.text, piece)
            if node is None:
                break
            self.played.append(node)

    def _not_read(self) -> str:
        """What H112 says of the moves after the one that cannot be played."""
        rest = self.rest
        return f"; it and the {rest} move{'s' if rest != 1 else ''} after it are not read" if rest else "; not read"

    def illegal(self, move: Move, why: str, token: Piece) -> None:
        """H112 for an illegal move, in the words of the ICCS notation's finding on it."""
        _, found = decode(move.iccs(), self.builder.position, Notation.ICCS)
        reason = found[0].message if found else "not a legal move"
        self.report(rules.ILLEGAL_MOVE, f"Move `{token.text}` ({move.iccs()}): {reason}{self._not_read()}", token)

    # ---------------------------------------------------------------- comments (§5)
    def _comments(self, comments: dict[str, Block]) -> None:
        for name, block in comments.items():
            line, move = name.split("_")
            text = "".join("\n" if p.kind == "LINE_BREAK" else p.text for p in block.body)
            if not text:
                continue
            if line != _MAIN:
                self.report(rules.COMMENT_TARGET, f"`{block.head.text}` names line {excerpt(line)}; DHJHtmlXQ holds the main line (0) only; kept as a comment on the game", block.head)
                self.game.root.comments.append(text)
                continue
            index = bounded_int(move)
            if index == 0:
                self.game.root.comments.append(text)
            elif index is not None and index <= len(self.played):
                self.played[index - 1].comments.append(text)
            else:
                self.report(rules.COMMENT_TARGET, f"`{block.head.text}`: the moves have no move {excerpt(move)} (they are {len(self.played)}); kept as a comment on the game", block.head)
                self.game.root.comments.append(text)


def _shown(text: str) -> str:
    """A piece of junk as a message quotes it: white space escaped, long text cut."""
    return excerpt(text.encode("unicode_escape").decode("ascii") if text.isspace() else text)
