"""Writing game by game: the front door's streamed writer, and ``convert`` and ``format`` built on it.

* :func:`xqformats.formats.write` is :func:`~xqformats.formats.write_to`
  into memory, so the properties compare both with what each format's own
  writer gives for a whole file (the games joined as the format lays them
  out), over generated games and encodings that write a byte-order mark;
* ``convert`` and ``format`` on a big generated file (``benchmarks/bench_pgn.py``)
  keep a bounded number of games alive: the ``Game`` objects are counted at
  each game the command handles (a profile hook on
  :func:`xqformats.formats.losses`, which both call once per game);
* their output is byte for byte what the whole-file path gives
  (:func:`xqformats.formats.read` then :func:`~xqformats.formats.write`;
  :func:`xqformats.formatter.format_file`), on the generated file and on
  every record of the shared corpus.
"""

from __future__ import annotations

import gc
import importlib.util
import io
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import strategies
from pgn_strategies import any_mutant, any_variant
from xqformats import formats
from xqformats.cli import main
from xqformats.commands.convert import record_files
from xqformats.dhtmlxq import write_dhtmlxq
from xqformats.formatter import format_file, format_path
from xqformats.jsonform.codec import dumps
from xqformats.model import Game, standardise
from xqformats.pgn import write_pgn

REPO = Path(__file__).resolve().parents[1]

#: Encodings that write every character, two of them with a byte-order mark (written once, at the start).
ENCODINGS = ("utf-8", "utf-16", "utf-8-sig", "gb18030")


def _bench_pgn() -> Any:
    """``benchmarks/bench_pgn.py`` as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location("bench_pgn", REPO / "benchmarks" / "bench_pgn.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------- the writer


def _as_each_format_joins_them(games: list[Game], fmt: str, notation: str) -> str:
    """The whole file as the format's own writer lays it out (the oracle)."""
    if fmt == "pgn":
        return "\n".join(write_pgn(g, notation) for g in games)
    if fmt == "dhtmlxq":
        return "\n".join(write_dhtmlxq(g) for g in games)
    return dumps(games)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    games=st.lists(strategies.games(max_moves=12), max_size=4),
    fmt=st.sampled_from(["pgn", "dhtmlxq", "json"]),
    notation=st.sampled_from(["chinese", "wxf", "iccs", "san"]),
    encoding=st.sampled_from(ENCODINGS),
)
def test_written_game_by_game_is_the_whole_file(games: list[Game], fmt: str, notation: str, encoding: str) -> None:
    options: dict[str, Any] = {"encoding": encoding}
    if fmt == "pgn":
        options["notation"] = notation
    whole = _as_each_format_joins_them(games, fmt, notation).encode(encoding)
    assert formats.write(games, fmt, **options) == whole
    # From a generator (no length known), each game on the handle as it comes.
    handle = io.BytesIO()
    with formats.open_writer(handle, fmt, **options) as out:
        for game in games:
            before = handle.tell()
            out.write(game)
            assert handle.tell() > before
    assert handle.getvalue() == whole and out.count == len(games)
    handle = io.BytesIO()
    assert formats.write_to((g for g in games), fmt, handle, **options) == len(games)
    assert handle.getvalue() == whole


def test_a_one_game_format_is_written_at_the_end_and_refuses_a_second_game() -> None:
    game = formats.read(b'[Game "Chinese Chess"]\n\n1. \xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94 *\n', name="a.pgn").games[0]
    handle = io.BytesIO()
    with formats.open_writer(handle, "cbf") as out:
        out.write(game)
        assert handle.getvalue() == b""  # held: the file is written whole
        with pytest.raises(ValueError, match="A CBF file holds 1 game"):
            out.write(game)
    assert handle.getvalue() == formats.write([game], "cbf")
    with pytest.raises(TypeError, match="takes no option `notation`"):
        formats.open_writer(io.BytesIO(), "cbf", notation="wxf")


def test_a_file_left_by_an_error_is_not_ended() -> None:
    handle = io.BytesIO()
    with pytest.raises(RuntimeError):
        with formats.open_writer(handle, "json"):
            raise RuntimeError("stop")
    assert not handle.getvalue().endswith(b"]}\n")  # no tail: the file is not made to look whole


# ---------------------------------------------------------------- games alive


@contextmanager
def games_alive(every: int = 20) -> Iterator[list[int]]:
    """The number of live :class:`Game` objects, counted at every ``every``-th call of :func:`formats.losses`.

    (Counted by type, not by a weak reference per game: no seam of the
    command hands out the games it reads.)
    """
    counts: list[int] = []
    calls = 0
    code = formats.losses.__code__

    def hook(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call" and frame.f_code is code:
            calls += 1
            if calls % every == 0:
                gc.collect()  # a game's tree holds cycles (a node and its parent): count what is still reachable
                counts.append(sum(1 for o in gc.get_objects() if type(o) is Game))

    sys.setprofile(hook)
    try:
        yield counts
    finally:
        sys.setprofile(None)


GAMES = 300


@pytest.fixture(scope="module")
def big_pgn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.pgn"
    _bench_pgn().xiangqi_file(path, GAMES, 7)
    return path


@pytest.mark.parametrize(("target", "options"), [("json", []), ("pgn", ["--notation", "wxf"])])
def test_convert_keeps_a_bounded_number_of_games_alive(
    big_pgn: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str, options: list[str]
) -> None:
    out = tmp_path / f"out.{target}"
    gc.collect()
    with games_alive() as counts:
        assert main(["convert", "--no-progress", str(big_pgn), "-o", str(out), *options]) == 0
    assert len(counts) == GAMES // 20 and max(counts) <= 3, counts
    # Byte for byte what the whole-file path writes.
    games = formats.read(big_pgn).games
    for game in games:
        standardise(game)
    notation = {"notation": "wxf"} if target == "pgn" else {}
    assert out.read_bytes() == formats.write(games, target, **notation)


def test_format_keeps_a_bounded_number_of_games_alive(big_pgn: Path, tmp_path: Path) -> None:
    path = tmp_path / "big.pgn"
    # CR LF line ends, so that the formatted file differs from the first byte on.
    path.write_bytes(big_pgn.read_bytes().replace(b"\n", b"\r\n"))
    expected = format_file(path.read_bytes(), str(path))
    assert expected.changed and expected.reason is None
    gc.collect()
    with games_alive() as counts:
        result = format_path(str(path), write=True)
    assert len(counts) == GAMES // 20 and max(counts) <= 3, counts
    assert result.changed and result.reason is None and path.read_bytes() == expected.data
    assert format_path(str(path)).changed is False


# ---------------------------------------------------------------- format, file by file


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.one_of(any_variant(12), any_mutant(10)),
    encoding=st.sampled_from(ENCODINGS),
    given_encoding=st.sampled_from([None, None, "utf-8", "gb18030"]),
)
def test_format_path_is_format_file(text: str, encoding: str, given_encoding: Optional[str]) -> None:
    data = text.encode(encoding)
    expected = format_file(data, "g.pgn", encoding=given_encoding)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.pgn"
        path.write_bytes(data)
        result = format_path(str(path), "g.pgn", encoding=given_encoding, write=True)
        assert (result.changed, result.reason) == (expected.changed, expected.reason)
        assert path.read_bytes() == (expected.data if expected.changed else data)
        assert [p.name for p in Path(folder).iterdir()] == ["g.pgn"]


# ---------------------------------------------------------------- the corpus


def _streamed(corpus: Path) -> list[str]:
    """The corpus records read as a stream (PGN; the smallest CBL library: one output per game).

    Records of the other formats are read whole by either path.
    """
    files = record_files(str(corpus))
    libraries = sorted((Path(p).stat().st_size, p) for p in files if p.lower().endswith(".cbl"))
    return [p for p in files if p.lower().endswith(".pgn")] + [p for _, p in libraries[:1]]


def _whole_convert(games: list[Game], library: bool, target: str) -> list[bytes]:
    """What the whole-file path writes for one input's games: one file, one per game (a library), or none."""
    if not games:
        return []
    if library:
        return [formats.write([g], target) for g in games]
    return [formats.write(games, target)]


def test_convert_of_corpus_records_is_what_the_whole_file_path_writes(
    shared_corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for n, path in enumerate(_streamed(shared_corpus)):
        record = formats.read(path)
        for game in record.games:
            standardise(game)
        library = record.format is not None and record.format.library
        for target in ("pgn", "json"):
            out = tmp_path / f"{n}-{target}"
            assert main(["convert", "--no-progress", path, "--out-dir", str(out), "--to", target]) in (0, 1)
            written = [p.read_bytes() for p in sorted(out.iterdir())] if out.exists() else []
            assert written == _whole_convert(record.games, library, target), path
    capsys.readouterr()


def test_format_of_corpus_records_is_what_the_whole_file_path_gives(shared_corpus: Path, tmp_path: Path) -> None:
    for path in _streamed(shared_corpus):
        data = Path(path).read_bytes()
        expected = format_file(data, path)
        copy = tmp_path / Path(path).name
        shutil.copyfile(path, copy)
        result = format_path(str(copy), path, write=True)
        assert (result.changed, result.reason) == (expected.changed, expected.reason), path
        assert copy.read_bytes() == (expected.data if expected.changed else data), path


@contextmanager
def interrupted_at_game(n: int) -> Iterator[None]:
    """A :class:`KeyboardInterrupt` raised when the command reaches its ``n``-th game."""
    calls = 0
    code = formats.losses.__code__

    # (A trace function, not a profile one: what a trace function raises goes on in the traced code.)
    def hook(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call" and frame.f_code is code:
            calls += 1
            if calls == n:
                sys.settrace(None)
                raise KeyboardInterrupt
        return None

    sys.settrace(hook)
    try:
        yield
    finally:
        sys.settrace(None)


def test_an_interrupted_run_leaves_the_old_outputs_and_no_temporary_file(big_pgn: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    out.write_text("old")
    with interrupted_at_game(GAMES // 2):
        assert main(["convert", "--no-progress", "--force", str(big_pgn), "-o", str(out)]) == 130
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"] and out.read_text() == "old"
    path = tmp_path / "big.pgn"
    path.write_bytes(big_pgn.read_bytes().replace(b"\n", b"\r\n"))
    with pytest.raises(KeyboardInterrupt), interrupted_at_game(GAMES // 2):
        format_path(str(path), write=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.pgn", "out.json"]
    assert b"\r\n" in path.read_bytes()
