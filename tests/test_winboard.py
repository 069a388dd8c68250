"""WinBoard/PyChess PGN (docs/spec/notation.md §7.7): SAN games through the PGN reader, the
fast path held equal to the Lark parse, and the tags mapped both ways."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import games
from test_pgn_fastpath import check_chunks, read_both
from xqformats.model import Game
from xqformats.notation import Notation
from xqformats.pgn import parse_pgn, write_pgn
from xqformats.pgn.splitter import split_games

WINBOARD = """[Event "Computer Chess Game"]
[White "Engine A"]
[Black "Engine B"]
[WhiteElo "2000"]
[Result "*"]
[Variant "xiangqi"]

1. Cbe2 {+0.38/19} Hg7 2. Hc2 Cd7 3. c4 g5 4. Rb0 Ege7 (4... Ra8) 5. Chf2 *
"""

PYCHESS = """[Event "PyChess casual game"]
[White "a"]
[Black "b"]
[Result "*"]
[Variant "Xiangqi"]

1. Cbe3 Hc8 2. Pc5 Rb10 3. Hc3 Pg6 *
"""


def test_winboard_game_reads_clean_with_red_for_white() -> None:
    (g,), diags = parse_pgn(WINBOARD)
    assert diags == []
    assert g.notation is Notation.SAN
    assert g.headers["Red"] == "Engine A" and g.headers["RedElo"] == "2000"
    assert "White" not in g.headers
    assert [n.move.iccs() for n in g.mainline()][:3] == ["B2-E2", "H9-G7", "B0-C2"]  # type: ignore[union-attr]
    text = write_pgn(g, "san")
    assert '[White "Engine A"]' in text and '[WhiteElo "2000"]' in text and "[Red " not in text
    assert "1. Cbe3 {+0.38/19} 1. ... Hg8 2. Hc3 Cd8 3. Pc5 Pg6 4. Rb1 Ege8 (4. ... Ra9)\n5. Chf3 *" in text


def test_pychess_game_reads_clean() -> None:
    (g,), diags = parse_pgn(PYCHESS)
    assert diags == []
    assert [n.move.iccs() for n in g.mainline()][:2] == ["B2-E2", "B9-C7"]  # type: ignore[union-attr]


def test_undecided_game_is_reported_and_read_with_ranks_1_to_10() -> None:
    (g,), diags = parse_pgn('[Variant "xiangqi"]\n\n1. Ra2 *\n')
    assert [d.code for d in diags] == ["M207"]
    assert g.root.next().move.iccs() == "A0-A1"  # type: ignore[union-attr]


def test_iccs_look_alike_is_san_in_a_san_game() -> None:
    # docs/spec/notation.md §7.6: `E3e5` is ICCS alone, SAN beside other SAN moves.
    (g,), diags = parse_pgn('[Variant "xiangqi"]\n\n1. Hc3 Hc8 2. Ece3 Hg8 3. E3g5 *\n')
    assert diags == [] and g.notation is Notation.SAN
    assert [n.move.iccs() for n in g.mainline()][-1] == "E2-G4"  # type: ignore[union-attr]


def test_san_games_take_the_fast_path() -> None:
    for text in (WINBOARD, PYCHESS):
        assert check_chunks(text) == len(list(split_games([text])))
        read_both(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(max_moves=40))
def test_written_san_games_take_the_fast_path_and_equal_lark(game: Game) -> None:
    text = write_pgn(game, "san")
    assert check_chunks(text) == 1
    read_both(text)


@settings(max_examples=100, deadline=None)
@given(parts=st.lists(st.sampled_from(["Cbe2", "E5e3", "h2e2", "e3+5", "Rb10", "c4", "x", "+", " ", "1. ", "{c}", "(", ")", "*"]), max_size=30))
def test_san_token_soup_declines_or_equals_lark(parts: list[str]) -> None:
    text = '[Variant "xiangqi"]\n' + "".join(parts)
    check_chunks(text)
    read_both(text)
