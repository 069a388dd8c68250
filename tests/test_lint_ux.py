"""`xqformats lint` as people read it (issue 13): severity, info hidden, streaming, discovery, suppression."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import run, write_tree

from xqformats.cli import main

# 炮五进九: the cannon on e2 cannot advance nine points (M203, error); the rest is kept (a P301 note).
ILLEGAL_PGN = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 2. 炮五进九 *\n'
# h2e2 is ICCS in lower case: M405 (an opt-in style rule, info) says the canonical spelling is H2-E2.
STYLE_PGN = '[Game "Chinese Chess"]\n[Format "ICCS"]\n[Result "*"]\n\n1. h2e2 h9g7 *\n'



# ---------------------------------------------------------------- info hidden by default


def test_info_is_hidden_by_default_and_counted(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # In GBK the encoding is guessed from the bytes: E101, an info finding.
    (workdir / "a.pgn").write_bytes(ILLEGAL_PGN.encode("gbk"))
    status, out, _ = run(capsys, "--isolated", "--no-source", "a.pgn")
    assert status == 1
    assert out.splitlines() == [
        "a.pgn:4:20: error M203 Cannon on e2 cannot advance by `九`",
        "  note: a.pgn:4:17: P301 Moves from here to the end of the line are kept as a comment",
        "Found 1 error in 1 file (1 info hidden; --show-info shows them)",
    ]
    status, out, _ = run(capsys, "--isolated", "--no-source", "--show-info", "a.pgn")
    assert [line.split()[1] for line in out.splitlines()[:2]] == ["info", "error"]
    # JSON hides it too; the config key shows it.
    assert [d["code"] for d in json.loads(run(capsys, "--isolated", "--format", "json", "a.pgn")[1])] == ["M203"]
    write_tree(workdir, **{"xqformats.toml": "show-info = true\n"})
    assert [d["code"] for d in json.loads(run(capsys, "--format", "json", "a.pgn")[1])] == ["E101", "M203"]


@pytest.mark.parametrize("args", [["--select", "E1,M"], ["--extend-select", "E101"]])
def test_info_of_a_code_selected_by_name_is_shown(
    workdir: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    (workdir / "a.pgn").write_bytes(ILLEGAL_PGN.encode("gbk"))
    codes = [d["code"] for d in json.loads(run(capsys, "--isolated", "--format", "json", *args, "a.pgn")[1])]
    assert codes == ["E101", "M203"]


@pytest.mark.parametrize("args", [["--select", "M4"], ["--extend-select", "M405"], ["--select", "ALL"]])
def test_style_rules_show_whenever_they_are_on(workdir: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    write_tree(workdir, **{"a.pgn": STYLE_PGN})
    status, out, _ = run(capsys, "--isolated", "--no-source", *args, "a.pgn")
    assert status == 0 and out.splitlines()[0].startswith("a.pgn:5:4: info M405 ")
    assert "M405" not in run(capsys, "--isolated", "a.pgn")[1]


# ---------------------------------------------------------------- findings streamed per file


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_a_file_s_findings_are_printed_before_the_next_file_is_read(workdir: Path, fmt: str) -> None:
    # The second input is standard input, held open: a.pgn's findings must
    # already be on standard output while the linter waits for it.
    import os
    import select
    import subprocess
    import sys

    write_tree(workdir, **{"a.pgn": ILLEGAL_PGN})
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    env.pop("GITHUB_WORKSPACE", None)
    cmd = [sys.executable, "-m", "xqformats", "lint", "--isolated", "--format", fmt, "a.pgn", "-"]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        assert ready, "nothing printed while standard input was still open"
        first = proc.stdout.readline().decode()
        assert "M203" in first
    finally:
        proc.stdin.write(ILLEGAL_PGN.encode())
        proc.stdin.close()
        rest = proc.stdout.read().decode()
        proc.wait(30)
    assert proc.returncode == 1 and "-:4:20" in rest


def test_parallel_text_output_is_the_same_as_serial(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{f"d__{i:02}.pgn": ILLEGAL_PGN if i % 3 else STYLE_PGN for i in range(12)})
    serial = run(capsys, "--isolated", "--show-info", "-j", "1", "d")
    assert serial[1].count("error M203") == 8
    assert run(capsys, "--isolated", "--show-info", "-j", "3", "d") == serial


# ---------------------------------------------------------------- SARIF links, JSON schema


def test_sarif_links_every_rule_to_its_page(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from xqformats.lint.output import PROJECT_URL, RULES_URL

    write_tree(workdir, **{"a.pgn": ILLEGAL_PGN})
    driver = json.loads(run(capsys, "--isolated", "--format", "sarif", "a.pgn")[1])["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == PROJECT_URL
    # Each helpUri is an anchor that docs/rules.md has (a link in its tables points at it).
    rules_md = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    for rule in driver["rules"]:
        base, _, anchor = rule["helpUri"].partition("#")
        assert base == RULES_URL and f"]({'#' + anchor})" in rules_md, rule["id"]


def test_json_output_follows_its_schema(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema_path = Path(__file__).resolve().parents[1] / "schemas" / "lint-output.schema.json"
    validator = jsonschema.Draft202012Validator(json.loads(schema_path.read_text(encoding="utf-8")))
    jsonschema.Draft202012Validator.check_schema(validator.schema)
    # Text findings, a note, info, a missing file and a binary file's byte offsets.
    (workdir / "a.pgn").write_bytes(ILLEGAL_PGN.encode("gbk"))
    write_tree(workdir, **{"b.pgn": STYLE_PGN})
    (workdir / "c.xqf").write_bytes(b"XQ\x0a")
    status, out, _ = run(capsys, "--isolated", "--show-info", "--extend-select", "M4", "--format", "json",
                         "a.pgn", "b.pgn", "c.xqf", "missing.pgn")
    found = json.loads(out)
    assert status == 2 and {d["code"] for d in found} >= {"E101", "M203", "M405", "X101", "G102"}
    assert any("related" in d for d in found) and any(d["offset"] is not None for d in found)
    assert list(validator.iter_errors(found)) == []
    assert list(validator.iter_errors([{**found[0], "severity": "fatal"}])) != []


# ---------------------------------------------------------------- discovery and config like ruff

DATE_PGN = '[Game "Chinese Chess"]\n[Date "1995.5.22"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n'


def test_folder_search_respects_gitignore(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / ".git").mkdir()
    write_tree(workdir, **{
        ".gitignore": "build/\n*.PGN\n!keep/*.PGN\n",
        "sub__.gitignore": "*.cbf\n",
        "a.pgn": DATE_PGN, "b.PGN": DATE_PGN, "keep__c.PGN": DATE_PGN, "sub__d.pgn": DATE_PGN,
        "sub__e.cbf": "<x/>", "sub__build__f.pgn": DATE_PGN,
    })
    from xqformats.discovery import discover

    assert [t.display for t in discover(["."])] == ["a.pgn", "keep/c.PGN", "sub/d.pgn"]
    # A search that starts below the top level still reads the .gitignore files above it.
    assert [t.display for t in discover(["sub"])] == ["sub/d.pgn"]
    assert len(discover(["."], respect_gitignore=False)) == 6
    # A file named on the command line is linted whatever .gitignore says.
    assert [t.display for t in discover(["b.PGN"])] == ["b.PGN"]
    out = run(capsys, "--isolated", "--no-source", "-q", ".")[1]
    assert sorted({line.split(":")[0] for line in out.splitlines()}) == ["a.pgn", "keep/c.PGN", "sub/d.pgn"]
    assert len(run(capsys, "--isolated", "--no-respect-gitignore", "-q", "--no-source", ".")[1].splitlines()) == 6
    write_tree(workdir, **{"xqformats.toml": "respect-gitignore = false\n"})
    assert len(run(capsys, "-q", "--no-source", ".")[1].splitlines()) == 6


def test_each_file_takes_the_closest_config_above_it(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{
        "xqformats.toml": 'ignore = ["T104"]\n',
        "a.pgn": DATE_PGN,
        "strict__xqformats.toml": "strict = true\n",
        "strict__b.pgn": DATE_PGN,
        "strict__deeper__c.pgn": DATE_PGN,
        "other__d.pgn": DATE_PGN,
    })
    status, out, _ = run(capsys, "--no-source", "-q", ".")
    # strict/ has its own config (T104 on, as an error); the rest ignore T104.
    assert status == 1
    assert out.splitlines() == [
        "strict/b.pgn:2:7: error T104 Date `1995.5.22` is not `yyyy.mm.dd`; expected `1995.05.22`",
        "strict/deeper/c.pgn:2:7: error T104 Date `1995.5.22` is not `yyyy.mm.dd`; expected `1995.05.22`",
    ]
    # The command line is on top of every config; --config names one for all files.
    assert run(capsys, "--no-source", "-q", "--ignore", "T104", ".")[:2] == (0, "")
    status, out, _ = run(capsys, "--no-source", "-q", "--config", "xqformats.toml", ".")
    assert (status, out) == (0, "")
    # The same from inside the folder, and with -j.
    assert run(capsys, "--no-source", "-q", "-j", "2", ".")[1].count("error T104") == 2


def test_each_folder_takes_the_exclude_of_the_closest_config(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A nested config's `exclude` governs the folder search below it, as its other settings govern its files."""
    write_tree(workdir, **{
        "xqformats.toml": 'exclude = ["old"]\n',
        "a.pgn": DATE_PGN,
        "old__b.pgn": DATE_PGN,
        "sub__xqformats.toml": 'exclude = ["draft*.pgn"]\n',
        "sub__c.pgn": DATE_PGN,
        "sub__draft1.pgn": DATE_PGN,
        "sub__old__d.pgn": DATE_PGN,  # sub's config names no `old`: searched
    })
    files = lambda *args: sorted({line.split(":")[0] for line in run(capsys, "--no-source", "-q", *args)[1].splitlines()})  # noqa: E731
    assert files(".") == ["a.pgn", "sub/c.pgn", "sub/old/d.pgn"]
    assert files("sub") == ["sub/c.pgn", "sub/old/d.pgn"]
    # --config and --isolated: one set of settings, the named config's globs from its folder.
    assert files("--config", "xqformats.toml", ".") == ["a.pgn", "sub/c.pgn", "sub/draft1.pgn"]
    assert files("--isolated", ".") == ["a.pgn", "old/b.pgn", "sub/c.pgn", "sub/draft1.pgn", "sub/old/d.pgn"]
    # A file named on the command line is linted, unless --force-exclude (its closest config's globs).
    assert files("sub/draft1.pgn") == ["sub/draft1.pgn"]
    assert files("--force-exclude", "sub/draft1.pgn", "old/b.pgn", "a.pgn") == ["a.pgn"]


def test_a_folder_outside_the_configs_tree_takes_the_run_s_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """No config above a file: it takes the current folder's (it crashed with an AssertionError)."""
    write_tree(tmp_path, **{"here__xqformats.toml": 'ignore = ["T104"]\n', "there__a.pgn": DATE_PGN})
    monkeypatch.chdir(tmp_path / "here")
    assert run(capsys, "--no-source", "-q", "../there")[:2] == (0, "")
    assert "T104" in run(capsys, "--no-source", "-q", "--isolated", "../there")[1]


# ---------------------------------------------------------------- inline suppression


def codes_of(capsys: pytest.CaptureFixture[str], *args: str) -> list[tuple[str, int]]:
    return [(d["code"], d["line"]) for d in json.loads(run(capsys, "--isolated", "--format", "json", *args)[1])]


def test_ignore_silences_its_codes_on_its_line_and_the_next(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{
        # (A PGN comment after the last tag opens the movetext: one after an earlier tag would be P202.)
        "a.pgn": '[Game "Chinese Chess"]\n[Result "*"]\n[Date "1995.5.22"] {xqformats: ignore T104}\n\n'
                 "1. 炮二平五 马8进7 2. 炮五进九 *\n",
        "b.pgn": '[Game "Chinese Chess"]\n[Result "*"]\n\n{xqformats: ignore m2}\n'
                 "1. 炮二平五 马8进7 2. 炮五进九 *\n",
        "c.pgn": '[Game "Chinese Chess"]\n[Result "*"]\n[Date "1995.5.22"]\n\n'
                 "1. 炮二平五 马8进7 2. 炮五进九 *\n{xqformats: ignore T104}\n",
    })
    assert codes_of(capsys, "a.pgn") == [("M203", 5)]
    # On a line of its own it covers the next line; prefixes and lower case work.
    assert codes_of(capsys, "b.pgn") == []
    # Too far from the finding: nothing silenced, and the directive is reported as unused.
    assert codes_of(capsys, "c.pgn") == [("T104", 3), ("M203", 5), ("G108", 6)]


def test_ignore_file_and_other_formats(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{
        "a.pgn": '[Game "Chinese Chess"]\n[Date "1995.5.22"]\n[Result "*"]\n\n'
                 "1. 炮二平五 马8进7 2. 炮五进九 * {xqformats: ignore-file T104 M203}\n",
        # The same text in an XML comment of a CBF record.
        "b.cbf": '<?xml version="1.0" encoding="UTF-8"?>\n<!-- xqformats: ignore-file T104 -->\n'
                 '<ChineseChessRecord Version="1.0">\n <Head>\n  <Date>00-12-31</Date>\n </Head>\n'
                 ' <MoveList>\n  <Move value="00-00"/>\n  <Move value="77-47" end="1"/>\n </MoveList>\n'
                 "</ChineseChessRecord>\n",
    })
    assert codes_of(capsys, "a.pgn") == []
    assert codes_of(capsys, "b.cbf") == []
    # Without the directive the CBF date is reported.
    (workdir / "b.cbf").write_text((workdir / "b.cbf").read_text().replace("xqformats:", "x"), encoding="utf-8")
    assert [c for c, _ in codes_of(capsys, "b.cbf")] == ["T104"]


def test_unknown_and_unused_codes_are_reported(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(workdir, **{"a.pgn": '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 {xqformats: ignore M202, Q999} *\n'})
    status, out, _ = run(capsys, "--isolated", "--no-source", "a.pgn")
    assert status == 0 and out.splitlines() == [
        "a.pgn:4:33: warning G108 Suppression of `M202` silences nothing here; remove it",
        "a.pgn:4:39: warning G108 `Q999` in a suppression comment is no rule code; `xqformats rules` lists them",
        "Found 2 warnings in 1 file",
    ]
    assert run(capsys, "--isolated", "--ignore", "G108", "a.pgn")[:2] == (0, "All checks passed (1 file)\n")


def test_the_pre_commit_docs_point_at_the_release_tag_of_this_version() -> None:
    import re

    import xqformats

    docs = (Path(__file__).resolve().parents[1] / "docs" / "ci.md").read_text(encoding="utf-8")
    revs = re.findall(r"^\s*rev: (\S+)", docs, re.M)
    assert revs == [f"v{xqformats.__version__}"]


# ---------------------------------------------------------------- subcommand help


def test_every_subcommand_s_help_has_a_description_exit_statuses_and_examples(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from xqformats.cli import SUBCOMMANDS

    for cmd in SUBCOMMANDS:
        with pytest.raises(SystemExit) as done:
            main([cmd.name, "--help"])
        out = capsys.readouterr().out
        assert done.value.code == 0, cmd.name
        description = out.split("\n\n")[1]
        assert not description.startswith(("positional arguments", "options")), f"{cmd.name}: no description"
        assert "\nexit status:\n  0  " in out, f"{cmd.name}: no exit statuses"
        assert f"\nexamples:\n  xqformats {cmd.name}" in out, f"{cmd.name}: no examples"
