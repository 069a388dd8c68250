"""The ruling on a decided repetition: who must change or loses, or a draw (docs/spec/rules.md §4, §5).

:func:`judge` classifies every move of a :class:`~.cycles.Cycle`
(:func:`~.classifier.classify`), sums each side's moves up
(:class:`SideSummary`: a perpetual check? moves that are all attacks, or a
chase that follows one piece?) and applies the rule book:

* a side whose every move checks loses, unless both do (CXA 26.1, 26.3;
  AXF art. 6, 7): §4.1, §4.4, §5.1;
* otherwise a side whose moves are forbidden must change or loses when the
  other's are allowed, and it is a draw when both or neither are (CXA
  26.2–26.4, with 27.2's pawns; AXF art. 3, 5): §4.2–§4.6, §5.2–§5.5.

Under CXA a side's moves are forbidden when every one is an attack (check,
kill or chase: 长打); under AXF when every one chases one and the same
piece, followed as it moves.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Optional

from ..core import BLACK, PIECE_NAMES, RED, Color, Move, Square, side_name, square_name
from .classifier import Effect, Kind, classify
from .cycles import Cycle
from .rulebook import RuleBook


@dataclass(frozen=True, slots=True)
class SideSummary:
    """One side's moves in a cycle and what they add up to under the rule book."""

    side: Color
    effects: tuple[Effect, ...]
    perpetual_check: bool
    forbidden: bool
    #: In words: ``perpetual check``, ``perpetual chase of Black's cannon (i7, h7)``, ``idle``, …
    summary: str


@dataclass(frozen=True, slots=True)
class Ruling:
    """The ruling on one cycle under ``book``.

    ``loser`` is the side that must change or loses (``None``: a draw);
    ``immediate`` is set for a perpetual check, which loses at once (CXA
    24.1; AXF art. 6); ``key`` names the clause (:meth:`RuleBook.cite`).
    """

    book: RuleBook
    cycle: Cycle
    #: What each move of the cycle does, in order.
    effects: tuple[Effect, ...]
    red: SideSummary
    black: SideSummary
    loser: Optional[Color]
    immediate: bool
    key: str
    reason: str

    @property
    def result(self) -> str:
        """The result the ruling gives the game: ``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.loser is None:
            return "1/2-1/2"
        return "0-1" if self.loser else "1-0"

    def clause(self) -> str:
        return self.book.cite(self.key)

    def verdict(self) -> str:
        """``Red loses``, ``Red must change or loses``, or ``draw``."""
        if self.loser is None:
            return "draw"
        return f"{side_name(self.loser)} {'loses' if self.immediate else 'must change or loses'}"


# ---------------------------------------------------------------- one side's moves


def _counts(kinds: list[Kind]) -> str:
    counted = Counter(kinds)
    words = {Kind.CHECK: "check", Kind.KILL: "kill", Kind.CHASE: "chase", Kind.IDLE: "idle move"}
    parts = [f"{n} {words[k]}{'s' if n != 1 else ''}" for k, n in sorted(counted.items(), key=lambda kn: list(Kind).index(kn[0]))]
    return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class _Chased:
    """The pieces one side's moves chase, each followed as it moves (identity → its name and squares)."""

    #: For each move, the identities of the pieces it chases.
    per_move: tuple[frozenset[int], ...]
    names: dict[int, str]
    squares: dict[int, tuple[str, ...]]

    def phrase(self, idents: Iterable[int]) -> str:
        """``Black's cannon (i7, h7) and Red's horse (b3)``."""
        return " and ".join(f"{self.names[i]} ({', '.join(self.squares[i])})" for i in sorted(idents))

    def common(self) -> frozenset[int]:
        """The pieces chased on every move."""
        return frozenset.intersection(*self.per_move) if self.per_move else frozenset()

    def every(self) -> frozenset[int]:
        return frozenset().union(*self.per_move)


def _chased(effects: tuple[Effect, ...], plies: list[int], ids: list[dict[Square, int]], *, with_exempt: bool) -> _Chased:
    per_move = []
    names: dict[int, str] = {}
    squares: dict[int, list[str]] = {}
    for e, j in zip(effects, plies, strict=True):
        after = ids[j + 1]
        found = set()
        for t in (*e.chases, *e.exempt) if with_exempt else e.chases:
            ident = after[t.target]
            found.add(ident)
            names[ident] = f"{side_name(t.target_piece < 'a')}'s {PIECE_NAMES[t.target_piece.upper()]}"
            if square_name(t.target) not in squares.setdefault(ident, []):
                squares[ident].append(square_name(t.target))
        per_move.append(frozenset(found))
    return _Chased(tuple(per_move), names, {i: tuple(sq) for i, sq in squares.items()})


def _cxa_summary(side: Color, effects: tuple[Effect, ...], chased: _Chased, with_pawns: bool) -> SideSummary:
    """§4.2: a perpetual check, or moves that are every one an attack (with pawns' threats when ``with_pawns``, §4.6)."""
    kinds = [e.kind_with_pawns() if with_pawns else e.kind for e in effects]
    check = all(k is Kind.CHECK for k in kinds)
    forbidden = all(k.attack for k in kinds)
    if check:
        words = "perpetual check (长将)"
    elif all(k is Kind.KILL for k in kinds):
        words = "perpetual kill (长杀)"
    elif all(k is Kind.CHASE for k in kinds):
        by = " by pawns" if with_pawns and not any(e.chases for e in effects) else ""
        words = f"perpetual chase (长捉) of {chased.phrase(chased.every())}{by}"
    elif forbidden:
        words = f"an attack on every move (长打: {_counts(kinds)})"
    elif any(k.attack for k in kinds):
        words = f"allowed: {_counts(kinds)}"
    else:
        words = "idle"
    return SideSummary(side, effects, check, forbidden, words)


def _effects(cycle: Cycle, book: RuleBook, memo: EffectMemo) -> list[Effect]:
    """What each move of ``cycle`` does (:func:`~.classifier.classify`), each position and move classified once."""
    effects = []
    for before, move in zip(cycle.positions, cycle.moves):
        key = (tuple(before.board), before.turn, move)
        effect = memo.get(key)
        if effect is None:
            effect = memo[key] = classify(before, move, book)
        effects.append(effect)
    return effects


def _identities(cycle: Cycle) -> list[dict[Square, int]]:
    """For each position of the cycle, square → the identity of the piece on it (pieces followed as they move)."""
    start = cycle.positions[0]
    ids = {sq: sq for sq, p in enumerate(start.board) if p is not None}
    out = [dict(ids)]
    for move in cycle.moves:
        ids = dict(ids)
        ids[move.to_square] = ids.pop(move.from_square)
        out.append(ids)
    return out


def _axf_summary(side: Color, effects: tuple[Effect, ...], chased: _Chased) -> SideSummary:
    """§5.1–§5.4: a perpetual check, or a chase that follows one piece on every move."""
    check = all(e.kind is Kind.CHECK for e in effects)
    common = chased.common()
    if check:
        words = "perpetual check"
    elif common:
        words = f"perpetual chase of {chased.phrase([min(common)])}"
    elif any(e.kind is not Kind.IDLE for e in effects):
        words = f"no perpetual check or chase of one piece ({_counts([e.kind for e in effects])})"
    else:
        words = "idle"
    return SideSummary(side, effects, check, bool(common), words)


# ---------------------------------------------------------------- the ruling


def _decide(red: SideSummary, black: SideSummary) -> tuple[Optional[Color], bool, str]:
    """(loser, immediate, clause key) from the two sides' summaries."""
    if red.perpetual_check and black.perpetual_check:
        return None, False, "both-check"
    if red.perpetual_check or black.perpetual_check:
        return (RED if red.perpetual_check else BLACK), True, "perpetual-check"
    if red.forbidden and black.forbidden:
        return None, False, "both-forbidden"
    if red.forbidden or black.forbidden:
        return (RED if red.forbidden else BLACK), False, "one-forbidden"
    return None, False, "both-allowed"


def _reason(book: RuleBook, red: SideSummary, black: SideSummary, loser: Optional[Color], key: str) -> str:
    sides = f"Red: {red.summary}; Black: {black.summary}"
    if key == "perpetual-check":
        assert loser is not None
        return f"{side_name(loser)} checks on every move of the cycle ({sides})"
    if key == "both-check":
        return f"both sides check on every move ({sides})"
    if key == "one-forbidden":
        assert loser is not None
        return f"{side_name(loser)}'s moves are forbidden and the other side's allowed ({sides})"
    if key == "pawn-mutual":
        return f"both sides attack on every move once the pawns' attacks count ({sides})"
    if key == "both-forbidden":
        return f"both sides' moves are forbidden ({sides})"
    return f"neither side's moves are forbidden ({sides})"


#: What :func:`judge` has classified, by the board, the side to move and the move (all that
#: :func:`~.classifier.classify` looks at): a cycle plays its moves at least twice over.
EffectMemo = dict[tuple[tuple[Optional[str], ...], bool, Move], Effect]


def judge(cycle: Cycle, book: RuleBook, memo: Optional[EffectMemo] = None) -> Ruling:
    """The ruling on ``cycle`` under ``book`` (§4 for CXA, §5 for AXF).

    ``memo`` keeps the moves classified for the next cycle of the same line
    and ``book`` (default: one for this cycle alone).
    """
    effects = _effects(cycle, book, {} if memo is None else memo)
    plies: dict[Color, list[int]] = {RED: [], BLACK: []}
    for j, e in enumerate(effects):
        plies[e.side].append(j)
    mine = {s: tuple(effects[j] for j in plies[s]) for s in (RED, BLACK)}
    ids = _identities(cycle)

    def summary(side: Color, with_pawns: bool = False) -> SideSummary:
        chased = _chased(mine[side], plies[side], ids, with_exempt=with_pawns)
        if book.same_target:
            return _axf_summary(side, mine[side], chased)
        return _cxa_summary(side, mine[side], chased, with_pawns)

    red, black = summary(RED), summary(BLACK)
    loser, immediate, key = _decide(red, black)
    if key == "one-forbidden" and not book.same_target:
        # CXA 27.2: a pawn's attack is idle, unless the two sides attack each other on every move.
        assert loser is not None
        other = summary(not loser, with_pawns=True)
        if other.forbidden:
            red, black = (red, other) if loser else (other, black)
            loser, key = None, "pawn-mutual"
    return Ruling(book, cycle, tuple(effects), red, black, loser, immediate, key, _reason(book, red, black, loser, key))
