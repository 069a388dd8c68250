"""MXQ (弈天): the six real files of the shared corpus, files built by hand for each rule, the front door.

Independent witnesses: Fairy-Stockfish (``pyffish``) judges every move of the
real files; their headers are checked against the file names (which the
rooms wrote from the same game: players, result, date) and against values
read by hand from the bytes; vschess, run with Node as a black box, reads the
same moves (it reads no MXQ header).  Tests needing the shared corpus or Node
skip cleanly without them.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Optional

import pytest

from conftest import SHARED_CORPUS
from xqformats import formats
from xqformats.core import Move
from xqformats.mxq import UNREAD_PREFIX, read_mxq

ROOT = Path(__file__).resolve().parent.parent
VSCHESS = SHARED_CORPUS.parent / "oracles" / "vschess" / "vschess.function.js"
MXQ_FOLDER = SHARED_CORPUS / "walker8088__cchess"


# ---------------------------------------------------------------- building files (docs/spec/mxq.md §2.1)


def pstr(text: "str | bytes") -> bytes:
    """A length-prefixed string: one length byte, then the bytes (GBK for text)."""
    raw = text.encode("gbk") if isinstance(text, str) else text
    assert len(raw) < 256
    return bytes([len(raw)]) + raw


#: The eleven header fields of a real file (聚义堂, 2003-05-22: the fields of `xqlslow(1星)-胜-东方剑客(2星)`).
FIELDS = ["聚义堂", "2003年5月22日 10点16分", "甲(1星)-胜-乙(2星)", "2203", "1828", "1", "1", "0", "37", "49", "黑方投子认负"]


def mxq(moves: tuple[str, ...] = ("7C-4C", "7J-6H"), fields: Optional[list[str]] = None,
        comments: tuple[str, ...] = (), tail: bytes = b"") -> bytes:
    """An MXQ file: the fields, `Moves`, the moves (``FR-FR`` strings), `Ends`, the comments, `CommentsEnd`."""
    out = b"".join(pstr(f) for f in (FIELDS if fields is None else fields))
    out += pstr("Moves") + b"".join(pstr(m) for m in moves) + pstr("Ends")
    return out + b"".join(pstr(c) for c in comments) + pstr("CommentsEnd") + tail


def codes(data: bytes) -> list[str]:
    return [d.code for d in read_mxq(data)[1]]


def findings(data: bytes) -> list[tuple[str, Optional[int]]]:
    return [(d.code, d.offset) for d in read_mxq(data)[1]]


# ---------------------------------------------------------------- a well-formed file


def test_a_file_built_from_the_layout_reads_as_written() -> None:
    game, diagnostics = read_mxq(mxq())
    assert diagnostics == []
    assert game is not None
    assert dict(game.headers) == {
        "Site": "聚义堂", "Date": "2003.05.22", "Time": "10:16:00", "Red": "甲(1星)", "Black": "乙(2星)",
        "RedElo": "2203", "BlackElo": "1828", "TimeRule": "1 1 0", "RedTime": "37", "BlackTime": "49",
        "Termination": "黑方投子认负",
    }
    assert game.result == "1-0"
    # 7C-4C: file 7 (h), rank C (2) to file 4 (e): 炮二平五; 7J-6H: h9-g7, 马8进7 (docs/spec/mxq.md §4.1).
    assert [str(m) for m in game.mainline_moves()] == ["H2-E2", "H9-G7"]


@pytest.mark.parametrize(("word", "result"), [("胜", "1-0"), ("负", "0-1"), ("和", "1/2-1/2")])
def test_the_word_between_the_players_is_the_result(word: str, result: str) -> None:
    fields = list(FIELDS)
    fields[2] = f"a-b-{word}-c-d"  # the first -胜-/-负-/-和- splits: a name may hold a hyphen after it
    game, diagnostics = read_mxq(mxq(fields=fields))
    assert game is not None and diagnostics == []
    assert (game.headers["Red"], game.result) == ("a-b", result)
    assert game.headers["Black"] == "c-d"


def test_the_short_date_form_is_yy_mm_dd() -> None:
    fields = list(FIELDS)
    fields[1] = "02-10-22"
    game, _ = read_mxq(mxq(fields=fields))
    assert game is not None
    assert game.headers["Date"] == "2002.10.22" and "Time" not in game.headers


def test_a_date_of_another_form_is_kept_as_written() -> None:
    fields = list(FIELDS)
    fields[1] = "昨天"
    game, diagnostics = read_mxq(mxq(fields=fields))
    assert game is not None and diagnostics == []
    assert game.headers["Date"] == "昨天"


def test_fewer_fields_give_fewer_headers_and_more_are_kept() -> None:
    game, _ = read_mxq(mxq(fields=FIELDS[:3]))
    assert game is not None and list(game.headers) == ["Site", "Date", "Time", "Red", "Black"]
    game, _ = read_mxq(mxq(fields=[*FIELDS, "额外"]))
    assert game is not None and game.headers["MxqField12"] == "额外"


def test_a_file_without_moves_is_a_game_without_moves() -> None:
    game, diagnostics = read_mxq(mxq(moves=()))
    assert game is not None and diagnostics == [] and game.mainline_moves() == []


# ---------------------------------------------------------------- each rule fires, at its byte


def _offset_of_moves(data: bytes) -> int:
    return data.index(b"\x05Moves") + 6


def test_y101_a_string_cut_short() -> None:
    data = mxq()
    cut = data[: _offset_of_moves(data) + 3]  # inside the first move string
    game, diagnostics = read_mxq(cut)
    assert [(d.code, d.offset) for d in diagnostics] == [("Y101", _offset_of_moves(data))]
    assert game is not None and game.headers["Red"] == "甲(1星)"


@pytest.mark.parametrize("marker", ["Moves", "Ends", "CommentsEnd"])
def test_y101_a_missing_marker(marker: str) -> None:
    data = mxq()
    cut = data[: data.index(bytes([len(marker)]) + marker.encode())]
    diagnostics = read_mxq(cut)[1]
    assert [(d.code, d.offset) for d in diagnostics] == [("Y101", len(cut))]
    assert f"`{marker}`" in diagnostics[0].message


def test_y101_an_empty_file() -> None:
    assert read_mxq(b"") == (None, read_mxq(b"")[1])
    assert codes(b"") == ["Y101"]


def test_y102_undecodable_text() -> None:
    raw = pstr(b"\xff\xff") + b"".join(pstr(f) for f in FIELDS[1:]) + pstr("Moves") + pstr("Ends") + pstr("CommentsEnd")
    game, diagnostics = read_mxq(raw)
    assert [(d.code, d.offset) for d in diagnostics] == [("Y102", 1)]
    assert game is not None and "\ufffd" in game.headers["Site"]


def test_y103_a_players_field_of_another_form() -> None:
    fields = list(FIELDS)
    fields[2] = "甲对乙"
    data = mxq(fields=fields)
    game, diagnostics = read_mxq(data)
    where = data.index("甲对乙".encode("gbk"))
    assert [(d.code, d.offset) for d in diagnostics] == [("Y103", where)]
    assert game is not None and game.headers["Name"] == "甲对乙" and game.result == "*" and "Red" not in game.headers


@pytest.mark.parametrize("bad", ["7C4C", "9C-4C", "7K-4C", "7C-7C", "7c-4c"])
def test_y104_a_string_that_is_no_move(bad: str) -> None:
    data = mxq(moves=("7C-4C", bad, "1J-2H"))
    game, diagnostics = read_mxq(data)
    at = _offset_of_moves(data) + 6
    assert [(d.code, d.offset) for d in diagnostics] == [("Y104", at), ("Y106", at)]
    assert game is not None and [str(m) for m in game.mainline_moves()] == ["H2-E2"]
    assert game.root.variations[0].comments == [f'{UNREAD_PREFIX} {json.dumps(bad)} B9-C7']


def test_y105_an_illegal_move_and_y106_the_rest_kept() -> None:
    data = mxq(moves=("7C-4C", "7J-7H", "1J-2H"))  # h9-h7: a horse straight ahead
    game, diagnostics = read_mxq(data)
    at = _offset_of_moves(data) + 6
    assert [(d.code, d.offset) for d in diagnostics] == [("Y105", at), ("Y106", at)]
    assert game is not None
    assert game.root.variations[0].comments == [f"{UNREAD_PREFIX} H9-H7 B9-C7"]


def test_y107_bytes_after_the_last_marker() -> None:
    data = mxq(tail=b"\x00\x01")
    assert findings(data) == [("Y107", len(data) - 2)]


def test_y108_comments_are_kept_after_the_last_move() -> None:
    data = mxq(comments=("好棋", "", "第二条"))
    game, diagnostics = read_mxq(data)
    assert [(d.code, d.offset) for d in diagnostics] == [("Y108", data.index(b"\x04Ends") + 5)]
    assert game is not None
    last = list(game.mainline())[-1]
    assert last.comments == ["好棋\n第二条"]


# ---------------------------------------------------------------- the front door


def test_detected_by_content_and_a_wrong_extension_is_named() -> None:
    data = mxq()
    record = formats.read(data)
    assert record.format is not None and record.format.name == "mxq" and record.diagnostics == []
    record = formats.read(data, name="game.pgn")
    assert record.format is not None and record.format.name == "mxq"
    assert [d.code for d in record.diagnostics] == ["G105"]
    record = formats.read(data, name="game.bin")  # an extension no format claims: the signature decides
    assert record.format is not None and record.format.name == "mxq"


def test_the_sniff_wants_the_marker_as_a_string_of_the_chain() -> None:
    from xqformats.formats.mxq import sniff

    assert sniff(mxq())
    assert not sniff(b"Moves\n7C-7E\nEnds\nCommentsEnd\n")  # 象棋世家's text markers
    assert not sniff(b"\x01a\x05Move")  # cut before the marker is whole
    assert not sniff(b"")


@pytest.mark.parametrize("target", formats.REGISTRY.writable())
def test_converts_to_every_writer(target: str) -> None:
    game = formats.read(mxq(), name="g.mxq").games[0]
    data = formats.write([game], target)
    back = formats.read(data, format=target).games[0]
    assert back.mainline_moves() == game.mainline_moves()


# ---------------------------------------------------------------- the real files


def _real_files() -> list[Path]:
    if not MXQ_FOLDER.is_dir():
        pytest.skip(f"shared corpus not found at {MXQ_FOLDER}")
    files = sorted(MXQ_FOLDER.rglob("*.mxq"))
    assert len(files) == 6
    return files


#: Read by hand from the bytes (each field's length byte and GBK text): site, Elo, clocks, the reason.
BY_HAND = {
    "wangjacky(8弦)-和-蔣萍(5f)": ("聚义堂", "1696", "1567", "52", "133", "双方议和"),
    "xqlslow(1星)-胜-东方剑客(2星)": ("聚义堂", "2203", "1828", "37", "49", "黑方投子认负"),
    "东方剑客(2星)-和-君子坦荡荡(7弦)": ("桃花岛第关", "1967", "1847", "438", "207", "双方议和"),
    "东方剑客(2星)-和-爱在西元前(1星)": ("桃花岛第关", "1887", "1902", "530", "409", "双方议和"),
    "东方剑客(2星)-和-雷霆万军(6弦)": ("桃花岛第关", "1837", "1874", "495", "455", "双方议和"),
    "机关枪(8f)-负-快乐宝贝(2弦)": ("铁人巷", "1860", "1800", "558", "564", "绝杀"),
}
_NAME = re.compile(r"(.+)-([胜负和])-(.+?) (?:(\d{4})年(\d+)月(\d+)日 (\d+)点(\d+)分|(\d\d)-(\d\d)-(\d\d))\Z")


def test_the_real_files_headers_agree_with_their_names_and_the_bytes() -> None:
    for path in _real_files():
        game, diagnostics = read_mxq(path.read_bytes())
        assert game is not None and diagnostics == [], path.name
        m = _NAME.match(path.stem)
        assert m, path.stem
        red, word, black = m.group(1), m.group(2), m.group(3)
        h = game.headers
        assert (h["Red"], h["Black"]) == (red, black)
        assert game.result == {"胜": "1-0", "负": "0-1", "和": "1/2-1/2"}[word]
        if m.group(4):
            assert h["Date"] == f"{m.group(4)}.{int(m.group(5)):02d}.{int(m.group(6)):02d}"
            assert h["Time"] == f"{int(m.group(7)):02d}:{int(m.group(8)):02d}:00"
        else:
            assert h["Date"] == f"20{m.group(9)}.{m.group(10)}.{m.group(11)}"
        site, red_elo, black_elo, red_time, black_time, reason = BY_HAND[f"{red}-{word}-{black}"]
        assert (h["Site"], h["RedElo"], h["BlackElo"], h["RedTime"], h["BlackTime"], h["Termination"]) == (
            site, red_elo, black_elo, red_time, black_time, reason)


def _uci(move: Move) -> str:
    """Fairy-Stockfish's UCI: ranks 1–10 (NOTES: `h3e3` there is `h2-e2` here)."""
    iccs = move.iccs().lower()
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[3]}{int(iccs[4]) + 1}"


def test_the_real_files_moves_are_legal_by_fairy_stockfish() -> None:
    pyffish = pytest.importorskip("pyffish")
    total = 0
    for path in _real_files():
        game, _ = read_mxq(path.read_bytes())
        assert game is not None
        fen = pyffish.start_fen("xiangqi")
        played: list[str] = []
        for move in game.mainline_moves():
            uci = _uci(move)
            assert uci in pyffish.legal_moves("xiangqi", fen, played), (path.name, len(played), uci)
            played.append(uci)
        total += len(played)
        # The bytes hold one five-byte string per move between the markers: none is left out.
        data = path.read_bytes()
        between = data[data.index(b"\x05Moves") + 6: data.index(b"\x04Ends")]
        assert len(between) == 6 * len(played)
    assert total == 676
    # 绝杀 (checkmate): the last move of 机关枪(8f)-负-快乐宝贝(2弦) leaves Red no legal move.
    path = next(p for p in _real_files() if "机关枪" in p.name)
    game, _ = read_mxq(path.read_bytes())
    assert game is not None
    moves = [_uci(m) for m in game.mainline_moves()]
    assert pyffish.legal_moves("xiangqi", pyffish.start_fen("xiangqi"), moves) == []


_VS_SCRIPT = """
const vs = require(process.argv[1]);
const out = {};
for (const file of process.argv.slice(2)) {
  // The bytes as Latin-1 text: the markers and moves are ASCII, so vschess finds them as in a browser.
  const text = require("fs").readFileSync(file).toString("latin1");
  const moves = [];
  let node = vs.dataToNode(text);
  while (node.next.length) { node = node.next[node.defaultIndex || 0]; moves.push(node.move); }
  out[file] = moves;
}
console.log(JSON.stringify(out));
"""


def test_vschess_reads_the_same_moves() -> None:
    files = _real_files()
    if shutil.which("node") is None or not VSCHESS.is_file():
        pytest.skip("needs Node.js and ../shared/oracles/vschess")
    run = subprocess.run(["node", "-e", _VS_SCRIPT, str(VSCHESS), *map(str, files)], capture_output=True, text=True, timeout=120, check=True)
    theirs = json.loads(run.stdout)
    for path in files:
        game, _ = read_mxq(path.read_bytes())
        assert game is not None
        assert [m.iccs().lower().replace("-", "") for m in game.mainline_moves()] == theirs[str(path)], path.name
