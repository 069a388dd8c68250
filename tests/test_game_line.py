"""The main line's scan taken from the reader's position (``game_line``) equals a replay (``scan_line``).

A reader's builder leaves its position where the game's events ended: at the
main line's end for most records, at the end of the last variation for a
pre-order tree (XQF, CBF) or a PGN that ends in one.  :func:`game_line` takes
the scan from that position only while its move stack is the main line, and
the result must be what playing the main line again gives, whatever was done
to the game after it was read.
"""

from __future__ import annotations

from hypothesis import given, settings

from strategies import games
from xqformats.adjudication.cycles import LineScan, scan_line
from xqformats.adjudication.verdict import game_line
from xqformats.core import Move, square
from xqformats.model import Game
from xqformats.pgn import parse_pgn, write_pgn
from xqformats.xqf import read_xqf, write_xqf


def replayed(game: Game) -> LineScan:
    return scan_line(game.start, game.mainline_moves())


def same(a: LineScan, b: LineScan) -> bool:
    return (a.moves, a.keys, a.decided, a.captures, a.end.fen(), a.end.move_stack) == (
        b.moves, b.keys, b.decided, b.captures, b.end.fen(), b.end.move_stack
    )


def _read_back(game: Game) -> list[Game]:
    pgn_games, _ = parse_pgn(write_pgn(game, "iccs"))
    xqf_game, _ = read_xqf(write_xqf(game))
    assert xqf_game is not None
    return [*pgn_games, xqf_game]


@settings(max_examples=60, deadline=None)
@given(games(max_moves=40))
def test_the_scan_from_the_readers_position_is_the_replay(game: Game) -> None:
    # Generated games with variations, read back from PGN (nested) and XQF (pre-order).
    for read in _read_back(game):
        assert (read.played_line is not None) == bool(read.root.children)  # (a game of no moves keeps none)
        assert same(game_line(read), replayed(read))


def test_a_game_whose_tree_ends_in_a_variation_is_played_again() -> None:
    # XQF lists the tree in pre-order: the last move read is the variation's, where the reader's
    # position stays.  (A PGN variation ends with `)`, back on the line it interrupted.)
    games_read, _ = parse_pgn("1. h2e2 (1. b2e2 b9c7) 1... h9g7 2. h0g2 *\n")
    game, _ = read_xqf(write_xqf(games_read[0]))
    assert game is not None and game.played_line is not None
    assert game.played_line[-1].move_stack != game.mainline_moves()  # the variation's end
    assert same(game_line(game), replayed(game))


def test_a_game_changed_after_reading_is_played_again() -> None:
    games_read, _ = parse_pgn("1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 h9h8 *\n")
    game = games_read[0]
    game.root.end().add_variation(Move(square(7, 0), square(7, 4)))  # a seventh move, h0h4: the reader's position is behind
    assert same(game_line(game), replayed(game)) and len(game_line(game).moves) == 7
    game.root.end().parent.children.clear()  # back to the six moves read
    assert same(game_line(game), replayed(game)) and len(game_line(game).moves) == 6
    game.start.halfmove_clock = 7  # another start (its clock): the end's clock differs
    assert same(game_line(game), replayed(game))
    game.start.turn = not game.start.turn  # another side to move: other keys
    assert same(game_line(game), replayed(game))


def test_a_game_of_no_moves_keeps_no_position() -> None:
    # Found by the fuzzer (pgn:stream, memory): a file of many games with no moves held one more
    # position per game; such a game has nothing to replay, and keeps nothing.
    games_read, _ = parse_pgn('[Result "1-0"]\n\n1-0\n\n[Result "0-1"]\n\n0-1\n')
    assert [g.played_line for g in games_read] == [None, None]
    assert same(game_line(games_read[0]), replayed(games_read[0]))
