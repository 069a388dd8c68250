"""The four lint output formats, on findings with hand-checked positions."""

from __future__ import annotations

import json
import re

from xqformats.diagnostics import Diagnostic, Severity
from xqformats.lint.catalogue import all_rules
from xqformats.lint.output import SARIF_SCHEMA, render_github, render_json, render_sarif, render_text, summary
from xqformats.lint.runner import FileResult

MOVES = "1. 炮二平五 马8进7 *"


def _results() -> list[FileResult]:
    # 马8进7 is characters 9-12 (1-based): "1. " is 3, 炮二平五 4, a space 1.
    move = Diagnostic("M301", Severity.ERROR, "Illegal move `马8进7`", 3, 9, 3, 13, "games/a.pgn")
    # The value 1995.5.22 is characters 8-16 of its line.
    date = Diagnostic("T104", Severity.WARNING, "Date `1995.5.22` is not `yyyy.mm.dd`; expected `1995.05.22`",
                      2, 8, 2, 17, "games/a.pgn")
    info = Diagnostic("G103", Severity.INFO, "Result `1-0` (Red wins) but …", None, None, None, None, "b.cbf")
    return [
        FileResult("games/a.pgn", (date, move), {2: '[Date "1995.5.22"]', 3: MOVES}),
        FileResult("b.cbf", (info,), {}),
        FileResult("c.pgn", (), {}),
    ]


def test_text_lines_carets_and_summary() -> None:
    out = render_text(_results())
    assert out.splitlines() == [
        "games/a.pgn:2:8: warning T104 Date `1995.5.22` is not `yyyy.mm.dd`; expected `1995.05.22`",
        ' 2 | [Date "1995.5.22"]',
        "   |        ^^^^^^^^^",
        "",
        "games/a.pgn:3:9: error M301 Illegal move `马8进7`",
        " 3 | 1. 炮二平五 马8进7 *",
        # 3 cells for "1. ", 8 for four wide characters, 1 space = 12; 马8进7 is 6 cells wide.
        "   |             ^^^^^^",
        "",
        "b.cbf: info G103 Result `1-0` (Red wins) but …",
        "Found 1 error, 1 warning and 1 info in 2 of 3 files",
    ]


def test_text_without_source() -> None:
    assert render_text(_results(), show_source=False).splitlines()[:2] == [
        "games/a.pgn:2:8: warning T104 Date `1995.5.22` is not `yyyy.mm.dd`; expected `1995.05.22`",
        "games/a.pgn:3:9: error M301 Illegal move `马8进7`",
    ]


def test_long_line_is_cut_around_the_column() -> None:
    line = "x" * 300 + "BAD" + "y" * 300
    d = Diagnostic("P101", Severity.ERROR, "Bad", 1, 301, 1, 304, "a.pgn")
    snippet = render_text([FileResult("a.pgn", (d,), {1: line})]).splitlines()[1:3]
    shown = snippet[0].split(" | ", 1)[1]
    carets = snippet[1].split(" | ", 1)[1]
    assert shown.startswith("…") and shown.endswith("…")
    assert "BAD" in shown
    # The carets sit exactly under BAD.
    assert shown[carets.index("^") : carets.index("^") + 3] == "BAD"
    assert carets.strip() == "^^^"


def test_summary_wording() -> None:
    assert summary([FileResult("a.pgn"), FileResult("b.pgn")]) == "All checks passed (2 files)"
    one = Diagnostic("T104", Severity.WARNING, "m", path="a.pgn")
    assert summary([FileResult("a.pgn", (one,))]) == "Found 1 warning in 1 file"


def test_json_records() -> None:
    data = json.loads(render_json(_results()))
    assert [d["code"] for d in data] == ["T104", "M301", "G103"]
    assert data[1] == {
        "path": "games/a.pgn",
        "line": 3,
        "column": 9,
        "end_line": 3,
        "end_column": 13,
        "offset": None,
        "length": None,
        "code": "M301",
        "name": data[1]["name"],  # the notation module's rule name, when declared
        "severity": "error",
        "message": "Illegal move `马8进7`",
    }
    assert data[2]["line"] is None and data[2]["severity"] == "info" and data[2]["name"] == "unexplained-win"
    assert json.loads(render_json([])) == []


def test_sarif_structure() -> None:
    log = json.loads(render_sarif(_results()))
    assert log["version"] == "2.1.0"
    assert log["$schema"] == SARIF_SCHEMA
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "xqformats"
    ids = [r["id"] for r in driver["rules"]]
    assert ids == [r.code for r in all_rules()]
    for r in driver["rules"]:
        assert r["shortDescription"]["text"]
        assert r["defaultConfiguration"]["level"] in ("error", "warning", "note")
        assert r["help"]["markdown"].startswith(f"# {r['name']} ({r['id']})")
    # The help texts are the rule's fields as the one renderer shows them.
    t107 = driver["rules"][ids.index("T107")]
    assert t107["fullDescription"]["text"] == (
        "When a `PlyCount` tag is present, checks that it is a whole number equal to the number of plies "
        "(half-moves) of the main line.\n\nDatabases use `PlyCount` to index and filter games without reading "
        "them; a wrong count silently misfiles the game."
    )
    assert "## Fix safety\n\nThis fix is unsafe" in t107["help"]["markdown"]
    assert t107["helpUri"].endswith("/docs/rules.md#ply-count-mismatch-t107")
    assert run["columnKind"] == "unicodeCodePoints"
    res = run["results"]
    assert [(r["ruleId"], r["level"]) for r in res] == [("T104", "warning"), ("M301", "error"), ("G103", "note")]
    for r in res:
        assert r["message"]["text"]
        if r["ruleId"] in ids:
            assert ids[r["ruleIndex"]] == r["ruleId"]
    loc = res[1]["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "games/a.pgn", "uriBaseId": "%SRCROOT%"}
    assert loc["region"] == {"startLine": 3, "startColumn": 9, "endLine": 3, "endColumn": 13}
    # No position: no region.
    assert "region" not in res[2]["locations"][0]["physicalLocation"]
    # Nothing found: still a valid log.
    empty = json.loads(render_sarif([FileResult("c.pgn")]))
    assert empty["runs"][0]["results"] == [] and empty["runs"][0]["tool"]["driver"]["rules"]


GITHUB = re.compile(
    r"::(error|warning|notice) title=xqformats \(([A-Z]\d{3})\),file=([^,]+)"
    r"(?:,line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+))?::(.*)"
)


def test_github_commands() -> None:
    lines = render_github(_results()).splitlines()
    parsed = [GITHUB.fullmatch(line) for line in lines]
    assert all(parsed), lines
    assert [m.groups()[:3] for m in parsed if m] == [
        ("warning", "T104", "games/a.pgn"),
        ("error", "M301", "games/a.pgn"),
        ("notice", "G103", "b.cbf"),
    ]
    m = parsed[1]
    assert m is not None and m.groups()[3:] == ("3", "9", "3", "13", "games/a.pgn:3:9: M301 Illegal move `马8进7`")


def test_github_escapes_properties_and_data() -> None:
    d = Diagnostic("P210", Severity.WARNING, "50% line\nbreak", 1, 1, 1, 2, "dir,x/a:b.pgn")
    (line,) = render_github([FileResult(d.path or "", (d,), {})]).splitlines()
    assert "file=dir%2Cx/a%3Ab.pgn," in line
    assert line.endswith("::dir,x/a:b.pgn:1:1: P210 50%25 line%0Abreak")


def test_a_finding_in_a_binary_file_is_placed_by_byte_offset() -> None:
    # A binary record has no lines: text shows the offset in hex, JSON gives
    # offset and length, SARIF a byteOffset/byteLength region (SARIF 2.1.0 §3.30.2).
    d = Diagnostic("G102", Severity.ERROR, "Truncated", path="g.xqf").at_bytes(0x412, 8)
    results = [FileResult("g.xqf", (d,), {})]
    assert render_text(results).splitlines()[0] == "g.xqf:@0x412: error G102 Truncated"
    row = json.loads(render_json(results))[0]
    assert (row["offset"], row["length"], row["line"]) == (0x412, 8, None)
    location = json.loads(render_sarif(results))["runs"][0]["results"][0]["locations"][0]
    assert location["physicalLocation"]["region"] == {"byteOffset": 0x412, "byteLength": 8}


def test_run_summary_counts_files_bytes_games_moves_and_findings() -> None:
    from xqformats.lint.output import run_summary

    a = FileResult("a.pgn", _results()[0].diagnostics, {}, size=1_500_000, games=1000, moves=104_869)
    b = FileResult("b.cbf", (), {}, size=100_000, games=1, moves=1)
    assert run_summary([a, b], 1.94) == (
        "checked 2 files (1.6 MB): 1,001 games, 104,870 moves; 1 error, 1 warning, 0 info in 1.9 s"
    )
    # Info findings the selection hid count as the summary line counts them (issue 27: `0 info`
    # on the last line of `lint -v` while the summary said `16 info hidden`).
    assert run_summary([a, b], 1.94, hidden=16).endswith("; 1 error, 1 warning, 16 info (16 hidden) in 1.9 s")


def test_text_folds_a_code_repeated_in_a_file() -> None:
    # Five findings of one code: three shown, the other two counted in one line.
    same = tuple(Diagnostic("T101", Severity.WARNING, f"No Game tag {i}", i, 1, i, 2, "big.pgn") for i in range(1, 6))
    other = Diagnostic("P205", Severity.WARNING, "No result", 9, 1, 9, 2, "big.pgn")
    res = [FileResult("big.pgn", (*same, other), {})]
    assert render_text(res, show_source=False).splitlines() == [
        "big.pgn:1:1: warning T101 No Game tag 1",
        "big.pgn:2:1: warning T101 No Game tag 2",
        "big.pgn:3:1: warning T101 No Game tag 3",
        "big.pgn:9:1: warning P205 No result",
        "big.pgn: … and 2 more T101 (missing-game-tag) in this file (--no-fold shows them)",
        "Found 6 warnings in 1 file",
    ]
    assert len(render_text(res, show_source=False, fold=None).splitlines()) == 7


def test_every_text_line_names_its_severity() -> None:
    lines = render_text(_results(), show_source=False).splitlines()
    assert [line.split(": ", 1)[1].split(" ", 1)[0] for line in lines[:3]] == ["warning", "error", "info"]


def test_colour_marks_the_severity_word() -> None:
    text = render_text(_results()[:1], show_source=False, color=True).splitlines()
    # T104 is a warning (yellow), M301 an error (red); the place and the code are bold.
    assert text[0] == (
        "\x1b[1mgames/a.pgn:2:8\x1b[0m: \x1b[1m\x1b[33mwarning\x1b[0m \x1b[1mT104\x1b[0m "
        "Date `1995.5.22` is not `yyyy.mm.dd`; expected `1995.05.22`"
    )
    assert text[1].startswith("\x1b[1mgames/a.pgn:3:9\x1b[0m: \x1b[1m\x1b[31merror\x1b[0m \x1b[1mM301\x1b[0m ")
    assert "\x1b" not in render_text(_results()[:1], show_source=False)


def test_when_to_colour() -> None:
    from xqformats.commands.lint_report import use_color

    class Tty:
        def isatty(self) -> bool:
            return True

    assert use_color("auto", Tty(), {}) and not use_color("auto", Tty(), {"NO_COLOR": "1"})
    assert not use_color("auto", object(), {}) and use_color("auto", object(), {"FORCE_COLOR": "1"})
    assert use_color("always", object(), {"NO_COLOR": "1"}) and not use_color("never", Tty(), {"FORCE_COLOR": "1"})
