"""The repetition rules R101–R103 in the linter: messages, places, the rule set option, every format.

The games are those of the conformance suites (tools/conformance/make_repetition_cases.py),
whose rulings are worked out by hand there; here the linter's side is checked:
whole messages, where each finding points, ``--rules`` and ``rules =`` in the
settings, and that a game not read from PGN is judged too.
"""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

import pytest

from cli_helpers import run, write_tree
from xqformats.lint import LintOptions, lint_bytes
from xqformats.lint.config import ConfigError, load_config
from xqformats.lint.selection import RuleSelection

X1 = "4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1"
X1_MOVES = "1. F5-E5 E9-F9 2. E5-F5 F9-E9 3. F5-E5 E9-F9 4. E5-F5 F9-E9 5. F5-E5"
X2 = "5k3/9/9/6n2/9/9/6R2/9/9/3K5 w - - 0 1"
X2_MOVES = "1. G3-F3 F9-E9 2. F3-G3 E9-F9 3. G3-F3 F9-E9 4. F3-G3 E9-F9 5. G3-F3"


def pgn(fen: str, movetext: str, result: str, *, tag: str | None = None) -> str:
    tag = result if tag is None else tag
    return f'[Game "Chinese Chess"]\n[FEN "{fen}"]\n[Format "ICCS"]\n[Result "{tag}"]\n\n{movetext} {result}\n'


def findings(text: str, *, rules: str = "cxa", name: str = "game.pgn", show: bool = True) -> list[str]:
    options = LintOptions(RuleSelection(select=("R",), show_info=show), rules=rules)
    return [str(d) for d in lint_bytes(text.encode("utf-8"), name, options).diagnostics]


def test_r101_names_the_side_the_kind_the_plies_and_the_clause() -> None:
    assert findings(pgn(X1, X1_MOVES, "1/2-1/2")) == [
        "game.pgn:6:70: R101 Result `1/2-1/2` contradicts the repetition the game ends in: Red's moves are perpetual "
        "check (长将) (plies 2–9, the position of ply 1 repeated at plies 1, 5 and 9; CXA 26.1), so Red loses; "
        "expected `0-1`"
    ]
    assert findings(pgn(X1, X1_MOVES, "0-1")) == []


def test_r101_under_each_rule_set() -> None:
    """Red's check-and-chase is forbidden under CXA (26.4) and allowed under AXF (no piece chased on every move)."""
    text = pgn(X2, X2_MOVES, "1/2-1/2")
    assert findings(text, rules="cxa") == [
        "game.pgn:6:70: R101 Result `1/2-1/2` contradicts the repetition the game ends in: Red's moves are an attack "
        "on every move (长打: 2 checks, 2 chases) (plies 2–9, the position of ply 1 repeated at plies 1, 5 and 9; "
        "CXA 26.4), so Red must change its moves or lose; expected `0-1`"
    ]
    assert findings(text, rules="axf") == []


def test_r101_checks_the_result_tag_too() -> None:
    found = findings(pgn(X1, X1_MOVES, "0-1", tag="1-0"))
    assert len(found) == 1 and found[0].startswith("game.pgn:4:9: R101 Result `1-0` contradicts")


def test_r102_points_at_the_first_move_after_the_cycle() -> None:
    text = pgn(X1, X1_MOVES + " D9-E9 6. D1-H1", "*").replace("5. F5-E5 D9-E9 6. D1-H1", "5. F5-E5 E9-F9 6. E5-H5")
    assert findings(text) == [
        "game.pgn:6:79: R102 The game goes on at ply 11 after a repetition was decided at ply 8: Red's moves are "
        "perpetual check (长将) (plies 1–8, the position of ply 0 repeated at plies 0, 4 and 8; CXA 26.1), so Red "
        "loses there"
    ]


def test_r103_is_information() -> None:
    rounds = " ".join(f"{n}. {'E0-E1 D9-D8' if n % 2 else 'E1-E0 D8-D9'}" for n in range(1, 61))
    text = pgn("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", rounds, "1-0")
    found = findings(text)
    assert found == [
        f"game.pgn:6:{text.splitlines()[5].index('D8-D9 1-0') + 1}: R103 The natural limit was reached at ply "
        "120: no capture in plies 1–120 (60 moves by each side; CXA 4.2.4); the result `1-0` is not a draw"
    ]
    assert findings(text, show=False) == found  # selected by name, so shown (the selection decides, not the check)
    axf = findings(text, rules="axf")
    assert axf and "checks: Red 0, Black 0; Red or Black may claim; AXF natural limit)" in axf[0]


def test_a_json_record_is_judged_too() -> None:
    moves = ["F5-E5", "E9-F9", "E5-F5", "F9-E9"] * 2 + ["F5-E5"]
    nodes = [{}] + [{"parent": i, "move": m} for i, m in enumerate(moves)]
    doc = {"xqformats": 1, "games": [{"headers": [["Result", "1/2-1/2"]], "start": X1, "result": "1/2-1/2", "nodes": nodes}]}
    found = findings(json.dumps(doc), name="game.json")
    assert len(found) == 1 and "R101 Result `1/2-1/2` contradicts" in found[0]


def test_the_main_line_is_scanned_once_per_game_and_not_played_again() -> None:
    """The end-of-game checks (G104) and the repetition rules share one scan of the main line, taken
    from the position the reader left at its end (Game.played_line): no second pass, no replay."""
    from xqformats.lint import checks
    from xqformats.position import Position

    with mock.patch.object(checks, "game_line", wraps=checks.game_line) as scan, \
            mock.patch.object(Position, "replay", wraps=Position.replay, autospec=True) as replay:
        lint_bytes(pgn(X1, X1_MOVES, "0-1").encode(), "game.pgn", LintOptions())
    assert scan.call_count == 1
    assert replay.call_count == 0


def test_a_record_that_stops_at_an_error_is_not_judged() -> None:
    text = pgn(X1, X1_MOVES.replace("5. F5-E5", "5. F5-E6"), "1/2-1/2")
    assert findings(text) == []


# ---------------------------------------------------------------- the rule set option


def test_rules_setting(tmp_path: Path) -> None:
    (tmp_path / "xqformats.toml").write_text('rules = "axf"\n', encoding="utf-8")
    assert load_config(tmp_path / "xqformats.toml").rules == "axf"
    (tmp_path / "xqformats.toml").write_text('rules = "fide"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"`rules` in `.*xqformats.toml` is `fide`; expected one of `cxa`, `axf`"):
        load_config(tmp_path / "xqformats.toml")


def test_rules_option_and_setting_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tree(tmp_path, **{"game.pgn": pgn(X2, X2_MOVES, "1/2-1/2")})
    game = str(tmp_path / "game.pgn")
    status, out, _ = run(capsys, "--isolated", "--no-progress", game)
    assert status == 1 and " R101 " in out
    status, out, _ = run(capsys, "--isolated", "--no-progress", "--rules", "axf", game)
    assert status == 0 and " R101 " not in out
    (tmp_path / "xqformats.toml").write_text('rules = "axf"\n', encoding="utf-8")
    status, out, _ = run(capsys, "--no-progress", "--config", str(tmp_path / "xqformats.toml"), game)
    assert status == 0 and " R101 " not in out
    status, out, _ = run(capsys, "--no-progress", "--config", str(tmp_path / "xqformats.toml"), "--rules", "cxa", game)
    assert status == 1 and " R101 " in out
    with pytest.raises(SystemExit) as exc:
        run(capsys, "--rules", "fide", game)
    assert exc.value.code == 2 and "invalid choice: 'fide'" in capsys.readouterr().err
