"""The rules engine: move rules piece by piece, check, pins, make/unmake.

Expected move sets below were worked out by hand from the diagrams in the
comments (files a-i left to right from Red's side, ranks 0-9 upwards); the
property tests compare against Fairy-Stockfish (pyffish) where it is installed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import legal_positions
from xqformats.core import (
    BLACK,
    RED,
    Move,
    make_piece,
    piece_color,
    piece_type,
    square,
    square_file,
    square_name,
    square_rank,
)
import xqformats
from xqformats import geometry as G
from xqformats.position import STARTING_FEN, Position


def sq(name: str) -> int:
    return square("abcdefghi".index(name[0]), int(name[1:]))


def mv(text: str) -> Move:
    """``"h2e2"`` -> Move(h2, e2)."""
    return Move(sq(text[:2]), sq(text[2:]))


def names(squares: list[int]) -> set[str]:
    return {square_name(s) for s in squares}


def legal_from(pos: Position, name: str) -> set[str]:
    return {square_name(m.to_square) for m in pos.legal_moves_from(sq(name))}


def pseudo_from(pos: Position, name: str) -> set[str]:
    return names(pos.pseudo_targets(sq(name)))


# ---------------------------------------------------------------- vocabulary
def test_squares_and_moves() -> None:
    assert square(0, 0) == 0 and square(8, 9) == 89 and square(4, 0) == 4
    assert (square_file(25), square_rank(25), square_name(25)) == (7, 2, "h2")
    assert square_name(85) == "e9"
    m = Move(sq("h2"), sq("e2"))
    assert (m.iccs(), m.uci(), str(m), repr(m)) == ("H2-E2", "h2e2", "H2-E2", "Move(H2-E2)")
    assert m == mv("h2e2") and hash(m) == hash(mv("h2e2"))
    assert (piece_color("K"), piece_color("k"), piece_type("n"), make_piece("C", BLACK)) == (RED, BLACK, "N", "c")


def test_start_position() -> None:
    pos = Position()
    assert pos.fen() == STARTING_FEN
    assert pos.turn is RED and pos.king(RED) == sq("e0") and pos.king(BLACK) == sq("e9")
    assert len(pos.legal_moves()) == 44
    assert legal_from(pos, "b0") == {"a2", "c2"}  # horse: d1 is behind the elephant's leg c0
    assert legal_from(pos, "c0") == {"a2", "e2"}  # elephant
    assert legal_from(pos, "d0") == {"e1"}  # advisor
    assert legal_from(pos, "e0") == {"e1"}  # king
    assert legal_from(pos, "a0") == {"a1", "a2"}  # rook, stopped by its own pawn a3
    assert legal_from(pos, "e3") == {"e4"}  # pawn before the river
    # Cannon h2: slides h3-h6, h1, i2, g2-c2; captures the horse h9 over the cannon h7;
    # cannot capture over its own cannon b2 (nothing beyond on a2).
    assert legal_from(pos, "h2") == {"h3", "h4", "h5", "h6", "h9", "h1", "i2", "g2", "f2", "e2", "d2", "c2"}
    assert pos.legal_moves_from(sq("h7")) == []  # Black's cannon: not Black's move
    assert pos.legal_moves_from(sq("e5")) == []  # empty square
    assert not pos.is_check() and pos.outcome() is None


# ---------------------------------------------------------------- piece rules
def test_king_stays_in_palace_and_never_faces_the_other() -> None:
    # Black king d9; Red king e1 (palace centre).  d1 would face the Black king.
    pos = Position("3k5/9/9/9/9/9/9/9/4K4/9 w")
    assert pseudo_from(pos, "e1") == {"d1", "f1", "e0", "e2"}
    assert legal_from(pos, "e1") == {"f1", "e0", "e2"}
    assert pos.leaves_king_in_check(mv("e1d1"))
    # Red king d2, palace corner: d3 and c2 are outside; e2 would face the king e9.
    pos = Position("4k4/9/9/9/9/9/9/3K5/9/9 w")
    assert pseudo_from(pos, "d2") == {"d1", "e2"}
    assert legal_from(pos, "d2") == {"d1"}
    # Black king f7, palace corner: f6 and g7 are outside.
    pos = Position("9/9/5k3/9/9/9/9/9/9/3K5 b")
    assert legal_from(pos, "f7") == {"e7", "f8"}


def test_advisor_moves_diagonally_inside_the_palace() -> None:
    # A Red pawn on e3 keeps the kings apart.
    pos = Position("4k4/9/9/9/9/9/4P4/9/9/3AK4 w")
    assert legal_from(pos, "d0") == {"e1"}
    pos = Position("4k4/9/9/9/9/9/4P4/9/4A4/4K4 w")
    assert legal_from(pos, "e1") == {"d0", "f0", "d2", "f2"}
    pos = Position("3ak4/9/9/9/9/9/4P4/9/9/4K4 b")
    assert legal_from(pos, "d9") == {"e8"}


def test_elephant_is_blocked_at_the_eye_and_keeps_its_side() -> None:
    # Elephant c0 with a Red horse on its eye b1: only e2.
    pos = Position("4k4/9/9/9/9/9/4P4/9/1N7/2B1K4 w")
    assert pseudo_from(pos, "c0") == {"e2"}
    # Elephant on the river bank c4: a2 and e2, never a6 or e6.
    pos = Position("4k4/9/9/9/9/2B6/4P4/9/9/4K4 w")
    assert legal_from(pos, "c4") == {"a2", "e2"}
    # Black elephant c5: a7 and e7, never a3 or e3.
    pos = Position("4k4/9/9/9/2b6/9/4P4/9/9/4K4 b")
    assert legal_from(pos, "c5") == {"a7", "e7"}
    # Capturing: Black elephant e7 takes the Red pawn g5 (eye f6 empty), not c5 over d6.
    pos = Position("4k4/9/4b4/3P5/2P3P2/9/9/9/9/3K5 b")
    assert legal_from(pos, "e7") == {"c9", "g9", "g5"}


def test_horse_leg() -> None:
    #   rank 6: . . . n . P . . .    Black horse d6 (capturable), Red pawn f6 (own)
    #   rank 4: . . . . N . . . .    Red horse e4
    #   rank 3: . . . . P . . . .    Red pawn e3 blocks the leg toward d2 and f2
    pos = Position("4k4/9/9/3n1P3/9/4N4/4P4/9/9/4K4 w")
    assert pseudo_from(pos, "e4") == {"d6", "c5", "c3", "g5", "g3"}
    assert legal_from(pos, "e4") == {"d6", "c5", "c3", "g5", "g3"}


def test_horse_check_needs_a_free_leg() -> None:
    # Red horse g8 attacks e9 through the leg f8.
    assert Position("4k4/6N2/9/9/9/9/9/9/9/3K5 b").is_check()
    # A Black rook on f8 blocks the leg.
    assert not Position("4k4/5rN2/9/9/9/9/9/9/9/3K5 b").is_check()


def test_rook_slides_and_captures() -> None:
    pos = Position("3k5/9/9/9/9/9/9/2p1R4/4A4/4K4 w")
    # Rook e2: up e3-e8 and capture? e9 is empty (Black king on d9), so e9 too;
    # left d2, capture c2; right f2-i2; down e1 is its own advisor.
    assert legal_from(pos, "e2") == {"e3", "e4", "e5", "e6", "e7", "e8", "e9", "d2", "c2", "f2", "g2", "h2", "i2"}


def test_cannon_needs_exactly_one_screen_to_capture() -> None:
    #   rank 2: . C . p . r . . .    Red cannon b2, Black pawn d2, Black rook f2
    pos = Position("4k4/9/9/9/9/9/9/1C1p1r3/4A4/4K4 w")
    assert legal_from(pos, "b2") == {
        "a2", "c2", "f2",  # slides to c2; d2 is the screen; captures f2 over it
        "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b1", "b0",
    }  # fmt: skip
    # No capture over zero screens (d2 adjacent) nor over two (a Black pawn on e2 too).
    pos = Position("4k4/9/9/9/9/9/9/1C1pp4/4A4/4K4 w")
    assert "e2" in legal_from(pos, "b2")
    assert "d2" not in legal_from(pos, "b2")
    pos = Position("4k4/9/9/9/9/9/9/1C1ppr3/4A4/4K4 w")
    assert legal_from(pos, "b2") & {"d2", "e2", "f2"} == {"e2"}


def test_cannon_check_counts_screens() -> None:
    assert Position("4k4/9/9/9/4p4/9/4C4/9/9/3K5 b").is_check()  # one screen: e5
    assert not Position("4k4/4a4/9/9/4p4/9/4C4/9/9/3K5 b").is_check()  # two screens
    assert not Position("4k4/9/9/9/9/9/4C4/9/9/3K5 b").is_check()  # no screen


def test_pawn_moves_sideways_only_after_the_river() -> None:
    # Red pawns a9 (last rank), e5 (across), e3 (before the river).
    pos = Position("P2k5/9/9/9/4P4/9/4P4/9/9/4K4 w")
    assert legal_from(pos, "a9") == {"b9"}
    assert legal_from(pos, "e5") == {"e6", "d5", "f5"}
    assert legal_from(pos, "e3") == {"e4"}
    # Black pawns e6 (before the river), e4 (across), i0 (last rank).
    pos = Position("3k5/9/9/4p4/9/4p4/9/9/9/4K3p b")
    assert legal_from(pos, "e6") == {"e5"}
    assert legal_from(pos, "e4") == {"e3", "d4", "f4"}
    assert legal_from(pos, "i0") == {"h0"}


def test_pawn_checks_forward_and_sideways_never_backward() -> None:
    assert Position("9/4k4/4P4/9/9/9/9/9/9/3K5 b").is_check()  # Red pawn e7 below the king e8
    assert Position("9/4kP3/9/9/9/9/9/9/9/3K5 b").is_check()  # Red pawn f8 beside it
    assert not Position("9/4P4/4k4/9/9/9/9/9/9/3K5 b").is_check()  # Red pawn e8 above the king e7
    assert Position("4k4/9/9/9/9/9/9/9/4p4/3K5 w").is_check() is False  # Black pawn e1: d0 is diagonal
    assert Position("4k4/9/9/9/9/9/9/9/3p5/3K5 w").is_check()  # Black pawn d1 above the king d0
    assert not Position("4k4/9/9/9/9/9/9/3K5/3p5/9 w").is_check()  # Black pawn d1 below the king d2


# ---------------------------------------------------------------- king safety
def test_flying_general_pins_the_only_piece_between() -> None:
    # Black horse e7 is the only piece between the kings: it cannot move.
    pos = Position("4k4/9/4n4/9/9/9/9/9/9/4K4 b")
    assert pos.pseudo_targets(sq("e7"))
    assert pos.legal_moves_from(sq("e7")) == []
    assert all(pos.leaves_king_in_check(Move(sq("e7"), t)) for t in pos.pseudo_targets(sq("e7")))
    assert legal_from(pos, "e9") == {"d9", "f9", "e8"}


def test_rook_pinned_on_its_file() -> None:
    # Black rook e8 pins the Red rook e5 to the Red king e0; Black king d9.
    pos = Position("3k5/4r4/9/9/4R4/9/9/9/9/4K4 w")
    assert pseudo_from(pos, "e5") >= {"a5", "i5"}
    assert legal_from(pos, "e5") == {"e1", "e2", "e3", "e4", "e6", "e7", "e8"}
    # The king may not step onto d0 (facing the Black king d9).
    assert legal_from(pos, "e0") == {"f0", "e1"}


def test_evasions_only_when_in_check() -> None:
    # Black in check from the cannon e3 over its own horse e7 (see the perft file).
    pos = Position("3akab2/8R/r3n2c1/9/9/9/4C4/9/6N2/3K5 b")
    assert pos.is_check()
    got = {m.uci() for m in pos.legal_moves()}
    # The screen steps away, or an advisor adds a second screen on e8.
    assert got == {"e7f5", "e7d5", "e7g8", "e7g6", "e7c8", "e7c6", "d9e8", "f9e8"}


def test_gives_check() -> None:
    pos = Position("3k5/9/9/9/9/9/9/9/9/4K3R w")
    assert pos.gives_check(mv("i0i9"))  # along rank 9 to the king d9
    assert not pos.gives_check(mv("i0i8"))
    assert pos.fen() == "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"  # unchanged


def test_is_legal_rejects_wrong_side_and_empty_squares() -> None:
    pos = Position()
    assert pos.is_legal(mv("h2e2"))
    assert not pos.is_legal(mv("h7e7"))  # Black's cannon on Red's move
    assert not pos.is_legal(mv("e5e6"))  # empty square
    assert not pos.is_legal(mv("b0d1"))  # horse leg blocked
    assert not pos.is_legal(mv("e3e5"))  # two steps


# ---------------------------------------------------------------- make / unmake
def test_push_pop_counters() -> None:
    pos = Position()
    pos.push(mv("h2e2"))  # cannon move: the clock runs
    assert (pos.turn, pos.halfmove_clock, pos.fullmove_number) == (BLACK, 1, 1)
    pos.push(mv("h9g7"))  # Black's move completes move 1
    assert (pos.turn, pos.halfmove_clock, pos.fullmove_number) == (RED, 2, 2)
    pos.push(mv("e3e4"))  # pawn advance resets the clock (docs/spec/board.md §6.4)
    assert pos.halfmove_clock == 0
    pos.push(mv("g7f5"))
    pos.push(mv("e4e5"))
    pos.push(mv("f5e3"))  # the horse steps in behind the pawn
    pos.push(mv("e5e6"))  # captures the Black pawn e6
    assert pos.halfmove_clock == 0 and pos.fullmove_number == 4
    assert pos.move_stack == [mv(m) for m in ("h2e2", "h9g7", "e3e4", "g7f5", "e4e5", "f5e3", "e5e6")]
    assert pos.taken() == [(7, "p")]  # ply 7 took Black's e6 pawn
    # The keys of the stack's positions, from the start's key, are those a replay computes.
    assert pos.stack_keys(Position().zobrist()) == Position().replay(pos.move_stack)
    for _ in range(7):
        pos.pop()
    assert pos.fen() == STARTING_FEN and pos.move_stack == [] and pos.taken() == []


def test_pawn_sideways_does_not_reset_the_clock() -> None:
    pos = Position("3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 5 10")
    pos.push(mv("e5d5"))
    assert pos.halfmove_clock == 6
    assert pos.pop() == mv("e5d5")
    assert pos.fen() == "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 5 10"


def test_copy_equality_and_hash() -> None:
    a = Position()
    b = a.copy()
    assert a == b and hash(a) == hash(b) and a.board_key() == b.board_key()
    b.push(mv("h2e2"))
    assert a != b and a.fen() == STARTING_FEN  # the copy is independent
    a.push(mv("h2e2"))
    assert a == b
    c = a.copy(stack=True)
    assert c.move_stack == [mv("h2e2")]
    c.pop()
    assert c.fen() == STARTING_FEN and a.move_stack == [mv("h2e2")]
    assert Position("4k4/9/9/9/9/9/4P4/9/9/4K4 w") != Position("4k4/9/9/9/9/9/4P4/9/9/4K4 b")


def test_set_piece_tracks_kings() -> None:
    pos = Position.empty()
    assert pos.king(RED) is None and pos.fen() == "9/9/9/9/9/9/9/9/9/9 w - - 0 1"
    pos.set_piece(sq("e0"), "K")
    pos.set_piece(sq("d9"), "k")
    assert (pos.king(RED), pos.king(BLACK)) == (sq("e0"), sq("d9"))
    pos.set_piece(sq("e0"), None)
    assert pos.king(RED) is None
    assert pos.pieces("k") == [sq("d9")]


def test_str_draws_the_board_from_blacks_side() -> None:
    lines = str(Position()).splitlines()
    assert lines[0] == "r n b a k a b n r" and lines[-1] == "R N B A K A B N R" and len(lines) == 10


# ---------------------------------------------------------------- all 8100 pairs
PAIR_POSITIONS = [
    STARTING_FEN,
    "r1bakabr1/9/c1n3nc1/pC2p3p/2p3p2/2P6/P3P1P1P/2N1C1N2/9/R1BAKABR1 w - -",
    "3k1a3/4a4/1c2b2c1/9/2C3p2/4P4/r2N5/4C4/4A4/3K1A3 w - -",
    "3akab2/8R/r3n2c1/9/9/9/4C4/9/6N2/3K5 b - -",
    "3k5/1P2a2P1/2P6/p3P4/9/4p4/1p5p1/3p5/4K4/9 w - -",
]


@pytest.mark.parametrize("fen", PAIR_POSITIONS)
def test_is_legal_agrees_with_legal_moves_on_all_pairs(fen: str) -> None:
    pos = Position(fen)
    legal = set(pos.legal_moves())
    assert len(legal) == len(pos.legal_moves())  # no duplicates
    pairs = {Move(f, t) for f in range(90) for t in range(90) if pos.is_legal(Move(f, t))}
    assert pairs == legal
    for f in range(90):
        assert set(pos.legal_moves_from(f)) == {m for m in legal if m.from_square == f}


# ---------------------------------------------------------------- properties
starts = st.one_of(st.just(STARTING_FEN).map(Position), legal_positions())
choices = st.lists(st.integers(min_value=0, max_value=10_000), max_size=40)


@settings(max_examples=150, deadline=None)
@given(starts, choices)
def test_random_playouts_keep_the_rules(pos: Position, picks: list[int]) -> None:
    for pick in picks:
        moves = pos.legal_moves()
        assert pos.has_legal_move() == bool(moves)
        if not moves:
            out = pos.outcome()
            assert out is not None and out.winner is (not pos.turn)
            assert out.reason == ("checkmate" if pos.is_check() else "stalemate")
            break
        assert pos.outcome() is None
        fen, board = pos.fen(), pos.board[:]
        me = pos.turn
        for m in moves:
            pos.push(m)
            assert pos.king(me) is not None and not pos.is_attacked(pos.king(me), not me)  # type: ignore[arg-type]
            assert not pos.kings_facing()
            assert pos.turn is not me
            pos.pop()
            assert pos.fen() == fen and pos.board == board
        pos.push(moves[pick % len(moves)])
        assert not pos.kings_facing()
        assert not pos.is_attacked(pos.king(me), not me)  # type: ignore[arg-type]
    # Unwinding the whole playout restores the start.
    stack = pos.move_stack
    for m in reversed(stack):
        assert pos.pop() == m


def _sf_uci(m: Move) -> str:
    """Our move in Fairy-Stockfish's UCI spelling (ranks 1-10)."""
    f, t = m
    return f"{'abcdefghi'[f % 9]}{f // 9 + 1}{'abcdefghi'[t % 9]}{t // 9 + 1}"


@settings(max_examples=60, deadline=None)
@given(starts, st.lists(st.integers(min_value=0, max_value=10_000), max_size=12))
def test_legal_moves_equal_fairy_stockfish(pos: Position, picks: list[int]) -> None:
    sf = pytest.importorskip("pyffish")
    from xqformats.position import board_fen

    for pick in [*picks, 0]:
        fen = f"{board_fen(pos.board)} {'w' if pos.turn else 'b'} - - 0 1"
        ours = sorted(_sf_uci(m) for m in pos.legal_moves())
        assert ours == sorted(sf.legal_moves("xiangqi", fen, [])), fen
        if not ours:
            break
        pos.push(pos.legal_moves()[pick % len(ours)])


@settings(max_examples=100, deadline=None)
@given(legal_positions())
def test_push_pop_restores_random_positions(pos: Position) -> None:
    fen = pos.fen()
    for m in pos.legal_moves():
        pos.push(m)
        pos.pop()
        assert pos.fen() == fen


# ---------------------------------------------------------------- geometry tables
# Each expectation below was worked out by hand on the board diagram
# (files a-i from Red's left, ranks 0-9 from Red's side).


def pairs(table: object) -> set[tuple[str, str]]:
    return {(square_name(t), square_name(b)) for t, b in table}  # type: ignore[attr-defined]


def test_horse_table_by_hand() -> None:
    # b0: a2 and c2 over the leg b1, d1 over the leg c0.
    assert pairs(G.HORSE_MOVES[sq("b0")]) == {("a2", "b1"), ("c2", "b1"), ("d1", "c0")}
    # e4 in the open: eight targets, legs on the four orthogonal neighbours.
    assert pairs(G.HORSE_MOVES[sq("e4")]) == {
        ("d6", "e5"), ("f6", "e5"), ("d2", "e3"), ("f2", "e3"),
        ("g5", "f4"), ("g3", "f4"), ("c5", "d4"), ("c3", "d4"),
    }  # fmt: skip
    # Horses that attack e0 and the leg each needs free.
    assert pairs(G.HORSE_ATTACKERS[sq("e0")]) == {("c1", "d1"), ("d2", "d1"), ("f2", "f1"), ("g1", "f1")}


def test_elephant_table_by_hand() -> None:
    assert pairs(G.ELEPHANT_MOVES[RED][sq("c0")]) == {("a2", "b1"), ("e2", "d1")}
    assert pairs(G.ELEPHANT_MOVES[RED][sq("e2")]) == {("c0", "d1"), ("g0", "f1"), ("c4", "d3"), ("g4", "f3")}
    assert pairs(G.ELEPHANT_MOVES[RED][sq("c4")]) == {("a2", "b3"), ("e2", "d3")}  # never across the river
    assert pairs(G.ELEPHANT_MOVES[BLACK][sq("c5")]) == {("a7", "b6"), ("e7", "d6")}
    assert G.ELEPHANT_MOVES[RED][sq("c5")] == ()  # a Red elephant never stands there


def test_palace_and_step_tables_by_hand() -> None:
    assert names(G.KING_MOVES[RED][sq("e0")]) == {"d0", "f0", "e1"}
    assert names(G.KING_MOVES[RED][sq("d2")]) == {"d1", "e2"}
    assert names(G.KING_MOVES[BLACK][sq("e9")]) == {"d9", "f9", "e8"}
    assert names(G.ADVISOR_MOVES[RED][sq("e1")]) == {"d0", "f0", "d2", "f2"}
    assert names(G.ADVISOR_MOVES[RED][sq("d0")]) == {"e1"}
    assert names(G.ADVISOR_MOVES[BLACK][sq("f7")]) == {"e8"}
    assert names(G.PAWN_MOVES[RED][sq("e3")]) == {"e4"}
    assert names(G.PAWN_MOVES[RED][sq("e5")]) == {"e6", "d5", "f5"}
    assert names(G.PAWN_MOVES[RED][sq("a9")]) == {"b9"}
    assert names(G.PAWN_MOVES[BLACK][sq("e6")]) == {"e5"}
    assert names(G.PAWN_MOVES[BLACK][sq("e4")]) == {"e3", "d4", "f4"}
    assert names(G.PAWN_ATTACKERS[RED][sq("e9")]) == {"e8", "d9", "f9"}


def test_rook_rays_by_hand() -> None:
    up, down, right, left = G.ROOK_RAYS[sq("a0")]
    assert [square_name(s) for s in up] == [f"a{r}" for r in range(1, 10)]
    assert [square_name(s) for s in right] == [f"{f}0" for f in "bcdefghi"]
    assert down == left == ()
    assert [square_name(s) for s in G.ROOK_RAYS[sq("e4")][3]] == ["d4", "c4", "b4", "a4"]  # nearest first


def test_paths_by_hand() -> None:
    board = list(range(90))  # a board of square numbers: slicing it lists the squares
    assert [square_name(s) for s in board[G.PATHS["R"][sq("a0")][sq("a3")]]] == ["a1", "a2"]  # type: ignore[index]
    assert [square_name(s) for s in board[G.PATHS["c"][sq("h2")][sq("e2")]]] == ["f2", "g2"]  # type: ignore[index]
    assert G.PATHS["R"][sq("a0")][sq("b1")] is None
    assert G.PATHS["N"][sq("b0")][sq("c2")] == sq("b1")
    assert G.PATHS["B"][sq("c0")][sq("e2")] == sq("d1")
    assert G.PATHS["b"][sq("c0")][sq("e2")] is None  # a Black elephant is never on c0
    assert G.PATHS["K"][sq("e0")][sq("e1")] == -1  # nothing must be free
    assert G.PATHS["K"][sq("e0")][sq("e2")] is None
    assert G.PATHS["P"][sq("e3")][sq("d3")] is None  # sideways only across the river


def test_regions_by_hand() -> None:
    assert names(list(G.PALACE[RED])) == {f"{f}{r}" for f in "def" for r in "012"}
    assert names(list(G.PALACE[BLACK])) == {f"{f}{r}" for f in "def" for r in "789"}
    assert names(list(G.REACHABLE["A"])) == {"d0", "f0", "e1", "d2", "f2"}
    assert names(list(G.REACHABLE["a"])) == {"d9", "f9", "e8", "d7", "f7"}
    assert names(list(G.REACHABLE["B"])) == {"c0", "g0", "a2", "e2", "i2", "c4", "g4"}
    assert names(list(G.REACHABLE["b"])) == {"c9", "g9", "a7", "e7", "i7", "c5", "g5"}
    assert G.REACHABLE["K"] == G.PALACE[RED]
    red_pawn = {f"{f}{r}" for f in "acegi" for r in "34"} | {f"{f}{r}" for f in "abcdefghi" for r in "56789"}
    assert names(list(G.REACHABLE["P"])) == red_pawn
    assert {G.mirror(s) for s in G.REACHABLE["P"]} == G.REACHABLE["p"]
    assert "R" not in G.REACHABLE and "N" not in G.REACHABLE


def test_initial_board_is_the_start_position() -> None:
    assert Position().board == list(G.INITIAL_BOARD) == Position.from_fen(STARTING_FEN).board
    assert Position() == Position.initial() and Position().fen() == STARTING_FEN
    assert Position() is not Position() and Position().board is not Position().board
    assert Position(None).board == [None] * 90


# ---------------------------------------------------------------- layering
def _package_imports(module: str) -> set[str]:
    """Modules of the package that ``module`` imports anywhere in its source (ast)."""
    root = Path(xqformats.__file__).parent
    path = root / (module.replace(".", "/") + ".py")
    package = module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".") if package else []
            base = base[: len(base) - (node.level - 1)]
            target = ".".join([*base, node.module] if node.module else base)
            if node.module:
                found.add(target)
            else:  # ``from . import rules``: the submodules, not the package
                found.update(f"{target}.{a.name}".lstrip(".") for a in node.names)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found.update(n.removeprefix("xqformats.") for n in names if n.startswith("xqformats"))
    return found


def test_board_modules_import_downwards_only() -> None:
    # core -> geometry -> position -> fen: nothing below imports anything above
    # (digits, the one bound on digit runs read as numbers, imports nothing; nor does
    # resources, whose private cache keeps the engine's compiled attack tests).
    assert _package_imports("core") == set()
    assert _package_imports("digits") == set()
    assert _package_imports("geometry") == {"core"}
    assert "fen" not in _package_imports("position")
    assert _package_imports("resources") == set()
    assert _package_imports("position") <= {"core", "geometry", "digits", "resources"}
    assert _package_imports("fen") <= {"core", "geometry", "position", "diagnostics"}


def test_board_and_notation_modules_form_no_cycle() -> None:
    modules = ["core", "geometry", "position", "fen", "cbf.board"]
    modules += ["notation." + p.stem for p in (Path(xqformats.__file__).parent / "notation").glob("*.py")]
    graph = {m.removesuffix(".__init__"): _package_imports(m) for m in modules}
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, " -> ".join((*path, m))
        if m in done or m not in graph:
            return
        for n in graph[m]:
            visit(n, (*path, m))
        done.add(m)

    for m in graph:
        visit(m, ())
