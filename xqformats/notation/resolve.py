"""Resolution: from a move's shape and a position to the one legal move it denotes.

Shared by the three notations (docs/notation.md § Resolution):

1. *Locate* the piece: the mover's pieces of that type on the named file (Red
   counts files from its right, 一 = file i; Black from its right, 1 = file a),
   or, with a marker, on the file where like pieces are stacked, ordered front
   to back (toward the opponent); pawns stacked on two files are numbered right
   to left, front to back (docs/spec/notation.md §3.7, §4.7).
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

from ..core import FILE_COUNT, PIECE_NAMES, RANK_COUNT, SQUARES, Move, square, square_file, square_rank
from ..core import square_name as _sq
from ..diagnostics import Diagnostic, Edit, Severity, Span
from ..geometry import FILE_SQUARES, PATHS
from ..position import Position
from . import rules as R
from .chinese import write_chinese
from .shape import Notation, Shape, span
from .spelling import shape_of
from .wxf import LETTERS, PIECE_CODES, write_wxf

#: The shared empty result of a clean decode (immutable, never mutated).
NO_DIAGNOSTICS: Sequence[Diagnostic] = ()

#: FRONT_TO_BACK[red][file index]: the file's squares ordered front to back for
#: that side (Red's front is rank 9, Black's rank 0).
FRONT_TO_BACK: dict[bool, tuple[tuple[int, ...], ...]] = {
    True: tuple(column[::-1] for column in FILE_SQUARES),
    False: FILE_SQUARES,
}
#: Files in the order a side counts them: from its own right (Red: i→a, Black: a→i).
FILE_ORDER = {True: tuple(range(FILE_COUNT - 1, -1, -1)), False: tuple(range(FILE_COUNT))}
_STRAIGHT = frozenset("KRCP")
_SIDE = {True: "Red", False: "Black"}
_NUMERALS = "一二三四五六七八九"


def file_index(n: int, red: bool) -> int:
    """File index 0–8 (a–i) of the side-relative file number ``n`` (1–9).

    Each side counts files from its own right: Red's 1 is file i, Black's 1 is file a.
    """
    return FILE_COUNT - n if red else n - 1


def _file_number(fi: int, red: bool) -> int:
    return FILE_COUNT - fi if red else fi + 1


def _whole(shape: Shape) -> Span:
    return span(0, len(shape.text))


# ---------------------------------------------------------------- geometry
#: Diagonal movers: the file distance → the rank distance of their move.
_DIAGONAL_STEPS = {"N": {1: 2, 2: 1}, "B": {2: 2}, "A": {1: 1}}


def _on_rank(tr: int, tf: int) -> Optional[int]:
    return square(tf, tr) if 0 <= tr < RANK_COUNT else None


def destination(ptype: str, frm: int, action: str, number: int, red: bool) -> Optional[int]:
    """The square a move's action (``+ - .``) and number lead to, or None when they cannot.

    Straight movers (K R C P) count points for advance/retreat and name the
    file for a traverse; diagonal movers (A B N) name the destination file.
    Arithmetic only: whether the piece may go there is checked afterwards.
    """
    f, r = square_file(frm), square_rank(frm)
    fwd = 1 if red else -1
    if ptype in _STRAIGHT:
        if action == ".":
            tf = file_index(number, red)
            return None if tf == f else square(tf, r)
        return _on_rank(r + (number if action == "+" else -number) * fwd, f)
    if action == ".":
        return None
    tf = file_index(number, red)
    dr = _DIAGONAL_STEPS[ptype].get(abs(tf - f))
    if dr is None:
        return None
    return _on_rank(r + (dr if action == "+" else -dr) * fwd, tf)


def allowed_by_rule(ptype: str, frm: int, to: int, red: bool) -> bool:
    """Whether the movement rule of a ``red`` piece of type ``ptype`` allows frm→to on an empty board.

    One lookup in :data:`xqformats.geometry.PATHS`.
    """
    return PATHS[ptype if red else ptype.lower()][frm][to] is not None


def _slide_blocked(b: list[Optional[str]], p: str, frm: int, to: int) -> str:
    need = PATHS[p][frm][to]
    assert isinstance(need, slice)
    between = [s for s in SQUARES[need] if b[s] is not None]
    if (p == "C" or p == "c") and b[to] is not None:
        return f"a cannon captures over exactly one screen, not {len(between)}"
    return f"{_sq(between[0] if frm < to else between[-1])} blocks the path"


def _blocked_reason(pos: Position, frm: int, to: int) -> str:
    """Why a move its rule allows on an empty board is not among the piece's targets."""
    b = pos.board
    p = b[frm]
    assert p is not None
    q = b[to]
    if q is not None and q.isupper() == p.isupper():
        return f"own {PIECE_NAMES[q.upper()]} stands on {_sq(to)}"
    t = p.upper()
    if t == "R" or t == "C":
        return _slide_blocked(b, p, frm, to)
    if t == "N" or t == "B":
        block = PATHS[p][frm][to]
        what = "horse's leg" if t == "N" else "elephant's eye"
        return f"the {what} on {_sq(block)} is blocked"  # type: ignore[arg-type]
    return "the move is blocked"


# ---------------------------------------------------------------- locating
def _on_file(board: list[Optional[str]], piece: str, fi: int, red: bool) -> list[int]:
    """Squares of ``piece`` on file ``fi``, front to back for the side ``red``."""
    column = board[fi::FILE_COUNT]  # ranks 0-9: a slice and a count in C for the usual 0 or 1
    n = column.count(piece)
    if n == 0:
        return []
    if n == 1:
        return [square(fi, column.index(piece))]
    return [s for s in FRONT_TO_BACK[red][fi] if board[s] == piece]


def _stacks(board: list[Optional[str]], piece: str, red: bool) -> list[list[int]]:
    """Files holding two or more ``piece``, right to left for the mover, each front to back."""
    out = []
    for fi in FILE_ORDER[red]:
        sqs = _on_file(board, piece, fi, red)
        if len(sqs) >= 2:
            out.append(sqs)
    return out


def marker_index(notation: Notation, marker: str, n: int) -> Optional[int]:
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


def _missing_marker(shape: Shape, what: str, strict: bool) -> Diagnostic:
    """M206: the text does not say ``what`` (which piece), but only one can move."""
    return Diagnostic.of(
        R.MISSING_MARKER,
        f"`{shape.text}` does not say {what}",
        _whole(shape),
        severity=Severity.ERROR if strict else None,
    )


def _pick_on_file(
    shape: Shape, pos: Position, ptype: str, red: bool, cands: list[int], found: list[Diagnostic], strict: bool
) -> tuple[int, bool]:
    """Which of several like pieces on the named file a plain move means; raises _Fail."""
    n = len(cands)
    name = PIECE_NAMES[ptype]
    if ptype == "A" or ptype == "B":
        # The direction decides (docs/spec/notation.md §3.8): keep those that can go.
        ok = [
            s
            for s in cands
            if (to := destination(ptype, s, shape.action, shape.number, red)) is not None
            and allowed_by_rule(ptype, s, to, red)
        ]
        if len(ok) == 1:
            return ok[0], True
    elif ptype == "P" and shape.notation is Notation.WXF and n % 2 == 1:
        # Official WXF case I/II: the middle pawn of three or five is written plainly.
        return cands[n // 2], True
    label = shape.text[shape.file_span.start]
    only = _only_legal(shape, pos, ptype, cands)
    if only is not None:
        spelled = _spell(only, pos, shape.notation)
        what = f"which of {n} {name}s on file `{label}`; read as the only one that can move (`{spelled}`)"
        found.append(_missing_marker(shape, what, strict))
        return only.from_square, False
    raise _fail(
        R.AMBIGUOUS,
        f"Ambiguous `{shape.text}`: {n} {name}s on file `{label}`"
        + (_alternatives(shape, pos, ptype, cands) or "; none of them can make the move"),
        _whole(shape),
    )


def _locate_on_file(
    shape: Shape, pos: Position, ptype: str, red: bool, found: list[Diagnostic], strict: bool
) -> tuple[int, bool]:
    """A move that names the file (plain, or a marker with the file); raises _Fail."""
    assert shape.file is not None
    fi = file_index(shape.file, red)
    cands = _on_file(pos.board, ptype if red else ptype.lower(), fi, red)
    if not cands:
        raise _no_piece(shape, pos, ptype, red, fi, shape.file_span)
    n = len(cands)
    if shape.kind == "tandem_file":
        assert shape.marker is not None
        idx = marker_index(shape.notation, shape.marker, n) if n >= 2 else None
        if idx is None:
            name = PIECE_NAMES[ptype]
            raise _fail(
                R.BAD_MARKER,
                f"Marker `{_MARKER_TEXT[shape.notation][shape.marker]}` does not fit {n} "
                f"{name}{'s' if n > 1 else ''} on file `{shape.text[shape.file_span.start]}`",
                _whole(shape),
            )
        return cands[idx], True
    if n == 1:
        return cands[0], False
    return _pick_on_file(shape, pos, ptype, red, cands, found, strict)


def _pick_across_stacks(
    shape: Shape, pos: Position, ptype: str, red: bool, stacks: list[list[int]], found: list[Diagnostic], strict: bool
) -> tuple[int, bool]:
    """A marker with like pieces stacked on two or more files; raises _Fail."""
    assert shape.marker is not None
    notation = shape.notation
    name = PIECE_NAMES[ptype]
    files = " and ".join(f"`{_file_text(notation, square_file(s[0]), red)}`" for s in stacks)
    picks = [st[i] for st in stacks if (i := marker_index(notation, shape.marker, len(st))) is not None]
    only = _only_legal(shape, pos, ptype, picks)
    if only is not None:
        spelled = _spell(only, pos, notation)
        found.append(_missing_marker(shape, f"on which file ({files}); read as the only {name} that can move (`{spelled}`)", strict))
        return only.from_square, False
    raise _fail(
        R.AMBIGUOUS,
        f"Ambiguous `{shape.text}`: {name}s are stacked on files {files}"
        + (_alternatives(shape, pos, ptype, [s for st in stacks for s in st]) or "; expected the file or an ordinal"),
        _whole(shape),
    )


def _locate_in_stacks(
    shape: Shape, pos: Position, ptype: str, red: bool, found: list[Diagnostic], strict: bool
) -> tuple[int, bool]:
    """Markers and ordinals without a file: the file where like pieces are stacked; raises _Fail."""
    name = PIECE_NAMES[ptype]
    stacks = _stacks(pos.board, ptype if red else ptype.lower(), red)
    if not stacks:
        marker = shape.text[0] if shape.kind != "outer" else shape.text[:2]
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
                R.BAD_MARKER, f"Ordinal {k} in `{shape.text}` exceeds the {len(flat)} stacked {name}s", _whole(shape)
            )
        return flat[k - 1], True
    assert shape.marker is not None
    if len(stacks) > 1:
        return _pick_across_stacks(shape, pos, ptype, red, stacks, found, strict)
    stack = stacks[0]
    idx = marker_index(shape.notation, shape.marker, len(stack))
    if idx is None:
        raise _fail(
            R.BAD_MARKER,
            f"Marker `{_MARKER_TEXT[shape.notation][shape.marker]}` in `{shape.text}` does not fit "
            f"{len(stack)} stacked {name}s",
            _whole(shape),
        )
    return stack[idx], True


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
    code = shape.lead is not None
    ptype = lead_type if code else shape.piece
    assert ptype is not None
    if shape.kind == "plain" or shape.kind == "tandem_file":
        frm, multi = _locate_on_file(shape, pos, ptype, red, found, strict)
    else:
        frm, multi = _locate_in_stacks(shape, pos, ptype, red, found, strict)
    return ptype, frm, code, multi


# ---------------------------------------------------------------- WXF leading digits
def _lead_readings(shape: Shape, pos: Position, red: bool) -> list[tuple[str, Callable[[], int]]]:
    """The ways a WXF move that starts with a digit can be read, in order of preference.

    1. ``pawn-file``: official WXF case IV, pawns stacked on two files: the
       digit is the moving pawn's file (``3+.4``, ``33.4`` for the middle one);
       only when two or more files hold stacked pawns, one of them that file.
    2. ``code``: a piece code 1–7 (docs/spec/notation.md §4.8: ``62.5`` = ``C2.5``).
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

    lead_stack = next((st for st in stacks if square_file(st[0]) == file_index(d, red)), None)
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
            idx = marker_index(notation, marker, n)
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
            (st for st in stacks if square_file(st[0]) == file_index(shape.file, red)), None
        )
        if file_stack is not None and d <= len(file_stack):
            readings.append(("index", lambda: file_stack[d - 1]))
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
                fix=_whole_edit(shape, move, pos),
            )
        )
    return move, label == "code", multi


# ---------------------------------------------------------------- resolve
def _check_legal(shape: Shape, pos: Position, ptype: str, frm: int, to: int, red: bool) -> Move:
    """The move frm→to after the movement and king checks; raises _Fail."""
    if not allowed_by_rule(ptype, frm, to, red):
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


def _iccs_move(shape: Shape, pos: Position, red: bool) -> Move:
    """An ICCS move: the from-square must hold a piece of the side to move; raises _Fail."""
    frm, to = shape.from_square, shape.to_square
    p = pos.board[frm]
    if p is None or p.isupper() != red:
        what = "empty" if p is None else f"a {_SIDE[not red]} {PIECE_NAMES[p.upper()]}"
        raise _fail(
            R.NO_SUCH_PIECE,
            f"No {_SIDE[red]} piece on {_sq(frm)} (`{shape.text}`): the point is {what}",
            _whole(shape),
        )
    return _check_legal(shape, pos, p.upper(), frm, to, red)


def _resolve_move(shape: Shape, pos: Position, red: bool, found: list[Diagnostic], strict: bool) -> tuple[Move, bool, bool]:
    """The move and (read as a digit code, told apart from like pieces); raises _Fail."""
    if shape.notation is Notation.ICCS:
        return _iccs_move(shape, pos, red), False, False
    if shape.lead is not None:
        return _resolve_lead(shape, pos, red, found, strict)
    ptype, frm, code, multi = _locate(shape, pos, red, found, strict)
    dest = destination(ptype, frm, shape.action, shape.number, red)
    if dest is None:
        raise _unreachable(shape, ptype, frm)
    return _check_legal(shape, pos, ptype, frm, dest, red), code, multi


def _side_findings(shape: Shape, pos: Position, move: Move, red: bool, found: list[Diagnostic], strict: bool) -> None:
    """Chinese: numbers (M205) or a piece character (M408) of the side not moving."""
    if (shape.file_red is not None and shape.file_red != red) or (
        shape.number_red is not None and shape.number_red != red
    ):
        canonical = _spell(move, pos, Notation.CHINESE)
        found.append(
            Diagnostic.of(
                R.WRONG_SIDE_DIGITS,
                f"{_SIDE[red]} move `{shape.text}` written with {_SIDE[not red]}'s numbers; expected `{canonical}`",
                _whole(shape),
                severity=Severity.ERROR if strict else None,
                fix=_whole_edit(shape, move, pos),
            )
        )
    if shape.piece_side is not None and shape.piece_side != red:
        canonical = _spell(move, pos, Notation.CHINESE)
        found.append(
            Diagnostic.of(
                R.OTHER_SIDE_NAME,
                f"{_SIDE[red]} piece written `{shape.text[shape.piece_span.start]}`, "
                f"the {_SIDE[not red]} name; canonical `{canonical}`",
                shape.piece_span,
                fix=_whole_edit(shape, move, pos),
            )
        )


def _whole_edit(shape: Shape, move: Move, pos: Position) -> Optional[list[Edit]]:
    """The fix that writes the move in the canonical spelling of its own notation
    (offsets into the move's text: the reader places them in the file); none
    when the notation has no spelling for it."""
    try:
        canonical = encode_move(move, pos, shape.notation)
    except NoSpelling:
        return None
    return [Edit(0, len(shape.text), canonical)] if canonical != shape.text else None


def _canonical_finding(shape: Shape, pos: Position, move: Move, code: bool) -> Optional[Diagnostic]:
    """M403 when the piece was located otherwise than the canonical spelling locates it."""
    try:
        canonical: Optional[str] = encode_move(move, pos, shape.notation)
    except NoSpelling:  # too many like pieces to have a canonical form (F106)
        return None
    cshape = shape_of(canonical) if canonical is not None else None
    mine = shape.key()
    if code:  # a digit code stands for a letter (M401 already says so)
        mine = (shape.kind, shape.marker, shape.ordinal, shape.file, None)
    if canonical is None or cshape is None or mine == cshape.key():
        return None
    return Diagnostic.of(
        R.NONCANONICAL_LOCATOR,
        f"Non-canonical `{shape.text}`; canonical `{canonical}`",
        _whole(shape),
        fix=[Edit(0, len(shape.text), canonical)],
    )


def resolve(shape: Shape, pos: Position, strict: bool) -> tuple[Optional[Move], Sequence[Diagnostic]]:
    """The move ``shape`` denotes in ``pos`` and the diagnostics; never raises on bad input."""
    red = pos.turn
    found: list[Diagnostic] = []
    try:
        move, code, multi = _resolve_move(shape, pos, red, found, strict)
    except _Fail as fail:
        found.append(fail.diag)
        found.extend(shape.styles)
        return None, found
    if shape.notation is Notation.CHINESE:
        _side_findings(shape, pos, move, red, found, strict)
    if (multi or not shape.simple) and not (found and found[-1].code == R.MISSING_MARKER.code):
        finding = _canonical_finding(shape, pos, move, code)
        if finding is not None:
            found.append(finding)
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
    dr = (square_rank(to) - square_rank(frm)) * (1 if red else -1)
    action = "+" if dr > 0 else "-" if dr < 0 else "."
    number = abs(dr) if ptype in _STRAIGHT and dr != 0 else _file_number(square_file(to), red)
    file = _file_number(square_file(frm), red)
    marker, ordinal, pawn_file_lead = _locator(move, board, p, notation)
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


#: Marker of each piece, front to back, among n like pieces on one file.
_CHINESE_MARKERS = {2: ("front", "rear"), 3: ("front", "middle", "rear")}
_WXF_MARKERS = {
    2: ("front", "rear"),
    3: ("front", "middle", "rear"),
    4: ("first", "front", "rear", "last"),
    5: ("first", "front", "middle", "rear", "last"),
}


def _locator(move: Move, board: list[Optional[str]], p: str, notation: Notation) -> tuple[Optional[str], Optional[int], bool]:
    """How the canonical spelling tells the piece apart: (marker, ordinal, pawn's file first).

    (None, None, False) for a piece alone on its file, and for advisors and
    elephants (their direction tells them apart).  Raises NoSpelling where no
    notation numbers the pieces.
    """
    frm = move.from_square
    red = p.isupper()
    ptype = p.upper()
    same = _on_file(board, p, square_file(frm), red)
    n = len(same)
    if n < 2 or ptype == "A" or ptype == "B":
        return None, None, False
    if n > 5:
        # Only a set-up with too many pieces (F106) has this; no source numbers them.
        raise NoSpelling(f"No notation tells apart {n} like pieces on one file ({move.iccs()})")
    idx = same.index(frm)
    stacks = _stacks(board, p, red) if ptype == "P" else [same]
    if len(stacks) == 1:
        if notation is not Notation.CHINESE:
            return _WXF_MARKERS[n][idx], None, False
        if n <= 3:
            return _CHINESE_MARKERS[n][idx], None, False
        return None, idx + 1, False
    if notation is Notation.CHINESE:
        ordinal = [s for st in stacks for s in st].index(frm) + 1
        if ordinal > 5:  # more than five pawns (F106): no ordinal beyond 五
            raise NoSpelling(f"No Chinese ordinal for pawn {ordinal} ({move.iccs()})")
        return None, ordinal, False
    if n > 3:  # four on one file beside another stack: six pawns (F106)
        raise NoSpelling(f"No WXF spelling for {n} stacked pawns beside another stack ({move.iccs()})")
    return _CHINESE_MARKERS[n][idx], None, True
