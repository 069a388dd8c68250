"""Reading an archive's files into what the index keeps: one :class:`FileScan` per file.

:func:`scan_file` is the unit of work (picklable, module level: it runs in a
worker process or on a Dask worker as :func:`xqformats.lint.runner.lint_file`
does).  It hashes the file's bytes, and unless they are the ones the index
already holds, opens it through the front door
(:func:`xqformats.formats.open_record`) and reads it **game by game**: each
game becomes a :class:`GameSummary` (its headers, its identity, the Zobrist
hash of every main-line position, its material after each capture, how many
comments and variations it has) and is released at once, so memory is one
game's plus the summaries.  The findings are counted by code: the reader's
and lint's game checks, under lint's default selection (as ``lint
--statistics`` counts them, before suppression comments).  The checks replay
the main line once (:meth:`~xqformats.lint.checks.GameChecker.check_line`);
the summary takes its positions' hashes and its captures from that replay,
and replays the line itself only when the checks did not (the reader stopped
short of the game's end).
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from typing import Optional, Sequence

from ..adjudication.cycles import LineScan
from ..core import Move
from ..diagnostics import Diagnostic
from ..formats import open_record
from ..formats._reading import guard
from ..gamekey import encode_moves, line_positions, main_line, mirrored_hash
from ..lint.catalogue import on_by_default
from ..lint.checks import GameChecker
from ..model import RESULTS, Game, date_problem, standard_date
from ..position import STARTING_FEN, Position
from .folding import fold
from .lines import pack_hashes
from .material import signature, signatures_from

#: How much of a file is hashed at a time.
_CHUNK = 1 << 20
#: Files up to this size are kept in memory as they are hashed and read from there.
_KEPT = 1 << 20


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the index keeps of one game (see docs/archive.md for the columns)."""

    #: 1-based place in its file.
    number: int
    headers: tuple[tuple[str, str], ...]
    start_fen: str
    #: Zobrist hash of the start position and of its left–right mirror image.
    start_hash: int
    mirror_hash: int
    #: The main line (:func:`xqformats.gamekey.encode_moves`).
    moves: bytes
    #: Zobrist hash of every main-line position, ply 0 (the start) to the end, packed
    #: (:func:`~xqformats.archive.lines.pack_hashes`: the ``lines.hashes`` column).
    hashes: bytes
    #: ``(ply, red, black)`` material signatures at the start and after each capture.
    materials: tuple[tuple[int, str, str], ...]
    #: The result (``1-0``, ``0-1``, ``1/2-1/2``, ``*``): the termination marker, else the Result tag.
    outcome: str
    comments: int
    variations: int

    def header(self, name: str) -> Optional[str]:
        for key, value in self.headers:
            if key == name:
                return value
        return None


@dataclass(frozen=True, slots=True)
class FileScan:
    """One file as :func:`scan_file` read it.

    ``unchanged`` says its bytes are those the index holds (``sha256`` equal
    to the ``known`` digest given): nothing else was read.  ``failed`` is set
    when the front door could not read it (unknown format, unreadable, too
    large, a reader crash); ``problem`` is then the first finding's message.
    """

    path: str
    display: str
    size: int
    mtime_ns: int
    sha256: str
    unchanged: bool = False
    format: Optional[str] = None
    failed: bool = False
    problem: Optional[str] = None
    games: tuple[GameSummary, ...] = ()
    findings: dict[str, int] = field(default_factory=dict)


def file_digest(path: str) -> str:
    """SHA-256 of the file's bytes, in hex (read in 1 MiB chunks)."""
    return _read_and_digest(path)[1]


def _read_and_digest(path: str) -> tuple[os.stat_result, str, Optional[bytes]]:
    """The file's status (``os.stat``'s), :func:`file_digest` and, for a file of at most :data:`_KEPT` bytes, its
    content, from one opening of it; raises ``OSError`` (also for anything but a regular file).

    By descriptor, not a file object (which asks for the status twice more),
    each read sized by the status: a 2 KB record costs one read and the one
    that finds its end, and no 1 MiB buffer.  The content kept is handed to
    the front door, which then does not open the file again.  Non-blocking,
    so that a FIFO with a record's name does not hold the run.
    """
    h = hashlib.sha256()
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        size = min(st.st_size + 1, _CHUNK)
        kept: Optional[list[bytes]] = [] if st.st_size <= _KEPT else None
        while chunk := os.read(fd, size):
            h.update(chunk)
            if kept is not None:
                kept.append(chunk)
    finally:
        os.close(fd)
    data = None if kept is None else kept[0] if len(kept) == 1 else b"".join(kept)
    if data is not None and len(data) > _KEPT:  # (it grew since the status was asked)
        data = None
    return st, h.hexdigest(), data


def outcome_of(game: Game) -> str:
    """The game's result: its termination marker when one was written, else its ``Result`` tag when standard."""
    if game.result_span is not None or game.result != "*":
        return game.result
    tag = game.headers.get("Result", "*")
    return tag if tag in RESULTS else "*"


def date_range(value: Optional[str]) -> tuple[Optional[str], Optional[str]]:
    """The first and last day (``yyyy.mm.dd``) a Date value can mean, in any form T104 reads; ``(None, None)`` when unknown.

    ``1995.05.22`` -> both that day; ``1995.??.??`` or ``1995`` -> 1995.01.01
    to 1995.12.31; ``1995.5`` -> the month.  A date with no known year says
    nothing.
    """
    if not value:
        return None, None
    text = value.strip()
    day = text if date_problem(text) is None else standard_date(text)
    if day is None or day.startswith("?"):
        return None, None
    year, month, dd = day.split(".")
    if month == "??":
        return f"{year}.01.01", f"{year}.12.31"
    if dd == "??":
        return f"{year}.{month}.01", f"{year}.{month}.31"
    return day, day


_START = Position.initial()
#: The standard start's mirror hash and material, computed once (most games start there).
_START_MIRROR = mirrored_hash(_START)
_START_MATERIAL = signature(_START.board)


def _start_facts(start: Position) -> tuple[str, int, tuple[str, str]]:
    """``start.fen()``, :func:`~xqformats.gamekey.mirrored_hash` and :func:`~xqformats.archive.material.signature`
    of ``start``; for the standard start (board and side to move), not computed again each time."""
    if start != _START:
        return start.fen(), mirrored_hash(start), signature(start.board)
    fen = STARTING_FEN if start.halfmove_clock == 0 and start.fullmove_number == 1 else start.fen()
    return fen, _START_MIRROR, _START_MATERIAL


def _annotations(game: Game) -> tuple[int, int]:
    """How many non-empty comments the whole tree has, and how many variations (children beyond the first)."""
    comments = variations = 0
    stack = [game.root]
    while stack:
        node = stack.pop()
        while True:  # down the line's first children; the others wait on the stack
            # The slots, not the properties: `Node.comments` makes a node's empty list on first use,
            # and asking every node made two lists per ply (and the collections they cost).
            after, before = node._comments, node._comments_before
            if after or before:  # (most moves have none: no loop for them)
                comments += sum(1 for text in before or () if text.strip())
                comments += sum(1 for text in after or () if text.strip())
            kids = node.children
            if not kids:
                break
            if len(kids) > 1:
                variations += len(kids) - 1
                stack.extend(kids[1:])
            node = kids[0]
    return comments, variations


def _line(game: Game, scan: Optional[LineScan]) -> tuple[Sequence[Move], Sequence[int], list[tuple[int, str]]]:
    """The main line's moves, the hash of each of its positions and its captures ``(ply, piece)``.

    From the lint checks' replay when they made one (``scan``: its keys are
    :meth:`Position.zobrist`'s, the hashes :func:`~xqformats.gamekey.line_positions`
    computes), else by :func:`~xqformats.gamekey.line_positions`.
    """
    if scan is not None:
        return scan.moves, scan.keys, scan.end.taken()
    moves = main_line(game)
    line = line_positions(game.start, moves)
    return moves, line.hashes, line.captures


def _summary(number: int, game: Game, scan: Optional[LineScan] = None) -> GameSummary:
    """The summary of ``game``; ``scan`` is its main line's replay by the lint checks when they made one."""
    fen, mirror, material = _start_facts(game.start)
    moves, hashes, captures = _line(game, scan)
    comments, variations = _annotations(game)
    return GameSummary(
        number=number,
        headers=tuple(game.headers.items()),
        start_fen=fen,
        start_hash=hashes[0],
        mirror_hash=mirror,
        moves=encode_moves(moves),
        hashes=pack_hashes(hashes),
        materials=tuple(signatures_from(material, captures)),
        outcome=outcome_of(game),
        comments=comments,
        variations=variations,
    )


def _count(findings: Counter[str], diags: list[Diagnostic]) -> None:
    for d in diags:
        if on_by_default(d.code):
            findings[d.code] += 1


#: One checker per format for the process (a checker holds only its selection; building one per file
#: was a tenth of the checks' time on single-game files).
_CHECKERS: dict[str, GameChecker] = {}


def _checker(fmt: str) -> GameChecker:
    checker = _CHECKERS.get(fmt)
    if checker is None:
        checker = _CHECKERS[fmt] = GameChecker(fmt, on_by_default)
    return checker


def scan_file(path: str, display: str, known: Optional[str] = None, encoding: Optional[str] = None) -> FileScan:
    """Read the file at ``path`` into a :class:`FileScan` (never raises on what the file holds).

    ``known`` is the SHA-256 the index holds for it: when the bytes still
    hash to it, nothing else is read (``unchanged``).  ``encoding`` forces the
    text encoding of PGN input (default: detected).  An ``OSError`` reading
    the file gives a failed scan.
    """
    try:
        st, digest, data = _read_and_digest(path)
    except OSError as exc:
        return FileScan(path, display, 0, 0, "", failed=True, problem=f"Cannot read `{display}`: {exc.strerror or exc}")
    if known is not None and digest == known:
        return FileScan(path, display, st.st_size, st.st_mtime_ns, digest, unchanged=True)
    findings: Counter[str] = Counter()
    games: list[GameSummary] = []
    # The reader builds no finding of a rule that is off by default (the opt-in style rules).
    with open_record(path, name=display, encoding=encoding, wanted=on_by_default, data=data) as stream:
        fmt = stream.format.name if stream.format is not None else None
        if fmt is not None and not stream.failed:
            checker = _checker(fmt)
            for number, game in enumerate(stream, 1):
                checked, crash = guard(partial(checker.check_line, game), "A lint check", name=display)
                found, line = checked if checked is not None else ([], None)
                _count(findings, [crash] if crash is not None else found)
                games.append(_summary(number, game, line))
                game.release()
        _count(findings, stream.diagnostics)
        failed = fmt is None or stream.failed
        problem = stream.diagnostics[0].message if failed and stream.diagnostics else None
    return FileScan(
        path, display, st.st_size, st.st_mtime_ns, digest, format=fmt, failed=failed, problem=problem,
        games=tuple(games), findings=dict(findings),
    )


def folded(summary: GameSummary, name: str) -> str:
    """The search form (:func:`~xqformats.archive.folding.fold`) of header ``name`` ('' when absent)."""
    return fold(summary.header(name) or "")
