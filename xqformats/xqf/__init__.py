"""XQF, the binary game record of XQStudio (象棋演播室): read every version 10–18, write version 10.

* :func:`read_xqf` — bytes → ``(game, diagnostics)``; never raises on bad input;
* :func:`read_header` — the header as the generated parser reads it;
* :func:`write_xqf` — a game → the bytes of an XQF 1.0 file (version 10);
* :func:`unwritten` — what an XQF file cannot keep of a game, in words;
* :mod:`.rules` — the X1xx–X3xx diagnostic codes.

The layout is ``schemas/xqf.ksy`` (its generated parser is
:mod:`xqformats.layouts.xqf`); the normative text is ``docs/spec/xqf.md``;
the user's page is ``docs/xqf.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_xqf
    from .writer import unwritten, write_xqf

__all__ = ["read_xqf", "write_xqf", "unwritten"]

# The reader loads the generated parser and its runtime; it is imported on
# first use, so that the rule catalogue (which imports ``xqf.rules``) and a
# linter reading only PGN never load them.
_LAZY = {
    "read_xqf": ".reader",
    "read_header": ".reader",
    "UNREAD_PREFIX": ".reader",
    "write_xqf": ".writer",
    "unwritten": ".writer",
    "VERSION_WRITTEN": ".writer",
}


__getattr__ = lazy_attributes(__name__, _LAZY)
