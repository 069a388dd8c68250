"""Reading CBF: a file, bytes or a handle -> (Game, diagnostics), never raising on bad input.

Stages, each reporting to one :class:`~xqformats.diagnostics.DiagnosticSink`
made with the decoded :class:`~xqformats.source.Source` (stages report spans
or character offsets into its text; none counts lines itself):

1. :mod:`.safexml` decodes the bytes as declared and parses them with the
   hardened parser (C101–C105);
2. :class:`CbfLowering` reads the tree into the model: headers by
   :mod:`.mapping`, the start position from ``FEN`` or ``Board``
   (:mod:`.board`), the result codes, the comments, and the moves by the
   ``nid`` rule, sent to the one reader-side builder
   (:class:`~xqformats.builder.GameBuilder`), which checks each move's
   legality (C301–C311, F1xx for the position);
3. :mod:`.schema` validates the tree against ``schemas/cbf.xsd`` (C201–C203).

A semantic diagnostic about an attribute (a Board string, a move value)
supersedes the schema's generic one about the same attribute: the user sees
one precise message, with the column of the bad character.  That is why the
schema runs after the lowering, which names the attributes it explained.

The ``nid`` rule (docs/spec/cbf.md §6.1 and §6.2): the
moves list a tree in pre-order; a move whose nid is one more than the previous
one continues the current line; a nid not greater than the previous one starts
an alternative to the move with that nid on the current line (its parent is the
move with nid − 1 there).  ``1A 2B 3C 4D 5E 6F 4G 2H 3I 4J 5K`` gives the lines
ABCDEF, ABCG, AHIJK.  象棋桥's files write no nid: each move then gets the
previous nid + 1.

A move that cannot be placed (C304–C306, C308, a ``Move`` without ``value``
or with a ``nid`` that is no number) is kept by this format's policy
(:data:`REST_OF_LINE`): it and every move that continues it (the moves up to
the next whose nid is at most its own) become one comment on the last
move read before it (before the first move when there is none), with C311 at
that first move, in the compact form of :mod:`.unread`::

    CBF moves not read: 3:47-17 "a comment" 4:80-70 3:79-67
"""

from __future__ import annotations

import os
from dataclasses import replace
from functools import lru_cache
from typing import Any, BinaryIO, Optional, Union

from lxml import etree

from ..builder import GameBuilder, Kept, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import Diagnostic, DiagnosticSink, Rule, Severity, Span, excerpt
from ..digits import MAX_NUMBER_DIGITS, bounded_int
from ..fen import parse_fen
from ..model import Game, Headers, Node
from ..position import STARTING_FEN, Position
from ..source import Source
from .board import ROOT_VALUE, decode_board, decode_move_value, encode_move_value
from .locate import Locator, report
from .mapping import RESULT_CODES, TEXT_ELEMENTS, header_names
from .rules import (
    DUPLICATE_MOVE,
    ILLEGAL_MOVE,
    MOVE_VALUE,
    MOVES_AFTER_END,
    MOVES_NOT_READ,
    NID_SKIP,
    RESULT_CONFLICT,
    SCHEMA_CONTENT,
    START_CONFLICT,
)
from .safexml import decode, parse
from .schema import Subject, validate
from .unread import render_item, render_unread

#: What :func:`read_cbf` reads: bytes, a path, an open binary handle, or a :class:`Source`.
CbfInput = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]", BinaryIO, Source]

#: What becomes of a line after a move that cannot be placed: kept as a comment (C311, :mod:`.unread`).
REST_OF_LINE = LinePolicy.KEEP

#: Head elements read by special rules rather than as one text header.
_KNOWN_HEAD = TEXT_ELEMENTS | {"Type", "Result", "Board", "Comment", "RecordResult", "FEN"}

# At one position, the earlier stage's diagnostic first: XML (C1xx), schema
# (C2xx), then the reading of the game (C3xx, F1xx).
_STAGE = {"C1": 0, "C2": 1}


def read_cbf(
    source: CbfInput,
    *,
    path: Optional[str] = None,
    strict: bool = False,
) -> tuple[Optional[Game], list[Diagnostic]]:
    """Read one CBF record; return ``(game or None, diagnostics)``.

    ``source`` is one of:

    * the file's bytes (``bytes``, ``bytearray``, ``memoryview``);
    * a path (``str`` or path-like) to read them from;
    * an open binary handle (a file opened ``"rb"``, :class:`io.BytesIO`),
      read to its end (a handle that gives ``str`` is taken as decoded text);
    * a :class:`~xqformats.source.Source`: its ``data`` is decoded as the file
      declares; one with only ``text`` is taken as decoded already.

    ``OSError`` from opening or reading a file propagates: that is not bad
    input.  ``path`` names the input in diagnostics; it defaults to the path,
    the handle's ``name`` (when it is a string) or the source's ``name``.
    ``strict`` makes deviation rules errors.

    The game is ``None`` only when no ``ChineseChessRecord`` element can be
    read at all (unsupported encoding, no root element, another root).  Every
    problem is a :class:`~xqformats.diagnostics.Diagnostic`, sorted by position
    (at one position: XML, then schema, then game problems); the same list is
    ``game.diagnostics``.  A bad move keeps the moves before it.  Every input
    kind holding the same bytes gives the same result.  Never raises on bad
    input.  O(size of the file).
    """
    src = _as_source(source, path)
    sink = DiagnosticSink(path=src.name, strict=strict)
    game = _read(src, sink)
    items = sorted(sink.items, key=_position)
    if game is not None:
        game.diagnostics = items
    return game, items


def _as_source(source: CbfInput, path: Optional[str]) -> Source:
    """Any accepted input as a :class:`Source` named ``path`` (or its own name)."""
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
        data = fh.read()
    return Source.from_bytes(data, path if path is not None else str(fspath))


def _read(src: Source, sink: DiagnosticSink) -> Optional[Game]:
    """The stages, in order, all reporting to ``sink``."""
    decoded = decode(src, sink)
    if decoded.text is None:
        return None
    sink.source = decoded  # from here on, positions are offsets into the decoded text
    parsed = parse(decoded, sink)
    root = parsed.root
    if root is None:
        return None
    locator = Locator(decoded)
    lowering = CbfLowering(root, locator, sink)
    game = lowering.run()
    schema_ran_clean = validate(root, locator, sink, superseded=lowering.superseded) if parsed.well_formed else True
    if game is None and schema_ran_clean and root.tag != "ChineseChessRecord":
        # Reached only when the schema could not run (malformed document).
        message = f"Root element is `{root.tag}`; expected `ChineseChessRecord`"
        sink.report(SCHEMA_CONTENT, message, locator.start_tag(root))
    return game


def _position(d: Diagnostic) -> tuple[int, int, int]:
    return (d.line or 0, d.column or 0, _STAGE.get(d.code[:2], 2))


class CbfLowering:
    """Lowers a parsed ``<ChineseChessRecord>`` into a :class:`Game`.

    Walks the moves once (:class:`_MoveWalk`), sending them to the one
    reader-side builder, which moves one :class:`Position` along the current
    line, so each move costs one legality test.  Diagnostics go to ``sink``, whose
    ``source`` is the decoded text ``locator`` was built on.  ``superseded``
    (the ``(element, attribute)`` pairs a precise C3xx diagnostic was given
    for, for :func:`~xqformats.cbf.schema.validate` to skip) is filled by
    :meth:`run`.
    """

    def __init__(self, root: etree._Element, locator: Locator, sink: DiagnosticSink) -> None:
        self.root = root
        self.locator = locator
        self.sink = sink
        self.superseded: set[Subject] = set()

    # ------------------------------------------------------------ reporting
    def report(
        self,
        rule: Rule,
        message: str,
        span: Optional[Span],
        el: Optional[etree._Element] = None,
        *,
        severity: Optional[Severity] = None,
    ) -> None:
        """Report about ``el`` at ``span`` (at ``el``'s line when the span is unknown)."""
        line = el.sourceline if el is not None else None
        report(self.sink, rule, message, span, line, severity=severity)

    # ------------------------------------------------------------ driver
    def run(self) -> Optional[Game]:
        """The game; ``None`` when the root is not ``ChineseChessRecord``."""
        root = self.root
        if root.tag != "ChineseChessRecord":
            return None
        walk = _MoveWalk(self)
        builder = walk.builder
        game = builder.game  # the head's elements are written on it as they are read (their spans with them)
        game.span = self.locator.element(root)
        head = _child(root, "Head")
        start: Optional[Position] = game.start
        if head is not None:
            start = self._head(head, game)
        if start is not None:
            builder.visit_start(start)
        moves = _child(root, "MoveList")
        if moves is not None:
            walk.run(moves, placeable=start is not None)
        builder.end_game()
        game.notation = "cbf"  # XY-XY coordinates (docs/spec/cbf.md §5.1)
        return builder.result()

    # ------------------------------------------------------------ Head
    def _head(self, head: etree._Element, game: Game) -> Optional[Position]:
        """Read the head into ``game``; return the start position (``None`` if unreadable)."""
        first: dict[str, etree._Element] = {}
        for el in head:
            if isinstance(el.tag, str) and el.tag not in first:
                first[el.tag] = el  # a repeated element is a schema error; the first counts
        headers = game.headers
        self._text_headers(first, headers, game)
        self._type(first.get("Type"), headers, game)
        self._result(first.get("Result"), first.get("RecordResult"), headers, game)
        el = first.get("Comment")  # Comment (draft) -> the root's comments.
        comment = _text(el).strip() if el is not None else ""
        if comment:
            game.root.comments.append(comment)
        return self._start(first.get("Board"), first.get("FEN"), headers, game)

    def _text_headers(self, first: dict[str, etree._Element], headers: Headers, game: Game) -> None:
        """One header per text element, named by :mod:`.mapping` (unknown ones under their own name)."""
        names = header_names(set(first))
        for tag, el in first.items():
            name = names.get(tag)
            if name is None:
                if tag in _KNOWN_HEAD:
                    continue
                name = tag  # unknown element (C201): kept under its own name
            text = _text(el)
            if text == "" or name in headers:
                continue
            try:
                headers[name] = text
            except ValueError:  # not a valid header name: nothing to keep it under
                continue
            self._span(game, name, el)

    def _type(self, el: Optional[etree._Element], headers: Headers, game: Game) -> None:
        """Type (draft): the code and its label."""
        if el is None:
            return
        code = el.get("value")
        if code is not None:
            headers["Type"] = code
        label = _text(el)
        if label:
            headers["TypeText"] = label
        self._span(game, "Type", el)

    def _result(
        self, el_res: Optional[etree._Element], el_rec: Optional[etree._Element], headers: Headers, game: Game
    ) -> None:
        """Result (draft) and RecordResult (象棋桥); RecordResult wins when they disagree (C310)."""
        draft_code = rec_code = None
        if el_res is not None:
            code = el_res.get("value")
            draft_code = code if code in RESULT_CODES else None
            label = _text(el_res)
            if label:
                headers["ResultText"] = label
        if el_rec is not None:
            code = _text(el_rec).strip()
            rec_code = code if code in RESULT_CODES else None
        if rec_code is not None:
            assert el_rec is not None
            game.result = RESULT_CODES[rec_code]
            game.result_span = self.locator.element(el_rec)
            if draft_code is not None and draft_code != rec_code:
                self.report(
                    RESULT_CONFLICT,
                    f"`Result` code `{draft_code}` ({RESULT_CODES[draft_code]}) disagrees with `RecordResult` "
                    f"`{rec_code}` ({RESULT_CODES[rec_code]}); using `RecordResult`",
                    self.locator.element(el_rec),
                    el_rec,
                )
        elif draft_code is not None:
            assert el_res is not None
            game.result = RESULT_CODES[draft_code]
            game.result_span = self.locator.element(el_res)

    def _span(self, game: Game, name: str, el: etree._Element) -> None:
        span = self.locator.element(el)
        if span is not None:
            game.tag_spans[name] = span

    def _start(
        self, board_el: Optional[etree._Element], fen_el: Optional[etree._Element], headers: Headers, game: Game
    ) -> Optional[Position]:
        """The start position from FEN (象棋桥) or Board (draft); ``None`` if unreadable.

        A position other than the initial one is kept as the ``FEN`` header;
        an unreadable one is kept as written (``FEN`` or ``Board``).
        """
        board_value = board_el.get("value") if board_el is not None else None
        board_pos = self._board(board_el, board_value, game) if board_value is not None else None
        fen_text = _text(fen_el) if fen_el is not None else ""
        if fen_text.strip():
            assert fen_el is not None
            start = self._fen(fen_el, fen_text, board_pos, game)
            if start is None:
                headers["FEN"] = fen_text.strip()  # unreadable (F1xx reported): keep what was written
                return None
        elif board_value is not None:
            start = board_pos
            if start is None:  # unreadable (C301–C303 reported): kept as written
                headers["Board"] = board_value
                return None
        else:
            start = Position.initial()
        fen = start.fen()
        if fen != STARTING_FEN:
            headers["FEN"] = fen
        return start

    def _board(self, board_el: etree._Element, value: str, game: Game) -> Optional[Position]:
        """Decode the draft's ``Board`` string, reporting each problem at its characters."""
        pos, problems = decode_board(value)
        vspan = self.locator.attribute_value(board_el, "value")
        for p in problems:
            if vspan is not None:
                self.sink.report_at(p.rule, p.message, vspan.start + p.start, vspan.start + p.end, severity=p.severity)
            else:
                self.report(p.rule, p.message, None, board_el, severity=p.severity)
            if p.rule.code.startswith("C3"):
                self.superseded.add((board_el, "value"))
        self._span(game, "FEN", board_el)
        return pos

    def _fen(
        self, fen_el: etree._Element, fen_text: str, board_pos: Optional[Position], game: Game
    ) -> Optional[Position]:
        """Parse 象棋桥's ``FEN`` text; report where it disagrees with ``Board`` (C309)."""
        fen_pos, fen_diags = _parse_fen(fen_text)
        self._report_fen(fen_diags, self.locator.content(fen_el))
        self._span(game, "FEN", fen_el)
        if fen_pos is not None and board_pos is not None and (
            fen_pos != board_pos or fen_pos.fullmove_number != board_pos.fullmove_number
        ):
            self.report(
                START_CONFLICT,
                f"`Board` gives `{board_pos.fen()}` but `FEN` gives `{fen_pos.fen()}`; using `FEN`",
                self.locator.element(fen_el),
                fen_el,
            )
        return fen_pos

    def _report_fen(self, diags: tuple[Diagnostic, ...], content: Optional[Span]) -> None:
        """Report :func:`parse_fen`'s findings at their characters in the document.

        ``parse_fen`` reads one line and gives column ``offset + 1`` of its
        text (it takes no source yet), so each column turns back into an
        offset from the start of the element's content.
        """
        for d in diags:
            if content is None or d.column is None:
                self.sink.add(d)
                continue
            start = content.start + d.column - 1
            end = content.start + (d.end_column if d.end_column is not None else d.column) - 1
            assert self.sink.source is not None  # the lowering's sink always has the decoded text
            self.sink.add(d.at(self.sink.source.span(start, end)))

class _MoveWalk(ReaderHooks):
    """One pass over the ``Move`` elements, placing each by the ``nid`` rule, sent to a :class:`GameBuilder`.

    A move with nid *n* is played at ply *n* − 1 of the current line
    (:meth:`GameBuilder.back_to` when that is before the line's end).  The
    builder checks it and, by the format's policy (:data:`REST_OF_LINE`),
    keeps a move that cannot be played and every move that continues it
    (``nid`` past it) as one comment; this class reports C304–C311 and spells
    the items (:mod:`.unread`).  A move's token is its element.  The state:

    * ``prev_nid``: the nid of the last placed (or placeable) move; a move
      without ``nid`` gets ``prev_nid + 1``;
    * ``broken``: the current line broke after the builder's position (a bad
      move, a skipped nid, a nid that is no number), so what continues it
      (a nid past the position's ply + 1) is kept;
    * ``kind``: why the line being kept is kept: ``"line"`` (it broke),
      ``"end"`` (moves without ``nid`` after ``end="1"``, C308), ``"start"``
      (no start position); it words C311;
    * ``end_el``: the previous move, when it was marked ``end="1"``: a move
      without ``nid`` after it cannot be placed (C308);
    * ``end_reported``: C308 was given for the run of such moves in progress.
    """

    __slots__ = ("low", "loc", "builder", "prev_nid", "broken", "kind", "end_el", "end_reported")

    def __init__(self, lowering: CbfLowering) -> None:
        self.low = lowering
        self.loc = lowering.locator
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.prev_nid = 0
        self.broken = False
        self.kind = "line"
        self.end_el: Optional[etree._Element] = None
        self.end_reported = False

    def run(self, move_list: etree._Element, *, placeable: bool) -> None:
        """Read the ``Move`` elements of ``move_list``; none can be placed when the start
        position is unknown (``placeable`` false: C301–C303, F1xx reported), so then all of
        them are kept as text before the first move."""
        els = [el for el in move_list if el.tag == "Move"]
        i = 0
        if els and els[0].get("value") == ROOT_VALUE:
            self._root_move(els[0])
            i = 1
        if not placeable:
            self.kind = "start"
            for el in els[i:]:
                self.builder.visit_unreadable(el)
            return
        step = self.step
        for el in els[i:]:
            step(el)

    def _root_move(self, el: etree._Element) -> None:
        """象棋桥's ``00-00`` root move: its comment belongs to the root."""
        root = self.builder.game.root
        root.span = self.loc.start_tag(el)
        root.text = ROOT_VALUE
        comment = _comment(el)
        if comment:
            root.comments.append(comment)

    def step(self, el: etree._Element) -> None:
        """Place one ``Move`` element (or keep it as text)."""
        text = el.get("nid")
        if text is None and self.end_el is not None:
            self._after_end(el)
            return
        nid = self.prev_nid + 1 if text is None else _int(text)
        if self.end_reported:  # (read before written: most moves change nothing here)
            self.end_reported = False
        self.end_el = el if el.get("end") == "1" else None
        if nid is None:  # not a positive integer: reported by the schema (C203)
            self._keep(el, "line")
            self.broken = True
        elif nid > self.builder.position.stack_depth + 1:
            self.prev_nid = nid
            self._skip(el, nid)
        else:
            self.prev_nid = nid
            self._play(el, nid)

    def _after_end(self, el: etree._Element) -> None:
        """A move without ``nid`` after ``end="1"``: where it branches is unknown (C308)."""
        if not self.end_reported:
            self.end_reported = True
            assert self.end_el is not None
            self.low.report(
                MOVES_AFTER_END,
                f"Move without `nid` after the end of the line (`end=\"1\"` on line {self.end_el.sourceline}); "
                "where it branches is unknown, so it and the later moves without `nid` are kept as a comment",
                self.loc.start_tag(el),
                el,
            )
        self._keep(el, "end")

    def _skip(self, el: etree._Element, nid: int) -> None:
        """A nid past the end of the current line: the line breaks here (C305, once)."""
        if self.broken:
            self._keep(el, "line")
            return
        plies = self.builder.position.stack_depth
        written = el.get("nid")
        span = self.loc.attribute_value(el, "nid") if written is not None else self.loc.start_tag(el)
        shown = excerpt(written.strip()) if written is not None and nid == _PAST_EVERY_LINE else str(nid)
        self.low.report(
            NID_SKIP,
            f"Move `nid` {shown} skips: the current line has {plies} move{'s' if plies != 1 else ''}; "
            f"expected `nid` {plies + 1} or less",
            span,
            el,
        )
        self._break(el)

    def _play(self, el: etree._Element, nid: int) -> None:
        """Play ``el`` at ply ``nid`` of the current line (a variation when the line is longer)."""
        b = self.builder
        if nid - 1 < b.ply:
            b.back_to(nid - 1)  # an alternative: a line kept so far ends here
        self.broken = False
        value = el.get("value")
        move = decode_move_value(value) if value is not None else None
        if move is None or move.from_square == move.to_square:
            self._bad_value(el, value)
            self._break(el)
            return
        node = b.node.variation(move)
        if node is not None:
            self._merge(node, el, value, nid)
            b.follow(node)
            return
        self.kind = "line"
        node = b.visit_move(move, self.loc.start_tag(el), value, el)
        if node is None:  # illegal (C306): the line breaks here
            self.broken = True
            return
        comment = _comment(el)
        if comment:
            node.comments.append(comment)

    def _bad_value(self, el: etree._Element, value: Optional[str]) -> None:
        """C304: ``value`` is not a move (reported by the schema when there is none, C202)."""
        if value is not None:
            self.low.report(MOVE_VALUE, _bad_value(value), self.loc.attribute_value(el, "value"), el)
            self.low.superseded.add((el, "value"))

    def _merge(self, node: Node, el: etree._Element, value: Optional[str], nid: int) -> None:
        """A move already played at this point (C307): its comment joins the first one."""
        self.low.report(
            DUPLICATE_MOVE,
            f"Move `{value}` (`nid` {nid}) repeats the move already played at this point; merged into it",
            self.loc.start_tag(el),
            el,
        )
        comment = _comment(el)
        if comment and comment not in node.comments:
            node.comments.append(comment)

    def _keep(self, el: etree._Element, kind: str) -> None:
        """Keep ``el`` with the moves kept so far, or start keeping (for ``kind``) at the end of the line."""
        b = self.builder
        if not b.dead:
            self.kind = kind
        b.visit_unreadable(el)

    def _break(self, el: etree._Element) -> None:
        """The line breaks at ``el``: what was kept so far ends, and keeping starts at ``el``."""
        b = self.builder
        self.broken = True
        if b.dead:
            b.back_to(b.position.stack_depth)
        self.kind = "line"
        b.visit_unreadable(el)

    # ------------------------------------------------------------ the builder's hooks
    def illegal(self, move: Move, why: str, token: Any) -> None:
        """C306 at the move's start tag."""
        el: etree._Element = token
        self.low.report(ILLEGAL_MOVE, f"Illegal move `{el.get('value')}` (`{move.iccs()}`): {why}", self.loc.start_tag(el), el)

    def kept_item(self, token: Any) -> str:
        """The ``Move``'s ``nid``, ``value`` and text in the compact form of :mod:`.unread`."""
        el: etree._Element = token
        return render_item(el.get("nid"), el.get("value"), _comment(el))

    def kept(self, kept: Kept) -> Optional[str]:
        """C311 at the first move kept, naming the move the comment goes on; the comment."""
        n = len(kept.items)
        count = "1 in all" if n == 1 else f"{n} in all"
        target = kept.target
        if target.move is None:
            where = "before the first move"
        else:
            where = f"on `{target.text or encode_move_value(target.move)}` at ply {kept.ply}"
        if self.kind == "start":
            message = f"The start position is unknown: the moves, {count}, are kept as a comment {where}"
        elif self.kind == "end":
            message = f"Moves without `nid` from here on, {count}, are kept as a comment {where}"
        else:
            message = f"Moves from here to the end of the line, {count}, are kept as a comment {where}"
        first: etree._Element = kept.first
        self.low.report(MOVES_NOT_READ, message, self.loc.start_tag(first), first)
        return render_unread(kept.items)


@lru_cache(maxsize=512)
def _parse_fen_cached(text: str) -> tuple[Optional[Position], tuple[Diagnostic, ...]]:
    pos, diags = parse_fen(text)
    return pos, tuple(diags)


def _parse_fen(text: str) -> tuple[Optional[Position], tuple[Diagnostic, ...]]:
    """:func:`parse_fen`, memoised: most files repeat a handful of FENs."""
    pos, diags = _parse_fen_cached(text)
    return (pos.copy() if pos is not None else None), diags


def _child(el: etree._Element, tag: str) -> Optional[etree._Element]:
    for c in el:
        if c.tag == tag:
            return c
    return None


def _text(el: etree._Element) -> str:
    """The character data of ``el`` (CDATA included), skipping comments and PIs.

    Text of child elements (a schema error, C201) is not included.
    """
    if len(el) == 0:
        return el.text or ""
    return "".join([el.text or ""] + [c.tail or "" for c in el])


def _comment(el: etree._Element) -> str:
    """A Move's comment: its text (CDATA or not) without surrounding whitespace.

    The whitespace around the CDATA section is layout (the draft indents it on
    its own line) and lxml merges it with the CDATA, so the text is stripped;
    an empty comment is no comment.
    """
    if len(el) == 0:  # the usual case, without a call to _text
        return (el.text or "").strip()
    return _text(el).strip()


def _int(text: str) -> Optional[int]:
    """A ``nid``: a positive decimal integer (surrounding whitespace allowed); else ``None``.

    One of more than :data:`~xqformats.digits.MAX_NUMBER_DIGITS` digits is
    :data:`_PAST_EVERY_LINE`: it skips (C305), as any ``nid`` past the end of the line does.
    """
    t = text if text.isdigit() else text.strip()  # the usual case: no whitespace to strip
    if not (t.isascii() and t.isdigit()):
        return None
    n = bounded_int(t)
    if n is None:
        return _PAST_EVERY_LINE
    return n if n >= 1 else None


#: The ``nid`` a run of more digits than :func:`bounded_int` reads stands for: a ply no line reaches.
_PAST_EVERY_LINE: int = 10**MAX_NUMBER_DIGITS


def _bad_value(value: str) -> str:
    if value == ROOT_VALUE:
        return "Move value `00-00` is the root move; only the first `Move` may be it"
    v = value
    if len(v) == 5 and v[2] == "-" and v.isascii() and (v[:2] + v[3:]).isdigit():
        files = sorted({int(v[0]), int(v[3])} - set(range(9)))
        if files:
            return f"Move value `{value}` is off the board (file {files[0]}); expected files 0–8 and rows 0–9"
        return f"Move value `{value}` moves no piece (from and to are the same point); expected two different points"
    return f"Move value `{value}` is not `XY-XY`; expected for each point a file 0–8 and a row 0–9 (e.g. `77-47`)"
