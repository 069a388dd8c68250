"""``lint --fix``: fix data on findings, applying edits, the command line, and convert's headers.

The texts before and after are written out by hand; each fixable rule's own
example must become exactly its documented good sample.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from pgn_strategies import any_mutant, any_variant
from xqformats import cli, formats
from xqformats.diagnostics import Diagnostic, Edit, Fix, Rule, Severity
from xqformats.lint.catalogue import all_rules
from xqformats.lint.fixes import MAX_PASSES, apply_fixes, fix_file, fix_text, lint_text
from xqformats.lint.runner import FileResult, LintOptions
from xqformats.lint.selection import RuleSelection
from xqformats.model import Headers, standard_headers, standard_tag_value
from xqformats.pgn import parse_pgn

OPTIONS = LintOptions()

BEFORE = (
    '[Event "Test"]\n'
    '[Date "1995.5.22"]\n'
    '[Result "红胜"]\n'
    "\n"
    "1. C2.5 H8+7 2. H2+3 红胜\n"
)
AFTER = (
    '[Game "Chinese Chess"]\n'
    '[Event "Test"]\n'
    '[Date "1995.05.22"]\n'
    '[Result "1-0"]\n'
    '[Format "WXF"]\n'
    "\n"
    "1. C2.5 H8+7 2. H2+3 1-0\n"
)


def lint(text: str) -> FileResult:
    return lint_text(text, "game.pgn", OPTIONS)


# ---------------------------------------------------------------- the data


def test_findings_carry_no_fix_by_default() -> None:
    d = Diagnostic("T101", Severity.WARNING, "x")
    assert d.fix is None


def test_rule_fix_must_be_safe_unsafe_or_none() -> None:
    with pytest.raises(ValueError):
        Rule("Z999", "z", Severity.WARNING, "Z", fix="maybe")


def test_a_rule_without_fixes_takes_no_edits() -> None:
    rule = Rule("Z999", "z", Severity.WARNING, "Z")
    with pytest.raises(ValueError):
        Diagnostic.of(rule, "m", fix=[Edit(0, 0, "x")])


def test_fix_safety_comes_from_the_rule() -> None:
    safe = Diagnostic.of(Rule("Z998", "s", Severity.WARNING, "S", fix="safe"), "m", fix=[Edit(3, 4, "b"), Edit(0, 1, "a")])
    unsafe = Diagnostic.of(Rule("Z997", "u", Severity.WARNING, "U", fix="unsafe"), "m", fix=[Edit(0, 0, "x")])
    assert safe.fix == Fix((Edit(0, 1, "a"), Edit(3, 4, "b")), safe=True)
    assert unsafe.fix is not None and not unsafe.fix.safe


def test_fixes_cross_process_boundaries() -> None:
    result = lint(BEFORE)
    again = pickle.loads(pickle.dumps(result))
    assert [d.fix for d in again.diagnostics] == [d.fix for d in result.diagnostics]
    assert any(d.fix is not None for d in again.diagnostics)


def test_catalogue_says_which_rules_fix() -> None:
    fixable = {r.code: r.fix for r in all_rules() if r.fix}
    assert fixable == {
        "M205": "safe", "M401": "safe", "M402": "safe", "M403": "safe", "M404": "safe", "M405": "safe",
        "M406": "safe", "M407": "safe", "M408": "safe",
        "P201": "safe", "P205": "safe", "P206": "safe", "P207": "safe", "P208": "safe", "P212": "safe",
        "T101": "safe", "T103": "unsafe", "T104": "safe", "T106": "safe", "T107": "unsafe", "T108": "safe",
    }  # fmt: skip


@pytest.mark.parametrize("rule", [r for r in all_rules() if r.fix and r.example_kind == "pgn"], ids=lambda r: r.code)
def test_each_fix_turns_its_example_into_the_good_sample(rule: Rule) -> None:
    found = [d for d in lint(rule.example).diagnostics if d.code == rule.code]
    fixed, done = apply_fixes(rule.example, found, unsafe=True)
    assert len(done) == 1
    assert fixed == rule.fixed


CANONICAL = LintOptions(RuleSelection(select=("ALL",)))


@pytest.mark.parametrize(
    ("before", "after", "codes"),
    [
        ('[Format "ICCS"]\n\n1. h2e2 h9g7 *\n', '[Format "ICCS"]\n\n1. H2-E2 H9-G7 *\n', ["M405", "M405"]),
        (
            '[Format "WXF"]\n\n1. c2=5 h8+7 2. Ｈ２＋３ *\n',
            '[Format "WXF"]\n\n1. C2.5 H8+7 2. H2+3 *\n',
            ["M401", "M401", "M402", "M403"],
        ),
        (
            "\n1. 炮二平五 马８进７ 2. 馬二進三 {x} 車９平８ 3. 车1平2 *\n",
            "\n1. 炮二平五 马8进7 2. 马二进三 {x} 车9平8 3. 车一平二 *\n",
            ["M205", "M406", "M406", "M407", "M407"],
        ),
    ],
)
def test_moves_are_fixed_to_their_canonical_spelling(before: str, after: str, codes: list[str]) -> None:
    head = '[Game "Chinese Chess"]\n'
    outcome = fix_text(head + before, lambda t: lint_text(t, "g.pgn", CANONICAL))
    assert outcome.text == head + after
    assert sorted(d.code for d in outcome.fixed) == codes
    assert outcome.remaining.diagnostics == ()


def test_a_move_joined_over_a_comment_gets_no_fix() -> None:
    text = '[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ 2. 馬二{x}進三 *\n'  # P203: move 2 is cut by a comment
    found = lint_text(text, "g.pgn", CANONICAL).diagnostics
    assert [(d.code, d.fix is not None) for d in found if d.code in ("M406", "M407")] == [("M407", True), ("M406", False)]
    fixed = fix_text(text, lambda t: lint_text(t, "g.pgn", CANONICAL)).text
    assert "马8进7 2. 馬二{x}進三" in fixed  # the cut move is left as it is


def test_rules_page_says_whether_a_rule_fixes() -> None:
    from xqformats.lint.catalogue import rule
    from xqformats.lint.rulepage import rule_page

    assert "fix: safe" in rule_page(rule("T104"))
    assert "fix: unsafe" in rule_page(rule("T107"))
    assert "fix: none" in rule_page(rule("T105"))


# ---------------------------------------------------------------- header values


def test_standard_values_of_tags() -> None:
    assert standard_tag_value("Result", "红胜") == "1-0"
    assert standard_tag_value("Result", "红方胜") == "1-0"
    assert standard_tag_value("Result", "黑胜") == "0-1"
    assert standard_tag_value("Result", "和棋") == "1/2-1/2"
    assert standard_tag_value("Result", "1-0") is None
    assert standard_tag_value("Result", "who knows") is None
    assert standard_tag_value("Date", "1995.5.22") == "1995.05.22"
    assert standard_tag_value("Date", "1995年5月22日") == "1995.05.22"
    assert standard_tag_value("Date", "95.5.22") is None  # a two-digit year: not clear
    assert standard_tag_value("Date", "1995.05.22") is None
    assert standard_tag_value("ECCO", "b24") == "B24"
    assert standard_tag_value("Event", "红胜") is None


def test_standard_headers_keep_order_and_rename_winboard_sides() -> None:
    headers = Headers([("White", "许银川"), ("Black", "吕钦"), ("Result", "红胜"), ("Site", "广州")])
    assert list(standard_headers(headers).items()) == [
        ("Red", "许银川"), ("Black", "吕钦"), ("Result", "1-0"), ("Site", "广州"),
    ]  # fmt: skip
    both = Headers([("White", "a"), ("Red", "b")])
    assert dict(standard_headers(both)) == {"White": "a", "Red": "b"}  # Red given: White left as it is


# ---------------------------------------------------------------- applying


def test_fix_text_by_hand() -> None:
    outcome = fix_text(BEFORE, lint)
    assert outcome.text == AFTER
    assert sorted(d.code for d in outcome.fixed) == ["P205", "P212", "T101", "T104", "T106"]
    assert [d.code for d in outcome.remaining.diagnostics] == ["G103"]
    assert fix_text(AFTER, lint).fixed == ()  # stable


def test_unsafe_fixes_only_when_asked() -> None:
    text = '[Game "Chinese Chess"]\n[Result "*"]\n[PlyCount "3"]\n\n1. 炮二平五 马8进7 *\n'
    assert fix_text(text, lint).text == text
    assert fix_text(text, lint, unsafe=True).text == text.replace('"3"', '"2"')


def test_overlapping_fixes_wait_for_the_next_pass() -> None:
    rule = Rule("Z996", "z", Severity.WARNING, "Z", fix="safe")
    first = Diagnostic.of(rule, "a", fix=[Edit(0, 3, "AAA")])
    overlapping = Diagnostic.of(rule, "b", fix=[Edit(2, 4, "BB")])
    touching = Diagnostic.of(rule, "c", fix=[Edit(3, 3, "+")])  # inserts where the first ends
    later = Diagnostic.of(rule, "d", fix=[Edit(5, 6, "D")])
    text, done = apply_fixes("abcdefg", [later, overlapping, first, touching])
    assert text == "AAAdeDg"
    assert done == [first, later]


def test_inserted_line_ends_are_the_files() -> None:
    rule = Rule("Z995", "z", Severity.WARNING, "Z", fix="safe")
    d = Diagnostic.of(rule, "a", fix=[Edit(0, 0, "x\n")])
    assert apply_fixes("y\r\n", [d], newline="\r\n")[0] == "x\r\ny\r\n"


def test_a_fix_that_never_settles_stops_after_the_pass_limit_and_changes_nothing() -> None:
    # Issue 28, item 11: a fix that comes back after every pass reaches no fixed point;
    # what its passes wrote is no fix (there, ten results written into a comment).
    rule = Rule("Z994", "z", Severity.WARNING, "Z", fix="safe")
    calls = []

    def always(text: str) -> FileResult:  # every pass finds one more thing to insert
        calls.append(text)
        return FileResult("x", (Diagnostic.of(rule, "again", fix=[Edit(0, 0, "x")]),))

    outcome = fix_text("", always)
    assert (outcome.text, outcome.fixed, outcome.changed) == ("", (), False)
    assert [d.message for d in outcome.remaining.diagnostics] == ["again"]
    assert len(calls) == MAX_PASSES + 1


def test_a_fix_that_settles_on_the_last_pass_is_kept() -> None:
    rule = Rule("Z993", "z", Severity.WARNING, "Z", fix="safe")

    def until_ten(text: str) -> FileResult:  # one more `x` per pass, up to MAX_PASSES of them
        found = (Diagnostic.of(rule, "more", fix=[Edit(0, 0, "x")]),) if len(text) < MAX_PASSES else ()
        return FileResult("x", found)

    outcome = fix_text("", until_ten)
    assert outcome.text == "x" * MAX_PASSES and len(outcome.fixed) == MAX_PASSES


@pytest.mark.parametrize("newline", ["", "\n", "\r\n"])
def test_the_result_fix_after_a_line_comment_starts_a_line(newline: str, tmp_path: Path) -> None:
    # Issue 28, item 11: ` *` after a `;` comment was the comment's text; P205 came back on
    # every pass (`; line comment * * * * * * * * * *`) and the run said it fixed 11 findings.
    path = tmp_path / "g.pgn"
    path.write_bytes(f'[Game "Chinese Chess"]{newline or chr(10)}1. 炮二平五 ; line comment{newline}'.encode())
    outcome, file = fix_file(path.read_bytes(), "g.pgn", OPTIONS)
    assert file is not None and [d.code for d in outcome.fixed] == ["P205"]
    line_end = newline or "\n"
    assert file.encode(outcome.text).decode() == f'[Game "Chinese Chess"]{line_end}1. 炮二平五 ; line comment{line_end}*{newline}'
    assert outcome.remaining.diagnostics == ()
    games, _ = parse_pgn(outcome.text)
    assert [n.comments for n in games[0].mainline()] == [[" line comment"]]  # the comment as it was


def test_fix_file_keeps_gbk_and_crlf() -> None:
    data = BEFORE.replace("\n", "\r\n").encode("gbk")
    outcome, file = fix_file(data, "game.pgn", OPTIONS)
    assert file is not None
    assert file.encode(outcome.text) == AFTER.replace("\n", "\r\n").encode("gbk")


def test_no_fix_in_a_text_with_a_syntax_error() -> None:
    text = '[Date "1995.5.22"]\n[Result "1-0"\n\n1. 炮二平五 马8进7 1-0\n'  # P105: the tag is not closed
    assert any(d.code == "P105" for d in lint(text).diagnostics)
    assert fix_text(text, lint).text == text


def test_binary_records_have_no_fixes(shared_corpus: Path) -> None:
    xqf = next(shared_corpus.rglob("*.[xX][qQ][fF]"))
    outcome, file = fix_file(xqf.read_bytes(), xqf.name, OPTIONS)
    assert file is None and outcome.fixed == ()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_mutant(12))
def test_fixing_any_text_settles_and_never_raises(text: str) -> None:
    outcome = fix_text(text, lint)
    again = fix_text(outcome.text, lint)
    assert again.fixed == () or len(outcome.fixed) > 0  # what is left to fix was left by the pass limit or a new conflict
    assert outcome.remaining.diagnostics == lint(outcome.text).diagnostics


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_variant(12))
def test_safe_fixes_keep_the_games(text: str) -> None:
    before = formats.read(text.encode("utf-8"), name="g.pgn").games
    after = formats.read(fix_text(text, lint).text.encode("utf-8"), name="g.pgn").games
    assert len(before) == len(after)
    for b, a in zip(before, after):
        assert b.start == a.start and b.result == a.result and b.root.same_content(a.root)
        assert {k: v for k, v in b.headers.items() if k not in ("Game", "Format")} == {
            k: v for k, v in a.headers.items() if k not in ("Game", "Format")
        }


# ---------------------------------------------------------------- the command line


def test_lint_fix_writes_the_file_in_its_encoding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.pgn"
    path.write_bytes(BEFORE.replace("\n", "\r\n").encode("gbk"))
    assert cli.main(["lint", "--isolated", "--fix", str(path)]) == 0  # G103 is info
    assert path.read_bytes() == AFTER.replace("\n", "\r\n").encode("gbk")
    err = capsys.readouterr().err
    assert "fixed 5 findings (1 remaining)" in err
    assert [p.name for p in tmp_path.iterdir()] == ["game.pgn"]  # no temporary file left


def test_lint_diff_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.pgn"
    path.write_text(BEFORE, encoding="utf-8")
    assert cli.main(["lint", "--isolated", "--diff", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == BEFORE
    out = capsys.readouterr().out
    assert '\n-[Date "1995.5.22"]\n' in out and '\n+[Date "1995.05.22"]\n' in out
    assert out.startswith(f"--- a/{path}\n+++ b/{path}\n")
    path.write_text(AFTER, encoding="utf-8")
    assert cli.main(["lint", "--isolated", "--diff", str(path)]) == 0


def test_lint_fix_exits_1_when_errors_remain(tmp_path: Path) -> None:
    path = tmp_path / "game.pgn"
    path.write_text('[Date "1995.5.22"]\n[Result "1-0"]\n\n1. 炮二平五 马8进7 0-1\n', encoding="utf-8")
    assert cli.main(["lint", "--isolated", "--fix", str(path)]) == 1  # T105: which result is true is not known
    assert '[Date "1995.05.22"]' in path.read_text(encoding="utf-8")


def test_lint_fix_on_stdin_prints_the_fixed_text(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(BEFORE.encode("utf-8"))))
    assert cli.main(["lint", "--isolated", "--fix", "--stdin-filename", "g.pgn", "-"]) == 0
    out, err = capsysbinary.readouterr()
    assert out.decode("utf-8") == AFTER
    assert b"G103" in err


# ---------------------------------------------------------------- convert


def test_convert_writes_result_words_and_winboard_sides_the_standard_way(tmp_path: Path) -> None:
    src = tmp_path / "game.pgn"
    src.write_text(
        '[Game "Chinese Chess"]\n[White "许银川"]\n[Black "吕钦"]\n[Result "红胜"]\n\n1. 炮二平五 马8进7\n',
        encoding="utf-8",
    )
    out = tmp_path / "game.cbf"
    cli.main(["convert", str(src), "-o", str(out)])
    record = formats.read(out)
    game = record.games[0]
    assert game.result == "1-0"
    assert game.headers["Red"] == "许银川" and game.headers["Black"] == "吕钦"
    assert b"<RecordResult>1</RecordResult>" in out.read_bytes()
