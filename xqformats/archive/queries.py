"""Reading the index back: the games in scope, the games a search finds, where each one is.

Every query joins the run's scope (:meth:`Index.set_scope`) and returns
games in the run's order: files in the order the paths found them, games in
file order.  A game is named ``path#N`` (N from 1), ``path`` as the run's
paths found it, or for an index queried without paths the stored path
relative to the working folder when it lies below it.
"""

from __future__ import annotations

import os
from typing import Iterator, Mapping, NamedTuple, Optional

from .criteria import Criteria, where
from .index import Index
from .lines import needles


class Hit(NamedTuple):
    """A game a search found; ``ply`` is where the searched position first occurs (``None`` without ``--fen``)."""

    game_id: int
    path: str
    number: int
    ply: Optional[int]
    #: The file's absolute path, as the index stores it.
    stored: str

    def name(self) -> str:
        return f"{self.path}#{self.number}"


class GameRow(NamedTuple):
    """A game in scope as ``duplicates`` compares them."""

    game_id: int
    path: str
    number: int
    start_hash: int
    mirror_hash: int
    moves: bytes
    comments: int
    variations: int
    red: Optional[str]
    black: Optional[str]
    format: Optional[str]


def display_of(stored: str, file_id: int, displays: Mapping[int, str]) -> str:
    """How a stored file is named in output (see the module docstring)."""
    shown = displays.get(file_id)
    if shown is not None:
        return shown
    rel = os.path.relpath(stored)
    return stored if rel.startswith("..") else rel


def find(index: Index, criteria: Criteria, displays: Mapping[int, str]) -> Iterator[Hit]:
    """The games in scope that meet ``criteria``, in the run's order."""
    cond, args = where(criteria)
    ply = "NULL"
    if criteria.positions:
        marks = ", ".join("?" * len(criteria.positions))
        ply = f"(SELECT xq_first_ply(l.hashes, {marks}) FROM lines l WHERE l.game_id = g.id)"
        args = [*needles(criteria.positions), *args]
    sql = (
        f"SELECT g.id, f.id, f.path, g.number, {ply} FROM games g JOIN scope s ON s.file_id = g.file_id "
        f"JOIN files f ON f.id = g.file_id WHERE {cond} ORDER BY s.seq, g.number"
    )
    for gid, fid, path, number, at in index.db.execute(sql, args):
        yield Hit(gid, display_of(path, fid, displays), number, at, path)


def games(index: Index, displays: Mapping[int, str]) -> Iterator[GameRow]:
    """Every game in scope, in the run's order."""
    sql = (
        "SELECT g.id, f.id, f.path, g.number, g.start_hash, g.mirror_hash, g.moves, g.comments, g.variations, g.red, "
        "g.black, f.format FROM games g JOIN scope s ON s.file_id = g.file_id JOIN files f ON f.id = g.file_id "
        "ORDER BY s.seq, g.number"
    )
    for gid, fid, path, number, start, mirror, moves, comments, variations, red, black, fmt in index.db.execute(sql):
        yield GameRow(gid, display_of(path, fid, displays), number, start, mirror, moves, comments, variations, red, black, fmt)
