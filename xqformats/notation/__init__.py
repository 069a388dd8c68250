"""The four move notations: Chinese vertical-line, WXF, ICCS and SAN.

Syntax is defined by the Lark grammars ``grammars/chinese.lark``,
``grammars/wxf.lark``, ``grammars/iccs.lark`` and ``grammars/san.lark`` (each exports one terminal
matching a whole move, for the PGN grammar); meaning is resolved here against a
position.  Sources and every choice where they disagree: ``docs/notation.md``.

Public API::

    decode(text, position, notation=None, *, strict=False, fast=True, ranks=None) -> (Move | None, diagnostics)
    encode(move, position, notation=Notation.CHINESE, *, traditional=False, fullwidth=False,
           ranks=RankConvention.PYCHESS) -> str
    game_convention(texts, start) -> (RankConvention | None, reason)
    detect_notation(text) -> Notation | None

Speed: each distinct spelling is parsed once (memoized) and compiled into a
plan (plan.py); decoding a seen, unambiguous spelling costs a dict lookup, a
count on one file (on each file for a 前/后 marker) and one legality test.  Anything else -- a marker, an error,
a deviation -- takes the slow path (resolve.py), which explains it.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..core import Move
from ..diagnostics import Diagnostic, Severity
from ..position import Position
from .plan import NO_PLAN, PLANS, plan_for_text
from .resolve import NO_DIAGNOSTICS, encode_move, resolve
from .rules import NOT_A_MOVE, NOTATION_MISMATCH
from .san import (
    DEFAULT_CONVENTION,
    RankConvention,
    decode_san,
    encode_san,
    game_convention,
    san_shape,
)
from .shape import Notation, span
from .spelling import shape_of

__all__ = ["Notation", "RankConvention", "decode", "encode", "detect_notation", "game_convention"]

_EXAMPLES = {
    Notation.CHINESE: "`炮二平五`",
    Notation.WXF: "`C2.5`",
    Notation.ICCS: "`H2-E2`",
    Notation.SAN: "`Cbe3`",
}


def detect_notation(text: str) -> Optional[Notation]:
    """The notation whose grammar accepts ``text`` as one move, else None.

    The four grammars accept disjoint languages, so the answer is unique.
    O(1) for a spelling seen before.
    """
    shape = shape_of(text)
    return None if shape is None else shape.notation


def decode(
    text: str,
    position: Position,
    notation: Optional[Notation] = None,
    *,
    strict: bool = False,
    fast: bool = True,
    ranks: Optional[RankConvention] = None,
) -> tuple[Optional[Move], Sequence[Diagnostic]]:
    """The one legal move ``text`` denotes in ``position``, and the diagnostics.

    ``notation`` None detects it from the text; a move written in another
    notation than the one given is still read, with M102 (a warning; an error
    when ``strict``).  ``strict`` makes every *deviation* rule an error (M102;
    M205, a Red move with Black's digits; M206, a missing 前/后 where only one
    piece can move) while the move is still returned: its meaning is clear.
    The move is ``None`` when the text denotes no legal move (M101 shape, M2xx
    resolution, M3xx legality).  Style findings (M4xx, severity info) come
    with a valid move.

    Diagnostics are positioned in ``text`` (line 1, column 1 = its first
    character), and so are the edits of their fixes (offset 0 = its first
    character): whoever places a finding in a file places its fix too
    (:meth:`~xqformats.diagnostics.Fix.shifted`) or drops it.  When all is well the
    diagnostics are a shared empty tuple.  Never raises on bad text (a
    ``text`` that is not a ``str`` is a ``TypeError``) and leaves
    ``position`` as it was.

    ``fast=False`` skips the compiled plans and always resolves in full (the
    reference the plans are tested against; same results, slower).

    ``ranks`` is the rank convention of a SAN move (docs/spec/notation.md
    §7.1); None tries both (the one legal reading, else 1–10).  Other
    notations ignore it.
    """
    # Fast path: a plan returns a move only when the slow path would return it
    # with no diagnostics but the shape's style findings (plan.py).
    if fast:
        try:
            plan = PLANS.get(text) or plan_for_text(text)
        except TypeError:  # unhashable, so not a string at all: the slow path raises
            plan = NO_PLAN
        run = plan[1] if position.turn else plan[2]
        if run is not None and (notation is None or notation is plan[0]):
            move = run(position)
            if move is not None:
                return move, (list(plan[3]) if plan[3] else NO_DIAGNOSTICS)
    return _decode_slow(text, position, notation, strict, ranks)


def _decode_slow(
    text: str, position: Position, notation: Optional[Notation], strict: bool, ranks: Optional[RankConvention] = None
) -> tuple[Optional[Move], Sequence[Diagnostic]]:
    """:func:`decode` by full resolution, every diagnostic explained (the reference)."""
    if notation is not None and not isinstance(notation, Notation):
        notation = Notation(notation)  # "wxf" works too
    if not isinstance(text, str):
        raise TypeError(f"decode() takes the move as a str, not {type(text).__name__}")
    shape = shape_of(text)
    if notation is Notation.SAN and (shape is None or shape.notation is not Notation.SAN):
        # A SAN move the terminal leaves to ICCS (`E5e3`) is SAN when SAN is expected.
        shape = san_shape(text) or shape
    if shape is None:
        if notation is None:
            msg = (
                f"Not a move `{text}`; expected Chinese ({_EXAMPLES[Notation.CHINESE]}), "
                f"WXF ({_EXAMPLES[Notation.WXF]}), ICCS ({_EXAMPLES[Notation.ICCS]}) "
                f"or SAN ({_EXAMPLES[Notation.SAN]}) notation"
            )
        else:
            article = "an" if notation.label.startswith("I") else "a"  # an ICCS move; a Chinese, WXF, SAN move
            msg = f"Not {article} {notation.label} move `{text}`; expected e.g. {_EXAMPLES[notation]}"
        return None, [Diagnostic.of(NOT_A_MOVE, msg, span(0, len(text)))]
    if shape.notation is Notation.SAN:
        move, diags = decode_san(shape, position, ranks)
    else:
        move, diags = resolve(shape, position, strict)
    if notation is not None and shape.notation is not notation:
        mismatch = Diagnostic.of(
            NOTATION_MISMATCH,
            f"Move `{text}` is in {shape.notation.label} notation; expected {notation.label}",
            span(0, len(text)),
            severity=Severity.ERROR if strict else None,
        )
        diags = [mismatch, *diags]
    return move, diags


def encode(
    move: Move,
    position: Position,
    notation: Notation = Notation.CHINESE,
    *,
    traditional: bool = False,
    fullwidth: bool = False,
    ranks: RankConvention = DEFAULT_CONVENTION,
) -> str:
    """The canonical text of a legal ``move`` in ``position``.

    Chinese: simplified characters and ASCII digits for Black by default;
    ``traditional`` writes 帥仕相俥傌炮兵 / 將士象車馬砲卒 and 進 後, ``fullwidth``
    writes Black's digits as １…９.  WXF: the official page's form (upper case,
    ``.`` sideways, ``+``/``-`` tandem markers).  ICCS: ``H2-E2``.  SAN: in
    the rank convention ``ranks`` (docs/spec/notation.md §7.5).  ``traditional``
    and ``fullwidth`` apply to Chinese only.  ``move`` is assumed legal (an
    empty from-square raises ``ValueError``).
    """
    if Notation(notation) is Notation.SAN:
        return encode_san(move, position, ranks)
    return encode_move(move, position, Notation(notation), traditional=traditional, fullwidth=fullwidth)
