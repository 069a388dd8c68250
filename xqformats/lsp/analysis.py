"""One open document: its games, its findings and the answers about it, in the client's units.

:class:`Analysis` holds a :class:`~xqformats.lsp.document.Document` and a
cache of :class:`~xqformats.lsp.views.GameView` keyed by game text.  A PGN
document is checked game by game: after an edit only the games whose text
changed are linted again (usually one), and every finding is moved to where
its game now stands.  Any other format the front door reads as text
(DhtmlXQ, WXF game files, JSON, CBF's XML) is linted whole, with the same
pipeline.  Findings equal what ``xqformats lint`` reports for the saved file
(a test holds the two equal).

Everything crossing to the client is 0-based lines and characters in the
negotiated position encoding (:mod:`.positions`); everything coming from it
is converted back the same way.  Nothing here imports the protocol library:
:mod:`.server` wraps these answers in its types.

:func:`lint_options` finds the settings that apply to a file, as ``xqformats
lint`` would for it: the closest ``xqformats.toml`` or ``pyproject.toml``
with ``[tool.xqformats]`` above the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Optional

from ..diagnostics import Diagnostic, Severity, Span
from ..encoding import EDITOR_DECODING, editor_misdecoding
from ..formats import DEFAULT_MAX_FILE_SIZE, detect_format
from ..formatter import format_text
from ..lint.config import RULE_SETS, ConfigError, Settings, find_config, load_config
from ..lint.fixes import SYNTAX_CODES, fix_text, fixable
from ..lint.runner import LintOptions
from ..lint.selection import SelectorError
from . import features
from .document import Chunk, Document
from .positions import UTF16, from_client, to_client, units
from .views import GameView, Linter, PlacedFinding, place

#: Our severities as the protocol's ``DiagnosticSeverity`` numbers.
LSP_SEVERITY = {Severity.ERROR: 1, Severity.WARNING: 2, Severity.INFO: 3}


class Range(NamedTuple):
    """A range in the client's terms: 0-based lines, characters in the negotiated units."""

    start_line: int
    start_character: int
    end_line: int
    end_character: int


class Finding(NamedTuple):
    range: Range
    diagnostic: Diagnostic


class Hover(NamedTuple):
    markdown: str
    range: Range


class GameSymbol(NamedTuple):
    """One game of the document (the outline's entries)."""

    name: str
    detail: str
    range: Range
    selection: Range


class FoldingRange(NamedTuple):
    start_line: int
    end_line: int
    kind: str


class TextEdit(NamedTuple):
    range: Range
    new_text: str


class QuickFix(NamedTuple):
    """A finding's fix as a code action: its title, its edits, whether it is safe."""

    title: str
    edits: list[TextEdit]
    diagnostic: Diagnostic
    safe: bool


class MoveCompletion(NamedTuple):
    """The moves to offer and the range they replace."""

    candidates: list[features.Candidate]
    range: Range


def lint_options(path: Optional[Path]) -> tuple[LintOptions, Optional[str]]:
    """The lint options for the file at ``path`` and, when its config cannot be used, why.

    Settings come from the closest config file above the file (none for an
    unsaved document); a config that cannot be used gives the defaults and
    its error message, for the server to show.
    """
    try:
        found = find_config(path.parent) if path is not None else None
        settings = load_config(found) if found is not None else Settings()
        selection = settings.selection()
        selection.validate()
    except (ConfigError, SelectorError) as exc:
        return LintOptions(), str(exc)
    max_size = settings.max_file_size or DEFAULT_MAX_FILE_SIZE
    return LintOptions(selection, bool(settings.strict), None, max_size, settings.rules or RULE_SETS[0]), None


@dataclass
class _Located:
    """A cursor inside a game: the chunk, its view, the offset in its text."""

    chunk: Chunk
    view: GameView
    offset: int


class Analysis:
    """An open document (see the module docstring).

    ``name`` is the document's file name or path (it decides the format and
    is what findings carry); ``path`` the file on disk (``"-"`` when
    unsaved), matched against ``per-file-ignores``; ``encoding`` the
    negotiated position encoding; ``images`` whether the client renders
    Markdown images.

    When the text the editor sent is a single-byte decoding of the file's
    bytes, which read otherwise (``E104``: a GBK file shown as latin-1),
    :attr:`misdecoded` is that one finding and the only one reported: the
    findings of mojibake would say nothing true.  It is decided when the
    document is opened or its whole text replaced (an editor reloading the
    file in another encoding), from the file on disk.
    """

    def __init__(
        self,
        text: str,
        name: str,
        *,
        path: str = "-",
        options: Optional[LintOptions] = None,
        encoding: str = UTF16,
        images: bool = False,
    ) -> None:
        self.encoding = encoding
        #: Whether the client renders Markdown images (a move's hover then draws the board).
        self.images = images
        head = text[:4096].encode("utf-8", "surrogatepass")
        found = detect_format(name, head, stdin=True).format
        #: Checked game by game (PGN); else linted whole.
        self.pgn = found is not None and found.name == "pgn"
        options = options or LintOptions()
        self.linter = Linter(options, name, path, name if not self.pgn else _pgn_name(name))
        self.document = Document(text, name)
        self._views: dict[str, GameView] = {}
        # Findings placed where each game text last stood: (line, column, findings).
        self._placed_at: dict[str, tuple[int, int, list[Finding]]] = {}
        self._whole: Optional[GameView] = None
        self.misdecoded: Optional[Finding] = self._decoding_finding()

    # ------------------------------------------------------------ edits
    @property
    def text(self) -> str:
        return self.document.text

    def edit(self, range: Range, inserted: str) -> None:
        """Apply one incremental change (``range`` in client units, as the client sent it)."""
        start = self.offset_at(range.start_line, range.start_character)
        end = self.offset_at(range.end_line, range.end_character)
        self.document.edit(start, max(start, end), inserted)

    def replace(self, text: str) -> None:
        """Apply a full-text change."""
        self.document.replace(text)
        self.misdecoded = self._decoding_finding()

    def _decoding_finding(self) -> Optional[Finding]:
        """``E104`` at 1:1 when the editor decoded the file on disk as another encoding (see the class)."""
        path = self.linter.path
        if path == "-" or self.text.isascii():
            return None
        try:
            with open(path, "rb") as handle:
                data = handle.read(DEFAULT_MAX_FILE_SIZE + 1)
        except OSError:
            return None
        found = editor_misdecoding(self.text, data) if len(data) <= DEFAULT_MAX_FILE_SIZE else None
        if found is None:
            return None
        editor, codec = found
        message = f"The editor decoded this file as {editor}; it is {codec}: set the file encoding (editors/README.md)"
        d = Diagnostic.of(EDITOR_DECODING, message, Span.point(1, 1), path=self.linter.name)
        if not self.linter.options.enabled_for(self.linter.display, path)(d.code):
            return None
        return Finding(Range(0, 0, 0, 0), d)

    # ------------------------------------------------------------ positions
    def offset_at(self, line: int, character: int) -> int:
        """The character offset of a client position (0-based line, units)."""
        doc = self.document
        if not doc.has_line(line + 1):
            return len(doc.text)
        column = from_client(doc.line_text(line + 1), character, self.encoding)
        return doc.offset_of(line + 1, column)

    def _client(self, line: int, column: int) -> tuple[int, int]:
        """Our 1-based document line and column as a client position."""
        return line - 1, to_client(self.document.line_text(line), column, self.encoding)

    def _range(self, chunk: Chunk, start: int, end: int) -> Range:
        """The client range of ``start``..``end``, offsets in ``chunk``'s text."""
        source = chunk.source()
        a = self._client(*source.line_col(start))
        b = self._client(*source.line_col(end))
        return Range(a[0], a[1], b[0], b[1])

    def _locate(self, line: int, character: int) -> Optional[_Located]:
        offset = self.offset_at(line, character)
        index = self.document.chunk_index(offset)
        if index is None or not self.pgn:
            return None
        chunk = self.document.chunks[index]
        return _Located(chunk, self.view(chunk.text), offset - chunk.offset)

    # ------------------------------------------------------------ games
    def view(self, text: str) -> GameView:
        """The cached view of a game's text (made on first sight)."""
        view = self._views.get(text)
        if view is None:
            view = self._views[text] = GameView(text)
        return view

    def _prune(self) -> None:
        """Forget the views of texts no longer in the document (when they outnumber the games)."""
        chunks = self.document.chunks
        if len(self._views) > 2 * len(chunks) + 64:
            self._views = {c.text: self._views[c.text] for c in chunks if c.text in self._views}
            self._placed_at = {c.text: self._placed_at[c.text] for c in chunks if c.text in self._placed_at}

    # ------------------------------------------------------------ diagnostics
    def findings(self) -> list[Finding]:
        """Every lint finding of the document, placed in client units (only ``E104`` for a misdecoded file)."""
        if self.misdecoded is not None:
            return [self.misdecoded]
        if not self.pgn:
            return self._whole_findings()
        self._prune()
        out: list[Finding] = []
        placed_at = self._placed_at
        for chunk in self.document.chunks:
            # A game whose text and first line did not change keeps its placed findings.
            known = placed_at.get(chunk.text)
            if known is None or known[0] != chunk.line or known[1] != chunk.column:
                placed = self.view(chunk.text).placed(self.linter, self.encoding)
                known = placed_at[chunk.text] = (chunk.line, chunk.column, self._moved(chunk, placed) if placed else [])
            out.extend(known[2])
        return out

    def _moved(self, chunk: Chunk, placed: list[PlacedFinding]) -> list[Finding]:
        shift = chunk.line - 1
        # A chunk that starts inside a line (after a form feed) moves its first line's characters too.
        prefix = 0 if chunk.column == 1 else units(self.document.line_text(chunk.line)[: chunk.column - 1], self.encoding)
        out = []
        for line, start, end_line, end, d in placed:
            if prefix:
                start += prefix if line == 0 else 0
                end += prefix if end_line == 0 else 0
            out.append(Finding(Range(line + shift, start, end_line + shift, end), d))
        return out

    def _whole_view(self) -> GameView:
        view = self._whole
        if view is None or view.text != self.text:
            view = self._whole = GameView(self.text)
        return view

    def _whole_findings(self) -> list[Finding]:
        view = self._whole_view()
        found = view.findings(self.linter)
        return [Finding(Range(*p[:4]), p[4]) for p in place(found, view.lines, self.encoding)]

    # ------------------------------------------------------------ hover
    def hover(self, line: int, character: int) -> Optional[Hover]:
        """A finding's rule page under the cursor, else the position after the move under it."""
        for finding in self.findings() if not self.pgn else self._chunk_findings(line, character):
            r = finding.range
            if (r.start_line, r.start_character) <= (line, character) <= (r.end_line, r.end_character):
                return Hover(features.finding_hover(finding.diagnostic), r)
        at = self._locate(line, character)
        if at is None:
            return None
        node = features.move_at(at.view.game, at.offset)
        if node is None or node.span is None:
            return None
        hover = features.move_hover(at.view.game, node, image=self.images)
        return Hover(hover, self._range(at.chunk, node.span.start, node.span.end))

    def _chunk_findings(self, line: int, character: int) -> list[Finding]:
        index = self.document.chunk_index(self.offset_at(line, character))
        if index is None:
            return []
        chunk = self.document.chunks[index]
        return self._moved(chunk, self.view(chunk.text).placed(self.linter, self.encoding))

    # ------------------------------------------------------------ outline
    def symbols(self) -> list[GameSymbol]:
        """One symbol per game: players, event, date, result."""
        if not self.pgn:
            return []
        out = []
        for number, chunk in enumerate(self.document.chunks, 1):
            view = self.view(chunk.text)
            body = chunk.text.rstrip()
            lead = len(chunk.text) - len(chunk.text.lstrip())
            first_line_end = chunk.text.find("\n", lead)
            whole = self._range(chunk, lead, len(body))
            head = self._range(chunk, lead, len(body) if first_line_end < 0 else min(first_line_end, len(body)))
            out.append(GameSymbol(features.game_title(view, number), features.game_detail(view), whole, head))
        return out

    def folding(self) -> list[FoldingRange]:
        """Games, variations and comments over several lines (0-based document lines)."""
        if not self.pgn:
            return []
        out = []
        for chunk in self.document.chunks:
            shift = chunk.line - 2
            for fold in features.folds(self.view(chunk.text)):
                out.append(FoldingRange(fold.start_line + shift, fold.end_line + shift, fold.kind))
        return out

    # ------------------------------------------------------------ formatting and fixes
    def formatting(self) -> tuple[list[TextEdit], Optional[str]]:
        """The whole text in canonical layout (:func:`xqformats.formatter.format_text`), or why not."""
        if self.misdecoded is not None:
            return [], self.misdecoded.diagnostic.message
        return _Edits(self).formatting()

    def quick_fixes(self, range: Range) -> list[QuickFix]:
        """The fixes of the findings on the lines of ``range`` (none in a misdecoded text)."""
        return _Edits(self).quick_fixes(range) if self.misdecoded is None else []

    def fix_all(self) -> list[TextEdit]:
        """The edits of every safe fix, one per game changed (none in a misdecoded text)."""
        return _Edits(self).fix_all() if self.misdecoded is None else []

    # ------------------------------------------------------------ completion
    def completion(self, line: int, character: int) -> Optional[MoveCompletion]:
        """The legal moves at the cursor in the game's notation, and the text they replace."""
        at = self._locate(line, character)
        if at is None:
            return None
        found = features.completion(at.view, at.offset)
        return MoveCompletion(found.candidates, self._range(at.chunk, found.start, found.end))


class _Edits:
    """Formatting and fixes of an :class:`Analysis`: text edits placed in the client's units."""

    def __init__(self, analysis: Analysis) -> None:
        self.a = analysis

    def range_of(self, start: int, end: int) -> Range:
        """The client range of document offsets ``start``..``end``."""
        doc = self.a.document
        s = self.a._client(*doc.position_of(start))
        e = self.a._client(*doc.position_of(end))
        return Range(s[0], s[1], e[0], e[1])

    def formatting(self) -> tuple[list[TextEdit], Optional[str]]:
        """The edit that puts the whole text in canonical layout, or why the text is left alone."""
        text = self.a.text
        result = format_text(text, self.a.linter.name)
        if not result.formattable:
            return [], result.reason
        if not result.changed:
            return [], None
        return [TextEdit(self.range_of(0, len(text)), result.text)], None

    def _games(self, r: Optional[Range]) -> list[tuple[int, int, tuple[Diagnostic, ...]]]:
        """``(offset, line, findings)`` of each game (or the whole text) that ``r`` touches (``None``: all)."""
        a = self.a
        if not a.pgn:
            return [(0, 1, a._whole_view().findings(a.linter))]
        chunks = a.document.chunks
        out = []
        for i, chunk in enumerate(chunks):
            last = chunks[i + 1].line if i + 1 < len(chunks) else chunk.line + chunk.text.count("\n") + 1
            if r is None or (chunk.line - 1 <= r.end_line and last - 1 >= r.start_line):
                out.append((chunk.offset, chunk.line, a.view(chunk.text).findings(a.linter)))
        return out

    def quick_fixes(self, r: Range) -> list[QuickFix]:
        """The fixes of the findings in ``r`` (none in a game with a syntax error, as ``lint --fix``)."""
        out = []
        for base, line, findings in self._games(r):
            if any(d.code.startswith(SYNTAX_CODES) and d.severity is Severity.ERROR for d in findings):
                continue
            for d in findings:
                fix = fixable(d, unsafe=True)
                if fix is None:
                    continue
                edits = [TextEdit(self.range_of(base + e.start, base + e.end), e.new) for e in fix.placed()]
                place = self.range_of(base + fix.start, base + fix.end)
                # Offered on the finding's lines and on the lines the fix edits.
                first = line + (d.line or 1) - 2
                last = line + (d.end_line or d.line or 1) - 2
                if (first > r.end_line or last < r.start_line) and (place.start_line > r.end_line or place.end_line < r.start_line):
                    continue
                title = f"Fix {d.code}: {d.message}" + ("" if fix.safe else " (unsafe)")
                out.append(QuickFix(title, edits, d, fix.safe))
        return out

    def fix_all(self) -> list[TextEdit]:
        """Every safe fix, game by game (``lint --fix`` on each game that has one)."""
        a = self.a
        out = []
        texts = [(c.offset, c.text) for c in a.document.chunks] if a.pgn else [(0, a.text)]
        for base, text in texts:
            findings = a.view(text).findings(a.linter) if a.pgn else a._whole_view().findings(a.linter)
            if not any(fixable(d) is not None for d in findings):
                continue
            done = fix_text(text, a.linter.lint, newline="\r\n" if "\r\n" in text else "\n")
            if done.changed:
                out.append(TextEdit(self.range_of(base, base + len(text)), done.text))
        return out


def _pgn_name(name: str) -> str:
    """A name that makes the front door read a game chunk as PGN (the document was detected as PGN)."""
    return name if name.lower().endswith(".pgn") else name + ".pgn"
