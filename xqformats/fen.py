"""FEN for xiangqi: parse, validate and emit.

Form (``NOTES.md`` § FEN, ``notation-fen-paper-002.txt`` §2.3)::

    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1

Ten ranks from Black's side (rank 9) down to Red's (rank 0), each nine cells
wide; Red upper case, Black lower case; letters ``K A B N R C P`` (``E`` for the
elephant and ``H`` for the horse also occur and are read with a warning); side
``w`` or ``r`` for Red, ``b`` for Black; fields 3 and 4 are ``-``; then the
halfmove clock and the move number.  Missing trailing fields take their
defaults (Red to move, ``- - 0 1``).

:func:`parse_fen` never raises: it returns the position (``None`` when the text
cannot be read as a board) and every problem as a :class:`Diagnostic`, with
1-based columns inside the FEN text (relocate with ``Diagnostic.shifted``).
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from .core import BLACK, FILE_NAMES, PIECE_NAMES, RED, square_name
from .diagnostics import Diagnostic, Rule, Severity, Span
from .position import Position

__all__ = ["parse_fen", "validate_fen", "board_fen", "STARTING_FEN"]

from .position import STARTING_FEN

_REF = "References: `NOTES.md` § FEN; `notation-fen-paper-002.txt` §2.3."

FEN_SYNTAX = Rule(
    "F101",
    "fen-syntax",
    Severity.ERROR,
    "The FEN board is not ten ranks of nine cells",
    doc="Each of the ten ranks, separated by `/`, must describe exactly nine cells "
    "(digits count empty cells). " + _REF,
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
)
FEN_PIECE = Rule(
    "F102",
    "fen-unknown-piece",
    Severity.ERROR,
    "A FEN board holds a character that is no piece letter",
    doc="Piece letters are `K A B N R C P` (Red) and `k a b n r c p` (Black). " + _REF,
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
)
FEN_ALIAS = Rule(
    "F103",
    "fen-alias-letter",
    Severity.WARNING,
    "A FEN board uses `E`/`H` instead of `B`/`N`",
    doc="Some programs write `E` (elephant) and `H` (horse); the standard letters "
    "are `B` and `N`. The aliases are read as those pieces. " + _REF,
    example="rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
    deviation=True,
)
FEN_SIDE = Rule(
    "F104",
    "fen-side-to-move",
    Severity.ERROR,
    "The FEN side-to-move field is not `w`, `r` or `b`",
    doc="Field 2 names the side to move: `w` or `r` for Red, `b` for Black. " + _REF,
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
)
FEN_FIELDS = Rule(
    "F105",
    "fen-fields",
    Severity.WARNING,
    "FEN fields 3–6 are not `- - <halfmove> <move number>`",
    doc="Xiangqi has no castling or en passant: fields 3 and 4 are `-`; fields 5 and 6 "
    "are the halfmove clock (0 or more) and the move number (1 or more); nothing "
    "follows. The notation paper's own example has four fields, `<board> w 0 1`, "
    "with no dashes: it is read as `<board> w - - 0 1` with this warning. " + _REF,
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    example_kind="fen",
    deviation=True,
)
FEN_COUNT = Rule(
    "F106",
    "fen-too-many-pieces",
    Severity.ERROR,
    "A side has more pieces of a kind than the game has",
    doc="Per side at most 1 king, 2 advisors, 2 elephants, 2 horses, 2 rooks, "
    "2 cannons and 5 pawns. " + _REF,
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RRBAKABNR w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
)
FEN_SQUARE = Rule(
    "F107",
    "fen-unreachable-square",
    Severity.ERROR,
    "A piece stands on a point it can never reach",
    doc="Kings and advisors stay on their palace points, elephants on their seven "
    "points, and pawns never stand behind their start rank nor, before the river, "
    "off the five pawn files. Such a position cannot come from a game. " + _REF,
    example="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBKAABNR w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
)
FEN_KING = Rule(
    "F108",
    "fen-missing-king",
    Severity.ERROR,
    "A side has no king",
    doc="Each side has exactly one king. " + _REF,
    example="rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    fixed="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    example_kind="fen",
)
FEN_FACING = Rule(
    "F109",
    "fen-kings-facing",
    Severity.ERROR,
    "The two kings face each other on an open file",
    doc="The flying-general rule forbids the kings to stand on one file with no piece "
    "between them; no legal game reaches such a position. " + _REF,
    example="4k4/9/9/9/9/9/9/9/9/4K4 w",
    fixed="3k5/9/9/9/9/9/9/9/9/4K4 w",
    example_kind="fen",
)
FEN_CHECK = Rule(
    "F110",
    "fen-opponent-in-check",
    Severity.ERROR,
    "The side not to move is in check",
    doc="The side that just moved cannot have left its own king attacked, so the side "
    "not to move is never in check. " + _REF,
    example="3k5/9/9/9/9/9/9/9/9/3RK4 w",
    fixed="3k5/9/9/9/9/9/9/9/9/3RK4 b",
    example_kind="fen",
)

_LETTERS = frozenset("KABNRCPkabnrcp")
_ALIASES = {"E": "B", "H": "N", "e": "b", "h": "n"}
_MAX = {"K": 1, "A": 2, "B": 2, "N": 2, "R": 2, "C": 2, "P": 5}
_ADVISOR = {RED: {3, 5, 13, 21, 23}, BLACK: {84, 86, 76, 66, 68}}
_ELEPHANT = {
    RED: {2, 6, 18, 22, 26, 38, 42},
    BLACK: {83, 87, 63, 67, 71, 47, 51},
}
_PALACE = {
    RED: {f + 9 * r for r in range(3) for f in (3, 4, 5)},
    BLACK: {f + 9 * r for r in range(7, 10) for f in (3, 4, 5)},
}


def _pawn_ok(sq: int, red: bool) -> bool:
    f, r = sq % 9, sq // 9
    if red:
        return r >= 5 or (r >= 3 and f % 2 == 0)
    return r <= 4 or (r <= 6 and f % 2 == 0)


#: Longest counter read as a number: Python refuses to convert digit strings
#: over 4,300 characters, and no game gets near a 9-digit move number.
_MAX_DIGITS = 9


def _is_number(value: str) -> bool:
    """Whether ``value`` is a plain ASCII decimal short enough to convert."""
    return value.isascii() and value.isdigit() and len(value) <= _MAX_DIGITS


def _clip(text: str, limit: int = 20) -> str:
    """``text`` for a message, shortened with `…` when longer than ``limit``."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _span(start: int, end: int) -> Span:
    return Span(start, end, 1, start + 1, 1, end + 1)


def parse_fen(text: str) -> tuple[Optional[Position], list[Diagnostic]]:
    """Read a FEN; return ``(position or None, diagnostics)``.

    The position is returned whenever the board can be read, even with
    semantic errors (too many pieces, kings facing, …), so callers can still
    show it; check the diagnostics' severities before trusting it.
    """
    diags: list[Diagnostic] = []

    def err(rule: Rule, msg: str, start: int, end: int) -> None:
        diags.append(Diagnostic.of(rule, msg, _span(start, end)))

    # Fields and their offsets (spaces separate; leading/trailing space ignored).
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
    if not fields:
        err(FEN_SYNTAX, "Empty FEN; expected ten ranks of nine cells separated by `/`", 0, n)
        return None, diags

    board_text, off = fields[0]
    board: list[Optional[str]] = [None] * 90
    ranks = board_text.split("/")
    ok = True
    if len(ranks) != 10:
        err(
            FEN_SYNTAX,
            f"FEN board has {len(ranks)} rank{'s' if len(ranks) != 1 else ''}; expected 10 separated by `/`",
            off,
            off + len(board_text),
        )
        ok = False
    pos_in = off
    for idx, rank_text in enumerate(ranks[:10]):
        rank = 9 - idx
        width = 0
        for k, ch in enumerate(rank_text):
            col = pos_in + k
            if ch.isdigit() and ch.isascii():
                width += int(ch)
                continue
            piece = ch
            if ch in _ALIASES:
                piece = _ALIASES[ch]
                err(FEN_ALIAS, f"Non-standard piece letter `{ch}`, read as `{piece}`; expected `{piece}`", col, col + 1)
            elif ch not in _LETTERS:
                shown = ch if ch.isprintable() and ch != "`" else f"U+{ord(ch):04X}"
                err(FEN_PIECE, f"Unknown piece letter `{shown}`; expected one of `KABNRCP` or `kabnrcp`", col, col + 1)
                ok = False
                width += 1
                continue
            if width < 9:
                board[rank * 9 + width] = piece
            width += 1
        if width != 9:
            # Name the rank by its ICCS number (0 = Red's back rank), as squares are.
            if not rank_text:
                msg = f"FEN rank {rank} is empty; expected 9 cells"
            else:
                cells = f"{width} cell{'s' if width != 1 else ''}"
                msg = f"FEN rank {rank} (`{_clip(rank_text)}`) is {cells} wide; expected 9"
            err(FEN_SYNTAX, msg, pos_in, pos_in + len(rank_text))
            ok = False
        pos_in += len(rank_text) + 1
    if not ok:
        return None, diags

    pos = Position(None)
    for sq, p in enumerate(board):
        if p is not None:
            pos.set_piece(sq, p)

    # Side to move.
    side_known = True
    if len(fields) >= 2:
        side, soff = fields[1]
        if side in ("w", "r", "W", "R"):
            pos.turn = RED
        elif side in ("b", "B"):
            pos.turn = BLACK
        else:
            side_known = False
            err(FEN_SIDE, f"Side to move `{_clip(side)}` is not `w`, `r` or `b`", soff, soff + len(side))
    # Fields 3–6.  The notation paper (§2.3) writes four fields, `<board> w 0 1`,
    # with no `- -`: read two numbers in place of the dashes as the counters.
    rest = fields[2:]
    if len(rest) == 2 and rest[0][0] != "-" and rest[1][0] != "-" and all(_is_number(v) for v, _ in rest):
        start, end = rest[0][1], rest[1][1] + len(rest[1][0])
        err(
            FEN_FIELDS,
            f"FEN has no `- -` before the counters `{rest[0][0]} {rest[1][0]}`; expected `- - {rest[0][0]} {rest[1][0]}`",
            start,
            end,
        )
        rest = [("-", start), ("-", start), *rest]
    for k, (value, foff) in enumerate(rest, start=3):
        if k in (3, 4):
            if value != "-":
                err(FEN_FIELDS, f"FEN field {k} is `{_clip(value)}`; expected `-`", foff, foff + len(value))
        elif k in (5, 6):
            least = 0 if k == 5 else 1
            what = "halfmove clock" if k == 5 else "move number"
            if value.isascii() and value.isdigit() and not _is_number(value):
                err(
                    FEN_FIELDS,
                    f"FEN {what} `{_clip(value)}` is too large; expected at most {_MAX_DIGITS} digits",
                    foff,
                    foff + len(value),
                )
            elif not _is_number(value) or int(value) < least:
                err(
                    FEN_FIELDS,
                    f"FEN {what} `{_clip(value)}` is not a number of at least {least}",
                    foff,
                    foff + len(value),
                )
            elif k == 5:
                pos.halfmove_clock = int(value)
            else:
                pos.fullmove_number = int(value)
        else:
            err(FEN_FIELDS, f"Unexpected FEN field `{_clip(value)}` after the move number", foff, foff + len(value))

    _check_semantics(pos, board, ranks, off, diags, side_known)
    return pos, diags


def _cell_offsets(ranks: Sequence[str], off: int) -> dict[int, int]:
    """Square → offset of its letter in the FEN text."""
    where: dict[int, int] = {}
    pos_in = off
    for idx, rank_text in enumerate(ranks[:10]):
        rank = 9 - idx
        width = 0
        for k, ch in enumerate(rank_text):
            if ch.isdigit() and ch.isascii():
                width += int(ch)
            else:
                where[rank * 9 + width] = pos_in + k
                width += 1
        pos_in += len(rank_text) + 1
    return where


def _points(squares: Iterable[int]) -> str:
    """Square names in FEN reading order (rank 9 first, file a first)."""
    return ", ".join(square_name(s) for s in sorted(squares, key=lambda s: (-(s // 9), s % 9)))


#: What each colour's king/advisor/elephant may stand on, for messages.
_POINTS_TEXT = {
    (piece, color): _points(points[color])
    for piece, points in (("A", _ADVISOR), ("B", _ELEPHANT))
    for color in (RED, BLACK)
}


def _unreachable(t: str, sq: int, red: bool) -> Optional[str]:
    """Why a piece of type ``t`` cannot stand on ``sq`` (``None`` if it can)."""
    if t == "K":
        if sq not in _PALACE[red]:
            return f"outside its palace; expected a point of {'d0–f2' if red else 'd7–f9'}"
    elif t == "A" or t == "B":
        if sq not in (_ADVISOR if t == "A" else _ELEPHANT)[red]:
            return f"a point it can never reach; expected one of {_POINTS_TEXT[t, red]}"
    elif t == "P" and not _pawn_ok(sq, red):
        r = sq // 9
        if (red and r < 3) or (not red and r > 6):
            return f"behind its start rank; expected rank {'3 or above' if red else '6 or below'}"
        return "off the pawn files before the river; expected file a, c, e, g or i"
    return None


#: Squares in FEN reading order: diagnostics come out sorted by column.
_READING_ORDER = tuple(r * 9 + f for r in range(9, -1, -1) for f in range(9))


def _check_semantics(
    pos: Position,
    board: list[Optional[str]],
    ranks: Sequence[str],
    off: int,
    diags: list[Diagnostic],
    side_known: bool = True,
) -> None:
    where = _cell_offsets(ranks, off)

    def at(sq: int) -> Span:
        o = where.get(sq, off)
        return _span(o, o + 1)

    counts: dict[str, list[int]] = {}
    for sq in _READING_ORDER:
        p = board[sq]
        if p is None:
            continue
        counts.setdefault(p, []).append(sq)
        red = p.isupper()
        t = p.upper()
        why = _unreachable(t, sq, red)
        if why is not None:
            side = "Red" if red else "Black"
            diags.append(Diagnostic.of(FEN_SQUARE, f"{side} {PIECE_NAMES[t]} on {square_name(sq)}, {why}", at(sq)))
    # One diagnostic per kind over its limit, at the first piece too many as
    # the FEN is read (``counts`` lists squares in reading order).
    too_many = [(sqs[_MAX[p.upper()]], p, len(sqs)) for p, sqs in counts.items() if len(sqs) > _MAX[p.upper()]]
    for extra, p, n in sorted(too_many, key=lambda item: where.get(item[0], off)):
        t = p.upper()
        side = "Red" if p.isupper() else "Black"
        name = PIECE_NAMES[t] + ("s" if _MAX[t] > 1 else "")
        diags.append(
            Diagnostic.of(
                FEN_COUNT,
                f"{side} has {n} {PIECE_NAMES[t]}s; at most {_MAX[t]} {name} allowed",
                at(extra),
            )
        )
    for color, letter in ((RED, "K"), (BLACK, "k")):
        if letter not in counts:
            side = "Red" if color else "Black"
            diags.append(
                Diagnostic.of(FEN_KING, f"{side} has no king", _span(off, off + len("/".join(ranks))))
            )
    if pos.kings_facing():
        bk = pos.king(BLACK)
        assert bk is not None  # kings_facing() needs both kings
        diags.append(
            Diagnostic.of(
                FEN_FACING,
                f"The kings face each other on file {FILE_NAMES[bk % 9]} with no piece between",
                at(bk),
            )
        )
    elif side_known:
        # Only meaningful when the side to move was read (F104 otherwise).
        other = not pos.turn
        k = pos.king(other)
        if k is not None and pos.is_attacked(k, pos.turn):
            side = "Red" if other else "Black"
            diags.append(
                Diagnostic.of(
                    FEN_CHECK,
                    f"{side} is in check but it is {'Red' if pos.turn else 'Black'}'s move",
                    at(k),
                )
            )


def validate_fen(text: str) -> list[Diagnostic]:
    """Every problem of a FEN text (empty when it is valid)."""
    return parse_fen(text)[1]


def board_fen(board: Sequence[Optional[str]]) -> str:
    """The board field of a FEN (ranks 9 down to 0)."""
    rows = []
    for r in range(9, -1, -1):
        row = []
        empty = 0
        for f in range(9):
            p = board[r * 9 + f]
            if p is None:
                empty += 1
            else:
                if empty:
                    row.append(str(empty))
                    empty = 0
                row.append(p)
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    return "/".join(rows)
