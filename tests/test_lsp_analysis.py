"""The language server's parts without the protocol: position units, re-cutting after edits, findings per game.

* :mod:`xqformats.lsp.positions` against Python's own encoders, on CJK,
  fullwidth digits and astral characters;
* :class:`~xqformats.lsp.document.Document` after any edits cuts the text
  exactly as the splitter cuts it afresh (a hypothesis property);
* :class:`~xqformats.lsp.analysis.Analysis` reports, game by game and after
  edits, exactly what ``lint_bytes`` reports for the whole text.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xqformats.lint.runner import LintOptions, lint_bytes
from xqformats.lsp.analysis import Analysis, Range, lint_options
from xqformats.lsp.document import Document
from xqformats.lsp.positions import UTF8, UTF16, UTF32, from_client, to_client, units
from xqformats.pgn.splitter import split_games

LINE = "1. 炮二平五 马８进７ {𠀀𝄞 a} 车9平8 3. 车一平二"


def _expected(text: str, encoding: str) -> int:
    codec = {UTF16: "utf-16-le", UTF8: "utf-8", UTF32: "utf-32-le"}[encoding]
    width = {UTF16: 2, UTF8: 1, UTF32: 4}[encoding]
    return len(text.encode(codec)) // width


def test_units_and_columns_against_the_encoders() -> None:
    for encoding in (UTF16, UTF8, UTF32):
        assert units(LINE, encoding) == _expected(LINE, encoding)
        for index in range(len(LINE) + 1):
            character = to_client(LINE, index + 1, encoding)
            assert character == _expected(LINE[:index], encoding)
            assert from_client(LINE, character, encoding) == index + 1


def test_astral_characters_are_two_utf16_units() -> None:
    at = LINE.index("𠀀")
    assert to_client(LINE, at + 2, UTF16) == to_client(LINE, at + 1, UTF16) + 2
    assert to_client(LINE, at + 2, UTF8) == to_client(LINE, at + 1, UTF8) + 4
    # Inside the surrogate pair is the astral character's own column.
    assert from_client(LINE, to_client(LINE, at + 1, UTF16) + 1, UTF16) == at + 1


def test_columns_past_the_line_end() -> None:
    assert to_client("炮", 3, UTF16) == 2  # one past the end keeps the range's length
    assert from_client("炮", 9, UTF16) == 2
    assert to_client("", 0, UTF16) == 0


# ---------------------------------------------------------------- re-cutting

_GAME = '[Game "Chinese Chess"]\n[Event "E"]\n1. 炮二平五 {a\ncomment} (1. 马二进三) 马8进7 *\n\n'
_PIECES = ["[", "]", "{", "}", "(", ")", "\n", "\r", "\r\n", '"', "x", " ", "1.", "\f", '[Game "G"]\n', "炮二平五 "]


@st.composite
def _edits(draw: st.DrawFn) -> tuple[str, list[tuple[int, int, str]]]:
    text = _GAME * draw(st.integers(1, 4))
    edits = []
    length = len(text)
    for _ in range(draw(st.integers(1, 6))):
        start = draw(st.integers(0, length))
        end = draw(st.integers(start, min(length, start + 12)))
        inserted = "".join(draw(st.lists(st.sampled_from(_PIECES), max_size=3)))
        edits.append((start, end, inserted))
        length += len(inserted) - (end - start)
    return text, edits


@settings(max_examples=300, deadline=None)
@given(_edits())
def test_recut_after_edits_equals_a_fresh_cut(case: tuple[str, list[tuple[int, int, str]]]) -> None:
    text, edits = case
    doc = Document(text)
    for start, end, inserted in edits:
        text = text[:start] + inserted + text[end:]
        doc.edit(start, end, inserted)
        fresh = [(c.text, c.offset, c.line, c.column) for c in split_games((text,))]
        assert [(c.text, c.offset, c.line, c.column) for c in doc.chunks] == fresh
        assert doc.text == text


def test_replace_finds_the_changed_span() -> None:
    doc = Document(_GAME * 3)
    new = _GAME * 2 + _GAME.replace("马8进7", "马8进9")
    doc.replace(new)
    assert doc.text == new
    assert [c.text for c in doc.chunks] == [c.text for c in split_games((new,))]


# ---------------------------------------------------------------- findings

_GAMES = (
    '[Game "Chinese Chess"]\n1. 炮二平五 马８进７ 2. 马二进三 {𠀀} 马7进9 *\n\n'
    '[Event "No Game tag"]\n[Date "1995.5.22"]\n1. 炮二平五 马8进7 2. 车一平一 *\n\n'
    '[Game "Chinese Chess"]\n1. H2-E2 *\n'
)


def _whole(text: str, name: str = "games.pgn") -> list[tuple[str, int, int, int, int]]:
    result = lint_bytes(text.encode("utf-8"), name, LintOptions())
    return sorted((d.code, d.line or 0, d.column or 0, d.end_line or 0, d.end_column or 0) for d in result.diagnostics)


def _incremental(a: Analysis) -> list[tuple[str, int, int, int, int]]:
    # UTF-32 units are code points: the client's positions read back as ours (0-based).
    return sorted(
        (f.diagnostic.code, f.range.start_line + 1, f.range.start_character + 1, f.range.end_line + 1, f.range.end_character + 1)
        for f in a.findings()
    )


def test_findings_game_by_game_equal_the_whole_file() -> None:
    a = Analysis(_GAMES, "games.pgn", encoding=UTF32)
    assert a.pgn
    assert _incremental(a) == _whole(_GAMES)
    assert {"M301", "T101", "T104"} <= {code for code, *_ in _whole(_GAMES)}


def test_findings_follow_edits() -> None:
    a = Analysis(_GAMES, "games.pgn", encoding=UTF32)
    text = _GAMES
    # Insert a game at the top: every later finding moves down; then break the last game.
    top = '[Game "Chinese Chess"]\n1. 炮二平五 炮8平5 *\n\n'
    a.edit(Range(0, 0, 0, 0), top)
    text = top + text
    assert _incremental(a) == _whole(text)
    line = text.count("\n") - 1
    a.edit(Range(line, 3, line, 8), "H2-H9")
    text = text[: text.rindex("H2-E2")] + "H2-H9" + text[text.rindex("H2-E2") + 5 :]
    assert a.text == text
    assert _incremental(a) == _whole(text)


def test_other_text_formats_are_linted_whole() -> None:
    text = '[DhtmlXQ]\n[DhtmlXQ_movelist]77477242[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n'
    a = Analysis(text, "post.ubb", encoding=UTF32)
    assert not a.pgn
    assert _incremental(a) == _whole(text, "post.ubb")


def _first_invalid_text_case(suite: str) -> Path:
    """The first invalid conformance case of ``suite`` whose bytes are UTF-8 text (an editor's buffer)."""
    folder = Path(__file__).resolve().parents[1] / "xqformats" / "conformance" / "cases" / suite / "invalid"
    for path in sorted(folder.iterdir()):
        if path.name.endswith(".case.json"):
            continue
        try:
            path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        return path
    raise AssertionError(f"no UTF-8 invalid case in {folder}")


@pytest.mark.parametrize("suite", ["che", "dhjhtmlxq", "shijia", "playok", "pfc", "wxfgame"])
def test_the_text_formats_of_issue_25_are_linted_whole_in_the_editor(suite: str) -> None:
    """A document of each text format the formats issue added: the editor shows what `lint` shows."""
    path = _first_invalid_text_case(suite)
    text = path.read_bytes().decode("utf-8")
    a = Analysis(text, path.name, encoding=UTF32)
    assert not a.pgn
    assert _incremental(a) == _whole(text, path.name) != []


def test_lint_options_come_from_the_closest_config(tmp_path: Path) -> None:
    (tmp_path / "xqformats.toml").write_text('ignore = ["T1"]\nstrict = true\n', encoding="utf-8")
    options, problem = lint_options(tmp_path / "sub" / "games.pgn")
    assert problem is None and options.strict and not options.selection.enabled("T101")
    (tmp_path / "xqformats.toml").write_text('select = ["Q9"]\n', encoding="utf-8")
    options, problem = lint_options(tmp_path / "games.pgn")
    assert problem is not None and "Q9" in problem and options == LintOptions()


def _labels(a: Analysis, line: int, character: int) -> set[str]:
    found = a.completion(line, character)
    assert found is not None
    return {c.text for c in found.candidates}


def test_completion_follows_the_variation_brackets() -> None:
    text = '[Game "Chinese Chess"]\n1. 炮二平五 (1. 马二进三 马8进7) 1... '
    a = Analysis(text, "v.pgn", encoding=UTF32)
    line = len(text.split("\n")[1])
    after_variation = _labels(a, 1, line)
    assert "马8进7" in after_variation and "炮二平五" not in after_variation  # Black to move after 炮二平五
    inside = _labels(a, 1, len("1. 炮二平五 (1. 马二进三 "))
    assert "马8进7" in inside and "炮8平5" in inside and "炮二平五" not in inside
    opened = _labels(a, 1, len("1. 炮二平五 ("))
    assert "炮二平五" in opened and "马二进三" in opened  # the variation replaces Red's first move


def test_hover_on_a_move_in_a_variation() -> None:
    text = '[Game "Chinese Chess"]\n1. 炮二平五 (1. 马二进三 马8进7) 1... 炮8平5 *\n'
    a = Analysis(text, "v.pgn", encoding=UTF32)
    hover = a.hover(1, len("1. 炮二平五 (1. 马二进三 ") + 1)
    assert hover is not None and "**马8进7**" in hover.markdown
    assert "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R w" in hover.markdown
    start = len("1. 炮二平五 (1. 马二进三 ")
    assert hover.range == Range(1, start, 1, start + 4)
    # The text board first, then the FEN; no picture for a client that does not render images
    # (issue 27: a terminal editor's hover was a 24,701-character float, mostly base64).
    assert hover.markdown.index("0 R N B A K A B . R") < hover.markdown.index("FEN after the move")
    assert "data:image" not in hover.markdown and len(hover.markdown) < 1000
    # A client that renders Markdown images gets the board drawn too, last: an SVG data URI.
    drawn = Analysis(text, "v.pgn", encoding=UTF32, images=True).hover(1, len("1. 炮二平五 (1. 马二进三 ") + 1)
    assert drawn is not None and drawn.markdown.startswith(hover.markdown)
    uri = re.search(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)\)", drawn.markdown)
    assert uri is not None and base64.b64decode(uri.group(1)).decode("utf-8").startswith("<svg")


GBK_TEXT = '[Game "Chinese Chess"]\n[Event "第24届五羊杯"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n'


def test_a_file_the_editor_decoded_as_latin1_gets_one_finding(tmp_path: Path) -> None:
    # Issue 27: Neovim reads GBK files as latin-1; the server got mojibake and reported
    # `M101 Not a move 'ÅÚ°ËÆ½Îå'` although lint reads the file cleanly.
    path = tmp_path / "gbk.pgn"
    path.write_bytes(GBK_TEXT.encode("gbk"))
    mojibake = GBK_TEXT.encode("gbk").decode("latin-1")
    a = Analysis(mojibake, str(path), path=str(path), encoding=UTF16)
    found = a.findings()
    assert [(f.range, f.diagnostic.code, f.diagnostic.severity.name) for f in found] == [(Range(0, 0, 0, 0), "E104", "WARNING")]
    assert found[0].diagnostic.message == (
        "The editor decoded this file as latin-1; it is GBK (GB18030): set the file encoding (editors/README.md)"
    )
    assert a.fix_all() == [] and a.formatting() == ([], found[0].diagnostic.message)
    # Edits keep it; the editor reloading the file in its encoding (a whole new text) clears it.
    a.edit(Range(3, 0, 3, 0), " ")
    assert [f.diagnostic.code for f in a.findings()] == ["E104"]
    a.replace(GBK_TEXT)
    assert _incremental(a) == _whole(GBK_TEXT) and "E104" not in {f.diagnostic.code for f in a.findings()}
    # The same text for an unsaved document, or one decoded rightly, is linted as it is.
    assert "E104" not in {f.diagnostic.code for f in Analysis(mojibake, "gbk.pgn", encoding=UTF16).findings()}
    assert _incremental(Analysis(GBK_TEXT, str(path), path=str(path), encoding=UTF32)) == _whole(GBK_TEXT)


def test_utf16_and_utf8_shown_as_latin1_are_named_and_real_latin1_is_left_alone(tmp_path: Path) -> None:
    for codec, name in (("utf-16", "UTF-16"), ("utf-8", "UTF-8")):
        path = tmp_path / f"{codec}.pgn"
        path.write_bytes(GBK_TEXT.encode(codec))
        found = Analysis(path.read_bytes().decode("latin-1"), str(path), path=str(path)).findings()
        assert [f.diagnostic.code for f in found] == ["E104"] and f"; it is {name}:" in found[0].diagnostic.message
    # A latin-1 file shown as latin-1: its bytes read cleanly as GB18030 too, but not as Chinese.
    text = '[Game "Chinese Chess"]\n[Red "Müller"]\n[Black "Ærø"]\n\n1. 炮二平五 *\n'.replace("炮二平五", "h2e2")
    path = tmp_path / "latin1.pgn"
    path.write_bytes(text.encode("latin-1"))
    assert "E104" not in {f.diagnostic.code for f in Analysis(text, str(path), path=str(path)).findings()}
    # Ignored in the file's settings: the findings of the text as it is.
    (tmp_path / "xqformats.toml").write_text('ignore = ["E104"]\n', encoding="utf-8")
    gbk = tmp_path / "gbk.pgn"
    gbk.write_bytes(GBK_TEXT.encode("gbk"))
    options, _ = lint_options(gbk)
    found = Analysis(gbk.read_bytes().decode("latin-1"), str(gbk), path=str(gbk), options=options).findings()
    assert found and "E104" not in {f.diagnostic.code for f in found}


def test_corpus_files_game_by_game_equal_the_whole_file(shared_corpus: Path) -> None:
    """Real files: the server's findings, game by game, are what lint reports for the decoded text."""
    from xqformats.encoding import decode_bytes

    files = sorted(p for p in shared_corpus.rglob("*") if p.suffix.lower() == ".pgn")
    # The 90 smallest files (of about 100): varied sources, a few seconds in all.
    sample = sorted(files, key=lambda p: p.stat().st_size)[:90]
    assert sample
    for path in sample:
        text, _codec, _found = decode_bytes(path.read_bytes())
        a = Analysis(text, "games.pgn", encoding=UTF32)
        assert _incremental(a) == _whole(text), path.name
