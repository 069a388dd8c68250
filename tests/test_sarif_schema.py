"""``lint --format sarif`` validates against the SARIF 2.1.0 schema, and points at the right file.

The schema is the one Microsoft's SARIF SDK ships (``sarif-2.1.0.json`` in the npm package
``@microsoft/sarif-multitool-linux``, pinned in ``schemas/package.json``; ``.ci/run`` installs it
with ``npm ci --prefix schemas``).  The run is the real command line, started from a subfolder of
a git repository, so the URIs must be relative to the repository's top level.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "schemas" / "node_modules" / "@microsoft" / "sarif-multitool-linux" / "sarif-2.1.0.json"

#: A record with a warning (T106, fixable), an error (M201: no cannon is left on file 二) and a
#: finding with a related note (the moves after the illegal one kept as a comment, P301).
RECORD = '[Game "Chinese Chess"]\n[Result "红胜"]\n\n1. 炮二平五 马8进7 2. 炮二平五 马2进3 *\n'


def _sarif(repo: Path, *args: str) -> dict[str, Any]:
    sub = repo / "games" / "2026"
    sub.mkdir(parents=True)
    (sub / "a.pgn").write_text(RECORD, encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    proc = subprocess.run(
        [sys.executable, "-m", "xqformats", "lint", "--isolated", "--format", "sarif", *args, "a.pgn"],
        cwd=sub, capture_output=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 1, proc.stderr
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def validator() -> Any:
    if not SCHEMA.is_file():
        pytest.skip("the SARIF schema comes with `npm ci --prefix schemas` (Linux)")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def test_sarif_output_is_valid_sarif_2_1_0(validator: Any, tmp_path: Path) -> None:
    log = _sarif(tmp_path, "--show-info")
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    results = log["runs"][0]["results"]
    assert {r["ruleId"] for r in results} >= {"T106", "M201"}
    assert any(r.get("relatedLocations") for r in results)  # the P301 note rides on M201


def test_sarif_uris_are_relative_to_the_repository_root(validator: Any, tmp_path: Path) -> None:
    log = _sarif(tmp_path)
    run = log["runs"][0]
    uris = {loc["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"] for loc in r["locations"]}
    assert uris == {"games/2026/a.pgn"}
    assert Path(run["originalUriBaseIds"]["%SRCROOT%"]["uri"].removeprefix("file://")).resolve() == tmp_path.resolve()
