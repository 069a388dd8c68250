"""Diagnostics: what every reader reports instead of raising.

A :class:`Diagnostic` says what is wrong, where (path, 1-based line and column,
exclusive end), under which stable rule code, and how serious it is.  Columns
count characters, not bytes.

Every code is declared once as a :class:`Rule` (ruff's model: a stable code, a
kebab-case name, a default severity, a one-line summary and the sections of its
documentation page as fields: what it does, why it is bad, a bad and a good
example, fix safety, references), as a constant of the module that emits it.
Declaring a rule has no side effect: the list of every rule is
:mod:`xqformats.lint.catalogue`, which imports the declaring modules by name.

Strict mode is a policy of the :class:`DiagnosticSink`, not a second code path:
a rule marked ``deviation=True`` (the input departs from the written spec but
its meaning is clear) is a warning by default and an error under ``strict``.
A :class:`Diagnostic` carries that flag from its rule, so the sink decides from
the diagnostic alone, whatever modules happen to be imported.

Fixes (ruff's model): a rule says whether its findings can be fixed
(:attr:`Rule.fix`: ``"safe"``, ``"unsafe"`` or ``None``), and a finding that
can carries a :class:`Fix`, a few :class:`Edit` s of its source text.  Most
findings have none, so the field costs one ``None``.  Applying fixes is
:mod:`xqformats.lint.fixes`, and nothing else.
"""

from __future__ import annotations

import enum
import re
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Iterator, NamedTuple, Optional, Protocol

__all__ = ["Severity", "Span", "Rule", "Edit", "Fix", "Diagnostic", "DiagnosticSink"]


class Severity(enum.IntEnum):
    """How serious a finding is; ordered so that ``ERROR > WARNING > INFO``."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    def __str__(self) -> str:
        return self.name.lower()


# A named tuple, not a dataclass: readers make one per move (and the PGN fast
# path one per token), and a tuple is made several times faster than a frozen
# dataclass (see Edit below).
class Span(NamedTuple):
    """A stretch of source text.

    ``start``/``end`` are 0-based character offsets (end exclusive);
    ``line``/``column`` and ``end_line``/``end_column`` are 1-based, the end
    column one past the last character (Lark's convention).
    """

    start: int
    end: int
    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, line: int, column: int, offset: int = 0) -> "Span":
        return cls(offset, offset, line, column, line, column)


class SourceText(Protocol):
    """What a :class:`DiagnosticSink` holds of the input it reports on (:attr:`DiagnosticSink.source`).

    Its text (``None`` for bytes not decoded), the :class:`LineIndex` of that
    text, and the :class:`Span` of character offsets into it.
    :class:`xqformats.source.Source` is what readers give (a module above
    this one: it builds on :class:`LineIndex` and :class:`Span`); the sink
    calls only :meth:`span`, so this module depends on no type above it.
    """

    @property
    def text(self) -> Optional[str]: ...

    @property
    def line_index(self) -> "LineIndex": ...

    def span(self, start: int, end: int) -> Span: ...


#: What :attr:`Rule.fix` may say: the rule's fixes never change what the
#: record means (``safe``: ``lint --fix`` applies them), may change it
#: (``unsafe``: only with ``--unsafe-fixes``); ``None`` is no fix.
FIX_KINDS = ("safe", "unsafe")


# Edit and Fix are named tuples, not dataclasses: the PGN reader places a
# move's fix for every finding on it (a file of `h2e2` moves has one per
# move), and a tuple is made several times faster than a frozen dataclass.
class Edit(NamedTuple):
    """Replace ``text[start:end]`` of a source text by ``new`` (an insertion when ``start == end``).

    ``start``/``end`` are 0-based character offsets into the whole decoded
    text (the offsets of :class:`Span`).  A line end in ``new`` is written
    ``"\\n"``; the applier writes the file's own line end instead.
    """

    start: int
    end: int
    new: str


class Fix(NamedTuple):
    """How to fix one finding: its edits (sorted by position, not overlapping) and whether that is safe.

    ``safe`` is copied from the rule (:attr:`Rule.fix` is ``"safe"``).  What
    the fix does is the finding's message (it names what is expected).
    ``offset`` is added to every edit's offsets: a fix found in a move's text
    is placed in the file by :meth:`shifted`, without copying its edits.
    Use :meth:`placed` for the edits in the text's own offsets.
    """

    edits: tuple[Edit, ...]
    safe: bool = True
    offset: int = 0

    @property
    def start(self) -> int:
        return self.edits[0].start + self.offset

    @property
    def end(self) -> int:
        return self.edits[-1].end + self.offset

    def placed(self) -> tuple[Edit, ...]:
        """The edits at their place in the text (:attr:`offset` added)."""
        by = self.offset
        if not by:
            return self.edits
        return tuple(Edit(e.start + by, e.end + by, e.new) for e in self.edits)

    def shifted(self, by: int) -> "Fix":
        """This fix for a text placed ``by`` characters further on (a move's text at its place in the file)."""
        # tuple.__new__: the reader calls this once per move with a style finding.
        return _tuple_new(Fix, (self.edits, self.safe, self.offset + by))


_tuple_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class Rule:
    """A diagnostic code and its documentation page, as fields (ruff's rule docs).

    The page's sections are fields, in the order a page shows them (one
    renderer, :mod:`xqformats.lint.rulepage`, makes every page, listing and
    help text from them): *What it does* (:attr:`what`), *Why is this bad?*
    (:attr:`why`), *Example* (:attr:`example_note`, :attr:`example`), *Use
    instead* (:attr:`use_instead`, :attr:`fixed`), *Fix safety* (:attr:`fix`,
    :attr:`fix_safety`) and *References* (:attr:`references`).  Text fields
    are Markdown paragraphs without headings.  ``example``/``fixed`` are the
    bad and good samples (tests check that the rule fires on one and not on
    the other, reading them as ``example_kind`` says).
    """

    code: str
    name: str
    severity: Severity
    #: One line, capitalised, no final period: what is wrong (the listing's and SARIF's short text).
    summary: str
    #: *What it does*: what the rule checks, and what the reader does with what it finds.
    what: str = ""
    #: *Why is this bad?*: what goes wrong for a reader or a program when the record is so.
    why: str = ""
    #: *Example*: a sample the rule fires on (read as :attr:`example_kind` says).
    example: str = ""
    #: *Use instead*: the sample corrected; the rule does not fire on it.
    fixed: str = ""
    #: How to read :attr:`example` and :attr:`fixed` (``pgn``, ``cbf``, ``move``, ``fen``, …;
    #: also the language of their code blocks); empty when the rule has no samples.
    example_kind: str = ""
    #: Text shown above the example: what it stands for, or the position it is read in.
    example_note: str = ""
    #: *Use instead*, in words: what to write instead (shown above :attr:`fixed`).
    use_instead: str = ""
    #: The input departs from the written spec but its meaning is clear: a
    #: warning by default, an error under ``strict`` (see :class:`DiagnosticSink`).
    deviation: bool = False
    #: Whether findings of this rule come with a fix: ``"safe"`` (the meaning
    #: is kept; ``lint --fix``), ``"unsafe"`` (``--unsafe-fixes``) or ``None``.
    #: A finding may still lack one when nothing says what was meant.
    fix: Optional[str] = None
    #: *Fix safety*: why the fix may change what the record means (every
    #: ``"unsafe"`` rule says it; a safe rule may add a caveat).
    fix_safety: str = ""
    #: *References*: the clause of docs/spec the rule checks first, then other
    #: clauses and the outside sources (by title), one reference each.
    references: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.fix is not None and self.fix not in FIX_KINDS:
            raise ValueError(f"Rule {self.code}: fix must be one of {FIX_KINDS} or None, not {self.fix!r}")
        if not isinstance(self.references, tuple):
            kind = type(self.references).__name__
            raise TypeError(f"Rule {self.code}: references must be a tuple of strings, not {kind}")
        if self.fix_safety and self.fix is None:
            raise ValueError(f"Rule {self.code}: fix_safety without a fix")


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding, positioned in its source.

    ``line``/``column`` are 1-based (``None`` when unknown, e.g. libxml2's
    column 0); ``end_line``/``end_column`` are exclusive.  ``deviation`` is
    copied from the rule (:meth:`of` does it): it is all that strict mode
    needs to know, so no rule table is consulted when a diagnostic is recorded.
    """

    code: str
    severity: Severity
    message: str
    line: int | None = None
    column: int | None = None
    end_line: int | None = None
    end_column: int | None = None
    path: str | None = None
    #: Byte offset in a binary input (where lines mean nothing); ``None`` for text.
    offset: int | None = None
    #: How many bytes from :attr:`offset` the finding covers (``None``: unknown or text).
    length: int | None = None
    #: Copied from :attr:`Rule.deviation`: ``strict`` makes this finding an error.
    deviation: bool = False
    #: The edits that fix this finding, when its rule has fixes and one meaning is clear.
    fix: Optional[Fix] = None
    #: Related notes: what follows from this finding, each at its own place (moves
    #: kept as a comment after an illegal one, a result swallowed by an unclosed
    #: comment).  One root cause is one finding; its consequences are notes, not
    #: findings of their own (SARIF ``relatedLocations``).  See :meth:`DiagnosticSink.note`.
    related: tuple["Diagnostic", ...] = ()

    @classmethod
    def of(
        cls,
        rule: Rule,
        message: str,
        span: Span | None = None,
        *,
        path: str | None = None,
        severity: Severity | None = None,
        fix: Iterable[Edit] | None = None,
    ) -> "Diagnostic":
        """The diagnostic of ``rule`` at ``span`` (``severity`` overrides the rule's default).

        ``fix`` (edits of the source text) makes a :class:`Fix` as safe as
        the rule says; a rule without :attr:`Rule.fix` takes none
        (:class:`ValueError`).
        """
        made = _make_fix(rule, fix) if fix is not None else None
        if span is None:
            return cls(rule.code, severity or rule.severity, message, path=path, deviation=rule.deviation, fix=made)
        return cls(
            rule.code,
            severity or rule.severity,
            message,
            span.line,
            span.column,
            span.end_line,
            span.end_column,
            path,
            deviation=rule.deviation,
            fix=made,
        )

    def at(self, span: Span) -> "Diagnostic":
        """This finding placed at ``span`` (e.g. a fragment's finding at its place in the file)."""
        return replace(
            self, line=span.line, column=span.column, end_line=span.end_line, end_column=span.end_column
        )

    def at_bytes(self, offset: int, length: int | None = None) -> "Diagnostic":
        """This finding placed at ``length`` bytes from byte ``offset`` of a binary input."""
        return replace(self, offset=offset, length=length)

    def with_path(self, path: str | None) -> "Diagnostic":
        return replace(self, path=path)

    def place(self) -> str:
        """Where the finding is: ``path:line:col``, ``path:line``, ``path:@0x412`` (a byte offset) or ``path``."""
        where = self.path or "<input>"
        if self.line is None and self.offset is not None:
            where += f":@{self.offset:#x}"
        elif self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return where

    def format(self, *, severity: bool = False) -> str:
        """``path:line:col: CODE message`` (``path:@0x412: …`` at a byte offset); with ``severity``,
        ``path:line:col: warning CODE message``, as the linter's text output and ``convert`` print it."""
        if severity:
            return f"{self.place()}: {self.severity} {self.code} {self.message}"
        return f"{self.place()}: {self.code} {self.message}"

    def __str__(self) -> str:
        return self.format()


def _make_fix(rule: Rule, edits: Iterable[Edit]) -> Fix:
    if rule.fix is None:
        raise ValueError(f"Rule {rule.code} declares no fix (Rule.fix)")
    ordered = tuple(sorted(edits, key=lambda e: (e.start, e.end)))
    if not ordered:
        raise ValueError(f"A fix of {rule.code} needs at least one edit")
    return Fix(ordered, rule.fix == "safe")


@dataclass(slots=True)
class DiagnosticSink:
    """Collects diagnostics for one input and applies the reading policy.

    ``strict`` upgrades every *deviation* rule to an error.  ``handle`` is called
    for each diagnostic as it is reported (python-chess's ``handle_error`` hook),
    e.g. to print while streaming.  ``source`` is the input being read: stages
    report character offsets into it with :meth:`report_at` and the sink turns
    them into spans (no stage does line arithmetic of its own).

    ``wanted`` is the reader's selection (lint's code filter, ``None``: every
    code): a stage asks :meth:`wants` before it builds a finding that costs
    something per move, and skips one nobody asked for (a rule that is not
    selected costs nothing).  The sink itself still records whatever it is
    given: a finding that is built anyway is filtered by whoever selected.
    """

    path: str | None = None
    strict: bool = False
    handle: Callable[[Diagnostic], None] | None = None
    items: list[Diagnostic] = field(default_factory=list)
    source: Optional[SourceText] = None
    wanted: Optional[Callable[[str], bool]] = None

    def wants(self, code: str) -> bool:
        """Whether findings of ``code`` are asked for (always, with no ``wanted`` filter)."""
        return self.wanted is None or self.wanted(code)

    def report_at(
        self,
        rule: Rule,
        message: str,
        start: int,
        end: int,
        *,
        severity: Severity | None = None,
        fix: Iterable[Edit] | None = None,
    ) -> Diagnostic:
        """Report ``text[start:end]`` of :attr:`source` (character offsets into its text)."""
        assert self.source is not None, "report_at needs a sink made with a source"
        return self.report(rule, message, self.source.span(start, end), severity=severity, fix=fix)

    def report_bytes(
        self,
        rule: Rule,
        message: str,
        offset: int,
        length: int | None = None,
        *,
        severity: Severity | None = None,
    ) -> Diagnostic:
        """Report ``length`` bytes at byte ``offset`` of a binary input (where lines mean nothing)."""
        diag = Diagnostic.of(rule, message, path=self.path, severity=severity).at_bytes(offset, length)
        return self.add(diag)

    def report(
        self,
        rule: Rule,
        message: str,
        span: Span | None = None,
        *,
        severity: Severity | None = None,
        fix: Iterable[Edit] | None = None,
    ) -> Diagnostic:
        """Report ``rule`` at ``span``; ``fix`` gives the edits that fix it (see :meth:`Diagnostic.of`)."""
        diag = Diagnostic.of(rule, message, span, path=self.path, severity=severity, fix=fix)
        return self.add(diag)

    def add(self, diag: Diagnostic) -> Diagnostic:
        """Record ``diag`` under this sink's policy; returns what was recorded.

        Under ``strict`` a deviation (``diag.deviation``) becomes an error.
        """
        if self.strict and diag.deviation and diag.severity < Severity.ERROR:
            diag = replace(diag, severity=Severity.ERROR)
        if self.path is not None and diag.path is None:
            diag = replace(diag, path=self.path)
        self.items.append(diag)
        if self.handle is not None:
            self.handle(diag)
        return diag

    def note(
        self, rule: Rule, message: str, span: Span | None = None, *, about: Diagnostic | None = None
    ) -> Diagnostic:
        """Report what follows from a finding already recorded, as a related note of it.

        The note is attached to ``about`` (default: the last finding recorded)
        instead of being a finding of its own: one root cause, one finding.
        With no such finding (nothing recorded, or ``about`` not among
        :attr:`items`) the note is recorded as a finding, so nothing is lost.
        Returns the note.
        """
        diag = Diagnostic.of(rule, message, span, path=self.path)
        i = self._index(about)
        if i is not None and self.items[i].code != rule.code:
            self.items[i] = replace(self.items[i], related=self.items[i].related + (diag,))
            return diag
        return self.add(diag)

    def demote(self, start: int, about: Diagnostic) -> None:
        """Make the findings recorded since ``len(items)`` was ``start`` related notes of ``about``.

        For findings that turn out to be consequences of an earlier one (a
        move read inside a variation whose ``)`` is missing).  Nothing moves
        when ``about`` is not among the findings before ``start``.
        """
        i = self._index(about)
        if i is None or i >= start:
            return
        moved = self.items[start:]
        del self.items[start:]
        self.items[i] = replace(self.items[i], related=self.items[i].related + tuple(moved))

    def _index(self, about: Diagnostic | None) -> int | None:
        """Where ``about`` is in :attr:`items` (``None``: the last finding), matched by place and text.

        A finding is replaced in :attr:`items` when a note is attached to it,
        so it is found by what it says and where, not by identity.
        """
        if about is None:
            return len(self.items) - 1 if self.items else None
        key = (about.code, about.line, about.column, about.offset, about.message)
        for i in range(len(self.items) - 1, -1, -1):
            d = self.items[i]
            if d is about or (d.code, d.line, d.column, d.offset, d.message) == key:
                return i
        return None

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        for d in diags:
            self.add(d)

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.items)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


#: One line end of a text: LF, CR LF or a lone CR (docs/spec/pgn.md §2.4).
LINE_END = re.compile(r"\r\n?|\n")


def with_related(diags: Iterable[Diagnostic]) -> Iterator[Diagnostic]:
    """Each finding of ``diags`` followed by its related notes (:attr:`Diagnostic.related`), in order.

    Where a consequence was a finding of its own before it became a note, this
    gives the sequence it had then.
    """
    for d in diags:
        yield d
        yield from d.related


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` without their line ends (:data:`LINE_END`), as :class:`LineIndex` numbers them.

    Like ``text.split("\\n")``: ``n`` line ends give ``n + 1`` lines, the last
    one possibly empty.
    """
    return LINE_END.split(text)


def has_lone_cr(text: str) -> bool:
    """Whether ``text`` holds a CR not followed by LF: a line end that Lark's counter (LF only) misses."""
    return "\r" in text and text.count("\r") != text.count("\r\n")


class LineIndex:
    """Maps 0-based character offsets of a text to 1-based (line, column).

    Built once per text in O(n); each lookup is O(log lines).  A line ends at
    LF, CR LF or a lone CR (docs/spec/pgn.md §2.4; XML counts the same way), so
    a CR-only file has its lines as an LF file does.  Only the positions count
    so: the text itself is never changed.  (Lark's own counter ends lines at
    LF only; the PGN parser places its tokens through this index instead when
    a text holds a lone CR.)
    """

    __slots__ = ("_starts",)

    def __init__(self, text: str) -> None:
        if "\r" in text:
            self._starts = [0, *(m.end() for m in LINE_END.finditer(text))]
            return
        # The common case, LF only: a str.find loop, faster than the regex.
        starts = [0]
        find = text.find
        i = find("\n")
        while i >= 0:
            starts.append(i + 1)
            i = find("\n", i + 1)
        self._starts = starts

    def line_col(self, offset: int) -> tuple[int, int]:
        ln = bisect_right(self._starts, offset)
        return ln, offset - self._starts[ln - 1] + 1

    def span(self, start: int, end: int) -> Span:
        ln, col = self.line_col(start)
        eln, ecol = self.line_col(end)
        return Span(start, end, ln, col, eln, ecol)

    def line_start(self, line: int, default: int) -> int:
        """Offset of the first character of 1-based ``line``; ``default`` past the last line."""
        starts = self._starts
        return starts[line - 1] if 1 <= line <= len(starts) else default


def excerpt(text: str, limit: int = 40) -> str:
    """``text`` as quoted in a message: one space per line end (whichever the file uses), cut at ``limit`` with ``…``."""
    text = LINE_END.sub(" ", text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: The code of a reader's or a check's safety net: an exception where a
#: diagnostic was due is a bug in xqformats, reported as this, never raised.
#: Declared here, below every reader, so that any of them may report it.
INTERNAL_ERROR = Rule(
    "G106",
    "internal-error",
    Severity.ERROR,
    "A reader or a lint check failed on the file",
    what=(
        "Reports a file on which a reader or a lint check raised an exception instead of reporting "
        "diagnostics. Readers never raise on bad input, so this is a bug in xqformats: please "
        "report it with the file. The other files are still checked, and `xqformats lint` exits "
        "with status 2."
    ),
    why="The file was not (fully) checked.",
    example="",
    fixed="",
    example_kind="",
    references=("docs/spec/README.md §4.3",),
)
