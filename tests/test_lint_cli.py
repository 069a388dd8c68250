"""`xqformats lint` end to end: exit statuses, selection, config, stdin, outputs.

Inputs here need no reader (unsupported and unreadable paths, empty runs) or
go through the real readers; readers are never faked.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from xqformats.cli import main


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["lint", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_unsupported_file_is_an_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "game.xqf").write_bytes(b"XQ\x0a\x00")
    status, out, _ = run(capsys, "--isolated", "game.xqf")
    assert status == 1
    assert out.splitlines() == [
        "game.xqf: G101 Unsupported file type `.xqf`; expected `.pgn`, `.cbf`",
        "Found 1 error in 1 file",
    ]


def test_unreadable_path_exits_2(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--isolated", "missing.pgn")
    assert status == 2
    assert out.splitlines()[0] == "missing.pgn: G102 No such file or folder `missing.pgn`"


def test_ignore_and_select(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "game.xqf").write_bytes(b"XQ")
    assert run(capsys, "--isolated", "--ignore", "G101", "game.xqf")[:2] == (0, "All checks passed (1 file)\n")
    assert run(capsys, "--isolated", "--select", "T1", "game.xqf")[0] == 0
    assert run(capsys, "--isolated", "--select", "T1", "--extend-select", "G10", "game.xqf")[0] == 1


def test_unknown_selector_is_a_usage_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--isolated", "--select", "Q1", ".")
    assert (status, out) == (2, "")
    assert err == "xqformats lint: Unknown rule selector `Q1`; expected a rule code or a prefix of one\n"


def test_bad_jobs_is_a_usage_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--isolated", "-j", "-1", ".")[0] == 2


def test_no_files(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--isolated", ".")
    assert status == 0
    assert out == "All checks passed (0 files)\n"
    assert "no .pgn or .cbf files found" in err


def test_config_is_found_and_applied(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (workdir / "game.xqf").write_bytes(b"XQ")
    (workdir / "pyproject.toml").write_text('[tool.xqformats]\nignore = ["G101"]\noutput-format = "json"\n')
    sub = workdir / "sub"
    sub.mkdir()
    # Found from a subfolder by walking up.
    monkeypatch.chdir(sub)
    status, out, _ = run(capsys, "../game.xqf")
    assert (status, json.loads(out)) == (0, [])
    # --isolated ignores it; --format overrides output-format.
    status, out, _ = run(capsys, "--isolated", "--format", "json", "../game.xqf")
    assert status == 1 and [d["code"] for d in json.loads(out)] == ["G101"]


def test_per_file_ignores(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "old").mkdir()
    (workdir / "old" / "a.xqf").write_bytes(b"XQ")
    (workdir / "b.xqf").write_bytes(b"XQ")
    (workdir / "xqformats.toml").write_text('[per-file-ignores]\n"old/*" = ["G101"]\n')
    status, out, _ = run(capsys, "--no-source", "old/a.xqf", "b.xqf")
    assert status == 1
    assert out.splitlines() == ["b.xqf: G101 Unsupported file type `.xqf`; expected `.pgn`, `.cbf`", "Found 1 error in 1 of 2 files"]


def test_invalid_config_is_a_usage_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "xqformats.toml").write_text("colour = 1\n")
    status, out, err = run(capsys, ".")
    assert status == 2 and out == ""
    assert err.startswith("xqformats lint: Unknown key `colour` in `")
    (workdir / "xqformats.toml").write_text('[per-file-ignores]\n"*" = ["ZZ"]\n')
    assert run(capsys, ".")[0] == 2


def test_explicit_config_file(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "game.xqf").write_bytes(b"XQ")
    (workdir / "ci.toml").write_text('ignore = ["G"]\n')
    assert run(capsys, "--config", "ci.toml", "game.xqf")[0] == 0
    assert run(capsys, "--config", "nope.toml", "game.xqf")[0] == 2


def test_stdin_filename_picks_the_format(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --stdin-filename names the input and its extension decides the format.
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"XQ\x00")))
    status, out, _ = run(capsys, "--isolated", "--stdin-filename", "x.xqf", "-")
    assert status == 1
    assert out.splitlines()[0] == "x.xqf: G101 Unsupported file type `.xqf`; expected `.pgn`, `.cbf`"


def test_machine_formats_have_no_summary(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "game.xqf").write_bytes(b"XQ")
    _, out, _ = run(capsys, "--isolated", "--format", "github", "game.xqf")
    assert out == (
        "::error title=xqformats (G101),file=game.xqf::game.xqf: G101 Unsupported file type `.xqf`; "
        "expected `.pgn`, `.cbf`\n"
    )
    _, out, _ = run(capsys, "--isolated", "--format", "sarif", "game.xqf")
    log = json.loads(out)
    assert log["runs"][0]["results"][0]["ruleId"] == "G101"
