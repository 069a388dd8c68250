"""The subcommands of ``xqformats``, one module each, and what they share.

Each subcommand module (:mod:`.perft`, :mod:`.fen`, :mod:`.lint`,
:mod:`.rules`, :mod:`.convert`, :mod:`.format`) is a pair of plain functions:
``add_arguments(parser)`` adds its options to an
:class:`argparse.ArgumentParser` and ``run(args)`` runs it and returns the
exit status: 0 no errors, 1 errors found, 2 usage error or unreadable input.
:mod:`xqformats.cli` lists them in its table of subcommands (``convert``'s
arguments live in :mod:`xqformats.convert`); nothing here registers itself.
Messages for the user go to stderr as ``xqformats <cmd>: …``; findings go to
stdout in the chosen format, through :func:`write_stdout`.

This module holds only what several subcommands share: the usage error, the
check of an ``--input-encoding``, and writing to standard output.
"""

from __future__ import annotations

import sys
from typing import Optional

from ..formats._reading import text_encoding


def usage_error(cmd: str, message: str) -> int:
    """Say ``message`` on stderr as ``xqformats <cmd>: …``; the exit status of a usage error (2)."""
    print(f"xqformats {cmd}: {message}", file=sys.stderr)
    return 2


class OutputError(Exception):
    """Standard output could not be written (a full disk, a closed pipe): exit status 2, no traceback."""


def write_stdout(text: str, *, utf8: bool = False) -> None:
    """Write ``text`` to stdout; never fails on characters the terminal cannot show.

    Machine formats (``utf8=True``: JSON, SARIF, GitHub commands) are always UTF-8;
    human text uses the stream's encoding with replacement characters.  A
    write the operating system refuses raises :class:`OutputError`
    (:class:`BrokenPipeError` is let through: a reader that stopped early,
    ``| head``, is no failure).
    """
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    try:
        if buffer is None:
            stream.write(text)
            stream.flush()
            return
        encoding = "utf-8" if utf8 else (getattr(stream, "encoding", None) or "utf-8")
        stream.flush()
        buffer.write(text.encode(encoding, errors="replace"))
        buffer.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"Cannot write to standard output: {exc.strerror or exc}") from None


class UsageError(ValueError):
    """A command-line value that cannot be used (exit status 2)."""


def checked_encoding(option: str, name: Optional[str]) -> Optional[str]:
    """``name`` when it is a text encoding (or ``None``); else a usage error naming ``option``.

    The check is :func:`xqformats.formats._reading.text_encoding`, the one ``convert``
    makes of ``--encoding`` and ``--input-encoding`` too.
    """
    if name is None:
        return None
    try:
        text_encoding(name)
    except ValueError as exc:
        raise UsageError(f"{option}: {exc}") from None
    return name
