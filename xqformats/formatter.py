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
* the writer would lose something (:func:`xqformats.formats.losses`: a tag
  value over a line end, an unknown ``Format`` value …);
* reading the written text back does not give the same games, or writing
  them again would change the text (a safety net, as Black's safe mode: it
  should not happen, and names the game when it does).  So the output of
  ``format`` is formatted: ``format --check`` passes on it.

Entry points: :func:`format_text` (text in memory, for an editor),
:func:`format_file` (a file's bytes, keeping its encoding and line ends).
The ``xqformats format`` command is in :mod:`xqformats.commands` (it finds
files as ``lint`` does, and ``lint`` is a sibling of this layer).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional

from . import formats
from .diagnostics import LINE_END, Severity
from .formats.output import TextFile
from .model import WINBOARD_SIDES, Game
from .source import Source

__all__ = ["FORMATTABLE", "NOTATIONS", "FormatResult", "format_text", "format_file", "same_game"]

#: The formats ``format`` rewrites: the writable ones whose files hold only the record.
FORMATTABLE = ("pgn", "cbf", "wxfgame", "json")
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
    empty from :func:`format_text`).
    """

    text: str
    changed: bool = False
    reason: Optional[str] = None
    data: bytes = b""

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


def _options(fmt: str, games: list[Game], notation: Optional[str]) -> dict[str, Any]:
    """The writer's options: for PGN the notation asked for, else the file's (its first game's with moves)."""
    if fmt != "pgn":
        return {}
    if notation is None:
        notation = next((str(g.notation) for g in games if g.notation is not None), "chinese")
    return {"notation": notation}


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
    record = formats.read(Source.from_text(text, name), name=name)
    reason = _refusal(record, notation)
    if reason is None and record.format is not None and record.format.kind is not formats.Kind.TEXT:
        reason = f"{record.format.title} is formatted from its bytes, not from text"
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
    bug = " (a bug in xqformats: please report it)"
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
    fmt = detection.format
    if fmt is not None and fmt.kind is formats.Kind.TEXT:
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
