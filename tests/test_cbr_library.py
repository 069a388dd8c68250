"""CBL libraries: games on slots, records spanning slots, deleted entries, one game at a time;
and both formats through the front door, ``lint`` and ``convert``."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from cbr_helpers import END, Entry, Rec, cbl, cbr
from xqformats import formats
from xqformats.cbr import iter_cbl, read_cbl
from xqformats.cli import main
from xqformats.diagnostics import DiagnosticSink

OPENING = [Rec("H2-E2"), Rec("H9-G7", END)]
LONG = "长" * 3000  # 6,000 bytes: the record spans two slots


def library() -> bytes:
    return cbl(
        [
            Entry(cbr(OPENING, texts={"Name": "一"})),
            Entry(cbr(OPENING, texts={"Name": "deleted"}), state=5),
            Entry(cbr([Rec("B2-E2", END, LONG)], texts={"Name": "三"})),
            Entry(cbr([Rec("H0-G2", END)], texts={"Name": "四"})),
        ]
    )


def test_every_live_game_in_index_order() -> None:
    games, diags = read_cbl(library(), path="lib.cbl")
    assert [g.headers["Name"] for g in games] == ["一", "三", "四"]
    assert games[1].root.children[0].comments == [LONG]  # the whole comment, across the slot boundary
    assert [n.move.iccs() for n in games[2].mainline()] == ["H0-G2"]
    (deleted,) = diags
    assert deleted.code == "B114"
    assert deleted.offset == 66624 + 276
    assert "Entry 1" in deleted.message and f"@{66624 + 128 * 276 + 4096:#x}" in deleted.message


def test_games_come_one_at_a_time() -> None:
    sink = DiagnosticSink(path="lib.cbl")
    stream = iter_cbl(library(), sink)
    assert inspect.isgenerator(stream)
    first = next(stream)
    assert first.headers["Name"] == "一"
    assert sink.items == []  # the deleted entry after it is not reached yet
    assert [g.headers["Name"] for g in stream] == ["三", "四"]
    assert [d.code for d in sink.items] == ["B114"]


def test_a_game_keeps_its_own_findings_and_the_file_has_them_too() -> None:
    data = cbl([Entry(cbr([Rec("H2-G3", END)])), Entry(cbr(OPENING, result=4))])
    games, diags = read_cbl(data)
    assert [d.code for d in games[0].diagnostics] == ["B111", "B112"]
    assert [d.code for d in games[1].diagnostics] == ["B109"]
    assert [d.code for d in diags] == ["B111", "B112", "B109"]
    second_record = 66624 + 128 * 276 + 4096
    assert games[1].diagnostics[0].offset == second_record + 2076


def test_a_bigger_index_moves_the_records() -> None:
    games, diags = read_cbl(cbl([Entry(cbr(OPENING))], index_size=1024))
    assert diags == [] and len(games) == 1


def test_a_broken_record_does_not_spill_into_the_next() -> None:
    broken = cbr([Rec("H2-E2"), Rec("H9-G7")])  # the line never ends: the data runs out
    games, diags = read_cbl(cbl([Entry(broken), Entry(cbr(OPENING, texts={"Name": "next"}))]))
    assert [d.code for d in diags] == ["B101"]
    assert games[-1].headers["Name"] == "next"


# ---------------------------------------------------------------- the front door


def test_read_a_library_by_its_path_in_any_case(tmp_path: Path) -> None:
    path = tmp_path / "games.CBL"
    path.write_bytes(library())
    record = formats.read(path)
    assert record.format is not None and record.format.name == "cbl"
    assert len(record.games) == 3
    assert [d.code for d in record.diagnostics] == ["B114"]


def test_read_by_signature_without_a_name() -> None:
    assert formats.read(cbr(OPENING)).format is formats.REGISTRY.get("cbr")
    assert formats.read(library()).format is formats.REGISTRY.get("cbl")


def test_extension_and_content_disagree(tmp_path: Path) -> None:
    path = tmp_path / "game.cbr"
    path.write_bytes(library())
    record = formats.read(path)
    assert record.format is not None and record.format.name == "cbl"
    assert [d.code for d in record.diagnostics][0] == "G105"


def test_a_record_is_written_a_library_is_not() -> None:
    assert formats.REGISTRY.get("cbr").writer is not None  # tests/test_cbr_writer.py
    assert formats.REGISTRY.get("cbl").writer is None


def test_lint_a_library_shows_byte_offsets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.CBL"
    path.write_bytes(cbl([Entry(cbr([Rec("H2-G3", END)]))]))
    assert main(["lint", str(path)]) == 1
    out = capsys.readouterr().out
    record = 66624 + 128 * 276
    assert f"{path}:@{record + 2214 + 4:#x}: error B111 Illegal move `H2-G3`" in out


def test_lint_json_gives_offset_and_length(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.cbr"
    path.write_bytes(cbr(OPENING, result=4))
    main(["lint", "--show-info", "--format", "json", str(path)])
    found = json.loads(capsys.readouterr().out)
    items = found if isinstance(found, list) else found.get("diagnostics", found)
    text = json.dumps(items)
    assert '"offset": 2076' in text and '"length": 1' in text


def test_a_folder_lint_reads_cbr_and_cbl_in_any_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.CBR").write_bytes(cbr([Rec("H2-G3", END)]))
    (tmp_path / "b.cbl").write_bytes(cbl([Entry(cbr(OPENING), state=5)]))
    main(["lint", "--show-info", str(tmp_path)])
    out = capsys.readouterr().out
    assert "a.CBR:@" in out and "B111" in out
    assert "b.cbl:@" in out and "B114" in out


def test_convert_cbr_to_pgn_and_to_cbf(tmp_path: Path) -> None:
    src = tmp_path / "game.cbr"
    src.write_bytes(cbr([Rec("H2-E2", 0, "好"), Rec("H9-G7", END)], texts={"Red": "吕钦", "Event": "全国赛"}, intro="开局", result=1))
    pgn, cbf = tmp_path / "game.pgn", tmp_path / "game.cbf"
    assert main(["convert", str(src), "--to", "pgn", "-o", str(pgn)]) == 0
    text = pgn.read_text(encoding="utf-8")
    assert '[Red "吕钦"]' in text and '[Event "全国赛"]' in text and '[Result "1-0"]' in text
    assert "炮二平五 {好} 1. ... 马8进7 1-0" in text.replace("\n", " ")
    assert main(["convert", str(src), "--to", "cbf", "-o", str(cbf)]) == 0
    back = formats.read(cbf)
    original = formats.read(src)
    assert back.games[0].mainline_moves() == original.games[0].mainline_moves()
    assert back.games[0].root.comments == ["开局"]
    assert back.games[0].headers["Red"] == "吕钦"
