"""PGN → CBF never changes a comment without a word (issue 10, item 11).

A CBF ``Move`` holds one text, there is no comment before a move, and
readers strip the white space around the text (docs/spec/cbf.md §5.4, §8.2).
So white space around a comment (U+3000 included), a blank comment, the split
of several comments on one move and a comment's place before a move are lost
on the way PGN → CBF; ``changed_comments`` names each node where that
happens, and the front door's ``losses(game, "cbf")`` — what ``convert``
prints — says so.

The property: for games from ``tests/strategies.py`` with comments drawn to
have blanks around them, U+3000, blank comments and several comments per move,
written as PGN and read back (the game ``convert`` would write), every node
whose comments differ after CBF write → read is named, and no other; with
nothing named, ``losses`` is silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import games
from xqformats.cbf import read_cbf, write_cbf
from xqformats.cbf.writer import CommentChange, changed_comments
from xqformats.formats import losses
from xqformats.model import Game, Node
from xqformats.pgn import parse_pgn, write_pgn

#: Comment text with blanks around and inside it: ASCII and ideographic spaces, tabs, line ends.
EDGY = st.text(st.sampled_from(list("评注 a\u3000\t\n\u00a0")), max_size=6)


@st.composite
def commented_games(draw) -> Game:  # type: ignore[no-untyped-def]
    """A game of :func:`strategies.games` with up to three comments on some moves and at the start."""
    game = draw(games(20, headers=None, comments=EDGY, comments_before=EDGY, nags=None))
    for node in game.root.walk():
        if draw(st.integers(0, 2)) == 0:
            node.comments.extend(draw(st.lists(EDGY, max_size=2)))
    return game


def _as_pgn(game: Game) -> Game:
    """``game`` as ``convert`` reads it from a PGN file."""
    (read,), diags = parse_pgn(write_pgn(game))
    return read


def _changed_nodes(game: Game, back: Game) -> list[Node]:
    """The nodes of ``game`` whose comments ``back`` (the same tree) holds different, in pre-order."""
    out = []
    stack = [(game.root, back.root)]
    while stack:
        a, b = stack.pop()
        if (a.comments_before, a.comments) != (b.comments_before, b.comments):
            out.append(a)
        assert [c.move for c in a.children] == [c.move for c in b.children]
        stack.extend(reversed(list(zip(a.children, b.children))))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(commented_games())
def test_every_changed_comment_is_named(model: Game) -> None:
    game = _as_pgn(model)
    back, diags = read_cbf(write_cbf(game))
    assert diags == []
    changed = {id(n) for n in _changed_nodes(game, back)}
    changes = changed_comments(game)
    named = {id(c.node if c.node is not None else game.root) for c in changes}
    assert named == changed
    said = losses(game, "cbf")
    if not changes:
        assert said == []
        return
    kinds = {c.change for c in changes}
    assert len(said) == len(kinds)  # one line per kind of change, nothing else lost here
    text = "\n".join(said)
    for kind in kinds:
        assert [c for c in changes if c.change == kind][0].where in text


def test_the_reported_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from xqformats.cli import main

    monkeypatch.chdir(tmp_path)
    pgn = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 {\u3000a } {b} 马8进7 {c} *\n'
    (tmp_path / "a.pgn").write_text(pgn, encoding="utf-8")
    assert main(["convert", "a.pgn", "-o", "a.cbf"]) == 0
    err = capsys.readouterr().err
    back, _ = read_cbf(tmp_path / "a.cbf")
    assert [n.comments for n in back.nodes()] == [["a\nb"], ["c"]]
    assert "white space around a comment dropped" in err and "joined into one" in err
    assert err.count("the comment on ply 1 (`77-47`)") == 2 and "ply 2" not in err


def test_exact_comments_convert_silently() -> None:
    (game,), _ = parse_pgn('[Game "Chinese Chess"]\n\n{开局} 1. 炮二平五 {a\u3000b} 马8进7 {c} *\n')
    assert changed_comments(game) == [] and losses(game, "cbf") == []


def test_changes_name_the_node() -> None:
    (game,), _ = parse_pgn('[Game "Chinese Chess"]\n\n1. 炮二平五 {x } *\n')
    (change,) = changed_comments(game)
    assert change == CommentChange("the comment on ply 1 (`77-47`)", "stripped", game.root.children[0])
