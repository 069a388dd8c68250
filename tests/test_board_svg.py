"""board_svg: valid, self-contained, deterministic SVG that shows the right pieces, in a real browser too."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from board_helpers import blend, hex_rgb, near, screenshot

from xqformats.board.svg import (
    ARROW_COLOR,
    BLACK_COLOR,
    BOARD_COLOR,
    HEIGHT,
    HIGHLIGHT_COLOR,
    RED_COLOR,
    SVG_NS,
    UNIT,
    WIDTH,
    board_svg,
    point_xy,
)
from xqformats.core import Move, square
from xqformats.position import Position

NS = {"svg": SVG_NS}


def sq(name: str) -> int:
    return square("abcdefghi".index(name[0]), int(name[1]))


def after(*moves: str) -> tuple[Position, Move]:
    pos = Position.initial()
    move = Move(0, 0)
    for m in moves:
        move = Move(sq(m[:2]), sq(m[2:]))
        pos.push(move)
    return pos, move


def glyphs(svg: str, flip: bool = False) -> dict[str, str]:
    """Point name → the glyph drawn there (the text elements standing on a point)."""
    root = ET.fromstring(svg)
    where = {point_xy(s, flip=flip): s for s in range(90)}
    out = {}
    for text in root.iter(f"{{{SVG_NS}}}text"):
        at = (float(text.get("x", "nan")), float(text.get("y", "nan")))
        if at in where:
            s = where[at]
            out["abcdefghi"[s % 9] + str(s // 9)] = text.text or ""
    return out


def test_svg_is_xml_in_the_svg_namespace_with_its_size() -> None:
    root = ET.fromstring(board_svg(Position.initial(), size=264))
    assert root.tag == f"{{{SVG_NS}}}svg"
    assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
    assert (root.get("width"), root.get("height")) == ("264", str(round(264 * HEIGHT / WIDTH)))
    assert root.find("svg:title", NS) is not None


def test_start_position_glyphs_at_known_points() -> None:
    drawn = glyphs(board_svg(Position.initial()))
    assert drawn["a0"] == "俥" and drawn["b0"] == "傌" and drawn["c0"] == "相" and drawn["d0"] == "仕"
    assert drawn["e0"] == "帥" and drawn["b2"] == "炮" and drawn["e3"] == "兵"
    assert drawn["a9"] == "車" and drawn["b9"] == "馬" and drawn["c9"] == "象" and drawn["d9"] == "士"
    assert drawn["e9"] == "將" and drawn["h7"] == "砲" and drawn["e6"] == "卒"
    assert len(drawn) == 32


def test_glyphs_follow_the_moves() -> None:
    pos, _ = after("h2e2", "h9g7")
    drawn = glyphs(board_svg(pos))
    assert drawn["e2"] == "炮" and "h2" not in drawn
    assert drawn["g7"] == "馬" and "h9" not in drawn


def test_flip_puts_each_point_at_its_mirror() -> None:
    pos, _ = after("h2e2")
    drawn = glyphs(board_svg(pos, flip=True), flip=True)
    assert drawn["e2"] == "炮" and drawn["a0"] == "俥" and drawn["e9"] == "將"
    assert point_xy(sq("a0"), flip=True) == point_xy(sq("i9"))


def test_file_numbers_in_both_notations() -> None:
    def labels(notation: str, flip: bool = False) -> tuple[list[str], list[str]]:
        root = ET.fromstring(board_svg(Position.initial(), notation=notation, flip=flip))
        texts = [t for t in root.iter(f"{{{SVG_NS}}}text") if float(t.get("y", "0")) in (0.42 * UNIT, HEIGHT - 0.42 * UNIT)]
        top = [t.text or "" for t in sorted(texts, key=lambda t: float(t.get("x", "0"))) if float(t.get("y", "0")) < HEIGHT / 2]
        bottom = [t.text or "" for t in sorted(texts, key=lambda t: float(t.get("x", "0"))) if float(t.get("y", "0")) > HEIGHT / 2]
        return top, bottom

    assert labels("chinese") == (list("123456789"), list("九八七六五四三二一"))
    assert labels("wxf") == (list("123456789"), list("987654321"))
    assert labels("chinese", flip=True) == (list("一二三四五六七八九"), list("987654321"))
    assert labels("iccs") == (list("abcdefghi"), list("abcdefghi"))


def test_self_contained_and_deterministic() -> None:
    pos, move = after("h2e2")
    svg = board_svg(pos, last_move=move, arrows=[Move(sq("b0"), sq("c2"))])
    assert svg == board_svg(pos, last_move=move, arrows=[Move(sq("b0"), sq("c2"))])
    assert "href" not in svg and "url(" not in svg and "<script" not in svg and " id=" not in svg
    assert svg.count("http") == 1  # the namespace name, never fetched
    assert "serif\"" in svg and "Noto Serif CJK SC" in svg  # CJK fonts, then a generic family
    assert "楚 河" in svg and "漢 界" in svg


def test_unknown_notation_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown notation `san`"):
        board_svg(Position.initial(), notation="san")


# ---------------------------------------------------------------- in a browser


def _disc(image, name: str, flip: bool = False):  # type: ignore[no-untyped-def]
    """A pixel inside the disc of the piece on ``name``, between its ring and its edge, clear of the glyph."""
    x, y = point_xy(sq(name), flip=flip)
    return image.pixel(x, y + 0.40 * UNIT)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> dict[bool, object]:
    """The position after h2e2, with that move highlighted and an arrow b0→c2, both ways up (two Chromium runs)."""
    folder: Path = tmp_path_factory.mktemp("svg")
    pos, move = after("h2e2")
    out = {}
    for flip in (False, True):
        page = folder / f"board-{flip}.svg"
        page.write_text(board_svg(pos, last_move=move, arrows=[Move(sq("b0"), sq("c2"))], flip=flip), encoding="utf-8")
        out[flip] = screenshot(page, WIDTH, HEIGHT)
    return out


@pytest.mark.parametrize("flip", [False, True])
def test_rendered_pixels(shots: dict[bool, object], flip: bool) -> None:
    image = shots[flip]
    red, black = hex_rgb(RED_COLOR), hex_rgb(BLACK_COLOR)
    for name in ("a0", "e0", "b2", "e2", "i3"):
        assert near(_disc(image, name, flip), red), name
    for name in ("a9", "e9", "h7", "e6"):
        assert near(_disc(image, name, flip), black), name
    # An empty point, away from its grid lines: the board's colour.
    x, y = point_xy(sq("e4"), flip=flip)
    assert near(image.pixel(x + 10, y + 10), hex_rgb(BOARD_COLOR))  # type: ignore[attr-defined]
    # The last move's points: the empty one it left and, beside the disc, the one it reached.
    lit = blend(HIGHLIGHT_COLOR, BOARD_COLOR, 0.55)
    x, y = point_xy(sq("h2"), flip=flip)
    assert near(image.pixel(x + 12, y + 12), lit)  # type: ignore[attr-defined]
    x, y = point_xy(sq("e2"), flip=flip)
    assert near(image.pixel(x + 0.42 * UNIT, y + 0.42 * UNIT), lit)  # type: ignore[attr-defined]
    # The arrow b0→c2, halfway along.
    (x1, y1), (x2, y2) = point_xy(sq("b0"), flip=flip), point_xy(sq("c2"), flip=flip)
    r, g, b = image.pixel((x1 + x2) / 2, (y1 + y2) / 2)  # type: ignore[attr-defined]
    assert g > r + 60 and g > b + 30, (r, g, b, ARROW_COLOR)


def test_flipped_picture_mirrors_the_unflipped(shots: dict[bool, object]) -> None:
    plain, flipped = shots[False], shots[True]
    # Red's rook at a0 is bottom left, flipped top right; Black's at i9 takes its place.
    x, y = point_xy(sq("a0"))
    assert near(plain.pixel(x, y + 0.4 * UNIT), hex_rgb(RED_COLOR))  # type: ignore[attr-defined]
    assert near(flipped.pixel(x, y + 0.4 * UNIT), hex_rgb(BLACK_COLOR))  # type: ignore[attr-defined]
