"""Reading game by game: :func:`open_record`, :class:`RecordStream` and its parts.

:func:`open_record` reads a file game by game when its format can
(:attr:`~.base.Format.stream`), keeping no game; :meth:`RecordStream.parts` cuts a
big file into :class:`~.base.Part` objects of whole games that other processes read with
``open_record(path, part=…)``.  Its findings are those :func:`~._reading.read` gives.
"""

from __future__ import annotations

import codecs
import io
import os
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Callable, Iterator, Optional, Union, cast

from ..diagnostics import LINE_END, Diagnostic, split_lines
from ..source import Source
from ._reading import Input, Record, _check_codec, _choose, _open_file, _too_large, _Unreadable, _unreadable, guard, read
from .base import Format, Kind, Part, ReadOptions, Streaming
from .registry import HEAD_SIZE, REGISTRY, Registry
from .rules import DEFAULT_MAX_FILE_SIZE

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..model import Game
    from .base import RecordStartsFn, TextStartsFn


class _Window:
    """Bytes ``start`` to ``end`` of an open file, read as a file of their own (for a :class:`Part`)."""

    def __init__(self, raw: IO[bytes], start: int, end: int) -> None:
        raw.seek(start)
        self._raw = raw
        self._left = end - start

    def read(self, size: int = -1) -> bytes:
        if size < 0 or size > self._left:
            size = self._left
        data = self._raw.read(size)
        self._left -= len(data)
        return data

    def close(self) -> None:
        self._raw.close()


class RecordStream:
    """One input read game by game (made by :func:`open_record`): iterate for its games.

    ``format``, ``name``, ``failed`` as in :class:`Record`; ``size`` is the
    input's size in bytes.  :attr:`diagnostics` holds every finding, as
    :attr:`Record.diagnostics` does (the front door's, then the reader's,
    file-level and per game, in the reader's order), once the games have
    been read; each game keeps its own in ``game.diagnostics``.  A game is
    not kept once it has been handed out.  The games can be iterated once.
    :meth:`lines` gives the source lines findings point at; :meth:`parts`
    cuts the file for reading in several processes.  Close it (or use
    ``with``) to release the file when the games are not all read.
    """

    def __init__(
        self,
        format: Optional[Format],
        source: Source,
        found: list[Diagnostic],
        *,
        streaming: Optional[Streaming] = None,
        record: Union[Record, Callable[[], Record], None] = None,
        size: int = 0,
        failed: bool = False,
        options: ReadOptions = ReadOptions(),
        path: Optional[str] = None,
    ) -> None:
        self.format = format
        self.source = source
        self.size = size
        self._failed = failed
        self._found = found
        self._streaming = streaming
        # A format that cannot stream is read whole, when first needed (not by parts()).
        self._load = record if callable(record) else None
        self._record = record if isinstance(record, Record) else None
        self._options = options
        self._path = path
        self._crash: list[Diagnostic] = []

    @property
    def name(self) -> Optional[str]:
        return self.source.name

    @property
    def failed(self) -> bool:
        """Whether the input could not be read at all, or its reader crashed (``G102``, ``G106``)."""
        record = self._whole()
        return self._failed or (record is not None and record.failed)

    def _whole(self) -> Optional[Record]:
        """The record read whole, for a format that cannot stream (read now if not yet)."""
        if self._load is not None:
            load, self._load = self._load, None
            self._record = load()
            self.source = self._record.source
        return self._record

    @property
    def codec(self) -> Optional[str]:
        """The text encoding the input is read in (``None``: binary, or not streamed)."""
        return self._streaming.codec if self._streaming is not None else None

    @property
    def diagnostics(self) -> list[Diagnostic]:
        if self._streaming is not None:
            return self._found + self._streaming.findings() + self._crash
        record = self._whole()
        if record is not None:
            return self._found + record.diagnostics
        return list(self._found)

    def __iter__(self) -> Iterator["Game"]:
        record = self._whole()
        if record is not None:
            yield from record.games
            return
        if self._streaming is None or self.failed:
            return
        games = self._streaming.games
        what = f"The {self.format.title if self.format else ''} reader"
        while True:
            # A reader that raises (a bug) ends the stream with G106, as read() reports it.
            game, crash = guard(lambda: next(games, None), what, name=self.name, strict=self._options.strict)
            if crash is not None:
                self._crash.append(crash)
                self._failed = True
                self.close()
                return
            if game is None:
                return
            yield game

    def close(self) -> None:
        if self._streaming is not None:
            self._streaming.close()
        self._load = None

    def __enter__(self) -> "RecordStream":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ source lines
    def lines(self, wanted: "Iterable[int]", containing: Optional[str] = None) -> dict[int, str]:
        """The text lines numbered ``wanted``, and every line holding ``containing`` if given
        (1-based, as positions count them, without line ends).

        Numbers past the end are left out; ``{}`` for an input with no text
        (binary, undecodable).  A streamed file is read again for them (memory: one line),
        unless its reader kept its text (a small file, :attr:`.base.Streaming.text`).
        """
        want = set(wanted)
        if not want and containing is None:
            return {}
        if self._streaming is None:
            record = self._whole()
            text = record.text() if record is not None else None
            if text is None:
                return {}
            all_lines = split_lines(text)
            out = {n: all_lines[n - 1] for n in want if 1 <= n <= len(all_lines)}
            if containing is not None and containing in text:
                out.update((n, s) for n, s in enumerate(all_lines, 1) if containing in s)
            return out
        kept = self._streaming.text()
        if kept is not None:
            return _pick_lines((kept,), want, containing)
        if self.codec is None or self._path is None:
            return {}
        if not want and containing is not None and not _may_hold(self._path, self.codec, containing):
            return {}
        from ..encoding import TextSource

        with TextSource(open(self._path, "rb"), self.codec, path=self.name) as pieces:
            return _pick_lines(pieces.blocks(), want, containing)

    # ------------------------------------------------------------ parts
    def parts(self, count: int, *, min_size: int = 1 << 20) -> Iterator[Part]:
        """The file cut into about ``count`` :class:`Part` objects of whole games, each at least ``min_size`` bytes.

        Yields each part as soon as its end is found (the file is scanned
        once, nothing parsed), so readers can start on the first while the
        rest is cut.  Yields nothing when the file cannot be cut (not a
        streamed file, a format that cannot say where its games start, an
        encoding that does not allow it, a library whose index cannot be
        read, or one part would do); then read it whole.  A text file is cut
        where its games start (:data:`~.base.TextStartsFn`); a binary library
        between records, as its index places them (:data:`~.base.RecordStartsFn`:
        each part carries the entries of its records).  Each part is read with
        ``open_record(path, format=…, part=…)``, and the findings of all
        parts, in order, are those of the whole file (after this stream's own
        :attr:`diagnostics`, read before its games).
        """
        fmt = self.format
        count = min(count, self.size // max(min_size, 1))
        # (`failed` last: it would read a format that cannot stream.)
        if count < 2 or fmt is None or fmt.starts is None or self._path is None or self.failed:
            return
        with open(self._path, "rb") as raw:
            if fmt.kind is Kind.BINARY:
                yield from _record_parts(cast("RecordStartsFn", fmt.starts), raw, self.size, count, min_size)
            elif self.codec is not None:
                yield from _text_parts(cast("TextStartsFn", fmt.starts), raw, self.codec, self.size, self.size / count)


def _text_parts(starts: TextStartsFn, raw: IO[bytes], codec: str, size: int, step: float) -> Iterator[Part]:
    """Parts of about ``step`` bytes of the text file ``raw`` (``size`` bytes), cut where ``starts`` finds games."""
    try:
        found = starts(raw, codec)
    except ValueError:
        return
    last = Part(0, 0, codec=codec)
    for byte, offset, line, column in found:
        if byte >= last.start + step and size - byte >= step / 2:
            yield replace(last, end=byte)
            last = Part(byte, 0, offset, line, column, codec)
    if last.start > 0:
        yield replace(last, end=size)


def _record_parts(starts: RecordStartsFn, raw: IO[bytes], size: int, count: int, min_size: int) -> Iterator[Part]:
    """About ``count`` parts of the binary library ``raw`` (``size`` bytes), each about as large and
    at least ``min_size`` bytes, cut between records (none when the records would make one part).

    The first part starts at the first record (the header and index before
    it are read by no part); the last runs to the file's end (bytes after the
    last record, and records that run past the end, are its reader's).
    """
    try:
        found = starts(raw)
    except ValueError:
        return
    first: Optional[int] = None
    step = 0.0
    entries: list[tuple[int, ...]] = []
    cut = False
    for byte, entry in found:
        if first is None:
            first = byte
            count = min(count, (size - first) // max(min_size, 1))
            if count < 2:
                return
            step = (size - first) / count
        elif byte >= first + step and size - byte >= step / 2:
            yield Part(first, byte, entries=tuple(entries), size=size)
            first, entries, cut = byte, [], True
        entries.append(entry)
    if cut and first is not None:
        yield Part(first, size, entries=tuple(entries), size=size)


#: Codecs in which an ASCII text is the same bytes wherever it stands (each
#: ASCII character one byte, no shift states): an ASCII text that is not among
#: a file's bytes is not in its text.
_ASCII_SAFE = frozenset(
    {"ascii", "utf-8", "utf-8-sig", "gb18030", "gbk", "gb2312", "big5", "big5hkscs", "cp950", "cp936", "iso8859-1", "cp1252"}
)


def _may_hold(path: str, codec: str, text: str) -> bool:
    """Whether the file at ``path`` may hold the ASCII ``text`` (False only when its bytes cannot).

    One pass over the bytes, not decoded: a file with no suppression
    directive, say, costs a byte search, not a second decoding.  A multi-byte
    character may hold the bytes by chance; then the caller reads the text.
    """
    try:
        name = codecs.lookup(codec).name
    except LookupError:
        return True
    if name not in _ASCII_SAFE or not text.isascii():
        return True
    needle = text.encode("ascii")
    carry = b""
    try:
        with open(path, "rb") as raw:
            while True:
                block = raw.read(1 << 20)
                if not block:
                    return False
                if needle in carry + block[: len(needle)] or needle in block:
                    return True
                carry = block[-(len(needle) - 1) :] if len(needle) > 1 else b""
    except OSError:
        return True


def _pick_lines(pieces: "Iterable[str]", want: set[int], containing: Optional[str] = None) -> dict[int, str]:
    """The lines numbered in ``want`` of the text given in ``pieces`` (as :func:`split_lines` numbers them),
    and those holding ``containing`` if given (then the whole text is read)."""
    out: dict[int, str] = {}
    last = max(want) if want and containing is None else float("inf")
    number = 1
    carry = ""
    first = True
    for piece in pieces:
        if first and piece:
            first = False
            if piece.startswith("\ufeff"):
                piece = piece[1:]  # positions count from after a BOM
        text = carry + piece if carry else piece
        # A CR at the end may be the first half of a CR LF: decided with the next piece.
        held = text.endswith("\r")
        parts = LINE_END.split(text[:-1] if held else text)
        for line in parts[:-1]:
            if number in want or (containing is not None and containing in line):
                out[number] = line
            number += 1
        carry = parts[-1] + ("\r" if held else "")
        if number > last:
            return out
    for line in split_lines(carry):
        if number in want or (containing is not None and containing in line):
            out[number] = line
        number += 1
    return out


def open_record(
    input: Input,
    *,
    format: Union[str, Format, None] = None,
    name: Optional[str] = None,
    strict: bool = False,
    encoding: Optional[str] = None,
    max_size: int = DEFAULT_MAX_FILE_SIZE,
    registry: Registry = REGISTRY,
    part: Optional[Part] = None,
    wanted: Optional[Callable[[str], bool]] = None,
    data: Optional[bytes] = None,
) -> RecordStream:
    """Open one record for reading game by game; never raises on what the input holds.

    The arguments are those of :func:`read`, and the findings the same.  A
    path whose format can stream (:attr:`Format.stream`: PGN, CBL) is read
    one game at a time as the stream is iterated, and no game is kept;
    anything else is read whole by :func:`read` and handed out game by game.
    ``part`` (with ``format``) reads only that part of the file at the path,
    as cut by :meth:`RecordStream.parts`: its findings are the reader's on
    that part (the file-level ones before it are the whole stream's).
    Raises as :func:`read` does, and :class:`TypeError` for a ``part`` of
    anything but a path read with a ``format``.  ``wanted`` (the codes the
    caller keeps, :attr:`ReadOptions.wanted`) lets a streaming reader skip
    building findings of the others.  ``data`` is the whole content of the
    file at the path, when the caller has read it already (the archive index
    hashes every file): the file is not opened again, and what is read and
    found is what reading the file would give.
    """
    if encoding is not None:
        _check_codec(encoding)
    options = ReadOptions(strict, encoding, wanted)
    if not isinstance(input, (str, os.PathLike)):
        if part is not None:
            raise TypeError("A part is read from a path")
        record = read(input, format=format, name=name, strict=strict, encoding=encoding, max_size=max_size, registry=registry)
        return RecordStream(record.format, record.source, [], record=record, failed=record.failed, size=len(record.source.data or b""))
    path = os.fspath(input)
    name = name if name is not None else path
    try:
        raw, size = _open_file(path, name, max_size, strict) if data is None else _held(data, name, max_size, strict)
    except _Unreadable as exc:
        return RecordStream(None, Source(exc.name), [exc.diagnostic], failed=True)
    return _open_path(raw, size, limit=max_size, path=path, name=name, format=format, registry=registry, options=options, part=part)


#: A file of fewer bytes than this is read once, whole, when its format is detected (the format's
#: reader then reads it from memory): most record files are a few kilobytes.
SMALL_FILE = 64 * 1024


def _held(data: bytes, name: str, limit: int, strict: bool) -> tuple[IO[bytes], int]:
    """A file's content already read, as :func:`_open_file` gives the file (refused past ``limit`` bytes)."""
    if len(data) > limit:
        raise _too_large(name, limit, strict)
    return io.BytesIO(data), len(data)


def _open_path(
    raw: IO[bytes],
    size: int,
    *,
    limit: int,
    path: str,
    name: str,
    format: Union[str, Format, None],
    registry: Registry,
    options: ReadOptions,
    part: Optional[Part],
) -> RecordStream:
    """:func:`open_record` of the regular file ``raw`` (open, ``size`` bytes) found at ``path``."""
    if part is not None and format is None:
        raw.close()
        raise TypeError("A part is read with the format of its file")
    try:
        first = raw.read(SMALL_FILE) if format is None else b""
        head = first[:HEAD_SIZE]
        # A file shorter than SMALL_FILE is all in `first` (a regular file's read returns less only
        # at its end): it is read from memory from here on, not from the file again.
        whole_file: Optional[bytes] = first if format is None and len(first) < SMALL_FILE else None
        if whole_file is None:
            raw.seek(0)
    except OSError as exc:
        raw.close()
        diag = _unreadable(name, exc.strerror or type(exc).__name__, options.strict).diagnostic
        return RecordStream(None, Source(name), [diag], failed=True)
    fmt, found = _choose(Source.from_bytes(head, name), True, format, registry, options.strict)
    if fmt is None:
        raw.close()
        return RecordStream(None, Source(name), found, size=size)
    if fmt.stream is None:
        # Read whole by read() when first needed (the format is known now).
        raw.close()
        known = fmt
        data: Union[str, bytes] = path if whole_file is None else whole_file

        def whole() -> Record:
            return read(data, format=known, name=name, strict=options.strict, encoding=options.encoding, max_size=limit)

        return RecordStream(fmt, Source(name), found, record=whole, size=size)
    stream = fmt.stream
    if whole_file is not None:
        raw.close()
        raw = io.BytesIO(whole_file)
    opened = raw if part is None else cast(IO[bytes], _Window(raw, part.start, part.end))
    reader, crash = guard(lambda: stream(opened, name, options, part), f"The {fmt.title} reader", name=name, strict=options.strict)
    if reader is None:
        assert crash is not None
        raw.close()
        return RecordStream(fmt, Source(name), [*found, crash], failed=True, size=size)
    return RecordStream(fmt, Source(name), found, streaming=reader, size=size, options=options, path=path)

