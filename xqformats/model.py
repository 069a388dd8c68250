"""The shared game model every reader lowers into and every writer renders from.

A :class:`Game` holds ordered :class:`Headers`, the start :class:`Position`, a
root :class:`Node` and a result.  The tree stores moves, not boards (the
python-chess design): ``node.children[0]`` is the main line, later children are
variations; the position at a node is replayed from the start in O(depth)
(:meth:`Node.board`).  To see every move with its position, walk the game
with a visitor (:meth:`Game.accept`, :mod:`xqformats.visitor`): one loop, one
position moved along, in PGN order; the writers are such visitors.

Content equality (``game_a == game_b``) compares headers, start position,
result and the whole tree (moves, comments, NAGs) but not source spans or
diagnostics: it is what round-trip tests assert.

What a header means when it is not written the standard way (a result word
such as ``红胜``, a date such as ``1995.5.22``, WinBoard's ``White``) is here
too, once: :func:`standard_tag_value` and :func:`standard_headers`, which the
linter's fixes and ``convert`` both use.
"""

from __future__ import annotations

import datetime
import re
from typing import Iterable, Iterator, Mapping, MutableMapping, Optional, TypeVar, Union, overload

from .core import Move
from .diagnostics import Diagnostic, Span
from .position import Position
from .visitor import BaseVisitor, walk

ResultT = TypeVar("ResultT")

#: Results (docs/spec/board.md §6.3; docs/spec/pgn.md §3.9): Red wins, Black wins, draw, unknown.
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")

#: Result words seen in real exports (and DhtmlXQ's, docs/spec/dhtmlxq.md §6.2),
#: and the standard result each one means (docs/spec/pgn.md §3.9).
RESULT_WORDS: dict[str, str] = {
    "红胜": "1-0", "紅勝": "1-0", "红先胜": "1-0", "紅先勝": "1-0", "红方胜": "1-0", "紅方勝": "1-0",
    "黑负": "1-0", "黑先负": "1-0",
    "黑胜": "0-1", "黑勝": "0-1", "黑先胜": "0-1", "黑方胜": "0-1", "黑方勝": "0-1",
    "红负": "0-1", "红先负": "0-1", "紅先負": "0-1",
    "和": "1/2-1/2", "和棋": "1/2-1/2", "和局": "1/2-1/2", "红和": "1/2-1/2", "红先和": "1/2-1/2",
    "紅先和": "1/2-1/2", "黑先和": "1/2-1/2", "平局": "1/2-1/2",
    "1/2": "1/2-1/2", "½-½": "1/2-1/2", "0.5-0.5": "1/2-1/2",
    "未知": "*", "": "*",
}  # fmt: skip

#: WinBoard/PyChess side tags -> the model's (docs/spec/notation.md §7.7): the
#: PGN reader renames them in a SAN game, the writer of SAN PGN renames them
#: back, :func:`standard_headers` renames them in any game.
WINBOARD_SIDES: dict[str, str] = {"White": "Red", "WhiteElo": "RedElo", "WhiteTeam": "RedTeam"}

#: The move annotations `!`, `?`, … and the NAGs they stand for (docs/spec/pgn.md §4.5);
#: PGN and WXF game files write them after a move.
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

#: Standard tag order for output (docs/spec/pgn.md §3.13): ``Game`` first, then the
#: spec's basic tags in its numbered order with RedTeam/BlackTeam before the
#: players ("它们通常写在Red和Black标签的前面"), then opening data, FEN, Format.
TAG_ROSTER = (
    "Game",
    "Event",
    "Site",
    "Date",
    "Round",
    "RedTeam",
    "Red",
    "BlackTeam",
    "Black",
    "Result",
    "Opening",
    "Variation",
    "ECCO",
    "FEN",
    "Format",
)

#: What a tag name may be: the PGN grammar's tag-name terminal, which
#: tests/test_spec_consistency.py holds this equal to.
TAG_NAME_PATTERN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_+#=:\-]*\Z")


_T = TypeVar("_T")


class Headers(MutableMapping[str, str]):
    """Tag pairs in the order they were set; names are checked on assignment.

    Values are kept exactly (even with line breaks, which the PGN writer
    writes as spaces, naming the tags in ``flattened_tags``, and linters
    flag): nothing read is lost.  :meth:`in_standard_order` gives the
    roster order writers use.
    """

    __slots__ = ("_tags",)

    def __init__(self, items: Iterable[tuple[str, str]] | Mapping[str, str] = ()) -> None:
        self._tags: dict[str, str] = {}
        # Any mapping (a dict, another Headers) gives its items; iterating a
        # mapping directly would give only its keys.
        pairs = items.items() if isinstance(items, Mapping) else items
        for k, v in pairs:
            self[k] = v

    def __setitem__(self, name: str, value: str) -> None:
        if not TAG_NAME_PATTERN.match(name):
            raise ValueError(f"Invalid tag name {name!r}")
        if not isinstance(value, str):
            raise TypeError(f"Tag value must be str, not {type(value).__name__}")
        self._tags[name] = value

    def __getitem__(self, name: str) -> str:
        return self._tags[name]

    # The dict's own get and `in` (MutableMapping's go through __getitem__ and an exception).
    @overload
    def get(self, name: str) -> Optional[str]: ...

    @overload
    def get(self, name: str, default: Union[str, _T]) -> Union[str, _T]: ...

    def get(self, name: str, default: object = None) -> object:
        return self._tags.get(name, default)

    def __contains__(self, name: object) -> bool:
        return name in self._tags

    def __delitem__(self, name: str) -> None:
        del self._tags[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tags)

    def __len__(self) -> int:
        return len(self._tags)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Headers):
            return self._tags == other._tags
        if isinstance(other, dict):
            return self._tags == other
        return NotImplemented

    def in_standard_order(self) -> list[tuple[str, str]]:
        """Roster tags first in :data:`TAG_ROSTER` order, then the rest as set."""
        out = [(k, self._tags[k]) for k in TAG_ROSTER if k in self._tags]
        out += [(k, v) for k, v in self._tags.items() if k not in TAG_ROSTER]
        return out

    def copy(self) -> "Headers":
        return Headers(self._tags)

    def __repr__(self) -> str:
        return f"Headers({self._tags!r})"


# ---------------------------------------------------------------- standard header values

#: A date as the spec writes it (docs/spec/pgn.md §3.8): ``yyyy.mm.dd``, ``?`` for unknown digits.
_DATE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)\Z")
#: Dates as exports write them: ``1995.5.22``, ``2004-01-05``, ``1995年5月22日``, ``1995``.
_LOOSE_DATE = re.compile(r"(\d{4})(?:\s*[./\-年]\s*(\d{1,2})(?:\s*[./\-月]\s*(\d{1,2})\s*日?)?\s*月?)?\s*\Z")


def date_problem(value: str) -> Optional[str]:
    """Why ``value`` is not a valid ``yyyy.mm.dd`` date (a phrase such as ``is not a day of the calendar``), or ``None``."""
    m = _DATE.match(value)
    if not m:
        return "is not `yyyy.mm.dd`"
    y, mo, d = m.groups()
    if mo != "??" and not 1 <= int(mo) <= 12:
        return f"has month `{mo}`; expected `01`–`12` or `??`"
    if d != "??" and not 1 <= int(d) <= 31:
        return f"has day `{d}`; expected `01`–`31` or `??`"
    if "?" not in value:
        try:
            datetime.date(int(y), int(mo), int(d))
        except ValueError:
            return "is not a day of the calendar"
    return None


def standard_date(value: str) -> Optional[str]:
    """The ``yyyy.mm.dd`` form of a loosely written date when it is unambiguous (a four-digit year), else ``None``."""
    m = _LOOSE_DATE.match(value.strip())
    if not m:
        return None
    y, mo, d = m.group(1), m.group(2), m.group(3)
    out = f"{y}.{int(mo):02d}." if mo else f"{y}.??."
    out += f"{int(d):02d}" if d else "??"
    return out if date_problem(out) is None else None


def _standard_result(value: str) -> Optional[str]:
    return RESULT_WORDS.get(value.strip())


#: An ECCO opening code (the CBF schema's ``EccoCode`` type, which
#: tests/test_spec_consistency.py holds this equal to).
ECCO_PATTERN = re.compile(r"[A-E][0-9][0-9]\Z")


def _standard_ecco(value: str) -> Optional[str]:
    code = value.strip().upper()
    return code if ECCO_PATTERN.match(code) else None


#: Tag name -> the standard spelling of a value written another way (None: not known).
_STANDARD_VALUE = {"Result": _standard_result, "Date": standard_date, "ECCO": _standard_ecco}


def standard_tag_value(name: str, value: str) -> Optional[str]:
    """The standard spelling of tag ``name``'s ``value`` when it differs and its meaning is clear, else ``None``.

    ``Result`` words (:data:`RESULT_WORDS`: ``红胜`` -> ``1-0``), loosely
    written ``Date`` s (``1995.5.22`` -> ``1995.05.22``) and lower-case
    ``ECCO`` codes (``b24`` -> ``B24``).  A value already standard, or one
    whose meaning is not clear (``Date "95.5.22"``), gives ``None``.
    """
    if name == "Result" and value in RESULTS:
        return None
    if name == "Date" and date_problem(value) is None:
        return None
    to_standard = _STANDARD_VALUE.get(name)
    new = to_standard(value) if to_standard is not None else None
    return new if new != value else None


def standard_headers(headers: "Headers") -> "Headers":
    """``headers`` with every value :func:`standard_tag_value` knows in standard form, and
    WinBoard's side tags (:data:`WINBOARD_SIDES`) under the model's names where those are absent.

    Tags keep their order (a renamed tag keeps its place).  What the linter's
    safe fixes change in a PGN file's tags, and what ``convert`` writes.
    """
    out = Headers()
    for name, value in headers.items():
        ours = WINBOARD_SIDES.get(name)
        if ours is not None and ours not in headers:
            name = ours
        out[name] = standard_tag_value(name, value) or value
    return out


def standardise(game: "Game") -> None:
    """Give ``game`` its :func:`standard_headers`, in place, and the result its
    ``Result`` tag now gives when no termination marker was written
    (``[Result "红胜"]`` and no marker: the game's result is ``1-0``, as
    the reader takes a standard tag's).  What ``convert`` does before writing.
    """
    game.headers = standard_headers(game.headers)
    tag = game.headers.get("Result")
    if game.result == "*" and game.result_span is None and tag in RESULTS:
        game.result = tag


class Node:
    """A move in the tree, or the root (``move is None``).

    ``comments_before`` are comments written before the move (only meaningful at
    the start of a variation or of the game); ``comments`` follow the move.
    ``span`` is the move text's source span when read from a file, ``text``
    its spelling there.  ``game`` is set on a game's root only (by
    :class:`Game`): it is how :meth:`board` finds the start position.
    """

    # The three annotation lists are made on first use (most nodes have none):
    # a game of 100 plies then holds 100 lists, not 400, which the reader
    # allocates faster and the garbage collector scans less often.
    __slots__ = ("move", "parent", "children", "_comments_before", "_comments", "_nags", "span", "text", "game")

    def __init__(
        self,
        move: Optional[Move] = None,
        parent: Optional["Node"] = None,
        span: Optional[Span] = None,
        text: Optional[str] = None,
        *,
        comments: Optional[list[str]] = None,
        comments_before: Optional[list[str]] = None,
        nags: Optional[list[int]] = None,
    ) -> None:
        self.move = move
        self.parent = parent
        self.children: list[Node] = []
        self._comments_before = comments_before
        self._comments = comments
        self._nags = nags
        self.span = span
        self.text = text
        self.game: Optional[Game] = None

    # ------------------------------------------------------------ annotations
    @property
    def comments_before(self) -> list[str]:
        """Comments written before the move (a list of its own, made on first use)."""
        c = self._comments_before
        if c is None:
            c = self._comments_before = []
        return c

    @comments_before.setter
    def comments_before(self, value: list[str]) -> None:
        self._comments_before = value

    @property
    def comments(self) -> list[str]:
        """Comments after the move (a list of its own, made on first use)."""
        c = self._comments
        if c is None:
            c = self._comments = []
        return c

    @comments.setter
    def comments(self, value: list[str]) -> None:
        self._comments = value

    @property
    def nags(self) -> list[int]:
        """The move's NAGs (a list of its own, made on first use)."""
        n = self._nags
        if n is None:
            n = self._nags = []
        return n

    @nags.setter
    def nags(self, value: list[int]) -> None:
        self._nags = value

    # ------------------------------------------------------------ navigation
    @property
    def variations(self) -> list["Node"]:
        """Children: ``[0]`` continues the main line, the rest are alternatives."""
        return self.children

    def root(self) -> "Node":
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def ply(self) -> int:
        """Number of moves from the root to this node (O(depth))."""
        n, node = 0, self
        while node.parent is not None:
            n += 1
            node = node.parent
        return n

    def board(self) -> Position:
        """The position after this node's move (the start position at the root): a new copy.

        Replays from the game's start, O(depth), as python-chess's
        ``GameNode.board()`` does; to see every position, walk the game with a
        visitor (:meth:`Game.accept`) instead.  Raises ``ValueError`` when the
        tree is not a game's (its root is no :attr:`Game.root`).
        """
        game = self.root().game
        if game is None:
            raise ValueError(f"{self!r} is not in a game: its root is no Game.root")
        return game.position_at(self)

    def moves_from_root(self) -> list[Move]:
        moves: list[Move] = []
        node: Optional[Node] = self
        while node is not None and node.move is not None:
            moves.append(node.move)
            node = node.parent
        moves.reverse()
        return moves

    def next(self) -> Optional["Node"]:
        """The main-line continuation, or ``None`` at the end of a line."""
        return self.children[0] if self.children else None

    def end(self) -> "Node":
        """Follow main-line continuations to the end."""
        node = self
        while node.children:
            node = node.children[0]
        return node

    def mainline(self) -> Iterator["Node"]:
        """The nodes after this one along main-line continuations."""
        node = self
        while node.children:
            node = node.children[0]
            yield node

    def is_main_variation(self) -> bool:
        """Whether this node is the first child of its parent (or the root)."""
        return self.parent is None or self.parent.children[0] is self

    def is_mainline(self) -> bool:
        """Whether every step from the root to here follows ``children[0]``."""
        node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def walk(self) -> Iterator["Node"]:
        """This node and every descendant in pre-order, main line first: the model's one node walk.

        The order of :attr:`Order.TREE <xqformats.visitor.Order.TREE>`, without
        events or positions: what :meth:`Game.nodes`, :meth:`Game.release` and
        :meth:`same_content` use.  One loop with an explicit stack, never
        recursion, so any depth is fine; O(number of nodes).  The tree must not
        change while it is walked, except that a node already yielded may lose
        its parent (:meth:`Game.release` unlinks each one so).
        """
        stack = [self]
        pop, extend = stack.pop, stack.extend
        while stack:
            node = pop()
            while True:  # down the first children; a node's other children wait on the stack, last on top
                yield node
                children = node.children
                if not children:
                    break
                if len(children) > 1:
                    extend(children[:0:-1])
                node = children[0]

    # ------------------------------------------------------------ editing
    def add_variation(
        self,
        move: Move,
        *,
        comments: Optional[list[str]] = None,
        comments_before: Optional[list[str]] = None,
        nags: Optional[list[int]] = None,
        span: Optional[Span] = None,
        text: Optional[str] = None,
    ) -> "Node":
        """Append a child for ``move`` (main line if it is the first) and return it."""
        child = Node(
            move,
            self,
            comments=comments,
            comments_before=comments_before,
            nags=nags,
            span=span,
            text=text,
        )
        self.children.append(child)
        return child

    def add_main_variation(self, move: Move, **kw: object) -> "Node":
        """Add ``move`` as the new main continuation (existing ones move down)."""
        child = self.add_variation(move, **kw)  # type: ignore[arg-type]
        self.children.insert(0, self.children.pop())
        return child

    def add_line(self, moves: Iterable[Move]) -> "Node":
        """Add a chain of moves below this node; return the last node."""
        node = self
        for m in moves:
            node = node.add_variation(m)
        return node

    def variation(self, move: Move) -> Optional["Node"]:
        """The child that plays ``move``, if any."""
        for c in self.children:
            if c.move == move:
                return c
        return None

    def _child_index(self, child: Union["Node", Move]) -> int:
        """Index of ``child`` (a child node, or the move of one) among the children.

        Raises ``ValueError`` when it is not a child of this node.
        """
        for i, c in enumerate(self.children):
            if c is child:
                return i
        if isinstance(child, Move):
            for i, c in enumerate(self.children):
                if c.move == child:
                    return i
        raise ValueError(f"{child!r} is not a variation of {self!r}")

    def promote_to_main(self, child: Union["Node", Move]) -> None:
        """Make ``child`` (a node or its move) the main continuation of this node."""
        node = self.children.pop(self._child_index(child))
        self.children.insert(0, node)

    def promote(self, child: Union["Node", Move]) -> None:
        """Move ``child`` (a node or its move) one place up among the variations."""
        i = self._child_index(child)
        if i > 0:
            self.children[i - 1], self.children[i] = self.children[i], self.children[i - 1]

    def demote(self, child: Union["Node", Move]) -> None:
        """Move ``child`` (a node or its move) one place down among the variations."""
        i = self._child_index(child)
        if i < len(self.children) - 1:
            self.children[i + 1], self.children[i] = self.children[i], self.children[i + 1]

    def remove_variation(self, child: Union["Node", Move]) -> None:
        """Delete ``child`` (a node or its move) and everything below it."""
        node = self.children.pop(self._child_index(child))
        node.parent = None

    # ------------------------------------------------------------ equality
    def same_content(self, other: "Node") -> bool:
        """Whether the subtrees hold the same moves, comments and NAGs.

        Spans and source spellings are ignored.  The two trees are walked side by
        side (:meth:`walk`, so deep trees are fine): pre-order with the same
        number of children at every step is the same shape, so the walks stay
        in step until the first difference.
        """
        for a, b in zip(self.walk(), other.walk()):
            if (
                a.move != b.move
                or (a._comments or []) != (b._comments or [])
                or (a._comments_before or []) != (b._comments_before or [])
                or (a._nags or []) != (b._nags or [])
                or len(a.children) != len(b.children)
            ):
                return False
        return True

    def __repr__(self) -> str:
        return f"Node({self.move!r}, children={len(self.children)})"


class Game:
    """A game record: headers, start position, move tree, result.

    ``diagnostics`` holds what the reader reported for this game.  Readers also
    record where things were written, for linters: ``span`` (the whole game),
    ``tag_spans`` (tag name -> span of its value, or of the element in CBF),
    ``result_span`` (the termination marker) and ``notation`` (the notation
    the moves were written in, when known).

    ``played_line`` is the position the reader's builder stood at when the
    game ended, after the start's Zobrist key and clocks as they were then:
    where that is the end of the main line from the same start (its move stack
    the main line's moves), a checker takes the line from it instead of
    playing it again (:func:`xqformats.adjudication.verdict.game_line`, which
    checks that it still is).  It is not part of the game's value (equality),
    and must be left as found.
    """

    __slots__ = (
        "headers",
        "start",
        "_root",
        "result",
        "diagnostics",
        "span",
        "tag_spans",
        "result_span",
        "notation",
        "played_line",
    )

    def __init__(
        self,
        headers: Optional[Headers | dict[str, str]] = None,
        start: Optional[Position] = None,
        result: str = "*",
    ) -> None:
        self.headers = headers if isinstance(headers, Headers) else Headers(headers or {})
        self.start: Position = start.copy() if start is not None else Position.initial()
        self.root = Node()
        self.result = result
        self.diagnostics: list[Diagnostic] = []
        self.span: Optional[Span] = None
        self.tag_spans: dict[str, Span] = {}
        self.result_span: Optional[Span] = None
        self.notation: Optional[str] = None
        self.played_line: Optional[tuple[int, int, int, Position]] = None

    @property
    def root(self) -> Node:
        """The root of the move tree (no move; ``children[0]`` starts the main line).

        Setting it makes the node this game's root (``node.game``), so
        :meth:`Node.board` replays from this game's start.
        """
        return self._root

    @root.setter
    def root(self, node: Node) -> None:
        node.game = self
        self._root = node

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walk this game with ``visitor`` in PGN order; return ``visitor.result()``.

        See :mod:`xqformats.visitor` for the order of the calls; one loop,
        no recursion, O(number of nodes).
        """
        return walk(self, visitor)

    @classmethod
    def from_moves(cls, moves: Iterable[Move], start: Optional[Position] = None) -> "Game":
        game = cls(start=start)
        game.root.add_line(moves)
        return game

    def position_at(self, node: Node) -> Position:
        """The position after ``node``'s move (O(depth))."""
        pos = self.start.copy()
        for m in node.moves_from_root():
            pos.push(m)
        return pos

    def end_position(self) -> Position:
        """The position at the end of the main line."""
        return self.position_at(self.root.end())

    def mainline(self) -> Iterator[Node]:
        return self.root.mainline()

    def mainline_moves(self) -> list[Move]:
        """The main line's moves, from the start (a loop, not :meth:`Node.mainline`: it is asked of every game linted)."""
        moves: list[Move] = []
        node = self._root
        while node.children:
            node = node.children[0]
            if node.move is not None:
                moves.append(node.move)
        return moves

    def nodes(self) -> Iterator[Node]:
        """Every move node, pre-order (the root excluded)."""
        it = self.root.walk()
        next(it)
        return it

    def ply_count(self) -> int:
        """Number of main-line moves."""
        return sum(1 for _ in self.root.mainline())

    def holds_position(self) -> bool:
        """Whether the game has a position at all: ``False`` for a record of text only, with no
        piece on its board and no move (象棋桥 writes a library's chapter text so,
        docs/spec/cbr.md §3.4).  O(90).
        """
        return bool(self._root.children) or any(self.start.board)

    def release(self) -> int:
        """Unlink the game's nodes from their parents, and return how many move nodes it holds.

        A move tree is a web of reference cycles (each node knows its parent,
        each parent its children; the root knows the game), which Python frees
        only when its cycle collector runs: a program that reads a large file
        game by game and drops each game pays that collector for every node.
        After ``release`` the nodes are freed as soon as the game is dropped.
        Call it only on a game nothing will use again: its nodes keep their
        moves and children but no longer know their parents (``board()``,
        ``ply()`` and the like no longer work).  O(number of nodes), by the
        one node walk (:meth:`Node.walk`).
        """
        root = self._root
        root.game = None
        self.played_line = None
        moves = -1
        for node in root.walk():
            node.parent = None
            moves += 1
        return moves

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.headers == other.headers
            and self.start == other.start
            and self.start.fullmove_number == other.start.fullmove_number
            and self.result == other.result
            and self.root.same_content(other.root)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        red = self.headers.get("Red", "?")
        black = self.headers.get("Black", "?")
        return f"<Game {red} vs {black} {self.result}, {self.ply_count()} plies>"
