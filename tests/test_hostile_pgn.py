"""Tag lines inside a game (issue 28, item 13; docs/spec/pgn.md §2.7): where the splitter cuts.

A tag line at the start of a line after movetext begins the next game (PGN §2.3),
unless it is a tag of the movetext (PGN §2.7): the game has no result, the
tag is not ``Game`` or ``Event``, and the move numbers go on after it.  The
spec's own invalid example then gives one finding (P202) instead of P205,
T101 and M201 for a second "game" from the opening position.

The clause must not change how real multi-game files split: every PGN of the
shared corpus is split with it and without it (the splitter with the clause
turned off, ``GameSplitter._may_go_on`` returning ``False``), and the game
starts must be the same (a before/after equality guard).  Measured when the
clause was written: 107 files, 2,689 games, the same starts as the splitter
before it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xqformats import formats
from xqformats.lint import LintOptions, lint_bytes
from xqformats.pgn import parse_pgn
from xqformats.pgn.splitter import FIRST_TAGS, GameSplitter, split_games

G = '[Game "Chinese Chess"]\n'


def _starts(text: str) -> list[tuple[int, int]]:
    return [(c.offset, c.line) for c in split_games([text])]


def _codes(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.line or 0) for d in lint_bytes(text.encode(), "g.pgn", LintOptions()).diagnostics]


def test_the_spec_example_is_one_game_with_one_finding() -> None:
    text = G + '[FEN "3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 51"]\n51. 兵五平六 将4平5\n[Format "WXF"]\n52. P6.5 K5.4 *\n'
    assert _starts(text) == [(0, 1)]
    assert _codes(text) == [("P202", 4)]


def test_a_tag_line_that_is_the_next_game_still_cuts() -> None:
    base = G + "1. 炮二平五 马8进7\n"
    # Moves that start again at 1, a Game or Event tag, a result before: the next game.
    for rest in ('[Round "2"]\n1. 兵七进一 *\n', '[Event "x"]\n2. 马二进三 *\n', G + "2. 马二进三 *\n"):
        assert len(_starts(base + rest)) == 2, rest
    assert len(_starts(G + "1. 炮二平五 马8进7 *\n" + '[Round "2"]\n2. 马二进三 *\n')) == 2
    # Nothing after the tags: a game of tags.
    assert len(_starts(base + '[Round "2"]\n\n')) == 2
    assert FIRST_TAGS == {"Game", "Event"}


def test_tag_lines_that_go_on_stay_in_the_game() -> None:
    base = G + "1. 炮二平五 马8进7\n"
    for rest in ('[Round "2"]\n2. 马二进三 *\n', '[Round "2"]\n\n[Site "y"]\n\n2. 马二进三 *\n'):
        assert _starts(base + rest) == [(0, 1)], rest
    games, diags = parse_pgn(base + '[Round "2"]\n\n[Site "y"]\n\n2. 马二进三 *\n')
    assert [d.code for d in diags] == ["P202", "P202"]
    assert dict(games[0].headers) == {"Game": "Chinese Chess", "Round": "2", "Site": "y"}
    # Black's reply after the tag: `1...` goes on from `1.`.
    text = G + '1. 炮二平五\n[Round "2"]\n1... 马8进7 *\n'
    assert _starts(text) == [(0, 1)] and _codes(text) == [("P202", 3)]


def test_a_format_tag_line_names_the_notation_after_it() -> None:
    text = G + '1. 炮二平五 马8进7\n[Format "WXF"]\n2. H2+3 R9.8 *\n'
    games, diags = parse_pgn(text)
    assert [d.code for d in diags] == ["P202"]
    assert [m.iccs() for m in games[0].mainline_moves()] == ["H2-E2", "H9-G7", "H0-G2", "I9-H9"]
    # A move in another notation after it is a mixed notation again.
    assert [c for c, _ in _codes(G + '1. 炮二平五 马8进7\n[Format "WXF"]\n2. 马二进三 *\n')][-1] == "P214"


def test_streaming_and_parts_see_the_same_games(tmp_path: Path) -> None:
    text = (G + '1. 炮二平五 马8进7\n[Format "WXF"]\n2. H2+3 R9.8 *\n\n') * 3 + G + "1. 炮二平五\n" + '[Round "9"]\n1. 兵七进一 *\n'
    path = tmp_path / "g.pgn"
    path.write_text(text, encoding="utf-8")
    with formats.open_record(path) as stream:
        assert sum(1 for _ in stream) == 5
    assert len(formats.read(path).games) == 5
    # Fed a character at a time, the splitter cuts where it cuts the whole text.
    assert [(c.offset, c.line) for c in split_games(text)] == _starts(text)


def test_every_corpus_pgn_splits_as_without_the_clause(shared_corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = {}
    for path in sorted(p for p in shared_corpus.rglob("*") if p.is_file()):
        data = path.read_bytes()
        found = formats.detect_format(path.name, data[: formats.HEAD_SIZE]).format
        if found is not None and found.name == "pgn":
            text = formats.read(data, name=path.name).text()
            if text is not None:
                texts[path] = text
    with_clause = {p: _starts(t) for p, t in texts.items()}
    monkeypatch.setattr(GameSplitter, "_may_go_on", lambda self, line, first: False)
    without = {p: _starts(t) for p, t in texts.items()}
    assert len(texts) > 100 and sum(len(s) for s in without.values()) > 2000
    assert [p for p in texts if with_clause[p] != without[p]] == []
