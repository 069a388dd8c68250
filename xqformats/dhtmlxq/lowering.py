"""Lower a parsed DhtmlXQ :class:`~.grammar.Document` into games (docs/spec/dhtmlxq.md).

One :class:`RecordReader` per record: it checks the block structure the
grammar accepts permissively (D102–D105), builds the start position from
``binit`` (§3), sends the main line and the branches to the one
:class:`~xqformats.builder.GameBuilder` (each move checked by the rules
engine, §4), places the comments (§5) and maps the tags to headers (§6).
Every finding goes to the reader's sink at character offsets of the text;
nothing raises on any input.

After a move that cannot be played, the rest of its block is not read
(:data:`REST_OF_LINE`, DROP; D111 says how many moves that is); branches
from the moves before it are read as usual.

The branches form a tree (each names its parent branch), walked once, depth
first, each branch's own branches from the last ply back, so every branch
starts on a prefix of the line the builder has just read (``back_to``): the
whole record is read in time linear in its size, however its branches are
listed.  The result is what reading the branches parents first, in number
order, gives: the alternatives at a move in that order, the findings too.
"""

from __future__ import annotations

from typing import Optional

from ..builder import GameBuilder, LinePolicy, ReaderHooks
from ..core import Move, square
from ..diagnostics import DiagnosticSink, Rule, excerpt
from ..digits import bounded_int
from ..fen import RULE_OF
from ..model import Game, Node
from ..notation import Notation, decode
from ..position import STARTING_FEN, Position
from . import rules
from .grammar import Block, Document, Piece, Record
from .tags import KNOWN_TAGS, OFF_BOARD, RESULT_OF_WORD, SLOT_PIECES, header_for_tag

__all__ = ["read_document", "RecordReader", "decode_pair", "REST_OF_LINE"]

#: After a move that cannot be played, the rest of its block is not read (D111).
REST_OF_LINE = LinePolicy.DROP

#: The last file and row of a point (docs/spec/dhtmlxq.md §3.1: x 0–8 from Red's left, y 0–9 from Black's side).
_LAST_X = 8
_LAST_Y = 9
#: The main line's branch number: branches are named by their digits without leading zeros.
_MAIN = "0"


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


def _number(digits: str) -> str:
    """A branch number as a key: its digits without leading zeros (no ``int()``: any length is read)."""
    return digits.lstrip("0") or "0"


def _ply(digits: str) -> Optional[int]:
    """A ply's value; ``None`` when it has more digits than any record's ply (the one guard, :func:`bounded_int`)."""
    return bounded_int(_number(digits))


def _order(number: str) -> tuple[int, str]:
    """Sorts branch numbers (:func:`_number`) as numbers."""
    return len(number), number


class RecordReader(ReaderHooks):
    """Turns one :class:`Record` into a :class:`Game`, reporting to a sink; the builder's hooks."""

    def __init__(self, record: Record, sink: DiagnosticSink) -> None:
        self.record = record
        self.sink = sink
        self.builder = GameBuilder(self, REST_OF_LINE)
        self.game = self.builder.game
        self.result = "*"  # the `result` tag's, when it is a known word
        #: branch number (:func:`_number`) -> {ply: node} of the moves that branch itself plays
        self.lines: dict[str, dict[int, Node]] = {}
        #: How many moves follow the one being played in its block (for D111).
        self.rest = 0

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
        game, builder = self.game, self.builder
        self._headers(kinds["tag"])
        movelist = kinds["movelist"].get("movelist")
        first = movelist.body[0] if movelist is not None and movelist.body and movelist.body[0].kind == "MOVE" else None
        start = self._start(kinds["binit"].get("binit"), first)
        builder.visit_start(start)
        if start.fen() != STARTING_FEN:
            builder.visit_header("FEN", start.fen())
        if game.span is None and record.blocks:
            game.span = self.sink.source.span(record.blocks[0].start, record.blocks[-1].end) if self.sink.source else None
        self.lines[_MAIN] = self._play(movelist, 1) if movelist is not None else {}
        self._branches(kinds["branch"])
        builder.visit_result(self.result)
        builder.end_game()
        self._comments(kinds["comment"])
        return builder.result()

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
    def _headers(self, tags: dict[str, Block]) -> None:
        for name, block in tags.items():
            value = "".join(p.text for p in block.body)
            if name not in KNOWN_TAGS:
                self.report(rules.UNKNOWN_TAG, f"Unknown tag `{name}`; kept as the header `{header_for_tag(name)}`", block.head)
            if name == "result":
                result = RESULT_OF_WORD.get(value.strip())
                if result is not None:
                    self.result = result
                    continue
                self.report(
                    rules.UNKNOWN_RESULT,
                    f"Result `{value}` is not a known result word (红胜, 黑胜, 和棋, …); kept as the header `DhtmlXQ_result`",
                    block,
                )
            self.builder.visit_header(header_for_tag(name), value)

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
    def _play(self, block: Block, ply: int) -> dict[int, Node]:
        """Play ``block``'s moves from where the builder stands, the first at ply ``ply``; ``{ply: node}`` of those read."""
        self._junk(block)
        played: dict[int, Node] = {}
        builder = self.builder
        source = self.sink.source
        moves = [p for p in block.body if p.kind in ("MOVE", "DIGITS")]
        for i, piece in enumerate(moves):
            if piece.kind == "DIGITS":
                self.report(rules.MOVE_LENGTH, f"`{piece.text}` is left over after the last whole move (4 digits each); not read", piece)
                break
            self.rest = len(moves) - i - 1
            frm, to = decode_pair(piece.text[:2]), decode_pair(piece.text[2:])
            if frm is None or to is None:
                self.report(rules.ILLEGAL_MOVE, f"Move `{piece.text}` names a point off the board{self._not_read()}", piece)
                builder.visit_unreadable(piece)
                break
            span = source.span(piece.start, piece.end) if source is not None else None
            node = builder.visit_move(Move(frm, to), span, piece.text, piece)
            if node is None:
                break
            played[ply] = node
            ply += 1
        return played

    def _not_read(self) -> str:
        """What D111 says of the moves after the one that cannot be played."""
        rest = self.rest
        return f"; it and the {rest} move{'s' if rest != 1 else ''} after it in this line are not read" if rest else "; not read"

    def illegal(self, move: Move, why: str, token: Piece) -> None:
        """D111 for an illegal move, in the words of the ICCS notation's finding on it."""
        _, found = decode(move.iccs(), self.builder.position, Notation.ICCS)
        reason = found[0].message if found else "not a legal move"
        self.report(rules.ILLEGAL_MOVE, f"Move `{token.text}` ({move.iccs()}): {reason}{self._not_read()}", token)

    def _branches(self, branches: dict[str, Block]) -> None:
        """Attach every branch to its parent line (docs/spec/dhtmlxq.md §4.2), in one walk of the tree of branches.

        Depth first, and each branch's own branches from the last ply back, so
        that each starts on the line just read (module docstring); what is
        read is put back in the order of reading parents first, in number
        order (a branch's *rank*: its depth, then its number): the findings
        and the alternatives at each move.  O(blocks + moves), with a sort.
        """
        below: dict[str, list[tuple[int, str, Block]]] = {}  # parent -> (ply, number, block)
        for number, block in branches.items():
            _, parent, digits, _ = block.name.split("_")
            below.setdefault(_number(parent), []).append((_ply(digits) or 0, number, block))
        for kids in below.values():
            kids.sort(key=lambda k: (k[0], _order(k[1])))  # the stack pops the last ply first
        rank: dict[str, tuple[int, int, str]] = {_MAIN: (0, 0, _MAIN)}
        found: list[tuple[tuple[int, int, str], int, int]] = []  # (rank, first, end) of each branch's findings
        first_of: dict[int, tuple[int, int, str]] = {}  # id(node) of a branch's first move -> its rank
        starts: dict[int, Node] = {}  # where the branches start, by id
        stack = [(kid, _MAIN) for kid in below.get(_MAIN, [])]
        items = self.sink.items
        region = len(items)
        while stack:
            (_, number, block), parent = stack.pop()
            rank[number] = (rank[parent][0] + 1, *_order(number))
            mark = len(items)
            line = self._branch(block, self.lines[parent])
            self.lines[number] = line
            found.append((rank[number], mark, len(items)))
            if line:
                node = line[min(line)]
                first_of[id(node)] = rank[number]
                starts[id(node.parent)] = node.parent  # type: ignore[assignment]  # a move node has a parent
            stack.extend((kid, number) for kid in below.get(number, []))
        found.sort()
        items[region:] = [d for _, start, end in found for d in items[start:end]]
        for start in starts.values():
            if len(start.children) > 2:
                start.children[1:] = sorted(start.children[1:], key=lambda n: first_of[id(n)])
        for number in sorted((n for n in branches if n not in rank), key=_order):
            block = branches[number]
            parent = _number(block.name.split("_")[1])
            self.report(rules.BRANCH_PARENT, f"`{block.head.text}` names branch {excerpt(parent)} as its parent, which this record does not have (or could not read); not read", block.head)

    def _branch(self, block: Block, line: dict[int, Node]) -> dict[int, Node]:
        """Read ``block``, a branch from ``line`` (its parent's); the moves it plays."""
        _, parent, digits, _ = block.name.split("_")
        ply = _ply(digits)
        target = line.get(ply) if ply is not None else None
        if target is None:
            plies = f"{min(line)}–{max(line)}" if line else "none"
            self.report(rules.BRANCH_PLY, f"`{block.head.text}`: branch {excerpt(_number(parent))} has no move at ply {excerpt(_number(digits))} (its plies: {plies}); not read", block.head)
            return {}
        assert ply is not None
        self.builder.back_to(ply - 1)
        return self._play(block, ply)

    # ---------------------------------------------------------------- comments (§5)
    def _comments(self, comments: dict[str, Block]) -> None:
        for name, block in comments.items():
            numbers = name[len("comment"):].split("_")
            branch, digits = (_number(numbers[0]), numbers[1]) if len(numbers) == 2 else (_MAIN, numbers[0])
            ply = _ply(digits)
            text = "".join("\n" if p.kind == "LINE_BREAK" else p.text for p in block.body)
            if not text:
                continue
            if branch == _MAIN and ply == 0:
                self.game.root.comments.append(text)
                continue
            node = self.lines.get(branch, {}).get(ply) if ply is not None else None
            if node is None:
                self.report(rules.COMMENT_TARGET, f"`{block.head.text}`: {'the main line' if branch == _MAIN else f'branch {excerpt(branch)}'} has no move at ply {excerpt(_number(digits))}; kept as a comment on the game", block.head)
                self.game.root.comments.append(text)
                continue
            node.comments.append(text)
