"""The package's types, checked on every run (issue 24, item 6).

mypy's strict mode over the whole package, with the settings of
``[tool.mypy]`` in ``pyproject.toml``, and the public names as a user's code
sees them: every name of ``xqformats.__all__`` (``xqformats.read``, say) is
what it is, not ``Any`` (the root package
imports its names lazily, and says what they are to type checkers).

mypy is part of the test extra (``pip install '.[test]'``); CI installs it, so
these tests never skip there.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from conftest import REPO_ROOT

import xqformats


def _user_code() -> str:
    """A user's script: what a type checker says each name of ``xqformats.__all__`` is, one per line from line 3."""
    return "import xqformats\n\n" + "".join(f"reveal_type(xqformats.{name})\n" for name in xqformats.__all__)


def _mypy(tmp_path: Path, *paths: str) -> str:
    """mypy's report on ``paths`` with the project's settings; its cache in ``tmp_path``, not the tree."""
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(REPO_ROOT / "pyproject.toml"),
         "--cache-dir", str(tmp_path / "cache"), *paths],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,  # mypy's exit status is read from its report, below
    )
    if "No module named mypy" in proc.stderr:
        raise AssertionError("mypy is not installed; it is part of the test extra: pip install '.[test]'")
    return proc.stdout + proc.stderr


def test_the_package_and_its_public_names_type_check_strictly(tmp_path: Path) -> None:
    script = tmp_path / "user.py"
    script.write_text(_user_code(), encoding="utf-8")
    report = _mypy(tmp_path, "xqformats", str(script))
    errors = [line for line in report.splitlines() if ": error:" in line]
    assert errors == [], report
    found = re.findall(r"user\.py:(\d+): note: Revealed type is \"(.*)\"", report)
    revealed = {xqformats.__all__[int(line) - 3]: value for line, value in found}
    assert list(revealed) == list(xqformats.__all__), report
    # Each name is what it is, never Any (the root imports them lazily).
    assert [name for name, value in revealed.items() if value == "Any"] == []
    assert revealed["read"].startswith("def (input: ") and revealed["read"].endswith("Record")
    assert revealed["parse_pgn"].endswith("tuple[list[xqformats.model.Game], list[xqformats.diagnostics.Diagnostic]]")
    assert revealed["Game"].startswith("def (") and revealed["Game"].endswith("-> xqformats.model.Game")
