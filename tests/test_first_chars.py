"""first_chars: what a match can start with, over-approximated; and the token scanner it allows."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pgn_strategies import any_mutant

from xqformats.pgn.fastpath import scanners
from xqformats.pgn.first_chars import can_start_alike, first_chars
from xqformats.pgn.grammar import parser

ANY = ((0, 0x10FFFF),)


@pytest.mark.parametrize(
    "pattern, expected",
    [
        (r"[0-9]+\.(?:\.\.)?(?![0-9])", (((48, 57),), False)),
        ("[ \t]+", (((32, 32), (9, 9)), False)),
        ("a?b", (((97, 97), (98, 98)), False)),
        ("(?:x|y*)", (((120, 120), (121, 121)), True)),
        ("(?>ab)c", (((97, 97),), False)),
        (r"\$[0-9]+", (((36, 36),), False)),
        (r"(?=a)b", (((98, 98),), False)),  # a lookahead only narrows
        (r"\d", (ANY, False)),  # a category: any character
        ("[^a]", (ANY, True)),
        (".", (ANY, True)),
        ("(?i:a)", (ANY, True)),
    ],
)
def test_first_chars_by_hand(pattern: str, expected: tuple) -> None:
    assert first_chars(pattern) == expected


def test_can_start_alike() -> None:
    assert not can_start_alike(r"[0-9]+\.", "[ \t]+")
    assert can_start_alike("a?", "b")  # matches the empty string
    assert can_start_alike("(?:x|y)z", "y")
    assert not can_start_alike("[a-c]x", "[d-f]")
    assert can_start_alike("[a-c]x", "[c-f]")
    assert can_start_alike("a", "b", re.IGNORECASE)  # case folding is not analysed: any


PATTERNS = [t.pattern.to_regexp() for t in parser()[0].terminals]


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(PATTERNS) - 1), text=st.text(max_size=12))
def test_every_match_starts_with_a_first_char(index: int, text: str) -> None:
    """Soundness on the PGN grammar's own terminals: a match starts where first_chars says."""
    pattern = PATTERNS[index]
    ranges, empty = first_chars(pattern)
    m = re.match(pattern, text)
    if m is None or (m.end() == 0 and empty):
        return
    assert m.end() > 0 or empty
    assert any(lo <= ord(text[0]) <= hi for lo, hi in ranges)


def test_the_grammar_lets_the_token_scanner_skip_white_space() -> None:
    tb = scanners()
    assert tb is not None and tb.tokens is not tb.movetext


@settings(max_examples=200, deadline=None)
@given(text=any_mutant())
def test_the_token_scanner_makes_the_tokens_the_movetext_scanner_makes(text: str) -> None:
    tb = scanners()
    assert tb is not None

    def tokens(pattern: "re.Pattern[str]") -> list[tuple[str, tuple[int, int]]]:
        return [(m.lastgroup, m.span(m.lastgroup)) for m in pattern.finditer(text) if m.lastgroup not in tb.ignore]  # type: ignore[misc]

    assert tokens(tb.tokens) == tokens(tb.movetext)
