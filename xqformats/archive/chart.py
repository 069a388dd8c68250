"""``stats --format svg``: one self-contained SVG of an archive's results and first moves.

Two bar charts: the results (Red wins, draws, Black wins, unknown) as one
stacked bar, and the most played first moves, each a bar as long as its
games, split by result, labelled with its count and Red's score.  No
scripts, no external fonts or images.
"""

from __future__ import annotations

from html import escape
from typing import Any

_COLOURS = {"1-0": "#c0392b", "1/2-1/2": "#95a5a6", "0-1": "#2c3e50", "*": "#dfe6e9"}
_LABELS = {"1-0": "Red wins", "1/2-1/2": "draws", "0-1": "Black wins", "*": "unknown"}
_WIDTH = 640
_BAR = 22


def _stack(x: float, y: float, width: float, counts: dict[str, Any], total: int) -> list[str]:
    out = []
    for key in _COLOURS:
        n = counts.get(key, 0)
        if not n or not total:
            continue
        w = width * n / total
        out.append(
            f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{_BAR}" fill="{_COLOURS[key]}">'
            f"<title>{_LABELS[key]}: {n}</title></rect>"
        )
        x += w
    return out


def stats_svg(stats: dict[str, Any], *, moves: int = 10) -> str:
    """The chart of :func:`xqformats.archive.stats.collect`'s ``stats``: results, then the ``moves`` most played first moves."""
    r = stats["results"]
    total = stats["games"]
    parts = [
        f'<text x="10" y="24" font-size="16" font-weight="bold">{total:,} games: results</text>',
        *_stack(10, 34, _WIDTH - 20, r, total),
    ]
    legend_x = 10
    for key, label in _LABELS.items():
        parts.append(f'<rect x="{legend_x}" y="64" width="12" height="12" fill="{_COLOURS[key]}"/>')
        parts.append(f'<text x="{legend_x + 16}" y="75" font-size="12">{label} {r[key]:,}</text>')
        legend_x += 150
    tree = stats["first_moves"]["tree"][:moves]
    parts.append(f'<text x="10" y="110" font-size="16" font-weight="bold">First moves ({stats["first_moves"]["games"]:,} games)</text>')
    most = max((n["games"] for n in tree), default=1)
    y = 122
    for n in tree:
        width = (_WIDTH - 260) * n["games"] / most
        parts.append(f'<text x="10" y="{y + 16}" font-size="14">{escape(n["move"])}</text>')
        parts += _stack(90, y, width, n, n["games"])
        score = "-" if n["score"] is None else f"{n['score']:.1f}%"
        parts.append(f'<text x="{96 + width:.1f}" y="{y + 16}" font-size="12">{n["games"]:,} ({score})</text>')
        y += _BAR + 6
    height = y + 10
    body = "\n  ".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" viewBox="0 0 {_WIDTH} {height}" '
        f'font-family="sans-serif">\n  <rect width="100%" height="100%" fill="white"/>\n  {body}\n</svg>\n'
    )
