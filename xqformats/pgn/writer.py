"""Writing PGN: one game in the notation asked for, in export form.

Output (``docs/pgn.md`` § Writing gives the sources):

* tags in :meth:`Headers.in_standard_order` (``Game`` first, spec §二), values
  escaped (``\\\\`` and ``\\"``, chess PGN §3-1) and on one line (spec §二
  "每个标签占一行"; PGN has no escape for a line break, so each line break in a
  value is written as a space: a change :func:`flattened_tags` names, so a
  converter can report it); the ``Format`` tag names the
  notation written (spec §二(11); left out for Chinese when the game has none);
  a ``FEN`` tag whenever the start is not the initial position;
* a blank line, then the movetext wrapped at ``columns`` display columns
  (CJK characters count two): ``N.`` before each Red move, ``N. ...`` before a
  Black move that opens a line or follows a comment or variation (spec §五's
  ``7. ...``), comments in ``{}``, NAGs as ``$n``,
  variations in ``()`` after the move they replace;
* the result marker, then a line end.

Braces cannot be written inside a PGN comment (spec §三(5)); a comment holding
``{`` or ``}`` is written with the fullwidth ``｛``/``｝`` instead.

:class:`PgnWriter` is a visitor (:mod:`xqformats.visitor`): the one tree walk
feeds it, so any depth of variations and any length of game is fine, and
:func:`write_pgn` is ``game.accept(PgnWriter(...))``.

What PGN cannot hold as it is (a tag's line breaks, the braces of a comment,
the ``Format`` and ``FEN`` written from the game) is declared in
:func:`carries`, from which :mod:`xqformats.losses` names the losses of a game.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Optional, Union

from ..fen import parse_fen
from ..losses import Carries, Fate, HeaderFate, HeaderFates, Loss, Lost, Rewritten
from ..model import TAG_ROSTER, WINBOARD_SIDES, Game, Headers, Node
from ..notation import Notation, encode
from ..position import Position
from ..visitor import BaseVisitor
from .format_tag import FORMAT_VALUES, notation_of_format

_STANDARD_START = Position.initial()


# A line break in a tag value: CR LF, a lone CR or a lone LF (each one break).
_LINE_BREAK = re.compile(r"\r\n?|\n")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _one_line(value: str) -> str:
    """``value`` with each line break a space (a tag pair is one line, spec §二)."""
    if "\n" in value or "\r" in value:
        return _LINE_BREAK.sub(" ", value)
    return value


def _comment(text: str) -> str:
    if "{" in text or "}" in text:
        text = text.replace("{", "｛").replace("}", "｝")
    return "{" + text + "}"


_WIDTH_MEMO: dict[str, int] = {}


def _width(text: str) -> int:
    """Display columns of a one-line text (East Asian wide and fullwidth count two)."""
    w = _WIDTH_MEMO.get(text)
    if w is None:
        if text.isascii():
            w = len(text)
        else:
            w = sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)
        if len(_WIDTH_MEMO) < 10_000:
            _WIDTH_MEMO[text] = w
    return w


def output_headers(game: Game, notation: Union[Notation, str] = Notation.CHINESE) -> list[tuple[str, str]]:
    """The tag pairs :func:`write_pgn` writes, in order, with the values it writes.

    The game's headers in standard order, with ``Format`` set to the notation
    written (kept when it already names it; left out for Chinese when absent)
    and ``FEN`` set when the start is not the initial position and the tag
    does not already describe it.  The tags the spec requires are always
    there: ``Game`` first (``Chinese Chess`` when the game has none; spec §二
    (0)) and ``Result`` (the game's result when the game has none; §二 (7)).
    Each line break in a value (CR LF, CR or LF) is a space: a tag pair is one
    line (spec §二) and PGN has no escape for a line break (:func:`flattened_tags`).
    """
    return [(k, _one_line(v)) for k, v in _output_tags(game.headers, game.start, game.result, Notation(notation))]


def flattened_tags(game: Game, notation: Union[Notation, str] = Notation.CHINESE) -> list[str]:
    """The tags whose values :func:`write_pgn` changes: each line break written as a space.

    A value read from a tag that runs over a line end (P210) holds line
    breaks; PGN cannot write them (spec §二 "每个标签占一行", and no escape
    exists), so the written value differs from the game's.  A converter names
    these tags as a loss.  In :func:`output_headers` order.
    """
    tags = _output_tags(game.headers, game.start, game.result, Notation(notation))
    return [k for k, v in tags if "\n" in v or "\r" in v]


def _output_tags(headers: Headers, start: Position, result: str, notation: Notation) -> list[tuple[str, str]]:
    """:func:`output_headers` before values are put on one line."""
    out = headers.copy()
    fmt = _format_value(headers.get("Format"), notation)
    if fmt is None:
        out.pop("Format", None)
    else:
        out["Format"] = fmt
    fen = _fen_value(headers.get("FEN"), start)
    if fen is not None:
        out["FEN"] = fen
    out.setdefault("Result", result)
    if notation is Notation.SAN:
        return _winboard_tags(out)
    out.setdefault("Game", "Chinese Chess")
    # Roster order puts the tags added here in their places.
    return out.in_standard_order()


#: The model's side tags → WinBoard's (the inverse of what the reader maps).
_CHESS_NAMES = {ours: chess for chess, ours in WINBOARD_SIDES.items()}


def _winboard_tags(out: Headers) -> list[tuple[str, str]]:
    """The tags of a SAN game as WinBoard expects them (docs/spec/notation.md §7.7).

    The chess roster (``Red`` written as ``White``), then ``Variant "xiangqi"`` and
    the rest; no ``Format`` tag.
    """
    out.pop("Format", None)
    tags = [(_CHESS_NAMES.get(k, k), v) for k, v in out.in_standard_order()]
    names = {k for k, _ in tags}
    roster = [n for n in ("Event", "Site", "Date", "Round", "White", "Black", "Result") if n in names]
    first = [(k, v) for n in roster for k, v in tags if k == n]
    rest = [(k, v) for k, v in tags if k not in roster and k != "Variant"]
    return [*first, ("Variant", out.get("Variant") or "xiangqi"), *rest]


def _format_value(value: Optional[str], notation: Notation) -> Optional[str]:
    """The ``Format`` value to write: the game's when it names ``notation``; none for Chinese without one."""
    if value is not None and notation_of_format(value) is notation:
        return value
    if value is None and notation is Notation.CHINESE:
        return None
    return FORMAT_VALUES[notation]


def _fen_value(value: Optional[str], start: Position) -> Optional[str]:
    """The ``FEN`` value to write: the game's when it describes ``start``, else ``start``'s; none for the initial position."""
    if value is not None:
        pos, _ = parse_fen(value)
        if pos is not None and pos == start and pos.fullmove_number == start.fullmove_number:
            return value
        return start.fen()
    if start != _STANDARD_START or start.fullmove_number != 1:
        return start.fen()
    return None


def write_pgn(
    game: Game,
    notation: Union[Notation, str] = Notation.CHINESE,
    *,
    traditional: bool = False,
    fullwidth: bool = False,
    columns: int = 80,
) -> str:
    """The PGN text of ``game`` in ``notation`` (``chinese``, ``wxf``, ``iccs`` or ``san``).

    SAN is written as WinBoard PGN with ranks 1–10 (docs/spec/notation.md §7.5, §7.7).

    ``traditional``/``fullwidth`` choose the Chinese spelling (see
    :func:`xqformats.notation.encode`).  Reading the output back gives a game
    equal to ``game`` with the headers of :func:`output_headers`.  Every move
    must be legal (the model holds only legal moves when read from a file).
    """
    return game.accept(PgnWriter(notation, traditional=traditional, fullwidth=fullwidth, columns=columns))


class PgnWriter(BaseVisitor[str]):
    """A visitor that writes the game it visits as PGN text (:func:`write_pgn`'s form).

    ``game.accept(PgnWriter("wxf"))`` returns the text; one writer can visit
    several games in turn (each visit returns that game's text).  Every
    move must be legal in the position the walk gives with it.
    """

    def __init__(
        self,
        notation: Union[Notation, str] = Notation.CHINESE,
        *,
        traditional: bool = False,
        fullwidth: bool = False,
        columns: int = 80,
    ) -> None:
        self.notation = Notation(notation)
        self.traditional = traditional
        self.fullwidth = fullwidth
        self.columns = columns
        self.begin_game()
        self._text = ""

    # ------------------------------------------------------------ headers
    def begin_game(self) -> None:
        self._headers = Headers()
        self._start: Optional[Position] = None
        self._result = "*"
        self._tokens: list[str] = []
        #: "(" of variations begun, written in front of the next token.
        self._open = ""
        #: Whether a Black move needs its number (``N. ...``): at the start of
        #: a line, after a comment, after a variation (spec §五's ``7. ...``).
        self._number = True

    def visit_header(self, name: str, value: str) -> None:
        self._headers[name] = value

    def visit_start(self, position: Position) -> None:
        self._start = position.copy()

    # ------------------------------------------------------------ movetext
    def _emit(self, token: str) -> None:
        """Add ``token``, after the ``(`` of any variation begun just before it."""
        if self._open:
            token = self._open + token
            self._open = ""
        self._tokens.append(token)

    def visit_comment(self, comment: str, before: bool) -> None:
        self._emit(_comment(comment))
        self._number = True

    def visit_move(self, position: Position, node: Node) -> None:
        text = encode(node.move, position, self.notation, traditional=self.traditional, fullwidth=self.fullwidth)  # type: ignore[arg-type]
        # A move number stays on the line of its move (one token).
        if position.turn:
            text = f"{position.fullmove_number}. {text}"
        elif self._number:
            text = f"{position.fullmove_number}. ... {text}"
        self._number = False
        if self._open:  # _emit, inlined: this is the hot path
            text = self._open + text
            self._open = ""
        self._tokens.append(text)

    def visit_nag(self, nag: int) -> None:
        self._emit(f"${nag}")

    def begin_variation(self) -> None:
        self._open += "("
        self._number = True

    def end_variation(self) -> None:
        self._tokens[-1] += ")"  # a variation holds at least its first move
        self._number = True

    def visit_result(self, result: str) -> None:
        self._result = result

    # ------------------------------------------------------------ the text
    def end_game(self) -> None:
        start = self._start if self._start is not None else Position.initial()  # movetext skipped
        tags = _output_tags(self._headers, start, self._result, self.notation)
        lines = [f'[{k} "{_escape(_one_line(v))}"]' for k, v in tags]
        lines.append("")
        self._tokens.append(self._result)
        lines.extend(_wrap(self._tokens, self.columns))
        self._text = "\n".join(lines) + "\n"

    def result(self) -> str:
        return self._text


def _wrap(tokens: list[str], columns: int) -> list[str]:
    out: list[str] = []
    cur: list[str] = []
    col = 0
    for tok in tokens:
        if "\n" in tok:
            w_first = _width(tok.split("\n", 1)[0])
            last: Optional[str] = tok.rsplit("\n", 1)[1]
        else:
            w_first = _width(tok)
            last = None
        if cur and col + 1 + w_first > columns:
            out.append(" ".join(cur))
            cur = []
            col = 0
        if cur:
            col += 1
        cur.append(tok)
        col = _width(last) if last is not None else col + w_first
    if cur:
        out.append(" ".join(cur))
    return out


# ---------------------------------------------------------------- losses


def _fates(game: Game, notation: Notation) -> HeaderFates:
    """What :func:`write_pgn` does with each header of ``game`` (:func:`output_headers`, found once)."""
    tags = dict(_output_tags(game.headers, game.start, game.result, notation))
    renamed = _CHESS_NAMES if notation is Notation.SAN else {}

    def fate(name: str, value: str) -> HeaderFate:
        new = tags.get(renamed.get(name, name))
        if new is None:  # not written: a SAN game has no Format tag
            return Fate.OTHERWISE
        if new == value:
            return Fate.ONE_LINE if "\n" in value or "\r" in value else Fate.KEPT
        if name == "Format" and notation_of_format(value) is not None:
            return Fate.OTHERWISE  # it names another notation: it changes with the moves
        return Rewritten(_one_line(new))  # an unknown Format, a FEN that does not describe the start

    return fate


#: The losses a PGN file names: tags are one line and a few are written
#: from the game (``Format``, ``FEN``), and a comment cannot hold braces (spec §三(5)).
_LOSSES = (
    Lost(Loss.ONE_LINE, "line breaks in tag{s} {names} cannot be written in PGN (a tag is one line); written as spaces", order=TAG_ROSTER),
    Lost(Loss.REWRITTEN, "tag `{name}` `{short_value}` written as `{short_new}`"),
    Lost(Loss.TEXT, "{n} comment{s} with `{{` or `}}`, which a PGN comment cannot hold; written as `｛` `｝`", holds=("{", "}")),
)


@functools.lru_cache(maxsize=None)
def carries(notation: Union[Notation, str] = Notation.CHINESE) -> Carries:
    """What :func:`write_pgn` holds of a game in ``notation``, and how each loss is named.

    Everything but what :data:`_LOSSES` names: every variation, comment and
    NAG, any start position; :func:`xqformats.losses.report` names the
    losses of a game.
    """
    written = Notation(notation)
    return Carries(losses=_LOSSES, headers=lambda game: _fates(game, written))
