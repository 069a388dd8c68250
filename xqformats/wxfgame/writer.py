"""Write a game as a WXF game file, and say what the format cannot hold (docs/spec/wxfgame.md §4).

The file is the header lines (FORMAT, GAME, RED, BLACK, DATE, RESULT, then any
header kept from another keyword), the game's comment, and the main line in
numbered pairs between ``START{`` and ``}END``, in the WXF notation's
canonical form, with each move's annotation and comment.

:class:`WxfWriter` is a visitor (:mod:`xqformats.visitor`) in PGN order: it
prunes every variation (:data:`~xqformats.visitor.SKIP`), so the walk gives it
the main line alone, each move with the position it is played in for the
notation; :func:`write_wxfgame` is ``game.accept(WxfWriter())``.

What the format cannot hold is declared in :data:`CARRIES` (the keyword
lines, one line each; the main line from the initial position; one
annotation a move; no comment before a move, …), from which
:mod:`xqformats.losses` names the losses of a game (:func:`wxfgame_losses`).
"""

from __future__ import annotations

from typing import Iterator

from ..losses import Before, Blank, Carries, Fate, HeaderFate, Loss, Lost, report
from ..model import SUFFIX_NAGS, Game, Headers, Node
from ..notation import Notation, encode
from ..position import Position
from ..visitor import SKIP, BaseVisitor, SkipType
from .reader import HEADER_OF_KEYWORD, KEPT_PREFIX, KEYWORD_OF_HEADER

_SUFFIX_OF_NAG = {nag: suffix for suffix, nag in SUFFIX_NAGS.items()}
#: Headers that describe PGN itself or are written another way.
_NOT_HEADERS = frozenset({"Game", "Format", "Result"})
_LINE_ENDS = ("\r", "\n")


def _keyword(header: str) -> "str | None":
    """The keyword a header is written with, or ``None`` when the format has no line for it."""
    keyword = KEYWORD_OF_HEADER.get(header)
    if keyword is not None:
        return keyword
    if header.startswith(KEPT_PREFIX):
        name = header[len(KEPT_PREFIX):]
        if name and name.isascii() and name[0].isupper() and all(c.isupper() or c.isdigit() or c == "_" for c in name):
            return name if name not in ("FORMAT", "RESULT") else None
    return None


def _header_lines(headers: Headers, result: str) -> Iterator[str]:
    yield "FORMAT\tWXF"
    for keyword, header in HEADER_OF_KEYWORD.items():
        yield f"{keyword}\t{_one_line(headers.get(header, ''))}".rstrip()
    if result != "*":
        yield f"RESULT\t{result}"
    for header, value in headers.items():
        kept = _keyword(header)
        if header.startswith(KEPT_PREFIX) and kept is not None and value:
            yield f"{kept}\t{_one_line(value)}"


def _one_line(value: str) -> str:
    return " ".join(value.split()) if any(e in value for e in _LINE_ENDS) else value.strip()


def _comment(text: str) -> str:
    return "/*" + text.replace("*/", "* /") + "*/"


def _writes_moves(start: Position) -> bool:
    """Whether the moves can be written: a WXF game file starts from the initial position, Red to move."""
    return start == Position.initial() and start.fullmove_number == 1


def write_wxfgame(game: Game) -> str:
    """The WXF game file of ``game`` (docs/spec/wxfgame.md §4.1); :func:`wxfgame_losses` names what is lost."""
    return game.accept(WxfWriter())


class WxfWriter(BaseVisitor[str]):
    """A visitor that writes the game it visits as a WXF game file (:func:`write_wxfgame`'s text).

    ``game.accept(WxfWriter())`` returns the text; one writer can visit
    several games in turn.  Every variation is pruned; a move is written in
    the WXF notation with its first annotation NAG as a suffix (``!``, ``?``,
    …) and its non-empty comments after it; the root's comments are the
    game's comment.  A start other than the initial position writes no move.
    """

    def __init__(self) -> None:
        self.begin_game()
        self._text = ""

    def begin_game(self) -> None:
        self._headers = Headers()
        self._result = "*"
        self._opening: list[str] = []
        self._moves = False  # whether the moves are written (the start allows it)
        self._lines: list[str] = []  # the numbered pairs written so far
        self._line: list[str] = []  # the pair being written: its number, moves, annotations, comments
        self._suffixed = False  # whether the move last written has its annotation

    def visit_header(self, name: str, value: str) -> None:
        self._headers[name] = value

    def visit_start(self, position: Position) -> None:
        self._moves = _writes_moves(position)

    def visit_root(self, node: Node) -> None:
        self._opening = [_comment(c) for c in node.comments if c]

    def visit_move(self, position: Position, node: Node) -> None:
        if not self._moves:
            return
        if position.turn:
            if self._line:
                self._lines.append(" ".join(self._line))
            self._line = [f"{position.fullmove_number:2d}."]
        self._line.append(encode(node.move, position, Notation.WXF))  # type: ignore[arg-type]  # a move node
        self._suffixed = False

    def visit_nag(self, nag: int) -> None:
        suffix = _SUFFIX_OF_NAG.get(nag)
        if suffix is not None and self._line and not self._suffixed:
            self._line[-1] += suffix
            self._suffixed = True

    def visit_comment(self, comment: str, before: bool) -> None:
        # Before any move written: the root's (written from visit_root) or not written at all.
        if comment and not before and self._line:
            self._line.append(_comment(comment))

    def begin_variation(self) -> SkipType:
        return SKIP

    def visit_result(self, result: str) -> None:
        self._result = result

    def end_game(self) -> None:
        if self._line:
            self._lines.append(" ".join(self._line))
        out = [*_header_lines(self._headers, self._result), *self._opening, "", "START{", *self._lines, "}END"]
        self._text = "\n".join(out) + "\n"

    def result(self) -> str:
        return self._text


# ---------------------------------------------------------------- losses


def _fate(name: str, value: str) -> HeaderFate:
    """What :func:`write_wxfgame` does with a header: a keyword line of one line, or none."""
    if name in _NOT_HEADERS:
        return Fate.OTHERWISE
    if _keyword(name) is None:
        return Fate.NO_PLACE
    if not value:
        return Fate.EMPTY
    return Fate.ONE_LINE if value != _one_line(value) else Fate.KEPT


#: What a WXF game file holds of a game (docs/spec/wxfgame.md §4.1), and how each loss is named.
CARRIES = Carries(
    losses=(
        Lost(Loss.NO_PLACE, "header{s} {names} {have} no line in a WXF game file; not written"),
        Lost(Loss.EMPTY, "empty header{s} {names} not kept (an empty header line reads as none)"),
        Lost(Loss.ONE_LINE, "line breaks and surrounding blanks in {names} cannot be written (a header is one line)"),
        Lost(Loss.NOT_INITIAL, "a start other than the initial position ({fen}) cannot be written; the {n} move{s} are not written"),
        Lost(Loss.VARIATIONS, "{n} variation{s} cannot be written (a WXF game file holds the main line); not written"),
        Lost(Loss.NAGS, "{n} NAG{s} beyond one annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`) per move cannot be written"),
        Lost(Loss.BEFORE_DROPPED, "{n} comment{s} before a move cannot be written (a comment follows its move)"),
        Lost(Loss.TEXT, "`*/` inside a comment written as `* /` (it would end the comment)", holds=("*/",)),
        Lost(Loss.EMPTY_COMMENTS, "empty comments are not written"),
    ),
    headers=lambda game: _fate,
    result_tag=False,
    initial_only=True,
    variations=False,
    nags=(frozenset(_SUFFIX_OF_NAG), 1),
    before=Before.DROPPED,
    blank=Blank.DROPPED,
)


def wxfgame_losses(game: Game) -> list[str]:
    """What :func:`write_wxfgame` cannot keep of ``game``, in words (one sentence per kind of loss, :data:`CARRIES`)."""
    return report(game, CARRIES)
