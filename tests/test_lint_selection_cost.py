"""A rule that is not selected costs nothing: the readers learn lint's selection.

``open_record(..., wanted=...)`` hands the code filter to the PGN reader, which
builds no per-move finding of a code the filter drops (a styled spelling such
as ``马８进７``, M407, is run by its plan like any other move).  What lint
reports is unchanged: the same findings with the selection handed down as
with every finding built and filtered afterwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

import pytest

from xqformats.diagnostics import DiagnosticSink
from xqformats.formats import open_record
from xqformats.lint.catalogue import RULES
from xqformats.lint import runner
from xqformats.lint.runner import LintOptions, lint_file
from xqformats.lint.selection import RuleSelection
from xqformats.notation.rules import STYLE_RULES
from xqformats.notation.spelling import shape_of
from xqformats.pgn.onepass import read_one_pass
from xqformats.pgn.reader import read_game_chunk
from xqformats.pgn.splitter import split_games

# XQWizard's layout: fullwidth digits for Black (M407 on every Black move), the footer after the result.
XQWIZARD = (
    '[Game "Chinese Chess"]\r\n[Event "A-和-B"]\r\n[Date "09-08-01"]\r\n[Result "1/2-1/2"]\r\n'
    "  1. 炮二平五 马８进７\r\n  2. 马二进三 车９平８\r\n  3. 車一平二 马２进３\r\n  4. 兵七进一\r\n"
    "{议和}\r\n 1/2-1/2\r\n============================\r\n 推荐用《象棋巫师》观赏棋谱 \r\n"
)


def codes(diags: object) -> list[str]:
    return [d.code for d in diags]  # type: ignore[attr-defined]


def not_style(code: str) -> bool:
    return not code.startswith("M4")


def test_every_style_finding_of_a_spelling_is_of_a_style_rule() -> None:
    """A plan's fourth item holds only STYLE_RULES codes: a reader that wants none may skip them all."""
    style_codes = {r.code for r in STYLE_RULES}
    for rule in STYLE_RULES:
        shape = shape_of(rule.example or "")
        assert shape is not None, rule.code
        assert rule.code in {d.code for d in shape.styles}, rule.code
    for text in ("马８进７", "車一平二", "馬８進７", "h2e2", *(r.example or "" for r in RULES.values() if r.example_kind == "move")):
        shape = shape_of(text)
        if shape is not None:
            assert {d.code for d in shape.styles} <= style_codes, text


def test_the_one_pass_path_builds_no_unselected_style_finding() -> None:
    (chunk,) = split_games([XQWIZARD])
    everything = read_one_pass(chunk)
    assert everything is not None
    assert "M407" in codes(everything.diagnostics) and "M406" in codes(everything.diagnostics)
    selected = read_one_pass(chunk, wanted=not_style)
    assert selected is not None
    assert codes(selected.diagnostics) == [c for c in codes(everything.diagnostics) if not_style(c)]
    assert [n.text for n in selected.mainline()] == [n.text for n in everything.mainline()]


def test_the_full_path_leaves_out_what_the_sink_does_not_want() -> None:
    (chunk,) = split_games([XQWIZARD])
    full = read_game_chunk(chunk, DiagnosticSink(source=chunk), fast=False)
    (chunk,) = split_games([XQWIZARD])
    chosen = read_game_chunk(chunk, DiagnosticSink(source=chunk, wanted=not_style), fast=False)
    assert codes(chosen.diagnostics) == [c for c in codes(full.diagnostics) if not_style(c)]


def test_a_selection_of_one_style_rule_keeps_that_rule_only() -> None:
    (chunk,) = split_games([XQWIZARD])
    only_m407: Callable[[str], bool] = lambda code: code == "M407" or not_style(code)  # noqa: E731
    game = read_one_pass(chunk, wanted=only_m407)
    assert game is not None
    found = codes(game.diagnostics)
    assert found.count("M407") == 3 and "M406" not in found


@pytest.mark.parametrize("select", [(), ("M4",), ("M407",), ("ALL",), ("M406", "P")])
def test_lint_reports_what_it_reported_with_every_finding_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, select: tuple[str, ...]
) -> None:
    """lint_file with the selection handed to the reader equals lint_file with every finding built, then filtered."""
    path = tmp_path / "game.pgn"
    path.write_bytes((XQWIZARD * 3).encode("gbk"))
    options = LintOptions(selection=RuleSelection(select=select))
    enabled = options.selection.enabled
    chosen = lint_file(str(path), "game.pgn", options, enabled)
    opened = runner._open
    monkeypatch.setattr(runner, "_open", lambda input, display, options, name=None, wanted=None: opened(input, display, options, name))
    every = lint_file(str(path), "game.pgn", options, enabled)
    assert chosen.diagnostics == every.diagnostics
    assert chosen.diagnostics  # (the footer's P204 at least)


def test_open_record_passes_the_selection_to_the_reader(tmp_path: Path) -> None:
    path = tmp_path / "game.pgn"
    path.write_bytes(XQWIZARD.encode("gbk"))
    wanted: Optional[Callable[[str], bool]] = not_style
    with open_record(path, wanted=wanted) as stream:
        for game in stream:
            game.release()
        assert not [d for d in stream.diagnostics if d.code.startswith("M4")]
    with open_record(path) as stream:
        for game in stream:
            game.release()
        assert [d for d in stream.diagnostics if d.code == "M407"]
