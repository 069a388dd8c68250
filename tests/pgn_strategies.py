"""Hypothesis strategies for the PGN tests: random games, written and rewritten, and mutated.

``games()`` are the shared legal games of ``strategies.py`` with comments that
look like PGN syntax; ``written_games()`` writes one or two of
them with ``write_pgn`` in a random notation and spelling; ``variants()``
rewrites such a text into other valid forms (suffixes, ``7...``, CRLF, lone
CR, tabs, U+3000, the ideographic ellipsis, a BOM, line comments);
``mutated()`` edits it at random (characters deleted, duplicated or inserted:
brackets, braces, quotes, results, line ends, fullwidth text; tokens glued).
"""

from __future__ import annotations

from hypothesis import strategies as st

from strategies import games as shared_games
from xqformats.model import Game
from xqformats.pgn import write_pgn

NOTATIONS = ("chinese", "wxf", "iccs")
COMMENTS = ("评注", "a b", "x\ny", "(1. 炮二平五)", "; no", '[Tag "v"]', "1-0")

#: Texts inserted by ``mutated()``.
INSERTS = ["(", ")", "{", "}", "[", "]", "*", '"', ";", "\n", "\r", "\r\n", "\u3000", " ", "!", "?", "…", "...",
           "1-0", "1/2-1/2", "$", "$12", "1.", "23. ...", "ＡＢ", "炮二平五", "兵五", "C2.5", "h2e2", "\\", "\t", "x"]


def chance(percent: int) -> st.SearchStrategy[bool]:
    """True ``percent`` times in a hundred (shrinks to False)."""
    return st.integers(0, 99).map(lambda x: x >= 100 - percent)


#: Comments that look like PGN syntax, to test that the writer escapes and the reader keeps them.
PGN_COMMENTS = st.sampled_from(COMMENTS)


def games(max_moves: int = 40) -> st.SearchStrategy[Game]:
    """The shared legal games (:func:`strategies.games`) with comments that look like PGN syntax."""
    return shared_games(max_moves, comments=PGN_COMMENTS, comments_before=PGN_COMMENTS)


@st.composite
def written_game(draw: st.DrawFn, max_moves: int = 40) -> str:
    """One game as ``write_pgn`` writes it, in a random notation and spelling."""
    notation = draw(st.sampled_from(NOTATIONS))
    options = {"traditional": draw(st.booleans()), "fullwidth": draw(st.booleans())} if notation == "chinese" else {}
    columns = draw(st.sampled_from([80, 30]))
    return write_pgn(draw(games(max_moves)), notation, columns=columns, **options)  # type: ignore[arg-type]


def written_games(max_moves: int = 40) -> st.SearchStrategy[str]:
    """One or two games, written one after the other."""
    return st.lists(written_game(max_moves), min_size=1, max_size=2).map("\n".join)


_NAGS = (("$1", "!"), ("$2", "?"), ("$3", "!!"), ("$4", "??"), ("$5", "!?"), ("$6", "?!"))


@st.composite
def variants(draw: st.DrawFn, text: str) -> str:
    """Other valid spellings of the same games: suffixes, `7...`, other separators."""
    if draw(st.booleans()):
        for n, s in _NAGS:
            text = text.replace(" " + n + " ", s + " ") if draw(st.booleans()) else text.replace(" " + n + " ", " " + s + " ")
    if draw(chance(30)):
        text = text.replace(". ...", "...")
    if draw(chance(20)):
        text = text.replace("...", "…")
    line_end = draw(st.sampled_from(["\n", "\n", "\r\n", "\r"]))
    text = text.replace("\n", line_end)
    if draw(chance(30)):
        text = text.replace(" ", draw(st.sampled_from(["\u3000", "\t", "  ", " \n"])))
    if draw(chance(20)):
        text = "\ufeff" + text if draw(st.booleans()) else text.replace("\n\n", "\n\n; line comment\n", 1)
    return text


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """One to three random edits: delete, duplicate or insert characters, glue tokens."""
    for _ in range(draw(st.integers(1, 3))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        edit = draw(st.sampled_from(["delete", "duplicate", "glue", "insert", "insert"]))
        if edit == "delete":
            text = text[:i] + text[i + 1 :]
        elif edit == "duplicate":
            text = text[:i] + text[i] + text[i:]
        elif edit == "glue":
            j = text.find(" ", i)
            if j >= 0:
                text = text[:j] + text[j + 1 :]  # glue two tokens
        else:
            text = text[:i] + draw(st.sampled_from(INSERTS)) + text[i:]
    return text


def any_variant(max_moves: int = 40) -> st.SearchStrategy[str]:
    """Written games in another valid spelling."""
    return written_games(max_moves).flatmap(variants)


def any_mutant(max_moves: int = 40) -> st.SearchStrategy[str]:
    """Written games, respelled, then mutated."""
    return any_variant(max_moves).flatmap(mutated)
