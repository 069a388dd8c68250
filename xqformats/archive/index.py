"""The archive index: games, headers and the Zobrist hash of every main-line position, in SQLite.

``--index archive.sqlite`` keeps it in a file (Python's own :mod:`sqlite3`,
no server); without it the commands build one in a temporary file for the
run, so every query is the same SQL either way.  :data:`SCHEMA` is the whole
schema; docs/archive.md documents each column for other programs (a test
holds the two equal).

Files are keyed by absolute path, with their size, modification time and
SHA-256: :func:`update` reads only the files whose size or time changed, and of
those only the ones whose bytes changed (a file touched but not edited is
hashed, not read).  Reading is :func:`xqformats.archive.scan.scan_file`, in
this process, in ``jobs`` worker processes or on a Dask cluster (as ``lint``
runs: :func:`xqformats.parallel.executor`); only this process writes to the
database.

A run's *scope* is the files its paths name (``scope`` temporary table);
queries join it, so an index that holds more files answers for these only.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Optional, Sequence

from ..discovery import Target
from ..parallel import Scheduler, executor
from ..progress import Progress
from .folding import fold
from .lines import counts_json, first_ply, headers_json, materials_json
from .scan import FileScan, GameSummary, date_range, scan_file

#: Bumped when a table changes: an index of an older version is built afresh, one of a newer version refused.
SCHEMA_VERSION = 2

#: The schema (docs/archive.md, "The index schema", shows it verbatim and explains each column).
SCHEMA = """\
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS files (
    id       INTEGER PRIMARY KEY,
    path     TEXT NOT NULL UNIQUE,
    size     INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    sha256   TEXT NOT NULL,
    format   TEXT,
    failed   INTEGER NOT NULL,
    problem  TEXT,
    games    INTEGER NOT NULL,
    findings TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES files(id),
    number      INTEGER NOT NULL,
    red         TEXT,
    black       TEXT,
    event       TEXT,
    date        TEXT,
    result      TEXT,
    red_key     TEXT NOT NULL,
    black_key   TEXT NOT NULL,
    event_key   TEXT NOT NULL,
    date_from   TEXT,
    date_to     TEXT,
    outcome     TEXT NOT NULL,
    start_fen   TEXT NOT NULL,
    start_hash  INTEGER NOT NULL,
    mirror_hash INTEGER NOT NULL,
    plies       INTEGER NOT NULL,
    moves       BLOB NOT NULL,
    comments    INTEGER NOT NULL,
    variations  INTEGER NOT NULL,
    headers     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_file ON games(file_id);
CREATE TABLE IF NOT EXISTS lines (
    game_id   INTEGER PRIMARY KEY REFERENCES games(id),
    hashes    BLOB NOT NULL,
    materials TEXT NOT NULL
);
"""

#: What ``meta`` says of the hashes, for other programs (docs/archive.md, "Zobrist hashes").
ZOBRIST_NOTE = (
    "63-bit Zobrist: XOR of blake2b-64('xqformats-zobrist:<FEN letter><square 0-89>') >> 1 for each piece, "
    "and of blake2b-64('xqformats-zobrist:black') >> 1 when Black is to move; square = rank * 9 + file"
)

#: Files stored between two commits of the database.
_BATCH = 500


class IndexError_(Exception):
    """The index file cannot be used (not an index, another schema version, not writable); the message says why."""


@dataclass
class Update:
    """What :func:`update` did: the scope's file ids, how many files were read, and the files that failed."""

    scope: list[int] = field(default_factory=list)
    displays: dict[int, str] = field(default_factory=dict)
    read: int = 0
    unchanged: int = 0
    removed: int = 0
    failed: list[FileScan] = field(default_factory=list)


class Index:
    """An open archive index (a :class:`sqlite3.Connection` and the statements that fill it)."""

    def __init__(self, path: str, *, temporary: bool = False) -> None:
        self._pending: dict[str, list[tuple[object, ...]]] = {
            t: [] for t in ("files", "games", "lines")
        }
        self._next_game = self._next_file = 1
        #: The schema version of an index an older xqformats wrote, emptied to be built afresh (else None).
        self.rebuilt_from: Optional[int] = None
        try:
            self.db = sqlite3.connect(path)
            self.db.execute("PRAGMA foreign_keys = OFF")
            if temporary:
                self.db.execute("PRAGMA journal_mode = OFF")
                self.db.execute("PRAGMA synchronous = OFF")
            else:
                self.db.execute("PRAGMA journal_mode = WAL")
                self.db.execute("PRAGMA synchronous = NORMAL")
            self.db.execute("PRAGMA cache_size = -65536")
            self.db.execute("PRAGMA temp_store = MEMORY")
            self._check_version()
            self.db.create_function("xq_first_ply", -1, first_ply, deterministic=True)
            self.db.executescript(SCHEMA)
            self._set_meta()
            self._next_game = int(self.db.execute("SELECT coalesce(max(id), 0) + 1 FROM games").fetchone()[0])
            self._next_file = int(self.db.execute("SELECT coalesce(max(id), 0) + 1 FROM files").fetchone()[0])
        except sqlite3.DatabaseError as exc:
            raise IndexError_(f"`{path}` is not an archive index: {exc}") from None

    def _check_version(self) -> None:
        """Refuse a file that is not an archive index; empty one that an older xqformats wrote (:attr:`rebuilt_from`)."""
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return
        if "meta" not in tables:
            raise IndexError_("the file holds other tables than an archive index's")
        meta = dict(self.db.execute("SELECT key, value FROM meta WHERE key IN ('schema', 'written-by')").fetchall())
        found = meta.get("schema")
        if found == str(SCHEMA_VERSION):
            return
        version = int(found) if found is not None and found.isdigit() else None
        if version is None or version > SCHEMA_VERSION or not meta.get("written-by", "").startswith("xqformats "):
            raise IndexError_(f"schema version {found or 'none'}, this xqformats writes {SCHEMA_VERSION}; delete it to build it afresh")
        # An index an older xqformats wrote: nothing in it is read again, so it is built afresh.
        for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").fetchall():
            self.db.execute(f'DROP TABLE "{name}"')
        self.db.commit()
        self.db.execute("VACUUM")  # (the old rows' pages go back to the file system)
        self.rebuilt_from = version

    def _set_meta(self) -> None:
        from .. import __version__

        rows = [("schema", str(SCHEMA_VERSION)), ("zobrist", ZOBRIST_NOTE), ("written-by", f"xqformats {__version__}")]
        self.db.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", rows)
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Index":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ files
    def known(self) -> dict[str, tuple[int, int, int, str]]:
        """Every stored file: absolute path -> ``(id, size, mtime_ns, sha256)``."""
        return {p: (i, s, m, h) for i, p, s, m, h in self.db.execute("SELECT id, path, size, mtime_ns, sha256 FROM files")}

    def remove(self, file_ids: Iterable[int]) -> None:
        """Delete files and everything stored of them."""
        ids = [(i,) for i in file_ids]
        if not ids:
            return
        self._flush()
        db = self.db
        games = "SELECT id FROM games WHERE file_id = ?"
        db.executemany(f"DELETE FROM lines WHERE game_id IN ({games})", ids)
        db.executemany("DELETE FROM games WHERE file_id = ?", ids)
        db.executemany("DELETE FROM files WHERE id = ?", ids)

    def touch(self, file_id: int, scan: FileScan) -> None:
        """Record a file's new size and time (its bytes are unchanged)."""
        self.db.execute("UPDATE files SET size = ?, mtime_ns = ? WHERE id = ?", (scan.size, scan.mtime_ns, file_id))

    def store(self, scan: FileScan, replaces: Optional[int] = None) -> int:
        """Store a file read afresh; returns its id.

        ``replaces`` is the id stored at its path (:meth:`known`), removed
        first; a path stored but not named so is refused when the rows go
        in (``sqlite3.IntegrityError``: paths are unique).  The file's and its
        games' rows are inserted at the next :meth:`commit` (many files' rows
        in one statement per table).
        """
        if replaces is not None:
            self.remove([replaces])
        file_id = self._next_file
        self._next_file += 1
        rows = self._pending
        rows["files"].append(
            (file_id, scan.path, scan.size, scan.mtime_ns, scan.sha256, scan.format, int(scan.failed), scan.problem, len(scan.games),
             counts_json(scan.findings))
        )
        for game in scan.games:
            self._add_game(file_id, game)
        return file_id

    def _add_game(self, file_id: int, g: GameSummary) -> None:
        gid = self._next_game
        self._next_game += 1
        tags = dict(g.headers)
        red, black, event, date = tags.get("Red"), tags.get("Black"), tags.get("Event"), tags.get("Date")
        lo, hi = date_range(date)
        rows = self._pending
        rows["games"].append((
            gid, file_id, g.number, red, black, event, date, tags.get("Result"), fold(red or ""), fold(black or ""),
            fold(event or ""), lo, hi, g.outcome, g.start_fen, g.start_hash, g.mirror_hash, len(g.moves) // 2, g.moves,
            g.comments, g.variations, headers_json(g.headers),
        ))
        rows["lines"].append((gid, g.hashes, materials_json(g.materials)))

    _INSERTS = {
        "files": "INSERT INTO files(id, path, size, mtime_ns, sha256, format, failed, problem, games, findings) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        "games": "INSERT INTO games(id, file_id, number, red, black, event, date, result, red_key, black_key, event_key, "
        "date_from, date_to, outcome, start_fen, start_hash, mirror_hash, plies, moves, comments, variations, headers) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        "lines": "INSERT INTO lines(game_id, hashes, materials) VALUES (?, ?, ?)",
    }

    def _flush(self) -> None:
        for table, rows in self._pending.items():
            if rows:
                self.db.executemany(self._INSERTS[table], rows)
                rows.clear()

    def commit(self) -> None:
        """Insert the pending rows and commit."""
        self._flush()
        self.db.commit()

    # ------------------------------------------------------------ scope
    def set_scope(self, file_ids: Sequence[int]) -> None:
        """The files later queries answer for, in this order (the temporary table ``scope``: ``file_id``, ``seq``)."""
        db = self.db
        db.execute("CREATE TEMP TABLE IF NOT EXISTS scope (file_id INTEGER PRIMARY KEY, seq INTEGER NOT NULL)")
        db.execute("DELETE FROM scope")
        db.executemany("INSERT OR IGNORE INTO scope(file_id, seq) VALUES (?, ?)", [(i, n) for n, i in enumerate(file_ids)])
        db.commit()

    def scope_all(self) -> None:
        """Every file the index holds is in scope."""
        self.set_scope([r[0] for r in self.db.execute("SELECT id FROM files ORDER BY path")])


# ---------------------------------------------------------------- update


def _under(path: str, roots: Sequence[str]) -> bool:
    return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


def _stale(index: Index, known: dict[str, tuple[int, int, int, str]], seen: set[str], roots: Sequence[str]) -> list[int]:
    """Stored files under the searched paths that the search no longer found (deleted or now ignored)."""
    return [fid for path, (fid, *_rest) in known.items() if path not in seen and _under(path, roots)]


def _scans(
    work: list[tuple[str, str, Optional[str]]], jobs: int, scheduler: Scheduler, encoding: Optional[str]
) -> Iterator[FileScan]:
    """:func:`scan_file` of each ``(path, display, known digest)``, in this order, here or in workers."""
    if scheduler is None and (jobs <= 1 or len(work) <= 1):
        for path, display, digest in work:
            yield scan_file(path, display, digest, encoding)
        return
    with executor(scheduler, jobs=jobs) as pool:
        futures = [pool.submit(scan_file, path, display, digest, encoding) for path, display, digest in work]
        for f in futures:
            yield f.result()


class _Stats:
    """``os.stat`` of many files, each asked of its folder's descriptor (one folder open at a time, files
    of a folder coming together as a search finds them): the system then looks up one name per file,
    not its whole path (a third of the time on a 30,000-file archive).  A folder that cannot be opened
    (searchable, not readable) is passed over: its files are asked by path.
    """

    _BY_FOLDER = os.stat in os.supports_dir_fd

    def __init__(self) -> None:
        self._folder: Optional[str] = None
        self._fd: Optional[int] = None

    def same(self, path: str, size: int, mtime_ns: int) -> bool:
        """Whether the file at ``path`` (absolute) has this size and modification time (False when it cannot be stat'ed)."""
        folder, name = os.path.split(path)
        if folder != self._folder and self._BY_FOLDER:
            self.close()
            self._folder = folder
            try:
                self._fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            except OSError:
                self._fd = None
        try:
            st = os.stat(name, dir_fd=self._fd) if self._fd is not None else os.stat(path)
        except OSError:
            return False
        return st.st_size == size and st.st_mtime_ns == mtime_ns

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _plan(known: dict[str, tuple[int, int, int, str]], targets: Sequence[Target], done: Update) -> tuple[list[tuple[str, str, Optional[str]]], set[str]]:
    """The files to read (``(path, display, stored digest)``) and every path seen; files unchanged go to ``done``'s scope."""
    work: list[tuple[str, str, Optional[str]]] = []
    seen: set[str] = set()
    cwd = os.getcwd()  # (os.path.abspath asks the system for it once per file)
    stats = _Stats()
    try:
        for t in targets:
            if t.missing or t.error:
                continue
            path = t.path if os.path.isabs(t.path) else os.path.normpath(os.path.join(cwd, t.path))
            seen.add(path)
            row = known.get(path)
            if row is not None and stats.same(path, row[1], row[2]):
                done.scope.append(row[0])
                done.displays[row[0]] = t.display
                done.unchanged += 1
                continue
            work.append((path, t.display, row[3] if row is not None else None))
    finally:
        stats.close()
    return work, seen


def _put(index: Index, scan: FileScan, known: dict[str, tuple[int, int, int, str]], done: Update) -> None:
    """Store one scan (or record that its bytes are unchanged) and add it to the scope."""
    row = known.get(scan.path)
    if scan.unchanged:
        assert row is not None  # (a scan is unchanged only against a stored digest)
        fid = row[0]
        index.touch(fid, scan)
        done.unchanged += 1
    else:
        fid = index.store(scan, row[0] if row is not None else None)
        done.read += 1
    done.scope.append(fid)
    done.displays[fid] = scan.display
    if scan.failed:
        done.failed.append(scan)


def update(
    index: Index,
    targets: Sequence[Target],
    roots: Sequence[str],
    *,
    jobs: int = 1,
    scheduler: Scheduler = None,
    encoding: Optional[str] = None,
    progress: Optional[Progress] = None,
    on_failed: Optional[Callable[[FileScan], None]] = None,
) -> Update:
    """Bring ``index`` up to date with ``targets`` (files found under ``roots``) and set the scope to them.

    A file whose size and modification time are those stored is not opened;
    one whose bytes hash as stored is not read.  Stored files under ``roots``
    that the search did not find are removed.  Each file that cannot be read
    is stored as failed and given to ``on_failed``.  The scope is in the
    order of ``targets``.
    """
    known = index.known()
    done = Update()
    work, seen = _plan(known, targets, done)
    stale = _stale(index, known, seen, [os.path.abspath(r) for r in roots])
    index.remove(stale)
    done.removed = len(stale)
    try:
        for n, scan in enumerate(_scans(work, jobs, scheduler, encoding), 1):
            _put(index, scan, known, done)
            if scan.failed and on_failed is not None:
                on_failed(scan)
            if progress is not None:
                progress.advance(1, scan.size)
            if n % _BATCH == 0:
                index.commit()
    finally:
        index.commit()
        if progress is not None:
            progress.close()
    index.set_scope(_in_order(done, targets))
    return done


def _in_order(done: Update, targets: Sequence[Target]) -> list[int]:
    """The scope's file ids in the order of ``targets`` (as the run found them)."""
    by_display = {d: fid for fid, d in done.displays.items()}
    return [by_display[t.display] for t in targets if t.display in by_display]
