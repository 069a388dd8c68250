"""Generated repetition loops and Fairy-Stockfish's ruling on them (the oracle of tests/test_adjudication_oracle.py).

A loop is a random sparse legal position and a four-ply cycle from it: a
move of the side to move, a reply, the first move taken back, the reply
taken back, played twice, so that the start position occurs for the third
time after eight plies (docs/spec/rules.md §2.2).  :func:`loops` makes them
from a seed; the first move is drawn from the side's checking moves, its
moves that attack a piece, or all its moves, in turn, so that each kind of
loop is common.

:func:`fsf_rulings` asks Fairy-Stockfish (``pyffish.is_optional_game_end``,
variant ``xiangqi``, which applies the AXF rules) for its ruling on each
loop, in a child process: pyffish crashes (a segmentation fault) on a few
positions, and a crash then costs that one loop, not the test run.  Its
answer is from the side to move's point of view: +1 the side to move wins,
-1 it loses, 0 a draw, ``None`` no answer (undecided or a crash).

:func:`compare` judges each loop under our AXF rule book, sorts it (a
perpetual-check loop, an idle loop, a chase loop: :func:`category`) and
compares the two rulings; :func:`explain` names, for a disagreement, the
reading of Fairy-Stockfish's that accounts for it (:data:`READINGS`: we
judge the loop again with that reading in place of ours and get its ruling).

Used by the tests and by ``python tests/repetition_loops.py [COUNT] [SEED]``,
which prints the figures and the table of docs/adjudication.md.
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterator, Optional, Sequence
from unittest import mock

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from xqformats.adjudication.rulebook import AXF
from xqformats.adjudication.ruling import Ruling
from xqformats.adjudication.verdict import adjudicate_line
from xqformats.adjudication import classifier as classify_module
from xqformats.adjudication import threats as threats_module
from xqformats.core import BLACK, RED, SQUARES, Move, Square, square_file, square_rank
from xqformats.geometry import REACHABLE
from xqformats.position import Position

#: Pieces a sparse position draws from, besides the two kings (per side).
POOL = "RRNNCCAABBPPP"


@dataclass(frozen=True)
class Loop:
    """A start position and the eight plies of its cycle played twice; ``mode`` says how the first move was drawn."""

    fen: str
    moves: tuple[Move, ...]
    mode: str


def _place(rng: random.Random, pos: Position, piece: str) -> None:
    free = [s for s in sorted(REACHABLE.get(piece, SQUARES)) if pos.board[s] is None]
    if free:
        pos.set_piece(rng.choice(free), piece)


def random_position(rng: random.Random) -> Optional[Position]:
    """Two kings and a few random pieces on points they can reach, a legal set-up; ``None`` when the draw fails."""
    pos = Position(None)
    _place(rng, pos, "K")
    _place(rng, pos, "k")
    for side in (RED, BLACK):
        for piece in rng.sample(POOL, rng.randint(1, 5)):
            _place(rng, pos, piece if side else piece.lower())
    pos.turn = rng.choice((RED, BLACK))
    if pos.setup_problems() or pos.is_check():
        return None
    return pos


def _quiet(pos: Position, move: Move) -> bool:
    """A move that captures nothing and can be taken back (a pawn only sideways)."""
    p = pos.board[move.from_square]
    if pos.board[move.to_square] is not None or p is None:
        return False
    return not (p.upper() == "P" and square_file(move.from_square) == square_file(move.to_square))


def _attacks(pos: Position, move: Move) -> bool:
    """Whether the moved piece attacks an enemy piece (not the king) after the move."""
    pos.push(move)
    try:
        b = pos.board
        return any(b[t] is not None and b[t].upper() != "K" for t in pos.pseudo_targets(move.to_square))  # type: ignore[union-attr]
    finally:
        pos.pop()


def _gives_check(pos: Position, move: Move) -> bool:
    return pos.gives_check(move)


def _first_moves(pos: Position, mode: str) -> list[Move]:
    quiet = [m for m in pos.legal_moves() if _quiet(pos, m)]
    if mode == "check":
        return [m for m in quiet if _gives_check(pos, m)]
    if mode in ("chase", "pursuit"):
        return [m for m in quiet if _attacks(pos, m)]
    return quiet


def _back(move: Move) -> Move:
    return Move(move.to_square, move.from_square)


def _attacked_by(pos: Position, sq: Square) -> list[Square]:
    """The enemy pieces (not the king) the piece on ``sq`` attacks."""
    b = pos.board
    return [t for t in pos.pseudo_targets(sq) if b[t] is not None and b[t].upper() != "K"]  # type: ignore[union-attr]


def _pursuit_replies(pos: Position, a: Move) -> list[Move]:
    """After ``a``: moves of a piece ``a`` attacks to a square the mover of ``a`` attacks again from its start square."""
    targets = _attacked_by(pos, a.to_square)
    found = []
    for b in pos.legal_moves():
        if b.from_square not in targets or not _quiet(pos, b):
            continue
        pos.push(b)
        back = _back(a)
        if pos.is_legal(back):
            pos.push(back)
            if b.to_square in _attacked_by(pos, a.from_square):
                found.append(b)
            pos.pop()
        pos.pop()
    return found


def make_loop(rng: random.Random, mode: str) -> Optional[Loop]:
    """One loop whose first move is drawn as ``mode`` says; ``None`` when none fits.

    ``check``: the first move checks; ``chase``: it attacks a piece;
    ``pursuit``: it attacks a piece, which the reply moves to where the first
    move taken back attacks it again (a chase of one piece round the cycle);
    ``any``: any quiet move.
    """
    pos = random_position(rng)
    if pos is None:
        return None
    fen = pos.fen()
    firsts = _first_moves(pos, mode)
    if not firsts:
        return None
    a = rng.choice(firsts)
    pos.push(a)
    if mode == "pursuit":
        replies = _pursuit_replies(pos, a)
    else:
        replies = [m for m in pos.legal_moves() if _quiet(pos, m)]
    if not replies:
        return None
    b = rng.choice(replies)
    pos.push(b)
    cycle = [a, b, _back(a), _back(b)]
    for m in cycle[2:]:
        if not pos.is_legal(m):
            return None
        pos.push(m)
    if pos.fen().split()[:2] != fen.split()[:2]:
        return None
    return Loop(fen, tuple(cycle * 2), mode)


def loops(count: int, seed: int = 1) -> Iterator[Loop]:
    """``count`` loops from ``seed``, the four modes in turn."""
    rng = random.Random(seed)
    modes = ("check", "chase", "pursuit", "any")
    made = 0
    while made < count:
        loop = make_loop(rng, modes[made % len(modes)])
        if loop is not None:
            made += 1
            yield loop


# ---------------------------------------------------------------- Fairy-Stockfish in a child process


def uci(move: Move) -> str:
    """Fairy-Stockfish's spelling: ranks 1-10."""
    f, t = move
    return f"{'abcdefghi'[square_file(f)]}{square_rank(f) + 1}{'abcdefghi'[square_file(t)]}{square_rank(t) + 1}"


#: The child: one JSON request per line (fen, moves), one answer per line.
_CHILD = r"""
import json, sys
import pyffish
for line in sys.stdin:
    fen, moves = json.loads(line)
    done, value = pyffish.is_optional_game_end("xiangqi", fen, moves)
    print(json.dumps([done, value]), flush=True)
"""


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def fsf_rulings(items: Sequence[tuple[str, Sequence[str]]]) -> list[Optional[int]]:
    """Fairy-Stockfish's ruling on each (FEN, UCI moves): +1, -1, 0 from the side to move's view, ``None`` when none.

    One child process answers them in turn; when it dies (pyffish crashed on
    a position) that item gets ``None`` and a new child takes the rest.
    """
    out: list[Optional[int]] = []
    i = 0
    while i < len(items):
        child = subprocess.Popen([sys.executable, "-c", _CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert child.stdin is not None and child.stdout is not None
        try:
            while i < len(items):
                fen, moves = items[i]
                child.stdin.write(json.dumps([fen, list(moves)]) + "\n")
                child.stdin.flush()
                answer = child.stdout.readline()
                if not answer:
                    out.append(None)  # the child died on this item
                    i += 1
                    break
                done, value = json.loads(answer)
                out.append(_sign(value) if done else None)
                i += 1
        except BrokenPipeError:
            out.append(None)
            i += 1
        finally:
            child.kill()
            child.wait()
    return out


def fsf_loop_rulings(found: Sequence[Loop]) -> list[Optional[int]]:
    return fsf_rulings([(loop.fen, [uci(m) for m in loop.moves]) for loop in found])




# ---------------------------------------------------------------- comparing the rulings


def category(ruling: Ruling) -> str:
    """``check`` when a side checks on every move; ``idle`` when no move leaves any enemy piece attacked
    by the side that moved (kings aside: a raw attack, protected or not); else ``chase``."""
    if ruling.red.perpetual_check or ruling.black.perpetual_check:
        return "check"
    for pos in ruling.cycle.positions[1:]:
        mover = not pos.turn
        b = pos.board
        for frm, p in enumerate(b):
            if p is None or (p < "a") != mover:
                continue
            if any((q := b[t]) is not None and q.upper() != "K" for t in pos.pseudo_targets(frm)):
                return "chase"
    return "idle"


def our_value(loop: Loop) -> tuple[int, Ruling]:
    """Our AXF ruling on ``loop`` from the side to move's view at its end (+1 wins, -1 loses, 0 draw)."""
    start = Position(loop.fen)
    ruling = adjudicate_line(start, loop.moves, AXF).final
    assert ruling is not None, f"{loop.fen}: the loop decides no repetition"
    if ruling.loser is None:
        return 0, ruling
    return (-1 if ruling.loser == start.turn else 1), ruling


# The readings of Fairy-Stockfish's ``chased()`` that differ from docs/spec/rules.md, each as a
# patch of our engine that makes it decide that way (read from its source; nothing copied).


def _beyond(move: Move, target: Square) -> bool:
    """Whether ``target`` lies on the line of ``move`` beyond its start square (away from where it went)."""
    ff, fr = square_file(move.from_square), square_rank(move.from_square)
    tf, tr = square_file(move.to_square), square_rank(move.to_square)
    gf, gr = square_file(target), square_rank(target)
    if ff == tf == gf:
        return (gr - fr) * (fr - tr) > 0
    if fr == tr == gr:
        return (gf - ff) * (ff - tf) > 0
    return False


def _blocks_a_check(pos: Position, sq: Square) -> bool:
    """Whether moving the piece on ``sq`` away would give check by a rook, cannon or horse (the kings facing aside)."""
    piece = pos.board[sq]
    assert piece is not None
    side = piece < "a"
    king = pos.king(not side)
    if king is None or piece.upper() == "K":
        return False
    pos.set_piece(sq, None)
    try:
        own_king = pos.king(side)
        return any(s != own_king for s in threats_module.attackers(pos, king, side))
    finally:
        pos.set_piece(sq, piece)


def _slide_new(before: dict, after: dict, move: Move) -> list:
    """Reading "slide": a rook or cannon that moves along a line newly threatens what it threatens on that line
    beyond the square it left (Fairy-Stockfish leaves the line out of its test of the moved piece's attacks and
    counts the moved piece among the pieces its move uncovered)."""
    frm, to = move
    held = {(to if a == frm else a, t) for a, t in before}
    found = []
    for key, threat in sorted(after.items()):
        fresh = key[0] == to and threat.attacker_piece.upper() in "RC" and _beyond(move, key[1])
        if key not in held or fresh:
            found.append(threat)
    return found


@contextlib.contextmanager
def _reading_slide() -> Iterator[None]:
    with mock.patch.object(classify_module, "_new", _slide_new):
        yield


def _shields(pos: Position, side: bool) -> set[Square]:
    """The squares of ``side``'s pieces that shield a check on the other king (moving them away would give check)."""
    return {s for s in SQUARES if (p := pos.board[s]) is not None and (p < "a") == side and _blocks_a_check(pos, s)}


@contextlib.contextmanager
def _reading_shield() -> Iterator[None]:
    """Reading "shield": a piece that shields a check after the move, on a square no shield of the mover stood on
    before it, newly threatens all it threatens (Fairy-Stockfish compares the squares of the shields)."""
    original = classify_module.classify

    def classify(before: Position, move: Move, book):  # type: ignore[no-untyped-def]
        side = before.board[move.from_square] < "a"  # type: ignore[operator]
        after = before.copy()
        after.push(move)
        new_shields = _shields(after, side) - _shields(before, side)

        inner = classify_module._new  # ours, or another reading's

        def new(b: dict, a: dict, m: Move) -> list:
            found = inner(b, a, m)
            return found + [t for key, t in sorted(a.items()) if key[0] in new_shields and t not in found]

        with mock.patch.object(classify_module, "_new", new):
            return original(before, move, book)

    with mock.patch("xqformats.adjudication.ruling.classify", classify):
        yield


_OURS_CAPTURES = threats_module._captures
_OURS_ALLOWED = threats_module.capture_allowed


def _elephant_reach(pos: Position, frm: Square) -> list[Square]:
    """The points an elephant on ``frm`` would reach were the river no bound (its eye must be empty)."""
    f, r = square_file(frm), square_rank(frm)
    out = []
    for df, dr in ((2, 2), (2, -2), (-2, 2), (-2, -2)):
        if 0 <= f + df < 9 and 0 <= r + dr < 10 and pos.board[frm + df // 2 + 9 * (dr // 2)] is None:
            out.append(frm + df + 9 * dr)
    return out


@contextlib.contextmanager
def _reading_elephant() -> Iterator[None]:
    """Reading "elephant": an elephant attacks across the river (Fairy-Stockfish's attack table leaves the bound out)."""

    def captures(pos: Position, side: bool) -> Iterator[tuple[Square, Square]]:
        yield from _OURS_CAPTURES(pos, side)
        b = pos.board
        for frm in SQUARES:
            if (p := b[frm]) is not None and p.upper() == "B" and (p < "a") == side:
                for to in _elephant_reach(pos, frm):
                    q = b[to]
                    if q is not None and (q < "a") != side and q.upper() != "K" and to not in pos.pseudo_targets(frm):
                        yield frm, to

    def allowed(pos: Position, frm: Square, to: Square, *, standing_check_aside: bool = False) -> bool:
        p = pos.board[frm]
        if p is not None and p.upper() == "B" and to in _elephant_reach(pos, frm) and to not in pos.pseudo_targets(frm):
            return True
        return _OURS_ALLOWED(pos, frm, to, standing_check_aside=standing_check_aside)

    with mock.patch.object(threats_module, "_captures", captures), mock.patch.object(threats_module, "capture_allowed", allowed):
        yield


def _reaches_only(pos: Position, frm: Square, to: Square, *, standing_check_aside: bool = False) -> bool:
    b = pos.board
    p, q = b[frm], b[to]
    return p is not None and q is not None and (p < "a") != (q < "a") and pos.reaches(frm, to)


@contextlib.contextmanager
def _reading_pinned() -> Iterator[None]:
    """Reading B: an attacker that may not legally capture (it is pinned) still threatens."""
    with mock.patch.object(threats_module, "capture_allowed", _reaches_only):
        yield


def _king_protects(pos: Position, attacker: Square, target: Square) -> bool:
    """Reading C: a king next to the target protects it unless taking back lets the kings face each other."""
    if _OURS_PROTECTED(pos, attacker, target):
        return True
    mover = pos.board[attacker]
    assert mover is not None
    side = not (mover < "a")
    king = pos.king(side)
    if king is None:
        return False
    saved = pos.turn
    pos.turn = not side
    pos.push(Move(attacker, target))
    try:
        if not pos.reaches(king, target):
            return False
        pos.push(Move(king, target))
        facing = pos.kings_facing()
        pos.pop()
        return not facing
    finally:
        pos.pop()
        pos.turn = saved


_OURS_PROTECTED = threats_module._protected


@contextlib.contextmanager
def _reading_king() -> Iterator[None]:
    with mock.patch.object(threats_module, "_protected", _king_protects):
        yield


def _shielding(pos: Position, sq: Square) -> bool:
    """Whether the piece on ``sq`` shields its own king (taking it off the board exposes the king to a rook,
    cannon or horse: the kings facing aside)."""
    piece = pos.board[sq]
    assert piece is not None
    side = piece < "a"
    king = pos.king(side)
    if king is None or piece.upper() == "K":
        return False
    pos.set_piece(sq, None)
    try:
        other_king = pos.king(not side)
        return any(s != other_king for s in threats_module.attackers(pos, king, not side))
    finally:
        pos.set_piece(sq, piece)


def _unpinned_protects(pos: Position, attacker: Square, target: Square) -> bool:
    """Reading D: a protector that shields its king before the capture does not protect, even where it may take back."""
    mover = pos.board[attacker]
    assert mover is not None
    shielding = {s for s in SQUARES if (p := pos.board[s]) is not None and (p < "a") != (mover < "a") and _shielding(pos, s)}
    saved = pos.turn
    pos.turn = mover < "a"
    pos.push(Move(attacker, target))
    try:
        return any(s not in shielding for s in threats_module.recaptures(pos, target))
    finally:
        pos.pop()
        pos.turn = saved


@contextlib.contextmanager
def _reading_pinned_root() -> Iterator[None]:
    with mock.patch.object(threats_module, "_protected", _unpinned_protects):
        yield


@contextlib.contextmanager
def _reading_unmoved() -> Iterator[None]:
    """Reading "unmoved": a threat whose attacker neither moved nor had its line opened by the move is no chase,
    even when the move took away the target's protector (Fairy-Stockfish looks for new threats only from the moved
    piece, the pieces it uncovered, newly pinned protectors and new shields)."""
    original = classify_module.classify

    def classify(before: Position, move: Move, book):  # type: ignore[no-untyped-def]
        after = before.copy()
        after.push(move)
        inner = classify_module._new

        def new(b: dict, a: dict, m: Move) -> list:
            found = inner(b, a, m)
            return [t for t in found if t.attacker == m.to_square or t.target not in before.pseudo_targets(t.attacker)]

        with mock.patch.object(classify_module, "_new", new):
            return original(before, move, book)

    with mock.patch("xqformats.adjudication.ruling.classify", classify):
        yield


def _file_pinned(pos: Position, sq: Square) -> bool:
    """Whether the piece on ``sq`` is the only piece of its side, besides its king, on the file of both kings."""
    piece = pos.board[sq]
    assert piece is not None
    side = piece < "a"
    own, other = pos.king(side), pos.king(not side)
    if own is None or other is None or square_file(own) != square_file(other) or square_file(sq) != square_file(own):
        return False
    b = pos.board
    same = [s for s in range(square_file(own), 90, 9) if (q := b[s]) is not None and (q < "a") == side and q.upper() != "K"]
    return same == [sq]


def _file_unpinned_protects(pos: Position, attacker: Square, target: Square) -> bool:
    mover = pos.board[attacker]
    assert mover is not None
    pinned = {s for s in SQUARES if (p := pos.board[s]) is not None and (p < "a") != (mover < "a") and _file_pinned(pos, s)}
    saved = pos.turn
    pos.turn = mover < "a"
    pos.push(Move(attacker, target))
    try:
        return any(s not in pinned for s in threats_module.recaptures(pos, target))
    finally:
        pos.pop()
        pos.turn = saved


@contextlib.contextmanager
def _reading_file_pin() -> Iterator[None]:
    """Reading "file-pin": a protector that is its side's only piece (its king aside) on the file of both kings does not protect,
    whatever else stands on the file (Fairy-Stockfish's pin for the facing kings counts one side's pieces only)."""
    with mock.patch.object(threats_module, "_protected", _file_unpinned_protects):
        yield


#: Fairy-Stockfish's readings where they differ from ours: name -> (what it does, the patch).
READINGS: dict[str, tuple[str, Callable[[], contextlib.AbstractContextManager[None]]]] = {
    "slide": ("a rook or cannon moving along a line newly threatens what it threatened already on that line", _reading_slide),
    "shield": ("a piece that has just come to shield a check newly threatens all it threatens", _reading_shield),
    "elephant": ("an elephant attacks across the river", _reading_elephant),
    "pinned": ("a pinned piece threatens what it attacks", _reading_pinned),
    "king": ("a king next to a piece protects it even where it may not take back", _reading_king),
    "pinned-root": ("a pinned protector does not protect, even where it may take back", _reading_pinned_root),
    "file-pin": ("a piece alone of its side on the kings' file does not protect, whatever stands between", _reading_file_pin),
    "unmoved": ("a threat by a piece the move neither moved nor uncovered is no chase", _reading_unmoved),
}


def explain(loop: Loop, fsf: int) -> Optional[str]:
    """The reading (or readings, joined by ``+``) under which our ruling on ``loop`` is Fairy-Stockfish's ``fsf``."""
    names = list(READINGS)
    for size in range(1, len(names) + 1):
        for combo in __import__("itertools").combinations(names, size):
            with contextlib.ExitStack() as stack:
                for name in combo:
                    stack.enter_context(READINGS[name][1]())
                if our_value(loop)[0] == fsf:
                    return "+".join(combo)
    return None


@dataclass(frozen=True)
class Comparison:
    """One loop: its category, Fairy-Stockfish's ruling and ours, and (when they differ) the reading that explains it."""

    loop: Loop
    category: str
    fsf: Optional[int]
    ours: int
    ruling: Ruling
    explained_by: Optional[str] = None

    @property
    def agrees(self) -> bool:
        return self.fsf == self.ours


def compare(found: Sequence[Loop]) -> list[Comparison]:
    """Every loop compared; loops Fairy-Stockfish gave no ruling on (a crash) are left out."""
    out = []
    for loop, fsf in zip(found, fsf_loop_rulings(found), strict=True):
        if fsf is None:
            continue
        ours, ruling = our_value(loop)
        reading = None if fsf == ours else explain(loop, fsf)
        out.append(Comparison(loop, category(ruling), fsf, ours, ruling, reading))
    return out


def figures(results: Sequence[Comparison]) -> dict[str, tuple[int, int]]:
    """Category -> (agreements, loops)."""
    totals: Counter[str] = Counter(r.category for r in results)
    agree: Counter[str] = Counter(r.category for r in results if r.agrees)
    return {c: (agree[c], totals[c]) for c in ("check", "idle", "chase")}


def _verdict_word(value: int, start_turn: bool) -> str:
    if value == 0:
        return "draw"
    mover = "Red" if start_turn else "Black"
    other = "Black" if start_turn else "Red"
    return f"{other if value > 0 else mover} loses"


def main(argv: Sequence[str]) -> None:
    count = int(argv[0]) if argv else 3000
    seed = int(argv[1]) if len(argv) > 1 else 1
    found = list(loops(count, seed))
    results = compare(found)
    print(f"{len(found)} loops (seed {seed}), {len(results)} with a ruling from Fairy-Stockfish")
    for cat, (agree, total) in figures(results).items():
        print(f"  {cat}: {agree}/{total} agree ({100 * agree / max(total, 1):.1f}%)")
    print(f"  by mode: {dict(Counter(r.loop.mode for r in results))}")
    print(f"  Fairy-Stockfish's rulings: {dict(Counter(r.fsf for r in results))}")
    print("\n| start position | cycle | Fairy-Stockfish | ours (AXF) | reading |\n| --- | --- | --- | --- | --- |")
    for r in results:
        if not r.agrees:
            turn = r.loop.fen.split()[1] == "w"
            cycle = " ".join(m.iccs() for m in r.loop.moves[:4])
            print(f"| `{r.loop.fen}` | {cycle} | {_verdict_word(r.fsf or 0, turn)} | {_verdict_word(r.ours, turn)} | {r.explained_by} |")


if __name__ == "__main__":
    main(sys.argv[1:])
