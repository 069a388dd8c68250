"""The canonical layout of a record (`xqformats format`) (issue 13).

A record is formatted by reading it into the game model and writing it back
with its format's writer: the layout is the writer's, stated as rules in
``docs/format.md`` (for PGN: the tag roster order, one tag per line, one blank
line before the movetext and between games, move numbers, lines of at most
80 columns, every move in the canonical spelling of the file's notation).
Nothing of the game changes: comments, variations, NAGs and unknown tags are
in the model, and every formatted text is read back and compared with the
games it came from (:func:`same_game`) before it is given out.

A record is *not formattable*, and is left as it is, when

* its format has no writer, or is found inside other text (DhtmlXQ in a
  forum page: writing the record would drop the page), or is binary (XQF,
  CBR, CBL; CBF, XML, is formatted);
* the reader reported an error (the unread text is kept in the model as a
  comment: writing it back would move it; lint and fix the record first);
* its extension names another format and its content is not positively a
  record (``Detection.confirmed``: a ``package.json``, read as PGN for its
  ``{``, is not rewritten as a PGN game);
* the writer would lose something (:func:`xqformats.formats.losses`: a tag
  value over a line end, an unknown ``Format`` value …);
* reading the written text back does not give the same games, or writing
  them again would change the text (a safety net, as Black's safe mode: it
  should not happen, and names the game when it does).  So the output of
  ``format`` is formatted: ``format --check`` passes on it.

Entry points: :func:`format_text` (text in memory, for an editor),
:func:`format_file` (a file's bytes, keeping its encoding and line ends),
:func:`format_path` (a file on disk, game by game: memory of one game, for a
format read as a stream, PGN; the others are read whole by :func:`format_file`).
The ``xqformats format`` command is :mod:`xqformats.commands.format` (its options,
messages and exit statuses; it finds files as ``lint`` does, by :mod:`xqformats.discovery`).
"""

from __future__ import annotations

import codecs
import io
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any, Optional

from . import formats
from .diagnostics import LINE_END, Severity
from .encoding import UNDECODABLE_BYTES, UNKNOWN_ENCODING, TextSource
from .formats.base import Kind
from .formats.output import AtomicFile, TextFile, atomic_write
from .model import WINBOARD_SIDES, Game
from .source import Source

__all__ = ["FORMATTABLE", "FormatResult", "format_text", "format_file", "format_path"]

#: The formats ``format`` rewrites: the writable ones whose files hold only the record.
FORMATTABLE = ("pgn", "cbf", "pfc", "wxfgame", "json", "che")
#: The PGN notations ``--notation`` may ask for.
NOTATIONS = ("chinese", "wxf", "iccs", "san")

#: Tags the PGN writer adds or rewrites by itself (docs/format.md): the rest
#: of the headers must come back exactly.
_WRITER_TAGS = frozenset({"Game", "Result", "Format", "FEN", "Variant"})


@dataclass(frozen=True, slots=True)
class FormatResult:
    """The formatted text of one record, or why it was left alone.

    ``text`` is the formatted text (the input itself when ``reason`` says
    why it is not formattable); ``changed`` whether it differs from the
    input.  ``data`` is the same as bytes to write back (:func:`format_file`;
    empty from :func:`format_text`).  :func:`format_path` holds neither
    (``text`` and ``data`` are empty): it writes the file itself, and
    ``failure`` says why the formatted file could not be put in place.
    """

    text: str
    changed: bool = False
    reason: Optional[str] = None
    data: bytes = b""
    failure: Optional[str] = None

    @property
    def formattable(self) -> bool:
        return self.reason is None


def same_game(before: Game, after: Game) -> bool:
    """Whether ``after`` (read back from formatted text) is the game ``before`` was.

    Start position, result and the whole move tree (moves, comments, NAGs)
    must be equal, and so must every header, except those the PGN writer
    writes by itself (``Game``, ``Result``, ``Format``, ``FEN`` — the start
    position is compared instead — and WinBoard's ``Variant``); WinBoard's
    side tags count under the model's names.
    """
    if not (
        before.start == after.start
        and before.start.fullmove_number == after.start.fullmove_number
        and before.result == after.result
        and before.root.same_content(after.root)
    ):
        return False
    theirs = {WINBOARD_SIDES.get(k, k): v for k, v in after.headers.items() if k not in _WRITER_TAGS}
    ours = {WINBOARD_SIDES.get(k, k): v for k, v in before.headers.items() if k not in _WRITER_TAGS}
    if theirs != ours:
        return False
    # A tag the writer manages may be added or rewritten, never dropped (Result: its value is kept).
    return all(k in after.headers or k in ("Format", "FEN", "Variant") for k in before.headers)


def _refusal(record: formats.Record, notation: Optional[str]) -> Optional[str]:
    """Why ``record`` is not formattable (see the module's list), or ``None``."""
    fmt = record.format
    if fmt is None or record.failed:
        return "not a record xqformats reads"
    if fmt.name not in FORMATTABLE:
        return f"{fmt.title} is not formattable"
    errors = [d for d in record.diagnostics if d.severity is Severity.ERROR]
    if errors:
        return f"it has errors (first: {errors[0].code}); lint and fix it first"
    options = _options(fmt.name, record.games, notation)
    for game in record.games:
        lost = formats.losses(game, fmt, **options)
        if lost:
            return f"the writer would change it: {lost[0]}"
    return None


def _unconfirmed(detection: formats.Detection) -> Optional[str]:
    """Why a file is left alone that its content does not positively say is a record (see ``Detection.confirmed``), or ``None``."""
    if detection.confirmed or detection.format is None or detection.mismatch is None:
        return None  # (no format at all is the reader's to say: "not a record xqformats reads")
    return (
        f"its extension names {detection.mismatch.title}, which it does not hold, and nothing says for sure that it is "
        f"{detection.format.content} (it was read as one)"
    )


def _options(fmt: str, games: list[Game], notation: Optional[str]) -> dict[str, Any]:
    """The writer's options: for PGN the notation asked for, else the file's (its first game's with moves)."""
    if fmt != "pgn":
        return {}
    if notation is None:
        notation = next((str(g.notation) for g in games if g.notation is not None), "chinese")
    return {"notation": notation}


#: Said after a reason that should never be given.
_BUG = " (a bug in xqformats: please report it)"

#: A line feed that is not the end of a CR LF.
_BARE_LF = re.compile(r"(?<!\r)\n")


def _newline(text: str) -> str:
    m = LINE_END.search(text)
    return m.group() if m else "\n"


def format_text(text: str, name: str = "game.pgn", *, notation: Optional[str] = None) -> FormatResult:
    """``text``, a record of a text format (``name``'s extension, else its content, says which), in canonical layout.

    ``notation`` (``chinese``, ``wxf``, ``iccs`` or ``san``) rewrites a PGN
    record's moves in that notation; by default they stay in the file's
    own.  The result keeps ``text``'s line end (its first).  Never raises
    on what ``text`` holds; formatting its output again changes nothing.
    """
    # A binary format's reader takes bytes only (CBF: its XML declares the encoding), so the
    # format is known before the text is read: CBF in an editor is not formatted (issue 28, item 6).
    detection = formats.detect_format(name, text[: formats.HEAD_SIZE].encode("utf-8", "replace"), stdin=True)
    reason = _unconfirmed(detection)
    if reason is not None:
        return FormatResult(text, reason=reason)
    found = detection.format
    if found is not None and found.kind is not Kind.TEXT:
        return FormatResult(text, reason=f"{found.title} is formatted from its bytes, not from text")
    record = formats.read(Source.from_text(text, name), name=name)
    reason = _refusal(record, notation)
    if reason is not None:
        return FormatResult(text, reason=reason)
    assert record.format is not None
    out = formats.write(record.games, record.format, **_options(record.format.name, record.games, notation))
    new = out.decode("utf-8")
    newline = _newline(text)
    if newline != "\n":
        # The writer's own line ends; a comment's are the file's already.
        new = _BARE_LF.sub(newline, new)
    reason = _check(record, formats.read(Source.from_text(new, name), name=name), out, notation)
    if reason is not None:
        return FormatResult(text, reason=reason)
    return FormatResult(new, new != text)


def _check(record: formats.Record, again: formats.Record, out: bytes, notation: Optional[str]) -> Optional[str]:
    """The safety net (as Black's safe mode): why ``out``, written from ``record``, may not be given out.

    ``again`` is ``out`` read back: it must hold the same games
    (:func:`same_game`), and writing it must give ``out`` again, so that
    formatting twice changes nothing.  ``None`` when all is well.
    """
    bug = _BUG
    if len(again.games) != len(record.games) or again.has_errors or again.format is not record.format:
        return "reading the formatted text back gives other games" + bug
    for i, (before, after) in enumerate(zip(record.games, again.games), 1):
        if not same_game(before, after):
            return f"formatting would change game {i}" + bug
    assert record.format is not None
    if formats.write(again.games, record.format, **_options(record.format.name, again.games, notation)) != out:
        return "formatting the formatted text would change it again" + bug
    return None


def format_file(data: bytes, name: str, *, encoding: Optional[str] = None, notation: Optional[str] = None) -> FormatResult:
    """A record file's bytes in canonical layout, in the file's encoding and line ends.

    ``name`` (the file's name) and the bytes decide the format; ``encoding``
    overrides a text format's detected encoding.  CBF is written by its
    writer (which declares its own encoding).
    """
    detection = formats.detect_format(name, data[: formats.HEAD_SIZE])
    reason = _unconfirmed(detection)
    if reason is not None:
        return FormatResult("", reason=reason, data=data)
    fmt = detection.format
    if fmt is not None and fmt.kind is Kind.TEXT:
        file = TextFile.decode(data, encoding)
        if file is None:
            return FormatResult("", reason="it has bytes its encoding cannot read", data=data)
        result = format_text(file.text, name, notation=notation)
        if not result.changed:
            return FormatResult(result.text, reason=result.reason, data=data)
        try:
            new = file.encode(result.text)
        except UnicodeEncodeError as exc:
            return FormatResult(file.text, reason=f"`{file.codec}` cannot write {exc.object[exc.start:exc.end]!r}", data=data)
        return FormatResult(result.text, new != data, data=new)
    return _format_binary(data, name)


def _format_binary(data: bytes, name: str) -> FormatResult:
    """A record read from bytes (CBF): written again by its writer, when formattable."""
    record = formats.read(data, name=name)
    reason = _refusal(record, None)
    if reason is not None:
        return FormatResult("", reason=reason, data=data)
    assert record.format is not None
    out = formats.write(record.games, record.format)
    reason = _check(record, formats.read(out, name=name), out, None)
    if reason is not None:
        return FormatResult("", reason=reason, data=data)
    return FormatResult("", out != data, data=out)


# ---------------------------------------------------------------- a file on disk, game by game


def format_path(
    path: str, name: Optional[str] = None, *, encoding: Optional[str] = None, notation: Optional[str] = None, write: bool = False
) -> FormatResult:
    """The file at ``path`` in canonical layout, as :func:`format_file` gives it, read and written game by game.

    Each game is written, read back and compared (:func:`same_game`), and
    written again (idempotence) as it comes; the formatted bytes are
    compared with the file's as they come.  With ``write``, a file that
    changes is written to a temporary file from its first difference and put
    in place only when every game passed (:class:`AtomicFile`); otherwise the
    file is left untouched.  Memory is that of one game for a format read as
    a stream (PGN); any other format, and a file with bytes its encoding
    cannot read, is read whole (:func:`format_file`).  ``name`` is what
    reasons and the format's detection go by (default: ``path``).  Raises
    :class:`OSError` when the file cannot be read; a file that cannot be
    written is the result's ``failure``.
    """
    name = path if name is None else name
    with open(path, "rb") as original:
        reason = _unconfirmed(formats.detect_format(name, original.read(formats.HEAD_SIZE)))
        if reason is not None:
            return FormatResult("", reason=reason)
        original.seek(0)
        with formats.open_record(path, name=name, encoding=encoding) as stream:
            newline = _streamed_newline(path, stream)
            if newline is not None:
                assert stream.format is not None
                changes = _Changes(original, Path(path) if write else None)
                try:
                    result = _Streamed(stream, stream.format, name, notation, newline, changes).result()
                finally:
                    changes.discard()  # (after a commit, nothing: the file is in place)
                if result is not None:
                    return result
        original.seek(0)
        result = format_file(original.read(), name, encoding=encoding, notation=notation)
    if write and result.changed:
        try:
            atomic_write(Path(path), result.data)
        except OSError as exc:
            return replace(result, failure=exc.strerror or str(exc))
    return result


class _Changes:
    """The formatted bytes, compared with the file's as they come.

    With ``path``, a temporary file (:class:`AtomicFile`) is started at the
    first difference, with the file's bytes before it, and gets the rest: a
    file that does not change is never written.
    """

    def __init__(self, original: IO[bytes], path: Optional[Path]) -> None:
        self._original = original
        self._path = path
        self._same = 0  # bytes equal to the file's so far
        self.changed = False
        self.file: Optional[AtomicFile] = None

    def write(self, data: bytes) -> None:
        if not self.changed:
            if self._original.read(len(data)) == data:
                self._same += len(data)
                return
            self._start()
        if self.file is not None:
            self.file.handle.write(data)

    def _start(self) -> None:
        self.changed = True
        if self._path is None:
            return
        self.file = AtomicFile(self._path)
        self._original.seek(0)
        left = self._same
        while left:
            block = self._original.read(min(left, 1 << 20))
            self.file.handle.write(block)
            left -= len(block)

    def end(self) -> None:
        """The formatted file is complete: shorter than the file is a change too."""
        if not self.changed and self._original.read(1):
            self._start()

    def discard(self) -> None:
        if self.file is not None:
            self.file.discard()


class _Streamed:
    """One PGN file formatted game by game (see :func:`format_path`).

    Every game is read; the first reason not to format it wins in the order
    of :func:`_refusal` (an error anywhere before a loss, a loss before a
    failed check), so after a reason the rest is only read, for errors.
    """

    def __init__(
        self, stream: formats.RecordStream, fmt: formats.Format, name: str, notation: Optional[str], newline: str, out: _Changes
    ) -> None:
        self.stream = stream
        self.fmt = fmt
        self.name = name
        self.notation = notation
        self.newline = newline
        self.out = out
        self.held: list[Game] = []  # the games before the first with a notation (PGN's default is the file's)
        self.errors = False
        self.reason: Optional[str] = None
        self.writers: Optional[tuple[formats.RecordWriter, formats.RecordWriter, io.BytesIO, io.BytesIO]] = None
        assert stream.codec is not None, "a text format read as a stream"
        self.encoder = codecs.getincrementalencoder(stream.codec)()
        self.options: dict[str, Any] = {}

    def result(self) -> Optional[FormatResult]:
        """What became of the file; ``None`` when it must be read whole after all (bytes its encoding cannot read)."""
        for game in self.stream:
            if any(d.severity is Severity.ERROR for d in game.diagnostics):
                self.errors = True
            elif not self.errors and self.reason is None:
                self._take(game)
        if any(d.code in _READ_WHOLE for d in self.stream.diagnostics):
            self.out.discard()
            return None
        if self.stream.failed:
            self.reason = "not a record xqformats reads"
        elif self.errors or any(d.severity is Severity.ERROR for d in self.stream.diagnostics):
            first = next(d for d in self.stream.diagnostics if d.severity is Severity.ERROR)
            self.reason = f"it has errors (first: {first.code}); lint and fix it first"
        if self.reason is None:
            self._end()
        if self.reason is not None:
            self.out.discard()
            return FormatResult("", reason=self.reason)
        if self.out.file is not None:
            try:
                self.out.file.commit()
            except OSError as exc:
                return FormatResult("", self.out.changed, failure=exc.strerror or str(exc))
        return FormatResult("", self.out.changed)

    def _take(self, game: Game) -> None:
        """Check, write and check again one game (held until the file's notation is known)."""
        if self.writers is None:
            if self.notation is None and game.notation is None:
                self.held.append(game)
                return
            self._start(self.notation or str(game.notation))
        for g in [*self.held, game]:
            if self.reason is None:
                self._one(g)
        self.held = []

    def _start(self, notation: str) -> None:
        self.options = _options(self.fmt.name, [], notation)
        first, again = io.BytesIO(), io.BytesIO()
        self.writers = (
            formats.open_writer(first, self.fmt, **self.options),
            formats.open_writer(again, self.fmt, **self.options),
            first,
            again,
        )

    def _one(self, game: Game) -> None:
        assert self.writers is not None
        lost = formats.losses(game, self.fmt, **self.options)
        if lost:
            self.reason = f"the writer would change it: {lost[0]}"
            return
        writer, rewriter, first, again = self.writers
        writer.write(game)
        out = _drain(first)
        text = _with_newline(out.decode("utf-8"), self.newline)
        # Read back on its own: the game's text (after the separator that comes before it).
        back = formats.read(Source.from_text(text, self.name), name=self.name)
        bug = _BUG
        if len(back.games) != 1 or back.has_errors or back.format is not self.fmt:
            self.reason = "reading the formatted text back gives other games" + bug
        elif not same_game(game, back.games[0]):
            self.reason = f"formatting would change game {writer.count}" + bug
        else:
            rewriter.write(back.games[0])
            if _drain(again) != out:
                self.reason = "formatting the formatted text would change it again" + bug
        if self.reason is None:
            self._put(text)

    def _put(self, text: str, final: bool = False) -> None:
        try:
            self.out.write(self.encoder.encode(text, final))
        except UnicodeEncodeError as exc:
            self.reason = f"`{self.stream.codec}` cannot write {exc.object[exc.start:exc.end]!r}"

    def _end(self) -> None:
        """The file's end: the games still held (no game named a notation), the writer's tail."""
        if self.writers is None:
            self._start(self.notation or "chinese")
            for g in self.held:
                if self.reason is None:
                    self._one(g)
        if self.reason is not None:
            return
        assert self.writers is not None
        writer, rewriter, first, again = self.writers
        writer.close()
        rewriter.close()
        tail = _drain(first)
        if _drain(again) != tail:
            self.reason = "formatting the formatted text would change it again" + _BUG
            return
        self._put(_with_newline(tail.decode("utf-8"), self.newline), final=True)
        if self.reason is None:
            self.out.end()


#: Findings of decoding that the whole-file path reads differently (it decodes
#: before reading: bytes its encoding cannot read are a reason of their own,
#: an unknown encoding name is detected instead): such a file is read whole.
_READ_WHOLE = frozenset({UNDECODABLE_BYTES.code, UNKNOWN_ENCODING.code})


def _drain(buffer: io.BytesIO) -> bytes:
    """What was written to ``buffer`` since it was last drained (and empty it)."""
    data = buffer.getvalue()
    buffer.seek(0)
    buffer.truncate()
    return data


def _with_newline(text: str, newline: str) -> str:
    # The writer's own line ends; a comment's are the file's already.
    return text if newline == "\n" else _BARE_LF.sub(newline, text)


def _streamed_newline(path: str, stream: formats.RecordStream) -> Optional[str]:
    """The first line end of the file's text, when :func:`format_path` formats it game by game; else ``None``.

    A file is formatted game by game when its format is read as a stream and
    is formattable, and its text does not start with a byte-order mark that
    its codec leaves in the text (a BOM doubled, or ``--input-encoding utf-8``
    on a file with one): :func:`format_file` says what becomes of that one.
    The line end is found as :func:`_newline` finds it in the whole text
    (``\\n`` when there is none), reading the file again up to it only.
    """
    fmt, codec = stream.format, stream.codec
    if fmt is None or fmt.stream is None or fmt.name not in FORMATTABLE or codec is None or stream.failed:
        return None
    seen = ""
    with TextSource(open(path, "rb"), codec) as pieces:
        for piece in pieces:
            if not seen and piece.startswith("\ufeff"):
                return None
            seen = seen[-1:] + piece  # (a CR LF may be cut between two pieces)
            m = LINE_END.search(seen)
            if m and not (m.group() == "\r" and m.end() == len(seen)):
                return m.group()
    return _newline(seen)
