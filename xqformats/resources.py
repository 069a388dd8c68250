"""Where the shipped grammars and schemas live.

In an installed package they are ``xqformats/grammars`` and
``xqformats/schemas`` (mapped from the top-level folders by ``pyproject.toml``);
in a source checkout used without installing, the top-level folders.
"""

from __future__ import annotations

import threading
from pathlib import Path
from types import CodeType
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, TypeVar, cast

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


def cache_folder() -> Optional[Path]:
    """The private per-user cache folder, made if need be; ``None`` for no cache.

    Not the shared temp folder: what is kept there is loaded back as code
    (Lark unpickles its grammar analysis, :func:`compiled` unmarshals code), so
    another user of the machine must not be able to plant a file there.  The
    folder is ``$XDG_CACHE_HOME/xqformats`` (``~/.cache``), and it must belong to
    this user and be closed to others.  ``XQFORMATS_NO_CACHE`` set to anything
    turns the cache off.
    """
    import os
    import stat

    if os.environ.get("XQFORMATS_NO_CACHE"):
        return None
    try:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "xqformats"
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = base.stat()
        if hasattr(os, "getuid") and st.st_uid != os.getuid():
            return None
        if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return None
    except (OSError, RuntimeError):  # no home folder, read-only file system, …
        return None
    return base


def lark_cache_path(grammar: str) -> "str | bool":
    """Where Lark keeps the analysed grammar ``grammar`` (``"pgn"``), or ``False`` for no cache.

    In the private folder of :func:`cache_folder` (not Lark's ``cache=True``,
    whose file lies in the shared temp folder under a predictable name); Lark
    still checks the grammar's hash stored inside the file.  One file per
    grammar, Lark version and Python version.
    """
    import sys

    import lark as lark_module

    base = cache_folder()
    if base is None:
        return False
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    return str(base / f"{grammar}-lark{lark_module.__version__}-py{version}.cache")


class _CodeCache:
    """Compiled code by the SHA-256 of its source, and values :func:`remembered` by their key's, loaded from the
    cache folder at first use."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.path: Optional[Path] = None
        self.codes: Optional[dict[str, "CodeType | str"]] = None


_CODE = _CodeCache()


def compiled(source: str, name: str) -> CodeType:
    """``compile(source, name, "exec")``, kept between runs in the private cache folder.

    For source a module generates for speed (the rules engine's unrolled
    attack tests): compiling it is what costs, and the same source compiles to
    the same code.  The code is found by the SHA-256 of ``source``, in one
    :mod:`marshal` file per bytecode version (``importlib.util.MAGIC_NUMBER``:
    the file of another Python is never read).  A file that cannot be read is
    ignored and one that cannot be written is left as it is: the code is then
    compiled as without a cache.
    """
    import hashlib

    key = hashlib.sha256(source.encode("utf-8")).hexdigest()
    with _CODE.lock:
        codes = _CODE.codes if _CODE.codes is not None else _load_codes()
        code = codes.get(key)
        if not isinstance(code, CodeType) or code.co_filename != name:
            code = codes[key] = compile(source, name, "exec")
            _save_codes(codes)
    return code


def remembered(key: str, compute: Callable[[], str]) -> str:
    """``compute()``, kept between runs in the file of :func:`compiled`, found by the SHA-256 of ``key``.

    For a text derived at start-up from what changes only with the program
    (the PGN fast path's check of Lark's terminal folding): ``key`` must say
    everything the result depends on.  Without a cache it is computed each
    time.
    """
    import hashlib

    digest = "value:" + hashlib.sha256(key.encode("utf-8")).hexdigest()
    with _CODE.lock:
        codes = _CODE.codes if _CODE.codes is not None else _load_codes()
        value = codes.get(digest)
        if not isinstance(value, str):
            value = codes[digest] = compute()
            _save_codes(codes)
    return value


def _load_codes() -> dict[str, "CodeType | str"]:
    import marshal
    from importlib.util import MAGIC_NUMBER

    base = cache_folder()
    _CODE.path = None if base is None else base / f"code-{MAGIC_NUMBER.hex()}.marshal"
    codes: dict[str, "CodeType | str"] = {}
    if _CODE.path is not None:
        try:
            loaded = marshal.loads(_CODE.path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):  # none yet, or damaged: start afresh
            loaded = None
        if isinstance(loaded, dict):
            codes = {k: v for k, v in loaded.items() if isinstance(k, str) and isinstance(v, (CodeType, str))}
    _CODE.codes = codes
    return codes


def _save_codes(codes: dict[str, "CodeType | str"]) -> None:
    """Write ``codes`` whole through a temporary file (a reader never sees half a file)."""
    import contextlib
    import marshal
    import os
    import tempfile

    path = _CODE.path
    if path is None:
        return
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    except OSError:
        return  # a read-only disk: compiled again next time
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(marshal.dumps(codes))
        os.replace(tmp, path)
    except OSError:  # a full disk: no half-written file is left behind
        with contextlib.suppress(OSError):
            os.unlink(tmp)


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
