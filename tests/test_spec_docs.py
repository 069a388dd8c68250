"""The normative pages in ``docs/spec/`` hold together, and everything that cites them is right.

``docs/spec/README.md`` § 1 fixes the rules checked here:

* each page exists, and its numbered clauses (``## 3. Movetext``, ``### 3.2 Move numbers``,
  ``#### 3.2.1 …``) are well formed: numbers unique, consecutive within their parent, at the
  heading level their depth gives, each followed by its stable anchor ``<a id="pgn-3.2"></a>``;
* every citation of a clause — ``PGN §3.2`` (short form, inside the pages) or
  ``docs/spec/pgn.md §3.2`` (everywhere else), and links to ``…#pgn-3.2`` — names a clause that
  exists, wherever it stands in the repository (documentation, package, grammars, schema);
* every leaf clause of a format page names its source;
* every rule code the package declares is named by the ``Rules:`` line of some clause, so each
  rule page has a clause to cite;
* every rule's page starts its *References* with a clause of ``docs/spec`` whose ``Rules:`` line
  names the rule (the clause the rule checks);
* nothing a user reads (the package, grammars, schema, documentation, README, tools) names a
  document that is not in the repository (issue 9, point 10): sources are cited by their public
  titles (``docs/spec/README.md`` §3.1), reasoning by clause.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from xqformats.diagnostics import Rule
from xqformats.lint.catalogue import all_rules

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec"

#: Page file -> (short name used in citations, anchor prefix).
PAGES: dict[str, tuple[str, str]] = {
    "README.md": ("Spec", "spec"),
    "board.md": ("Board", "board"),
    "fen.md": ("FEN", "fen"),
    "notation.md": ("Notation", "notation"),
    "pgn.md": ("PGN", "pgn"),
    "cbf.md": ("CBF", "cbf"),
    "xqf.md": ("XQF", "xqf"),
    "cbr.md": ("CBR", "cbr"),
    "dhtmlxq.md": ("DhtmlXQ", "dhtmlxq"),
    "dhjhtmlxq.md": ("DHJHtmlXQ", "dhjhtmlxq"),
    "wxfgame.md": ("WXF-file", "wxfgame"),
    "json.md": ("JSON", "json"),
    "mxq.md": ("MXQ", "mxq"),
    "shijia.md": ("ShiJia", "shijia"),
    "playok.md": ("PlayOK", "playok"),
    "xqr.md": ("XQR", "xqr"),
    "ccm.md": ("CCM", "ccm"),
    "chn.md": ("CHN", "chn"),
    "pfc.md": ("PFC", "pfc"),
    "pasted.md": ("Pasted", "pasted"),
    "che.md": ("CHE", "che"),
    "rules.md": ("Rules", "rules"),
}
SHORT_NAMES = {short: page for page, (short, _) in PAGES.items()}
PREFIXES = {prefix: page for page, (_, prefix) in PAGES.items()}

#: The pages that state a format or the rules of play (their leaf clauses must name a source).
FORMAT_PAGES = (
    "board.md", "fen.md", "notation.md", "pgn.md", "cbf.md", "xqf.md", "cbr.md", "dhtmlxq.md", "dhjhtmlxq.md", "wxfgame.md", "json.md", "mxq.md", "shijia.md", "playok.md", "ccm.md", "chn.md", "pfc.md", "pasted.md", "che.md", "xqr.md", "rules.md",
)

#: Where citations of the pages may stand: everything a user of the repository reads.
CITING_GLOBS = (
    "README.md",
    "docs/**/*.md",
    "xqformats/**/*.py",
    "grammars/*.lark",
    "schemas/*.xsd",
    "tools/**/*.py",
)

_HEADING = re.compile(r"^(#{2,6}) (.*)$")
_NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)(\.?) \S")
_ANCHOR = re.compile(r'^<a id="([^"]+)"></a>$')
_CLAUSE_NUMBER = r"\d+(?:\.\d+)*(?![\w-]|\.\d)"
#: ``PGN §3.2``, also ``Board §4.1–§4.7`` and ``Notation §3.2, §3.3 and §3.5``.
_SHORT_CITATION = re.compile(
    r"(?<![\w-])(" + "|".join(SHORT_NAMES) + r") (§" + _CLAUSE_NUMBER
    + r"(?:\s*(?:–|-|,|and|or)\s*§" + _CLAUSE_NUMBER + r")*)"
)
#: ``docs/spec/pgn.md §3.2`` (also with ranges and lists, as above).
_FULL_CITATION = re.compile(
    r"docs/spec/([\w.-]+\.md) (§" + _CLAUSE_NUMBER
    + r"(?:\s*(?:–|-|,|and|or)\s*§" + _CLAUSE_NUMBER + r")*)"
)
_SECTION_SIGN = re.compile(r"§(" + _CLAUSE_NUMBER + r")")
#: Links to a clause's anchor: ``pgn.md#pgn-3.2``, ``(#spec-3)``.
_ANCHOR_LINK = re.compile(r"(?:([\w.-]+\.md))?#((?:" + "|".join(PREFIXES) + r")-[\d.]*\d)\b")
_RULES_LINE = re.compile(r"^Rules: (.*)$")
_RULE_CODE = re.compile(r"`([A-Z]\d{3})`")


@dataclass
class Clause:
    number: str
    title: str
    line: int
    anchor: str | None = None
    sources: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    has_children: bool = False


@dataclass
class Page:
    name: str
    clauses: dict[str, Clause]
    problems: list[str]


def _lines_outside_code(text: str) -> Iterator[tuple[int, str]]:
    """(1-based line number, line) for every line not inside a fenced code block."""
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def _clause_of_heading(where: str, line: int, level: int, title: str, problems: list[str]) -> Clause | None:
    """The clause a heading opens (``None`` when it has no number), noting what is wrong with it."""
    m = _NUMBERED.match(title)
    if m is None:
        problems.append(f"{where}: heading {title!r} has no clause number")
        return None
    num, dot = m.group(1), m.group(2)
    depth = num.count(".") + 1
    if level != depth + 1:
        problems.append(f"{where}: clause {num} is a level-{level} heading, expected level {depth + 1}")
    if (depth == 1) != (dot == "."):
        problems.append(f"{where}: clause {num}: a section number ends with '.', a clause number does not")
    return Clause(num, title[m.end(2):].strip(), line)


def _check_anchor(where: str, clause: Clause, prefix: str, line: str, problems: list[str]) -> None:
    """The first line after a clause's heading must be its anchor."""
    m = _ANCHOR.match(line)
    expected = f"{prefix}-{clause.number}"
    if m is None:
        problems.append(f"{where}: clause {clause.number} has no anchor line after its heading")
    elif m.group(1) != expected:
        problems.append(f"{where}: clause {clause.number} has anchor {m.group(1)!r}, expected {expected!r}")
    else:
        clause.anchor = m.group(1)


def _parse(name: str) -> Page:
    """The clauses of one page, and what is wrong with their numbering."""
    _, prefix = PAGES[name]
    problems: list[str] = []
    clauses: dict[str, Clause] = {}
    current: Clause | None = None
    expect_anchor = False
    for number, line in _lines_outside_code((SPEC / name).read_text(encoding="utf-8")):
        where = f"{name}:{number}"
        if expect_anchor and current is not None and line.strip():
            expect_anchor = False
            _check_anchor(where, current, prefix, line, problems)
            continue
        heading = _HEADING.match(line)
        if heading:
            clause = _clause_of_heading(where, number, len(heading.group(1)), heading.group(2), problems)
            if clause is not None:
                if clause.number in clauses:
                    problems.append(f"{where}: clause {clause.number} is numbered twice")
                clauses[clause.number] = current = clause
                expect_anchor = True
        elif current is not None:
            if line.startswith("Source:"):
                current.sources.append(line)
            rules = _RULES_LINE.match(line)
            if rules:
                current.rules.extend(_RULE_CODE.findall(rules.group(1)))
    problems.extend(_sequence_problems(name, clauses))
    return Page(name, clauses, problems)


def _sequence_problems(name: str, clauses: dict[str, Clause]) -> list[str]:
    """Numbers must count 1, 2, 3 … within their parent, in document order."""
    problems = []
    last_child: dict[str, int] = {}
    for num in clauses:
        parts = num.split(".")
        parent, index = ".".join(parts[:-1]), int(parts[-1])
        if parent and parent not in clauses:
            problems.append(f"{name}: clause {num} has no parent clause {parent}")
        elif parent:
            clauses[parent].has_children = True
        expected = last_child.get(parent, 0) + 1
        if index != expected:
            problems.append(f"{name}: clause {num} follows {parent + '.' if parent else ''}{expected - 1}; expected {parent + '.' if parent else ''}{expected}")
        last_child[parent] = index
    return problems


@pytest.fixture(scope="module")
def pages() -> dict[str, Page]:
    return {name: _parse(name) for name in PAGES}


def _citing_files() -> list[Path]:
    files: set[Path] = set()
    for pattern in CITING_GLOBS:
        files.update(p for p in ROOT.glob(pattern) if p.is_file())
    return sorted(files)


def _citations(path: Path) -> Iterator[tuple[int, str, str, str]]:
    """(line, text as written, page, clause number) for each clause a file cites."""
    text = path.read_text(encoding="utf-8")
    here = path.name if path.parent == SPEC else None
    for number, line in enumerate(text.splitlines(), start=1):
        for m in _SHORT_CITATION.finditer(line):
            for num in _SECTION_SIGN.findall(m.group(2)):
                yield number, m.group(0), SHORT_NAMES[m.group(1)], num
        for m in _FULL_CITATION.finditer(line):
            for num in _SECTION_SIGN.findall(m.group(2)):
                yield number, m.group(0), m.group(1), num
        for m in _ANCHOR_LINK.finditer(line):
            prefix, num = m.group(2).split("-", 1)
            page = m.group(1) or here
            if page is None:
                continue  # an anchor of some other page, not ours
            if page != PREFIXES[prefix]:
                yield number, m.group(0), page, f"(anchor {m.group(2)} belongs to {PREFIXES[prefix]})"
            else:
                yield number, m.group(0), page, num


# ---------------------------------------------------------------- the pages


def test_every_page_exists() -> None:
    missing = [name for name in PAGES if not (SPEC / name).is_file()]
    assert not missing, f"missing spec pages in docs/spec/: {missing}"


@pytest.mark.parametrize("name", list(PAGES))
def test_clauses_are_well_formed(pages: dict[str, Page], name: str) -> None:
    page = pages[name]
    assert page.clauses, f"{name} has no numbered clauses"
    assert not page.problems, "\n".join(page.problems)


@pytest.mark.parametrize("name", FORMAT_PAGES)
def test_every_leaf_clause_names_its_source(pages: dict[str, Page], name: str) -> None:
    unsourced = [
        f"{name}:{c.line}: clause {c.number} {c.title!r}"
        for c in pages[name].clauses.values()
        if not c.has_children and not c.sources
    ]
    assert not unsourced, "clauses without a `Source:` line:\n" + "\n".join(unsourced)


def test_every_rule_has_a_clause(pages: dict[str, Page]) -> None:
    cited = {code for page in pages.values() for clause in page.clauses.values() for code in clause.rules}
    declared = {rule.code for rule in all_rules()}
    missing = sorted(declared - cited)
    assert not missing, (
        "rules that no clause of docs/spec names on its `Rules:` line (add the code to the clause "
        f"that states what the rule checks): {missing}"
    )
    unknown = sorted(cited - declared)
    assert not unknown, f"`Rules:` lines name codes that no rule declares: {unknown}"


# ---------------------------------------------------------------- citations


def test_every_citation_names_a_clause(pages: dict[str, Page]) -> None:
    files = _citing_files()
    assert any(p.parent == SPEC for p in files)
    bad = []
    for path in files:
        for line, text, page, num in _citations(path):
            where = f"{path.relative_to(ROOT)}:{line}: {text!r}"
            if page not in pages:
                bad.append(f"{where} names no page of docs/spec")
            elif num not in pages[page].clauses:
                bad.append(f"{where}: {page} has no clause {num}")
    assert not bad, "citations of clauses that do not exist:\n" + "\n".join(bad)


def test_the_pages_cite_each_other(pages: dict[str, Page]) -> None:
    """The check above is not vacuous: the pages do cite clauses, in both forms of link."""
    cited = [c for path in sorted(SPEC.glob("*.md")) for c in _citations(path)]
    assert len(cited) > 50
    assert {page for _, _, page, _ in cited} == set(PAGES)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see PGN §3.2.", [("pgn.md", "3.2")]),
        ("Board §4.1–§4.7", [("board.md", "4.1"), ("board.md", "4.7")]),
        ("Notation §3.2, §3.3 and §3.5", [("notation.md", "3.2"), ("notation.md", "3.3"), ("notation.md", "3.5")]),
        ("`docs/spec/fen.md §2.4`", [("fen.md", "2.4")]),
        ("[board](docs/spec/board.md#board-5.3)", [("board.md", "5.3")]),
        ("chess PGN §3-1", []),
        ("spec §二(7)", []),
        ("XML 1.0 §2.2", []),
        ("the chess PGN §3-1 and `CONTRIBUTING.md` § 5", []),
    ],
)
def test_citation_forms(tmp_path: Path, text: str, expected: list[tuple[str, str]]) -> None:
    """What counts as a citation of a clause, and what does not (other documents' sections)."""
    path = tmp_path / "x.md"
    path.write_text(text + "\n", encoding="utf-8")
    assert [(page, num) for _, _, page, num in _citations(path)] == expected


# ---------------------------------------------------------------- rule pages cite their clause


def _declaring_files() -> dict[str, Path]:
    """Rule code -> the package file whose ``NAME = Rule("CODE", …)`` declares it."""
    declared = {}
    for path in sorted((ROOT / "xqformats").rglob("*.py")):
        for code in _RULE_DECLARATION.findall(path.read_text(encoding="utf-8")):
            declared[code] = path
    return declared


_RULE_DECLARATION = re.compile(r"^\w+ = Rule\(\s*\"([A-Z]\d{3})\"", flags=re.M)


def _rule_page_problem(rule: Rule, pages: dict[str, Page]) -> str | None:
    """Why ``rule``'s *References* do not cite the clause it checks, or ``None``."""
    if not rule.references:
        return "has no *References*"
    refs = "\n".join(rule.references)
    cited = [(m.group(1), num) for m in _FULL_CITATION.finditer(refs) for num in _SECTION_SIGN.findall(m.group(2))]
    if not cited:
        return "cites no clause (`docs/spec/<page>.md §n.m`) under *References*"
    missing = [f"{page} §{num}" for page, num in cited if page not in pages or num not in pages[page].clauses]
    if missing:
        return f"cites clauses that do not exist: {missing}"
    first = [(m.group(1), n) for m in _FULL_CITATION.finditer(rule.references[0]) for n in _SECTION_SIGN.findall(m.group(2))]
    if not first:
        return f"does not start its *References* with a clause of docs/spec: {rule.references[0]!r}"
    page, num = first[0]
    if rule.code not in pages[page].clauses[num].rules:
        return (
            f"cites {page} §{num} first, whose `Rules:` line does not name {rule.code} (start *References* "
            "with the clause the rule checks)"
        )
    return None


def test_every_rule_page_cites_its_clause(pages: dict[str, Page]) -> None:
    declared = _declaring_files()
    rules = list(all_rules())
    assert set(declared) >= {r.code for r in rules}, "a rule is declared in an unexpected way"
    bad = []
    for rule in rules:
        problem = _rule_page_problem(rule, pages)
        if problem:
            bad.append(f"{rule.code} ({_relative(declared[rule.code])}) {problem}")
    assert not bad, "rule pages that do not cite the clause they check:\n" + "\n".join(bad)


# ---------------------------------------------------------------- no documents users do not have

#: Names of documents that are not in the repository, which older text cited (issue 9, point 10):
#: the project's notes, style guide and record-format survey, and the file names the sources have
#: in a local collection. Cite a source by its public title (docs/spec/README.md §3.1) and the
#: reasoning by a clause of docs/spec instead.
ABSENT_DOCUMENTS = (
    "NOTES.md",
    "RECORD-FORMATS.md",
    "STYLE.md",
    "xiangqi-pgn-spec-001",
    "chess-pgn-spec-translation-003",
    "notation-fen-paper-002",
    "cbf-draft-thread-000",
    "MANIFEST.tsv",
    "third-party/",
)

#: What a user of the repository reads: the package (code, grammars, schema), the documentation,
#: the README and the tools.
USER_FACING_GLOBS = ("xqformats/**/*", "grammars/**/*", "schemas/**/*", "docs/**/*", "README.md", "tools/**/*")

def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _user_facing_files() -> list[Path]:
    files: set[Path] = set()
    for pattern in USER_FACING_GLOBS:
        files.update(
            # (node_modules: what `npm ci --prefix schemas` installs, not the repository's own files)
            p for p in ROOT.glob(pattern)
            if p.is_file() and not {"__pycache__", "node_modules"} & set(p.parts) and p.suffix != ".pyc"
        )
    return sorted(files)


def _absent_documents_named(path: Path) -> list[str]:
    """``line: name`` for each absent document ``path`` names."""
    text = path.read_text(encoding="utf-8", errors="replace")
    return [
        f"{number}: {name}"
        for number, line in enumerate(text.splitlines(), start=1)
        for name in ABSENT_DOCUMENTS
        if name in line
    ]


def test_no_reference_to_documents_outside_the_repository() -> None:
    files = _user_facing_files()
    assert any(p.name == "cbf.xsd" for p in files) and any(p.suffix == ".lark" for p in files)
    bad = [
        f"{_relative(path)}:{hit}"
        for path in files
        for hit in _absent_documents_named(path)
    ]
    assert not bad, (
        "names of documents that are not in the repository (cite the source by its public title, "
        "docs/spec/README.md §3.1, and the reasoning by a docs/spec clause):\n" + "\n".join(bad)
    )
