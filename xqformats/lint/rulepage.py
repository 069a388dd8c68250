"""Rule pages: the one renderer of a :class:`~xqformats.diagnostics.Rule`'s fields.

A rule's documentation is data (its fields, in ruff's sections: *What it
does*, *Why is this bad?*, *Example*, *Use instead*, *Fix safety*,
*References*); every text that shows it is made here, so they never disagree:

* :func:`rule_page` — one rule's Markdown page: ``xqformats rules CODE``,
  SARIF's ``help.markdown`` and the language server's hover on a finding;
* :func:`rules_markdown` — ``docs/rules.md`` (an index per group, then every
  page), written by ``tools/gen_rules_doc.py`` and checked to be current by
  ``tests/test_rules_catalogue.py``;
* :func:`rules_listing` — ``xqformats rules``: one line per rule, by group;
* :func:`rule_record` — ``xqformats rules --format json``;
* :func:`rule_description` and :func:`rule_anchor` — SARIF's
  ``fullDescription`` and the anchor its ``helpUri`` points at.

Which rules exist, their groups and the default selection are
:mod:`xqformats.lint.catalogue`; this module only renders.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..diagnostics import Rule, Severity
from .catalogue import OPT_IN, all_rules, group_of, grouped, on_by_default

_LEVEL_WORD = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}

#: The code-block language of each ``example_kind`` (plain text otherwise).
_FENCE_LANGUAGE = {"pgn": "pgn", "cbf": "xml", "json": "json"}

#: What *Fix safety* says first, by :attr:`Rule.fix`.
_FIX_SAFETY = {
    "safe": "This fix is safe: it keeps what the record means, and `xqformats lint --fix` applies it.",
    "unsafe": (
        "This fix is unsafe: it may change what the record means, so `xqformats lint --fix` "
        "applies it only with `--unsafe-fixes`."
    ),
}


def rule_anchor(rule: Rule) -> str:
    """The anchor of ``rule``'s page in ``docs/rules.md`` (``date-format-t104``).

    It is the one GitHub gives the page's heading ``### date-format (T104)``.
    """
    return f"{rule.name}-{rule.code}".lower()


def fix_safety_text(rule: Rule) -> str:
    """The *Fix safety* section of ``rule`` (empty when it has no fix): what its kind means, then the rule's reason."""
    if rule.fix is None:
        return ""
    return "\n\n".join(part for part in (_FIX_SAFETY[rule.fix], rule.fix_safety) if part)


def rule_description(rule: Rule) -> str:
    """What ``rule`` checks and why that matters: *What it does* and *Why is this bad?* (SARIF ``fullDescription``)."""
    return "\n\n".join(part for part in (rule.what, rule.why) if part) or rule.summary


def _fence(text: str, kind: str) -> str:
    """``text`` as a fenced code block, its fence longer than any backtick run inside."""
    body = text if text.endswith("\n") else text + "\n"
    tick = "```"
    while tick in body:
        tick += "`"
    return f"{tick}{_FENCE_LANGUAGE.get(kind, 'text')}\n{body}{tick}"


def _default_sentence(rule: Rule) -> str:
    """Whether the default selection reports ``rule`` (see :func:`~xqformats.lint.catalogue.on_by_default`)."""
    if on_by_default(rule.code):
        return "On by default."
    return (
        f"**Opt-in**: reported only when a selector names it (`--extend-select {rule.code}`) "
        "or `ALL` is selected explicitly (`--select ALL`)."
    )


def _facts(rule: Rule) -> str:
    facts = [f"Default severity: **{_LEVEL_WORD[rule.severity]}**"]
    if rule.deviation:
        facts.append("a deviation from the spec with a clear meaning: an **error** under `--strict`")
    facts.append(f"group: {group_of(rule.code)}")
    facts.append(f"fix: {_fix_word(rule)}")
    return _default_sentence(rule) + " " + "; ".join(facts) + "."


def _sections(rule: Rule) -> list[tuple[str, list[str]]]:
    """The page's sections in ruff's order, each a title and its blocks; empty ones left out."""
    sample = [_fence(rule.example, rule.example_kind)] if rule.example else []
    good = [_fence(rule.fixed, rule.example_kind)] if rule.fixed else []
    out = [
        ("What it does", [rule.what]),
        ("Why is this bad?", [rule.why]),
        ("Example", [rule.example_note, *sample]),
        ("Use instead", [rule.use_instead, *good]),
        ("Fix safety", [fix_safety_text(rule)]),
        ("References", ["\n".join(f"- {ref}" for ref in rule.references)]),
    ]
    return [(title, [b for b in blocks if b]) for title, blocks in out if any(blocks)]


def rule_page(rule: Rule, *, heading: str = "#") -> str:
    """The Markdown page of ``rule``; ``heading`` is the title's level (``"###"`` in ``docs/rules.md``).

    ruff's layout: ``name (CODE)``, the summary, whether it is on by default,
    its severity, group and fix kind, then a section per field that has text.
    """
    blocks = [f"{heading} {rule.name} ({rule.code})", rule.summary + ".", _facts(rule)]
    for title, body in _sections(rule):
        blocks.append(f"{heading}# {title}")
        blocks.extend(body)
    return "\n\n".join(blocks) + "\n"


def _fix_word(rule: Rule) -> str:
    """``safe`` (``lint --fix``), ``unsafe`` (``--unsafe-fixes``) or ``none`` (:attr:`Rule.fix`)."""
    return rule.fix or "none"


def _index_row(rule: Rule) -> str:
    sev = _LEVEL_WORD[rule.severity] + (" (strict: error)" if rule.deviation else "")
    default = "on" if on_by_default(rule.code) else "opt-in"
    summary = rule.summary.replace("|", "\\|")
    return f"| [{rule.code}](#{rule_anchor(rule)}) | {rule.name} | {sev} | {default} | {_fix_word(rule)} | {summary} |"


def rules_markdown(rules: Sequence[Rule] | None = None) -> str:
    """``docs/rules.md``: an index table per group, then every rule's page."""
    rules = list(rules if rules is not None else all_rules())
    opt_in = ", ".join(
        f"{prefix}{'xx' if len(prefix) == 2 else ''} ({group_of(prefix).lower()})" for prefix in OPT_IN
    )
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
        "applied only with `--unsafe-fixes` (each unsafe rule's page says why under *Fix safety*);",
        "`none`, no fix. A finding of a fixable rule may still have no fix when nothing says what",
        "was meant (a date such as `95.5.22`).",
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


def rules_listing(rules: Sequence[Rule]) -> str:
    """``rules`` by group, one line each: code, name, severity, fix kind, summary (``xqformats rules``)."""
    lines: list[str] = []
    name_w = max(len(r.name) for r in rules)
    for title, members in grouped(rules):
        lines.append(f"{title}:")
        for r in members:
            sev = str(r.severity) + ("*" if r.deviation else "")
            lines.append(f"  {r.code}  {r.name:<{name_w}}  {sev:<8}  {r.fix or '':<6}  {r.summary}")
        lines.append("")
    lines.append("* a deviation from the spec: an error under --strict.")
    lines.append("safe, unsafe: `lint --fix` fixes its findings (unsafe ones only with --unsafe-fixes).")
    lines.append("`xqformats rules CODE` explains one rule.")
    return "\n".join(lines) + "\n"


def rule_record(rule: Rule) -> dict[str, object]:
    """``rule`` as a JSON object (``xqformats rules --format json``): its fields, with its group."""
    return {
        "code": rule.code,
        "name": rule.name,
        "severity": str(rule.severity),
        "deviation": rule.deviation,
        "group": group_of(rule.code),
        "summary": rule.summary,
        "what": rule.what,
        "why": rule.why,
        "example_note": rule.example_note,
        "example": rule.example,
        "use_instead": rule.use_instead,
        "fixed": rule.fixed,
        "example_kind": rule.example_kind,
        "fix": rule.fix,
        "fix_safety": rule.fix_safety,
        "references": list(rule.references),
    }
