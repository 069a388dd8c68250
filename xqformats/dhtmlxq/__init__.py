"""DhtmlXQ (UBB), the record format of 东萍象棋网 and of forum posts: read and write.

Public API::

    read_dhtmlxq(text, *, strict=False, path=None) -> (games, diagnostics)
    write_dhtmlxq(game) -> str
    dhtmlxq_losses(game) -> list[str]

The syntax is ``grammars/dhtmlxq.lark``; the meaning is docs/spec/dhtmlxq.md;
the choices and the header table are in ``docs/dhtmlxq.md``.
"""

from __future__ import annotations

from typing import Optional

from ..diagnostics import Diagnostic, DiagnosticSink
from ..model import Game
from ..source import Source
from . import rules
from .grammar import parse_document
from .lowering import read_document
from .writer import dhtmlxq_losses, write_dhtmlxq

__all__ = ["read_dhtmlxq", "write_dhtmlxq", "dhtmlxq_losses", "rules"]


def read_dhtmlxq(
    text: "str | Source", *, strict: bool = False, path: Optional[str] = None
) -> tuple[list[Game], list[Diagnostic]]:
    """The games of the DhtmlXQ records in ``text`` (any text: a post, a page, a file), and every finding.

    ``text`` is the decoded text, or a :class:`~xqformats.source.Source` holding it.
    Blocks are found wherever they stand; a text without any gives D101 and no
    game.  ``strict`` makes the deviations (D102–D104, D110) errors.  Never
    raises on any text.
    """
    source = text if isinstance(text, Source) else Source.from_text(text, path)
    if path is not None and source.name is None:
        source = Source(path, source.data, source.text, source.offset, source.line, source.column)
    sink = DiagnosticSink(path=source.name, strict=strict, source=source)
    games = read_document(parse_document(source.text or ""), sink)
    return [g for g in games], list(sink.items)
