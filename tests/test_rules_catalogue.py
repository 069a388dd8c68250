"""The rule catalogue: shape of every rule, `xqformats rules`, and docs/rules.md."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from xqformats.cli import main
from xqformats.diagnostics import Diagnostic, DiagnosticSink, Rule, Severity
from xqformats.lint.catalogue import (
    DECLARING_MODULES,
    GROUPS,
    all_rules,
    collect_rules,
    group_of,
    on_by_default,
    rule,
    rule_page,
    rules_markdown,
)
from xqformats.lint.selection import RuleSelection

ROOT = Path(__file__).resolve().parents[1]
RULES = all_rules()
CODE = re.compile(r"[A-Z][1-9]\d\d\Z")
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
#: Code ranges of the common brief: FEN, moves, PGN, tags, encoding, CBF, XQF, CBR/CBL, DhtmlXQ, WXF files, JSON,
#: repetition and the natural limit (issue 26), game level.
RANGES = re.compile(r"(F1|M[1-4]|P[1-3]|T1|E1|C[1-3]|X[1-3]|B1|D1|W1|J1|R1|G1)\d\d\Z")


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_rule_shape(rule) -> None:  # type: ignore[no-untyped-def]
    assert CODE.match(rule.code)
    assert RANGES.match(rule.code), f"{rule.code} is outside the allocated ranges"
    assert group_of(rule.code) != "Other"
    assert KEBAB.match(rule.name)
    assert rule.summary[:1].isupper() or rule.summary[:1] in "`", rule.summary
    assert not rule.summary.endswith("."), rule.summary
    assert rule.doc.strip(), f"{rule.code} has no documentation"


def test_codes_and_names_are_unique() -> None:
    assert len({r.code for r in RULES}) == len(RULES)
    names = [r.name for r in RULES]
    assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)


def test_lint_rules_are_in_the_catalogue() -> None:
    codes = {r.code for r in RULES}
    assert {"T101", "T104", "T105", "T106", "T107", "T108", "G101", "G102", "G103", "G104", "G105", "G106"} <= codes


def test_groups_cover_the_ranges() -> None:
    assert [p for p, _ in GROUPS] == ["F1", "M1", "M2", "M3", "M4", "P1", "P2", "P3", "T1", "E1", "C1", "C2", "C3", "X1", "X2", "X3", "B1", "D1", "W1", "J1", "R1", "G1"]


def test_rule_page_layout() -> None:
    from xqformats.lint.checks import DATE_FORMAT

    page = rule_page(DATE_FORMAT)
    assert page.startswith("# date-format (T104)\n\nThe `Date` tag is not a `yyyy.mm.dd` date.\n")
    assert "Default severity: **warning**" in page and "**error** under `--strict`" in page
    assert "## Example\n\n```pgn\n" in page and '[Date "1995.5.22"]' in page
    assert "## Use instead\n\n```pgn\n" in page and '[Date "1995.05.22"]' in page


def test_headings_inside_docs_are_demoted() -> None:
    doc = "## What it does\nX.\n\n```\n# not a heading\n```\n### Deeper"
    page = rule_page(Rule("Z901", "z", Severity.INFO, "Z", doc=doc), heading="###")
    assert "\n#### What it does\nX.\n\n```\n# not a heading\n```\n##### Deeper\n" in page
    assert rule_page(Rule("Z901", "z", Severity.INFO, "Z", doc="plain"), heading="#").endswith(".\n\nplain\n")


def test_rule_pages_say_whether_the_rule_is_on_by_default() -> None:
    from xqformats.lint.checks import DATE_FORMAT
    from xqformats.notation.rules import ICCS_SPELLING

    assert "On by default." in rule_page(DATE_FORMAT)
    assert "**Opt-in**" in rule_page(ICCS_SPELLING)
    index = rules_markdown()
    assert f"| [{ICCS_SPELLING.code}](#" in index and "| opt-in |" in index


def test_on_by_default_is_what_the_default_selection_reports() -> None:
    assert [r.code for r in RULES if not on_by_default(r.code)] == [r.code for r in RULES if r.code.startswith("M4")]
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
        "code", "name", "severity", "deviation", "group", "summary", "doc", "example", "fixed", "example_kind", "fix"
    }


def test_rules_command_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "Z999"]) == 2
    assert capsys.readouterr().err == "xqformats rules: Unknown rule `Z999`; `xqformats rules` lists them all\n"
