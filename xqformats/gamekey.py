"""A game's identity: its start position and its main line (docs/spec/README.md §4.6).

Two records hold the same game when they start from the same position (board
and side to move) and their main lines are the same moves; headers, comments,
variations and the record's format do not count.  :func:`game_key` is that
identity as a value, :class:`GameKey`; the linter's ``G109`` and the archive
commands (``xqformats duplicates``, ``find``, the index) both use it, so they
cannot disagree on what "the same game" is.

Also here, because they walk the same line: the key of a game's left–right
mirror image (:func:`mirrored_key`, from :func:`xqformats.geometry.mirror_left_right`)
and the Zobrist hash of every main-line position (:func:`line_positions`,
from :data:`xqformats.position.ZOBRIST_PIECES`), with the captures met on the way.

Cost: one pass over the main line, no legality test (the reader has already
played every move).
"""

from __future__ import annotations

import hashlib
from itertools import chain
from typing import TYPE_CHECKING, Iterable, NamedTuple, Optional, Sequence

from .core import SQUARES, Move, Square
from .geometry import mirror_left_right
from .position import ZOBRIST_BLACK, ZOBRIST_PIECES, Position, zobrist_hash

if TYPE_CHECKING:
    from .model import Game

__all__ = ["GameKey", "game_key", "mirrored_key", "encode_moves", "decode_moves"]


def encode_moves(moves: Iterable[Move]) -> bytes:
    """A main line as bytes: two per ply, the from-square and the to-square (0–89, :func:`xqformats.core.square`)."""
    return bytes(chain.from_iterable(moves))


def decode_moves(data: bytes) -> list[Move]:
    """The moves of :func:`encode_moves`' bytes."""
    return [Move(data[i], data[i + 1]) for i in range(0, len(data) - 1, 2)]


class GameKey(NamedTuple):
    """A game's identity: the Zobrist hash of its start position and its main line (:func:`encode_moves`).

    Equal keys are the same game.  ``digest`` is a short fixed-size form of
    the key for tables and messages; a key whose ``moves`` begin with another
    key's ``moves`` (same ``start``) continues that game (:meth:`extends`).
    """

    start: int
    moves: bytes

    @property
    def plies(self) -> int:
        return len(self.moves) // 2

    def digest(self) -> bytes:
        """16 bytes of BLAKE2b over the start hash (8 bytes, big-endian) and the moves."""
        return hashlib.blake2b(self.start.to_bytes(8, "big") + self.moves, digest_size=16).digest()

    def extends(self, other: "GameKey") -> bool:
        """Whether this game starts as ``other`` does and plays at least its moves (equal keys included)."""
        return self.start == other.start and self.moves.startswith(other.moves)


def main_line(game: "Game") -> list[Move]:
    """The moves of ``game``'s main line (:meth:`Game.mainline_moves <xqformats.model.Game.mainline_moves>`)."""
    return game.mainline_moves()


def game_key(game: "Game") -> GameKey:
    """The identity of ``game`` (see the module docstring). O(plies)."""
    return GameKey(game.start.zobrist(), encode_moves(main_line(game)))


def mirrored_position(position: Position) -> Position:
    """``position`` mirrored left to right (every piece on :func:`~xqformats.geometry.mirror_left_right` of its square)."""
    out = position.copy()
    for sq, piece in enumerate(position.board):
        out.set_piece(sq, None)
    for sq, piece in enumerate(position.board):
        if piece is not None:
            out.set_piece(mirror_left_right(sq), piece)
    return out


#: MIRRORED[sq]: the square's mirror image between the wings (:func:`~xqformats.geometry.mirror_left_right`), as a table.
MIRRORED: tuple[Square, ...] = tuple(mirror_left_right(sq) for sq in SQUARES)


def mirrored_hash(position: Position) -> int:
    """The Zobrist hash of ``position``'s mirror image (what :func:`mirrored_position` gives, without building it)."""
    h = 0 if position.turn else ZOBRIST_BLACK
    table = ZOBRIST_PIECES
    for sq, piece in enumerate(position.board):
        if piece is not None:
            h ^= table[piece][MIRRORED[sq]]
    return h


def mirrored_key(game: "Game") -> GameKey:
    """The identity of ``game``'s left–right mirror image: the mirrored start and each move mirrored."""
    start = mirrored_position(game.start)
    moves = [Move(mirror_left_right(m.from_square), mirror_left_right(m.to_square)) for m in main_line(game)]
    return GameKey(start.zobrist(), encode_moves(moves))


class LinePositions(NamedTuple):
    """What :func:`line_positions` finds along a main line."""

    #: The Zobrist hash of the position before each ply and after the last: ``plies + 1`` numbers.
    hashes: list[int]
    #: ``(ply, piece)`` for each capture: the FEN letter taken by the move that makes ply ``ply`` (1-based).
    captures: list[tuple[int, str]]


def line_positions(start: Position, moves: Sequence[Move]) -> LinePositions:
    """The Zobrist hash of every position of the line ``moves`` from ``start``, and its captures.

    The hash is updated per ply (out of the mover's square, into its
    target, out with a captured piece, the side flipped), so it equals
    :meth:`Position.zobrist` of each position at a fraction of its cost.
    A move from an empty square (no reader gives one) moves nothing.
    """
    board: list[Optional[str]] = list(start.board)
    h = zobrist_hash(board, start.turn)
    hashes = [h]
    captures: list[tuple[int, str]] = []
    table = ZOBRIST_PIECES
    side = ZOBRIST_BLACK
    frm: Square
    to: Square
    for ply, (frm, to) in enumerate(moves, 1):
        piece = board[frm]
        taken = board[to]
        h ^= side
        if piece is not None:
            keys = table[piece]
            h ^= keys[frm] ^ keys[to]
            board[to] = piece
            board[frm] = None
            if taken is not None:
                h ^= table[taken][to]
                captures.append((ply, taken))
        hashes.append(h)
    return LinePositions(hashes, captures)
