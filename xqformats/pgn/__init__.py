"""Xiangqi PGN: read (lenient or strict, streaming), validate and write.

Public API::

    parse_pgn(text, *, strict=False, path=None, encoding=None, handle=None, fast=True) -> (games, diagnostics)
        # text: str, bytes, an open text handle (io.StringIO too) or an open binary handle
    read_pgn(path_or_handle, *, strict=False, encoding=None, handle=None, fast=True) -> PgnReader
        # iterate: Game, one at a time; a path, or an open text or binary handle
    read_headers(path_or_handle, *, encoding=None) -> Iterator[Headers]   # no moves read
    write_pgn(game, notation="chinese", *, traditional=False, fullwidth=False, columns=80) -> str
    flattened_tags(game, notation="chinese") -> [tag name]   # values write_pgn changes (line breaks)

``fast=False`` sends every game through the Lark parse with its error
recovery (the fast path gives the same games; tests compare the two).
The grammar ``grammars/pgn.lark`` is the spec of the syntax; ``docs/pgn.md``
records where the sources disagree and what the reader and writer do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes
from . import rules  # noqa: F401  (declares the P rules)

if TYPE_CHECKING:
    from .reader import PgnReader, parse_pgn, read_headers, read_pgn
    from .writer import flattened_tags, write_pgn

__all__ = ["parse_pgn", "read_pgn", "read_headers", "write_pgn", "flattened_tags", "PgnReader"]

# The reader and the writer are imported on first use, so that the rule catalogue (which imports
# this package for its rules) and a linter, which never writes PGN, load only what they use.
_LAZY = {
    "parse_pgn": ".reader",
    "read_pgn": ".reader",
    "read_headers": ".reader",
    "PgnReader": ".reader",
    "write_pgn": ".writer",
    "flattened_tags": ".writer",
}


__getattr__ = lazy_attributes(__name__, _LAZY)
