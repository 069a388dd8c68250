"""What one move does: check, kill, chase or idle, and why (docs/spec/rules.md §3).

:func:`classify` takes the position before a move and the move, and returns
an :class:`Effect`: the move's gravest kind (§3.11: check over kill over
chase over idle) with every reason behind it — which pieces give check,
which threats to win a piece the move created (§3.7: a threat that stood
before the move, by the same attacker on the same target, is no chase),
which of those are a king's or a pawn's own (§3.8), and the first move of a
mate by checks it threatens (§3.9, CXA only).

Pieces are followed through the move: the moved piece's threats before the
move are compared from its old square to its new one.  The caller keeps the
position; it is left as it was.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Optional

from ..core import PIECE_NAMES, Color, Move, Square, square_name
from ..position import Position
from .rulebook import RuleBook
from .threats import Threat, attackers, mate_threat, piece_phrase, side_of, threats


class Kind(enum.Enum):
    """A move's gravest effect (§3.11), gravest first."""

    CHECK = "check"
    KILL = "kill"
    CHASE = "chase"
    IDLE = "idle"

    @property
    def attack(self) -> bool:
        """Whether the kind is an attack (打: check, kill or chase; CXA 28.4)."""
        return self is not Kind.IDLE


@dataclass(frozen=True, slots=True)
class Effect:
    """What ``move`` by ``side`` does (§3), with the reasons.

    ``checkers`` are the squares of the pieces that give check after the
    move; ``chases`` the new threats that count (§3.7); ``exempt`` the new
    threats of a king or a pawn (§3.8), which count only where §4.6 says;
    ``kill`` the first move of the mate by checks the move threatens (§3.9).
    """

    move: Move
    side: Color
    kind: Kind
    checkers: tuple[Square, ...] = ()
    chases: tuple[Threat, ...] = ()
    exempt: tuple[Threat, ...] = ()
    kill: Optional[Move] = None
    #: The piece moved and the opponent's king square (for the words).
    piece: str = ""
    king: Optional[Square] = None
    notes: tuple[str, ...] = field(default=())

    def targets(self, *, with_exempt: bool = False) -> frozenset[Square]:
        """The squares of the pieces the move chases (after the move)."""
        found = {t.target for t in self.chases}
        if with_exempt:
            found |= {t.target for t in self.exempt}
        return frozenset(found)

    def kind_with_pawns(self) -> Kind:
        """The kind when a pawn's or king's threats count as chases (CXA 27.2's mutual case, §4.6)."""
        if self.kind is Kind.IDLE and any(t.attacker_piece.upper() == "P" for t in self.exempt):
            return Kind.CHASE
        return self.kind

    def describe(self, *, board_after: Optional[Position] = None) -> str:
        """What the move does in words: ``check: the rook on d0 checks the king on d9``."""
        parts: list[str] = []
        if self.checkers:
            names = ", ".join(f"the {_name(self, s, board_after)} on {square_name(s)}" for s in self.checkers)
            where = f" on {square_name(self.king)}" if self.king is not None else ""
            parts.append(f"check: {names} {'check' if len(self.checkers) > 1 else 'checks'} the king{where}")
        if self.kill is not None:
            parts.append(f"kill: threatens mate by checks starting {self.kill.iccs()}")
        if self.chases:
            parts.append("chase: " + "; ".join(t.describe() for t in self.chases))
        if self.exempt:
            parts.append("idle attack: " + "; ".join(f"{t.describe()}, a {t.exempt}'s own attack" for t in self.exempt))
        if not parts:
            return "idle"
        return "; ".join(parts)

    def chased_phrase(self) -> str:
        """``Black's horse on c7`` (or several, joined by `and`): the pieces chased."""
        return " and ".join(sorted({piece_phrase(t.target_piece, t.target) for t in self.chases}))


def _name(effect: Effect, sq: Square, board_after: Optional[Position]) -> str:
    if board_after is not None and (p := board_after.board[sq]) is not None:
        return PIECE_NAMES[p.upper()]
    return PIECE_NAMES[effect.piece.upper()] if effect.piece else "piece"


def _new(before: dict[tuple[Square, Square], Threat], after: dict[tuple[Square, Square], Threat], move: Move) -> list[Threat]:
    """The threats after the move that the same attacker did not hold on the same target before it (§3.7)."""
    frm, to = move
    held = {(to if a == frm else a, t) for a, t in before}
    return [threat for key, threat in sorted(after.items()) if key not in held]


def classify(before: Position, move: Move, book: RuleBook) -> Effect:
    """What ``move`` (legal in ``before``) does under ``book`` (§3); ``before`` is left as it was."""
    pos = before.copy()
    piece = pos.board[move.from_square]
    assert piece is not None, f"no piece on {square_name(move.from_square)}"
    side = side_of(piece)
    threats_before = threats(pos, side, book, standing_check_aside=True)
    kill_before = mate_threat(pos, side) if book.kills else None
    pos.push(move)
    king = pos.king(not side)
    checkers = tuple(sorted(attackers(pos, king, side))) if king is not None and pos.is_check() else ()
    new = _new(threats_before, threats(pos, side, book), move)
    chases = tuple(t for t in new if t.exempt is None)
    exempt = tuple(t for t in new if t.exempt is not None)
    kill = None
    if book.kills and not checkers and kill_before is None:
        kill = mate_threat(pos, side)
    if checkers:
        kind = Kind.CHECK
    elif kill is not None:
        kind = Kind.KILL
    elif chases:
        kind = Kind.CHASE
    else:
        kind = Kind.IDLE
    return Effect(move, side, kind, checkers, chases, exempt, kill, piece, king)
