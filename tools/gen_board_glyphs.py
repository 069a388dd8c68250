#!/usr/bin/env python3
"""Regenerate ``xqformats/board/glyphs.py``: the outlines of the characters a board picture draws.

Usage (fontTools, ``pip install fonttools``, is needed by this tool only, never at run time)::

    python tools/gen_board_glyphs.py --font NotoSerifCJK-Bold.ttc            # rewrite glyphs.py
    python tools/gen_board_glyphs.py --font NotoSerifCJK-Bold.ttc --check    # exit 1 if it is out of date

``--font`` is Noto Serif CJK Bold (SIL Open Font License 1.1; Debian's
``fonts-noto-cjk`` installs it as ``/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc``,
and ``apt-get download fonts-noto-cjk`` fetches the package without installing it);
``--face`` picks the face of the collection (default ``Noto Serif CJK TC Bold``: the
traditional forms the board uses, 帥 俥 傌 漢).  The characters are those
:func:`xqformats.board.svg.drawn_characters` names (the pieces, 楚河 漢界, the Chinese
file numbers), so the table holds exactly what the pictures need.

Each outline is written as SVG path data in a :data:`EM` × :data:`EM` square centred on
(0, 0), y pointing down (the font's ideographic em box: its advance across, its
typographic ascender to descender down), its points rounded to whole units; every
command but the first of a contour is relative, which keeps the table to a few KB.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "xqformats" / "board" / "glyphs.py"

#: Units of the written em square (the font's 1000 scaled down: a unit is 1/250 em,
#: a tenth of a pixel on a piece drawn 26 pixels high).
EM = 250

HEADER = '''"""Outlines of the characters a board picture draws, as SVG path data (generated; do not edit).

Made by ``tools/gen_board_glyphs.py`` from {face}, {version}.
{copyright} The outlines are part of that Font Software and, unlike the rest of
xqformats (MIT), are licensed under the SIL Open Font License, Version 1.1: see
``OFL.txt`` beside this module (https://openfontlicense.org).

Each value of :data:`GLYPHS` is the path data of one character in an
:data:`EM` x :data:`EM` square centred on (0, 0), y pointing down, so that a
picture draws it with a ``translate`` and a ``scale`` and needs no font.
"""

from __future__ import annotations

__all__ = ["EM", "GLYPHS", "SOURCE"]

#: The side of the square the outlines are drawn in.
EM = {em}

#: Where the outlines come from (the font face and its copyright notice).
SOURCE = "{source}"

#: Character -> SVG path data.
GLYPHS: dict[str, str] = {{
'''


class _RelativePen:
    """A fontTools pen writing SVG path data: absolute ``M``, then relative ``l``/``q``/``c`` (rounded points)."""

    def __init__(self, transform: Any) -> None:
        self.transform = transform
        self.parts: list[str] = []
        self.at = (0, 0)

    def _point(self, pt: tuple[float, float]) -> tuple[int, int]:
        x, y = self.transform(pt)
        return round(x), round(y)

    def _rel(self, *pts: tuple[float, float]) -> str:
        out = []
        for p in map(self._point, pts):
            out.append(f"{p[0] - self.at[0]} {p[1] - self.at[1]}")
        self.at = self._point(pts[-1])
        return " ".join(out)

    def moveTo(self, pt: tuple[float, float]) -> None:
        self.at = self._point(pt)
        self.parts.append(f"M{self.at[0]} {self.at[1]}")

    def lineTo(self, pt: tuple[float, float]) -> None:
        self.parts.append("l" + self._rel(pt))

    def qCurveTo(self, *pts: tuple[float, float]) -> None:
        from fontTools.pens.basePen import decomposeQuadraticSegment

        for a, b in decomposeQuadraticSegment(pts):
            self.parts.append("q" + self._rel(a, b))

    def curveTo(self, *pts: tuple[float, float]) -> None:
        self.parts.append("c" + self._rel(*pts))

    def closePath(self) -> None:
        self.parts.append("z")

    endPath = closePath

    def addComponent(self, name: str, transform: Any) -> None:  # pragma: no cover - CFF fonts have none
        raise ValueError(f"component glyph {name}: not supported")

    def text(self) -> str:
        # "l-3 4" needs no space before a minus sign: the shorter form SVG allows.
        return "".join(self.parts).replace(" -", "-")


def _face(path: Path, name: str) -> Any:
    from fontTools.ttLib import TTCollection, TTFont

    fonts = TTCollection(str(path)).fonts if path.suffix.lower() == ".ttc" else [TTFont(str(path))]
    for font in fonts:
        if font["name"].getDebugName(4) == name:
            return font
    names = ", ".join(str(f["name"].getDebugName(4)) for f in fonts)
    raise SystemExit(f"no face `{name}` in {path} (it has: {names})")


def outline(font: Any, char: str) -> str:
    """The path data of ``char`` in the em square of :data:`EM` centred on (0, 0), y down."""
    glyph_name = font.getBestCmap()[ord(char)]
    advance = font["hmtx"][glyph_name][0]
    os2 = font["OS/2"]
    top, bottom = os2.sTypoAscender, os2.sTypoDescender
    scale = EM / font["head"].unitsPerEm
    middle = (top + bottom) / 2

    def transform(pt: tuple[float, float]) -> tuple[float, float]:
        return (pt[0] - advance / 2) * scale, (middle - pt[1]) * scale

    pen = _RelativePen(transform)
    font.getGlyphSet()[glyph_name].draw(pen)
    return pen.text()


def render(font: Any, chars: str) -> str:
    name = font["name"]
    face = str(name.getDebugName(4))
    copyright_notice = str(name.getDebugName(0))
    head = HEADER.format(
        face=face, version=str(name.getDebugName(5)).split(";")[0], copyright=copyright_notice, em=EM,
        source=f"{face}, {copyright_notice} SIL Open Font License 1.1",
    )
    rows = [f'    "{ch}": "{outline(font, ch)}",\n' for ch in chars]  # (path data holds no quote)
    return head + "".join(rows) + "}\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--font", type=Path, required=True, help="Noto Serif CJK Bold (.ttc or .otf)")
    ap.add_argument("--face", default="Noto Serif CJK TC Bold", help="the face of a collection to take")
    ap.add_argument("--check", action="store_true", help="only check that glyphs.py is up to date")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # the checkout's board, not an installed copy
    from xqformats.board.svg import drawn_characters

    text = render(_face(args.font, args.face), drawn_characters())
    current = OUT.read_text(encoding="utf-8") if OUT.exists() else None
    if args.check:
        if current != text:
            print(f"{OUT.relative_to(ROOT)} is out of date; run `python tools/gen_board_glyphs.py --font …`", file=sys.stderr)
            return 1
        return 0
    if current != text:
        OUT.write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {OUT.relative_to(ROOT)} ({len(text.encode('utf-8')):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
