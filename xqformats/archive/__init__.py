"""Whole archives: duplicates, search and statistics across formats, on an embedded index (issue 29).

``xqformats duplicates``, ``xqformats find`` and ``xqformats stats`` (docs/archive.md) read
record files through the front door game by game into an SQLite index
(:mod:`~xqformats.archive.index`; ``--index FILE`` keeps it between runs) and answer from it:

* :mod:`.scan` — one file into what the index keeps (the unit of work of workers);
* :mod:`.index` — the schema, updating it from the files that changed, the run's scope;
* :mod:`.queries` — the games in scope, the games a search finds;
* :mod:`.criteria` — what ``find`` looks for, as SQL;
* :mod:`.duplicates` — groups of the same game (mirrored, prefixes);
* :mod:`.stats`, :mod:`.chart` — what an archive holds, as text, JSON and SVG;
* :mod:`.folding`, :mod:`.material`, :mod:`.openings` — name folding, material, user opening tables;
* :mod:`.command` — the three subcommands.

A game's identity is :mod:`xqformats.gamekey` (shared with lint's ``G109``).

From Python::

    from xqformats.archive import Criteria, Index, find, update
    from xqformats.discovery import discover

    with Index("archive.sqlite") as index:
        done = update(index, discover(["games/"]), ["games/"])
        for hit in find(index, Criteria(players=("许银川",), result="1-0"), done.displays):
            print(hit.name())                 # games/a.pgn#3
"""

from __future__ import annotations

from .criteria import Criteria, CriteriaError, position_hashes
from .duplicates import Group, group_games
from .index import Index, Update, update
from .material import parse_material
from .queries import Hit, find, games
from .stats import collect

# Importable here as before but undocumented (not in __all__); the package imports them from
# their own modules.
from .folding import fold  # noqa: F401
from .index import SCHEMA  # noqa: F401
from .scan import FileScan, GameSummary, scan_file  # noqa: F401

__all__ = [
    "Criteria",
    "CriteriaError",
    "position_hashes",
    "Group",
    "group_games",
    "Index",
    "Update",
    "update",
    "parse_material",
    "Hit",
    "find",
    "games",
    "collect",
]
