"""The WXF game file (``.wxf``) reader and writer: header lines, comments, moves, rules.

Through the public seams: :func:`xqformats.wxfgame.read_wxfgame`, ``write_wxfgame``,
``wxfgame_losses`` and the front door (:func:`xqformats.formats.read`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import games
from xqformats import formats
from xqformats.core import Move
from xqformats.diagnostics import Rule, Severity
from xqformats.lint.catalogue import all_rules
from xqformats.model import Game, Headers
from xqformats.position import Position
from xqformats.wxfgame import read_wxfgame, write_wxfgame, wxfgame_losses

FIXTURES = "benckx__elephantchess/webapp/src/test/js/parsers/fixtures/wxf"
W_RULES = [r for r in all_rules() if r.code.startswith("W")]


def codes(text: str) -> list[str]:
    """The codes reported, and those of the notes on them (a consequence is a note of its root cause)."""
    return [c for d in read_wxfgame(text)[1] for c in (d.code, *(r.code for r in d.related))]


@pytest.mark.parametrize("rule", W_RULES, ids=lambda r: r.code)
def test_example_reports_the_rule_and_fixed_reports_nothing(rule: Rule) -> None:
    assert rule.example_kind == "wxf" and rule.name.startswith("wxf-")
    assert rule.code in codes(rule.example), codes(rule.example)
    assert codes(rule.fixed) == []
    assert not rule.deviation or rule.severity is Severity.WARNING


def test_rules_are_declared_in_order() -> None:
    assert [r.code for r in W_RULES] == [f"W{n}" for n in range(101, 111)]


# ---------------------------------------------------------------- a file


def test_headers_comments_annotations(test_data: Path) -> None:
    text = (test_data / "wxfgame" / "annotated.wxf").read_text(encoding="utf-8")
    (game,), found = read_wxfgame(text)
    assert found == []
    assert dict(game.headers) == {"Event": "Club evening", "Red": "Red Player;;;", "Black": "Black Player;;;", "Date": "30-11-2026"}
    assert game.result == "1-0" and game.root.comments == ["A short game written by hand for the tests."]
    nodes = list(game.mainline())
    assert [n.move.iccs() for n in nodes if n.move] == ["H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-H0", "H7-H3"]
    assert (nodes[2].nags, nodes[4].comments, nodes[5].nags) == ([1], ["Rook out"], [6])
    again, _ = read_wxfgame(write_wxfgame(game))
    assert again == [game] and wxfgame_losses(game) == []


def test_writer_layout(test_data: Path) -> None:
    (game,), _ = read_wxfgame((test_data / "wxfgame" / "annotated.wxf").read_text(encoding="utf-8"))
    assert write_wxfgame(game) == (
        "FORMAT\tWXF\nGAME\tClub evening\nRED\tRed Player;;;\nBLACK\tBlack Player;;;\nDATE\t30-11-2026\n"
        "RESULT\t1-0\n/*A short game written by hand for the tests.*/\n\nSTART{\n"
        " 1. C2.5 H8+7\n 2. H2+3! R9.8\n 3. R1.2 /*Rook out*/ C8+4?!\n}END\n"
    )


def test_findings_are_positioned() -> None:
    found = read_wxfgame("FORMAT WXF\nSTART{\n 1. C2.5 H8+7\n 2. H2+3 R9+9\n}END\n", path="g.wxf")[1]
    # The move's own finding, and that the moves after it are not read as a note on it (one root cause).
    assert str(found[-1]) == "g.wxf:4:10: M301 Move `R9+9` (I9-I0) is blocked: i6 blocks the path"
    assert [str(r) for r in found[-1].related] == ["g.wxf:4:10: W106 Moves from here to the end are not read"]


def test_losses_are_named() -> None:
    game = Game(Headers({"Site": "X"}))
    node = game.root.add_variation(Move(7 + 9 * 2, 4 + 9 * 2))
    game.root.add_variation(Move(1 + 9 * 2, 4 + 9 * 2))
    node.nags += [1, 14]
    assert wxfgame_losses(game) == [
        "header `Site` has no line in a WXF game file; not written",
        "1 variation cannot be written (a WXF game file holds the main line); not written",
        "1 NAG beyond one annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`) per move cannot be written",
    ]
    set_up = Game(start=Position("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1"))
    assert "are not written" in wxfgame_losses(set_up)[0]
    assert formats.losses(game, "wxfgame") == wxfgame_losses(game)


# ---------------------------------------------------------------- the corpus


#: Faults of the published files, checked by hand: each file's findings, as (line, column, code).
#: game1 and game5 write `P3+1` / `P5+1` where two pawns of the side stand on that file and
#: both can advance (pyffish agrees, below): WXF needs `P++1`/`P-+1` there, so the game stops.
#: Every file writes annotations apart from their moves (`!!12.`), a deviation.
CORPUS_FINDINGS = {
    "game1.wxf": {(38, 12): "M202"},  # with W106 as its note: the moves after it are not read
    "game5.wxf": {(30, 12): "M202"},
}


def _fsf(move: Move) -> str:
    u = move.uci()
    return f"{u[0]}{int(u[1]) + 1}{u[2]}{int(u[3]) + 1}"


@pytest.mark.parametrize("name", ["game1.wxf", "game2.wxf", "game3.wxf", "game4.wxf", "game5.wxf"])
def test_corpus_files_read_as_checked(shared_corpus: Path, name: str) -> None:
    record = formats.read(shared_corpus / FIXTURES / name)
    assert record.format is not None and record.format.name == "wxfgame"
    (game,) = record.games
    others = [(d.line, d.column, d.code) for d in record.diagnostics if d.code != "W107"]
    assert [r.code for d in record.diagnostics for r in d.related] == (["W106"] if name in CORPUS_FINDINGS else [])
    expected = sorted((ln, int(col), code) for (ln, col), code in CORPUS_FINDINGS.get(name, {}).items())
    assert sorted(others) == expected
    assert all(d.severity is Severity.WARNING for d in record.diagnostics if d.code == "W107")
    assert game.ply_count() > 80
    sf = pytest.importorskip("pyffish")
    fen = game.start.fen()
    played: list[str] = []
    for move in game.mainline_moves():
        uci = _fsf(move)
        assert uci in sf.legal_moves("xiangqi", fen, played), (name, played, uci)
        played.append(uci)
    if name in CORPUS_FINDINGS:
        # The next move is ambiguous: two pawns of the side to move on the named file both advance.
        pos = game.end_position()
        pawn = "P" if pos.turn else "p"
        pushes = [m for m in sf.legal_moves("xiangqi", fen, played) if pos.piece_at(_ours(m)[0]) == pawn and m[0] == m[2]]
        forward = [m for m in pushes if (int(m[3:]) > int(m[1:m.index(m[2], 1)])) == pos.turn]
        assert len({m[0] for m in forward}) < len(forward), forward


def _ours(fsf: str) -> tuple[int, int]:
    letters = [i for i, c in enumerate(fsf) if c.isalpha()]
    a, b = fsf[: letters[1]], fsf[letters[1]:]
    sq = lambda s: (int(s[1:]) - 1) * 9 + "abcdefghi".index(s[0])  # noqa: E731
    return sq(a), sq(b)


def test_bare_move_lists_are_read_as_pgn(shared_corpus: Path) -> None:
    record = formats.read(shared_corpus / FIXTURES / "no_tag_game1.wxf")
    assert record.format is not None and record.format.name == "pgn"
    assert record.diagnostics[0].code == "G105" and record.games[0].ply_count() == 94


# ---------------------------------------------------------------- properties


def _expected(game: Game) -> Game:
    """``game`` as a WXF game file keeps it: headers it has lines for, the main line, its comments and annotations."""
    headers = Headers({k: v for k, v in game.headers.items() if k in ("Event", "Red", "Black", "Date") and v.strip()})
    for value in headers.values():
        assert "\n" not in value
    out = Game(Headers({k: v.strip() for k, v in headers.items()}), game.start, game.result)
    out.root.comments = [c for c in game.root.comments if c]
    node = out.root
    for src in game.mainline():
        assert src.move is not None
        node = node.add_variation(src.move)
        node.comments = [c for c in src.comments if c]
        node.nags = [n for n in src.nags if 1 <= n <= 6][:1]
    return out


_COMMENTS = st.text(st.sampled_from(list("评注好棋 abc123;()[]{}\n\t!?.$")), min_size=1, max_size=12)
_VALUES = st.text(st.sampled_from(list("ab 杯炮;[]{}")), max_size=10)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(starts=st.just(Position.initial()), headers=_VALUES, comments=_COMMENTS, comments_before=None, nags=st.integers(1, 6)))
def test_random_games_round_trip(game: Game) -> None:
    text = write_wxfgame(game)
    (again,), found = read_wxfgame(text)
    assert [str(d) for d in found] == [], text
    assert again == _expected(game), text


_PIECES = [*"ABCHKPRE123456789+-.=!?/* \n{}", "FORMAT WXF\n", "START{", "}END", "/*", "*/", "RED\t", "1. ", "C2.5 "]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_any_text_is_read_without_raising(text: str) -> None:
    (game,), found = read_wxfgame(text)
    assert all(d.line is not None for d in found)
    write_wxfgame(game)
    wxfgame_losses(game)


# ---------------------------------------------------------------- found by the fuzzing harness


@pytest.mark.parametrize("ch", ["\x1c", "\x1e", "\x85", "\xa0", "\u2028", "\u2029", "\u2000"])
def test_white_space_the_separators_do_not_cover_is_read_as_text(ch: str) -> None:
    # The catch-all terminals excluded every `\s`, WS only some: the lexer stopped.
    games, diags = read_wxfgame(f"FORMAT\tWXF\nRED\tA\n{ch}x\nSTART{{\n 1. C2.5 {ch} H8+7\n}}END\n{ch}")
    assert len(games) == 1 and {"W101", "W108"} <= {d.code for d in diags}


def test_an_empty_header_is_named_as_a_loss() -> None:
    from xqformats.model import Game

    game = Game({"Game": "Chinese Chess", "Event": "", "Red": "A"})
    assert "empty header `Event` not kept (an empty header line reads as none)" in wxfgame_losses(game)


def test_a_comment_that_takes_the_move_section_is_the_one_finding() -> None:
    """An unclosed `/*` reads the rest of the file as its text: that no `START{` follows is a note on it."""
    text = "FORMAT\tWXF\nRED\tA\nBLACK\tB\n/*Time control\nSTART{\n 1. C2.5 H8+7\n}END\n"
    (found,) = read_wxfgame(text, path="x.wxf")[1]
    assert str(found) == "x.wxf:4:1: W109 Unclosed comment; expected `*/` (the rest of the file is read as the comment)"
    assert [r.code for r in found.related] == ["W102"]
    # Without the comment, no section is a finding of its own.
    assert codes("FORMAT\tWXF\nRED\tA\n") == ["W102"]


def test_findings_come_in_the_order_of_the_text() -> None:
    """The parser hands each rule to the reader as it reduces it (no tree): what is known only at the
    end of the section (no `}END`) is still reported where the section begins, before its moves' findings."""
    text = "FORMAT\tWXF\nnotes here\nSTART{\n 1. C2.5 X9 /*c*/\n 2. H2+3\n"
    (game,), found = read_wxfgame(text, path="x.wxf")
    assert [str(d) for d in found] == [
        "x.wxf:2:1: W101 `notes` is neither a header line nor a comment; skipped",
        "x.wxf:3:1: W103 `START{` is not closed; expected `}END` (moves read to the end of the file)",
        "x.wxf:4:10: M101 Not a WXF move `X9`; expected e.g. `C2.5`",
    ]
    assert (found[0].end_line, found[0].end_column) == (2, 11)  # one finding over the run of stray words
    assert [str(r) for r in found[2].related] == ["x.wxf:4:10: W106 Moves from here to the end are not read"]
    (first,) = game.root.variations
    assert first.comments == ["c"] and not first.variations  # the comment after the bad move stays on the last move read
    assert game.diagnostics == found
