"""PFC, the XML game record of 鹏飞象棋 (a tree of ``<n>`` elements).

Public API::

    game, diagnostics = read_pfc(source, path=None, strict=False)   # Game | None
    data = write_pfc(game, encoding="utf-8")                          # bytes, never raises on content

``schemas/pfc.xsd`` is the reference for the syntax; ``docs/spec/pfc.md`` is
the normative text; ``docs/pfc.md`` the user page.  Rule codes N101–N113
(:mod:`xqformats.pfc.rules`).

Modules, one job each: :mod:`.xmltext` (decoding, the wrapper, hardened
parsing), :mod:`.schema` (validation), :mod:`.attributes` (information
attributes and headers), :mod:`.reader`, :mod:`.writer`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..resources import lazy_attributes

if TYPE_CHECKING:
    from .reader import read_pfc
    from .writer import write_pfc

__all__ = ["read_pfc", "write_pfc"]

# The reader and writer load lxml: imported on first use, so that the rule
# catalogue (which imports ``pfc.rules``) never loads it.
_LAZY = {
    "read_pfc": ".reader",
    "write_pfc": ".writer",
    "PfcWriter": ".writer",
    "CARRIES": ".writer",
}

__getattr__ = lazy_attributes(__name__, _LAZY)
