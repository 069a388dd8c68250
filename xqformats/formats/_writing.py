"""Writing: a record file game by game to an open handle, or into memory.

:func:`open_writer` (and :func:`write_to`, for an iterable of games) writes
a file game by game to an open handle: a format whose files hold many games
states their :class:`~.base.TextLayout`, and each game is encoded and written as it
comes; :func:`write` is :func:`write_to` into memory, so both give the same
bytes.  :func:`losses` names what a format cannot keep of a game.
"""

from __future__ import annotations

import codecs
import io
from typing import IO, TYPE_CHECKING, Any, Optional, Sized, Union

from .base import Format, TextLayout, Writer
from .registry import REGISTRY, Registry

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..model import Game


def _writer(format: Union[str, Format], registry: Registry) -> tuple[Format, Writer]:
    fmt = format if isinstance(format, Format) else registry.get(format)
    if fmt.writer is None:
        raise ValueError(f"{fmt.title} cannot be written; writable formats: {', '.join(registry.writable())}")
    return fmt, fmt.writer


def _check_options(fmt: Format, writer: Writer, options: dict[str, Any]) -> None:
    unknown = sorted(set(options) - writer.options - {"encoding"})
    if unknown:
        raise TypeError(f"{fmt.title} output takes no option {', '.join(f'`{o}`' for o in unknown)}")


def _too_many(fmt: Format, writer: Writer, count: int) -> None:
    if writer.max_games is not None and count > writer.max_games:
        raise ValueError(f"A {fmt.title} file holds {writer.max_games} game(s), not {count}")


class RecordWriter:
    """One record file being written game by game (made by :func:`open_writer`).

    :meth:`write` adds a game; :meth:`close` (or leaving a ``with`` block
    without an exception) ends the file.  A format whose files hold many
    games (:class:`TextLayout`: PGN, DhtmlXQ, JSON) is written to the handle
    as the games come, holding none; one whose file holds few (CBF, XQF, WXF:
    :attr:`Writer.max_games`) holds them and writes the file at :meth:`close`.
    ``count`` is how many games were added.  The handle is the caller's: it
    is neither flushed nor closed here.  Raises as :func:`write` does, when
    the game or the end is written.
    """

    def __init__(self, handle: IO[bytes], fmt: Format, writer: Writer, options: dict[str, Any]) -> None:
        self.format = fmt
        self.count = 0
        self._handle = handle
        self._writer = writer
        self._options = options
        self._held: list["Game"] = []
        self._closed = False
        layout = writer.write
        if isinstance(layout, TextLayout):
            self._game = layout.game
            head, self._separator, self._tail = layout.frame()
            self._encoder = codecs.getincrementalencoder(options.get("encoding") or "utf-8")()
            self._put(head)

    def _put(self, text: str, final: bool = False) -> None:
        data = self._encoder.encode(text, final)
        if data:
            self._handle.write(data)

    def write(self, game: "Game") -> None:
        """Add ``game`` to the file (written now when the format allows it)."""
        _too_many(self.format, self._writer, self.count + 1)
        if isinstance(self._writer.write, TextLayout):
            text = self._game(game, self._options)
            self._put(self._separator + text if self.count else text)
        else:
            self._held.append(game)
        self.count += 1

    def close(self) -> None:
        """End the file: its tail, or the whole file of a format written at once."""
        if self._closed:
            return
        self._closed = True
        if isinstance(self._writer.write, TextLayout):
            self._put(self._tail, final=True)
        else:
            held, self._held = self._held, []
            self._handle.write(self._writer.write(held, self._options))

    def __enter__(self) -> "RecordWriter":
        return self

    def __exit__(self, kind: Optional[type], *exc: object) -> None:
        if kind is None:
            self.close()


def open_writer(handle: IO[bytes], format: Union[str, Format], *, registry: Registry = REGISTRY, **options: Any) -> RecordWriter:
    """Start writing a ``format`` file to the open binary ``handle``, game by game (see :class:`RecordWriter`).

    ``options`` are those of :func:`write`.  Raises :class:`ValueError` when
    the format cannot be written, :class:`TypeError` for an option it does
    not take, :class:`LookupError` for an unknown encoding.
    """
    fmt, writer = _writer(format, registry)
    _check_options(fmt, writer, options)
    return RecordWriter(handle, fmt, writer, options)


def write_to(games: "Iterable[Game]", format: Union[str, Format], handle: IO[bytes], *, registry: Registry = REGISTRY, **options: Any) -> int:
    """Write a ``format`` file holding ``games`` to the open binary ``handle``; how many games it holds.

    Game by game, as they come from ``games`` (see :class:`RecordWriter`):
    memory is one game's, however many there are, for a format whose files
    hold many.  The bytes are those :func:`write` gives.  Raises as
    :func:`write` does (what was written before the error stays in ``handle``).
    """
    with open_writer(handle, format, registry=registry, **options) as out:
        for game in games:
            out.write(game)
    return out.count


def write(games: "Iterable[Game]", format: Union[str, Format], *, registry: Registry = REGISTRY, **options: Any) -> bytes:
    """The bytes of a ``format`` file holding ``games`` (:func:`write_to` into memory).

    ``options`` are ``encoding`` (default UTF-8) and the format's own
    (:attr:`Writer.options`; PGN: ``notation``, ``traditional``,
    ``fullwidth``).  A format that holds one game per file (CBF) takes
    exactly one.  Raises :class:`ValueError` when the format cannot be
    written, holds fewer games, or the encoding cannot write the text
    (:class:`UnicodeEncodeError`); :class:`TypeError` for an option the
    format does not take.  What the format cannot hold is not an error:
    :func:`losses` names it.
    """
    fmt, writer = _writer(format, registry)
    if isinstance(games, Sized):
        _check_options(fmt, writer, options)
        _too_many(fmt, writer, len(games))  # the whole count in the message, before anything is written
    out = io.BytesIO()
    write_to(games, fmt, out, registry=registry, **options)
    return out.getvalue()


def losses(game: "Game", format: Union[str, Format], *, registry: Registry = REGISTRY, **options: Any) -> list[str]:
    """What a ``format`` file written with ``options`` cannot keep of ``game``: one sentence each."""
    fmt, writer = _writer(format, registry)
    _check_options(fmt, writer, options)
    return writer.losses(game, options)
