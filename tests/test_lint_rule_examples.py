"""Each T1xx/G1xx/R1xx rule fires on its documented bad example and not on its good one.

Driven by the Rule objects themselves (``example``, ``fixed``, ``example_kind``),
through the whole pipeline a user runs: the real readers, then the lint checks.

Example kinds:
* ``pgn``  — a whole PGN record (linted as ``example.pgn``);
* ``file`` — first line the file name, the rest its content;
* ``path`` — a path given on the command line: ``example`` does not exist,
  ``fixed`` is created (empty).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xqformats.adjudication.rules import REPETITION_RULES
from xqformats.diagnostics import Rule
from xqformats.lint import GAME_RULES, TAG_RULES, LintOptions, lint_bytes
from xqformats.discovery import discover
from xqformats.lint.runner import lint_target

OWN = [*TAG_RULES, *GAME_RULES, *REPETITION_RULES]
WITH_EXAMPLES = [r for r in OWN if r.example_kind]
#: Rules without a runnable example, and the test that covers each instead.
COVERED_ELSEWHERE = {
    "G106": "test_lint_cli.py::test_reader_crash_is_reported_not_raised",
    "G107": "test_cli_hostile.py::test_lint_refuses_a_file_above_the_limit",
}


def codes_for(rule: Rule, sample: str, tmp: Path, *, create: bool = True) -> list[str]:
    kind = rule.example_kind
    if kind == "pgn":
        return [d.code for d in lint_bytes(sample.encode("utf-8"), "example.pgn", LintOptions()).diagnostics]
    if kind == "file":
        name, _, content = sample.partition("\n")
        path = tmp / name
        path.write_text(content, encoding="utf-8")
        (target,) = discover([str(path)])
        return [d.code for d in lint_target(target, LintOptions()).diagnostics]
    if kind == "path":
        path = tmp / sample
        if create:
            path.write_text("", encoding="utf-8")
        (target,) = discover([str(path)])
        return [d.code for d in lint_target(target, LintOptions()).diagnostics]
    raise AssertionError(f"unknown example kind {kind!r}")


def test_every_own_rule_has_an_example_or_a_named_test() -> None:
    missing = {r.code for r in OWN if not r.example_kind} - set(COVERED_ELSEWHERE)
    assert not missing


@pytest.mark.parametrize("rule", WITH_EXAMPLES, ids=[r.code for r in WITH_EXAMPLES])
def test_rule_fires_on_its_example(rule: Rule, tmp_path: Path) -> None:
    assert rule.example and rule.fixed
    found = codes_for(rule, rule.example, tmp_path, create=False)
    assert rule.code in found, f"{rule.code} did not fire on its example; got {found}"


@pytest.mark.parametrize("rule", WITH_EXAMPLES, ids=[r.code for r in WITH_EXAMPLES])
def test_rule_is_quiet_on_its_fix(rule: Rule, tmp_path: Path) -> None:
    found = codes_for(rule, rule.fixed, tmp_path)
    assert rule.code not in found, f"{rule.code} fired on its fixed example"


@pytest.mark.parametrize(
    "rule", [r for r in WITH_EXAMPLES if r.example_kind == "pgn"], ids=lambda r: r.code
)
def test_pgn_examples_show_only_their_rule(rule: Rule) -> None:
    """A bad example shows one problem (its rule) and the fix shows none, so the docs teach one thing."""
    bad = lint_bytes(rule.example.encode(), "example.pgn", LintOptions()).diagnostics
    good = lint_bytes(rule.fixed.encode(), "example.pgn", LintOptions()).diagnostics
    assert {d.code for d in bad} == {rule.code}, [str(d) for d in bad]
    assert [str(d) for d in good] == []
