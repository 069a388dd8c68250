"""``lint --format html``: a self-contained page, by file, with the board before each move error."""

from __future__ import annotations

from pathlib import Path

import pytest
from board_helpers import hex_rgb, near, screenshot
from lxml import html as lxml_html

from xqformats.board.report import ERROR_ARROW_COLOR, MOVE_ERRORS, move_error_board, render_html
from xqformats.board.svg import BLACK_COLOR, RED_COLOR
from xqformats.cli import main
from xqformats.formats import read
from xqformats.lint.catalogue import RULES
from xqformats.lint.output import RULES_URL, help_uri
from xqformats.lint.runner import LintOptions, lint_target
from xqformats.discovery import Target
from xqformats.position import STARTING_FEN

#: Four games, each with one move that cannot be played: in the main line,
#: in a variation, as the first move of a variation, and after a closed one.
VARIATIONS = """[Game "Chinese Chess"]
[Format "ICCS"]

1. H2-E2 H9-G7 (1... H7-E7 2. B9-B5) 2. H0-G2 *

[Game "Chinese Chess"]
[Format "ICCS"]

1. H2-E2 (1. B9-B5) 1... H9-G7 2. H0-G2 *

[Game "Chinese Chess"]
[Format "ICCS"]

1. H2-E2 H9-G7 (1... H7-E7) 2. A0-A5 *

[Game "Chinese Chess"]

1. 炮二平五 马8进7 2. 马二进三 炮8进9 *
"""

#: The board before each move error: (game, plies played, FEN board, the move's points).
BEFORE = [
    (1, 2, "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR", "B9-B5"),
    (2, 0, STARTING_FEN.split()[0], "B9-B5"),
    (3, 2, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR", "A0-A5"),
    (4, 3, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R", None),
]


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "errors.pgn"
    path.write_text(VARIATIONS, encoding="utf-8")
    return path


def test_move_error_board_finds_the_position_before_the_move(games: Path) -> None:
    record = read(games)
    found = []
    for d in record.diagnostics:
        if d.code in MOVE_ERRORS:
            board = move_error_board(record, d)
            assert board is not None, d
            move = board.move.iccs() if board.move is not None else None
            found.append((board.game, board.node.ply(), board.position.fen().split()[0], move))
    assert found == BEFORE


def test_other_findings_have_no_board(games: Path) -> None:
    record = read(games)
    # (a finding's consequences are notes on it: P301 after an illegal move)
    others = [n for d in record.diagnostics for n in (d, *d.related) if n.code not in MOVE_ERRORS]
    assert others and all(move_error_board(record, d) is None for d in others)


@pytest.mark.parametrize(
    ("code", "name", "ply", "move"),
    [("C306", "game.cbf", 0, "H2-B2"), ("C304", "game.cbf", 0, None), ("D111", "post.ubb", 1, "H0-G0")],
)
def test_other_text_formats(code: str, name: str, ply: int, move: str | None) -> None:
    """The rule pages' own examples: CBF (XML elements) and DhtmlXQ (digits in a move list)."""
    record = read(RULES[code].example.encode("utf-8"), name=name)
    (finding,) = [d for d in record.diagnostics if d.code == code]
    board = move_error_board(record, finding)
    assert board is not None
    assert (board.game, board.node.ply(), board.move.iccs() if board.move else None) == (1, ply, move)


def _page(path: Path) -> str:
    return render_html([lint_target(Target(str(path), str(path)), LintOptions())])


def test_page_lists_findings_by_file_with_boards(games: Path, tmp_path: Path) -> None:
    clean = tmp_path / "clean.pgn"
    clean.write_text('[Game "Chinese Chess"]\n\n1. 炮二平五 马8进7 *\n', encoding="utf-8")
    results = [lint_target(Target(str(p), str(p)), LintOptions()) for p in (games, clean)]
    page = render_html(results)
    doc = lxml_html.document_fromstring(page)
    assert doc.xpath("//h2/text()") == [str(games), "Without findings"]
    findings = doc.xpath("//li[contains(@class, 'finding')]")
    assert len(findings) == len(results[0].diagnostics)
    boards = doc.xpath("//figure[@class='board']")
    assert len(boards) == len(BEFORE)
    first = boards[0].xpath("./figcaption")[0].text_content()
    assert first == "Game 1, before ply 3 (move 2, Red to move): B9-B5"
    items = [li for li in findings if li.xpath(".//figure")]
    assert all(li.xpath("./a[@class='code']/text()")[0] in MOVE_ERRORS for li in items)
    # Nothing is fetched: the only links are the codes', to their rule pages (as SARIF's helpUri).
    assert "<script" not in page and "<link" not in page and "url(" not in page and "@import" not in page
    links = doc.xpath("//a/@href")
    assert links and all(h.startswith(RULES_URL + "#") for h in links)
    assert page == render_html(results)  # deterministic


def test_each_finding_links_its_rule_and_shows_its_line_and_notes(games: Path) -> None:
    # Issue 27: the report was thin next to the text output: no rule link, no notes, no source.
    doc = lxml_html.document_fromstring(_page(games))
    first = doc.xpath("//li[contains(@class, 'finding')]")[0]
    (code,) = first.xpath("./a[@class='code']")
    rule = RULES[code.text]
    assert code.get("href") == help_uri(rule) and code.get("title") == rule.summary
    # The move error of game 1 (M201: B9-B5 in a variation, on line 4): its line, the move marked, its P301 note.
    (m201,) = [li for li in doc.xpath("//li[contains(@class, 'finding')]") if li.xpath("./span[@class='where']/text()") == ["4:31"]]
    assert m201.xpath("./a[@class='code']/text()") == ["M201"]
    (source,) = m201.xpath("./pre[@class='source']")
    assert source.text_content() == "4 | 1. H2-E2 H9-G7 (1... H7-E7 2. B9-B5) 2. H0-G2 *"
    assert source.xpath("./mark/text()") == ["B9-B5"]
    notes = m201.xpath("./ul[@class='notes']/li")
    assert [n.xpath("./a[@class='code']/text()") for n in notes] == [["P301"]]
    assert "kept as a comment" in notes[0].text_content()


def test_lint_format_html_writes_the_page(games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert main(["lint", "--isolated", "--format", "html", "-o", str(out), str(games)]) == 1
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == len(BEFORE)
    assert ERROR_ARROW_COLOR in page


def test_binary_record_boards(shared_corpus: Path) -> None:
    """XQF findings are at byte offsets: the board is the move that keeps the unplayed line."""
    path = shared_corpus / "walker8088__cchess" / "tests" / "data" / "BadMoveTest3.xqf"
    if not path.exists():
        pytest.skip(f"{path} not in the shared corpus")
    record = read(path)
    errors = [d for d in record.diagnostics if d.code in MOVE_ERRORS]
    assert errors
    for d in errors:
        board = move_error_board(record, d)
        assert board is not None and board.move is not None
        assert board.move.uci() in d.message


def test_page_in_chromium(tmp_path: Path) -> None:
    """One move error: its board (discs of both colours) and its arrow are on the rendered page."""
    source = tmp_path / "one.pgn"
    source.write_text(VARIATIONS.split("\n\n[Game")[0] + "\n", encoding="utf-8")
    page = tmp_path / "report.html"
    page.write_text(_page(source), encoding="utf-8")
    image = screenshot(page, 640, 640)
    red, black, arrow = hex_rgb(RED_COLOR), hex_rgb(BLACK_COLOR), hex_rgb(ERROR_ARROW_COLOR)
    counts = {"red": 0, "black": 0, "arrow": 0}
    for pixel in image.pixels():
        if near(pixel, red, 8):
            counts["red"] += 1
        elif near(pixel, black, 8):
            counts["black"] += 1
        elif near(pixel, arrow, 40) and pixel[0] > pixel[2] + 80:
            counts["arrow"] += 1
    # A board with its pieces' discs (each about 150 pixels of pure colour at this size) and the arrow.
    assert counts["red"] > 16 * 100 and counts["black"] > 16 * 100, counts
    assert counts["arrow"] > 200, counts
