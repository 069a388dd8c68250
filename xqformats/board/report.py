"""The lint report as one self-contained HTML page (``xqformats lint --format html``).

:func:`render_html` lays the findings out by file, each with its code (a
link to its rule's page), rule name, severity, position and message, the
source line it points at with the columns it covers marked (text formats:
the line the text output shows under it), and its notes (what follows from
it, ``P301`` and the like, as the text output lists them).  A *move error* (a finding of one of
the codes in :data:`MOVE_ERRORS`: a move that could not be played) also shows
the board before that move, with the move drawn as an arrow when its two
points can be told.  The page has inline CSS and inline SVG only: no script,
no font, image or style sheet fetched from anywhere.

Finding the board of a move error takes the record again: the file is read
once more through the front door (:func:`xqformats.formats.read`), the game
is the one whose own diagnostics hold the finding, and the position is the
one after the last move played before the finding's place (the readers keep
the moves they could not play as a comment on that move: a candidate whose
comment starts with the finding's text is preferred over a nearer one of
another line).  Binary records have no move positions: their board is shown
when the game has no variations (the error then ends the main line).  The
arrow's points are those the finding's message names in ICCS (``A0-A5``,
``h2e5``, or ``on h0 cannot move to e2``): every reader and the notation's
resolver name the move they could not play that way.
"""

from __future__ import annotations

import os
import re
from html import escape
from typing import Iterable, NamedTuple, Optional, Sequence

from .. import formats
from ..cbf import rules as cbf_rules
from ..cbr import rules as cbr_rules
from ..core import FILE_NAMES, Move, square
from ..diagnostics import Diagnostic
from ..dhtmlxq import rules as dhtmlxq_rules
from ..lint.catalogue import RULES
from ..lint.output import help_uri, summary
from ..lint.runner import FileResult
from ..model import Game, Node
from ..notation import rules as notation_rules
from ..notation.spelling import shape_of
from ..pgn.grammar import lexicon
from ..position import Position
from ..xqf import rules as xqf_rules
from .svg import board_svg

__all__ = ["render_html", "move_error_board", "MoveErrorBoard", "MOVE_ERRORS"]

#: The codes of findings that point at a move that could not be played.
MOVE_ERRORS: frozenset[str] = frozenset(
    rule.code
    for rule in (
        notation_rules.NOT_A_MOVE,
        notation_rules.NO_SUCH_PIECE,
        notation_rules.AMBIGUOUS,
        notation_rules.UNREACHABLE,
        notation_rules.BAD_MARKER,
        notation_rules.BLOCKED,
        notation_rules.KING_IN_CHECK,
        notation_rules.KINGS_FACING,
        cbf_rules.MOVE_VALUE,
        cbf_rules.ILLEGAL_MOVE,
        xqf_rules.EMPTY_SQUARE,
        xqf_rules.ILLEGAL_MOVE,
        xqf_rules.OFF_BOARD,
        cbr_rules.MOVE_POINT,
        cbr_rules.ILLEGAL_MOVE,
        dhtmlxq_rules.ILLEGAL_MOVE,
    )
)

#: Boards drawn per file at most (each is about 10 KB of SVG); later move errors are listed without one.
MAX_BOARDS_PER_FILE = 50

#: The colour of the arrow of a move that could not be played.
ERROR_ARROW_COLOR = "#d35400"

_BOARD_SIZE = 300


class MoveErrorBoard(NamedTuple):
    """Where a move error happened: the game, the position before the move, the move's points."""

    #: 1-based number of the game in its file.
    game: int
    #: The node after which the move could not be played (a game's root before its first move).
    node: Node
    #: Its position: the board before the move.
    position: Position
    #: The move, when the finding names its two points.
    move: Optional[Move]


# ---------------------------------------------------------------- locating a move error

_PAIR = re.compile(r"\b([a-i])([0-9])-?([a-i])([0-9])\b", re.IGNORECASE)
_FROM_TO = re.compile(r"\bon ([a-i])([0-9]) cannot move to ([a-i])([0-9])\b", re.IGNORECASE)


def _named_move(message: str) -> Optional[Move]:
    """The move a finding's message names in ICCS, if it names one."""
    m = _PAIR.search(message) or _FROM_TO.search(message)
    if m is None:
        return None
    f1, r1, f2, r2 = m.groups()
    frm = square(FILE_NAMES.index(f1.lower()), int(r1))
    to = square(FILE_NAMES.index(f2.lower()), int(r2))
    return Move(frm, to) if frm != to else None


def _same(a: Diagnostic, b: Diagnostic) -> bool:
    """The same finding, whatever path and severity (strict mode) each copy carries."""
    return (a.code, a.line, a.column, a.offset, a.message) == (b.code, b.line, b.column, b.offset, b.message)


def _game_of(games: Sequence[Game], finding: Diagnostic) -> Optional[int]:
    """The index of the game whose own diagnostics hold ``finding``."""
    for i, game in enumerate(games):
        if any(_same(d, finding) for d in game.diagnostics):
            return i
    return None


#: Characters that end a word of source text around a finding (spaces, PGN's brackets).
_WORD_END = frozenset(" \t\r\n(){}[]<>\"")


def _text_at(record: "formats.Record", finding: Diagnostic) -> str:
    """The word of source text the finding points into (``""`` for a binary input or no position).

    A finding may point at part of a move (the number of ``炮8进9``): the
    word around it is the move as written.
    """
    text = record.text()
    if text is None or finding.line is None:
        return ""
    index = record.source.line_index
    start = index.line_start(finding.line, len(text)) + (finding.column or 1) - 1
    end = start
    if finding.end_line is not None and finding.end_column is not None:
        end = max(start, index.line_start(finding.end_line, len(text)) + finding.end_column - 1)
    while start > 0 and text[start - 1] not in _WORD_END:
        start -= 1
    while end < len(text) and text[end] not in _WORD_END:
        end += 1
    return text[start:end].strip()


def _has_variations(game: Game) -> bool:
    return any(len(node.children) > 1 for node in game.root.walk())


def _first_items(comment: str) -> list[str]:
    """The words that can open a kept line in ``comment``: its first, and the one after a ``…:`` label."""
    words = comment.split()
    out = words[:1]
    labelled = next((i for i, w in enumerate(words) if w.endswith(":")), None)
    if labelled is not None and labelled + 1 < len(words):
        out.append(words[labelled + 1])
    return out


def _keeps(node: Node, move: Move) -> bool:
    """Whether one of ``node``'s comments is a kept line that starts with ``move`` (ICCS, any spelling)."""
    uci = move.uci()
    return any(w.lower().replace("-", "") == uci for c in node.comments for w in _first_items(c))


def _binary_node_before(game: Game, finding: Diagnostic) -> Optional[Node]:
    """In a record without text positions: the move holding the kept line the finding's move starts.

    Without one, the end of the main line when the game has no variation
    (then the move that could not be played ended it); else unknown.
    """
    named = _named_move(finding.message)
    if named is not None:
        kept = next((n for n in game.root.walk() if _keeps(n, named)), None)
        if kept is not None:
            return kept
    return None if _has_variations(game) else game.root.end()


def _opens_variation(between: str) -> bool:
    """Whether PGN text between a move and the next opens a variation it does not close.

    Then the next move is an alternative to the first one (docs/spec/pgn.md
    §6.1): it is played from the position before it, not after it.
    """
    marks = lexicon().without_comments(between)  # (PGN §5.1, §5.2: the grammar's COMMENT and LINE_COMMENT)
    return marks.count("(") > marks.count(")")


def _end(node: Node) -> tuple[int, int]:
    assert node.span is not None
    return node.span.end_line, node.span.end_column


def _node_before(record: "formats.Record", game: Game, finding: Diagnostic, bad_text: str) -> Optional[Node]:
    """The last move played before the finding's place, on the finding's line of play."""
    if finding.line is None:
        return _binary_node_before(game, finding)
    place = (finding.line, finding.column or 1)
    before = sorted((n for n in game.nodes() if n.span is not None and _end(n) <= place), key=_end, reverse=True)
    if not before:
        return game.root
    node = before[0]
    if bad_text:
        node = next((n for n in before if any(c.lstrip().startswith(bad_text) for c in n.comments)), node)
    text = record.text()
    if record.format is not None and record.format.name == "pgn" and text is not None and node.span is not None:
        start = record.source.line_index.line_start(finding.line, len(text)) + place[1] - 1
        if _opens_variation(text[node.span.end : start]):
            return node.parent
    return node


def move_error_board(record: "formats.Record", finding: Diagnostic) -> Optional[MoveErrorBoard]:
    """The board before the move ``finding`` (a :data:`MOVE_ERRORS` code) points at, or ``None``.

    ``record`` is the file the finding was reported in, as
    :func:`xqformats.formats.read` gives it.  ``None`` when the finding is
    no move error, belongs to no game of the record, or its place in the
    game cannot be told (a binary record with variations).  O(moves of the game).
    """
    if finding.code not in MOVE_ERRORS:
        return None
    index = _game_of(record.games, finding)
    if index is None and len(record.games) == 1:  # readers of one-game files keep findings on the record
        index = 0
    if index is None:
        return None
    game = record.games[index]
    node = _node_before(record, game, finding, _text_at(record, finding))
    if node is None:
        return None
    # M101's message names example moves, not the one written: it has no points.
    move = None if finding.code == notation_rules.NOT_A_MOVE.code else _named_move(finding.message)
    return MoveErrorBoard(index + 1, node, game.position_at(node), move)


# ---------------------------------------------------------------- the page

_CSS = """
body { font-family: system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK SC', 'Microsoft YaHei',
       'WenQuanYi Zen Hei', sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #222;
       background: #fcfaf6; }
h1 { font-size: 1.5em; margin-bottom: .2em; }
h2 { font-size: 1.1em; margin: 1.5em 0 .3em; padding: .3em .5em; background: #efe6d6; border-radius: 4px;
     font-family: ui-monospace, 'DejaVu Sans Mono', monospace; word-break: break-all; }
p.summary { margin-top: 0; color: #555; }
ol.findings { list-style: none; padding-left: 0; margin: 0; }
li.finding { padding: .35em .5em; border-left: 4px solid #999; margin: .25em 0; background: #fff; }
li.error { border-left-color: #c0392b; }
li.warning { border-left-color: #d4a017; }
li.info { border-left-color: #2e86c1; }
.where { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; color: #555; }
.code { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-weight: bold; }
.severity { font-size: .85em; text-transform: uppercase; letter-spacing: .05em; }
.error .severity { color: #c0392b; } .warning .severity { color: #a77c00; } .info .severity { color: #2e86c1; }
.name { color: #666; }
code { font-family: ui-monospace, 'DejaVu Sans Mono', 'WenQuanYi Zen Hei Mono', monospace; background: #f3eee4; padding: 0 .2em; border-radius: 3px; }
a.code { color: inherit; text-decoration: none; border-bottom: 1px dotted #888; }
a.code:hover { border-bottom-style: solid; }
pre.source { margin: .3em 0 0; padding: .2em .5em; background: #f6f2ea; overflow-x: auto;
             font-family: ui-monospace, 'DejaVu Sans Mono', 'WenQuanYi Zen Hei Mono', monospace; font-size: .9em; }
pre.source .ln { color: #999; user-select: none; }
pre.source mark { background: #f5c6a5; border-radius: 2px; }
ul.notes { margin: .2em 0 0; padding-left: 1.2em; font-size: .92em; color: #444; }
figure.board { margin: .5em 0 .3em; }
figure.board figcaption { font-size: .9em; color: #555; }
p.clean { color: #2e7d32; }
"""


def _where(d: Diagnostic) -> str:
    if d.line is not None:
        return f"{d.line}:{d.column}" if d.column is not None else f"{d.line}"
    if d.offset is not None:
        return f"@{d.offset:#x}"
    return "file"


def _caption(board: MoveErrorBoard, bad_text: str) -> str:
    """``Game 1, before ply 3 (move 2, Red to move): 炮8进9 (H7-H…)``: the move as written when it is one."""
    pos = board.position
    side = "Red" if pos.turn else "Black"
    what = f" <code>{escape(bad_text)}</code>" if shape_of(bad_text) is not None else ""
    shown = what and bad_text.upper().replace("-", "") == (board.move.iccs().replace("-", "") if board.move else "")
    arrow = f" ({board.move.iccs()})" if board.move is not None and not shown else ""
    ply = board.node.ply()
    return (
        f"Game {board.game}, before ply {ply + 1} (move {pos.fullmove_number}, {side} to move):"
        f"{what}{arrow}"
    )


def _figure(record: "formats.Record", d: Diagnostic) -> Optional[str]:
    board = move_error_board(record, d)
    if board is None:
        return None
    last = board.node.move
    svg = board_svg(
        board.position,
        last_move=last,
        arrows=[board.move] if board.move is not None else [],
        arrow_color=ERROR_ARROW_COLOR,
        size=_BOARD_SIZE,
    )
    caption = _caption(board, _text_at(record, d))
    return f'<figure class="board">\n{svg}<figcaption>{caption}</figcaption></figure>'


_QUOTED = re.compile(r"`([^`]+)`")


def _message(text: str) -> str:
    """A finding's message as HTML: the text it quotes in backticks set as code."""
    return _QUOTED.sub(r"<code>\1</code>", escape(text))


def _code(code: str) -> str:
    """A finding's code as a link to its rule's page (as SARIF's ``helpUri``), and the rule's name."""
    rule = RULES.get(code)
    if rule is None:
        return f'<span class="code">{escape(code)}</span>'
    return (
        f'<a class="code" href="{escape(help_uri(rule))}" title="{escape(rule.summary)}">{escape(code)}</a> '
        f'<span class="name">{escape(rule.name)}</span>'
    )


def _excerpt(d: Diagnostic, lines: dict[int, str]) -> str:
    """The source line ``d`` points at, its columns marked (``""`` without one: a binary input)."""
    if d.line is None or d.line not in lines:
        return ""
    text = lines[d.line].rstrip("\r\n")
    if not text.strip():
        return ""  # (the end of a file cut short: nothing to show)
    start = min(max((d.column or 1) - 1, 0), len(text))
    end = (d.end_column or 0) - 1 if d.end_line in (None, d.line) else len(text)
    end = min(max(end, start), len(text))
    body = escape(text[:start]) + (f"<mark>{escape(text[start:end])}</mark>" if end > start else "") + escape(text[end:])
    return f'\n<pre class="source"><span class="ln">{d.line} | </span>{body}</pre>'


def _notes(d: Diagnostic) -> str:
    """What follows from ``d`` (its related notes), each at its place, as the text output lists them."""
    if not d.related:
        return ""
    items = "".join(
        f'<li><span class="where">{escape(_where(n))}</span> {_code(n.code)} <span class="message">{_message(n.message)}</span></li>'
        for n in d.related
    )
    return f'\n<ul class="notes">{items}</ul>'


def _finding(d: Diagnostic, figure: Optional[str], lines: dict[int, str]) -> str:
    sev = str(d.severity)
    head = (
        f'<span class="where">{escape(_where(d))}</span> {_code(d.code)} '
        f'<span class="severity">{sev}</span> <span class="message">{_message(d.message)}</span>'
    )
    tail = _excerpt(d, lines) + _notes(d) + (f"\n{figure}" if figure else "")
    return f'<li class="finding {sev}">{head}{tail}</li>'


def _reread(res: FileResult, encoding: Optional[str]) -> Optional["formats.Record"]:
    """The file again, when it has a move error and is a file that can be read again."""
    if not any(d.code in MOVE_ERRORS for d in res.diagnostics) or not os.path.isfile(res.display):
        return None
    return formats.read(res.display, encoding=encoding)


def _file_section(res: FileResult, encoding: Optional[str]) -> str:
    record = _reread(res, encoding)
    items = []
    boards = 0
    for d in res.diagnostics:
        figure = None
        if record is not None and d.code in MOVE_ERRORS and boards < MAX_BOARDS_PER_FILE:
            figure = _figure(record, d)
            boards += figure is not None
        items.append(_finding(d, figure, res.lines))
    n = len(res.diagnostics)
    count = f"{n} finding{'s' if n != 1 else ''}"
    return f"<section>\n<h2>{escape(res.display)}</h2>\n<p>{count}</p>\n<ol class=\"findings\">\n" + "\n".join(items) + "\n</ol>\n</section>"


def render_html(results: Iterable[FileResult], *, encoding: Optional[str] = None, title: str = "xqformats lint report") -> str:
    """One HTML page of every finding, by file, with the board of each move error.

    ``results`` are the lint results in report order; files without findings
    are listed together at the end.  ``encoding`` is the text encoding the
    files were linted with (``--encoding``), used when a file is read again
    for its boards.  The page is self-contained (inline CSS and SVG, no
    script) and deterministic.
    """
    results = list(results)
    sections = [_file_section(r, encoding) for r in results if r.diagnostics]
    clean = [r.display for r in results if not r.diagnostics]
    if clean:
        names = ", ".join(f"<code>{escape(n)}</code>" for n in clean)
        sections.append(f'<section>\n<h2>Without findings</h2>\n<p class="clean">{names}</p>\n</section>')
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n<p class=\"summary\">{escape(summary(results))}</p>\n"
        + "\n".join(sections)
        + "\n</body>\n</html>\n"
    )

