"""Read DHJHtmlXQ records: parse the text with the grammar, lower the records into games."""

from __future__ import annotations

from typing import Optional

from ..diagnostics import Diagnostic, DiagnosticSink
from ..model import Game
from ..source import Source
from .grammar import parse_document
from .lowering import read_document


def read_dhjhtmlxq(
    text: "str | Source", *, strict: bool = False, path: Optional[str] = None
) -> tuple[list[Game], list[Diagnostic]]:
    """The games of the DHJHtmlXQ records in ``text`` (any text: a page, a post, a file), and every finding.

    ``text`` is the decoded text, or a :class:`~xqformats.source.Source` holding it.
    Blocks are found wherever they stand; a text without any gives H101 and no
    game.  ``strict`` makes the deviations (H102, H103, H107, H111) errors.
    Never raises on any text.
    """
    source = text if isinstance(text, Source) else Source.from_text(text, path)
    if path is not None and source.name is None:
        source = Source(path, source.data, source.text, source.offset, source.line, source.column)
    sink = DiagnosticSink(path=source.name, strict=strict, source=source)
    games = read_document(parse_document(source.text or ""), sink)
    return games, list(sink.items)
