"""Reading PGN: a text or a file, game by game, every problem a diagnostic.

:func:`parse_pgn` reads a whole input and returns the games and the
diagnostics; :func:`read_pgn` streams one: bytes are decoded incrementally
(:mod:`xqformats.encoding`), cut into game chunks (:mod:`.splitter`), and each
chunk is parsed (:mod:`.fastpath` when it is well-formed, else the Lark parse
of :mod:`.grammar` with its error recovery; both give the same tree) and
lowered (:mod:`.lowering`) on its own, so memory stays flat however large the
file.  :func:`read_headers` gives each game's headers without reading moves.
None of them raises on bad input.

Inputs: ``parse_pgn`` takes a ``str``, ``bytes``, an open text handle
(``open(path, encoding=…)``, ``io.StringIO``) or an open binary handle
(``open(path, "rb")``, ``io.BytesIO``); ``read_pgn`` and ``read_headers`` take
a path or an open handle.  Bytes are decoded as :mod:`xqformats.encoding`
detects (``encoding=`` overrides); a text handle is read as it is.  A handle
is read from where it stands and never closed here.

Each stage reports to one :class:`~xqformats.diagnostics.DiagnosticSink` per
game, whose :class:`~xqformats.source.Source` is the game's chunk: stages give
offsets, the source makes them file positions.

Lenient by default: deviations from the spec whose meaning is clear are
warnings; ``strict=True`` makes them errors (the sink's policy, the same code
path).  Each game's findings are in ``game.diagnostics``.  ``fast=False``
sends every game through the Lark parse (the fast path is an optimisation
held equal to it; tests compare the two).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator, Optional, Union

from ..builder import HeadersBuilder
from ..diagnostics import INTERNAL_ERROR, Diagnostic, DiagnosticSink
from ..encoding import BLOCK_SIZE, TextSource, decode_bytes, open_text
from ..model import Game, Headers
from ..source import Source
from .onepass import OnePassReader
from .fastpath import parse_fast, parse_tag_section
from .grammar import chunk_span, parse_chunk
from .lowering import PgnLowering
from .splitter import split_games

Handler = Callable[[Diagnostic], None]

#: What :func:`parse_pgn` reads: a text, its bytes, or an open text or binary handle.
PgnInput = Union[str, bytes, bytearray, IO[str], IO[bytes]]
#: What :func:`read_pgn` reads: a path, or an open text or binary handle.
PgnFile = Union[str, Path, IO[str], IO[bytes]]


def read_game_chunk(chunk: Source, sink: DiagnosticSink, *, fast: bool = True, one_pass: Optional[OnePassReader] = None) -> Game:
    """Parse and lower one chunk; its diagnostics go to ``sink`` and ``game.diagnostics``.

    ``sink.source`` must be ``chunk`` (the stages report offsets into it).
    ``one_pass`` tries the one-pass path first (:mod:`.onepass`: the same game
    and findings), for the chunks of one file; it must read with the sink's
    ``strict`` and ``path``.
    """
    start = len(sink.items)
    try:
        # The one-pass path (its findings are handed to the sink only once it
        # has read the whole game); else a well-formed chunk takes the fast
        # path (the same AST, no diagnostics), anything else the Lark parse
        # with its error recovery, and the lowering.
        game = one_pass.read(chunk) if one_pass is not None and fast else None
        if game is not None:
            sink.extend(game.diagnostics)
        else:
            syntax = parse_fast(chunk) if fast else None
            if syntax is None:
                syntax = parse_chunk(chunk, sink)
            game = PgnLowering(sink).lower(syntax)
    except Exception as exc:  # noqa: BLE001 - the reader's one safety net, see below
        # Nothing in a text makes the stages raise: an exception here is a bug
        # in xqformats.  It costs this game, not the file, and is reported as
        # such (G106), never as a fault of the input; the never-raises property
        # tests assert that G106 does not appear.
        span = chunk_span(chunk)
        sink.report(INTERNAL_ERROR, f"Internal error while reading this game ({type(exc).__name__}: {exc}); skipped", span)
        game = Game()
        game.span = span
    game.diagnostics = sink.items[start:]
    return game


def _games(
    pieces: Iterable[str], path: Optional[str], strict: bool, handle: Optional[Handler], fast: bool,
    wanted: Optional[Callable[[str], bool]] = None,
) -> Iterator[Game]:
    one_pass = OnePassReader(strict, path, wanted)
    for chunk in split_games(pieces, path):
        # Each game gets a sink of its own, so a long file keeps no diagnostics.
        sink = DiagnosticSink(path=path, strict=strict, handle=handle, source=chunk, wanted=wanted)
        yield read_game_chunk(chunk, sink, fast=fast, one_pass=one_pass)


def _without_bom(pieces: Iterable[str]) -> Iterator[str]:
    """The pieces, the first one without a leading BOM (positions count from after it)."""
    it = iter(pieces)
    for piece in it:
        if piece:
            yield piece[1:] if piece.startswith("\ufeff") else piece
            break
        yield piece
    yield from it  # (the rest as they are, handed on without a step of this loop each)


def _is_text_handle(handle: Union[IO[str], IO[bytes]]) -> bool:
    return isinstance(handle, io.TextIOBase) or isinstance(handle.read(0), str)


def _handle_name(handle: object) -> Optional[str]:
    name = getattr(handle, "name", None)
    return name if isinstance(name, str) else None


class _TextHandle:
    """An open text handle read in blocks, shaped like a :class:`TextSource` (never closed here)."""

    def __init__(self, handle: IO[str], path: Optional[str]) -> None:
        self._handle = handle
        self.path = path
        self.encoding: Optional[str] = getattr(handle, "encoding", None)
        self.diagnostics: list[Diagnostic] = []

    def __iter__(self) -> Iterator[str]:
        read = self._handle.read
        block = read(BLOCK_SIZE)
        while block:
            yield block
            block = read(BLOCK_SIZE)

    def close(self) -> None:
        pass


def _open(source: PgnFile, encoding: Optional[str], path: Optional[str] = None) -> Union[TextSource, _TextHandle]:
    """A stream of text pieces for a path or an open handle (``path``: its name in reports)."""
    if isinstance(source, (str, Path)):
        return open_text(source, encoding)
    if path is None:
        path = _handle_name(source)
    if _is_text_handle(source):
        return _TextHandle(source, path)  # type: ignore[arg-type]
    return TextSource(source, encoding, path=path, owned=False)  # type: ignore[arg-type]


def parse_pgn(
    text: PgnInput,
    *,
    strict: bool = False,
    path: Optional[str] = None,
    encoding: Optional[str] = None,
    handle: Optional[Handler] = None,
    fast: bool = True,
) -> tuple[list[Game], list[Diagnostic]]:
    """Read every game of a PGN input: ``(games, diagnostics)``.

    ``text`` is a ``str``, ``bytes`` (decoded as
    :func:`xqformats.encoding.decode_bytes` does, ``encoding`` overriding
    detection), an open text handle (``io.StringIO``, a file opened in text
    mode) or an open binary handle (decoded like bytes, incrementally).  The
    diagnostics list holds the input's encoding findings, then each game's in
    order; each game also keeps its own in ``game.diagnostics``.  ``path`` is
    put on every diagnostic (default: the handle's ``name``, if any);
    ``handle`` is called for each as it is found.  ``fast=False`` turns the
    fast path off.  Never raises on bad input.
    """
    if isinstance(text, (str, bytes, bytearray)):
        out: list[Diagnostic] = []
        if not isinstance(text, str):
            text, _codec, enc = decode_bytes(bytes(text), encoding)
            for d in enc:
                d = d.with_path(path) if path else d
                out.append(d)
                if handle is not None:
                    handle(d)
        games = list(_games(_without_bom((text,)), path, strict, handle, fast))
        for game in games:
            out.extend(game.diagnostics)
        return games, out
    reader = PgnReader(_open(text, encoding, path), strict=strict, handle=handle, fast=fast)
    games = list(reader)
    diags = list(reader.diagnostics)
    for game in games:
        diags.extend(game.diagnostics)
    return games, diags


class PgnReader:
    """The games of a PGN stream, read one at a time (see :func:`read_pgn`).

    Iterate to get :class:`Game` objects.  ``diagnostics`` holds the file-level
    findings (encoding: E1xx); each game holds its own.  ``encoding`` is the
    codec in use (for a text handle, the handle's own, if it says).  Close it
    (or use ``with``) to release a file opened from a path.  ``wanted`` (the
    codes the caller keeps; ``None``: all) lets the reader leave out, unbuilt,
    the per-move findings of any other code (lint's selection).
    """

    def __init__(
        self,
        source: Union[TextSource, _TextHandle],
        *,
        strict: bool = False,
        handle: Optional[Handler] = None,
        fast: bool = True,
        wanted: Optional[Callable[[str], bool]] = None,
    ) -> None:
        self._source = source
        self.wanted = wanted
        self.path = source.path
        self.encoding = source.encoding
        self.strict = strict
        self.handle = handle
        self.fast = fast
        if handle is not None:
            for d in source.diagnostics:
                handle(d)
        self._reported = len(source.diagnostics)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self._source.diagnostics

    def _pieces(self) -> Iterator[str]:
        """The text, passing on the file-level findings as they are found."""
        source = self._source
        if self.handle is None:
            yield from _without_bom(source)
            return
        for piece in _without_bom(source):
            yield piece
            if len(source.diagnostics) > self._reported:
                for d in source.diagnostics[self._reported :]:
                    self.handle(d)
                self._reported = len(source.diagnostics)

    def __iter__(self) -> Iterator[Game]:
        try:
            yield from _games(self._pieces(), self.path, self.strict, self.handle, self.fast, self.wanted)
        finally:
            self._source.close()

    def close(self) -> None:
        self._source.close()

    def __enter__(self) -> "PgnReader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_pgn(
    source: PgnFile,
    *,
    strict: bool = False,
    encoding: Optional[str] = None,
    handle: Optional[Handler] = None,
    fast: bool = True,
) -> PgnReader:
    """Stream the games of a PGN file: a path, or an open text or binary handle.

    For bytes (a path, a binary handle) the encoding is detected from the
    first bytes (BOM; strict UTF-8 on a sample; else GB18030 or Big5, reported
    as E101) unless ``encoding`` is given.  Only the current game is held in
    memory.  ``OSError`` is raised only when a path cannot be opened; nothing
    in the content raises.  ``fast=False`` turns the fast path off::

        for game in read_pgn("games.pgn"):
            print(game, game.diagnostics)
    """
    return PgnReader(_open(source, encoding), strict=strict, handle=handle, fast=fast)


def read_headers(source: PgnFile, *, encoding: Optional[str] = None) -> Iterator[Headers]:
    """Each game's headers, in file order, without reading the moves.

    ``source`` is a path or an open handle (as for :func:`read_pgn`).  The
    headers equal ``game.headers`` of the games :func:`read_pgn` reads (the
    first of duplicate tags; a tag written inside the movetext counts), but
    the movetext is not parsed when no ``[`` follows the tag section: the
    file is cut into games by the same splitter, and the tag section read
    with the grammar's terminals.  Diagnostics are not reported (read the
    games for them).  Streams, like :func:`read_pgn`; a file opened from a
    path is closed when the iteration ends.
    """
    stream = _open(source, encoding)
    try:
        for chunk in split_games(_without_bom(stream), stream.path):
            yield _headers(chunk)
    finally:
        stream.close()


def _headers(chunk: Source) -> Headers:
    sink = DiagnosticSink(source=chunk)
    found = parse_tag_section(chunk)
    if found is None or "[" in (chunk.text or "")[found[1] :]:
        # A malformed tag pair, or maybe a tag inside the movetext: read it all.
        return read_game_chunk(chunk, sink).headers
    builder, _, _ = PgnLowering(sink).begin(chunk, found[0], None, HeadersBuilder())
    return builder.game.headers
