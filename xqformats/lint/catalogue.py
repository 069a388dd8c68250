"""The rule catalogue: groups of codes, rule selectors, rule pages.

Every code is declared once as a :class:`~xqformats.diagnostics.Rule` in the
module that emits it; :func:`~xqformats.diagnostics.all_rules` imports them
all.  This module adds what the linter and its documentation need on top:

* :data:`GROUPS` — the topic of each code prefix (ruff's "F4xx imports"),
  used to list the catalogue and to title ``docs/rules.md``;
* :class:`RuleSelection` — ``--select``/``--ignore`` by code prefix, with
  ruff's precedence (the most specific selector wins, ``ignore`` on a tie);
* :func:`rule_page` / :func:`rules_markdown` — one Markdown page per rule,
  shared by ``xqformats rules CODE``, SARIF rule help and ``docs/rules.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from ..diagnostics import Rule, Severity, all_rules

__all__ = [
    "GROUPS",
    "group_of",
    "grouped",
    "RuleSelection",
    "SelectorError",
    "rule_page",
    "rules_markdown",
]

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
    ("G1", "Game level and files"),
)


#: Rules reported only when a selector names them (``--extend-select M4``,
#: ``--select M401``) or when ``ALL`` is selected explicitly: the M4 style
#: rules.  Non-canonical spellings (`h2e2`, `C2=5`, fullwidth digits) are
#: accepted by every source and fill real collections by the hundred thousand
#: (223,151 M405 findings on the shared corpus), so like ruff's non-default
#: rules they are opt-in.
OPT_IN: tuple[str, ...] = ("M4",)


def group_of(code: str) -> str:
    """The topic of ``code`` (``"Other"`` for a prefix outside the allocation)."""
    for prefix, title in GROUPS:
        if code.startswith(prefix):
            return title
    return "Other"


class SelectorError(ValueError):
    """A ``--select``/``--ignore`` entry that matches no rule."""


@dataclass(frozen=True, slots=True)
class RuleSelection:
    """Which codes are reported, from ``select`` and ``ignore`` prefixes.

    A code is enabled when the longest selector that is a prefix of it comes
    from ``select``; on a tie ``ignore`` wins; ``ALL`` is the empty prefix.
    So ``select=["ALL"], ignore=["T1"]`` drops every tag rule, and adding
    ``select=["T104"]`` brings that one back (ruff's rule).  A code that no
    selector matches is disabled, and so is an :data:`OPT_IN` code that only
    the default ``ALL`` matches.

    Decisions are memoised per code; a selection is immutable and picklable
    (it travels to worker processes).
    """

    select: tuple[str, ...] = ("ALL",)
    ignore: tuple[str, ...] = ()
    #: Prefixes that the default ``ALL`` does not reach (see :data:`OPT_IN`);
    #: ``()`` when the user selected ``ALL`` explicitly.
    opt_in: tuple[str, ...] = OPT_IN

    def enabled(self, code: str) -> bool:
        return _enabled(self.select, self.ignore, self.opt_in, code)

    def validate(self, codes: Iterable[str]) -> None:
        """Raise :class:`SelectorError` for a selector that matches none of ``codes``."""
        known = list(codes)
        for sel in (*self.select, *self.ignore):
            if sel == "ALL":
                continue
            if not any(c.startswith(sel) for c in known):
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
def _enabled(select: tuple[str, ...], ignore: tuple[str, ...], opt_in: tuple[str, ...], code: str) -> bool:
    chosen = _specificity(select, code)
    if chosen == 0 and any(code.startswith(p) for p in opt_in):
        return False  # an opt-in rule needs a selector that names it
    return chosen >= 0 and chosen > _specificity(ignore, code)


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


def rule_page(rule: Rule, *, heading: str = "#") -> str:
    """The Markdown page of ``rule``: title, facts, doc, bad and good example.

    ruff's layout: ``name (CODE)``, then the rule's ``doc`` (*What it
    does*, *Why is this bad?*, …; its headings shifted below the title) with
    the rule's bad and good samples under *Example* and *Use instead*.
    ``heading`` is the title's level.
    """
    sev = _LEVEL_WORD[rule.severity]
    facts = [f"Default severity: **{sev}**"]
    if rule.deviation:
        facts.append("a deviation from the spec with a clear meaning: an **error** under `--strict`")
    facts.append(f"group: {group_of(rule.code)}")
    lines = [f"{heading} {rule.name} ({rule.code})", "", rule.summary + ".", "", "; ".join(facts) + ".", ""]
    body = _with_examples(rule)
    if body:
        lines += [_demote(body, heading), ""]
    return "\n".join(lines).rstrip() + "\n"


def rules_markdown(rules: Sequence[Rule] | None = None) -> str:
    """``docs/rules.md``: an index table per group, then every rule's page."""
    rules = list(rules if rules is not None else all_rules())
    out = [
        "# Rules",
        "",
        "<!-- Generated by tools/gen_rules_doc.py from the rule catalogue; do not edit by hand. -->",
        "",
        "Every diagnostic xqformats reports has a stable code. Select or ignore codes by prefix",
        "(`xqformats lint --select T1 --ignore T104`, or `select`/`ignore` under",
        "`[tool.xqformats]`); `xqformats rules CODE` prints one page.",
        "",
        "The style rules (M4xx, canonical spellings) are opt-in: `lint` reports them only when a",
        "selector names them (`--extend-select M4`) or `ALL` is selected explicitly.",
        "",
    ]
    groups = grouped(rules)
    for title, members in groups:
        out += [f"## {title}", "", "| Code | Name | Severity | Summary |", "| --- | --- | --- | --- |"]
        for r in members:
            sev = _LEVEL_WORD[r.severity] + (" (strict: error)" if r.deviation else "")
            anchor = f"{r.name}-{r.code}".lower()
            summary = r.summary.replace("|", "\\|")
            out.append(f"| [{r.code}](#{anchor}) | {r.name} | {sev} | {summary} |")
        out.append("")
    for _, members in groups:
        for r in members:
            out.append(rule_page(r, heading="###"))
    return "\n".join(out).rstrip() + "\n"
