"""CCM (中国游戏中心): files built by hand from the layout, read by xqformats and by vschess alike.

Independent witnesses: vschess (run with Node as a black box, its CCM
reader) reads the same moves from the same bytes wherever the board is stored
as it expects (docs/spec/ccm.md §3.2); the expected moves are written out by
hand from the spec.  Tests needing Node or ``../shared`` skip cleanly.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Optional

import pytest

from conftest import SHARED_CORPUS
from xqformats import formats
from xqformats.ccm import UNREAD_PREFIX, read_ccm

VSCHESS = SHARED_CORPUS.parent / "oracles" / "vschess" / "vschess.function.js"
FILES = "abcdefghi"


# ---------------------------------------------------------------- building files (docs/spec/ccm.md §2.1, §3.1)


def coords(iccs: str, rotated: bool = False) -> tuple[int, int, int, int]:
    """The stored (from_x, to_x, from_y, to_y) of an ICCS move: x = 8 − file, y = rank; turned round,
    x = file, y = 9 − rank."""
    f1, r1, f2, r2 = FILES.index(iccs[0].lower()), int(iccs[1]), FILES.index(iccs[3].lower()), int(iccs[4])
    if rotated:
        return f1, f2, 9 - r1, 9 - r2
    return 8 - f1, 8 - f2, r1, r2


def record(x1: int, x2: int, y1: int, y2: int) -> bytes:
    """One seven-byte record: two unknown bytes, the columns, the rows, one unknown byte."""
    return bytes([0, 0, x1, x2, y1, y2, 0])


def ccm(*moves: str, rotated: bool = False, header: int = 1) -> bytes:
    return bytes([header]) + b"".join(record(*coords(m, rotated)) for m in moves)


OPENING = ("H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-H0", "B9-C7", "C3-C4", "C6-C5")


def moves_of(data: bytes) -> list[str]:
    game, _ = read_ccm(data)
    assert game is not None
    return [str(m) for m in game.mainline_moves()]


def found(data: bytes) -> list[tuple[str, Optional[int]]]:
    return [(d.code, d.offset) for d in read_ccm(data)[1]]


# ---------------------------------------------------------------- reading


def test_the_record_of_the_spec_is_h2_e2() -> None:
    # docs/spec/ccm.md §3.1: `00 00 01 04 02 02 00` is H2-E2, worked out by hand (x 1 = file h, x 4 = file e).
    assert moves_of(bytes.fromhex("01" "00000104020200")) == ["H2-E2"]


def test_a_game_reads_as_written() -> None:
    game, diagnostics = read_ccm(ccm(*OPENING))
    assert diagnostics == [] and game is not None
    assert [str(m) for m in game.mainline_moves()] == list(OPENING)
    assert game.result == "*" and dict(game.headers) == {}


def test_a_board_stored_from_blacks_side_is_turned_round_and_noted() -> None:
    data = ccm(*OPENING, rotated=True)
    assert moves_of(data) == list(OPENING)
    assert found(data) == [("Z106", 1)]


def test_a_file_without_moves() -> None:
    game, diagnostics = read_ccm(b"\x01")
    assert game is not None and diagnostics == [] and game.mainline_moves() == []


# ---------------------------------------------------------------- each rule, at its byte


def test_z101_empty_and_cut_short() -> None:
    assert read_ccm(b"")[0] is None and found(b"") == [("Z101", 0)]
    data = ccm(*OPENING[:3])[:-3]
    assert found(data) == [("Z101", 15)]
    assert moves_of(data) == list(OPENING[:2])


def test_z102_header_byte() -> None:
    data = ccm(*OPENING[:2], header=2)
    assert found(data) == [("Z102", 0)]
    assert moves_of(data) == list(OPENING[:2])


def test_z103_a_point_off_the_board_and_z105_the_rest_kept() -> None:
    data = ccm("H2-E2") + record(1, 2, 9, 10) + ccm("H0-G2")[1:]
    game, diagnostics = read_ccm(data)
    assert [(d.code, d.offset) for d in diagnostics] == [("Z103", 8), ("Z105", 8)]
    assert game is not None
    assert game.root.variations[0].comments == [f"{UNREAD_PREFIX} (1,9)-(2,10) H0-G2"]


def test_z104_an_illegal_move() -> None:
    data = ccm("H2-E2", "H9-H7", "H0-G2")  # a horse straight ahead
    game, diagnostics = read_ccm(data)
    assert [(d.code, d.offset) for d in diagnostics] == [("Z104", 8), ("Z105", 8)]
    assert game is not None and game.root.variations[0].comments == [f"{UNREAD_PREFIX} H9-H7 H0-G2"]


def test_the_same_point_twice_is_no_move() -> None:
    assert found(bytes([1]) + record(1, 1, 2, 2)) == [("Z103", 1), ("Z105", 1)]


# ---------------------------------------------------------------- the front door


def test_detected_by_content_under_another_name() -> None:
    data = ccm(*OPENING)
    record_ = formats.read(data, name="game.pgn")
    assert record_.format is not None and record_.format.name == "ccm"
    assert [d.code for d in record_.diagnostics] == ["G105"]
    assert formats.read(data, name="game.ccm").diagnostics == []
    assert formats.read(data).format.name == "ccm"  # type: ignore[union-attr]


def test_the_sniff_wants_records_on_the_board() -> None:
    from xqformats.formats.ccm import sniff

    assert sniff(ccm(*OPENING))
    assert not sniff(b"\x01")  # no record
    assert not sniff(b"\x01" + bytes(4095))  # zeros: records from a point to itself
    assert not sniff(bytes([1]) + record(1, 2, 12, 3))
    assert not sniff(b"\x01PGN text, not a record")


@pytest.mark.parametrize("target", formats.REGISTRY.writable())
def test_converts_to_every_writer(target: str) -> None:
    game = formats.read(ccm(*OPENING), name="g.ccm").games[0]
    back = formats.read(formats.write([game], target), format=target).games[0]
    assert [str(m) for m in back.mainline_moves()] == list(OPENING)


# ---------------------------------------------------------------- vschess reads the same files


_VS = """
const vs = require(process.argv[1]);
const out = [];
for (const hex of JSON.parse(process.argv[2])) {
  let node = vs.binaryToNode_CCM(Uint8Array.from(Buffer.from(hex, "hex")));
  const moves = [];
  while (node.next.length) { node = node.next[node.defaultIndex || 0]; moves.push(node.move); }
  out.push(moves);
}
console.log(JSON.stringify(out));
"""


def _vschess(files: list[bytes]) -> list[list[str]]:
    if shutil.which("node") is None or not VSCHESS.is_file():
        pytest.skip("needs Node.js and ../shared/oracles/vschess")
    run = subprocess.run(["node", "-e", _VS, str(VSCHESS), json.dumps([f.hex() for f in files])],
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(run.stdout)


def _ours(data: bytes) -> list[str]:
    return [m.lower().replace("-", "") for m in moves_of(data)]


def test_vschess_reads_the_same_moves() -> None:
    files = [ccm(*OPENING), ccm(*OPENING[:1]), ccm("C3-C4", "C6-C5", "B2-C2", "H7-E7", "B0-A2"),
             bytes.fromhex("01" "00000104020200")]
    theirs = _vschess(files)
    assert theirs == [_ours(f) for f in files]


def test_vschess_reads_a_turned_board_unturned_and_we_say_so() -> None:
    # docs/spec/ccm.md §3.2: the peers part here; vschess's first move starts on Black's side.
    data = ccm(*OPENING, rotated=True)
    (theirs,) = _vschess([data])
    assert theirs[0] == "b7e7"  # H2-E2 stored turned round (x 7, y 7 -> 7), read as file 8 − 7, rank 7
    assert _ours(data) == [m.lower().replace("-", "") for m in OPENING]
    assert [d.code for d in read_ccm(data)[1]] == ["Z106"]
