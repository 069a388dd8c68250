"""The public API is what docs/api.md documents, and nothing else declares itself public.

docs/api.md has one ``## `module``` heading per public module and, under it, one bullet per name
(``- `name(…)` — contract``). Its headings are the list of public modules: adding a public module
is adding its section there. Every other module of the package is internal and has no
``__all__`` (Lark's layout: the package and a few named modules are the API; the rest keep plain
names and declare nothing), so ``__all__`` never claims more than the reference documents.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "xqformats"
API_PAGE = ROOT / "docs" / "api.md"

_HEADING = re.compile(r"^## `(xqformats(?:\.\w+)*)`$")
_NAME = re.compile(r"^- `([A-Za-z_]\w*)")

def documented() -> dict[str, list[str]]:
    """Each public module (a heading of docs/api.md) and the names listed under it, in page order."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in API_PAGE.read_text(encoding="utf-8").splitlines():
        heading = _HEADING.match(line)
        if heading:
            assert heading.group(1) not in sections, f"docs/api.md: `{heading.group(1)}` has two sections"
            current = sections.setdefault(heading.group(1), [])
        elif line.startswith("## "):
            current = None  # a section that is no module
        elif current is not None and (name := _NAME.match(line)):
            current.append(name.group(1))
    return sections


PUBLIC = documented()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def declares_all(path: Path) -> bool:
    """Whether the module binds ``__all__`` at module level (assignment, ``+=`` or annotated)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return True
    return False


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def test_the_page_lists_modules_of_the_package() -> None:
    assert "xqformats" in PUBLIC and "xqformats.formats" in PUBLIC
    assert sorted(set(PUBLIC) - set(MODULES)) == []
    assert {name: len(names) == len(set(names)) for name, names in PUBLIC.items()} == {name: True for name in PUBLIC}


def test_internal_modules_declare_nothing_public() -> None:
    declaring = sorted(name for name, path in MODULES.items() if name not in PUBLIC and declares_all(path))
    assert declaring == [], "an internal module declares `__all__`: document it in docs/api.md, or drop the list"


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_all_is_what_the_page_documents(name: str) -> None:
    module = importlib.import_module(name)
    assert declares_all(MODULES[name]), f"{name} is public (docs/api.md) but has no __all__"
    assert len(module.__all__) == len(set(module.__all__)), f"{name}.__all__ names a name twice"
    assert set(module.__all__) == set(PUBLIC[name]), f"{name}.__all__ and its section of docs/api.md differ"


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_public_name_resolves(name: str) -> None:
    module = importlib.import_module(name)
    missing = [each for each in module.__all__ if not hasattr(module, each)]
    assert missing == []
