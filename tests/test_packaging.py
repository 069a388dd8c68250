"""The installed package carries its grammars and schemas and its entry points work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import xqformats
from xqformats.resources import grammar_path, schema_path

PKG = Path(xqformats.__file__).resolve().parent
INSTALLED = "site-packages" in str(PKG)

GRAMMARS = ["pgn.lark", "chinese.lark", "wxf.lark", "iccs.lark"]


@pytest.mark.parametrize("name", GRAMMARS)
def test_grammar_is_found(name: str) -> None:
    path = grammar_path(name)
    assert path.is_file()
    if INSTALLED:
        # Loaded from inside the installed package, not from a source checkout.
        assert path.parent == PKG / "grammars"


def test_schema_is_found() -> None:
    path = schema_path("cbf.xsd")
    assert path.is_file()
    if INSTALLED:
        assert path.parent == PKG / "schemas"


def test_py_typed_marker() -> None:
    assert (PKG / "py.typed").is_file()


def test_the_glyph_outlines_ship_with_their_licence() -> None:
    # The outlines in board/glyphs.py are Noto Serif CJK's: the SIL OFL must travel with them.
    assert (PKG / "board" / "glyphs.py").is_file()
    assert "SIL OPEN FONT LICENSE Version 1.1" in (PKG / "board" / "OFL.txt").read_text(encoding="utf-8")


def test_missing_resource_is_a_clear_error() -> None:
    with pytest.raises(FileNotFoundError, match="grammars/nope.lark is not shipped"):
        grammar_path("nope.lark")


def test_python_dash_m_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "xqformats", "perft", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip().splitlines()[-1] == "1920"


@pytest.mark.skipif(not INSTALLED, reason="console script exists only in an installed package")
def test_console_script_runs() -> None:
    import shutil

    exe = shutil.which("xqformats", path=str(Path(sys.executable).parent))
    assert exe is not None
    out = subprocess.run([exe, "perft", "1"], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "44"


def test_every_subpackage_is_listed_in_pyproject() -> None:
    """pyproject.toml lists packages by hand; a forgotten one would be missing from a wheel."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")
    root = Path(__file__).resolve().parents[1]
    listed = set(tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    source = {"xqformats." + p.parent.name for p in (root / "xqformats").glob("*/__init__.py")}
    assert source <= listed, f"add {sorted(source - listed)} to [tool.setuptools] packages in pyproject.toml"


def test_every_subpackage_is_installed() -> None:
    """Each subpackage imports from where the package itself was found (site-packages in CI)."""
    import importlib

    root = Path(__file__).resolve().parents[1]
    for init in (root / "xqformats").glob("*/__init__.py"):
        name = init.parent.name
        mod = importlib.import_module(f"xqformats.{name}")
        assert Path(mod.__file__).resolve().parent == PKG / name
