"""Which files to lint, and in which format to read each.

:func:`discover` expands command-line paths: a file is taken as named, a
directory is searched recursively for ``.pgn`` and ``.cbf`` files (case
insensitive), ``-`` is standard input.  The order is deterministic (the
arguments' order, then names sorted within each directory), so runs with
any number of worker processes report in the same order.

:func:`detect_format` decides how to read one file from its extension and
its first bytes: XML is CBF, anything else in a ``.pgn`` is PGN.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence

__all__ = [
    "STDIN",
    "EXTENSIONS",
    "Target",
    "discover",
    "detect_format",
    "is_excluded",
    "sniff",
]

#: The command-line spelling of standard input.
STDIN = "-"

#: Extension (lower case) -> format name.
EXTENSIONS = {".pgn": "pgn", ".cbf": "cbf"}

#: Directories never searched (version control, environments, caches).
SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".nox", ".mypy_cache",
     ".pytest_cache", ".ruff_cache", ".hypothesis"}
)


@dataclass(frozen=True, slots=True)
class Target:
    """One input: ``path`` to open (``"-"`` for stdin) and ``display`` for reports.

    ``missing`` is set for a command-line path that does not exist and
    ``error`` for a folder that could not be listed, so each is reported
    (``G102``) in its place in the order rather than dropped.
    """

    path: str
    display: str
    missing: bool = False
    #: Why a folder could not be searched (permissions); reported as G102.
    error: Optional[str] = None


def _display(path: Path, cwd: Path) -> str:
    """``path`` relative to ``cwd`` when below it, else as given; ``/`` separators."""
    try:
        rel = path.resolve().relative_to(cwd)
        return rel.as_posix()
    except ValueError:
        return path.as_posix()


def is_excluded(rel_posix: str, patterns: Sequence[str]) -> bool:
    """Whether a path (relative, ``/``-separated) matches an ``exclude`` glob.

    A pattern matches the whole relative path or any single component of it
    (``legacy`` excludes every folder named ``legacy``; ``data/*.pgn`` only
    those files), as in ruff's ``exclude``.
    """
    if not patterns:
        return False
    parts = rel_posix.split("/")
    for pat in patterns:
        if fnmatch.fnmatchcase(rel_posix, pat) or any(fnmatch.fnmatchcase(p, pat) for p in parts):
            return True
    return False


def discover(
    args: Iterable[str],
    *,
    exclude: Sequence[str] = (),
    exclude_root: Optional[Path] = None,
    cwd: Optional[Path] = None,
) -> list[Target]:
    """Expand command-line ``args`` into the files to lint, in a stable order.

    Files named explicitly are always linted (even with another extension or
    matching ``exclude``: naming a file is a request to check it); files found
    in directories are filtered by extension, :data:`SKIPPED_DIRS`, hidden
    names and ``exclude`` globs relative to ``exclude_root`` (the config
    file's folder).  A file reached twice is linted once, at its first place.
    """
    cwd = (cwd or Path.cwd()).resolve()
    root = (exclude_root or cwd).resolve()
    seen: set[str] = set()
    out: list[Target] = []

    def rel_to_root(p: Path) -> str:
        try:
            return p.resolve().relative_to(root).as_posix()
        except ValueError:
            return p.as_posix()

    def add(p: Path) -> None:
        key = os.path.realpath(p)
        if key in seen:
            return
        seen.add(key)
        out.append(Target(str(p), _display(p, cwd)))

    for arg in args:
        if arg == STDIN:
            if STDIN not in seen:  # standard input can be read only once
                seen.add(STDIN)
                out.append(Target(STDIN, STDIN))
            continue
        p = Path(arg)
        if p.is_dir():
            found: list[Path] = []
            unlisted: list[OSError] = []
            # os.walk skips folders it cannot list unless told: a CI run must not
            # pass because a folder was unreadable.
            for dirpath, dirnames, filenames in os.walk(p, onerror=unlisted.append):
                base = Path(dirpath)
                dirnames[:] = sorted(
                    d
                    for d in dirnames
                    if d not in SKIPPED_DIRS and not d.startswith(".") and not is_excluded(rel_to_root(base / d), exclude)
                )
                for name in sorted(filenames):
                    if name.startswith("."):
                        continue
                    fp = base / name
                    if Path(name).suffix.lower() in EXTENSIONS and not is_excluded(rel_to_root(fp), exclude):
                        found.append(fp)
            # One order for the whole tree: by path components, as a listing would show it.
            for fp in sorted(found, key=lambda f: f.relative_to(p).parts):
                add(fp)
            for err in unlisted:
                where = Path(err.filename) if err.filename else p
                out.append(Target(str(where), _display(where, cwd), error=err.strerror or str(err)))
        elif p.exists():
            add(p)
        else:
            out.append(Target(str(p), p.as_posix(), missing=True))
    return out


def sniff(head: bytes) -> str:
    """What the first bytes of a file look like: ``"xml"``, ``"pgn"`` or ``"unknown"``.

    Skips a byte-order mark, white space and NUL bytes (so UTF-16 text is
    recognised too).  XML starts with ``<``; a PGN record with ``[`` (a tag),
    ``{`` (a comment) or a digit (a move number).
    """
    for bom in (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"):
        if head.startswith(bom):
            head = head[len(bom):]
            break
    stripped = head.lstrip(b" \t\r\n\x00")
    if stripped.startswith(b"<"):
        return "xml"
    if stripped and (stripped[:1] in b"[{;%" or stripped[:1].isdigit()):
        return "pgn"
    return "unknown"


def detect_format(name: str, head: bytes, *, stdin: bool = False) -> tuple[Optional[str], Optional[str]]:
    """``(format, mismatch)`` for a file called ``name`` that starts with ``head``.

    ``format`` is ``"pgn"``, ``"cbf"`` or ``None`` (unsupported).  The
    extension decides, unless the content clearly says otherwise: a ``.pgn``
    holding XML is read as CBF, a ``.cbf`` holding a PGN record as PGN, and
    ``mismatch`` then names the extension's format.  Other extensions are
    unsupported.  Standard input (``stdin=True``; ``name`` is
    ``--stdin-filename`` or ``"-"``) with no extension is CBF when it is XML
    and PGN otherwise.
    """
    content = sniff(head)
    suffix = Path(name).suffix.lower() if name != STDIN else ""
    if stdin and not suffix:
        return ("cbf" if content == "xml" else "pgn"), None
    by_ext = EXTENSIONS.get(suffix)
    if by_ext is None:
        return None, None
    if by_ext == "pgn" and content == "xml":
        return "cbf", "pgn"
    if by_ext == "cbf" and content == "pgn":
        return "pgn", "cbf"
    return by_ext, None
