"""Reading PGN: recovery, robustness, streaming, strict mode (xqformats.pgn)."""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xqformats.diagnostics import Diagnostic, Severity
from xqformats.pgn import parse_pgn, read_pgn, write_pgn
from xqformats.pgn.splitter import iter_lines, split_games

DATA = Path(__file__).resolve().parent / "data" / "pgn"
G = '[Game "Chinese Chess"]\n'


def codes(diags: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in diags]  # type: ignore[misc]


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
    assert [d.code for d in diags] == ["M301", "P301"]
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


def test_truncated_files_never_raise() -> None:
    text = (DATA / "three-games.pgn").read_text(encoding="utf-8") + (
        Path(__file__).resolve().parents[1] / "corpus" / "xu-yinchuan-vs-nie-weiping-1999-variations.pgn"
    ).read_text(encoding="utf-8")
    rng = random.Random(4)
    for cut in sorted(rng.sample(range(len(text)), 120)) + [len(text) - 1]:
        games, diags = parse_pgn(text[:cut])
        assert all(d.line is not None for d in diags)


def test_unreadable_bytes_never_raise() -> None:
    rng = random.Random(7)
    for _ in range(30):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        parse_pgn(data)
    games, diags = parse_pgn(b"\xff\xfe\x00" + b"\x00\xd8" * 3)  # UTF-16 BOM, lone surrogates
    assert all(isinstance(d, Diagnostic) for d in diags)


PGN_CHARS = st.sampled_from(
    list("[]{}();$!?.*-/\\\"\n\r\t 0123456789") + ["1-0", "0-1", "1/2-1/2", "...", "[Game \"x\"]", "\n["]
    + list("炮二平五马8进7车九兵卒将帅士相象后前中一HhCc+=abcdefghi")
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PGN_CHARS, max_size=60).map("".join))
def test_any_pgn_like_text_never_raises(text: str) -> None:
    games, diags = parse_pgn(text)
    for d in diags:
        assert d.line is not None and d.column is not None
        assert d.line >= 1 and d.column >= 1


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_any_text_never_raises(text: str) -> None:
    parse_pgn(text)
    parse_pgn(text, strict=True)


# ---------------------------------------------------------------- lenient and strict
def test_xqwizard_export_reads_with_warnings(tmp_path: Path) -> None:
    """GBK, CRLF (and CR CR LF), glued `1.炮二平五`, fullwidth digits, footer, `09-02-21`."""
    reader = read_pgn(DATA / "xqwizard-style.pgn")
    games = list(reader)
    assert [d.code for d in reader.diagnostics] == ["E101"]
    (g,) = games
    assert g.ply_count() == 10 and g.result == "1-0" and g.headers["Date"] == "09-02-21"
    found = [(d.code, d.line, d.column, d.severity) for d in g.diagnostics if d.severity is not Severity.INFO]
    assert found == [("P201", n, 5, Severity.WARNING) for n in range(7, 12)] + [
        ("P204", 13, 1, Severity.WARNING),
        ("P204", 14, 1, Severity.WARNING),
        ("P204", 15, 1, Severity.WARNING),
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
    chunks = list(split_games(iter_lines(text)))
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
