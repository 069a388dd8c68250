"""Tag and game-level lint checks (T1xx, G1xx) on hand-built games.

These tests build :class:`~xqformats.model.Game` objects directly, so they
exercise the checks without any reader; the rule examples read through the
real PGN reader are in ``test_lint_rule_examples.py``.  Expected messages and
positions are worked out by hand.
"""

from __future__ import annotations

import pytest

from xqformats.core import Move, square
from xqformats.diagnostics import DiagnosticSink, Severity, Span
from xqformats.lint.checks import check_game
from xqformats.model import Game, Headers
from xqformats.position import Position


def codes(game: Game, **kw: object) -> list[str]:
    return [d.code for d in check_game(game, **kw)]  # type: ignore[arg-type]


def msgs(game: Game, code: str, **kw: object) -> list[str]:
    return [d.message for d in check_game(game, **kw) if d.code == code]  # type: ignore[arg-type]


def tagged(*pairs: tuple[str, str]) -> Game:
    g = Game(Headers(list(pairs)))
    return g


GOOD = (("Game", "Chinese Chess"), ("Result", "*"))


# ---------------------------------------------------------------- Game tag


def test_standard_headers_are_quiet() -> None:
    assert codes(tagged(*GOOD)) == []


def test_missing_game_tag() -> None:
    g = tagged(("Event", "x"))
    g.tag_spans = {"Event": Span(8, 9, 1, 9, 1, 10)}
    found = check_game(g)
    assert [(d.code, d.message) for d in found] == [
        ("T101", 'No `Game` tag; expected `[Game "Chinese Chess"]` as the first tag')
    ]
    # Anchored at the first tag written.
    assert (found[0].line, found[0].column) == (1, 9)


def test_game_tag_not_first_and_wrong_value() -> None:
    g = tagged(("Event", "x"), ("Game", "Xiangqi"))
    g.tag_spans = {"Game": Span(20, 29, 2, 7, 2, 16)}
    found = check_game(g)
    assert [(d.code, d.message, d.line, d.column) for d in found] == [
        ("T102", "`Game` tag comes after `Event`; expected it first", 2, 7),
        ("T103", "Game `Xiangqi` is not `Chinese Chess`", 2, 7),
    ]


def test_game_tag_rules_are_pgn_only() -> None:
    # CBF has no tag order and no Game tag.
    assert codes(tagged(("Event", "x")), source_format="cbf") == []


# ---------------------------------------------------------------- Date


@pytest.mark.parametrize("value", ["2004.01.05", "????.??.??", "2004.??.??", "2004.01.??", "2000.02.29"])
def test_valid_dates(value: str) -> None:
    assert codes(tagged(*GOOD, ("Date", value))) == []


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1995.5.22", "Date `1995.5.22` is not `yyyy.mm.dd`; expected `1995.05.22`"),
        ("2004-01-05", "Date `2004-01-05` is not `yyyy.mm.dd`; expected `2004.01.05`"),
        ("2004年1月5日", "Date `2004年1月5日` is not `yyyy.mm.dd`; expected `2004.01.05`"),
        ("2004", "Date `2004` is not `yyyy.mm.dd`; expected `2004.??.??`"),
        # Two-digit year: ambiguous, no suggestion.
        ("00-12-31", "Date `00-12-31` is not `yyyy.mm.dd` (`??` for unknown parts)"),
        ("2004.13.01", "Date `2004.13.01` has month `13`; expected `01`–`12` or `??`"),
        ("2004.01.32", "Date `2004.01.32` has day `32`; expected `01`–`31` or `??`"),
        ("2001.02.29", "Date `2001.02.29` is not a day of the calendar"),
        ("", "Date is empty; expected `yyyy.mm.dd` (`????.??.??` when unknown)"),
    ],
)
def test_bad_dates(value: str, message: str) -> None:
    g = tagged(*GOOD, ("Date", value))
    assert msgs(g, "T104") == [message]


# ---------------------------------------------------------------- Result


def test_result_word_names_the_standard_value() -> None:
    assert msgs(tagged(("Game", "Chinese Chess"), ("Result", "红胜")), "T106") == [
        "Result `红胜` is not standard; expected `1-0`"
    ]
    assert msgs(tagged(("Game", "Chinese Chess"), ("Result", "red")), "T106") == [
        "Result `red` is not one of `1-0`, `0-1`, `1/2-1/2`, `*`"
    ]


def test_result_mismatch_needs_a_written_marker() -> None:
    g = tagged(("Game", "Chinese Chess"), ("Result", "1-0"), ("Termination", "normal"))
    g.result = "0-1"
    # No marker span: the reader reports the missing marker; no T105 here.
    assert "T105" not in codes(g)
    g.result_span = Span(40, 43, 4, 13, 4, 16)
    found = [d for d in check_game(g) if d.code == "T105"]
    assert [(d.message, d.line, d.column, d.severity) for d in found] == [
        ("Result tag `1-0` disagrees with the termination marker `0-1`", 4, 13, Severity.ERROR)
    ]


# ---------------------------------------------------------------- PlyCount, ECCO


def _opening(*pairs: tuple[str, str]) -> Game:
    g = tagged(*GOOD, *pairs)
    # 1. 炮二平五 马8进7 = H2-E2 H9-G7 (docs/spec/board.md §2.3).
    g.root.add_line([Move(square(7, 2), square(4, 2)), Move(square(7, 9), square(6, 7))])
    return g


def test_ply_count() -> None:
    assert codes(_opening(("PlyCount", "2"))) == []
    assert msgs(_opening(("PlyCount", "3")), "T107") == ["PlyCount `3` but the main line has 2 plies"]
    assert msgs(_opening(("PlyCount", "two")), "T107") == [
        "PlyCount `two` is not a whole number; the main line has 2 plies"
    ]


def test_move_dependent_checks_skip_games_the_reader_cut_short() -> None:
    from xqformats.diagnostics import Diagnostic
    from xqformats.fen import FEN_SYNTAX

    g = _opening(("PlyCount", "3"))
    g.diagnostics.append(Diagnostic.of(FEN_SYNTAX, "bad"))
    assert "T107" not in codes(g)
    # A warning from the reader does not cut the tree: the check still runs.
    from xqformats.fen import FEN_ALIAS

    g.diagnostics = [Diagnostic.of(FEN_ALIAS, "alias")]
    assert "T107" in codes(g)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("B24", None),
        ("E99", None),
        ("b24", "ECCO `b24` is not in standard form; expected `B24`"),
        ("F01", "ECCO `F01` is not an opening code; expected a letter `A`–`E` and two digits"),
        ("中炮", "ECCO `中炮` is not an opening code; expected a letter `A`–`E` and two digits"),
        ("", None),  # unknown
    ],
)
def test_ecco(value: str, message: str | None) -> None:
    assert msgs(tagged(*GOOD, ("ECCO", value)), "T108") == ([message] if message else [])
    # CBF: the schema checks the element (C203).
    assert msgs(tagged(("ECCO", value)), "T108", source_format="cbf") == []


# ---------------------------------------------------------------- result vs board

# Red rook e1, king e0; Black king d9.  E1-D1 mates: d8 is on the rook's file,
# e9 would face the Red king down the open e-file (checked with Position below).
MATE_FEN = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"
MATE_MOVE = Move(square(4, 1), square(3, 1))


def _mate_game(result: str) -> Game:
    g = Game(Headers([("Game", "Chinese Chess"), ("Result", result)]), start=Position(MATE_FEN))
    g.result = result
    g.result_span = Span(60, 60 + len(result), 5, 10, 5, 10 + len(result))
    g.root.add_variation(MATE_MOVE)
    return g


def test_mate_fixture_is_mate() -> None:
    pos = Position(MATE_FEN)
    pos.push(MATE_MOVE)
    assert pos.is_checkmate()


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ("1/2-1/2", "Result `1/2-1/2` but Black is checkmated at the end of the game; expected `1-0`"),
        ("0-1", "Result `0-1` but Black is checkmated at the end of the game; expected `1-0`"),
    ],
)
def test_result_contradicts_mate(result: str, message: str) -> None:
    found = [d for d in check_game(_mate_game(result)) if d.code == "G104"]
    assert [(d.message, d.line, d.column) for d in found] == [(message, 5, 10)]


def test_correct_or_unknown_result_after_mate_is_quiet() -> None:
    assert codes(_mate_game("1-0")) == []
    assert codes(_mate_game("*")) == []


def test_stalemate_loses() -> None:
    # Black king d9, Red rooks c8 and e2, Red king e0, Black to move: d8 is on
    # the c8 rook's rank, e9 on the e2 rook's file, and d9 itself is not
    # attacked — no legal move without check, which loses in xiangqi.
    pos = Position("3k5/2R6/9/9/9/9/9/4R4/9/4K4 b - - 0 1")
    assert not pos.is_check() and not pos.has_legal_move()
    g = Game(Headers([("Game", "Chinese Chess"), ("Result", "1/2-1/2")]), start=pos)
    g.result = "1/2-1/2"
    assert msgs(g, "G104") == [
        "Result `1/2-1/2` but Black is stalemated (no legal move) at the end of the game; expected `1-0`"
    ]


def test_unexplained_win() -> None:
    g = _opening()
    g.headers["Result"] = "1-0"
    g.result = "1-0"
    assert msgs(g, "G103") == [
        "Result `1-0` (Red wins) but the game does not end in mate, and no comment on the last move "
        "or `Termination` tag says why"
    ]
    assert check_game(g)[0].severity is Severity.INFO
    # A comment on the last move, or a Termination tag, explains it.
    g.root.end().comments.append("黑方认负")
    assert "G103" not in codes(g)
    g.root.end().comments.clear()
    g.headers["Termination"] = "time forfeit"
    assert "G103" not in codes(g)


# ---------------------------------------------------------------- policy


def test_strict_makes_deviations_errors_only() -> None:
    g = tagged(("Event", "x"), ("Result", "红胜"))
    g.root.add_line([Move(square(7, 2), square(4, 2))])
    sink = DiagnosticSink(path="a.pgn", strict=True)
    found = check_game(g, sink=sink)
    assert {d.code: d.severity for d in found} == {
        "T101": Severity.ERROR,  # deviation -> error
        "T106": Severity.ERROR,  # deviation -> error
    }
    assert all(d.path == "a.pgn" for d in sink)
    assert list(sink) == found
    # Not strict: warnings.
    assert {d.severity for d in check_game(g)} == {Severity.WARNING}


def test_enabled_filter() -> None:
    g = tagged(("Event", "x"), ("Date", "1995.5.22"))
    assert codes(g, enabled=lambda c: c != "T101") == ["T104"]
    assert codes(g, enabled=lambda c: False) == []
