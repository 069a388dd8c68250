"""The ``xqformats board`` subcommand: draw a position as SVG.

The position is a FEN (``--fen``, or an ``INPUT`` that names no file and
reads as a FEN) or a point in a record's main line (``INPUT`` read through
the front door, :func:`xqformats.formats.read`):
``--ply N`` (N moves from the game's start), ``--move N`` (after move number
N, both sides' halves), by default the end of the main line; ``--game K``
picks the K-th game of a file holding several.  The move that led to the
position is highlighted.  Exit status 0, or 2 with one message on stderr
(``xqformats board: …``, no traceback) for a bad FEN, an unreadable file, a
missing game or a ply out of range.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NamedTuple, Optional

from .. import formats
from ..formats.output import atomic_write
from ..core import Move
from ..diagnostics import Severity
from ..fen import parse_fen
from ..model import Game
from ..notation import Notation
from ..notation.spelling import shape_of
from ..position import Position
from .svg import ARROW_COLORS, NOTATIONS, Arrow, board_svg, color_value

__all__ = ["game_position", "Picture"]


class BoardError(ValueError):
    """A request that cannot be drawn (exit status 2); the message is for the user."""


class Picture(NamedTuple):
    """A position to draw and the move that led to it (``None`` at a game's start or for a FEN)."""

    position: Position
    last_move: Optional[Move]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Draw a position as SVG: the position of a FEN, or of a record (any format lint reads) after a ply or a\n"
        "move number of a game's main line, with the last move shaded and optional arrows (docs/board.md)."
    )
    p.epilog = """exit status:
  0  the picture was written
  2  usage error: a bad FEN or arrow, no such game, ply or move, or a file that cannot be read or written

examples:
  xqformats board --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w' -o start.svg
  xqformats board '4k4/9/9/9/9/9/9/9/4A4/3AK4 w'      # a FEN as INPUT: drawn when no file has that name
  xqformats board game.pgn --ply 13 --arrow h2e2 -o ply13.svg
  xqformats board game.pgn --arrow h2e2:blue --arrow h9g7:#cc0000   # arrows in colours
  xqformats board library.cbl --game 3 --move 20 --flip > move20.svg"""
    p.add_argument(
        "input", nargs="?", metavar="INPUT", help="a record file (any format `xqformats lint` reads), or a FEN when no file has that name"
    )
    p.add_argument("--fen", metavar="FEN", help="draw this position instead of a record's")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--ply", type=int, metavar="N", help="the position after N moves of the main line (0: the start)")
    where.add_argument(
        "--move", type=int, metavar="N", help="the position after move number N (Red's and Black's halves)"
    )
    p.add_argument("--game", type=int, default=1, metavar="K", help="the K-th game of the file (default: 1)")
    p.add_argument("--flip", action="store_true", help="Black's side at the bottom")
    p.add_argument(
        "--arrow", action="append", default=[], metavar="MOVE[:COLOR]",
        help=f"draw an arrow for an ICCS move, e.g. h2e2, in a colour: {', '.join(ARROW_COLORS)} (default) or #rrggbb, "
        "e.g. h2e2:blue (repeatable)",
    )
    p.add_argument("--notation", choices=NOTATIONS, default="chinese", help="how the file numbers are written")
    p.add_argument("--size", type=int, metavar="PX", help="width of the picture in pixels")
    p.add_argument("-o", "--output", metavar="FILE", help="write the SVG to FILE (default: stdout)")


def parse_arrow(text: str) -> Arrow:
    """The arrow of ``MOVE[:COLOR]``: an ICCS spelling (``h2e2``, ``H2-E2``) and a colour
    (:func:`~xqformats.board.svg.color_value`: a name or ``#rrggbb``; default green);
    raises :class:`BoardError`.

    The ICCS grammar decides what is a spelling (through the notation's
    :func:`~xqformats.notation.spelling.shape_of`).
    """
    spelled, _, color = text.partition(":")
    shape = shape_of(spelled.strip())
    if shape is None or shape.notation is not Notation.ICCS:
        raise BoardError(f"--arrow: `{spelled}` is not an ICCS move such as `h2e2` or `H2-E2`")
    move = Move(shape.from_square, shape.to_square)
    if not color:
        return Arrow(move)
    try:
        return Arrow(move, color_value(color.strip()))
    except ValueError as exc:
        raise BoardError(f"--arrow: {exc}") from None


def _fen_picture(text: str) -> Picture:
    pos, diags = parse_fen(text)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if pos is None or errors:
        first = (errors or diags)[0]
        raise BoardError(f"invalid FEN: column {first.column}: {first.message}")
    return Picture(pos, None)


def _target_ply(game: Game, ply: Optional[int], move: Optional[int]) -> int:
    """The main-line ply ``--ply``/``--move`` name (the end of the main line when neither is given)."""
    length = game.ply_count()
    if move is not None:
        # Move number N is complete when the side that moves second has made its N-th move.
        start = game.start
        ply = 2 * (move - start.fullmove_number + 1) - (0 if start.turn else 1)
        what = f"move {move}"
    elif ply is not None:
        what = f"ply {ply}"
    else:
        return length
    if not 0 <= ply <= length:
        raise BoardError(f"{what} is out of range: the game's main line has {length} plies (0 to {length})")
    return ply


def game_position(game: Game, ply: int) -> Picture:
    """The position after ``ply`` main-line moves of ``game`` (0 ≤ ply ≤ its main line's length)."""
    pos = game.start.copy()
    last = None
    for node, _ in zip(game.mainline(), range(ply)):
        assert node.move is not None
        pos.push(node.move)
        last = node.move
    return Picture(pos, last)


def _record_picture(path: str, game_number: int, ply: Optional[int], move: Optional[int]) -> Picture:
    record = formats.read(path)
    if record.failed or record.format is None:
        first = record.diagnostics[0] if record.diagnostics else None
        raise BoardError(first.message if first is not None else f"Cannot read `{path}`")
    count = len(record.games)
    if not 1 <= game_number <= count:
        holds = f"holds {count} game{'s' if count != 1 else ''}" if count else "holds no game"
        raise BoardError(f"no game {game_number}: `{path}` {holds}")
    game = record.games[game_number - 1]
    return game_position(game, _target_ply(game, ply, move))


def _as_fen(text: str) -> Optional[str]:
    """``text`` when an INPUT that names no file is a FEN (its board reads), else ``None``.

    A missing path that looks like a broken FEN (a ``/`` and no ``.``: record
    files have extensions) raises :class:`BoardError` with the FEN's first
    problem, rather than "no such file".
    """
    if os.path.lexists(text):
        return None
    pos, diags = parse_fen(text)
    if pos is not None:
        return text
    if "/" in text and "." not in text and diags:
        raise BoardError(f"`{text}` is no file, nor a FEN: column {diags[0].column}: {diags[0].message}")
    return None


def _picture(args: argparse.Namespace) -> Picture:
    fen = args.fen
    if fen is not None and args.input is not None:
        raise BoardError("give a FEN or an INPUT file, not both")
    if fen is None and args.input is not None:
        fen = _as_fen(args.input)
    if fen is not None:
        if args.ply is not None or args.move is not None:
            raise BoardError("--ply and --move need an INPUT file, not a FEN")
        return _fen_picture(fen)
    if args.input is None:
        raise BoardError("nothing to draw: give an INPUT file or --fen FEN")
    return _record_picture(args.input, args.game, args.ply, args.move)


def _write(svg: str, output: Optional[str]) -> None:
    data = svg.encode("utf-8")
    if output is None or output == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        atomic_write(Path(output), data)


def run(args: argparse.Namespace) -> int:
    """Draw the requested position; 0 on success, 2 with a message on stderr."""
    try:
        if args.size is not None and args.size < 1:
            raise BoardError(f"--size must be 1 or more, not {args.size}")
        arrows = [parse_arrow(a) for a in args.arrow]
        picture = _picture(args)
        svg = board_svg(
            picture.position, last_move=picture.last_move, arrows=arrows, flip=args.flip, notation=args.notation, size=args.size
        )
        _write(svg, args.output)
    except BoardError as exc:
        print(f"xqformats board: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise  # a reader that stopped early (``| head``): the command line's business
    except OSError as exc:
        where = f"`{args.output}`" if args.output not in (None, "-") else "to standard output"
        print(f"xqformats board: Cannot write {where}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
