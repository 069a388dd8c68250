"""The library's lint functions report what ``xqformats lint`` shows (issue 27, item 13).

``xqformats.lint_record`` and ``xqformats.lint_paths`` apply the command
line's selection: opt-in rules stay off unless selected, info findings show
only for codes a selector names, suppression comments hold.  A reader's own
diagnostics (``read``, ``open_record``) are every finding, unfiltered.  The
command line's JSON output is the reference the library is held to.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SHARED_CORPUS

import xqformats
from xqformats.lint import SelectorError

ROOT = Path(__file__).resolve().parents[1]
SHARED = SHARED_CORPUS  # ../shared/corpus, or $XQFORMATS_SHARED/corpus (conftest)

#: Black's numbers in fullwidth digits: only the opt-in style rule M407 has anything to say.
FULLWIDTH = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马８进７ *\n'.encode()


def _cli_json(path: Path, *args: str) -> list[tuple[str, int | None, int | None]]:
    out = subprocess.run(
        [sys.executable, "-m", "xqformats", "lint", "--format", "json", "--no-progress", *args, str(path)],
        capture_output=True, text=True, cwd=ROOT,
    )
    return [(d["code"], d["line"], d["column"]) for d in json.loads(out.stdout)]


def _lib(path: Path, **kw: object) -> list[tuple[str, int | None, int | None]]:
    return [(d.code, d.line, d.column) for d in xqformats.lint_record(path, **kw).diagnostics]  # type: ignore[arg-type]


def test_an_unselected_opt_in_rule_is_in_the_readers_findings_but_not_in_lints() -> None:
    assert [d.code for d in xqformats.read(FULLWIDTH).diagnostics] == ["M407"]
    assert xqformats.lint_record(FULLWIDTH).diagnostics == ()
    found = xqformats.lint_record(FULLWIDTH, select=["M4"], name="g.pgn").diagnostics
    assert [(d.path, d.line, d.column, d.code) for d in found] == [("g.pgn", 4, 10, "M407")]


def test_bytes_and_a_handle_read_alike() -> None:
    by_bytes = xqformats.lint_record(FULLWIDTH, select=["ALL"])
    by_handle = xqformats.lint_record(io.BytesIO(FULLWIDTH), select=["ALL"])
    assert [d.code for d in by_bytes.diagnostics] == [d.code for d in by_handle.diagnostics] == ["M407"]
    assert (by_bytes.games, by_bytes.moves) == (1, 2)


def test_a_suppression_comment_holds_in_the_library_too() -> None:
    text = FULLWIDTH.replace(b"*\n", b"{xqformats: ignore M407} *\n", 1)
    assert xqformats.lint_record(text, select=["M4"]).diagnostics == ()


def test_an_unknown_selector_is_refused() -> None:
    with pytest.raises(SelectorError, match="Unknown rule selector `Q9`"):
        xqformats.lint_record(FULLWIDTH, select=["Q9"])


@pytest.mark.parametrize("selection", [(), ("--select", "ALL"), ("--ignore", "T")], ids=["default", "all", "ignore-T"])
def test_the_library_equals_the_command_line_on_the_repository_corpus(tmp_path: Path, selection: tuple[str, ...]) -> None:
    kw: dict[str, object] = {}
    if selection:
        kw["select" if selection[0] == "--select" else "ignore"] = [selection[1]]
    records = sorted((ROOT / "corpus").iterdir())
    made = tmp_path / "fullwidth.pgn"
    made.write_bytes(FULLWIDTH)
    for path in [*records, made]:
        assert _lib(path, **kw) == _cli_json(path, *selection), path.name


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared corpus (../shared/corpus or $XQFORMATS_SHARED/corpus) is not here")
def test_the_library_equals_the_command_line_on_real_files() -> None:
    # Real XQWizard exports: GBK, fullwidth digits for Black (M407 on every Black move, opt-in),
    # odd dates (T104): the default selection shows only part of what the reader found.
    files = sorted(SHARED.glob("xqbase__eleeye/**/*.PGN"))[:6] + sorted(SHARED.glob("**/*.XQF"))[:4]
    assert files
    hidden = 0
    for path in files:
        shown = _lib(path)
        assert shown == _cli_json(path), path.name
        hidden += len(xqformats.read(path).diagnostics) - len(shown)
    assert hidden > 0


def test_lint_paths_is_every_files_lint_record(tmp_path: Path) -> None:
    (tmp_path / "a.pgn").write_bytes(FULLWIDTH)
    (tmp_path / "b.pgn").write_bytes(FULLWIDTH.replace("马８进７".encode(), "马２进３".encode()))
    found = xqformats.lint_paths([str(tmp_path)], select=["ALL"])
    expected = [d for name in ("a.pgn", "b.pgn") for d in xqformats.lint_record(tmp_path / name, select=["ALL"]).diagnostics]
    assert [(Path(d.path or "").name, d.code, d.line) for d in found] == [
        (Path(d.path or "").name, d.code, d.line) for d in expected
    ]
    assert {d.code for d in found} >= {"M407"}
