"""Writing CBF: the exact layout, encodings, escaping, and CBF → model → CBF → model."""

from __future__ import annotations

from pathlib import Path

import pytest

from cbf_helpers import DATA, REPO, draft_examples, real_file, schema_valid
from xqformats.cbf import Replacement, read_cbf, replaced_characters, unwritten_headers, write_cbf
from xqformats.cbf.board import decode_move_value
from xqformats.cbf.writer import JOINED, MOVED, STRIPPED, CommentChange, changed_comments
from xqformats.model import Game, Headers
from xqformats.position import Position

A, B, C, G = (decode_move_value(v) for v in ("77-47", "70-62", "79-67", "10-22"))

GOLDEN = """\ufeff<?xml version="1.0" encoding="UTF-8"?>
<ChineseChessRecord Version="1.0">
 <Head>
  <Name>示例</Name>
  <URL />
  <From />
  <ContestType />
  <Contest>杯赛 &amp; 表演</Contest>
  <Round />
  <Group />
  <Table />
  <Date>2024.01.02</Date>
  <Site />
  <TimeRule />
  <Red>红</Red>
  <RedTeam />
  <RedTime />
  <RedRating>2600</RedRating>
  <Black>黑</Black>
  <BlackTeam />
  <BlackTime />
  <BlackRating />
  <Referee />
  <Recorder />
  <Commentator>讲评</Commentator>
  <CommentatorURL />
  <Creator />
  <CreatorURL />
  <DateCreated />
  <DateModified />
  <ECCO>A00</ECCO>
  <RecordType />
  <RecordKind />
  <RecordResult>3</RecordResult>
  <ResultType />
  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>
 </Head>
 <MoveList>
  <Move value="00-00"><![CDATA[开局]]></Move>
  <Move nid="1" value="77-47"><![CDATA[炮二平五]]></Move>
  <Move nid="2" value="70-62" />
  <Move nid="3" value="79-67" end="1" />
  <Move nid="2" value="10-22" end="1"><![CDATA[a ]]]]><![CDATA[> b]]></Move>
 </MoveList>
</ChineseChessRecord>
"""


def _sample() -> Game:
    g = Game(
        Headers(
            {
                "Name": "示例",
                "Event": "杯赛 & 表演",
                "Date": "2024.01.02",
                "Red": "红",
                "RedElo": "2600",
                "Black": "黑",
                "Annotator": "讲评",
                "ECCO": "A00",
                "Opening": "中炮",  # no CBF element: not written
            }
        ),
        result="1/2-1/2",
    )
    g.root.comments.append("开局")
    a = g.root.add_variation(A, comments=["炮二平五"])
    a.add_variation(B).add_variation(C)
    a.add_variation(G, comments=["a ]]> b"])
    return g


def test_golden_layout() -> None:
    data = write_cbf(_sample())
    assert data.decode("utf-8") == GOLDEN
    assert schema_valid(data)


def test_golden_reads_back() -> None:
    g = _sample()
    back, diags = read_cbf(write_cbf(g))
    assert diags == []
    del g.headers["Opening"]
    assert back == g


def test_unwritten_headers_are_listed() -> None:
    g = _sample()
    g.headers["ECCO"] = "b24"  # not the schema's form
    assert unwritten_headers(g) == ["ECCO", "Opening"]
    assert b"<ECCO />" in write_cbf(g)


def test_type_text_is_unwritten_with_an_invalid_type_code() -> None:
    g = Game(Headers({"Type": "7", "TypeText": "残局"}))
    assert unwritten_headers(g) == ["Type", "TypeText"]
    assert b"<Type" not in write_cbf(g)
    g = Game(Headers({"TypeText": "残局"}))  # no code: written with 0 (未知类型), read back with it
    assert unwritten_headers(g) == []
    assert read_cbf(write_cbf(g))[0].headers == {"Type": "0", "TypeText": "残局"}


def test_gbk_has_no_bom_and_declares_gbk() -> None:
    data = write_cbf(_sample(), encoding="gbk")
    assert data.startswith(b'<?xml version="1.0" encoding="GBK"?>\n')
    assert "示例".encode("gbk") in data
    assert schema_valid(data)
    back, diags = read_cbf(data)
    assert diags == [] and back.headers["Name"] == "示例"


def test_utf8_without_bom_on_request() -> None:
    assert write_cbf(_sample(), bom=False).startswith(b"<?xml")
    with pytest.raises(ValueError, match="byte order mark"):
        write_cbf(_sample(), encoding="gbk", bom=True)
    with pytest.raises(ValueError, match="Unsupported encoding"):
        write_cbf(_sample(), encoding="latin-1")


def test_text_gbk_cannot_hold_is_escaped_and_survives() -> None:
    g = Game(Headers({"Red": "Ελένη 😀"}))
    g.root.add_variation(A, comments=["emoji 😀 and ]]> in GBK"])
    data = write_cbf(g, encoding="gbk")
    assert b"&#128512;" in data and b"CDATA" not in data.split(b"<MoveList>")[1]
    assert schema_valid(data)
    back, diags = read_cbf(data)
    assert diags == [] and back == g


def test_carriage_returns_survive() -> None:
    g = Game(Headers({"Name": "a\r\nb"}))
    g.root.add_variation(A, comments=["line 1\r\nline 2"])
    back, diags = read_cbf(write_cbf(g))
    assert diags == [] and back == g


def test_characters_xml_cannot_hold_are_replaced_and_listed() -> None:
    g = Game(Headers({"Red": "a\x00b", "Opening": "\x01", "TypeText": "\x02"}))  # no Type: TypeText is written
    g.root.comments.append("\ud800 first")
    g.root.add_variation(A, comments=["\x1b[0m"]).add_variation(B, comments_before=["\uffff"], comments=["ok"])
    data = write_cbf(g)
    assert schema_valid(data)
    back, diags = read_cbf(data)
    assert diags == []
    assert back.headers["Red"] == "a\ufffdb" and back.headers["TypeText"] == "\ufffd"
    assert "Opening" not in back.headers  # no CBF element (unwritten_headers), so nothing to replace
    assert back.root.comments == ["\ufffd first"]
    assert [n.comments for n in back.nodes()] == [["\ufffd[0m"], ["\ufffd\nok"]]
    assert replaced_characters(g) == [
        Replacement("header `Red`", "\x00"),
        Replacement("header `TypeText`", "\x02"),
        Replacement("the comment before the first move", "\ud800"),
        Replacement("the comment on ply 1 (`77-47`)", "\x1b"),
        Replacement("the comment on ply 2 (`70-62`)", "\uffff"),
    ]
    assert write_cbf(g, encoding="gbk").decode("gbk").count("\ufffd") == 0  # GBK lacks it: a reference
    assert read_cbf(write_cbf(g, encoding="gbk"))[0] == back


def test_whitespace_controls_stripped_from_comments_are_not_listed() -> None:
    g = Game()
    g.root.add_variation(A, comments=["\x1cx\x1d"])  # str.strip() takes U+001C-U+001F as whitespace
    assert replaced_characters(g) == []
    assert read_cbf(write_cbf(g))[0].root.children[0].comments == ["x"]


def test_nothing_is_replaced_in_games_read_from_files() -> None:
    for path in sorted(DATA.glob("*.cbf")) + sorted((REPO / "corpus").glob("*.cbf")):
        assert replaced_characters(read_cbf(path)[0]) == []


def test_no_moves_marks_the_root_as_the_end() -> None:
    data = write_cbf(Game()).decode("utf-8-sig")
    assert '  <Move value="00-00" end="1" />\n </MoveList>' in data
    assert schema_valid(data.encode())


def test_two_root_comments_use_the_draft_comment() -> None:
    g = Game()
    g.root.comments[:] = ["first", "second"]
    data = write_cbf(g)
    assert b"<Comment><![CDATA[first]]></Comment>" in data
    back, _ = read_cbf(data)
    assert back.root.comments == ["first", "second"]


def test_draft_only_headers_round_trip() -> None:
    g = Game(Headers({"Event": "决赛", "Contest": "杯赛", "Type": "3", "TypeText": "实战残局", "ResultText": "红胜"}), result="1-0")
    data = write_cbf(g)
    assert b"<Contest>\xe6\x9d\xaf\xe8\xb5\x9b</Contest>" in data and b"<Event>" in data
    assert '<Type value="3">实战残局</Type>'.encode() in data
    assert '<Result value="1">红胜</Result>'.encode() in data
    assert schema_valid(data)
    back, diags = read_cbf(data)
    assert diags == [] and back == g


def test_setup_position_and_black_to_move() -> None:
    fen = "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 3 40"
    g = Game(Headers({"FEN": fen}), start=Position(fen))
    g.root.add_variation(decode_move_value("30-31"))  # d9-d8
    data = write_cbf(g)
    assert f"<FEN>{fen}</FEN>".encode() in data
    back, diags = read_cbf(data)
    assert diags == [] and back == g and back.start.fullmove_number == 40


def test_nags_and_comments_before_have_no_place_but_text_is_kept() -> None:
    g = Game()
    n = g.root.add_variation(A, comments=["after"], comments_before=["before"], nags=[1])
    back, _ = read_cbf(write_cbf(g))
    assert back.root.children[0].comments == ["before\nafter"]
    assert back.root.children[0].nags == [] and n.nags == [1]


def test_comment_changes_are_listed() -> None:
    # Issue 10 item 11: what PGN -> CBF did to comments without a word.
    g = Game()
    g.root.comments[:] = ["\u3000open", "second", "third"]
    a = g.root.add_variation(A, comments=["\u3000a ", "b"])
    b = a.add_variation(B, comments=[" ", "kept\ninside"])
    c = a.add_variation(G, comments_before=["before"])
    d = b.add_variation(C, comments=["exact"])
    back, diags = read_cbf(write_cbf(g))
    assert diags == []
    assert back.root.comments == ["open", "second\nthird"]
    assert [n.comments for n in back.nodes()] == [["a\nb"], ["kept\ninside"], ["exact"], ["before"]]
    first = "the comment before the first move"
    assert changed_comments(g) == [
        CommentChange(first, STRIPPED, None),
        CommentChange(first, JOINED, None),
        CommentChange("the comment on ply 1 (`77-47`)", STRIPPED, a),
        CommentChange("the comment on ply 1 (`77-47`)", JOINED, a),
        CommentChange("the comment on ply 2 (`70-62`)", STRIPPED, b),  # the blank one
        CommentChange("the comment on ply 2 (`10-22`)", MOVED, c),
    ]
    assert d not in {change.node for change in changed_comments(g)}


def test_what_cbf_keeps_of_comments_is_no_change() -> None:
    g = Game()
    g.root.comments[:] = ["one", "two"]  # Head/Comment and the root move
    g.root.add_variation(A, comments=["x\n y"])
    assert changed_comments(g) == []
    assert read_cbf(write_cbf(g))[0] == g


def test_no_comment_changes_in_games_read_from_files() -> None:
    for path in sorted(DATA.glob("*.cbf")) + sorted((REPO / "corpus").glob("*.cbf")):
        assert changed_comments(read_cbf(path)[0]) == []


def test_deep_tree_is_written_without_recursion() -> None:
    g = Game()
    node = g.root
    cycle = [decode_move_value(v) for v in ("79-67", "70-62", "67-79", "62-70")]
    for i in range(4000):
        node = node.add_variation(cycle[i % 4])
    back, diags = read_cbf(write_cbf(g))
    assert diags == [] and back.ply_count() == 4000


# ---------------------------------------------------------------- CBF -> model -> CBF -> model


def _round_trip(data: bytes) -> None:
    first, _ = read_cbf(data)
    assert first is not None
    for encoding in ("utf-8", "gbk"):
        written = write_cbf(first, encoding=encoding)
        assert schema_valid(written)
        second, diags = read_cbf(written)
        assert diags == []
        assert second == first
        assert write_cbf(second, encoding=encoding) == written  # a fixed point


def test_round_trip_draft_examples() -> None:
    for data in draft_examples():
        _round_trip(data)


@pytest.mark.parametrize("name", ["test.cbf", "test2.cbf"])
def test_round_trip_real_files(name: str) -> None:
    _round_trip(real_file(name).read_bytes())


@pytest.mark.parametrize("path", sorted(DATA.glob("*.cbf")) + sorted((REPO / "corpus").glob("*.cbf")), ids=lambda p: p.name)
def test_round_trip_test_data_and_samples(path: Path) -> None:
    _round_trip(path.read_bytes())


def test_the_two_shipped_samples_hold_the_same_game() -> None:
    a, da = read_cbf(REPO / "corpus" / "xu-yinchuan-vs-nie-weiping-1999.cbf")
    b, db = read_cbf(REPO / "corpus" / "xu-yinchuan-vs-nie-weiping-1999.draft.cbf")
    assert da == db == []
    assert a.root.same_content(b.root) and a.start == b.start and a.result == b.result == "1-0"
    assert a.ply_count() == 75 and sum(len(n.children) > 1 for n in a.root.walk()) == 1


def test_convert_pgn_with_control_characters_to_cbf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from xqformats.cli import main

    monkeypatch.chdir(tmp_path)
    pgn = '[Game "Chinese Chess"]\n[Red "a\x01b"]\n[Result "*"]\n\n{\x01start} 1. 炮二平五 {x\x02y} 马8进7 *\n'
    (tmp_path / "a.pgn").write_text(pgn, encoding="utf-8")
    assert main(["convert", "a.pgn", "-o", "a.cbf"]) == 0  # converted, not refused
    data = (tmp_path / "a.cbf").read_bytes()
    assert schema_valid(data)
    game, diags = read_cbf(data)
    assert diags == []
    assert game.headers["Red"] == "a\ufffdb"
    assert game.root.comments == ["\ufffdstart"] and game.root.children[0].comments == ["x\ufffdy"]


# ---------------------------------------------------------------- a move repeated at one point (issue 28)


def _pgn_game(text: bytes) -> Game:
    from xqformats import formats

    (game,) = formats.read(text, format="pgn").games
    return game


def test_a_repeated_move_is_named_as_lost_and_reads_back_merged() -> None:
    # tests/fuzz/harness.py FIXED: the PGN reader keeps both, the CBF reader merges the second
    # into the first (C307), and losses() once named nothing.
    from xqformats import formats

    game = _pgn_game(b"1. C2.5 {a} (1. C2.5 {b} 1... H8+7) 1... C8.5 *\n")
    assert [c.move for c in game.root.children] == [game.root.children[0].move] * 2
    losses = formats.losses(game, "cbf")
    assert losses[-1] == (
        "1 move repeating an earlier move at the same point read back merged into it (C307: its comment "
        "joins the earlier move's, and the moves after it follow the earlier move): ply 1"
    )
    back = read_cbf(write_cbf(game))
    assert [d.code for d in back[1]] == ["C307"]
    (node,) = back[0].root.children  # what the sentence says, checked by hand:
    assert node.comments == ["a", "b"]  # the second move's comment joins the first's,
    # Its moves follow the first's: C8.5, then H8+7 (Black counts files from its right, column a).
    assert [str(c.move) for c in node.children] == ["H7-E7", "H9-G7"]


def test_only_repeated_moves_are_named() -> None:
    from xqformats import formats

    assert not any("repeating" in loss for loss in formats.losses(_pgn_game(b"1. C2.5 (1. H2+3) 1... C8.5 (1... H8+7) *\n"), "cbf"))
    three = _pgn_game(b"1. C2.5 (1. C2.5) (1. H2+3) (1. C2.5) 1... H8+7 (1... H8+7) *\n")
    assert formats.losses(three, "cbf")[-1].startswith("3 moves repeating an earlier move") and formats.losses(three, "cbf")[-1].endswith(": ply 1; ply 1; ply 2")


def test_a_declaration_that_merges_repeats_must_name_them() -> None:
    from xqformats.losses import Carries

    with pytest.raises(ValueError, match="REPEATED"):
        Carries(repeats=False)
