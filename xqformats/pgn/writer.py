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
``{`` or ``}`` is written with the fullwidth ``｛``/``｝`` instead.  The tree
is walked with an explicit stack, so any depth of variations is fine.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Optional, Union

from ..fen import parse_fen
from ..model import Game, Node
from ..notation import Notation, encode
from ..position import STARTING_FEN, Position
from .lowering import FORMAT_NAMES

__all__ = ["write_pgn", "output_headers", "flattened_tags"]

_FORMAT_VALUE = {Notation.CHINESE: "Chinese", Notation.WXF: "WXF", Notation.ICCS: "ICCS"}
_STANDARD_START = Position(STARTING_FEN)


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
    return [(k, _one_line(v)) for k, v in _output_tags(game, notation)]


def flattened_tags(game: Game, notation: Union[Notation, str] = Notation.CHINESE) -> list[str]:
    """The tags whose values :func:`write_pgn` changes: each line break written as a space.

    A value read from a tag that runs over a line end (P210) holds line
    breaks; PGN cannot write them (spec §二 "每个标签占一行", and no escape
    exists), so the written value differs from the game's.  A converter names
    these tags as a loss.  In :func:`output_headers` order.
    """
    return [k for k, v in _output_tags(game, notation) if "\n" in v or "\r" in v]


def _output_tags(game: Game, notation: Union[Notation, str]) -> list[tuple[str, str]]:
    """:func:`output_headers` before values are put on one line."""
    notation = Notation(notation)
    pairs = game.headers.in_standard_order()
    tags = dict(pairs)
    fmt = tags.get("Format")
    want_fmt: Optional[str]
    if fmt is not None and FORMAT_NAMES.get(fmt.strip().lower()) is notation:
        want_fmt = fmt
    elif fmt is None and notation is Notation.CHINESE:
        want_fmt = None
    else:
        want_fmt = _FORMAT_VALUE[notation]
    fen = tags.get("FEN")
    want_fen = fen
    start = game.start
    if fen is not None:
        pos, _ = parse_fen(fen)
        if pos is None or pos != start or pos.fullmove_number != start.fullmove_number:
            want_fen = start.fen()
    elif start != _STANDARD_START or start.fullmove_number != 1:
        want_fen = start.fen()
    out: list[tuple[str, str]] = []
    for k, v in pairs:
        if k == "Format":
            if want_fmt is not None:
                out.append((k, want_fmt))
        elif k == "FEN":
            out.append((k, want_fen))  # type: ignore[arg-type]
        else:
            out.append((k, v))
    if want_fen is not None and fen is None:
        out.append(("FEN", want_fen))
    if want_fmt is not None and fmt is None:
        out.append(("Format", want_fmt))
    if "Game" not in tags:
        out.append(("Game", "Chinese Chess"))
    if "Result" not in tags:
        out.append(("Result", game.result))
    # Re-sort so added tags take their roster places.
    from ..model import Headers

    return Headers(out).in_standard_order()


def write_pgn(
    game: Game,
    notation: Union[Notation, str] = Notation.CHINESE,
    *,
    traditional: bool = False,
    fullwidth: bool = False,
    columns: int = 80,
) -> str:
    """The PGN text of ``game`` in ``notation`` (``chinese``, ``wxf`` or ``iccs``).

    ``traditional``/``fullwidth`` choose the Chinese spelling (see
    :func:`xqformats.notation.encode`).  Reading the output back gives a game
    equal to ``game`` with the headers of :func:`output_headers`.  Every move
    must be legal (the model holds only legal moves when read from a file).
    """
    notation = Notation(notation)
    lines = [f'[{k} "{_escape(v)}"]' for k, v in output_headers(game, notation)]
    tokens = _glue_parens(_movetext(game, notation, traditional, fullwidth))
    tokens.append(game.result)
    lines.append("")
    lines.extend(_wrap(tokens, columns))
    return "\n".join(lines) + "\n"


def _glue_parens(tokens: list[str]) -> list[str]:
    """Attach ``(`` to the token after it and ``)`` to the token before it."""
    out: list[str] = []
    opened = ""
    for tok in tokens:
        if tok == "(":
            opened += "("
        elif tok == ")" and out and not opened:
            out[-1] += ")"
        else:
            out.append(opened + tok)
            opened = ""
    if opened:  # pragma: no cover - a variation always holds a move
        out.append(opened)
    return out


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


def _movetext(game: Game, notation: Notation, traditional: bool, fullwidth: bool) -> list[str]:
    """Movetext tokens, walking the tree with an explicit stack (python-chess's order)."""
    out: list[str] = []
    emit = out.append
    for c in game.root.comments:
        emit(_comment(c))
    pos = game.start.copy()
    root = game.root
    if not root.children:
        return out

    def move_text(node: Node) -> str:
        return encode(node.move, pos, notation, traditional=traditional, fullwidth=fullwidth)  # type: ignore[arg-type]

    # Stack items: ("line", node, force) | ("open",) | ("close", depth) | ("resume", node, depth)
    stack: list[tuple] = [("line", root.children[0], True)]
    while stack:
        item = stack.pop()
        kind = item[0]
        if kind == "open":
            emit("(")
            continue
        if kind == "close":
            while len(pos._stack) > item[1]:
                pos.pop()
            emit(")")
            continue
        if kind == "resume":
            node, depth = item[1], item[2]
            while len(pos._stack) > depth:
                pos.pop()
            pos.push(node.move)
            cur: Optional[Node] = node.children[0] if node.children else None
            force = True
        else:
            cur, force = item[1], item[2]
        while cur is not None:
            for c in cur.comments_before:
                emit(_comment(c))
                force = True
            # A move number stays on the line of its move.
            if pos.turn:
                emit(f"{pos.fullmove_number}. {move_text(cur)}")
            elif force:
                emit(f"{pos.fullmove_number}. ... {move_text(cur)}")
            else:
                emit(move_text(cur))
            for n in cur.nags:
                emit(f"${n}")
            for c in cur.comments:
                emit(_comment(c))
            force = bool(cur.comments)
            parent = cur.parent
            sibs = parent.children  # type: ignore[union-attr]
            if len(sibs) > 1 and sibs[0] is cur:
                depth = len(pos._stack)
                stack.append(("resume", cur, depth))
                for j in range(len(sibs) - 1, 0, -1):
                    stack.append(("close", depth))
                    stack.append(("line", sibs[j], True))
                    stack.append(("open",))
                break
            pos.push(cur.move)  # type: ignore[arg-type]
            cur = cur.children[0] if cur.children else None
    return out
