"""Writing PGN, and the round trip write → read (xqformats.pgn.write_pgn)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import games
from test_pgn_reader import FREE_TAGS, TAG_TEXT
from xqformats.diagnostics import Severity
from xqformats.model import Game, Headers
from xqformats.pgn import parse_pgn, read_pgn, write_pgn
from xqformats.model import WINBOARD_SIDES
from xqformats.pgn.writer import flattened_tags, output_headers
from xqformats.position import Position

REPO = Path(__file__).resolve().parents[1]
SAMPLES = sorted((REPO / "corpus").glob("*.pgn"))
NOTATIONS = ("chinese", "wxf", "iccs")


def width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in line)


def expected(game: Game, notation: str) -> Game:
    """``game`` with the headers write_pgn writes (Format names the notation; FEN set).

    SAN PGN writes the sides as WinBoard does (``White``), which the reader
    renames back (docs/spec/notation.md §7.7).
    """
    tags = output_headers(game, notation)
    if notation == "san":
        tags = [(WINBOARD_SIDES.get(name, name), value) for name, value in tags]
    out = Game(Headers(tags), game.start, game.result)
    out.root = game.root
    return out


def roundtrip(game: Game, notation: str, **kw: object) -> None:
    text = write_pgn(game, notation, **kw)  # type: ignore[arg-type]
    games, diags = parse_pgn(text)
    problems = [d for d in diags if d.severity is not Severity.INFO]
    assert problems == [], text
    assert len(games) == 1
    assert games[0] == expected(game, notation), text


# ---------------------------------------------------------------- output form
def test_tags_in_standard_order_escaped() -> None:
    g = Game({"Result": "1-0", "Annotator": 'He said "hi" \\o/', "Red": "许银川", "Game": "Chinese Chess", "Event": "杯"})
    g.result = "1-0"
    assert write_pgn(g).splitlines() == [
        '[Game "Chinese Chess"]',
        '[Event "杯"]',
        '[Red "许银川"]',
        '[Result "1-0"]',
        '[Annotator "He said \\"hi\\" \\\\o/"]',
        "",
        "1-0",
    ]


def test_line_breaks_in_tag_values_are_written_as_spaces_and_named() -> None:
    # Spec §二: a tag is one line; PGN has no escape for a line break.  CR LF is one break.
    g = Game({"Game": "Chinese Chess", "Event": "Cup\n2004", "Site": "a\r\nb\rc\\", "Red": "x"})
    assert write_pgn(g).splitlines()[:4] == [
        '[Game "Chinese Chess"]',
        '[Event "Cup 2004"]',
        '[Site "a b c\\\\"]',
        '[Red "x"]',
    ]
    assert flattened_tags(g) == ["Event", "Site"]
    assert flattened_tags(Game({"Event": "Cup 2004"})) == []
    games, diags = parse_pgn(write_pgn(g))
    assert diags == [] and games[0].headers["Site"] == "a b c\\"


def test_format_and_fen_tags_follow_the_output() -> None:
    start = Position("4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 30")
    g = Game({"Game": "Chinese Chess"}, start=start)
    g.root.add_variation(next(iter(start.legal_moves())))
    lines = write_pgn(g, "wxf").splitlines()
    assert lines[:4] == [
        '[Game "Chinese Chess"]',
        '[Result "*"]',  # required by the spec (§二 (7)): added when the game has none
        '[FEN "4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 30"]',
        '[Format "WXF"]',
    ]
    assert lines[5].startswith("30. ... ")
    assert "Format" not in write_pgn(g, "chinese")


def test_required_tags_are_always_written() -> None:
    """`Game` first and `Result` (spec §二 (0), (7)), even for a game without headers."""
    g = Game()
    g.result = "1-0"
    g.root.add_variation(next(iter(g.start.legal_moves())))
    assert write_pgn(g).splitlines()[:2] == ['[Game "Chinese Chess"]', '[Result "1-0"]']
    g.headers["Event"] = "Cup"
    g.headers["Game"] = "Chinese Chess"
    assert write_pgn(g).splitlines()[:3] == ['[Game "Chinese Chess"]', '[Event "Cup"]', '[Result "1-0"]']


def test_movetext_wraps_at_80_columns_and_keeps_numbers_with_moves() -> None:
    (g,) = list(read_pgn(REPO / "corpus" / "xu-yinchuan-vs-nie-weiping-1999.pgn"))
    text = write_pgn(g)
    body = text.split("\n\n", 1)[1]
    inside = False
    for line in body.splitlines():
        # Comment text is never rewrapped (that would change it): only lines
        # without comment text are held to the limit.
        if not inside and "{" not in line:
            assert width(line) <= 80, line
        if line.count("{") > line.count("}"):
            inside = True
        elif line.count("}") > line.count("{"):
            inside = False
        assert not line.rstrip().endswith(".")


def test_sample_with_variations_is_written_as_the_spec_writes() -> None:
    (g,) = list(read_pgn(REPO / "corpus" / "xu-yinchuan-vs-nie-weiping-1999-variations.pgn"))
    body = write_pgn(g).split("\n\n", 1)[1]
    assert "炮2进7 (7. ... 炮2平3 8. 帅五平六" in body  # spec §五's `7. ...`
    assert "(12. 马八进六 $2) 12. ... 炮1进4 $1 {不变作和})" in body
    assert body.rstrip().endswith("炮1退4 $2 *")


def test_braces_in_comments_become_fullwidth() -> None:
    g = Game({"Game": "Chinese Chess"})
    n = g.root.add_variation(Position().legal_moves()[0])
    n.comments.append("a {b} c")
    assert "{a ｛b｝ c}" in write_pgn(g)
    games, diags = parse_pgn(write_pgn(g))
    assert diags == [] and games[0].root.next().comments == ["a ｛b｝ c"]


@pytest.mark.parametrize("options", [{}, {"traditional": True}, {"fullwidth": True}, {"traditional": True, "fullwidth": True}])
def test_chinese_spellings_round_trip(options: dict) -> None:
    for path in SAMPLES:
        for g in read_pgn(path):
            roundtrip(g, "chinese", **options)


@pytest.mark.parametrize("notation", NOTATIONS)
def test_samples_round_trip(notation: str) -> None:
    for path in SAMPLES:
        for g in read_pgn(path):
            assert g.diagnostics == []
            roundtrip(g, notation)


# ---------------------------------------------------------------- random games
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(max_moves=60), notation=st.sampled_from(NOTATIONS))
def test_random_games_round_trip(game: Game, notation: str) -> None:
    roundtrip(game, notation)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(max_moves=60))
def test_random_games_round_trip_in_every_notation_and_spelling(game: Game) -> None:
    for notation in NOTATIONS:
        roundtrip(game, notation)
    roundtrip(game, "chinese", traditional=True, fullwidth=True)


@settings(max_examples=200, deadline=None)
@given(
    tags=st.lists(st.tuples(st.sampled_from(FREE_TAGS), TAG_TEXT), max_size=5, unique_by=lambda t: t[0]),
    result=st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"]),
    notation=st.sampled_from(NOTATIONS),
)
def test_any_tag_text_round_trips_but_line_breaks(tags: list[tuple[str, str]], result: str, notation: str) -> None:
    """write_pgn → parse_pgn keeps every tag and the result, with no diagnostic; a value
    changes only where it held line breaks (each written as a space), and
    flattened_tags names exactly those tags (docs/pgn.md § Tags)."""
    game = Game(dict(tags))
    game.result = result
    game.root.add_variation(Position().legal_moves()[0])
    games, diags = parse_pgn(write_pgn(game, notation))
    assert diags == []
    assert len(games) == 1 and games[0].result == result and games[0].ply_count() == 1
    read = games[0].headers
    for name, value in tags:
        one_line = value.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")
        assert read[name] == one_line
    assert set(flattened_tags(game, notation)) == {n for n, v in tags if "\n" in v or "\r" in v}


# ---------------------------------------------------------------- the shared corpus
def test_corpus_games_round_trip(shared_corpus: Path) -> None:
    """Every game of the corpus PGN files that reads without errors survives write → read."""
    rows = [line.rstrip("\n").split("\t") for line in (shared_corpus / "MANIFEST.tsv").open(encoding="utf-8")][1:]
    checked = 0
    for row in rows:
        if row[4] not in ("pgn", "pgn-variant"):
            continue
        games, _ = parse_pgn((shared_corpus / row[0]).read_bytes())
        # The two databases of 1,100+ games: every 10th game (the suite's time budget).
        if len(games) > 100:
            games = games[::10]
        for g in games:
            if any(d.severity is Severity.ERROR for d in g.diagnostics):
                continue
            # Every game in its own notation; the first few of each file in all three.
            notations = NOTATIONS if checked % 50 == 0 else ((g.notation or "chinese"),)
            for notation in notations:
                text = write_pgn(g, notation)
                again, diags = parse_pgn(text)
                assert [d for d in diags if d.severity is Severity.ERROR] == [], (row[0], text)
                assert again == [expected(g, notation)] or again[0] == expected(g, notation), (row[0], notation)
            checked += 1
    assert checked > 300
