"""What the server answers, computed on one game (no protocol types here).

Pure functions over a :class:`~xqformats.lsp.views.GameView` and positions
relative to its text (0-based offsets, 1-based lines): the move under the
cursor and the position after it, the rule page of a finding, the folds of
a game's syntax tree, the position where a move typed at the cursor would be
played and the legal moves there in the game's notation.  :mod:`.analysis`
places the answers in the document and :mod:`.server` turns them into
protocol messages.
"""

from __future__ import annotations

import base64
import re
from typing import Iterator, NamedTuple, Optional

from ..board.svg import NOTATIONS, board_svg
from ..core import BLACK
from ..diagnostics import Diagnostic, Span
from ..lint.catalogue import RULES
from ..lint.rulepage import rule_page
from ..model import Game, Node
from ..notation import Notation, encode
from ..pgn.ast import Comment, Variation
from ..pgn.format_tag import notation_of_format
from ..pgn.grammar import lexicon
from ..position import Position
from .views import GameView

#: The width of the board picture in a hover, in pixels.
BOARD_PIXELS = 270

#: File letters as FEN and ICCS name them, left to right from Red's side.
_FILES = "abcdefghi"


class Fold(NamedTuple):
    """A foldable stretch: first and last line (1-based, relative to the game's text) and its kind."""

    start_line: int
    end_line: int
    #: ``"comment"`` or ``"region"`` (the protocol's folding range kinds).
    kind: str


class Candidate(NamedTuple):
    """A legal move offered at the cursor: its spelling in the game's notation, and its ICCS."""

    text: str
    iccs: str


class Completion(NamedTuple):
    """The moves to offer, and the text they replace (``start``..``end`` offsets in the game's text)."""

    candidates: list[Candidate]
    start: int
    end: int


# ---------------------------------------------------------------- hover


def finding_hover(d: Diagnostic) -> str:
    """Markdown for a finding: its message, then its rule's page (what ``xqformats rules CODE`` prints)."""
    rule = RULES.get(d.code)
    head = f"**{d.code}** ({d.severity}): {d.message}"
    if rule is None:
        return head
    return f"{head}\n\n---\n\n{rule_page(rule, heading='###')}\n(`xqformats rules {rule.code}` prints this page.)"


def move_at(game: Game, offset: int) -> Optional[Node]:
    """The node whose move text covers ``offset`` (end inclusive: the cursor just after a move)."""
    for node in game.root.walk():
        span = node.span
        if span is not None and node.move is not None and span.start <= offset <= span.end:
            return node
    return None


def text_board(position: Position) -> str:
    """A small text board: ranks 9 (Black's side) to 0, files a-i, FEN letters (Red upper case)."""
    rows = str(position).splitlines()
    out = [f"{9 - i} {row}" for i, row in enumerate(rows)]
    out.append("  " + " ".join(_FILES))
    return "\n".join(out)


def board_image(position: Position, node: Node, notation: Notation) -> str:
    """A Markdown image of the board after ``node``'s move (an SVG data URI, the move highlighted)."""
    svg = board_svg(
        position, last_move=node.move, notation=notation.value if notation.value in NOTATIONS else "chinese", size=BOARD_PIXELS
    )
    return f"![{position.fen()}](data:image/svg+xml;base64,{base64.b64encode(svg.encode('utf-8')).decode('ascii')})"


def move_hover(game: Game, node: Node, *, image: bool = False) -> str:
    """Markdown for a move: its spelling and ICCS, the board as text, the FEN after it, and with
    ``image`` the board drawn (an SVG data URI of some 20 KB: only for a client that renders
    Markdown images; in a terminal editor it would be a screenful of base64 above the text board)."""
    assert node.move is not None
    position = game.position_at(node)
    ply = node.ply()
    side = "Red" if ply % 2 == 1 else "Black"
    if game.start.turn is BLACK:  # a game that starts with Black to move
        side = "Black" if side == "Red" else "Red"
    spelled = node.text or node.move.iccs()
    picture = f"\n\n{board_image(position, node, _notation(game))}" if image else ""
    return (
        f"**{spelled}** ({node.move.iccs()}), ply {ply}, {side}\n\n"
        f"```\n{text_board(position)}\n```\n\nFEN after the move: `{position.fen()}`{picture}"
    )


# ---------------------------------------------------------------- folding


def _lines(span: Span) -> tuple[int, int]:
    return span.line, span.end_line


def folds(view: GameView) -> list[Fold]:
    """The game itself, its variations and its comments over several lines."""
    out: list[Fold] = []
    body = view.text.rstrip()
    last = view.source().line_col(len(body))[0]
    if last > 1:
        out.append(Fold(1, last, "region"))
    syntax = view.syntax
    stack = [iter(syntax.movetext), iter(syntax.trailer)]
    while stack:
        element = next(stack[-1], None)
        if element is None:
            stack.pop()
            continue
        if isinstance(element, Variation):
            stack.append(iter(element.elements))
        if isinstance(element, (Variation, Comment)):
            first, end = _lines(element.span)
            if end > first:
                out.append(Fold(first, end, "comment" if isinstance(element, Comment) else "region"))
    return out


# ---------------------------------------------------------------- symbols


def game_title(view: GameView, number: int) -> str:
    """``Red – Black`` from the headers, else ``Game n``."""
    h = view.headers
    red = h.get("Red") or h.get("RedTeam")
    black = h.get("Black") or h.get("BlackTeam")
    if red or black:
        return f"{red or '?'} – {black or '?'}"
    return f"Game {number}"


def game_detail(view: GameView) -> str:
    """Event, date and result, as far as the headers say."""
    h = view.headers
    parts = [h.get(k) for k in ("Event", "Date")]
    parts.append(h.get("Result") or "*")
    return " · ".join(p for p in parts if p)


# ---------------------------------------------------------------- completion

#: Characters that end a move token besides white space: a variation's or a
#: comment's delimiters (the grammar's punctuation; white space is its ``WS``).
_DELIMITERS = frozenset("(){}[];")
#: A move number glued to the move being typed (``12.炮``).
_MOVE_NUMBER = re.compile(r"\d+\.+")


def _token_start(text: str, offset: int) -> int:
    """Where the move being typed at ``offset`` starts (after a glued move number)."""
    ws = lexicon().ws
    start = offset
    while start > 0 and text[start - 1] not in _DELIMITERS and ws.fullmatch(text[start - 1]) is None:
        start -= 1
    number = _MOVE_NUMBER.match(text, start, offset)
    return number.end() if number is not None else start


def _first_of_variation(node: Node) -> Optional[Node]:
    """The first move of the variation ``node`` stands in (``None`` on the main line)."""
    while node.parent is not None:
        if node.parent.children[0] is not node:
            return node
        node = node.parent
    return None


def _after_brackets(node: Node, between: str) -> Node:
    """The node a move follows after the variation brackets in ``between`` (comments removed)."""
    opened: list[Node] = []
    for ch in between:
        if ch == "(":
            opened.append(node)
            node = node.parent or node  # a variation replaces the last move played
        elif ch == ")":
            if opened:
                node = opened.pop()
            else:
                first = _first_of_variation(node)
                if first is not None and first.parent is not None:
                    node = first.parent.children[0]
    return node


def _played(game: Game) -> Iterator[Node]:
    for node in game.root.walk():
        if node.move is not None and node.span is not None:
            yield node


def _notation(game: Game) -> Notation:
    if isinstance(game.notation, Notation):
        return game.notation
    value = game.headers.get("Format")
    found = notation_of_format(value) if value else None
    return found or Notation.CHINESE


def completion(view: GameView, offset: int) -> Completion:
    """The legal moves a move typed at ``offset`` could be, in the game's notation.

    The move is played after the last move written before the token being
    typed, moved by the variation brackets between them: after ``(`` the
    position before that move, after ``)`` the line the variation left.
    """
    text = view.text
    start = _token_start(text, offset)
    game = view.game
    node = game.root
    end_of = 0
    for played in _played(game):
        assert played.span is not None
        if start >= played.span.end > end_of:
            node, end_of = played, played.span.end
    node = _after_brackets(node, lexicon().without_comments(text[end_of:start]))
    position = game.position_at(node)
    notation = _notation(game)
    out = [Candidate(encode(m, position, notation), m.iccs()) for m in position.legal_moves()]
    return Completion(out, start, offset)
