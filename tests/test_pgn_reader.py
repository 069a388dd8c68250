"""Reading PGN: recovery, robustness, streaming, strict mode (xqformats.pgn)."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pgn_strategies import any_mutant, written_game

from xqformats.diagnostics import Diagnostic, Severity, Span, split_lines, with_related
from xqformats.model import Game
from xqformats.pgn import parse_pgn, read_headers, read_pgn, write_pgn
from xqformats.pgn.splitter import GameSplitter, split_games
from xqformats.source import Source

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "pgn"
G = '[Game "Chinese Chess"]\n'


def codes(diags: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in with_related(diags)]  # type: ignore[misc]


# ---------------------------------------------------------------- one run, all errors
def test_every_error_of_a_file_in_one_run() -> None:
    games, diags = parse_pgn((DATA / "three-games.pgn").read_text(encoding="utf-8"))
    assert [g.headers.get("Event") for g in games] == ["One", "Two", "Three"]
    assert codes(diags) == [
        ("P101", 3, 14),  # the stray `}`
        ("M301", 3, 32),  # 车一进五: the pawn on i3 blocks the rook
        ("P301", 3, 32),
        ("P105", 10, 15),  # `[Event "Three"` lacks its `]`
        ("P102", 11, 9),  # two variations left open when `0-1` ends the game
        ("P102", 11, 18),
    ]
    one, two, three = games
    # The illegal move: the game keeps the moves before it and the text after it.
    assert one.ply_count() == 4 and one.root.end().comments == ["车一进五 马2进3 4. 车一平二"]
    assert one.result == "*"
    # The good game between bad ones reads normally.
    assert two.diagnostics == [] and two.ply_count() == 3 and two.result == "1/2-1/2"
    assert three.result == "0-1" and [c.text for c in three.root.children] == ["炮二平五", "炮八平五", "相三进五"]


def test_illegal_move_inside_a_variation_keeps_the_rest_of_it() -> None:
    text = G + "1. 炮二平五 (1. 炮八平五 马8进7 2. 车一进五 马二进三) 马8进7 *\n"
    games, diags = parse_pgn(text)
    assert [d.code for d in with_related(diags)] == ["M301", "P301"]
    g = games[0]
    assert g.ply_count() == 2
    var = g.root.children[1]
    assert var.next().comments == ["车一进五 马二进三"]


def test_diagnostics_carry_path_and_go_to_handle() -> None:
    seen: list[Diagnostic] = []
    games, diags = parse_pgn(G + "1.炮二平五 *\n", path="x.pgn", handle=seen.append)
    assert [d.format() for d in diags] == [
        "x.pgn:2:3: P201 No separator after move number `1.`; expected a space before `炮二平五`"
    ]
    assert seen == diags == games[0].diagnostics


# ---------------------------------------------------------------- never raises
def test_ten_thousand_nested_variations() -> None:
    depth = 10_000
    text = G + "1. 炮二平五 " + "(1. 炮八平五 " * depth + ")" * depth + " 马8进7 *\n"
    games, diags = parse_pgn(text)
    assert diags == []
    g = games[0]
    assert len(g.root.children) == depth + 1 and g.ply_count() == 2
    again, d2 = parse_pgn(write_pgn(g))
    g.headers["Result"] = "*"  # the writer adds the Result tag the spec requires
    assert d2 == [] and again[0] == g


def test_ten_thousand_unclosed_variations() -> None:
    depth = 10_000
    games, diags = parse_pgn(G + "1. 炮二平五 " + "(1. 炮八平五 " * depth)
    assert [d.code for d in diags].count("P102") == depth
    assert len(games[0].root.children) == depth + 1


def test_variations_nested_two_thousand_deep() -> None:
    # Every move has an alternative and play goes on in the alternative, so each
    # variation opens inside the previous one: written text nests 2,000 deep.
    from xqformats.model import Game

    from xqformats.core import Move

    # Horses shuttle b0-c2, b9-c7 and back (the position repeats every four plies);
    # the alternatives h0-g2 / h9-g7 are always legal there.
    shuttle = [Move(1, 20), Move(82, 65), Move(20, 1), Move(65, 82)]
    other = {True: Move(7, 24), False: Move(88, 69)}
    game = Game({"Game": "Chinese Chess", "Result": "*"})
    pos = game.start.copy()
    node = game.root
    for i in range(2_000):
        mv = shuttle[i % 4]
        node.add_variation(other[pos.turn])
        node = node.add_variation(mv)
        pos.push(mv)
    text = write_pgn(game)
    assert text.count("(") > 1_000
    games, diags = parse_pgn(text)
    assert diags == [] and games[0] == game


def test_a_megabyte_comment() -> None:
    comment = "评注" * 500_000
    games, diags = parse_pgn(G + "1. 炮二平五 {" + comment + "} 马8进7 *\n")
    assert diags == [] and games[0].root.next().comments == [comment]


def no_internal_error(diags: list[Diagnostic]) -> None:
    """G106 is the reader's safety net for its own bugs: never reached on any input."""
    assert "G106" not in {d.code for d in diags}, [str(d) for d in diags if d.code == "G106"]


TRUNCATED = (DATA / "three-games.pgn").read_text(encoding="utf-8") + (
    ROOT / "corpus" / "xu-yinchuan-vs-nie-weiping-1999-variations.pgn"
).read_text(encoding="utf-8")


@settings(max_examples=120, deadline=None)
@given(cut=st.integers(0, len(TRUNCATED) - 1))
def test_truncated_files_never_raise(cut: int) -> None:
    games, diags = parse_pgn(TRUNCATED[:cut])
    assert all(d.line is not None for d in diags)
    no_internal_error(diags)


@settings(max_examples=30, deadline=None)
@given(data=st.binary(min_size=1, max_size=400))
def test_unreadable_bytes_never_raise(data: bytes) -> None:
    no_internal_error(parse_pgn(data)[1])


def test_bad_utf16_never_raises() -> None:
    games, diags = parse_pgn(b"\xff\xfe\x00" + b"\x00\xd8" * 3)  # UTF-16 BOM, lone surrogates
    assert all(isinstance(d, Diagnostic) for d in diags)
    no_internal_error(diags)


PGN_CHARS = st.sampled_from(
    list("[]{}();$!?.*-/\\\"\n\r\t 0123456789") + ["1-0", "0-1", "1/2-1/2", "...", "[Game \"x\"]", "\n["]
    + list("炮二平五马8进7车九兵卒将帅士相象后前中一HhCc+=abcdefghi")
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PGN_CHARS, max_size=60).map("".join))
def test_any_pgn_like_text_never_raises(text: str) -> None:
    games, diags = parse_pgn(text)
    no_internal_error(diags)
    for d in diags:
        assert d.line is not None and d.column is not None
        assert d.line >= 1 and d.column >= 1


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_any_text_never_raises(text: str) -> None:
    no_internal_error(parse_pgn(text)[1])
    no_internal_error(parse_pgn(text, strict=True)[1])


# ---------------------------------------------------------------- lenient and strict
def test_xqwizard_export_reads_with_warnings(tmp_path: Path) -> None:
    """GBK, CRLF (and CR CR LF), glued `1.炮二平五`, fullwidth digits, footer, `09-02-21`.

    Line 8 ends CR CR LF: a lone CR, then CR LF, so line 9 is blank and the
    moves go on on line 10 (docs/spec/pgn.md §2.4, as an editor shows the file).
    """
    reader = read_pgn(DATA / "xqwizard-style.pgn")
    games = list(reader)
    assert [d.code for d in reader.diagnostics] == ["E101"]
    (g,) = games
    assert g.ply_count() == 10 and g.result == "1-0" and g.headers["Date"] == "09-02-21"
    found = [(d.code, d.line, d.column, d.severity) for d in g.diagnostics if d.severity is not Severity.INFO]
    assert found == [("P201", n, 5, Severity.WARNING) for n in (7, 8, 10, 11, 12)] + [
        ("P204", 14, 1, Severity.WARNING),
        ("P204", 15, 1, Severity.WARNING),
        ("P204", 16, 1, Severity.WARNING),
    ]
    assert g.root.end().comments == ["======================", "欢迎访问象棋测试网", "http://example.invalid/"]
    strict = list(read_pgn(DATA / "xqwizard-style.pgn", strict=True))[0]
    assert {d.severity for d in strict.diagnostics if d.code.startswith("P")} == {Severity.ERROR}
    assert strict == g


def test_encoding_override(tmp_path: Path) -> None:
    reader = read_pgn(DATA / "xqwizard-style.pgn", encoding="gbk")
    games = list(reader)
    assert reader.diagnostics == [] and reader.encoding == "gbk"
    assert games[0].headers["Event"] == "测试赛"


# ---------------------------------------------------------------- streaming
def test_splitter_respects_comments_and_tag_values() -> None:
    text = (
        G + "1. 炮二平五 {a comment\n[Not a tag]\n} *\n"
        + G + '[Event "x"]\n'
        + '[Title "{not a comment"]\n1. 炮二平五 *\n'
    )
    chunks = list(split_games([text]))
    assert [(c.line, c.offset) for c in chunks] == [(1, 0), (5, text.index("[Game", 10))]
    games, diags = parse_pgn(text)
    assert diags == [] and games[0].root.next().comments == ["a comment\n[Not a tag]\n"]


#: Tag names with no meaning the reader checks (no FEN, Format, Result, Game).
FREE_TAGS = ("Event", "Site", "Round", "Red", "Black", "Opening", "Annotator", "TitleA", "Remark")
#: Any text, weighted towards what a tag line is made of: quotes, backslashes, line ends, brackets.
TAG_TEXT = st.text(st.sampled_from(list('ab 炮\\"\n\r[]{};\t$*')) | st.characters(exclude_categories=("Cs",)), max_size=12)


def _pgn_escape(value: str) -> str:
    """Chess PGN §3-1 escapes only (line breaks stay raw, as in corpus `01.pgn_iccs`)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


@settings(max_examples=200, deadline=None)
@given(
    tags=st.lists(st.tuples(st.sampled_from(FREE_TAGS), TAG_TEXT), max_size=5, unique_by=lambda t: t[0]),
    result=st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"]),
    copies=st.integers(1, 2),
)
def test_tag_values_over_line_ends_keep_every_tag_and_game(tags: list[tuple[str, str]], result: str, copies: int) -> None:
    """Values holding line breaks, ``\\`` and ``"`` (escaped, breaks written raw) read back
    exactly, with one P210 each; the splitter never cuts a game inside a value."""
    game = G + "".join(f'[{k} "{_pgn_escape(v)}"]\n' for k, v in tags) + "\n1. 炮二平五 " + result + "\n\n"
    games, diags = parse_pgn(game * copies)
    assert len(games) == copies
    for g in games:
        assert dict(g.headers) == {"Game": "Chinese Chess", **dict(tags)}
        assert g.result == result and g.ply_count() == 1
    broken = sum(1 for _, v in tags if "\n" in v or "\r" in v)
    assert [d.code for d in diags if d.severity is not Severity.INFO] == ["P210"] * broken * copies


def test_read_pgn_streams_with_real_line_numbers(tmp_path: Path) -> None:
    one = G + "1. 炮二平五 马8进7 *\n\n"
    bad = G + "1. 炮二平五 马8进7 2. 车一进五 *\n\n"
    p = tmp_path / "many.pgn"
    p.write_text(one * 500 + bad, encoding="utf-8")
    games = list(read_pgn(p))
    assert len(games) == 501
    last = games[-1].diagnostics
    # Game 501 starts on line 500 * 3 + 1; its moves are on the line after.
    assert [(d.code, d.line, d.column, d.path) for d in last][:1] == [("M301", 1502, 17, str(p))]


def test_read_pgn_memory_stays_flat(tmp_path: Path) -> None:
    import gc

    game = G + "1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 马2进3 {c} 4. 兵七进一 卒7进1 *\n\n"
    small, large = tmp_path / "s.pgn", tmp_path / "l.pgn"
    small.write_text(game * 100, encoding="utf-8")
    large.write_text(game * 1000, encoding="utf-8")
    sum(1 for _ in read_pgn(small))  # warm up: grammar, notation memo

    def peak(path: Path) -> tuple[int, int, int]:
        gc.collect()
        tracemalloc.start()
        n = sum(1 for _ in read_pgn(path))
        top = tracemalloc.get_traced_memory()[1]
        gc.collect()
        left = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return n, top, left

    (n1, m1, _), (n2, m2, left2) = peak(small), peak(large)
    assert (n1, n2) == (100, 1000)
    # Nodes point at their parents, so a game read is freed by the cyclic
    # collector, which lags: the peak grows a little, far less than the file.
    assert m2 < m1 * 2
    # Nothing is kept once the games are dropped.
    assert left2 < 64 * 1024


def test_parse_pgn_accepts_bytes_with_bom() -> None:
    games, diags = parse_pgn(b"\xef\xbb\xbf" + (G + "1. 炮二平五 *\n").encode("utf-8"))
    assert diags == [] and games[0].ply_count() == 1


# ---------------------------------------------------------------- games cut where the grammar's line ends are
ONE = G + '[Event "A"]\n1. 炮二平五 马8进7 *\n\n'
TWO = G + '[Event "B"]\n1. 炮八平五 1-0\n'


def events(text: str) -> list[tuple[object, int, str]]:
    games, diags = parse_pgn(text)
    assert [d for d in diags if d.severity is not Severity.INFO] == []
    return [(g.headers.get("Event"), g.ply_count(), g.result) for g in games]


def test_cr_only_line_ends_keep_every_game(tmp_path: Path) -> None:
    # Once: the second game was text after the first one's result (P204).
    text = (ONE + TWO + ONE).replace("\n", "\r")
    assert events(text) == [("A", 2, "*"), ("B", 1, "1-0"), ("A", 2, "*")]
    p = tmp_path / "cr.pgn"
    p.write_bytes(text.encode("utf-8"))
    assert [(g.headers.get("Event"), g.ply_count(), g.diagnostics) for g in read_pgn(p)] == [
        ("A", 2, []), ("B", 1, []), ("A", 2, [])
    ]


def test_tag_line_indented_with_an_ideographic_space() -> None:
    # XQWizard exports: once swallowed as text after the previous result.
    assert events(ONE + "\u3000" + TWO) == [("A", 2, "*"), ("B", 1, "1-0")]
    assert events(ONE + "\u3000\u3000" + TWO.replace("\n[", "\n\u3000[")) == [("A", 2, "*"), ("B", 1, "1-0")]


@pytest.mark.parametrize("blank", ["\f", "\v"])
def test_tag_line_after_a_form_feed_or_vertical_tab(blank: str) -> None:
    assert events(ONE + blank + TWO) == [("A", 2, "*"), ("B", 1, "1-0")]
    # As the line end itself, with no LF.
    assert events(ONE.rstrip("\n") + blank + TWO) == [("A", 2, "*"), ("B", 1, "1-0")]


@pytest.mark.parametrize("fast", [True, False])
def test_a_game_after_a_lone_cr_is_placed_in_its_line(fast: bool) -> None:
    # A lone CR ends a line (docs/spec/pgn.md §2.4): the second game starts on
    # line 3, at its first column, and its positions say so.
    text = G + "1. 炮二平五 *\r" + G + "1. 车一进五 *\n"
    games, diags = parse_pgn(text, fast=fast)
    assert len(games) == 2
    assert (games[1].span.line, games[1].span.column) == (3, 1)
    assert [(d.code, d.line, d.column) for d in with_related(diags)] == [("M301", 4, 4), ("P301", 4, 4)]


@pytest.mark.parametrize("fast", [True, False])
def test_a_line_comment_ends_at_a_lone_cr(fast: bool) -> None:
    # docs/spec/pgn.md §2.4, §5.2: once, `;` ran on to the next LF, so in a
    # CR-only file it swallowed every move after it.
    text = '[Game "Chinese Chess"]\r\r1. 炮二平五 ; 中炮\r马8进7 2. 马二进三 *\r'
    games, diags = parse_pgn(text, fast=fast)
    assert diags == []
    assert [n.move.iccs() for n in games[0].mainline() if n.move] == ["H2-E2", "H9-G7", "H0-G2"]
    assert games[0].root.children[0].comments == [" 中炮"]


def positions(text: str, fast: bool) -> list[tuple]:
    """Every diagnostic of ``text`` with its place, and where each game and move stands."""
    games, diags = parse_pgn(text, fast=fast)
    places = [(d.code, d.severity, d.message, d.line, d.column, d.end_line, d.end_column) for d in diags]
    for g in games:
        sp = g.span
        places.append(("game", None if sp is None else (sp.line, sp.column, sp.end_line, sp.end_column)))
        for node in g.mainline():
            sp = node.span
            places.append((node.text, None if sp is None else (sp.line, sp.column, sp.end_line, sp.end_column)))
    return places


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=any_mutant(max_moves=12), fast=st.booleans())
def test_lf_crlf_and_lone_cr_files_give_the_same_positions(text: str, fast: bool) -> None:
    """docs/spec/pgn.md §2.4: a line ends at LF, CR LF or a lone CR, so the same file
    written with any of the three has its diagnostics at the same lines and columns."""
    lf = text.replace("\r\n", "\n").replace("\r", "\n")
    expected = positions(lf, fast)
    assert positions(lf.replace("\n", "\r\n"), fast) == expected
    assert positions(lf.replace("\n", "\r"), fast) == expected


#: Line ends the grammar's WS allows, and blanks that may stand before a tag line.
LINE_ENDS = ["\n", "\r\n", "\r", "\f", "\v"]
INDENTS = ["", " ", "\t", "\u3000", "\u3000\u3000"]


def restyle(text: str, line_end: str, indent: str) -> str:
    """``text`` with every line end written as ``line_end`` and every line indented."""
    return text.replace("\n", line_end + indent)


def shift_span(sp: Span | None, offset: int, line: int, column: int) -> Span | None:
    """A span of a text read alone, moved to where that text starts in a longer one."""
    if sp is None:
        return None
    return Span(
        sp.start + offset, sp.end + offset,
        sp.line + line - 1, sp.column + (column - 1 if sp.line == 1 else 0),
        sp.end_line + line - 1, sp.end_column + (column - 1 if sp.end_line == 1 else 0),
    )


def shift_diag(d: Diagnostic, line: int, column: int) -> tuple:
    assert d.line is not None and d.column is not None
    return (
        d.code, d.message, d.severity,
        d.line + line - 1, d.column + (column - 1 if d.line == 1 else 0),
        None if d.end_line is None else d.end_line + line - 1,
        None if d.end_column is None else d.end_column + (column - 1 if d.end_line == 1 else 0),
    )


def placed(game: Game, offset: int, line: int, column: int) -> tuple:
    """What a game holds, its positions moved by (offset, line, column)."""
    nodes = []
    stack = [game.root]
    while stack:
        node = stack.pop()
        nodes.append((node.move, node.text, shift_span(node.span, offset, line, column), tuple(node.comments_before),
                      tuple(node.comments), tuple(node.nags), len(node.children)))
        stack.extend(reversed(node.children))
    return (
        tuple(game.headers.in_standard_order()),
        tuple((k, shift_span(v, offset, line, column)) for k, v in game.tag_spans.items()),
        game.start.fen(), game.result, shift_span(game.result_span, offset, line, column),
        shift_span(game.span, offset, line, column), game.notation,
        tuple(shift_diag(d, line, column) for d in game.diagnostics),
        tuple(nodes),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=st.lists(written_game(max_moves=12), min_size=2, max_size=3),
    line_end=st.sampled_from(LINE_ENDS),
    indent=st.sampled_from(INDENTS),
    bom=st.booleans(),
)
def test_concatenated_games_read_as_each_alone(texts: list[str], line_end: str, indent: str, bom: bool) -> None:
    """Same games, same diagnostics (moved by where each text starts), whatever the
    whitespace and line ends the grammar allows, and a BOM at the start."""
    parts = [restyle(t, line_end, indent) for t in texts]
    whole = "\ufeff" + "".join(parts) if bom else "".join(parts)
    games, diags = parse_pgn(whole)
    assert len(games) == len(parts)
    no_internal_error(diags)
    text = "".join(parts)  # positions count from after the BOM
    offset = 0
    for part, game in zip(parts, games):
        (alone,), _ = parse_pgn(part)
        before = split_lines(text[:offset])  # lines end at LF, CR LF and a lone CR
        line, column = len(before), len(before[-1]) + 1
        assert placed(game, 0, 1, 1) == placed(alone, offset, line, column)
        offset += len(part)


# ---------------------------------------------------------------- inputs: text, bytes, handles
THREE = (DATA / "three-games.pgn").read_text(encoding="utf-8")


def summary(games: list[Game], diags: list[Diagnostic]) -> tuple:
    return [g.headers.get("Event") for g in games], [(d.code, d.line, d.column, d.path) for d in diags]


def test_parse_pgn_reads_text_bytes_and_handles(tmp_path: Path) -> None:
    expected = summary(*parse_pgn(THREE))
    assert summary(*parse_pgn(THREE.encode("utf-8"))) == expected
    assert summary(*parse_pgn(io.StringIO(THREE))) == expected
    assert summary(*parse_pgn(io.BytesIO(THREE.encode("utf-8")))) == expected
    p = tmp_path / "three.pgn"
    p.write_bytes(THREE.encode("gb18030"))
    with open(p, "rb") as raw:
        games, diags = parse_pgn(raw, encoding="gb18030")
        assert not raw.closed  # the caller's handle stays open
    named = [(code, line, col, str(p)) for code, line, col, _ in expected[1]]
    assert summary(games, diags) == (expected[0], named)  # the handle's name is the path
    with open(p, encoding="gb18030") as text:
        assert summary(*parse_pgn(text, path="x.pgn"))[0] == expected[0]


def test_read_pgn_reads_paths_and_handles(tmp_path: Path) -> None:
    p = tmp_path / "three.pgn"
    p.write_text(THREE, encoding="utf-8")
    events = [g.headers.get("Event") for g in read_pgn(p)]
    assert events == ["One", "Two", "Three"]
    assert [g.headers.get("Event") for g in read_pgn(io.StringIO(THREE))] == events
    with open(p, "rb") as raw:
        reader = read_pgn(raw)
        assert [g.headers.get("Event") for g in reader] == events and reader.encoding == "utf-8"
        assert not raw.closed
    with open(p, encoding="utf-8") as text:
        assert [g.headers.get("Event") for g in read_pgn(text)] == events


def test_text_handle_read_in_blocks_keeps_cr_lf_pairs() -> None:
    # A CR LF cut between two blocks of the handle is one line end.
    text = (ONE + TWO).replace("\n", "\r\n") * 40_000
    games = list(read_pgn(io.StringIO(text)))
    assert len(games) == 80_000 and games[-1].diagnostics == []
    assert games[-1].span.line == text.count("\n") - 2


# ---------------------------------------------------------------- read_headers
def headers_both_ways(text: str) -> None:
    games, _ = parse_pgn(text)
    assert list(read_headers(io.StringIO(text))) == [g.headers for g in games]


@pytest.mark.parametrize(
    "path",
    [DATA / "three-games.pgn", ROOT / "corpus" / "xu-yinchuan-vs-nie-weiping-1999.pgn",
     ROOT / "corpus" / "xu-yinchuan-vs-nie-weiping-1999-variations.pgn"],
    ids=lambda p: p.name,
)
def test_read_headers_equals_the_games_headers(path: Path) -> None:
    games, _ = parse_pgn(path.read_bytes())
    assert list(read_headers(path)) == [g.headers for g in games]
    with open(path, "rb") as raw:
        assert list(read_headers(raw)) == [g.headers for g in games]


def test_read_headers_of_the_xqwizard_export() -> None:
    reader = read_pgn(DATA / "xqwizard-style.pgn")
    assert list(read_headers(DATA / "xqwizard-style.pgn")) == [g.headers for g in reader]


def test_read_headers_counts_tags_in_the_movetext_and_keeps_the_first_duplicate() -> None:
    text = G + '[Red "A"]\n[Red "B"]\n1. 炮二平五 [Black "C"] 马8进7 *\n' + G + "[Event Cup]\n1. 炮二平五 *\n"
    headers = list(read_headers(io.StringIO(text)))
    assert [dict(h) for h in headers] == [
        {"Game": "Chinese Chess", "Red": "A", "Black": "C"},
        {"Game": "Chinese Chess", "Event": "Cup"},
    ]
    headers_both_ways(text)


@settings(max_examples=40, deadline=None)
@given(texts=st.lists(written_game(max_moves=10), min_size=1, max_size=3), line_end=st.sampled_from(LINE_ENDS))
def test_read_headers_of_generated_files(texts: list[str], line_end: str) -> None:
    headers_both_ways("".join(texts).replace("\n", line_end))


@settings(max_examples=100, deadline=None)
@given(st.lists(PGN_CHARS, max_size=60).map("".join))
def test_read_headers_of_any_pgn_like_text(text: str) -> None:
    headers_both_ways(text)


@settings(max_examples=80, deadline=None)
@given(
    text=st.lists(written_game(max_moves=6), min_size=1, max_size=3).map("".join),
    line_end=st.sampled_from(LINE_ENDS),
    cuts=st.lists(st.integers(0, 10_000), max_size=8),
)
def test_splitter_gives_the_same_chunks_however_the_text_is_fed(text: str, line_end: str, cuts: list[int]) -> None:
    text = text.replace("\n", line_end)
    bounds = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    pieces = [text[a:b] for a, b in zip(bounds, bounds[1:])]
    whole = list(split_games([text]))
    assert list(split_games(pieces)) == whole
    assert list(split_games(text.splitlines(keepends=True))) == whole
    assert list(split_games(["", *text, ""])) == whole  # one character at a time: CR and LF apart
    assert len(whole) == len(parse_pgn(text)[0]) and "".join(c.text or "" for c in whole) == text


def _split_line_by_line(pieces: list[str]) -> list[Source]:
    """The chunks as the splitter reads them one line at a time (its runs of plain lines not taken at once)."""
    splitter = GameSplitter()
    splitter._plain = lambda: False  # type: ignore[method-assign]
    chunks = [c for piece in pieces for c in splitter.feed(piece)]
    return chunks + list(splitter.finish())


@settings(max_examples=300, deadline=None)
@given(
    text=st.lists(st.one_of(PGN_CHARS, st.sampled_from(["\n\n", "\r\n[Game \"x\"]\r\n", "{a\nb}", '"\n"', "1. 炮二平五\n", "\f", "\v", "\u3000", ";c\r"])), max_size=80).map("".join),
    cuts=st.lists(st.integers(0, 10_000), max_size=6),
)
def test_runs_of_plain_lines_are_cut_as_line_by_line(text: str, cuts: list[int]) -> None:
    # The splitter takes the lines holding no `[`, `{` or `;` at once (GameSplitter._skip_plain):
    # the chunks, their text and their places, equal those of reading every line on its own.
    bounds = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    pieces = [text[a:b] for a, b in zip(bounds, bounds[1:])]
    reference = _split_line_by_line([text])
    assert [(c.text, c.offset, c.line, c.column) for c in split_games([text])] == [
        (c.text, c.offset, c.line, c.column) for c in reference
    ]
    assert list(split_games(pieces)) == reference == _split_line_by_line(pieces)


# ---------------------------------------------------------------- numbers too long to read
def test_a_move_number_of_5000_digits_keeps_the_game() -> None:
    # Issue 10, item 6: int() refuses more than 4,300 digits; the game was
    # dropped as "P101 Game could not be read".  Now the moves are read and
    # the number is a wrong move number (P207), quoted cut short.
    text = '[Game "Chinese Chess"]\n' + "9" * 5000 + ". 炮二平五 马8进7 2. 马二进三 *\n"
    games, diags = parse_pgn(text)
    assert [str(m) for m in games[0].mainline_moves()] == ["H2-E2", "H9-G7", "H0-G2"]
    assert [(d.code, d.line, d.column, d.end_column) for d in diags] == [("P207", 2, 1, 5002)]
    assert len(diags[0].message) < 200


def test_a_nag_of_5000_digits_is_dropped_and_named() -> None:
    text = '[Game "Chinese Chess"]\n1. 炮二平五 $' + "7" * 5000 + " 马8进7 $300 $4 *\n"
    games, diags = parse_pgn(text)
    first, second = games[0].mainline()
    assert [str(first.move), str(second.move)] == ["H2-E2", "H9-G7"]
    assert first.nags == [] and second.nags == [300, 4]
    assert [(d.code, d.column) for d in diags] == [("P219", 9), ("P219", 5016)]
    assert "more than 9 digits; dropped" in diags[0].message and "`$300` is not 0 to 255" in diags[1].message


def test_a_format_value_over_lines_is_quoted_alike_whatever_ends_its_lines() -> None:
    # Found by the property above: the message quoted the value as written, its line end included.
    text = '[Game "Chinese Chess"]\n[Format "W\nXF"]\n\n1-0\n'
    messages = {end: [d.message for d in parse_pgn(text.replace("\n", end))[1] if d.code == "P213"] for end in ("\n", "\r\n", "\r")}
    assert messages["\n"] == messages["\r\n"] == messages["\r"] == ["Unknown Format `W XF`; expected `Chinese`, `WXF` or `ICCS`"]
