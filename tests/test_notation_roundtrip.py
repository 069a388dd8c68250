"""Properties over random legal positions: decode(encode(m)) == m for every legal move
in every notation, no two legal moves share a text, and Fairy-Stockfish's WXF texts
(an independent writer) decode to the moves it meant."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xqformats.core import BLACK, RED
from xqformats.notation import Notation, decode, encode
from xqformats.position import Position

OPTIONS = [
    (Notation.CHINESE, {}),
    (Notation.CHINESE, {"traditional": True, "fullwidth": True}),
    (Notation.WXF, {}),
    (Notation.ICCS, {}),
]

PALACE = {
    RED: [f + 9 * r for r in range(3) for f in (3, 4, 5)],
    BLACK: [f + 9 * r for r in range(7, 10) for f in (3, 4, 5)],
}
ADVISOR = {RED: [3, 5, 13, 21, 23], BLACK: [84, 86, 76, 66, 68]}
ELEPHANT = {RED: [2, 6, 18, 22, 26, 38, 42], BLACK: [83, 87, 63, 67, 71, 47, 51]}


def pawn_points(red: bool) -> list[int]:
    """Where a pawn can stand: its start rank's five files, then anywhere past the river."""
    out = []
    for s in range(90):
        f, r = s % 9, s // 9
        if red and (r >= 5 or (r in (3, 4) and f % 2 == 0)):
            out.append(s)
        if not red and (r <= 4 or (r in (5, 6) and f % 2 == 0)):
            out.append(s)
    return out


PAWN_POINTS = {RED: pawn_points(RED), BLACK: pawn_points(BLACK)}


def check_all_moves(pos: Position) -> None:
    fen = pos.fen()
    moves = pos.legal_moves()
    for notation, options in OPTIONS:
        seen: dict[str, object] = {}
        for m in moves:
            text = encode(m, pos, notation, **options)
            assert text not in seen, (fen, text, m, seen.get(text))
            seen[text] = m
            move, diags = decode(text, pos, notation)
            assert move == m, (fen, text, m, move, [d.message for d in diags])
            if not options:  # canonical text: nothing to report
                assert diags == (), (fen, text, [d.message for d in diags])
    assert pos.fen() == fen


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=90))
def test_round_trip_along_random_playouts(choices: list[int]) -> None:
    pos = Position()
    for k in choices:
        check_all_moves(pos)
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(moves[k % len(moves)])


@st.composite
def setups(draw: st.DrawFn) -> Position:
    """A random legal set-up, biased toward like pieces sharing files (tandem cases)."""
    pos = Position.empty()
    free = set(range(90))

    def put(candidates: list[int], piece: str) -> None:
        options = [s for s in candidates if s in free]
        if options:
            s = draw(st.sampled_from(options))
            pos.set_piece(s, piece)
            free.discard(s)

    for color in (RED, BLACK):
        put(PALACE[color], "K" if color else "k")
    for color in (RED, BLACK):
        case = str.upper if color else str.lower
        for ptype, points in (("A", ADVISOR[color]), ("B", ELEPHANT[color])):
            for _ in range(draw(st.integers(0, 2))):
                put(points, case(ptype))
        files = draw(st.lists(st.integers(0, 8), min_size=1, max_size=3, unique=True))
        for ptype in "NRC":
            n = draw(st.integers(0, 2))
            on_file = draw(st.booleans())
            for _ in range(n):
                put([s for s in range(90) if not on_file or s % 9 == files[0]], case(ptype))
        for _ in range(draw(st.integers(0, 5))):
            put([s for s in PAWN_POINTS[color] if s % 9 in files] or PAWN_POINTS[color], case("P"))
    pos.turn = draw(st.booleans())
    mover_king, other_king = pos.king(pos.turn), pos.king(not pos.turn)
    assert mover_king is not None and other_king is not None
    if pos.kings_facing() or pos.is_attacked(other_king, pos.turn):
        from hypothesis import reject

        reject()
    return pos


@settings(max_examples=300, deadline=None)
@given(setups())
def test_round_trip_in_random_setups(pos: Position) -> None:
    check_all_moves(pos)


def _fsf_uci_to_ours(m: str) -> str:
    a = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", m)
    assert a is not None
    return f"{a[1]}{int(a[2]) - 1}{a[3]}{int(a[4]) - 1}"  # Fairy-Stockfish ranks are 1–10


@settings(max_examples=150, deadline=None)
@given(setups())
def test_fairy_stockfish_wxf_decodes_to_its_move(pos: Position) -> None:
    sf = pytest.importorskip("pyffish")
    fen = pos.fen()
    for m in sf.legal_moves("xiangqi", fen, []):
        text = sf.get_san("xiangqi", fen, m, False, sf.NOTATION_XIANGQI_WXF)
        if len(text) == 4 and text[0].isdigit() and text[0] == text[1]:
            # `33=4`: Fairy-Stockfish's "third pawn on file 3" is the official WXF
            # page's "middle pawn of file 3" (case IV); we follow the official page.
            continue
        move, diags = decode(text, pos, Notation.WXF)
        if move is None:
            # A digit that is both a piece code and a pawn index: reported, with the move.
            (d,) = [d for d in diags if d.severity.name == "ERROR"]
            assert d.code == "M202", (fen, text, d.message)
            continue
        assert move.uci() == _fsf_uci_to_ours(m), (fen, text, move)
