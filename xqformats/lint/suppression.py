"""Inline suppression: comments in a record that silence findings (docs/suppression.md).

A record's text may carry, in any comment its format allows (a PGN ``{…}`` or
``;`` comment, an XML ``<!-- … -->`` in CBF, …), a directive::

    xqformats: ignore M202, T104     # the findings of these codes on this line and the next
    xqformats: ignore-file P212      # the findings of these codes anywhere in the file

Codes are rule codes or prefixes of them (``M2``), separated by commas or
spaces, in any letter case; the list ends at the first character that cannot
be part of it (the ``}`` that closes a PGN comment).  ``ignore`` covers the
findings that *start* on the line where the directive is or on the line after
it, so it works at the end of a move's line and on a line of its own before
it.  A directive is found in the decoded text wherever it stands, so every
text format has it; binary records (XQF, CBR) have none.

A directive code that matches no rule, or that suppressed no finding of this
file, is reported as ``G108`` (ruff's ``RUF100``): a suppression that
outlived its cause hides the next real problem.

:func:`suppress` is called by the runner on each file's findings before the
rule selection applies; it costs one substring search when the text has no
directive.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Optional

from ..diagnostics import Diagnostic, DiagnosticSink, Rule, Severity, Span

#: What every directive starts with.
MARKER = "xqformats:"

_DIRECTIVE = re.compile(r"xqformats:[ \t]*(ignore-file|ignore)\b[ \t]*([A-Za-z0-9][A-Za-z0-9, \t]*)?")
_CODE = re.compile(r"[A-Za-z]+[0-9]*")

UNUSED_SUPPRESSION = Rule(
    "G108",
    "unused-suppression",
    Severity.WARNING,
    "A suppression comment names a code that matches no rule or silences nothing",
    what=(
        "Reports a code in an `xqformats: ignore` or `xqformats: ignore-file` comment that is no "
        "rule code (nor a prefix of one), or that silenced no finding in the file."
    ),
    why=(
        "A suppression that outlived its cause (the record was corrected) hides the next real "
        "problem of that code at that place; a misspelt code suppresses nothing at all. Ruff's "
        "`RUF100` does the same for `# noqa`."
    ),
    example='[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 {xqformats: ignore M202} *\n',
    fixed='[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    example_kind="pgn",
    references=(
        "docs/spec/README.md §4.5",
        "docs/suppression.md",
    ),
)


@dataclass(slots=True)
class Directive:
    """One ``xqformats: ignore …`` comment: its codes, the lines it covers, where each code is written."""

    whole_file: bool
    #: The first and last line it covers (1-based; ``whole_file`` covers every line).
    first_line: int
    last_line: int
    #: Each code as written (upper case) with its character offsets in the text.
    codes: list[tuple[str, int, int]]
    used: set[str] = field(default_factory=set)

    def covers(self, d: Diagnostic) -> Optional[str]:
        """The code of this directive that silences ``d``, if any."""
        if not self.whole_file and (d.line is None or not self.first_line <= d.line <= self.last_line):
            return None
        for code, _, _ in self.codes:
            if d.code.startswith(code):
                return code
        return None


def directives(lines: Mapping[int, str]) -> list[Directive]:
    """Every directive in ``lines`` (1-based line numbers to their text: at least every line holding
    :data:`MARKER`), in line order."""
    out = []
    for line in sorted(n for n, text in lines.items() if MARKER in text):
        for m in _DIRECTIVE.finditer(lines[line]):
            codes = []
            if m.group(2):
                base = m.start(2)
                codes = [(c.group().upper(), base + c.start(), base + c.end()) for c in _CODE.finditer(m.group(2))]
            out.append(Directive(m.group(1) == "ignore-file", line, line + 1, codes))
    return out


def suppress(diags: Iterable[Diagnostic], lines: Mapping[int, str], path: Optional[str], known: Iterable[str]) -> list[Diagnostic]:
    """``diags`` without the findings the directives in ``lines`` silence, plus a G108 per unused code.

    ``lines`` maps line numbers to their text and holds at least every line
    with :data:`MARKER` (the runner fetches them in its pass for source lines,
    so a streamed file is never held whole).

    ``known`` are the rule codes a directive code must be a prefix of;
    ``path`` names the file in the G108 findings.  A G108 is never silenced
    (a directive cannot hide its own mistake), nor is a file-level finding
    without a line by an ``ignore`` (only ``ignore-file`` reaches it).
    """
    found = list(diags)
    marks = directives(lines)
    if not marks:
        return found
    kept = [d for d in found if not _silenced(d, marks)]
    sink = DiagnosticSink(path=path)
    codes = list(known)
    for mark in marks:
        for code, start, end in mark.codes:
            if not any(c.startswith(code) for c in codes):
                why = f"`{code}` in a suppression comment is no rule code; `xqformats rules` lists them"
            elif code not in mark.used:
                why = f"Suppression of `{code}` silences nothing here; remove it"
            else:
                continue
            sink.report(UNUSED_SUPPRESSION, why, Span(0, 0, mark.first_line, start + 1, mark.first_line, end + 1))
    return kept + sink.items


def _silenced(d: Diagnostic, marks: list[Directive]) -> bool:
    silenced = False
    for mark in marks:
        code = mark.covers(d)
        if code is not None:
            mark.used.add(code)  # every directive that covers it counts as used
            silenced = True
    return silenced
