"""The linter's view of the readers: bytes in, games + diagnostics + source text out.

One function per format adapts that reader's API to :class:`ReadResult`;
the rest of the linter never imports a reader directly.  Readers are
imported on first use, so linting only PGN never loads lxml.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..diagnostics import Diagnostic
from ..model import Game

__all__ = ["ReadResult", "ReaderUnavailable", "read_games", "READERS"]


class ReaderUnavailable(RuntimeError):
    """The reader module for a format is not installed or not built."""


@dataclass(slots=True)
class ReadResult:
    """What a reader made of one input.

    ``diagnostics`` holds every reader finding exactly once (file-level and
    per-game, in the reader's order); ``source()`` gives the decoded text the
    positions refer to (for carets; computed on demand, ``None`` if the bytes
    could not be decoded at all).
    """

    games: list[Game] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    source: Callable[[], Optional[str]] = lambda: None


def _import(module: str, what: str) -> Any:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        raise ReaderUnavailable(f"The {what} reader (`{module}`) is not available in this installation") from None


def _read_pgn(data: bytes, display: str, strict: bool, encoding: Optional[str] = None) -> ReadResult:
    """Decode once here (the reader would too) so the text is at hand for carets.

    ``encoding`` overrides detection (``--encoding``).
    """
    pgn = _import("xqformats.pgn", "PGN")
    from ..encoding import decode_bytes

    text, _codec, enc_diags = decode_bytes(data, encoding)
    if text.startswith("\ufeff"):  # positions count from after the BOM, as in parse_pgn
        text = text[1:]
    games, diags = pgn.parse_pgn(text, strict=strict, path=display)
    file_level = [d.with_path(display) for d in enc_diags]
    return ReadResult(list(games), file_level + list(diags), lambda: text)


def _read_cbf(data: bytes, display: str, strict: bool, encoding: Optional[str] = None) -> ReadResult:
    # A CBF file declares its encoding in the XML declaration; ``encoding`` is
    # for text formats only.
    cbf = _import("xqformats.cbf", "CBF")
    game, diags = cbf.read_cbf(data, strict=strict, path=display)
    games = [game] if game is not None else []

    def source() -> Optional[str]:
        from ..cbf.safexml import decode

        return decode(data, path=display).text

    return ReadResult(games, list(diags), source)
#: Format name -> adapter ``(data, display path, strict) -> ReadResult``.
READERS: dict[str, Callable[[bytes, str, bool, Optional[str]], ReadResult]] = {"pgn": _read_pgn, "cbf": _read_cbf}


def read_games(
    fmt: str, data: bytes, display: str, *, strict: bool = False, encoding: Optional[str] = None
) -> ReadResult:
    """Read ``data`` as ``fmt``; raises :class:`ReaderUnavailable` when the reader is missing.

    ``encoding`` overrides the detected text encoding of PGN input.
    """
    return READERS[fmt](data, display, strict, encoding)
