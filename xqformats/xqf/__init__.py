"""XQF, the binary game record of XQStudio (象棋演播室): read every version 10–18, write version 10.

* :func:`read_xqf` — bytes → ``(game, diagnostics)``; never raises on bad input;
* :func:`write_xqf` — a game → the bytes of an XQF 1.0 file (version 10);
* :func:`unwritten` — what an XQF file cannot keep of a game, in words;
* :mod:`.rules` — the X1xx–X3xx diagnostic codes.

The layout is ``schemas/xqf.ksy`` (generated parser :mod:`xqformats.layouts.xqf`);
the normative text is ``docs/spec/xqf.md``; the user's page ``docs/xqf.md``.
"""

from __future__ import annotations

from . import rules
from .reader import UNREAD_PREFIX, read_header, read_xqf
from .writer import VERSION_WRITTEN, unwritten, write_xqf

__all__ = ["read_xqf", "read_header", "write_xqf", "unwritten", "VERSION_WRITTEN", "UNREAD_PREFIX", "rules"]
