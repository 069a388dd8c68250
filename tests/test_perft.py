"""Perft: our move generator against node counts from Fairy-Stockfish.

``tests/data/perft/xiangqi.perft`` holds positions and counts computed by
pyffish (see the file's header and ``generate.py`` beside it), never by our
engine.  The comparison always runs; the oracle tests recompute some counts
with pyffish and skip when it is not installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from xqformats.core import BLACK, RED
from xqformats.position import STARTING_FEN, Position

PERFT_FILE = Path(__file__).resolve().parent / "data" / "perft" / "xiangqi.perft"

#: Deepest count the always-on comparison checks (depth 4 from the start is
#: 3.3 million nodes: the benchmark's job, not the test suite's).
MAX_TEST_DEPTH = 3


class PerftCase(NamedTuple):
    ident: str
    fen: str
    counts: dict[int, int]


def read_perft_file(path: Path) -> list[PerftCase]:
    """Read python-chess's perft layout: ``id``, ``epd``, ``perft <depth> <nodes>``."""
    cases: list[PerftCase] = []
    ident = fen = None
    counts: dict[int, int] = {}

    def flush() -> None:
        if ident is not None:
            assert fen is not None, f"{ident} has no epd line"
            cases.append(PerftCase(ident, fen, dict(counts)))

    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            flush()
            ident, fen, counts = value, None, {}
        elif key == "epd":
            fen = value
        elif key == "perft":
            depth, nodes = value.split()
            counts[int(depth)] = int(nodes)
        else:
            raise AssertionError(f"unexpected line in {path.name}: {line!r}")
    flush()
    return cases


CASES = read_perft_file(PERFT_FILE)
BY_ID = {c.ident: c for c in CASES}


def test_perft_file_is_varied() -> None:
    # The file must cover what the issue lists; ids name what each position tests.
    assert len(CASES) >= 8
    for wanted in (
        "start",
        "flying-general-endgame",
        "cannon-screens",
        "pawns-across-river",
        "in-check-cannon-screen",
        "checkmate",
        "stalemate",
    ):
        assert wanted in BY_ID
    assert BY_ID["start"].counts == {1: 44, 2: 1920, 3: 79666, 4: 3290240}


@pytest.mark.parametrize(
    "fen, depth, nodes",
    [
        pytest.param(c.fen, d, n, id=f"{c.ident}-{d}")
        for c in CASES
        for d, n in sorted(c.counts.items())
        if d <= MAX_TEST_DEPTH
    ],
)
def test_perft_matches_fairy_stockfish(fen: str, depth: int, nodes: int) -> None:
    pos = Position(fen)
    before = pos.fen()
    assert pos.perft(depth) == nodes
    assert pos.fen() == before  # perft pushes and pops: the position is unchanged


def test_perft_depth_zero_is_one() -> None:
    assert Position().perft(0) == 1
    assert Position(BY_ID["checkmate"].fen).perft(0) == 1


def test_perft_start_matches_published_counts() -> None:
    # docs/spec/board.md §5.4: 44, 1920, 79666 (depths 1-3).
    pos = Position(STARTING_FEN)
    assert [pos.perft(d) for d in (1, 2, 3)] == [44, 1920, 79666]


def test_checkmate_outcome() -> None:
    pos = Position(BY_ID["checkmate"].fen)
    assert pos.turn is BLACK
    assert pos.is_check()
    assert pos.is_checkmate()
    assert not pos.is_stalemate()
    assert pos.legal_moves() == []
    out = pos.outcome()
    assert out is not None
    assert (out.winner, out.reason, out.result()) == (RED, "checkmate", "1-0")


def test_stalemate_loses() -> None:
    # In xiangqi the side with no legal move loses even when not in check.
    pos = Position(BY_ID["stalemate"].fen)
    assert pos.turn is BLACK
    assert not pos.is_check()
    assert not pos.is_checkmate()
    assert pos.is_stalemate()
    out = pos.outcome()
    assert out is not None
    assert (out.winner, out.reason, out.result()) == (RED, "stalemate", "1-0")


def test_red_stalemated_loses() -> None:
    # The mirror image of the stalemate case, Red to move: Black wins.
    pos = Position("4k4/9/9/9/9/9/9/3p5/9/3K5 w - - 0 1")
    assert not pos.is_check()
    out = pos.outcome()
    assert out is not None
    assert (out.winner, out.reason, out.result()) == (BLACK, "stalemate", "0-1")


def test_positions_in_check_have_an_outcome_of_none() -> None:
    for ident in ("in-check-cannon-screen", "in-check-rook-flying-general"):
        pos = Position(BY_ID[ident].fen)
        assert pos.is_check()
        assert not pos.is_checkmate()
        assert pos.outcome() is None


# ---------------------------------------------------------------- oracle
def _sf_perft(sf: object, fen: str, depth: int) -> int:
    """pyffish has no perft: walk its tree with legal_moves / get_fen."""
    moves = sf.legal_moves("xiangqi", fen, [])  # type: ignore[attr-defined]
    if depth == 1:
        return len(moves)
    return sum(
        _sf_perft(sf, sf.get_fen("xiangqi", fen, [m]), depth - 1)  # type: ignore[attr-defined]
        for m in moves
    )


@pytest.mark.parametrize("ident", [c.ident for c in CASES])
def test_oracle_depth_1_and_2(ident: str) -> None:
    sf = pytest.importorskip("pyffish")
    case = BY_ID[ident]
    for depth in (1, 2):
        if depth == 2 and case.counts[1] > 30:
            continue  # about 1.4 ms per pyffish call: keep the suite fast
        assert _sf_perft(sf, case.fen, depth) == case.counts[depth]


def test_oracle_depth_3_small_endgame() -> None:
    sf = pytest.importorskip("pyffish")
    case = BY_ID["in-check-rook-flying-general"]
    assert _sf_perft(sf, case.fen, 3) == case.counts[3] == Position(case.fen).perft(3)
