"""PGN (the xiangqi PGN spec's dialect) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.pgn.parse_pgn` and
:func:`xqformats.pgn.write_pgn`, imported on first use.  A file is also read
as a stream (:class:`xqformats.pgn.PgnReader`), whole or in parts cut where
:func:`xqformats.pgn.splitter.game_starts` finds games start.
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, Any, Iterator, Mapping, Optional

from .base import Format, Kind, Part, Reading, ReadOptions, Streaming, TextLayout, Writer, text_head

if TYPE_CHECKING:
    from ..diagnostics import Diagnostic
    from ..model import Game
    from ..source import Source

#: The Chinese notation unless told otherwise (the spec's own).
_DEFAULT_NOTATION = "chinese"


def sniff(head: bytes) -> bool:
    """A PGN record starts with ``[`` (a tag), ``{`` or ``;`` (a comment), ``%`` (an escape) or a move number."""
    first = text_head(head)[:1]
    return bool(first) and (first in b"[{;%" or first.isdigit())


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..pgn import parse_pgn

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = parse_pgn(source.text, strict=options.strict, path=source.name)
    return Reading(list(games), list(diagnostics))


#: Up to how many characters of a whole file's text the stream keeps (:attr:`.base.Streaming.text`).
KEEP_TEXT = 64 * 1024


def _stream(raw: IO[bytes], name: Optional[str], options: ReadOptions, part: Optional[Part]) -> Streaming:
    """The games of the file ``raw``, or of its ``part``, one at a time (see :data:`.base.StreamFn`)."""
    from ..diagnostics import DiagnosticSink
    from ..encoding import TextSource
    from ..pgn import PgnReader
    from ..pgn.onepass import OnePassReader
    from ..pgn.reader import read_game_chunk
    from ..pgn.splitter import split_games

    games: Iterator["Game"]
    if part is None or part.start == 0:
        # The whole file, or its first part: read as from the start (a BOM dropped).
        # The text of a small whole file is kept: the lines findings point at come from it.
        keep = KEEP_TEXT if part is None else 0
        source = TextSource(raw, options.encoding if part is None else part.codec, path=name, keep=keep)
        games = iter(PgnReader(source, strict=options.strict, wanted=options.wanted))
    else:
        # A part after the first starts at a line that starts with no BOM
        # (game_starts), so even a BOM-dropping codec reads it as it is.
        source = TextSource(raw, part.codec, path=name, line=part.line)
        chunks = split_games(source, name, start=(part.offset, part.line, part.column))
        one_pass = OnePassReader(options.strict, name, options.wanted)
        games = (
            read_game_chunk(c, DiagnosticSink(path=name, strict=options.strict, source=c, wanted=options.wanted), one_pass=one_pass)
            for c in chunks
        )
    found: list["Diagnostic"] = []

    def each() -> Iterator["Game"]:
        try:
            for game in games:
                found.extend(game.diagnostics)
                yield game
        finally:
            source.close()

    # The file-level findings (encoding) first, then each game's: the order of parse_pgn.
    return Streaming(each(), lambda: source.diagnostics + found, source.encoding, source.close, source.kept_text)


def _starts(raw: IO[bytes], codec: str) -> Iterator[tuple[int, int, int, int]]:
    from ..pgn.splitter import game_starts

    return game_starts(raw, codec)


def _game_text(game: "Game", options: Mapping[str, Any]) -> str:
    from ..pgn import write_pgn

    notation = options.get("notation") or _DEFAULT_NOTATION
    return write_pgn(game, notation, traditional=bool(options.get("traditional")), fullwidth=bool(options.get("fullwidth")))


#: Games one after another, a blank line between two (each game's text ends with a line end).
_LAYOUT = TextLayout(_game_text, lambda: ("", "\n", ""))


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.pgn.write_pgn` cannot keep of ``game``: the writer's declaration (:func:`~xqformats.pgn.writer.carries`)."""
    from ..losses import report
    from ..pgn.writer import carries

    return report(game, carries(options.get("notation") or _DEFAULT_NOTATION))


FORMAT = Format(
    name="pgn",
    title="PGN",
    content="a PGN record",
    extensions=(".pgn",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    writer=Writer(_LAYOUT, _losses, options=frozenset({"notation", "traditional", "fullwidth"})),
    stream=_stream,
    starts=_starts,
    rules="xqformats.pgn.rules",
)
