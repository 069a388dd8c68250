"""Decoding and encoding moves in the three notations, against hand-checked positions.

Expected moves come from the sources themselves (the paper, 《java 象棋论文》, and its
table 2-2; xqbase.com 《中国象棋电脑应用规范》's ICCS examples; the official WXF page's
cases; docs/spec/README.md §3.1) with the positions built by hand as the comments describe.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xqformats.core import Move
from xqformats.diagnostics import Severity
from xqformats.notation import Notation, decode, encode
from xqformats.notation import rules as R
from xqformats.notation.rules import EXAMPLE_FENS
from xqformats.position import STARTING_FEN, Position

C, W, ICCS = Notation.CHINESE, Notation.WXF, Notation.ICCS


def mv(iccs: str) -> Move:
    """``H2-E2`` → Move (a test helper, independent of the ICCS grammar)."""
    f, t = iccs.split("-")
    return Move(int(f[1]) * 9 + "ABCDEFGHI".index(f[0]), int(t[1]) * 9 + "ABCDEFGHI".index(t[0]))


def codes(diags) -> list[str]:  # type: ignore[no-untyped-def]
    return [d.code for d in diags]


def clean(text: str, pos: Position, notation: Notation | None = None) -> Move:
    move, diags = decode(text, pos, notation)
    assert diags == (), [d.message for d in diags]
    assert move is not None
    return move


# ---------------------------------------------------------------- rule examples
M_RULES = [r for r in vars(R).values() if isinstance(r, R.Rule) and r.code.startswith("M")]


@pytest.mark.parametrize("rule", M_RULES, ids=lambda r: r.code)
def test_rule_example_triggers_and_fix_does_not(rule: R.Rule) -> None:
    pos = Position(EXAMPLE_FENS.get(rule.code, STARTING_FEN))
    expected = C if rule.code == "M102" else None
    _, diags = decode(rule.example, pos, expected)
    assert rule.code in codes(diags)
    move, diags = decode(rule.fixed, pos, expected)
    assert move is not None
    assert rule.code not in codes(diags)
    assert rule.example_kind == "move"


def test_rule_codes_are_in_the_notation_ranges() -> None:
    assert len({r.code for r in M_RULES}) == len(M_RULES) == 20
    for r in M_RULES:
        assert r.code[:2] in ("M1", "M2", "M3", "M4")
        assert (r.severity is Severity.INFO) == r.code.startswith("M4")


# ---------------------------------------------------------------- sources' examples
# xqbase.com 《中国象棋电脑应用规范》(二) 三 pairs each ICCS move with its Chinese text; the
# ten moves are one opening (the paper §2.2 gives the same moves in Chinese).
OPENING = [
    ("炮二平五", "H2-E2", "C2.5"),
    ("炮５平５", "H7-E7", "C2.5"),  # written 炮８平５ in the source: checked below
    ("炮五进四", "E2-E6", "C5+4"),
    ("士４进５", "D9-E8", "A4+5"),
    ("马二进三", "H0-G2", "H2+3"),
    ("马８进７", "H9-G7", "H8+7"),
    ("炮八平五", "B2-E2", "C8.5"),
    ("马２进３", "B9-C7", "H2+3"),
    ("前炮退二", "E6-E4", "C+-2"),
    ("车９平８", "I9-H9", "R9.8"),
]
OPENING[1] = ("炮８平５", "H7-E7", "C8.5")


def test_specification_opening_in_three_notations() -> None:
    pos = Position()
    for chinese, iccs, wxf in OPENING:
        move = mv(iccs)
        assert decode(chinese, pos, C)[0] == move
        assert decode(iccs, pos, ICCS) == (move, ())
        assert decode(wxf, pos, W) == (move, ())
        assert encode(move, pos, C, fullwidth=True) == chinese
        assert encode(move, pos, W) == wxf
        assert encode(move, pos, ICCS) == iccs
        pos.push(move)


def test_notes_examples() -> None:
    # docs/spec/board.md §2.3, docs/spec/notation.md §4.2: 炮二平五 = C2.5 = H2-E2;
    # 马8进7 (Black) = H8+7 = H9-G7; 62.5 = 炮二平五.
    pos = Position()
    assert clean("炮二平五", pos) == clean("C2.5", pos) == clean("H2-E2", pos) == mv("H2-E2")
    assert decode("62.5", pos)[0] == mv("H2-E2")
    pos.push(mv("H2-E2"))
    assert clean("马8进7", pos) == clean("H8+7", pos) == clean("H9-G7", pos) == mv("H9-G7")


# The paper's table 2-2 (docs/spec/notation.md §3.7): four Red pawns on files
# 四 and 六 (f and d, ranks 8 and 6) and one on file 五 (e7); Black king e9, Red king d0.
PAPER_FEN = "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/3K5 w - - 0 1"
PAPER_TABLE = [
    # Chinese, paper's symbolic form, coordinates, canonical WXF (official case IV)
    ("一兵平五", "Pa.5", "F8-E8", "4+.5"),
    ("二兵平五", "Pb.5", "F6-E6", "4-.5"),
    ("兵五进一", "P5+1", "E7-E8", "P5+1"),
    ("三兵平五", "Pc.5", "D8-E8", "6+.5"),
    ("四兵平五", "Pd.5", "D6-E6", "6-.5"),
]


@pytest.mark.parametrize("chinese, xqbase, iccs, wxf", PAPER_TABLE)
def test_paper_table(chinese: str, xqbase: str, iccs: str, wxf: str) -> None:
    pos = Position(PAPER_FEN)
    move = mv(iccs)
    assert clean(chinese, pos) == move
    assert clean(iccs, pos) == move
    assert clean(wxf, pos) == move
    assert decode(xqbase, pos)[0] == move
    assert encode(move, pos, C) == chinese
    assert encode(move, pos, W) == wxf
    if xqbase != wxf:
        assert codes(decode(xqbase, pos)[1]) == ["M404"]


def test_paper_table_for_black() -> None:
    # The same position turned round (paper: "红黑互换 … 一卒平５"): Black's files count
    # from Black's right (file a = 1), front is toward Red.
    pos = Position("5k3/9/9/9/9/9/3p1p3/4p4/3p1p3/4K4 b - - 0 1")
    table = [
        ("一卒平5", "D1-E1", "4+.5"),
        ("二卒平5", "D3-E3", "4-.5"),
        ("卒5进1", "E2-E1", "P5+1"),
        ("三卒平5", "F1-E1", "6+.5"),
        ("四卒平5", "F3-E3", "6-.5"),
    ]
    for chinese, iccs, wxf in table:
        assert clean(chinese, pos) == clean(wxf, pos) == mv(iccs)
        assert encode(mv(iccs), pos) == chinese
        assert encode(mv(iccs), pos, W) == wxf
        assert encode(mv(iccs), pos, fullwidth=True) == chinese.replace("5", "５").replace("1", "１")


# Official WXF page, "Special Cases for Tandem Pawns": Red pawns on file 3 (g) and,
# in case IV, on file 7 (c); Black king d9, Red king e0.
OFFICIAL_CASES = {
    "I: three pawns": (
        "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        [("P+.4", "G7-F7", "前兵平四"), ("P3.4", "G6-F6", "中兵平四"), ("P-.4", "G5-F5", "后兵平四")],
    ),
    "II: five pawns": (
        "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        [
            ("++.4", "G9-F9", "一兵平四"),
            ("P+.4", "G8-F8", "二兵平四"),
            ("P3.4", "G7-F7", "三兵平四"),
            ("P-.4", "G6-F6", "四兵平四"),
            ("--.4", "G5-F5", "五兵平四"),
        ],
    ),
    "III: four pawns": (
        "3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        [
            ("++.4", "G8-F8", "一兵平四"),
            ("P+.4", "G7-F7", "二兵平四"),
            ("P-.4", "G6-F6", "三兵平四"),
            ("--.4", "G5-F5", "四兵平四"),
        ],
    ),
    "IV: two files": (
        "3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w - - 0 1",
        [
            ("3+.4", "G7-F7", "一兵平四"),
            ("33.4", "G6-F6", "二兵平四"),
            ("3-.4", "G5-F5", "三兵平四"),
            ("7+.6", "C7-D7", "四兵平六"),
            ("7-.6", "C6-D6", "五兵平六"),
        ],
    ),
    "tandem rooks (車前平三 R+.3)": (
        "3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1",
        [("R+.3", "E4-G4", "前车平三"), ("R-.4", "E2-F2", "后车平四")],
    ),
    "tandem cannons (炮後退一 C--1; corpus C++1)": (
        "3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1",
        [("C--1", "E2-E1", "后炮退一"), ("C++1", "E4-E5", "前炮进一"), ("C+.5", "E4-E4", "")],
    ),
}


@pytest.mark.parametrize("case", list(OFFICIAL_CASES))
def test_official_wxf_cases(case: str) -> None:
    fen, rows = OFFICIAL_CASES[case]
    pos = Position(fen)
    for wxf, iccs, chinese in rows:
        if not chinese:  # C+.5 on file 5 is no move: a traverse to its own file
            assert codes(decode(wxf, pos)[1]) == ["M203"]
            continue
        move = mv(iccs)
        assert clean(wxf, pos) == move
        assert clean(chinese, pos) == move
        assert encode(move, pos, W) == wxf
        assert encode(move, pos, C) == chinese


def test_xqbase_and_paper_variants() -> None:
    pos = Position(OFFICIAL_CASES["tandem cannons (炮後退一 C--1; corpus C++1)"][0])
    for text in ("+C-1", "C+-1", "c+-1", "＋Ｃ－１", "+6-1", "6+-1"):
        assert decode(text, pos)[0] == mv("E4-E3"), text
    assert codes(decode("+C-1", pos)[1]) == ["M404"]
    assert [d.message for d in decode("+C-1", pos)[1]] == ["Non-canonical `+C-1`; canonical `C+-1`"]
    three = Position(OFFICIAL_CASES["I: three pawns"][0])
    # xqbase writes the middle one with `.`; ordinals a–e count from the front.
    assert decode("P..4", three)[0] == decode(".P.4", three)[0] == mv("G6-F6")
    assert decode("Pa.4", three)[0] == mv("G7-F7")
    assert decode("Pc.4", three)[0] == mv("G5-F5")
    assert codes(decode("Pd.4", three)[1]) == ["M204"]
    # Chinese five-character form (docs/spec/notation.md §3.9).
    assert decode("前兵三平四", three)[0] == mv("G7-F7")
    assert codes(decode("前兵三平四", three)[1]) == ["M404"]
    assert codes(decode("中兵三平四", three)[1]) == ["M404"]


def test_fairy_stockfish_index_form() -> None:
    # Fairy-Stockfish writes the n-th pawn from the front on a file as `n<file>`.
    three = Position(OFFICIAL_CASES["I: three pawns"][0])
    assert decode("13=4", three)[0] == mv("G7-F7")
    assert decode("23=4", three)[0] == mv("G6-F6")
    assert decode("33=4", three)[0] == mv("G5-F5")
    # With pawns on two files the official form wins: `33.4` is the middle pawn.
    two = Position(OFFICIAL_CASES["IV: two files"][0])
    assert clean("33.4", two) == mv("G6-F6")


def test_advisors_and_elephants_need_no_marker() -> None:
    # Red elephants on c0 and c4 (file 七): the direction decides (docs/spec/notation.md §3.8).
    pos = Position("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1")
    assert clean("相七进五", pos) == clean("E7+5", pos) == mv("C0-E2")
    assert clean("相七退五", pos) == clean("E7-5", pos) == mv("C4-E2")
    assert encode(mv("C0-E2"), pos) == "相七进五"
    assert encode(mv("C4-E2"), pos, W) == "E7-5"
    # A redundant 前/后 is accepted (corpus: `E+-5`) and reported as non-canonical.
    for text, iccs in (("前相退五", "C4-E2"), ("后相进五", "C0-E2"), ("E+-5", "C4-E2"), ("E-+5", "C0-E2")):
        move, diags = decode(text, pos)
        assert move == mv(iccs)
        assert codes(diags) == ["M404"]
    # A marker that contradicts the direction names a piece that cannot go there.
    assert codes(decode("前相进五", pos)[1]) == ["M203"]


def test_black_tandem_front_is_toward_red() -> None:
    # Black rooks on b7 and b3: Black's front one is b3 (lower rank).
    pos = Position("4k4/9/1r7/9/9/9/1r7/9/9/3K5 b - - 0 1")
    assert clean("前车平5", pos) == clean("R+.5", pos) == mv("B3-E3")
    assert clean("后车进1", pos) == clean("R-+1", pos) == mv("B7-B6")
    assert clean("R--1", pos) == mv("B7-B8")
    assert encode(mv("B7-B8"), pos) == "后车退1"
    assert encode(mv("B7-B8"), pos, traditional=True, fullwidth=True) == "後車退１"


def test_traditional_and_fullwidth_input_and_output() -> None:
    pos = Position()
    for text in ("俥一進一", "車一進一", "车一进一"):
        assert decode(text, pos)[0] == mv("I0-I1")
    assert codes(decode("俥一進一", pos)[1]) == ["M406"]
    assert encode(mv("B0-C2"), pos, traditional=True) == "傌八進七"
    assert encode(mv("E0-E1"), pos, traditional=True) == "帥五進一"
    pos.push(mv("H2-E2"))
    assert encode(mv("H7-E7"), pos, traditional=True) == "砲8平5"
    assert encode(mv("H7-E7"), pos, traditional=True, fullwidth=True) == "砲８平５"
    assert encode(mv("E9-E8"), pos, traditional=True) == "將5進1"
    for text in ("包8平5", "砲８平５", "炮8平5"):
        assert decode(text, pos)[0] == mv("H7-E7")
    assert encode(mv("H7-E7"), pos, W, traditional=True, fullwidth=True) == "C8.5"


# ---------------------------------------------------------------- diagnostics
def test_messages_and_positions() -> None:
    pos = Position()
    move, diags = decode("马二进五", pos)
    assert move is None
    (d,) = diags
    assert (d.code, d.severity, d.message) == (
        "M203",
        Severity.ERROR,
        "Horse on h0 cannot advance to file `五`",
    )
    assert (d.line, d.column, d.end_line, d.end_column) == (1, 4, 1, 5)
    (d,) = decode("车二进一", pos)[1]
    assert d.message == "No Red rook on file `二`; expected one of files `一`, `九`"
    assert (d.column, d.end_column) == (2, 3)
    (d,) = decode("j2", pos)[1]
    assert d.message == (
        "Not a move `j2`; expected Chinese (`炮二平五`), WXF (`C2.5`), ICCS (`H2-E2`) or SAN (`Cbe3`) notation"
    )
    (d,) = decode("j2", pos, W)[1]
    assert d.message == "Not a WXF move `j2`; expected e.g. `C2.5`"
    (d,) = decode("I0-I3", pos)[1]
    assert d.message == "Move `I0-I3` (I0-I3) is blocked: own pawn stands on i3"
    (d,) = decode("E4-E5", pos)[1]
    assert d.message == "No Red piece on e4 (`E4-E5`): the point is empty"
    (d,) = decode("E6-E5", pos)[1]
    assert d.message == "No Red piece on e6 (`E6-E5`): the point is a Black pawn"
    (d,) = decode("H0-H2", pos)[1]
    assert (d.code, d.message) == ("M203", "Horse on h0 cannot move to h2 (`H0-H2`)")


def test_ambiguous_lists_the_alternatives() -> None:
    pos = Position(EXAMPLE_FENS["M202"])
    (d,) = decode("兵七进一", pos)[1]
    assert d.message == "Ambiguous `兵七进一`: 2 pawns on file `七`; expected `前兵进一` or `后兵进一`"
    (d,) = decode("P7+1", pos)[1]
    assert d.message == "Ambiguous `P7+1`: 2 pawns on file `7`; expected `P++1` or `P-+1`"


def test_legality_diagnostics() -> None:
    pinned = Position(EXAMPLE_FENS["M302"])
    (d,) = decode("R5.4", pinned)[1]
    assert (d.code, d.message) == ("M302", "Move `R5.4` (E1-F1) leaves the Red king in check")
    facing = Position(EXAMPLE_FENS["M303"])
    (d,) = decode("A5+4", facing)[1]
    assert (d.code, d.message) == ("M303", "Move `A5+4` (E1-F2) leaves the kings facing each other")
    pos = Position()
    (d,) = decode("H8+5", pos)[1]  # a horse cannot reach file 5
    assert (d.code, d.message) == ("M203", "Horse on b0 cannot advance to file `5`")
    (d,) = decode("H8+6", pos)[1]  # b0-d1: the leg on c0 is taken by the elephant
    assert (d.code, d.message) == ("M301", "Move `H8+6` (B0-D1) is blocked: the horse's leg on c0 is blocked")
    # A Red rook on b1 blocks the leg of the horse on b0.
    blocked = Position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/1R7/1NBAKABNR w - - 0 1")
    (d,) = decode("马八进七", blocked)[1]
    assert d.message == "Move `马八进七` (B0-C2) is blocked: the horse's leg on b1 is blocked"


def test_strict_mode_and_deviations() -> None:
    pos = Position()
    move, diags = decode("炮2平5", pos)
    assert move == mv("H2-E2")
    assert [(d.code, d.severity) for d in diags] == [("M205", Severity.WARNING)]
    move, diags = decode("炮2平5", pos, strict=True)
    assert move == mv("H2-E2")
    assert [(d.code, d.severity) for d in diags] == [("M205", Severity.ERROR)]
    move, diags = decode("H2-E2", pos, C)
    assert move == mv("H2-E2")
    assert [(d.code, d.severity) for d in diags] == [("M102", Severity.WARNING)]
    assert decode("H2-E2", pos, C, strict=True)[1][0].severity is Severity.ERROR
    pos.push(mv("H2-E2"))
    move, diags = decode("马八进七", pos)  # Black with Red's numerals
    assert move == mv("H9-G7")
    assert codes(diags) == ["M205"]


def test_missing_marker_when_only_one_can_move() -> None:
    pos = Position(EXAMPLE_FENS["M206"])  # Red pawns e9 and e5
    move, diags = decode("P5+1", pos)
    assert move == mv("E5-E6")
    assert [(d.code, d.severity, d.message) for d in diags] == [
        ("M206", Severity.WARNING,
         "`P5+1` does not say which of 2 pawns on file `5`; read as the only one that can move (`P-+1`)"),
    ]  # fmt: skip
    assert decode("P5+1", pos, strict=True)[1][0].severity is Severity.ERROR


def test_bad_markers() -> None:
    pos = Position(OFFICIAL_CASES["tandem rooks (車前平三 R+.3)"][0])
    assert codes(decode("中车平四", pos)[1]) == ["M204"]
    assert codes(decode("三车平四", pos)[1]) == ["M204"]
    assert codes(decode("R..4", pos)[1]) == ["M204"]
    assert codes(decode("前马进三", pos)[1]) == ["M204"]
    two = Position(OFFICIAL_CASES["IV: two files"][0])
    # 前兵 alone cannot say which file; the five-character form can.
    assert codes(decode("前兵进一", two)[1]) == ["M202"]
    # … unless only one of the front pawns can make the move.
    assert decode("前兵平四", two)[0] == mv("G7-F7")
    assert codes(decode("前兵平四", two)[1]) == ["M206"]
    assert decode("前兵三平四", two)[0] == mv("G7-F7")
    assert codes(decode("六兵平四", two)[1]) == ["M101"]  # ordinals stop at 五
    three = Position(OFFICIAL_CASES["I: three pawns"][0])
    (d,) = decode("四兵平四", three)[1]
    assert (d.code, d.message) == ("M204", "Ordinal 4 in `四兵平四` exceeds the 3 stacked pawns")


# ---------------------------------------------------------------- contract
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=8))
def test_decode_never_raises_and_errors_mean_no_move(text: str) -> None:
    pos = Position()
    before = pos.fen()
    move, diags = decode(text, pos)
    assert pos.fen() == before and pos.move_stack == []
    errors = [d for d in diags if d.severity is Severity.ERROR]
    assert (move is None) == bool(errors)
    for d in diags:
        assert d.line == 1 and d.column is not None and 1 <= d.column <= max(1, len(text)) + 1


def test_decode_restores_the_position_on_legality_errors() -> None:
    for code in ("M302", "M303"):
        pos = Position(EXAMPLE_FENS[code])
        before = (pos.fen(), list(pos.board), pos.king(True), pos.king(False))
        rule = next(r for r in M_RULES if r.code == code)
        assert codes(decode(rule.example, pos)[1]) == [code]
        assert (pos.fen(), list(pos.board), pos.king(True), pos.king(False)) == before


def test_notation_may_be_given_as_its_value() -> None:
    pos = Position()
    assert decode("C2.5", pos, "wxf") == (mv("H2-E2"), ())  # type: ignore[arg-type]
    assert encode(mv("H2-E2"), pos, "wxf") == "C2.5"  # type: ignore[arg-type]


def test_clean_decode_returns_a_shared_empty_result() -> None:
    pos = Position()
    a = decode("炮二平五", pos)[1]
    b = decode("H2-E2", pos)[1]
    assert a == () and a is b


# ---------------------------------------------------------------- impossible set-ups
# A FEN with too many pieces (F106) still gives a position the readers go on
# with; no notation numbers six like pieces on a file, but decode must not raise.
SIX_ROOKS = "R3k4/R8/R8/R8/R8/R8/9/9/9/4K4 w"


@pytest.mark.parametrize("text", ["R+.5", "R-.5", "Ra.5", "前车平五", "一车平五", "车九平五", "A9-E9", "R9.5"])
def test_decode_never_raises_with_six_like_pieces_on_a_file(text: str) -> None:
    from xqformats.fen import parse_fen

    pos, diags = parse_fen(SIX_ROOKS)
    assert pos is not None and "F106" in {d.code for d in diags}
    move, found = decode(text, pos)
    assert move is None or pos.is_legal(move)
    for d in found:
        assert d.code[0] == "M"


def test_encode_names_what_has_no_spelling() -> None:
    from xqformats.fen import parse_fen
    from xqformats.notation.resolve import NoSpelling

    pos, _ = parse_fen(SIX_ROOKS)
    assert pos is not None
    move = Move(81, 84)  # the rook on a9 (the front one) to d9
    with pytest.raises(NoSpelling, match="No notation tells apart 6 like pieces on one file"):
        encode(move, pos, Notation.WXF)


def test_notation_display_names() -> None:
    assert [n.label for n in Notation] == ["Chinese", "WXF", "ICCS", "SAN"]
    assert all(Notation(n.label.lower()) is n for n in Notation)


@pytest.mark.parametrize("text", [None, 7, ("C2.5",), ["C2.5"]])
def test_text_that_is_not_a_string_is_a_type_error(text: object) -> None:
    with pytest.raises(TypeError, match="takes the move as a str"):
        decode(text, Position())  # type: ignore[arg-type]


def test_slow_path_agrees_on_the_opening() -> None:
    pos = Position()
    for text in ("炮二平五", "C2.5", "H2-E2", "前炮平五", "马9进8"):
        assert decode(text, pos, fast=False) == decode(text, pos)
