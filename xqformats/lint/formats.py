"""The linter's view of the readers: bytes in, games + diagnostics + source text out.

One function per format adapts that reader's API to :class:`ReadResult`;
the rest of the linter never imports a reader directly.  Readers are
imported on first use, so linting only PGN never loads lxml.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..diagnostics import Diagnostic
from ..model import Game

__all__ = ["ReadResult", "ReaderUnavailable", "read_games", "READERS"]


class ReaderUnavailable(RuntimeError):
    """The reader module for a format is not installed or not built."""


@dataclass(slots=True)
class ReadResult:
    """What a reader made of one input.

    ``diagnostics`` holds every reader finding exactly once (file-level and
    per-game); ``text`` is the decoded source (for carets), ``None`` if the
    bytes could not be decoded at all.
    """

    games: list[Game] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    text: Optional[str] = None


def _import(module: str, what: str) -> object:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        raise ReaderUnavailable(f"The {what} reader (`{module}`) is not available in this installation") from None


def _merge(file_level: list[Diagnostic], games: list[Game]) -> list[Diagnostic]:
    """File-level findings plus each game's, each finding once (by identity of content)."""
    out = list(file_level)
    seen = set(out)
    for g in games:
        for d in g.diagnostics:
            if d not in seen:
                seen.add(d)
                out.append(d)
    return out


def _read_pgn(data: bytes, display: str, strict: bool) -> ReadResult:
    pgn = _import("xqformats.pgn", "PGN")
    enc = _import("xqformats.encoding", "text encoding")
    text, enc_diags = enc.decode_text(data)  # type: ignore[attr-defined]
    games, diags = pgn.parse_pgn(text, strict=strict, path=display)  # type: ignore[attr-defined]
    return ReadResult(list(games), _merge(list(enc_diags) + list(diags), list(games)), text)


def _read_cbf(data: bytes, display: str, strict: bool) -> ReadResult:
    cbf = _import("xqformats.cbf", "CBF")
    game, diags = cbf.read_cbf(data, strict=strict, path=display)  # type: ignore[attr-defined]
    games = [game] if game is not None else []
    text: Optional[str] = None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = None
    return ReadResult(games, _merge(list(diags), games), text)


#: Format name -> adapter ``(data, display path, strict) -> ReadResult``.
READERS: dict[str, Callable[[bytes, str, bool], ReadResult]] = {"pgn": _read_pgn, "cbf": _read_cbf}


def read_games(fmt: str, data: bytes, display: str, *, strict: bool = False) -> ReadResult:
    """Read ``data`` as ``fmt``; raises :class:`ReaderUnavailable` when the reader is missing."""
    return READERS[fmt](data, display, strict)
