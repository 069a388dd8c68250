"""The conformance suite (issue 16): its cases are well formed, xqformats passes them, they cover the spec.

* every sidecar is valid against ``schemas/conformance-case.schema.json`` and
  every ``expect`` against the JSON form's schema;
* our decoder (in-process) passes every case, of every format present;
* the runner driving ``python -m xqformats conformance decode`` as a program
  gives the same verdicts as in-process on a sample;
* coverage: each rule code has a valid case and an invalid or dialect case
  that reports it, and each clause of the spec pages has a case.  The codes
  and pages of the binary formats are wt-conf2's: their checks switch on by
  themselves once a suite of that format exists (see ``BINARY_FORMATS``);
* the text formats' committed cases are what ``tools/conformance/make_text_cases.py`` writes,
  the repetition cases (``pgn-cxa``, ``pgn-axf``) what ``make_repetition_cases.py`` writes,
  and the pasted-text cases what ``make_pasted_cases.py`` writes;
* the pasted-text suite is read unnamed, as standard input is: piped into ``xqformats lint -``,
  each case gives its findings, and its expected moves and positions are pyffish's.
"""

from __future__ import annotations

import json
import re
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from xqformats.conformance.cases import CASES_ROOT, Case, CaseError, discover, load_case
from xqformats.conformance.command import format_report
from xqformats.conformance.runner import CommandDecoder, Decoded, decode, judge, ours, parse_output, run
from xqformats.lint.catalogue import all_rules

ROOT = Path(__file__).resolve().parents[1]
CASE_SCHEMA = json.loads((ROOT / "schemas" / "conformance-case.schema.json").read_text(encoding="utf-8"))
FORM_SCHEMA = json.loads((ROOT / "schemas" / "json-form.schema.json").read_text(encoding="utf-8"))
CASES = discover()
IDS = [c.id for c in CASES]

#: Cases our decoder does not pass yet, and the change that makes it pass (strict: once the case
#: passes, the test fails until the entry is removed).
KNOWN_DISAGREEMENTS: dict[str, str] = {}

#: Cases whose ``expect`` the JSON form's schema refuses, and why (strict xfail, as above).
FORM_OUTSIDE_SCHEMA: dict[str, str] = {}

#: The text formats, the model and the repetition rules: codes and spec pages whose coverage is checked here.
TEXT_PREFIXES = ("F", "M", "P", "T", "E", "G", "J", "R")
TEXT_PAGES = ("pgn", "notation", "fen", "board", "json", "rules")
#: wt-conf2's formats, and pasted text: code prefix and spec page for each front-door format.  Their
#: coverage checks run once a suite of that format exists under the cases root, and skip (saying so) before.
BINARY_FORMATS = {
    "cbf": ("C", "cbf"),
    "xqf": ("X", "xqf"),
    "cbr": ("B", "cbr"),
    "cbl": ("B", "cbr"),
    "dhtmlxq": ("D", "dhtmlxq"),
    "dhjhtmlxq": ("H", "dhjhtmlxq"),
    "wxfgame": ("W", "wxfgame"),
    "pasted": ("A", "pasted"),
}
#: Codes no case can show, and where each is tested instead: they are about how a program is
#: called (a path, an option, a size limit) or an internal failure, not about what a file holds.
NOT_EXPRESSIBLE = {
    "E103": "an `--encoding` name: tests/test_lint_encoding.py",
    "E104": "an editor's decoding of a file (the language server only): tests/test_lsp_analysis.py, tests/test_lsp.py",
    "G102": "a path that cannot be read: tests/test_lint_rule_examples.py (its `path` example)",
    "G106": "a reader that crashes: tests/test_lint_cli.py::test_reader_crash_is_reported_not_raised",
    "G107": "the size limit: tests/test_cli_hostile.py::test_lint_refuses_a_file_above_the_limit",
    "G109": "a game met earlier in the run, judged across files: tests/test_archive_lint.py",
    "A102": "a text read as pasted text by choice (`format=\"pasted\"`) that holds no line: unnamed, such a "
            "text is no pasted text (docs/spec/pasted.md §2.3) but PGN, so no case read as standard input "
            "shows it: tests/test_pasted.py::test_blank_text_holds_no_game",
}


def present_formats() -> set[str]:
    return {c.format for c in CASES}


# ---------------------------------------------------------------- the cases are well formed


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_sidecar_matches_the_schema(case: Case) -> None:
    sidecar = json.loads(case.path.with_name(case.path.stem + ".case.json").read_text(encoding="utf-8"))
    jsonschema.validate(sidecar, CASE_SCHEMA)
    if case.expect is None:
        return
    errors = list(jsonschema.Draft202012Validator(FORM_SCHEMA).iter_errors(case.expect))
    if case.id in FORM_OUTSIDE_SCHEMA:
        assert errors, f"{case.id} now fits the schema: remove it from FORM_OUTSIDE_SCHEMA"
        pytest.xfail(FORM_OUTSIDE_SCHEMA[case.id])
    assert not errors, [e.message for e in errors]


def test_every_file_under_the_root_belongs_to_a_case() -> None:
    """No stray input without a sidecar, no sidecar without its input (load_case checks the latter)."""
    inputs = {p for p in CASES_ROOT.glob("*/*/*") if not p.name.endswith(".case.json")}
    assert inputs == {c.path for c in CASES}


def test_a_bad_case_is_refused_naming_the_file_and_member(tmp_path: Path) -> None:
    folder = tmp_path / "pgn" / "valid"
    folder.mkdir(parents=True)
    (folder / "x.pgn").write_text("*\n", encoding="utf-8")
    (folder / "x.case.json").write_text(json.dumps({"clause": "pgn §2", "rules": [], "source": "project", "description": "d"}), encoding="utf-8")
    with pytest.raises(CaseError, match=r"x\.case\.json: `clause`"):
        discover(tmp_path)
    (folder / "x.case.json").write_text(
        json.dumps({"clause": "docs/spec/pgn.md §2.1", "rules": [], "source": "project", "description": "d"}), encoding="utf-8"
    )
    with pytest.raises(CaseError, match="a valid case needs `expect`"):
        load_case(folder / "x.pgn")


# ---------------------------------------------------------------- our decoder passes


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_our_decoder_passes(case: Case) -> None:
    verdict = judge(case, ours(case))
    if case.id in KNOWN_DISAGREEMENTS:
        assert not verdict.passed, f"{case.id} passes now: remove it from KNOWN_DISAGREEMENTS"
        pytest.xfail(KNOWN_DISAGREEMENTS[case.id])
    assert verdict.passed, verdict.reasons


def test_known_disagreements_are_cases() -> None:
    assert set(KNOWN_DISAGREEMENTS) | set(FORM_OUTSIDE_SCHEMA) <= set(IDS)


def sample() -> list[Case]:
    """Two cases of each suite and kind (enough to exercise every verdict path through a program)."""
    picked: dict[tuple[str, str], list[Case]] = {}
    for c in CASES:
        picked.setdefault((c.suite, c.kind), []).append(c)
    return [c for group in picked.values() for c in group[:2]]


def test_program_decoder_gives_the_in_process_verdicts() -> None:
    cases = sample()
    command = [sys.executable, "-m", "xqformats", "conformance", "decode"]
    by_program = run(cases, CommandDecoder(command, timeout=60), jobs=4)
    in_process = run(cases, ours)
    assert [v.to_json() for v in by_program.verdicts] == [v.to_json() for v in in_process.verdicts]


def test_the_run_command_exits_0_and_reports_totals() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "xqformats", "conformance", "run", "--format", "pgn-iccs", "--json"],
        capture_output=True, cwd=ROOT, check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["passed"] == report["total"] == len([c for c in CASES if c.suite == "pgn-iccs"])
    assert report["by_suite"]["pgn-iccs"]["total"] == report["total"]


# ---------------------------------------------------------------- what a decoder may print


def test_decoder_protocol_forms() -> None:
    (case,) = [c for c in CASES if c.id == "pgn/valid/two-games"]
    form = json.dumps(case.expect).encode()
    assert judge(case, parse_output(form, 0)).passed  # just the JSON form
    assert judge(case, parse_output(b'{"json": ' + form + b', "diagnostics": []}', 0)).passed
    assert not judge(case, parse_output(b"", 1)).passed  # a valid case rejected
    assert parse_output(b"not json", 0).problem is not None
    (bad,) = [c for c in CASES if c.id == "pgn/invalid/p101-stray-brace"]
    assert judge(bad, parse_output(b"", 3)).passed  # rejecting an invalid input passes
    assert not judge(bad, parse_output(form, 0)).passed  # accepting it without a word does not
    wrong_place = {"json": None, "diagnostics": [{"code": "P101", "severity": "error", "line": 1, "column": 1}]}
    assert judge(bad, parse_output(json.dumps(wrong_place).encode(), 0)).reasons == (
        "expected P101 at line 3, column 9; reported P101 at line 1, column 1",
    )


def test_exact_case_refuses_other_findings() -> None:
    (bad,) = [c for c in CASES if c.id == "pgn/invalid/p101-stray-brace"]
    extra = [{"code": "P101", "severity": "error", "line": 3, "column": 9}, {"code": "P205", "severity": "warning"}]
    assert judge(bad, Decoded(None, extra)).reasons == ("other errors or warnings reported: P205",)


def test_text_report_names_failures_and_totals() -> None:
    cases = [c for c in CASES if c.suite == "pgn-iccs"]
    report = run(cases, lambda case: Decoded(None, rejected=True))
    text = format_report(report)
    assert "FAIL pgn-iccs/valid/iccs-opening" in text and "the decoder rejected the input" in text
    assert f"{report.passed}/{len(cases)} cases passed" in text


# ---------------------------------------------------------------- coverage


def rule_codes(prefixes: tuple[str, ...]) -> list[str]:
    return [r.code for r in all_rules() if r.code.startswith(prefixes) and r.code not in NOT_EXPRESSIBLE]


def coverage_params() -> list[Any]:
    params = [pytest.param(code, id=code) for code in rule_codes(TEXT_PREFIXES)]
    for fmt, (prefix, _page) in BINARY_FORMATS.items():
        mark = pytest.mark.skipif(fmt not in present_formats(), reason=f"wt-conf2: no {fmt} cases yet")
        params += [pytest.param(code, id=f"{code}-{fmt}", marks=mark) for code in rule_codes((prefix,))]
    return params


@pytest.mark.parametrize("code", coverage_params())
def test_every_rule_has_a_valid_and_a_reporting_case(code: str) -> None:
    valid = [c.id for c in CASES if c.kind == "valid" and code in c.rules]
    reporting = [c.id for c in CASES if c.kind != "valid" and any(d.code == code for d in c.diagnostics)]
    assert valid, f"no valid case names {code} in its rules"
    assert reporting, f"no invalid or dialect case expects {code}"


def test_every_deviation_has_a_dialect_case() -> None:
    dialect = {d.code for c in CASES if c.kind == "dialect" for d in c.diagnostics}
    owned = set(rule_codes(TEXT_PREFIXES))
    for fmt, (prefix, _page) in BINARY_FORMATS.items():
        if fmt in present_formats():
            owned |= set(rule_codes((prefix,)))
    missing = sorted(r.code for r in all_rules() if r.deviation and r.code in owned and r.code not in dialect)
    assert not missing


def test_not_expressible_codes_exist() -> None:
    assert set(NOT_EXPRESSIBLE) <= {r.code for r in all_rules()}


def clauses_of(page: str) -> list[str]:
    text = (ROOT / "docs" / "spec" / f"{page}.md").read_text(encoding="utf-8")
    return [f"docs/spec/{page}.md §{n}" for n in re.findall(r"^### (\d+(?:\.\d+)+) ", text, re.M)]


def clause_params() -> list[Any]:
    params = [pytest.param(page, id=page) for page in TEXT_PAGES]
    for page in sorted({page for _prefix, page in BINARY_FORMATS.values()}):
        formats = [f for f, (_p, pg) in BINARY_FORMATS.items() if pg == page]
        mark = pytest.mark.skipif(not set(formats) & present_formats(), reason=f"wt-conf2: no {page} cases yet")
        params.append(pytest.param(page, id=page, marks=mark))
    return params


@pytest.mark.parametrize("page", clause_params())
def test_every_clause_has_a_case(page: str) -> None:
    pinned = {clause for c in CASES for clause in c.clauses}
    missing = [c for c in clauses_of(page) if c not in pinned]
    assert not missing


def test_every_clause_a_case_names_exists() -> None:
    known = {c for page in (ROOT / "docs" / "spec").glob("*.md") for c in clauses_of(page.stem)}
    unknown = sorted({clause for c in CASES for clause in c.clauses} - known)
    assert not unknown


# ---------------------------------------------------------------- the committed text cases


def test_text_cases_are_what_the_generator_writes(tmp_path: Path) -> None:
    generator = runpy.run_path(str(ROOT / "tools" / "conformance" / "make_text_cases.py"))
    generator["write"](tmp_path)
    for suite in generator["SUITES"]:
        made = {p.relative_to(tmp_path): p.read_bytes() for p in (tmp_path / suite).glob("*/*")}
        committed = {p.relative_to(CASES_ROOT): p.read_bytes() for p in (CASES_ROOT / suite).glob("*/*")}
        assert made.keys() == committed.keys(), suite
        assert [k for k in made if made[k] != committed[k]] == []


def test_repetition_cases_are_what_the_generator_writes(tmp_path: Path) -> None:
    script = ROOT / "tools" / "conformance" / "make_repetition_cases.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, capture_output=True)
    made = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert {p.parts[0] for p in made} == {"pgn-cxa", "pgn-axf"}
    committed = {p.relative_to(CASES_ROOT): p.read_bytes() for f in ("pgn-cxa", "pgn-axf") for p in (CASES_ROOT / f).rglob("*") if p.is_file()}
    assert sorted(made) == sorted(committed)
    assert [p for p in made if made[p] != committed[p]] == []


# ---------------------------------------------------------------- pasted text: read unnamed

PASTED = [c for c in CASES if c.suite == "pasted"]


def test_pasted_cases_are_what_the_generator_writes(tmp_path: Path) -> None:
    script = ROOT / "tools" / "conformance" / "make_pasted_cases.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, capture_output=True)
    made = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert {p.parts[0] for p in made} == {"pasted"}
    committed = {p.relative_to(CASES_ROOT): p.read_bytes() for p in (CASES_ROOT / "pasted").rglob("*") if p.is_file()}
    assert sorted(made) == sorted(committed)
    assert [p for p in made if made[p] != committed[p]] == []


def test_pasted_cases_are_read_unnamed() -> None:
    """A decoder is told the input is standard input (``-``); by its file name (``.txt``) it is no record at all."""
    assert PASTED and all(c.unnamed and c.name == "-" for c in PASTED)
    assert not any(c.unnamed for c in CASES if c.suite != "pasted")
    (case,) = [c for c in PASTED if c.id == "pasted/valid/chinese"]
    by_file_name = decode(case.data(), case.path.name)
    assert by_file_name["json"] is None and [d["code"] for d in by_file_name["diagnostics"]] == ["G101"]


@pytest.mark.parametrize("case", [c for c in PASTED if c.kind != "valid"], ids=lambda c: c.id)
def test_pasted_case_piped_into_lint(case: Case) -> None:
    """``xqformats lint -`` reads the case from standard input and reports its findings where it says."""
    done = subprocess.run(
        [sys.executable, "-m", "xqformats", "lint", "--isolated", "--format", "json", "--show-info", "-"],
        input=case.data(), capture_output=True, cwd=ROOT, check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    found = json.loads(done.stdout)
    reported = {(d["code"], d["line"], d["column"]) for f in found for d in (f, *f.get("related", []))}
    assert {(d.code, d.line, d.column) for d in case.diagnostics} <= reported
    assert {f["path"] for f in found} == {"-"}
    assert done.returncode == (1 if any(f["severity"] == "error" for f in found) else 0)  # lint's default: errors fail


def _sf(move: str) -> str:
    """An ICCS move (``H9-G7``) in pyffish's coordinates, ranks counted from 1 (``h10g8``)."""
    src, dst = move.lower().split("-")
    return f"{src[0]}{int(src[1]) + 1}{dst[0]}{int(dst[1]) + 1}"


def test_pasted_expectations_agree_with_pyffish() -> None:
    """Every start position is a legal one and every expected move a legal move, to Fairy-Stockfish."""
    sf = pytest.importorskip("pyffish")
    checked = 0
    for case in PASTED:
        for g in (case.expect or {"games": []})["games"]:
            assert sf.validate_fen(g["start"], "xiangqi") == sf.FEN_OK, case.id
            fens = [g["start"]]
            for node in g["nodes"][1:]:
                before = fens[node["parent"]]
                assert _sf(node["move"]) in sf.legal_moves("xiangqi", before, []), (case.id, node)
                fens.append(sf.get_fen("xiangqi", before, [_sf(node["move"])]))
                checked += 1
    assert checked >= 60
    initial = sf.start_fen("xiangqi")
    (fen_long,) = [c for c in PASTED if c.id == "pasted/valid/fen-long"]
    assert fen_long.expect is not None  # the position after 炮二平五 马8进7, as the generator says
    assert fen_long.expect["games"][0]["start"] == sf.get_fen("xiangqi", initial, ["h3e3", "h10g8"])
    # The illegal moves of the invalid cases: A0-A4 after H2-E2 H9-G7 (a0a4, 车九进四).
    assert _sf("A0-A4") not in sf.legal_moves("xiangqi", initial, ["h3e3", "h10g8"])
    assert _sf("A0-A2") in sf.legal_moves("xiangqi", initial, ["h3e3", "h10g8"])  # the rook itself can move


def test_the_page_names_every_suite() -> None:
    """docs/conformance.md lists the suite folders by hand: each one under the cases root is there."""
    page = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    listed = page.partition("## Cases")[2].partition("The sidecar")[0]
    named = set(re.findall(r"`([a-z-]+)`", listed))
    assert sorted({c.suite for c in CASES} - named) == []
