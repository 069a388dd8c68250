"""Hostile input to the readers, round two (issue 28, items 1-3 and 5): what each reproducer reads as.

Each reproducer of the issue is here at a small size, with what it must read
as, checked by hand: the fixes changed how the readers work (one pass where
there were many), not what they read.  That they stay linear on the grown
reproducers is held by the fuzzing harness (``tests/fuzz/shapes.py``, run by
``tests/fuzz/test_fuzz.py`` under a time budget per byte).

Item 5: a digit run of more than 4,300 digits, which ``int()`` refuses, was an
internal error (G106) in several readers; every reader now reads digits
through one guard (:func:`xqformats.digits.bounded_int`), and a number of more
than nine digits is the finding a wrong number gets.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cbr_helpers import ALT, END, Rec, cbr
from test_xqf_reader import rec, v10

from xqformats import formats
from xqformats.digits import MAX_NUMBER_DIGITS, bounded_int
from xqformats.lint import LintOptions, lint_bytes

ROOT = Path(__file__).resolve().parents[1]
LONG = "9" * 5000


def _read(data: bytes, name: str) -> formats.Record:
    record = formats.read(data, name=name)
    assert "G106" not in [d.code for d in record.diagnostics]
    return record


def _codes(record: formats.Record) -> list[str]:
    return [d.code for d in record.diagnostics]


# ---------------------------------------------------------------- item 1: DhtmlXQ branches


def _ubb(*blocks: str) -> bytes:
    return ("[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n" + "".join(b + "\n" for b in blocks) + "[/DhtmlXQ]\n").encode()


def _branch(parent: int, ply: int, number: int, moves: str) -> str:
    name = f"move_{parent}_{ply}_{number}"
    return f"[DhtmlXQ_{name}]{moves}[/DhtmlXQ_{name}]"


def _tree(record: formats.Record) -> list[tuple[int, str, list[str]]]:
    """Each node as (depth, move, its children's moves), pre-order."""
    out = []
    stack = [(record.games[0].root, 0)]
    while stack:
        node, depth = stack.pop()
        if node.move is not None:
            out.append((depth, node.move.iccs(), [c.move.iccs() for c in node.children]))
        stack.extend((c, depth + 1) for c in reversed(node.children))
    return out


def test_branches_listed_child_first_read_as_listed_parent_first() -> None:
    # Branch 1 leaves the main line (炮二平五 马8进7) at ply 2: 马2进3 马八进七 (B9-C7 H0-G2);
    # branch 2 leaves branch 1 at ply 3: I0-I1 A9-B9; branch 3 leaves branch 2 at ply 4: A9-A8.
    blocks = [_branch(0, 2, 1, "10227967"), _branch(1, 3, 2, "89880010"), _branch(2, 4, 3, "0001")]
    forward, backward = _read(_ubb(*blocks), "a.ubb"), _read(_ubb(*reversed(blocks)), "a.ubb")
    assert _codes(forward) == _codes(backward) == []
    assert _tree(forward) == _tree(backward) == [
        (1, "H2-E2", ["H9-G7", "B9-C7"]),
        (2, "H9-G7", []),
        (2, "B9-C7", ["H0-G2", "I0-I1"]),
        (3, "H0-G2", []),
        (3, "I0-I1", ["A9-B9", "A9-A8"]),
        (4, "A9-B9", []),
        (4, "A9-A8", []),
    ]


def test_siblings_keep_the_order_of_their_numbers_generation_by_generation() -> None:
    # Branches 5 (A9-A8) and 2 (B9-C7) leave the main line at ply 2; branch 9 (I9-I8) leaves
    # branch 5 at ply 2, the same node.  Listed 9, 5, 2: the main line's branches come first,
    # by number (2, 5), then branch 9, as a reader taking parents first places them.
    blocks = [_branch(5, 2, 9, "8081"), _branch(0, 2, 5, "0001"), _branch(0, 2, 2, "1022")]
    record = _read(_ubb(*blocks), "a.ubb")
    first = record.games[0].root.children[0]
    assert [c.move.iccs() for c in first.children] == ["H9-G7", "B9-C7", "A9-A8", "I9-I8"]


def test_a_branch_whose_parent_is_never_read_is_reported_once() -> None:
    # Branches 7 and 8 name each other as parents: neither can be placed.
    record = _read(_ubb(_branch(8, 2, 7, "1022"), _branch(7, 2, 8, "1022")), "a.ubb")
    assert _codes(record) == ["D112", "D112"]
    assert [d.message.split("`")[1] for d in record.diagnostics] == ["[DhtmlXQ_move_8_2_7]", "[DhtmlXQ_move_7_2_8]"]


# ---------------------------------------------------------------- item 2: CBR kept alternatives


def test_cbr_names_the_ply_of_each_kept_alternative() -> None:
    # H2-E2 (ALT) H9-G7 (ALT, END), then H9-G7's alternative A0-A5 (Red's rook, Black to
    # move) and H2-E2's alternative A0-A5 (a rook through its own pawn).
    data = cbr([Rec("H2-E2", ALT), Rec("H9-G7", ALT | END), Rec("A0-A5", END), Rec("A0-A5", END)])
    record = _read(data, "g.cbr")
    kept = [d.message for d in record.diagnostics if d.code == "B112"]
    assert kept == [
        "Moves from here to the end of the line, 1 in all, are kept as a comment on the move at ply 1",
        "Moves from here to the end of the line, 1 in all, are kept as a comment before the first move",
    ]


# ---------------------------------------------------------------- item 3: XQF kept lines


def test_xqf_joins_the_kept_lines_of_a_node_to_its_comment_in_order() -> None:
    # The root (comment "root") has three alternatives: a0a5 (illegal), h2e2 (comment "c",
    # whose reply a0a4 is Red's rook at Black's turn) and i0i5 (illegal).
    data = v10([rec(None, True, False, b"root"), rec("a0a5", False, True), rec("h2e2", True, True, b"c"), rec("a0a4", False, False), rec("i0i5", False, False)])
    game = _read(data, "g.xqf").games[0]
    assert game.root.comments == ["root\nXQF moves not read: a0a5\nXQF moves not read: i0i5"]
    assert [(n.move.iccs(), n.comments) for n in game.nodes()] == [("H2-E2", ["c\nXQF moves not read: a0a4"])]


def test_xqf_kept_lines_on_a_node_without_a_comment_make_one() -> None:
    data = v10([rec(None, True, False)] + [rec("a0a5", False, i < 2) for i in range(3)])
    game = _read(data, "g.xqf").games[0]
    assert game.root.comments == ["\n".join(["XQF moves not read: a0a5"] * 3)]


# ---------------------------------------------------------------- the CBF reader's kin of item 2


def test_cbf_names_the_ply_of_each_kept_alternative() -> None:
    moves = '<Move nid="1" value="79-67"/><Move nid="2" value="70-62"/><Move nid="2" value="09-04"/><Move nid="1" value="09-04"/>'
    data = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0"><Head>'
        "<FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>"
        f'<MoveList><Move value="00-00"/>{moves}</MoveList></ChineseChessRecord>\n'
    ).encode()
    record = _read(data, "g.cbf")
    kept = [d.message for d in record.diagnostics if d.code == "C311"]
    assert kept == [
        "Moves from here to the end of the line, 1 in all, are kept as a comment on `79-67` at ply 1",
        "Moves from here to the end of the line, 1 in all, are kept as a comment before the first move",
    ]


# ---------------------------------------------------------------- item 5: digit runs


def test_bounded_int_reads_up_to_nine_digits() -> None:
    assert MAX_NUMBER_DIGITS == 9
    assert bounded_int("000000042") == 42 and bounded_int("999999999") == 999_999_999
    assert bounded_int("１２") == 12  # what int() reads: fullwidth digits too
    assert [bounded_int(t) for t in ("1234567890", LONG, "", "-1", "+1", " 1", "1_0", "²")] == [None] * 8
    assert bounded_int("1234567890", 10) == 1_234_567_890


def test_a_long_dhtmlxq_branch_ply_names_no_move() -> None:
    record = _read(_ubb(f"[DhtmlXQ_move_0_{LONG}_1]1022[/DhtmlXQ_move_0_{LONG}_1]"), "a.ubb")
    assert _codes(record) == ["D113"]
    assert "has no move at ply 999999999999999999999999999999999999999…" in record.diagnostics[0].message


def test_a_long_dhtmlxq_parent_number_names_no_branch() -> None:
    record = _read(_ubb(f"[DhtmlXQ_move_{LONG}_2_1]1022[/DhtmlXQ_move_{LONG}_2_1]"), "a.ubb")
    assert _codes(record) == ["D112"]
    assert "names branch 999999999999999999999999999999999999999… as its parent" in record.diagnostics[0].message


def test_a_long_dhtmlxq_branch_number_is_read_and_named_by_its_comment() -> None:
    # Branch numbers are keys compared as digit strings (no int()), so a number of any length is
    # read, and a comment naming the same digits goes on that branch's move.
    record = _read(_ubb(f"[DhtmlXQ_move_0_2_{LONG}]1022[/DhtmlXQ_move_0_2_{LONG}]", f"[DhtmlXQ_comment{LONG}_2]x[/DhtmlXQ_comment{LONG}_2]"), "a.ubb")
    assert _codes(record) == []
    branch = record.games[0].root.children[0].children[1]
    assert branch.move.iccs() == "B9-C7" and branch.comments == ["x"]


@pytest.mark.parametrize("name", [f"comment{LONG}", f"comment1_{LONG}", f"comment{LONG}_1"])
def test_a_long_dhtmlxq_comment_number_names_no_move(name: str) -> None:
    record = _read(_ubb(f"[DhtmlXQ_{name}]x[/DhtmlXQ_{name}]"), "a.ubb")
    assert _codes(record) == ["D114"]
    assert record.games[0].root.comments == ["x"]


def test_a_long_wxf_move_number_is_a_wrong_move_number() -> None:
    record = _read(f"FORMAT\tWXF\nSTART{{\n {LONG}.  C2.5  H8+7\n}}END\n".encode(), "g.wxf")
    assert _codes(record) == ["W110"]
    assert record.diagnostics[0].message == "Move number `999999999999999999999999999999999999999…` before `C2.5`; expected `1.`"
    assert len(record.games[0].mainline_moves()) == 2


CBF = (ROOT / "tests" / "data" / "cbf" / "nid-example.cbf").read_bytes()


def test_a_long_cbf_board_count_is_a_board_size_finding() -> None:
    record = _read(CBF.replace(b"b18B", b"b" + LONG.encode() + b"B"), "g.cbf")
    assert _codes(record)[:1] == ["C301"]
    assert record.diagnostics[0].message == (
        "The Board string counts `999999999999999999999999999999999999999…` empty points at once; expected 90 points in all"
    )


def test_a_long_cbf_board_move_number_is_a_side_finding() -> None:
    record = _read(CBF.replace(b'-r1"', b"-r" + LONG.encode() + b'"'), "g.cbf")
    assert _codes(record)[:1] == ["C303"]
    assert record.diagnostics[0].message.endswith("expected a number of at least 1 with at most 9 digits")


@pytest.mark.parametrize("nid", ["12345678901", LONG])
def test_a_long_cbf_nid_skips(nid: str) -> None:
    record = _read(CBF.replace(b'nid="3"', b'nid="' + nid.encode() + b'"', 1), "g.cbf")
    assert sorted(_codes(record)) == ["C305", "C311"]
    message = next(d.message for d in record.diagnostics if d.code == "C305")
    assert message.startswith(f"Move `nid` {nid[:39]}")


def test_a_long_plycount_is_not_the_main_line_length() -> None:
    data = f'[Game "Chinese Chess"]\n[PlyCount "{LONG}"]\n1. 炮二平五 *\n'.encode()
    found = lint_bytes(data, "g.pgn", LintOptions())
    assert [d.code for d in found.diagnostics] == ["T107"]
    assert found.diagnostics[0].message.startswith("PlyCount `999999999999999999999999999999999999999…` but the main line has 1 ply")


def test_a_long_max_file_size_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    from xqformats.cli import main

    assert main(["lint", "--isolated", "--max-file-size", LONG, str(ROOT / "corpus")]) == 2
    assert "is too large a size; expected at most 15 digits" in capsys.readouterr().err
    assert formats.parse_size("1" + "0" * 14) == 10**14
