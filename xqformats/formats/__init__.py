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

The package is split by job; this module only gathers the public names:

* :mod:`._reading`: what :func:`read` accepts, loading, detection findings,
  decoding, the safety net :func:`guard`, and the option checks;
* :mod:`._streaming`: :func:`open_record`, :class:`RecordStream` and its parts;
* :mod:`._writing`: :func:`open_writer`, :func:`write_to`, :func:`write`, :func:`losses`;
* :mod:`.registry`: the :class:`Registry`, the formats registered in
  :data:`REGISTRY` (in detection order), and :func:`detect_format`;
* :mod:`.base`: what a format is (:class:`Format`, :class:`Writer`, ...);
  one small descriptor module per format (:mod:`.pgn`, :mod:`.cbf`, ...).

A descriptor module imports its reader only when a file of that format is
read, so reading only PGN never loads lxml.  Adding a format is described in
``docs/contributing.md``.

Layering: this package sits above the model and the readers
(:mod:`xqformats.pgn`, :mod:`xqformats.cbf`) and below ``lint``, ``convert``
and the command line.
"""

from __future__ import annotations

from ._reading import Input, Record, read
from ._streaming import RecordStream, open_record
from ._writing import RecordWriter, losses, open_writer, write, write_to
from .base import Format, ReadOptions
from .registry import HEAD_SIZE, REGISTRY, Detection, Registry, detect_format
from .rules import DEFAULT_MAX_FILE_SIZE

# Importable here as before but undocumented (not in __all__); the package imports them from
# their own modules.
from ..diagnostics import INTERNAL_ERROR  # noqa: F401
from ._reading import guard, parse_size, text_encoding  # noqa: F401
from .base import Kind, Part, Reading, Streaming, TextLayout, Writer, text_head  # noqa: F401
from .rules import (  # noqa: F401
    FILE_TOO_LARGE,
    FORMAT_CONTENT_MISMATCH,
    UNREADABLE_FILE,
    UNSUPPORTED_FORMAT,
)

__all__ = [
    "REGISTRY",
    "HEAD_SIZE",
    "DEFAULT_MAX_FILE_SIZE",
    "Record",
    "RecordStream",
    "Format",
    "ReadOptions",
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
    "losses",
]
