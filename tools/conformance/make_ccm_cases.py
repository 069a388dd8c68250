"""Write the CCM conformance cases (xqformats/conformance/cases/ccm/).

xqformats does not write CCM (docs/spec/ccm.md §1.1), so every input is built
here byte by byte from the layout ``schemas/ccm.ksy``: :func:`rec` is one
seven-byte record, :func:`record` a whole file.  The expected JSON and
offsets are written out by hand from the spec, not read back.

Usage: ``python tools/conformance/make_ccm_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at, document, game, line, main, root

ccm = Maker("ccm", "ccm", "docs/spec/ccm.md")
s = ccm.clauses
FILES = "abcdefghi"
ALL_RULES = ["Z101", "Z102", "Z103", "Z104", "Z105", "Z106"]
MOVES = ("H2-E2", "H9-G7", "H0-G2", "I9-H9")


def rec(x1: int, x2: int, y1: int, y2: int) -> bytes:
    """One record: two unknown bytes, from- and to-column, from- and to-row, one unknown byte (§3.1)."""
    return bytes([0, 0, x1, x2, y1, y2, 0])


def move(iccs: str, turned: bool = False) -> bytes:
    """The record of an ICCS move: column 8 − file and row = rank; turned round, column = file, row 9 − rank."""
    f1, r1, f2, r2 = FILES.index(iccs[0].lower()), int(iccs[1]), FILES.index(iccs[3].lower()), int(iccs[4])
    return rec(f1, f2, 9 - r1, 9 - r2) if turned else rec(8 - f1, 8 - f2, r1, r2)


def record(*moves: str, turned: bool = False, header: int = 1) -> bytes:
    return bytes([header]) + b"".join(move(m, turned) for m in moves)


def valid() -> list[Case]:
    return [
        ccm("valid", "game", record(*MOVES), s("1.1", "2.1", "3.1", "3.3"), ALL_RULES,
            "Header byte 1, then four records: (1,4,2,2) H2-E2, (1,2,9,7) H9-G7, (1,2,0,2) H0-G2, (0,1,9,9) I9-H9.",
            expect=document(game([root(), *line(*MOVES)]))),
        ccm("valid", "no-moves", b"\x01", s("2.1"), [], "The header byte alone: a game without moves.",
            expect=document(game([root()]))),
    ]


def invalid() -> list[Case]:
    return [
        ccm("invalid", "empty", b"", s("2.2"), ["Z101"], "No byte at all.", diagnostics=[at("Z101", 0)], exact=True),
        ccm("invalid", "truncated", record(*MOVES)[:-3], s("2.2"), ["Z101"],
            "The last record has four of its seven bytes (at 22).", diagnostics=[at("Z101", 22)], exact=True),
        ccm("invalid", "move-point", record("H2-E2") + rec(1, 2, 9, 10) + move("H0-G2"), s("3.1", "3.4"), ["Z103", "Z105"],
            "The second record's to-row is 10: it and H0-G2 are kept as a comment on H2-E2.",
            diagnostics=[at("Z103", 8), at("Z105", 8)], exact=True),
        ccm("invalid", "illegal-move", record("H2-E2", "H9-H7"), s("3.3", "3.4"), ["Z104", "Z105"],
            "The second move, H9-H7, moves Black's horse straight ahead.",
            diagnostics=[at("Z104", 8), at("Z105", 8)], exact=True),
        ccm("invalid", "header-byte", record(*MOVES, header=2), s("2.1"), ["Z102"],
            "The header byte is 2.", diagnostics=[at("Z102", 0)], exact=True),
        ccm("invalid", "turned", record(*MOVES, turned=True), s("3.2"), ["Z106"],
            "The records are stored from Black's side: the first, (7,4,7,7), starts on row 7.",
            diagnostics=[at("Z106", 1)], exact=True),
    ]


def dialect() -> list[Case]:
    return [
        ccm("dialect", "header-byte", record(*MOVES, header=2), s("2.1"), ["Z102"],
            "The header byte is 2: the records are read as usual.",
            expect=document(game([root(), *line(*MOVES)])), diagnostics=[at("Z102", 0)], exact=True),
        ccm("dialect", "turned", record(*MOVES, turned=True), s("3.2"), ["Z106"],
            "The records are stored from Black's side (the first move starts on row 7): read turned round, "
            "H2-E2 H9-G7 H0-G2 I9-H9.",
            expect=document(game([root(), *line(*MOVES)])), diagnostics=[at("Z106", 1)], exact=True,
            source="peer disagreement: vschess reads the records unturned (its first move, B7-E7, is illegal); "
                   "xqbase's converter turns the board round when the first move starts on row 5 or higher"),
    ]


def cases() -> list[Case]:
    return valid() + invalid() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
