"""`xqformats lint` end to end: exit statuses, selection, config, stdin, outputs.

Inputs here need no reader (unsupported and unreadable paths, empty runs) or
go through the real readers; readers are never faked.
"""

from __future__ import annotations

import errno
import io
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import run, write_tree

from xqformats.cli import main
from xqformats.formats import REGISTRY


#: The known extensions, as G101 lists them (in registration order).
# The extensions in registration order (the list itself is pinned once, in
# tests/test_formats.py, so that a new format changes one test).
KNOWN = ", ".join(f"`{ext}`" for ext in REGISTRY.extensions())


def test_unsupported_file_is_an_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "game.doc").write_bytes(b"\x00\x01 not a record")
    status, out, _ = run(capsys, "--isolated", "game.doc")
    assert status == 1
    assert out.splitlines() == [
        f"game.doc: error G101 Unsupported file type `.doc`; expected {KNOWN}",
        "Found 1 error in 1 file",
    ]


def test_unreadable_path_exits_2(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--isolated", "missing.pgn")
    assert status == 2
    assert out.splitlines()[0] == "missing.pgn: error G102 No such file or folder `missing.pgn`"


def test_ignore_and_select(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "game.doc").write_bytes(b"\x00\x01 not a record")
    assert run(capsys, "--isolated", "--ignore", "G101", "game.doc")[:2] == (0, "All checks passed (1 file)\n")
    assert run(capsys, "--isolated", "--select", "T1", "game.doc")[0] == 0
    assert run(capsys, "--isolated", "--select", "T1", "--extend-select", "G10", "game.doc")[0] == 1


def test_unknown_selector_is_a_usage_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--isolated", "--select", "Q9", ".")
    assert (status, out) == (2, "")
    assert err == "xqformats lint: Unknown rule selector `Q9`; expected a rule code or a prefix of one\n"


def test_bad_jobs_is_a_usage_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--isolated", "-j", "-1", ".")[0] == 2


def test_no_files(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 27: an empty folder said "All checks passed (0 files)". As ruff: a warning, exit 0.
    status, out, err = run(capsys, "--isolated", ".")
    assert status == 0
    assert out == "No record files found; nothing checked\n"
    assert err == (
        f"xqformats lint: warning: No record files ({', '.join(REGISTRY.extensions())}) "
        "found under the given paths\n"
    )


def test_a_folder_search_takes_a_record_saved_as_text_under_its_name(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 27: a folder lint skipped x.dhtmlxq.txt, which passes when named alone (its content is
    # DhtmlXQ's signature); x.pgn.txt is still skipped (PGN has no signature: named alone it is G101).
    block = "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]\n"
    (workdir / "posts").mkdir()
    (workdir / "posts" / "x.dhtmlxq.txt").write_text(block, encoding="utf-8")
    (workdir / "posts" / "y.PGN.txt").write_text(GOOD_PGN, encoding="utf-8")
    status, out, err = run(capsys, "--isolated", "-v", "--no-progress", "posts")
    assert (status, out) == (0, "All checks passed (1 file)\n")
    assert err.splitlines()[:2] == ["xqformats lint: skipped 1 file of unknown format:", "  posts/y.PGN.txt"]
    assert run(capsys, "--isolated", "posts/x.dhtmlxq.txt")[1] == "All checks passed (1 file)\n"


def test_a_folder_lint_names_the_files_it_skipped(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Files of unknown format are counted (listed with -v) on stderr; hidden and
    # excluded files are not, and stdout (here JSON) is untouched.
    (workdir / "games").mkdir()
    (workdir / "games" / "a.PGN").write_text(GOOD_PGN, encoding="utf-8")
    for name in ("games/notes.txt", "games/b.doc", "games/.hidden.txt", "skip/c.txt"):
        (workdir / name).parent.mkdir(exist_ok=True)
        (workdir / name).write_bytes(b"x")
    (workdir / "xqformats.toml").write_text('exclude = ["skip"]\n')
    status, out, err = run(capsys, "--format", "json", ".")
    assert (status, out, err) == (0, "[]\n", "xqformats lint: skipped 3 files of unknown format (-v lists them)\n")
    status, _, err = run(capsys, "-v", ".")
    assert err.splitlines()[:-1] == [
        "xqformats lint: skipped 3 files of unknown format:",
        "  games/b.doc",
        "  games/notes.txt",
        "  xqformats.toml",  # the settings file is no record either
    ]
    # -v also ends with the run's figures (GOOD_PGN: one game of two moves).
    assert re.fullmatch(
        r"xqformats lint: checked 1 file \(0\.0 MB\): 1 game, 2 moves; 0 errors, 0 warnings, 0 info in \d+\.\d s",
        err.splitlines()[-1],
    ), err


def test_config_is_found_and_applied(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (workdir / "game.doc").write_bytes(b"\x00\x01 not a record")
    (workdir / "pyproject.toml").write_text('[tool.xqformats]\nignore = ["G101"]\noutput-format = "json"\n')
    sub = workdir / "sub"
    sub.mkdir()
    # Found from a subfolder by walking up.
    monkeypatch.chdir(sub)
    status, out, _ = run(capsys, "../game.doc")
    assert (status, json.loads(out)) == (0, [])
    # --isolated ignores it; --format overrides output-format.
    status, out, _ = run(capsys, "--isolated", "--format", "json", "../game.doc")
    assert status == 1 and [d["code"] for d in json.loads(out)] == ["G101"]


def test_per_file_ignores(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "old").mkdir()
    (workdir / "old" / "a.doc").write_bytes(b"\x00\x01 not a record")
    (workdir / "b.doc").write_bytes(b"\x00\x01 not a record")
    (workdir / "xqformats.toml").write_text('[per-file-ignores]\n"old/*" = ["G101"]\n')
    status, out, _ = run(capsys, "--no-source", "old/a.doc", "b.doc")
    assert status == 1
    assert out.splitlines() == [f"b.doc: error G101 Unsupported file type `.doc`; expected {KNOWN}", "Found 1 error in 1 of 2 files"]


def test_invalid_config_is_a_usage_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "xqformats.toml").write_text("colour = 1\n")
    status, out, err = run(capsys, ".")
    assert status == 2 and out == ""
    assert err.startswith("xqformats lint: Unknown key `colour` in `")
    (workdir / "xqformats.toml").write_text('[per-file-ignores]\n"*" = ["ZZ"]\n')
    assert run(capsys, ".")[0] == 2


def test_explicit_config_file(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "game.doc").write_bytes(b"\x00\x01 not a record")
    (workdir / "ci.toml").write_text('ignore = ["G"]\n')
    assert run(capsys, "--config", "ci.toml", "game.doc")[0] == 0
    assert run(capsys, "--config", "nope.toml", "game.doc")[0] == 2


def test_stdin_filename_picks_the_format(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --stdin-filename names the input and its extension decides the format.
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\x00\x01 not a record")))
    status, out, _ = run(capsys, "--isolated", "--stdin-filename", "x.doc", "-")
    assert status == 1
    assert out.splitlines()[0] == f"x.doc: error G101 Unsupported file type `.doc`; expected {KNOWN}"


def test_machine_formats_have_no_summary(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "game.doc").write_bytes(b"\x00\x01 not a record")
    _, out, _ = run(capsys, "--isolated", "--format", "github", "game.doc")
    assert out == (
        "::error title=xqformats (G101),file=game.doc::game.doc: G101 Unsupported file type `.doc`; "
        f"expected {KNOWN}\n"
    )
    _, out, _ = run(capsys, "--isolated", "--format", "sarif", "game.doc")
    log = json.loads(out)
    assert log["runs"][0]["results"][0]["ruleId"] == "G101"


# ---------------------------------------------------------------- with the real readers

GOOD_PGN = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n'
DATE_PGN = '[Game "Chinese Chess"]\n[Date "1995.5.22"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n'
# 炮五进九: the cannon on e2 cannot advance nine points (M203), the rest is kept (P301).
ILLEGAL_PGN = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 2. 炮五进九 *\n'
CBF = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0">\n <Head>\n  <Date>00-12-31</Date>\n'
    ' </Head>\n <MoveList>\n  <Move value="00-00"/>\n  <Move value="77-47" end="1"/>\n </MoveList>\n'
    "</ChineseChessRecord>\n"
)



def test_clean_file_exits_0(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"good.pgn": GOOD_PGN})
    assert run(capsys, "--isolated", "good.pgn")[:2] == (0, "All checks passed (1 file)\n")


def test_warning_exits_0_with_source_and_caret(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"a.pgn": DATE_PGN})
    status, out, _ = run(capsys, "--isolated", "a.pgn")
    assert status == 0
    # The tag value's span: the quoted string, columns 7-17 of line 2.
    assert out.splitlines() == [
        "a.pgn:2:7: warning T104 Date `1995.5.22` is not `yyyy.mm.dd`; expected `1995.05.22`",
        ' 2 | [Date "1995.5.22"]',
        "   |       ^^^^^^^^^^^",
        "",
        "Found 1 warning in 1 file",
    ]


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
def test_caret_line_of_a_file_with_any_line_ends(line_end: str, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # docs/spec/pgn.md §2.4: a line ends at LF, CR LF or a lone CR (old Mac
    # exports): the same line, column and source line whichever the file uses.
    text = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 车1进5 *\n'.replace("\n", line_end)
    (workdir / "a.pgn").write_bytes(text.encode("utf-8"))
    status, out, _ = run(capsys, "--isolated", "--show-info", "a.pgn")
    assert status == 1
    assert out.split("\n") == [
        "a.pgn:4:9: error M301 Move `车1进5` (A9-A4) is blocked: a6 blocks the path",
        " 4 | 1. 炮二平五 车1进5 *",
        "   |             ^^^^^^",
        "  note: a.pgn:4:9: P301 Moves from here to the end of the line are kept as a comment",
        "",
        "Found 1 error in 1 file",
        "",
    ]


def test_strict_turns_deviations_into_errors(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"a.pgn": DATE_PGN})
    status, out, _ = run(capsys, "--isolated", "--strict", "--format", "json", "a.pgn")
    assert status == 1
    assert [(d["code"], d["severity"]) for d in json.loads(out)] == [("T104", "error")]
    # strict = true in the config does the same.
    write_tree(workdir, **{"xqformats.toml": "strict = true\n"})
    assert run(capsys, "a.pgn")[0] == 1


def test_errors_exit_1_in_position_order(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"b.pgn": ILLEGAL_PGN})
    status, out, _ = run(capsys, "--isolated", "--show-info", "--format", "json", "b.pgn")
    assert status == 1
    found = [(d["code"], d["line"], d["column"], d["severity"]) for d in json.loads(out)]
    assert found == [("M203", 4, 20, "error")]
    # What follows from the illegal move is a note on it (one root cause, one finding).
    assert [(n["code"], n["line"], n["column"]) for n in json.loads(out)[0]["related"]] == [("P301", 4, 17)]


def test_stdin_pgn_and_cbf_by_content(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(ILLEGAL_PGN.encode())))
    status, out, _ = run(capsys, "--isolated", "--show-info", "--no-source", "-")
    assert status == 1 and out.splitlines()[0] == "-:4:20: error M203 Cannon on e2 cannot advance by `九`"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(CBF.encode())))
    status, out, _ = run(capsys, "--isolated", "--no-source", "--stdin-filename", "game", "-")
    # Read as CBF: the free-text CBF Date is still checked (T104); no G105 on stdin.
    assert (status, out.splitlines()[0]) == (
        0, "game:4:3: warning T104 Date `00-12-31` is not `yyyy.mm.dd` (`??` for unknown parts)"  # at the <Date> element
    )


def test_extension_content_mismatch(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"x.pgn": CBF})
    status, out, _ = run(capsys, "--isolated", "--no-source", "--ignore", "T104", "x.pgn")
    assert status == 0
    assert out.splitlines()[0] == (
        "x.pgn: warning G105 File named `.pgn` holds XML (CBF); read as CBF, expected extension `.cbf`"
    )


def test_sarif_and_github_on_real_findings(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"b.pgn": ILLEGAL_PGN})
    _, out, _ = run(capsys, "--isolated", "--show-info", "--format", "sarif", "b.pgn")
    results = json.loads(out)["runs"][0]["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [("M203", "error")]
    assert results[0]["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 4, "startColumn": 20, "endLine": 4, "endColumn": 21
    }
    assert results[0]["relatedLocations"][0]["physicalLocation"]["region"]["startColumn"] == 17  # P301
    _, out, _ = run(capsys, "--isolated", "--show-info", "--format", "github", "b.pgn")
    assert out.splitlines()[0] == (
        "::error title=xqformats (M203),file=b.pgn,line=4,col=20,endLine=4,endColumn=21::"
        "b.pgn:4:20: M203 Cannon on e2 cannot advance by `九`"
        "%0A  note: b.pgn:4:17: P301 Moves from here to the end of the line are kept as a comment"
    )


def _tree(root: Path) -> None:
    write_tree(
        root,
        **{
            "a__good.pgn": GOOD_PGN,
            "a__date.pgn": DATE_PGN,
            "b__illegal.pgn": ILLEGAL_PGN * 3,
            "b__c__game.cbf": CBF,
            "b__c__mixed.pgn": CBF,
            "z.pgn": "",
            "zz.pgn": DATE_PGN + "\n" + ILLEGAL_PGN,
        },
    )


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_parallel_equals_serial(workdir: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    _tree(workdir)
    serial = run(capsys, "--isolated", "--format", fmt, "-j", "1", ".")
    parallel = run(capsys, "--isolated", "--format", fmt, "-j", "2", ".")
    assert serial == parallel
    assert serial[0] == 1 and serial[1].count("\n") > 5


def test_parallel_equals_serial_on_the_corpus(shared_corpus: Path) -> None:
    from xqformats.lint import LintOptions, discover, run as lint_run

    # The small fixture files of one repository: many formats and faults, quick.
    folder = shared_corpus / "benckx__elephantchess"
    targets = [t for t in discover([str(folder)]) if Path(t.path).stat().st_size < 50_000]
    assert len(targets) >= 3
    assert lint_run(targets, LintOptions(), jobs=1) == lint_run(targets, LintOptions(), jobs=2)


def test_reader_crash_is_reported_not_raised(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A reader bug (readers never raise on bad input) becomes G106 and exit 2; other files still run."""
    import dataclasses

    from xqformats.formats import REGISTRY, Reading, ReadOptions
    from xqformats.source import Source

    def broken(source: Source, options: ReadOptions) -> Reading:
        raise RuntimeError("boom")

    write_tree(workdir, **{"a.cbf": CBF, "b.pgn": DATE_PGN})
    with REGISTRY.registered(dataclasses.replace(REGISTRY.get("cbf"), reader=broken)):
        status, out, _ = run(capsys, "--isolated", "--no-source", "a.cbf", "b.pgn")
    assert status == 2
    assert out.splitlines()[:2] == [
        "a.cbf: error G106 The CBF reader failed: RuntimeError: boom",
        "b.pgn:2:7: warning T104 Date `1995.5.22` is not `yyyy.mm.dd`; expected `1995.05.22`",
    ]


def test_no_progress_bar_when_piped(workdir: Path) -> None:
    import subprocess

    _tree(workdir)
    proc = subprocess.run(
        [sys.executable, "-m", "xqformats", "lint", "--isolated", "."], capture_output=True, text=True
    )
    assert proc.returncode == 1
    assert "\r" not in proc.stderr and "files" not in proc.stderr


def test_library_api(workdir: Path) -> None:
    from xqformats.lint import SelectorError, lint_paths

    write_tree(workdir, **{"a.pgn": DATE_PGN, "b__b.pgn": ILLEGAL_PGN})
    found = lint_paths(["."], ignore=["P3"])
    assert [(d.path, d.code) for d in found] == [("a.pgn", "T104"), ("b/b.pgn", "M203")]
    assert [d.code for d in lint_paths(["a.pgn"], strict=True)] == ["T104"]
    assert lint_paths(["a.pgn"], strict=True)[0].severity == 3
    assert lint_paths(["."], select=["M"], jobs=2) == [d for d in found if d.code == "M203"]
    with pytest.raises(SelectorError):
        lint_paths(["."], select=["nope"])


def test_per_file_ignores_apply_to_stdin_filename(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_tree(workdir, **{"xqformats.toml": '[per-file-ignores]\n"old/*" = ["T104"]\n'})
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(DATE_PGN.encode())))
    assert run(capsys, "--stdin-filename", "old/a.pgn", "-")[:2] == (0, "All checks passed (1 file)\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(DATE_PGN.encode())))
    assert run(capsys, "--no-source", "--stdin-filename", "new/a.pgn", "-")[1].startswith("new/a.pgn:2:7: warning T104")


def test_unlistable_folder_exits_2(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder without read permission is G102 and exit status 2.

    Root lists every folder whatever its mode (CI runs as root), so where the
    mode does not stop this user, the listing answers as the system answers
    everyone else: EACCES from ``os.scandir``, which ``os.walk`` calls.
    """
    write_tree(workdir, **{"d__ok.pgn": GOOD_PGN, "d__locked__x.pgn": GOOD_PGN})
    locked = workdir / "d" / "locked"
    locked.chmod(0)
    if os.access(locked, os.R_OK):
        real_scandir = os.scandir

        def scandir(path: str) -> Any:
            if Path(path).name == "locked":
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
            return real_scandir(path)

        monkeypatch.setattr(os, "scandir", scandir)
    try:
        status, out, _ = run(capsys, "--isolated", "d")
    finally:
        locked.chmod(0o755)
    assert status == 2
    assert "d/locked: error G102 Cannot read `d/locked`: Permission denied" in out


def test_unlistable_folder_is_reported(workdir: Path) -> None:
    """A folder os.walk cannot list is a G102 target, whoever runs the tests.

    Root lists every folder whatever its mode, so the folder here cannot be
    listed for another reason: its path is longer than the system allows
    (ENAMETOOLONG), built one 200-character name at a time through a
    directory descriptor.
    """
    from xqformats.discovery import discover

    write_tree(workdir, **{"d__ok.pgn": GOOD_PGN})
    fd = os.open("d", os.O_RDONLY)
    try:
        for _ in range(25):  # 25 x 201 characters: past PATH_MAX (4096)
            os.mkdir("n" * 200, dir_fd=fd)
            inner = os.open("n" * 200, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
    finally:
        os.close(fd)
    targets = discover(["d"])
    assert targets[0] == discover(["d/ok.pgn"])[0]
    assert len(targets) == 2 and targets[1].error is not None and "too long" in targets[1].error
    assert targets[1].display.startswith("d/" + "n" * 200 + "/")


# ---------------------------------------------------------------- report options (issue 13, first slice)


def test_exit_zero_quiet_statistics_and_output_file(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"a.pgn": ILLEGAL_PGN, "b.pgn": DATE_PGN, "c.pgn": ILLEGAL_PGN})
    status, out, _ = run(capsys, "--isolated", "--show-info", "--statistics", ".")
    # ILLEGAL_PGN: M203 once per file (with its P301 note); DATE_PGN: T104 once.
    assert status == 1
    rows = [line.split() for line in out.splitlines()]
    assert [(r[0], r[1], r[-1]) for r in rows] == [("2", "M203", "error"), ("1", "T104", "warning")]
    status, out, _ = run(capsys, "--isolated", "--show-info", "--statistics", "--format", "json", ".")
    assert [(r["code"], r["count"]) for r in json.loads(out)] == [("M203", 2), ("T104", 1)]
    assert run(capsys, "--isolated", "--exit-zero", ".")[0] == 0
    status, out, err = run(capsys, "--isolated", "-q", "--no-source", ".")
    assert status == 1 and not out.splitlines()[-1].startswith("Found") and err == ""
    status, out, _ = run(capsys, "--isolated", "--show-info", "--format", "json", "-o", "report.json", "a.pgn")
    assert (status, out) == (1, "")
    assert sorted(d["code"] for d in json.loads((workdir / "report.json").read_text(encoding="utf-8"))) == ["M203"]


def test_quiet_prints_the_findings_only(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 27: `-q` still printed `skipped 1 file of unknown format`.
    write_tree(workdir, **{"a.pgn": DATE_PGN, "notes.txt": "not a record"})
    for extra in ((), ("--format", "json"), ("--statistics",), ("--diff",), ("--fix",)):
        _, out, err = run(capsys, "--isolated", "-q", "--no-progress", *extra, ".")
        assert err == "", extra
        assert "skipped" not in out and "All checks passed" not in out and not out.startswith("Found"), extra


def test_verbose_last_line_counts_the_hidden_info_as_the_summary_does(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 27: `lint -v` ended with `0 info` while the summary said `2 info hidden`.
    for name in ("a.pgn", "b.pgn"):  # GBK: the encoding is guessed (E101, an info finding)
        (workdir / name).write_bytes(GOOD_PGN.encode("gbk"))
    status, out, err = run(capsys, "--isolated", "-v", "--no-progress", ".")
    assert (status, out) == (0, "All checks passed (2 files) (2 info hidden; --show-info shows them)\n")
    assert "; 0 errors, 0 warnings, 2 info (2 hidden) in " in err.splitlines()[-1]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import xqformats

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out == f"xqformats {xqformats.__version__}\n"


def test_sarif_and_github_paths_point_at_the_file_from_a_subfolder(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 13: run from a subfolder, the SARIF URI must still name the file
    # from the repository root (%SRCROOT%), and GitHub's from GITHUB_WORKSPACE.
    (workdir / ".git").mkdir()
    write_tree(workdir, **{"games__a.pgn": DATE_PGN})
    monkeypatch.chdir(workdir / "games")
    _, out, _ = run(capsys, "--isolated", "--format", "sarif", "a.pgn")
    log = json.loads(out)
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "games/a.pgn", "uriBaseId": "%SRCROOT%"}
    assert log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == workdir.resolve().as_uri() + "/"
    _, out, _ = run(capsys, "--isolated", "--format", "sarif", "--root", "..", "a.pgn")
    assert json.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "games/a.pgn"
    monkeypatch.setenv("GITHUB_WORKSPACE", str(workdir))
    _, out, _ = run(capsys, "--isolated", "--format", "github", "a.pgn")
    assert out.startswith("::warning title=xqformats (T104),file=games/a.pgn,line=2,")
    monkeypatch.delenv("GITHUB_WORKSPACE")
    _, out, _ = run(capsys, "--isolated", "--format", "github", "a.pgn")
    assert out.startswith("::warning title=xqformats (T104),file=a.pgn,line=2,")


def test_force_exclude_applies_the_config_to_named_files(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"legacy__a.pgn": ILLEGAL_PGN, "b.pgn": GOOD_PGN, "xqformats.toml": 'exclude = ["legacy"]\n'})
    assert run(capsys, "legacy/a.pgn", "b.pgn")[0] == 1  # named: linted
    status, out, _ = run(capsys, "--force-exclude", "legacy/a.pgn", "b.pgn")
    assert (status, out) == (0, "All checks passed (1 file)\n")


def test_the_pre_commit_hook_matches_every_record_extension_in_any_case() -> None:
    hooks = (Path(__file__).resolve().parent.parent / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    pattern = re.search(r"^  files: (.+)$", hooks, re.M)
    assert pattern is not None and "--force-exclude" in hooks
    from xqformats.formats import REGISTRY

    for ext in REGISTRY.extensions():
        for name in (f"a{ext}", f"a{ext.upper()}"):
            assert re.search(pattern.group(1), name), name
    assert not re.search(pattern.group(1), "notes.txt")
