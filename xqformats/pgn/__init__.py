"""Xiangqi PGN: read (lenient or strict, streaming), validate and write.

Public API::

    parse_pgn(text_or_bytes, *, strict=False, path=None, encoding=None) -> (games, diagnostics)
    read_pgn(path, *, strict=False, encoding=None) -> PgnReader   # iterate: Game, one at a time
    write_pgn(game, notation="chinese", *, traditional=False, fullwidth=False, columns=80) -> str
    flattened_tags(game, notation="chinese") -> [tag name]   # values write_pgn changes (line breaks)

The grammar ``grammars/pgn.lark`` is the spec of the syntax; ``docs/pgn.md``
records where the sources disagree and what the reader and writer do.
"""

from __future__ import annotations

from . import rules  # noqa: F401  (declares the P rules)
from .reader import PgnReader, parse_pgn, read_pgn
from .writer import flattened_tags, write_pgn

__all__ = ["parse_pgn", "read_pgn", "write_pgn", "flattened_tags", "PgnReader"]
