"""Reading PFC: bytes, a path, a handle or a Source -> (Game, diagnostics), never raising on bad input.

Stages, all reporting to one :class:`~xqformats.diagnostics.DiagnosticSink`
made with the decoded :class:`~xqformats.source.Source`:

1. :mod:`.xmltext` decodes the bytes as declared, blanks the ``<!-- -->``
   wrapper and parses the text with the hardened parser (N101–N104);
2. :class:`_Lowering` reads the tree: the root's attributes as headers
   (:mod:`.attributes`), ``win`` as the result, ``m`` as the start position
   (F1xx), ``c`` as the opening comment; then the moves, in pre-order, each
   node's ``default`` child first (the main line), the others after it in
   document order, sent to the one reader-side builder
   (:class:`~xqformats.builder.GameBuilder`), which checks each move;
3. :mod:`.schema` validates the tree against ``schemas/pfc.xsd`` (N106,
   N107), after the lowering, which names the values it explained (N108).

A move that cannot be played is kept by this format's policy
(:data:`REST_OF_LINE`): it and the moves after it on its line become one
comment on the last move read, ``PFC moves not read: h2h9 h9g7 "its comment"``
(N110).
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from typing import Any, BinaryIO, Optional, Union

from lxml import etree

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..cbf.locate import Locator, report
from ..core import Move, square
from ..diagnostics import Diagnostic, DiagnosticSink, Rule, Span
from ..fen import parse_fen
from ..model import RESULT_WORDS, RESULTS, Game
from ..position import STARTING_FEN, Position
from ..source import Source
from .attributes import KEPT_PREFIX, STRUCTURAL, header_for_attribute
from .rules import (
    ATTRIBUTE_LOST,
    DEFAULT_TWICE,
    ILLEGAL_MOVE,
    MOVE_VALUE,
    MOVES_NOT_READ,
    NOT_PFC,
    RESULT_VALUE,
)
from .schema import Subject, validate
from .xmltext import decode, make_parser, parse

#: What :func:`read_pfc` reads.
PfcInput = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]", BinaryIO, Source]

#: What becomes of a line after a move that cannot be played: kept as a comment (N110).
REST_OF_LINE = LinePolicy.KEEP
#: How the comment that keeps such a line starts.
KEPT_LEAD = "PFC moves not read: "

_FILES = "abcdefghi"
# At one position, the earlier stage's finding first: XML, schema, then the game.
_STAGE = {"N101": 0, "N102": 0, "N103": 0, "N104": 0, "N105": 0, "N106": 1, "N107": 1}


def read_pfc(source: PfcInput, *, path: Optional[str] = None, strict: bool = False) -> tuple[Optional[Game], list[Diagnostic]]:
    """Read one PFC record; return ``(game or None, diagnostics)``.

    ``source`` is the file's bytes, a path, an open binary handle, or a
    :class:`~xqformats.source.Source` (one holding only text is taken as
    decoded).  ``OSError`` from opening a file propagates.  ``path`` names the
    input in diagnostics.  ``strict`` makes deviation rules errors.  The game
    is ``None`` only when no ``<n>`` root can be read (unsupported encoding,
    no root, another root, entities declared).  The diagnostics are sorted by
    position and are also ``game.diagnostics``.  Never raises on bad input.
    O(size of the file).
    """
    src = _as_source(source, path)
    sink = DiagnosticSink(path=src.name, strict=strict)
    game = _read(src, sink)
    items = sorted(sink.items, key=_position)
    if game is not None:
        game.diagnostics = items
    return game, items


def _as_source(source: PfcInput, path: Optional[str]) -> Source:
    if isinstance(source, Source):
        return source if path is None else replace(source, name=path)
    if isinstance(source, (bytes, bytearray, memoryview)):
        return Source.from_bytes(bytes(source), path)
    if hasattr(source, "read"):
        data = source.read()
        if path is None:
            name = getattr(source, "name", None)
            path = name if isinstance(name, str) else None
        return Source.from_text(data, path) if isinstance(data, str) else Source.from_bytes(data, path)
    fspath = os.fspath(source)
    with open(fspath, "rb") as fh:
        return Source.from_bytes(fh.read(), path if path is not None else str(fspath))


def _position(d: Diagnostic) -> tuple[int, int, int]:
    return (d.line or 0, d.column or 0, _STAGE.get(d.code, 2))


def _read(src: Source, sink: DiagnosticSink) -> Optional[Game]:
    decoded = decode(src, sink)
    if decoded.text is None:
        return None
    sink.source = decoded
    parsed = parse(decoded, sink)
    root = parsed.root
    if root is None:
        return None
    locator = Locator(decoded)
    if root.tag != "n":
        tag = root.tag if isinstance(root.tag, str) else "?"
        report(sink, NOT_PFC, f"The root element is `{tag}`; a PFC record is an `<n>` tree", _root_tag(root, decoded), root.sourceline)
        return None
    lowering = _Lowering(root, locator, sink)
    game = lowering.run()
    if parsed.well_formed:
        validate(root, locator, sink, superseded=lowering.superseded)
    return game


def _root_tag(root: etree._Element, source: Source) -> Optional[Span]:
    """Where the start tag of a root that is not PFC's begins (its name as written: a prefix, no namespace URI)."""
    text = source.text or ""
    # The local name of `{namespace}name` (not lxml's QName, which refuses a name the recovering
    # parser made of broken markup, such as `n:`).
    name = root.tag.rpartition("}")[2] if isinstance(root.tag, str) else ""
    written = f"<{root.prefix}:{name}" if root.prefix else f"<{name}"
    start = source.line_index.line_start(root.sourceline or 1, 0)
    at = text.find(written, start)
    return source.span(at, at + len(written)) if name and at >= 0 else None


#: Every ``m`` value that is a move (schemas/pfc.xsd type ``Move``: 8,100 of them), and the move: one lookup a move.
_MOVE_OF = {
    f"{_FILES[f1]}{r1}{_FILES[f2]}{r2}": Move(square(f1, r1), square(f2, r2))
    for f1 in range(9) for r1 in range(10) for f2 in range(9) for r2 in range(10)
}


def decode_move(text: Optional[str]) -> Optional[Move]:
    """The move of an ``m`` value such as ``h2e2``; ``None`` when it is none."""
    return _MOVE_OF.get(text) if text is not None else None


def _is_default(el: etree._Element) -> bool:
    """Whether ``el`` is marked as its parent's main line (docs/spec/pfc.md §3.3)."""
    value = el.get("default")
    return value is not None and value.strip() not in ("", "false", "0")


class _Lowering(ReaderHooks):
    """Reads a parsed ``<n>`` tree into a :class:`Game` through one :class:`GameBuilder`.

    ``superseded`` collects the subjects the reader gave a precise finding for
    (a move's ``m``), for the schema to skip.  A move's token is its element.
    """

    def __init__(self, root: etree._Element, locator: Locator, sink: DiagnosticSink) -> None:
        self.root = root
        self.locator = locator
        self.sink = sink
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.superseded: set[Subject] = set()
        # Whether any value can hold a raw line break or tab (a file on one line has none): else
        # no comment is looked up in the text (§3.5), and the text is never indexed.
        text = locator.text
        self._raw_breaks = "\t" in text or "\n" in text.strip()

    def _report(self, rule: Rule, message: str, span: Optional[Span], el: etree._Element) -> None:
        report(self.sink, rule, message, span, el.sourceline)

    # ------------------------------------------------------------ driver
    def run(self) -> Game:
        b = self.builder
        self._information()
        b.game.notation = "iccs"
        start = self._start()
        comment = self._comment(self.root)
        if comment:
            b.visit_comment(comment)
        self._walk(start is not None)
        b.visit_result(self._result())
        b.end_game()
        return b.result()

    # ------------------------------------------------------------ the root
    def _information(self) -> None:
        """Every attribute of the root that is not structural, as a header (§4.1, §4.3)."""
        root = self.root
        for name, value in root.attrib.items():
            if name in STRUCTURAL:
                continue
            header = header_for_attribute(name)
            if header is None:
                message = f"Attribute `{name}` cannot be kept: a header name is ASCII letters, digits and `_+#=:-`; not read"
                self._report(ATTRIBUTE_LOST, message, self.locator.attribute_value(root, name), root)
                continue
            self.builder.visit_header(header, value, self.locator.attribute_value(root, name))

    def _result(self) -> str:
        """The result from ``win`` (or ``result`` without it), N112 for an unknown or contradicting one (§4.2)."""
        root = self.root
        win = root.get("win")
        result = _result_of(win) if win is not None else None
        if win is not None and result is None:
            self._report(RESULT_VALUE, f"`win` `{win}` is not a result; read as unknown (`*`), kept as `{KEPT_PREFIX}win`", self.locator.attribute_value(root, "win"), root)
            self.builder.visit_header(KEPT_PREFIX + "win", win)
        other = root.get("result")
        if other is not None:
            said = _result_of(other)
            if result is None and said is not None and win is None:
                return said
            if said is None or (result is not None and said != result):
                self._report(RESULT_VALUE, f"`result` `{other}` does not say what `win` says; kept as `{KEPT_PREFIX}result`", self.locator.attribute_value(root, "result"), root)
                self.builder.visit_header(KEPT_PREFIX + "result", other)
        return result or "*"

    def _start(self) -> Optional[Position]:
        """The start position from the root's ``m`` (§2.4); ``None`` (F1xx reported, kept as ``FEN``) when unreadable."""
        root = self.root
        text = root.get("m")
        if text is None:  # N106 from the schema: the initial position
            return self.builder.game.start
        pos, findings = parse_fen(text.strip())
        span = self.locator.attribute_value(root, "m")
        for d in findings:
            self._place_fen(d, span, text)
        if pos is None:
            self.builder.visit_header("FEN", text.strip())
            return None
        self.builder.visit_start(pos)
        if pos.fen() != STARTING_FEN:
            self.builder.visit_header("FEN", pos.fen(), span)
        return pos

    def _place_fen(self, d: Diagnostic, span: Optional[Span], text: str) -> None:
        """``parse_fen``'s finding (columns in the FEN's one line) at its characters in the document."""
        if span is None or d.column is None or self.sink.source is None:
            self.sink.add(d)
            return
        lead = len(text) - len(text.lstrip())
        start = span.start + lead + d.column - 1
        end = span.start + lead + (d.end_column if d.end_column is not None else d.column) - 1
        self.sink.add(d.at(self.sink.source.span(start, end)))

    def _comment(self, el: etree._Element) -> str:
        """The ``c`` of ``el``, its line breaks kept (§3.5): XML reads a raw line break in a value as a space."""
        value = el.get("c") or ""
        if not self._raw_breaks or " " not in value:
            return value
        span = self.locator.attribute_value(el, "c")
        raw = self.locator.text[span.start : span.end] if span is not None else ""
        if "\n" not in raw and "\t" not in raw:
            return value
        try:
            again = etree.fromstring(("<c>" + raw + "</c>").encode("utf-8", "surrogatepass"), make_parser())
        except etree.XMLSyntaxError:  # a `]]>` or the like: the value as XML reads it
            return value
        text = again.text or ""
        return text if text.replace("\n", " ").replace("\t", " ") == value else value

    # ------------------------------------------------------------ the moves
    def _walk(self, placeable: bool) -> None:
        """The moves in pre-order, the main line of each node first (§3.3), sent to the builder."""
        b = self.builder
        stack: list[tuple[etree._Element, int]] = [(child, 0) for child in reversed(self._ordered(self.root))]
        while stack:
            el, ply = stack.pop()
            if b.ply != ply:
                b.back_to(ply)
            if not placeable and ply == 0:
                b.visit_unreadable(el)
            else:
                self._move(el)
            stack.extend((child, ply + 1) for child in reversed(self._ordered(el)))

    def _ordered(self, el: etree._Element) -> list[etree._Element]:
        """``el``'s move children, the main line first; N111 for a second ``default``."""
        children = [child for child in el if child.tag == "n"]
        if len(children) < 2:
            return children
        marked = [child for child in children if _is_default(child)]
        for extra in marked[1:]:
            message = "A second child marked `default`; the first so marked is the main line, this one a variation"
            self._report(DEFAULT_TWICE, message, self.locator.attribute_value(extra, "default"), extra)
        main = marked[0] if marked else children[0]
        return [main, *(child for child in children if child is not main)]

    def _move(self, el: etree._Element) -> None:
        b = self.builder
        text = el.get("m")
        move = decode_move(text)
        if move is None:
            if text is not None and not b.dead:
                self._report(MOVE_VALUE, f"`{text}` is not a move; expected ICCS such as `h2e2`", self.locator.attribute_value(el, "m"), el)
                self.superseded.add((el, "m"))
            b.visit_unreadable(el)
            return
        # No span: a move is located (a dictionary lookup and a scan) only when it is reported.
        node = b.visit_move(move, None, text, el)
        if node is not None:
            comment = self._comment(el)
            if comment:
                node.comments.append(comment)

    # ------------------------------------------------------------ the builder's hooks
    def illegal(self, move: Move, why: str, token: Any) -> None:
        el: etree._Element = token
        self._report(ILLEGAL_MOVE, f"The move `{move.uci()}` is not legal here: {why}", self.locator.start_tag(el), el)

    def not_read(self, token: Any) -> None:
        el: etree._Element = token
        target = self.builder.node.move
        where = "the start" if target is None else f"`{target.uci()}`"
        message = f"This move and the line after it are not read; kept as a comment on {where}"
        self._report(MOVES_NOT_READ, message, self.locator.start_tag(el), el)

    def kept_item(self, token: Any) -> str:
        el: etree._Element = token
        item = el.get("m") or "?"
        comment = self._comment(el)
        return f"{item} {json.dumps(comment, ensure_ascii=False)}" if comment else item

    def kept(self, kept: Kept) -> Optional[str]:
        return KEPT_LEAD + " ".join(kept.items)


def _result_of(value: str) -> Optional[str]:
    """The model's result for a ``win`` or ``result`` value (a PGN result or a result word)."""
    value = value.strip()
    return value if value in RESULTS else RESULT_WORDS.get(value)
