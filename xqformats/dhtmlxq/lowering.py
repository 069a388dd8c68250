"""Lower a parsed DhtmlXQ :class:`~.grammar.Document` into games (docs/spec/dhtmlxq.md).

One :class:`RecordReader` per record: it checks the block structure the
grammar accepts permissively (D102–D105), builds the start position from
``binit`` (§3), plays the main line and the branches through the rules engine
(§4), places the comments (§5) and maps the tags to headers (§6).  Every
finding goes to the reader's sink at character offsets of the text; nothing
raises on any input.
"""

from __future__ import annotations

from typing import Optional

from ..core import Move, square
from ..diagnostics import DiagnosticSink, Rule, excerpt
from ..digits import bounded_int
from ..fen import RULE_OF
from ..model import Game, Headers, Node
from ..notation import Notation, decode
from ..position import STARTING_FEN, Position
from . import rules
from .grammar import Block, Document, Piece, Record
from .tags import KNOWN_TAGS, OFF_BOARD, RESULT_OF_WORD, SLOT_PIECES, header_for_tag

__all__ = ["read_document", "RecordReader", "decode_pair"]

#: The last file and row of a point (docs/spec/dhtmlxq.md §3.1: x 0–8 from Red's left, y 0–9 from Black's side).
_LAST_X = 8
_LAST_Y = 9
_MAIN = 0


def _branch_order(block: Block) -> tuple[bool, int]:
    """Branches sort by their numbers; one too long to read (see :func:`bounded_int`) after all the others."""
    number = bounded_int(block.name.rsplit("_", 1)[1])
    return (number is None, number or 0)


def decode_pair(pair: str) -> Optional[int]:
    """The square of a two-digit point ``xy``, or ``None`` when it is off the board (x = 9)."""
    x, y = int(pair[0]), int(pair[1])
    if x > _LAST_X:
        return None
    return square(x, _LAST_Y - y)


def read_document(doc: Document, sink: DiagnosticSink) -> list[Game]:
    """The games of ``doc``, every finding reported to ``sink`` (whose source is the text parsed)."""
    for stray in doc.strays:
        sink.report_at(rules.STRAY_CLOSE, f"`{stray.text}` closes no block; ignored", stray.start, stray.end)
    if not doc.records:
        text = sink.source.text if sink.source is not None else ""
        sink.report_at(rules.NO_BLOCK, "No DhtmlXQ block (`[DhtmlXQ_movelist]…`) in the text", 0, min(len(text or ""), 1))
    games = []
    for record in doc.records:
        first = len(sink.items)
        game = RecordReader(record, sink).read()
        game.diagnostics = list(sink.items[first:])
        games.append(game)
    return games


class RecordReader:
    """Turns one :class:`Record` into a :class:`Game`, reporting to a sink."""

    def __init__(self, record: Record, sink: DiagnosticSink) -> None:
        self.record = record
        self.sink = sink
        self.game = Game()
        #: branch number -> {ply: node} of the moves that branch itself plays
        self.lines: dict[int, dict[int, Node]] = {}
        #: branch number -> the position before its first move, for the lines whose branches are read next
        self.starts: dict[int, Position] = {}

    def report(self, rule: Rule, message: str, piece: Piece | Block) -> None:
        self.sink.report_at(rule, message, piece.start, piece.end)

    # ---------------------------------------------------------------- entry
    def read(self) -> Game:
        record = self.record
        if record.head is not None and record.close is None:
            self.report(rules.UNCLOSED_BLOCK, f"`{record.head.text}` is not closed; expected `[/{record.head.text[1:]}`", record.head)
        for stray in record.strays:
            self.report(rules.STRAY_CLOSE, f"`{stray.text}` closes no block; ignored", stray)
        kinds = self._sort_blocks()
        game = self.game
        game.headers = self._headers(kinds["tag"])
        movelist = kinds["movelist"].get("movelist")
        first = movelist.body[0] if movelist is not None and movelist.body and movelist.body[0].kind == "MOVE" else None
        game.start = self._start(kinds["binit"].get("binit"), first)
        if game.start.fen() != STARTING_FEN:
            game.headers["FEN"] = game.start.fen()
        if game.span is None and record.blocks:
            game.span = self.sink.source.span(record.blocks[0].start, record.blocks[-1].end) if self.sink.source else None
        self.lines[_MAIN] = self._play(movelist, game.root, 1, game.start.copy()) if movelist is not None else {}
        self.starts[_MAIN] = game.start
        self._branches(kinds["branch"])
        self._comments(kinds["comment"])
        return game

    def _sort_blocks(self) -> dict[str, dict[str, Block]]:
        """The record's blocks by kind and name; closing tags checked, repeats reported (first kept)."""
        kinds: dict[str, dict[str, Block]] = {k: {} for k in ("tag", "binit", "movelist", "branch", "comment")}
        for block in self.record.blocks:
            self._check_close(block)
            key = block.name
            if block.kind == "branch":
                key = block.name.rsplit("_", 1)[1].lstrip("0") or "0"  # the branch number names it
            seen = kinds[block.kind]
            if key in seen or (block.kind == "branch" and key == "0"):
                self.report(rules.REPEATED_BLOCK, f"`{block.head.text}` repeats a block of this record; ignored", block.head)
                continue
            seen[key] = block
        return kinds

    def _check_close(self, block: Block) -> None:
        name = block.close_name
        if name is None:
            self.report(rules.UNCLOSED_BLOCK, f"`{block.head.text}` is not closed; expected `[/DhtmlXQ_{block.name}]`", block.head)
        elif name != block.name:
            assert block.close is not None
            self.report(
                rules.CLOSE_MISMATCH, f"`{block.close.text}` closes `{block.head.text}`; expected `[/DhtmlXQ_{block.name}]`", block.close
            )

    # ---------------------------------------------------------------- tags (§6)
    def _headers(self, tags: dict[str, Block]) -> Headers:
        headers = Headers()
        for name, block in tags.items():
            value = "".join(p.text for p in block.body)
            if name not in KNOWN_TAGS:
                self.report(rules.UNKNOWN_TAG, f"Unknown tag `{name}`; kept as the header `{header_for_tag(name)}`", block.head)
            if name == "result":
                result = RESULT_OF_WORD.get(value.strip())
                if result is not None:
                    self.game.result = result
                    continue
                self.report(
                    rules.UNKNOWN_RESULT,
                    f"Result `{value}` is not a known result word (红胜, 黑胜, 和棋, …); kept as the header `DhtmlXQ_result`",
                    block,
                )
            headers[header_for_tag(name)] = value
        return headers

    # ---------------------------------------------------------------- start position (§3)
    def _start(self, binit: Optional[Block], first: Optional[Piece]) -> Position:
        if binit is None:
            pos = Position.initial()
        else:
            board = self._board(binit)
            pos = board if board is not None else Position.initial()
        if first is not None:
            frm = decode_pair(first.text[:2])
            piece = pos.piece_at(frm) if frm is not None else None
            # docs/spec/dhtmlxq.md §3.2: Red moves first unless the first move is a Black piece's.
            pos.turn = not (piece is not None and piece.islower())
        if binit is not None:
            for problem, message, _ in pos.setup_problems():
                rule = RULE_OF[problem]
                self.sink.report_at(rule, f"`binit`: {message}", binit.head.end, binit.head.end + sum(len(p.text) for p in binit.body))
        return pos

    def _board(self, binit: Block) -> Optional[Position]:
        """The pieces ``binit`` places (``None`` when its length is wrong: D106)."""
        squares = [p for p in binit.body if p.kind == "SQUARE"]
        self._junk(binit)
        digits = sum(len(p.text) for p in binit.body if p.kind != "JUNK")
        if digits != 2 * len(SLOT_PIECES):
            self.report(rules.BINIT_LENGTH, f"`binit` has {digits} digits; expected {2 * len(SLOT_PIECES)} (two for each of 32 pieces); read from the initial position", binit.head)
            return None
        pos = Position(None)
        for piece, pair in zip(SLOT_PIECES, squares):
            if pair.text == OFF_BOARD:
                continue
            sq = decode_pair(pair.text)
            if sq is None:
                self.report(rules.BINIT_SQUARE, f"`binit` point `{pair.text}` is off the board; expected file 0–8 or `99`", pair)
            elif pos.piece_at(sq) is not None:
                self.report(rules.BINIT_DOUBLED, f"`binit` point `{pair.text}` is taken already; this piece is left off the board", pair)
            else:
                pos.set_piece(sq, piece)
        return pos

    def _junk(self, block: Block) -> None:
        """D110 for the first text that is no digits in ``block``, with how many more it holds.

        One finding per block, however damaged (one per piece of junk cost a few
        hundred bytes per few bytes of input; found by the fuzzing harness).
        """
        junk = [p for p in block.body if p.kind == "JUNK"]
        if not junk:
            return
        first = junk[0]
        shown = excerpt(first.text.encode("unicode_escape").decode("ascii") if first.text.isspace() else first.text)
        more = f" ({len(junk) - 1:,} more in this block)" if len(junk) > 1 else ""
        self.report(rules.NOT_A_DIGIT, f"`{shown}` inside `{block.head.text}` is not digits; skipped{more}", first)

    # ---------------------------------------------------------------- moves (§4)
    def _play(self, block: Block, parent: Node, ply: int, pos: Position) -> dict[int, Node]:
        """Play ``block``'s moves below ``parent`` (after which ``pos`` stands; it is played on) from ply ``ply``; ``{ply: node}`` of those read."""
        self._junk(block)
        played: dict[int, Node] = {}
        moves = [p for p in block.body if p.kind in ("MOVE", "DIGITS")]
        for i, piece in enumerate(moves):
            if piece.kind == "DIGITS":
                self.report(rules.MOVE_LENGTH, f"`{piece.text}` is left over after the last whole move (4 digits each); not read", piece)
                break
            move = self._move(piece, pos, len(moves) - i - 1)
            if move is None:
                break
            parent = parent.add_variation(move, span=self.sink.source.span(piece.start, piece.end) if self.sink.source else None, text=piece.text)
            played[ply] = parent
            pos.push(move)
            ply += 1
        return played

    def _move(self, piece: Piece, pos: Position, rest: int) -> Optional[Move]:
        """The move of four digits, or ``None`` (reported, D111) when it is off the board or illegal."""
        frm, to = decode_pair(piece.text[:2]), decode_pair(piece.text[2:])
        after = f"; it and the {rest} move{'s' if rest != 1 else ''} after it in this line are not read" if rest else "; not read"
        if frm is None or to is None:
            self.report(rules.ILLEGAL_MOVE, f"Move `{piece.text}` names a point off the board{after}", piece)
            return None
        move = Move(frm, to)
        if pos.is_legal(move):
            return move
        _, why = decode(move.iccs(), pos, Notation.ICCS)
        reason = why[0].message if why else "not a legal move"
        self.report(rules.ILLEGAL_MOVE, f"Move `{piece.text}` ({move.iccs()}): {reason}{after}", piece)
        return None

    def _branches(self, branches: dict[str, Block]) -> None:
        """Attach every branch to its parent line, parents first (docs/spec/dhtmlxq.md §4.2).

        Generation by generation: the main line's branches in the order of their
        numbers, then their branches, and so on.  Each branch is looked at once,
        through its parent's number (O(n log n) for n branches: testing every
        waiting branch again after each one was attached cost cubic time on
        branches listed child first, issue 28).  A number of more than
        :data:`~xqformats.digits.MAX_NUMBER_DIGITS` digits names no branch.
        """
        children: dict[Optional[int], list[Block]] = {}
        for block in branches.values():
            children.setdefault(bounded_int(block.name.split("_")[1]), []).append(block)
        generation = [_MAIN]
        while generation:
            blocks = sorted(((b, n) for n in generation for b in children.pop(n, ())), key=lambda bn: _branch_order(bn[0]))
            before = self._positions_before([(n, bounded_int(b.name.split("_")[2])) for b, n in blocks])
            self.starts = {}
            numbers = [self._branch(block, n, before) for block, n in blocks]
            generation = [n for n in numbers if n is not None]
        for block in sorted((b for waiting in children.values() for b in waiting), key=_branch_order):
            parent = block.name.split("_")[1]
            self.report(rules.BRANCH_PARENT, f"`{block.head.text}` names branch {excerpt(parent)} as its parent, which this record does not have (or could not read); not read", block.head)

    def _positions_before(self, wanted: list[tuple[int, Optional[int]]]) -> dict[tuple[int, int], Position]:
        """For each ``(line, ply)`` wanted that the line has, the position before its move at that ply.

        One walk along each line from its start (:attr:`starts`), however many
        branches leave it: replaying each branch point from the root cost time
        quadratic in the length of a line with a branch at every ply.
        """
        plies: dict[int, set[int]] = {}
        for n, ply in wanted:
            if ply is not None and ply in self.lines[n]:
                plies.setdefault(n, set()).add(ply)
        out: dict[tuple[int, int], Position] = {}
        for n, wanted_plies in plies.items():
            line, pos = self.lines[n], self.starts[n].copy()
            ply = min(line)
            for want in sorted(wanted_plies):
                for at in range(ply, want):
                    pos.push(line[at].move)  # type: ignore[arg-type]  # a line's nodes are moves
                ply = want
                out[(n, want)] = pos.copy()
        return out

    def _branch(self, block: Block, parent_number: int, before: dict[tuple[int, int], Position]) -> Optional[int]:
        """Read ``block`` below the line of branch ``parent_number`` (``before``: see :meth:`_positions_before`).

        The branch's number, ``None`` when it is too long to name one.
        """
        _, parent, ply, written = block.name.split("_")
        line = self.lines[parent_number]
        at, number = bounded_int(ply), bounded_int(written)
        target = line.get(at) if at is not None else None
        if target is None or target.parent is None:
            plies = f"{min(line)}–{max(line)}" if line else "none"
            shown = str(at) if at is not None else excerpt(ply)
            self.report(rules.BRANCH_PLY, f"`{block.head.text}`: branch {parent} has no move at ply {shown} (its plies: {plies}); not read", block.head)
            played: dict[int, Node] = {}
        else:
            assert at is not None
            start = before[(parent_number, at)]
            played = self._play(block, target.parent, at, start.copy())
            if number is not None:
                self.starts[number] = start
        if number is not None:
            self.lines[number] = played
        return number

    # ---------------------------------------------------------------- comments (§5)
    def _comments(self, comments: dict[str, Block]) -> None:
        for name, block in comments.items():
            numbers = name[len("comment"):].split("_")
            written = numbers if len(numbers) == 2 else [str(_MAIN), numbers[0]]
            # A number of more than MAX_NUMBER_DIGITS digits (None) names no branch and no ply: D114.
            branch, ply = bounded_int(written[0]), bounded_int(written[1])
            text = "".join("\n" if p.kind == "LINE_BREAK" else p.text for p in block.body)
            if not text:
                continue
            if branch == _MAIN and ply == 0:
                self.game.root.comments.append(text)
                continue
            node = self.lines.get(branch, {}).get(ply) if branch is not None and ply is not None else None
            if node is None:
                where = "the main line" if branch == _MAIN else f"branch {branch if branch is not None else excerpt(written[0])}"
                self.report(rules.COMMENT_TARGET, f"`{block.head.text}`: {where} has no move at ply {ply if ply is not None else excerpt(written[1])}; kept as a comment on the game", block.head)
                self.game.root.comments.append(text)
                continue
            node.comments.append(text)
