"""The generated layout parsers are what the compiler makes of the committed layouts.

Every ``schemas/<name>.ksy`` has its parser ``xqformats/layouts/<name>.py``;
when Node.js and the pinned compiler are present (``npm ci --prefix
schemas``, which ``.ci/run`` does), the layouts are compiled afresh into a
temporary folder and must equal the committed parsers byte for byte.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
LAYOUTS = ROOT / "xqformats" / "layouts"
COMPILER = SCHEMAS / "node_modules" / "kaitai-struct-compiler"


def _layouts() -> list[Path]:
    return sorted(SCHEMAS.glob("*.ksy"))


def test_every_layout_has_its_committed_parser() -> None:
    missing = [k.name for k in _layouts() if not (LAYOUTS / f"{k.stem}.py").is_file()]
    assert missing == []


def test_no_parser_without_its_layout() -> None:
    names = {k.stem for k in _layouts()}
    orphans = [p.name for p in LAYOUTS.glob("*.py") if p.name != "__init__.py" and p.stem not in names]
    assert orphans == []


@pytest.mark.skipif(shutil.which("node") is None or not COMPILER.is_dir(),
                    reason="needs Node.js and `npm ci --prefix schemas` (.ci/run installs both)")
def test_committed_parsers_equal_a_fresh_compilation(tmp_path: Path) -> None:
    subprocess.run(["node", str(SCHEMAS / "compile-ksy.js"), "--out", str(tmp_path)],
                   check=True, capture_output=True, text=True, timeout=300)
    fresh = {p.name: p.read_bytes() for p in tmp_path.glob("*.py")}
    committed = {p.name: p.read_bytes() for p in LAYOUTS.glob("*.py") if p.name != "__init__.py"}
    assert fresh.keys() == committed.keys()
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert stale == [], "regenerate with `node schemas/compile-ksy.js`"
