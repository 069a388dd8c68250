"""``xqformats format``: the canonical layout, idempotent, never changing a game.

Before/after texts are written out by hand; the properties run over
generated games (tests/pgn_strategies.py) and every real record of the
shared corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from pgn_strategies import any_mutant, any_variant
from xqformats import cli, formats
from xqformats.formatter import format_file, format_text, same_game

BEFORE = (
    '[Event "全国象棋个人赛"]\n'
    '[Game "Chinese Chess"]\n'
    '[Opening "中炮对屏风马"]\n'
    '[Red "许银川"]   [Black "吕钦"]\n'
    '[Result "1-0"]\n'
    "\n"
    "1.炮二平五  马８进７ {开局} 2. 马二进三 (2. 兵七进一 $1 卒7进1) 车９平８\n"
    "  3. 车一平二 1-0 {黑方认负}\n"
)
AFTER = (
    '[Game "Chinese Chess"]\n'
    '[Event "全国象棋个人赛"]\n'
    '[Red "许银川"]\n'
    '[Black "吕钦"]\n'
    '[Result "1-0"]\n'
    '[Opening "中炮对屏风马"]\n'
    "\n"
    "1. 炮二平五 马8进7 {开局} 2. 马二进三 (2. 兵七进一 $1 卒7进1) 2. ... 车9平8\n"
    "3. 车一平二 {黑方认负} 1-0\n"
)


def games(text: str) -> list:
    return formats.read(text.encode("utf-8"), name="g.pgn").games


def test_format_by_hand() -> None:
    result = format_text(BEFORE, "g.pgn")
    assert result.formattable and result.changed
    assert result.text == AFTER
    assert format_text(AFTER, "g.pgn").changed is False


def test_format_keeps_the_games() -> None:
    for before, after in zip(games(BEFORE), games(AFTER)):
        assert same_game(before, after)
        assert before == after  # here no tag was added: the very same game


def test_format_keeps_the_notation_or_changes_it_on_request() -> None:
    wxf = '[Game "Chinese Chess"]\n[Format "WXF"]\n\n1. c2.5 h8+7 *\n'
    assert format_text(wxf, "g.pgn").text == '[Game "Chinese Chess"]\n[Result "*"]\n[Format "WXF"]\n\n1. C2.5 H8+7 *\n'
    iccs = format_text(wxf, "g.pgn", notation="iccs").text
    assert iccs == '[Game "Chinese Chess"]\n[Result "*"]\n[Format "ICCS"]\n\n1. H2-E2 H9-G7 *\n'


def test_format_keeps_crlf() -> None:
    result = format_text(BEFORE.replace("\n", "\r\n"), "g.pgn")
    assert result.text == AFTER.replace("\n", "\r\n")


def test_records_with_errors_are_not_formattable() -> None:
    text = '[Game "Chinese Chess"]\n\n1. 炮二平五 马8进X *\n'
    result = format_text(text, "g.pgn")
    assert not result.formattable and result.text == text and not result.changed
    assert "errors" in (result.reason or "")


def test_embedded_records_are_not_formattable() -> None:
    page = "<p>见下</p>[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]<p>完</p>"
    result = format_text(page, "post.txt")
    assert not result.formattable and result.text == page


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_variant(16))
def test_format_keeps_generated_games_and_is_idempotent(text: str) -> None:
    result = format_text(text, "g.pgn")
    if not result.formattable:  # a respelling may hold a syntax error (a line break inside a tag)
        assert result.text == text
        return
    before, after = games(text), games(result.text)
    assert len(before) == len(after) and all(same_game(b, a) for b, a in zip(before, after))
    assert format_text(result.text, "g.pgn").changed is False


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_mutant(12))
def test_format_of_any_text_never_raises_nor_changes_a_game(text: str) -> None:
    result = format_text(text, "g.pgn")
    if result.formattable:
        assert all(same_game(b, a) for b, a in zip(games(text), games(result.text)))
        assert format_text(result.text, "g.pgn").changed is False
    else:
        assert result.text == text


def _corpus_records() -> list[str]:
    """The corpus's PGN and CBF files, relative to it (none when it is absent: the test then skips)."""
    from conftest import SHARED_CORPUS

    if not SHARED_CORPUS.is_dir():
        return ["(no corpus)"]
    return sorted(str(p.relative_to(SHARED_CORPUS)) for p in SHARED_CORPUS.rglob("*") if p.suffix.lower() in (".pgn", ".cbf"))


#: Above this size a file is formatted once: ``format_file`` reads what it
#: wrote, compares the games and writes them again before it gives the text
#: out (its safety net), so reading and formatting again here would only
#: repeat that, and the two largest files take 11 s a reading.
INDEPENDENT_CHECK_BYTES = 256_000


@pytest.mark.parametrize("name", _corpus_records())
def test_format_is_idempotent_and_keeps_every_corpus_game(shared_corpus: Path, name: str) -> None:
    path = shared_corpus / name
    data = path.read_bytes()
    result = format_file(data, path.name)
    if not result.formattable:
        # Only records with errors, or that the writer cannot keep whole, are refused.
        assert result.data == data and not result.changed
        assert result.reason is not None and ("errors" in result.reason or "writer would change" in result.reason)
        return
    if len(data) > INDEPENDENT_CHECK_BYTES:
        return
    before = formats.read(data, name=path.name).games
    after = formats.read(result.data, name=path.name).games
    assert len(before) == len(after)
    assert all(same_game(b, a) for b, a in zip(before, after))
    again = format_file(result.data, path.name)
    assert again.formattable and not again.changed  # format --check passes on format's output


# ---------------------------------------------------------------- the command line


def test_format_check_diff_and_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.pgn"
    path.write_bytes(BEFORE.replace("\n", "\r\n").encode("gbk"))
    assert cli.main(["format", "--check", str(path)]) == 1
    assert f"Would reformat: {path}" in capsys.readouterr().out
    assert cli.main(["format", "--diff", str(path)]) == 1
    out = capsys.readouterr().out
    assert "-1.炮二平五  马８进７" in out and "+1. 炮二平五 马8进7" in out
    assert path.read_bytes() == BEFORE.replace("\n", "\r\n").encode("gbk")  # --check and --diff write nothing
    assert cli.main(["format", str(path)]) == 0
    assert path.read_bytes() == AFTER.replace("\n", "\r\n").encode("gbk")  # its encoding and line ends kept
    assert [p.name for p in tmp_path.iterdir()] == ["g.pgn"]
    assert cli.main(["format", "--check", str(path)]) == 0


def test_format_leaves_what_it_cannot_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.pgn"
    text = '[Game "Chinese Chess"]\n\n1. 炮二平五 马8进X *\n'
    path.write_text(text, encoding="utf-8")
    assert cli.main(["format", str(path)]) == 0
    assert "not formattable" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == text


def test_files_of_a_format_with_no_layout_are_counted_and_listed_with_v(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 27: `format DIR` printed one `not formattable` line per XQF file.
    from xqformats import formats

    game = formats.read(AFTER.encode("utf-8"), name="a.pgn").games[0]
    for name in ("a.xqf", "b.XQF"):
        (tmp_path / name).write_bytes(formats.write([game], "xqf"))
    (tmp_path / "c.pgn").write_text(AFTER, encoding="utf-8")
    assert cli.main(["format", "--check", str(tmp_path)]) == 0
    assert capsys.readouterr().err == (
        "xqformats format: 0 files would be reformatted, 1 unchanged, 2 not formattable (XQF: no canonical layout; -v lists them)\n"
    )
    assert cli.main(["format", "--check", "-v", str(tmp_path)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"xqformats format: {tmp_path / 'a.xqf'}: not formattable: XQF has no canonical layout",
        f"xqformats format: {tmp_path / 'b.XQF'}: not formattable: XQF has no canonical layout",
        "xqformats format: 0 files would be reformatted, 1 unchanged, 2 not formattable (XQF: no canonical layout)",
    ]
    assert cli.main(["format", "-q", str(tmp_path)]) == 0 and capsys.readouterr().err == ""


def test_format_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    assert cli.main(["format", str(tmp_path / "none.pgn")]) == 2
