"""One root cause, one finding: what follows from a fault is a related note on it, not more findings.

Every PGN rule page's example gives exactly the rule the page names (a rule
that describes a consequence, such as P301 "moves kept as a comment", gives
it as a note on the one finding); the PGN spec's own invalid examples
(docs/spec/pgn.md §2.4, §3.6, §5.3), set in a game whose position allows
their moves, give exactly their rule; and the outputs carry the notes.
"""

from __future__ import annotations

import json

import pytest

from xqformats.diagnostics import Diagnostic, Rule, with_related
from xqformats.lint import LintOptions, lint_bytes
from xqformats.lint.catalogue import all_rules
from xqformats.lint.output import render_json, render_sarif, render_text
from xqformats.lint.selection import RuleSelection

EVERYTHING = LintOptions(RuleSelection(select=("ALL",)))
#: G109 is judged over a whole run (the first copy may be in another file), not by one file's lint.
RUN_LEVEL = {"G109"}
PGN_EXAMPLES = [r for r in all_rules() if r.example_kind == "pgn" and r.code not in RUN_LEVEL]


def lint(text: str) -> tuple[Diagnostic, ...]:
    return lint_bytes(text.encode("utf-8"), "example.pgn", EVERYTHING).diagnostics


@pytest.mark.parametrize("rule", PGN_EXAMPLES, ids=lambda r: r.code)
def test_a_rule_page_example_gives_one_finding_of_its_rule(rule: Rule) -> None:
    found = lint(rule.example)
    shown = [str(d) for d in with_related(found)]
    if rule.code in {d.code for d in found}:
        assert {d.code for d in found} == {rule.code}, shown
    else:  # a consequence: a note on the one finding of its cause
        assert len(found) == 1 and rule.code in {n.code for n in found[0].related}, shown


def _game(fen: str, movetext: str, *tags: str) -> str:
    return "".join(['[Game "Chinese Chess"]\n', f'[FEN "{fen}"]\n', *(t + "\n" for t in tags), "\n", movetext, "\n"])


# The spec's invalid examples are excerpts from games at moves 51-53: each is
# set in a position where its moves are legal, numbered as the spec numbers them.
SPEC_EXAMPLES = [
    ("P201", _game("4k4/9/9/4P4/9/9/9/9/9/5K3 w - - 0 51", "51.兵五平六 将5平4 *")),
    ("P202", _game("4k4/9/9/3P5/9/9/9/9/9/R4K3 w - - 0 51", '51. R9+1 K5+1 [Format "WXF"] 52. P6.5 K5.4 *',
                   '[Format "WXF"]')),
    ("P203", _game("4k4/9/9/4P4/9/9/9/9/9/5K3 w - - 0 53", "53. 兵五{再平六就要判负了}平四 *")),
]


@pytest.mark.parametrize("code, text", SPEC_EXAMPLES, ids=[c for c, _ in SPEC_EXAMPLES])
def test_the_spec_s_invalid_examples_give_their_rule(code: str, text: str) -> None:
    found = lint(text)
    assert [d.code for d in found] == [code], [str(d) for d in with_related(found)]


def test_a_tag_in_the_movetext_that_is_set_already_is_one_finding() -> None:
    (found,) = lint(SPEC_EXAMPLES[1][1])
    assert [(n.code, n.message) for n in found.related] == [
        ("P217", "Tag `Format` is set already; the first value `WXF` is kept")
    ]


def test_an_unclosed_variation_takes_the_moves_read_inside_it_as_notes() -> None:
    # The `)` after 马2进3 is missing: 3. 车一平二 is read inside the variation,
    # where it is blocked.  The fault is the missing `)` (P102), not the move.
    text = '[Game "Chinese Chess"]\n1. 炮二平五 马8进7 2. 马二进三 (2. 马八进七 马2进3 3. 车一平二 *\n'
    (found,) = lint(text)
    assert found.code == "P102"
    assert [(n.code, n.line, n.column) for n in found.related] == [("M301", 2, 39), ("P301", 2, 39)]


def test_an_illegal_move_is_one_finding_with_its_note() -> None:
    (found,) = lint('[Game "Chinese Chess"]\n1. 炮二平五 马8进7 2. 车一进五 *\n')
    assert found.code == "M301" and [n.code for n in found.related] == ["P301"]


def test_outputs_carry_the_notes() -> None:
    from xqformats.lint.runner import FileResult

    text = '[Game "Chinese Chess"]\n1. 炮二平五 马8进7 2. 车一进五 *\n'
    res = lint_bytes(text.encode(), "a.pgn", EVERYTHING)
    assert isinstance(res, FileResult)
    lines = render_text([res]).splitlines()
    assert lines[0].startswith("a.pgn:2:17: error M301 ")
    assert lines[3] == "  note: a.pgn:2:17: P301 Moves from here to the end of the line are kept as a comment"
    (row,) = json.loads(render_json([res]))
    assert [(n["code"], n["line"], n["column"]) for n in row["related"]] == [("P301", 2, 17)]
    (result,) = json.loads(render_sarif([res]))["runs"][0]["results"]
    (related,) = result["relatedLocations"]
    assert related["message"]["text"].startswith("P301: Moves from here")
    assert related["physicalLocation"]["region"]["startLine"] == 2
