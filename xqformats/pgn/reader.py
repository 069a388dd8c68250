"""Reading PGN: a text or a file, game by game, every problem a diagnostic.

:func:`parse_pgn` reads a whole text (or bytes) and returns the games and the
diagnostics; :func:`read_pgn` streams a file: bytes are decoded incrementally
(:mod:`xqformats.encoding`), cut into game chunks (:mod:`.splitter`), and each
chunk is parsed (:mod:`.fastpath` when it is well-formed, else the Lark parse
of :mod:`.grammar` with its error recovery; both give the same tree) and
lowered (:mod:`.lowering`) on its own, so memory stays flat however large the
file.  Neither raises on bad input.

Lenient by default: deviations from the spec whose meaning is clear are
warnings; ``strict=True`` makes them errors (the sink's policy, the same code
path).  Each game's findings are in ``game.diagnostics``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional, Union

from ..diagnostics import Diagnostic, DiagnosticSink, Rule, Span
from ..encoding import TextSource, decode_bytes, open_text
from ..model import Game
from .fastpath import parse_fast
from .grammar import parse_chunk
from .lowering import PgnLowering
from .rules import SYNTAX
from .splitter import Chunk, iter_lines, split_games

__all__ = ["parse_pgn", "read_pgn", "PgnReader", "read_game_chunk"]

Handler = Callable[[Diagnostic], None]


def read_game_chunk(chunk: Chunk, sink: DiagnosticSink) -> Game:
    """Parse and lower one chunk; its diagnostics go to ``sink`` and ``game.diagnostics``."""
    start = len(sink.items)

    def report(rule: Rule, message: str, span: Span) -> None:
        sink.report(rule, message, span)

    # A well-formed chunk takes the fast path (the same AST, no diagnostics);
    # anything else the Lark parse with its error recovery.
    syntax = parse_fast(chunk.text, chunk.offset, chunk.line)
    if syntax is None:
        syntax = parse_chunk(chunk.text, report, offset=chunk.offset, line=chunk.line)
    try:
        game = PgnLowering(sink).lower(syntax)
    except Exception as exc:  # pragma: no cover - a lowering bug must not end the file
        sink.report(SYNTAX, f"Game could not be read ({type(exc).__name__}); skipped", syntax.span)
        game = Game()
        game.span = syntax.span
    game.diagnostics = sink.items[start:]
    return game


def _games(lines: Iterable[str], sink: DiagnosticSink) -> Iterator[Game]:
    for chunk in split_games(lines):
        # Each game gets a fresh list so a long file does not keep every diagnostic.
        game_sink = DiagnosticSink(path=sink.path, strict=sink.strict, handle=sink.handle)
        game = read_game_chunk(chunk, game_sink)
        yield game


def parse_pgn(
    text: Union[str, bytes],
    *,
    strict: bool = False,
    path: Optional[str] = None,
    encoding: Optional[str] = None,
    handle: Optional[Handler] = None,
) -> tuple[list[Game], list[Diagnostic]]:
    """Read every game of a PGN text: ``(games, diagnostics)``.

    ``text`` may be bytes (decoded as :func:`xqformats.encoding.decode_bytes`
    does, ``encoding`` overriding detection).  The diagnostics list holds the
    file's (encoding) findings, then each game's in order; each game also keeps
    its own in ``game.diagnostics``.  ``path`` is put on every diagnostic;
    ``handle`` is called for each as it is found.  Never raises on bad input.
    """
    out: list[Diagnostic] = []
    if isinstance(text, (bytes, bytearray)):
        text, _codec, enc = decode_bytes(bytes(text), encoding)
        for d in enc:
            d = d.with_path(path) if path else d
            out.append(d)
            if handle is not None:
                handle(d)
    if text.startswith("\ufeff"):
        text = text[1:]
    sink = DiagnosticSink(path=path, strict=strict, handle=handle)
    games = []
    for game in _games(iter_lines(text), sink):
        games.append(game)
        out.extend(game.diagnostics)
    return games, out


class PgnReader:
    """The games of a PGN file, read one at a time (see :func:`read_pgn`).

    Iterate to get :class:`Game` objects.  ``diagnostics`` holds the file-level
    findings (encoding: E1xx); each game holds its own.  ``encoding`` is the
    codec in use.  Close it (or use ``with``) to release the file.
    """

    def __init__(self, source: TextSource, *, strict: bool = False, handle: Optional[Handler] = None) -> None:
        self._source = source
        self.path = source.path
        self.encoding = source.encoding
        self.strict = strict
        self.handle = handle
        if handle is not None:
            for d in source.diagnostics:
                handle(d)
        self._reported = len(source.diagnostics)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self._source.diagnostics

    def _lines(self) -> Iterator[str]:
        first = True
        for line in self._source:
            if first:
                first = False
                if line.startswith("\ufeff"):
                    line = line[1:]
            yield line
            if self.handle is not None and len(self._source.diagnostics) > self._reported:
                for d in self._source.diagnostics[self._reported :]:
                    self.handle(d)
                self._reported = len(self._source.diagnostics)

    def __iter__(self) -> Iterator[Game]:
        sink = DiagnosticSink(path=self.path, strict=self.strict, handle=self.handle)
        try:
            yield from _games(self._lines(), sink)
        finally:
            self._source.close()

    def close(self) -> None:
        self._source.close()

    def __enter__(self) -> "PgnReader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_pgn(
    path: Union[str, Path],
    *,
    strict: bool = False,
    encoding: Optional[str] = None,
    handle: Optional[Handler] = None,
) -> PgnReader:
    """Stream the games of the PGN file at ``path``.

    The encoding is detected from the first bytes (BOM; strict UTF-8 on a
    sample; else GB18030 or Big5, reported as E101) unless ``encoding`` is
    given.  Only the current game is held in memory.  ``OSError`` is raised
    only when the file cannot be opened; nothing in its content raises::

        for game in read_pgn("games.pgn"):
            print(game, game.diagnostics)
    """
    return PgnReader(open_text(path, encoding), strict=strict, handle=handle)
