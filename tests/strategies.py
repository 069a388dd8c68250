"""Hypothesis strategies for positions and games, shared by the test modules (not a test module).

Every game drawn is *legal*: each move is drawn from the legal moves of its
position, so every writer can encode it and every reader must accept it.  The
trees stay within what the readers produce, so write → read round trips can
assert equality:

* ``comments_before`` only on the first move of a variation (a comment in
  front of any other move reads back as the previous move's comment);
* no two children of a node play the same move.

Strategies:

* :func:`start_positions`: the initial position, two set-ups (Black to move
  at move 1; Red with pieces missing) or a random legal playout from the
  initial position (either side to move, later move numbers).
* :func:`games`: a game with a random tree (lines of several moves, nested
  variations), comments after moves and at the start, comments before the
  first move of variations, NAGs, headers and a result.  Each part can be
  given its own strategy or turned off (``None``).
* :func:`playout` and :func:`grow`: the building blocks, for composite
  strategies of other modules (``draw`` is hypothesis's).
* :data:`COMMENTS`, :data:`TAG_VALUES`: default text strategies (one-line tag
  text; comments with line breaks, tabs and PGN punctuation but no braces,
  which PGN writes fullwidth).

Shrinking goes towards the initial position, fewer moves, the main line and
no decoration.
"""

from __future__ import annotations

from typing import Iterator, Optional

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from xqformats.model import RESULTS, Game, Headers, Node
from xqformats.position import Position

__all__ = ["COMMENTS", "TAG_VALUES", "SETUPS", "start_positions", "games", "playout", "grow"]

#: Comment text: CJK, blanks, line ends, tabs and PGN punctuation (no braces); may be empty.
COMMENTS: SearchStrategy[str] = st.text(alphabet=st.sampled_from(list("评注好棋 abc123;()[]\n\t!?*.$")), max_size=12)

#: One-line tag text, with the characters PGN escapes (``"`` and ``\\``); may be empty.
TAG_VALUES: SearchStrategy[str] = st.text(st.sampled_from(list('ab 杯炮"\\[]{};$*')), max_size=10)

#: Set-up start positions (FEN) the playouts do not reach: Black to move at move
#: 1, and Red without advisors, elephants and pawns.
SETUPS = (
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1",
)

#: Header names the PGN and CBF writers both carry.
_HEADER_NAMES = ("Event", "Site", "Round", "Red", "Black", "Annotator")


def playout(draw, pos: Position, plies: int) -> Position:  # type: ignore[no-untyped-def]
    """Play up to ``plies`` random legal moves (hypothesis ``draw``) on ``pos``; a copy of the result."""
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(draw(st.sampled_from(moves)))
    return pos.copy()


@st.composite
def start_positions(draw, max_plies: int = 12) -> Position:  # type: ignore[no-untyped-def]
    """The initial position, a :data:`SETUPS` position, or up to ``max_plies`` random moves from the initial one."""
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return Position.initial()
    if kind == 1:
        return Position(draw(st.sampled_from(SETUPS)))
    return playout(draw, Position.initial(), draw(st.integers(1, max_plies)))


def grow(draw, game: Game, max_moves: int) -> Iterator[tuple[Node, Node]]:  # type: ignore[no-untyped-def]
    """Add up to ``max_moves`` random legal moves anywhere in ``game``'s tree.

    Each move goes below the move added last (a line grows; three times in
    four) or below any node made so far (a variation starts, or a line goes
    on elsewhere), never
    repeating a sibling's move; yields ``(parent, child)`` after each, for the
    caller to decorate with comments or NAGs.  O(depth) per move.
    """
    nodes = [game.root]
    for _ in range(draw(st.integers(0, max_moves))):
        if draw(st.integers(0, 3)) < 3:  # mostly: the line goes on (shrinks towards one line)
            node = nodes[-1]
        else:
            node = nodes[draw(st.integers(0, len(nodes) - 1))]
        taken = {c.move for c in node.children}
        moves = [m for m in game.position_at(node).legal_moves() if m not in taken]
        if not moves:
            continue
        child = node.add_variation(draw(st.sampled_from(moves)))
        nodes.append(child)
        yield node, child


@st.composite
def games(  # type: ignore[no-untyped-def]
    draw,
    max_moves: int = 40,
    *,
    starts: SearchStrategy[Position] = start_positions(),
    headers: Optional[SearchStrategy[str]] = TAG_VALUES,
    comments: Optional[SearchStrategy[str]] = COMMENTS,
    comments_before: Optional[SearchStrategy[str]] = COMMENTS,
    nags: Optional[SearchStrategy[int]] = st.integers(0, 255),
) -> Game:
    """A legal game of up to ``max_moves`` moves (main line and variations).

    ``headers``: the text of up to four headers besides ``Game`` (names the
    PGN and CBF writers both carry); ``comments``: up to two opening comments
    and a comment after some moves; ``comments_before``: a comment before the
    first move of some variations; ``nags``: up to two NAGs on some moves.
    ``None`` leaves that part out.  The start comes from ``starts``, the
    result from :data:`~xqformats.model.RESULTS`.
    """
    tags = {"Game": "Chinese Chess"}
    if headers is not None:
        for name in draw(st.lists(st.sampled_from(_HEADER_NAMES), unique=True, max_size=4)):
            tags[name] = draw(headers)
    game = Game(Headers(tags), start=draw(starts), result=draw(st.sampled_from(RESULTS)))
    if comments is not None:
        game.root.comments.extend(draw(st.lists(comments, max_size=2)))
    for node, child in grow(draw, game, max_moves):
        if comments is not None and draw(st.integers(0, 3)) == 0:
            child.comments.append(draw(comments))
        if comments_before is not None and len(node.children) > 1 and draw(st.integers(0, 2)) == 0:
            child.comments_before.append(draw(comments_before))
        if nags is not None and draw(st.integers(0, 5)) == 0:
            child.nags.extend(draw(st.lists(nags, min_size=1, max_size=2)))
    return game
