"""Chinese vertical-line notation (中文纵线格式): meaning of the characters, and output.

Syntax is ``grammars/chinese.lark``; this module maps its tokens to meanings
(which piece, which number, which spelling is traditional) and writes the
canonical text of a move.  Sources and choices: ``docs/notation.md``.
"""

from __future__ import annotations

from lark import Token, Tree

from ..diagnostics import Diagnostic, Edit
from .rules import CHINESE_FULLWIDTH_DIGITS, TRADITIONAL
from .shape import Notation, Shape, span

#: Grammar terminal → piece type letter.
_PIECE_OF_TERMINAL = {
    "CN_KING": "K",
    "CN_ADVISOR": "A",
    "CN_ELEPHANT": "B",
    "CN_HORSE": "N",
    "CN_ROOK": "R",
    "CN_CANNON": "C",
    "CN_PAWN": "P",
}
#: Characters that belong to one side (docs/spec/notation.md §3.2: 帅/将 仕/士 相/象 兵/卒;
#: 俥 傌 are Red's traditional forms). 马 车 炮 (and 馬 車 砲 包) are shared.
_SIDE_OF_CHAR = {
    "帅": True, "帥": True, "仕": True, "相": True, "兵": True, "俥": True, "傌": True,
    "将": False, "將": False, "士": False, "象": False, "卒": False,
}  # fmt: skip
#: Traditional characters and their simplified forms (output default: simplified).
_SIMPLIFIED = {
    "車": "车", "俥": "车", "馬": "马", "傌": "马", "帥": "帅", "將": "将",
    "砲": "炮", "包": "炮", "進": "进", "後": "后",
}  # fmt: skip
_NUMERALS = "一二三四五六七八九"
_VALUE = {ch: i + 1 for i, ch in enumerate(_NUMERALS)}
_VALUE.update({str(i): i for i in range(1, 10)})
_VALUE.update({chr(0xFF10 + i): i for i in range(1, 10)})
_ACTION = {"CN_ADVANCE": "+", "CN_RETREAT": "-", "CN_TRAVERSE": "."}
_MARKER = {"CN_FRONT": "front", "CN_MIDDLE": "middle", "CN_REAR": "rear"}


# Each part's handler gets its token's terminal, the character at its position and the position
# (the tree may be another spelling's of the same signature: spelling._positional_tree).


def _piece(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.piece = _PIECE_OF_TERMINAL[kind]
    shape.piece_side = _SIDE_OF_CHAR.get(ch)
    shape.piece_span = span(start, start + 1)


def _file(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.file = _VALUE[ch]
    shape.file_red = kind == "CN_NUMERAL"
    shape.file_span = span(start, start + 1)


def _number(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.number = _VALUE[ch]
    shape.number_red = kind == "CN_NUMERAL"
    shape.number_span = span(start, start + 1)


def _action(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.action = _ACTION[kind]


def _marker(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.marker = _MARKER[kind]


def _ordinal(shape: Shape, kind: str, ch: str, start: int) -> None:
    shape.ordinal = _VALUE[ch]


#: Grammar rule (a part of ``move``) → what it sets on the shape.
_PARTS = {
    "piece": _piece,
    "file": _file,
    "number": _number,
    "action": _action,
    "marker": _marker,
    "ordinal": _ordinal,
}


def _styles(text: str, fullwidth_at: list[int]) -> tuple[Diagnostic, ...]:
    """The position-independent style findings: traditional characters, fullwidth digits."""
    styles: list[Diagnostic] = []
    trad = [i for i, ch in enumerate(text) if ch in _SIMPLIFIED]
    if trad:
        chars = ", ".join(f"`{text[i]}`" for i in trad)
        simple = text.translate(_TO_SIMPLIFIED)
        styles.append(
            Diagnostic.of(
                TRADITIONAL,
                f"Traditional character{'s' if len(trad) > 1 else ''} {chars} in `{text}`; canonical `{simple}`",
                span(trad[0], trad[-1] + 1),
                fix=[Edit(0, len(text), simple)],
            )
        )
    if fullwidth_at:
        ascii_text = text.translate(_TO_ASCII)
        styles.append(
            Diagnostic.of(
                CHINESE_FULLWIDTH_DIGITS,
                f"Fullwidth digits in `{text}`; canonical `{ascii_text}`",
                span(fullwidth_at[0], fullwidth_at[-1] + 1),
                fix=[Edit(0, len(text), ascii_text)],
            )
        )
    return tuple(styles)


def build_shape(text: str, move: Tree[Token]) -> Shape:
    """Turn a parse of ``grammars/chinese.lark`` (the ``move`` subtree) into a :class:`Shape`.

    The characters are read from ``text`` at the tokens' positions (the tree
    may be that of another spelling with the same terminals).
    """
    shape = Shape(text, Notation.CHINESE, str(move.data))
    fullwidth_at: list[int] = []
    for part in move.children:
        assert isinstance(part, Tree)
        tok: Token = part.children[0]  # type: ignore[assignment]
        start = tok.start_pos or 0
        _PARTS[part.data](shape, tok.type, text[start], start)
        if tok.type == "FULLWIDTH_DIGIT":
            fullwidth_at.append(start)
    shape.simple = shape.kind == "plain"
    shape.styles = _styles(text, fullwidth_at)
    return shape


_TO_SIMPLIFIED = str.maketrans(_SIMPLIFIED)
_TO_ASCII = str.maketrans({chr(0xFF10 + i): str(i) for i in range(10)})


# ---------------------------------------------------------------- output
#: Piece names by side: (simplified, traditional).  Traditional pairs follow the
#: common set 帥仕相俥傌炮兵 / 將士象車馬砲卒 (docs/notation.md).
PIECE_CHARS = {
    True: ({"K": "帅", "A": "仕", "B": "相", "N": "马", "R": "车", "C": "炮", "P": "兵"},
           {"K": "帥", "A": "仕", "B": "相", "N": "傌", "R": "俥", "C": "炮", "P": "兵"}),
    False: ({"K": "将", "A": "士", "B": "象", "N": "马", "R": "车", "C": "炮", "P": "卒"},
            {"K": "將", "A": "士", "B": "象", "N": "馬", "R": "車", "C": "砲", "P": "卒"}),
}  # fmt: skip
_ACTION_CHARS = ({"+": "进", "-": "退", ".": "平"}, {"+": "進", "-": "退", ".": "平"})
_MARKER_CHARS = ({"front": "前", "middle": "中", "rear": "后"}, {"front": "前", "middle": "中", "rear": "後"})


def write_chinese(
    red: bool,
    ptype: str,
    file: int | None,
    marker: str | None,
    ordinal: int | None,
    action: str,
    number: int,
    *,
    traditional: bool = False,
    fullwidth: bool = False,
) -> str:
    """The Chinese text of a move described by its parts (mover's frame numbers).

    Exactly one of ``file``, ``marker``, ``ordinal`` locates the piece.
    """
    t = 1 if traditional else 0
    piece = PIECE_CHARS[red][t][ptype]

    def num(n: int) -> str:
        if red:
            return _NUMERALS[n - 1]
        return chr(0xFF10 + n) if fullwidth else str(n)

    tail = _ACTION_CHARS[t][action] + num(number)
    if marker is not None:
        return _MARKER_CHARS[t][marker] + piece + tail
    if ordinal is not None:
        return _NUMERALS[ordinal - 1] + piece + tail
    assert file is not None
    return piece + num(file) + tail
