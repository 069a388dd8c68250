"""The linter behind ``xqformats lint``: discovery, checks, selection, outputs.

Library use::

    from xqformats.lint import lint_paths
    for d in lint_paths(["games/"], ignore=["G103"]):
        print(d)            # path:line:col: CODE message

The linter's own rules (``T1xx`` tags and metadata, ``G1xx`` game level and
files) are declared in :mod:`~xqformats.lint.checks`; every rule, whatever
module declares it, is listed by :mod:`~xqformats.lint.catalogue` and rendered
by :mod:`~xqformats.lint.rulepage`.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..diagnostics import Diagnostic
from ..formats import DEFAULT_MAX_FILE_SIZE
from .catalogue import (
    GROUPS,
    RULES,
    all_rules,
    group_of,
    rule,
)
from .checks import GAME_RULES, TAG_RULES, check_game
from ..discovery import Target, discover
from .rulepage import rule_page, rules_markdown
from .runner import FileResult, LintOptions, lint_bytes, run
from .selection import RuleSelection, SelectorError

__all__ = [
    "lint_paths",
    "lint_bytes",
    "check_game",
    "run",
    "discover",
    "LintOptions",
    "FileResult",
    "Target",
    "RuleSelection",
    "SelectorError",
    "RULES",
    "all_rules",
    "rule",
    "GROUPS",
    "group_of",
    "rule_page",
    "rules_markdown",
    "TAG_RULES",
    "GAME_RULES",
]


def lint_paths(
    paths: Iterable[str],
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    strict: bool = False,
    jobs: int = 1,
    exclude: Sequence[str] = (),
    max_size: int = DEFAULT_MAX_FILE_SIZE,
) -> list[Diagnostic]:
    """Lint files and folders (recursively; ``"-"`` is stdin); every finding in report order.

    ``select``/``ignore`` are code prefixes (``"ALL"``, ``"T1"``, ``"G103"``;
    the default, ``None``, means ``ALL`` but leaves out the opt-in M4 style rules, which a
    selector such as ``"M4"`` or an explicit ``"ALL"`` turns on; see :class:`RuleSelection`);
    ``strict`` turns spec deviations into errors; ``jobs`` > 1 lints in worker
    processes with the same result; a file larger than ``max_size`` bytes is
    reported (``G107``), not read.  No configuration file is read: pass
    settings explicitly.  Raises :class:`SelectorError` for a selector that
    matches no rule.
    """
    selection = RuleSelection(select=RuleSelection.parse(select or ()), ignore=RuleSelection.parse(ignore))
    selection.validate()
    targets = discover(paths, exclude=exclude)
    results = run(targets, LintOptions(selection, strict, max_size=max_size), jobs=jobs)
    return [d for res in results for d in res.diagnostics]
