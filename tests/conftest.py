"""Shared pytest fixtures for the xqformats test suite.

The real-world corpus lives outside the repository (``../shared/corpus`` from
the repository root, or the folder ``XQFORMATS_SHARED`` names: a checkout in
another place, such as a git worktree, points there) and is never copied in;
tests that read it take the ``shared_corpus`` fixture, which skips cleanly
when the folder is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: Repository root (the folder holding ``xqformats/`` and ``tests/``).
REPO_ROOT: Path = Path(__file__).resolve().parents[1]

#: Where the shared corpus is expected: a sibling of the repository, unless ``XQFORMATS_SHARED`` says.
SHARED_CORPUS: Path = Path(os.environ.get("XQFORMATS_SHARED") or REPO_ROOT.parent / "shared") / "corpus"

#: Folder of test data files that do live in the repository.
TEST_DATA: Path = Path(__file__).resolve().parent / "data"


def shared_corpus_path() -> Path:
    """Return the shared corpus folder, or skip the calling test if it is absent."""
    if not SHARED_CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {SHARED_CORPUS}")
    return SHARED_CORPUS


@pytest.fixture(scope="session")
def shared_corpus() -> Path:
    """Path to ``../shared/corpus``; skips the test when the folder is missing."""
    return shared_corpus_path()


@pytest.fixture(scope="session")
def test_data() -> Path:
    """Path to ``tests/data`` inside the repository."""
    return TEST_DATA


# ---------------------------------------------------------------- positions
# Random legal positions for Hypothesis properties (test_fen, test_position).
# The point sets are written out here from the rules, not taken from
# xqformats, so the tests do not check the code against itself.

#: Palace points (king), advisor points and elephant points per colour, by name.
_PALACE_POINTS = {
    True: "d0 e0 f0 d1 e1 f1 d2 e2 f2",
    False: "d7 e7 f7 d8 e8 f8 d9 e9 f9",
}
_ADVISOR_POINTS = {True: "d0 f0 e1 d2 f2", False: "d9 f9 e8 d7 f7"}
_ELEPHANT_POINTS = {True: "c0 g0 a2 e2 i2 c4 g4", False: "c9 g9 a7 e7 i7 c5 g5"}


def _sq(name: str) -> int:
    return (int(name[1:]) * 9) + "abcdefghi".index(name[0])


def _pawn_points(red: bool) -> list[int]:
    """Where a pawn can stand: on its file before the river, anywhere after."""
    out = []
    for rank in range(10):
        for file in range(9):
            if red:
                ok = rank >= 5 or (rank in (3, 4) and file % 2 == 0)
            else:
                ok = rank <= 4 or (rank in (5, 6) and file % 2 == 0)
            if ok:
                out.append(rank * 9 + file)
    return out


POINTS: dict[tuple[str, bool], list[int]] = {}
for _red in (True, False):
    POINTS["K", _red] = [_sq(n) for n in _PALACE_POINTS[_red].split()]
    POINTS["A", _red] = [_sq(n) for n in _ADVISOR_POINTS[_red].split()]
    POINTS["B", _red] = [_sq(n) for n in _ELEPHANT_POINTS[_red].split()]
    POINTS["P", _red] = _pawn_points(_red)
    for _t in "NRC":
        POINTS[_t, _red] = list(range(90))
MAX_PIECES = {"A": 2, "B": 2, "N": 2, "R": 2, "C": 2, "P": 5}

try:
    from hypothesis import assume
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - hypothesis is a test dependency
    st = None  # type: ignore[assignment]

if st is not None:

    @st.composite
    def legal_positions(draw: st.DrawFn, *, max_per_kind: int | None = None):  # type: ignore[no-untyped-def]
        """A random position that a game could reach as far as FEN validation can tell.

        Kings in their palaces, every piece on a point it can reach, at most the
        game's number of each kind, kings not facing, the side not to move not
        in check.  Built square by square with ``set_piece`` (not from FEN).
        """
        from xqformats.position import Position

        pos = Position(None)
        used: set[int] = set()
        for red in (True, False):
            k = draw(st.sampled_from(POINTS["K", red]))
            pos.set_piece(k, "K" if red else "k")
            used.add(k)
        for red in (True, False):
            for t, most in MAX_PIECES.items():
                if max_per_kind is not None:
                    most = min(most, max_per_kind)
                squares = draw(st.lists(st.sampled_from(POINTS[t, red]), max_size=most, unique=True))
                for s in squares:
                    if s not in used:
                        used.add(s)
                        pos.set_piece(s, t if red else t.lower())
        pos.turn = draw(st.booleans())
        pos.halfmove_clock = draw(st.integers(0, 200))
        pos.fullmove_number = draw(st.integers(1, 500))
        assume(not pos.kings_facing())
        if pos.is_attacked(pos.king(not pos.turn), pos.turn):  # type: ignore[arg-type]
            pos.turn = not pos.turn  # let the checked side be the one to move
            assume(not pos.is_attacked(pos.king(not pos.turn), pos.turn))  # type: ignore[arg-type]
        return pos


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder that is the current folder for the test (the command line resolves paths from it)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
