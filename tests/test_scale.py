"""Streaming lint and big files read in parts: the same findings as one whole read.

* :func:`xqformats.formats.open_record` gives the findings and games that
  :func:`xqformats.formats.read` gives, one game at a time;
* :func:`xqformats.pgn.splitter.game_starts` finds in the bytes the games
  that :func:`~xqformats.pgn.splitter.split_games` cuts from the text;
* ``lint`` with ``jobs=2`` and small parts gives exactly the results of
  ``jobs=1``, in UTF-8 (with and without BOM), GBK and Big5, with LF and
  CR LF line ends, bad bytes and wide characters;
* the command line's ``-j 2`` prints what ``-j 1`` prints on a file big
  enough to be cut.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from scale_helpers import pgn_bytes, write_pgn_file

from xqformats import formats
from xqformats.core import Move
from xqformats.diagnostics import Diagnostic
from xqformats.lint import LintOptions, lint_bytes
from xqformats.discovery import Target
from xqformats.lint.runner import PART_SIZE, lint_file, run
from xqformats.pgn.splitter import game_starts, split_games

REPO = Path(__file__).resolve().parents[1]

#: (encoding, line end) of the files cut into parts.
VARIANTS = [
    ("utf-8", "\n"),
    ("utf-8", "\r\n"),
    ("utf-8-sig", "\r\n"),
    ("gbk", "\n"),
    ("big5", "\r\n"),
]


def _variant_files(folder: Path, games: int) -> list[Path]:
    return [
        write_pgn_file(folder / f"games-{enc}-{len(nl)}.pgn", games, encoding=enc, newline=nl)
        for enc, nl in VARIANTS
    ]


def _streamed(path: Path) -> tuple[int, list[Diagnostic]]:
    with formats.open_record(path) as stream:
        games = sum(1 for _ in stream)
    return games, stream.diagnostics


def test_open_record_gives_the_findings_of_read(tmp_path: Path) -> None:
    for path in _variant_files(tmp_path, 60):
        record = formats.read(path)
        games, diagnostics = _streamed(path)
        assert games == len(record.games)
        assert diagnostics == record.diagnostics
        assert {d.code for d in diagnostics} >= {"E102"}


def test_open_record_of_a_corpus_gives_the_findings_of_read(shared_corpus: Path) -> None:
    # (Every file is compared by the command line's output before and after; here the small ones.)
    paths = sorted(
        p for p in shared_corpus.rglob("*") if p.suffix.lower() in (".pgn", ".cbl") and p.stat().st_size < 40_000
    )[:120]
    for path in paths:
        record = formats.read(path)
        games, diagnostics = _streamed(path)
        assert (games, diagnostics) == (len(record.games), record.diagnostics), path


def _streamed_from(path: Path, data: bytes, max_size: int = formats.DEFAULT_MAX_FILE_SIZE) -> tuple[int, list[Diagnostic], list[list[Move]]]:
    with formats.open_record(path, data=data, max_size=max_size) as stream:
        lines = [g.mainline_moves() for g in stream]
    return len(lines), stream.diagnostics, lines


def test_open_record_of_bytes_already_read_gives_what_reading_the_file_gives(tmp_path: Path, shared_corpus: Path) -> None:
    # The archive index hashes each file and hands its bytes to the front door (data=...).
    corpus = sorted(p for p in shared_corpus.rglob("*") if p.suffix.lower() in (".pgn", ".xqf", ".cbf", ".cbl") and p.stat().st_size < 40_000)
    for path in _variant_files(tmp_path, 60) + corpus[::7][:80]:
        with formats.open_record(path) as stream:
            lines = [g.mainline_moves() for g in stream]
        assert _streamed_from(path, path.read_bytes()) == (len(lines), stream.diagnostics, lines), path


def test_bytes_already_read_are_held_to_the_size_limit(tmp_path: Path) -> None:
    path = write_pgn_file(tmp_path / "g.pgn", 3)
    data = path.read_bytes()
    games, diagnostics, _ = _streamed_from(path, data, max_size=len(data) - 1)
    assert games == 0 and [d.code for d in diagnostics] == ["G107"]
    assert diagnostics[0].message == f"`{path}` is larger than the limit of {len(data) - 1} bytes; nothing in it was read"
    with formats.open_record(path, max_size=len(data) - 1) as stream:
        assert stream.diagnostics == diagnostics  # (what the file itself gives)
    assert _streamed_from(path, data, max_size=len(data))[0] == 3


def test_open_record_keeps_no_game(tmp_path: Path) -> None:
    path = write_pgn_file(tmp_path / "g.pgn", 30, bad=False)
    with formats.open_record(path) as stream:
        first = next(iter(stream))
        assert first.headers.get("Red") == "红方0"
        rest = list(stream)
    assert len(rest) + 1 == len(formats.read(path).games) > 20
    assert list(stream) == []  # the games are read once


def test_game_starts_are_where_split_games_cuts(tmp_path: Path) -> None:
    for encoding, newline in VARIANTS:
        data = pgn_bytes(40, encoding=encoding, newline=newline)
        codec = "utf-8-sig" if encoding == "utf-8-sig" else encoding
        text = data.decode(codec, errors="replace")
        chunks = {c.offset: c for c in split_games([text])}
        path = tmp_path / "g.pgn"
        path.write_bytes(data)
        with open(path, "rb") as raw:
            starts = list(game_starts(raw, codec))
        assert len(starts) > 20
        for start in starts:
            chunk = chunks[start.offset]
            assert (chunk.line, chunk.column) == (start.line, start.column)
            rest = data[start.byte :].decode(codec if start.byte == 0 else codec.replace("-sig", ""), errors="replace")
            assert rest.startswith(chunk.text or "")


def test_game_starts_refuses_codecs_it_cannot_cut(tmp_path: Path) -> None:
    path = tmp_path / "g.pgn"
    path.write_bytes(pgn_bytes(3, encoding="utf-16"))
    with open(path, "rb") as raw, pytest.raises(ValueError):
        game_starts(raw, "utf-16")
    with formats.open_record(path) as stream:
        assert list(stream.parts(4, min_size=16)) == []  # read whole instead


def test_parts_cover_the_file(tmp_path: Path) -> None:
    path = write_pgn_file(tmp_path / "g.pgn", 200)
    size = path.stat().st_size
    with formats.open_record(path) as stream:
        parts = list(stream.parts(6, min_size=1024))
    assert len(parts) >= 4
    assert parts[0].start == 0 and parts[-1].end == size
    assert all(a.end == b.start for a, b in zip(parts, parts[1:]))


def test_lint_file_equals_lint_of_the_bytes(tmp_path: Path) -> None:
    for path in _variant_files(tmp_path, 40):
        name = str(path)
        whole = lint_bytes(path.read_bytes(), name, LintOptions(), path=name)
        assert lint_file(name, name, LintOptions(), LintOptions().enabled_for(name, name)) == whole
        assert whole.lines and whole.diagnostics


def test_parts_in_processes_equal_one_process(tmp_path: Path) -> None:
    paths = _variant_files(tmp_path, 300)
    paths.append(write_pgn_file(tmp_path / "small.pgn", 3))
    targets = [Target(str(p), p.name) for p in paths]
    options = LintOptions()
    one = run(targets, options, jobs=1)
    for path in paths[:-1]:
        with formats.open_record(path) as stream:
            assert len(list(stream.parts(8, min_size=4096))) > 3
    assert run(targets, options, jobs=2, part_size=4096) == one
    assert sum(r.games for r in one) > 1000


def test_command_line_j2_prints_what_j1_prints(tmp_path: Path) -> None:
    # Big enough to be cut (2 parts of PART_SIZE), cheap to lint (long comments, few moves).
    big = tmp_path / "big.pgn"
    big.write_bytes(pgn_bytes(2 * PART_SIZE // 700 + 50, newline="\r\n", filler=200))
    assert big.stat().st_size > 2 * PART_SIZE
    with formats.open_record(big) as stream:
        assert len(list(stream.parts(8, min_size=PART_SIZE))) == 2
    outputs = []
    for jobs in ("1", "2"):
        proc = subprocess.run(
            [sys.executable, "-m", "xqformats", "lint", "--no-progress", "--show-info", "-j", jobs, big.name],
            cwd=tmp_path, capture_output=True, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
        )
        assert proc.returncode == 1, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert b"E102" in outputs[0] and b" errors, " in outputs[0]
