"""Renderers for lint findings: text, JSON, SARIF 2.1.0 and GitHub workflow commands.

Each renderer takes the per-file results in report order and returns the
whole output as one string (``""`` when there is nothing to print).  They
never re-order findings: the runner's order is the contract (``-j N`` equals
``-j 1``).  Text and GitHub output are made of one block per file
(:func:`render_text_file`, :func:`render_github` of one result), so the
command prints each file's block as soon as the file is done.

* **text** — ``path:line:col: severity CODE message`` (:func:`format_line`), the source line with carets
  under the span (East Asian wide characters count two cells, so carets line
  up under Chinese moves), then a one-line summary; a finding in a binary
  file is placed by byte offset: ``path:@0x412: severity CODE message``; coloured by severity on a terminal;
* **json** — an array of objects: ``path``, ``line``, ``column``,
  ``end_line``, ``end_column``, ``offset``, ``length`` (bytes, for binary
  files), ``code``, ``name``, ``severity``, ``message``;
* **sarif** — SARIF 2.1.0 for code scanning: one run, the whole rule catalogue
  as ``tool.driver.rules``, columns in Unicode code points, ``byteOffset`` and
  ``byteLength`` for findings in binary files;
* **github** — ``::error title=xqformats (CODE),file=…,line=…,col=…,endLine=…,
  endColumn=…::path:line:col: CODE message`` (``::warning``/``::notice`` for
  lower severities), the shape ruff prints.
"""

from __future__ import annotations

import json
import os
import unicodedata
from dataclasses import replace
from pathlib import Path, PurePath
from typing import Any, Iterable, Optional, Sequence

from .. import __version__
from ..diagnostics import Diagnostic, Rule, Severity
from .catalogue import RULES, all_rules
from .rulepage import rule_anchor, rule_description, rule_page
from .runner import FileResult

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

#: The project's home, the one place its address is written: SARIF's
#: ``informationUri`` and, below it, every rule's ``helpUri`` (its page in
#: ``docs/rules.md``).  Keep it equal to ``Documentation`` in pyproject's
#: ``[project.urls]``.
PROJECT_URL = "https://github.com/OWNER/xqformats"

#: The rule pages: ``docs/rules.md`` on the project's main branch.
RULES_URL = f"{PROJECT_URL}/blob/main/docs/rules.md"


def help_uri(rule: Rule) -> str:
    """The address of ``rule``'s page: its heading's anchor in ``docs/rules.md`` (``#date-format-t104``).

    The anchor is the one GitHub gives the page's heading ``### date-format (T104)``.
    """
    return f"{RULES_URL}#{rule_anchor(rule)}"


_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_GITHUB_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _diagnostics(results: Iterable[FileResult]) -> Iterable[tuple[FileResult, Diagnostic]]:
    for res in results:
        for d in res.diagnostics:
            yield res, d


# ---------------------------------------------------------------- text


def _cell_width(ch: str) -> int:
    if ch < "\u0300":  # ASCII and Latin-1: one cell (the common case, no table lookup)
        return 1
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


_MAX_WIDTH = 100  # display cells of source shown per line


class _Line:
    """A source line ready for snippets: tabs as spaces, prefix sums of cell widths.

    Built once per line however many findings point at it, so a long movetext
    line with many findings costs O(length) once, then O(log length) each.
    """

    __slots__ = ("chars", "cells")

    def __init__(self, text: str) -> None:
        self.chars = text.rstrip("\r\n").replace("\t", " ")
        cells = [0]
        total = 0
        for ch in self.chars:
            total += _cell_width(ch)
            cells.append(total)
        self.cells = cells  # cells[i] = display width of chars[:i]


def _snippet(line_no: int, line: _Line, column: Optional[int], end_column: Optional[int], multiline: bool) -> list[str]:
    """The source line (an excerpt of it when long) and a caret line under the span."""
    from bisect import bisect_right

    chars, cells = line.chars, line.cells
    n = len(chars)
    start_idx = min(max(1, column or 1) - 1, n)
    if multiline or end_column is None:
        end_idx = n
    else:
        end_idx = min(max(end_column - 1, start_idx), n)
    # Window: keep the caret start in view on long lines.
    lo = max(0, start_idx - 30) if cells[n] > _MAX_WIDTH else 0
    hi = min(n, bisect_right(cells, cells[lo] + _MAX_WIDTH) - 1)
    prefix = "…" if lo > 0 else ""
    suffix = "…" if hi < n else ""
    pad = len(prefix) + cells[start_idx] - cells[lo]
    span_w = cells[max(start_idx, min(end_idx, hi))] - cells[start_idx]
    carets = "^" * max(1, span_w)
    gutter = str(line_no)
    return [
        f" {gutter} | {prefix}{chars[lo:hi]}{suffix}".rstrip(),
        f" {' ' * len(gutter)} | {' ' * pad}{carets}",
    ]


def summary(results: Sequence[FileResult], hidden: int = 0) -> str:
    """``Found 2 errors and 1 warning in 1 of 3 files`` or ``All checks passed (3 files)``;
    ``No record files found; nothing checked`` for no file at all (an empty folder: not a pass).

    ``hidden`` info findings (not shown: see
    :meth:`~xqformats.lint.selection.RuleSelection.shown`) are counted at the end.
    """
    if not results:
        return "No record files found; nothing checked"
    counts = {Severity.ERROR: 0, Severity.WARNING: 0, Severity.INFO: 0}
    files_with = 0
    for res in results:
        if res.diagnostics:
            files_with += 1
        for d in res.diagnostics:
            counts[d.severity] += 1
    n = len(results)
    files = f"{n} file{'s' if n != 1 else ''}"
    note = f" ({hidden:,} info hidden; --show-info shows them)" if hidden else ""
    if not any(counts.values()):
        return f"All checks passed ({files}){note}"
    parts = []
    for sev, word in ((Severity.ERROR, "error"), (Severity.WARNING, "warning")):
        if counts[sev]:
            parts.append(f"{counts[sev]} {word}{'s' if counts[sev] != 1 else ''}")
    if counts[Severity.INFO]:
        parts.append(f"{counts[Severity.INFO]} info")
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    where = files if files_with == n else f"{files_with} of {files}"
    return f"Found {listed} in {where}{note}"


def run_summary(results: Sequence[FileResult], seconds: float, hidden: int = 0) -> str:
    """The figures of a whole run, for its last line on stderr.

    ``checked 3 files (1.6 MB): 1,000 games, 104,869 moves; 2 errors, 1
    warning, 5 info in 1.9 s`` (a file that could not be read counts as
    checked, with no bytes).  ``hidden`` info findings, dropped from
    ``results`` by the selection, count as the summary line counts them:
    ``16 info (16 hidden)``.
    """
    counts = {s: 0 for s in Severity}
    for res in results:
        for d in res.diagnostics:
            counts[d.severity] += 1
    n = len(results)
    size = sum(r.size for r in results)
    games = sum(r.games for r in results)
    moves = sum(r.moves for r in results)
    info = f"{counts[Severity.INFO] + hidden:,} info" + (f" ({hidden:,} hidden)" if hidden else "")
    findings = f"{_count(counts[Severity.ERROR], 'error')}, {_count(counts[Severity.WARNING], 'warning')}, {info}"
    return (
        f"checked {_count(n, 'file')} ({size / 1e6:.1f} MB): {_count(games, 'game')}, {_count(moves, 'move')}; "
        f"{findings} in {seconds:.1f} s"
    )


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'s' if n != 1 else ''}"


#: How many findings of one code a file shows in text output before the rest
#: are folded into one line (``--no-fold`` shows them all).  A collection
#: exported by one program repeats the same deviation in every game.
FOLD_AFTER = 3


#: ANSI colours of a finding's severity word by severity (``--color``): red, yellow, cyan.
_COLOURS = {Severity.ERROR: "\x1b[31m", Severity.WARNING: "\x1b[33m", Severity.INFO: "\x1b[36m"}
_BOLD, _RESET = "\x1b[1m", "\x1b[0m"


def format_line(d: Diagnostic, *, color: bool = False) -> str:
    """The text output's line for ``d``: ``path:line:col: severity CODE message``.

    The severity word sits between the place and the code, as compilers
    print it (``a.pgn:4:9: error M301 …``), so an error and an info never
    look alike and ``grep ': error '`` finds the errors.  ``color`` makes the
    place bold and the severity word bold in its colour (ANSI).
    """
    if not color:
        return d.format(severity=True)
    sev = f"{_BOLD}{_COLOURS[d.severity]}{d.severity}{_RESET}"
    return f"{_BOLD}{d.place()}{_RESET}: {sev} {_BOLD}{d.code}{_RESET} {d.message}"


def render_text(
    results: Sequence[FileResult],
    *,
    show_source: bool = True,
    summary_line: bool = True,
    fold: Optional[int] = FOLD_AFTER,
    color: bool = False,
    hidden: int = 0,
) -> str:
    """Each finding with its source line and carets, then (``summary_line``) the one-line :func:`summary`.

    In each file, the findings of one code after the first ``fold`` are
    counted in one line after the file's findings instead (``None``: all
    shown).  ``color`` puts each severity word in its colour (ANSI);
    ``hidden`` info findings are counted in the summary.
    """
    out = [render_text_file(res, show_source=show_source, fold=fold, color=color) for res in results]
    if summary_line:
        out.append(summary(results, hidden) + "\n")
    return "".join(out)


def render_text_file(
    res: FileResult, *, show_source: bool = True, fold: Optional[int] = FOLD_AFTER, color: bool = False
) -> str:
    """One file's block of :func:`render_text` (``""`` when it has no findings): printed as soon as the file is done."""
    out: list[str] = []
    prepared: dict[int, _Line] = {}
    seen: dict[str, int] = {}
    for d in res.diagnostics:
        seen[d.code] = seen.get(d.code, 0) + 1
        if fold is not None and seen[d.code] > fold:
            continue
        out.append(format_line(d, color=color))
        if show_source and d.line is not None and d.line in res.lines:
            line = prepared.get(d.line)
            if line is None:
                line = prepared[d.line] = _Line(res.lines[d.line])
            multiline = d.end_line is not None and d.end_line != d.line
            out.extend(_snippet(d.line, line, d.column, d.end_column, multiline))
            out.extend(_note_line(d, n) for n in d.related)
            out.append("")
        else:
            out.extend(_note_line(d, n) for n in d.related)
    out.extend(_folded(res.display, seen, fold))
    return "".join(line + "\n" for line in out)


def _note_line(d: Diagnostic, note: Diagnostic) -> str:
    """A related note under its finding: ``  note: path:4:17: P301 Moves from here … kept as a comment``."""
    return f"  note: {note.with_path(d.path).format()}"


def _folded(display: str, seen: dict[str, int], fold: Optional[int]) -> list[str]:
    """``path: … and 2,592 more T101 (missing-game-tag) in this file`` for each folded code."""
    if fold is None:
        return []
    lines = []
    for code, n in seen.items():
        if n > fold:
            rule = RULES.get(code)
            name = f" ({rule.name})" if rule is not None else ""
            lines.append(f"{display}: … and {n - fold:,} more {code}{name} in this file (--no-fold shows them)")
    return lines


# ---------------------------------------------------------------- json


def _record(d: Diagnostic) -> dict[str, Any]:
    rule = RULES.get(d.code)
    out = _where(d) | {
        "code": d.code,
        "name": rule.name if rule is not None else None,
        "severity": str(d.severity),
        "message": d.message,
    }
    if d.related:
        out["related"] = [_where(n.with_path(d.path)) | {"code": n.code, "message": n.message} for n in d.related]
    return out


def _where(d: Diagnostic) -> dict[str, Any]:
    return {
        "path": d.path,
        "line": d.line,
        "column": d.column,
        "end_line": d.end_line,
        "end_column": d.end_column,
        "offset": d.offset,
        "length": d.length,
    }


def _dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False)


def render_json(results: Sequence[FileResult]) -> str:
    """A JSON array, one finding per line.

    (``indent=`` would switch :mod:`json` to its pure-Python encoder: ten
    times slower on a corpus with 100,000 findings.)
    """
    rows = [_dumps(_record(d)) for _, d in _diagnostics(results)]
    if not rows:
        return "[]\n"
    return "[\n  " + ",\n  ".join(rows) + "\n]\n"


# ---------------------------------------------------------------- sarif


def _sarif_rule(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule_description(rule)},
        "help": {"text": rule.summary, "markdown": rule_page(rule)},
        "helpUri": help_uri(rule),
        "defaultConfiguration": {"level": _SARIF_LEVEL[rule.severity]},
        "properties": {"deviation": rule.deviation},
    }


def _uri(path: Optional[str]) -> str:
    """The SARIF ``uri`` of ``path``: percent-encoded bytes of the name as the file system has it.

    A name that is not valid UTF-8 reaches Python with its bad bytes as lone
    surrogates (PEP 383); :func:`os.fsencode` gives back the original bytes,
    which are percent-encoded as they are (``g\\xffame.pgn`` → ``g%FFame.pgn``)
    instead of failing to encode.
    """
    from urllib.parse import quote_from_bytes

    if not path or path == "-":
        return "stdin"
    p = PurePath(path)
    if p.is_absolute():
        return p.as_uri()  # pathlib percent-encodes os.fsencode(path), the same way
    return quote_from_bytes(os.fsencode(p.as_posix()))


def _sarif_result(d: Diagnostic, index: dict[str, int]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleId": d.code,
        "level": _SARIF_LEVEL[d.severity],
        "message": {"text": d.message},
        "locations": [{"physicalLocation": _physical(d)}],
    }
    if d.code in index:
        out["ruleIndex"] = index[d.code]
    if d.related:
        out["relatedLocations"] = [
            {"id": i, "message": {"text": f"{n.code}: {n.message}"}, "physicalLocation": _physical(n.with_path(d.path))}
            for i, n in enumerate(d.related)
        ]
    return out


def _physical(d: Diagnostic) -> dict[str, Any]:
    """The SARIF ``physicalLocation`` of a finding or note: its file and its region (lines and columns, or bytes)."""
    physical: dict[str, Any] = {"artifactLocation": {"uri": _uri(d.path)}}
    if d.line is not None:
        region: dict[str, Any] = {"startLine": d.line}
        if d.column is not None:
            region["startColumn"] = d.column
        if d.end_line is not None:
            region["endLine"] = d.end_line
            if d.end_column is not None:
                region["endColumn"] = d.end_column
        physical["region"] = region
    elif d.offset is not None:
        region = {"byteOffset": d.offset}
        if d.length is not None:
            region["byteLength"] = d.length
        physical["region"] = region
    if d.path and d.path != "-" and not d.path.startswith("/"):
        physical["artifactLocation"]["uriBaseId"] = "%SRCROOT%"
    return physical


_RESULTS = "@@xqformats-results@@"  # placeholder for the result rows in the SARIF frame


def rebased(results: Sequence[FileResult], base: Path, cwd: Path) -> list[FileResult]:
    """``results`` with their relative paths (to ``cwd``) made relative to ``base``.

    CI tools resolve paths against the repository root, not against the folder
    the linter ran in: SARIF's ``%SRCROOT%``, GitHub's ``GITHUB_WORKSPACE``.
    A path outside ``base`` becomes absolute; absolute paths and standard
    input stay as they are.
    """

    def move(path: Optional[str]) -> Optional[str]:
        if not path or path == "-" or os.path.isabs(path):
            return path
        full = os.path.normpath(os.path.join(cwd, path))
        rel = os.path.relpath(full, base)
        return full if rel == ".." or rel.startswith(".." + os.sep) else PurePath(rel).as_posix()

    out = []
    for res in results:
        diags = tuple(d.with_path(move(d.path)) for d in res.diagnostics)
        out.append(replace(res, display=move(res.display) or res.display, diagnostics=diags))
    return out


def render_sarif(results: Sequence[FileResult], rules: Optional[Sequence[Rule]] = None, *, root: Optional[Path] = None) -> str:
    """A SARIF 2.1.0 log: the catalogue's rules and every finding.

    ``root`` is the folder relative paths are relative to (see :func:`rebased`):
    it is given as ``%SRCROOT%`` in ``originalUriBaseIds``, so a viewer finds
    the files without being told.
    """
    rules = list(rules if rules is not None else all_rules())
    index = {r.code: i for i, r in enumerate(rules)}
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "xqformats",
                "informationUri": PROJECT_URL,
                "version": __version__,
                "semanticVersion": __version__,
                "rules": [_sarif_rule(r) for r in rules],
            }
        },
        # Our columns count characters (code points), not UTF-16 units.
        "columnKind": "unicodeCodePoints",
        "results": [_RESULTS],
    }
    if root is not None:
        run["originalUriBaseIds"] = {"%SRCROOT%": {"uri": root.resolve().as_uri() + "/"}}
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    rows = [_dumps(_sarif_result(d, index)) for _, d in _diagnostics(results)]
    if not rows:
        run["results"] = []
        return json.dumps(log, ensure_ascii=False, indent=2) + "\n"
    # The frame and the rules indented for people; results one per line, each
    # by the C encoder (see render_json).
    frame = json.dumps(log, ensure_ascii=False, indent=2)
    head, _, tail = frame.partition(json.dumps(_RESULTS))
    indent = head[head.rindex("\n") + 1 :]
    return head + (",\n" + indent).join(rows) + tail + "\n"


# ---------------------------------------------------------------- github


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(results: Sequence[FileResult]) -> str:
    lines = []
    for _, d in _diagnostics(results):
        props = [f"title={_escape_property(f'xqformats ({d.code})')}", f"file={_escape_property(d.path or '-')}"]
        if d.line is not None:
            props.append(f"line={d.line}")
            if d.column is not None:
                props.append(f"col={d.column}")
            if d.end_line is not None:
                props.append(f"endLine={d.end_line}")
                if d.end_column is not None:
                    props.append(f"endColumn={d.end_column}")
        text = "\n".join([d.format(), *(_note_line(d, n) for n in d.related)])  # notes on lines of their own
        lines.append(f"::{_GITHUB_COMMAND[d.severity]} {','.join(props)}::{_escape_data(text)}")
    return "".join(line + "\n" for line in lines)


def render(
    fmt: str,
    results: Sequence[FileResult],
    *,
    show_source: bool = True,
    summary: bool = True,
    root: Optional[Path] = None,
    fold: Optional[int] = FOLD_AFTER,
    color: bool = False,
    hidden: int = 0,
) -> str:
    """Dispatch on ``fmt`` (one of :data:`~xqformats.lint.config.OUTPUT_FORMATS`); ``summary`` is the text's last line.

    ``root``: the folder the results' relative paths are relative to, for SARIF.
    """
    if fmt == "json":
        return render_json(results)
    if fmt == "sarif":
        return render_sarif(results, root=root)
    if fmt == "github":
        return render_github(results)
    return render_text(results, show_source=show_source, summary_line=summary, fold=fold, color=color, hidden=hidden)


def statistics(results: Sequence[FileResult], fmt: str = "text") -> str:
    """How many findings each code has, most first (then by code), as ruff's ``--statistics``.

    Text: one line per code, ``   12  T101  missing-game-tag  error``; JSON
    (``fmt`` ``json``): an array of ``{code, name, severity, count}``.
    """
    counts: dict[str, int] = {}
    severity: dict[str, Severity] = {}
    for _, d in _diagnostics(results):
        counts[d.code] = counts.get(d.code, 0) + 1
        severity[d.code] = max(severity.get(d.code, d.severity), d.severity)
    order = sorted(counts, key=lambda c: (-counts[c], c))
    names = {c: (RULES[c].name if c in RULES else "") for c in order}
    if fmt == "json":
        rows = [{"code": c, "name": names[c], "severity": str(severity[c]), "count": counts[c]} for c in order]
        return json.dumps(rows, ensure_ascii=False, indent=2) + "\n"
    width = max((len(f"{n:,}") for n in counts.values()), default=1)
    name_w = max((len(n) for n in names.values()), default=0)
    return "".join(f"{counts[c]:>{width},}  {c}  {names[c]:<{name_w}}  {severity[c]}\n" for c in order)
