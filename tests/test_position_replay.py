"""``Position.replay`` leaves what ``push`` one move at a time leaves, and gives each position's key and the plies that captured."""

from __future__ import annotations

import random

from xqformats.adjudication.cycles import scan_line
from xqformats.position import Position


def random_line(seed: int, plies: int = 200) -> tuple[Position, list]:
    rng = random.Random(seed)
    pos = Position()
    moves = []
    for _ in range(plies):
        legal = pos.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        pos.push(move)
    return pos, moves


def test_replay_equals_push_by_push() -> None:
    for seed in range(30):
        pushed, moves = random_line(seed)
        replayed = Position()
        start = Position()
        keys, captures = replayed.replay(moves)
        assert replayed.board == pushed.board
        assert (replayed.turn, replayed.halfmove_clock, replayed.fullmove_number) == (
            pushed.turn, pushed.halfmove_clock, pushed.fullmove_number)
        assert replayed.king(True) == pushed.king(True) and replayed.king(False) == pushed.king(False)
        assert replayed.move_stack == pushed.move_stack
        # Each position's key and the plies that captured, checked against a push-by-push replay.
        assert keys[0] == start.zobrist() and len(keys) == len(moves) + 1
        taken = []
        for ply, move in enumerate(moves, 1):
            if start.piece_at(move.to_square) is not None:
                taken.append(ply)
            start.push(move)
            assert keys[ply] == start.zobrist()
        assert captures == taken
        while replayed.move_stack:  # the stack pops back to the start
            replayed.pop()
        assert replayed == Position()


def test_scan_line_keys_are_the_zobrist_hashes_of_the_positions() -> None:
    for seed in range(10):
        _, moves = random_line(seed, 120)
        scan = scan_line(Position(), moves)
        pos = Position()
        assert scan.keys[0] == pos.zobrist()
        for i, move in enumerate(moves, 1):
            pos.push(move)
            assert scan.keys[i] == pos.zobrist()
        assert scan.end.board == pos.board and scan.end.turn == pos.turn
