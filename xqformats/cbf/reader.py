"""Reading CBF: bytes -> (Game, diagnostics), never raising on bad input.

Stages, each reporting to the same list:

1. :mod:`.safexml` decodes the bytes as declared and parses them with the
   hardened parser (C101–C105);
2. :mod:`.schema` validates the tree against ``schemas/cbf.xsd`` (C201–C203);
3. :class:`CbfLowering` reads the tree into the model: headers by
   :mod:`.mapping`, the start position from ``FEN`` or ``Board``
   (:mod:`.board`), the result codes, the comments, and the moves by the
   ``nid`` rule, replaying every line to check each move's legality
   (C301–C310, F1xx for the position).

A semantic diagnostic about an attribute (a Board string, a move value)
supersedes the schema's generic one about the same attribute: the user sees
one precise message, with the column of the bad character.

The ``nid`` rule (``cbf-draft-thread-000.txt``, post of 2007-12-30 9:17): the
moves list a tree in pre-order; a move whose nid is one more than the previous
one continues the current line; a nid not greater than the previous one starts
an alternative to the move with that nid on the current line (its parent is the
move with nid − 1 there).  ``1A 2B 3C 4D 5E 6F 4G 2H 3I 4J 5K`` gives the lines
ABCDEF, ABCG, AHIJK.  象棋桥's files write no nid: each move then gets the
previous nid + 1.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Optional, Union

from lxml import etree

from ..core import PIECE_NAMES, Move, square_name
from ..diagnostics import Diagnostic, DiagnosticSink, Rule, Span
from ..fen import parse_fen
from ..model import Game, Headers, Node
from ..position import STARTING_FEN, Position
from .board import ROOT_VALUE, decode_board, decode_move_value, encode_move_value
from .locate import Locator
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
from .schema import validate
from .unread import render_item, render_unread

__all__ = ["read_cbf", "CbfLowering"]

Source = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"]

#: The initial position, built once (copied, never changed).
_INITIAL = Position(STARTING_FEN)

#: Head elements read by special rules rather than as one text header.
_KNOWN_HEAD = TEXT_ELEMENTS | {"Type", "Result", "Board", "Comment", "RecordResult", "FEN"}


def read_cbf(
    source: Source,
    *,
    path: Optional[str] = None,
    strict: bool = False,
) -> tuple[Optional[Game], list[Diagnostic]]:
    """Read one CBF record; return ``(game or None, diagnostics)``.

    ``source`` is the file's bytes, or a path (``str`` or path-like) to read
    them from (``OSError`` from opening the file propagates: that is not bad
    input).  ``path`` names the file in diagnostics (defaults to ``source`` when
    it is a path).  ``strict`` makes deviation rules errors.

    The game is ``None`` only when no ``ChineseChessRecord`` element can be
    read at all (unsupported encoding, no root element, another root).  Every
    problem is a :class:`~xqformats.diagnostics.Diagnostic`, sorted by position;
    the same list is ``game.diagnostics``.  A bad move keeps the moves before
    it.  Never raises on bad input.  O(size of the file).
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    else:
        fspath = os.fspath(source)
        with open(fspath, "rb") as fh:
            data = fh.read()
        if path is None:
            path = str(fspath)
    diags: list[Diagnostic] = []
    decoded = decode(data, path=path)
    diags.extend(decoded.diagnostics)
    if decoded.text is None:
        return None, _finish(diags, path, strict)
    parsed = parse(decoded.text, path=path)
    diags.extend(parsed.diagnostics)
    root = parsed.root
    if root is None:
        return None, _finish(diags, path, strict)
    locator = Locator(decoded.text)
    schema_errors = validate(root, locator, path=path) if parsed.well_formed else []
    lowering = CbfLowering(root, locator, path=path)
    game = lowering.run()
    for err in schema_errors:
        if (err.element, err.attribute) not in lowering.superseded:
            diags.append(err.diagnostic)
    if game is None and not schema_errors and root.tag != "ChineseChessRecord":
        # Reached only when the schema could not run (malformed document).
        span = locator.start_tag(root)
        diags.append(Diagnostic.of(SCHEMA_CONTENT, f"Root element is `{root.tag}`; expected `ChineseChessRecord`", span, path=path))
    diags.extend(lowering.diagnostics)
    items = _finish(diags, path, strict)
    if game is not None:
        game.diagnostics = items
    return game, items


def _finish(diags: list[Diagnostic], path: Optional[str], strict: bool) -> list[Diagnostic]:
    """Apply the sink policy (strict mode) and sort by position (stable)."""
    sink = DiagnosticSink(path=path, strict=strict)
    for d in sorted(diags, key=lambda d: (d.line or 0, d.column or 0)):
        sink.add(d)
    return sink.items


class CbfLowering:
    """Lowers a parsed ``<ChineseChessRecord>`` into a :class:`Game`.

    Walks the moves once, iteratively, keeping the current line as a stack of
    nodes and one :class:`Position` pushed and popped along it, so each move
    costs one legality test.  ``diagnostics`` and ``superseded`` (the
    ``(element, attribute)`` pairs a precise C3xx diagnostic was given for)
    are filled by :meth:`run`.
    """

    def __init__(self, root: etree._Element, locator: Locator, *, path: Optional[str] = None) -> None:
        self.root = root
        self.locator = locator
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.superseded: set[tuple[Optional[etree._Element], Optional[str]]] = set()

    # ------------------------------------------------------------ reporting
    def report(self, rule: Rule, message: str, span: Optional[Span], el: Optional[etree._Element] = None, *, severity=None) -> None:  # type: ignore[no-untyped-def]
        if span is not None:
            self.diagnostics.append(Diagnostic.of(rule, message, span, path=self.path, severity=severity))
        else:
            line = el.sourceline if el is not None else None
            self.diagnostics.append(
                Diagnostic(rule.code, severity or rule.severity, message, line, None, line, None, self.path,
                           deviation=rule.deviation)
            )

    # ------------------------------------------------------------ driver
    def run(self) -> Optional[Game]:
        root = self.root
        if root.tag != "ChineseChessRecord":
            return None
        game = Game(start=_INITIAL)
        game.span = self.locator.element(root)
        head = _child(root, "Head")
        start: Optional[Position] = game.start
        if head is not None:
            start = self._head(head, game)
        if start is not None:
            game.start = start
        moves = _child(root, "MoveList")
        if moves is not None:
            self._moves(moves, game, start)
        game.notation = "cbf"  # XY-XY coordinates (NOTES.md § CBF)
        return game

    # ------------------------------------------------------------ Head
    def _head(self, head: etree._Element, game: Game) -> Optional[Position]:
        loc = self.locator
        first: dict[str, etree._Element] = {}
        for el in head:
            if isinstance(el.tag, str) and el.tag not in first:
                first[el.tag] = el  # a repeated element is a schema error; the first counts
        names = header_names(set(first))
        headers = Headers()
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
            span = loc.element(el)
            if span is not None:
                game.tag_spans[name] = span

        # Type (draft): the code and its label.
        el = first.get("Type")
        if el is not None:
            code = el.get("value")
            if code is not None:
                headers["Type"] = code
            label = _text(el)
            if label:
                headers["TypeText"] = label
            self._span(game, "Type", el)

        # Result (draft) and RecordResult (象棋桥).
        draft_code = rec_code = None
        el_res = first.get("Result")
        if el_res is not None:
            code = el_res.get("value")
            draft_code = code if code in RESULT_CODES else None
            label = _text(el_res)
            if label:
                headers["ResultText"] = label
        el_rec = first.get("RecordResult")
        if el_rec is not None:
            code = _text(el_rec).strip()
            rec_code = code if code in RESULT_CODES else None
        if rec_code is not None:
            game.result = RESULT_CODES[rec_code]
            game.result_span = loc.element(el_rec)  # type: ignore[arg-type]
            if draft_code is not None and draft_code != rec_code:
                self.report(
                    RESULT_CONFLICT,
                    f"`Result` code `{draft_code}` ({RESULT_CODES[draft_code]}) disagrees with `RecordResult` "
                    f"`{rec_code}` ({RESULT_CODES[rec_code]}); using `RecordResult`",
                    loc.element(el_rec),  # type: ignore[arg-type]
                    el_rec,
                )
        elif draft_code is not None:
            game.result = RESULT_CODES[draft_code]
            game.result_span = loc.element(el_res)  # type: ignore[arg-type]

        # Comment (draft) -> the root's comments.
        el = first.get("Comment")
        if el is not None:
            text = _text(el).strip()
            if text:
                game.root.comments.append(text)

        start = self._start(first, headers, game)
        game.headers = headers
        return start

    def _span(self, game: Game, name: str, el: etree._Element) -> None:
        span = self.locator.element(el)
        if span is not None:
            game.tag_spans[name] = span

    def _start(self, first: dict[str, etree._Element], headers: Headers, game: Game) -> Optional[Position]:
        """The start position from FEN (象棋桥) or Board (draft); None if unreadable."""
        loc = self.locator
        board_pos: Optional[Position] = None
        fen_pos: Optional[Position] = None
        board_el = first.get("Board")
        fen_el = first.get("FEN")
        if board_el is not None and board_el.get("value") is not None:
            value = board_el.get("value")
            board_pos, problems = decode_board(value)  # type: ignore[arg-type]
            vspan = loc.attribute_value(board_el, "value")
            for p in problems:
                span = None
                if vspan is not None:
                    span = loc.span(vspan.start + p.start, vspan.start + p.end)
                self.report(p.rule, p.message, span, board_el, severity=p.severity)
                if p.rule.code.startswith("C3"):
                    self.superseded.add((board_el, "value"))
            self._span(game, "FEN", board_el)
        fen_raw = _text(fen_el) if fen_el is not None else ""
        fen_text = fen_raw.strip()
        if fen_text:
            fen_pos, fen_diags = _parse_fen(fen_raw)
            cspan = loc.content(fen_el)  # type: ignore[arg-type]
            for d in fen_diags:
                if cspan is not None:
                    d = d.shifted(cspan.line, cspan.column)
                self.diagnostics.append(d.with_path(self.path))
            self._span(game, "FEN", fen_el)  # type: ignore[arg-type]
            if fen_pos is not None and board_pos is not None and (
                fen_pos != board_pos or fen_pos.fullmove_number != board_pos.fullmove_number
            ):
                self.report(
                    START_CONFLICT,
                    f"`Board` gives `{board_pos.fen()}` but `FEN` gives `{fen_pos.fen()}`; using `FEN`",
                    loc.element(fen_el),  # type: ignore[arg-type]
                    fen_el,
                )
            if fen_pos is None:
                headers["FEN"] = fen_text  # unreadable (F1xx reported): keep what was written
                return None
            start: Optional[Position] = fen_pos
        elif board_el is not None and board_el.get("value") is not None:
            start = board_pos  # None when the Board string is unreadable (C301–C303)
            if start is None:
                headers["Board"] = board_el.get("value")  # type: ignore[assignment]  # kept as written
        else:
            start = _INITIAL.copy()
        if start is not None and start.fen() != STARTING_FEN:
            headers["FEN"] = start.fen()
        return start

    # ------------------------------------------------------------ MoveList
    def _moves(self, move_list: etree._Element, game: Game, start: Optional[Position]) -> None:
        loc = self.locator
        els = [el for el in move_list if el.tag == "Move"]
        i = 0
        if els and els[0].get("value") == ROOT_VALUE:
            root_el = els[0]
            game.root.span = loc.start_tag(root_el)
            game.root.text = ROOT_VALUE
            comment = _comment(root_el)
            if comment:
                game.root.comments.append(comment)
            i = 1

        if start is None:
            # No start position (C301–C303, F1xx reported): no move can be
            # placed, so all of them are kept as text before the first move.
            if i < len(els):
                all_moves = _Unread(game.root, els[i], "start")
                for el in els[i:]:
                    all_moves.add(el)
                self._keep(all_moves)
            return

        pos = start.copy()
        line: list[Node] = [game.root]  # line[k]: the node at ply k of the current line
        dead = False  # the current line broke at ply len(line): what continues it is unread
        unread: Optional[_Unread] = None  # the moves being kept as text, and where they go
        prev_nid = 0
        after_end: Optional[etree._Element] = None  # a move marked end="1" just before
        prev_after_end = False  # the previous Move was itself an unplaceable move after the end
        for el in els[i:]:
            nid_text = el.get("nid")
            if nid_text is None:
                if after_end is not None:
                    if not prev_after_end:
                        prev_after_end = True
                        self.report(
                            MOVES_AFTER_END,
                            f"Move without `nid` after the end of the line (`end=\"1\"` on line {after_end.sourceline}); "
                            "where it branches is unknown, so it and the later moves without `nid` are kept as a comment",
                            loc.start_tag(el),
                            el,
                        )
                    if unread is None:  # else: it follows moves already kept; it joins them
                        unread = _Unread(line[-1], el, "end")
                    unread.add(el)
                    continue
                nid = prev_nid + 1
            else:
                given = _int(nid_text)
                if given is None:  # not a positive integer: reported by the schema (C203)
                    if unread is None:
                        unread = _Unread(line[-1], el, "line")
                    unread.add(el)
                    dead = True
                    prev_after_end = False
                    after_end = el if el.get("end") == "1" else None
                    continue
                nid = given
            prev_nid = nid
            prev_after_end = False
            after_end = el if el.get("end") == "1" else None

            if nid > len(line):
                if not dead:
                    plies = len(line) - 1
                    self.report(
                        NID_SKIP,
                        f"Move `nid` {nid} skips: the current line has {plies} move{'s' if plies != 1 else ''}; "
                        f"expected `nid` {plies + 1} or less",
                        loc.attribute_value(el, "nid") if nid_text is not None else loc.start_tag(el),
                        el,
                    )
                    dead = True
                    unread = self._start_unread(unread, line[-1], el)
                unread.add(el)  # type: ignore[union-attr]  # set whenever dead is
                continue
            while len(line) > nid:
                line.pop()
                pos.pop()
            dead = False
            parent = line[-1]

            value = el.get("value")
            move = decode_move_value(value) if value is not None else None
            if move is None or move.from_square == move.to_square or not pos.is_legal(move):
                if value is None:  # reported by the schema (C202)
                    pass
                elif move is None or move.from_square == move.to_square:
                    self.report(MOVE_VALUE, _bad_value(value), loc.attribute_value(el, "value"), el)
                    self.superseded.add((el, "value"))
                else:
                    self.report(
                        ILLEGAL_MOVE,
                        f"Illegal move `{value}` (`{move.iccs()}`): {_why_illegal(pos, move)}",
                        loc.start_tag(el),
                        el,
                    )
                dead = True
                unread = self._start_unread(unread, parent, el)
                unread.add(el)
                continue
            if unread is not None:
                self._keep(unread)
                unread = None
            comment = _comment(el)
            node = parent.variation(move)
            if node is not None:
                self.report(
                    DUPLICATE_MOVE,
                    f"Move `{value}` (`nid` {nid}) repeats the move already played at this point; merged into it",
                    loc.start_tag(el),
                    el,
                )
                if comment and comment not in node.comments:
                    node.comments.append(comment)
            else:
                node = parent.add_variation(
                    move,
                    comments=[comment] if comment else None,
                    span=loc.start_tag(el),
                    text=value,
                )
            pos.push(move)
            line.append(node)
        if unread is not None:
            self._keep(unread)

    def _start_unread(self, unread: Optional["_Unread"], target: Node, el: etree._Element) -> "_Unread":
        """Close the moves kept so far (if any) and start keeping from ``el``, for ``target``."""
        if unread is not None:
            self._keep(unread)
        return _Unread(target, el, "line")

    def _keep(self, unread: "_Unread") -> None:
        """Append the kept moves to their node's comments and report C311 at the first."""
        target = unread.target
        target.comments.append(render_unread(unread.items))
        n = len(unread.items)
        count = "1 in all" if n == 1 else f"{n} in all"
        if target.move is None:
            where = "before the first move"
        else:
            where = f"on `{target.text or encode_move_value(target.move)}` at ply {target.ply()}"
        if unread.kind == "start":
            message = f"The start position is unknown: the moves, {count}, are kept as a comment {where}"
        elif unread.kind == "end":
            message = f"Moves without `nid` from here on, {count}, are kept as a comment {where}"
        else:
            message = f"Moves from here to the end of the line, {count}, are kept as a comment {where}"
        self.report(MOVES_NOT_READ, message, self.locator.start_tag(unread.first), unread.first)


class _Unread:
    """Consecutive ``Move`` elements the reader cannot place, kept as one comment on ``target``.

    ``kind``: ``"line"`` (a broken line and what continues it), ``"end"``
    (moves without ``nid`` after ``end="1"``), ``"start"`` (no start position).
    """

    __slots__ = ("target", "first", "kind", "items")

    def __init__(self, target: Node, first: etree._Element, kind: str) -> None:
        self.target = target
        self.first = first
        self.kind = kind
        self.items: list[str] = []

    def add(self, el: etree._Element) -> None:
        self.items.append(render_item(el.get("nid"), el.get("value"), _comment(el)))


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
    return _text(el).strip()


def _int(text: str) -> Optional[int]:
    t = text.strip()
    if t.isascii() and t.isdigit():
        n = int(t)
        return n if n >= 1 else None
    return None


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


def _why_illegal(pos: Position, move: Move) -> str:
    frm, to = move
    piece = pos.board[frm]
    side = "Red" if pos.turn else "Black"
    if piece is None:
        return f"no piece on {square_name(frm)}; {side} is to move"
    name = PIECE_NAMES[piece.upper()]
    if piece.isupper() != pos.turn:
        owner = "Red" if piece.isupper() else "Black"
        return f"the {name} on {square_name(frm)} is {owner}'s but {side} is to move"
    if not pos.is_pseudo_legal(move):
        return f"the {name} on {square_name(frm)} cannot move to {square_name(to)}"
    return f"it leaves {side}'s king in check"
