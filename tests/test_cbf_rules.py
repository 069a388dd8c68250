"""The C rules: declared once, documented, and each example/fixed pair behaves."""

from __future__ import annotations

import pytest

from xqformats.cbf import read_cbf, rules
from xqformats.diagnostics import Severity
from xqformats.lint.catalogue import RULES, all_rules

CBF_RULES = [r for r in all_rules() if r.code.startswith("C")]


def test_codes_are_in_their_ranges_and_names_are_unique() -> None:
    assert [r.code for r in CBF_RULES] == [
        "C101", "C102", "C103", "C104", "C105",
        "C201", "C202", "C203",
        "C301", "C302", "C303", "C304", "C305", "C306", "C307", "C308", "C309", "C310", "C311",
    ]  # fmt: skip
    names = [r.name for r in CBF_RULES]
    assert len(set(names)) == len(names)
    assert all(n.startswith("cbf-") and n == n.lower() for n in names)


@pytest.mark.parametrize("rule", CBF_RULES, ids=lambda r: r.code)
def test_rule_page(rule) -> None:  # type: ignore[no-untyped-def]
    assert rule.summary[0].isupper() and not rule.summary.endswith(".")
    assert rule.what and rule.why and rule.references
    assert rule.example_kind == "cbf"
    assert not rule.deviation or rule.severity is Severity.WARNING


@pytest.mark.parametrize("rule", CBF_RULES, ids=lambda r: r.code)
def test_example_reports_the_rule_and_fixed_reports_nothing(rule) -> None:  # type: ignore[no-untyped-def]
    _, bad = read_cbf(rules.example_bytes(rule.example))
    assert rule.code in [d.code for d in bad]
    _, good = read_cbf(rules.example_bytes(rule.fixed))
    assert good == []


def test_rules_are_registered_by_importing_the_package() -> None:
    import xqformats.cbf  # noqa: F401

    assert RULES["C306"].name == "cbf-illegal-move"
