"""Write the QQ CHE conformance cases (xqformats/conformance/cases/che/).

Every input is built here from the clauses of docs/spec/che.md: :func:`rec`
is one record of ten integers (§3.1), :func:`text` a whole file with the
piece ids of §3.5.  The expected JSON and positions are written out by hand
from the spec (a position is the 1-based column of the ``n``-th integer of a
one-line text, :func:`col`), not read back from our reader.

Usage: ``python tools/conformance/make_che_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at_line, document, game, line, main, root

che = Maker("che", "che", "docs/spec/che.md")
s = che.clauses
FILES = "abcdefghi"
ALL_RULES = [f"Q1{n:02d}" for n in range(1, 12)]  # all but Q112, which the game shows (a note)
MOVES = ("H2-E2", "H9-G7", "H0-G2", "I9-H9")
#: The piece ids of MOVES' pieces (§3.5): the cannon h2, the horses h9 and h0, the rook i9.
IDS = (26, 5, 22, 7)


def rec(piece: int, iccs: str, ply: int, *, fixed: tuple[int, int, int] = (32, 0, 0), side: "int | None" = None) -> str:
    """One record (§3.1): id, 32, side, from-rank, from-column, to-rank, to-column, 0, ply, 0; column = 8 − file (§3.2)."""
    f1, r1, f2, r2 = FILES.index(iccs[0].lower()), iccs[1], FILES.index(iccs[3].lower()), iccs[4]
    turn = ply % 2 if side is None else side
    return f"{piece} {fixed[0]} {turn} {r1} {8 - f1} {r2} {8 - f2} {fixed[1]} {ply} {fixed[2]}"


def records(moves: tuple[str, ...] = MOVES, ids: tuple[int, ...] = IDS) -> list[str]:
    return [rec(piece, m, ply) for ply, (piece, m) in enumerate(zip(ids, moves), start=1)]


def text(*parts: str, count: "int | None" = None, version: int = 1) -> bytes:
    """The header and ``parts`` on one line, one space after each integer, as vschess writes it (§4.1)."""
    n = len(parts) if count is None else count
    return (" ".join([str(version), str(n), *parts]) + " ").encode("ascii")


def col(data: bytes, n: int) -> int:
    """The 1-based column of the ``n``-th (from 0) word of a one-line text."""
    words = data.decode("ascii").split(" ")
    return len(" ".join(words[:n])) + 2 if n else 1


def valid() -> list[Case]:
    game_text = text(*records())
    per_line = ("1 4\r\n" + "\r\n".join(records()) + "\r\n").encode("ascii")
    return [
        che("valid", "game", game_text, s("1.1", "2.1", "2.2", "3.1", "3.2", "3.3", "3.5", "4.1"), ALL_RULES,
            "`1 4`, then four records as vschess writes them: `26 32 1 2 1 2 4 0 1 0` H2-E2, `5 32 0 9 1 7 2 0 2 0` "
            "H9-G7, `22 32 1 0 1 2 2 0 3 0` H0-G2, `7 32 0 9 0 9 1 0 4 0` I9-H9 (column 0 is file i); vschess 2.6.6 writes these bytes and reads these moves.",
            expect=document(game([root(), *line(*MOVES)])), source="spec example"),
        che("valid", "a-record-per-line", per_line, s("2.1"), ["Q104"],
            "The same records, one per line, with CRLF line ends: white space means nothing.",
            expect=document(game([root(), *line(*MOVES)]))),
        che("valid", "no-moves", text(), s("2.2"), ["Q101", "Q103"], "The header `1 0` alone, as vschess writes an empty move list: a game without moves.",
            expect=document(game([root()]))),
        che("valid", "file-e", text(rec(29, "E3-E4", 1), rec(13, "E6-E5", 2)), s("3.2"), ["Q112"],
            "E3-E4 E6-E5: both moves stay on file e, so both readings of the columns give the same game (no note).",
            expect=document(game([root(), *line("E3-E4", "E6-E5")]))),
    ]


def invalid() -> list[Case]:
    good = records()
    stray = text(*good[:2], "x", *good[2:], count=4)
    cut = text(*good[:3], "7 32 0 9", count=4)
    point = text(good[0], rec(5, "H9-G7", 2).replace(" 9 1 7 2 ", " 9 1 7 9 ", 1), *good[2:])
    illegal = text(good[0], rec(5, "H9-H7", 2), *good[2:])
    return [
        che("invalid", "empty", b"", s("2.2"), ["Q101"], "No integer at all.", diagnostics=[at_line("Q101", 1, 1)], exact=True),
        che("invalid", "lone-integer", b"1\n", s("2.2"), ["Q101"], "One integer: no move count.",
            diagnostics=[at_line("Q101", 1, 1)], exact=True),
        che("invalid", "stray-word", stray, s("2.1"), ["Q104"],
            "A word `x` between the second and third records: skipped, the records around it read.",
            diagnostics=[at_line("Q104", 1, col(stray, 22))], exact=True),
        che("invalid", "truncated", cut, s("2.2", "3.1"), ["Q103", "Q105"],
            "The fourth record has four of its ten integers: three whole records, where the header counts four.",
            diagnostics=[at_line("Q103", 1, 3), at_line("Q105", 1, col(cut, 32))], exact=True),
        che("invalid", "move-point", point, s("3.2", "3.4"), ["Q108", "Q110"],
            "The second record's to-column is 9: it and the records after it are kept as a comment on H2-E2.",
            diagnostics=[at_line("Q108", 1, col(point, 12)), at_line("Q110", 1, col(point, 12))], exact=True),
        che("invalid", "illegal-move", illegal, s("3.3", "3.4"), ["Q109", "Q110"],
            "The second move, H9-H7, moves Black's horse straight ahead.",
            diagnostics=[at_line("Q109", 1, col(illegal, 12)), at_line("Q110", 1, col(illegal, 12))], exact=True),
    ]


def deviations(kind: str) -> list[Case]:
    """The inputs that depart from the spec but whose moves are clear: as invalid cases (the findings)
    and as dialect cases (the findings and the game read)."""
    good = records()
    expect = document(game([root(), *line(*MOVES)])) if kind == "dialect" else None
    version = text(*good, version=2)
    count = text(*good, count=5)
    fixed = text(good[0], rec(5, "H9-G7", 2, fixed=(33, 0, 1)), *good[2:])
    sequence = text(good[0], rec(5, "H9-G7", 2, side=1), *good[2:])
    ids = text(good[0], rec(6, "H9-G7", 2), *good[2:])
    plain = text(*good)
    return [
        che(kind, "version", version, s("2.2"), ["Q102"], "The first integer is 2: the records are read as usual.",
            expect=expect, diagnostics=[at_line("Q102", 1, 1)], exact=True),
        che(kind, "move-count", count, s("2.2"), ["Q103"], "The header counts 5 moves; four records follow, all read.",
            expect=expect, diagnostics=[at_line("Q103", 1, 3)], exact=True),
        che(kind, "fixed-fields", fixed, s("3.1"), ["Q106"],
            "The second record's second integer is 33 and its tenth 1: the move is read from its squares.",
            expect=expect, diagnostics=[at_line("Q106", 1, col(fixed, 13)), at_line("Q106", 1, col(fixed, 21))], exact=True),
        che(kind, "sequence", sequence, s("3.1"), ["Q107"],
            "The second record's side is 1 (Red), not 0: the move is read from its squares.",
            expect=expect, diagnostics=[at_line("Q107", 1, col(sequence, 14))], exact=True),
        che(kind, "piece-id", ids, s("3.5"), ["Q111"],
            "The second record names piece 6 (the horse b9); the piece on h9 is 5: the move is read from its squares.",
            expect=expect, diagnostics=[at_line("Q111", 1, col(ids, 12))], exact=True),
        che(kind, "column-reading", plain, s("3.2"), ["Q112"],
            "Read with column 0 as file i: H2-E2 H9-G7 H0-G2 I9-H9; column 0 as file a gives the mirror image, "
            "B2-E2 B9-C7 B0-C2 A9-B9, legal too.",
            expect=expect, diagnostics=[at_line("Q112", 1, col(plain, 2))], exact=True,
            source="peer disagreement: vschess writes and reads column 0 as file i; xqbase's che2pgn reads column 0 as file a"),
    ]


def cases() -> list[Case]:
    return valid() + invalid() + deviations("invalid") + deviations("dialect")


if __name__ == "__main__":
    sys.exit(main(cases))
