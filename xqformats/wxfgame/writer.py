"""Write a game as a WXF game file, and say what the format cannot hold (docs/spec/wxfgame.md §4).

The file is the header lines (FORMAT, GAME, RED, BLACK, DATE, RESULT, then any
header kept from another keyword), the game's comment, and the main line in
numbered pairs between ``START{`` and ``}END``, in the WXF notation's
canonical form, with each move's annotation and comment.
"""

from __future__ import annotations

from typing import Iterator

from ..model import SUFFIX_NAGS, Game, Node
from ..notation import Notation, encode
from ..position import Position
from .reader import HEADER_OF_KEYWORD, KEPT_PREFIX, KEYWORD_OF_HEADER

__all__ = ["write_wxfgame", "wxfgame_losses"]

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


def _header_lines(game: Game) -> Iterator[str]:
    yield "FORMAT\tWXF"
    for keyword, header in HEADER_OF_KEYWORD.items():
        yield f"{keyword}\t{_one_line(game.headers.get(header, ''))}".rstrip()
    if game.result != "*":
        yield f"RESULT\t{game.result}"
    for header, value in game.headers.items():
        kept = _keyword(header)
        if header.startswith(KEPT_PREFIX) and kept is not None and value:
            yield f"{kept}\t{_one_line(value)}"


def _one_line(value: str) -> str:
    return " ".join(value.split()) if any(e in value for e in _LINE_ENDS) else value.strip()


def _comment(text: str) -> str:
    return "/*" + text.replace("*/", "* /") + "*/"


def _moves(game: Game) -> Iterator[str]:
    pos = game.start.copy()
    node: Node = game.root
    line: list[str] = []
    while node.children:
        node = node.children[0]
        assert node.move is not None
        if pos.turn:
            if line:
                yield " ".join(line)
            line = [f"{pos.fullmove_number:2d}."]
        move = encode(node.move, pos, Notation.WXF)
        suffix = next((_SUFFIX_OF_NAG[n] for n in node.nags if n in _SUFFIX_OF_NAG), "")
        line.append(move + suffix)
        line += [_comment(c) for c in node.comments if c]
        pos.push(node.move)
    if line:
        yield " ".join(line)


def _writes_moves(game: Game) -> bool:
    """Whether the moves can be written: a WXF game file starts from the initial position, Red to move."""
    return game.start == Position.initial() and game.start.fullmove_number == 1


def write_wxfgame(game: Game) -> str:
    """The WXF game file of ``game`` (docs/spec/wxfgame.md §4.1); :func:`wxfgame_losses` names what is lost."""
    out = list(_header_lines(game))
    out += [_comment(c) for c in game.root.comments if c]
    out += ["", "START{"]
    if _writes_moves(game):
        out += list(_moves(game))
    out.append("}END")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- losses


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _header_losses(game: Game) -> list[str]:
    out = []
    lost = [h for h in game.headers if h not in _NOT_HEADERS and _keyword(h) is None]
    if game.headers.get("Result") not in (None, game.result):
        lost.append("Result")
    if lost:
        names = ", ".join(f"`{h}`" for h in lost)
        out.append(f"header{'s' if len(lost) > 1 else ''} {names} {'have' if len(lost) > 1 else 'has'} no line in a WXF game file; not written")
    empty = [h for h, v in game.headers.items() if not v and h not in _NOT_HEADERS and _keyword(h) is not None]
    if empty:
        names = ", ".join(f"`{h}`" for h in empty)
        out.append(f"empty header{'s' if len(empty) > 1 else ''} {names} not kept (an empty header line reads as none)")
    changed = [h for h, v in game.headers.items() if v and _keyword(h) is not None and v != _one_line(v)]
    if changed:
        out.append(f"line breaks and surrounding blanks in {', '.join(f'`{h}`' for h in changed)} cannot be written (a header is one line)")
    return out


def _tree_losses(game: Game) -> list[str]:
    nodes = list(game.nodes())
    out = []
    if not _writes_moves(game):
        out.append(f"a start other than the initial position ({game.start.fen()}) cannot be written; the {_plural(len(nodes), 'move')} are not written")
        return out
    variations = sum(len(n.children) - 1 for n in game.root.walk() if len(n.children) > 1)
    if variations:
        out.append(f"{_plural(variations, 'variation')} cannot be written (a WXF game file holds the main line); not written")
    main = set(map(id, game.mainline()))
    nags = sum(1 for n in nodes if id(n) in main for g in n.nags if g not in _SUFFIX_OF_NAG)
    extra = sum(max(0, len([g for g in n.nags if g in _SUFFIX_OF_NAG]) - 1) for n in nodes if id(n) in main)
    if nags or extra:
        out.append(f"{_plural(nags + extra, 'NAG')} beyond one annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`) per move cannot be written")
    before = sum(len(n.comments_before) for n in nodes)
    if before:
        out.append(f"{_plural(before, 'comment')} before a move cannot be written (a comment follows its move)")
    texts = [c for n in [game.root, *nodes] for c in n.comments]
    if any("*/" in c for c in texts):
        out.append("`*/` inside a comment written as `* /` (it would end the comment)")
    if any(c != c.strip() or c == "" for c in texts):
        out.append("empty comments are not written")
    return out


def wxfgame_losses(game: Game) -> list[str]:
    """What :func:`write_wxfgame` cannot keep of ``game``, in words (one sentence per kind of loss)."""
    return _header_losses(game) + _tree_losses(game)
