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
