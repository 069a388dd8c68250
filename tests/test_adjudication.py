"""The adjudication engine (docs/spec/rules.md): position keys, cycles, the classifier, the rulings, the natural limit.

Every expected classification and ruling below was worked out by hand from the
rule text for the position drawn in the comment beside it (files a-i from Red's
left, ranks 0-9 from Red's side).  The conformance suites ``pgn-cxa`` and
``pgn-axf`` hold the detailed rulings of CXA 1999; Fairy-Stockfish's rulings
are compared in tests/test_adjudication_oracle.py.
"""

from __future__ import annotations

import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xqformats.adjudication.classifier import Kind, classify
from xqformats.adjudication.cycles import cycle_of, scan_line
from xqformats.adjudication.rulebook import AXF, CXA, rule_book
from xqformats.adjudication.verdict import adjudicate_line
from xqformats.adjudication.cycles import position_key
from xqformats.adjudication.threats import exchange_gain, mate_threat, threats, value_of
from xqformats.core import BLACK, RED, Move, square
from xqformats.position import ZOBRIST_BLACK, ZOBRIST_PIECES, Position


def sq(name: str) -> int:
    return square("abcdefghi".index(name[0].lower()), int(name[1:]))


def mv(text: str) -> Move:
    a, b = text.split("-")
    return Move(sq(a), sq(b))


def line(*moves: str) -> list[Move]:
    return [mv(m) for m in moves]


def loop(fen: str, cycle: str, plies: int = 8) -> tuple[Position, list[Move]]:
    moves = line(*cycle.split())
    return Position(fen), [moves[i % len(moves)] for i in range(plies)]


# ---------------------------------------------------------------- rule books


def test_rule_books_by_name() -> None:
    assert rule_book("cxa") is CXA and rule_book("AXF") is AXF
    with pytest.raises(ValueError, match=r"Unknown rule set `fide`; expected one of `cxa`, `axf`"):
        rule_book("fide")
    assert CXA.cite("perpetual-check") == "CXA 26.1; docs/spec/rules.md §4.1"


# ---------------------------------------------------------------- keys and cycles


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_incremental_keys_equal_keys_computed_afresh(seed: int) -> None:
    """The scan's key after each ply is the key of the position the moves reach (random playouts, captures included)."""
    rng = random.Random(seed)
    pos = Position()
    moves = []
    for _ in range(60):
        legal = pos.legal_moves()
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(m)
        pos.push(m)
    scan = scan_line(Position(), moves)
    replay = Position()
    assert scan.keys[0] == position_key(replay)
    for i, m in enumerate(moves, 1):
        replay.push(m)
        assert scan.keys[i] == position_key(replay)
    assert scan.end == replay


def test_the_side_to_move_is_part_of_the_key() -> None:
    red = Position("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
    black = Position("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1")
    assert position_key(red) != position_key(black)


# Kings only: E0-E1 D9-D8 E1-E0 D8-D9 brings the start back every four plies.
KINGS = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
SHUFFLE = "E0-E1 D9-D8 E1-E0 D8-D9"


def test_a_repetition_is_decided_at_the_third_occurrence() -> None:
    start, moves = loop(KINGS, SHUFFLE, 12)
    scan = scan_line(start, moves)
    assert scan.decided == tuple(range(8, 13))  # the start at 0, 4, 8; every later ply at its third occurrence too
    cycle = cycle_of(scan, 8)
    assert cycle is not None and cycle.plies == (0, 4, 8) and cycle.moves == tuple(moves[:8])
    assert cycle.counts == (1, 1, 1, 1, 2, 2, 2, 2, 3)
    assert cycle_of(scan, 12) is not None and cycle_of(scan, 12).plies == (4, 8, 12)  # type: ignore[union-attr]


def test_a_capture_starts_the_count_again() -> None:
    # The rook e5 and the cannon e7: after the capture E5-E7 no earlier position can recur.
    start = Position("3k5/9/4c4/9/4R4/9/9/9/9/5K3 w - - 0 1")
    moves = line("F0-F1", "D9-D8", "F1-F0", "D8-D9", "E5-E7", "D9-D8", "F0-F1", "D8-D9", "F1-F0", "D9-D8", "F0-F1")
    scan = scan_line(start, moves)
    # The start occurs at plies 0 and 4; after the capture the position of ply 6 recurs at ply 10: twice each.
    assert scan.captures == (5,) and scan.decided == ()
    assert scan.keys[0] == scan.keys[4] and scan.keys[6] == scan.keys[10]


def test_a_hash_collision_is_no_cycle() -> None:
    """Keys that agree on positions that differ give no cycle: the positions are compared square by square."""
    start, moves = loop(KINGS, SHUFFLE, 8)
    scan = scan_line(start, moves)
    forged = scan.__class__(scan.start, scan.moves, scan.end, (scan.keys[0],) * 9, (8,), ())
    assert cycle_of(forged, 8) is None


# ---------------------------------------------------------------- what a move does


def effect(fen: str, move: str, book=CXA):  # type: ignore[no-untyped-def]
    return classify(Position(fen), mv(move), book)


def test_check() -> None:
    # Red rook f5 to e5 checks the king e9 along the e-file.
    e = effect("4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1", "F5-E5")
    assert e.kind is Kind.CHECK and e.checkers == (sq("e5"),)
    assert e.describe() == "check: the rook on e5 checks the king on e9"


def test_chase_of_an_unprotected_piece() -> None:
    # The rook f3 to g3 attacks the horse g6 (g4, g5 empty), which nothing protects.
    e = effect("4k4/9/9/6n2/9/9/5R3/9/9/3K5 w - - 0 1", "F3-G3")
    assert e.kind is Kind.CHASE
    assert e.describe() == "chase: the rook on g3 attacks Black's horse on g6 (unprotected)"


def test_from_chase_to_chase_is_idle() -> None:
    # The rook g3 attacks the horse g6; it moves to g2 and still attacks it: no new threat (CXA 细则6).
    e = effect("5k3/9/9/6n2/9/9/6R2/9/9/3K5 w - - 0 1", "G3-G2")
    assert e.kind is Kind.IDLE and e.chases == ()


def test_protected_piece_worth_less_than_its_attacker_is_no_threat() -> None:
    # The rook f3 to g3 attacks the horse g6, which the Black rook g9 protects (g7, g8 empty): a rook for a horse
    # loses material.
    pos = Position("4k1r2/9/9/6n2/9/9/5R3/9/9/3K5 w - - 0 1")
    assert classify(pos, mv("F3-G3"), CXA).kind is Kind.IDLE
    assert classify(pos, mv("F3-G3"), AXF).kind is Kind.IDLE


def test_worth_more_than_its_attacker_is_a_threat_even_protected() -> None:
    # The horse b2 to d3 attacks the rook b4, protected by the rook b9: a horse for a rook wins (AXF art. 15, CXA 29.1).
    fen = "1r3k3/9/9/9/9/1r7/9/1N7/9/3K5 w - - 0 1"
    for book in (CXA, AXF):
        e = effect(fen, "B2-D3", book)
        assert e.kind is Kind.CHASE and e.chases[0].target == sq("b4")


def test_exchange_counts_attackers_and_protectors() -> None:
    """少根: the horse c5 is protected once (the elephant e7) and attacked twice (the horse b3 and the rook i5).

    The elephant c4 blocks the leg (c4) the Black horse would need to take the horse b3 back.
    """
    pos = Position("3k5/9/4b4/9/2n5R/2B6/1N7/9/9/4K4 w - - 0 1")
    # N×c5 +2, b×c5 -2, R×c5 +1: Red ends an elephant's worth ahead.
    assert exchange_gain(pos, sq("b3"), sq("c5")) == 1
    # R×c5 first: +2, b×c5 -4, N×c5 +1: -1, so the rook's capture is no threat.
    assert exchange_gain(pos, sq("i5"), sq("c5")) == -1
    found = threats(pos, RED, CXA)
    assert set(found) == {(sq("b3"), sq("c5"))}
    assert threats(pos, RED, AXF) == {}  # AXF: protected, and worth no more than the horse


def test_uncrossed_pawn_has_no_value() -> None:
    assert value_of("p", sq("a6")) == 0 and value_of("p", sq("a4")) == 1
    assert value_of("P", sq("a3")) == 0 and value_of("P", sq("a5")) == 1
    # The rook a3 to c3 attacks the uncrossed pawn c6: no threat.
    assert effect("4k4/9/9/p1p6/9/9/R8/9/9/3K5 w - - 0 1", "A3-C3").kind is Kind.IDLE


def test_a_pinned_piece_threatens_nothing() -> None:
    # The black rook b8 attacks the pawn b7 but stands between the red rook a8 and the king e8.
    pos = Position("9/Rr2k4/1P7/9/9/9/9/9/9/3K5 b - - 0 1")
    assert threats(pos, BLACK, CXA) == {}


def test_exchange_offer_is_no_threat() -> None:
    # The rook a6 to a2 stands beside the rook b2: each may take the other, and they are worth the same (兑).
    assert effect("9/4k4/9/R8/9/9/9/1r7/5K3/9 w - - 0 1", "A6-A2").kind is Kind.IDLE


def test_false_root() -> None:
    # The black rook g1 to e1 attacks the elephant e2; the king d2 may not take back (the kings would face).
    e = effect("5a3/4k4/3a5/9/8p/9/9/3KB4/6r2/9 b - - 0 1", "G1-E1")
    assert e.kind is Kind.CHASE and e.chases[0].reason == "unprotected"


def test_king_and_pawn_attacks_are_exempt() -> None:
    # The black king f7 to e7 attacks the red cannon e8.
    e = effect("9/4C4/5k3/9/9/9/9/9/3K5/9 b - - 0 1", "F7-E7")
    assert e.kind is Kind.IDLE and [t.exempt for t in e.exempt] == ["king"]
    # The red pawn b6 to c6 attacks the black rook c7.
    e = effect("4k4/9/2r6/1P7/9/9/9/9/9/3K5 w - - 0 1", "B6-C6")
    assert e.kind is Kind.IDLE and [t.exempt for t in e.exempt] == ["pawn"] and e.kind_with_pawns() is Kind.CHASE


def test_a_standing_check_is_set_aside_before_the_move() -> None:
    """Answering a check does not turn a threat that stood before it into a chase (Rules §3.2)."""
    # Red's rook e5 checks the king e9; Black's rook a0 attacks the unprotected red horse c0 all along.
    e = effect("4k4/9/9/9/4R4/9/9/9/9/r1N2K3 b - - 0 1", "E9-D9")
    assert e.kind is Kind.IDLE and e.chases == ()


def test_capture_answered_by_mate_is_no_threat_under_cxa() -> None:
    # The black rook f5 to f4 attacks the cannon i4, but leaving the f-file lets H8-F7 mate.
    fen = "3aka3/4n2N1/9/9/C8/5r2C/9/9/9/3K5 b - - 0 1"
    pos = Position(fen)
    pos.push(mv("F4-F5"))
    pos.push(mv("D0-D1"))
    assert classify(pos, mv("F5-F4"), CXA).kind is Kind.IDLE
    assert classify(pos, mv("F5-F4"), AXF).kind is Kind.CHASE


def test_kill_under_cxa_only() -> None:
    # The black rook e6 to a6 threatens A6-A2, mate of the king f2 (f1 is guarded by the horse h2).
    pos = Position("9/9/3k5/4r4/3P5/9/9/5K1nN/9/9 b - - 0 1")
    e = classify(pos, mv("E6-A6"), CXA)
    assert e.kind is Kind.KILL and e.kill == mv("A6-A2")
    assert classify(pos, mv("E6-A6"), AXF).kind is Kind.IDLE
    assert mate_threat(Position("9/9/3k5/r8/3P5/9/9/5K1nN/9/9 w - - 0 1"), BLACK) == mv("A6-A2")


# ---------------------------------------------------------------- rulings


def ruling(fen: str, cycle: str, book=CXA, plies: int = 8):  # type: ignore[no-untyped-def]
    start, moves = loop(fen, cycle, plies)
    found = adjudicate_line(start, moves, book).final
    assert found is not None
    return found


def test_perpetual_check_loses_at_once() -> None:
    for book in (CXA, AXF):
        r = ruling("4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1", "F5-E5 E9-F9 E5-F5 F9-E9", book)
        assert (r.loser, r.immediate, r.result, r.key) == (RED, True, "0-1", "perpetual-check")


def test_check_and_chase_is_forbidden_under_cxa_only() -> None:
    fen, cycle = "5k3/9/9/6n2/9/9/6R2/9/9/3K5 w - - 0 1", "G3-F3 F9-E9 F3-G3 E9-F9"
    r = ruling(fen, cycle, CXA)
    assert (r.loser, r.immediate, r.key) == (RED, False, "one-forbidden")
    assert r.red.summary == "an attack on every move (长打: 2 checks, 2 chases)" and r.black.summary == "idle"
    assert ruling(fen, cycle, AXF).loser is None


def test_chasing_two_pieces_in_turn() -> None:
    fen, cycle = "4k4/cn7/9/9/R8/9/9/9/9/3K5 w - - 0 1", "A5-B5 E9-E8 B5-A5 E8-E9"
    assert ruling(fen, cycle, CXA).loser is RED  # CXA 28.12: one piece or several
    axf = ruling(fen, cycle, AXF)
    assert axf.loser is None and axf.key == "both-allowed"  # AXF art. 32


def test_a_pawns_attacks_count_in_a_mutual_attack() -> None:
    r = ruling("4k4/9/2r6/1P7/9/2B6/1N7/9/9/3K5 w - - 0 1", "B6-C6 C7-B7 C6-B6 B7-C7", CXA)
    assert (r.loser, r.key) == (None, "pawn-mutual")
    assert r.red.summary == "perpetual chase (长捉) of Black's rook (c7, b7) by pawns"


def test_idle_cycle_is_a_draw() -> None:
    r = ruling(KINGS, SHUFFLE, CXA)
    assert (r.loser, r.key, r.result) == (None, "both-allowed", "1/2-1/2")
    assert r.verdict() == "draw" and r.clause() == "CXA 26.2; docs/spec/rules.md §4.3"


def test_perpetual_chase_follows_the_piece() -> None:
    r = ruling("r4k3/9/9/9/9/9/4p4/9/N2R5/3K5 w - - 0 1", "D1-E1 E3-D3 E1-D1 D3-E3", AXF)
    assert r.loser is RED and r.red.summary == "perpetual chase of Black's pawn (e3, d3)"


def test_moves_are_classified_only_where_a_position_repeats() -> None:
    """A line without a position occurring three times costs the scan alone: no move is classified."""
    rng = random.Random(5)
    pos, moves = Position(), []
    for _ in range(80):
        m = rng.choice(pos.legal_moves())
        moves.append(m)
        pos.push(m)
    with mock.patch("xqformats.adjudication.ruling.classify") as classifier:
        verdict = adjudicate_line(Position(), moves, CXA)
    if verdict.scan.decided:
        pytest.skip("this playout repeats a position")
    assert classifier.call_count == 0 and verdict.episodes == () and verdict.final is None


# ---------------------------------------------------------------- the natural limit


def test_cxa_limit_is_sixty_rounds_without_a_capture() -> None:
    start, moves = loop(KINGS, SHUFFLE, 120)
    verdict = adjudicate_line(start, moves, CXA)
    assert verdict.limit is not None and (verdict.limit.ply, verdict.limit.first) == (120, 1)
    assert adjudicate_line(start, moves[:119], CXA).limit is None


def test_axf_limit_needs_a_claimant_with_at_most_ten_checks() -> None:
    # Each side checks once in every eight plies: fifteen checks each in 120 plies.
    both = "A1-F1 F9-E9 F1-A1 I8-I0 D0-D1 I0-I8 D1-D0 E9-F9"
    start, moves = loop("5k3/8r/9/9/9/9/9/9/R8/3K5 w - - 0 1", both, 120)
    assert adjudicate_line(start, moves, CXA).limit is not None
    assert adjudicate_line(start, moves, AXF).limit is None
    red_only = "A1-F1 F9-E9 F1-A1 I8-I7 D0-D1 I7-I8 D1-D0 E9-F9"
    start, moves = loop("5k3/8r/9/9/9/9/9/9/R8/3K5 w - - 0 1", red_only, 120)
    limit = adjudicate_line(start, moves, AXF).limit
    assert limit is not None and limit.checks == {RED: 15, BLACK: 0} and limit.claimants == (BLACK,)


def test_limit_counts_checks_of_the_side_that_moved() -> None:
    """With Black to move at the start, odd plies are Black's (the check counts go to the right side)."""
    start, moves = loop("5k3/8r/9/9/9/9/9/9/R8/3K5 b - - 0 1", "I8-I0 D0-D1 I0-I8 D1-D0", 120)
    limit = adjudicate_line(start, moves, AXF).limit
    assert limit is not None and limit.checks == {RED: 0, BLACK: 30} and limit.claimants == (RED,)


def test_the_cycle_keys_are_the_engines_zobrist_hashes() -> None:
    """One hash for the package: the scan's keys are what the archive index stores (Position.zobrist)."""
    start, moves = loop("5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "D0-D1 F9-F8 D1-D0 F8-F9", 8)
    scan = scan_line(start, moves)
    assert scan.keys[0] == start.zobrist()
    assert scan.keys[4] == scan.keys[0] and scan.keys[1] != scan.keys[0]
    numbers = [n for table in ZOBRIST_PIECES.values() for n in table]
    assert len(set(numbers)) == 14 * 90 and ZOBRIST_BLACK not in numbers

def test_judging_only_what_may_be_a_perpetual_check_keeps_every_perpetual_check() -> None:
    # Lint's R101/R102 read the final ruling and the episodes that are a perpetual check
    # (adjudicate_scan(perpetual_only=True)): on generated loops, with one move more after the
    # cycle (so that an episode ends before the line does), those are the full judgement's.
    from repetition_loops import loops

    from xqformats.adjudication.verdict import adjudicate_scan

    seen_immediate = skipped = 0
    for loop in loops(40, seed=3):
        start = Position.from_fen(loop.fen)
        end = start.copy()
        for move in loop.moves:
            end.push(move)
        extra = end.legal_moves()[:1]
        for moves in (list(loop.moves), list(loop.moves) + extra):
            scan = scan_line(start, moves)
            for book in (CXA, AXF):
                full = adjudicate_scan(scan, book)
                lite = adjudicate_scan(scan, book, perpetual_only=True)
                assert lite.final == full.final and lite.limit == full.limit
                assert all(e in full.episodes for e in lite.episodes)
                immediate = [e for e in full.episodes if e.ruling.immediate]
                assert [e for e in lite.episodes if e.ruling.immediate] == immediate
                seen_immediate += len(immediate)
                skipped += len(full.episodes) - len(lite.episodes)
    assert seen_immediate > 0 and skipped > 0  # perpetual checks kept, other episodes left unjudged
