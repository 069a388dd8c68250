"""board_svg: valid, self-contained, deterministic SVG that shows the right pieces, in a real browser too."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from board_helpers import blend, hex_rgb, near, screenshot

from xqformats.board import glyphs as glyphs_module
from xqformats.board.glyphs import GLYPHS, SOURCE
from xqformats.board.svg import (
    ARROW_COLOR,
    ARROW_COLORS,
    BLACK_COLOR,
    CHECK_COLOR,
    Arrow,
    drawn_characters,
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


def drawn(svg: str) -> list[tuple[float, float, str]]:
    """Each outlined character of the picture: where it is centred, and which it is.

    A ``<use>`` names its outline in the picture's ``<defs>``; the outline's
    path data is the character's in :data:`~xqformats.board.glyphs.GLYPHS`.
    """
    root = ET.fromstring(svg)
    by_data = {d: ch for ch, d in GLYPHS.items()}
    defs = {p.get("id"): by_data[p.get("d", "")] for p in root.iter(f"{{{SVG_NS}}}path") if p.get("id")}
    out = []
    for use in root.iter(f"{{{SVG_NS}}}use"):
        href = use.get("href", "")
        assert href.startswith("#") and href[1:] in defs, href
        out.append((float(use.get("x", "nan")), float(use.get("y", "nan")), defs[href[1:]]))
    return out


def glyphs(svg: str, flip: bool = False) -> dict[str, str]:
    """Point name → the glyph drawn there (the outlined character centred on a point)."""
    where = {point_xy(s, flip=flip): s for s in range(90)}
    out = {}
    for x, y, ch in drawn(svg):
        if (x, y) in where:
            s = where[(x, y)]
            out["abcdefghi"[s % 9] + str(s // 9)] = ch
    return out


def titles(svg: str) -> dict[str, str]:
    """Point name → the ``<title>`` of the piece drawn there (the group holding its disc)."""
    root = ET.fromstring(svg)
    where = {point_xy(s): s for s in range(90)}
    out = {}
    for group in root.iter(f"{{{SVG_NS}}}g"):
        circle, title = group.find("svg:circle", NS), group.find("svg:title", NS)
        if circle is not None and title is not None:
            s = where[(float(circle.get("cx", "nan")), float(circle.get("cy", "nan")))]
            out["abcdefghi"[s % 9] + str(s // 9)] = title.text or ""
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
    # Each piece keeps its character as its title (screen readers, search).
    assert titles(board_svg(Position.initial())) == drawn


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
        svg = board_svg(Position.initial(), notation=notation, flip=flip)
        root = ET.fromstring(svg)
        # Digits and letters are text; the Chinese numbers are outlines.
        placed = [(float(t.get("x", "0")), float(t.get("y", "0")), t.text or "") for t in root.iter(f"{{{SVG_NS}}}text")]
        placed += drawn(svg)
        edge = [(x, y, ch) for x, y, ch in placed if y in (0.42 * UNIT, HEIGHT - 0.42 * UNIT)]
        top = [ch for x, y, ch in sorted(edge) if y < HEIGHT / 2]
        bottom = [ch for x, y, ch in sorted(edge) if y > HEIGHT / 2]
        return top, bottom

    assert labels("chinese") == (list("123456789"), list("九八七六五四三二一"))
    assert labels("wxf") == (list("123456789"), list("987654321"))
    assert labels("chinese", flip=True) == (list("一二三四五六七八九"), list("987654321"))
    assert labels("iccs") == (list("abcdefghi"), list("abcdefghi"))


def test_self_contained_and_deterministic() -> None:
    pos, move = after("h2e2")
    svg = board_svg(pos, last_move=move, arrows=[Move(sq("b0"), sq("c2"))])
    assert svg == board_svg(pos, last_move=move, arrows=[Move(sq("b0"), sq("c2"))])
    assert "url(" not in svg and "<script" not in svg and "<style" not in svg and "<image" not in svg
    assert svg.count("http") == 1  # the namespace name, never fetched
    # Every link is to an outline the picture itself defines, once; its ids are its own.
    root = ET.fromstring(svg)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) and all(i.startswith(ids[0].rsplit("-", 1)[0] + "-") for i in ids)
    assert {u.get("href") for u in root.iter(f"{{{SVG_NS}}}use")} == {f"#{i}" for i in ids}
    other = board_svg(pos, flip=True)
    assert not set(ids) & {e.get("id") for e in ET.fromstring(other).iter() if e.get("id")}
    # No font is needed for a CJK character: none is text; the river's words are outlines with their titles.
    assert all((t.text or "").isascii() for t in root.iter(f"{{{SVG_NS}}}text"))
    assert [ch for x, y, ch in drawn(svg) if ch in "楚河漢界"] == list("楚河漢界")
    assert {t.text for t in root.iter(f"{{{SVG_NS}}}title")} >= {"楚河", "漢界"}


def test_the_outlines_are_those_of_every_character_drawn() -> None:
    assert set(GLYPHS) == set(drawn_characters())
    assert "帥" in GLYPHS and "將" in GLYPHS and "傌" in GLYPHS and "一" in GLYPHS
    assert "SIL Open Font License" in SOURCE
    assert "SIL OPEN FONT LICENSE Version 1.1" in (Path(glyphs_module.__file__).parent / "OFL.txt").read_text(encoding="utf-8")


def test_check_is_marked_on_the_king_in_check() -> None:
    pos, _ = after("h2e2")
    checked = Position("4k4/9/9/9/9/9/9/9/4R4/3K5 b")  # Red's rook on e1 gives check to e9
    root = ET.fromstring(board_svg(checked))
    halos = [c for c in root.iter(f"{{{SVG_NS}}}circle") if c.get("fill") == CHECK_COLOR]
    assert [(float(c.get("cx", "0")), float(c.get("cy", "0"))) for c in halos] == [point_xy(sq("e9"))]
    assert CHECK_COLOR not in board_svg(Position.initial()) and CHECK_COLOR not in board_svg(pos)


def test_arrows_in_several_colours() -> None:
    svg = board_svg(
        Position.initial(),
        arrows=[Move(sq("h2"), sq("e2")), Arrow(Move(sq("b0"), sq("c2")), "blue"), Arrow(Move(sq("h9"), sq("g7")), "#ABCDEF")],
    )
    fills = [g.get("fill") for g in ET.fromstring(svg).iter(f"{{{SVG_NS}}}g") if g.get("opacity") == "0.85"]
    assert fills == [ARROW_COLOR, ARROW_COLORS["blue"], "#abcdef"]
    with pytest.raises(ValueError, match="Unknown arrow colour `mauve`; expected one of green, red, blue, yellow or #rrggbb"):
        board_svg(Position.initial(), arrows=[Arrow(Move(sq("h2"), sq("e2")), "mauve")])
    with pytest.raises(ValueError, match="Unknown arrow colour"):
        board_svg(Position.initial(), arrow_color='red" onload="x')


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


# ---------------------------------------------------------------- no font needed; check, arrows (issue 27)

#: Black's king on d9 in check from Red's rook on d2; Red's king and advisor at home.
IN_CHECK = "3k5/9/9/9/9/9/9/3R5/9/3AK4 b"


@pytest.fixture(scope="module")
def check_shot(tmp_path_factory: pytest.TempPathFactory) -> object:
    """The check position, a blue arrow from the rook and a green one from Red's king, in Chromium.

    The test machine has no CJK font (nor does a fresh CI image): every glyph is drawn from its outline.
    """
    page = tmp_path_factory.mktemp("check") / "check.svg"
    arrows = [Arrow(Move(sq("d2"), sq("d7")), "blue"), Move(sq("e0"), sq("e1"))]
    page.write_text(board_svg(Position(IN_CHECK), arrows=arrows), encoding="utf-8")
    return screenshot(page, WIDTH, HEIGHT)


def _glyph_pixels(image, name: str) -> set[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """The light pixels inside the ring of the piece on ``name``, relative to its centre: its glyph."""
    x0, y0 = point_xy(sq(name))
    inside = int(0.3 * UNIT)
    out = set()
    for dx in range(-inside, inside + 1):
        for dy in range(-inside, inside + 1):
            if dx * dx + dy * dy <= inside * inside and min(image.pixel(x0 + dx, y0 + dy)) > 200:
                out.add((dx, dy))
    return out


def test_glyphs_are_drawn_without_any_font_and_no_tofu(check_shot: object) -> None:
    # A missing glyph is a tofu box, the same for every character: here each piece's glyph is its own.
    drawn_glyphs = {name: _glyph_pixels(check_shot, name) for name in ("d2", "d0", "e0", "d9")}  # 俥 仕 帥 將
    assert all(len(p) > 60 for p in drawn_glyphs.values()), {k: len(v) for k, v in drawn_glyphs.items()}
    names = list(drawn_glyphs)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            same = len(drawn_glyphs[a] & drawn_glyphs[b]) / len(drawn_glyphs[a] | drawn_glyphs[b])
            assert same < 0.6, (a, b, same)


def test_the_king_in_check_is_marked_in_the_picture(check_shot: object) -> None:
    # Just beyond the disc, off the grid's lines (towards the lower left): the halo, or the board.
    x, y = point_xy(sq("d9"))
    assert near(check_shot.pixel(x - 0.35 * UNIT, y + 0.35 * UNIT), hex_rgb(CHECK_COLOR), 40)  # type: ignore[attr-defined]
    x, y = point_xy(sq("e0"))  # Red's king is not in check: no halo beside its disc
    assert near(check_shot.pixel(x - 0.35 * UNIT, y - 0.35 * UNIT), hex_rgb(BOARD_COLOR))  # type: ignore[attr-defined]


def test_arrows_keep_their_colours_and_leave_their_start_piece_visible(check_shot: object) -> None:
    x, y = point_xy(sq("d2"))
    # On the rook's disc, on the arrow's side, between its ring and its edge: the disc's red, not the arrow.
    assert near(check_shot.pixel(x, y - 0.40 * UNIT), hex_rgb(RED_COLOR)), check_shot.pixel(x, y - 0.40 * UNIT)  # type: ignore[attr-defined]
    r, g, b = check_shot.pixel(x, y - 2.5 * UNIT)  # type: ignore[attr-defined]
    assert b > r + 60 and b > g + 20, (r, g, b)  # the blue arrow, halfway
    x, y = point_xy(sq("e0"))
    r, g, b = check_shot.pixel(x, y - 0.52 * UNIT)  # type: ignore[attr-defined]
    assert g > r + 40 and g > b + 20, (r, g, b)  # the green one, just beyond the king's disc
