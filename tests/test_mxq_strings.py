"""MXQ's fast path (``xqformats/mxq/strings.py``) against the generated layout, and its memory.

The fast path cuts the file into strings by the layout's rules without the
generated parser's object per string.  It must give what the layout gives,
string for string, and the reader must give the same game and findings
either way: on every MXQ file at hand (the sample, the conformance cases, the
shared corpus when present), on files built string by string (Hypothesis),
and on mutated ones.  Then the bound it exists for: a file of 100,000 empty
strings once cost 330 bytes per byte at the peak (702 in a fuzzing run, issue
28); it is now under 50, held and let go, at 100 KB and 400 KB.
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SHARED_CORPUS
from test_mxq import mxq, pstr
from xqformats.jsonform.codec import dumps
from xqformats.mxq import read_mxq
from xqformats.mxq.strings import MARKERS, by_layout, by_scan

ROOT = Path(__file__).resolve().parent.parent


def _files() -> list[Path]:
    found = sorted((ROOT / "tests" / "data").rglob("*.mxq")) + sorted((ROOT / "xqformats" / "conformance").rglob("*.mxq"))
    found += sorted((ROOT / "corpus").rglob("*.mxq"))
    return found


def _shared() -> list[Path]:
    if not SHARED_CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {SHARED_CORPUS}")
    return sorted(SHARED_CORPUS.rglob("*.mxq"))


def _strings(data: bytes) -> tuple[list[list[tuple[object, ...]]], int]:
    """Both paths' sections as plain tuples (every field and ``is_cut``), to compare."""
    sections, end = by_scan(data)
    return [[(*item, item.is_cut) for item in section] for section in sections], end


def _layout_strings(data: bytes) -> tuple[list[list[tuple[object, ...]]], int]:
    sections, end = by_layout(data)
    return [[(*item, item.is_cut) for item in section] for section in sections], end


def _read(data: bytes, fast: bool) -> tuple[str, list[tuple[object, ...]]]:
    game, diagnostics = read_mxq(data, fast=fast)
    return dumps([game] if game is not None else []), [(d.code, d.message, d.offset, d.length) for d in diagnostics]


def _assert_same(data: bytes) -> None:
    assert _strings(data) == _layout_strings(data), data[:200]
    assert _read(data, fast=True) == _read(data, fast=False), data[:200]


# ---------------------------------------------------------------- inputs


_WORDS = [pstr(m) for m in MARKERS] + [pstr(m) for m in ("7C-4C", "7J-6H", "9J-9A", "7C-7C", "9Z-9Y", "Move", "Endss")]


def _mutants(seeds: list[bytes], n: int, rng: random.Random) -> list[bytes]:
    """Each a seed with one change: a byte set, bytes cut, a span repeated, a marker or move put in, cut short."""
    out = []
    for _ in range(n):
        data = bytearray(rng.choice(seeds))
        at = rng.randrange(len(data) + 1)
        kind = rng.randrange(5)
        if kind == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind == 1:
            del data[at : at + rng.randint(1, 8)]
        elif kind == 2:
            data[at:at] = bytes(data[at : at + rng.randint(1, 12)]) * rng.randint(2, 6)
        elif kind == 3:
            data[at:at] = rng.choice(_WORDS)
        else:
            del data[at:]
        out.append(bytes(data))
    return out


def _seeds() -> list[bytes]:
    return [p.read_bytes() for p in _files()] + [mxq(), mxq(comments=("甲", "")), mxq(moves=("7C-4C", "9Z-9Y")), b"\x05Moves"]


def test_there_are_files_to_compare() -> None:
    assert len(_files()) >= 10  # the sample and the conformance cases


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_the_fast_path_reads_each_file_as_the_layout_does(path: Path) -> None:
    _assert_same(path.read_bytes())


def test_the_fast_path_reads_the_shared_corpus_as_the_layout_does() -> None:
    files = _shared()
    assert files
    for path in files:
        _assert_same(path.read_bytes())


def test_the_fast_path_reads_mutated_files_as_the_layout_does() -> None:
    rng = random.Random(28)
    seeds = _seeds()
    for data in _mutants(seeds, 1500, rng) + [b"", b"\x00", b"\xff", b"\x05Move", b"\x05Moves\x00\x00"]:
        _assert_same(data)


_PIECES = st.one_of(st.sampled_from(_WORDS), st.binary(max_size=6).map(pstr), st.binary(max_size=3))


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=24))
def test_the_fast_path_reads_strings_of_any_kind_as_the_layout_does(pieces: list[bytes]) -> None:
    _assert_same(b"".join(pieces))


def test_the_strings_of_a_small_file_by_hand() -> None:
    data = pstr("甲") + pstr("Moves") + pstr("7C-4C") + b"\x09ab"  # the last string is cut: 2 of 9 bytes
    (fields, moves, comments), end = by_scan(data)
    assert [(i.offset, i.body, i.is_marker) for i in fields] == [(0, "甲".encode("gbk"), False), (3, b"Moves", True)]
    assert [(i.offset, i.length, i.body, i.is_move, i.is_cut) for i in moves] == [(9, 5, b"7C-4C", True, False), (15, 9, b"ab", False, True)]
    assert list(comments) == [] and end == len(data) == 18


# ---------------------------------------------------------------- memory (issue 28, tests/fuzz/README.md)


def _per_byte(data: bytes, fast: bool = True) -> tuple[float, float]:
    """``(held, transient)`` bytes per input byte of reading ``data``: the peak minus what the result
    holds, and what it holds, each measured after a full collection (so neither hangs on when the
    cycle collector happens to run)."""
    gc.collect()
    tracemalloc.start()
    try:
        result = read_mxq(data, fast=fast)
        _, peak = tracemalloc.get_traced_memory()
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del result
    return held / len(data), (peak - held) / len(data)


def _empty_moves(n: int) -> bytes:
    """The reproducer of the fourth long run: empty strings after the first move."""
    return b"\x05Moves\x057C-4C" + b"\x00" * n


@pytest.mark.parametrize("n", [100_000, 400_000])
def test_a_file_of_empty_strings_is_read_in_linear_memory_with_a_small_constant(n: int) -> None:
    read_mxq(_empty_moves(10))  # imports and caches are not the input's cost
    held, transient = _per_byte(_empty_moves(n))
    assert held < 50 and transient < 50, (held, transient)


@pytest.mark.parametrize("data", [
    b"\x00" * 100_000 + pstr("Moves") + pstr("Ends") + pstr("CommentsEnd"),  # empty header fields
    mxq(moves=("7C-4C",)).replace(pstr("CommentsEnd"), b"\x00" * 100_000 + pstr("CommentsEnd")),  # empty comments
    pstr("Moves") + pstr("7C-4C") + b"\x01x" * 50_000,  # one-byte move strings
], ids=["fields", "comments", "moves"])
def test_each_section_of_empty_or_tiny_strings_is_read_in_small_memory(data: bytes) -> None:
    held, transient = _per_byte(data)
    assert held < 50 and transient < 50, (held, transient)


def test_the_generated_layout_alone_costs_hundreds_of_bytes_per_byte() -> None:
    """What the fast path saves (and that the measurement above sees it): one ``Pstr`` per string."""
    _, transient = _per_byte(_empty_moves(100_000), fast=False)
    assert transient > 200
