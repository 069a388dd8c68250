"""Rule selection: which codes a lint run reports, file by file.

One class, :class:`RuleSelection`, holds every input of the decision —
``select``, ``extend-select``, ``ignore``, ``per-file-ignores``, the opt-in
set and the default — and :meth:`RuleSelection.for_file` turns them into the
code filter for one file.  The command line, configuration files
(:meth:`xqformats.lint.config.Settings.selection`) and the library call
(:func:`xqformats.lint.lint_paths`) all build one and nothing else decides.

The decision (ruff's precedence):

1. The select side is ``select`` (``ALL`` when empty: the default) followed
   by ``extend-select``; the ignore side is ``ignore`` followed by the
   ``per-file-ignores`` entries whose glob matches the file.
2. A code is reported when the longest selector that is a prefix of it is on
   the select side; ``ignore`` wins a tie; ``ALL`` is the empty prefix.
   So ``select=["ALL"], ignore=["T1"]`` drops every tag rule, and adding
   ``"T104"`` to ``select`` brings that one back.  A code no selector
   matches is not reported.
3. An opt-in code (:data:`~xqformats.lint.catalogue.OPT_IN`) that only ``ALL``
   matches is reported only when ``ALL`` is written in ``select`` itself;
   the default ``ALL`` (and ``ALL`` in ``extend-select``) leaves it out.
4. A finding of severity *info* is shown only with ``show_info``
   (``--show-info``, ``show-info = true``), or when its code was asked for:
   a selector in ``select`` or ``extend-select`` other than ``ALL`` names it
   (``E1``, ``P301``), or it is an opt-in code (reported at all only because
   someone selected it: ``M4``, or ``ALL`` written in ``select``).  So the
   style rules (M4xx, all info) show whenever they are on.  A hidden finding
   is counted (the text summary says how many) but does not count as found.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Optional

from ..diagnostics import Diagnostic, Severity
from .catalogue import OPT_IN, RULES

#: ``per-file-ignores``: ``(glob, codes)`` pairs in the order they were written.
PerFileIgnores = tuple[tuple[str, tuple[str, ...]], ...]


class SelectorError(ValueError):
    """A ``--select``/``--ignore`` entry that matches no rule."""


@dataclass(frozen=True, slots=True)
class RuleSelection:
    """Which codes are reported in which file (see the module docstring for the rules).

    Every selector is a code prefix in upper case (see :meth:`parse`) or
    ``ALL``.  ``per_file_ignores`` globs are matched against a file's path
    relative to ``root`` (the current folder when ``None``) and against its
    bare name.  Decisions are memoised per code; a selection is immutable and
    picklable (it travels to worker processes).
    """

    #: Code prefixes to report; empty means the default, ``ALL`` without the opt-in rules.
    select: tuple[str, ...] = ()
    #: Code prefixes added to ``select``.
    extend_select: tuple[str, ...] = ()
    #: Code prefixes not to report.
    ignore: tuple[str, ...] = ()
    #: Globs and the code prefixes ignored in the files they match.
    per_file_ignores: PerFileIgnores = ()
    #: The folder ``per_file_ignores`` globs are relative to.
    root: Optional[Path] = None
    #: Prefixes that only an explicit ``ALL`` in ``select`` (or a selector naming them) turns on.
    opt_in: tuple[str, ...] = OPT_IN
    #: Show every finding of severity info, not only those of codes a selector names (rule 4).
    show_info: bool = False

    def shown(self, d: Diagnostic) -> bool:
        """Whether a reported finding is shown: anything above info, else rule 4 of the module docstring."""
        return d.severity > Severity.INFO or self.show_info or self.asked_for(d.code)

    def asked_for(self, code: str) -> bool:
        """Whether a reported ``code`` was asked for: an opt-in code, or one a selector other than ``ALL`` names."""
        return code.startswith(self.opt_in) or _specificity(self.select + self.extend_select, code) > 0

    def enabled(self, code: str) -> bool:
        """Whether ``code`` is reported in a file that no ``per_file_ignores`` glob matches."""
        return _enabled(self.select, self.extend_select, self.ignore, self.opt_in, code)

    def for_file(self, name: Optional[str]) -> Callable[[str], bool]:
        """The code filter for the file at ``name`` (``None``: an input without a name)."""
        extra = self.ignores_for(name) if name is not None else ()
        if not extra:
            return self.enabled
        return replace(self, ignore=self.ignore + extra, per_file_ignores=()).enabled

    def ignores_for(self, name: str) -> tuple[str, ...]:
        """The ``per_file_ignores`` prefixes for the file at ``name`` (absolute or relative)."""
        if not self.per_file_ignores:
            return ()
        root = self.root if self.root is not None else Path.cwd()
        try:
            rel = Path(name).resolve().relative_to(root.resolve()).as_posix()
        except ValueError:  # outside the root: match the path as given
            rel = Path(name).as_posix()
        base = rel.rsplit("/", 1)[-1]
        out: list[str] = []
        for pattern, codes in self.per_file_ignores:
            if fnmatch.fnmatchcase(rel, pattern) or fnmatch.fnmatchcase(base, pattern):
                out.extend(codes)
        return tuple(out)

    def validate(self, codes: Optional[Iterable[str]] = None) -> None:
        """Raise :class:`SelectorError` for a selector that matches none of ``codes``.

        Every list is checked, ``per_file_ignores`` included; ``codes``
        defaults to the whole catalogue.
        """
        known = list(RULES if codes is None else codes)
        per_file = (sel for _, sels in self.per_file_ignores for sel in sels)
        for sel in (*self.select, *self.extend_select, *self.ignore, *per_file):
            if sel != "ALL" and not any(c.startswith(sel) for c in known):
                raise SelectorError(f"Unknown rule selector `{sel}`; expected a rule code or a prefix of one")

    @staticmethod
    def parse(items: Iterable[str]) -> tuple[str, ...]:
        """Normalise selectors given as ``["T1", "G101,G102"]`` (commas allowed, case-folded)."""
        out: list[str] = []
        for item in items:
            for part in item.split(","):
                part = part.strip().upper()
                if part:
                    out.append(part)
        return tuple(out)


def _specificity(selectors: tuple[str, ...], code: str) -> int:
    """Length of the longest selector that is a prefix of ``code`` (``ALL`` = 0), else -1."""
    best = -1
    for sel in selectors:
        if sel == "ALL":
            best = max(best, 0)
        elif code.startswith(sel):
            best = max(best, len(sel))
    return best


@lru_cache(maxsize=4096)
def _enabled(
    select: tuple[str, ...], extend: tuple[str, ...], ignore: tuple[str, ...], opt_in: tuple[str, ...], code: str
) -> bool:
    chosen = _specificity((select or ("ALL",)) + extend, code)
    if chosen == 0 and "ALL" not in select and code.startswith(opt_in):
        return False  # an opt-in rule needs a selector that names it, or ALL written in select
    return chosen >= 0 and chosen > _specificity(ignore, code)
