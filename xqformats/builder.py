"""The one reader-side builder: events in, a :class:`~xqformats.model.Game` out.

Every reader turns its source into *events* and hands them to a
:class:`GameBuilder` (python-chess's ``chess.pgn.GameBuilder``, the reading
half of the visitor protocol whose writing half is :mod:`xqformats.visitor`).
The builder owns what all formats share: the move tree, the one
:class:`~xqformats.position.Position` moved along it, where a comment goes,
and the one policy for a move that cannot be played.  The reader owns its
syntax, its findings and their wording.

Event order
-----------
For a game, in this order (``*`` = zero or more; ``[ ]`` = optional)::

    visit_header(name, value, span)*     headers, in the order read
    [end_headers]                        SKIP: the reader stops (HeadersBuilder)
    [visit_start(position)]              before any move; default: the initial position
    movetext*                            moves, comments, NAGs, lines (below)
    [visit_result(result, span)]         ends the movetext
    visit_comment(text)*                 after the result: on the main line's last move
    end_game
    result()                             the game

Movetext events, any number, in source order:

* ``visit_move(move, span, text, token)``: a move in coordinates; the builder
  checks that it is legal (one rules-engine test) and plays it, or rejects it;
* ``visit_text_move(text, span, notation, token)``: a move as written, decoded
  in the builder's position with :func:`xqformats.notation.decode` (``None``:
  by its shape);
* ``add_move(move, span, text)``: the *fast event*: a move the reader has
  decoded in :attr:`GameBuilder.position` itself (so it is legal); no check;
* ``visit_unreadable(token)``: something where a move belongs that the reader
  could not make a move of (a point off the board, a bad number); the reader
  has reported why;
* ``visit_comment(text, before)``, ``visit_nag(nag)``;
* lines, in one of two styles (a reader uses one):

  - *nested*, as PGN writes them: ``begin_variation`` starts an alternative
    to the last move of the current line (the builder steps back one move),
    ``end_variation`` goes back to the line it interrupted, after that move;
  - *pre-order*, as CBF, CBR, XQF and the JSON form list the tree:
    ``back_to(ply)`` makes the next move an alternative to the move at ply
    ``ply + 1`` of the current line (``back_to(0)``: an alternative to the
    first move), so each move is played from a prefix of the line before.

The policy
----------
A move that cannot be played (illegal, undecodable, or a
``visit_unreadable``) is reported through the reader's hooks
(:class:`ReaderHooks`: :meth:`~ReaderHooks.illegal` with
:meth:`Position.why_illegal <xqformats.position.Position.why_illegal>`'s words
for a coordinate move, :meth:`~ReaderHooks.decoded` with the notation's
findings for a text move, then :meth:`~ReaderHooks.not_read`).  From there to
the end of its line the line is *dead*: nothing more is played in it, whatever
the reader sends.  What a dead line becomes is the format's declared
:class:`LinePolicy`:

* :attr:`LinePolicy.KEEP` (PGN, CBF, CBR, XQF): nothing read is lost.  Each
  move of the dead line is kept as one item (:meth:`ReaderHooks.kept_item`:
  the reader spells it), and when the line ends the items become one comment
  (:meth:`ReaderHooks.kept` gives its text and reports it) on the last move
  read before it (the *target*; when the line had no move yet, the comment goes
  where comments before its first move would go).
* :attr:`LinePolicy.DROP` (DhtmlXQ, WXF, the JSON form): the rest of the line
  is not read; its findings say so.

A dead line ends where its line of play ends: at the ``end_variation`` of its
variation, at a ``back_to`` that returns to the dead move's ply or before (a
``back_to`` deeper than that is an alternative *inside* the dead part, and
stays dead: the builder counts the plies of a dead line as if they had been
played, :attr:`GameBuilder.ply`), at :meth:`~GameBuilder.visit_result`, or
at :meth:`~GameBuilder.end_game`.  Alternatives to the dead move itself, and
to moves before it, are read as usual.

Comments
--------
``visit_comment(text)`` (``before`` false) follows the last move read on the
current line (``node.comments``); before the line's first move it opens the
game (the root's comments) on the main line, and is held for the variation's
first move otherwise.  ``visit_comment(text, True)`` is held for the line's
first move in any case.  Held comments become that move's
``comments_before`` (on the main line: the root's comments), or, when the line
ends without a move, the comments of the move the variation replaces (on the
main line: the root's).  A comment after a dead line's last read move goes on
that move.  ``visit_nag`` adds to the last move read: the reader checks that
there is one (:attr:`GameBuilder.played`).  In the pre-order style a line
starts at every ``back_to``, so a move's ``comments_before`` (the JSON form's)
are set on the node its move event returns.

For contributors: what a reader provides
----------------------------------------
1. Declare the format's policy (``REST_OF_LINE = LinePolicy.KEEP``) and say in
   the reader's docstring what the kept text looks like.
2. Subclass :class:`ReaderHooks` (usually the reader class itself) and
   override what the format reports: :meth:`~ReaderHooks.illegal` for
   coordinate moves, :meth:`~ReaderHooks.decoded` for text moves (place the
   notation's findings in the file; check move numbers there: the position is
   still the one before the move), :meth:`~ReaderHooks.not_read`, and for
   KEEP :meth:`~ReaderHooks.kept_item` and :meth:`~ReaderHooks.kept`.  The
   ``token`` the builder hands back is whatever the reader passed with the
   move (an element, a record, a syntax node): the builder never looks at it.
3. Make one :class:`GameBuilder` per game, send the events, take
   :meth:`~GameBuilder.result`.  Set node details the builder does not know
   (a move's own comment read with it, a JSON node's ``comments_before``) on
   the node the move events return.

Speed
-----
The builder sits on every reader's per-move path.  A move event makes one
:class:`~xqformats.model.Node` and nothing else (no lists, no tuples, no
keyword arguments), on slotted state; :meth:`~GameBuilder.add_move` is the
cheapest (no check at all), for the PGN readers, whose notation decoder
already proves a move legal.  Everything a rejected move costs (the words of
why, the kept text) is paid only then.  ``back_to`` costs the moves it takes
back, so a pre-order walk is O(moves) in all.
"""

from __future__ import annotations

import enum
from typing import Any, Optional, Sequence

from .core import Move
from .diagnostics import Diagnostic, Span
from .model import Game, Headers, Node
from .notation import Notation, RankConvention, decode
from .position import Position
from .visitor import SKIP, SkipType


class LinePolicy(enum.Enum):
    """What becomes of a line of play after a move that cannot be played (the module docstring's *policy*)."""

    #: The rest of the line is kept, as one comment on the last move read.
    KEEP = "keep"
    #: The rest of the line is not read.
    DROP = "drop"


class Kept:
    """The moves of a dead line kept as text (:attr:`LinePolicy.KEEP`), handed to :meth:`ReaderHooks.kept`.

    ``target`` is the last move read before the line died (the root when none),
    ``ply`` its ply (no walk to the root needed), ``first`` the token of the
    move that could not be played, ``items`` one text per move kept
    (:meth:`ReaderHooks.kept_item`), the first being ``first``'s, and
    ``played`` whether the line had a move before it died (else the comment
    goes where the line's opening comments go).
    """

    __slots__ = ("target", "ply", "first", "items", "played")

    def __init__(self, target: Node, ply: int, first: object, played: bool) -> None:
        self.target = target
        self.ply = ply
        self.first = first
        self.items: list[str] = []
        self.played = played

    def __repr__(self) -> str:
        return f"Kept(ply={self.ply}, items={len(self.items)})"


class ReaderHooks:
    """What the builder asks of a reader, only when a move cannot be played; every method has a default.

    ``token`` is what the reader passed with the move (the builder never
    looks at it).  The defaults report nothing and keep items as ``str(token)``
    joined by spaces.
    """

    def illegal(self, move: Move, why: str, token: Any) -> None:
        """Report that the coordinate move ``move`` is not legal here; ``why`` is
        :meth:`~xqformats.position.Position.why_illegal`'s explanation."""

    def decoded(self, move: Optional[Move], findings: Sequence[Diagnostic], token: Any) -> None:
        """A text move was decoded: ``move`` (``None``: it denotes no legal move) and the
        notation's ``findings``, positioned in the move's text (line 1, column 1 = its
        first character).  Place them in the source.  The builder's position is
        still the one before the move: the place for checks such as move numbers."""

    def not_read(self, token: Any) -> None:
        """The line died at ``token``'s move (after :meth:`illegal` or :meth:`decoded`,
        or at a :meth:`GameBuilder.visit_unreadable`): report what that means for
        the rest of the line, e.g. as a note on the move's own finding."""

    def kept_item(self, token: Any) -> str:
        """(KEEP) The text that keeps ``token``'s move, one item of the comment."""
        return str(token)

    def kept(self, kept: Kept) -> Optional[str]:
        """(KEEP) A dead line has ended: report it, and return the comment's text
        (the builder places it), or ``None`` when the reader placed it itself."""
        return " ".join(kept.items)


#: The hooks of a reader that has none to give (nothing reported).
_NO_HOOKS = ReaderHooks()


class _Frame:
    """A line of play interrupted by a variation (nested style)."""

    __slots__ = ("saved", "depth", "played", "held")

    def __init__(self, saved: Node, depth: int, played: bool, held: Optional[list[str]]) -> None:
        self.saved = saved  # the move the variation replaces
        self.depth = depth  # the position's depth at the variation's start
        self.played = played  # of the interrupted line
        self.held = held  # of the interrupted line


class GameBuilder:
    """Builds one :class:`~xqformats.model.Game` from a reader's events (see the module docstring).

    ``hooks`` is the reader (its :class:`ReaderHooks`), ``policy`` its
    format's :class:`LinePolicy`, ``strict`` and ``ranks`` what
    :meth:`visit_text_move` decodes with.  Attributes a reader may read
    (never set): ``game``; ``node``, the last move read on the current line
    (the root before any); ``position``, the position after it (the
    builder's own: a reader may decode in it, and must leave it as found);
    ``played``, whether the current line has a move.
    """

    __slots__ = (
        "game", "node", "position", "played", "hooks", "policy", "strict", "ranks",
        "_held", "_frames", "_dead", "_vply", "_kept", "_dead_frames",
    )

    def __init__(
        self,
        hooks: ReaderHooks = _NO_HOOKS,
        policy: LinePolicy = LinePolicy.KEEP,
        strict: bool = False,
        ranks: Optional[RankConvention] = None,
    ) -> None:
        self.game = Game()
        self.node: Node = self.game.root
        self.position: Position = self.game.start.copy()
        self.played = False
        self.hooks = hooks
        self.policy = policy
        self.strict = strict
        self.ranks = ranks
        self._held: Optional[list[str]] = None  # comments held for the line's first move
        self._frames: list[_Frame] = []
        # The dead line: _dead is the ply of its target (-1: the line is alive),
        # _vply the ply reached in it (as if its moves had been played),
        # _kept what is kept of it (KEEP), _dead_frames variations begun inside it.
        self._dead = -1
        self._vply = 0
        self._kept: Optional[Kept] = None
        self._dead_frames = 0

    # ------------------------------------------------------------ state
    @property
    def ply(self) -> int:
        """The ply of the last move read on the current line: the position's depth, or,
        in a dead line, the depth its moves would have reached (see the module docstring)."""
        return self._vply if self._dead >= 0 else self.position.stack_depth

    @property
    def dead(self) -> bool:
        """Whether the current line is dead (a move in it could not be played)."""
        return self._dead >= 0

    # ------------------------------------------------------------ headers, start, result
    def visit_header(self, name: str, value: str, span: Optional[Span] = None) -> None:
        """The tag ``name`` is ``value`` (set anew if already set), written at ``span``."""
        game = self.game
        game.headers[name] = value
        if span is not None:
            game.tag_spans[name] = span

    def end_headers(self) -> Optional[SkipType]:
        """The headers are done: :data:`~xqformats.visitor.SKIP` tells the reader to skip the movetext."""
        return None

    def visit_start(self, position: Position) -> None:
        """The game starts from ``position`` (kept as ``game.start``; the builder plays on a copy)."""
        self.game.start = position
        self.position = position.copy()

    def visit_result(self, result: str, span: Optional[Span] = None) -> None:
        """The game's result (written at ``span``; ``None``: not written); it ends the movetext."""
        game = self.game
        game.result = result
        game.result_span = span
        self._end_movetext()

    def end_game(self) -> None:
        """The game is done (ends the movetext if :meth:`visit_result` has not).

        The game keeps the builder's position (:attr:`~xqformats.model.Game.played_line`):
        where it stands at the end of the main line, a checker need not play the
        line again.
        """
        self._end_movetext()
        if self.position.stack_depth:  # (a game of no moves has nothing to replay: it keeps nothing)
            start = self.game.start
            self.game.played_line = (start.zobrist(), start.halfmove_clock, start.fullmove_number, self.position)

    def result(self) -> Game:
        """The game built."""
        return self.game

    # ------------------------------------------------------------ moves
    def add_move(self, move: Move, span: Optional[Span], text: Optional[str]) -> Node:
        """The fast event: ``move``, decoded by the reader in :attr:`position` (so legal), is played.

        The line must be alive.  Returns the new node.
        """
        node = self.node
        child = Node(move, node, span, text)
        node.children.append(child)
        self.node = child
        if not self.played:
            self._first_move(child)
        self.position.push(move)
        return child

    def visit_move(self, move: Move, span: Optional[Span], text: Optional[str], token: Any) -> Optional[Node]:
        """A move in coordinates: played when legal (the new node), else rejected (``None``).

        In a dead line the move is kept (KEEP) or not read (DROP), unchecked.
        """
        if self._dead >= 0:
            self._in_dead_line(token)
            return None
        pos = self.position
        if not pos.is_legal(move):
            self.hooks.illegal(move, pos.why_illegal(move) if _on_board(move) else "a point is off the board", token)
            self._die(token)
            return None
        node = self.node
        child = Node(move, node, span, text)
        node.children.append(child)
        self.node = child
        if not self.played:
            self._first_move(child)
        pos.push(move)
        return child

    def visit_text_move(self, text: str, span: Optional[Span], notation: Optional[Notation], token: Any) -> Optional[Node]:
        """A move as written, decoded in ``notation`` (``None``: by its shape): played (the new node),
        or rejected (``None``).  :meth:`ReaderHooks.decoded` gets the findings either way."""
        if self._dead >= 0:
            self._in_dead_line(token)
            return None
        move, findings = decode(text, self.position, notation, strict=self.strict, ranks=self.ranks)
        self.hooks.decoded(move, findings, token)
        if move is None:
            self._die(token)
            return None
        return self.add_move(move, span, text)

    def visit_unreadable(self, token: Any) -> None:
        """Where a move belongs, something the reader could not make a move of (reported by the reader):
        the line dies here, as after an illegal move; in a dead line, it is one more move of it."""
        if self._dead >= 0:
            self._in_dead_line(token)
        else:
            self._die(token)

    def follow(self, child: Node) -> None:
        """Go on along ``child``, a move already read from the current node (a format that merges a
        move repeated at one point); the line must be alive."""
        self.node = child
        self.played = True
        self.position.push(child.move)  # type: ignore[arg-type]  # a child has a move

    # ------------------------------------------------------------ comments, NAGs
    def visit_comment(self, text: str, before: bool = False) -> None:
        """A comment: after the last move read, or held for the line's first move (module docstring)."""
        if self.played:
            self.node.comments.append(text)
        elif before or self._frames:
            held = self._held
            if held is None:
                self._held = [text]
            else:
                held.append(text)
        else:
            self.game.root.comments.append(text)

    def visit_nag(self, nag: int) -> None:
        """A NAG of the last move read (the reader checks that there is one: :attr:`played`)."""
        self.node.nags.append(nag)

    # ------------------------------------------------------------ lines: nested
    def begin_variation(self) -> None:
        """An alternative to the last move of the current line begins (the line must have a move)."""
        if self._dead >= 0:
            self._dead_frames += 1
            return
        node = self.node
        self._frames.append(_Frame(node, self.position.stack_depth - 1, self.played, self._held))
        self.position.pop()
        self.node = node.parent  # type: ignore[assignment]  # a move node has a parent
        self.played = False
        self._held = None

    def end_variation(self) -> None:
        """The variation begun last ends: back to the line it interrupted, after the move it replaced."""
        if self._dead >= 0:
            if self._dead_frames:
                self._dead_frames -= 1
                return
            self._close()
        frame = self._frames.pop()
        saved = frame.saved
        if not self.played and self._held:
            saved.comments.extend(self._held)
        pos = self.position
        pos.pop_to(frame.depth)
        pos.push(saved.move)  # type: ignore[arg-type]
        self.node = saved
        self.played = frame.played
        self._held = frame.held

    # ------------------------------------------------------------ lines: pre-order
    def back_to(self, ply: int) -> None:
        """The next move is an alternative to the move at ply ``ply + 1`` of the current line.

        ``ply`` is at most :attr:`ply`.  In a dead line, a ``ply`` past the dead
        move's parent stays in the dead part; otherwise the dead line ends here.
        O(plies taken back).
        """
        if self._dead >= 0:
            if ply > self._dead:
                self._vply = ply
                return
            self._close()
        pos = self.position
        node = self.node
        for _ in range(pos.stack_depth - ply):
            node = node.parent  # type: ignore[assignment]
        pos.pop_to(ply)
        self.node = node
        self.played = node.move is not None

    # ------------------------------------------------------------ the policy
    def _die(self, token: Any) -> None:
        """The move of ``token`` cannot be played: its line dies (the module docstring's policy)."""
        ply = self.position.stack_depth
        self._dead = ply
        self._vply = ply + 1
        self._dead_frames = 0
        self.hooks.not_read(token)
        if self.policy is LinePolicy.KEEP:
            kept = self._kept = Kept(self.node, ply, token, self.played)
            kept.items.append(self.hooks.kept_item(token))

    def _in_dead_line(self, token: Any) -> None:
        self._vply += 1
        kept = self._kept
        if kept is not None:
            kept.items.append(self.hooks.kept_item(token))

    def _close(self) -> None:
        """The dead line ends: what is kept of it becomes a comment."""
        kept = self._kept
        self._dead = -1
        self._kept = None
        self._dead_frames = 0
        if kept is None:
            return
        text = self.hooks.kept(kept)
        if text is None:
            return
        if kept.played:
            kept.target.comments.append(text)
        else:
            self.visit_comment(text, True)

    def _first_move(self, child: Node) -> None:
        """The line's first move: the comments held for it go with it."""
        self.played = True
        held = self._held
        if held:
            if self._frames:
                child.comments_before.extend(held)
            else:
                self.game.root.comments.extend(held)
        self._held = None

    def _end_movetext(self) -> None:
        """The main line ends: a dead line closes, held comments go to the root."""
        if self._dead >= 0:
            self._close()
        held = self._held
        if held and not self._frames:
            self.game.root.comments.extend(held)
            self._held = None


def _on_board(move: Move) -> bool:
    return 0 <= move[0] < 90 and 0 <= move[1] < 90


class HeadersBuilder(GameBuilder):
    """A builder that wants only the headers: :meth:`end_headers` skips the movetext, and
    :meth:`result` is a game with headers (and tag spans) only.  What
    :func:`xqformats.pgn.read_headers` reads with."""

    __slots__ = ()

    def end_headers(self) -> Optional[SkipType]:
        return SKIP

    def headers(self) -> Headers:
        """The headers read."""
        return self.game.headers
