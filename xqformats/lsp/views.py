"""What the server knows about one game's text, computed once per distinct text.

A :class:`GameView` is keyed by a chunk's text alone: it reads the text as a
game standing at the start of a file (offset 0, line 1, column 1), so its
findings, its game and its syntax tree are the same wherever the chunk
stands in the document, and a game whose text did not change is never read
again.  The caller (:class:`~xqformats.lsp.analysis.Analysis`) moves the
positions to where the chunk stands.

Each part is computed on first use: the lint findings (the linter's own
pipeline, :func:`~xqformats.lint.runner.lint_bytes`, with the document's
options), the findings placed in the client's units relative to the chunk,
the game (:func:`~xqformats.pgn.reader.read_game_chunk`), the syntax tree
(the reader's parse) and the headers.
"""

from __future__ import annotations

import io
from typing import Optional

from ..diagnostics import Diagnostic, DiagnosticSink, split_lines
from ..lint.runner import FileResult, LintOptions, lint_bytes
from ..model import Game, Headers
from ..pgn.ast import GameSyntax
from ..pgn.fastpath import parse_fast
from ..pgn.grammar import parse_chunk
from ..pgn.reader import read_game_chunk, read_headers
from ..source import Source
from .positions import to_client

#: A finding placed in client units: start line, start character, end line,
#: end character (lines 0-based from the text's first line), the finding.
PlacedFinding = tuple[int, int, int, int, Diagnostic]


class Linter:
    """How one document is linted: its options, the name its findings carry, its path for ``per-file-ignores``."""

    __slots__ = ("options", "display", "path", "name")

    def __init__(self, options: LintOptions, display: str, path: str, name: Optional[str] = None) -> None:
        self.options = options
        self.display = display
        self.path = path
        #: The name that decides the format (a ``.pgn`` name for game chunks).
        self.name = name if name is not None else display

    def lint(self, text: str) -> FileResult:
        """The linter's findings for ``text``, read as a file of its own."""
        return lint_bytes(text.encode("utf-8", "surrogatepass"), self.display, self.options, name=self.name, path=self.path)


def place(findings: tuple[Diagnostic, ...], lines: list[str], encoding: str) -> list[PlacedFinding]:
    """``findings`` (1-based code-point positions in ``lines``) in client units, lines 0-based.

    A finding without a line (a file-level one) is placed at the start; one
    without a column covers its whole first line.
    """
    out: list[PlacedFinding] = []
    last = len(lines) - 1
    for d in findings:
        if d.line is None:
            out.append((0, 0, 0, 0, d))
            continue
        line = min(d.line - 1, last)
        text = lines[line]
        if d.column is None:
            out.append((line, 0, line, to_client(text, len(text) + 1, encoding), d))
            continue
        start = to_client(text, d.column, encoding)
        end_line = min((d.end_line or d.line) - 1, last)
        end_column = d.end_column if d.end_column is not None else d.column
        end = to_client(lines[end_line], end_column, encoding)
        out.append((line, start, end_line, end, d))
    return out


class GameView:
    """One game's text and what is known about it (see the module docstring)."""

    __slots__ = ("text", "_lines", "_result", "_placed", "_game", "_syntax", "_headers")

    def __init__(self, text: str) -> None:
        self.text = text
        self._lines: Optional[list[str]] = None
        self._result: Optional[FileResult] = None
        self._placed: dict[str, list[PlacedFinding]] = {}
        self._game: Optional[Game] = None
        self._syntax: Optional[GameSyntax] = None
        self._headers: Optional[Headers] = None

    def source(self) -> Source:
        """The text as a source standing at the start of a file."""
        return Source(None, None, self.text)

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = split_lines(self.text)
        return self._lines

    def findings(self, linter: Linter) -> tuple[Diagnostic, ...]:
        """The lint findings (positions relative to the text's start)."""
        if self._result is None:
            self._result = linter.lint(self.text)
        return self._result.diagnostics

    def placed(self, linter: Linter, encoding: str) -> list[PlacedFinding]:
        """:meth:`findings` in client units of ``encoding``, lines from 0 at the text's first line."""
        found = self._placed.get(encoding)
        if found is None:
            found = self._placed[encoding] = place(self.findings(linter), self.lines, encoding)
        return found

    @property
    def game(self) -> Game:
        """The game as the PGN reader reads it (spans relative to the text's start)."""
        if self._game is None:
            source = self.source()
            self._game = read_game_chunk(source, DiagnosticSink(source=source))
        return self._game

    @property
    def syntax(self) -> GameSyntax:
        """The positioned syntax tree (the fast path's, else the recovering parse's)."""
        if self._syntax is None:
            source = self.source()
            self._syntax = parse_fast(source) or parse_chunk(source, DiagnosticSink(source=source))
        return self._syntax

    @property
    def headers(self) -> Headers:
        """The game's headers, read without its moves."""
        if self._headers is None:
            self._headers = next(iter(read_headers(io.StringIO(self.text))), None) or Headers()
        return self._headers
