"""Opening tables the user supplies (``--openings FILE``): CSV rows of code, name and moves.

No permissively licensed ECCO classification exists (vschess's is LGPL code,
xqbase's ECCO.DLL is closed), so none is shipped: a table is the user's.
Each row is ``code,name,moves`` (a header row ``code,name,moves`` is
skipped), the moves in any notation from the standard start
(``A00,中炮,炮二平五`` or ``B24,…,C2.5 H8+7``).  A game has the opening of the
row whose moves are the longest beginning of its main line.
"""

from __future__ import annotations

import io
from typing import NamedTuple, Optional

from ..gamekey import encode_moves
from .criteria import CriteriaError, line_of


class OpeningsError(ValueError):
    """A table that cannot be read; the message names the file, the row and what is wrong."""


class Opening(NamedTuple):
    code: str
    name: str
    moves: bytes


class OpeningTable:
    """Rows by their moves; :meth:`classify` finds a main line's opening."""

    def __init__(self, rows: list[Opening]) -> None:
        self.rows = rows
        self._by_line = {r.moves: r for r in rows}
        self._lengths = sorted({len(r.moves) for r in rows}, reverse=True)

    def classify(self, moves: bytes) -> Optional[Opening]:
        """The row whose moves are the longest beginning of ``moves`` (a main line from the standard start)."""
        for n in self._lengths:
            if n <= len(moves):
                found = self._by_line.get(moves[:n])
                if found is not None:
                    return found
        return None


def load_openings(path: str) -> OpeningTable:
    """Read the CSV table at ``path``; raises :class:`OpeningsError` (or ``OSError`` for an unreadable file)."""
    import csv  # (here, not at the top: only a run with --openings reads a table)

    with open(path, encoding="utf-8-sig", newline="") as f:
        text = f.read()
    rows: list[Opening] = []
    for number, fields in enumerate(csv.reader(io.StringIO(text)), 1):
        if not fields or not "".join(fields).strip() or fields[0].lstrip().startswith("#"):
            continue
        if len(fields) < 3:
            raise OpeningsError(f"{path}:{number}: expected `code,name,moves`, got {len(fields)} field(s)")
        code, name, moves = (x.strip() for x in fields[:3])
        if number == 1 and (code.lower(), moves.lower()) == ("code", "moves"):
            continue
        try:
            line = line_of(moves)
        except CriteriaError as exc:
            raise OpeningsError(f"{path}:{number}: opening `{code}`: {exc}") from None
        rows.append(Opening(code, name, encode_moves(line)))
    if not rows:
        raise OpeningsError(f"{path}: no opening rows (expected `code,name,moves` lines)")
    return OpeningTable(rows)
