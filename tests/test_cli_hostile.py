"""Hostile inputs to the command line (issue 10, items 7–10): usage errors, not crashes or hangs.

* a codec that is not a text encoding (``hex``, ``rot13``, …) given as an encoding is a usage
  error (exit 2) naming the option and the value, for ``lint`` and ``convert`` alike;
* a FIFO (or any file that is not a regular file) is reported as ``G102`` and never opened;
* SARIF output names a file whose name is not valid UTF-8 by its percent-encoded bytes;
* a file above the size limit (``--max-file-size``, ``max-file-size``) is reported as ``G107``
  and not read; ``/dev/zero`` (whose size says 0) is caught too.

Whatever could hang runs in a subprocess with a timeout, so a regression fails instead of
stalling the suite.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from xqformats import formats
from xqformats.cli import main

ROOT = Path(__file__).resolve().parents[1]
GAME = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 *\n'
NON_TEXT_CODECS = ("hex", "rot13", "base64", "zlib", "bz2", "uu", "quopri", "idna", "punycode", "undefined")


def xq(*args: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``python -m xqformats`` on the source tree in ``cwd``; fail (not hang) past ``timeout``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "xqformats", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
    )


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.pgn").write_text(GAME, encoding="utf-8")
    return tmp_path


# ---------------------------------------------------------------- 7: encodings


@pytest.mark.parametrize("codec", NON_TEXT_CODECS)
def test_lint_refuses_a_codec_that_is_not_a_text_encoding(
    codec: str, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["lint", "--isolated", "--encoding", codec, "game.pgn"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.startswith("xqformats lint: --input-encoding") and f"`{codec}`" in err


# (--encoding is the old spelling of --output-encoding: the message names the option by its name.)
@pytest.mark.parametrize(
    "option, named",
    [("--encoding", "--output-encoding"), ("--output-encoding", "--output-encoding"), ("--input-encoding", "--input-encoding")],
)
@pytest.mark.parametrize("codec", NON_TEXT_CODECS)
def test_convert_refuses_a_codec_that_is_not_a_text_encoding(
    codec: str, option: str, named: str, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["convert", "game.pgn", "-o", "out.pgn", option, codec])
    _, err = capsys.readouterr()
    assert status == 2
    assert err.startswith(f"xqformats convert: {named}") and f"`{codec}`" in err
    assert not (workdir / "out.pgn").exists()


def test_unknown_encoding_is_a_usage_error_too(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--isolated", "--encoding", "klingon", "game.pgn"]) == 2
    assert "--input-encoding" in capsys.readouterr().err
    assert main(["convert", "game.pgn", "-o", "out.pgn", "--input-encoding", "klingon"]) == 2
    assert "`klingon`" in capsys.readouterr().err


def test_text_encodings_are_accepted(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--isolated", "--encoding", "UTF-8", "game.pgn"]) == 0
    assert main(["convert", "game.pgn", "-o", "out.pgn", "--input-encoding", "utf8", "--encoding", "gbk"]) == 0


@pytest.mark.parametrize("codec", NON_TEXT_CODECS)
def test_text_encoding_names_the_codec(codec: str) -> None:
    with pytest.raises(ValueError, match=f"`{codec}`"):
        formats.text_encoding(codec)
    assert formats.text_encoding("GBK") == "gbk"
    with pytest.raises(ValueError, match="`rot13`"):
        formats.read(GAME.encode(), name="g.pgn", encoding="rot13")


# ---------------------------------------------------------------- 8: FIFOs

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


@needs_fifo
@pytest.mark.parametrize("given", ["file", "folder"])
def test_lint_reports_a_fifo_and_does_not_hang(given: str, tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "good.pgn").write_text(GAME, encoding="utf-8")
    os.mkfifo(folder / "pipe.pgn")
    done = xq("lint", "--isolated", "games/pipe.pgn" if given == "file" else "games", cwd=tmp_path, timeout=30)
    assert done.returncode == 2, done.stderr
    assert "games/pipe.pgn: error G102 Cannot read `games/pipe.pgn`: not a regular file" in done.stdout
    assert "Traceback" not in done.stderr


@needs_fifo
def test_convert_reports_a_fifo_and_does_not_hang(tmp_path: Path) -> None:
    (tmp_path / "good.pgn").write_text(GAME, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.pgn")
    done = xq("convert", "pipe.pgn", "good.pgn", "--out-dir", "out", "--to", "cbf", cwd=tmp_path, timeout=30)
    assert done.returncode == 2
    assert "G102" in done.stderr and "not a regular file" in done.stderr
    assert (tmp_path / "out" / "good.cbf").is_file()


@needs_fifo
def test_read_does_not_open_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.pgn")
    code = (
        "import sys; from xqformats import formats; r = formats.read(sys.argv[1]); "
        "print(r.failed, [(d.code, d.message) for d in r.diagnostics])"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "pipe.pgn")], env=env, capture_output=True, text=True, timeout=30
    )
    assert done.stdout.startswith("True [('G102'") and "not a regular file" in done.stdout


# ---------------------------------------------------------------- 9: SARIF and undecodable names


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="needs a file system that takes any bytes in names")
def test_sarif_names_a_non_utf8_file_by_its_bytes(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path / "games")
    os.mkdir(folder)
    with open(os.path.join(folder, b"g\xffame.pgn"), "wb") as fh:
        fh.write(b"1. xyz *\n")
    done = xq("lint", "--isolated", "--format", "sarif", "games", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    log = json.loads(done.stdout)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert uris == {"games/g%FFame.pgn"}


# ---------------------------------------------------------------- 10: file size


def test_lint_refuses_a_file_above_the_limit(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "big.pgn").write_text(GAME * 10, encoding="utf-8")
    status = main(["lint", "--isolated", "--max-file-size", "100", "big.pgn", "game.pgn"])
    out, _ = capsys.readouterr()
    assert status == 2
    assert out.splitlines()[0].startswith("big.pgn: error G107 `big.pgn` is larger than the limit of 100 bytes")
    assert "game.pgn" not in out


def test_max_file_size_from_the_config(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "xqformats.toml").write_text('max-file-size = "1K"\n', encoding="utf-8")
    (workdir / "big.pgn").write_text(GAME * 100, encoding="utf-8")
    assert main(["lint", "big.pgn", "game.pgn"]) == 2
    assert "G107" in capsys.readouterr().out
    assert main(["lint", "--max-file-size", "1M", "big.pgn"]) == 0


@pytest.mark.parametrize("value", ["-1", "lots", "0", "1X"])
def test_bad_max_file_size_is_a_usage_error(value: str, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--isolated", "--max-file-size", value, "game.pgn"]) == 2
    assert capsys.readouterr().err.startswith(f"xqformats lint: --max-file-size: `{value}`")
    assert main(["convert", "game.pgn", "-o", "o.pgn", "--max-file-size", value]) == 2
    assert capsys.readouterr().err.startswith(f"xqformats convert: --max-file-size: `{value}`")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize("command", ["lint", "convert"])
def test_a_link_to_dev_zero_is_refused(command: str, tmp_path: Path) -> None:
    os.symlink("/dev/zero", tmp_path / "zero.pgn")
    if command == "lint":
        done = xq("lint", "--isolated", "--max-file-size", "1M", "zero.pgn", cwd=tmp_path, timeout=60)
        shown = done.stdout
    else:
        done = xq("convert", "zero.pgn", "-o", "out.cbf", "--max-file-size", "1M", cwd=tmp_path, timeout=60)
        shown = done.stderr
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "G102" in shown or "G107" in shown


def test_read_takes_a_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.pgn"
    path.write_text(GAME * 10, encoding="utf-8")
    record = formats.read(path, max_size=100)
    assert record.failed and [d.code for d in record.diagnostics] == ["G107"]
    assert formats.read(path, max_size=len(GAME.encode()) * 10).games
    with open(path, "rb") as fh:
        assert [d.code for d in formats.read(fh, max_size=100).diagnostics] == ["G107"]
    assert [d.code for d in formats.read((GAME * 10).encode(), max_size=100).diagnostics] == ["G107"]
    assert formats.DEFAULT_MAX_FILE_SIZE == 256 * 1024 * 1024
    assert formats.parse_size("256M") == formats.DEFAULT_MAX_FILE_SIZE


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_handle_on_dev_zero_is_read_up_to_the_limit_only() -> None:
    with open("/dev/zero", "rb") as fh:
        record = formats.read(fh, name="zero.pgn", max_size=1000)
    assert record.failed and [d.code for d in record.diagnostics] == ["G107"]


@pytest.mark.parametrize("value", ["true", '"lots"', "0", "[1]"])
def test_bad_max_file_size_in_the_config_is_a_usage_error(
    value: str, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (workdir / "xqformats.toml").write_text(f"max-file-size = {value}\n", encoding="utf-8")
    assert main(["lint", "game.pgn"]) == 2
    assert "`max-file-size` in" in capsys.readouterr().err


def test_lint_paths_takes_a_size_limit(tmp_path: Path) -> None:
    from xqformats.lint import lint_paths

    (tmp_path / "big.pgn").write_text(GAME * 10, encoding="utf-8")
    assert [d.code for d in lint_paths([str(tmp_path / "big.pgn")], max_size=100)] == ["G107"]
    assert "G107" not in {d.code for d in lint_paths([str(tmp_path / "big.pgn")])}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "args",
    [["lint", "g.pgn"], ["lint", "--format", "json", "g.pgn"], ["rules"], ["convert", "g.pgn", "-o", "-", "--to", "pgn"],
     ["fen", "4k4/9/9/9/9/9/9/9/9/3K5"], ["perft", "1"]],
)
def test_a_full_disk_on_stdout_is_a_message_not_a_traceback(args: list[str], tmp_path: Path) -> None:
    (tmp_path / "g.pgn").write_text(GAME, encoding="utf-8")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "xqformats", *args], cwd=tmp_path, stdout=full, stderr=subprocess.PIPE, text=True,
            timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "No space left on device" in done.stderr
