"""QQ CHE (QQ新中国象棋): texts built by hand from the spec, and vschess as a witness both ways.

Independent witnesses: the expected moves of the hand-built texts are written
out from docs/spec/che.md (the record of §3.2 is `H2-E2`); vschess, run with
Node as a black box, writes CHE from a move list (``moveListToData_QQ``) and
reads it (``dataToNode``): what it writes we read as the same main line, and
what we write it reads as the same main line (and we write its bytes).  Tests
needing Node or ``../shared`` skip cleanly.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from typing import Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import SHARED_CORPUS
from strategies import games
from xqformats import formats
from xqformats.che import che_losses, read_che, rules, write_che
from xqformats.che.reader import UNREAD_PREFIX
from xqformats.che.squares import START_IDS
from xqformats.core import Move, square
from xqformats.diagnostics import Rule, Severity
from xqformats.geometry import mirror_left_right
from xqformats.model import Game
from xqformats.position import Position

VSCHESS = SHARED_CORPUS.parent / "oracles" / "vschess" / "vschess.function.js"
FILES = "abcdefghi"
OPENING = ("H2-E2", "H9-G7", "B0-C2", "B9-C7", "A0-B0", "A9-B9")  # 炮二平五 马8进7 马二进三 …


# ---------------------------------------------------------------- building texts (docs/spec/che.md §2, §3)


def _square(name: str) -> int:
    return square(FILES.index(name[0].lower()), int(name[1]))


def record(piece: int, iccs: str, ply: int) -> str:
    """The record of ``iccs`` at ``ply`` (§3.1): rank as written, column 8 − file (§3.2)."""
    f, t = iccs.lower().split("-")
    side = ply % 2
    return f"{piece} 32 {side} {f[1]} {8 - FILES.index(f[0])} {t[1]} {8 - FILES.index(t[0])} 0 {ply} 0"


def che(*moves: str) -> str:
    """A CHE text of ``moves`` from the initial position, each with its piece's id (§3.5)."""
    ids = dict(START_IDS)
    out = []
    for ply, m in enumerate(moves, start=1):
        frm, to = (_square(s) for s in m.split("-"))
        piece = ids.pop(frm)
        ids[to] = piece
        out.append(record(piece, m, ply))
    return " ".join(["1", str(len(moves)), *out]) + " "


def moves_of(text: str) -> list[str]:
    (game,), _ = read_che(text)
    return [str(m) for m in game.mainline_moves()]


def codes(text: str, **kw: bool) -> list[str]:
    return [d.code for d in read_che(text, **kw)[1]]


# ---------------------------------------------------------------- the spec's clauses


def test_the_record_of_the_spec_is_h2_e2() -> None:
    # docs/spec/che.md §3.2: `26 32 1 2 1 2 4 0 1 0` is H2-E2.
    assert record(26, "H2-E2", 1) == "26 32 1 2 1 2 4 0 1 0"
    assert moves_of("1 1 26 32 1 2 1 2 4 0 1 0") == ["H2-E2"]


def test_a_game_reads_as_written() -> None:
    assert moves_of(che(*OPENING)) == list(OPENING)
    # Q112 only: the game is not its own mirror image (§3.2).
    assert codes(che(*OPENING)) == ["Q112"]


def test_blanks_mean_nothing() -> None:
    # §2.1: one record per line, tabs, CRLF: the same game.
    lines = che(*OPENING).split(" ")
    text = "\r\n".join(" ".join(lines[i:i + 10]) for i in range(0, len(lines), 10)).replace(" 32 ", "\t32\t")
    assert moves_of(text) == list(OPENING)


def test_the_piece_ids_are_vschess_s_table() -> None:
    # §3.5, checked by hand against the table: the kings, a rook of each side, the cannons.
    assert START_IDS[_square("e0")] == 16 and START_IDS[_square("e9")] == 0
    assert START_IDS[_square("a0")] == 23 and START_IDS[_square("i9")] == 7
    assert START_IDS[_square("b2")] == 25 and START_IDS[_square("h7")] == 9
    assert sorted(START_IDS.values()) == list(range(32))


def test_a_game_on_file_e_reads_the_same_both_ways_and_nothing_is_said() -> None:
    assert codes(che("E3-E4", "E6-E5")) == []


def test_legality_is_the_same_in_both_readings() -> None:
    """§3.2: the other reading is the mirror image, legal exactly when ours is (so it can never be the only legal one)."""
    rng = random.Random(25)
    for _ in range(30):
        pos, mirrored = Position.initial(), Position.initial()
        for _ in range(40):
            legal = list(pos.legal_moves())
            if not legal:
                break
            move = rng.choice(legal)
            other = Move(mirror_left_right(move.from_square), mirror_left_right(move.to_square))
            assert mirrored.is_legal(other)
            pos.push(move)
            mirrored.push(other)
        # and an illegal move is illegal in both
        wrong = Move(_square("a0"), _square("a5"))
        assert pos.is_legal(wrong) == mirrored.is_legal(Move(mirror_left_right(wrong.from_square), mirror_left_right(wrong.to_square)))


# ---------------------------------------------------------------- each rule


CHE_RULES = [r for r in vars(rules).values() if isinstance(r, Rule)]


def test_every_rule_is_q1_and_has_an_example() -> None:
    assert [r.code for r in CHE_RULES] == [f"Q1{n:02d}" for n in range(1, 13)]
    for r in CHE_RULES:
        assert r.name.startswith("che-")
        assert r.example_kind == "che" or r.code == "Q110"


@pytest.mark.parametrize("rule", [r for r in CHE_RULES if r.example_kind], ids=lambda r: r.code)
def test_each_rule_fires_on_its_example_and_not_on_its_fix(rule: Rule) -> None:
    assert rule.code in codes(rule.example)
    assert rule.code not in codes(rule.fixed)


def test_q101_no_header() -> None:
    for text in ("", "  \n", "1", "x"):
        (game,), found = read_che(text)
        assert game.mainline_moves() == [] and "Q101" in [d.code for d in found]


def test_q103_counts_whole_records_and_reads_them_all() -> None:
    text = che(*OPENING).replace("1 6 ", "1 2 ", 1)
    assert moves_of(text) == list(OPENING)
    assert codes(text) == ["Q103", "Q112"]


def test_q104_a_stray_word_cuts_a_record_short_and_the_records_after_it_are_read() -> None:
    # The record the word interrupts is cut short (Q105); the next whole record is the first move.
    good = che(*OPENING[:2]).split()
    text = " ".join(good[:2] + good[2:5] + ["-1"] + good[12:])
    assert text == "1 2 26 32 1 -1 5 32 0 9 1 7 2 0 2 0"
    (game,), found = read_che(text, path="g.che")
    assert [(d.code, d.column) for d in found] == [
        ("Q103", 3), ("Q105", 5), ("Q104", 13), ("Q107", 21), ("Q107", 33), ("Q109", 16), ("Q110", 16)
    ]
    assert found[2].message == "`-1`: not an unsigned integer; skipped"
    assert game.root.comments == [f"{UNREAD_PREFIX} H9-G7"]  # Black's move at ply 1: not legal


def test_q105_a_cut_short_last_record() -> None:
    text = che(*OPENING)[:-6]
    (game,), found = read_che(text)
    assert [str(m) for m in game.mainline_moves()] == list(OPENING[:5])
    assert [d.code for d in found] == ["Q103", "Q105", "Q112"]


def test_q106_q107_deviations_and_strict() -> None:
    text = "1 2 26 31 1 2 1 2 4 0 1 0 5 32 1 9 1 7 2 0 5 0"
    (game,), found = read_che(text)
    assert [str(m) for m in game.mainline_moves()] == ["H2-E2", "H9-G7"]
    assert [(d.code, d.severity) for d in found] == [
        ("Q106", Severity.WARNING), ("Q107", Severity.WARNING), ("Q107", Severity.WARNING), ("Q112", Severity.INFO)
    ]
    assert [d.severity for d in read_che(text, strict=True)[1]][:3] == [Severity.ERROR] * 3


def test_q108_off_the_board_and_q110_the_rest_kept() -> None:
    text = "1 2 26 32 1 2 1 2 9 0 1 0 5 32 0 9 1 7 2 0 2 0"
    (game,), found = read_che(text)
    assert game.mainline_moves() == []
    assert game.root.comments == [f"{UNREAD_PREFIX} (2,1)-(2,9) H9-G7"]
    assert [d.code for d in found] == ["Q108", "Q110"]


def test_q109_an_illegal_move_is_kept_with_the_rest() -> None:
    text = che("H2-E2", "H9-G7").replace("5 32 0 9 1 7 2", "5 32 0 9 1 5 1")  # the horse h9 to h5
    (game,), found = read_che(text)
    assert [str(m) for m in game.mainline_moves()] == ["H2-E2"]
    assert [d.code for d in found] == ["Q109", "Q110"]
    assert found[0].message == "Illegal move `H9-H5` (9,1)-(5,1): the horse on h9 cannot move to h5"
    assert game.root.children[0].comments == [f"{UNREAD_PREFIX} H9-H5"]


def test_q111_ids_follow_the_pieces_through_captures() -> None:
    # The cannon h2 takes the horse h9 (id 26 replaces 5 there), then goes on from h9 with its own id.
    moves = ("H2-H9", "I9-I8", "H9-H8", "I8-H8")
    assert codes(che(*moves)) == ["Q112"]
    wrong = che(*moves).replace("26 32 1 9 1 8 1", "22 32 1 9 1 8 1")
    (game,), found = read_che(wrong)
    assert [str(m) for m in game.mainline_moves()] == list(moves)  # the squares are trusted
    assert [d.code for d in found] == ["Q111", "Q112"]
    assert found[0].message == "Piece id `22`; the piece on h9 has id 26; the move is read from its squares"
    assert "Q111" in codes("1 1 99 32 1 2 1 2 4 0 1 0")


def test_long_numbers_are_no_crash() -> None:
    nine = "9" * 5000
    found = codes(f"{nine} {nine} {nine} 32 1 2 1 2 4 0 1 0")
    assert {"Q102", "Q103", "Q111"} <= set(found)


# ---------------------------------------------------------------- writing (docs/spec/che.md §4.1)


def _game(*moves: str, start: Optional[Position] = None) -> Game:
    game = Game(start=start or Position.initial())
    node = game.root
    for m in moves:
        node = node.add_variation(Move(*(_square(s) for s in m.split("-"))))
    return game


def test_the_writer_writes_the_records_of_the_spec() -> None:
    assert write_che(_game(*OPENING)) == che(*OPENING)
    assert write_che(_game()) == "1 0 "


def test_a_set_up_game_is_written_without_moves_and_the_loss_named() -> None:
    start = Position.from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
    game = _game("H7-E7", start=start)
    assert write_che(game) == "1 0 "
    assert che_losses(game) == [
        "a start other than the initial position (rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1) cannot be "
        "written (a CHE record starts from it); 1 move not written",
    ]


def test_what_che_cannot_hold_is_named() -> None:
    game = _game(*OPENING[:2])
    game.headers["Event"] = "杯"
    game.headers["Red"] = "甲"
    game.result = "1-0"
    game.root.comments.append("opening")
    first = game.root.children[0]
    first.comments.append("好")
    first.nags.append(1)
    first.add_variation(Move(_square("b9"), _square("c7")))
    game.root.add_variation(Move(_square("b2"), _square("e2")))
    assert che_losses(game) == [
        "headers `Event`, `Red` have no place in a CHE record; not written",
        "2 variations cannot be written (a CHE record holds the main line); not written",
        "1 NAG cannot be written (a CHE record holds no annotation)",
        "2 comments cannot be written (a CHE record holds no comment)",
        "the result 1-0 cannot be written (a CHE record holds no result; it reads back as `*`)",
    ]
    assert che_losses(_game(*OPENING)) == []


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(starts=st.just(Position.initial())))
def test_random_games_round_trip_their_main_line(game: Game) -> None:
    text = write_che(game)
    (again,), found = read_che(text)
    assert again.mainline_moves() == game.mainline_moves(), text
    assert {d.code for d in found} <= {"Q112"}, text
    assert write_che(again) == text


_PIECES = [*"0123456789 \n\t-x\x00\x1c\u3000\u2028", "32", "1 ", "0 ", "26 32 1 2 1 2 4 0 1 0 ", "99999999999"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=60).map("".join))
def test_any_text_is_read_without_raising(text: str) -> None:
    (game,), found = read_che(text)
    assert all(d.line is not None for d in found)
    write_che(game)
    che_losses(game)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_give_diagnostics_never_a_crash(data: bytes) -> None:
    record_ = formats.read(b"1 1 " + data, name="x.che")
    assert all(d.code != "G106" for d in record_.diagnostics)


# ---------------------------------------------------------------- the front door


def test_detected_by_content_under_another_name() -> None:
    data = che(*OPENING).encode()
    # (Under a `.pgn` name it is PGN's: PGN's sniff takes any text starting with a digit.)
    record_ = formats.read(data, name="game.wxf")
    assert record_.format is not None and record_.format.name == "che"
    assert [d.code for d in record_.diagnostics] == ["G105", "Q112"]
    assert [d.code for d in formats.read(data, name="game.che").diagnostics] == ["Q112"]
    assert formats.read(data).format.name == "che"  # type: ignore[union-attr]


def test_the_sniff_wants_the_header_and_a_record() -> None:
    from xqformats.formats.che import sniff

    assert sniff(che(*OPENING).encode()) and sniff(b"1 0 ") and sniff(b"\xef\xbb\xbf1 1\r\n26 32 1") and sniff(b"2 1") and sniff(b"1")
    assert not sniff(b"1. C2.5 H8+7 *") and not sniff(b"1.C2.5") and not sniff(b"12ab") and not sniff(b"") and not sniff(b"[Event")


@pytest.mark.parametrize("target", formats.REGISTRY.writable())
def test_converts_to_and_from_every_writer(target: str) -> None:
    game = formats.read(che(*OPENING).encode(), name="g.che").games[0]
    back = formats.read(formats.write([game], target), format=target).games[0]
    assert [str(m) for m in back.mainline_moves()] == list(OPENING)
    again = formats.read(formats.write([back], "che"), format="che").games[0]
    assert [str(m) for m in again.mainline_moves()] == list(OPENING)


# ---------------------------------------------------------------- vschess, both ways


_VS = """
const vs = require(process.argv[1]);
vs.info = {pfc: {}, DhtmlXQ: {}};
const job = JSON.parse(process.argv[2]);
const line = (text) => {
  let node = vs.dataToNode(text);
  const moves = [];
  while (node.next.length) { node = node.next[node.defaultIndex || 0]; moves.push(node.move); }
  return moves;
};
console.log(JSON.stringify({
  written: job.write.map((moves) => vs.moveListToData_QQ(moves, false)),
  read: job.read.map(line),
}));
"""


def _vschess(write: list[list[str]], read: list[str]) -> dict[str, list]:  # type: ignore[type-arg]
    if shutil.which("node") is None or not VSCHESS.is_file():
        pytest.skip("needs Node.js and ../shared/oracles/vschess")
    run = subprocess.run(["node", "-e", _VS, str(VSCHESS), json.dumps({"write": write, "read": read})],
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def _random_lines(count: int, plies: int, seed: int) -> list[list[Move]]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        pos, line = Position.initial(), []
        for _ in range(rng.randrange(1, plies)):
            legal = sorted(pos.legal_moves())
            if not legal:
                break
            move = rng.choice(legal)
            line.append(move)
            pos.push(move)
        lines.append(line)
    return lines


def test_vschess_writes_we_read_the_same_main_line() -> None:
    lines = [*_random_lines(40, 80, 25), [Move(_square(a), _square(b)) for a, b in (m.split("-") for m in OPENING)]]
    written = _vschess([[m.uci() for m in line] for line in lines], [])["written"]
    for line, text in zip(lines, written):
        (game,), found = read_che(text)
        assert game.mainline_moves() == line, text
        assert {d.code for d in found} <= {"Q112"}, text  # vschess's ids and fixed fields are as §3 says


def test_we_write_vschess_reads_the_same_main_line_and_the_same_bytes() -> None:
    lines = _random_lines(40, 80, 2026)
    ours = []
    for line in lines:
        game = Game()
        node = game.root
        for m in line:
            node = node.add_variation(m)
        ours.append(write_che(game))
    theirs = _vschess([[m.uci() for m in line] for line in lines], ours)
    assert theirs["read"] == [[m.uci() for m in line] for line in lines]
    assert theirs["written"] == ours  # byte for byte (§4.1)


def test_a_byte_order_mark_between_two_integers_of_a_record_is_a_blank() -> None:
    # Found by the read:che fuzz target in CI: the grammar's blanks hold U+FEFF, Python's
    # str.split() does not, and the record was read as nine integers (an IndexError, G106).
    # `26 32 1 2 1 2 4 0 1 0` is 炮二平五 (h2e2) as vschess writes it (col = 8 - file).
    text = "1 1 " + "\ufeff".join("26 32 1 2 1 2 4 0 1 0".split(" "))
    games, diagnostics = read_che(text)
    assert [d.code for d in diagnostics if d.severity >= Severity.WARNING] == []
    assert [str(m) for m in games[0].mainline_moves()] == ["H2-E2"]
