"""Reading one input whole: what :func:`read` accepts, how it is loaded and decoded.

Contract of :func:`read`: it never raises on what an input holds.  An input
whose format is unknown gives ``G101``, a path that cannot be read or is not
a regular file ``G102``, an input above the size limit ``G107``,
a file whose extension contradicts its content ``G105`` (and is read as what
it holds); a reader that raises (a bug: readers report, they do not raise)
gives ``G106`` through :func:`guard`, the one safety net for internal
failures, which the linter's checks use too.  A text format's bytes are
decoded once here, for every text reader, and the encoding findings reported.

The checks of the options every reading tool takes (:func:`text_encoding`,
:func:`parse_size`) live here too.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import PurePath
from typing import IO, TYPE_CHECKING, Callable, Optional, TypeVar, Union

from ..diagnostics import INTERNAL_ERROR, Diagnostic, DiagnosticSink, Rule, Severity, excerpt
from ..digits import bounded_int
from ..encoding import decode_bytes
from ..source import Source
from .base import Format, Kind, ReadOptions
from .registry import HEAD_SIZE, REGISTRY, Registry
from .rules import (
    DEFAULT_MAX_FILE_SIZE,
    FILE_TOO_LARGE,
    FORMAT_CONTENT_MISMATCH,
    UNREADABLE_FILE,
    UNSUPPORTED_FORMAT,
)

if TYPE_CHECKING:
    from ..model import Game

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
        reason = exc.strerror or type(exc).__name__
        if isinstance(exc, FileNotFoundError) or exc.errno == errno.ENAMETOOLONG:
            reason += _text_hint(path)
        raise _unreadable(name, reason, strict) from None
    if not stat.S_ISREG(info.st_mode):
        fh.close()
        raise _unreadable(name, "not a regular file", strict)
    if info.st_size > limit:
        fh.close()
        raise _too_large(name, limit, strict)
    return fh, info.st_size


def _text_hint(path: str) -> str:
    """What to say when a path that names no file is a record's text (``read("1. 炮二平五 马8进7")``).

    A ``str`` is always a path (one meaning per type); the hint is given when
    the string holds a line break, or holds no folder separator and a
    format's sniff recognises it (a path such as ``/tmp/a/b.pgn`` has the
    shape of a FEN board), so that a caller who meant the text learns how to pass it.
    """
    head = path.encode("utf-8", "surrogateescape")[:HEAD_SIZE]
    separators = {os.sep, os.altsep or os.sep}
    if "\n" in path or "\r" in path or (not separators & set(path) and REGISTRY.sniff(head) is not None):
        return "; a `str` is a path: to read the text itself, pass `io.StringIO(text)` or `text.encode()`"
    return ""


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

