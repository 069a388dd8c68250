"""Shared pytest fixtures for the xqformats test suite.

The real-world corpus lives outside the repository (``../shared/corpus`` from
the repository root) and is never copied in; tests that read it take the
``shared_corpus`` fixture, which skips cleanly when the folder is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

#: Repository root (the folder holding ``xqformats/`` and ``tests/``).
REPO_ROOT: Path = Path(__file__).resolve().parents[1]

#: Where the shared corpus is expected: a sibling of the repository.
SHARED_CORPUS: Path = REPO_ROOT.parent / "shared" / "corpus"

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
