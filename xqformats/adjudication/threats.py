"""Threats to win a piece, and threats of mate, in one position (docs/spec/rules.md §3.2–§3.9).

The slow path of the adjudication: it runs only on the positions of a decided
repetition, so it favours plain definitions over speed.  Every test is made
on the rules engine (:class:`~xqformats.position.Position`) by playing the
capture and asking what is legal then, so pins, the facing kings and checks
given by the capture itself are all taken into account without special cases:

* :func:`capture_allowed` — whether a piece may capture another (§3.2): it
  reaches it and the capture does not expose its own king (a check already
  standing against that king is set aside in the position *before* a move,
  where the mover is answering it);
* :func:`recaptures` — who may take back on the square (§3.3, 有根; a check
  standing against that side set aside, :func:`may_take_back`);
* :func:`exchange_gain` — the material the capturing side ends up with when
  both sides take on the square in turn with their least valuable piece and
  either may stop (§3.4, CXA 29.1's 完整交换);
* :func:`threats` — every threat of one side in a position, with why;
* :func:`mate_threat` — whether a side to move mates by checks within a few
  moves (§3.9, 杀).

Cost: :func:`threats` tries each capture of the side (a few per position)
with a make/unmake and a legal-move test; :func:`mate_threat` searches
checking moves only, two moves deep.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from ..core import (
    BLACK,
    PIECE_NAMES,
    RED,
    SQUARES,
    Color,
    Move,
    Square,
    square_name,
    square_rank,
)
from ..geometry import RIVER_RANK
from ..position import Position
from .rulebook import KING_VALUE, VALUES, RuleBook

#: Why a capture is a threat (§3.4): the words messages use.
UNPROTECTED = "unprotected"
WORTH_MORE = "worth more than its attacker"
WINS_EXCHANGE = "won in the exchange"

#: How many captures deep an exchange is followed (both sides together).
EXCHANGE_DEPTH = 8


def side_of(piece: str) -> Color:
    """``RED`` for an upper-case FEN letter."""
    return piece < "a"


def crossed(piece: str, sq: Square) -> bool:
    """Whether the pawn ``piece`` on ``sq`` has crossed the river."""
    rank = square_rank(sq)
    return rank > RIVER_RANK if side_of(piece) else rank <= RIVER_RANK


def value_of(piece: str, sq: Square) -> int:
    """Material value of ``piece`` on ``sq`` (§3.4); 0 for a pawn on its own side of the river."""
    kind = piece.upper()
    if kind == "K":
        return KING_VALUE
    if kind == "P" and not crossed(piece, sq):
        return 0
    return VALUES[kind]


def piece_phrase(piece: str, sq: Square) -> str:
    """``Red's rook on h2``: a piece named for a message."""
    side = "Red" if side_of(piece) else "Black"
    return f"{side}'s {PIECE_NAMES[piece.upper()]} on {square_name(sq)}"


@dataclass(frozen=True, slots=True)
class Threat:
    """The piece on ``attacker`` can win the piece on ``target`` next move (§3.2–§3.5).

    ``reason`` says why the capture wins (:data:`UNPROTECTED`,
    :data:`WORTH_MORE`, :data:`WINS_EXCHANGE`); ``exempt`` names the rule that
    makes it no chase when the attacker is a king or a pawn (§3.8), else ``None``.
    """

    attacker: Square
    attacker_piece: str
    target: Square
    target_piece: str
    reason: str
    exempt: Optional[str] = None

    def describe(self) -> str:
        """``the rook on h2 attacks Black's horse on c7 (unprotected)``."""
        name = PIECE_NAMES[self.attacker_piece.upper()]
        return f"the {name} on {square_name(self.attacker)} attacks {piece_phrase(self.target_piece, self.target)} ({self.reason})"


# ---------------------------------------------------------------- attacks and captures


def attackers(pos: Position, sq: Square, by: Color) -> list[Square]:
    """The squares of ``by``'s pieces that attack ``sq`` (a king facing the other king included)."""
    b = pos.board
    found = [s for s in SQUARES if (p := b[s]) is not None and side_of(p) == by and pos.reaches(s, sq)]
    target = b[sq]
    if target is not None and target.upper() == "K" and pos.kings_facing():
        king = pos.king(by)
        if king is not None and king not in found:
            found.append(king)
    return found


def _king_attacked(pos: Position, side: Color, king: Square) -> bool:
    return pos.is_attacked(king, not side) or pos.kings_facing()


def capture_allowed(pos: Position, frm: Square, to: Square, *, standing_check_aside: bool = False) -> bool:
    """Whether the piece on ``frm`` may capture the enemy piece on ``to`` (whoever is to move; §3.2).

    It must reach it by its movement rule, and the capture must not leave
    its own king attacked.  With ``standing_check_aside``, a check that
    already stands against that king does not count: the capture is allowed
    when it exposes the king to no attacker beyond the standing ones (the
    position before a move that answers a check).
    """
    return _capture_test(pos, frm, to, standing_check_aside)


def may_take_back(pos: Position, frm: Square, to: Square) -> bool:
    """Whether the piece on ``frm`` may take back on ``to`` (§3.3): :func:`capture_allowed` with a standing check set aside.

    Whether a piece protects another does not depend on a check the other side gave with the move being judged.
    """
    return _capture_test(pos, frm, to, True)


def _capture_test(pos: Position, frm: Square, to: Square, standing_check_aside: bool) -> bool:
    b = pos.board
    p, q = b[frm], b[to]
    if p is None or q is None or side_of(p) == side_of(q) or not pos.reaches(frm, to):
        return False
    side = side_of(p)
    king = pos.king(side)
    if king is None:
        return True
    moving_king = p.upper() == "K"
    in_check = standing_check_aside and not moving_king and _king_attacked(pos, side, king)
    standing = set(attackers(pos, king, not side)) if in_check else set()
    saved = pos.turn
    pos.turn = side
    pos.push(Move(frm, to))
    try:
        k = to if moving_king else king
        if not _king_attacked(pos, side, k):
            return True
        return bool(standing) and set(attackers(pos, k, not side)) <= standing - {to}
    finally:
        pos.pop()
        pos.turn = saved


def recaptures(pos: Position, sq: Square) -> list[Square]:
    """The squares of the side to move's pieces that may take back on ``sq`` (:func:`may_take_back`, §3.3)."""
    b = pos.board
    side = pos.turn
    return [s for s in SQUARES if (p := b[s]) is not None and side_of(p) == side and may_take_back(pos, s, sq)]


def _cheapest(pos: Position, squares: list[Square]) -> Square:
    b = pos.board
    return min(squares, key=lambda s: (value_of(b[s], s), s))  # type: ignore[arg-type]


def _exchange_rest(pos: Position, sq: Square, depth: int) -> int:
    """What the side to move gains by going on with the exchange on ``sq`` (0 when it stops)."""
    takers = recaptures(pos, sq) if depth > 0 else []
    if not takers:
        return 0
    victim = pos.board[sq]
    assert victim is not None
    taker = _cheapest(pos, takers)
    pos.push(Move(taker, sq))
    try:
        return max(0, value_of(victim, sq) - _exchange_rest(pos, sq, depth - 1))
    finally:
        pos.pop()


def exchange_gain(pos: Position, frm: Square, to: Square) -> int:
    """Material the side of the piece on ``frm`` ends with after capturing on ``to`` and the exchange there.

    Each side then takes back with its least valuable piece or stops,
    whichever leaves it better off (§3.4).  The first capture is made
    whoever is to move; the position is left as it was.
    """
    victim = pos.board[to]
    mover = pos.board[frm]
    assert victim is not None and mover is not None
    saved = pos.turn
    pos.turn = side_of(mover)
    pos.push(Move(frm, to))
    try:
        return value_of(victim, to) - _exchange_rest(pos, to, EXCHANGE_DEPTH - 1)
    finally:
        pos.pop()
        pos.turn = saved


def _answered_by_mate(pos: Position, frm: Square, to: Square) -> bool:
    """Whether, after the capture ``frm``×``to``, the other side has a move that leaves the capturer no move."""
    mover = pos.board[frm]
    assert mover is not None
    saved = pos.turn
    pos.turn = side_of(mover)
    pos.push(Move(frm, to))
    try:
        for reply in pos.legal_moves():
            pos.push(reply)
            mated = not pos.has_legal_move()
            pos.pop()
            if mated:
                return True
        return False
    finally:
        pos.pop()
        pos.turn = saved


def _mutual_exchange(pos: Position, attacker: Square, target: Square) -> bool:
    """§3.5: the target may legally take its attacker back and they are worth the same (兑)."""
    b = pos.board
    a, t = b[attacker], b[target]
    assert a is not None and t is not None
    return value_of(a, attacker) == value_of(t, target) and may_take_back(pos, target, attacker)


def _reason(pos: Position, attacker: Square, target: Square, book: RuleBook) -> Optional[str]:
    """Why the capture ``attacker``×``target`` wins material under ``book`` (§3.4), or ``None``."""
    b = pos.board
    a, t = b[attacker], b[target]
    assert a is not None and t is not None
    if _mutual_exchange(pos, attacker, target):
        return None
    if book.exchange:
        gain = exchange_gain(pos, attacker, target)
        if gain <= 0:
            return None
        reason = WINS_EXCHANGE if _protected(pos, attacker, target) else UNPROTECTED
    elif value_of(t, target) > value_of(a, attacker):
        reason = WORTH_MORE
    elif not _protected(pos, attacker, target):
        reason = UNPROTECTED
    else:
        return None
    if book.mate_after_capture and _answered_by_mate(pos, attacker, target):
        return None
    return reason


def _protected(pos: Position, attacker: Square, target: Square) -> bool:
    """§3.3: after the capture the target's side may legally take back on its square."""
    mover = pos.board[attacker]
    assert mover is not None
    saved = pos.turn
    pos.turn = side_of(mover)
    pos.push(Move(attacker, target))
    try:
        return bool(recaptures(pos, target))
    finally:
        pos.pop()
        pos.turn = saved


def _exemption(piece: str) -> Optional[str]:
    kind = piece.upper()
    if kind == "K":
        return "king"
    if kind == "P":
        return "pawn"
    return None


def _captures(pos: Position, side: Color) -> Iterator[tuple[Square, Square]]:
    """(attacker, target) squares: each capture ``side``'s pieces reach, the king never a target."""
    b = pos.board
    for frm in SQUARES:
        p = b[frm]
        if p is None or side_of(p) != side:
            continue
        for to in pos.pseudo_targets(frm):
            q = b[to]
            if q is not None and q.upper() != "K" and value_of(q, to) > 0:
                yield frm, to


def threats(pos: Position, side: Color, book: RuleBook, *, standing_check_aside: bool = False) -> dict[tuple[Square, Square], Threat]:
    """Every threat of ``side`` to win a piece in ``pos``, by (attacker, target) square (§3.2–§3.5, §3.8).

    Whoever is to move in ``pos``: the captures are tried as if ``side`` were.
    Attacks by kings and pawns are included with :attr:`Threat.exempt` set.
    ``standing_check_aside`` is passed to :func:`capture_allowed`.
    """
    found: dict[tuple[Square, Square], Threat] = {}
    b = pos.board
    for frm, to in _captures(pos, side):
        if not capture_allowed(pos, frm, to, standing_check_aside=standing_check_aside):
            continue
        reason = _reason(pos, frm, to, book)
        if reason is not None:
            a, t = b[frm], b[to]
            assert a is not None and t is not None
            found[(frm, to)] = Threat(frm, a, to, t, reason, _exemption(a))
    return found


# ---------------------------------------------------------------- threats of mate


def _checks(pos: Position) -> Iterator[Move]:
    for move in pos.legal_moves():
        pos.push(move)
        check = pos.is_check()
        pos.pop()
        if check:
            yield move


def _mates_by_checks(pos: Position, depth: int) -> Optional[Move]:
    """A checking move of the side to move that mates within ``depth`` of its moves, all checks."""
    for move in _checks(pos):
        pos.push(move)
        try:
            if not pos.has_legal_move():
                return move
            if depth > 1 and all(_forced(pos, reply, depth - 1) for reply in pos.legal_moves()):
                return move
        finally:
            pos.pop()
    return None


def _forced(pos: Position, reply: Move, depth: int) -> bool:
    pos.push(reply)
    try:
        return _mates_by_checks(pos, depth) is not None
    finally:
        pos.pop()


def mate_threat(pos: Position, side: Color, depth: int = 2) -> Optional[Move]:
    """The first move of a mate by checks ``side`` would have if it were to move (§3.9), or ``None``.

    ``depth`` counts ``side``'s moves: 1 is a mate in one, 2 a check and then
    a mate against every reply.  The position is left as it was.
    """
    saved = pos.turn
    pos.turn = side
    try:
        king = pos.king(not side)
        if king is None or pos.king(side) is None:
            return None
        return _mates_by_checks(pos, depth)
    finally:
        pos.turn = saved


#: The two sides, for callers that loop over them.
SIDES = (RED, BLACK)
