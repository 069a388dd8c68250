"""Reading CBF: trees, headers, comments, positions and every diagnostic.

Expected move lists are ICCS (``Move.iccs()``), derived independently of the
reader and checked with pyffish (see ``tests/data/cbf/expected_lines.json``).
"""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cbf_helpers import (
    DATA,
    EXPECTED,
    START_BOARD,
    cbf,
    codes,
    draft,
    draft_examples,
    lines,
    nid_moves,
    real_file,
    where,
)
from xqformats.cbf import read_cbf
from xqformats.cbf.safexml import decode
from xqformats.diagnostics import Severity
from xqformats.lint import LintOptions, lint_bytes
from xqformats.position import STARTING_FEN, Position
from xqformats.source import Source

# ---------------------------------------------------------------- the draft's seed examples


def test_draft_example_1_reads_with_expected_tree_headers_and_comments() -> None:
    game, diags = read_cbf(draft_examples()[0], path="draft-1.cbf")
    assert diags == []
    assert game is not None
    assert lines(game) == EXPECTED["draft-1"]
    assert dict(game.headers) == {
        "Name": "羊城体育《银川棋路》24",
        "Event": "民百杯精英赛决赛与吕钦之战",
        "Site": "兰州",
        "Date": "1995.5.22",
        "Red": "吕钦",
        "Black": "许银川",
        "Annotator": "许银川",
        "Type": "1",
        "TypeText": "实战的全局",
        "ResultText": "和棋",
    }
    assert game.result == "1/2-1/2"
    assert game.start == Position(STARTING_FEN)
    # Head/Comment is the comment before the first move (CDATA, stripped).
    assert len(game.root.comments) == 1
    assert game.root.comments[0].startswith("却说“民百杯”精英赛小组赛已见分晓")
    fifth = game.root.children[0].children[0].children[0].children[0].children[0]
    assert fifth.move.iccs() == "G3-G4" and fifth.text == "66-65"
    assert fifth.comments == ["大军不出小兵先行，师兄意欲将局面导向自已预定的轨道之中。这一次序的调换所带来的差异便是右车或横出或直出可酌情而定。"]
    assert sum(1 for n in game.nodes() if n.comments) == 20  # 20 <Move> elements hold CDATA


def test_draft_example_2_merges_the_repeated_moves_19_and_20() -> None:
    data = draft_examples()[1]
    game, diags = read_cbf(data)
    assert game is not None
    assert lines(game) == EXPECTED["draft-2"]
    assert codes(diags) == ["C307", "C307"]
    assert all(d.severity is Severity.WARNING for d in diags)
    text = data.decode("gbk").split("\n")
    for d, nid, value in zip(diags, ("19", "20"), ("63-53", "64-65")):
        assert f'nid="{nid}" value="{value}"' in text[d.line - 1]
        assert text[d.line - 1][d.column - 1 :].startswith("<Move")
    assert game.result == "1-0"
    assert game.headers["Creator"] == "wxl" and game.headers["Date"] == "00-12-31"
    assert game.root.comments == []  # <Comment><![CDATA[\n]]></Comment> is empty
    # The branch is at move 20: its node has two children, the main line first.
    node = game.root
    for _ in range(20):
        node = node.children[0]
    assert [c.move.iccs() for c in node.children] == ["G3-G4", "F6-F8"]  # 66-65, 53-51


# ---------------------------------------------------------------- 象棋桥's own files


@pytest.mark.parametrize("name", ["test.cbf", "test2.cbf"])
def test_real_files_read_with_expected_trees(name: str) -> None:
    path = real_file(name)
    game, diags = read_cbf(path)
    assert diags == []
    assert game is not None
    assert lines(game) == EXPECTED[f"walker8088/cchess tests/data/{name}"]
    assert game.start == Position(STARTING_FEN) and "FEN" not in game.headers
    assert game.headers["RecordType"] == "1"
    raw = path.read_bytes().decode("utf-8-sig").split("\n")
    first = game.root.children[0]
    # Node.span: the start tag of the first move after the root (line 40;
    # lines 4-36 are the 33 Head elements, 38 <MoveList>, 39 the root move).
    assert first.span.line == 40 and first.span.column == 3
    assert raw[39][first.span.column - 1 : first.span.end_column - 1] == '<Move value="77-47" />'
    assert game.root.span.line == 39


def test_real_file_test_cbf_headers_result_and_comments() -> None:
    game, _ = read_cbf(real_file("test.cbf"))
    assert dict(game.headers) == {
        "Name": "第一局 屏风马巡河炮抵当头炮局(和)",
        "From": "第一局\u3000屏风马巡河炮抵当头炮局(和).xqf",
        "Event": "居荣鑫《象棋古谱全局三种》",
        "Annotator": "居荣鑫",
        "DateModified": "2014-09-08 20:19:09",
        "ECCO": "C03",
        "RecordType": "1",
    }
    assert game.result == "*"  # <RecordResult>0</RecordResult>
    assert game.root.comments == ["中炮横车盘头马对屏风马双炮巡河"]
    last = game.root.end()
    assert last.comments[0].startswith("至此，红方多兵，黑方得相")
    assert game.tag_spans["Event"].line == 8  # <Contest>


def test_real_file_test2_cbf_result_is_a_draw() -> None:
    game, _ = read_cbf(real_file("test2.cbf"))
    assert game.result == "1/2-1/2"
    assert game.result_span.line == 34  # <RecordResult>
    assert game.root.comments == ["顺炮横车弃马对直车不受弃马局"]  # leading space stripped


# ---------------------------------------------------------------- the nid rule


def test_nid_example_of_the_draft_gives_its_three_lines() -> None:
    # 1A 2B 3C 4D 5E 6F 4G 2H 3I 4J 5K -> ABCDEF, ABCG, AHIJK (post of 2007-12-30 9:17).
    game, diags = read_cbf(DATA / "nid-example.cbf")
    assert diags == []
    A, B, C, D, E, F = "H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-H0", "H7-H3"
    G, H, I, J, K = "B9-C7", "B9-C7", "H0-G2", "H9-G7", "I0-H0"
    assert lines(game) == [[A, B, C, D, E, F], [A, B, C, G], [A, H, I, J, K]]
    assert game.headers["Type"] == "4" and game.headers["TypeText"] == "摆谱残局"
    assert game.result == "*"
    assert game.root.comments == ["草案中 nid 的例子：1A 2B 3C 4D 5E 6F 4G 2H 3I 4J 5K。"]
    # CRLF file: spans count lines and characters of the normalised text.
    g_node = game.root.children[0].children[0].children[0].children[1]
    assert g_node.comments == ["G：D 的变着。"] and g_node.span.line == 19


def test_without_nid_each_move_continues_the_line() -> None:
    game, diags = read_cbf(DATA / "ccbridge-form.cbf")
    assert diags == []
    assert lines(game) == [["H2-E2", "H9-G7", "H0-G2", "I9-H9"]]
    explicit, _ = read_cbf(
        draft(nid_moves([(1, "77-47"), (2, "70-62"), (3, "79-67"), (4, "80-70")]))
    )
    assert explicit.root.same_content(game.root) is False  # comments differ …
    assert lines(explicit) == lines(game)  # … the moves do not


def test_ccbridge_form_headers_are_mapped_to_pgn_names() -> None:
    game, _ = read_cbf(DATA / "ccbridge-form.cbf")
    assert dict(game.headers) == {
        "Name": "象棋桥格式示例",
        "Event": "测试赛",
        "Red": "红方",
        "RedElo": "2500",
        "Black": "黑方",
        "Annotator": "讲评者",
        "ECCO": "C00",
        "RecordType": "1",
    }
    assert game.result == "0-1"
    assert game.root.comments == ["中炮对屏风马"]
    assert game.root.children[0].children[0].comments == ["屏风马。"]


def test_nid_that_skips_is_reported_and_its_continuation_kept_as_a_comment() -> None:
    data = draft(nid_moves([(1, "77-47"), (3, "79-67"), (4, "80-70"), (2, "70-62")]))
    game, diags = read_cbf(data)
    assert codes(diags) == ["C311", "C305"]  # same line: the start tag, then the nid value
    assert diags[1].message == "Move `nid` 3 skips: the current line has 1 move; expected `nid` 2 or less"
    assert where(diags, "C305") == [(8, 14)]  # the nid value
    assert where(diags, "C311") == [(8, 3)]
    assert diags[0].message == "Moves from here to the end of the line, 2 in all, are kept as a comment on `77-47` at ply 1"
    assert lines(game) == [["H2-E2", "H9-G7"]]
    assert game.root.children[0].comments == ["CBF moves not read: 3:79-67 4:80-70"]


def test_first_move_must_have_nid_1() -> None:
    game, diags = read_cbf(draft(nid_moves([(2, "77-47")])))
    assert codes(diags) == ["C311", "C305"]
    assert "expected `nid` 1 or less" in diags[1].message
    assert lines(game) == [[]]
    assert game.root.comments == ["CBF moves not read: 2:77-47"]


def test_illegal_move_keeps_the_moves_before_it_and_later_alternatives() -> None:
    # 3. 77-17 (cannon onto its own cannon) is illegal; 4. continues it (skipped);
    # then an alternative third move, H0-G2, is read.
    data = draft(nid_moves([(1, "77-47"), (2, "70-62"), (3, "47-17"), (4, "80-70"), (3, "79-67")]))
    game, diags = read_cbf(data)
    assert codes(diags) == ["C306", "C311"]
    d = diags[0]
    assert d.message == "Illegal move `47-17` (`E2-B2`): the cannon on e2 cannot move to b2"
    assert (d.line, d.column, d.end_column) == (9, 3, 32)
    kept = diags[1]
    assert (kept.severity, kept.line, kept.column, kept.end_column) == (Severity.INFO, 9, 3, 32)
    assert kept.message == "Moves from here to the end of the line, 2 in all, are kept as a comment on `70-62` at ply 2"
    assert lines(game) == [["H2-E2", "H9-G7", "H0-G2"]]
    assert game.root.children[0].children[0].comments == ["CBF moves not read: 3:47-17 4:80-70"]


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([(1, "70-62")], "Illegal move `70-62` (`H9-G7`): the horse on h9 is Black's but Red is to move"),
        ([(1, "44-45")], "Illegal move `44-45` (`E5-E4`): no piece on e5; Red is to move"),
    ],
)
def test_illegal_move_messages_say_why(moves, message) -> None:  # type: ignore[no-untyped-def]
    _, diags = read_cbf(draft(nid_moves(moves)))
    assert [d.message for d in diags] == [
        message,
        "Moves from here to the end of the line, 1 in all, are kept as a comment before the first move",
    ]


def test_move_leaving_the_king_in_check_is_illegal() -> None:
    # Red king e0, Red rook e1 pinned by the Black rook on e9 (black king f9).
    board = "4jw70J8W4-r1"  # 4 e9 f9, 3 + 63 + 4 empty, e1, 4 + 4 empty, e0, 4
    assert Position("4rk3/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1") == read_cbf(draft("", board=board))[0].start
    _, diags = read_cbf(draft(nid_moves([(1, "48-38")]), board=board))
    assert [d.code for d in diags] == ["C306", "C311"]
    assert diags[0].message == "Illegal move `48-38` (`E1-D1`): it leaves Red's king in check"


def test_duplicate_sibling_is_merged_with_its_comment() -> None:
    moves = (
        '  <Move nid="1" value="77-47"/>\n  <Move nid="2" value="70-62"/>\n'
        '  <Move nid="1" value="77-47"><![CDATA[again]]></Move>\n  <Move nid="2" value="10-22"/>\n'
    )
    game, diags = read_cbf(draft(moves))
    assert codes(diags) == ["C307"]
    assert lines(game) == [["H2-E2", "H9-G7"], ["H2-E2", "B9-C7"]]
    assert game.root.children[0].comments == ["again"]
    strict_game, strict = read_cbf(draft(moves), strict=True)
    assert strict[0].severity is Severity.ERROR


def test_moves_after_end_without_nid_are_reported_once_and_kept_as_a_comment() -> None:
    moves = '  <Move value="77-47"/>\n  <Move value="70-62" end="1"/>\n  <Move value="10-22"/>\n  <Move value="79-67"/>\n'
    game, diags = read_cbf(cbf(moves=moves))
    assert codes(diags) == ["C308", "C311"]
    assert where(diags, "C308") == where(diags, "C311") == [(9, 3)]
    assert "line 8" in diags[0].message
    assert diags[1].message == "Moves without `nid` from here on, 2 in all, are kept as a comment on `70-62` at ply 2"
    assert lines(game) == [["H2-E2", "H9-G7"]]
    assert game.root.children[0].children[0].comments == ["CBF moves not read: 10-22 79-67"]


def test_end_is_redundant_when_nid_is_given() -> None:
    moves = nid_moves([(1, "77-47")]).replace("/>", ' end="1"/>') + nid_moves([(1, "79-67")])
    game, diags = read_cbf(cbf(moves=moves))
    assert diags == []
    assert lines(game) == [["H2-E2"], ["H0-G2"]]


# ---------------------------------------------------------------- move values


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("97-47", "Move value `97-47` is off the board (file 9); expected files 0–8 and rows 0–9"),
        ("77-77", "Move value `77-77` moves no piece (from and to are the same point); expected two different points"),
        ("00-00", "Move value `00-00` is the root move; only the first `Move` may be it"),
        ("7747", "Move value `7747` is not `XY-XY`; expected for each point a file 0–8 and a row 0–9 (e.g. `77-47`)"),
    ],
)
def test_bad_move_values_supersede_the_schema_error(value: str, message: str) -> None:
    game, diags = read_cbf(cbf(moves=f'  <Move value="77-47"/>\n  <Move value="{value}"/>\n'))
    assert [(d.code, d.message) for d in diags] == [
        ("C311", "Moves from here to the end of the line, 1 in all, are kept as a comment on `77-47` at ply 1"),
        ("C304", message),
    ]
    assert (diags[1].line, diags[1].column, diags[1].end_column) == (8, 16, 16 + len(value))
    assert lines(game) == [["H2-E2"]]
    assert game.root.children[0].comments == [f"CBF moves not read: {value}"]


# ---------------------------------------------------------------- start position


def test_board_of_a_handicap_game() -> None:
    # 让九子 (the example game of 《中国象棋电脑PGN文件格式》 §四): no red pawns, advisors or elephants.
    board = "jmxswsxmj10p5p1b1b1b1b1b28P5P10JM2W2MJ-r1"
    game, diags = read_cbf(draft(nid_moves([(1, "17-47")]), board=board))
    assert diags == []
    assert game.start.fen() == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
    assert game.headers["FEN"] == game.start.fen()
    assert game.tag_spans["FEN"].line == 4


def test_empty_board_is_the_initial_position_and_black_may_start() -> None:
    game, diags = read_cbf(draft("", board=""))
    assert diags == [] and game.start == Position(STARTING_FEN) and "FEN" not in game.headers
    game, diags = read_cbf(draft(nid_moves([(1, "70-62")]), board=START_BOARD[:-3] + "-b7"))
    assert diags == []
    assert game.start.turn is False and game.start.fullmove_number == 7
    assert game.headers["FEN"].endswith(" b - - 0 7")
    assert lines(game) == [["H9-G7"]]


def test_board_errors_point_at_the_character() -> None:
    board = START_BOARD.replace("W", "K", 1)
    game, diags = read_cbf(draft(nid_moves([(1, "77-47")]), board=board))
    assert codes(diags) == ["C302", "C311"]
    col = diags[0].column
    assert col == len('  <Board value="') + board.index("K") + 1
    assert game.root.children == []  # no start position: moves are kept as text
    assert game.root.comments == ["CBF moves not read: 1:77-47"]
    assert diags[1].message == "The start position is unknown: the moves, 1 in all, are kept as a comment before the first move"
    assert "C203" not in codes(diags)  # superseded


def test_board_with_unreachable_position_reports_fen_rules() -> None:
    board = "4w85-r1"  # a lone black king on e9: Red has none
    game, diags = read_cbf(draft("", board=board))
    assert codes(diags) == ["F108"]
    assert diags[0].message == "Red has no king"


def test_fen_errors_are_positioned_inside_the_fen_element() -> None:
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w - - 0 1"
    game, diags = read_cbf(cbf(f"  <FEN>{fen}</FEN>\n", '  <Move value="77-47"/>\n'))
    assert codes(diags) == ["F102", "C311"]
    assert (diags[0].line, diags[0].column) == (4, len("  <FEN>") + fen.index("Q") + 1)
    assert game.headers["FEN"] == fen and game.root.children == []
    assert game.root.comments == ["CBF moves not read: 77-47"]



def test_fen_errors_on_a_later_line_of_the_element_are_positioned_there() -> None:
    # 象棋桥 writes the FEN on the tag's line; a hand-edited file may not.
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1"
    _, diags = read_cbf(cbf(f"  <FEN>\n    {fen}\n  </FEN>\n"))
    assert codes(diags) == ["F104"]
    assert (diags[0].line, diags[0].column, diags[0].end_line, diags[0].end_column) == (5, 5 + fen.index(" x") + 1, 5, 5 + fen.index(" x") + 2)

def test_board_and_fen_disagree() -> None:
    head = f'  <Board value="{START_BOARD[:-3]}-b1"/>\n  <FEN>{STARTING_FEN}</FEN>\n'
    game, diags = read_cbf(cbf(head))
    assert codes(diags) == ["C309"]
    assert game.start.turn is True  # FEN wins


# ---------------------------------------------------------------- results and headers


@pytest.mark.parametrize(("code", "result"), [("0", "*"), ("1", "1-0"), ("2", "0-1"), ("3", "1/2-1/2")])
def test_result_codes(code: str, result: str) -> None:
    game, diags = read_cbf(cbf(f"  <RecordResult>{code}</RecordResult>\n"))
    assert diags == [] and game.result == result
    game, diags = read_cbf(cbf(f'  <Result value="{code}">x</Result>\n'))
    assert diags == [] and game.result == result and game.headers["ResultText"] == "x"


def test_result_conflict_uses_record_result() -> None:
    game, diags = read_cbf(cbf('  <Result value="1"/>\n  <RecordResult>3</RecordResult>\n'))
    assert codes(diags) == ["C310"] and game.result == "1/2-1/2"


def test_event_and_contest_both_survive() -> None:
    game, _ = read_cbf(cbf("  <Contest>杯赛</Contest>\n  <Event>决赛</Event>\n"))
    assert dict(game.headers) == {"Contest": "杯赛", "Event": "决赛"}


def test_unknown_head_element_is_kept_and_reported_at_its_own_position() -> None:
    game, diags = read_cbf(cbf("  <Name>x</Name>\n  <Opening>中炮</Opening>\n"))
    assert codes(diags) == ["C201"]
    assert (diags[0].line, diags[0].column) == (5, 3)
    assert diags[0].message == "Unexpected element `Opening` at `/ChineseChessRecord/Head/Opening`"
    assert game.headers["Opening"] == "中炮"


def test_empty_head_elements_are_no_headers() -> None:
    game, _ = read_cbf(cbf("  <Red />\n  <Black></Black>\n  <Site> </Site>\n"))
    assert dict(game.headers) == {"Site": " "}


# ---------------------------------------------------------------- encodings


_SAMPLE = '<?xml version="1.0" encoding="{enc}"?>\n<ChineseChessRecord><Head><Red>吕钦</Red></Head><MoveList/></ChineseChessRecord>\n'


@pytest.mark.parametrize(
    ("declared", "codec", "bom"),
    [
        ("UTF-8", "utf-8", b""),
        ("UTF-8", "utf-8", b"\xef\xbb\xbf"),
        ("utf8", "utf-8", b""),
        ("GBK", "gbk", b""),
        ("gb2312", "gb2312", b""),
        ("GB18030", "gb18030", b""),
        ("UTF-16", "utf-16-le", b"\xff\xfe"),
    ],
)
def test_encodings_as_declared(declared: str, codec: str, bom: bytes) -> None:
    data = bom + _SAMPLE.format(enc=declared).encode(codec)
    game, diags = read_cbf(data)
    assert diags == []
    assert game.headers["Red"] == "吕钦"


def test_no_declaration_means_utf8() -> None:
    game, diags = read_cbf("<ChineseChessRecord><Head><Red>吕钦</Red></Head><MoveList/></ChineseChessRecord>".encode())
    assert diags == [] and game.headers["Red"] == "吕钦"


def test_gb2312_label_on_gbk_bytes_is_read_as_gbk_with_a_warning() -> None:
    data = _SAMPLE.format(enc="GB2312").replace("吕钦", "呂欽").encode("gbk")
    game, diags = read_cbf(data)
    assert codes(diags) == ["C105"] and diags[0].severity is Severity.WARNING
    assert (diags[0].line, diags[0].column) == (2, 32)  # 呂 after <ChineseChessRecord><Head><Red>
    assert game.headers["Red"] == "呂欽"


def test_bom_contradicting_declaration_warns_and_bom_wins() -> None:
    data = b"\xef\xbb\xbf" + _SAMPLE.format(enc="GBK").encode("utf-8")
    game, diags = read_cbf(data)
    assert codes(diags) == ["C105"] and game.headers["Red"] == "吕钦"


def test_invalid_bytes_are_reported_where_they_are_and_the_rest_is_read() -> None:
    data = _SAMPLE.format(enc="UTF-8").encode().replace("钦".encode(), b"\xff")
    game, diags = read_cbf(data)
    assert codes(diags) == ["C104"]
    assert (diags[0].line, diags[0].column) == (2, 33)
    assert diags[0].message == "Byte(s) `ff` are not valid UTF-8; read as U+FFFD"
    assert game.headers["Red"] == "吕\ufffd"


def test_unsupported_encoding_gives_no_game() -> None:
    game, diags = read_cbf(_SAMPLE.format(enc="rot13").encode())
    assert game is None and codes(diags) == ["C104"]


# ---------------------------------------------------------------- XML safety


def test_billion_laughs_is_not_expanded() -> None:
    lol = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    data = (
        f'<?xml version="1.0"?>\n<!DOCTYPE ChineseChessRecord [<!ENTITY l0 "lol">{lol}]>\n'
        "<ChineseChessRecord><Head><Red>&l9;</Red></Head><MoveList/></ChineseChessRecord>\n"
    ).encode()
    t0 = time.perf_counter()
    game, diags = read_cbf(data)
    assert time.perf_counter() - t0 < 1.0
    # libxml2 refuses the amplification itself (C101) before any expansion.
    assert "C102" in codes(diags) and set(codes(diags)) <= {"C101", "C102", "C103"}
    assert "Red" not in game.headers


def test_external_entity_is_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    data = (
        f'<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY s SYSTEM "{secret.as_uri()}">]>\n'
        "<ChineseChessRecord><Head><Red>&s;</Red></Head><MoveList/></ChineseChessRecord>\n"
    ).encode()
    game, diags = read_cbf(data)
    assert codes(diags) == ["C102", "C103"]
    assert (diags[1].line, diags[1].column, diags[1].end_column) == (3, 32, 35)
    assert all("SECRET" not in v for v in game.headers.values())


def test_external_dtd_is_not_fetched() -> None:
    data = (
        '<?xml version="1.0"?>\n<!DOCTYPE ChineseChessRecord SYSTEM "http://192.0.2.1/cbf.dtd">\n'
        "<ChineseChessRecord><Head/><MoveList/></ChineseChessRecord>\n"
    ).encode()
    t0 = time.perf_counter()
    game, diags = read_cbf(data)
    assert time.perf_counter() - t0 < 1.0  # no network round trip
    assert codes(diags) == ["C102"] and game is not None


def test_xinclude_is_not_processed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    data = (
        '<ChineseChessRecord xmlns:xi="http://www.w3.org/2001/XInclude"><Head>'
        f'<Red><xi:include href="{secret.as_uri()}" parse="text"/></Red></Head><MoveList/></ChineseChessRecord>'
    ).encode()
    game, diags = read_cbf(data)
    assert "C201" in codes(diags)
    assert all("SECRET" not in v for v in game.headers.values())


# ---------------------------------------------------------------- malformed input


def test_truncated_file_keeps_the_moves_before_the_break() -> None:
    full = cbf(moves=nid_moves([(1, "77-47"), (2, "70-62"), (3, "79-67")]))
    data = full[: full.index(b'<Move nid="3"') + 10]
    game, diags = read_cbf(data)
    assert diags and set(codes(diags)) == {"C101", "C311"}
    assert diags[0].line is not None and diags[0].column is not None
    assert lines(game) == [["H2-E2", "H9-G7"]]
    # libxml2's recovery keeps the cut start tag `<Move nid=` as a Move without attributes.
    assert game.root.children[0].children[0].comments == ["CBF moves not read: :"]


def test_a_file_cut_short_is_said_in_our_words_with_libxml2s_as_notes() -> None:
    # Issue 27: a truncated CBF showed libxml2's text alone (`Couldn't find end of Start Tag …`).
    full = cbf(moves=nid_moves([(1, "77-47"), (2, "70-62"), (3, "79-67")]))
    data = full[: full.index(b'<Move nid="3"') + 10]  # `<Move nid=` and the end of the file
    game, diags = read_cbf(data)
    cut = [d for d in diags if d.code == "C101"]
    last = data.decode().split("\n")
    assert len(cut) == 1 and (cut[0].line, cut[0].column) == (len(last), len(last[-1]) + 1)
    assert cut[0].message == (
        "The XML ends before `</ChineseChessRecord>`: the file looks cut short; what comes before the cut is read"
    )
    notes = [n.message for n in cut[0].related]
    assert notes and all(n.startswith("libxml2: ") for n in notes)
    assert any("Start Tag Move" in n for n in notes)
    assert lines(game) == [["H2-E2", "H9-G7"]]
    # A file that ends after its last complete element, before the closing tags.
    game, diags = read_cbf(full[: full.index(b"</MoveList>")])
    assert [(d.code, d.message) for d in diags if d.code == "C101"] == [("C101", cut[0].message)]
    assert [n.message for d in diags for n in d.related if d.code == "C101"] == [
        "libxml2: Premature end of data in tag MoveList line " + str(full[: full.index(b"<MoveList")].count(b"\n") + 1)
    ]


def test_tag_mismatch_position() -> None:
    game, diags = read_cbf(b"<ChineseChessRecord>\n<Head>\n<Red>x</Black>\n</Head><MoveList/></ChineseChessRecord>")
    assert diags[0].code == "C101"
    assert (diags[0].line, diags[0].column) == (3, 15)
    assert diags[0].message == "Opening and ending tag mismatch: Red line 3 and Black"


@pytest.mark.parametrize("data", [b"", b"   ", b"\xef\xbb\xbf", b"not xml", b"<a"])
def test_no_document(data: bytes) -> None:
    game, diags = read_cbf(data)
    assert game is None and "C101" in codes(diags)


def test_wrong_root_gives_no_game() -> None:
    game, diags = read_cbf(b"<Record><Head/><MoveList/></Record>")
    assert game is None
    assert [(d.code, d.message) for d in diags] == [("C201", "Root element is `Record`; expected `ChineseChessRecord`")]


# ---------------------------------------------------------------- API


def test_path_argument_and_diagnostic_paths(tmp_path: Path) -> None:
    f = tmp_path / "x.cbf"
    f.write_bytes(cbf(moves='  <Move value="77-17"/>\n'))
    for source in (f, str(f)):
        game, diags = read_cbf(source)
        assert [d.path for d in diags] == [str(f), str(f)]
        assert game.diagnostics == diags
    _, diags = read_cbf(f.read_bytes(), path="named.cbf")
    assert diags[0].format().startswith("named.cbf:7:3: C306 ")
    assert diags[1].format().startswith("named.cbf:7:3: C311 ")


def test_missing_file_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        read_cbf(tmp_path / "nope.cbf")


# ---------------------------------------------------------------- input kinds

#: A GBK file with CRLF line ends, a comment, a bad move and what follows it:
#: decoding, positions and C3xx diagnostics all take part.
_KINDS = (
    '<?xml version="1.0" encoding="GBK"?>\r\n<ChineseChessRecord Version="1.0">\r\n <Head>\r\n'
    "  <Red>吕钦</Red>\r\n  <ECCO>Z99</ECCO>\r\n </Head>\r\n <MoveList>\r\n"
    '  <Move value="00-00"/>\r\n  <Move value="77-47">炮二平五</Move>\r\n'
    '  <Move value="70-60"/>\r\n  <Move value="79-67"/>\r\n </MoveList>\r\n</ChineseChessRecord>\r\n'
).encode("gbk")


def _kinds() -> dict[str, object]:
    return {
        "bytearray": bytearray(_KINDS),
        "memoryview": memoryview(_KINDS),
        "BytesIO": io.BytesIO(_KINDS),
        "Source of bytes": Source.from_bytes(_KINDS),
        "Source of text": Source.from_text(_KINDS.decode("gbk")),
        "StringIO": io.StringIO(_KINDS.decode("gbk")),
    }


@pytest.mark.parametrize("kind", list(_kinds()))
def test_every_input_kind_reads_like_bytes(kind: str) -> None:
    expected_game, expected = read_cbf(_KINDS)
    assert codes(expected) == ["C203", "C306", "C311"]
    assert expected_game is not None and expected_game.headers["Red"] == "吕钦"
    game, diags = read_cbf(_kinds()[kind])  # type: ignore[arg-type]
    assert diags == expected
    assert game == expected_game
    assert game is not None and game.diagnostics == expected


def test_open_handle_is_named_after_its_file(tmp_path: Path) -> None:
    f = tmp_path / "kinds.cbf"
    f.write_bytes(_KINDS)
    expected_game, expected = read_cbf(_KINDS, path=str(f))
    with open(f, "rb") as fh:
        game, diags = read_cbf(fh)
    assert diags == expected and game == expected_game
    assert {d.path for d in diags} == {str(f)}
    with open(f, "rb") as fh:
        _, renamed = read_cbf(fh, path="other.cbf")
    assert {d.path for d in renamed} == {"other.cbf"}


def test_source_name_names_the_diagnostics_unless_path_is_given() -> None:
    _, diags = read_cbf(Source.from_bytes(_KINDS, "a.cbf"))
    assert {d.path for d in diags} == {"a.cbf"}
    _, diags = read_cbf(Source.from_bytes(_KINDS, "a.cbf"), path="b.cbf")
    assert {d.path for d in diags} == {"b.cbf"}


def test_decode_gives_the_text_positions_are_counted_in() -> None:
    text = decode(_KINDS).text
    assert text is not None and "\r" not in text and text.startswith("<?xml")
    _, diags = read_cbf(_KINDS)
    bad = next(d for d in diags if d.code == "C306")
    line = text.split("\n")[bad.line - 1]  # type: ignore[operator]
    assert line[bad.column - 1 :].startswith('<Move value="70-60"/>')  # type: ignore[operator]


# ---------------------------------------------------------------- never raises

_INTERNAL_ERROR = "G106"


def _no_internal_error(data: bytes) -> None:
    """Reading ``data`` raises nothing, and linting it reports no internal error."""
    game, diags = read_cbf(data)
    assert game is None or game.diagnostics == diags
    assert all(d.line is None or d.line >= 1 for d in diags)
    linted = lint_bytes(data, "fuzz.cbf", LintOptions())
    assert _INTERNAL_ERROR not in codes(linted.diagnostics)


_VALID = [
    _KINDS,
    cbf("  <Red>r</Red>\n", nid_moves([(1, "77-47"), (2, "70-62"), (1, "79-67")])),
    draft(nid_moves([(1, "77-47"), (2, "70-62"), (3, "17-27"), (2, "79-67")]), head="  <Result value=\"1\"/>\n"),
    (DATA / "nid-example.cbf").read_bytes(),
    (DATA / "ccbridge-form.cbf").read_bytes(),
]
_PIECES = [b"<", b">", b"&x;", b'"', b"<!DOCTYPE a>", b"<Move/>", b"\xff", b' nid="9"', b' end="1"', b"<![CDATA[", b"\r"]
_FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def mutated_cbf(draw: st.DrawFn) -> bytes:
    """A valid CBF document with a few bytes deleted, inserted or changed."""
    data = bytearray(draw(st.sampled_from(_VALID)))
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["delete", "insert", "change"]))
        if kind == "delete":
            del data[i : i + draw(st.integers(1, 40))]
        elif kind == "insert":
            data[i:i] = draw(st.binary(min_size=1, max_size=20) | st.sampled_from(_PIECES))
        elif data:
            data[min(i, len(data) - 1)] = draw(st.integers(0, 255))
    return bytes(data)


@_FUZZ
@given(st.binary(max_size=2000))
def test_any_bytes_give_diagnostics_never_an_exception(data: bytes) -> None:
    _no_internal_error(data)


@_FUZZ
@given(mutated_cbf())
def test_mutated_documents_give_diagnostics_never_an_exception(data: bytes) -> None:
    _no_internal_error(data)


def test_diagnostics_are_sorted_by_position() -> None:
    moves = nid_moves([(1, "77-47"), (3, "70-62")]) + '  <Move nid="1" value="97-47"/>\n'
    _, diags = read_cbf(cbf('  <Opening>x</Opening>\n', moves))
    assert codes(diags) == ["C201", "C311", "C305", "C311", "C304"]
    assert [d.line for d in diags] == sorted(d.line for d in diags)


def test_lazy_package_attribute() -> None:
    import xqformats

    assert xqformats.read_cbf is read_cbf


def test_xml_comments_and_processing_instructions_inside_text_are_skipped() -> None:
    game, diags = read_cbf(cbf("  <Red><!-- c --> 吕<?pi x?>钦</Red>\n", '  <Move value="77-47"><!-- x -->炮<![CDATA[二平五]]></Move>\n'))
    assert diags == []
    assert game.headers["Red"] == " 吕钦"
    assert game.root.children[0].comments == ["炮二平五"]


def test_spans_of_moves_sharing_a_line_and_of_multiline_tags() -> None:
    moves = '  <Move nid="1" value="77-47"/><Move nid="2"\n   value="70-62"\n  /><Move nid="3" value="79-67"/>\n'
    game, _ = read_cbf(draft(moves))
    a = game.root.children[0]
    b = a.children[0]
    c = b.children[0]
    assert (a.span.line, a.span.column, a.span.end_column) == (7, 3, 32)
    assert (b.span.line, b.span.column, b.span.end_line, b.span.end_column) == (7, 32, 9, 5)
    assert (c.span.line, c.span.column) == (9, 5)


def test_markup_inside_cdata_does_not_mislead_the_locator() -> None:
    moves = '  <Move nid="1" value="77-47"><![CDATA[<Move nid="2" value="00-00"/>]]></Move>\n  <Move nid="2" value="70-62"/>\n'
    game, _ = read_cbf(draft(moves))
    b = game.root.children[0].children[0]
    assert (b.span.line, b.span.column) == (8, 3)
    assert game.root.children[0].comments == ['<Move nid="2" value="00-00"/>']
