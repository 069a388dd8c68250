"""Moves the CBF reader cannot place are kept as a comment (C311), never dropped.

Hand-made files in ``tests/data/cbf/invalid/`` (each explains itself in an
XML comment; kept apart from the valid files the writer tests round-trip); expected trees worked out by hand from the coordinates
(``docs/cbf.md`` § Coordinates: ``77-47`` = H2-E2 …).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cbf_helpers import DATA, cbf, codes, draft, lines, nid_moves, where
from xqformats.cbf import read_cbf, write_cbf
from xqformats.cbf.unread import PREFIX, UnreadMove, parse_unread, render_item, render_unread
from xqformats.cli import main
from xqformats.diagnostics import Severity

INVALID = DATA / "invalid"


def test_bad_moves_inside_a_tree_are_kept_on_the_last_move_read() -> None:
    game, diags = read_cbf(INVALID / "moves-not-read.cbf")
    assert [(d.code, d.line, d.column) for d in diags] == [
        ("C306", 16, 3),
        ("C311", 16, 3),
        ("C311", 23, 3),
        ("C304", 23, 24),
        ("C311", 27, 3),
        ("C304", 27, 24),
    ]
    assert [d.message for d in diags if d.code == "C311"] == [
        "Moves from here to the end of the line, 4 in all, are kept as a comment on `80-70` at ply 4",
        "Moves from here to the end of the line, 2 in all, are kept as a comment on `10-22` at ply 6",
        "Moves from here to the end of the line, 1 in all, are kept as a comment on `10-22` at ply 2",
    ]
    assert all(d.severity is Severity.INFO for d in diags if d.code == "C311")
    # The alternative 5. 89-88 and 7. 88-38 are read again after the broken lines.
    assert lines(game) == [
        ["H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-I1", "B9-C7", "I1-D1"],
        ["H2-E2", "B9-C7"],
    ]
    main = list(game.mainline())
    assert main[3].comments == [
        'CBF moves not read: 5:47-17 "这步不合法" 6:10-22 7:89-88 6:72-74 "变着 \\"引号\\"\\n第二行"'
    ]
    assert main[4].comments == ["正着"]
    assert main[5].comments == ["CBF moves not read: 7:97-47 8:70-71"]
    alt = game.root.children[0].children[1]
    assert alt.comments == ["另一种应法", "CBF moves not read: 3:00-00"]
    # Every kept move is in the comments: nothing was dropped.
    kept = [m for n in game.nodes() for c in n.comments for m in (parse_unread(c) or [])]
    assert kept == [
        UnreadMove("5", "47-17", "这步不合法"),
        UnreadMove("6", "10-22", None),
        UnreadMove("7", "89-88", None),
        UnreadMove("6", "72-74", '变着 "引号"\n第二行'),
        UnreadMove("7", "97-47", None),
        UnreadMove("8", "70-71", None),
        UnreadMove("3", "00-00", None),
    ]
    placed = sum(1 for _ in game.nodes())
    assert placed + len(kept) == 15  # the file's 15 Move elements


def test_moves_after_end_are_kept_and_a_later_nid_is_placed() -> None:
    game, diags = read_cbf(INVALID / "moves-after-end.cbf")
    assert [(d.code, d.line, d.column) for d in diags] == [("C308", 13, 3), ("C311", 13, 3)]
    assert diags[1].message == "Moves without `nid` from here on, 2 in all, are kept as a comment on `70-62` at ply 2"
    assert lines(game) == [["H2-E2", "H9-G7"], ["H2-E2", "H7-E7"]]
    assert game.root.comments == ["开局"]
    assert game.root.children[0].children[0].comments == ['CBF moves not read: 10-22 "黑方另一种应法" 79-67']


def test_unreadable_start_keeps_every_move_and_the_board_string() -> None:
    game, diags = read_cbf(INVALID / "unreadable-board.cbf")
    assert [(d.code, d.line, d.column) for d in diags] == [("C301", 6, 17), ("C311", 10, 3)]
    assert diags[1].message == (
        "The start position is unknown: the moves, 3 in all, are kept as a comment before the first move"
    )
    assert game.root.children == []
    assert game.root.comments == ["残缺的棋盘", 'CBF moves not read: 1:77-47 2:70-62 "屏风马" 1:79-67']
    assert game.headers["Board"] == "jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXM-r1"


def test_missing_value_and_bad_nid_are_kept_too() -> None:
    moves = nid_moves([(1, "77-47")]) + '  <Move nid="2"/>\n  <Move nid="3" value="79-67"/>\n  <Move nid="x" value="70-62"/>\n'
    moves += nid_moves([(2, "10-22")])
    game, diags = read_cbf(draft(moves))
    assert codes(diags) == ["C202", "C311", "C203"]
    assert where(diags, "C311") == [(8, 3)]
    assert lines(game) == [["H2-E2", "B9-C7"]]
    assert game.root.children[0].comments == ['CBF moves not read: 2: 3:79-67 x:70-62']


def test_a_second_break_below_the_same_move_is_a_second_comment() -> None:
    # 2. 70-63 is illegal, so is its alternative 2. 70-64: two comments on H2-E2.
    game, diags = read_cbf(draft(nid_moves([(1, "77-47"), (2, "70-63"), (2, "70-64"), (2, "70-62")])))
    assert codes(diags) == ["C306", "C311", "C306", "C311"]
    assert game.root.children[0].comments == ["CBF moves not read: 2:70-63", "CBF moves not read: 2:70-64"]
    assert lines(game) == [["H2-E2", "H9-G7"]]


def test_values_needing_quotes_are_kept_exactly() -> None:
    moves = '  <Move value="77-47"/>\n  <Move value="7 7:&quot;4\\"><![CDATA[a\tb]]></Move>\n'
    game, diags = read_cbf(cbf(moves=moves))
    assert "C311" in codes(diags)
    (text,) = game.root.children[0].comments
    assert text == 'CBF moves not read: :"7 7:\\"4\\\\" "a\\tb"'
    assert parse_unread(text) == [UnreadMove(None, '7 7:"4\\', "a\tb")]


def test_kept_comment_survives_cbf_write_and_read() -> None:
    game, _ = read_cbf(INVALID / "moves-not-read.cbf")
    back, diags = read_cbf(write_cbf(game))
    assert diags == []
    # A Move holds one text: the two comments of the alternative B9-C7 come back as one.
    alt = game.root.children[0].children[1]
    alt.comments = ["另一种应法\nCBF moves not read: 3:00-00"]
    assert back == game


# ---------------------------------------------------------------- the compact form

_attr = st.none() | st.text(max_size=8) | st.from_regex(r"[0-9]{1,2}", fullmatch=True)
_text = st.none() | st.text(max_size=12).map(str.strip).filter(bool)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_attr, _attr, _text), min_size=1, max_size=6))
def test_compact_form_reads_back(items: list[tuple]) -> None:  # type: ignore[type-arg]
    text = render_unread([render_item(*item) for item in items])
    assert text.startswith(PREFIX + " ") and "\n" not in text
    assert parse_unread(text) == [UnreadMove(*item) for item in items]


def test_compact_form_examples() -> None:
    assert render_item("3", "47-17", "好棋") == '3:47-17 "好棋"'
    assert render_item(None, "77-47", None) == "77-47"
    assert render_item("3", None, None) == "3:"
    assert render_item(None, None, None) == ":"
    assert render_item(None, "", None) == ':""'
    assert parse_unread("an ordinary comment") is None
    assert parse_unread(PREFIX) is None


# ---------------------------------------------------------------- xqformats convert


def test_convert_cbf_to_pgn_keeps_the_moves_not_read(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from xqformats.pgn import parse_pgn

    src = workdir / "g.cbf"
    src.write_bytes((INVALID / "moves-not-read.cbf").read_bytes())
    status = main(["convert", "g.cbf", "-o", "g.pgn", "--notation", "iccs"])
    _, err = capsys.readouterr()
    assert status == 1  # errors in the input: converted as far as it could be read
    assert "g.cbf:16:3: error C306 " in err and "g.cbf: converted as far as it could be read" in err
    text = (workdir / "g.pgn").read_text(encoding="utf-8")
    assert '{CBF moves not read: 5:47-17 "这步不合法" 6:10-22 7:89-88 6:72-74 "变着 \\"引号\\"\\n第二行"}' in text
    assert "{CBF moves not read: 7:97-47 8:70-71}" in text
    assert "(1. ... B9-C7 {另一种应法} {CBF moves not read: 3:00-00})" in text
    games, diags = parse_pgn(text)
    assert [d for d in diags if d.severity is Severity.ERROR] == []
    cbf_game, _ = read_cbf(INVALID / "moves-not-read.cbf")
    assert games[0].root.same_content(cbf_game.root)


def test_convert_cbf_to_pgn_with_an_unreadable_board(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "b.cbf").write_bytes((INVALID / "unreadable-board.cbf").read_bytes())
    assert main(["convert", "b.cbf", "-o", "-", "--to", "pgn"]) == 1
    out, _ = capsys.readouterr()
    assert '[Board "jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXM-r1"]' in out
    assert '{残缺的棋盘} {CBF moves not read: 1:77-47 2:70-62 "屏风马" 1:79-67}' in out
