"""Resolution: from a move's shape and a position to the one legal move it denotes.

Shared by the three notations (docs/notation.md § Resolution):

1. *Locate* the piece: the mover's pieces of that type on the named file (Red
   counts files from its right, 一 = file i; Black from its right, 1 = file a),
   or, with a marker, on the file where like pieces are stacked, ordered front
   to back (toward the opponent); pawns stacked on two files are numbered right
   to left, front to back (NOTES.md; paper table 2-2).
2. *Destination* from action and number: straight movers (K R C P) count
   points for advance/retreat and name the file for a traverse; diagonal
   movers (A B N) name the destination file.
3. *Legality*: the movement rules with the pieces in the way, then the
   mover's king (check and the flying-general rule).

Each failure is a diagnostic with its own code (rules.py).  The position is
only read (legality testing makes and unmakes inside the engine).
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from ..core import PIECE_NAMES, Move
from ..diagnostics import Diagnostic, Severity, Span
from ..position import (
    ADVISOR_MOVES,
    ELEPHANT_MOVES,
    HORSE_MOVES,
    KING_MOVES,
    PAWN_MOVES,
    Position,
)
from . import rules as R
from .chinese import write_chinese
from .shape import Notation, Shape, shape_of, span
from .wxf import LETTERS, PIECE_CODES, write_wxf

__all__ = ["resolve", "encode_move", "NoSpelling", "NO_DIAGNOSTICS"]

#: The shared empty result of a clean decode (immutable, never mutated).
NO_DIAGNOSTICS: Sequence[Diagnostic] = ()

#: FILE_SQUARES[red][file index]: the file's squares ordered front to back for
#: that side (Red's front is rank 9, Black's rank 0).
FILE_SQUARES: dict[bool, tuple[tuple[int, ...], ...]] = {
    True: tuple(tuple(r * 9 + f for r in range(9, -1, -1)) for f in range(9)),
    False: tuple(tuple(r * 9 + f for r in range(10)) for f in range(9)),
}
#: Files in the order a side counts them: from its own right (Red: i→a, Black: a→i).
FILE_ORDER = {True: tuple(range(8, -1, -1)), False: tuple(range(9))}
_STRAIGHT = frozenset("KRCP")
_SIDE = {True: "Red", False: "Black"}
_NUMERALS = "一二三四五六七八九"


def _file_index(n: int, red: bool) -> int:
    """File index 0–8 (a–i) of the side-relative file number ``n`` (1–9)."""
    return 9 - n if red else n - 1


def _file_number(fi: int, red: bool) -> int:
    return 9 - fi if red else fi + 1


def _sq(s: int) -> str:
    return "abcdefghi"[s % 9] + str(s // 9)


def _whole(shape: Shape) -> Span:
    return span(0, len(shape.text))


# ---------------------------------------------------------------- geometry
def destination(ptype: str, frm: int, action: str, number: int, red: bool) -> Optional[int]:
    """The square a move's action and number lead to, or None when they cannot.

    Arithmetic only: whether the piece may go there is checked afterwards.
    """
    f, r = frm % 9, frm // 9
    fwd = 1 if red else -1
    if ptype in _STRAIGHT:
        if action == ".":
            tf = _file_index(number, red)
            return None if tf == f else r * 9 + tf
        tr = r + (number if action == "+" else -number) * fwd
        return tr * 9 + f if 0 <= tr <= 9 else None
    if action == ".":
        return None
    tf = _file_index(number, red)
    df = abs(tf - f)
    if ptype == "N":
        if df != 1 and df != 2:
            return None
        dr = 3 - df
    elif ptype == "B":
        if df != 2:
            return None
        dr = 2
    else:  # advisor
        if df != 1:
            return None
        dr = 1
    tr = r + (dr if action == "+" else -dr) * fwd
    return tr * 9 + tf if 0 <= tr <= 9 else None


def _geometric(ptype: str, frm: int, to: int, red: bool) -> bool:
    """Whether the piece's movement rule allows frm→to on an empty board."""
    if ptype == "R" or ptype == "C":
        return frm != to and (frm % 9 == to % 9 or frm // 9 == to // 9)
    if ptype == "N":
        return any(t == to for t, _ in HORSE_MOVES[frm])
    if ptype == "B":
        return any(t == to for t, _ in ELEPHANT_MOVES[red][frm])
    if ptype == "A":
        return to in ADVISOR_MOVES[red][frm]
    if ptype == "K":
        return to in KING_MOVES[red][frm]
    return to in PAWN_MOVES[red][frm]


def _blocked_reason(pos: Position, frm: int, to: int) -> str:
    """Why a geometrically possible move is not among the piece's targets."""
    b = pos.board
    p = b[frm]
    assert p is not None
    q = b[to]
    if q is not None and q.isupper() == p.isupper():
        return f"own {PIECE_NAMES[q.upper()]} stands on {_sq(to)}"
    t = p.upper()
    if t == "N":
        for s, leg in HORSE_MOVES[frm]:
            if s == to:
                return f"the horse's leg on {_sq(leg)} is blocked"
    if t == "B":
        for s, eye in ELEPHANT_MOVES[p.isupper()][frm]:
            if s == to:
                return f"the elephant's eye on {_sq(eye)} is blocked"
    if t == "R" or t == "C":
        step = 9 if to % 9 == frm % 9 else 1
        if to < frm:
            step = -step
        between = [s for s in range(frm + step, to, step) if b[s] is not None]
        if t == "C" and q is not None:
            return f"a cannon captures over exactly one screen, not {len(between)}"
        return f"{_sq(between[0])} blocks the path"
    return "the move is blocked"


# ---------------------------------------------------------------- locating
def _on_file(board: list, piece: str, fi: int, red: bool) -> list[int]:
    """Squares of ``piece`` on file ``fi``, front to back for the side ``red``."""
    column = board[fi::9]  # ranks 0-9: a slice and a count in C for the usual 0 or 1
    n = column.count(piece)
    if n == 0:
        return []
    if n == 1:
        return [column.index(piece) * 9 + fi]
    return [s for s in FILE_SQUARES[red][fi] if board[s] == piece]


def _stacks(board: list, piece: str, red: bool) -> list[list[int]]:
    """Files holding two or more ``piece``, right to left for the mover, each front to back."""
    out = []
    for fi in FILE_ORDER[red]:
        sqs = _on_file(board, piece, fi, red)
        if len(sqs) >= 2:
            out.append(sqs)
    return out


def _marker_index(notation: Notation, marker: str, n: int) -> Optional[int]:
    """Index (front to back) that ``marker`` names among ``n`` stacked pieces.

    Chinese 前/后 are the outermost; WXF ``+``/``-`` are the outermost of two or
    three but the second from each end of four or five, whose outermost are
    ``++``/``--`` (official WXF page, cases II–III).  A middle marker needs an
    odd count of three or more.
    """
    if marker == "middle":
        return n // 2 if n >= 3 and n % 2 == 1 else None
    if marker == "first":
        return 0
    if marker == "last":
        return n - 1
    wxf_inner = notation is Notation.WXF and n >= 4
    if marker == "front":
        return 1 if wxf_inner else 0
    return n - 2 if wxf_inner else n - 1


_MARKER_TEXT = {
    Notation.CHINESE: {"front": "前", "middle": "中", "rear": "后"},
    Notation.WXF: {"front": "+", "middle": ".", "rear": "-", "first": "++", "last": "--"},
}


class _Fail(Exception):
    """A resolution failure carrying its diagnostic (internal control flow)."""

    def __init__(self, diag: Diagnostic) -> None:
        self.diag = diag


def _fail(rule: object, message: str, where: Span) -> _Fail:
    return _Fail(Diagnostic.of(rule, message, where))  # type: ignore[arg-type]


def _file_text(notation: Notation, fi: int, red: bool) -> str:
    n = _file_number(fi, red)
    return _NUMERALS[n - 1] if notation is Notation.CHINESE and red else str(n)


def _no_piece(shape: Shape, pos: Position, ptype: str, red: bool, fi: int, where: Span) -> _Fail:
    piece = ptype if red else ptype.lower()
    name = PIECE_NAMES[ptype]
    files = [
        _file_text(shape.notation, f, red) for f in FILE_ORDER[red] if _on_file(pos.board, piece, f, red)
    ]
    label = shape.text[where.start : where.end]
    if files:
        hint = "; expected one of files " + ", ".join(f"`{x}`" for x in files)
    else:
        hint = f"; {_SIDE[red]} has no {name}"
    return _fail(R.NO_SUCH_PIECE, f"No {_SIDE[red]} {name} on file `{label}`{hint}", where)


def _alternatives(shape: Shape, pos: Position, ptype: str, cands: Sequence[int]) -> str:
    """``; expected `A` or `B``` listing the canonical texts of the candidates that work."""
    red = pos.turn
    texts = []
    for frm in cands:
        to = destination(ptype, frm, shape.action, shape.number, red)
        if to is None:
            continue
        m = Move(frm, to)
        if pos.is_legal(m):
            texts.append(f"`{_spell(m, pos, shape.notation)}`")
    if not texts:
        return ""
    return "; expected " + " or ".join(texts)


def _only_legal(shape: Shape, pos: Position, ptype: str, cands: Sequence[int]) -> Optional[Move]:
    """The move of the one candidate that can legally make it, if exactly one can."""
    red = pos.turn
    legal = []
    for frm in cands:
        to = destination(ptype, frm, shape.action, shape.number, red)
        if to is not None and pos.is_legal(Move(frm, to)):
            legal.append(Move(frm, to))
    return legal[0] if len(legal) == 1 else None


def _locate(
    shape: Shape,
    pos: Position,
    red: bool,
    found: list[Diagnostic],
    strict: bool,
    lead_type: Optional[str] = None,
) -> tuple[str, int, bool, bool]:
    """What the shape names in ``pos``; raises _Fail.

    ``lead_type`` is the piece type a WXF leading digit code stands for.
    Returns (piece type, from-square, whether a leading digit was read as a
    piece code, whether the piece had to be told apart from like pieces).
    """
    board = pos.board
    notation = shape.notation
    kind = shape.kind
    ptype = shape.piece
    code = False

    if shape.lead is not None:
        assert lead_type is not None
        ptype = lead_type
        code = True
    assert ptype is not None
    piece = ptype if red else ptype.lower()
    name = PIECE_NAMES[ptype]

    if kind == "plain" or kind == "tandem_file":
        assert shape.file is not None
        fi = _file_index(shape.file, red)
        cands = _on_file(board, piece, fi, red)
        if not cands:
            raise _no_piece(shape, pos, ptype, red, fi, shape.file_span)
        n = len(cands)
        if kind == "tandem_file":
            assert shape.marker is not None
            idx = _marker_index(notation, shape.marker, n) if n >= 2 else None
            if idx is None:
                raise _fail(
                    R.BAD_MARKER,
                    f"Marker `{_MARKER_TEXT[notation][shape.marker]}` does not fit {n} "
                    f"{name}{'s' if n > 1 else ''} on file `{shape.text[shape.file_span.start]}`",
                    _whole(shape),
                )
            return ptype, cands[idx], code, True
        if n == 1:
            return ptype, cands[0], code, False
        if ptype == "A" or ptype == "B":
            # The direction decides (paper §2.2.1 细节一): keep those that can go.
            ok = [
                s
                for s in cands
                if (to := destination(ptype, s, shape.action, shape.number, red)) is not None
                and _geometric(ptype, s, to, red)
            ]
            if len(ok) == 1:
                return ptype, ok[0], code, True
        elif ptype == "P" and notation is Notation.WXF and n % 2 == 1:
            # Official WXF case I/II: the middle pawn of three or five is written plainly.
            return ptype, cands[n // 2], code, True
        label = shape.text[shape.file_span.start]
        only = _only_legal(shape, pos, ptype, cands)
        if only is not None:
            found.append(
                Diagnostic.of(
                    R.MISSING_MARKER,
                    f"`{shape.text}` does not say which of {n} {name}s on file `{label}`; "
                    f"read as the only one that can move (`{_spell(only, pos, notation)}`)",
                    _whole(shape),
                    severity=Severity.ERROR if strict else None,
                )
            )
            return ptype, only.from_square, code, False
        raise _fail(
            R.AMBIGUOUS,
            f"Ambiguous `{shape.text}`: {n} {name}s on file `{label}`"
            + (_alternatives(shape, pos, ptype, cands) or "; none of them can make the move"),
            _whole(shape),
        )

    # Markers and ordinals without a file: the file where like pieces are stacked.
    stacks = _stacks(board, piece, red)
    if not stacks:
        marker = shape.text[0] if kind != "outer" else shape.text[:2]
        raise _fail(
            R.BAD_MARKER,
            f"`{shape.text}` names one of several {name}s on a file, but no two {_SIDE[red]} "
            f"{name}s share a file (marker `{marker}`)",
            _whole(shape),
        )
    if shape.ordinal is not None:
        flat = [s for stack in stacks for s in stack]
        k = shape.ordinal
        if k > len(flat):
            raise _fail(
                R.BAD_MARKER,
                f"Ordinal {k} in `{shape.text}` exceeds the {len(flat)} stacked {name}s",
                _whole(shape),
            )
        return ptype, flat[k - 1], code, True
    assert shape.marker is not None
    if len(stacks) > 1:
        files = " and ".join(f"`{_file_text(notation, s[0] % 9, red)}`" for s in stacks)
        picks = [
            st[i]
            for st in stacks
            if (i := _marker_index(notation, shape.marker, len(st))) is not None
        ]
        only = _only_legal(shape, pos, ptype, picks)
        if only is not None:
            found.append(
                Diagnostic.of(
                    R.MISSING_MARKER,
                    f"`{shape.text}` does not say on which file ({files}); read as the only "
                    f"{name} that can move (`{_spell(only, pos, notation)}`)",
                    _whole(shape),
                    severity=Severity.ERROR if strict else None,
                )
            )
            return ptype, only.from_square, code, False
        raise _fail(
            R.AMBIGUOUS,
            f"Ambiguous `{shape.text}`: {name}s are stacked on files {files}"
            + (
                _alternatives(shape, pos, ptype, [s for st in stacks for s in st])
                or "; expected the file or an ordinal"
            ),
            _whole(shape),
        )
    stack = stacks[0]
    idx = _marker_index(notation, shape.marker, len(stack))
    if idx is None:
        raise _fail(
            R.BAD_MARKER,
            f"Marker `{_MARKER_TEXT[notation][shape.marker]}` in `{shape.text}` does not fit "
            f"{len(stack)} stacked {name}s",
            _whole(shape),
        )
    return ptype, stack[idx], code, True


# ---------------------------------------------------------------- WXF leading digits
def _lead_readings(shape: Shape, pos: Position, red: bool) -> list[tuple[str, Callable[[], int]]]:
    """The ways a WXF move that starts with a digit can be read, in order of preference.

    1. ``pawn-file``: official WXF case IV, pawns stacked on two files: the
       digit is the moving pawn's file (``3+.4``, ``33.4`` for the middle one);
       only when two or more files hold stacked pawns, one of them that file.
    2. ``code``: a piece code 1–7 (paper §2.2.2: ``62.5`` = ``C2.5``).
    3. ``index``: Fairy-Stockfish's index-and-file form for stacked pawns
       (``26=5``: the second pawn from the front on file 6).
    Each reading is a thunk giving the from-square or raising _Fail.
    """
    d = shape.lead
    assert d is not None
    notation = shape.notation
    board = pos.board
    pawn = "P" if red else "p"
    stacks = _stacks(board, pawn, red)
    readings: list[tuple[str, Callable[[], int]]] = []

    lead_stack = next((st for st in stacks if st[0] % 9 == _file_index(d, red)), None)
    if (
        len(stacks) >= 2
        and lead_stack is not None
        and (shape.kind == "tandem" or (shape.kind == "plain" and shape.file == d))
    ):
        stack = lead_stack

        def pawn_file() -> int:
            n = len(stack)
            marker = shape.marker if shape.kind == "tandem" else "middle"
            assert marker is not None
            idx = _marker_index(notation, marker, n)
            if idx is None:
                raise _fail(
                    R.BAD_MARKER,
                    f"`{shape.text}` names the {marker} pawn of {n} on file `{d}`; there is none",
                    _whole(shape),
                )
            return stack[idx]

        readings.append(("pawn-file", pawn_file))
    if d in PIECE_CODES:
        readings.append(("code", lambda: -1))
    if shape.kind == "plain" and shape.file is not None:
        file_stack = next(
            (st for st in stacks if st[0] % 9 == _file_index(shape.file, red)), None
        )
        if file_stack is not None and d <= len(file_stack):
            readings.append(("index", lambda: file_stack[d - 1]))  # type: ignore[index]
    return readings


def _resolve_lead(
    shape: Shape, pos: Position, red: bool, found: list[Diagnostic], strict: bool
) -> tuple[Move, bool, bool]:
    """Resolve a WXF move starting with a digit; returns (move, read as code, multi)."""
    successes: list[tuple[str, Move, list[Diagnostic], bool]] = []
    failures: list[_Fail] = []
    for label, thunk in _lead_readings(shape, pos, red):
        local: list[Diagnostic] = []
        try:
            if label == "code":
                ptype, frm, _, multi = _locate(
                    shape, pos, red, local, strict, PIECE_CODES[shape.lead]  # type: ignore[index]
                )
            else:
                ptype, frm, multi = "P", thunk(), True
            to = destination(ptype, frm, shape.action, shape.number, red)
            if to is None:
                raise _unreachable(shape, ptype, frm)
            move = _check_legal(shape, pos, ptype, frm, to, red)
        except _Fail as fail:
            failures.append(fail)
            continue
        successes.append((label, move, local, multi))
    if not successes:
        if failures:
            raise failures[0]
        raise _fail(
            R.NO_SUCH_PIECE,
            f"`{shape.text[0]}` is no piece code (1–7) and file `{shape.lead}` holds no stacked pawns",
            shape.piece_span,
        )
    label, move, local, multi = successes[0]
    if label != "pawn-file" and len({m for _, m, _, _ in successes}) > 1:
        texts = " or ".join(f"`{_spell(m, pos, shape.notation)}`" for _, m, _, _ in successes)
        raise _fail(
            R.AMBIGUOUS,
            f"Ambiguous `{shape.text}`: reads as a piece code and as a stacked pawn; expected {texts}",
            _whole(shape),
        )
    found.extend(local)
    if label == "code":
        ptype = PIECE_CODES[shape.lead]  # type: ignore[index]
        found.append(
            Diagnostic.of(
                R.WXF_PIECE_LETTER,
                f"Piece code `{shape.text[0]}`; canonical letter `{LETTERS[ptype]}`",
                shape.piece_span,
            )
        )
    return move, label == "code", multi


# ---------------------------------------------------------------- resolve
def _check_legal(shape: Shape, pos: Position, ptype: str, frm: int, to: int, red: bool) -> Move:
    """The move frm→to after the movement and king checks; raises _Fail."""
    if not _geometric(ptype, frm, to, red):
        name = PIECE_NAMES[ptype]
        raise _fail(
            R.UNREACHABLE,
            f"{name.capitalize()} on {_sq(frm)} cannot move to {_sq(to)} (`{shape.text}`)",
            _whole(shape),
        )
    move = Move(frm, to)
    if not pos.reaches(frm, to):
        raise _fail(
            R.BLOCKED,
            f"Move `{shape.text}` ({move.iccs()}) is blocked: {_blocked_reason(pos, frm, to)}",
            _whole(shape),
        )
    if pos.leaves_king_in_check(move):
        pos.push(move)
        facing = pos.kings_facing()
        pos.pop()
        if facing:
            raise _fail(
                R.KINGS_FACING,
                f"Move `{shape.text}` ({move.iccs()}) leaves the kings facing each other",
                _whole(shape),
            )
        raise _fail(
            R.KING_IN_CHECK,
            f"Move `{shape.text}` ({move.iccs()}) leaves the {_SIDE[red]} king in check",
            _whole(shape),
        )
    return move


def _unreachable(shape: Shape, ptype: str, frm: int) -> _Fail:
    name = PIECE_NAMES[ptype].capitalize()
    num = shape.text[shape.number_span.start]
    if shape.action == ".":
        what = f"cannot move sideways to file `{num}`" if ptype in _STRAIGHT else "cannot move sideways"
    else:
        verb = "advance" if shape.action == "+" else "retreat"
        what = f"cannot {verb} {'to file' if ptype not in _STRAIGHT else 'by'} `{num}`"
    return _fail(R.UNREACHABLE, f"{name} on {_sq(frm)} {what}", shape.number_span)


def resolve(shape: Shape, pos: Position, strict: bool) -> tuple[Optional[Move], Sequence[Diagnostic]]:
    """The move ``shape`` denotes in ``pos`` and the diagnostics; never raises on bad input."""
    red = pos.turn
    found: list[Diagnostic] = []
    code = multi = False
    try:
        if shape.notation is Notation.ICCS:
            frm, to = shape.from_square, shape.to_square
            p = pos.board[frm]
            if p is None or p.isupper() != red:
                what = "empty" if p is None else f"a {_SIDE[not red]} {PIECE_NAMES[p.upper()]}"
                raise _fail(
                    R.NO_SUCH_PIECE,
                    f"No {_SIDE[red]} piece on {_sq(frm)} (`{shape.text}`): the point is {what}",
                    _whole(shape),
                )
            move = _check_legal(shape, pos, p.upper(), frm, to, red)
        elif shape.lead is not None:
            move, code, multi = _resolve_lead(shape, pos, red, found, strict)
        else:
            ptype, frm, code, multi = _locate(shape, pos, red, found, strict)
            dest = destination(ptype, frm, shape.action, shape.number, red)
            if dest is None:
                raise _unreachable(shape, ptype, frm)
            move = _check_legal(shape, pos, ptype, frm, dest, red)
    except _Fail as fail:
        found.append(fail.diag)
        found.extend(shape.styles)
        return None, found

    if shape.notation is Notation.CHINESE:
        if (shape.file_red is not None and shape.file_red != red) or (
            shape.number_red is not None and shape.number_red != red
        ):
            found.append(
                Diagnostic.of(
                    R.WRONG_SIDE_DIGITS,
                    f"{_SIDE[red]} move `{shape.text}` written with {_SIDE[not red]}'s numbers; "
                    f"expected `{_spell(move, pos, Notation.CHINESE)}`",
                    _whole(shape),
                    severity=Severity.ERROR if strict else None,
                )
            )
        if shape.piece_side is not None and shape.piece_side != red:
            found.append(
                Diagnostic.of(
                    R.OTHER_SIDE_NAME,
                    f"{_SIDE[red]} piece written `{shape.text[shape.piece_span.start]}`, "
                    f"the {_SIDE[not red]} name; canonical `{_spell(move, pos, Notation.CHINESE)}`",
                    shape.piece_span,
                )
            )
    if (multi or not shape.simple) and not (found and found[-1].code == R.MISSING_MARKER.code):
        # Compare the way the piece was located with the canonical spelling's.
        try:
            canonical: Optional[str] = encode_move(move, pos, shape.notation)
        except NoSpelling:  # too many like pieces to have a canonical form (F106)
            canonical = None
        cshape = shape_of(canonical) if canonical is not None else None
        mine = shape.key()
        if code:  # a digit code stands for a letter (M401 already says so)
            mine = (shape.kind, shape.marker, shape.ordinal, shape.file, None)
        if cshape is not None and mine != cshape.key():
            found.append(
                Diagnostic.of(
                    R.NONCANONICAL_LOCATOR,
                    f"Non-canonical `{shape.text}`; canonical `{canonical}`",
                    _whole(shape),
                )
            )
    if shape.styles:
        found.extend(shape.styles)
    if not found:
        return move, NO_DIAGNOSTICS
    return move, found


# ---------------------------------------------------------------- encode
class NoSpelling(ValueError):
    """A move no spelling of the notation can name (more like pieces on a file than it numbers)."""


def _spell(move: Move, pos: Position, notation: Notation) -> str:
    """The canonical text for a message; ICCS when the notation has none."""
    try:
        return encode_move(move, pos, notation)
    except NoSpelling:
        return move.iccs()


def encode_move(
    move: Move,
    pos: Position,
    notation: Notation,
    *,
    traditional: bool = False,
    fullwidth: bool = False,
) -> str:
    """The canonical text of a (legal) move in ``pos``; see :func:`xqformats.notation.encode`."""
    if notation is Notation.ICCS:
        return move.iccs()
    frm, to = move
    board = pos.board
    p = board[frm]
    if p is None:
        raise ValueError(f"No piece on {_sq(frm)} to move ({move.iccs()})")
    red = p.isupper()
    ptype = p.upper()
    fi = frm % 9
    fwd = 1 if red else -1
    dr = (to // 9 - frm // 9) * fwd
    action = "+" if dr > 0 else "-" if dr < 0 else "."
    if ptype in _STRAIGHT and dr != 0:
        number = abs(dr)
    else:
        number = _file_number(to % 9, red)
    file = _file_number(fi, red)

    marker: Optional[str] = None
    ordinal: Optional[int] = None
    pawn_file_lead = False
    same = _on_file(board, p, fi, red)
    n = len(same)
    if n > 5 and ptype != "A" and ptype != "B":
        # Only a set-up with too many pieces (F106) has this; no source numbers them.
        raise NoSpelling(f"No notation tells apart {n} like pieces on one file ({move.iccs()})")
    if n >= 2 and ptype != "A" and ptype != "B":
        idx = same.index(frm)
        stacks = _stacks(board, p, red) if ptype == "P" else [same]
        if len(stacks) == 1:
            if notation is Notation.CHINESE:
                if n == 2:
                    marker = ("front", "rear")[idx]
                elif n == 3:
                    marker = ("front", "middle", "rear")[idx]
                else:
                    ordinal = idx + 1
            else:
                marker = {
                    2: ("front", "rear"),
                    3: ("front", "middle", "rear"),
                    4: ("first", "front", "rear", "last"),
                    5: ("first", "front", "middle", "rear", "last"),
                }[n][idx]
        else:
            if notation is Notation.CHINESE:
                flat = [s for st in stacks for s in st]
                ordinal = flat.index(frm) + 1
                if ordinal > 5:  # more than five pawns (F106): no ordinal beyond 五
                    raise NoSpelling(f"No Chinese ordinal for pawn {ordinal} ({move.iccs()})")
            else:
                pawn_file_lead = True
                if n > 3:  # four on one file beside another stack: six pawns (F106)
                    raise NoSpelling(f"No WXF spelling for {n} stacked pawns beside another stack ({move.iccs()})")
                marker = ("front", "rear")[idx] if n == 2 else ("front", "middle", "rear")[idx]
    if notation is Notation.CHINESE:
        if marker is not None or ordinal is not None:
            return write_chinese(
                red, ptype, None, marker, ordinal, action, number,
                traditional=traditional, fullwidth=fullwidth,
            )  # fmt: skip
        return write_chinese(
            red, ptype, file, None, None, action, number, traditional=traditional, fullwidth=fullwidth
        )
    locator = None if marker == "middle" else marker
    return write_wxf(ptype, file, locator, action, number, pawn_file_lead=pawn_file_lead)
