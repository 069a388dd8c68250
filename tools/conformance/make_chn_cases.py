"""Write the CHN conformance cases (xqformats/conformance/cases/chn/).

xqformats does not write CHN (docs/spec/chn.md §1.1), so every input is built
here byte by byte from the layout ``schemas/chn.ksy``: :func:`rec` is one
32-byte record.  The expected JSON and offsets are written out by hand.

Usage: ``python tools/conformance/make_chn_cases.py [--out DIR]``.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at, document, game, line, main, root

chn = Maker("chn", "chn", "docs/spec/chn.md")
s = chn.clauses
FILES = "abcdefghi"
HEADER = bytes(188)
MOVES = ("H2-E2", "H9-G7", "H0-G2", "I9-H9")
ALL_RULES = ["L101", "L102", "L103", "L104", "L105"]


def rec(x1: int, y1: int, x2: int, y2: int) -> bytes:
    """Sixteen u2 words: two unknown, from-column, from-row, to-column, to-row, ten unknown (§2.1)."""
    return struct.pack("<16H", 0, 0, x1, y1, x2, y2, *[0] * 10)


def move(iccs: str, turned: bool = False) -> bytes:
    f1, r1, f2, r2 = FILES.index(iccs[0].lower()), int(iccs[1]), FILES.index(iccs[3].lower()), int(iccs[4])
    return rec(f1, 9 - r1, f2, 9 - r2) if turned else rec(8 - f1, r1, 8 - f2, r2)


def record(*moves: str, turned: bool = False) -> bytes:
    return HEADER + b"".join(move(m, turned) for m in moves)


def cases() -> list[Case]:
    return [
        chn("valid", "game", record(*MOVES), s("1.1", "2.1", "3.1", "3.2"), ALL_RULES,
            "A zero header, then four records: (1,2)-(4,2) H2-E2, (1,9)-(2,7) H9-G7, (1,0)-(2,2) H0-G2, (0,9)-(1,9) I9-H9.",
            expect=document(game([root(), *line(*MOVES)]))),
        chn("dialect", "turned", record(*MOVES, turned=True), s("3.1"), ["L105"],
            "The records are stored from Black's side (the first move starts on row 7): read turned round.",
            expect=document(game([root(), *line(*MOVES)])), diagnostics=[at("L105", 188)], exact=True),
        chn("invalid", "short-header", HEADER[:100], s("2.2"), ["L101"], "100 bytes: less than the header.",
            diagnostics=[at("L101", 0)], exact=True),
        chn("invalid", "truncated", record(*MOVES)[:-5], s("2.2"), ["L101"],
            "The last record has 27 of its 32 bytes (at 284).", diagnostics=[at("L101", 284)], exact=True),
        chn("invalid", "move-point", record("H2-E2") + rec(1, 9, 300, 7) + move("H0-G2"), s("3.1", "3.3"),
            ["L102", "L104"], "The second record's to-column is 300: it and H0-G2 are kept as a comment.",
            diagnostics=[at("L102", 220), at("L104", 220)], exact=True),
        chn("invalid", "illegal-move", record("H2-E2", "H9-H7"), s("3.2", "3.3"), ["L103", "L104"],
            "The second move, H9-H7, moves Black's horse straight ahead.",
            diagnostics=[at("L103", 220), at("L104", 220)], exact=True),
        chn("invalid", "turned", record(*MOVES, turned=True), s("3.1"), ["L105"],
            "The records are stored from Black's side: the first starts on row 7.",
            diagnostics=[at("L105", 188)], exact=True),
    ]


if __name__ == "__main__":
    sys.exit(main(cases))
