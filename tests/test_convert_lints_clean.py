"""What ``convert`` writes lints without errors unless the input had them (issue 27, items 4 and 5).

Two ways our own output failed our own lint: a 象棋桥 library's text records
(no piece on the board, no move) were written as a game on an empty board
(``[FEN "9/9/9/9/9/9/9/9/9/9 w - - 0 1"]``, F108), and the U+FFFD written for
text a binary reader could not decode was read back as undecodable bytes (E102).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cbr_helpers import END, Entry, Rec, cbl, cbr

from xqformats.cli import main
from xqformats.formats import REGISTRY

#: Every format convert writes, with the extension its -o file gets.
TARGETS = [(fmt.name, fmt.extensions[0]) for fmt in REGISTRY if fmt.writer is not None]
#: The formats whose file holds one game (convert then needs --out-dir for a library).
ONE_GAME = {fmt.name for fmt in REGISTRY if fmt.writer is not None and fmt.writer.max_games == 1}


def _convert_all(capsys: pytest.CaptureFixture[str], source: Path, target: str, ext: str, out: Path) -> tuple[int, str, list[Path]]:
    """Convert ``source`` to ``target``: one file, or a folder of files for a one-game format."""
    if target in ONE_GAME:
        status = main(["convert", "--no-progress", str(source), "--out-dir", str(out), "--to", target])
        files = sorted(out.iterdir()) if out.exists() else []
    else:
        file = out.with_suffix(ext)
        status = main(["convert", "--no-progress", str(source), "-o", str(file), "--to", target])
        files = [file] if file.exists() else []
    return status, capsys.readouterr().err, files


def _lint_status(capsys: pytest.CaptureFixture[str], files: list[Path]) -> tuple[int, str]:
    status = main(["lint", "--isolated", "--no-progress", *map(str, files)])
    return status, capsys.readouterr().out


@pytest.mark.parametrize(("target", "ext"), TARGETS)
def test_a_text_record_of_a_library_is_named_and_left_out(
    target: str, ext: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A chapter's introduction: no piece at all on the board (docs/spec/cbr.md §3.4), a comment.
    text = cbr(texts={"Name": "第一章"}, board=bytes(90), intro="本章十局")
    game = cbr(texts={"Red": "甲"})
    (tmp_path / "lib.cbl").write_bytes(cbl([Entry(text), Entry(game)]))
    status, err, files = _convert_all(capsys, tmp_path / "lib.cbl", target, ext, tmp_path / "out")
    title = REGISTRY.get(target).title
    assert status == 0, err
    # (Then what the target cannot hold of game 2, if anything.)
    assert err.splitlines()[0] == (
        f"{tmp_path / 'lib.cbl'} (game 1): warning: left out: the record `第一章` is text only "
        f"(no piece on its board, no move); {title} holds no game without a position"
    )
    assert len(files) == 1
    assert _lint_status(capsys, files)[0] == 0


def test_a_library_of_text_records_only_converts_nothing_and_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "lib.cbl").write_bytes(cbl([Entry(cbr(board=bytes(90), intro="序"))]))
    status = main(["convert", "--no-progress", str(tmp_path / "lib.cbl"), "-o", str(tmp_path / "x.pgn")])
    err = capsys.readouterr().err
    assert status == 1 and not (tmp_path / "x.pgn").exists()
    assert err.splitlines() == [
        f"{tmp_path / 'lib.cbl'}: no game with a position found; nothing converted",
        (
            f"{tmp_path / 'lib.cbl'}: warning: left out: the record is text only (no piece on its board, no move); "
            "PGN holds no game without a position"
        ),
    ]


@pytest.mark.parametrize(("target", "ext"), TARGETS)
def test_the_replacement_character_written_for_bad_text_reads_back_as_text(
    target: str, ext: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A lone surrogate in a UTF-16LE comment (B105, a warning): the reader keeps U+FFFD in its place.
    record = cbr([Rec("H2-E2", END, "a\ud842b")])
    (tmp_path / "bad.cbr").write_bytes(record)
    status, err, files = _convert_all(capsys, tmp_path / "bad.cbr", target, ext, tmp_path / "out")
    assert status == 0 and "B105" in err and len(files) == 1
    lint_status, out = _lint_status(capsys, files)
    assert "E102" not in out and lint_status == 0, out


#: Shared-corpus files whose conversions failed lint before (issue 27): text records; U+FFFD.
OFFENDERS = [
    "walker8088__cchess/tests/data/1989年龙化杯象棋名师邀请赛35局.CBL",
    "walker8088__cchess/tests/data/game_test.xqf",
]


@pytest.mark.parametrize("name", OFFENDERS)
@pytest.mark.parametrize(("target", "ext"), TARGETS)
def test_conversions_of_real_files_lint_without_errors(
    name: str, target: str, ext: str, shared_corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = shared_corpus / name
    if not source.is_file():
        pytest.skip(f"{name} is not in the shared corpus")
    status, err, files = _convert_all(capsys, source, target, ext, tmp_path / "out")
    assert status == 0 and files, err
    lint_status, out = _lint_status(capsys, files)
    assert lint_status == 0, out
