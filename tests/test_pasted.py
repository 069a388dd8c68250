"""Pasted text (docs/spec/pasted.md): bare move lists, FENs and UCCI lines read as one game.

Expected results were worked out by hand from the clauses (the moves of the
opening 炮二平五 马８进７ 马二进三 车９平８ are h2e2 h9g7 h0g2 i9h9 in ICCS) and, for
the cases vschess reads, checked against vschess run with Node as a black box
(``vs.dataToNode(text)``): the same start position and the same main line.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess

import pytest
from conftest import SHARED_CORPUS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import games

import xqformats
from xqformats.cli import main
from xqformats.diagnostics import Severity
from xqformats.formats import REGISTRY, read
from xqformats.model import Game
from xqformats.notation import Notation, encode
from xqformats.pasted import read_pasted
from xqformats.position import STARTING_FEN

VSCHESS = SHARED_CORPUS.parent / "oracles" / "vschess" / "vschess.function.js"

OPENING = ["h2e2", "h9g7", "h0g2", "i9h9"]
LONE_KINGS = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
BLACK_TO_MOVE = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"

#: (pasted text, start FEN, main line in ICCS): read by hand, and by vschess alike.
CASES: list[tuple[str, str, list[str]]] = [
    ("1. 炮二平五 马８进７ 2. 马二进三 车９平８", STARTING_FEN, OPENING),
    ("炮二平五 马８进７ 马二进三 车９平８", STARTING_FEN, OPENING),
    ("炮二平五 马8进7\n马二进三 车9平8\n", STARTING_FEN, OPENING),
    ("1、炮二平五 马８进７\n2、马二进三 车９平８", STARTING_FEN, OPENING),
    ("１．炮二平五　马８进７\n２．马二进三　车９平８", STARTING_FEN, OPENING),
    ("1.C2.5 H8+7 2.H2+3 R9.8", STARTING_FEN, OPENING),
    ("h2e2 h9g7 h0g2 i9h9", STARTING_FEN, OPENING),
    ("1. h2-e2 h9-g7 2. h0-g2 i9-h9", STARTING_FEN, OPENING),
    ("H2-E2 H9-G7\r\nH0-G2 I9-H9\r\n", STARTING_FEN, OPENING),
    ("position startpos moves h2e2 h9g7 h0g2 i9h9", STARTING_FEN, OPENING),
    (f"position fen {STARTING_FEN} moves h2e2 h9g7 h0g2 i9h9", STARTING_FEN, OPENING),
    (f"position fen {LONE_KINGS} moves e0e1 d9d8", LONE_KINGS, ["e0e1", "d9d8"]),
    (LONE_KINGS, LONE_KINGS, []),
    ("3k5/9/9/9/9/9/9/9/9/4K4 w", LONE_KINGS, []),
    ("3k5/9/9/9/9/9/9/9/9/4K4", LONE_KINGS, []),
    (f"{LONE_KINGS}\n1. 帅五进一 将４进１", LONE_KINGS, ["e0e1", "d9d8"]),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b\n1... 马８进７ 2. 炮二平五", BLACK_TO_MOVE, ["h9g7", "h2e2"]),
]


def _iccs(game: Game) -> list[str]:
    return [m.iccs().lower().replace("-", "") for m in game.mainline_moves()]


def _one(text: str) -> tuple[Game, list[str]]:
    games, diagnostics = read_pasted(text)
    assert len(games) == 1, diagnostics
    # The style findings (M4xx: fullwidth digits, lower-case ICCS) are opt-in: left out here.
    return games[0], [d.code for d in diagnostics if not d.code.startswith("M4")]


# ---------------------------------------------------------------- the shapes (§3–§5)


@pytest.mark.parametrize(("text", "fen", "moves"), CASES, ids=[c[0][:30] for c in CASES])
def test_each_shape_reads_its_game(text: str, fen: str, moves: list[str]) -> None:
    game, codes = _one(text)
    assert game.start.fen() == fen
    assert _iccs(game) == moves
    assert game.result == "*"
    # Nothing is wrong with any of them: the one finding says there are no tags.
    assert codes == ["A101"]
    assert ("FEN" in game.headers) is (fen != STARTING_FEN)


def test_vschess_reads_the_same_games() -> None:
    if shutil.which("node") is None or not VSCHESS.is_file():
        pytest.skip("needs Node.js and ../shared/oracles/vschess")
    script = """
const vs = require(process.argv[1]);
const out = JSON.parse(require("fs").readFileSync(0, "utf8")).map(text => {
  let node = vs.dataToNode(text);
  const fen = node.fen, moves = [];
  while (node.next.length) { node = node.next[node.defaultIndex || 0]; moves.push(node.move); }
  return [fen, moves];
});
console.log(JSON.stringify(out));
"""
    texts = [text for text, _, _ in CASES]
    run = subprocess.run(
        ["node", "-e", script, str(VSCHESS)], input=json.dumps(texts), capture_output=True, text=True, timeout=120, check=True
    )
    for text, (fen, moves) in zip(texts, json.loads(run.stdout)):
        game, _ = _one(text)
        assert (game.start.fen(), _iccs(game)) == (fen, moves), text


def test_san_moves_are_read_too() -> None:
    # The SAN dialect (WinBoard, PyChess): vschess does not read it; by hand, Che3 = h2e2, Hg8 = h9g7
    # read with ranks 1-10 (docs/spec/notation.md §7.1).
    game, codes = _one("Che3 Hg8 Hg3 Rh10")
    assert _iccs(game) == OPENING
    assert "A101" in codes


def test_movetext_is_pgn_movetext() -> None:
    """Comments, variations and a result are read as PGN reads them (§5.1)."""
    game, codes = _one("1. 炮二平五 {中炮} 马８进７ (1... 炮８平５) 2. 马二进三 1-0")
    assert _iccs(game) == ["h2e2", "h9g7", "h0g2"]
    assert game.result == "1-0"
    first = next(iter(game.mainline()))
    assert first.comments == ["中炮"]
    assert len(first.variations) == 2
    assert codes == ["A101"]


# ---------------------------------------------------------------- positions and findings


def test_no_tags_is_an_info_at_the_start() -> None:
    _game, _ = _one("\n\n  炮二平五")
    (note,) = read_pasted("\n\n  炮二平五")[1]
    assert (note.code, note.severity.name, note.line, note.column) == ("A101", "INFO", 3, 3)
    assert "no tags" in note.message and "initial position" in note.message


def test_an_illegal_move_is_placed_in_the_pasted_text() -> None:
    # The horse of file 2 went to file 3 (g2): no Red horse is left on file 2. The move starts on
    # line 2 at column 17; the finding points at its file, `二`, column 18.
    games, diagnostics = read_pasted("1. 炮二平五 马８进７\n2. 马二进三 车９平８ 3. 马二进三")
    assert _iccs(games[0]) == OPENING
    errors = [d for d in diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.line, d.column) for d in errors] == [("M201", 2, 18)]
    # What could not be read is kept, as PGN keeps it (a comment on the last move read).
    assert "马二进三" in " ".join(list(games[0].mainline())[-1].comments)


def test_pgn_file_conventions_are_not_asked_of_pasted_moves() -> None:
    # No number, no space after a number, no Format tag for WXF, no result: none reported (§5.3).
    _game, codes = _one("1.C2.5 H8+7\nH2+3 R9.8")
    assert codes == ["A101"]


def test_a_list_number_followed_by_a_digit_is_a_wxf_move() -> None:
    game, _ = _one("62.5 h8+7")  # 62.5: the cannon on file 2 to file 5 (docs/spec/pgn.md §4.4)
    assert _iccs(game) == ["h2e2", "h9g7"]


def test_ucci_moves_after_a_bad_one_are_not_read() -> None:
    games, diagnostics = read_pasted("position startpos moves h2e2 h2h9 h0g2")
    assert _iccs(games[0]) == ["h2e2"]
    (error,) = [d for d in diagnostics if d.severity.name == "ERROR"]
    assert (error.code, error.column) == ("M201", 30)
    assert [r.code for r in error.related] == ["A105"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("position", "`position` names no position"),
        ("position moves h2e2", "`position` names no position"),
        ("position fen moves h2e2", "`fen` is followed by no FEN board"),
        ("position current moves h2e2", "`position` is followed by `current`"),
    ],
)
def test_a_ucci_line_without_a_position_gives_no_game(text: str, message: str) -> None:
    games, diagnostics = read_pasted(text)
    assert games == []
    assert [d.code for d in diagnostics] == ["A103"]
    assert diagnostics[0].message.startswith(message)


def test_ucci_spelling_is_no_style_finding() -> None:
    # M405 would "fix" h2e2 to H2-E2, which is no UCCI move (docs/spec/pasted.md §3.2).
    codes = [d.code for d in read_pasted("position startpos moves h2e2 h9g7")[1]]
    assert codes == ["A101"]
    assert "M405" in [d.code for d in read_pasted("h2e2 h9g7")[1]]  # in a move list it is one


def test_words_after_startpos_are_reported() -> None:
    game, codes = _one("position startpos now moves h2e2")
    assert _iccs(game) == ["h2e2"] and "A103" in codes


def test_only_the_first_ucci_line_is_read() -> None:
    text = "position startpos moves h2e2\nposition startpos moves h2e2 h9g7\n"
    games, diagnostics = read_pasted(text)
    assert _iccs(games[0]) == ["h2e2"]
    ignored = [d for d in diagnostics if d.code == "A104"]
    assert [(d.line, d.column) for d in ignored] == [(2, 1)]


def test_a_second_fen_line_is_not_read() -> None:
    games, diagnostics = read_pasted(f"{LONE_KINGS}\n{STARTING_FEN}\n帅五进一")
    assert games[0].start.fen() == LONE_KINGS and _iccs(games[0]) == ["e0e1"]
    assert [d.line for d in diagnostics if d.code == "A104"] == [2]


def test_a_fen_without_a_board_keeps_the_moves_as_a_comment() -> None:
    games, diagnostics = read_pasted("3k5/9/9 w\n1. 炮二平五")
    assert list(games[0].mainline_moves()) == []
    assert "炮二平五" in " ".join(games[0].root.comments)
    (fen,) = [d for d in diagnostics if d.code.startswith("F")]
    assert fen.code == "F101" and [r.code for r in fen.related] == ["A105"]


def test_a_bad_fen_alone_gives_no_game() -> None:
    games, diagnostics = read_pasted("3k5/9/9")
    assert games == [] and [d.code for d in diagnostics] == ["F101"]


@pytest.mark.parametrize("text", ["", "\n \n\t\n", "\u3000"])
def test_blank_text_holds_no_game(text: str) -> None:
    games, diagnostics = read_pasted(text)
    assert games == [] and [d.code for d in diagnostics] == ["A102"]


# ---------------------------------------------------------------- the front door and the commands


def test_a_str_is_a_path_and_text_given_as_one_is_told_how_to_pass_it() -> None:
    """``read(str)`` reads a file; when no file has that name and the string is a record's text, G102 says how to pass text."""
    for text in ("1. 炮二平五 马８进７", '[Game "Chinese Chess"]\n1. 炮二平五 *\n'):
        (finding,) = read(text).diagnostics
        assert finding.code == "G102" and finding.message.endswith(
            "No such file or directory; a `str` is a path: to read the text itself, pass `io.StringIO(text)` or `text.encode()`"
        )
        assert read(io.StringIO(text)).games  # as the message says
    (finding,) = read("no-such-folder/games.pgn").diagnostics
    assert finding.message == "Cannot read `no-such-folder/games.pgn`: No such file or directory"  # a name: no hint


def test_unnamed_inputs_are_read_as_pasted_text() -> None:
    for given_ in (io.StringIO("炮二平五 马８进７"), "炮二平五 马８进７".encode(), xqformats.Source.from_text("炮二平五 马８进７")):
        record = read(given_)
        assert record.format is REGISTRY.get("pasted")
        assert _iccs(record.games[0]) == ["h2e2", "h9g7"]
        assert [d.code for d in record.diagnostics if not d.code.startswith("M4")] == ["A101"]


def test_gbk_bytes_are_pasted_text_too() -> None:
    record = read("炮二平五 马８进７".encode("gbk"))
    assert record.format is REGISTRY.get("pasted") and _iccs(record.games[0]) == ["h2e2", "h9g7"]


def test_a_named_file_is_never_pasted_text(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "moves.pgn"
    path.write_text("炮二平五 马８进７\n", encoding="utf-8")
    assert read(path).format is REGISTRY.get("pgn")


def test_lint_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO("1、炮二平五 马８进７\n".encode())))
    assert main(["lint", "--show-info", "--no-progress", "-"]) == 0
    out = capsys.readouterr().out
    assert "A101" in out and "-:1:1:" in out


def test_convert_standard_input_to_pgn(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"position startpos moves h2e2 h9g7\n")))
    assert main(["convert", "-", "--to", "pgn", "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert "1. 炮二平五 马8进7 *" in out


def test_pasted_text_is_not_written() -> None:
    assert REGISTRY.get("pasted").writer is None and "pasted" not in REGISTRY.writable()


# ---------------------------------------------------------------- random games, pasted


def _pasted_lines(game: Game, notation: Notation, numbered: bool) -> str:
    """The main line of ``game`` as people paste it: each move in ``notation``, a `N、` before Red's."""
    pos = game.start.copy()
    words = []
    for move in game.mainline_moves():
        if numbered and pos.turn:
            words.append(f"{pos.fullmove_number}、")
        words.append(encode(move, pos, notation, fullwidth=True))
        pos.push(move)
    return " ".join(words)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    games(max_moves=30, headers=None, comments=None, comments_before=None, nags=None),
    st.sampled_from([Notation.CHINESE, Notation.WXF, Notation.ICCS]),
    st.booleans(),
)
def test_a_pasted_main_line_reads_back(game: Game, notation: Notation, numbered: bool) -> None:
    moves = _pasted_lines(game, notation, numbered)
    fen = game.start.fen()
    for text in (f"{fen}\n{moves}", f"position fen {fen} moves {' '.join(_iccs(game))}"):
        games_, diagnostics = read_pasted(text)
        assert [str(d) for d in diagnostics if d.severity is not Severity.INFO] == [], text
        assert games_[0].start.fen() == fen
        assert list(games_[0].mainline_moves()) == list(game.mainline_moves()), text


# ---------------------------------------------------------------- any text


_ALPHABET = st.sampled_from(
    list("炮二平五马８进７车九一三四六abcdefghi0123456789.-+=/、．１ \n\r\t{}()[];*$!?")
    + ["position", "startpos", "fen", "moves", STARTING_FEN, "h2e2", "1-0", "1/2-1/2", "\u3000"]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_any_text_gives_findings_never_a_crash(text: str) -> None:
    games, diagnostics = read_pasted(text)
    assert len(games) <= 1
    assert not [d for d in diagnostics if d.code == "G106"]
    for d in diagnostics:
        assert d.line is not None and d.column is not None


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_unicode_gives_findings_never_a_crash(text: str) -> None:
    read_pasted(text)
    record = read(text.encode("utf-8", "surrogatepass"), format="pasted")
    assert not record.failed
