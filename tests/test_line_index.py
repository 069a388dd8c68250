"""LineIndex and split_lines: a line ends at LF, CR LF or a lone CR (docs/spec/pgn.md §2.4)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from xqformats.diagnostics import LineIndex, split_lines

TEXTS = st.lists(st.sampled_from(["a", "炮", " ", "\n", "\r", "\r\n", "\f"]), max_size=30).map("".join)


def expected_positions(text: str) -> list[tuple[int, int]]:
    """Line and column of every offset, by walking the text as an editor does."""
    out = []
    line, column = 1, 1
    for i, ch in enumerate(text):
        out.append((line, column))
        if ch == "\n" or (ch == "\r" and text[i + 1 : i + 2] != "\n"):
            line, column = line + 1, 1
        else:
            column += 1
    out.append((line, column))
    return out


@given(TEXTS)
def test_line_index_counts_lf_crlf_and_lone_cr(text: str) -> None:
    index = LineIndex(text)
    assert [index.line_col(i) for i in range(len(text) + 1)] == expected_positions(text)


@given(TEXTS)
def test_split_lines_numbers_lines_as_the_index_does(text: str) -> None:
    lines = split_lines(text)
    assert lines == re.split(r"\r\n|\r|\n", text)
    index = LineIndex(text)
    for n, line in enumerate(lines, 1):
        start = index.line_start(n, -1)
        assert text[start : start + len(line)] == line


def test_positions_only_count_lines() -> None:
    # Positions only: a lone CR inside a comment stays a CR.
    text = "{a\rb}\r1."
    assert LineIndex(text).line_col(text.index("1")) == (3, 1)
    assert split_lines(text) == ["{a", "b}", "1."]
