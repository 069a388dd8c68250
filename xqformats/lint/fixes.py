"""Applying fixes: the one place where a finding's edits change a text (``lint --fix``).

A finding that can be fixed carries a :class:`~xqformats.diagnostics.Fix`
(its rule says ``fix="safe"`` or ``"unsafe"`` in the catalogue).  Applying
them follows ruff:

* :func:`apply_fixes` makes one pass: the fixes in order of position, each
  applied whole or not at all; a fix whose edits overlap (or touch at the
  same point as) one already taken waits for the next pass;
* :func:`fix_text` loops: lint, apply, lint again, until no fix applies or
  :data:`MAX_PASSES` passes were made (a fix that undoes another cannot
  loop for ever);
* unsafe fixes (the meaning may change: a ``PlyCount`` that may be right
  while a move is missing) only with ``unsafe=True`` (``--unsafe-fixes``);
* a text with a syntax error (:data:`SYNTAX_CODES`) is not fixed at all, as
  ruff does not: around text the grammar does not allow, where a tag or a
  game ends is the reader's guess, and an edit placed by it may land inside
  the broken text.  Fix the syntax error by hand, then ``--fix`` the rest.

Everything works on text in memory (the language server's quick fixes call
:func:`apply_fixes` and :func:`fix_text` too); :func:`fix_file` reads a file
and gives the bytes to write back in the file's encoding and line ends.
Binary formats have no fixes.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Callable, Iterable, Optional

from ..diagnostics import Diagnostic, Fix, Severity, split_lines
from ..formats import HEAD_SIZE, detect_format
from ..formats.output import TextFile
from ..discovery import STDIN, Target
from .runner import FileResult, LintOptions, lint_bytes, lint_target

__all__ = ["FixOutcome", "apply_fixes", "fix_text", "lint_text"]

#: Code prefixes of syntax errors (PGN's P1xx: text the grammar does not
#: allow, an unclosed variation, comment or tag): a text with one is not fixed.
SYNTAX_CODES = ("P1",)

#: How many lint-and-fix passes :func:`fix_text` makes at most (ruff makes 100;
#: our fixes are independent edits, so two or three passes settle a file).
MAX_PASSES = 10


def fixable(diag: Diagnostic, *, unsafe: bool = False) -> Optional[Fix]:
    """The fix of ``diag`` that may be applied (unsafe ones only with ``unsafe``), or ``None``."""
    fix = diag.fix
    if fix is None or not (fix.safe or unsafe):
        return None
    return fix


def apply_fixes(
    text: str, diagnostics: Iterable[Diagnostic], *, unsafe: bool = False, newline: str = "\n"
) -> tuple[str, list[Diagnostic]]:
    """One pass: ``text`` with the fixes of ``diagnostics`` applied, and the findings fixed.

    Fixes are taken in order of position; one that overlaps a fix already
    taken (or inserts at the point where it ends) is left for the next pass.
    ``newline`` replaces the ``\\n`` of inserted text (the file's line end).
    O(len(text) + fixes).
    """
    chosen: list[tuple[Fix, Diagnostic]] = []
    end = -1
    candidates = [(f, d) for d in diagnostics if (f := fixable(d, unsafe=unsafe)) is not None]
    for fix, diag in sorted(candidates, key=lambda fd: (fd[0].start, fd[0].end)):
        if fix.start <= end or not _in_text(fix, len(text)):
            continue
        chosen.append((fix, diag))
        end = fix.end
    if not chosen:
        return text, []
    parts: list[str] = []
    at = 0
    for fix, _ in chosen:
        for edit in fix.placed():
            parts.append(text[at : edit.start])
            parts.append(edit.new.replace("\n", newline) if newline != "\n" else edit.new)
            at = edit.end
    parts.append(text[at:])
    return "".join(parts), [d for _, d in chosen]


def _in_text(fix: Fix, length: int) -> bool:
    return all(0 <= e.start <= e.end <= length for e in fix.placed())


@dataclass(frozen=True, slots=True)
class FixOutcome:
    """What :func:`fix_text` did: the new ``text``, the findings ``fixed`` (over every pass)
    and what lint reports on the new text (``remaining``, a :class:`FileResult`)."""

    text: str
    fixed: tuple[Diagnostic, ...]
    remaining: FileResult

    @property
    def changed(self) -> bool:
        return bool(self.fixed)


Lint = Callable[[str], FileResult]


def lint_text(text: str, display: str, options: LintOptions, *, path: str = "-") -> FileResult:
    """Lint ``text`` held in memory as ``display`` (its extension picks the format).

    Positions are character offsets into ``text``, as :func:`apply_fixes` needs.
    """
    return lint_bytes(text.encode("utf-8"), display, replace(options, encoding="utf-8"), path=path)


def fix_text(text: str, lint: Lint, *, unsafe: bool = False, newline: str = "\n", max_passes: int = MAX_PASSES) -> FixOutcome:
    """Lint ``text`` with ``lint``, apply the fixes, and again, until it is stable.

    Stops when a pass applies no fix (a fixed point).  Fixes that still
    apply after ``max_passes`` passes never reach one: each pass undid or
    redid another's work (a fix writing into a comment, issue 28, item 11),
    so nothing is changed and what lint reports on ``text`` is ``remaining``.
    Does nothing to a text with a syntax error (:data:`SYNTAX_CODES`).
    ``lint`` is e.g. ``lambda t: lint_text(t, "game.pgn", options)``.
    """
    fixed: list[Diagnostic] = []
    first = result = lint(text)
    if any(d.code.startswith(SYNTAX_CODES) and d.severity is Severity.ERROR for d in result.diagnostics):
        return FixOutcome(text, (), result)
    original = text
    for _ in range(max_passes):
        new, done = apply_fixes(text, result.diagnostics, unsafe=unsafe, newline=newline)
        if not done or new == text:
            return FixOutcome(text, tuple(fixed), result)
        fixed += done
        text = new
        result = lint(text)
    new, done = apply_fixes(text, result.diagnostics, unsafe=unsafe, newline=newline)
    if done and new != text:
        return FixOutcome(original, (), first)  # no fixed point: a fix that keeps coming back is a bug, not a fix
    return FixOutcome(text, tuple(fixed), result)


def fix_file(
    data: bytes, display: str, options: LintOptions, *, path: str = "-", unsafe: bool = False
) -> tuple[FixOutcome, Optional[TextFile]]:
    """Fix a record's bytes: the outcome, and the :class:`TextFile` to write its text back with
    (same encoding, byte-order mark and line ends).

    The file is ``None``, and the outcome fixed nothing (its ``remaining``
    is the plain lint of ``data``), when there is nothing to fix or the bytes
    cannot be rewritten as text (a binary format has no fixes; bytes the
    encoding cannot read would be lost, and so would a character the
    encoding cannot write), or when its extension names another format and
    its content is not positively a record (``Detection.confirmed``: a
    ``package.json`` read as PGN for its ``{`` is never rewritten).
    """
    first = lint_bytes(data, display, options, path=path)
    unchanged = FixOutcome("", (), first)
    if not any(fixable(d, unsafe=unsafe) is not None for d in first.diagnostics):
        return unchanged, None
    if not detect_format(display, data[:HEAD_SIZE], stdin=path == STDIN).confirmed:
        return unchanged, None  # its extension names another format and nothing says it is a record (package.json)
    file = TextFile.decode(data, options.encoding)
    if file is None:
        return unchanged, None

    def lint(text: str) -> FileResult:
        return lint_text(text, display, options, path=path)

    outcome = fix_text(file.text, lint, unsafe=unsafe, newline=file.newline)
    if not outcome.changed:
        return unchanged, None
    try:
        written = file.encode(outcome.text)
    except UnicodeEncodeError:
        return unchanged, None
    # What is left, as the file will read (with its encoding's findings).
    return replace(outcome, remaining=lint_bytes(written, display, options, path=path)), file


# ---------------------------------------------------------------- files


@dataclass(frozen=True, slots=True)
class FileFix:
    """What ``lint --fix`` did to one input.

    ``result`` is what lint reports on the input as it is now (after the
    fixes, or as it was with ``write=False``); ``before``/``after`` are the
    text before and after the fixes (equal when nothing was fixed) and
    ``data`` the bytes to write (the input's own when nothing was fixed).
    """

    target: Target
    result: FileResult
    fixed: tuple[Diagnostic, ...] = ()
    before: str = ""
    after: str = ""
    data: bytes = b""

    @property
    def changed(self) -> bool:
        return bool(self.fixed)


def _read_target(target: Target, stdin: Optional[IO[bytes]], max_size: int) -> Optional[bytes]:
    """The bytes of a file that exists and is within the size limit (else ``None``: lint says why)."""
    if target.path == STDIN:
        return stdin.read() if stdin is not None else None
    if target.missing or target.error:
        return None
    try:
        if os.path.getsize(target.path) > max_size or not os.path.isfile(target.path):
            return None
        return Path(target.path).read_bytes()
    except OSError:
        return None


def fix_target(
    target: Target,
    options: LintOptions,
    *,
    unsafe: bool = False,
    stdin: Optional[IO[bytes]] = None,
    stdin_name: Optional[str] = None,
) -> FileFix:
    """Lint ``target`` and fix what can be fixed, in memory (nothing is written here).

    Standard input is read from ``stdin``.  An input that cannot be read, or
    holds nothing to fix, is linted as ``xqformats lint`` lints it.
    """
    data = _read_target(target, stdin, options.max_size)
    if data is None:
        return FileFix(target, lint_target(target, options, stdin_name))
    display = (stdin_name or STDIN) if target.path == STDIN else target.display
    outcome, file = fix_file(data, display, options, path=target.path, unsafe=unsafe)
    if file is None:
        return FileFix(target, outcome.remaining, data=data)
    return FileFix(target, outcome.remaining, outcome.fixed, file.text, outcome.text, file.encode(outcome.text))


def unified_diff(before: str, after: str, name: str) -> str:
    """The change from ``before`` to ``after`` as a unified diff of the file ``name`` (``--- a/name``, ``+++ b/name``).

    Lines are compared without their line ends, so a CR LF file's diff shows
    only what changed; it ends with a line end.
    """
    lines = difflib.unified_diff(
        split_lines(before), split_lines(after), f"a/{name}", f"b/{name}", lineterm=""
    )
    text = "\n".join(lines)
    return text + "\n" if text else ""
