"""The default rule selection leaves out the opt-in M4 style rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from xqformats.cli import main
from xqformats.lint import lint_paths

# `h2e2` (UCCI spelling) is M405 (info): canonical ICCS is `H2-E2`.
PGN = '[Game "Chinese Chess"]\n[Result "*"]\n[Format "ICCS"]\n1. h2e2 h9g7 *\n'


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.pgn"
    path.write_text(PGN, encoding="utf-8")
    return path


def codes(diags: list) -> list[str]:
    return [d.code for d in diags]


def test_style_rules_are_off_by_default(record: Path) -> None:
    assert codes(lint_paths([str(record)])) == []


@pytest.mark.parametrize("select", [["M4"], ["M405"], ["ALL"], ["ALL", "M4"]])
def test_style_rules_on_when_selected(record: Path, select: list[str]) -> None:
    assert codes(lint_paths([str(record)], select=select)) == ["M405", "M405"]


@pytest.mark.parametrize(
    "args, expected",
    [
        ([], ""),
        (["--extend-select", "M4"], "M405"),
        (["--select", "ALL"], "M405"),
        (["--select", "M405"], "M405"),
        (["--select", "ALL", "--ignore", "M4"], ""),
    ],
)
def test_cli_selection(record: Path, capsys: pytest.CaptureFixture[str], args: list[str], expected: str) -> None:
    status = main(["lint", "--isolated", "--format", "json", *args, str(record)])
    out = capsys.readouterr().out
    assert status == 0  # info findings never fail a run
    if expected:
        assert f'"code": "{expected}"' in out
    else:
        assert out.strip() == "[]"


@pytest.mark.parametrize(
    "args, per_file, expected",
    [
        (["--select", "ALL"], '["T1"]', ["M405", "M405"]),
        (["--select", "ALL"], '["M4"]', []),
        (["--extend-select", "M405"], '["G"]', ["M405", "M405"]),
        ([], '["T1"]', []),
    ],
)
def test_per_file_ignores_keep_the_opt_in_rules(
    record: Path, capsys: pytest.CaptureFixture[str], args: list[str], per_file: str, expected: list[str]
) -> None:
    """Regression (issue 9): with `--select ALL` a file matched by `per-file-ignores` lost its M4 findings."""
    import json

    config = record.parent / "xqformats.toml"
    config.write_text(f'[per-file-ignores]\n"game.pgn" = {per_file}\n', encoding="utf-8")
    assert main(["lint", "--config", str(config), "--format", "json", *args, str(record)]) == 0
    assert [d["code"] for d in json.loads(capsys.readouterr().out)] == expected
