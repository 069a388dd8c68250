"""The rules engine: a xiangqi position with legal move generation.

Rules (Asian Xiangqi Federation / WXF rules, also in ``NOTES.md``):

* king (帅/将) and advisor (仕/士) stay in their palace (files d–f, ranks 0–2 for
  Red, 7–9 for Black); the king steps orthogonally, the advisor diagonally;
* elephant (相/象) moves two points diagonally, blocked by a piece on the point
  between ("the elephant's eye"), and never crosses the river;
* horse (马) moves one point orthogonally then one diagonally outward, blocked by
  a piece on the first point ("the horse's leg");
* rook (车) slides orthogonally; cannon (炮) slides orthogonally to move and
  captures by jumping over exactly one piece (the screen);
* pawn (兵/卒) steps forward; after crossing the river also sideways;
* no move may leave one's own king attacked, and the two kings may never face
  each other on a file with no piece between (the flying-general rule);
* a side with no legal move has lost (checkmate or stalemate alike).

Repetition rules (perpetual check and chase) need the game history and a
referee's judgement; they are outside this engine.

Implementation: a 90-entry mailbox with precomputed move tables.  Legality is
make / test-own-king / unmake, so checking one move costs one path test
(``PATHS``: one table lookup says what the move needs — a free leg, a free
eye, the squares between) and one attack test on the mover's king, compiled
per king square (``ATTACK_TESTS``): about a microsecond together, which is
what notation decoding needs.
"""

from __future__ import annotations

from typing import Callable, Iterator, Optional

from .core import BLACK, RED, Color, Move, Square

__all__ = ["Position", "STARTING_FEN", "Outcome"]

STARTING_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


# ---------------------------------------------------------------- tables
def _sq(f: int, r: int) -> int:
    return r * 9 + f


def _on_board(f: int, r: int) -> bool:
    return 0 <= f < 9 and 0 <= r < 10


def _in_palace(f: int, r: int, color: Color) -> bool:
    return 3 <= f <= 5 and (0 <= r <= 2 if color else 7 <= r <= 9)


def _own_side(r: int, color: Color) -> bool:
    return r <= 4 if color else r >= 5


_ORTHO = ((0, 1), (0, -1), (1, 0), (-1, 0))
_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))

#: ROOK_RAYS[sq]: the four rays (up, down, right, left) of squares from sq.
ROOK_RAYS: list[tuple[tuple[int, ...], ...]] = []
#: HORSE_MOVES[sq]: (target, leg) pairs.
HORSE_MOVES: list[tuple[tuple[int, int], ...]] = []
#: HORSE_ATTACKERS[sq]: (horse square, leg) pairs of horses that attack sq.
HORSE_ATTACKERS: list[list[tuple[int, int]]] = [[] for _ in range(90)]
#: KING_MOVES[color][sq], ADVISOR_MOVES[color][sq]: targets inside the palace.
KING_MOVES: dict[Color, list[tuple[int, ...]]] = {RED: [], BLACK: []}
ADVISOR_MOVES: dict[Color, list[tuple[int, ...]]] = {RED: [], BLACK: []}
#: ELEPHANT_MOVES[color][sq]: (target, eye) pairs on the own side of the river.
ELEPHANT_MOVES: dict[Color, list[tuple[tuple[int, int], ...]]] = {RED: [], BLACK: []}
#: PAWN_MOVES[color][sq]: forward step, and sideways steps once across the river.
PAWN_MOVES: dict[Color, list[tuple[int, ...]]] = {RED: [], BLACK: []}
#: PAWN_ATTACKERS[color][sq]: squares from which a pawn of ``color`` attacks sq.
PAWN_ATTACKERS: dict[Color, list[list[int]]] = {
    RED: [[] for _ in range(90)],
    BLACK: [[] for _ in range(90)],
}


def _build_tables() -> None:
    for s in range(90):
        f, r = s % 9, s // 9
        rays = []
        for df, dr in _ORTHO:
            ray = []
            nf, nr = f + df, r + dr
            while _on_board(nf, nr):
                ray.append(_sq(nf, nr))
                nf, nr = nf + df, nr + dr
            rays.append(tuple(ray))
        ROOK_RAYS.append(tuple(rays))

        horse = []
        for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
            nf, nr = f + df, r + dr
            if _on_board(nf, nr):
                leg = _sq(f, r + dr // 2) if abs(dr) == 2 else _sq(f + df // 2, r)
                horse.append((_sq(nf, nr), leg))
                HORSE_ATTACKERS[_sq(nf, nr)].append((s, leg))
        HORSE_MOVES.append(tuple(horse))

        for color in (RED, BLACK):
            KING_MOVES[color].append(
                tuple(
                    _sq(f + df, r + dr)
                    for df, dr in _ORTHO
                    if _in_palace(f, r, color) and _in_palace(f + df, r + dr, color)
                )
            )
            ADVISOR_MOVES[color].append(
                tuple(
                    _sq(f + df, r + dr)
                    for df, dr in _DIAG
                    if _in_palace(f, r, color) and _in_palace(f + df, r + dr, color)
                )
            )
            ELEPHANT_MOVES[color].append(
                tuple(
                    (_sq(f + 2 * df, r + 2 * dr), _sq(f + df, r + dr))
                    for df, dr in _DIAG
                    if _on_board(f + 2 * df, r + 2 * dr)
                    and _own_side(r, color)
                    and _own_side(r + 2 * dr, color)
                )
            )
            fwd = 1 if color else -1
            steps = []
            if _on_board(f, r + fwd):
                steps.append(_sq(f, r + fwd))
            if not _own_side(r, color):
                for df in (-1, 1):
                    if _on_board(f + df, r):
                        steps.append(_sq(f + df, r))
            PAWN_MOVES[color].append(tuple(steps))
            for t in steps:
                PAWN_ATTACKERS[color][t].append(s)


_build_tables()

#: The pieces a sliding path applies to (rooks and cannons of both sides).
_SLIDERS = frozenset("RrCc")


def _build_paths() -> dict[str, list]:
    """PATHS[piece][frm * 90 + to]: what ``piece`` needs to go frm→to, from the tables above.

    ``None``: never (not the piece's geometry); for rooks and cannons, the
    slice of the board between the two squares (a file or a rank); for the
    others, the square that must be empty (the horse's leg, the elephant's
    eye) or -1 when nothing must be.  One lookup answers the geometry, so
    :meth:`Position.reaches` tests one path instead of generating every target.
    """
    slide: list = [None] * 8100
    for frm in range(90):
        for to in range(90):
            if frm == to:
                continue
            lo, hi = min(frm, to), max(frm, to)
            if frm % 9 == to % 9:
                slide[frm * 90 + to] = slice(lo + 9, hi, 9)
            elif frm // 9 == to // 9:
                slide[frm * 90 + to] = slice(lo + 1, hi)
    paths: dict[str, list] = {"R": slide, "r": slide, "C": slide, "c": slide}
    horse: list = [None] * 8100
    for frm in range(90):
        for to, leg in HORSE_MOVES[frm]:
            horse[frm * 90 + to] = leg
    paths["N"] = paths["n"] = horse
    for color in (RED, BLACK):
        for letter, table in (("K", KING_MOVES), ("A", ADVISOR_MOVES), ("P", PAWN_MOVES)):
            steps: list = [None] * 8100
            for frm in range(90):
                for to in table[color][frm]:
                    steps[frm * 90 + to] = -1
            paths[letter if color else letter.lower()] = steps
        eyes: list = [None] * 8100
        for frm in range(90):
            for to, eye in ELEPHANT_MOVES[color][frm]:
                eyes[frm * 90 + to] = eye
        paths["B" if color else "b"] = eyes
    return paths


PATHS = _build_paths()

#: RAYS_FROM[sq]: the non-empty rays of ROOK_RAYS[sq] (the attack test loops over fewer).
RAYS_FROM: list[tuple[tuple[int, ...], ...]] = [tuple(r for r in rays if r) for rays in ROOK_RAYS]
#: Attacking piece letters by side: (rook, cannon, horse, king, pawn).
_ATTACKERS = {RED: ("R", "C", "N", "K", "P"), BLACK: ("r", "c", "n", "k", "p")}


def _attack_test_source(sq: Square, by: Color) -> str:
    """Source of ``test(b)``: whether a piece of ``by`` attacks ``sq`` on board ``b``.

    The loops of a generic attack test unrolled over the tables for one
    square, so that the test reads fixed squares: the pawn squares, the
    horse squares with their legs, and for each ray an ``if``/``elif`` chain
    that stops at the first piece (a rook, or the facing king, attacks) with
    an ``or`` chain behind it that yields the next piece (a cannon there
    attacks over the screen).  Pieces are non-empty strings, so ``or`` skips
    exactly the empty squares.  Built like ``collections.namedtuple`` builds
    its methods; about twice as fast as looping over the rays.
    """
    rook, cannon, horse, king, pawn = _ATTACKERS[by]
    lines = ["def test(b):"]
    pawns = PAWN_ATTACKERS[by][sq]
    if pawns:
        lines.append("    if " + " or ".join(f"b[{s}] == {pawn!r}" for s in pawns) + ":")
        lines.append("        return True")
    for frm, leg in HORSE_ATTACKERS[sq]:
        lines.append(f"    if b[{frm}] == {horse!r} and b[{leg}] is None:")
        lines.append("        return True")
    for ray in RAYS_FROM[sq]:
        for i, s in enumerate(ray):
            lines.append(f"    {'elif' if i else 'if'} (p := b[{s}]) is not None:")
            # Kings share a file only (palaces are on different ranks): a
            # king first in any ray means the generals face.
            lines.append(f"        if p == {rook!r} or p == {king!r}:")
            lines.append("            return True")
            behind = ray[i + 1 :]
            if behind:
                lines.append("        if (" + " or ".join(f"b[{t}]" for t in behind) + f") == {cannon!r}:")
                lines.append("            return True")
    lines.append("    return False")
    return "\n".join(lines) + "\n"


#: ATTACK_TESTS[by][sq]: the compiled test of :func:`_attack_test_source`,
#: built on first use (the kings' 18 palace points in practice).
ATTACK_TESTS: list[list[Optional[Callable[[list], bool]]]] = [[None] * 90, [None] * 90]


def _compile_attack_test(sq: Square, by: Color) -> Callable[[list], bool]:
    namespace: dict = {}
    exec(compile(_attack_test_source(sq, by), f"<attack test {sq} {by}>", "exec"), namespace)
    test = ATTACK_TESTS[by][sq] = namespace["test"]
    return test


def _attacked(b: list, sq: Square, by: Color) -> bool:
    """:meth:`Position.is_attacked` on a bare board."""
    return (ATTACK_TESTS[by][sq] or _compile_attack_test(sq, by))(b)


def _reaches(b: list, p: str, frm: Square, to: Square) -> bool:
    """Whether piece ``p``, standing on ``frm`` of board ``b``, can go to ``to`` (see PATHS)."""
    need = PATHS[p][frm * 90 + to]
    if need is None:
        return False
    q = b[to]
    if q is not None and (q < "a") == (p < "a"):
        return False  # a piece of the mover's own side
    if p in _SLIDERS:
        between = b[need]
        screens = len(between) - between.count(None)
        if p == "R" or p == "r" or q is None:
            return screens == 0
        return screens == 1  # a cannon captures over exactly one screen
    return need < 0 or b[need] is None


class Outcome:
    """How a game ended on the board: ``winner`` is the side that can still move."""

    __slots__ = ("winner", "reason")

    def __init__(self, winner: Color, reason: str) -> None:
        self.winner = winner
        self.reason = reason  # "checkmate" or "stalemate"

    def result(self) -> str:
        return "1-0" if self.winner else "0-1"

    def __repr__(self) -> str:
        return f"Outcome(winner={'red' if self.winner else 'black'}, reason={self.reason!r})"


class Position:
    """A board, the side to move, and the two FEN counters.

    ``board[sq]`` is a FEN piece letter or ``None``.  The position is mutable:
    :meth:`push` plays a move, :meth:`pop` takes it back (O(1) each).
    Construct from FEN with :meth:`from_fen` (raises ``ValueError``) or with
    :func:`xqformats.fen.parse_fen` (returns diagnostics instead).
    """

    __slots__ = ("board", "turn", "halfmove_clock", "fullmove_number", "_kings", "_stack")

    def __init__(self, fen: str | None = STARTING_FEN) -> None:
        self.board: list[Optional[str]] = [None] * 90
        self.turn: Color = RED
        self.halfmove_clock = 0
        self.fullmove_number = 1
        self._kings: dict[Color, int] = {RED: -1, BLACK: -1}
        self._stack: list[tuple[Move, Optional[str], int]] = []
        if fen is not None:
            other = Position.from_fen(fen)
            self.board = other.board
            self.turn = other.turn
            self.halfmove_clock = other.halfmove_clock
            self.fullmove_number = other.fullmove_number
            self._kings = other._kings

    # ------------------------------------------------------------ building
    @classmethod
    def empty(cls) -> "Position":
        return cls(None)

    @classmethod
    def initial(cls) -> "Position":
        """The start position of a game, as a fresh copy (no FEN is parsed)."""
        start = _INITIAL
        if start is None:
            start = _set_initial(cls.from_fen(STARTING_FEN))
        return start.copy()

    @classmethod
    def from_fen(cls, fen: str) -> "Position":
        """Parse a FEN; raise ``ValueError`` with the first error's message.

        Any error raises, not only an unreadable board: kings facing, the side
        not to move in check, too many pieces, … (warnings such as `E`/`H`
        letters do not).  Use :func:`xqformats.fen.parse_fen` to get every
        problem as diagnostics and the position even when it has errors.
        """
        from .diagnostics import Severity
        from .fen import parse_fen

        pos, diags = parse_fen(fen)
        first = next((d for d in diags if d.severity is Severity.ERROR), None)
        if pos is None or first is not None:
            assert first is not None  # an unreadable board always comes with an error
            raise ValueError(f"Invalid FEN {fen!r}: {first.message}")
        return pos

    def fen(self) -> str:
        """FEN in the standard form ``<board> w|b - - <halfmove> <fullmove>``."""
        from .fen import board_fen

        side = "w" if self.turn else "b"
        return f"{board_fen(self.board)} {side} - - {self.halfmove_clock} {self.fullmove_number}"

    def set_piece(self, sq: Square, piece: Optional[str]) -> None:
        old = self.board[sq]
        if old in ("K", "k") and self._kings[old == "K"] == sq:
            self._kings[old == "K"] = -1
        self.board[sq] = piece
        if piece == "K":
            self._kings[RED] = sq
        elif piece == "k":
            self._kings[BLACK] = sq

    def copy(self, *, stack: bool = False) -> "Position":
        other = Position(None)
        other.board = self.board[:]
        other.turn = self.turn
        other.halfmove_clock = self.halfmove_clock
        other.fullmove_number = self.fullmove_number
        other._kings = dict(self._kings)
        if stack:
            other._stack = self._stack[:]
        return other

    def king(self, color: Color) -> Optional[Square]:
        s = self._kings[color]
        return None if s < 0 else s

    def piece_at(self, sq: Square) -> Optional[str]:
        return self.board[sq]

    def pieces(self, piece: str) -> list[Square]:
        """Squares holding ``piece`` (a FEN letter), in square order."""
        b = self.board
        return [s for s in range(90) if b[s] == piece]

    @property
    def move_stack(self) -> list[Move]:
        return [m for m, _, _ in self._stack]

    @property
    def stack_depth(self) -> int:
        """How many moves :meth:`push` has played that :meth:`pop` can take back."""
        return len(self._stack)

    def pop_to(self, depth: int) -> None:
        """Take back moves until :attr:`stack_depth` is ``depth`` (no-op when it is already there or below)."""
        pop = self.pop
        stack = self._stack
        while len(stack) > depth:
            pop()

    def board_key(self) -> tuple:
        """Board and side to move; equal for the same position (repetition key)."""
        return (tuple(self.board), self.turn)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.board == other.board and self.turn == other.turn

    def __hash__(self) -> int:
        return hash(self.board_key())

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"

    def __str__(self) -> str:
        rows = []
        for r in range(9, -1, -1):
            rows.append(" ".join(self.board[r * 9 + f] or "." for f in range(9)))
        return "\n".join(rows)

    # ------------------------------------------------------------ attacks
    def is_attacked(self, sq: Square, by: Color) -> bool:
        """Whether a piece of ``by`` attacks ``sq`` (the flying general included).

        Meant for the square of the other side's king: advisors and elephants
        are not tested (they never leave their own half), and a ``by`` king
        first on any ray counts as attacking (the generals facing).  For other
        squares the answer can be wrong.
        """
        return _attacked(self.board, sq, by)

    def is_check(self) -> bool:
        """Whether the side to move has its king attacked."""
        k = self._kings[self.turn]
        return k >= 0 and self.is_attacked(k, not self.turn)

    def kings_facing(self) -> bool:
        """Whether the two kings stand on one file with nothing between."""
        rk, bk = self._kings[RED], self._kings[BLACK]
        if rk < 0 or bk < 0 or rk % 9 != bk % 9:
            return False
        b = self.board
        return all(b[s] is None for s in range(rk + 9, bk, 9))

    # ------------------------------------------------------------ generation
    def pseudo_targets(self, frm: Square) -> list[Square]:
        """Targets of the piece on ``frm`` by its movement rule alone.

        Ignores whose turn it is and whether the own king is left in check.
        """
        b = self.board
        p = b[frm]
        if p is None:
            return []
        color = p.isupper()
        t = p.upper()
        out: list[int] = []
        if t == "R" or t == "C":
            for ray in ROOK_RAYS[frm]:
                screened = False
                for s in ray:
                    q = b[s]
                    if not screened:
                        if q is None:
                            out.append(s)
                        else:
                            if t == "R":
                                if q.isupper() != color:
                                    out.append(s)
                                break
                            screened = True
                    elif q is not None:
                        if q.isupper() != color:
                            out.append(s)
                        break
        elif t == "N":
            for s, leg in HORSE_MOVES[frm]:
                if b[leg] is None:
                    q = b[s]
                    if q is None or q.isupper() != color:
                        out.append(s)
        elif t == "P":
            for s in PAWN_MOVES[color][frm]:
                q = b[s]
                if q is None or q.isupper() != color:
                    out.append(s)
        elif t == "B":
            for s, eye in ELEPHANT_MOVES[color][frm]:
                if b[eye] is None:
                    q = b[s]
                    if q is None or q.isupper() != color:
                        out.append(s)
        else:
            table = KING_MOVES if t == "K" else ADVISOR_MOVES
            for s in table[color][frm]:
                q = b[s]
                if q is None or q.isupper() != color:
                    out.append(s)
        return out

    def pseudo_legal_moves(self) -> Iterator[Move]:
        b = self.board
        red = self.turn
        for frm in range(90):
            p = b[frm]
            if p is not None and p.isupper() == red:
                for to in self.pseudo_targets(frm):
                    yield Move(frm, to)

    def _leaves_king_safe(self, frm: Square, to: Square) -> bool:
        """Make the move on the board, test the mover's king, unmake."""
        b = self.board
        piece = b[frm]
        captured = b[to]
        color = piece < "a"  # type: ignore[operator]  # upper case: Red
        k = to if piece == "K" or piece == "k" else self._kings[color]
        if k < 0:
            return True  # no king to lose (set-ups)
        b[to] = piece
        b[frm] = None
        by = not color
        safe = not (ATTACK_TESTS[by][k] or _compile_attack_test(k, by))(b)
        b[frm] = piece
        b[to] = captured
        return safe

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move (O(pieces · targets))."""
        safe = self._leaves_king_safe
        return [m for m in self.pseudo_legal_moves() if safe(m.from_square, m.to_square)]

    def legal_moves_from(self, frm: Square) -> list[Move]:
        """Legal moves of the piece on ``frm`` (empty unless it is the mover's)."""
        p = self.board[frm]
        if p is None or p.isupper() != self.turn:
            return []
        safe = self._leaves_king_safe
        return [Move(frm, to) for to in self.pseudo_targets(frm) if safe(frm, to)]

    def has_legal_move(self) -> bool:
        safe = self._leaves_king_safe
        return any(safe(m.from_square, m.to_square) for m in self.pseudo_legal_moves())

    def reaches(self, frm: Square, to: Square) -> bool:
        """Whether the piece on ``frm`` can go to ``to`` by its movement rule alone.

        The same answer as ``to in self.pseudo_targets(frm)`` (False for an
        empty ``frm``), but tests the one path: the horse's leg, the elephant's
        eye, the squares a rook slides over or a cannon jumps, and the target
        not holding a piece of the mover's own side.  Ignores whose turn it is
        and the mover's king.  Squares outside 0–89 are never reached.
        Complexity is O(1) (a slice of at most one file for rooks and cannons).
        """
        if not (0 <= frm < 90 and 0 <= to < 90):
            return False
        b = self.board
        p = b[frm]
        return p is not None and _reaches(b, p, frm, to)

    def is_pseudo_legal(self, move: Move) -> bool:
        """Whether ``move`` is the side to move's piece going where its rule allows."""
        frm, to = move
        if not (0 <= frm < 90 and 0 <= to < 90):
            return False
        b = self.board
        p = b[frm]
        return p is not None and (p < "a") == self.turn and _reaches(b, p, frm, to)

    def can_move(self, frm: Square, to: Square) -> bool:
        """Whether moving the piece on ``frm`` to ``to`` is legal for the side to move.

        ``is_legal(Move(frm, to))`` without building the move, for squares
        known to be on the board (0–89; no range check): one path test and,
        when it passes, one attack test on the mover's king.  The hot path of
        decoding, so :func:`_reaches` and :meth:`_leaves_king_safe` are inlined.
        """
        b = self.board
        p = b[frm]
        if p is None:
            return False
        red = p < "a"
        if red != self.turn:
            return False
        need = PATHS[p][frm * 90 + to]
        if need is None:
            return False
        q = b[to]
        if q is not None and (q < "a") == red:
            return False  # a piece of the mover's own side
        if p in _SLIDERS:
            between = b[need]
            screens = len(between) - between.count(None)
            if screens != (1 if q is not None and (p == "C" or p == "c") else 0):
                return False
        elif need >= 0 and b[need] is not None:
            return False  # the horse's leg or the elephant's eye is blocked
        # Make, test the mover's king, unmake.
        k = to if p == "K" or p == "k" else self._kings[red]
        if k < 0:
            return True  # no king to lose (set-ups)
        b[to] = p
        b[frm] = None
        by = not red
        safe = not (ATTACK_TESTS[by][k] or _compile_attack_test(k, by))(b)
        b[frm] = p
        b[to] = q
        return safe

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal for the side to move (one path test, one attack test)."""
        frm, to = move
        return 0 <= frm < 90 and 0 <= to < 90 and self.can_move(frm, to)

    def leaves_king_in_check(self, move: Move) -> bool:
        """For a pseudo-legal move: whether it exposes the mover's king.

        Includes the flying-general rule (moving the last piece off the file
        between the kings, or a king stepping onto the other king's open file).
        """
        return not self._leaves_king_safe(move.from_square, move.to_square)

    def gives_check(self, move: Move) -> bool:
        self.push(move)
        try:
            return self.is_check()
        finally:
            self.pop()

    def is_checkmate(self) -> bool:
        return self.is_check() and not self.has_legal_move()

    def is_stalemate(self) -> bool:
        """No legal move while not in check; in xiangqi this loses too."""
        return not self.is_check() and not self.has_legal_move()

    def outcome(self) -> Optional[Outcome]:
        """The board result when the side to move has no legal move, else ``None``."""
        if self.has_legal_move():
            return None
        return Outcome(not self.turn, "checkmate" if self.is_check() else "stalemate")

    # ------------------------------------------------------------ make/unmake
    def push(self, move: Move) -> None:
        """Play ``move`` (assumed legal; not checked). O(1)."""
        b = self.board
        frm, to = move
        piece = b[frm]
        captured = b[to]
        self._stack.append((move, captured, self.halfmove_clock))
        b[to] = piece
        b[frm] = None
        if piece == "K":
            self._kings[RED] = to
        elif piece == "k":
            self._kings[BLACK] = to
        if captured == "K":
            self._kings[RED] = -1
        elif captured == "k":
            self._kings[BLACK] = -1
        # The counter restarts on a capture or a pawn advance (进兵), as the
        # notation paper (notation-fen-paper-002.txt §2.3) defines field 3.
        if captured is not None or (piece in ("P", "p") and (to - frm) in (9, -9)):
            self.halfmove_clock = 0
        else:
            self.halfmove_clock += 1
        if not self.turn:
            self.fullmove_number += 1
        self.turn = not self.turn

    def pop(self) -> Move:
        """Take back the last move pushed."""
        move, captured, halfmove = self._stack.pop()
        frm, to = move
        b = self.board
        piece = b[to]
        b[frm] = piece
        b[to] = captured
        if piece == "K":
            self._kings[RED] = frm
        elif piece == "k":
            self._kings[BLACK] = frm
        if captured == "K":
            self._kings[RED] = to
        elif captured == "k":
            self._kings[BLACK] = to
        self.turn = not self.turn
        if not self.turn:
            self.fullmove_number -= 1
        self.halfmove_clock = halfmove
        return move

    # ------------------------------------------------------------ perft
    def perft(self, depth: int) -> int:
        """Number of leaf nodes of the legal move tree ``depth`` plies deep."""
        if depth <= 0:
            return 1
        moves = self.legal_moves()
        if depth == 1:
            return len(moves)
        total = 0
        for m in moves:
            self.push(m)
            total += self.perft(depth - 1)
            self.pop()
        return total


# The start position, parsed once on first use; Position.initial() hands out copies.
_INITIAL: Optional[Position] = None


def _set_initial(pos: Position) -> Position:
    global _INITIAL
    _INITIAL = pos
    return pos
