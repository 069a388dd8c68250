"""Visitors: the one walk over a game's move tree.

Every writer is a visitor (python-chess's design, ``chess.pgn.BaseVisitor``:
PGN, CBF, XQF, DhtmlXQ, WXF and the JSON form), and so is the report of what
a format cannot hold (:mod:`xqformats.losses`); the model's own walks over
its nodes (:meth:`Game.nodes <xqformats.model.Game.nodes>`, ``release``,
``same_content``) use :meth:`Node.walk <xqformats.model.Node.walk>`, the same
tree order without events or positions.  :func:`walk` (also
:meth:`Game.accept <xqformats.model.Game.accept>`) calls the
visitor's methods in the order the visitor asks for, the visitor builds what
it wants, and :meth:`BaseVisitor.result` hands it back::

    class CountMoves(BaseVisitor[int]):
        needs_positions = False  # counts moves, reads no position

        def __init__(self) -> None:
            self.moves = 0

        def visit_move(self, position: Position, node: Node) -> None:
            self.moves += 1

        def result(self) -> int:
            return self.moves

    game.accept(CountMoves())   # every move, variations included

Two class attributes say what a visitor needs; both have the defaults of
python-chess's walk, so a visitor that sets neither gets exactly that:

* :attr:`BaseVisitor.order`: :attr:`Order.PGN` (default) walks the moves in
  the order PGN writes them, a move's alternatives right after it; a writer
  of a stream of text (PGN, WXF) wants it.  :attr:`Order.TREE` walks them in
  document order (pre-order: a node, its whole first continuation, then its
  next alternative), the order in which XQF, CBF and the JSON form store a
  tree node by node, each record naming the tree around it.
* :attr:`BaseVisitor.needs_positions`: ``True`` (default) moves a position
  along, so that each move comes with the position it is played in (a writer
  of notation needs it); ``False`` plays no move (a writer of squares, or a
  counter, is faster so).

Event order
-----------
For a game, in this order (``*`` = zero or more; ``[ ]`` = optional)::

    begin_game                        SKIP: straight to end_game
      begin_headers
        visit_header(name, value)*    Game.headers in their order
      end_headers                     SKIP: no movetext events (to visit_result)
      visit_start(position)           the start position
      visit_root(node)                Game.root, the node of no move
      visit_comment(text, False)*     the game's opening comments (the root's)
      [line]                          the main line, from root.children[0]
      visit_result(result)            Game.result
    end_game

A *line* starts at a node and follows ``children[0]`` to its end; for each
node on it::

    visit_comment(text, True)*        node.comments_before
    visit_move(position, node)        position: the position before the move
    visit_nag(nag)*                   node.nags, in their order
    visit_comment(text, False)*       node.comments
    for each sibling s after node, when node is its parent's children[0]:
      begin_variation                 SKIP: nothing more of this variation
        line from s
      end_variation                   (only when begin_variation did not skip)

In PGN order the variations of a node come right after that node's events
(its move and its comments), before the line goes on, as PGN writes them:
``1. a (1. b) 1. ... c`` is ``visit_move(a)``, ``begin_variation``,
``visit_move(b)``, ``end_variation``, ``visit_move(c)``.  In tree order they
come after the whole line (and every variation within it) instead, the
deepest first, as pre-order has them: ``visit_move(a)``, ``visit_move(c)``,
``begin_variation``, ``visit_move(b)``, ``end_variation``.  Either way a
variation holding variations nests the same way, each ``begin_variation``
has its ``end_variation``, and every node is visited once.

Comments are told apart by the flag: ``before=True`` is a comment written
in front of the move that the next :meth:`~BaseVisitor.visit_move` plays
(``node.comments_before``); ``before=False`` follows the move last visited
(``node.comments``), or, before any move, opens the game.  The root has no
move, so all its comments (``comments_before``, then ``comments``) are
reported as opening comments with ``before=False``; a visitor that must
tell the two apart (the JSON form keeps both) reads them from the root
handed to :meth:`~BaseVisitor.visit_root`.

Nodes
-----
:meth:`~BaseVisitor.visit_root` and :meth:`~BaseVisitor.visit_move` hand over
the node itself, for visitors that store the tree rather than a text: its
identity indexes it (a record's ``parent``), and ``node.parent`` and
``node.children`` place it among its neighbours (whether a move continues,
whether an alternative follows) in O(1).  A visitor reads the node and what
it holds; it never changes the tree.

Positions
---------
The walk keeps one :class:`~xqformats.position.Position`, a copy of
``game.start``, and moves it with ``push`` and
:meth:`~xqformats.position.Position.pop_to`, so a visit costs O(1) whatever
the depth.  The position handed to a visitor is that working copy: it is
valid during the call only, must be left as it was found (a push must be
popped), and should be copied (``position.copy()``) to be kept.  Its
:attr:`~xqformats.position.Position.stack_depth` is the number of moves
played from the game's start, so the move being visited is ply
``stack_depth + 1``.  For a visitor whose :attr:`~BaseVisitor.needs_positions`
is ``False`` no move is played: every call gets the start position as it is
(``stack_depth`` 0), and the ply of a node is its depth in the tree.

The walk is one loop with an explicit stack, never recursion: a 100,000-ply
game or variations nested 10,000 deep are walked like any other.  It is
O(number of nodes + comments + NAGs) and checks nothing: every move must be
legal in its position (a game read from a file holds only legal moves), and
the game must not change while it is walked.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, ClassVar, Generic, Optional, TypeVar

if TYPE_CHECKING:  # the model imports this module; annotations only
    from .model import Game, Node
    from .position import Position

ResultT = TypeVar("ResultT")


class SkipType(enum.Enum):
    """The type of :data:`SKIP`."""

    SKIP = enum.auto()


#: Returned from :meth:`BaseVisitor.begin_game`, :meth:`~BaseVisitor.end_headers`
#: or :meth:`~BaseVisitor.begin_variation` to skip what follows (see the module
#: docstring for exactly what).
SKIP = SkipType.SKIP


class Order(enum.Enum):
    """The order :func:`walk` visits a game's moves in (:attr:`BaseVisitor.order`)."""

    #: A move's alternatives right after it, before the line goes on: the order PGN writes.
    PGN = "pgn"
    #: Pre-order (document order): a node, its whole first continuation, then its next alternative.
    TREE = "tree"


class BaseVisitor(Generic[ResultT]):
    """Receives a game's parts in PGN order; every method but :meth:`result` does nothing.

    Subclass it and override what you need.  The methods that may return
    :data:`SKIP` say so; any other return value means "go on".  The two class
    attributes say in which order the moves come and whether they come with
    their positions (see the module docstring).
    """

    #: The order the moves are visited in: :attr:`Order.PGN` (PGN's) or :attr:`Order.TREE` (pre-order).
    order: ClassVar[Order] = Order.PGN
    #: Whether :meth:`visit_move` needs the position of its move; ``False`` plays
    #: no move (faster): every call then gets the start position, not moved.
    needs_positions: ClassVar[bool] = True

    def begin_game(self) -> Optional[SkipType]:
        """The game starts.  :data:`SKIP` skips it all (only :meth:`end_game` follows)."""
        return None

    def begin_headers(self) -> None:
        """The headers follow."""

    def visit_header(self, name: str, value: str) -> None:
        """One tag pair of ``Game.headers``, in their order."""

    def end_headers(self) -> Optional[SkipType]:
        """The headers are done.  :data:`SKIP` skips the movetext: the start
        position, comments and moves (:meth:`visit_result` still follows)."""
        return None

    def visit_start(self, position: Position) -> None:
        """The game's start position (the walk's working copy: copy it to keep it)."""

    def visit_root(self, node: Node) -> None:
        """``Game.root``, the node of no move, before its comments (the opening comments).

        For a visitor that stores the tree: the root's identity, and its own
        ``comments_before`` and ``comments``, which the opening comments do
        not tell apart.
        """

    def visit_comment(self, comment: str, before: bool) -> None:
        """A comment: ``before`` the move the next :meth:`visit_move` plays, or after
        the move last visited (an opening comment of the game before any move)."""

    def visit_move(self, position: Position, node: Node) -> None:
        """``node.move``, played in ``position`` (the position before it, ply
        ``position.stack_depth + 1``; the start position when
        :attr:`needs_positions` is ``False``); leave ``position`` as it was."""

    def visit_nag(self, nag: int) -> None:
        """A NAG (``$n``) of the move last visited."""

    def begin_variation(self) -> Optional[SkipType]:
        """An alternative starts: in PGN order, to the move last visited at this
        level; in tree order, the next move is one (a child of its parent but
        the first) and the variation holds it and all below it.
        :data:`SKIP` prunes it: no events for it, no :meth:`end_variation`."""
        return None

    def end_variation(self) -> None:
        """The variation begun last ends."""

    def visit_result(self, result: str) -> None:
        """``Game.result`` (``1-0``, ``0-1``, ``1/2-1/2`` or ``*``)."""

    def end_game(self) -> None:
        """The game is done."""

    def result(self) -> ResultT:
        """What the visitor built; :func:`walk` returns it."""
        raise NotImplementedError


def walk(game: Game, visitor: BaseVisitor[ResultT]) -> ResultT:
    """Walk ``game`` with ``visitor`` in the order of the module docstring; return ``visitor.result()``."""
    if visitor.begin_game() is not SKIP:
        visitor.begin_headers()
        for name, value in game.headers.items():
            visitor.visit_header(name, value)
        if visitor.end_headers() is not SKIP:
            _walk_movetext(game, visitor)
        visitor.visit_result(game.result)
    visitor.end_game()
    return visitor.result()


def _walk_movetext(game: Game, visitor: BaseVisitor[ResultT]) -> None:
    """The start position, the root and its opening comments, and every line of the tree."""
    position = game.start.copy()
    visitor.visit_start(position)
    root = game.root
    visitor.visit_root(root)
    for comment in root.comments_before:
        visitor.visit_comment(comment, False)
    for comment in root.comments:
        visitor.visit_comment(comment, False)
    if root.children:
        _walk_lines(root.children[0], position, visitor)


# What is left to do, on the walk's stack, as (kind, node, depth): every
# kind first takes the position back to ``depth`` moves from the start.
_VARIATION = 0  # begin_variation, then the line from ``node``
_END = 1  # end_variation (node and depth unused)
_RESUME = 2  # play ``node``'s move, go on with its main continuation (PGN order only)


def _walk_lines(first: Node, position: Position, visitor: BaseVisitor[ResultT]) -> None:
    """Every line from ``first`` (the main line's first move) on, in the visitor's order.

    :func:`_follow_line` follows one line and stacks what it leaves for
    later; :func:`_next_line` does the stacked work up to the next line.
    """
    stack: list[tuple[int, Optional[Node], int]] = []
    moving = visitor.needs_positions
    node: Optional[Node] = first
    while node is not None:
        _follow_line(node, position, visitor, stack)
        node = _next_line(stack, position, visitor, moving)


def _follow_line(node: Node, position: Position, visitor: BaseVisitor[ResultT], stack: list[tuple[int, Optional[Node], int]]) -> None:
    """The events of the line from ``node`` to its end, or (PGN order) to its first move with alternatives.

    At a move with alternatives it stacks them (the last one deepest), so that
    the one popped first is the first alternative.  In PGN order it stacks
    "resume after this move" under them and leaves the line, so the
    variations are walked first; in tree order it goes on along the line, so
    they wait until the line and the variations stacked after them are done:
    pre-order.  Positions move only when the visitor needs them.
    """
    visit_comment = visitor.visit_comment
    visit_move = visitor.visit_move
    visit_nag = visitor.visit_nag
    pgn_order = visitor.order is Order.PGN
    moving = visitor.needs_positions
    push = position.push
    siblings = node.parent.children  # type: ignore[union-attr]  # a move node has a parent
    while True:  # the list tests spare an iterator for the usual empty list
        # The annotation slots themselves, not their properties: a property
        # makes an empty list for each node that has none (the walk only
        # reads), and three property calls a node are a quarter of the walk.
        if node._comments_before:
            for comment in node._comments_before:
                visit_comment(comment, True)
        visit_move(position, node)
        if node._nags:
            for nag in node._nags:
                visit_nag(nag)
        if node._comments:
            for comment in node._comments:
                visit_comment(comment, False)
        if len(siblings) > 1 and siblings[0] is node:
            depth = position.stack_depth
            if pgn_order:
                stack.append((_RESUME, node, depth))
                stack.extend([(_VARIATION, s, depth) for s in siblings[:0:-1]])
                return
            stack.extend([(_VARIATION, s, depth) for s in siblings[:0:-1]])
        siblings = node.children
        if not siblings:  # the line ends (its last move need not be played)
            return
        if moving:
            push(node.move)  # type: ignore[arg-type]  # a move node has a move
        node = siblings[0]


def _next_line(
    stack: list[tuple[int, Optional[Node], int]], position: Position, visitor: BaseVisitor[ResultT], moving: bool
) -> Optional[Node]:
    """Do the stacked work up to the next line to follow; return its first node (None: all done)."""
    while stack:
        kind, node, depth = stack.pop()
        if kind == _END:
            visitor.end_variation()
            continue
        assert node is not None
        if moving:
            position.pop_to(depth)
        if kind == _RESUME:
            if node.children:
                if moving:
                    position.push(node.move)  # type: ignore[arg-type]
                return node.children[0]
        elif visitor.begin_variation() is not SKIP:
            stack.append((_END, None, depth))
            return node
    return None
