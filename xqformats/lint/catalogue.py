"""The rule catalogue: every rule xqformats reports, its group and its page.

Every code is declared once, as a :class:`~xqformats.diagnostics.Rule`
constant of the module that emits it.  Declaring has no side effect: this
module names the declaring modules (:data:`DECLARING_MODULES`), imports them,
collects their rules and checks that no two share a code.  So nothing depends
on which modules happen to be imported: strict mode needs no table (a
diagnostic carries its rule's ``deviation`` flag), and every list of rules
comes from here.

* :data:`RULES`, :func:`all_rules`, :func:`rule` — the rules by code;
* :data:`GROUPS` — the topic of each code prefix (ruff's "F4xx imports"),
  used to list the catalogue and to title ``docs/rules.md``;
* :data:`OPT_IN` — the rules the default selection leaves out;
* :func:`rule_page` / :func:`rules_markdown` — one Markdown page per rule,
  shared by ``xqformats rules CODE``, SARIF rule help and ``docs/rules.md``.

Which rules a run reports is :mod:`xqformats.lint.selection`.

Why the catalogue sits in the ``lint`` layer: it must import every declaring
module, and the highest of them is :mod:`xqformats.lint.checks` (the tag and
game rules).  Any lower (in :mod:`xqformats.diagnostics`, say) it would import
upward; above ``lint``, the linter's selection, SARIF output and rule pages
could not use it.  Readers, writers and strict mode never need it.
"""

from __future__ import annotations

from types import MappingProxyType, ModuleType
from typing import Iterable, Mapping, Sequence

from .. import encoding, fen
from ..adjudication import rules as repetition_rules
from ..cbf import rules as cbf_rules
from ..cbr import rules as cbr_rules
from ..dhtmlxq import rules as dhtmlxq_rules
from ..diagnostics import Rule, Severity
from ..formats import rules as format_rules
from ..jsonform import rules as json_rules
from ..notation import rules as notation_rules
from ..pgn import rules as pgn_rules
from ..wxfgame import rules as wxfgame_rules
from . import suppression
from ..xqf import rules as xqf_rules
from . import checks

__all__ = [
    "DECLARING_MODULES",
    "RULES",
    "all_rules",
    "rule",
    "collect_rules",
    "GROUPS",
    "group_of",
    "grouped",
    "OPT_IN",
    "on_by_default",
    "rule_page",
    "rules_markdown",
]

#: Every module that declares rules: FEN, moves, PGN, text encoding, CBF, the
#: front door's file-level rules, the linter's own tag and game checks, and the
#: repetition rules.  A new format adds its rules module here.
DECLARING_MODULES: tuple[ModuleType, ...] = (
    fen,
    notation_rules,
    pgn_rules,
    encoding,
    cbf_rules,
    xqf_rules,
    cbr_rules,
    dhtmlxq_rules,
    wxfgame_rules,
    json_rules,
    format_rules,
    checks,
    repetition_rules,
    suppression,
)


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


#: Code prefix -> topic, most specific prefixes first.  The ranges follow the
#: project's allocation (common brief § rule code ranges).
GROUPS: tuple[tuple[str, str], ...] = (
    ("F1", "FEN"),
    ("M1", "Moves: notation shape"),
    ("M2", "Moves: resolution and ambiguity"),
    ("M3", "Moves: legality"),
    ("M4", "Moves: canonical style"),
    ("P1", "PGN syntax"),
    ("P2", "PGN structure"),
    ("P3", "PGN movetext"),
    ("T1", "Tags and metadata"),
    ("E1", "Text encoding"),
    ("C1", "CBF: XML"),
    ("C2", "CBF: schema"),
    ("C3", "CBF: semantics"),
    ("X1", "XQF: the file and its keys"),
    ("X2", "XQF: header fields"),
    ("X3", "XQF: start position and moves"),
    ("B1", "CBR and CBL"),
    ("D1", "DhtmlXQ"),
    ("W1", "WXF game files"),
    ("J1", "The JSON form"),
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
#: corpus), so like ruff's non-default rules they are opt-in.
OPT_IN: tuple[str, ...] = ("M4",)


def on_by_default(code: str) -> bool:
    """Whether the default selection reports ``code`` (every rule but the :data:`OPT_IN` ones)."""
    return not code.startswith(OPT_IN)


# ---------------------------------------------------------------- rule pages

_LEVEL_WORD = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}


def _fence(text: str, kind: str) -> str:
    lang = {"pgn": "pgn", "cbf": "xml", "fen": "text"}.get(kind, "text")
    body = text if text.endswith("\n") else text + "\n"
    tick = "```"
    while tick in body:
        tick += "`"
    return f"{tick}{lang}\n{body}{tick}\n"


def _demote(doc: str, heading: str) -> str:
    """Shift Markdown headings in ``doc`` so its top level sits just below ``heading``.

    Lines inside fenced code blocks are left alone.
    """
    lines = doc.strip().split("\n")
    heads: list[int] = []  # indexes of heading lines
    in_fence = False
    for i, ln in enumerate(lines):
        if ln.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and ln.startswith("#"):
            heads.append(i)
    if not heads:
        return "\n".join(lines)

    def level(ln: str) -> int:
        return len(ln) - len(ln.lstrip("#"))

    shift = len(heading) + 1 - min(level(lines[i]) for i in heads)
    for i in heads:
        n = level(lines[i])
        lines[i] = "#" * max(1, n + shift) + lines[i][n:]
    return "\n".join(lines)


def _sections(doc: str) -> list[tuple[str, list[str]]]:
    """``doc`` split at its top-level headings: ``(heading line or "", body lines)``.

    Headings inside fenced code blocks do not split.
    """
    lines = doc.strip().split("\n") if doc.strip() else []
    levels = []
    in_fence = False
    for ln in lines:
        if ln.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and ln.startswith("#"):
            levels.append(len(ln) - len(ln.lstrip("#")))
    top = min(levels) if levels else 0
    out: list[tuple[str, list[str]]] = [("", [])]
    in_fence = False
    for ln in lines:
        if ln.startswith("```"):
            in_fence = not in_fence
        is_top = not in_fence and ln.startswith("#") and len(ln) - len(ln.lstrip("#")) == top
        if is_top:
            out.append((ln, []))
        else:
            out[-1][1].append(ln)
    return out if out[0][1] or len(out) == 1 else out[1:]


def _title(heading_line: str) -> str:
    return heading_line.lstrip("#").strip().lower()


def _with_examples(rule: Rule) -> str:
    """The rule's doc with its bad and good sample placed in *Example* / *Use instead*.

    A doc that already has those sections gets the samples appended to them;
    otherwise the sections are added before *References* (or at the end).
    """
    sections = _sections(rule.doc)
    level = "#" * (min((len(h) - len(h.lstrip("#")) for h, _ in sections if h), default=2))
    for title, sample in (("example", rule.example), ("use instead", rule.fixed)):
        if not sample:
            continue
        block = ["", _fence(sample, rule.example_kind).rstrip("\n")]
        for heading_line, body in sections:
            if heading_line and _title(heading_line) == title:
                while body and not body[-1].strip():
                    body.pop()
                body.extend(block)
                break
        else:
            new = (f"{level} {'Example' if title == 'example' else 'Use instead'}", block)
            refs = [i for i, (h, _) in enumerate(sections) if h and _title(h) == "references"]
            if title == "use instead":
                after = [i for i, (h, _) in enumerate(sections) if h and _title(h) == "example"]
                at = after[0] + 1 if after else (refs[0] if refs else len(sections))
            else:
                at = refs[0] if refs else len(sections)
            sections.insert(at, new)
    parts = []
    for heading_line, body in sections:
        text = "\n".join(body).rstrip("\n")
        if heading_line:
            # A sample added to a fresh section keeps its blank line after the heading.
            parts.append(heading_line + ("\n" + text if text else ""))
        elif text.strip():
            parts.append(text.lstrip("\n"))
    return "\n\n".join(parts)


def grouped(rules: Sequence[Rule]) -> list[tuple[str, list[Rule]]]:
    """``rules`` by topic, topics in :data:`GROUPS` order, codes sorted within each."""
    groups: dict[str, list[Rule]] = {}
    for r in sorted(rules, key=lambda r: r.code):
        groups.setdefault(group_of(r.code), []).append(r)
    titles = [title for _, title in GROUPS]
    return sorted(groups.items(), key=lambda kv: titles.index(kv[0]) if kv[0] in titles else len(titles))


def _default_sentence(rule: Rule) -> str:
    """Whether the default selection reports ``rule`` (see :func:`on_by_default`)."""
    if on_by_default(rule.code):
        return "On by default."
    return (
        f"**Opt-in**: reported only when a selector names it (`--extend-select {rule.code}`) "
        "or `ALL` is selected explicitly (`--select ALL`)."
    )


def rule_page(rule: Rule, *, heading: str = "#") -> str:
    """The Markdown page of ``rule``: title, facts, doc, bad and good example.

    ruff's layout: ``name (CODE)``, then whether it is on by default, its
    severity and group, then the rule's ``doc`` (*What it does*, *Why is this
    bad?*, …; its headings shifted below the title) with the rule's bad and
    good samples under *Example* and *Use instead*.  ``heading`` is the
    title's level.
    """
    sev = _LEVEL_WORD[rule.severity]
    facts = [f"Default severity: **{sev}**"]
    if rule.deviation:
        facts.append("a deviation from the spec with a clear meaning: an **error** under `--strict`")
    facts.append(f"group: {group_of(rule.code)}")
    facts.append(f"fix: {_fix_word(rule)}")
    about = _default_sentence(rule) + " " + "; ".join(facts) + "."
    lines = [f"{heading} {rule.name} ({rule.code})", "", rule.summary + ".", "", about, ""]
    body = _with_examples(rule)
    if body:
        lines += [_demote(body, heading), ""]
    return "\n".join(lines).rstrip() + "\n"


def _fix_word(rule: Rule) -> str:
    """``safe`` (``lint --fix``), ``unsafe`` (``--unsafe-fixes``) or ``none`` (:attr:`Rule.fix`)."""
    return rule.fix or "none"


def _index_row(rule: Rule) -> str:
    sev = _LEVEL_WORD[rule.severity] + (" (strict: error)" if rule.deviation else "")
    default = "on" if on_by_default(rule.code) else "opt-in"
    anchor = f"{rule.name}-{rule.code}".lower()
    summary = rule.summary.replace("|", "\\|")
    return f"| [{rule.code}](#{anchor}) | {rule.name} | {sev} | {default} | {_fix_word(rule)} | {summary} |"


def rules_markdown(rules: Sequence[Rule] | None = None) -> str:
    """``docs/rules.md``: an index table per group, then every rule's page."""
    rules = list(rules if rules is not None else all_rules())
    opt_in = ", ".join(f"{prefix}xx ({group_of(prefix).lower()})" for prefix in OPT_IN)
    out = [
        "# Rules",
        "",
        "<!-- Generated by tools/gen_rules_doc.py from the rule catalogue; do not edit by hand. -->",
        "",
        "Every diagnostic xqformats reports has a stable code. Select or ignore codes by prefix",
        "(`xqformats lint --select T1 --ignore T104`, or `select`/`ignore` under",
        "`[tool.xqformats]`); `xqformats rules CODE` prints one page.",
        "",
        f"Every rule is on by default except the opt-in ones, {opt_in}: `lint` reports",
        f"those only when a selector names them (`--extend-select {OPT_IN[0]}`) or `ALL` is selected",
        "explicitly (`--select ALL`). The *Default* column says which.",
        "",
        "The *Fix* column says whether `xqformats lint --fix` can fix a finding: `safe` fixes keep",
        "what the record means and are applied by `--fix`; `unsafe` ones may change it and are",
        "applied only with `--unsafe-fixes`; `none`, no fix. A finding of a fixable rule may still",
        "have no fix when nothing says what was meant (a date such as `95.5.22`).",
        "",
    ]
    groups = grouped(rules)
    for title, members in groups:
        out += [
            f"## {title}",
            "",
            "| Code | Name | Severity | Default | Fix | Summary |",
            "| --- | --- | --- | --- | --- | --- |",
            *(_index_row(r) for r in members),
            "",
        ]
    for _, members in groups:
        for r in members:
            out.append(rule_page(r, heading="###"))
    return "\n".join(out).rstrip() + "\n"
