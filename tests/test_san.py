"""SAN, the fourth notation (docs/spec/notation.md §7): grammar border, decode in both rank
conventions, encode against Fairy-Stockfish's SAN (pyffish), and WinBoard PGN games."""

from __future__ import annotations

import re
from pathlib import Path

import pyffish
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import LarkError

from strategies import games, start_positions
from xqformats.core import Move, square_name
from xqformats.diagnostics import Severity
from xqformats.model import Game
from xqformats.notation import Notation, RankConvention, decode, detect_notation, encode, game_convention
from xqformats.notation.shape import parser_for
from xqformats.pgn import parse_pgn, write_pgn
from xqformats.position import Position
from xqformats.resources import grammar_path

WINBOARD, PYCHESS = RankConvention.WINBOARD, RankConvention.PYCHESS


def uci(move: Move) -> str:
    """Fairy-Stockfish's UCI: ranks 1–10."""
    a, b = square_name(move.from_square), square_name(move.to_square)
    return f"{a[0]}{int(a[1:]) + 1}{b[0]}{int(b[1:]) + 1}"


# ---------------------------------------------------------------- grammar
def _terminal() -> re.Pattern[str]:
    g = "start: SAN_MOVE\n%import .san (SAN_MOVE)\n"
    lark = Lark(g, parser="lalr", import_paths=[str(grammar_path("san.lark").parent)])
    return re.compile(lark.get_terminal("SAN_MOVE").pattern.to_regexp())


TERMINAL = _terminal()


def rule_accepts(text: str) -> bool:
    try:
        parser_for(Notation.SAN).parse(text)
    except LarkError:
        return False
    return True


SAN_CHARS = "KAEBHNRCPabcdefghijx+#0123456789-."


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet=SAN_CHARS, min_size=1, max_size=7))
def test_terminal_is_the_rule_but_the_iccs_forms(text: str) -> None:
    # docs/spec/notation.md §7.6: the terminal leaves to ICCS exactly the texts ICCS also reads.
    if TERMINAL.fullmatch(text):
        assert rule_accepts(text)
    elif rule_accepts(text):
        assert detect_notation(text) is Notation.ICCS


@pytest.mark.parametrize("text", ["Cbe2", "A10e9", "Rxb10+", "c4", "exe5", "gf3", "Rb0", "Pcxc6", "Rii2", "E5e3+", "Rh1h2"])
def test_detected_as_san(text: str) -> None:
    assert detect_notation(text) is Notation.SAN


def test_iccs_and_wxf_keep_their_texts() -> None:
    assert detect_notation("E5e3") is Notation.ICCS
    assert detect_notation("h2e2") is Notation.ICCS
    assert detect_notation("e3+5") is Notation.WXF


# ---------------------------------------------------------------- decode
def test_both_conventions() -> None:
    pos = Position.initial()
    assert decode("Cbe3", pos, ranks=PYCHESS)[0] == decode("Cbe2", pos, ranks=WINBOARD)[0] == Move(19, 22)
    assert decode("Cbe3", pos, ranks=WINBOARD)[0] is None
    # Unsaid: the one legal reading; both legal and different: 1–10 and M207.
    assert decode("Hc2", pos) == (Move(1, 20), [])
    move, diags = decode("Ra2", pos)
    assert move == Move(0, 9) and [d.code for d in diags] == ["M207"]
    assert decode("Ra2", pos, ranks=WINBOARD) == (Move(0, 18), [])


def test_errors() -> None:
    pos = Position.initial()
    assert [d.code for d in decode("Kd5", pos, ranks=PYCHESS)[1]] == ["M203"]
    assert [d.code for d in decode("Kae1", pos, ranks=PYCHESS)[1]] == ["M201"]
    two = Position("3k5/9/9/9/9/9/9/9/4K4/R7R w - - 0 1")
    move, diags = decode("Rd1", two, ranks=PYCHESS)
    assert move is None and [d.code for d in diags] == ["M202"]
    assert decode("Rad1", two, ranks=PYCHESS)[0] == Move(0, 3)


def test_game_convention() -> None:
    start = Position.initial()
    assert game_convention(["Cbe2", "Rb0"], start)[0] is WINBOARD
    assert game_convention(["Cbe3", "Hc8", "Rb10"], start)[0] is PYCHESS
    assert game_convention(["Hc3"], start)[0] is PYCHESS  # Hc3 is illegal with ranks 0–9
    assert game_convention(["Ra2"], start)[0] is None


# ---------------------------------------------------------------- encode against pyffish
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=start_positions(max_plies=40))
def test_encode_agrees_with_fairy_stockfish_and_decode_inverts_it(pos: Position) -> None:
    fen = pos.fen()
    for move in pos.legal_moves():
        text = encode(move, pos, Notation.SAN)
        assert text == pyffish.get_san("xiangqi", fen, uci(move)), (fen, move)
        assert decode(text, pos, Notation.SAN, ranks=PYCHESS) == (move, [])
        winboard = encode(move, pos, Notation.SAN, ranks=WINBOARD)
        assert decode(winboard, pos, Notation.SAN, ranks=WINBOARD) == (move, [])


# ---------------------------------------------------------------- WinBoard PGN
WINBOARD_FILES = {
    "maksimKorzh__wukong-xiangqi/pgn/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F.pgn": [],
    "maksimKorzh__wukong-xiangqi/pgn/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F(1-0).pgn": [],
    "maksimKorzh__wukong-xiangqi/pgn/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F(1-0)2.pgn": [],
    "benckx__elephantchess/webapp/src/test/js/parsers/fixtures/pgn0/"
    "Cyclone_v6.2_[develop_091218]_(UCI2WB)-ElephantEye_3.1_(UCCI2WB)_13.pgn": [],
    # Checked by hand: the file stops after `38. K` with no result.
    "benckx__elephantchess/webapp/src/test/js/parsers/fixtures/pgn0/issue_545.pgn": ["P205"],
    "benckx__elephantchess/webapp/src/test/js/parsers/fixtures/pgn1/davide2022.pgn": [],
}


#: Texts whose check mark the files write, at some plies, where Fairy-Stockfish and we write another (checked by hand:
#: the positions, with pyffish): WinBoard's `#` after a stalemating last move, `+` after a
#: mate; PyChess's `+` after two moves that give no check.
MARKS_DIFFER = {"Hf7#", "Hd3+", "Cf7+", "Cg10+"}


def _san_words(game: Game) -> list[str]:
    return [n.text for n in game.mainline()]  # type: ignore[misc]


@pytest.mark.parametrize("name", sorted(WINBOARD_FILES))
def test_corpus_winboard_games(shared_corpus: Path, name: str) -> None:
    games_, diags = parse_pgn((shared_corpus / name).read_text(encoding="utf-8"))
    assert [d.code for d in diags] == WINBOARD_FILES[name]
    convention = PYCHESS if "pgn1" in name else WINBOARD
    for game in games_:
        assert game.notation is Notation.SAN
        assert "White" not in game.headers and game.headers["Red"]
        pos = game.start.copy()
        fen = pos.fen()
        played: list[str] = []
        for node, written in zip(game.mainline(), _san_words(game)):
            move = node.move
            assert move is not None
            # pyffish confirms every move legal; our encoder writes what the file wrote.
            assert uci(move) in pyffish.legal_moves("xiangqi", fen, played)
            ours = encode(move, pos, Notation.SAN, ranks=convention)
            if written in MARKS_DIFFER:
                assert ours.rstrip("+#") == written.rstrip("+#")
            else:
                assert ours == written
            played.append(uci(move))
            pos.push(move)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(max_moves=60))
def test_san_pgn_round_trip(game: Game) -> None:
    text = write_pgn(game, "san")
    assert '[Variant "xiangqi"]' in text and "[Format " not in text
    back, diags = parse_pgn(text)
    assert [d for d in diags if d.severity is Severity.ERROR] == [], text
    assert all(d.code == "M207" for d in diags if d.severity is not Severity.INFO)
    (g,) = back
    assert g.start == game.start and g.result == game.result
    assert g.headers.get("Red") == game.headers.get("Red")
    body = write_pgn(g, "iccs").split("\n\n", 1)[1]
    assert body == write_pgn(game, "iccs").split("\n\n", 1)[1], text
