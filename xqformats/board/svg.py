"""A position drawn as SVG: the board, its markings and the pieces.

:func:`board_svg` returns one self-contained ``<svg>`` element (no external
reference, no script, no ``<style>``: presentation attributes only) that needs
no font for its CJK characters: they are drawn as outlines (:mod:`.glyphs`,
from Noto Serif CJK under the SIL Open Font License), each defined once per
picture in its ``<defs>`` and placed with ``<use>``.  The ids there start
with a prefix made from the picture's own content, so that many boards can
be inlined in one HTML page without clashing (two equal pictures share equal
definitions).  The output is deterministic: the same arguments give the same
text.

What the picture shows (docs/board.md):

* the nine files and ten ranks (docs/spec/board.md §2.1), the inner files
  broken by the river between ranks 4 and 5 with 楚河 漢界 written in it, and
  the diagonals of both palaces (§2.2), all placed from
  :mod:`xqformats.geometry`'s regions;
* the file numbers each side counts (§2.3): Red's along Red's edge, Black's
  along Black's, as the chosen notation writes them (Chinese: Red 九…一,
  Black 1…9; WXF: digits for both; ICCS: the file letters ``a``–``i``);
* the pieces as their traditional glyphs (帥仕相俥傌炮兵 / 將士象車馬砲卒, the
  notation's own table) on red or black discs, each piece a group whose
  ``<title>`` is its character (for screen readers and search);
* the king of the side to move marked when it is in check;
* the last move's two points highlighted, and optional arrows, each in its
  own colour, starting at the edge of the piece they start from.

Geometry of the drawing: one point every :data:`UNIT` user units, a margin of
one unit around the grid for the file numbers; the ``viewBox`` is
``0 0 528 578`` and ``size`` only sets the rendered width and height.
"""

from __future__ import annotations

import hashlib
import re
from html import escape
from typing import Iterable, NamedTuple, Optional, Sequence, Union

from ..core import (
    FILE_COUNT,
    FILE_NAMES,
    RANK_COUNT,
    RED,
    SQUARES,
    Move,
    Square,
    on_board,
    square,
    square_file,
    square_rank,
)
from ..geometry import INITIAL_BOARD, PALACE, RIVER_RANK
from ..notation.chinese import PIECE_CHARS, write_chinese
from ..notation.resolve import FILE_ORDER
from ..position import Position
from .glyphs import EM, GLYPHS

__all__ = ["board_svg", "point_xy", "Arrow", "ARROW_COLORS", "ARROW_COLOR"]

SVG_NS = "http://www.w3.org/2000/svg"

#: Distance between two neighbouring points, in user units.
UNIT = 50
#: Space between the grid and the picture's edge (file numbers stand in it).
MARGIN = 64
#: The ``viewBox`` size: eight gaps across, nine down, plus the margins.
WIDTH = 2 * MARGIN + (FILE_COUNT - 1) * UNIT
HEIGHT = 2 * MARGIN + (RANK_COUNT - 1) * UNIT

#: The colours (tests look for them in rendered pixels).
BOARD_COLOR = "#f0d9a7"
LINE_COLOR = "#6b4423"
RED_COLOR = "#c0392b"
BLACK_COLOR = "#222222"
GLYPH_COLOR = "#fff8e7"
HIGHLIGHT_COLOR = "#3a86d9"
ARROW_COLOR = "#1e9e4a"
LABEL_COLOR = "#6b4423"
#: The halo behind a king in check.
CHECK_COLOR = "#ff2a00"

#: Arrow colours by name (``--arrow h2e2:blue``), green the default: lichess's
#: brushes, as python-chess's ``chess.svg`` names them.
ARROW_COLORS = {"green": ARROW_COLOR, "red": "#d62728", "blue": "#1f6fd1", "yellow": "#e6a700"}

#: The font of the file numbers that are digits or letters (WXF, ICCS, Black's
#: Chinese ones): any font has them.  The CJK characters are outlines and need none.
FONT_FAMILY = "'DejaVu Serif', 'Noto Serif', 'Times New Roman', serif"

#: The notations file numbers can be written in (``notation=``).
NOTATIONS = ("chinese", "wxf", "iccs")

_DISC_RADIUS = 0.44 * UNIT
_RING_RADIUS = 0.36 * UNIT
_HIGHLIGHT_HALF = 0.48 * UNIT
#: How far the file numbers stand from the picture's edge (clear of the pieces' discs).
_LABEL_INSET = 0.42 * UNIT
_RIVER_WORDS = ("楚河", "漢界")
#: Sizes of the drawn characters, as the font size of text would be (user units).
_PIECE_SIZE = 0.52 * UNIT
_RIVER_SIZE = 0.6 * UNIT
_LABEL_SIZE = 0.4 * UNIT
_CHECK_RADIUS = 0.54 * UNIT
_HEX_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})\Z")


class Arrow(NamedTuple):
    """An arrow to draw: a move and its colour (a ``#rrggbb``/``#rgb`` value or a name of :data:`ARROW_COLORS`, :func:`color_value`)."""

    move: Move
    color: str = ARROW_COLOR


def color_value(name: str) -> str:
    """The colour value of an arrow colour ``name`` (:data:`ARROW_COLORS`) or of ``#rrggbb``/``#rgb``.

    Raises :class:`ValueError` naming the choices for anything else (the value is written into the picture).
    """
    found = ARROW_COLORS.get(name.lower())
    if found is not None:
        return found
    if _HEX_COLOR.match(name):
        return name.lower()
    names = ", ".join(ARROW_COLORS)
    raise ValueError(f"Unknown arrow colour `{name}`; expected one of {names} or #rrggbb")


def drawn_characters() -> str:
    """Every character outside ASCII a picture may draw, once each, in a fixed order.

    The pieces' glyphs (both sides), the river's words and the Chinese file
    numbers: what :mod:`.glyphs` holds outlines of (``tools/gen_board_glyphs.py``
    asks this function which to write).
    """
    texts = [*PIECE_CHARS[True][1].values(), *PIECE_CHARS[False][1].values(), *_RIVER_WORDS]
    texts += [_file_label(fi, red, "chinese") for red in (True, False) for fi in range(FILE_COUNT)]
    return "".join(dict.fromkeys(ch for text in texts for ch in text if not ch.isascii()))


def _num(value: float) -> str:
    """A coordinate as short, deterministic text (``25``, ``12.5``)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def point_xy(sq: Square, *, flip: bool = False) -> tuple[float, float]:
    """The user-unit coordinates of point ``sq`` in a :func:`board_svg` picture.

    Red's side is at the bottom; ``flip`` puts Black's there (the board turned
    half a turn).  Tests use it to find a point's pixels.
    """
    f, r = square_file(sq), square_rank(sq)
    if flip:
        f, r = FILE_COUNT - 1 - f, RANK_COUNT - 1 - r
    return MARGIN + f * UNIT, MARGIN + (RANK_COUNT - 1 - r) * UNIT


def _line(x1: float, y1: float, x2: float, y2: float, width: float = 1.5) -> str:
    return (
        f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
        f'stroke="{LINE_COLOR}" stroke-width="{_num(width)}"/>'
    )


def _segment(a: Square, b: Square, flip: bool, width: float = 1.5) -> str:
    return _line(*point_xy(a, flip=flip), *point_xy(b, flip=flip), width=width)


# ---------------------------------------------------------------- the grid


def _grid(flip: bool) -> list[str]:
    """Ranks across, files down (the inner files stop at the river), the palace diagonals, the frame."""
    last_file, last_rank = FILE_COUNT - 1, RANK_COUNT - 1
    out = [_segment(square(0, r), square(last_file, r), flip) for r in range(RANK_COUNT)]
    for f in range(FILE_COUNT):
        if f in (0, last_file):
            out.append(_segment(square(f, 0), square(f, last_rank), flip))
        else:
            out.append(_segment(square(f, 0), square(f, RIVER_RANK), flip))
            out.append(_segment(square(f, RIVER_RANK + 1), square(f, last_rank), flip))
    for color in (RED, not RED):
        files = sorted({square_file(s) for s in PALACE[color]})
        ranks = sorted({square_rank(s) for s in PALACE[color]})
        lo_f, hi_f, lo_r, hi_r = files[0], files[-1], ranks[0], ranks[-1]
        out.append(_segment(square(lo_f, lo_r), square(hi_f, hi_r), flip))
        out.append(_segment(square(hi_f, lo_r), square(lo_f, hi_r), flip))
    x0, y0 = MARGIN - 4, MARGIN - 4
    w, h = (FILE_COUNT - 1) * UNIT + 8, (RANK_COUNT - 1) * UNIT + 8
    out.append(f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="none" stroke="{LINE_COLOR}" stroke-width="3"/>')
    return out


def _start_marks(flip: bool) -> list[str]:
    """The small corner marks on the points where cannons and pawns start (炮位, 兵位).

    The points come from the start placement (:data:`~xqformats.geometry.INITIAL_BOARD`);
    a mark is left out on the side of a point that lies on the board's edge.
    """
    gap, arm = 4, 6
    out = []
    for sq in SQUARES:
        piece = INITIAL_BOARD[sq]
        if piece is None or piece.upper() not in "CP":
            continue
        x, y = point_xy(sq, flip=flip)
        for sx in (-1, 1):
            if not on_board(square_file(sq) + (sx if not flip else -sx), 0):
                continue
            for sy in (-1, 1):
                cx, cy = x + sx * gap, y + sy * gap
                out.append(
                    f'<path d="M{_num(cx + sx * arm)} {_num(cy)}H{_num(cx)}V{_num(cy + sy * arm)}" '
                    f'fill="none" stroke="{LINE_COLOR}" stroke-width="1.2"/>'
                )
    return out


class _Glyphs:
    """The outlined characters of one picture: placed with ``<use>`` as drawn, defined once in :meth:`defs`.

    The ids are written as :data:`_ID` followed by the character's place in
    :func:`drawn_characters`; :func:`board_svg` replaces :data:`_ID` by the
    picture's prefix once the picture is complete.  A character is drawn at
    one size per picture (pieces, river and file numbers share none).
    """

    def __init__(self) -> None:
        self._sizes: dict[str, float] = {}

    def use(self, ch: str, x: float, y: float, size: float, fill: str) -> str:
        """``ch`` centred on (``x``, ``y``) as text of font size ``size`` would be."""
        known = self._sizes.setdefault(ch, size)
        assert known == size, f"{ch} drawn at two sizes"
        return f'<use href="#{_ID}{_ORDER[ch]}" x="{_num(x)}" y="{_num(y)}" fill="{fill}"/>'

    def defs(self) -> str:
        """The ``<defs>`` of the characters used, in a fixed order (``""`` when none)."""
        if not self._sizes:
            return ""
        paths = [
            f'<path id="{_ID}{_ORDER[ch]}" transform="scale({self._sizes[ch] / EM:.4g})" d="{GLYPHS[ch]}"/>'
            for ch in sorted(self._sizes, key=_ORDER.__getitem__)
        ]
        return "<defs>" + "".join(paths) + "</defs>"


#: Stands for the picture's id prefix until the picture is complete (no text of a picture holds it).
_ID = "\x00"


def _river(glyphs: _Glyphs) -> list[str]:
    """楚河 and 漢界 in the river, each centred on its half of the board (the same either way up)."""
    y = MARGIN + (RANK_COUNT - 1 - RIVER_RANK - 0.5) * UNIT
    quarter = (FILE_COUNT - 1) * UNIT / 4
    out = []
    for k, word in enumerate(_RIVER_WORDS):
        x = MARGIN + quarter * (1 + 2 * k)
        first, second = word[0], word[1]
        uses = glyphs.use(first, x - 0.8 * _RIVER_SIZE, y, _RIVER_SIZE, LINE_COLOR)
        uses += glyphs.use(second, x + 0.8 * _RIVER_SIZE, y, _RIVER_SIZE, LINE_COLOR)
        out.append(f"<g><title>{word}</title>{uses}</g>")
    return out


# ---------------------------------------------------------------- file numbers


def _file_label(fi: int, red: bool, notation: str) -> str:
    """How ``notation`` writes file ``fi`` in ``red``'s count (docs/spec/board.md §2.3).

    The numbers come from the notation's own writer (a rook's traverse to that
    file: ``车一平一`` → ``一``), so the drawing never restates them.
    """
    if notation == "iccs":
        return FILE_NAMES[fi]
    n = FILE_ORDER[red].index(fi) + 1
    if notation == "wxf":
        return str(n)
    return write_chinese(red, "R", n, None, None, ".", n)[1]


#: Each outlined character's place in :func:`drawn_characters`: its id in a picture's ``<defs>``.
_ORDER = {ch: i for i, ch in enumerate(drawn_characters())}


def _file_numbers(flip: bool, notation: str, glyphs: _Glyphs) -> list[str]:
    """Each side's numbers along its own edge: Red's at the bottom unless ``flip``."""
    out = []
    for color in (RED, not RED):
        at_bottom = color != flip
        y = HEIGHT - _LABEL_INSET if at_bottom else _LABEL_INSET
        for fi in range(FILE_COUNT):
            x, _ = point_xy(square(fi, 0), flip=flip)
            label = _file_label(fi, color, notation)
            if label in GLYPHS:
                out.append(f"<g><title>{label}</title>{glyphs.use(label, x, y, _LABEL_SIZE, LABEL_COLOR)}</g>")
                continue
            out.append(
                f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(_LABEL_SIZE)}" fill="{LABEL_COLOR}" '
                f'text-anchor="middle" dominant-baseline="central">{label}</text>'
            )
    return out


# ---------------------------------------------------------------- pieces, highlight, arrows


def _highlight(squares: Iterable[Square], flip: bool) -> list[str]:
    out = []
    for sq in squares:
        x, y = point_xy(sq, flip=flip)
        side = 2 * _HIGHLIGHT_HALF
        out.append(
            f'<rect x="{_num(x - _HIGHLIGHT_HALF)}" y="{_num(y - _HIGHLIGHT_HALF)}" width="{_num(side)}" '
            f'height="{_num(side)}" rx="{_num(0.1 * UNIT)}" fill="{HIGHLIGHT_COLOR}" fill-opacity="0.55"/>'
        )
    return out


def _check(position: Position, flip: bool) -> list[str]:
    """A halo behind the king of the side to move when it is in check (drawn under the pieces)."""
    king = position.king(position.turn)
    if king is None or not position.is_check():
        return []
    x, y = point_xy(king, flip=flip)
    return [f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(_CHECK_RADIUS)}" fill="{CHECK_COLOR}"><title>check</title></circle>']


def _piece(sq: Square, piece: str, flip: bool, glyphs: _Glyphs) -> str:
    """One piece: a disc of its side's colour, a light ring, its traditional glyph; its character as its title."""
    red = piece.isupper()
    x, y = point_xy(sq, flip=flip)
    glyph = PIECE_CHARS[red][1][piece.upper()]
    fill = RED_COLOR if red else BLACK_COLOR
    cx, cy = _num(x), _num(y)
    return (
        f'<g><title>{glyph}</title>'
        f'<circle cx="{cx}" cy="{cy}" r="{_num(_DISC_RADIUS)}" fill="{fill}" stroke="{LINE_COLOR}" stroke-width="1"/>'
        f'<circle cx="{cx}" cy="{cy}" r="{_num(_RING_RADIUS)}" fill="none" stroke="{GLYPH_COLOR}" stroke-width="1.5"/>'
        f"{glyphs.use(glyph, x, y, _PIECE_SIZE, GLYPH_COLOR)}</g>"
    )


def _arrow(move: Move, flip: bool, color: str, from_piece: bool) -> str:
    """An arrow from the point it starts from to the edge of the disc on the other.

    With a piece on its first point (``from_piece``) the shaft starts at that
    disc's edge, so the arrow never hides the piece it moves.
    """
    x1, y1 = point_xy(move.from_square, flip=flip)
    x2, y2 = point_xy(move.to_square, flip=flip)
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    head, half = 0.45 * UNIT, 0.22 * UNIT
    tip_x, tip_y = x2 - ux * 0.1 * UNIT, y2 - uy * 0.1 * UNIT
    base_x, base_y = tip_x - ux * head, tip_y - uy * head
    width = 0.14 * UNIT
    if from_piece:  # (the shaft's round cap, half its width, ends at the disc's edge)
        x1, y1 = x1 + ux * (_DISC_RADIUS + width / 2), y1 + uy * (_DISC_RADIUS + width / 2)
    points = [
        (tip_x, tip_y),
        (base_x - uy * half, base_y + ux * half),
        (base_x + uy * half, base_y - ux * half),
    ]
    poly = " ".join(f"{_num(px)},{_num(py)}" for px, py in points)
    shaft = (
        f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(base_x)}" y2="{_num(base_y)}" '
        f'stroke-width="{_num(width)}" stroke-linecap="round"/>'
        if (base_x - x1) * ux + (base_y - y1) * uy > 0
        else ""  # (a step too short for a shaft beside the disc: the head alone)
    )
    return f'<g fill="{color}" stroke="{color}" opacity="0.85">{shaft}<polygon points="{poly}" stroke-width="1"/></g>'


def _arrows(arrows: Sequence[Union[Move, Arrow]], default: str, position: Position, flip: bool) -> list[str]:
    out = []
    for a in arrows:
        move, color = (a.move, color_value(a.color)) if isinstance(a, Arrow) else (a, default)
        out.append(_arrow(move, flip, color, position.board[move.from_square] is not None))
    return out


# ---------------------------------------------------------------- the picture


def board_svg(
    position: Position,
    *,
    last_move: Optional[Move] = None,
    arrows: Sequence[Union[Move, Arrow]] = (),
    flip: bool = False,
    notation: str = "chinese",
    size: Optional[int] = None,
    arrow_color: str = ARROW_COLOR,
    title: Optional[str] = None,
) -> str:
    """The SVG picture of ``position`` (one ``<svg>`` element, text).

    ``last_move`` highlights its two points; each of ``arrows`` is drawn as
    an arrow: a :class:`~xqformats.core.Move` in ``arrow_color``, an
    :class:`Arrow` in its own colour.  The king of the side to move is marked
    when it is in check.  ``flip`` turns the board so that Black's side is at
    the bottom.  ``notation`` (one of :data:`NOTATIONS`) is how the file
    numbers are written.  ``size`` is the rendered width in pixels (the
    height follows the board's proportions); ``None`` leaves the picture at
    its ``viewBox`` size, :data:`WIDTH` × :data:`HEIGHT`.  ``title`` is the
    picture's accessible name (default: the position's FEN).  Raises
    :class:`ValueError` for an unknown ``notation`` or arrow colour.  O(number
    of points).
    """
    if notation not in NOTATIONS:
        raise ValueError(f"Unknown notation `{notation}`; expected one of {', '.join(NOTATIONS)}")
    default_arrow = color_value(arrow_color)
    width = WIDTH if size is None else size
    height = HEIGHT if size is None else round(size * HEIGHT / WIDTH)
    name = title if title is not None else position.fen()
    glyphs = _Glyphs()
    body = [
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{BOARD_COLOR}"/>',
        *_grid(flip),
        *_start_marks(flip),
        *_river(glyphs),
        *_file_numbers(flip, notation, glyphs),
    ]
    if last_move is not None:
        body.extend(_highlight(last_move, flip))
    body.extend(_check(position, flip))
    for sq in SQUARES:
        piece = position.board[sq]
        if piece is not None:
            body.append(_piece(sq, piece, flip, glyphs))
    body.extend(_arrows(arrows, default_arrow, position, flip))
    head = [
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {WIDTH} {HEIGHT}" width="{width}" height="{height}" '
        f'role="img" aria-label="{escape(name)}" font-family="{FONT_FAMILY}">',
        f"<title>{escape(name, quote=False)}</title>",
        glyphs.defs(),
    ]
    text = "\n".join([*head, *body, "</svg>"]) + "\n"
    # The ids' prefix: made from the picture itself, so two different pictures in one page never share one.
    prefix = "xq" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:10] + "-"
    return text.replace(_ID, prefix)
