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

from . import rules
from .mapping import RESULT_CODES, TABLE, TYPE_CODES
from .reader import read_cbf
from .unread import parse_unread
from .writer import Replacement, replaced_characters, unwritten_headers, write_cbf

__all__ = [
    "read_cbf",
    "write_cbf",
    "unwritten_headers",
    "replaced_characters",
    "Replacement",
    "parse_unread",
    "rules",
    "TABLE",
    "RESULT_CODES",
    "TYPE_CODES",
]
