"""The front door for game records: tell a file's format, read it, write it.

Everything that reads or writes a record file (``xqformats lint``,
``xqformats convert``, library users) comes through here::

    from xqformats import formats

    record = formats.read("games.pgn")          # a path, bytes, a handle or a Source
    for game in record.games: ...
    for d in record.diagnostics: print(d)       # every finding once, in reader order
    data = formats.write(record.games, "pgn", notation="wxf")

    with formats.open_record("big.pgn") as stream:   # game by game: memory of one game
        for game in stream: ...
        findings = stream.diagnostics

    with formats.open_record("big.pgn") as stream, open("out.json", "wb") as out:
        formats.write_to(stream, "json", out)        # written as they are read: memory of one game

Contract of :func:`read`: it never raises on what an input holds.  An input
whose format is unknown gives ``G101``, a path that cannot be read or is not
a regular file ``G102``, an input above the size limit ``G107``,
a file whose extension contradicts its content ``G105`` (and is read as what
it holds); a reader that raises (a bug: readers report, they do not raise)
gives ``G106`` through :func:`guard`, the one safety net for internal
failures, which the linter's checks use too.

Formats are :class:`~.base.Format` descriptors, one small module each
(:mod:`.pgn`, :mod:`.cbf`), listed explicitly in :data:`REGISTRY`: adding a
format is one module and one line there.  A descriptor module imports its
reader only when a file of that format is read, so reading only PGN never
loads lxml.

:func:`open_record` reads a file game by game when its format can
(:attr:`Format.stream`), keeping no game; :meth:`RecordStream.parts` cuts a
big file into :class:`Part` objects of whole games that other processes read with
``open_record(path, part=…)``.  Its findings are those :func:`read` gives.

:func:`open_writer` (and :func:`write_to`, for an iterable of games) writes
a file game by game to an open handle: a format whose files hold many games
states their :class:`TextLayout`, and each game is encoded and written as it
comes; :func:`write` is :func:`write_to` into memory, so both give the same
bytes.

Layering: this package sits above the model and the readers
(:mod:`xqformats.pgn`, :mod:`xqformats.cbf`) and below ``lint``, ``convert``
and the command line.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import PurePath
from typing import IO, TYPE_CHECKING, Any, Callable, Iterator, Optional, Sized, TypeVar, Union, cast

from ..diagnostics import LINE_END, Diagnostic, DiagnosticSink, Rule, Severity, excerpt, split_lines
from ..digits import bounded_int
from ..encoding import decode_bytes
from ..source import Source
from . import cbf, cbr, ccm, chn, dhtmlxq, json, mxq, pgn, wxfgame, xqf
from .base import Format, Kind, Part, Reading, ReadOptions, Streaming, TextLayout, Writer, text_head
from .registry import Detection, Registry
from .rules import (
    DEFAULT_MAX_FILE_SIZE,
    FILE_TOO_LARGE,
    FORMAT_CONTENT_MISMATCH,
    INTERNAL_ERROR,
    UNREADABLE_FILE,
    UNSUPPORTED_FORMAT,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..model import Game
    from .base import RecordStartsFn, TextStartsFn

__all__ = [
    "REGISTRY",
    "HEAD_SIZE",
    "DEFAULT_MAX_FILE_SIZE",
    "Record",
    "RecordStream",
    "Part",
    "Streaming",
    "Format",
    "Kind",
    "Reading",
    "ReadOptions",
    "Writer",
    "Registry",
    "Detection",
    "Input",
    "detect_format",
    "read",
    "open_record",
    "write",
    "write_to",
    "open_writer",
    "RecordWriter",
    "TextLayout",
    "losses",
    "guard",
    "text_head",
    "text_encoding",
    "parse_size",
    "UNSUPPORTED_FORMAT",
    "UNREADABLE_FILE",
    "FORMAT_CONTENT_MISMATCH",
    "FILE_TOO_LARGE",
    "INTERNAL_ERROR",
]

#: Every format xqformats knows, in detection order (a narrower format before
#: a broader one that shares its extension).  Adding a format: its descriptor
#: module, and one entry here.  Standard input that matches no sniff is PGN.
REGISTRY = Registry(
    (
        dhtmlxq.FORMAT,
        pgn.FORMAT,
        cbf.FORMAT,
        xqf.FORMAT,
        cbr.CBR,
        cbr.CBL,
        mxq.FORMAT,
        ccm.FORMAT,
        chn.FORMAT,
        wxfgame.FORMAT,
        json.FORMAT,
    ),
    default="pgn",
)

#: How many first bytes detection looks at.
HEAD_SIZE = 4096

#: What :func:`read` accepts: a path, bytes, an open binary or text handle, or a :class:`Source`.
Input = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes], IO[str], Source]

T = TypeVar("T")


@dataclass(slots=True)
class Record:
    """One input as read: its format, its games, every finding, and the text they point into.

    ``format`` is ``None`` when no format fits (then ``diagnostics`` holds
    the ``G101``).  ``diagnostics`` holds every finding once: the front
    door's (unreadable, unsupported, mismatch, encoding, internal error),
    then the reader's, file-level and per game, in the reader's order; each
    game also keeps its own in ``game.diagnostics``.  ``source`` is the input
    the positions refer to; :meth:`text` its decoded text (for carets),
    decoded on demand.  ``failed`` is set when the input could not be read at
    all (an unreadable path, a reader that crashed).
    """

    format: Optional[Format]
    games: list["Game"] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    source: Source = field(default_factory=Source)
    failed: bool = False
    _decode: Optional[Callable[[], Optional[str]]] = field(default=None, repr=False, compare=False)

    @property
    def name(self) -> Optional[str]:
        """What reports call the input (its path, or the name given)."""
        return self.source.name

    @property
    def has_errors(self) -> bool:
        return self.failed or any(d.severity is Severity.ERROR for d in self.diagnostics)

    def text(self) -> Optional[str]:
        """The decoded text the positions refer to (``None`` for a binary input or no text)."""
        if self.source.text is None and self._decode is not None:
            decode, self._decode = self._decode, None
            text = decode()
            if text is not None:
                self.source = self.source.decoded(text)
        return self.source.text


# ---------------------------------------------------------------- the safety net


def guard(
    call: Callable[[], T], what: str, *, name: Optional[str] = None, strict: bool = False
) -> tuple[Optional[T], Optional[Diagnostic]]:
    """``(call(), None)``, or ``(None, G106 diagnostic)`` when ``call`` raises.

    The one safety net for internal failures, used at the outer boundary
    only (a reader behind :func:`read`, a lint check over a read game):
    readers and checks report problems in the input as diagnostics, so an
    exception is a bug in xqformats.  It becomes ``G106`` (``"{what} failed:
    Type: message"``) so that one bad file does not stop a run over many;
    nothing else in the package catches broad exceptions.
    """
    try:
        return call(), None
    except Exception as exc:  # the documented safety net (see above)
        return None, _file_diag(INTERNAL_ERROR, f"{what} failed: {type(exc).__name__}: {exc}", name, strict)


def _file_diag(rule: Rule, message: str, name: Optional[str], strict: bool) -> Diagnostic:
    return DiagnosticSink(path=name, strict=strict).report(rule, message)


# ---------------------------------------------------------------- options

#: Codecs that CPython marks as text encodings but that cannot read or write
#: a file's text: ``idna`` and ``punycode`` encode domain labels (they raise
#: on most bytes), ``undefined`` always raises.
_NOT_FILE_ENCODINGS = frozenset({"idna", "punycode", "undefined"})


def text_encoding(name: str) -> str:
    """The canonical name of the text encoding ``name`` (``"GBK"`` → ``"gbk"``).

    Raises :class:`ValueError`, naming ``name``, for an unknown name and for
    a codec that is not a text encoding.  CPython tells the two kinds of codec
    apart by ``codecs.lookup(name)._is_text_encoding``: it is false for the
    bytes-to-bytes and str-to-str codecs (``hex``, ``base64``, ``zlib``,
    ``bz2``, ``uu``, ``quopri``, ``rot13``), which ``bytes.decode`` refuses
    with a :class:`LookupError`.  ``idna``, ``punycode`` and ``undefined``
    pass that test but cannot hold a file's text, so they are refused too.
    The one check behind every ``--encoding`` of the command line.
    """
    try:
        info = codecs.lookup(name)
    except LookupError:
        raise ValueError(f"Unknown encoding `{name}`") from None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_FILE_ENCODINGS:
        raise ValueError(f"`{name}` is not a text encoding (it is the codec `{info.name}`)")
    return info.name


#: The most digits a size may have: a thousand terabytes in bytes (:func:`~xqformats.digits.bounded_int`).
_SIZE_DIGITS = 15
_SIZE = re.compile(r"\s*(\d+)\s*([KMG]?)B?\s*", re.IGNORECASE)
_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3}


def parse_size(text: Union[str, int]) -> int:
    """A size in bytes from ``text``: ``"1000"``, ``"64K"``, ``"256M"``, ``"1G"`` (powers of 1024).

    Raises :class:`ValueError` for anything else, and for a size below 1.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        size = text
    else:
        match = _SIZE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f"`{text}` is not a size (a number of bytes, or one with K, M or G: 64M)")
        number = bounded_int(match.group(1), _SIZE_DIGITS)
        if number is None:
            raise ValueError(f"`{excerpt(str(text))}` is too large a size; expected at most {_SIZE_DIGITS} digits")
        size = number * _UNITS[match.group(2).upper()]
    if size < 1:
        raise ValueError(f"`{text}` is not a size of at least 1 byte")
    return size


def _check_codec(encoding: str) -> None:
    """Refuse a known codec that is not a text encoding; an unknown name is the decoder's finding."""
    try:
        codecs.lookup(encoding)
    except LookupError:
        return
    text_encoding(encoding)


# ---------------------------------------------------------------- detection


def detect_format(name: Optional[str], head: bytes, *, stdin: bool = False, registry: Registry = REGISTRY) -> Detection:
    """How to read an input called ``name`` whose first bytes are ``head`` (see :meth:`Registry.detect`).

    ``stdin`` marks an input that is not a file found by its name (standard
    input, bytes, a handle): without an extension, its content decides.
    """
    return registry.detect(name, head, stdin=stdin)


def _choose(
    source: Source, by_name: bool, fmt: Union[str, Format, None], registry: Registry, strict: bool
) -> tuple[Optional[Format], list[Diagnostic]]:
    """The format to read ``source`` as, and the front door's findings about it (G101, G105)."""
    if isinstance(fmt, Format):
        return fmt, []
    if fmt is not None:
        return registry.get(fmt), []
    if source.data is not None:
        head = source.data[:HEAD_SIZE]
    else:
        head = (source.text or "")[:HEAD_SIZE].encode("utf-8", "replace")
    found, mismatch = registry.detect(source.name, head, stdin=not by_name)
    if found is None:
        suffix = PurePath(source.name).suffix if source.name else ""
        exts = ", ".join(f"`{e}`" for e in registry.extensions())
        message = f"Unsupported file type `{suffix or '(none)'}`; expected {exts}"
        return None, [_file_diag(UNSUPPORTED_FORMAT, message, source.name, strict)]
    if mismatch is None:
        return found, []
    message = (
        f"File named `{mismatch.extensions[0]}` holds {found.content}; "
        f"read as {found.title}, expected extension `{found.extensions[0]}`"
    )
    return found, [_file_diag(FORMAT_CONTENT_MISMATCH, message, source.name, strict)]


# ---------------------------------------------------------------- reading


class _Unreadable(Exception):
    """An input that could not be read at all (carries the G102 diagnostic)."""

    def __init__(self, diagnostic: Diagnostic, name: Optional[str]) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic
        self.name = name


def _unreadable(name: Optional[str], reason: str, strict: bool) -> _Unreadable:
    shown = name if name is not None else "<input>"
    return _Unreadable(_file_diag(UNREADABLE_FILE, f"Cannot read `{shown}`: {reason}", name, strict), name)


def _too_large(name: Optional[str], limit: int, strict: bool) -> _Unreadable:
    shown = name if name is not None else "<input>"
    message = f"`{shown}` is larger than the limit of {limit} bytes; nothing in it was read"
    return _Unreadable(_file_diag(FILE_TOO_LARGE, message, name, strict), name)


def _open_file(path: str, name: str, limit: int, strict: bool) -> tuple[IO[bytes], int]:
    """The regular file at ``path``, open for reading, and its size (at most ``limit`` bytes).

    The type and size are checked with :func:`os.stat` before the file is
    opened: a FIFO would block the open or the read forever, a device
    (``/dev/zero``) never ends, so anything but a regular file is refused
    unopened.  It is opened non-blocking and checked again on the open file
    (it could have been swapped since).
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise _unreadable(name, "not a regular file", strict)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        fh = open(fd, "rb")
        info = os.fstat(fh.fileno())
    except OSError as exc:
        raise _unreadable(name, exc.strerror or type(exc).__name__, strict) from None
    if not stat.S_ISREG(info.st_mode):
        fh.close()
        raise _unreadable(name, "not a regular file", strict)
    if info.st_size > limit:
        fh.close()
        raise _too_large(name, limit, strict)
    return fh, info.st_size


def _read_file(path: str, name: str, limit: int, strict: bool) -> bytes:
    """The bytes of the regular file at ``path`` (see :func:`_open_file`), at most ``limit`` of them.

    At most ``limit + 1`` bytes are read, so a file that grows past the limit is caught too.
    """
    fh, _size = _open_file(path, name, limit, strict)
    try:
        with fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise _unreadable(name, exc.strerror or type(exc).__name__, strict) from None
    if len(data) > limit:
        raise _too_large(name, limit, strict)
    return data


def _read_handle(handle: Union[IO[bytes], IO[str]], name: Optional[str], limit: int, strict: bool) -> Source:
    """What an open handle holds, at most ``limit`` bytes (characters for a text handle)."""
    try:
        content = handle.read(limit + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise _unreadable(name, str(exc), strict) from None
    if len(content) > limit:
        raise _too_large(name, limit, strict)
    if isinstance(content, str):
        return Source.from_text(content, name)
    return Source.from_bytes(bytes(content), name)


def _load(input: Input, name: Optional[str], strict: bool, limit: int) -> tuple[Source, bool]:
    """``(source, by_name)``: the input's bytes or text; ``by_name`` for a file opened by its path.

    Raises :class:`_Unreadable` when the bytes cannot be had (OSError, not a
    regular file, more than ``limit`` bytes).  A :class:`Source` is taken as
    it is: it is in memory already.
    """
    if isinstance(input, Source):
        return (input if name is None else replace(input, name=name)), False
    if isinstance(input, (str, os.PathLike)):
        path = os.fspath(input)
        name = name if name is not None else path
        return Source.from_bytes(_read_file(path, name, limit, strict), name), True
    if isinstance(input, (bytes, bytearray, memoryview)):
        if len(input) > limit:
            raise _too_large(name, limit, strict)
        return Source.from_bytes(bytes(input), name), False
    if hasattr(input, "read"):
        if name is None and isinstance(getattr(input, "name", None), str):
            name = input.name
        return _read_handle(input, name, limit, strict), False
    raise TypeError(f"Cannot read a {type(input).__name__}: expected a path, bytes, a file handle or a Source")


def _decoded(source: Source, options: ReadOptions) -> tuple[Source, list[Diagnostic]]:
    """A text format's input with its text: bytes decoded once here, for every text reader."""
    found: list[Diagnostic] = []
    text = source.text
    if text is None:
        text, _codec, found = decode_bytes(source.data or b"", options.encoding)
        found = [d.with_path(source.name) for d in found]
    if text.startswith("\ufeff"):  # positions count from after the BOM (as the readers count)
        return source.decoded(text[1:]), found
    return (source if source.text is not None else source.decoded(text)), found


def read(
    input: Input,
    *,
    format: Union[str, Format, None] = None,
    name: Optional[str] = None,
    strict: bool = False,
    encoding: Optional[str] = None,
    max_size: int = DEFAULT_MAX_FILE_SIZE,
    registry: Registry = REGISTRY,
) -> Record:
    """Read one record from ``input``; never raises on what the input holds.

    ``input`` is a path (``str`` or path-like; a ``str`` is always a path),
    bytes, an open binary handle, an open text handle or :class:`io.StringIO`
    (text formats only), or a :class:`~xqformats.source.Source`.  ``name`` is
    what reports call it (default: the path, or the handle's ``name``); its
    extension, in any letter case, picks the format, and the content can
    overrule it (``G105``).  A path is a file found by its name: without a
    known extension it is unsupported (``G101``); any other input without an
    extension is read as what its content looks like.  ``format`` (a name or
    a descriptor) skips detection.  ``strict`` makes spec deviations errors;
    ``encoding`` overrides the detected encoding of a text format's bytes
    (an unknown name is reported, and the encoding detected instead).
    ``max_size`` is the largest input read, in bytes (characters for a text
    handle): past it the record holds ``G107`` and nothing is read.  A path
    that is not a regular file (a FIFO, a device) is never opened (``G102``).

    Raises :class:`TypeError` for an input of another type, or text handed
    for a binary format (CBF is read from bytes: its XML declares the
    encoding); :class:`KeyError` for an unknown ``format`` name;
    :class:`ValueError` for an ``encoding`` that names a codec that is not a
    text encoding (see :func:`text_encoding`).
    """
    if encoding is not None:
        _check_codec(encoding)
    options = ReadOptions(strict, encoding)
    try:
        source, by_name = _load(input, name, strict, max_size)
    except _Unreadable as exc:
        return Record(None, [], [exc.diagnostic], Source(exc.name), failed=True)
    fmt, found = _choose(source, by_name, format, registry, strict)
    if fmt is None:
        return Record(None, [], found, source)
    if fmt.kind is Kind.TEXT:
        source, decoding = _decoded(source, options)
        found += decoding
    elif source.data is None:
        raise TypeError(f"{fmt.title} is read from bytes; pass a path, bytes or a binary handle, not text")
    reading, crash = guard(lambda: fmt.reader(source, options), f"The {fmt.title} reader", name=source.name, strict=strict)
    if reading is None:
        assert crash is not None
        return Record(fmt, [], [*found, crash], source, failed=True)
    return Record(fmt, reading.games, found + reading.diagnostics, source, _decode=reading.text)


# ---------------------------------------------------------------- reading game by game


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
        (binary, undecodable).  A streamed file is read again for them (memory: one line).
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
        if self.codec is None or self._path is None:
            return {}
        if not want and containing is not None and not _may_hold(self._path, self.codec, containing):
            return {}
        from ..encoding import TextSource

        with TextSource(open(self._path, "rb"), self.codec, path=self.name) as pieces:
            return _pick_lines(pieces, want, containing)

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
    anything but a path read with a ``format``.
    """
    if encoding is not None:
        _check_codec(encoding)
    options = ReadOptions(strict, encoding)
    if not isinstance(input, (str, os.PathLike)):
        if part is not None:
            raise TypeError("A part is read from a path")
        record = read(input, format=format, name=name, strict=strict, encoding=encoding, max_size=max_size, registry=registry)
        return RecordStream(record.format, record.source, [], record=record, failed=record.failed, size=len(record.source.data or b""))
    path = os.fspath(input)
    name = name if name is not None else path
    try:
        raw, size = _open_file(path, name, max_size, strict)
    except _Unreadable as exc:
        return RecordStream(None, Source(exc.name), [exc.diagnostic], failed=True)
    return _open_path(raw, size, limit=max_size, path=path, name=name, format=format, registry=registry, options=options, part=part)


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
        head = raw.read(HEAD_SIZE) if format is None else b""
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

        def whole() -> Record:
            return read(path, format=known, name=name, strict=options.strict, encoding=options.encoding, max_size=limit)

        return RecordStream(fmt, Source(name), found, record=whole, size=size)
    stream = fmt.stream
    opened = raw if part is None else cast(IO[bytes], _Window(raw, part.start, part.end))
    reader, crash = guard(lambda: stream(opened, name, options, part), f"The {fmt.title} reader", name=name, strict=options.strict)
    if reader is None:
        assert crash is not None
        raw.close()
        return RecordStream(fmt, Source(name), [*found, crash], failed=True, size=size)
    return RecordStream(fmt, Source(name), found, streaming=reader, size=size, options=options, path=path)


# ---------------------------------------------------------------- writing


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
