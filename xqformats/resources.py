"""Where the shipped grammars and schemas live.

In an installed package they are ``xqformats/grammars`` and
``xqformats/schemas`` (mapped from the top-level folders by ``pyproject.toml``);
in a source checkout used without installing, the top-level folders.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, TypeVar, cast

if TYPE_CHECKING:
    from lark import Lark, Token, Transformer, Tree

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


def lark_cache_path(grammar: str) -> "str | bool":
    """Where Lark keeps the analysed grammar ``grammar`` (``"pgn"``), or ``False`` for no cache.

    Not Lark's ``cache=True``: that file lies in the shared temp folder under a
    predictable name, and Lark unpickles it, so another user of the machine
    could plant one.  Ours is in ``$XDG_CACHE_HOME/xqformats`` (``~/.cache``),
    a folder that must belong to this user and be closed to others; Lark still
    checks the grammar's hash stored inside the file.  ``XQFORMATS_NO_CACHE``
    set to anything turns the cache off.  One file per grammar, Lark version
    and Python version.
    """
    import os
    import stat
    import sys

    import lark as lark_module

    if os.environ.get("XQFORMATS_NO_CACHE"):
        return False
    try:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "xqformats"
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = base.stat()
        if hasattr(os, "getuid") and st.st_uid != os.getuid():
            return False
        if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return False
    except (OSError, RuntimeError):  # no home folder, read-only file system, …
        return False
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    return str(base / f"{grammar}-lark{lark_module.__version__}-py{version}.cache")


class _Parsers(threading.local):
    """This thread's parsers, by grammar file (a Lark parser is not thread-safe)."""

    def __init__(self) -> None:
        self.by_grammar: dict[str, "Lark"] = {}


_PARSERS = _Parsers()


def format_parser(grammar: str, start: str) -> "Lark":
    """This thread's LALR parser (contextual lexer) of ``grammars/<grammar>.lark``, built once.

    The grammar's analysis comes from the private cache (:func:`lark_cache_path`).
    For the record formats' grammars (DhtmlXQ, WXF game files); the PGN and
    notation grammars keep their own builders, which add a transformer and
    error recovery.
    """
    parser = _PARSERS.by_grammar.get(grammar)
    if parser is None:
        from lark import Lark

        parser = _PARSERS.by_grammar[grammar] = Lark.open(
            str(grammar_path(f"{grammar}.lark")),
            parser="lalr",
            lexer="contextual",
            start=start,
            maybe_placeholders=False,
            cache=lark_cache_path(grammar),
        )
    return parser


E = TypeVar("E", bound="Transformer[Any, Any]")


class _EventParsers(threading.local):
    """This thread's parsers that hand each rule to callbacks, by grammar file, with their callbacks."""

    def __init__(self) -> None:
        self.by_grammar: dict[str, tuple["Lark", Any]] = {}


_EVENT_PARSERS = _EventParsers()


def event_parser(grammar: str, start: str, make_events: Callable[[], E]) -> tuple["Lark", E]:
    """This thread's LALR parser of ``grammars/<grammar>.lark`` that builds no tree, and its callbacks.

    The callbacks (``make_events()``, a :class:`lark.Transformer`, made once
    per thread) are Lark's internal transformer: the parser calls them at each
    reduction, in the order of the text, so a reader that they hand the rules
    to reads a record without its tree (the WXF game file and ShiJia readers).
    The grammar's analysis comes from the private cache (:func:`lark_cache_path`).
    """
    found = _EVENT_PARSERS.by_grammar.get(grammar)
    if found is None:
        from lark import Lark

        events = make_events()
        lark = Lark.open(
            str(grammar_path(f"{grammar}.lark")),
            parser="lalr",
            lexer="contextual",
            start=start,
            transformer=events,
            maybe_placeholders=False,
            cache=lark_cache_path(grammar),
        )
        found = _EVENT_PARSERS.by_grammar[grammar] = (lark, events)
    return found[0], cast(E, found[1])


def token_span(token: "Token") -> tuple[int, int]:
    """The offsets (start, end) of a token of one of :func:`format_parser`'s parses."""
    start, end = token.start_pos, token.end_pos
    assert start is not None and end is not None, "the lexer's tokens carry their offsets"
    return start, end


def child_tokens(tree: "Tree[Token]") -> "list[Token]":
    """The tokens among ``tree``'s children (a Lark token is a ``str``; a subtree is not)."""
    return [t for t in tree.children if isinstance(t, str)]


def child_trees(tree: "Tree[Token]") -> "list[Tree[Token]]":
    """The subtrees among ``tree``'s children, in order."""
    return [t for t in tree.children if not isinstance(t, str)]


def lazy_attributes(package: str, table: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` (PEP 562) that imports each name of ``table`` on first use.

    ``table`` maps a name the package serves to the submodule defining it
    (``".reader"``, relative to ``package``): the names of its ``__all__``, and
    any kept importable there though undocumented (docs/api.md).  A format package uses it so that importing the
    package (the rule catalogue imports every ``rules`` module) loads neither
    its parser nor lxml, Lark or the layout runtime; the name is then set on
    the package, so the import happens once.
    """
    import importlib
    import sys

    def __getattr__(name: str) -> Any:
        module = table.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
