"""The linter behind ``xqformats lint``: discovery, checks, selection, outputs.

Library use::

    import xqformats
    for d in xqformats.lint_paths(["games/"], ignore=["G103"]):
        print(d)            # path:line:col: CODE message
    result = xqformats.lint_record("game.pgn", select=["T1"])   # one input: path, bytes or handle
    result.diagnostics

Both report what ``xqformats lint`` shows: the selection applied (the opt-in
rules left out unless selected; info findings only of codes a selector names,
unless ``show_info``), suppression comments honoured.  A reader's own
``read(...).diagnostics`` or ``open_record(...).diagnostics`` is everything
the reader found, every opt-in style finding included, unfiltered.  (The
functions are not called ``xqformats.lint``: that name is this package.)

The linter's own rules (``T1xx`` tags and metadata, ``G1xx`` game level and
files) are declared in :mod:`~xqformats.lint.checks`; every rule, whatever
module declares it, is listed by :mod:`~xqformats.lint.catalogue` and rendered
by :mod:`~xqformats.lint.rulepage`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import IO, Iterable, Sequence, Union

from ..diagnostics import Diagnostic
from ..formats import DEFAULT_MAX_FILE_SIZE
from .catalogue import all_rules, rule
from ..discovery import discover
from .rulepage import rule_page
from .runner import FileResult, LintOptions, lint_bytes, lint_file, run
from .selection import RuleSelection, SelectorError

# Importable here as before but undocumented (not in __all__); the package imports them from
# their own modules.
from ..discovery import Target  # noqa: F401
from .catalogue import GROUPS, RULES, group_of  # noqa: F401
from .checks import GAME_RULES, TAG_RULES  # noqa: F401
from .rulepage import rules_markdown  # noqa: F401

__all__ = [
    "lint_paths",
    "lint_record",
    "lint_bytes",
    "run",
    "LintOptions",
    "FileResult",
    "SelectorError",
    "all_rules",
    "rule",
    "rule_page",
]


def _selection(select: Sequence[str] | None, ignore: Sequence[str], show_info: bool) -> RuleSelection:
    """The command line's selection from library arguments; :class:`SelectorError` for an unknown selector."""
    selection = RuleSelection(
        select=RuleSelection.parse(select or ()), ignore=RuleSelection.parse(ignore), show_info=show_info
    )
    selection.validate()
    return selection


def _shown(result: FileResult, selection: RuleSelection) -> FileResult:
    """``result`` with only the findings the command line's output shows (rule 4 of :mod:`.selection`)."""
    return replace(result, diagnostics=tuple(d for d in result.diagnostics if selection.shown(d)))


def lint_paths(
    paths: Iterable[str],
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    strict: bool = False,
    jobs: int = 1,
    exclude: Sequence[str] = (),
    max_size: int = DEFAULT_MAX_FILE_SIZE,
    show_info: bool = False,
) -> list[Diagnostic]:
    """Lint files and folders (recursively; ``"-"`` is stdin); every finding in report order.

    ``select``/``ignore`` are code prefixes (``"ALL"``, ``"T1"``, ``"G103"``;
    the default, ``None``, means ``ALL`` but leaves out the opt-in M4 style rules, which a
    selector such as ``"M4"`` or an explicit ``"ALL"`` turns on; see :class:`RuleSelection`);
    ``strict`` turns spec deviations into errors; ``jobs`` > 1 lints in worker
    processes with the same result; a file larger than ``max_size`` bytes is
    reported (``G107``), not read.  The findings are those ``xqformats lint``
    shows: info findings only of codes a selector names, unless
    ``show_info``.  No configuration file is read: pass settings explicitly.
    Raises :class:`SelectorError` for a selector that matches no rule.
    """
    selection = _selection(select, ignore, show_info)
    targets = discover(paths, exclude=exclude)
    results = run(targets, LintOptions(selection, strict, max_size=max_size), jobs=jobs)
    return [d for res in results for d in _shown(res, selection).diagnostics]


def lint_record(
    input: Union[str, Path, bytes, IO[bytes]],
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    strict: bool = False,
    max_size: int = DEFAULT_MAX_FILE_SIZE,
    show_info: bool = False,
    name: str | None = None,
) -> FileResult:
    """Lint one input, a path, bytes or a binary handle, as ``xqformats lint`` does; never raises on its content.

    The selection arguments are :func:`lint_paths`'; the result's
    ``diagnostics`` are what the command line shows, in position order, and
    its ``games``, ``moves`` and ``failed`` what its summary counts.  ``name``
    names the input in findings and decides its format by extension
    (default: the path; for bytes and handles, the content decides).
    Raises :class:`SelectorError` for a selector that matches no rule.
    """
    selection = _selection(select, ignore, show_info)
    options = LintOptions(selection, strict, max_size=max_size)
    if isinstance(input, (str, Path)):
        display = name if name is not None else str(input)
        result = lint_file(str(input), display, options, options.enabled_for(display, str(input)))
    else:
        data = input if isinstance(input, bytes) else input.read()
        result = lint_bytes(data, name or "-", options, name=name)
    return _shown(result, selection)
