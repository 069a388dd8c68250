"""RecordStream.lines: the source lines findings point at, and the lines that hold a text.

A file that cannot hold the text (its bytes do not) is not decoded again; one
that may is, and every line holding it is found wherever it stands.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xqformats.formats import open_record

GAME = '[Game "Chinese Chess"]\n\n1. 炮二平五 马8进7 {评注} *\n\n'
MARK = "xqformats: ignore P206"


def lines_holding(path: Path, text: str, wanted: frozenset[int] = frozenset()) -> dict[int, str]:
    with open_record(path) as stream:
        for _ in stream:
            pass
        return stream.lines(wanted, text)


@pytest.mark.parametrize("codec", ["utf-8", "gb18030", "big5"])
def test_lines_holding_a_text_in_any_codec(tmp_path: Path, codec: str) -> None:
    game = GAME.replace("马", "馬").replace("进", "進").replace("评注", "評註")  # (Big5: traditional forms)
    path = tmp_path / "a.pgn"
    path.write_bytes((game * 3 + game.replace("{評註}", "{" + MARK + "}")).encode(codec))
    line = game.splitlines()[2]
    assert lines_holding(path, "xqformats:") == {15: line.replace("{評註}", "{" + MARK + "}")}
    assert lines_holding(path, "no such text") == {}
    assert lines_holding(path, "no such text", frozenset({3})) == {3: line}


def test_a_text_across_the_blocks_the_bytes_are_read_in(tmp_path: Path) -> None:
    """The bytes are searched 1 MiB at a time: a text the first block's end cuts is found."""
    block = 1 << 20
    head = (GAME * ((block - 100) // len(GAME.encode()))).encode()
    filler = block - 8 - len(head)  # puts "xqformats:" at block - 4
    data = head + b"{" + b"x" * filler + b"}\n{" + MARK.encode() + b"}\n"
    assert data.index(b"xqformats:") == block - 4
    path = tmp_path / "big.pgn"
    path.write_bytes(data)
    found = lines_holding(path, "xqformats:")
    assert list(found.values()) == ["{" + MARK + "}"]


def _opens_of(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every opening of ``path`` from now on (os.open and the built-in open), as a list that grows."""
    import builtins
    import os

    opened: list[str] = []
    real_os_open, real_open = os.open, builtins.open

    def os_open(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        if os.fspath(file) == str(path):
            opened.append("os.open")
        return real_os_open(file, *args, **kwargs)

    def open_(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(file, (str, os.PathLike)) and os.fspath(file) == str(path):
            opened.append("open")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(builtins, "open", open_)
    return opened


def test_a_small_file_is_read_once_for_its_games_and_its_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Under 64 KiB the front door reads the file when it detects its format and the reader reads
    # it from memory; the lines findings point at come from the text kept, not a second read.
    path = tmp_path / "g.pgn"
    path.write_bytes('[Game "Chinese Chess"]\r\n[Date "09-08-01"]\r\n\r\n  1. 炮二平五 马８进７\r\n*\r\n'.encode("gbk"))
    opened = _opens_of(path, monkeypatch)
    with open_record(path) as stream:
        games = list(stream)
        lines = stream.lines([2, 4])
    assert len(games) == 1 and [str(m) for m in games[0].mainline_moves()] == ["H2-E2", "H9-G7"]
    assert lines == {2: '[Date "09-08-01"]', 4: "  1. 炮二平五 马８进７"}
    assert opened == ["os.open"]


def test_a_large_file_is_read_again_for_its_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = '[Game "Chinese Chess"]\n\n1. 炮二平五 马8进7 *\n\n'
    path = tmp_path / "big.pgn"
    path.write_text(game * 3000, encoding="utf-8")  # about 110 KB: streamed, its text not kept
    opened = _opens_of(path, monkeypatch)
    with open_record(path) as stream:
        assert sum(1 for _ in stream) == 3000
        assert stream.lines([3]) == {3: "1. 炮二平五 马8进7 *"}
    assert opened == ["os.open", "open"]
