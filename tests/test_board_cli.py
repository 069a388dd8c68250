"""``xqformats board``: the position of a FEN or of a record, and precise errors (exit 2, no traceback)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from xqformats.board.command import BoardError, game_position, parse_arrow
from xqformats.board.svg import ARROW_COLORS, HIGHLIGHT_COLOR, SVG_NS, Arrow, board_svg
from xqformats.cli import main
from xqformats.core import Move, square
from xqformats.formats import read
from xqformats.position import STARTING_FEN, Position

TWO_GAMES = """[Game "Chinese Chess"]
[Format "ICCS"]

1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 *

[Game "Chinese Chess"]

1. 兵七进一 卒7进1 *
"""


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "games.pgn"
    path.write_text(TWO_GAMES, encoding="utf-8")
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["board", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def expected(record: Path, game: int, ply: int, **kw: object) -> str:
    picture = game_position(read(record).games[game - 1], ply)
    return board_svg(picture.position, last_move=picture.last_move, **kw)  # type: ignore[arg-type]


def test_fen_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["--fen", STARTING_FEN], capsys)
    assert (status, err) == (0, "")
    assert ET.fromstring(out).tag == f"{{{SVG_NS}}}svg"
    assert out == board_svg(Position.initial())


def test_a_fen_given_as_input_is_drawn_when_no_file_has_that_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 27: `xqformats board 'rnbakabnr/… w'` said "Cannot read …: No such file".
    monkeypatch.chdir(tmp_path)
    assert run([STARTING_FEN], capsys) == (0, board_svg(Position.initial()), "")
    board_only = STARTING_FEN.split()[0]
    assert run([board_only], capsys)[:2] == (0, board_svg(Position.initial()))
    # A broken FEN: its first problem, not "no such file".
    assert run(["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w"], capsys) == (
        2, "", (
            "xqformats board: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w` is no file, nor a FEN: "
            "column 1: FEN board has 9 ranks; expected 10 separated by `/`\n"
        ),
    )
    assert run([STARTING_FEN, "--ply", "2"], capsys)[2] == "xqformats board: --ply and --move need an INPUT file, not a FEN\n"
    # A file of that name wins (it is a file's name before it is a FEN).
    (tmp_path / "4k4").mkdir()
    (tmp_path / "4k4" / "9").write_text("")
    status, _, err = run(["4k4/9"], capsys)
    assert status == 2 and err.startswith("xqformats board: Unsupported file type") and "nor a FEN" not in err
    assert run(["missing.pgn"], capsys)[2] == "xqformats board: Cannot read `missing.pgn`: No such file or directory\n"


def test_record_at_a_ply_and_a_move_number(record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.svg"
    assert run([str(record), "--ply", "3", "-o", str(out)], capsys) == (0, "", "")
    assert out.read_text(encoding="utf-8") == expected(record, 1, 3)
    assert HIGHLIGHT_COLOR in out.read_text(encoding="utf-8")
    assert run([str(record), "--move", "2", "-o", str(out)], capsys)[0] == 0
    assert out.read_text(encoding="utf-8") == expected(record, 1, 4)


def test_default_is_the_end_of_the_main_line(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([str(record)], capsys)
    assert status == 0 and out == expected(record, 1, 5)
    status, out, _ = run([str(record), "--game", "2", "--flip", "--notation", "wxf"], capsys)
    assert status == 0 and out == expected(record, 2, 2, flip=True, notation="wxf")


def test_ply_zero_is_the_start_without_highlight(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([str(record), "--ply", "0"], capsys)
    assert status == 0 and out == board_svg(Position.initial())


def test_arrows(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--fen", STARTING_FEN, "--arrow", "h2e2", "--arrow", "B0-C2"], capsys)
    assert status == 0
    h2e2, b0c2 = Move(square(7, 2), square(4, 2)), Move(square(1, 0), square(2, 2))
    assert out == board_svg(Position.initial(), arrows=[h2e2, b0c2])
    assert parse_arrow("h2e2") == Arrow(h2e2)
    # Issue 27: several colours (a name, or #rrggbb).
    status, out, _ = run(["--fen", STARTING_FEN, "--arrow", "h2e2:blue", "--arrow", "B0-C2:#ABCDEF"], capsys)
    assert status == 0 and out == board_svg(Position.initial(), arrows=[Arrow(h2e2, ARROW_COLORS["blue"]), Arrow(b0c2, "#abcdef")])
    assert run(["--fen", STARTING_FEN, "--arrow", "h2e2:mauve"], capsys) == (
        2, "", "xqformats board: --arrow: Unknown arrow colour `mauve`; expected one of green, red, blue, yellow or #rrggbb\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--fen", "rnbakabnr/9/1c5c1 w"], "xqformats board: invalid FEN: column 1: FEN board has 3 ranks; expected 10 separated by `/`\n"),
        (["{record}", "--game", "3"], "xqformats board: no game 3: `{record}` holds 2 games\n"),
        (["{record}", "--game", "0"], "xqformats board: no game 0: `{record}` holds 2 games\n"),
        (["{record}", "--ply", "6"], "xqformats board: ply 6 is out of range: the game's main line has 5 plies (0 to 5)\n"),
        (["{record}", "--ply", "-1"], "xqformats board: ply -1 is out of range: the game's main line has 5 plies (0 to 5)\n"),
        (["{record}", "--move", "4"], "xqformats board: move 4 is out of range: the game's main line has 5 plies (0 to 5)\n"),
        (["{record}", "--arrow", "h2"], "xqformats board: --arrow: `h2` is not an ICCS move such as `h2e2` or `H2-E2`\n"),
        (["{record}", "--fen", STARTING_FEN], "xqformats board: give a FEN or an INPUT file, not both\n"),
        (["--fen", STARTING_FEN, "--ply", "1"], "xqformats board: --ply and --move need an INPUT file, not a FEN\n"),
        ([], "xqformats board: nothing to draw: give an INPUT file or --fen FEN\n"),
        (["{missing}"], "xqformats board: Cannot read `{missing}`: No such file or directory\n"),
        (["{record}", "--size", "0"], "xqformats board: --size must be 1 or more, not 0\n"),
    ],
)
def test_errors_exit_2_with_one_message(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    names = {"record": str(record), "missing": str(tmp_path / "missing.pgn")}
    status, out, err = run([a.format(**names) for a in argv], capsys)
    assert (status, out, err) == (2, "", message.format(**names))


def test_no_game_in_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.pgn"
    empty.write_text("", encoding="utf-8")
    assert run([str(empty)], capsys) == (2, "", f"xqformats board: no game 1: `{empty}` holds no game\n")


def test_unwritable_output(record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no" / "such" / "folder.svg"
    status, _, err = run([str(record), "-o", str(target)], capsys)
    assert status == 2 and err == f"xqformats board: Cannot write `{target}`: No such file or directory\n"


def test_parse_arrow_refuses_other_notations() -> None:
    with pytest.raises(BoardError, match="not an ICCS move"):
        parse_arrow("炮二平五")
