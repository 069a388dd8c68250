"""`lint --encoding` and `convert --input-encoding` override the detected encoding of PGN input."""

from __future__ import annotations

from pathlib import Path

import pytest

from xqformats.cli import main

# Saved as GB18030, the record is no valid UTF-8, so detection guesses (E101).
PGN = '[Game "Chinese Chess"]\n[Event "象棋"]\n[Result "*"]\n1. 炮二平五 *\n'


def test_lint_encoding_override_reads_the_given_codec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.pgn"
    path.write_bytes(PGN.encode("gb18030"))
    # Detected: a guess, reported as E101 (info).
    assert main(["lint", "--isolated", "--format", "json", "--select", "E1", str(path)]) == 0
    assert '"code": "E101"' in capsys.readouterr().out
    # Given: no guess to report.
    assert main(["lint", "--isolated", "--format", "json", "--select", "E1", "--encoding", "gb18030", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "[]"


def test_lint_wrong_encoding_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.pgn"
    path.write_bytes(PGN.encode("gb18030"))
    status = main(["lint", "--isolated", "--format", "json", "--encoding", "utf-8", str(path)])
    out = capsys.readouterr().out
    assert status == 1
    assert '"code": "E102"' in out  # the GB18030 bytes are not UTF-8


def test_convert_input_encoding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "game.pgn"
    src.write_bytes(PGN.encode("gb18030"))
    assert main(["convert", "--input-encoding", "gb18030", str(src), "-o", "-", "--to", "pgn"]) == 0
    assert '[Event "象棋"]' in capsys.readouterr().out
