"""Each P rule's documented example fires it, and its fixed version does not."""

from __future__ import annotations

import pytest

from xqformats.diagnostics import Rule, Severity, with_related
from xqformats.lint.catalogue import RULES
from xqformats.pgn import parse_pgn, rules

PGN_RULES = sorted((r for r in RULES.values() if r.code.startswith("P")), key=lambda r: r.code)


def test_every_pgn_rule_is_listed() -> None:
    # The module's Rule constants, each bound to one name (the module declares each rule once).
    declared = [value for value in vars(rules).values() if isinstance(value, Rule)]
    assert {r.code for r in PGN_RULES} == {r.code for r in declared}
    assert len(PGN_RULES) == len(declared)


@pytest.mark.parametrize("rule", PGN_RULES, ids=lambda r: r.code)
def test_example_fires_and_fixed_does_not(rule) -> None:
    assert rule.example_kind == "pgn"
    _, diags = parse_pgn(rule.example)
    assert rule.code in {d.code for d in with_related(diags)}, [str(d) for d in diags]
    _, diags = parse_pgn(rule.fixed)
    assert rule.code not in {d.code for d in with_related(diags)}, [str(d) for d in diags]
    assert [d for d in diags if d.severity is Severity.ERROR] == []


@pytest.mark.parametrize("rule", PGN_RULES, ids=lambda r: r.code)
def test_rule_page_shape(rule) -> None:
    assert rule.name == rule.name.lower() and " " not in rule.name
    # Every P rule says what to write instead, in words as well as in its fixed sample.
    assert rule.what and rule.why and rule.use_instead and rule.references
    # Deviations are warnings that strict mode makes errors; the rest are not.
    if rule.deviation:
        assert rule.severity is Severity.WARNING
        _, diags = parse_pgn(rule.example, strict=True)
        assert {d.severity for d in diags if d.code == rule.code} == {Severity.ERROR}
