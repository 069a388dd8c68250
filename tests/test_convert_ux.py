"""`xqformats convert` as `lint`: folder inputs, the same encoding option names, no traceback on I/O failures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import write_tree

from xqformats.cli import main

GAME = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n'
ROOT = Path(__file__).resolve().parents[1]



def test_a_folder_in_gives_a_folder_out_mirroring_the_tree(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / ".git").mkdir()
    write_tree(workdir, **{
        "games__a.pgn": GAME, "games__deep__B.PGN": GAME, "games__deep__deeper__c.pgn": GAME,
        "games__notes.txt": "not a record", "games__old__d.pgn": GAME, ".gitignore": "old/\n",
    })
    assert main(["convert", "games", "--out-dir", "out", "--to", "cbf"]) == 0
    made = sorted(p.relative_to(workdir / "out").as_posix() for p in (workdir / "out").rglob("*") if p.is_file())
    # As lint finds them: known extensions in any case, .gitignore respected.
    assert made == ["a.cbf", "deep/B.cbf", "deep/deeper/c.cbf"]
    # -o gathers every game of the folder into one file.
    assert main(["convert", "games", "-o", "all.pgn"]) == 0
    assert (workdir / "all.pgn").read_text(encoding="utf-8").count('[Game "Chinese Chess"]') == 3


def test_an_empty_folder_is_a_usage_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "empty").mkdir()
    assert main(["convert", "empty", "--out-dir", "out", "--to", "cbf"]) == 2
    assert capsys.readouterr().err == "xqformats convert: No record files under `empty`\n"


def test_encoding_options_are_named_alike_in_lint_and_convert(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "a.pgn").write_bytes(GAME.encode("gbk"))
    assert main(["lint", "--isolated", "--input-encoding", "gbk", "a.pgn"]) == 0
    assert main(["convert", "--input-encoding", "gbk", "--output-encoding", "gbk", "a.pgn", "-o", "b.pgn"]) == 0
    assert (workdir / "b.pgn").read_bytes().decode("gbk").startswith('[Game "Chinese Chess"]')
    # The old spellings still work: lint's --encoding (input), convert's --encoding (output).
    assert main(["lint", "--isolated", "--encoding", "gbk", "a.pgn"]) == 0
    assert main(["convert", "--input-encoding", "gbk", "--encoding", "gbk", "a.pgn", "-o", "c.pgn"]) == 0
    assert (workdir / "c.pgn").read_bytes() == (workdir / "b.pgn").read_bytes()


def _cli(*args: str, stdout: object) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(  # type: ignore[call-overload]
        [sys.executable, "-m", "xqformats", *args], env=env, stdout=stdout, stderr=subprocess.PIPE
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["convert", "a.pgn", "-o", "-", "--to", "pgn"], ["lint", "--isolated", "a.pgn"]])
def test_a_full_disk_is_a_message_and_exit_2(workdir: Path, command: list[str]) -> None:
    write_tree(workdir, **{"a.pgn": GAME.replace("*\n", "\n")})  # (a finding, so lint writes something)
    with open("/dev/full", "wb") as full:
        done = _cli(*command, stdout=full)
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert b"No space left on device" in done.stderr


def test_a_closed_pipe_is_a_message_and_exit_2_for_convert(workdir: Path) -> None:
    write_tree(workdir, **{"a.pgn": GAME})
    proc = subprocess.Popen(
        [sys.executable, "-m", "xqformats", "convert", "a.pgn", "-o", "-", "--to", "pgn"],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader went away before anything was written
    err = proc.stderr.read()
    assert proc.wait(60) == 2 and b"Traceback" not in err and b"Broken pipe" in err


def test_an_output_folder_that_cannot_be_made_is_a_message_and_exit_2(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"a.pgn": GAME, "file": "x"})
    assert main(["convert", "a.pgn", "--out-dir", "file/sub", "--to", "cbf"]) == 2
    assert capsys.readouterr().err.startswith("xqformats convert: Cannot create `file/sub`")
    assert main(["convert", "a.pgn", "-o", "no/such/folder/b.pgn"]) == 2
    assert "Cannot write `no/such/folder/b.pgn`" in capsys.readouterr().err
