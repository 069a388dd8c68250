"""CBR and CBL, the binary game record and game library of 象棋桥 (CCBridge).

Public API::

    game, diagnostics = read_cbr(data, path=None, strict=False)     # Game | None
    games, diagnostics = read_cbl(data, path=None, strict=False)    # every game of a library
    for game in iter_cbl(data, sink): ...                           # one at a time
    data = write_cbr(game)                                          # a CBR record's bytes
    sentences = unwritten(game)                                     # what it cannot keep

The layouts are ``schemas/cbr.ksy`` and ``schemas/cbl.ksy`` (compiled to
:mod:`xqformats.layouts`); ``docs/spec/cbr.md`` is the normative text and
``docs/cbr.md`` the user's page.  Headers are named as the CBF reader names
them (:mod:`xqformats.cbf.mapping`): both formats are 象棋桥's.  Rule codes:
``B1xx`` (:mod:`xqformats.cbr.rules`).

Modules, one job each: :mod:`.text` (UTF-16LE fields and comments),
:mod:`.header` (header fields -> headers, the start position),
:mod:`.record` (one record and its move tree), :mod:`.library` (the CBL
index and slots), :mod:`.writer` (a game as a CBR record, and its losses).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .library import iter_cbl
    from .reader import read_cbl, read_cbr
    from .writer import unwritten, write_cbr

__all__ = ["read_cbr", "read_cbl", "iter_cbl", "write_cbr", "unwritten"]

# The readers load the layouts and the model; they are imported on first use,
# so that the rule catalogue (which imports ``cbr.rules``) loads neither.
_LAZY = {
    "read_cbr": ".reader",
    "read_cbl": ".reader",
    "iter_cbl": ".library",
    "is_compressed": ".library",
    "write_cbr": ".writer",
    "unwritten": ".writer",
}


__getattr__ = lazy_attributes(__name__, _LAZY)
