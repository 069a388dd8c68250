"""The rules engine: a xiangqi position with legal move generation.

Rules (Asian Xiangqi Federation / WXF rules; docs/spec/board.md §4–§6):

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

Implementation: a 90-entry mailbox over the movement tables of
:mod:`xqformats.geometry`.  Legality is make / test-own-king / unmake, so
checking one move costs one path test (``PATHS``: one table lookup says what
the move needs — a free leg, a free eye, the squares between) and one attack
test on the mover's king, compiled per king square (``ATTACK_TESTS``): about a
microsecond together, which is what notation decoding needs.

The module also holds the FEN text core a position needs (printing the board
field, reading a FEN into a position, and the set-up checks): problems are
reported as :class:`FenProblem` kinds with offsets, and
:mod:`xqformats.fen` turns them into diagnostics.  This module never imports
:mod:`xqformats.fen`.
"""

from __future__ import annotations

import enum
import hashlib
from collections import Counter
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence

from .core import (
    BLACK,
    FILE_COUNT,
    FILE_NAMES,
    PIECE_NAMES,
    RANK_COUNT,
    RED,
    SQUARE_COUNT,
    SQUARES,
    Color,
    Move,
    Square,
    square,
    square_file,
    square_name,
    square_rank,
)
from .digits import MAX_NUMBER_DIGITS, bounded_int
from .resources import compiled
from .geometry import (
    ADVISOR_MOVES,
    ELEPHANT_MOVES,
    HORSE_ATTACKERS,
    HORSE_MOVES,
    INITIAL_BOARD,
    KING_MOVES,
    PALACE,
    PATHS,
    PAWN_ATTACKERS,
    PAWN_MOVES,
    RAYS_FROM,
    REACHABLE,
    ROOK_RAYS,
    SLIDERS,
)

__all__ = ["Position", "STARTING_FEN", "Outcome", "zobrist_hash"]

STARTING_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


# ---------------------------------------------------------------- attack tests
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


#: A board as the move generator reads it: a FEN letter or ``None`` per square.
#: Typed loosely on purpose: the generator also indexes it by the slices of
#: :data:`~.geometry.PATHS` (the squares between two), which a precise element
#: type would make a union at every read of the hot loop.
_Board = list[Any]


#: ATTACK_TESTS[by][sq]: the compiled test of :func:`_attack_test_source`,
#: built on first use (the kings' 18 palace points in practice).
ATTACK_TESTS: list[list[Optional[Callable[[_Board], bool]]]] = [[None] * SQUARE_COUNT, [None] * SQUARE_COUNT]


def _compile_attack_test(sq: Square, by: Color) -> Callable[[_Board], bool]:
    namespace: dict[str, Any] = {}
    # (Compiled once per machine, not per process: a run meets up to 18 of them, ~0.5 ms each.)
    exec(compiled(_attack_test_source(sq, by), f"<attack test {sq} {by}>"), namespace)
    test: Callable[[_Board], bool] = namespace["test"]
    ATTACK_TESTS[by][sq] = test
    return test


def _attacked(b: _Board, sq: Square, by: Color) -> bool:
    """:meth:`Position.is_attacked` on a bare board."""
    return (ATTACK_TESTS[by][sq] or _compile_attack_test(sq, by))(b)


def _reaches(b: _Board, p: str, frm: Square, to: Square) -> bool:
    """Whether piece ``p``, standing on ``frm`` of board ``b``, can go to ``to`` (see PATHS)."""
    need = PATHS[p][frm][to]
    if need is None:
        return False
    q = b[to]
    if q is not None and (q < "a") == (p < "a"):
        return False  # a piece of the mover's own side
    if p in SLIDERS:
        between = b[need]
        screens = len(between) - between.count(None)
        if p == "R" or p == "r" or q is None:
            return screens == 0
        return screens == 1  # a cannon captures over exactly one screen
    return need < 0 or b[need] is None  # type: ignore[operator]


# ---------------------------------------------------------------- targets by piece type
# Each takes (board, from-square, whether the mover is Red, its table) and
# returns the targets by the movement rule alone; pieces are FEN letters, so
# ``q < "a"`` is "q is Red".
def _rook_targets(b: _Board, frm: Square, red: bool, rays: list[tuple[tuple[Square, ...], ...]]) -> list[Square]:
    out = []
    for ray in rays[frm]:
        for s in ray:
            q = b[s]
            if q is None:
                out.append(s)
            else:
                if (q < "a") != red:
                    out.append(s)
                break
    return out


def _cannon_targets(b: _Board, frm: Square, red: bool, rays: list[tuple[tuple[Square, ...], ...]]) -> list[Square]:
    out = []
    for ray in rays[frm]:
        screened = False
        for s in ray:
            q = b[s]
            if not screened:
                if q is None:
                    out.append(s)
                else:
                    screened = True
            elif q is not None:
                if (q < "a") != red:
                    out.append(s)
                break
    return out


def _blockable_targets(b: _Board, frm: Square, red: bool, pairs: list[tuple[tuple[Square, Square], ...]]) -> list[Square]:
    """Horse and elephant: (target, leg or eye) pairs; a piece on the block stops the move."""
    out = []
    for s, block in pairs[frm]:
        if b[block] is None:
            q = b[s]
            if q is None or (q < "a") != red:
                out.append(s)
    return out


def _step_targets(b: _Board, frm: Square, red: bool, steps: list[tuple[Square, ...]]) -> list[Square]:
    """King, advisor and pawn: fixed steps."""
    out = []
    for s in steps[frm]:
        q = b[s]
        if q is None or (q < "a") != red:
            out.append(s)
    return out


_Targets = Callable[[_Board, Square, bool, list[Any]], list[Square]]


def _target_table() -> dict[str, tuple[_Targets, bool, list[Any]]]:
    """FEN letter → (targets function, mover is Red, the table it walks)."""
    table: dict[str, tuple[_Targets, bool, list[Any]]] = {}
    for red in (RED, BLACK):
        for letter, fn, moves in (
            ("R", _rook_targets, ROOK_RAYS),
            ("C", _cannon_targets, ROOK_RAYS),
            ("N", _blockable_targets, HORSE_MOVES),
            ("B", _blockable_targets, ELEPHANT_MOVES[red]),
            ("K", _step_targets, KING_MOVES[red]),
            ("A", _step_targets, ADVISOR_MOVES[red]),
            ("P", _step_targets, PAWN_MOVES[red]),
        ):
            table[letter if red else letter.lower()] = (fn, red, moves)
    return table


_TARGETS = _target_table()
#: A pawn's forward step changes the square by one rank (the halfmove clock restarts).
_PAWN_ADVANCE = (FILE_COUNT, -FILE_COUNT)


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
    ``Position()`` is the start position (a copy, no FEN parsed, like
    :meth:`initial`); ``Position(None)`` an empty board with Red to move.
    Construct from FEN with :meth:`from_fen` or ``Position(fen)`` (both raise
    ``ValueError``) or with :func:`xqformats.fen.parse_fen` (returns
    diagnostics instead).
    """

    __slots__ = ("board", "turn", "halfmove_clock", "fullmove_number", "_kings", "_stack")

    def __init__(self, fen: str | None = STARTING_FEN) -> None:
        self.board: list[Optional[str]] = [None] * SQUARE_COUNT
        self.turn: Color = RED
        self.halfmove_clock = 0
        self.fullmove_number = 1
        self._kings: dict[Color, int] = {RED: -1, BLACK: -1}
        # Per move pushed: the move, what it captured, the halfmove clock before it, the piece moved.
        self._stack: list[tuple[Move, Optional[str], int, str]] = []
        if fen is not None:
            other = Position.initial() if fen == STARTING_FEN else Position.from_fen(fen)
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
        other = cls(None)
        other.board = list(INITIAL_BOARD)
        other._kings = dict(_INITIAL_KINGS)
        return other

    @classmethod
    def from_fen(cls, fen: str) -> "Position":
        """Parse a FEN; raise ``ValueError`` with the first error's message.

        Any error raises, not only an unreadable board: kings facing, the side
        not to move in check, too many pieces, … (warnings such as `E`/`H`
        letters do not).  Use :func:`xqformats.fen.parse_fen` to get every
        problem as diagnostics and the position even when it has errors.
        """
        errors: list[str] = []

        def report(problem: FenProblem, message: str, start: int, end: int) -> None:
            if problem.fatal:
                errors.append(message)

        pos = read_fen(fen, report)
        if pos is None or errors:
            assert errors  # an unreadable board always comes with an error
            raise ValueError(f"Invalid FEN {fen!r}: {errors[0]}")
        return pos

    def fen(self) -> str:
        """FEN in the standard form ``<board> w|b - - <halfmove> <fullmove>``."""
        side = "w" if self.turn else "b"
        return f"{board_fen(self.board)} {side} - - {self.halfmove_clock} {self.fullmove_number}"

    def setup_problems(self, *, check_turn: bool = True) -> list[tuple[FenProblem, str, Optional[Square]]]:
        """Why no game can reach this set-up: ``(problem, message, square)`` triples.

        In FEN reading order: pieces on points they never reach (kings outside
        the palace, advisors and elephants off their points, pawns behind their
        start rank or off the pawn files before the river), more pieces of a
        kind than the game has, a missing king, then kings facing or, when
        ``check_turn``, the side not to move in check.  ``square`` is the
        offending piece's, or None for the whole board.  Empty for any
        position a game reaches.
        """
        return _setup_problems(self, check_turn)

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
        return [s for s in SQUARES if b[s] == piece]

    @property
    def move_stack(self) -> list[Move]:
        return [m for m, _, _, _ in self._stack]

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

    def board_key(self) -> tuple[tuple[Optional[str], ...], Color]:
        """Board and side to move; equal for the same position (repetition key)."""
        return (tuple(self.board), self.turn)

    def zobrist(self) -> int:
        """The position's Zobrist hash (board and side to move; :func:`zobrist_hash`). O(pieces)."""
        return zobrist_hash(self.board, self.turn)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.board == other.board and self.turn == other.turn

    def __hash__(self) -> int:
        return hash(self.board_key())

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"

    def __str__(self) -> str:
        b = self.board
        return "\n".join(" ".join(b[s] or "." for s in row) for row in _RANKS_FROM_TOP)

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
        if rk < 0 or bk < 0 or square_file(rk) != square_file(bk):
            return False
        b = self.board
        return all(b[s] is None for s in range(rk + FILE_COUNT, bk, FILE_COUNT))

    # ------------------------------------------------------------ generation
    def pseudo_targets(self, frm: Square) -> list[Square]:
        """Targets of the piece on ``frm`` by its movement rule alone.

        Ignores whose turn it is and whether the own king is left in check.
        """
        p = self.board[frm]
        if p is None:
            return []
        targets, red, table = _TARGETS[p]
        return targets(self.board, frm, red, table)

    def pseudo_legal_moves(self) -> Iterator[Move]:
        """Moves of the side to move by the movement rules alone, in square order."""
        b = self.board
        red = self.turn
        for frm in SQUARES:
            p = b[frm]
            if p is not None and (p < "a") == red:
                targets, r, table = _TARGETS[p]
                for to in targets(b, frm, r, table):
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
        """Every legal move of the side to move (O(pieces · targets)), in square order."""
        b = self.board
        red = self.turn
        safe = self._leaves_king_safe
        out = []
        for frm in SQUARES:
            p = b[frm]
            if p is not None and (p < "a") == red:
                targets, r, table = _TARGETS[p]
                out.extend([Move(frm, to) for to in targets(b, frm, r, table) if safe(frm, to)])
        return out

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
        if not (0 <= frm < SQUARE_COUNT and 0 <= to < SQUARE_COUNT):
            return False
        b = self.board
        p = b[frm]
        return p is not None and _reaches(b, p, frm, to)

    def is_pseudo_legal(self, move: Move) -> bool:
        """Whether ``move`` is the side to move's piece going where its rule allows."""
        frm, to = move
        if not (0 <= frm < SQUARE_COUNT and 0 <= to < SQUARE_COUNT):
            return False
        b = self.board
        p = b[frm]
        return p is not None and (p < "a") == self.turn and _reaches(b, p, frm, to)

    def why_illegal(self, move: Move) -> str:
        """Why ``move`` (on the board, and not legal here) is illegal, in words for a message.

        ``no piece on h2``, ``the horse on h9 is Black's but Red is to move``,
        ``the cannon on h2 cannot move to e9``, or ``it leaves Red's king in
        check``.  One explanation for every coordinate format (CBF, CBR, XQF).
        """
        frm, to = move
        piece = self.board[frm]
        side = _SIDE_NAME[self.turn]
        if piece is None:
            return f"no piece on {square_name(frm)}; {side} is to move"
        name = PIECE_NAMES[piece.upper()]
        if (piece < "a") != self.turn:
            return f"the {name} on {square_name(frm)} is {_SIDE_NAME[piece < 'a']}'s but {side} is to move"
        if not self.is_pseudo_legal(move):
            return f"the {name} on {square_name(frm)} cannot move to {square_name(to)}"
        return f"it leaves {side}'s king in check"

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
        need = PATHS[p][frm][to]
        if need is None:
            return False
        q = b[to]
        if q is not None and (q < "a") == red:
            return False  # a piece of the mover's own side
        if p in SLIDERS:
            between: list[Any] = b[need]  # type: ignore[assignment]
            screens = len(between) - between.count(None)
            if screens != (1 if q is not None and (p == "C" or p == "c") else 0):
                return False
        elif need >= 0 and b[need] is not None:  # type: ignore[operator]
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
        return 0 <= frm < SQUARE_COUNT and 0 <= to < SQUARE_COUNT and self.can_move(frm, to)

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
        self._stack.append((move, captured, self.halfmove_clock, piece))  # type: ignore[arg-type]  # a legal move moves a piece
        b[to] = piece
        b[frm] = None
        if piece == "K":
            self._kings[RED] = to
        elif piece == "k":
            self._kings[BLACK] = to
        # The counter restarts on a capture or a pawn advance (进兵), as the
        # FEN's halfmove clock is defined (docs/spec/board.md §6.4).
        if captured is not None:
            if captured == "K":
                self._kings[RED] = -1
            elif captured == "k":
                self._kings[BLACK] = -1
            self.halfmove_clock = 0
        elif (piece == "P" or piece == "p") and (to - frm) in _PAWN_ADVANCE:
            self.halfmove_clock = 0
        else:
            self.halfmove_clock += 1
        if not self.turn:
            self.fullmove_number += 1
        self.turn = not self.turn

    def replay(self, moves: Iterable[Move]) -> tuple[list[int], list[int]]:
        """Push each of ``moves`` in turn (each legal where it is played; not checked): afterwards the
        position is what :meth:`push` one move at a time leaves, its stack included.

        Returns the :meth:`zobrist` key of every position of the line
        (``keys[0]`` this one's before the first move, ``keys[i]`` after ``i``
        moves), updated move by move, and the plies (1-based) that captured.
        One loop with no call per move: a checker replays every main line once
        (:func:`xqformats.adjudication.cycles.scan_line`).
        """
        b = self.board
        stack = self._stack
        kings = self._kings
        table, side = ZOBRIST_PIECES, ZOBRIST_BLACK
        key = self.zobrist()
        keys = [key]
        captures: list[int] = []
        turn, clock, number = self.turn, self.halfmove_clock, self.fullmove_number
        for move in moves:
            frm, to = move
            piece = b[frm]
            captured = b[to]
            stack.append((move, captured, clock, piece))  # type: ignore[arg-type]
            b[to] = piece
            b[frm] = None
            own = table[piece]  # type: ignore[index]  # a legal move moves a piece
            key ^= own[frm] ^ own[to] ^ side
            if piece == "K":
                kings[RED] = to
            elif piece == "k":
                kings[BLACK] = to
            if captured is not None:
                key ^= table[captured][to]
                captures.append(len(keys))
                clock = 0
                if captured == "K":
                    kings[RED] = -1
                elif captured == "k":
                    kings[BLACK] = -1
            elif (piece == "P" or piece == "p") and (to - frm) in _PAWN_ADVANCE:
                clock = 0
            else:
                clock += 1
            keys.append(key)
            if not turn:
                number += 1
            turn = not turn
        self.turn, self.halfmove_clock, self.fullmove_number = turn, clock, number
        return keys, captures

    def taken(self) -> list[tuple[int, str]]:
        """``(ply, piece)`` for each move of the stack that captured (plies from 1): the FEN letter taken."""
        return [(i, captured) for i, (_, captured, _, _) in enumerate(self._stack, 1) if captured is not None]

    def stack_keys(self, key: int) -> tuple[list[int], list[int]]:
        """What :meth:`replay` returns for the moves of this position's stack, from ``key``, the
        :meth:`zobrist` key of the position before the first of them; the board is not touched.

        For a line already played (a reader's builder played the main line it
        read: :func:`xqformats.adjudication.verdict.game_line`).  O(moves).
        """
        table, side = ZOBRIST_PIECES, ZOBRIST_BLACK
        keys = [key]
        captures: list[int] = []
        for (frm, to), captured, _, piece in self._stack:
            own = table[piece]
            key ^= own[frm] ^ own[to] ^ side
            if captured is not None:
                key ^= table[captured][to]
                captures.append(len(keys))
            keys.append(key)
        return keys, captures

    def pop(self) -> Move:
        """Take back the last move pushed."""
        move, captured, halfmove, _ = self._stack.pop()
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


#: The kings' squares in the start position (Position.initial copies them).
_INITIAL_KINGS = {RED: INITIAL_BOARD.index("K"), BLACK: INITIAL_BOARD.index("k")}
#: Squares rank by rank from Black's back rank, each from file a (FEN and print order).
_RANKS_FROM_TOP = tuple(tuple(square(f, r) for f in range(FILE_COUNT)) for r in range(RANK_COUNT - 1, -1, -1))
#: Squares in FEN reading order.
_READING_ORDER = tuple(s for row in _RANKS_FROM_TOP for s in row)


# ---------------------------------------------------------------- Zobrist hashing
def _zobrist_key(name: str) -> int:
    """A fixed 63-bit number for ``name``: BLAKE2b-64 of ``xqformats-zobrist:<name>``, top bit cleared.

    Derived from a hash, not from a seeded generator, so that any program can
    compute the same numbers (docs/archive.md states the recipe); 63 bits so
    that every hash is a non-negative SQLite INTEGER.
    """
    digest = hashlib.blake2b(f"xqformats-zobrist:{name}".encode("ascii"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


#: ZOBRIST_PIECES[piece][sq]: the number of a FEN piece letter on a square (``<letter><square>``, e.g. ``K4``).
ZOBRIST_PIECES: dict[str, tuple[int, ...]] = {
    p: tuple(_zobrist_key(f"{p}{sq}") for sq in SQUARES) for t in PIECE_NAMES for p in (t, t.lower())
}
#: XORed in when Black is to move.
ZOBRIST_BLACK: int = _zobrist_key("black")


def zobrist_hash(board: Sequence[Optional[str]], turn: Color) -> int:
    """The Zobrist hash of a board and side to move: the XOR of the number of every piece on its square,
    and :data:`ZOBRIST_BLACK` when Black is to move.

    Equal positions (board and side) have equal hashes; a move changes it by
    XORing out the mover on its square and in on its target (and out a
    captured piece, and the side): what the archive index updates per ply.
    """
    h = 0 if turn else ZOBRIST_BLACK
    for sq, piece in enumerate(board):
        if piece is not None:
            h ^= ZOBRIST_PIECES[piece][sq]
    return h


# ---------------------------------------------------------------- FEN text core
def board_fen(board: Sequence[Optional[str]]) -> str:
    """The board field of a FEN (ranks 9 down to 0, runs of empty points as digits)."""
    rows = []
    for squares in _RANKS_FROM_TOP:
        row = []
        empty = 0
        for s in squares:
            p = board[s]
            if p is None:
                empty += 1
                continue
            if empty:
                row.append(str(empty))
                empty = 0
            row.append(p)
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    return "/".join(rows)


class FenProblem(enum.Enum):
    """What can be wrong with a FEN or the set-up it describes.

    ``fatal`` problems make :meth:`Position.from_fen` raise; the others
    (non-standard letters, odd counter fields) are read with a warning.
    :mod:`xqformats.fen` gives each its rule (code, severity, docs); a test
    holds the rules' severities to ``fatal``.
    """

    SYNTAX = ("syntax", True)
    PIECE = ("piece", True)
    ALIAS = ("alias", False)
    SIDE = ("side", True)
    FIELDS = ("fields", False)
    COUNT = ("count", True)
    SQUARE = ("square", True)
    KING = ("king", True)
    FACING = ("facing", True)
    CHECK = ("check", True)

    def __init__(self, key: str, fatal: bool) -> None:
        self.key = key
        self.fatal = fatal


#: ``report(problem, message, start, end)``: one problem at character offsets of the FEN text.
FenReport = Callable[[FenProblem, str, int, int], None]

_FEN_LETTERS = frozenset("KABNRCPkabnrcp")
_FEN_ALIASES = {"E": "B", "H": "N", "e": "b", "h": "n"}
#: The most of each piece a side has: as many as the start position holds.
MAX_PIECES: dict[str, int] = dict(Counter(p for p in INITIAL_BOARD if p is not None))
#: Longest counter read as a number: the package's one bound on digit runs
#: (:mod:`xqformats.digits`); no game gets near a 10-digit move number.
MAX_COUNTER_DIGITS = MAX_NUMBER_DIGITS


def _is_number(value: str) -> bool:
    """Whether ``value`` is a plain ASCII decimal short enough to convert."""
    return value.isascii() and bounded_int(value, MAX_COUNTER_DIGITS) is not None


def _clip(text: str, limit: int = 20) -> str:
    """``text`` for a message, shortened with `…` when longer than ``limit``."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _fen_fields(text: str) -> list[tuple[str, int]]:
    """The space-separated fields of ``text`` with their offsets."""
    fields: list[tuple[str, int]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        j = i
        while j < n and not text[j].isspace():
            j += 1
        fields.append((text[i:j], i))
        i = j
    return fields


def _read_rank(
    rank_text: str, rank: int, start: int, board: list[Optional[str]], where: dict[int, int], report: FenReport
) -> tuple[int, bool]:
    """Place one rank's pieces; return (its width in cells, whether every letter was a piece).

    A run of letters that are no piece is one finding (each letter still one
    cell): a damaged board of 60,000 bad letters is one message, not 60,000
    (issue 28: one Diagnostic per letter held 330 bytes per input byte).
    """
    width = 0
    ok = True
    bad_from = -1  # where the current run of unknown letters began (-1: not in one)
    for k, ch in enumerate(rank_text):
        if _unknown_letter(ch):
            ok = False
            width += 1
            if bad_from < 0:
                bad_from = k
            continue
        if bad_from >= 0:
            _report_unknown(rank_text[bad_from:k], start + bad_from, report)
            bad_from = -1
        if ch.isdigit():
            width += int(ch)
            continue
        piece = _FEN_ALIASES.get(ch, ch)
        if piece != ch:
            report(FenProblem.ALIAS, f"Non-standard piece letter `{ch}`, read as `{piece}`; expected `{piece}`", start + k, start + k + 1)
        if width < FILE_COUNT:
            board[square(width, rank)] = piece
            where[square(width, rank)] = start + k
        width += 1
    if bad_from >= 0:
        _report_unknown(rank_text[bad_from:], start + bad_from, report)
    return width, ok


def _unknown_letter(ch: str) -> bool:
    """Whether ``ch`` in a FEN rank is neither a digit nor a piece letter (standard or alias)."""
    return not (ch.isdigit() and ch.isascii()) and ch not in _FEN_LETTERS and ch not in _FEN_ALIASES


def _report_unknown(run: str, col: int, report: FenReport) -> None:
    """One finding for a run of letters that are no piece, starting at ``col``."""
    expected = "expected one of `KABNRCP` or `kabnrcp`"
    if len(run) == 1:
        ch = run
        shown = ch if ch.isprintable() and ch != "`" else f"U+{ord(ch):04X}"
        report(FenProblem.PIECE, f"Unknown piece letter `{shown}`; {expected}", col, col + 1)
        return
    shown = "".join(c if c.isprintable() and c != "`" else "?" for c in _clip(run))
    report(FenProblem.PIECE, f"{len(run)} unknown piece letters `{shown}`; {expected}", col, col + len(run))


def _read_board(board_text: str, off: int, where: dict[int, int], report: FenReport) -> Optional[list[Optional[str]]]:
    """The board field → a 90-point board, or None when it is not ten ranks of nine cells."""
    board: list[Optional[str]] = [None] * SQUARE_COUNT
    ranks = board_text.split("/")
    ok = True
    if len(ranks) != RANK_COUNT:
        n = len(ranks)
        msg = f"FEN board has {n} rank{'s' if n != 1 else ''}; expected {RANK_COUNT} separated by `/`"
        report(FenProblem.SYNTAX, msg, off, off + len(board_text))
        ok = False
    start = off
    for idx, rank_text in enumerate(ranks[:RANK_COUNT]):
        rank = RANK_COUNT - 1 - idx
        width, letters_ok = _read_rank(rank_text, rank, start, board, where, report)
        ok = ok and letters_ok
        if width != FILE_COUNT:
            # Name the rank by its ICCS number (0 = Red's back rank), as squares are.
            if not rank_text:
                msg = f"FEN rank {rank} is empty; expected {FILE_COUNT} cells"
            else:
                cells = f"{width} cell{'s' if width != 1 else ''}"
                msg = f"FEN rank {rank} (`{_clip(rank_text)}`) is {cells} wide; expected {FILE_COUNT}"
            report(FenProblem.SYNTAX, msg, start, start + len(rank_text))
            ok = False
        start += len(rank_text) + 1
    return board if ok else None


def _read_side(pos: Position, fields: list[tuple[str, int]], report: FenReport) -> bool:
    """Field 2 → ``pos.turn``; whether the side to move is known (absent means Red)."""
    if len(fields) < 2:
        return True
    side, soff = fields[1]
    if side in ("w", "r", "W", "R"):
        pos.turn = RED
    elif side in ("b", "B"):
        pos.turn = BLACK
    else:
        report(FenProblem.SIDE, f"Side to move `{_clip(side)}` is not `w`, `r` or `b`", soff, soff + len(side))
        return False
    return True


def _read_counter(pos: Position, k: int, value: str, foff: int, report: FenReport) -> None:
    """Field 5 (halfmove clock) or 6 (move number) → ``pos``."""
    least = 0 if k == 5 else 1
    what = "halfmove clock" if k == 5 else "move number"
    end = foff + len(value)
    if value.isascii() and value.isdigit() and not _is_number(value):
        msg = f"FEN {what} `{_clip(value)}` is too large; expected at most {MAX_COUNTER_DIGITS} digits"
        report(FenProblem.FIELDS, msg, foff, end)
    elif not _is_number(value) or int(value) < least:
        report(FenProblem.FIELDS, f"FEN {what} `{_clip(value)}` is not a number of at least {least}", foff, end)
    elif k == 5:
        pos.halfmove_clock = int(value)
    else:
        pos.fullmove_number = int(value)


def _read_counters(pos: Position, rest: list[tuple[str, int]], report: FenReport) -> None:
    """Fields 3–6: ``- - <halfmove> <move number>`` and nothing after."""
    # 《java 象棋论文》 §2.3 writes four fields, `<board> w 0 1`, with no `- -`
    # (docs/spec/fen.md §2.5): read two numbers in place of the dashes as the counters.
    if len(rest) == 2 and rest[0][0] != "-" and rest[1][0] != "-" and all(_is_number(v) for v, _ in rest):
        start, end = rest[0][1], rest[1][1] + len(rest[1][0])
        a, b = rest[0][0], rest[1][0]
        report(FenProblem.FIELDS, f"FEN has no `- -` before the counters `{a} {b}`; expected `- - {a} {b}`", start, end)
        rest = [("-", start), ("-", start), *rest]
    for k, (value, foff) in enumerate(rest, start=3):
        if k in (3, 4):
            if value != "-":
                report(FenProblem.FIELDS, f"FEN field {k} is `{_clip(value)}`; expected `-`", foff, foff + len(value))
        elif k in (5, 6):
            _read_counter(pos, k, value, foff, report)
        else:
            msg = f"Unexpected FEN field `{_clip(value)}` after the move number"
            report(FenProblem.FIELDS, msg, foff, foff + len(value))


def read_fen(text: str, report: FenReport) -> Optional[Position]:
    """Read a FEN; every problem goes to ``report``; never raises.

    Returns the position whenever the board field can be read, even with
    fatal set-up problems (too many pieces, kings facing, …), or None.
    Problems come in text order, then the set-up checks of
    :meth:`Position.setup_problems` positioned on the offending letter.
    """
    fields = _fen_fields(text)
    if not fields:
        report(FenProblem.SYNTAX, "Empty FEN; expected ten ranks of nine cells separated by `/`", 0, len(text))
        return None
    board_text, off = fields[0]
    where: dict[int, int] = {}
    board = _read_board(board_text, off, where, report)
    if board is None:
        return None
    pos = Position(None)
    for sq, p in enumerate(board):
        if p is not None:
            pos.set_piece(sq, p)
    side_known = _read_side(pos, fields, report)
    _read_counters(pos, fields[2:], report)
    board_end = off + len(board_text)
    for problem, message, at in pos.setup_problems(check_turn=side_known):
        start = off if at is None else where.get(at, off)
        report(problem, message, start, board_end if at is None else start + 1)
    return pos


# ---------------------------------------------------------------- set-up checks
def _points(squares: frozenset[Square]) -> str:
    """Square names in FEN reading order (rank 9 first, file a first)."""
    return ", ".join(square_name(s) for s in _READING_ORDER if s in squares)


def _pawn_start_rank(pawn: str) -> int:
    return square_rank(INITIAL_BOARD.index(pawn))


def _misplaced(piece: str, sq: Square) -> Optional[str]:
    """Why ``piece`` cannot stand on ``sq`` (``None`` if it can): see ``geometry.REACHABLE``."""
    points = REACHABLE.get(piece)
    if points is None or sq in points:
        return None
    red = piece < "a"
    t = piece.upper()
    if t == "K":
        palace = sorted(PALACE[red])
        return f"outside its palace; expected a point of {square_name(palace[0])}–{square_name(palace[-1])}"
    if t != "P":
        return f"a point it can never reach; expected one of {_points(points)}"
    start = _pawn_start_rank(piece)
    if (square_rank(sq) < start) if red else (square_rank(sq) > start):
        return f"behind its start rank; expected rank {start} {'or above' if red else 'or below'}"
    files = [FILE_NAMES[square_file(s)] for s in sorted(points) if square_rank(s) == start]
    return f"off the pawn files before the river; expected file {', '.join(files[:-1])} or {files[-1]}"


_SIDE_NAME = {RED: "Red", BLACK: "Black"}

#: (problem, message, square or None for the whole board)
SetupProblem = tuple[FenProblem, str, Optional[Square]]


def _placement_problems(board: list[Optional[str]]) -> list[SetupProblem]:
    """Pieces on points they never reach, too many of a kind, a missing king."""
    found: list[SetupProblem] = []
    seen: dict[str, list[Square]] = {}
    for sq in _READING_ORDER:
        p = board[sq]
        if p is None:
            continue
        seen.setdefault(p, []).append(sq)
        why = _misplaced(p, sq)
        if why is not None:
            msg = f"{_SIDE_NAME[p < 'a']} {PIECE_NAMES[p.upper()]} on {square_name(sq)}, {why}"
            found.append((FenProblem.SQUARE, msg, sq))
    # One problem per kind over its limit, at the first piece too many in
    # reading order (squares are listed in that order).
    extras = [(sqs[MAX_PIECES[p]], p, len(sqs)) for p, sqs in seen.items() if len(sqs) > MAX_PIECES[p]]
    for extra, p, n in sorted(extras, key=lambda item: _READING_ORDER.index(item[0])):
        t = p.upper()
        most = MAX_PIECES[p]
        name = PIECE_NAMES[t] + ("s" if most > 1 else "")
        msg = f"{_SIDE_NAME[p < 'a']} has {n} {PIECE_NAMES[t]}s; at most {most} {name} allowed"
        found.append((FenProblem.COUNT, msg, extra))
    for color, letter in ((RED, "K"), (BLACK, "k")):
        if letter not in seen:
            found.append((FenProblem.KING, f"{_SIDE_NAME[color]} has no king", None))
    return found


def _setup_problems(pos: Position, check_turn: bool) -> list[SetupProblem]:
    found = _placement_problems(pos.board)
    if pos.kings_facing():
        bk = pos.king(BLACK)
        assert bk is not None  # kings_facing() needs both kings
        msg = f"The kings face each other on file {FILE_NAMES[square_file(bk)]} with no piece between"
        found.append((FenProblem.FACING, msg, bk))
    elif check_turn:
        other = not pos.turn
        k = pos.king(other)
        if k is not None and pos.is_attacked(k, pos.turn):
            msg = f"{_SIDE_NAME[other]} is in check but it is {_SIDE_NAME[pos.turn]}'s move"
            found.append((FenProblem.CHECK, msg, k))
    return found
