"""FEN: reading, writing, and one diagnostic per validity rule.

Every expected code, message and column below was worked out by hand from
the FEN text (columns are 1-based character positions in that text).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import legal_positions
from xqformats.core import BLACK, RED, square_name
from xqformats.diagnostics import Severity
from xqformats.fen import RULE_OF, parse_fen, validate_fen
from xqformats.position import STARTING_FEN, board_fen
from xqformats.lint.catalogue import all_rules
from xqformats.position import FenProblem, Position

START_BOARD = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
assert len(START_BOARD) == 59  # columns 1-59; the side field starts at column 61


# ---------------------------------------------------------------- reading
@pytest.mark.parametrize("side, turn", [("w", RED), ("r", RED), ("b", BLACK)])
def test_side_to_move(side: str, turn: bool) -> None:
    pos, diags = parse_fen(f"{START_BOARD} {side} - - 0 1")
    assert diags == []
    assert pos is not None and pos.turn is turn


@pytest.mark.parametrize(
    "text",
    [
        START_BOARD,
        f"{START_BOARD} w",
        f"{START_BOARD} r -",
        f"{START_BOARD} w - -",
        f"{START_BOARD} w - - 0",
        f"  {START_BOARD}   w - - 0 1  ",
        f"{START_BOARD}\tw\t-\t-\t0\t1\n",
    ],
)
def test_missing_trailing_fields_take_defaults(text: str) -> None:
    pos, diags = parse_fen(text)
    assert diags == []
    assert pos is not None
    assert pos.fen() == STARTING_FEN == f"{START_BOARD} w - - 0 1"


def test_counters_are_kept() -> None:
    pos, diags = parse_fen(f"{START_BOARD} b - - 7 23")
    assert diags == []
    assert pos is not None
    assert (pos.turn, pos.halfmove_clock, pos.fullmove_number) == (BLACK, 7, 23)
    assert pos.fen() == f"{START_BOARD} b - - 7 23"


def test_output_always_uses_w_and_dashes() -> None:
    pos, _ = parse_fen(f"{START_BOARD} r")
    assert pos is not None and pos.fen() == f"{START_BOARD} w - - 0 1"


def test_board_squares() -> None:
    pos, _ = parse_fen(STARTING_FEN)
    assert pos is not None
    # a0 = square 0 (Red's left rook), e0 = 4 (Red king), e9 = 85, h2 = 25 (cannon).
    assert (pos.board[0], pos.board[4], pos.board[85], pos.board[25], pos.board[64]) == ("R", "K", "k", "C", "c")
    assert pos.king(RED) == 4 and pos.king(BLACK) == 85
    assert board_fen(pos.board) == START_BOARD


def test_alias_letters_are_read_as_standard_pieces() -> None:
    pos, diags = parse_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w")
    assert pos is not None and pos.fen() == STARTING_FEN
    assert [d.code for d in diags] == ["F103"] * 8
    assert all(d.severity is Severity.WARNING for d in diags)


def test_paper_four_field_form_keeps_counters() -> None:
    # 《java 象棋论文》 §2.3 writes the start as `... w 0 1` (docs/spec/fen.md §2.5).
    pos, diags = parse_fen(f"{START_BOARD} w 5 12")
    assert pos is not None and pos.fen() == f"{START_BOARD} w - - 5 12"
    assert [(d.code, d.severity, d.message, d.column, d.end_column) for d in diags] == [
        (
            "F105",
            Severity.WARNING,
            "FEN has no `- -` before the counters `5 12`; expected `- - 5 12`",
            63,
            67,
        )
    ]


def test_from_fen_raises_value_error_with_first_error() -> None:
    with pytest.raises(ValueError, match="Unknown piece letter `Q`"):
        Position.from_fen(START_BOARD[:-1] + "Q w")
    # Warnings alone do not stop it.
    assert Position.from_fen(f"{START_BOARD} w 0 1").fen() == STARTING_FEN


def test_validate_fen_is_parse_fen_diagnostics() -> None:
    assert validate_fen(STARTING_FEN) == []
    assert validate_fen("") == parse_fen("")[1]


def test_semantic_errors_still_return_the_position() -> None:
    pos, diags = parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w")
    assert [d.code for d in diags] == ["F109"]
    assert pos is not None and pos.kings_facing()


# ---------------------------------------------------------------- validity table
# (FEN text, [(code, message, column), ...]) -- one failing example per rule.
E = "The kings face each other on file e with no piece between"
INVALID = [
    # F101: board shape.
    ("", [("F101", "Empty FEN; expected ten ranks of nine cells separated by `/`", 1)]),
    ("   ", [("F101", "Empty FEN; expected ten ranks of nine cells separated by `/`", 1)]),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
        [("F101", "FEN board has 9 ranks; expected 10 separated by `/`", 1)],
    ),
    (f"{START_BOARD}/9 w", [("F101", "FEN board has 11 ranks; expected 10 separated by `/`", 1)]),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
        [("F101", "FEN rank 0 (`RNBAKABN`) is 8 cells wide; expected 9", 51)],
    ),
    (
        "rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        [("F101", "FEN rank 8 (`91`) is 10 cells wide; expected 9", 11)],
    ),
    (
        "rnbakabnr//1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        [("F101", "FEN rank 8 is empty; expected 9 cells", 11)],
    ),
    # F102: unknown letters (the cell still counts towards the width).
    (
        START_BOARD[:-1] + "Q w",
        [("F102", "Unknown piece letter `Q`; expected one of `KABNRCP` or `kabnrcp`", 59)],
    ),
    (
        "rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        [("F102", "Unknown piece letter `x`; expected one of `KABNRCP` or `kabnrcp`", 9)],
    ),
    (
        "rnbakabn\x00/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        [("F102", "Unknown piece letter `U+0000`; expected one of `KABNRCP` or `kabnrcp`", 9)],
    ),
    (
        "rnbakabn５/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        [("F102", "Unknown piece letter `５`; expected one of `KABNRCP` or `kabnrcp`", 9)],
    ),
    # A run of unknown letters is one finding over the run (issue 28: a 64,000-letter run was
    # 64,000 findings); two runs are two.
    (
        "rnbakab" + "x" * 5000 + "/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        [
            ("F102", "5000 unknown piece letters `xxxxxxxxxxxxxxxxxxx…`; expected one of `KABNRCP` or `kabnrcp`", 8),
            ("F101", "FEN rank 9 (`rnbakabxxxxxxxxxxxx…`) is 5007 cells wide; expected 9", 1),
        ],
    ),
    (
        "rnbqqkaxx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        [
            ("F102", "2 unknown piece letters `qq`; expected one of `KABNRCP` or `kabnrcp`", 4),
            ("F102", "2 unknown piece letters `xx`; expected one of `KABNRCP` or `kabnrcp`", 8),
        ],
    ),
    # F103: alias letters (warnings; the position is read).
    (
        START_BOARD[:-3] + "EHR w",
        [
            ("F103", "Non-standard piece letter `E`, read as `B`; expected `B`", 57),
            ("F103", "Non-standard piece letter `H`, read as `N`; expected `N`", 58),
        ],
    ),
    # F104: side to move.
    (f"{START_BOARD} x", [("F104", "Side to move `x` is not `w`, `r` or `b`", 61)]),
    (f"{START_BOARD} red - - 0 1", [("F104", "Side to move `red` is not `w`, `r` or `b`", 61)]),
    # F105: fields 3-6.
    (f"{START_BOARD} w - - 0 0", [("F105", "FEN move number `0` is not a number of at least 1", 69)]),
    (f"{START_BOARD} w KQ - 0 1", [("F105", "FEN field 3 is `KQ`; expected `-`", 63)]),
    (f"{START_BOARD} w - e3 0 1", [("F105", "FEN field 4 is `e3`; expected `-`", 65)]),
    (f"{START_BOARD} w - - -1 1", [("F105", "FEN halfmove clock `-1` is not a number of at least 0", 67)]),
    (f"{START_BOARD} w - - x 1", [("F105", "FEN halfmove clock `x` is not a number of at least 0", 67)]),
    (f"{START_BOARD} w - - 0 1 x", [("F105", "Unexpected FEN field `x` after the move number", 71)]),
    (
        f"{START_BOARD} w - - 0 {'9' * 5000}",
        [("F105", "FEN move number `9999999999999999999…` is too large; expected at most 9 digits", 69)],
    ),
    (f"{START_BOARD} w 0 1", [("F105", "FEN has no `- -` before the counters `0 1`; expected `- - 0 1`", 63)]),
    # F106: too many of a kind, at the first piece too many in reading order.
    ("5k3/9/9/9/9/9/9/9/4K4/3K5 w", [("F106", "Red has 2 kings; at most 1 king allowed", 24)]),
    ("3aka3/4a4/9/9/9/9/9/9/9/4K4 w", [("F106", "Black has 3 advisors; at most 2 advisors allowed", 8)]),
    ("4k4/9/9/9/9/9/9/4B4/9/2B1K1B2 w", [("F106", "Red has 3 elephants; at most 2 elephants allowed", 28)]),
    ("4k4/9/9/9/1n2n2n1/9/9/9/9/3K5 w", [("F106", "Black has 3 horses; at most 2 horses allowed", 16)]),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CR4C1/9/RNBAKABNR w",
        [("F106", "Red has 3 rooks; at most 2 rooks allowed", 60)],
    ),
    ("4k4/9/ccc6/9/9/9/9/9/9/3K5 w", [("F106", "Black has 3 cannons; at most 2 cannons allowed", 9)]),
    ("4k4/9/9/9/P8/P1P1P1P1P/9/9/9/3K5 w", [("F106", "Red has 6 pawns; at most 5 pawns allowed", 22)]),
    ("4k4/9/9/9/p1p1p1p1p/p8/9/9/9/3K5 w", [("F106", "Black has 6 pawns; at most 5 pawns allowed", 21)]),
    # F107: points a piece can never reach, both colours.
    ("4k4/9/9/9/9/9/3K5/9/9/9 w", [("F107", "Red king on d3, outside its palace; expected a point of d0–f2", 16)]),
    ("9/9/9/4k4/9/9/9/9/9/3K5 w", [("F107", "Black king on e6, outside its palace; expected a point of d7–f9", 8)]),
    (
        "4k4/9/9/9/9/9/9/9/9/3KA4 w",
        [("F107", "Red advisor on e0, a point it can never reach; expected one of d2, f2, e1, d0, f0", 23)],
    ),
    (
        "4a4/3k5/9/9/9/9/9/9/9/4K4 w",
        [("F107", "Black advisor on e9, a point it can never reach; expected one of d9, f9, e8, d7, f7", 2)],
    ),
    (
        "4k4/9/9/9/2B6/9/9/9/9/3K5 w",
        [("F107", "Red elephant on c5, a point it can never reach; expected one of c4, g4, a2, e2, i2, c0, g0", 12)],
    ),
    (
        "4k4/9/9/9/9/9/9/9/4B4/3K5 w",
        [("F107", "Red elephant on e1, a point it can never reach; expected one of c4, g4, a2, e2, i2, c0, g0", 20)],
    ),
    (
        "4k4/3b5/9/9/9/9/9/9/9/3K5 w",
        [("F107", "Black elephant on d8, a point it can never reach; expected one of c9, g9, a7, e7, i7, c5, g5", 6)],
    ),
    (
        "4k4/9/9/9/9/2b6/9/9/9/3K5 w",
        [("F107", "Black elephant on c4, a point it can never reach; expected one of c9, g9, a7, e7, i7, c5, g5", 14)],
    ),
    (
        "4k4/9/9/9/9/9/9/4P4/9/3K5 w",
        [("F107", "Red pawn on e2, behind its start rank; expected rank 3 or above", 18)],
    ),
    (
        "4k4/9/9/9/9/9/1P7/9/9/3K5 w",
        [("F107", "Red pawn on b3, off the pawn files before the river; expected file a, c, e, g or i", 16)],
    ),
    (
        "4k4/9/4p4/9/9/9/9/9/9/3K5 w",
        [("F107", "Black pawn on e7, behind its start rank; expected rank 6 or below", 8)],
    ),
    (
        "4k4/9/9/9/3p5/9/9/9/9/3K5 w",
        [("F107", "Black pawn on d5, off the pawn files before the river; expected file a, c, e, g or i", 12)],
    ),
    # F108: missing kings (the span is the whole board).
    ("4k4/9/9/9/9/9/9/9/9/9 w", [("F108", "Red has no king", 1)]),
    ("9/9/9/9/9/9/9/9/9/4K4 w", [("F108", "Black has no king", 1)]),
    ("9/9/9/9/9/9/9/9/9/9 w", [("F108", "Red has no king", 1), ("F108", "Black has no king", 1)]),
    # F109: the flying-general rule (reported at the Black king).
    ("4k4/9/9/9/9/9/9/9/9/4K4 w", [("F109", E, 2)]),
    ("9/4k4/9/9/9/9/9/9/4K4/9 b", [("F109", E, 4)]),
    # F110: the side not to move is in check (reported at its king).
    ("3k5/9/9/9/9/9/9/9/9/3RK4 w", [("F110", "Black is in check but it is Red's move", 2)]),
    ("4k4/9/9/9/3r5/9/9/9/9/3K5 b", [("F110", "Red is in check but it is Black's move", 24)]),
    ("3k5/9/3a5/9/3C5/9/9/9/9/4K4 w", [("F110", "Black is in check but it is Red's move", 2)]),  # cannon
    ("4k4/9/5N3/9/9/9/9/9/9/3K5 w", [("F110", "Black is in check but it is Red's move", 2)]),  # horse
    ("9/4k4/4P4/9/9/9/9/9/9/3K5 w", [("F110", "Black is in check but it is Red's move", 4)]),  # pawn
]


@pytest.mark.parametrize("fen, expected", INVALID, ids=[f"{e[0][0]}-{i}" for i, (_, e) in enumerate(INVALID)])
def test_validity_rule_table(fen: str, expected: list[tuple[str, str, int]]) -> None:
    pos, diags = parse_fen(fen)
    assert [(d.code, d.message, d.column) for d in diags] == expected
    assert all(d.line == 1 and d.end_line == 1 for d in diags)
    if any(d.severity is Severity.ERROR for d in diags):
        with pytest.raises(ValueError):
            Position.from_fen(fen)


@pytest.mark.parametrize(
    "fen",
    [
        "4k4/9/9/9/1P7/9/9/9/9/3K5 w",  # a Red pawn off its file once across the river
        "4k4/9/9/9/9/3p5/9/9/9/3K5 w",  # the same for Black
        "4k4/9/9/9/2b6/9/9/9/9/3K5 w",  # Black elephant on c5, its river-bank point
        "4k4/9/9/9/9/2B6/9/9/9/3K5 w",  # Red elephant on c4
        "3k5/9/9/9/9/9/9/9/9/3RK4 b",  # Black checkmated: legal to write down
        "4k4/9/9/9/9/9/9/9/4A4/4K4 w",  # a piece between the kings
        "4k4/9/9/9/9/9/9/9/9/3K5 w",  # kings on different files
        "PPPPP4/4k4/9/9/9/9/9/9/9/3K5 w",  # five Red pawns on the last rank
    ],
)
def test_valid_edge_cases(fen: str) -> None:
    assert parse_fen(fen)[1] == []


def test_multiple_problems_are_all_reported() -> None:
    # A king off its palace, an advisor off its points and three rooks at once.
    _, diags = parse_fen("4k4/9/9/9/9/9/3K5/9/RRR6/4A4 w")
    assert [(d.code, d.column) for d in diags] == [
        ("F107", 16),
        ("F107", 27),
        ("F106", 23),
    ]


def test_diagnostic_spans_cover_the_offending_text() -> None:
    _, diags = parse_fen(f"{START_BOARD} w - - 0 123x")
    (d,) = diags
    assert (d.column, d.end_column) == (69, 73)  # `123x`
    _, diags = parse_fen("rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR")
    (d,) = diags
    assert (d.column, d.end_column) == (11, 13)  # `91`


# ---------------------------------------------------------------- rule pages
FEN_RULES = [r for r in all_rules() if r.code.startswith("F1")]


def test_every_fen_rule_has_samples() -> None:
    assert [r.code for r in FEN_RULES] == [f"F1{n:02d}" for n in range(1, 11)]
    for r in FEN_RULES:
        assert r.example_kind == "fen" and r.example and r.fixed


@pytest.mark.parametrize("rule", FEN_RULES, ids=[r.code for r in FEN_RULES])
def test_rule_example_fires_and_fixed_does_not(rule) -> None:  # type: ignore[no-untyped-def]
    assert rule.code in {d.code for d in validate_fen(rule.example)}
    assert validate_fen(rule.fixed) == []
    assert all(d.severity is rule.severity for d in validate_fen(rule.example) if d.code == rule.code)


# ---------------------------------------------------------------- properties
FEN_ALPHABET = st.sampled_from(list("KABNRCPkabnrcpEHehQx0123456789/ -wrb\t\n\u3000５`"))


@settings(max_examples=400, deadline=None)
@given(st.text(FEN_ALPHABET, max_size=120))
def test_parse_fen_never_raises_on_fen_like_text(text: str) -> None:
    pos, diags = parse_fen(text)
    assert pos is not None or any(d.severity is Severity.ERROR for d in diags)
    for d in diags:
        assert d.code.startswith("F1") and d.line == 1
        assert d.column is not None and d.end_column is not None
        assert 1 <= d.column <= d.end_column <= len(text) + 1


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_parse_fen_never_raises_on_any_text(text: str) -> None:
    parse_fen(text)


@settings(max_examples=200, deadline=None)
@given(legal_positions())
def test_random_positions_round_trip(pos: Position) -> None:
    text = pos.fen()
    back, diags = parse_fen(text)
    assert diags == []
    assert back is not None
    assert back.board == pos.board
    assert (back.turn, back.halfmove_clock, back.fullmove_number) == (
        pos.turn,
        pos.halfmove_clock,
        pos.fullmove_number,
    )
    assert (back.king(RED), back.king(BLACK)) == (pos.king(RED), pos.king(BLACK))
    assert back.fen() == text


# ---------------------------------------------------------------- the reader's problems
def test_every_reader_problem_has_a_rule_of_matching_severity() -> None:
    assert set(RULE_OF) == set(FenProblem)
    for problem, rule in RULE_OF.items():
        assert (rule.severity is Severity.ERROR) is problem.fatal, problem


def test_setup_problems_name_the_square() -> None:
    # Two Red kings (d1, d0) and a Red advisor on e0, which is no advisor point.
    pos, _ = parse_fen("4k4/9/9/9/9/9/9/9/3K5/3KA4 w")
    assert pos is not None
    found = [(p, m, None if s is None else square_name(s)) for p, m, s in pos.setup_problems()]
    assert found == [
        (FenProblem.SQUARE, "Red advisor on e0, a point it can never reach; expected one of d2, f2, e1, d0, f0", "e0"),
        (FenProblem.COUNT, "Red has 2 kings; at most 1 king allowed", "d0"),  # the second in reading order
    ]
    assert Position.initial().setup_problems() == []
