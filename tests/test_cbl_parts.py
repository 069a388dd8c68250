"""CBL libraries cut into parts of whole records: the findings of one whole read, on any number of processes.

* the CBL format says where each record starts from the index alone
  (:data:`xqformats.formats.base.RecordStartsFn`), and ``RecordStream.parts``
  cuts a library between records, each part carrying the index entries of
  its records (``Part.entries``);
* the parts, each read on its own with ``open_record(path, part=…)``, give
  the games and findings of a whole read, in the same order, with the same
  byte offsets, for clean and damaged libraries (deleted entries, unknown
  states, an entry whose length does not fit its slots, a record with a bad
  signature, a tree cut short or running past its length, trailing bytes, a
  file cut short inside its records);
* a library whose header or index cannot be read is not cut (read whole);
* ``lint -j 2`` (the command line, text and JSON) prints byte for byte what
  ``-j 1`` prints, and ``lint.run(jobs=2, part_size=…)`` with small parts
  returns what ``jobs=1`` returns, also on the corpus's real libraries.
"""

from __future__ import annotations

import pickle
import tracemalloc
from pathlib import Path
from typing import Callable

import pytest
from cbr_helpers import END, Entry, Rec, cbl, cbr
from cli_helpers import run as run_cli

from xqformats import formats
from xqformats.diagnostics import Diagnostic
from xqformats.formats import Part
from xqformats.lint import LintOptions
from xqformats.discovery import Target
from xqformats.lint.runner import PART_SIZE, run

INDEX = 66624  # where the index starts (docs/spec/cbr.md §5.1)
SLOT = 4096  # the slot size (docs/spec/cbr.md §5.3)

OPENING = [Rec("H2-E2"), Rec("H9-G7"), Rec("H0-G2"), Rec("C6-C5", END)]
ILLEGAL = [Rec("H2-E2"), Rec("H2-G3", END)]  # the second move: no piece there (B111)
NEVER_ENDS = [Rec("H2-E2"), Rec("H9-G7")]  # no end flag: the data runs out (B101)


def _entry(i: int) -> Entry:
    """The ``i``-th entry of a generated library: mostly plain games, with findings of every kind mixed in."""
    name = {"Name": f"第{i}局"}
    if i % 29 == 5:
        return Entry(cbr(OPENING, texts=name), state=5)  # deleted (B114)
    if i % 31 == 7:
        return Entry(cbr(OPENING, texts=name), state=3)  # unknown state, read as a game (B116)
    if i % 17 == 3:
        return Entry(cbr(ILLEGAL, texts=name, result=4))  # an illegal move, an unknown result
    if i % 23 == 11:
        return Entry(cbr(OPENING, texts=name, intro="长" * 2500))  # spans two slots
    plies = 1 + i % len(OPENING)
    return Entry(cbr([*OPENING[: plies - 1], Rec(OPENING[plies - 1].move, END)], texts=name))


def clean_library(records: int, *, index_size: int = 128) -> bytes:
    return cbl([_entry(i) for i in range(records)], index_size=index_size)


def damaged_library(records: int, *, index_size: int = 128) -> bytes:
    """A library with every kind of damage a part's reader must report as a whole read does."""
    entries = [_entry(i) for i in range(records)]
    whole = cbr(OPENING)
    entries[4] = Entry(whole, length=SLOT + 1)  # a length its one slot cannot hold (B117)
    entries[9] = Entry(b"XXBridge Record\x00" + whole[16:])  # a bad record signature (B117)
    entries[14] = Entry(cbr(NEVER_ENDS))  # a tree cut short (B101)
    entries[19] = Entry(whole, length=len(whole) - 4)  # the tree runs past its length (B118)
    entries[24] = Entry(b"", slots=0, length=len(whole))  # an entry with no slot (B117)
    entries[26] = Entry(cbr(OPENING, tail=b"\x00" * 9))  # bytes after the tree, within the length (B113)
    entries[30] = Entry(None, state=0, slots=1)  # an unused entry that owns a slot (B116, B117)
    return cbl(entries, index_size=index_size, tail=b"\x01" * 5000)  # bytes after the last slot (B113)


def cut_short_library(records: int) -> bytes:
    """A library whose file ends inside its records: the last entries' slots run past the end (B117)."""
    return clean_library(records)[: -(3 * SLOT + 100)]


LIBRARIES: dict[str, Callable[[int], bytes]] = {
    "clean": clean_library,
    "damaged": damaged_library,
    "cut-short": cut_short_library,
}


def _write(folder: Path, kind: str, records: int) -> Path:
    path = folder / f"{kind}.cbl"
    path.write_bytes(LIBRARIES[kind](records))
    return path


def _whole(path: Path) -> tuple[list[str], list[Diagnostic]]:
    record = formats.read(path)
    return [g.headers.get("Name", "") for g in record.games], record.diagnostics


def _in_parts(path: Path, parts: list[Part]) -> tuple[list[str], list[Diagnostic]]:
    names: list[str] = []
    found: list[Diagnostic] = []
    for part in parts:
        with formats.open_record(path, format="cbl", part=part) as stream:
            names.extend(g.headers.get("Name", "") for g in stream)
        found.extend(stream.diagnostics)
    return names, found


def _parts(path: Path, count: int, min_size: int) -> list[Part]:
    with formats.open_record(path) as stream:
        return list(stream.parts(count, min_size=min_size))


# ---------------------------------------------------------------- where records start, and the parts


def test_starts_are_the_records_of_the_index(tmp_path: Path) -> None:
    path = _write(tmp_path, "clean", 40)
    data = path.read_bytes()
    starts = formats.REGISTRY.get("cbl").starts
    assert starts is not None
    with open(path, "rb") as raw:
        found = list(starts(raw))
    first = INDEX + 128 * 276
    assert [byte for byte, _ in found][:2] == [first, first + SLOT]
    assert len(found) == 40  # every entry that owns a record, deleted ones included
    assert all(data.startswith(b"CCBridge Record\x00", byte) for byte, _ in found)
    assert [entry[0] for _, entry in found] == list(range(40))  # (its number in the index first)


def test_parts_hold_whole_records_in_order(tmp_path: Path) -> None:
    path = _write(tmp_path, "damaged", 60)
    size = path.stat().st_size
    parts = _parts(path, 8, 16 * 1024)
    assert len(parts) == 8
    assert parts[0].start == INDEX + 128 * 276 and parts[-1].end == size
    assert all(a.end == b.start for a, b in zip(parts, parts[1:]))
    numbers = [entry[0] for part in parts for entry in part.entries]
    assert numbers == list(range(60))
    assert all(part.codec is None for part in parts)


@pytest.mark.parametrize("kind", sorted(LIBRARIES))
def test_parts_read_alone_give_the_whole_read(tmp_path: Path, kind: str) -> None:
    path = _write(tmp_path, kind, 70)
    names, found = _whole(path)
    assert found and all(d.offset is not None for d in found)
    for count in (2, 3, 8, 70):
        parts = _parts(path, count, 4096)
        assert len(parts) >= 2
        assert _in_parts(path, parts) == (names, found)


def test_the_damage_is_all_found(tmp_path: Path) -> None:
    _, found = _whole(_write(tmp_path, "damaged", 70))
    assert {"B101", "B111", "B113", "B114", "B116", "B117", "B118"} <= {d.code for d in found}
    _, found = _whole(_write(tmp_path, "cut-short", 70))
    assert [d.code for d in found if d.code == "B117"] == ["B117"] * 4


@pytest.mark.parametrize(
    "data",
    [
        b"CCBridgeLibrary\x00" + bytes(1000),  # cut short inside its header
        b"CCBridgeLibrarx\x00" + bytes(200_000),  # a bad signature
        b"CCBridge" + bytes([21, 0, 0, 0, 3, 0, 0, 0]) + bytes(200_000),  # the compressed variant
    ],
    ids=["cut-header", "signature", "compressed"],
)
def test_a_library_whose_index_cannot_be_read_is_not_cut(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "bad.cbl"
    path.write_bytes(data)
    assert _parts(path, 8, 16) == []
    assert len(formats.read(path).diagnostics) == 1


def test_a_library_is_read_without_holding_its_bytes(tmp_path: Path) -> None:
    # Streamed whole, the games come as read() gives them, and one at a time.
    path = _write(tmp_path, "damaged", 40)
    names, found = _whole(path)
    with formats.open_record(path) as stream:
        first = next(iter(stream))
        assert stream.diagnostics == []  # nothing read past the first record yet
        rest = [g.headers.get("Name", "") for g in stream]
    assert [first.headers["Name"], *rest] == names
    assert stream.diagnostics == found


def test_memory_of_a_streamed_library_is_one_record_not_the_file(tmp_path: Path) -> None:
    path = tmp_path / "big.cbl"
    path.write_bytes(clean_library(3000, index_size=3072))
    size = path.stat().st_size
    tracemalloc.start()
    try:
        with formats.open_record(path) as stream:
            games = sum(1 for _ in stream)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert games > 2800 and size > 12_000_000
    assert peak < size / 4  # the index as the layout reads it (about 1 KB an entry) and one record, not the bytes


def test_a_part_goes_to_another_process_as_it_is(tmp_path: Path) -> None:
    parts = _parts(_write(tmp_path, "damaged", 60), 4, 4096)
    assert pickle.loads(pickle.dumps(parts)) == parts
    assert all(isinstance(number, int) for part in parts for entry in part.entries for number in entry)


# ---------------------------------------------------------------- lint: -j 2 is -j 1


def test_lint_in_small_parts_returns_what_one_process_returns(tmp_path: Path) -> None:
    paths = [_write(tmp_path, kind, 90) for kind in sorted(LIBRARIES)]
    targets = [Target(str(p), p.name) for p in paths]
    options = LintOptions()
    one = run(targets, options, jobs=1)
    assert all(r.diagnostics for r in one)
    for path in paths:
        assert len(_parts(path, 8, 8192)) >= 6
    assert run(targets, options, jobs=2, part_size=8192) == one
    assert run(targets, options, jobs=2, part_size=50_000) == one


@pytest.mark.parametrize("output", ["text", "json"])
def test_command_line_j2_prints_what_j1_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, output: str
) -> None:
    # Big enough to be cut into 3 parts of PART_SIZE (the command line's own part size).
    monkeypatch.chdir(tmp_path)
    records = 3 * PART_SIZE // SLOT + 40
    (tmp_path / "big.cbl").write_bytes(damaged_library(records, index_size=1024))
    assert len(_parts(tmp_path / "big.cbl", 8, PART_SIZE)) == 3
    args = ["--no-progress", "--show-info", "--output-format", output, "big.cbl"]
    status, one, _ = run_cli(capsys, "-j", "1", *args)
    assert status == 1
    assert run_cli(capsys, "-j", "2", *args) == (status, one, "")
    assert "B117" in one and "0x" in one


def test_corpus_libraries_in_parts(shared_corpus: Path, tmp_path: Path) -> None:
    paths = sorted(p for p in shared_corpus.rglob("*") if p.suffix.lower() == ".cbl")
    assert paths
    cut = 0
    for path in paths:
        names, found = _whole(path)
        parts = _parts(path, 6, 4 * SLOT)
        if parts:
            cut += 1
            assert _in_parts(path, parts) == (names, found), path.name
    assert cut >= len(paths) - 1  # (the compressed one is read whole)
    targets = [Target(str(p), p.name) for p in paths]
    assert run(targets, LintOptions(), jobs=2, part_size=4 * SLOT) == run(targets, LintOptions(), jobs=1)


@pytest.mark.parametrize("output", ["text", "json"])
def test_command_line_j2_on_the_corpus_libraries(shared_corpus: Path, capsys: pytest.CaptureFixture[str], output: str) -> None:
    paths = sorted(str(p) for p in shared_corpus.rglob("*") if p.suffix.lower() == ".cbl")
    # (The largest, 3.5 MB, is cut with the command line's own part size.)
    assert any(len(_parts(Path(p), 8, PART_SIZE)) >= 2 for p in paths)
    args = ["--no-progress", "--show-info", "--output-format", output, *paths]
    status, one, _ = run_cli(capsys, "-j", "1", *args)
    assert run_cli(capsys, "-j", "2", *args) == (status, one, "")
    assert "B1" in one
