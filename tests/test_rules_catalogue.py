"""The rule catalogue: shape of every rule, `xqformats rules`, and docs/rules.md."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from xqformats.cli import main
from xqformats.diagnostics import Diagnostic, DiagnosticSink, Rule, Severity
from xqformats.formats import REGISTRY
from xqformats.lint.catalogue import (
    DECLARING_MODULES,
    GROUPS,
    all_rules,
    collect_rules,
    group_of,
    on_by_default,
    rule,
)
from xqformats.lint.rulepage import rule_page, rules_markdown
from xqformats.lint.selection import RuleSelection

ROOT = Path(__file__).resolve().parents[1]
RULES = all_rules()
CODE = re.compile(r"[A-Z][1-9]\d\d\Z")
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
#: Code ranges of the common brief: FEN, moves, PGN, tags, encoding, CBF, XQF, CBR/CBL, DhtmlXQ, DHJHtmlXQ, WXF files, JSON,
#: repetition and the natural limit (issue 26), game level.
RANGES = re.compile(r"(F1|M[1-4]|P[1-3]|T1|E1|C[1-3]|X[1-3]|B1|D1|H1|W1|J1|Y1|S1|O1|Z1|L1|N1|A1|Q1|V1|R1|G1)\d\d\Z")


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_rule_shape(rule) -> None:  # type: ignore[no-untyped-def]
    assert CODE.match(rule.code)
    assert RANGES.match(rule.code), f"{rule.code} is outside the allocated ranges"
    assert group_of(rule.code) != "Other"
    assert KEBAB.match(rule.name)
    assert rule.summary[:1].isupper() or rule.summary[:1] in "`", rule.summary
    assert not rule.summary.endswith("."), rule.summary


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_every_rule_says_what_it_does_and_why(rule: Rule) -> None:
    assert rule.what.strip(), f"{rule.code} has no *What it does*"
    assert rule.why.strip(), f"{rule.code} has no *Why is this bad?*"
    assert rule.references, f"{rule.code} has no *References*"
    # Fields are paragraphs of one section each: a heading inside one would break the page's outline.
    for field in (rule.what, rule.why, rule.example_note, rule.use_instead, rule.fix_safety, *rule.references):
        assert not any(line.startswith("#") for line in field.splitlines()), (rule.code, field)
        assert field == field.strip(), (rule.code, field)
    assert all("\n" not in ref and not ref.endswith(".") for ref in rule.references), rule.references
    # The placeholder every P-rule page once had under *Example* is gone for good.
    assert "See the example below" not in rule_page(rule)


def test_every_unsafe_fix_says_why_it_is_unsafe() -> None:
    unsafe = [r for r in RULES if r.fix == "unsafe"]
    assert [r.code for r in unsafe] == ["T103", "T107"]
    for r in unsafe:
        assert len(r.fix_safety.split()) >= 8, f"{r.code}: an unsafe fix needs a sentence saying why it is unsafe"
        assert "## Fix safety\n\nThis fix is unsafe" in rule_page(r) and r.fix_safety in rule_page(r)


def test_a_rule_without_a_fix_has_no_fix_safety_section() -> None:
    assert all(not r.fix_safety for r in RULES if r.fix is None)
    with pytest.raises(ValueError, match="fix_safety without a fix"):
        Rule("Z901", "z", Severity.INFO, "Z", fix_safety="Why")
    with pytest.raises(TypeError, match="references must be a tuple"):
        Rule("Z901", "z", Severity.INFO, "Z", references="docs/spec/pgn.md §1.1")  # type: ignore[arg-type]


def test_codes_and_names_are_unique() -> None:
    assert len({r.code for r in RULES}) == len(RULES)
    names = [r.name for r in RULES]
    assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)


def test_lint_rules_are_in_the_catalogue() -> None:
    codes = {r.code for r in RULES}
    assert {"T101", "T104", "T105", "T106", "T107", "T108", "G101", "G102", "G103", "G104", "G105", "G106"} <= codes


def test_groups_cover_the_ranges() -> None:
    # The common topics, each registered format's in registration order (DhtmlXQ, DHJHtmlXQ, ShiJia,
    # CHE, pasted text, PGN, PFC, CBF, XQF, XQR, CBR and CBL, MXQ, CCM, CHN, PlayOK, WXF, JSON), then repetition and the game level.
    assert [p for p, _ in GROUPS] == ["F1", "M1", "M2", "M3", "M4", "T1", "E1", "D1", "H1", "S1", "Q1", "A1", "P1", "P2", "P3", "N1", "C1", "C2", "C3", "X1", "X2", "X3", "V1", "B1", "Y1", "Z1", "L1", "O1", "W1", "J1", "R1", "G1"]
    # No prefix is another's, so a code has one topic.
    prefixes = [p for p, _ in GROUPS]
    assert not [(a, b) for a in prefixes for b in prefixes if a != b and b.startswith(a)]
    assert all(group_of(r.code) != "Other" for r in RULES)


def test_a_format_registers_its_rules_through_its_descriptor() -> None:
    # Registering a format is enough: the catalogue imports the rules module its descriptor names,
    # and that module titles the code prefixes of its rules.
    for fmt in REGISTRY:
        assert fmt.rules is not None, fmt.name
        module = importlib.import_module(fmt.rules)
        assert module in DECLARING_MODULES
        titled = {prefix for prefix, _ in module.RULE_GROUPS}
        assert titled and titled <= {prefix for prefix, _ in GROUPS}, fmt.name
        # Its own rules (codes in its prefixes) are in the catalogue.
        own = [v for v in vars(module).values() if isinstance(v, Rule) and v.code[:2] in titled]
        assert own and all(r in RULES for r in own), fmt.name


def test_rule_page_layout() -> None:
    from xqformats.lint.checks import DATE_FORMAT

    page = rule_page(DATE_FORMAT)
    assert page.startswith("# date-format (T104)\n\nThe `Date` tag is not a `yyyy.mm.dd` date.\n")
    assert "Default severity: **warning**" in page and "**error** under `--strict`" in page
    assert "## Example\n\n```pgn\n" in page and '[Date "1995.5.22"]' in page
    assert "## Use instead\n\n```pgn\n" in page and '[Date "1995.05.22"]' in page
    assert "## Fix safety\n\nThis fix is safe: it keeps what the record means" in page


# Written by hand from the rule's fields (pgn/rules.py P102): the whole page, section by section.
P102_PAGE = """\
# unclosed-variation (P102)

A variation `(` has no closing `)`.

On by default. Default severity: **error**; group: PGN syntax; fix: none.

## What it does

Reports a `(` whose variation runs to the end of the game without a `)`. The reader closes it at the end of the game.

## Why is this bad?

Where the variation was meant to end is lost: the moves after it may belong to the main line.

## Example

```pgn
[Game "Chinese Chess"]
1. 炮二平五 (1. 炮八平五 马8进7 *
```

## Use instead

Close every variation with `)`.

```pgn
[Game "Chinese Chess"]
1. 炮二平五 (1. 炮八平五) 马8进7 *
```

## References

- docs/spec/pgn.md §6.1
- 《中国象棋电脑PGN文件格式》 §五
- `grammars/pgn.lark` rule `variation`
"""

# A hand-made rule with every field, at docs/rules.md's heading level: the order of ruff's
# sections, the note above each sample, the unsafe fix's two paragraphs, a fence longer than
# the backticks inside the sample, and the sections a rule leaves empty left out.
HAND_MADE = Rule(
    "Z901",
    "hand-made",
    Severity.WARNING,
    "A rule made for this test",
    what="Reports `x`.",
    why="`x` is bad.",
    example_note="Read in the start position.",
    example="a ``` b",
    use_instead="Write `y`.",
    fixed="y",
    example_kind="cbf",
    deviation=True,
    fix="unsafe",
    fix_safety="It may guess wrong.",
    references=("docs/spec/pgn.md §1.1", "a source"),
)
HAND_MADE_PAGE = """\
### hand-made (Z901)

A rule made for this test.

On by default. Default severity: **warning**; a deviation from the spec with a clear meaning: an **error** under `--strict`; group: Other; fix: unsafe.

#### What it does

Reports `x`.

#### Why is this bad?

`x` is bad.

#### Example

Read in the start position.

````xml
a ``` b
````

#### Use instead

Write `y`.

```xml
y
```

#### Fix safety

This fix is unsafe: it may change what the record means, so `xqformats lint --fix` applies it only with `--unsafe-fixes`.

It may guess wrong.

#### References

- docs/spec/pgn.md §1.1
- a source
"""


def test_rule_pages_checked_against_text_written_by_hand() -> None:
    assert rule_page(rule("P102")) == P102_PAGE
    assert rule_page(HAND_MADE, heading="###") == HAND_MADE_PAGE
    # Only the sections a rule has: no samples, no fix, no references.
    bare = Rule("Z902", "bare", Severity.INFO, "Bare", what="Does.", why="Bad.")
    assert rule_page(bare).endswith(
        "fix: none.\n\n## What it does\n\nDoes.\n\n## Why is this bad?\n\nBad.\n"
    )


def test_rule_pages_say_whether_the_rule_is_on_by_default() -> None:
    from xqformats.lint.checks import DATE_FORMAT
    from xqformats.notation.rules import ICCS_SPELLING

    assert "On by default." in rule_page(DATE_FORMAT)
    assert "**Opt-in**" in rule_page(ICCS_SPELLING)
    index = rules_markdown()
    assert f"| [{ICCS_SPELLING.code}](#" in index and "| opt-in |" in index


def test_on_by_default_is_what_the_default_selection_reports() -> None:
    opt_in = [r.code for r in RULES if r.code.startswith("M4") or r.code == "G109"]
    assert [r.code for r in RULES if not on_by_default(r.code)] == opt_in
    for r in RULES:
        assert RuleSelection().enabled(r.code) is on_by_default(r.code), r.code


# ---------------------------------------------------------------- the catalogue itself


def test_catalogue_collects_every_declaring_module() -> None:
    assert [r.code for r in RULES] == sorted(collect_rules(DECLARING_MODULES))
    assert rule("P201").name == "missing-separator"
    with pytest.raises(KeyError):
        rule("Z999")


def test_a_code_declared_twice_is_refused() -> None:
    import types

    one, two = types.ModuleType("one"), types.ModuleType("two")
    one.A = Rule("Z901", "first", Severity.INFO, "A")  # type: ignore[attr-defined]
    two.A = one.A  # type: ignore[attr-defined]  # the same rule imported elsewhere: fine
    assert list(collect_rules([one, two])) == ["Z901"]
    two.B = Rule("Z901", "second", Severity.INFO, "B")  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="Rule code Z901 declared twice: `first` and `second`"):
        collect_rules([one, two])


def test_declaring_a_rule_registers_nothing() -> None:
    Rule("P201", "an-impostor", Severity.ERROR, "Not the real one")
    assert rule("P201").name == "missing-separator"


# The strict policy must not depend on which modules are imported: a deviation
# found in this process (everything imported) and handed to a process that has
# imported only xqformats.diagnostics (and the package's eager core) is upgraded
# the same way.  The PGN rules module, which declares P201, is not loaded there.
_ALONE = """
import pickle, sys
from xqformats.diagnostics import DiagnosticSink
diag = pickle.loads(sys.stdin.buffer.read())
loaded = [m for m in sys.modules if m.startswith(("xqformats.pgn", "xqformats.lint", "xqformats.cbf"))]
print(DiagnosticSink(strict=True).add(diag).severity.name, DiagnosticSink().add(diag).severity.name, *loaded)
"""


def test_strict_mode_needs_only_the_diagnostics_module() -> None:
    import os
    import pickle

    deviation = Diagnostic.of(rule("P201"), "Missing separator")
    plain = Diagnostic.of(rule("P101"), "Not a deviation")
    assert deviation.deviation and not plain.deviation
    here = [DiagnosticSink(strict=True).add(d).severity.name for d in (deviation, plain)]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    alone = []
    for d in (deviation, plain):
        proc = subprocess.run(
            [sys.executable, "-c", _ALONE], input=pickle.dumps(d), capture_output=True, env=env, cwd=ROOT, timeout=60
        )
        assert proc.returncode == 0, proc.stderr.decode()
        strict, lenient, *loaded = proc.stdout.decode().split()
        assert loaded == []
        assert lenient == d.severity.name
        alone.append(strict)
    assert here == alone == ["ERROR", plain.severity.name]


def test_docs_rules_md_is_up_to_date() -> None:
    doc = ROOT / "docs" / "rules.md"
    assert doc.is_file(), "docs/rules.md is missing; run `python tools/gen_rules_doc.py`"
    assert doc.read_text(encoding="utf-8") == rules_markdown(), (
        "docs/rules.md is out of date; run `python tools/gen_rules_doc.py`"
    )


def test_generator_check_mode() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_rules_doc.py"), "--check"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr


def test_rules_md_lists_every_code() -> None:
    text = rules_markdown()
    for r in RULES:
        assert f"### {r.name} ({r.code})" in text
        assert f"[{r.code}](#{r.name}-{r.code.lower()})" in text


# ---------------------------------------------------------------- xqformats rules


def test_rules_command_lists_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for r in RULES:
        assert re.search(rf"^  {r.code}  {re.escape(r.name)} ", out, re.M), r.code
    assert "Tags and metadata:" in out


def test_rules_command_explains_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "t104"]) == 0
    from xqformats.lint.checks import DATE_FORMAT

    assert capsys.readouterr().out == rule_page(DATE_FORMAT)
    # By name too.
    assert main(["rules", "date-format"]) == 0
    assert capsys.readouterr().out == rule_page(DATE_FORMAT)


def test_rules_command_prefix_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "G1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in data] == [r.code for r in RULES if r.code.startswith("G1")]
    assert data[0]["group"] == "Game level and files"
    assert set(data[0]) == {
        "code", "name", "severity", "deviation", "group", "summary", "what", "why", "example_note", "example",
        "use_instead", "fixed", "example_kind", "fix", "fix_safety", "references",
    }  # fmt: skip
    t107 = next(d for d in json.loads(_rules_json(capsys, "T1")) if d["code"] == "T107")
    assert t107["fix"] == "unsafe" and t107["fix_safety"] == rule("T107").fix_safety
    assert t107["references"][0] == "docs/spec/pgn.md §3.12"


def _rules_json(capsys: pytest.CaptureFixture[str], code: str) -> str:
    assert main(["rules", code, "--format", "json"]) == 0
    return capsys.readouterr().out


def test_rules_command_lists_the_fix_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "T10"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^  T107  ply-count-mismatch +warning\* +unsafe +The `PlyCount` tag", out, re.MULTILINE)
    assert re.search(r"^  T104  date-format +warning\* +safe +The `Date` tag", out, re.MULTILINE)
    assert re.search(r"^  T105  result-mismatch +error +The `Result` tag", out, re.MULTILINE)


def test_rules_command_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "Z999"]) == 2
    assert capsys.readouterr().err == "xqformats rules: Unknown rule `Z999`; `xqformats rules` lists them all\n"
