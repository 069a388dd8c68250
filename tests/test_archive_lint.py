"""lint's G109 duplicate-game: opt-in, across files and formats, the same with -j, nothing kept when not selected."""

from __future__ import annotations

from pathlib import Path

import pytest

from archive_helpers import annotated, mirror_game, random_game, write
from xqformats.lint import lint_paths
from xqformats.lint.catalogue import rule
from xqformats.discovery import discover
from xqformats.lint.runner import LintOptions, iter_results, lint_bytes
from xqformats.lint.selection import RuleSelection


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    a = random_game(1, plies=30)
    write(tmp_path / "1.pgn", [random_game(5), a, annotated(a)], "pgn")
    write(tmp_path / "2.xqf", [a], "xqf")
    write(tmp_path / "3.cbf", [mirror_game(a)], "cbf")  # a mirror image is not a duplicate for G109
    write(tmp_path / "4.json", [a], "json")
    return tmp_path


def _g109(found: list) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return [(Path(d.path).name, d.message) for d in found if d.code == "G109"]


def test_each_later_copy_names_the_first(archive: Path) -> None:
    found = _g109(lint_paths([str(archive)], select=["G109"]))
    first = f"`{archive / '1.pgn'}` game 2"
    assert found == [
        ("1.pgn", "Game 3 is the same game as game 2 (same start position and main line, 30 plies)"),
        ("2.xqf", f"Game 1 is the same game as {first} (same start position and main line, 30 plies)"),
        ("4.json", f"Game 1 is the same game as {first} (same start position and main line, 30 plies)"),
    ]


def test_the_same_with_worker_processes(archive: Path) -> None:
    one = lint_paths([str(archive)], select=["G109"])
    two = lint_paths([str(archive)], select=["G109"], jobs=2)
    assert one == two and len(_g109(two)) == 3


def test_opt_in_and_nothing_kept_when_not_selected(archive: Path) -> None:
    assert _g109(lint_paths([str(archive)])) == []
    assert len(_g109(lint_paths([str(archive)], select=["ALL"]))) == 3
    results = list(iter_results(discover([str(archive)]), LintOptions()))
    assert all(r.marks == () for r in results)
    chosen = list(iter_results(discover([str(archive)]), LintOptions(RuleSelection(select=("G109",)))))
    assert [len(r.marks) for r in chosen] == [3, 1, 1, 1]


def test_a_note_points_at_the_first_copy_in_the_same_file(archive: Path) -> None:
    (d,) = [d for d in lint_paths([str(archive / "1.pgn")], select=["G109"]) if d.code == "G109"]
    assert d.severity.name == "INFO" and d.line is not None and d.column == 1
    (note,) = d.related
    assert note.message == "The first copy" and note.line is not None and note.line < d.line


def test_the_rules_example_fires_and_its_fix_is_quiet(tmp_path: Path) -> None:
    g109 = rule("G109")
    options = LintOptions(RuleSelection(select=("G109",)))
    (tmp_path / "bad.pgn").write_text(g109.example, encoding="utf-8")
    (tmp_path / "good.pgn").write_text(g109.fixed, encoding="utf-8")
    bad = list(iter_results(discover([str(tmp_path / "bad.pgn")]), options))
    good = list(iter_results(discover([str(tmp_path / "good.pgn")]), options))
    assert [d.code for d in bad[0].diagnostics] == ["G109"] and good[0].diagnostics == ()
    # A file linted on its own (the language server, lint_bytes) has no run to compare with.
    assert lint_bytes(g109.example.encode(), "x.pgn", options).diagnostics == ()


def test_a_file_cut_into_parts_numbers_its_games_as_a_whole_read(tmp_path: Path) -> None:
    a = random_game(1, plies=30)
    games = [random_game(10 + i, plies=40) for i in range(60)]
    games[45] = a
    games[5] = a
    write(tmp_path / "big.pgn", games, "pgn")
    options = LintOptions(RuleSelection(select=("G109",)))
    targets = discover([str(tmp_path)])
    whole = list(iter_results(targets, options))
    parts = list(iter_results(targets, options, jobs=2, part_size=4096))
    assert whole[0].diagnostics == parts[0].diagnostics
    (d,) = whole[0].diagnostics
    assert d.message.startswith("Game 46 is the same game as game 6 ")
