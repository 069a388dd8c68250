"""Writing XQF (version 10), round trips, losses, and XQF through the front door and the CLI."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import games
from xqformats import formats
from xqformats.cli import main
from xqformats.model import Game, Headers, Node
from xqformats.position import STARTING_FEN, Position
from xqformats.xqf import VERSION_WRITTEN, read_header, read_xqf, unwritten, write_xqf

#: The header fields and their capacities in bytes (docs/spec/xqf.md §2.6), restated for the test.
CAPACITY = {"Name": 63, "TitleB": 63, "Event": 63, "Date": 15, "Site": 15, "Red": 15, "Black": 15,
            "TimeRule": 63, "RedTime": 15, "BlackTime": 15, "Annotator": 15, "Creator": 15}  # fmt: skip


def _cut(text: str, capacity: int) -> str:
    while len(text.encode("gb18030")) > capacity:
        text = text[:-1]
    return text


def after_xqf(game: Game) -> Game:
    """``game`` as an XQF file gives it back (docs/spec/xqf.md §5.2): strings in their fields,
    no NAGs, one comment per move after it, the start without move counters."""
    headers = {k: _cut(v, CAPACITY[k]) for k, v in game.headers.items() if k in CAPACITY}
    headers = {k: v for k, v in headers.items() if v}
    if game.headers.get("GameType") in ("布局", "中局", "残局"):
        headers["GameType"] = game.headers["GameType"]
    start = game.start.copy()
    start.fullmove_number, start.halfmove_clock = 1, 0
    if start.fen() != STARTING_FEN:
        headers["FEN"] = start.fen()
    out = Game(Headers(headers), start=start, result=game.result)
    stack: list[tuple[Node, Node]] = [(game.root, out.root)]
    while stack:
        src, dst = stack.pop()
        texts = src.comments_before + src.comments
        dst.comments = ["\n".join(texts)] if texts else []
        for child in src.children:
            assert child.move is not None
            stack.append((child, dst.add_variation(child.move)))
    return out


def roundtrip(game: Game) -> Game:
    data = write_xqf(game)
    back, diags = read_xqf(data)
    assert diags == []
    assert back is not None
    return back


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_round_trip(game: Game) -> None:
    assert roundtrip(game) == after_xqf(game)


@settings(max_examples=60, deadline=None)
@given(games(nags=None, comments_before=None, headers=None), st.sampled_from(["布局", "中局", "残局"]))
def test_what_xqf_holds_round_trips_exactly(game: Game, kind: str) -> None:
    del game.headers["Game"]  # it describes PGN; XQF is XQF
    game.headers["GameType"] = kind
    for node in game.root.walk():
        node.comments = node.comments[:1]
    game.start.fullmove_number, game.start.halfmove_clock = 1, 0
    if game.start.fen() != STARTING_FEN:
        game.headers["FEN"] = game.start.fen()
    assert unwritten(game) == []
    assert roundtrip(game) == game


@settings(max_examples=40, deadline=None)
@given(games(max_moves=12))
def test_written_header_reads_back_with_the_generated_parser(game: Game) -> None:
    data = write_xqf(game)
    header = read_header(data)
    assert header is not None and header.version == VERSION_WRITTEN and not header.encrypted
    assert header.who_play == (0 if game.start.turn else 1)
    assert header.title_a.text == b"" or header.title_a.text.decode("gb18030") == game.headers.get("Name")


def test_written_bytes_are_xqf_1_0() -> None:
    game = Game.from_moves([])
    data = write_xqf(game)
    assert data[:3] == b"XQ\x0a" and len(data) == 1024 + 8
    assert data[1024:] == bytes([0x18, 0x20, 0x00, 0xFF, 0, 0, 0, 0])  # [XQF-1.0]'s root with no moves
    assert write_xqf(game) == data  # the same bytes every time


def test_losses_are_named() -> None:
    game = Game(Headers({"Event": "e" * 70, "Round": "3", "Red": "许银川许银川许银川许", "GameType": "全局"}))
    node = game.root.add_variation(formats.read(b"1. h2e2 *\n", format="pgn").games[0].mainline_moves()[0])
    node.nags.append(1)
    node.comments += ["a", "b"]
    node.comments_before.append("before")
    lost = unwritten(game)
    assert any("`Round`" in s for s in lost)
    assert any("`Event`" in s and "`Red`" in s and "cut" in s for s in lost)
    assert any("NAG" in s for s in lost)
    assert any("joined" in s for s in lost) and any("before a move" in s for s in lost)
    assert any("GameType" in s for s in lost)
    assert formats.losses(game, "xqf") == lost


def test_a_position_reached_in_play_loses_its_counters() -> None:
    pos = Position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")
    pos.fullmove_number = 7
    assert any("move number" in s for s in unwritten(Game(start=pos)))


# ---------------------------------------------------------------- the front door and the command line

PGN = '[Game "Chinese Chess"]\n[Event "杯"]\n[Red "甲"]\n[Black "乙"]\n[Result "1-0"]\n\n1. 炮二平五 {好} 马８进７ (1... 炮８平５) 2. 马二进三 1-0\n'


def test_read_through_the_front_door(tmp_path: Path) -> None:
    game = formats.read(io.BytesIO(PGN.encode()), format="pgn").games[0]
    path = tmp_path / "GAME.XQF"
    path.write_bytes(formats.write([game], "xqf"))
    record = formats.read(str(path))
    assert record.format is not None and record.format.name == "xqf" and record.diagnostics == []
    back = record.games[0]
    assert back.mainline_moves() == game.mainline_moves() and back.result == "1-0"
    assert back.headers["Event"] == "杯" and back.root.children[0].comments == ["好"]
    # Recognised by its signature too.
    named = formats.read(path.read_bytes(), name="game.pgn")
    assert named.format is not None and named.format.name == "xqf" and [d.code for d in named.diagnostics] == ["G105"]
    assert formats.read(path.read_bytes()).format.name == "xqf"  # type: ignore[union-attr]


def test_lint_reports_at_byte_offsets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = formats.read(io.BytesIO(PGN.encode()), format="pgn").games[0]
    data = bytearray(formats.write([game], "xqf"))
    data[0x33] = 4
    (tmp_path / "bad.xqf").write_bytes(bytes(data) + b"xx")
    status = main(["lint", "--isolated", "--no-source", str(tmp_path / "bad.xqf")])
    out = capsys.readouterr().out
    assert status == 0  # warnings only
    assert f"{tmp_path / 'bad.xqf'}:@0x33: warning X204 " in out and f":@{len(data):#x}: warning X106 " in out
    main(["lint", "--isolated", "--format", "json", str(tmp_path / "bad.xqf")])
    found = json.loads(capsys.readouterr().out)
    assert [(d["code"], d["offset"], d["length"]) for d in found] == [("X204", 0x33, 1), ("X106", len(data), 2)]


def test_a_folder_lint_picks_up_xqf_in_any_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = formats.read(io.BytesIO(PGN.encode()), format="pgn").games[0]
    (tmp_path / "a.XQF").write_bytes(formats.write([game], "xqf"))
    (tmp_path / "b.xqf").write_bytes(b"XQ\x0a")
    status = main(["lint", "--isolated", "--no-source", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 1 and "b.xqf:@0x0: error X101 " in out and "a.XQF" not in out


def test_convert_to_xqf_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "g.pgn").write_text(PGN, encoding="utf-8")
    assert main(["convert", str(tmp_path / "g.pgn"), "-o", str(tmp_path / "g.xqf")]) == 0
    assert main(["convert", str(tmp_path / "g.xqf"), "-o", str(tmp_path / "back.pgn")]) == 0
    capsys.readouterr()
    first = formats.read(str(tmp_path / "g.pgn")).games[0]
    back = formats.read(str(tmp_path / "back.pgn")).games[0]
    assert back.mainline_moves() == first.mainline_moves()
    assert back.root.children[0].children[1].move == first.root.children[0].children[1].move
    assert back.result == first.result and back.headers["Red"] == "甲"


# ---------------------------------------------------------------- hostile bytes


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=1500))
def test_any_bytes_never_raise(data: bytes) -> None:
    read_xqf(b"XQ" + data)
    read_xqf(data)


@st.composite
def mangled(draw) -> bytes:  # type: ignore[no-untyped-def]
    data = bytearray(write_xqf(draw(games(max_moves=15))))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(2, len(data) - 1))
        data[at] = draw(st.integers(0, 255))
    return bytes(data[: draw(st.integers(1000, len(data)))])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled())
def test_mangled_files_never_raise_and_what_is_read_can_be_written(data: bytes) -> None:
    game, diags = read_xqf(data)
    assert all(d.offset is not None for d in diags)
    if game is not None:
        again, _ = read_xqf(write_xqf(game))
        assert again is not None and again.mainline_moves() == game.mainline_moves()


def test_an_empty_tag_is_named_as_a_loss() -> None:
    # Found by the fuzzing harness: `[Event ""]` read back as no tag, in silence.
    from xqformats.model import Game
    from xqformats.xqf import unwritten

    assert "empty tag(s) `Event` not kept (an empty field reads as no tag)" in unwritten(Game({"Event": ""}))
