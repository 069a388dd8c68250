"""PlayOK: records built by hand from docs/spec/playok.md, read by xqformats and by vschess alike.

No real file of the format is public (docs/spec/playok.md §1.1).  Independent
witnesses: vschess, run with Node as a black box (``dataToNode`` and
``dataToInfo``), reads the same main line and the same players, ratings,
result and date from the same text; the expected moves are written out by
hand (WXF to ICCS).  Tests needing Node or ``../shared`` skip cleanly.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import SHARED_CORPUS
from xqformats import formats
from xqformats.cli import main
from xqformats.diagnostics import Rule
from xqformats.playok import read_playok, rules
from xqformats.playok.header import date, event, player

VSCHESS = SHARED_CORPUS.parent / "oracles" / "vschess" / "vschess.function.js"
ALL_RULES = [v for v in vars(rules).values() if isinstance(v, Rule)]
WXF_FOLDER = SHARED_CORPUS / "benckx__elephantchess" / "webapp" / "src" / "test" / "js" / "parsers" / "fixtures" / "wxf"

HEAD = "RED 许银川;2650\nBLACK 吕钦;2600\nRESULT 1-0\nDATE 1999-12-01 10:20\nEVENT 全国赛;A组\n"
# By hand: C2.5 H2-E2, H8+7 H9-G7, H2+3 H0-G2, R9.8 I9-H9.
MOVES = "START{\n1. C2.5 H8+7\n2. H2+3 R9.8\n}\n"
OPENING = ["h2e2", "h9g7", "h0g2", "i9h9"]


def codes(text: str) -> list[str]:
    return [c for d in read_playok(text)[1] for c in (d.code, *(n.code for n in d.related))]


def mainline(text: str) -> list[str]:
    (game,), _ = read_playok(text)
    return [str(m).lower().replace("-", "") for m in game.mainline_moves()]


# ---------------------------------------------------------------- the spec, by hand


def test_header_values() -> None:
    assert player("许银川;2650") == ("许银川", "2650", True)
    assert player(" 许银川 ") == ("许银川", "", True)
    assert player("XieXieMaster;;;") == ("XieXieMaster", "", True)
    assert player("a;大师") == ("a", "大师", False) and player("a;1;x") == ("a", "1", False)
    assert date("1999-12-01 10:20") == ("1999.12.01", "10:20:00")
    assert date("2019/6/1") == ("2019.06.01", None) and date("2019.06.01 08:09:10") == ("2019.06.01", "08:09:10")
    assert date("yesterday") == ("yesterday", None)
    assert event("全国赛;A组") == ("全国赛", "A组") and event("全国赛") == ("全国赛", "")


def test_a_record_reads_clean() -> None:
    (game,), diagnostics = read_playok(HEAD + MOVES)
    assert diagnostics == []
    assert list(game.headers.items()) == [
        ("Red", "许银川"), ("RedElo", "2650"), ("Black", "吕钦"), ("BlackElo", "2600"),
        ("Date", "1999.12.01"), ("Time", "10:20:00"), ("Event", "全国赛"), ("Group", "A组"),
    ]
    assert game.result == "1-0" and mainline(HEAD + MOVES) == OPENING


def test_end_and_a_result_after_the_moves() -> None:
    text = "RED a;1\nSTART{\n1. C2.5 H8+7 0-1\n}END\n"
    (game,), diagnostics = read_playok(text)
    assert diagnostics == [] and game.result == "0-1"
    # The RESULT line wins (§4.3).
    assert read_playok("RESULT 1-0\n" + text)[0][0].result == "1-0"


def test_unknown_header_is_kept() -> None:
    (game,), diagnostics = read_playok("TIMER 10:00\n" + HEAD + MOVES)
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("O104", 1, 1)]
    assert game.headers["PlayOK_TIMER"] == "10:00"


def test_a_move_not_read() -> None:
    text = HEAD + "START{\n1. C2.5 H8+7\n2. H2+3 R9+9\n}\n"
    (game,), diagnostics = read_playok(text)
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("M301", 8, 9)]
    assert [(n.code, n.line, n.column) for n in diagnostics[0].related] == [("O107", 8, 9)]
    assert mainline(text) == OPENING[:3]


@pytest.mark.parametrize("rule", ALL_RULES, ids=[r.code for r in ALL_RULES])
def test_each_rule_fires_on_its_example_and_not_on_its_fix(rule: Rule) -> None:
    assert rule.example_kind == "playok" and rule.references[0].startswith("docs/spec/playok.md §")
    assert rule.code in codes(rule.example)
    assert rule.code not in codes(rule.fixed)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list("RED BLACK RESULT DATE EVENT START{}END ;12345+-.CHRP\n\t/*")), max_size=120))
def test_any_text_gives_findings_never_a_crash(text: str) -> None:
    games, _ = read_playok(text)
    assert len(games) == 1


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_unicode_text_never_crashes(text: str) -> None:
    read_playok(text)


# ---------------------------------------------------------------- the front door


def test_detection() -> None:
    from xqformats.formats.playok import sniff

    data = (HEAD + MOVES).encode()
    assert sniff(data) and sniff((HEAD + MOVES).encode("utf-16-le")) and sniff(b"EVENT x\nSTART{ }")
    assert sniff(HEAD.encode())  # the moves are not needed (O101 then)
    assert not sniff(b"RED XieXieMaster;;;\nSTART{\n}END") and not sniff(b"notes\nEVENT x\n")
    assert not sniff(b"FORMAT WXF\nSTART{\n}END\nEVENT x")
    assert formats.read(data, name="game.playok").format.name == "playok"  # type: ignore[union-attr]
    assert formats.read(data).format.name == "playok"  # type: ignore[union-attr]
    assert formats.detect_format("game.txt", data).format.name == "playok"  # type: ignore[union-attr]
    # Named .wxf, it is a WXF game file (whose reader takes it too).
    assert formats.read(data, name="game.wxf").format.name == "wxfgame"  # type: ignore[union-attr]


def test_wxf_game_files_stay_wxf_game_files() -> None:
    files = sorted(WXF_FOLDER.glob("*.wxf")) if WXF_FOLDER.is_dir() else []
    if not files:
        pytest.skip(f"shared corpus not found at {WXF_FOLDER}")
    from xqformats.formats.playok import sniff

    for path in files:  # (a bare numbered move list among them is pasted text, as bytes without a name)
        data = path.read_bytes()
        assert not sniff(data), path.name
        assert formats.read(data).format.name in ("wxfgame", "pasted"), path.name  # type: ignore[union-attr]


def test_lint_and_convert(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text(HEAD + MOVES, encoding="gbk")
    assert main(["lint", str(path)]) == 0
    capsys.readouterr()
    assert main(["convert", str(path), "--to", "pgn", "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert '[Red "许银川"]' in out and '[RedElo "2650"]' in out and '[Result "1-0"]' in out, out


@pytest.mark.parametrize("target", formats.REGISTRY.writable())
def test_converts_to_every_writer(target: str) -> None:
    game = formats.read((HEAD + MOVES).encode(), name="g.playok").games[0]
    back = formats.read(formats.write([game], target), format=target).games[0]
    assert [str(m).lower().replace("-", "") for m in back.mainline_moves()] == OPENING


# ---------------------------------------------------------------- vschess reads the same records


_VS = """
const vs = require(process.argv[1]);
const out = [];
for (const text of JSON.parse(process.argv[2])) {
  let node = vs.dataToNode(text);
  const fen = node.fen.split(" ").slice(0, 2).join(" ");
  const moves = [];
  while (node.next.length) { node = node.next[node.defaultIndex || 0]; moves.push(node.move); }
  out.push({fen, moves, info: vs.dataToInfo(text)});
}
console.log(JSON.stringify(out));
"""

#: vschess's names for the headers it reads, and ours (docs/spec/playok.md §3.2–§3.4).
_THEIRS = {"red": "Red", "redrating": "RedElo", "black": "Black", "blackrating": "BlackElo", "date": "Date"}


def _vschess(texts: list[str]) -> list[dict[str, object]]:
    if shutil.which("node") is None or not VSCHESS.is_file():
        pytest.skip("needs Node.js and ../shared/oracles/vschess")
    run = subprocess.run(["node", "-e", _VS, str(VSCHESS), json.dumps(texts)], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def _ours(text: str) -> dict[str, object]:
    (game,), _ = read_playok(text)
    info: dict[str, str] = {k: game.headers[v] for k, v in _THEIRS.items() if v in game.headers}
    if "date" in info:
        info["date"] = info["date"].replace(".", "-")  # vschess keeps the date as written, without the time
    if "RESULT" in text:
        info["result"] = game.result
    return {"fen": " ".join(game.start.fen().split(" ")[:2]), "moves": mainline(text), "info": info}


def test_vschess_reads_the_same_moves_and_headers() -> None:
    texts = [
        HEAD + MOVES,
        "RED 许银川;2650\nSTART{\n1. C2.5 H8+7\n2. H2+3 R9.8 1-0 }",
        "RED a;1\nBLACK b;2\nRESULT 1/2-1/2\nDATE 2019-06-01\nSTART{\n 1. P7+1 P7+1 2. H8+9 H2+3 3. R9+1 C8.7 4. C2.5 }",
        "BLACK 吕钦;2600\nEVENT 全国赛\nSTART{\n1. C8.5 C2.5 2. H8+7 H8+7 }END",  # b2e2 b7e7 b0c2 h9g7
    ]
    theirs = _vschess(texts)
    assert theirs == [_ours(t) for t in texts]


def test_vschess_reads_no_event() -> None:
    # docs/spec/playok.md §3.5: the peer's EVENT branch is never reached (it tests for BLACK twice).
    (theirs,) = _vschess([HEAD + MOVES])
    assert "event" not in theirs["info"]  # type: ignore[operator]
    assert read_playok(HEAD + MOVES)[0][0].headers["Event"] == "全国赛"
