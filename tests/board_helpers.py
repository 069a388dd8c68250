"""Helpers for the board picture tests: headless Chromium screenshots and a tiny PNG reader.

:func:`screenshot` renders a file in headless Chromium (Debian's ``chromium``)
and returns the picture; tests that need it skip cleanly when no Chromium is
installed.  :func:`read_png` decodes what Chromium writes (8-bit RGB or RGBA,
not interlaced) with :mod:`zlib` and :mod:`struct` only, so the tests need no
imaging library.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

import pytest

#: Where Debian installs Chromium; ``CHROMIUM`` in the environment overrides it.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")

Pixel = tuple[int, int, int]


def chromium_path() -> Optional[str]:
    """The Chromium executable, or ``None`` when none is installed."""
    given = os.environ.get("CHROMIUM")
    if given:
        return given if os.path.exists(given) else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None


def require_chromium() -> str:
    """The Chromium executable; skips the calling test when there is none."""
    path = chromium_path()
    if path is None:
        pytest.skip("headless Chromium is not installed (Debian: apt-get install chromium)")
    return path


@dataclass(frozen=True)
class Image:
    """A decoded picture: ``width`` × ``height`` pixels, rows of RGB(A) bytes."""

    width: int
    height: int
    channels: int
    rows: list[bytes]

    def pixel(self, x: float, y: float) -> Pixel:
        """The RGB colour at (``x``, ``y``) in pixels, rounded to the nearest pixel."""
        xi, yi = int(round(x)), int(round(y))
        row = self.rows[yi]
        i = xi * self.channels
        return row[i], row[i + 1], row[i + 2]

    def pixels(self) -> Iterator[Pixel]:
        c = self.channels
        for row in self.rows:
            for i in range(0, len(row), c):
                yield row[i], row[i + 1], row[i + 2]


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _unfilter(kind: int, line: bytearray, prev: bytes, bpp: int) -> bytearray:
    """Undo one scanline's PNG filter (types 0–4) in place."""
    n = len(line)
    if kind == 1:
        for i in range(bpp, n):
            line[i] = (line[i] + line[i - bpp]) & 0xFF
    elif kind == 2:
        for i in range(n):
            line[i] = (line[i] + prev[i]) & 0xFF
    elif kind == 3:
        for i in range(n):
            left = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
    elif kind == 4:
        for i in range(n):
            left = line[i - bpp] if i >= bpp else 0
            upleft = prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + _paeth(left, prev[i], upleft)) & 0xFF
    elif kind != 0:
        raise ValueError(f"PNG filter type {kind} is not one of 0-4")
    return line


def read_png(data: bytes) -> Image:
    """Decode an 8-bit, non-interlaced RGB or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat = 8, bytearray()
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {color}, interlace {interlace}")
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(bytes(idat))
    stride = width * channels
    rows: list[bytes] = []
    prev = bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        line = _unfilter(raw[start], bytearray(raw[start + 1 : start + 1 + stride]), prev, channels)
        prev = bytes(line)
        rows.append(prev)
    return Image(width, height, channels, rows)


def screenshot(page: Path, width: int, height: int) -> Image:
    """``page`` (an SVG or HTML file) as headless Chromium draws it in a ``width`` × ``height`` window."""
    chromium = require_chromium()
    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / "shot.png"
        cmd = [
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--hide-scrollbars", "--force-device-scale-factor=1", f"--user-data-dir={Path(tmp) / 'profile'}",
            f"--screenshot={png}", f"--window-size={width},{height}", page.resolve().as_uri(),
        ]  # fmt: skip
        subprocess.run(cmd, capture_output=True, timeout=60, check=False)
        if not png.exists():
            raise AssertionError(f"Chromium wrote no screenshot of {page}")
        return read_png(png.read_bytes())


def hex_rgb(color: str) -> Pixel:
    """``"#c0392b"`` → ``(192, 57, 43)``."""
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def blend(top: str, under: str, opacity: float) -> Pixel:
    """The colour of ``top`` drawn at ``opacity`` over ``under``."""
    t, u = hex_rgb(top), hex_rgb(under)
    return tuple(round(opacity * a + (1 - opacity) * b) for a, b in zip(t, u))  # type: ignore[return-value]


def near(pixel: Pixel, expected: Pixel, tolerance: int = 24) -> bool:
    """Whether every channel of ``pixel`` is within ``tolerance`` of ``expected``."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, expected))
