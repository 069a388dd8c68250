"""Pasted text (a bare move list, a FEN, a UCCI line) at the front door: recognise, read.

The reader is :func:`xqformats.pasted.read_pasted`, imported on first use.
Pasted text has no file extension: it is what standard input, or a text
handed over unnamed (bytes, a handle), holds (docs/spec/pasted.md §1.2), so
the registry considers it for such inputs only.  It is not written
(``writer`` is ``None``): ``convert`` turns it into any writable format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Format, Kind, Reading, ReadOptions, text_head

if TYPE_CHECKING:
    from ..source import Source

#: ASCII characters no pasted line starts with, but PGN (`[`, `{`, `;`, `%`), XML and JSON do:
#: the sniff rules them out before it loads the grammar.
_NOT_FIRST = frozenset(b"[{;%<(\"'#")


def _lines(head: bytes) -> list[str]:
    """The lines of ``head`` (a BOM and leading ASCII blank lines dropped), decoded as UTF-8 or, failing that, GB 18030."""
    head = text_head(head)
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        text = head.decode("gb18030", "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # §2.1: LF, CR LF, a lone CR


def sniff(head: bytes) -> bool:
    """Pasted text's first line is a UCCI ``position`` line, a FEN, or moves (docs/spec/pasted.md §2.2).

    The line's shape is the grammar's (``grammars/pasted.lark``), and so is
    what makes a line blank (§2.1: white space only, the ideographic space
    U+3000 included): the grammar gives a blank line no ``line`` node, and the
    sniff goes on to the next.  A line of moves counts when its first word,
    after a list number, is a move in one of the notations
    (:func:`xqformats.notation.detect_notation`).
    """
    first = text_head(head)[:1]
    if not first or first[0] in _NOT_FIRST:
        return False
    from lark import Tree

    from ..notation import detect_notation
    from ..pasted.reader import parser

    for text in _lines(head):
        tree = parser().parse(text)
        line = next((c for c in tree.children if isinstance(c, Tree)), None)
        if line is None:
            continue  # a blank line is no line (§2.1)
        if line.data != "moves":
            return True
        words = [str(t) for t in line.children if getattr(t, "type", "") == "WORD"]
        return bool(words) and detect_notation(words[0]) is not None
    return False


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..pasted import read_pasted

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = read_pasted(source, strict=options.strict)
    return Reading(games, diagnostics)


FORMAT = Format(
    name="pasted",
    title="Pasted text",
    content="pasted text (moves, a FEN or a UCCI line)",
    extensions=(),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    rules="xqformats.pasted.rules",
)
