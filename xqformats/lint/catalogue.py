"""The rule catalogue: every rule xqformats reports, and its group.

Every code is declared once, as a :class:`~xqformats.diagnostics.Rule`
constant of the module that emits it.  Declaring has no side effect: this
module names the declaring modules (:data:`DECLARING_MODULES`: its own list of
the rules common to every format, and the module each registered format names
as its ``rules``), imports them, collects their rules and checks that no two
share a code.  A format's rules module also titles its code prefixes
(``RULE_GROUPS``), so registering the format registers its rules.  So nothing depends
on which modules happen to be imported: strict mode needs no table (a
diagnostic carries its rule's ``deviation`` flag), and every list of rules
comes from here.

* :data:`RULES`, :func:`all_rules`, :func:`rule` — the rules by code;
* :data:`GROUPS` — the topic of each code prefix (ruff's "F4xx imports"),
  used to list the catalogue and to title ``docs/rules.md``;
* :data:`OPT_IN` — the rules the default selection leaves out.

Rendering a rule (its page, ``docs/rules.md``, the listing, SARIF help) is
:mod:`xqformats.lint.rulepage`.

Which rules a run reports is :mod:`xqformats.lint.selection`.

Why the catalogue sits in the ``lint`` layer: it must import every declaring
module, and the highest of them is :mod:`xqformats.lint.checks` (the tag and
game rules).  Any lower (in :mod:`xqformats.diagnostics`, say) it would import
upward; above ``lint``, the linter's selection, SARIF output and rule pages
could not use it.  Readers, writers and strict mode never need it.
"""

from __future__ import annotations

import importlib
from types import MappingProxyType, ModuleType
from typing import Iterable, Mapping, Sequence

from .. import encoding, fen
from ..adjudication import rules as repetition_rules
from ..diagnostics import Rule
from ..formats import rules as format_rules
from ..formats.registry import REGISTRY
from ..notation import rules as notation_rules
from . import checks, duplicates, suppression

#: The modules of the rules that belong to no one format, in the order their
#: topics are listed: positions and moves first, the tags and the text
#: encoding, then (after the formats') the repetition rules and the game- and
#: file-level rules.
_COMMON_FIRST: tuple[ModuleType, ...] = (fen, notation_rules, checks, encoding)
_COMMON_LAST: tuple[ModuleType, ...] = (repetition_rules, format_rules, suppression, duplicates)


def _format_rule_modules() -> tuple[ModuleType, ...]:
    """The rules module each registered format names (:attr:`~xqformats.formats.base.Format.rules`), once each, in registration order."""
    names = dict.fromkeys(fmt.rules for fmt in REGISTRY if fmt.rules is not None)
    return tuple(importlib.import_module(name) for name in names)


_FORMAT_MODULES = _format_rule_modules()

#: Every module that declares rules: the common ones and each registered
#: format's.  A new format names its rules module in its descriptor.
DECLARING_MODULES: tuple[ModuleType, ...] = _COMMON_FIRST + _FORMAT_MODULES + _COMMON_LAST


def collect_rules(modules: Iterable[ModuleType]) -> dict[str, Rule]:
    """The :class:`~xqformats.diagnostics.Rule` constants of ``modules`` by code, in code order.

    A rule that one module imports from another counts once; two different
    rules with one code raise :class:`ValueError`.
    """
    found: dict[str, Rule] = {}
    for module in modules:
        for value in vars(module).values():
            if not isinstance(value, Rule):
                continue
            old = found.setdefault(value.code, value)
            if old is not value:
                raise ValueError(f"Rule code {value.code} declared twice: `{old.name}` and `{value.name}`")
    return dict(sorted(found.items()))


#: Every rule by code, in code order (read-only).
RULES: Mapping[str, Rule] = MappingProxyType(collect_rules(DECLARING_MODULES))


def all_rules() -> list[Rule]:
    """Every rule, sorted by code (a new list each call)."""
    return list(RULES.values())


def rule(code: str) -> Rule:
    """The rule with ``code``; :class:`KeyError` for a code no module declares."""
    return RULES[code]


#: Code prefix -> topic, in listing order: positions and moves, tags and text
#: encoding, each registered format's groups (its rules module's
#: ``RULE_GROUPS``, in registration order), then repetition and the game and
#: file level.  The ranges follow the project's allocation (common brief §
#: rule code ranges); no prefix is another's prefix.
GROUPS: tuple[tuple[str, str], ...] = (
    ("F1", "FEN"),
    ("M1", "Moves: notation shape"),
    ("M2", "Moves: resolution and ambiguity"),
    ("M3", "Moves: legality"),
    ("M4", "Moves: canonical style"),
    ("T1", "Tags and metadata"),
    ("E1", "Text encoding"),
    *(group for module in _FORMAT_MODULES for group in module.RULE_GROUPS),
    ("R1", "Repetition and the natural limit"),
    ("G1", "Game level and files"),
)


def group_of(code: str) -> str:
    """The topic of ``code`` (``"Other"`` for a prefix outside the allocation)."""
    for prefix, title in GROUPS:
        if code.startswith(prefix):
            return title
    return "Other"


#: Code prefixes of the opt-in rules: reported only when a selector names them
#: (``--extend-select M4``, ``--select M401``) or when ``ALL`` is selected
#: explicitly.  These are the M4 style rules: non-canonical spellings (`h2e2`,
#: `C2=5`, fullwidth digits) are accepted by every source and fill real
#: collections by the hundred thousand (223,151 M405 findings on the shared
#: corpus), so like ruff's non-default rules they are opt-in.  So is G109
#: (duplicate-game): whether a second copy of a game is wanted is the
#: archive keeper's call, and it is judged over the whole run.
OPT_IN: tuple[str, ...] = ("M4", "G109")


def on_by_default(code: str) -> bool:
    """Whether the default selection reports ``code`` (every rule but the :data:`OPT_IN` ones)."""
    return not code.startswith(OPT_IN)


def grouped(rules: Sequence[Rule]) -> list[tuple[str, list[Rule]]]:
    """``rules`` by topic, topics in :data:`GROUPS` order, codes sorted within each."""
    groups: dict[str, list[Rule]] = {}
    for r in sorted(rules, key=lambda r: r.code):
        groups.setdefault(group_of(r.code), []).append(r)
    titles = [title for _, title in GROUPS]
    return sorted(groups.items(), key=lambda kv: titles.index(kv[0]) if kv[0] in titles else len(titles))
