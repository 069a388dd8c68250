"""Lower a parsed DHJHtmlXQ document into games (docs/spec/dhjhtmlxq.md).

One :class:`RecordReader` per record, the UBB record reader of DhtmlXQ
(:class:`xqformats.dhtmlxq.ubb.RecordReader`: the block structure H102–H105,
the info tags §6, the moves §4) with what DHJHtmlXQ says its own way: its
numbered tags and H1xx codes (:data:`DIALECT`), the start position from the
board, the side to move and the start ply (§3), and the comments by move
number on the main line, its one line (§5).

After a move that cannot be played, the rest of the moves is not read
(:data:`REST_OF_LINE`, DROP; H112 says how many that is).
"""

from __future__ import annotations

from typing import Optional

from ..core import square
from ..dhtmlxq import ubb
from ..dhtmlxq.grammar import Block, Document, Piece
from ..dhtmlxq.ubb import MAIN as _MAIN
from ..dhtmlxq.ubb import (
    REST_OF_LINE,  # noqa: F401 - this format's policy, the one both dialects read by (ubb)
    Dialect,
    comment_text,
    value_of,
)
from ..dhtmlxq.ubb import number as _number
from ..diagnostics import DiagnosticSink, excerpt
from ..digits import bounded_int
from ..model import Game
from ..position import Position
from . import rules
from .grammar import MARKER
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

#: The last file of a point (docs/spec/dhjhtmlxq.md §4.1: x 0–8 from Red's left, y 0–9 from Red's side).
_LAST_X = 8
#: The squares of the board: 9 files by 10 ranks (docs/spec/dhjhtmlxq.md §3.1).
SQUARES = 90
_FILES = 9
_LAST_RANK = 9
_COMMENT = "comment_"


def decode_point(pair: str) -> Optional[int]:
    """The square of a two-digit point ``xy`` (y counted from Red's side), or ``None`` when off the board (x = 9)."""
    x, y = int(pair[0]), int(pair[1])
    return None if x > _LAST_X else square(x, y)


#: What DHJHtmlXQ names and counts its own way (docs/spec/dhjhtmlxq.md §2–§6).
DIALECT = Dialect(
    marker=MARKER,
    moves=MOVES,
    # The block kinds of the grammar (grammars/dhjhtmlxq.lark's `_block`).
    kinds=("tag", "board", "side", "start", "movelist", "comment"),
    rules=rules,
    point=decode_point,
    known_tags=INFO_NUMBERS,
    result_tag=RESULT,
    result_of=result_of,
    header_for_tag=header_for_tag,
    results="result (红胜, 黑胜, 和棋, 1-0, …)",
    quote=excerpt,
    rest_where="",
)


def read_document(doc: Document, sink: DiagnosticSink) -> list[Game]:
    """The games of ``doc``, every finding reported to ``sink`` (whose source is the text parsed)."""
    return ubb.read_document(doc, sink, RecordReader)


def _comment_key(name: str) -> tuple[str, str]:
    """``(line, move)`` of a comment block named ``comment_B_I`` or ``comment_I`` (line 0), as :func:`_number` keys."""
    numbers = name[len(_COMMENT):].split("_")
    line, move = (numbers[0], numbers[1]) if len(numbers) == 2 else (_MAIN, numbers[0])
    return _number(line), _number(move)


class RecordReader(ubb.RecordReader):
    """Turns one DHJHtmlXQ record into a :class:`Game`, reporting to a sink; the builder's hooks."""

    DIALECT = DIALECT

    def block_key(self, block: Block) -> Optional[str]:
        """A comment by its line and move number (``0_5``: ``comment_5`` and ``comment_0_05`` are one); every other block by its name."""
        return "_".join(_comment_key(block.name)) if block.kind == "comment" else block.name

    # ---------------------------------------------------------------- the start position (§3)
    def start_position(self, kinds: dict[str, dict[str, Block]], first: Optional[Piece]) -> Position:
        board = kinds["board"].get(BOARD)
        pos = self._board(board) if board is not None else None
        if pos is None:
            pos = Position.initial()
        turn = self._side(kinds["side"].get(SIDE))
        if turn is None and first is not None:
            # docs/spec/dhjhtmlxq.md §3.2: without `_32`, Red moves first unless the first move is a Black piece's.
            turn = self.first_mover(pos, first)
        pos.turn = True if turn is None else turn
        start = kinds["start"].get(START)
        if start is not None:
            pos.fullmove_number = self._move_number(start)
        if board is not None and board.body:
            self.report_setup(pos, "`_31`", board.head.end, board.end if board.close is None else board.close.start)
        return pos

    def _board(self, block: Block) -> Optional[Position]:
        """The pieces the board places; ``None`` (the initial position) when it is empty, or its length is wrong (H106)."""
        self.report_junk(block, "NOT_SQUARE", rules.BOARD_CHARACTER, "is no square", "board")
        squares = "".join(p.text for p in block.body if p.kind == "SQUARES")
        if not squares and not any(p.kind == "NOT_SQUARE" for p in block.body):
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
        value = value_of(block).strip()
        if value in (RED_TO_MOVE, BLACK_TO_MOVE):
            return value == RED_TO_MOVE
        if value:
            self.report(rules.SIDE_VALUE, f"`_32` is `{excerpt(value)}`; expected `0` (Red) or `1` (Black); the side is told by the first move", block)
        return None

    def _move_number(self, block: Block) -> int:
        """The start's move number from `_33`, the plies before it (§3.3): plies ÷ 2 + 1; 1 when it is no number (H109)."""
        value = value_of(block).strip()
        plies = bounded_int(value) if value.isascii() else None
        if plies is None:
            if value:
                self.report(rules.START_VALUE, f"`_33` is `{excerpt(value)}`, not a number of plies; read as move 1", block)
            return 1
        return plies // 2 + 1

    # ---------------------------------------------------------------- comments (§5)
    def read_comments(self, comments: dict[str, Block]) -> None:
        played = self.lines[_MAIN]  # the comments' move numbers count the moves read from 1: their plies
        for name, block in comments.items():
            line, move = name.split("_")
            text = comment_text(block)
            if not text:
                continue
            if line != _MAIN:
                self.report(rules.COMMENT_TARGET, f"`{block.head.text}` names line {excerpt(line)}; DHJHtmlXQ holds the main line (0) only; kept as a comment on the game", block.head)
                self.game.root.comments.append(text)
                continue
            index = bounded_int(move)
            node = played.get(index) if index is not None else None
            if index == 0:
                self.game.root.comments.append(text)
            elif node is not None:
                node.comments.append(text)
            else:
                self.report(rules.COMMENT_TARGET, f"`{block.head.text}`: the moves have no move {excerpt(move)} (they are {len(played)}); kept as a comment on the game", block.head)
                self.game.root.comments.append(text)
