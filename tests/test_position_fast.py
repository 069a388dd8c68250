"""The fast paths against their references.

* ``Position.reaches`` / ``can_move`` / ``is_legal`` / ``is_pseudo_legal`` test
  one path; here they are compared, for all 8100 from/to pairs of random
  positions, with ``pseudo_targets`` (which generates every target) and with
  ``legal_moves()``; and ``legal_moves()`` itself with a naive definition
  written here: a move is legal when, after it, no enemy piece has the
  mover's king among its targets and the kings do not face each other.
* ``decode``'s plans (notation/plan.py) against ``decode(..., fast=False)``,
  the full resolution kept as the reference: the same move and the same diagnostics
  (code, severity, message, position) for canonical spellings, variants and
  spellings that fail, in positions with pieces stacked on files.
"""

from __future__ import annotations

from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import legal_positions
from xqformats.core import Move, square_file
from xqformats.notation import Notation, decode, encode
from xqformats.notation.plan import NO_PLAN, PLANS, plan_for_text
from xqformats.notation.resolve import NoSpelling
from xqformats.notation.spelling import SHAPES
from xqformats.position import Position

PAIRS = [(f, t) for f in range(90) for t in range(90)]


@pytest.fixture(autouse=True)
def _keep_memos():  # type: ignore[no-untyped-def]
    """Leave the spelling memos as found: these tests decode thousands of texts."""
    with SHAPES.isolated(), PLANS.isolated():
        yield


# ---------------------------------------------------------------- positions
@st.composite
def played_positions(draw: st.DrawFn) -> Position:
    """A random legal set-up, or the start, then random legal moves (checks happen)."""
    if draw(st.booleans()):
        pos: Position = draw(legal_positions())
        most = 6
    else:
        pos, most = Position(), 60  # crowded boards, as in real games
    for pick in draw(st.lists(st.integers(0, 10_000), max_size=most)):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(moves[pick % len(moves)])
    return pos


_STACK_TYPES = "RCNP"


@st.composite
def stacked_positions(draw: st.DrawFn) -> Position:
    """Legal positions with like pieces stacked on files (markers, ambiguity)."""
    pos: Position = draw(legal_positions())
    used = {s for s in range(90) if pos.board[s] is not None}
    for red in (True, False):
        ptype = draw(st.sampled_from(_STACK_TYPES))
        piece = ptype if red else ptype.lower()
        file = draw(st.integers(0, 8))
        for rank in draw(st.lists(st.integers(0, 9), min_size=1, max_size=5, unique=True)):
            s = rank * 9 + file
            if pos.board[file::9].count(piece) >= 5:
                break  # five at most: encode has no marker for a sixth (nor has any source)
            if s not in used and (ptype != "P" or (rank >= 5 if red else rank <= 4)):
                used.add(s)
                pos.set_piece(s, piece)
    if pos.kings_facing() or pos.is_attacked(pos.king(not pos.turn), pos.turn):  # type: ignore[arg-type]
        from hypothesis import reject

        reject()
    return pos


# ---------------------------------------------------------------- legality
def naive_legal_moves(pos: Position) -> set[Move]:
    """Legal moves by the definition: try each target, then ask every enemy piece."""
    me = pos.turn
    king = "K" if me else "k"
    out = set()
    for frm in range(90):
        p = pos.board[frm]
        if p is None or p.isupper() != me:
            continue
        for to in pos.pseudo_targets(frm):
            after = pos.copy()
            after.board[to], after.board[frm] = p, None
            if king not in after.board:
                out.add(Move(frm, to))  # no king to lose (set-ups only)
                continue
            k = after.board.index(king)
            attacked = any(
                q is not None and q.isupper() != me and k in after.pseudo_targets(s)
                for s, q in enumerate(after.board)
            )
            other = "k" if me else "K"
            if other in after.board:
                o = after.board.index(other)
                lo, hi = min(k, o), max(k, o)
                if k % 9 == o % 9 and all(after.board[s] is None for s in range(lo + 9, hi, 9)):
                    attacked = True  # the generals face
            if not attacked:
                out.add(Move(frm, to))
    return out


def check_pairs(pos: Position) -> None:
    fen, board = pos.fen(), pos.board[:]
    legal = set(pos.legal_moves())
    assert legal == naive_legal_moves(pos), fen
    targets = [set(pos.pseudo_targets(f)) for f in range(90)]
    turn = pos.turn
    for f, t in PAIRS:
        reach = t in targets[f]
        assert pos.reaches(f, t) is reach, (fen, f, t)
        p = pos.board[f]
        mine = p is not None and p.isupper() == turn
        m = Move(f, t)
        assert pos.is_pseudo_legal(m) is (mine and reach), (fen, f, t)
        ok = m in legal
        assert pos.can_move(f, t) is ok, (fen, f, t)
        assert pos.is_legal(m) is ok, (fen, f, t)
    for f in range(90):
        assert set(pos.legal_moves_from(f)) == {m for m in legal if m.from_square == f}
    assert pos.fen() == fen and pos.board == board


@settings(max_examples=60, deadline=None)
@given(played_positions())
def test_fast_legality_agrees_with_legal_moves_on_all_pairs(pos: Position) -> None:
    check_pairs(pos)


@settings(max_examples=25, deadline=None)
@given(stacked_positions())
def test_fast_legality_with_stacked_pieces(pos: Position) -> None:
    check_pairs(pos)


def test_squares_off_the_board_are_never_legal() -> None:
    pos = Position()
    for f, t in ((-1, 0), (0, -1), (90, 0), (0, 90), (1, 200)):
        assert not pos.reaches(f, t)
        assert not pos.is_pseudo_legal(Move(f, t))
        assert not pos.is_legal(Move(f, t))


# ---------------------------------------------------------------- decoding
_CN_PIECES = {True: "帅仕相马车炮兵", False: "将士象马车炮卒"}
_NUMERALS = "一二三四五六七八九"
_CN_ACTIONS = "进退平"
_TYPES = "KABNRCP"
_WXF = "KAEHRCP"


def _cn_number(n: int, red: bool) -> str:
    return _NUMERALS[n - 1] if red else str(n)


def _legal_spellings(pos: Position) -> set[str]:
    """Each legal move in every spelling the encoder writes, and UCCI."""
    texts: set[str] = set()
    for m in pos.legal_moves():
        for notation, options in ((Notation.CHINESE, {}), (Notation.CHINESE, {"traditional": True, "fullwidth": True}),
                                  (Notation.WXF, {}), (Notation.ICCS, {})):
            try:
                texts.add(encode(m, pos, notation, **options))
            except NoSpelling:  # six pawns in two stacks (F106): no spelling exists
                pass
        texts.add(m.uci())
    return texts


def _piece_spellings(s: int, p: str) -> set[str]:
    """Plain moves of the piece on ``s`` along its file (most fail) in each side's numbers, and markers."""
    texts: set[str] = set()
    red = p.isupper()
    i = _TYPES.index(p.upper())
    fi = square_file(s)
    for side in (True, False):  # the piece's own numbers, then the other side's
        file = 9 - fi if red else fi + 1
        for a, action in enumerate(_CN_ACTIONS):
            for n in (1, 2, 3, 4, 5, 9 - fi if red else fi + 1):
                texts.add(_CN_PIECES[red][i] + _cn_number(file, side) + action + _cn_number(n, side))
                if side == red:
                    texts.add(_WXF[i] + str(file) + "+-."[a] + str(n))
    for marker, sign in (("前", "+"), ("中", "."), ("后", "-")):
        for tail, wxf_tail in (("平" + _cn_number(5, red), ".5"), ("进1" if not red else "进一", "+1")):
            texts.add(marker + _CN_PIECES[red][i] + tail)
            texts.add(_WXF[i] + sign + wxf_tail)
        texts.add(marker + _CN_PIECES[red][i] + "退" + _cn_number(1, not red))  # other side's digits
    return texts


def spellings(pos: Position) -> list[str]:
    """Texts worth decoding in ``pos``: each legal move in every spelling, plus
    every plain move of the pieces on the board's files (most fail), with each
    side's numbers, and markers."""
    texts = _legal_spellings(pos)
    for s, p in enumerate(pos.board):
        if p is not None:
            texts |= _piece_spellings(s, p)
    for to in range(0, 90, 7):
        for frm in range(0, 90, 11):
            texts.add(Move(frm, to).iccs())
    return sorted(texts)


def summary(result: tuple[Optional[Move], object]) -> tuple:
    move, diags = result
    return (move, list(diags))  # type: ignore[call-overload]  # Diagnostic compares every field


def check_decode(pos: Position, notations: list[Optional[Notation]]) -> None:
    fen = pos.fen()
    for text in spellings(pos):
        for notation in notations:
            for strict in (False, True):
                fast = decode(text, pos, notation, strict=strict)
                slow = decode(text, pos, notation, strict=strict, fast=False)
                assert summary(fast) == summary(slow), (fen, text, notation, strict)
                if not fast[1]:
                    assert fast[1] == ()
    assert pos.fen() == fen


@settings(max_examples=30, deadline=None)
@given(played_positions())
def test_decode_plans_agree_with_full_resolution(pos: Position) -> None:
    check_decode(pos, [None])


@settings(max_examples=20, deadline=None)
@given(stacked_positions(), st.sampled_from([None, *Notation]))
def test_decode_plans_agree_with_stacked_pieces(pos: Position, notation: Optional[Notation]) -> None:
    check_decode(pos, [notation])


def test_decode_start_position_in_every_notation() -> None:
    check_decode(Position(), [None, *Notation])


def test_plans_are_memoized_and_bounded() -> None:
    first = plan_for_text("炮二平五")
    assert first is not None and plan_for_text("炮二平五") is first
    assert first[1] is not None and first[2] is None  # Red's numerals: slow path when Black moves
    assert plan_for_text("前炮平五") is not NO_PLAN  # a marker: fast when one file has two
    assert plan_for_text("一兵平五") is NO_PLAN  # ordinals: slow path
    assert plan_for_text("前相进五") is NO_PLAN  # elephants take no marker
    assert plan_for_text("not a move") is NO_PLAN
    with PLANS.isolated(limit=3):
        for text in ("C1.2", "C1.3", "C1.4", "C1.5"):
            assert plan_for_text(text) is not NO_PLAN
            assert 0 < len(PLANS) <= 3


def test_style_findings_come_with_a_fresh_list() -> None:
    pos = Position()
    move, diags = decode("h2e2", pos)
    assert move == Move(25, 22) and [d.code for d in diags] == ["M405"]
    assert isinstance(diags, list)
    diags.clear()  # a caller may keep or change its list
    assert [d.code for d in decode("h2e2", pos)[1]] == ["M405"]


def test_advisors_and_elephants_on_one_file_both_able_to_go() -> None:
    # Off their usual points (set_piece allows it): elephants c0 and c2 can
    # both go to file 5 (e2, e4); advisors d0 and d2 both to e1.  No direction
    # tells them apart, so the fast path must leave it to full resolution.
    def setup(piece: str, squares: tuple[int, int]) -> Position:
        pos = Position(None)
        pos.set_piece(4, "K")
        pos.set_piece(85, "k")
        for s in squares:
            pos.set_piece(s, piece)
        return pos

    pos = setup("B", (2, 20))  # c0, c2
    check_decode(pos, [None])
    assert decode("相七进五", pos)[0] is None
    check_decode(setup("A", (3, 21)), [None])  # d0, d2


@pytest.mark.parametrize(
    "pieces",
    [
        {"P": (40, 49, 58)},  # three Red pawns on e4, e5, e6 (Chinese 中兵; WXF writes it plainly)
        {"P": (40, 49, 58, 67)},  # four: ordinals in Chinese, ++/-- and inner +/- in WXF
        {"P": (49, 58, 67, 76, 85)},  # five
        {"P": (49, 58), "p": (31, 40)},  # one stack each side
        {"P": (47, 56, 51, 60)},  # two stacks: the pawn's file leads in WXF, ordinals in Chinese
        {"R": (9, 36, 63), "r": (17, 44)},  # three rooks (a set-up), two black ones
        {"C": (10, 28), "N": (16, 34), "c": (64, 82)},
    ],
)
def test_decode_plans_with_stacks(pieces: dict[str, tuple[int, ...]]) -> None:
    for turn in (True, False):
        pos = Position(None)
        pos.set_piece(3, "K")  # d0
        pos.set_piece(86, "k")  # f9
        for piece, squares in pieces.items():
            for s in squares:
                pos.set_piece(s, piece)
        pos.turn = turn
        check_decode(pos, [None, *Notation])
