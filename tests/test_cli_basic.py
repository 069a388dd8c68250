"""The ``perft`` and ``fen`` subcommands of the command line.

One test runs the real entry point in a subprocess (``python -m xqformats``
with ``PYTHONPATH`` at the repository); the rest call :func:`cli.main` in
process, which is faster and sees the same code.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from xqformats import cli

REPO = Path(__file__).resolve().parents[1]
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "xqformats", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=60,
    )


def test_module_perft_2_prints_count_on_last_line() -> None:
    proc = run_module("perft", "2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "1920"
    assert proc.stderr == ""


def test_module_invalid_fen_is_a_clean_error() -> None:
    proc = run_module("perft", "1", "--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr == (
        "xqformats perft: invalid FEN: column 59: "
        "Unknown piece letter `Q`; expected one of `KABNRCP` or `kabnrcp`\n"
    )


@pytest.mark.parametrize(
    "depth, fen, count",
    [
        ("0", START, "1"),
        ("1", START, "44"),
        ("3", START, "79666"),
        ("1", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "44"),  # side omitted
        ("2", "3akab2/8R/r3n2c1/9/9/9/4C4/9/6N2/3K5 b", "310"),  # pyffish count
        ("1", "3k5/9/9/9/9/9/9/9/9/3RK4 b", "0"),  # checkmate
    ],
)
def test_main_perft(capsys: pytest.CaptureFixture[str], depth: str, fen: str, count: str) -> None:
    assert cli.main(["perft", depth, "--fen", fen]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == count
    assert err == ""


def test_main_perft_divide(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["perft", "2", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "1920"
    assert len(lines) == 45  # one line per legal first move, then the total
    assert sum(int(line.split(": ")[1]) for line in lines[:-1]) == 1920
    # Reply counts from pyffish (its h3e3 and b1c3, ranks 1-10); UCCI spelling here.
    assert "h2e2: 45" in lines  # 炮二平五
    assert "b0c2: 43" in lines  # 马八进七


@pytest.mark.parametrize(
    "fen, message",
    [
        ("", "column 1: Empty FEN; expected ten ranks of nine cells separated by `/`"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "column 2: The kings face each other on file e with no piece between"),
        ("9/9/9/9/9/9/9/9/9/9 w", "column 1: Red has no king"),
        ("3k5/9/9/9/9/9/9/9/9/3RK4 w", "column 2: Black is in check but it is Red's move"),
    ],
)
def test_main_perft_rejects_invalid_fen(capsys: pytest.CaptureFixture[str], fen: str, message: str) -> None:
    assert cli.main(["perft", "1", "--fen", fen]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[0] == f"xqformats perft: invalid FEN: {message}"


def test_main_perft_negative_depth(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["perft", "-1"]) == 2
    assert capsys.readouterr().err == "xqformats perft: DEPTH must be 0 or more\n"


def test_main_perft_depth_not_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:  # argparse's usage error
        cli.main(["perft", "two"])
    assert exc.value.code == 2
    assert "invalid int value: 'two'" in capsys.readouterr().err


def test_main_fen_normalises(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r"]) == 0
    out, err = capsys.readouterr()
    assert out == START + "\n"
    assert err == ""


def test_main_fen_reports_diagnostics(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "<fen>:1:61: F104 Side to move `x` is not `w`, `r` or `b`\n"


# ---------------------------------------------------------------- the parser


def test_help_lists_the_subcommand_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    # A name too long for argparse's column puts its help on the next line, indented further.
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines() if re.match(r" {4}\S", line)]
    assert listed == [cmd.name for cmd in cli.SUBCOMMANDS]
    assert listed[:5] == ["perft", "fen", "lint", "rules", "convert"]


def test_no_subcommand_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert capsys.readouterr().err.startswith("usage: xqformats [-h] [--version] COMMAND ...")


def test_commands_do_not_import_the_cli() -> None:
    """cli -> commands only: importing the subcommands registers nothing and loads no cli."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    modules = ", ".join(f"xqformats.commands.{name}" for name in ("perft", "fen", "lint", "rules", "convert", "format"))
    code = f"import sys, {modules}, xqformats.convert; print('xqformats.cli' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "False\n"


def _lint_findings_file(tmp_path: Path, games: int) -> Path:
    """A PGN file of ``games`` games, each with one T101 finding (no `Game` tag) and its source line."""
    path = tmp_path / "many.pgn"
    path.write_text("".join(f'[Event "e{i}"]\n\n1. 炮二平五 马8进7 *\n\n' for i in range(games)), encoding="utf-8")
    return path


def test_module_output_is_whole_and_the_status_kept_when_the_process_ends_at_once(tmp_path: Path) -> None:
    # `python -m xqformats` ends without the interpreter's teardown (xqformats.process.exit_now):
    # everything written must still reach the pipe, the exit status must be the command's.
    path = _lint_findings_file(tmp_path, 2000)
    proc = run_module("lint", "--no-progress", "--no-fold", "--exit-zero", str(path))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert sum(" warning T101 " in line for line in lines) == 2000
    assert lines[-1] == "Found 2000 warnings in 1 file"
    failing = run_module("fen", "not a fen")
    assert failing.returncode == 1


def test_module_ends_quietly_when_the_reader_closes_the_pipe(tmp_path: Path) -> None:
    # `xqformats lint big.pgn | head -1`: a reader that stopped early is no failure (no message, status 0).
    path = _lint_findings_file(tmp_path, 3000)
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "xqformats", "lint", "--no-progress", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=REPO,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert b"T101" in proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert err == ""


def test_exit_now_runs_the_atexit_handlers_and_flushes(tmp_path: Path) -> None:
    script = (
        "import atexit, sys\n"
        "from xqformats.process import exit_now\n"
        "atexit.register(lambda: print('handler ran'))\n"
        "sys.stdout.write('buffered, no newline')\n"
        "exit_now(3)\n"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 3
    assert proc.stdout == "buffered, no newlinehandler ran\n"
