"""Linter settings from ``xqformats.toml`` or ``[tool.xqformats]`` in ``pyproject.toml``.

:func:`find_config` walks up from a folder (the current one by default) and
takes the first folder holding either file; in one folder ``xqformats.toml``
wins over ``pyproject.toml``, and a ``pyproject.toml`` without a
``[tool.xqformats]`` table is passed over (ruff's rules).  In
``xqformats.toml`` the keys sit at the top level.

Keys (kebab-case, as in ruff)::

    select = ["ALL"]            # code prefixes to report (the default leaves out M4)
    extend-select = []          # added to select
    ignore = ["G103"]           # code prefixes to drop
    strict = false              # every spec deviation is an error
    exclude = ["legacy", "data/*.pgn"]   # globs skipped when searching folders
    per-file-ignores = { "old/*.pgn" = ["T1"] }
    output-format = "text"      # text, json, sarif, github
    max-file-size = "256M"      # larger files are reported (G107), not read; bytes, or K, M, G
    show-info = false           # show every info finding (else only those of codes selected by name)
    respect-gitignore = true    # folder searches skip what .gitignore files ignore
    rules = "cxa"               # the rule set repetitions are judged by: cxa (default) or axf

``exclude`` and ``per-file-ignores`` globs are relative to the config file's
folder.  A bad file, an unknown key or a wrong type is a :class:`ConfigError`
(exit status 2), never silently ignored.

TOML is read with :mod:`tomllib`.  A ``pyproject.toml`` whose text has no
``[tool.xqformats`` is skipped without parsing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from ..adjudication.rulebook import RULE_BOOKS
from ..formats._reading import parse_size
from .selection import PerFileIgnores, RuleSelection

#: Output formats of ``xqformats lint`` (``html`` is drawn by :mod:`xqformats.board.report`).
OUTPUT_FORMATS = ("text", "json", "sarif", "github", "html")

#: The rule sets repetitions are judged by (``rules``, ``--rules``; docs/spec/rules.md), the default first.
RULE_SETS: tuple[str, ...] = tuple(RULE_BOOKS)

#: Config file names, in the order they are looked for in one folder.
CONFIG_NAMES = ("xqformats.toml", "pyproject.toml")


class ConfigError(ValueError):
    """A configuration file that cannot be used (message names the file)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Settings read from one config file (``None``: not set there).

    ``root`` is the folder that ``exclude`` and ``per-file-ignores`` globs
    are relative to; ``source`` the file read (``None`` when none was found).
    """

    select: Optional[tuple[str, ...]] = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: Optional[bool] = None
    exclude: tuple[str, ...] = ()
    per_file_ignores: PerFileIgnores = ()
    output_format: Optional[str] = None
    #: The largest file read, in bytes (``None``: the front door's default).
    max_file_size: Optional[int] = None
    show_info: Optional[bool] = None
    respect_gitignore: Optional[bool] = None
    #: The rule set repetitions are judged by (one of :data:`RULE_SETS`; ``None``: not set).
    rules: Optional[str] = None
    root: Optional[Path] = None
    source: Optional[Path] = None

    def selection(
        self,
        *,
        select: tuple[str, ...] = (),
        extend_select: tuple[str, ...] = (),
        ignore: tuple[str, ...] = (),
        show_info: Optional[bool] = None,
    ) -> RuleSelection:
        """These settings' rule selection with the command line's on top (ruff's way).

        A non-empty ``select`` replaces the file's ``select``; ``extend_select``
        and ``ignore`` are added to the file's lists; ``show_info`` (``None``:
        not given) overrides the file's.
        """
        return RuleSelection(
            select=select or self.select or (),
            extend_select=self.extend_select + extend_select,
            ignore=self.ignore + ignore,
            per_file_ignores=self.per_file_ignores,
            root=self.root,
            show_info=bool(self.show_info if show_info is None else show_info),
        )


def _load_toml(path: Path) -> dict[str, Any]:
    import tomllib

    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise ConfigError(f"Cannot read `{path}`: {exc.strerror or exc}") from None
    except ValueError as exc:  # TOMLDecodeError
        raise ConfigError(f"Invalid TOML in `{path}`: {exc}") from None


def _declares_table(path: Path) -> bool:
    """Cheap test: could ``pyproject.toml`` hold ``[tool.xqformats]``?"""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return "tool.xqformats" in text or "[tool]" in text


def find_config(start: Optional[Path] = None, known: Optional[dict[Path, Optional[Path]]] = None) -> Optional[Path]:
    """The config file governing ``start`` (default: the current folder), or ``None``.

    Walks from ``start`` up to the file-system root; in each folder
    ``xqformats.toml`` first, then a ``pyproject.toml`` that has a
    ``[tool.xqformats]`` table.  ``known``, when given, holds the answer for
    folders walked before (resolved paths) and learns this walk's: a run over
    many folders of one tree looks at each folder once.
    """
    here = (start or Path.cwd()).resolve()
    walked: list[Path] = []
    found: Optional[Path] = None
    for folder in (here, *here.parents):
        if known is not None and folder in known:
            found = known[folder]
            break
        walked.append(folder)
        found = config_in(folder)
        if found is not None:
            break
    if known is not None:
        known.update(dict.fromkeys(walked, found))
    return found


def config_in(folder: Path) -> Optional[Path]:
    """The config file in ``folder`` itself: ``xqformats.toml``, else a ``pyproject.toml`` with a ``[tool.xqformats]`` table."""
    own = folder / "xqformats.toml"
    if own.is_file():
        return own
    py = folder / "pyproject.toml"
    if py.is_file() and _declares_table(py) and _table(py, _load_toml(py)) is not None:
        return py
    return None


def _table(path: Path, data: dict[str, Any]) -> Optional[dict[str, Any]]:
    if path.name != "pyproject.toml":
        return data
    tool = data.get("tool")
    if not isinstance(tool, dict):
        return None
    table = tool.get("xqformats")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"`tool.xqformats` in `{path}` is not a table")
    return table


def _strings(where: str, key: str) -> Callable[[Any], tuple[str, ...]]:
    def conv(value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"`{key}` in {where} is not a list of strings")
        return tuple(value)

    return conv


def _size(where: str, value: Any) -> int:
    """A ``max-file-size`` value: a number of bytes, or a string such as ``"64M"``."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ConfigError(f"`max-file-size` in {where} is not a size (a number of bytes, or a string such as \"64M\")")
    try:
        return parse_size(value)
    except ValueError as exc:
        raise ConfigError(f"`max-file-size` in {where}: {exc}") from None


#: The keys whose value is one of a few names, and those names.
_CHOICES: dict[str, tuple[str, ...]] = {"output-format": OUTPUT_FORMATS, "rules": RULE_SETS}


def _choice(where: str, key: str, value: Any) -> str:
    """``value`` when it is one of ``key``'s names (:data:`_CHOICES`); else a :class:`ConfigError` listing them."""
    if value not in _CHOICES[key]:
        choices = ", ".join(f"`{c}`" for c in _CHOICES[key])
        raise ConfigError(f"`{key}` in {where} is `{value}`; expected one of {choices}")
    return str(value)


def load_config(path: Path) -> Settings:
    """Read the settings of one config file (see the module docstring for keys)."""
    path = path.resolve()
    table = _table(path, _load_toml(path))
    where = f"`[tool.xqformats]` of `{path}`" if path.name == "pyproject.toml" else f"`{path}`"
    if table is None:
        return Settings(root=path.parent, source=path)
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key in ("select", "extend-select", "ignore", "exclude"):
            items = _strings(where, key)(value)
            values[key.replace("-", "_")] = items if key == "exclude" else RuleSelection.parse(items)
        elif key in ("strict", "show-info", "respect-gitignore"):
            if not isinstance(value, bool):
                raise ConfigError(f"`{key}` in {where} is not `true` or `false`")
            values[key.replace("-", "_")] = value
        elif key in _CHOICES:
            values[key.replace("-", "_")] = _choice(where, key, value)
        elif key == "max-file-size":
            values["max_file_size"] = _size(where, value)
        elif key == "per-file-ignores":
            if not isinstance(value, dict):
                raise ConfigError(f"`per-file-ignores` in {where} is not a table of glob = [codes]")
            pairs = []
            for pattern, codes in value.items():
                pairs.append((pattern, RuleSelection.parse(_strings(where, f"per-file-ignores.{pattern}")(codes))))
            values["per_file_ignores"] = tuple(pairs)
        else:
            known = (
                "`select`, `extend-select`, `ignore`, `strict`, `exclude`, `per-file-ignores`, `output-format`, "
                "`max-file-size`, `show-info`, `respect-gitignore`, `rules`"
            )
            raise ConfigError(f"Unknown key `{key}` in {where}; expected one of {known}")
    return Settings(root=path.parent, source=path, **values)

