"""Where the shipped grammars and schemas live.

In an installed package they are ``xqformats/grammars`` and
``xqformats/schemas`` (mapped from the top-level folders by ``pyproject.toml``);
in a source checkout used without installing, the top-level folders.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["grammar_path", "schema_path"]

_PKG = Path(__file__).resolve().parent


def _find(sub: str, name: str) -> Path:
    for base in (_PKG / sub, _PKG.parent / sub):
        p = base / name
        if p.is_file():
            return p
    raise FileNotFoundError(f"{sub}/{name} is not shipped with xqformats")


def grammar_path(name: str) -> Path:
    """Path of ``grammars/<name>`` (e.g. ``pgn.lark``)."""
    return _find("grammars", name)


def schema_path(name: str) -> Path:
    """Path of ``schemas/<name>`` (e.g. ``cbf.xsd``)."""
    return _find("schemas", name)
