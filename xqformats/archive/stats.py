"""What an archive holds (``xqformats stats``): games, formats, players, results, dates, first moves, findings.

:func:`collect` reads the run's scope of the index into one plain dict (what
``--format json`` prints); :func:`render_text` lays it out for a terminal.
Scores are Red's (a win 1, a draw ½) over the games with a known result;
a player's are his own, whichever side he had.  Players are counted under
their name's search form (:func:`~xqformats.archive.folding.fold`), shown as
the spelling met most often.  The first-move tree covers the games from the
standard start, ``depth`` plies deep, moves in Chinese notation.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import Any, Optional

from ..gamekey import decode_moves
from ..notation import Notation, encode
from ..position import Position
from .index import Index
from .openings import OpeningTable

_POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def score(results: Counter[str]) -> Optional[float]:
    """Red's score in percent over the games with a known result (``None``: none)."""
    known = sum(results[r] for r in _POINTS)
    if not known:
        return None
    return round(100 * sum(results[r] * p for r, p in _POINTS.items()) / known, 1)


def _results(c: Counter[str]) -> dict[str, Any]:
    return {"1-0": c["1-0"], "1/2-1/2": c["1/2-1/2"], "0-1": c["0-1"], "*": c["*"], "score": score(c)}


def _players(index: Index) -> list[dict[str, Any]]:
    seen: dict[str, Counter[str]] = {}
    spelled: dict[str, Counter[str]] = {}
    rows = index.db.execute(
        "SELECT g.red, g.red_key, g.black, g.black_key, g.outcome FROM games g JOIN scope s ON s.file_id = g.file_id"
    )
    for red, red_key, black, black_key, outcome in rows:
        for name, key, side in ((red, red_key, "red"), (black, black_key, "black")):
            if not key:
                continue
            tally = seen.setdefault(key, Counter())
            tally["games"] += 1
            win = "1-0" if side == "red" else "0-1"
            lose = "0-1" if side == "red" else "1-0"
            tally["wins" if outcome == win else "losses" if outcome == lose else "draws" if outcome == "1/2-1/2" else "unknown"] += 1
            spelled.setdefault(key, Counter())[name] += 1
    out: list[dict[str, Any]] = []
    for key, t in seen.items():
        known = t["wins"] + t["draws"] + t["losses"]
        pts = round(100 * (t["wins"] + 0.5 * t["draws"]) / known, 1) if known else None
        out.append({
            "name": spelled[key].most_common(1)[0][0], "games": t["games"], "wins": t["wins"], "draws": t["draws"],
            "losses": t["losses"], "unknown": t["unknown"], "score": pts,
        })
    out.sort(key=lambda p: (-p["games"], p["name"]))
    return out


def _tree(lines: list[tuple[bytes, str]], depth: int) -> list[dict[str, Any]]:
    """The first-move tree of ``(moves, outcome)`` pairs, each node ``{move, games, results…, children}``."""
    root: dict[bytes, Counter[str]] = {}
    for moves, outcome in lines:
        for k in range(1, min(depth, len(moves) // 2) + 1):
            root.setdefault(moves[: 2 * k], Counter())[outcome] += 1

    def children(prefix: bytes, pos: Position) -> list[dict[str, Any]]:
        found = [p for p in root if len(p) == len(prefix) + 2 and p.startswith(prefix)]
        found.sort(key=lambda p: (-sum(root[p].values()), p))
        nodes = []
        for p in found:
            (move,) = decode_moves(p[-2:])
            text = encode(move, pos, Notation.CHINESE)
            pos.push(move)
            nodes.append({"move": text, "games": sum(root[p].values()), **_results(root[p]), "children": children(p, pos)})
            pos.pop()
        return nodes

    return children(b"", Position.initial())


def _openings(index: Index, table: OpeningTable, start: int) -> list[dict[str, Any]]:
    tally: dict[tuple[str, str], Counter[str]] = {}
    rows = index.db.execute(
        "SELECT g.moves, g.outcome FROM games g JOIN scope s ON s.file_id = g.file_id WHERE g.start_hash = ?", (start,)
    )
    for moves, outcome in rows:
        found = table.classify(moves)
        key = (found.code, found.name) if found is not None else ("", "(no opening of the table)")
        tally.setdefault(key, Counter())[outcome] += 1
    out = [{"code": c, "name": n, "games": sum(t.values()), **_results(t)} for (c, n), t in tally.items()]
    out.sort(key=lambda o: (-o["games"], o["code"]))
    return out


def collect(index: Index, *, depth: int = 3, openings: Optional[OpeningTable] = None) -> dict[str, Any]:
    """The statistics of the run's scope as a JSON-ready dict (see the module docstring)."""
    db = index.db
    in_scope = "JOIN scope s ON s.file_id = f.id"
    formats = dict(db.execute(f"SELECT coalesce(f.format, '(unreadable)'), count(*) FROM files f {in_scope} GROUP BY 1 ORDER BY 2 DESC, 1"))
    files = sum(formats.values())
    results: Counter[str] = Counter(dict(db.execute("SELECT g.outcome, count(*) FROM games g JOIN scope s ON s.file_id = g.file_id GROUP BY 1")))
    years = Counter(
        dict(db.execute("SELECT coalesce(substr(g.date_from, 1, 4), 'unknown'), count(*) FROM games g JOIN scope s ON s.file_id = g.file_id GROUP BY 1"))
    )
    start = Position.initial().zobrist()
    lines = list(db.execute(
        "SELECT substr(g.moves, 1, ?), g.outcome FROM games g JOIN scope s ON s.file_id = g.file_id WHERE g.start_hash = ?",
        (2 * depth, start),
    ))
    findings = dict(db.execute(
        "SELECT d.key, sum(d.value) FROM files f JOIN scope s ON s.file_id = f.id, json_each(f.findings) d GROUP BY 1 ORDER BY 1"
    ))
    plies = db.execute("SELECT coalesce(sum(g.plies), 0) FROM games g JOIN scope s ON s.file_id = g.file_id").fetchone()[0]
    failed = db.execute(f"SELECT count(*) FROM files f {in_scope} WHERE f.failed").fetchone()[0]
    out: dict[str, Any] = {
        "games": sum(results.values()),
        "plies": plies,
        "files": files,
        "unreadable_files": failed,
        "formats": formats,
        "results": _results(results),
        "players": _players(index),
        "years": dict(sorted(years.items(), key=lambda kv: (kv[0] == "unknown", kv[0]))),
        "first_moves": {"depth": depth, "games": len(lines), "tree": _tree([(bytes(m or b""), o) for m, o in lines], depth)},
        "findings": findings,
    }
    if openings is not None:
        out["openings"] = _openings(index, openings, start)
    return out


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (a wide CJK character takes two)."""
    cells = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - cells)


def _pct(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.1f}%"


def _tree_lines(nodes: list[dict[str, Any]], indent: str, out: list[str], width: int) -> None:
    for n in nodes:
        out.append(f"{_pad(indent + n['move'], width)} {n['games']:>7}  +{n['1-0']} ={n['1/2-1/2']} -{n['0-1']}  {_pct(n['score'])}")
        _tree_lines(n["children"], indent + "  ", out, width)


def render_text(stats: dict[str, Any], *, top: int = 20) -> str:
    """``stats`` for a terminal: one section per heading, the ``top`` players."""
    r = stats["results"]
    out = [
        f"Games: {stats['games']:,} in {stats['files']:,} files ({stats['plies']:,} main-line plies)"
        + (f"; {stats['unreadable_files']} files could not be read" if stats["unreadable_files"] else ""),
        "Formats: " + ", ".join(f"{k} {v:,}" for k, v in stats["formats"].items()),
        f"Results: Red wins {r['1-0']:,}, draws {r['1/2-1/2']:,}, Black wins {r['0-1']:,}, unknown {r['*']:,}"
        f" (Red's score {_pct(r['score'])})",
        "",
        f"Players ({len(stats['players']):,}; the {min(top, len(stats['players']))} with most games):",
    ]
    for p in stats["players"][:top]:
        out.append(f"  {_pad(p['name'], 24)} {p['games']:>6} games  +{p['wins']} ={p['draws']} -{p['losses']}  {_pct(p['score'])}")
    out += ["", "Games by year:"]
    out += [f"  {year:<8} {n:>7}" for year, n in stats["years"].items()]
    fm = stats["first_moves"]
    out += ["", f"First moves ({fm['games']:,} games from the standard start, {fm['depth']} plies; Red's score):"]
    _tree_lines(fm["tree"], "  ", out, 2 * fm["depth"] + 10)
    if "openings" in stats:
        out += ["", "Openings (the table's longest matching line):"]
        out += [f"  {o['code']:<5} {_pad(o['name'], 24)} {o['games']:>7}  {_pct(o['score'])}" for o in stats["openings"]]
    out += ["", "Findings by code (lint's default selection):"]
    out += [f"  {code} {n:>9,}" for code, n in stats["findings"].items()] or ["  none"]
    return "\n".join(out) + "\n"
