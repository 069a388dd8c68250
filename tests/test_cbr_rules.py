"""Each B1xx rule fires on a file built with its fault, at the byte offset of the fault, and not
on the same file without it; every rule of :mod:`xqformats.cbr.rules` has such a pair."""

from __future__ import annotations

import struct
import zlib
from typing import Callable, NamedTuple, Optional

import pytest

from cbr_helpers import ALT, END, START, Entry, Rec, cbl, cbr, comment_bytes
from xqformats.cbr import read_cbl, read_cbr, rules
from xqformats.diagnostics import Diagnostic, Rule, Severity
from xqformats.lint.catalogue import DECLARING_MODULES

OPENING = [Rec("H2-E2"), Rec("H9-G7", END)]


class Case(NamedTuple):
    """A file with the fault, the same file without it, and where the finding must be."""

    bad: Callable[[], bytes]
    good: Callable[[], bytes]
    offset: Optional[int]
    library: bool = False


def _board(**points: int) -> bytes:
    board = bytearray(START)
    for where, byte in points.items():
        board[int(where[1:])] = byte
    return bytes(board)


CASES: dict[str, Case] = {
    "B101": Case(lambda: cbr(OPENING)[:-2], lambda: cbr(OPENING), 2214 + 4 + 6),
    "B102": Case(lambda: b"CCBridge Recxrd\x00" + cbr(OPENING)[16:], lambda: cbr(OPENING), 0),
    "B103": Case(lambda: cbr(OPENING, kind=3), lambda: cbr(OPENING), 19),
    "B104": Case(lambda: cbr(OPENING, texts={"RedElo": "1234567890123456".encode("utf-16-le")}), lambda: cbr(OPENING, texts={"RedElo": "2500"}), 1268),
    "B105": Case(lambda: cbr([Rec("H2-E2", END, "\ud842巧")]), lambda: cbr([Rec("H2-E2", END, "巧")]), 2214 + 4 + 4 + 4),
    "B106": Case(lambda: cbr(OPENING, board=_board(p40=0x31)), lambda: cbr(OPENING), 2120 + 40),
    "B107": Case(lambda: cbr(OPENING, side=0), lambda: cbr(OPENING), 2112),
    "B108": Case(lambda: cbr(OPENING, result=7), lambda: cbr(OPENING, result=3), 2076),
    "B109": Case(lambda: cbr(OPENING, result=4), lambda: cbr(OPENING, result=1), 2076),
    "B110": Case(lambda: cbr([Rec((70, 95), END)]), lambda: cbr([Rec((70, 67), END)]), 2214 + 4 + 2),
    "B111": Case(lambda: cbr([Rec("H2-G3", END)]), lambda: cbr([Rec("H2-E2", END)]), 2214 + 4),
    "B112": Case(lambda: cbr([Rec("H2-G3", END)]), lambda: cbr([Rec("H2-E2", END)]), 2214 + 4),
    "B113": Case(lambda: cbr(OPENING, tail=b"\x01\x00\x02\x03"), lambda: cbr(OPENING), 2214 + 4 + 8),
    "B114": Case(
        lambda: cbl([Entry(cbr(OPENING)), Entry(cbr(OPENING), state=5)]),
        lambda: cbl([Entry(cbr(OPENING)), Entry(cbr(OPENING))]),
        66624 + 276,
        library=True,
    ),
    "B115": Case(
        lambda: b"CCBridge" + struct.pack("<3I", 21, 3, 5) + zlib.compress(b"hello"),
        lambda: cbl([Entry(cbr(OPENING))]),
        0,
        library=True,
    ),
    "B116": Case(lambda: cbl([Entry(cbr(OPENING), state=3)]), lambda: cbl([Entry(cbr(OPENING))]), 66624, library=True),
    "B117": Case(lambda: cbl([Entry(cbr(OPENING), slots=2)])[:-4096], lambda: cbl([Entry(cbr(OPENING))]), 66624 + 128 * 276, library=True),
    "B118": Case(
        lambda: cbl([Entry(cbr(OPENING), length=2220)]), lambda: cbl([Entry(cbr(OPENING))]), 66624 + 128 * 276 + 2220, library=True
    ),
}


def findings(case: Case, data: bytes, strict: bool = False) -> list[Diagnostic]:
    if case.library:
        return read_cbl(data, path="t.cbl", strict=strict)[1]
    return read_cbr(data, path="t.cbr", strict=strict)[1]


def test_every_rule_has_a_case() -> None:
    declared = {v.code for v in vars(rules).values() if isinstance(v, Rule)}
    assert declared == set(CASES)
    assert rules in DECLARING_MODULES


@pytest.mark.parametrize("code", sorted(CASES))
def test_rule_fires_at_its_offset(code: str) -> None:
    case = CASES[code]
    found = [d for d in findings(case, case.bad()) if d.code == code]
    assert found, f"{code} did not fire"
    assert found[0].offset == case.offset
    assert found[0].line is None and found[0].format().startswith(f"t.cb{'l' if case.library else 'r'}:@{case.offset:#x}: {code} ")


@pytest.mark.parametrize("code", sorted(CASES))
def test_rule_is_quiet_on_the_good_file(code: str) -> None:
    case = CASES[code]
    assert findings(case, case.good()) == []


def test_deviations_are_errors_when_strict() -> None:
    case = CASES["B103"]
    (d,) = findings(case, case.bad(), strict=True)
    assert d.severity is Severity.ERROR
    (d,) = findings(case, case.bad())
    assert d.severity is Severity.WARNING


def test_two_nul_bytes_at_an_odd_offset_do_not_end_a_text() -> None:
    # "9退" is 39 00 00 90: the zero pair straddles two characters.
    game, diags = read_cbr(cbr(OPENING, texts={"Name": "9退一步"}))
    assert diags == []
    assert game is not None and game.headers["Name"] == "9退一步"


def test_bytes_after_the_nul_code_unit_are_not_text() -> None:
    game, diags = read_cbr(cbr(OPENING, texts={"Name": "残局全书".encode("utf-16-le") + b"\x00\x00" + "书".encode("utf-16-le")}))
    assert diags == [] and game is not None and game.headers["Name"] == "残局全书"


def test_a_comment_with_bytes_after_its_nul_reports_them_and_keeps_the_text() -> None:
    raw = "好棋".encode("utf-16-le") + b"\x00\x00" + "x".encode("utf-16-le")
    head = cbr([Rec("H2-E2", END)])[:-4]
    data = head + bytes([END | 4, 0, 70, 67]) + comment_bytes(raw)
    game, diags = read_cbr(data)
    assert [d.code for d in diags] == ["B113"]
    assert game is not None and game.root.children[0].comments == ["好棋"]


def test_an_empty_board_is_a_text_record_and_not_checked() -> None:
    game, diags = read_cbr(cbr([], intro="第一章", board=bytes(90)))
    assert diags == []
    assert game is not None and game.root.comments == ["第一章"] and not game.root.children


def test_an_impossible_start_is_reported_by_the_fen_rules_at_the_board() -> None:
    board = bytearray(START)
    board[4] = 0  # no black king
    _, diags = read_cbr(cbr([], board=bytes(board)))
    assert [(d.code, d.offset) for d in diags] == [("F108", 2120)]


def test_alternatives_follow_the_subtree_of_their_move() -> None:
    # 1. H2-E2 H9-G7 2. H0-G2 (2. B0-C2) (1... H7-E7 2. H0-G2) (1. B2-E2)
    records = [
        Rec("H2-E2", ALT),
        Rec("H9-G7", ALT),
        Rec("H0-G2", ALT | END),
        Rec("B0-C2", END),
        Rec("H7-E7"),
        Rec("H0-G2", END),
        Rec("B2-E2", END),
    ]
    game, diags = read_cbr(cbr(records))
    assert diags == [] and game is not None
    root = game.root
    assert [c.move.iccs() for c in root.children] == ["H2-E2", "B2-E2"]
    first = root.children[0]
    assert [c.move.iccs() for c in first.children] == ["H9-G7", "H7-E7"]
    assert [c.move.iccs() for c in first.children[0].children] == ["H0-G2", "B0-C2"]
    assert [c.move.iccs() for c in first.children[1].children] == ["H0-G2"]


def test_an_illegal_move_keeps_its_subtree_as_a_comment_and_reads_its_alternative() -> None:
    records = [
        Rec("H2-E2"),
        Rec("H9-H5", ALT),  # illegal: a horse does not move so
        Rec("H0-G2", END, "kept"),
        Rec("H7-E7"),  # the alternative to the illegal move
        Rec("H0-G2", END),
    ]
    game, diags = read_cbr(cbr(records))
    assert [d.code for d in diags] == ["B111", "B112"]
    assert diags[0].offset == 2214 + 4 + 4
    assert game is not None
    first = game.root.children[0]
    assert first.comments == ['CBR moves not read: H9-H5 H0-G2 "kept" /']
    assert [c.move.iccs() for c in first.children] == ["H7-E7"]
    assert [c.move.iccs() for c in first.children[0].children] == ["H0-G2"]


def test_a_truncated_tree_keeps_the_moves_read() -> None:
    data = cbr([Rec("H2-E2"), Rec("H9-G7"), Rec("H0-G2", END)])[:-3]
    game, diags = read_cbr(data)
    assert [d.code for d in diags] == ["B101"]
    assert game is not None and [n.move.iccs() for n in game.mainline()] == ["H2-E2", "H9-G7"]


@pytest.mark.parametrize("cut", [0, 1, 15, 16, 100, 2213, 2214, 2217, 2220])
def test_any_cut_is_reported_never_raised(cut: int) -> None:
    data = cbr([Rec("H2-E2", 0, "注"), Rec("H9-G7", END)], intro="开局")[:cut]
    _, diags = read_cbr(data)
    assert any(d.severity is Severity.ERROR for d in diags)
