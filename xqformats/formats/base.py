"""What a format is to the front door: a descriptor, and what its reader gives back.

A :class:`Format` names a record format and says how to recognise it (file
extensions, a sniff of the first bytes) and how to read and write it (a
:data:`ReadFn` and an optional :class:`Writer`).  Each format's descriptor
lives in its own small module of :mod:`xqformats.formats`; the reader and
writer behind it are imported only when a file of that format is met, so
linting only PGN never loads lxml.

Every reader has the same call shape: ``reader(source, options) -> Reading``.
A :attr:`Kind.TEXT` reader gets a :class:`~xqformats.source.Source` whose
``text`` is already decoded (the front door decodes once, for every text
format, and reports the encoding findings); a :attr:`Kind.BINARY` reader gets
one whose ``data`` holds the bytes (binary layouts, and XML, which declares
its own encoding).

A format may also read as a stream (:data:`StreamFn`): games one at a time
from an open file, so that memory is bounded by the largest game, not the
file; and may say where its games start in the file's bytes
(:data:`StartsFn`), so that one big file can be read in :class:`Part` objects by
several processes.  The front door (:func:`~xqformats.formats.open_record`)
uses them when a format has them.

Writing is the mirror: a format whose files hold many games states their
:class:`TextLayout` (a head, each game's text, a separator, a tail), and the
front door (:func:`~xqformats.formats.open_writer`) writes a file of any size
one game at a time.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Callable, Iterator, Mapping, Optional, Sequence, Union

from ..diagnostics import Diagnostic

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source


class Kind(enum.Enum):
    """What a reader consumes: decoded text, or the bytes as they are."""

    TEXT = "text"
    BINARY = "binary"


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """How to read: ``strict`` makes spec deviations errors; ``encoding`` overrides text detection.

    ``encoding`` applies to :attr:`Kind.TEXT` formats only (the front door
    decodes their bytes); binary formats and XML ignore it.  ``wanted`` is
    the codes the caller will keep (lint's selection; ``None``: all): a
    reader may leave out, and not build, findings of any other code (see
    :attr:`~xqformats.diagnostics.DiagnosticSink.wanted`).
    """

    strict: bool = False
    encoding: Optional[str] = None
    wanted: Optional[Callable[[str], bool]] = None


@dataclass(slots=True)
class Reading:
    """What one reader made of one input.

    ``diagnostics`` holds every finding of the reader exactly once, file-level
    and per game, in the reader's order.  ``text`` gives the decoded text the
    positions refer to, for carets; it is called only when needed (``None``
    when there is none: a binary format, or bytes that could not be decoded).
    A text reader may leave it ``None``: the front door then uses the text it
    decoded.
    """

    games: list["Game"] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    text: Optional[Callable[[], Optional[str]]] = None


#: ``reader(source, options) -> Reading``; never raises on bad input.
ReadFn = Callable[["Source", ReadOptions], Reading]


@dataclass(frozen=True, slots=True)
class Part:
    """Bytes ``start`` to ``end`` of one file, holding whole games, and where they stand in the file.

    In a text file, ``offset``, ``line`` and ``column`` place the part's
    first character in the text of the whole file (so its findings carry the
    file's positions); ``codec`` is the file's text encoding, detected once
    for the whole file.  In a binary library (CBL), the part is the bytes of
    whole records (the last part runs to the file's end), ``entries``
    holds the index entries that place them, in index order, as the
    format's :data:`RecordStartsFn` gave them (its reader reads no index),
    and ``size`` is the whole file's size (which the reader's findings
    name); ``offset``, ``line``, ``column`` and ``codec`` are left at their
    defaults there, as ``entries`` and ``size`` are in a text file.  Parts are made by
    :meth:`~xqformats.formats.RecordStream.parts` and read, each on its own
    (in another process, on another machine), by
    :func:`~xqformats.formats.open_record`.  Picklable.
    """

    start: int
    end: int
    offset: int = 0
    line: int = 1
    column: int = 1
    codec: Optional[str] = None
    entries: tuple[tuple[int, ...], ...] = ()
    size: int = 0


def _nothing() -> None:
    pass


def _no_text() -> Optional[str]:
    return None


@dataclass(slots=True)
class Streaming:
    """What a streaming reader gives: the games one at a time, and every finding.

    ``findings()`` is every finding of the reader, file-level and per game,
    in the reader's order, as :attr:`Reading.diagnostics` holds them; it is
    complete once ``games`` is exhausted (before, it holds what was found so
    far).  ``codec`` is the text encoding in use (text formats; ``None``
    otherwise).  ``close()`` releases the file.  ``text()`` is the file's
    whole decoded text once ``games`` is exhausted, when the reader kept it
    (a small text file), else ``None``.
    """

    games: Iterator["Game"]
    findings: Callable[[], list[Diagnostic]]
    codec: Optional[str] = None
    close: Callable[[], None] = _nothing
    text: Callable[[], Optional[str]] = _no_text


#: ``stream(raw, name, options, part) -> Streaming``: read the open binary
#: file ``raw`` game by game.  With ``part`` (``None``: the whole file),
#: ``raw`` stands at the part's start and ends at its end, and the reader
#: places what it reads at the part's position, in its ``codec``.  Never
#: raises on bad input; owns ``raw`` (``close`` closes it).
StreamFn = Callable[[IO[bytes], Optional[str], ReadOptions, Optional[Part]], Streaming]

#: ``starts(raw, codec) -> (byte, offset, line, column), …``: where the games
#: of the open text file ``raw`` start after the first, cheaply (nothing parsed),
#: in file order.  Raises :class:`ValueError` when ``codec`` does not allow
#: cutting the file.
TextStartsFn = Callable[[IO[bytes], str], Iterator[tuple[int, int, int, int]]]

#: ``starts(raw) -> (byte, entry), …``: where each record of the open binary
#: library ``raw`` starts, the first included, in file order, from its index
#: alone (no record read), with the index entry that places it (a tuple of
#: ints, handed to the reader of a part in :attr:`Part.entries`).  The
#: records must follow one another in the file.  Raises :class:`ValueError`
#: when the index cannot be read (the file is then read whole).
RecordStartsFn = Callable[[IO[bytes]], Iterator[tuple[int, tuple[int, ...]]]]

#: What :attr:`Format.starts` holds: a :data:`TextStartsFn` for a
#: :attr:`Kind.TEXT` format, a :data:`RecordStartsFn` for a :attr:`Kind.BINARY` one.
StartsFn = Union[TextStartsFn, RecordStartsFn]


@dataclass(frozen=True, slots=True)
class TextLayout:
    """How a text file of many games is laid out, so that it can be written one game at a time.

    The file is a head, then each game's text (``game(game, options)``) with
    a separator between two games, then a tail, all encoded in the
    ``encoding`` option (default UTF-8) by one incremental encoder (a
    byte-order mark once, at the start).  ``frame()`` gives ``(head,
    separator, tail)``; it is asked once per file written, so that a
    descriptor imports its writer only when a file is written.  ``game``
    raises nothing on the game's content.
    """

    game: Callable[["Game", Mapping[str, Any]], str]
    frame: Callable[[], tuple[str, str, str]]


#: ``write(games, options) -> bytes``: a whole file of ``games`` at once.
WholeFn = Callable[[Sequence["Game"], Mapping[str, Any]], bytes]


@dataclass(frozen=True, slots=True)
class Writer:
    """How to write a format, and what it cannot hold.

    ``write`` is either a :class:`TextLayout`, for a text format whose files
    hold many games (PGN, DhtmlXQ, JSON): the front door then writes game by
    game, holding none (:func:`~xqformats.formats.open_writer`); or a
    :data:`WholeFn` ``write(games, options) -> bytes``, which gets every game
    of the file at once (a format whose file holds one game, CBF, XQF, WXF:
    ``max_games`` bounds what is held).  ``options`` holds ``encoding`` and
    the keywords named in ``options`` (e.g. PGN's ``notation``).  Writing
    raises :class:`ValueError` (or its subclass :class:`UnicodeEncodeError`)
    when the encoding cannot write the text, never on the game's content.
    ``losses(game, options)`` names, in words, what the format cannot keep
    of ``game`` (tags with no place, characters replaced), one sentence
    each, so a converter never drops anything in silence: every descriptor's
    is :func:`xqformats.losses.report` of its writer's declaration.  ``max_games`` is
    how many games one file holds (``None``: any number); ``encodings()``
    the encodings it writes (``None``: any codec Python knows).
    """

    write: "WholeFn | TextLayout"
    losses: Callable[["Game", Mapping[str, Any]], list[str]]
    options: frozenset[str] = frozenset()
    max_games: Optional[int] = None
    encodings: Callable[[], Optional[tuple[str, ...]]] = lambda: None


@dataclass(frozen=True, slots=True)
class Format:
    """One record format as the front door knows it.

    ``name`` is the short name used on the command line (``pgn``);
    ``title`` how messages call it (``PGN``); ``content`` how messages call
    what its content looks like (``a PGN record``, ``XML (CBF)``).
    ``extensions`` are lower case with the dot (``.pgn``), matched without
    regard to case; the first is the one a file of this format should have.
    ``sniff(head)`` says whether the first bytes of an input (at most
    :data:`~xqformats.formats.HEAD_SIZE`) look like this format; it must be
    cheap and import nothing heavy.  ``signature`` says that the sniff tests a
    magic number no other content has (``XQ`` of XQF, ``CCBridge Record``):
    such a format is recognised by its content even in a file whose extension
    no format claims.  ``folder_sniff`` marks a format whose extensions many
    files have that are no record (``.json``): a folder search takes such a
    file only when ``sniff`` recognises it.  ``library`` marks a format whose files collect many
    records (CBL): ``convert --out-dir`` writes each of its games to a file of
    its own.  ``reader`` reads; ``writer`` writes, when the format can be
    written.  ``stream`` reads a file game by game, when the format can
    (:data:`StreamFn`); ``starts`` finds where its games start, when a file
    can be read in parts (:data:`StartsFn`).  ``rules`` names the module
    that declares the format's rules (``"xqformats.mxq.rules"``): the lint
    catalogue imports it, collects its :class:`~xqformats.diagnostics.Rule`
    constants and titles their code prefixes from its ``RULE_GROUPS``, so a
    new format's rules need no other registration.
    """

    name: str
    title: str
    content: str
    extensions: tuple[str, ...]
    kind: Kind
    sniff: Callable[[bytes], bool]
    reader: ReadFn
    writer: Optional[Writer] = None
    signature: bool = False
    folder_sniff: bool = False
    library: bool = False
    stream: Optional[StreamFn] = None
    starts: Optional[StartsFn] = None
    rules: Optional[str] = None

    def __post_init__(self) -> None:
        for ext in self.extensions:
            if not ext.startswith(".") or ext != ext.lower():
                raise ValueError(f"Extension `{ext}` of format `{self.name}` must be lower case and start with `.`")


_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")


def text_head(head: bytes) -> bytes:
    """``head`` without a byte-order mark, leading white space and NUL bytes.

    For text sniffs: the NUL bytes go so that UTF-16 text (with or without a
    BOM) is recognised by its first character too.
    """
    for bom in _BOMS:
        if head.startswith(bom):
            head = head[len(bom):]
            break
    return head.lstrip(b" \t\r\n\x00")
