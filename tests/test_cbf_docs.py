"""docs/cbf.md stays in step with the code it describes."""

from __future__ import annotations

from cbf_helpers import REPO
from xqformats.cbf.mapping import TABLE
from xqformats.lint.catalogue import all_rules

DOC = (REPO / "docs" / "cbf.md").read_text(encoding="utf-8")


def test_mapping_table_is_the_code_table() -> None:
    for row in TABLE:
        pgn = f"`{row.pgn}`" if row.pgn else "—"
        line = f"| `{row.element}` | {row.forms} | `{row.model}` | {pgn} | {row.note} |"
        assert line in DOC, line


def test_every_cbf_rule_is_listed() -> None:
    for rule in all_rules():
        if rule.code.startswith("C"):
            assert f"| {rule.code} | {rule.name} |" in DOC, rule.code
