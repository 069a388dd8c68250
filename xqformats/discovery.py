"""Which files to read: the record files that command-line paths name (for lint, format, convert, the archive).

:func:`discover` expands command-line paths: a file is taken as named, a
directory is searched recursively for files with an extension the front
door knows (:data:`xqformats.formats.REGISTRY`; ``.pgn``, ``.cbf``, in any
letter case), and for files saved as text under a record's name
(``post.dhtmlxq.txt``: a format whose content carries a signature, so that
the file reads as it does named alone), ``-`` is standard input.  The order is deterministic (the
arguments' order, then names sorted within each directory), so runs with
any number of worker processes report in the same order.  How each file is
read is the front door's business (:func:`xqformats.formats.read`).

A folder search respects ``.gitignore`` files as git does (``pathspec``'s
gitignore rules): those of the searched folders and of the folders above them
up to the repository's top level (the folder with ``.git``; without one, the
searched folder itself); a deeper file's rule wins over a shallower one's, and
an ignored folder is not entered.  ``respect_gitignore=False``
(``--no-respect-gitignore``, ``respect-gitignore = false``) turns this off.
Files named on the command line are linted whatever ``.gitignore`` says.

Layering: above the front door (:mod:`xqformats.formats`, whose registry
says which extensions are records), below ``lint``, ``format``, ``convert``
and the archive commands, which all find their files here.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, Callable, Iterable, Optional, Sequence

from .formats import HEAD_SIZE, REGISTRY, Format, Registry
from .formats.registry import suffix_of

__all__ = ["STDIN", "Target", "Targets", "discover"]

#: The command-line spelling of standard input.
STDIN = "-"

#: Directories never searched (version control, environments, caches).
SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".nox", ".mypy_cache",
     ".pytest_cache", ".ruff_cache", ".hypothesis"}
)


#: What a browser or an editor adds to a record's name when it saves the record as text.
TEXT_SUFFIX = ".txt"


def is_record_name(name: str, registry: Registry = REGISTRY) -> bool:
    """Whether a folder search takes a file called ``name``: an extension of ``registry`` (any letter case), or
    ``.txt`` after the extension of a format whose content carries a signature (``x.dhtmlxq.txt``,
    read by its content as it is when named alone; ``x.pgn.txt`` is not: PGN has no signature).
    """
    if registry.knows_extension(name):
        return True
    path = PurePath(name)
    if path.suffix.lower() != TEXT_SUFFIX:
        return False
    inner = PurePath(path.stem).suffix.lower()
    return bool(inner) and any(fmt.signature and inner in fmt.extensions for fmt in registry)


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


class Targets(list[Target]):
    """The files to lint, in order; ``skipped`` names the files a folder search passed over.

    A skipped file is one found in a folder whose extension no format claims
    (hidden files, excluded paths and :data:`SKIPPED_DIRS` are not counted:
    they were asked to be left out).  Names are as :class:`Target` displays them.
    """

    def __init__(self) -> None:
        super().__init__()
        self.skipped: list[str] = []


def repository_root(start: Path) -> Optional[Path]:
    """The nearest folder at or above ``start`` that holds ``.git`` (a folder, or a file in a worktree)."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return None


def _real(path: Path) -> Path:
    """``path`` with its links followed; a link that leads nowhere (a loop, a dangling link) is named as it is.

    (``Path.resolve`` raises ``RuntimeError`` on a loop, which aborted a whole
    run: issue 28, item 9; reading the file reports the loop, G102.)
    """
    real = Path(os.path.realpath(path))
    return real if os.path.exists(real) else Path(os.path.abspath(path))  # (os.path: False on any OSError)


def _display(path: Path, cwd: Path) -> str:
    """``path`` relative to ``cwd`` when below it, else as given; ``/`` separators."""
    try:
        rel = _real(path).relative_to(cwd)
        return rel.as_posix()
    except ValueError:
        return path.as_posix()


def _holds_its_format(fp: str, formats: Sequence[Format]) -> bool:
    """Whether a file found in a folder is taken for its extension: always, unless the formats
    claiming it must be recognised by content (``formats``: what
    :meth:`~xqformats.formats.registry.Registry.sniffed_in_folders` says of its name).

    A file that cannot be read, or is no regular file (a FIFO would block), is taken unopened:
    reading it says why (G102).
    """
    if not formats or not os.path.isfile(fp):
        return True
    try:
        with open(fp, "rb") as handle:
            head = handle.read(HEAD_SIZE)
    except OSError:
        return True
    return any(f.sniff(head) for f in formats)


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


class GitIgnore:
    """The ``.gitignore`` rules of a folder search (see the module docstring), read once per folder."""

    def __init__(self) -> None:
        self._specs: dict[Path, Any] = {}
        self._tops: dict[Path, Path] = {}
        self._chains: dict[tuple[Path, Path], list[tuple[Path, Any]]] = {}

    def _spec(self, folder: Path) -> Any:
        if folder not in self._specs:
            try:
                text = (folder / ".gitignore").read_text(encoding="utf-8", errors="replace")
            except OSError:  # none there (or unreadable: git would not read it either)
                self._specs[folder] = None
            else:
                from pathspec import GitIgnoreSpec  # (imported when a folder has rules: a search without them is spared it)

                self._specs[folder] = GitIgnoreSpec.from_lines(text.splitlines())
        return self._specs[folder]

    def top(self, searched: Path) -> Path:
        """The highest folder whose ``.gitignore`` counts for a search of ``searched``."""
        # Absolute, not resolved: the walked paths are compared with it as they are.
        searched = Path(os.path.abspath(searched))
        if searched not in self._tops:
            self._tops[searched] = next((f for f in (searched, *searched.parents) if (f / ".git").exists()), searched)
        return self._tops[searched]

    def ignored(self, path: Path, is_dir: bool, top: Path) -> bool:
        """Whether git would ignore ``path`` (absolute, below ``top``)."""
        for folder, spec in self._chain(path.parent, top):
            rel = path.relative_to(folder).as_posix() + ("/" if is_dir else "")
            decided = spec.check_file(rel).include
            if decided is not None:
                return bool(decided)
        return False

    def governs(self, folder: Path, top: Path) -> bool:
        """Whether any ``.gitignore`` file counts for the entries of ``folder`` (absolute, below ``top``)."""
        return bool(self._chain(folder, top))

    def _chain(self, folder: Path, top: Path) -> list[tuple[Path, Any]]:
        """The ``.gitignore`` rules that govern the entries of ``folder``, deepest first, up to ``top``.

        Once per folder and top (a search asks for every file): most folders
        have none, and a file there is then decided without a path operation.
        """
        key = (folder, top)
        chain = self._chains.get(key)
        if chain is None:
            spec = self._spec(folder)
            here = [(folder, spec)] if spec is not None else []
            last = folder == top or folder.parent == folder
            chain = self._chains[key] = here if last else here + self._chain(folder.parent, top)
        return chain


#: ``excludes(folder) -> (globs, root)``: the ``exclude`` globs governing the entries of ``folder``,
#: and the folder they are relative to.
Excludes = Callable[[Path], tuple[Sequence[str], Path]]


def _links(folder: str) -> Optional[frozenset[str]]:
    """The names in ``folder`` that are symbolic links; ``None`` when it cannot be listed (then ask per file).

    ``os.walk`` lists each folder but hands out names only: listing it again
    here is one system call per folder where ``os.path.islink`` is one per
    file (a tenth of a 30,000-file search).
    """
    try:
        with os.scandir(folder) as entries:
            return frozenset(e.name for e in entries if e.is_symlink())
    except OSError:
        return None


class _Walk:
    """One run of :func:`discover`: the targets so far, and what has been seen."""

    def __init__(self, excludes: Excludes, cwd: Path, gitignore: Optional[GitIgnore], registry: Registry) -> None:
        self.excludes = excludes
        self.registry = registry
        self.cwd = cwd
        self.gitignore = gitignore
        self.top = cwd
        self.seen: set[str] = set()
        self.out = Targets()
        self._real_folders: dict[str, str] = {}
        self._governed: dict[str, bool] = {}
        self._kinds: dict[str, tuple[bool, tuple[Format, ...]]] = {}
        self._cwd = str(cwd)
        self._cwd_prefix = self._cwd if self._cwd.endswith(os.sep) else self._cwd + os.sep

    def excluded(self, p: Path) -> bool:
        """Whether ``p`` matches an ``exclude`` glob governing its folder (relative to that glob's folder)."""
        patterns, root = self.excludes(p.parent)
        if not patterns:
            return False
        try:
            rel = _real(p).relative_to(root.resolve()).as_posix()
        except ValueError:
            rel = p.as_posix()
        return is_excluded(rel, patterns)

    def add(self, p: "str | Path", link: Optional[bool] = None) -> None:
        """Add a file once, at its first place; ``link`` says whether it is a symbolic link (``None``: ask)."""
        key, link = self._real_file(p, link)
        if key not in self.seen:
            self.seen.add(key)
            self.out.append(Target(str(p), self._display(p, key, link)))

    def _real_file(self, p: "str | Path", link: Optional[bool] = None) -> tuple[str, bool]:
        """``os.path.realpath(p)``, the folder's part resolved once per folder (a search adds every file of
        it), and whether ``p`` is a link (``link``, when the caller knows it).

        The real path of ``folder/name`` is the real path of ``folder`` joined
        with ``name`` unless ``name`` itself is a link, which is then followed.
        """
        folder, name = os.path.split(p)  # (not abspath: `link/..` is resolved by realpath, not by cutting)
        real_folder = self._real_folders.get(folder)
        if real_folder is None:
            real_folder = self._real_folders[folder] = os.path.realpath(folder)
        if link if link is not None else os.path.islink(p):
            return os.path.realpath(p), True
        return os.path.join(real_folder, name), False

    def _display(self, p: "str | Path", real: str, link: bool) -> str:
        """What :func:`_display` gives for ``p``, whose real path is ``real``, by string operations."""
        if link and not os.path.exists(real):
            return _display(Path(p), self.cwd)  # a loop or a dangling link: named as it is
        if real == self._cwd:
            return "."
        if real.startswith(self._cwd_prefix):
            return real[len(self._cwd_prefix):].replace(os.sep, "/")
        # (a folder search's names are already what `str` of their Path gives: as_posix without a Path)
        return p.replace(os.sep, "/") if isinstance(p, str) else p.as_posix()

    def add_stdin(self) -> None:
        if STDIN not in self.seen:  # standard input can be read only once
            self.seen.add(STDIN)
            self.out.append(Target(STDIN, STDIN))

    def _kept_dirs(self, base: Path, dirnames: list[str]) -> list[str]:
        return sorted(
            d
            for d in dirnames
            if d not in SKIPPED_DIRS and not d.startswith(".") and not self.excluded(base / d)
            and not self._git_ignored(base / d, True)
        )

    def _git_ignored(self, p: Path, is_dir: bool) -> bool:
        return self._governed_folder(os.path.dirname(p)) and self._ignored(p, is_dir)

    def _governed_folder(self, folder: str) -> bool:
        """Whether a ``.gitignore`` governs the entries of ``folder`` (asked once per folder: most have none)."""
        if self.gitignore is None:
            return False
        governed = self._governed.get(folder)
        if governed is None:
            governed = self._governed[folder] = self.gitignore.governs(Path(os.path.abspath(folder)), self.top)
        return governed

    def _ignored(self, p: Path, is_dir: bool) -> bool:
        assert self.gitignore is not None
        return self.gitignore.ignored(Path(os.path.abspath(p)), is_dir, self.top)

    def _wanted(self, fp: str, name: str, globs: bool, governed: bool) -> bool:
        """Whether to lint a file found in a folder (one of unknown format is noted as skipped).

        ``fp`` is its path (``str`` of the ``Path``), ``name`` its name;
        ``globs`` and ``governed`` say whether any ``exclude`` glob and any
        ``.gitignore`` govern its folder (decided once for the folder's files).
        """
        if name.startswith(".") or (globs and self.excluded(Path(fp))) or (governed and self._ignored(Path(fp), False)):
            return False
        record, sniffed = self._kind(name)
        if record and _holds_its_format(fp, sniffed):
            return True
        self.out.skipped.append(_display(Path(fp), self.cwd))
        return False

    def _kind(self, name: str) -> tuple[bool, tuple[Format, ...]]:
        """:func:`is_record_name` of ``name`` and the formats that must recognise it by content
        (:meth:`~xqformats.formats.registry.Registry.sniffed_in_folders`), asked once per extension.

        Both depend on the extension alone, and for a ``.txt`` name on the
        extension before it too: that pair is the key.
        """
        key = suffix_of(name)
        if key == TEXT_SUFFIX:
            key = suffix_of(name[: -len(TEXT_SUFFIX)]) + TEXT_SUFFIX
        kind = self._kinds.get(key)
        if kind is None:
            kind = self._kinds[key] = (is_record_name(name, self.registry), self.registry.sniffed_in_folders(name))
        return kind

    def add_folder(self, p: Path) -> None:
        """Every file of a known format below ``p``, then the folders that could not be listed."""
        found: list[tuple[tuple[str, ...], str, Optional[bool]]] = []
        unlisted: list[OSError] = []
        if self.gitignore is not None:
            self.top = self.gitignore.top(p)
        # os.walk skips folders it cannot list unless told: a CI run must not
        # pass because a folder was unreadable.
        top = str(p)
        for dirpath, dirnames, filenames in os.walk(p, onerror=unlisted.append):
            base = Path(dirpath)
            dirnames[:] = self._kept_dirs(base, dirnames)
            # (os.walk joins each folder's name to `top`: what follows it are the folders below `p`)
            below = tuple(part for part in dirpath[len(top):].split(os.sep) if part)
            folder = str(base)
            globs, governed = bool(self.excludes(base)[0]), self._governed_folder(folder)
            links = _links(dirpath)
            # Each file's path as `str(base / name)` gives it, without a Path per file (a tenth of a search).
            lead = "" if folder == "." else folder if folder.endswith(os.sep) else folder + os.sep
            found.extend(
                (below + (name,), fp, None if links is None else name in links)
                for name, fp in ((n, lead + n) for n in sorted(filenames)) if self._wanted(fp, name, globs, governed)
            )
        # One order for the whole tree: by path components, as a listing would show it.
        for _, fp, link in sorted(found, key=lambda entry: entry[0]):
            self.add(fp, link)
        for err in unlisted:
            where = Path(err.filename) if err.filename else p
            self.out.append(Target(str(where), _display(where, self.cwd), error=err.strerror or str(err)))


def discover(
    args: Iterable[str],
    *,
    exclude: Sequence[str] = (),
    exclude_root: Optional[Path] = None,
    cwd: Optional[Path] = None,
    force_exclude: bool = False,
    respect_gitignore: bool = True,
    excludes: Optional[Excludes] = None,
    registry: Registry = REGISTRY,
) -> Targets:
    """Expand command-line ``args`` into the files to lint, in a stable order.

    Files named explicitly are always linted (even with another extension or
    matching ``exclude``: naming a file is a request to check it), unless
    ``force_exclude`` applies ``exclude`` to them too (as ruff's
    ``--force-exclude``, for tools such as pre-commit that pass every file);
    files found
    in directories are filtered by extension (those of ``registry``, by
    default :data:`xqformats.formats.REGISTRY`), :data:`SKIPPED_DIRS`, hidden names
    and ``exclude`` globs relative to ``exclude_root`` (the config file's
    folder).  A file reached twice is linted once, at its first place.
    The files a folder search skipped for their unknown format are listed in
    the result's ``skipped``.  Folder searches respect ``.gitignore``
    unless ``respect_gitignore`` is false (see the module docstring).
    ``excludes(folder)``, when given, says which globs govern the entries of
    each folder instead, and relative to what (the config closest above it,
    as each file takes its closest config's settings).
    """
    cwd = (cwd or Path.cwd()).resolve()
    if excludes is None:
        fixed = (tuple(exclude), (exclude_root or cwd).resolve())
        excludes = lambda folder: fixed  # noqa: E731 - the same globs everywhere
    walk = _Walk(excludes, cwd, GitIgnore() if respect_gitignore else None, registry)
    for arg in args:
        p = Path(arg)
        if arg == STDIN:
            walk.add_stdin()
        elif p.is_dir():
            walk.add_folder(p)
        elif p.exists() or p.is_symlink():  # a link loop or a dangling link: reading says which (G102)
            if not (force_exclude and walk.excluded(p)):
                walk.add(p)
        else:
            walk.out.append(Target(str(p), p.as_posix(), missing=True))
    walk.out.skipped.sort(key=lambda name: name.split("/"))  # as a listing shows them
    return walk.out
