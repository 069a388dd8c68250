"""CBF, the XML game record of 象棋桥 (root ``<ChineseChessRecord>``).

Public API::

    game, diagnostics = read_cbf(source, path=None, strict=False)   # Game | None
        # source: bytes, a path, an open binary handle (io.BytesIO too) or a Source
    data = write_cbf(game, encoding="utf-8")                   # bytes, never raises on content
    unwritten_headers(game), replaced_characters(game)         # what the writer could not keep

``schemas/cbf.xsd`` is the reference for the syntax (both the draft's form and
the form 象棋桥 writes); ``docs/cbf.md`` describes the format, the variation
layout and the header mapping (:mod:`xqformats.cbf.mapping`).  Rule codes:
C1xx XML and safety, C2xx schema, C3xx semantics (:mod:`xqformats.cbf.rules`).

Modules, one job each: :mod:`.safexml` (decoding, hardened parsing),
:mod:`.schema` (validation), :mod:`.locate` (spans of elements),
:mod:`.board` (Board strings, move values), :mod:`.mapping` (headers, codes),
:mod:`.reader`, :mod:`.unread` (moves kept as a comment), :mod:`.writer`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_cbf
    from .unread import parse_unread
    from .writer import (
        CbfWriter,
        CommentChange,
        Replacement,
        changed_comments,
        replaced_characters,
        unwritten_headers,
        write_cbf,
    )

__all__ = [
    "read_cbf",
    "write_cbf",
    "CbfWriter",
    "unwritten_headers",
    "changed_comments",
    "CommentChange",
    "replaced_characters",
    "Replacement",
    "parse_unread",
]

# The reader and writer load lxml; they are imported on first use, so that the
# rule catalogue (which imports ``cbf.rules``) and a linter reading only PGN
# never load it.
_LAZY = {
    "read_cbf": ".reader",
    "write_cbf": ".writer",
    "CbfWriter": ".writer",
    "unwritten_headers": ".writer",
    "changed_comments": ".writer",
    "CommentChange": ".writer",
    "replaced_characters": ".writer",
    "Replacement": ".writer",
    "parse_unread": ".unread",
    "TABLE": ".mapping",
    "RESULT_CODES": ".mapping",
    "TYPE_CODES": ".mapping",
}


__getattr__ = lazy_attributes(__name__, _LAZY)
