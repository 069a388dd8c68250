"""Generated archives for the archive tests and benchmarks: random legal games, their mirror images and prefixes.

The moves are drawn from our engine's legal moves (any legal game will do);
what the tests then check — positions, duplicates — is judged by other
means: Fairy-Stockfish's FEN after each move, and the groups known by
construction here.  The mirror image is made here square by square (file
f ↔ 8 − f), not by xqformats.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Optional

from xqformats import formats
from xqformats.core import Move
from xqformats.model import Game
from xqformats.position import Position


def random_game(seed: int, plies: int = 40, headers: Optional[dict[str, str]] = None, start: Optional[Position] = None) -> Game:
    """A game of up to ``plies`` random legal moves (fewer when a side has none), from ``start`` (default: the start)."""
    rng = random.Random(seed)
    pos = start.copy() if start is not None else Position.initial()
    moves: list[Move] = []
    for _ in range(plies):
        legal = sorted(pos.legal_moves())
        if not legal:
            break
        move = rng.choice(legal)
        pos.push(move)
        moves.append(move)
    game = Game.from_moves(moves, start)
    for k, v in (headers or {"Red": f"Red {seed}", "Black": f"Black {seed}", "Result": "*"}).items():
        game.headers[k] = v
    game.result = game.headers.get("Result", "*")
    return game


def _flip(sq: int) -> int:
    """The square's mirror image between the wings, written out here: file f -> 8 - f, rank kept (square = rank * 9 + file)."""
    rank, file = divmod(sq, 9)
    return rank * 9 + (8 - file)


def mirror_game(game: Game) -> Game:
    """``game`` reflected left to right, square by square."""
    start = Position(None)
    start.turn = game.start.turn
    for sq, piece in enumerate(game.start.board):
        if piece is not None:
            start.set_piece(_flip(sq), piece)
    moves = [Move(_flip(m.from_square), _flip(m.to_square)) for m in game.mainline_moves()]
    out = Game.from_moves(moves, start)
    for k, v in game.headers.items():
        out.headers[k] = v
    out.result = game.result
    return out


def prefix_game(game: Game, plies: int) -> Game:
    """The first ``plies`` moves of ``game``, same headers."""
    out = Game.from_moves(game.mainline_moves()[:plies], game.start)
    for k, v in game.headers.items():
        out.headers[k] = v
    out.result = game.result
    return out


def annotated(game: Game) -> Game:
    """``game`` with a comment on every fifth move and a variation at its third move (the main line unchanged)."""
    out = Game.from_moves(game.mainline_moves(), game.start)
    for k, v in game.headers.items():
        out.headers[k] = v
    out.result = game.result
    nodes = list(out.mainline())
    for node in nodes[::5]:
        node.comments.append(f"comment at {node.move}")
    third = nodes[2]
    pos = third.parent.board() if third.parent is not None else out.start.copy()
    other = next(m for m in sorted(pos.legal_moves()) if m != third.move)
    assert third.parent is not None
    third.parent.add_variation(other)
    return out


def write(path: Path, games: list[Game], fmt: str) -> Path:
    """``games`` written to ``path`` by our writer for ``fmt``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(formats.write(games, fmt))
    return path


def uci_for_fsf(move: Move) -> str:
    """Fairy-Stockfish's UCI spelling of a move (ranks 1–10)."""
    u = move.uci()
    return f"{u[0]}{int(u[1]) + 1}{u[2]}{int(u[3]) + 1}"
