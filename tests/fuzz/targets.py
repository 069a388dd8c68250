"""What the harness fuzzes: every reader and writer, through the front door and the format APIs.

:func:`all_targets` builds the list from ``formats.REGISTRY`` at call time, so
a format registered there is fuzzed without being named here:

* ``read:detect``: :func:`formats.read` on the bytes, the format detected from
  them (strict), and again under a name with one of the registry's extensions
  (the extension decides, the content may overrule it: G105);
* ``read:<format>``: :func:`formats.read` with each registered format forced;
* ``write:<format>``: the games any reader makes of the input, written by each
  writable format with each option variant (:func:`seeds.writer_options`)
  and read back: equal, or the writer's ``losses`` names what changed;
* ``pgn:fast-slow``: :func:`parse_pgn` with the fast path and without must
  give equal games and diagnostics (the fast path is held equal to the Lark
  parse);
* ``pgn:stream``: :func:`read_pgn` on a buffered binary handle over a slow
  pipe, on a raw one that hands out a few bytes per read, and on a text
  handle that hands out a few characters per read gives what
  :func:`parse_pgn` gives; :func:`read_headers` gives each game's headers;
* ``fen``: :func:`parse_fen` on each line and on the whole text; a position
  read without errors writes a FEN that reads back to it;
* ``notation``: :func:`decode` of each word in four positions and each
  notation, with and without the compiled plans (same move, same
  diagnostics), leaving the position as it was; a move it returns is legal
  and each notation's :func:`encode` of it decodes back to it.

Every diagnostic list a target sees goes through
:func:`harness.check_diagnostics` (no G106).
"""

from __future__ import annotations

import copy
import io
import zlib
from typing import Any, Iterator, Optional

from harness import OracleFailure, Target, check_diagnostics
from seeds import writer_options
from strategies import SETUPS
from xqformats import formats
from xqformats.fen import parse_fen
from xqformats.model import Game, Headers
from xqformats.notation import Notation, decode, encode
from xqformats.pgn import parse_pgn, read_headers, read_pgn
from xqformats.position import Position

__all__ = ["Trickle", "TrickleText", "all_targets", "target_names", "POSITIONS", "UNCOMPARED_HEADERS"]


# ---------------------------------------------------------------- handles


class Trickle(io.RawIOBase):
    """A binary handle that hands out at most ``step`` bytes per read (a slow pipe)."""

    def __init__(self, data: bytes, step: int = 7) -> None:
        self._data = data
        self._pos = 0
        self._step = step

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = min(len(buffer), self._step, len(self._data) - self._pos)
        buffer[:n] = self._data[self._pos : self._pos + n]
        self._pos += n
        return n

    def read(self, size: int = -1) -> bytes:
        n = self._step if size is None or size < 0 else min(size, self._step)
        out = self._data[self._pos : self._pos + n]
        self._pos += len(out)
        return out


class TrickleText(io.TextIOBase):
    """A text handle that hands out at most ``step`` characters per read."""

    def __init__(self, text: str, step: int = 5) -> None:
        self._text = text
        self._pos = 0
        self._step = step

    def readable(self) -> bool:
        return True

    def read(self, size: Optional[int] = -1) -> str:
        n = self._step if size is None or size < 0 else min(size, self._step)
        out = self._text[self._pos : self._pos + n]
        self._pos += len(out)
        return out


# ---------------------------------------------------------------- the front door


def _read_detect(data: bytes) -> object:
    record = formats.read(data, strict=True)
    check_diagnostics(record.diagnostics)
    extensions = formats.REGISTRY.extensions()
    named = formats.read(data, name="input" + extensions[zlib.crc32(data) % len(extensions)])
    check_diagnostics(named.diagnostics)
    return record, named


def _reader(name: str) -> Target:
    def run(data: bytes) -> object:
        record = formats.read(data, format=name)
        check_diagnostics(record.diagnostics)
        return record

    return Target(f"read:{name}", run, f"formats.read(data, format={name!r})", (name,))


def _difference(a: Game, b: Game) -> str:
    """Where two games differ, in words (for a finding's detail)."""
    for part, x, y in (
        ("headers", a.headers, b.headers),
        ("start", a.start.fen(), b.start.fen()),
        ("result", a.result, b.result),
        ("moves", [n.move for n in a.nodes()], [n.move for n in b.nodes()]),
        ("comments", [(n.comments_before, n.comments) for n in a.nodes()], [(n.comments_before, n.comments) for n in b.nodes()]),
        ("NAGs", [n.nags for n in a.nodes()], [n.nags for n in b.nodes()]),
    ):
        if x != y:
            return f"{part}: {x!r:.300} != {y!r:.300}"
    return "variation order or move numbers"


def _writer(name: str) -> Target:
    def run(data: bytes) -> object:
        record = formats.read(data)
        for game in record.games[:3]:
            for options in writer_options(formats.REGISTRY.get(name)):
                _round_trip(game, name, options)
        return record

    return Target(f"write:{name}", run, f"formats.write([game], {name!r}, ...) of each game read, read back")


#: Headers a round trip does not compare.  ``Game`` (the variant) and
#: ``Format`` (the notation) describe the file, not the game: the PGN writer
#: names its notation in ``Format`` (docs/pgn.md) and a writer of another
#: format leaves both out.  ``Result`` and ``FEN`` repeat the game's result and
#: start position, which are compared as such: a writer writes them from the
#: game (a ``FEN`` tag the reader could not read is replaced by the start it
#: used).
UNCOMPARED_HEADERS = frozenset({"Game", "Format", "Result", "FEN"})


def _comparable(game: Game, like: Game) -> Game:
    """``game`` without :data:`UNCOMPARED_HEADERS` and headers ``like`` has not (a copy sharing the tree)."""
    out = copy.copy(game)
    out.headers = Headers([(k, game.headers[k]) for k in game.headers if k in like.headers and k not in UNCOMPARED_HEADERS])
    return out


def _round_trip(game: Game, name: str, options: dict[str, Any]) -> None:
    """Write ``game`` as ``name`` with ``options`` and read it back: equal, or ``losses`` says why not.

    A header the written file has and the game had not is allowed (writers
    declare what a reader needs), and :data:`UNCOMPARED_HEADERS` are not
    compared.  Other headers changed or
    missing, and moves, comments, NAGs and results must be kept or named by
    ``losses``.  Writing what was read back
    again gives the same bytes (the written form is a fixed point).
    """
    try:
        data = formats.write([game], name, **options)
    except ValueError as exc:  # the writer's contract: never on a game's content
        raise OracleFailure("write", f"{name} {options}: {type(exc).__name__}: {exc}") from None
    back = formats.read(data, format=name)
    check_diagnostics(back.diagnostics)
    if formats.losses(game, name, **options):
        return
    if len(back.games) != 1:
        raise OracleFailure("roundtrip", f"{name} {options}: {len(back.games)} games read back from one written")
    if _comparable(back.games[0], game) != _comparable(game, game):
        raise OracleFailure("roundtrip", f"{name} {options}: read back different, losses() named nothing; {_difference(game, back.games[0])}")
    if formats.write(back.games, name, **options) != data:
        raise OracleFailure("roundtrip", f"{name} {options}: what was read back writes different bytes")


# ---------------------------------------------------------------- PGN


def _fast_slow(data: bytes) -> object:
    fast, fast_diags = parse_pgn(data)
    check_diagnostics(fast_diags)
    slow, slow_diags = parse_pgn(data, fast=False)
    check_diagnostics(slow_diags)
    if fast != slow:
        which = next((i for i, (a, b) in enumerate(zip(fast, slow)) if a != b), min(len(fast), len(slow)))
        detail = _difference(fast[which], slow[which]) if which < min(len(fast), len(slow)) else f"{len(fast)} games != {len(slow)}"
        raise OracleFailure("differential", f"fast path and Lark parse give different games (game {which + 1}): {detail}")
    if fast_diags != slow_diags:
        only = [d.format() for d in fast_diags if d not in slow_diags][:2] + [d.format() for d in slow_diags if d not in fast_diags][:2]
        raise OracleFailure("differential", f"fast path and Lark parse give different diagnostics: {only}")
    return fast, slow


def _compare_stream(handle: io.RawIOBase, whole: list[Game], whole_diags: list[Any], kind: str) -> list[Game]:
    """``read_pgn(handle)``'s games, which must be ``whole`` with the diagnostics ``whole_diags``."""
    reader = read_pgn(handle)
    streamed = list(reader)
    diags = list(reader.diagnostics) + [d for g in streamed for d in g.diagnostics]
    check_diagnostics(diags)
    if streamed != whole:
        raise OracleFailure(kind, f"read_pgn on a slow {type(handle).__name__} gives {len(streamed)} games, parse_pgn {len(whole)}, or they differ")
    if diags != whole_diags:
        only = [d.format() for d in diags if d not in whole_diags][:2] + [d.format() for d in whole_diags if d not in diags][:2]
        raise OracleFailure(kind, f"read_pgn on a slow {type(handle).__name__} and parse_pgn give different diagnostics: {only}")
    return streamed


def _stream(data: bytes) -> object:
    whole, whole_diags = parse_pgn(data)
    check_diagnostics(whole_diags)
    streamed = _compare_stream(io.BufferedReader(Trickle(data)), whole, whole_diags, "stream")
    # A raw handle may return fewer bytes than asked at any read, the first one too.
    _compare_stream(Trickle(data), whole, whole_diags, "short-read")
    text = data.decode("utf-8", "replace")
    from_text = list(read_pgn(TrickleText(text)))
    check_diagnostics(d for g in from_text for d in g.diagnostics)
    if from_text != parse_pgn(text)[0]:
        raise OracleFailure("stream", "read_pgn on a slow text handle differs from parse_pgn of the text")
    headers = list(read_headers(io.BytesIO(data)))
    if headers != [g.headers for g in whole]:
        raise OracleFailure("headers", f"read_headers gives {headers!r:.300}, the games {[g.headers for g in whole]!r:.300}")
    return whole, streamed, from_text


# ---------------------------------------------------------------- FEN and notation


def _lines(data: bytes, most: int = 40) -> Iterator[str]:
    """The input's text (surrogate escapes for bad bytes: a str may hold anything), whole and line by line."""
    text = data.decode("utf-8", "surrogateescape")
    yield text[:4096]
    yield from text.splitlines()[:most]


def _fen(data: bytes) -> object:
    out = []
    for line in _lines(data):
        position, diags = parse_fen(line)
        out.append(diags)
        check_diagnostics(diags)
        if position is None or any(d.severity.name == "ERROR" for d in diags):
            continue
        again, diags = parse_fen(position.fen())
        if again != position or any(d.severity.name == "ERROR" for d in diags):
            raise OracleFailure("fen", f"{line!r:.200} reads as {position.fen()!r}, which reads back differently: {[d.format() for d in diags]}")
    return out


#: Positions the notation target decodes in: the start, Black to move, Red
#: without advisors, elephants and pawns (pieces missing), and one mid-game.
def _after(*words: str) -> Position:
    position = Position.initial()
    for word in words:
        move, _ = decode(word, position)
        assert move is not None, word
        position.push(move)
    return position.copy()


POSITIONS = (Position.initial(), *(Position(fen) for fen in SETUPS), _after("炮二平五", "马8进7", "马二进三", "车9平8", "车一平二", "炮8进4"))
_NOTATIONS: tuple[Optional[Notation], ...] = (None, *Notation)


def _words(data: bytes, most: int = 24) -> list[str]:
    words: list[str] = []
    for line in _lines(data, 8):
        words.extend(line.split()[:most])
        words.append(line[:40])
    return words[:most]


def _decode_one(word: str, position: Position) -> None:
    before = position.fen()
    for notation in _NOTATIONS:
        move, diags = decode(word, position, notation)
        check_diagnostics(diags)
        slow, slow_diags = decode(word, position, notation, fast=False)
        if (move, list(diags)) != (slow, list(slow_diags)):
            raise OracleFailure("differential", f"decode({word!r}, {before!r}, {notation}) with plans {move, list(diags)!r:.300} != without {slow, list(slow_diags)!r:.300}")
        if position.fen() != before:
            raise OracleFailure("notation", f"decode({word!r}) changed the position {before!r}")
        if move is not None:
            _check_move(word, move, position)


def _check_move(word: str, move: Any, position: Position) -> None:
    if move not in position.legal_moves():
        raise OracleFailure("notation", f"decode({word!r}, {position.fen()!r}) returned the illegal move {move}")
    for notation in Notation:
        text = encode(move, position, notation)
        again, _ = decode(text, position, notation)
        if again != move:
            raise OracleFailure("notation", f"{move} in {position.fen()!r} encodes as {text!r} ({notation.value}), which decodes as {again}")


def _notation(data: bytes) -> object:
    for word in _words(data):
        for position in POSITIONS:
            _decode_one(word, position)
    return None


# ---------------------------------------------------------------- the list


def all_targets(registry: formats.Registry = formats.REGISTRY) -> list[Target]:
    """Every target, built from ``registry`` as it is now."""
    out = [Target("read:detect", _read_detect, "formats.read(data, strict=True), and under a name with a registered extension")]
    out += [_reader(name) for name in registry.names()]
    out += [_writer(name) for name in registry.writable()]
    out += [
        Target("pgn:fast-slow", _fast_slow, "parse_pgn fast and slow: equal games and diagnostics", ("pgn",)),
        Target("pgn:stream", _stream, "read_pgn on trickling handles and read_headers agree with parse_pgn", ("pgn",)),
        Target("fen", _fen, "parse_fen of each line; a valid position's FEN reads back to it", ("pgn",)),
        Target("notation", _notation, "decode of each word in four positions, with and without plans; encode of a move decodes back", ("pgn",)),
    ]
    return out


def target_names() -> list[str]:
    return [t.name for t in all_targets()]
