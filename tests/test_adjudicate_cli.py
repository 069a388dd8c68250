"""``xqformats adjudicate``: the table a user brings to a dispute, its JSON form, its exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from xqformats.cli import main

X2 = "5k3/9/9/6n2/9/9/6R2/9/9/3K5 w - - 0 1"
X2_TEXT = "1. 车三平四 将6平5 2. 车四平三 将5平6 3. 车三平四 将6平5 4. 车四平三 将5平6 5. 车三平四"


def record(tmp_path: Path, result: str, movetext: str = X2_TEXT, fen: str = X2, name: str = "game.pgn") -> str:
    path = tmp_path / name
    path.write_text(
        f'[Game "Chinese Chess"]\n[Red "甲"]\n[Black "乙"]\n[FEN "{fen}"]\n[Result "{result}"]\n\n{movetext} {result}\n',
        encoding="utf-8",
    )
    return str(path)


def adjudicate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["adjudicate", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_table_of_a_cycle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, "1/2-1/2")
    status, out, err = adjudicate(capsys, path)
    assert status == 1 and err == ""
    # Checked by hand: G3-F3 checks along the f-file, F3-G3 attacks the unprotected horse g6; the king's steps are idle.
    assert out == f"""{path}, game 1 of 1: 甲 vs 乙; 9 plies, result 1/2-1/2
Rules: CXA 1999 (--rules cxa; docs/spec/rules.md)

Repetition decided at ply 8, and at every ply to 9, the end of the game.
The position after ply 1 occurred at plies 1, 5 and 9: the cycle is plies 2–9.
   ply  move            side   count  clause  what it does
     2  F9-E9 将6平5    black      1  §3.10   idle
     3  F3-G3 车四平三  red        1  §3.7    chase: the rook on g3 attacks Black's horse on g6 (unprotected)
     4  E9-F9 将5平6    black      2  §3.10   idle
     5  G3-F3 车三平四  red        2  §3.1    check: the rook on f3 checks the king on f9
     6  F9-E9 将6平5    black      2  §3.10   idle
     7  F3-G3 车四平三  red        2  §3.7    chase: the rook on g3 attacks Black's horse on g6 (unprotected)
     8  E9-F9 将5平6    black      3  §3.10   idle
     9  G3-F3 车三平四  red        3  §3.1    check: the rook on f3 checks the king on f9
Red: an attack on every move (长打: 2 checks, 2 chases).
Black: idle.
Ruling: Red must change or loses (CXA 26.4; docs/spec/rules.md §4.5).

The result 1/2-1/2 contradicts the ruling: expected 0-1 (R101).
Natural limit: not reached.
"""


def test_the_other_rule_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, "1/2-1/2")
    status, out, _ = adjudicate(capsys, path, "--rules", "axf")
    assert status == 0
    assert "Ruling: draw (AXF art. 5; docs/spec/rules.md §5.5)." in out
    assert "The game ends in a cycle ruled a draw; the result 1/2-1/2 is not compared (a draw needs a claim)." in out


def test_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, "0-1")
    status, out, _ = adjudicate(capsys, path, "--format", "json")
    data = json.loads(out)
    assert status == 0
    assert {k: data[k] for k in ("game", "games", "red", "black", "rules", "plies", "result", "expected_result", "contradicts")} == {
        "game": 1, "games": 1, "red": "甲", "black": "乙", "rules": "cxa", "plies": 9, "result": "0-1",
        "expected_result": "0-1", "contradicts": False,
    }
    (episode,) = data["repetitions"]
    assert episode["occurrences"] == [1, 5, 9] and episode["ends_game"] is True
    assert episode["ruling"] == {
        "verdict": "Red must change or loses", "loser": "red", "result": "0-1", "immediate": False,
        "clause": "CXA 26.4", "spec": "docs/spec/rules.md §4.5",
        "reason": "Red's moves are forbidden and the other side's allowed (Red: an attack on every move (长打: 2 checks, "
        "2 chases); Black: idle)",
        "red": "an attack on every move (长打: 2 checks, 2 chases)", "black": "idle",
    }
    chase = episode["plies"][1]
    assert chase["ply"] == 3 and chase["kind"] == "chase" and chase["clause"] == "docs/spec/rules.md §3.7"
    assert chase["chases"] == [{"attacker": "g3", "piece": "R", "target": "g6", "target_piece": "n", "reason": "unprotected"}]
    assert data["natural_limit"] is None


def test_no_repetition(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, "*", "1. 车三平四 将6平5")
    status, out, _ = adjudicate(capsys, path)
    assert status == 0
    assert "No position occurs three times in the main line: no repetition is decided." in out
    assert "The game does not end in a decided repetition: the result * is not judged." in out


def test_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, "*")
    status, _, err = adjudicate(capsys, path, "--game", "2")
    assert status == 2 and err == f"xqformats adjudicate: no game 2: `{path}` holds 1 game\n"
    bad = record(tmp_path, "*", "1. 车三平四 将6平5 2. 车四进九", name="bad.pgn")
    status, _, err = adjudicate(capsys, bad)
    assert status == 2 and err.startswith("xqformats adjudicate: game 1 of ") and "is not judged" in err
    status, _, err = adjudicate(capsys, str(tmp_path / "missing.pgn"))
    assert status == 2 and err.startswith("xqformats adjudicate: ")


def test_help_lists_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["adjudicate", "--help"])
    out = capsys.readouterr().out
    assert "1  the recorded result contradicts the ruling (lint's R101)" in out and "--rules {cxa,axf}" in out
