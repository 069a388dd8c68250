"""The resource limits of the readers, as docs/security.md states them.

Each limit has a test here or names the test that holds it:

* a tag value, a comment, a line: any length, memory a small constant times
  the input (here: at most 12 bytes per input byte, plus 1 MB), time linear;
* variations nested to any depth: read and written without recursion;
* a move number or NAG of more than nine digits: read, reported, the moves
  kept (``tests/test_pgn_reader.py``, ``test_a_move_number_of_5000_digits…``);
* a file above ``--max-file-size`` (default 256 MiB): G107, never read
  (``tests/test_cli_hostile.py``);
* XML: entities, DOCTYPE, schema error count (``tests/test_cbf_hostile.py``);
* games per file: any number, one game held at a time by ``read_pgn``.

Memory is measured with :mod:`tracemalloc` (allocations, not wall time, so the
figures repeat); the one time bound below is forty times what the linear
reader needs, so that it fails only on quadratic work.
"""

from __future__ import annotations

import io
import time
import tracemalloc
from typing import Callable

import pytest

from xqformats import formats
from xqformats.pgn import parse_pgn, read_pgn, write_pgn
from xqformats.pgn.splitter import split_games

SIZE = 1_000_000
PER_BYTE = 12
ALLOWANCE = 1_000_000


def peak_memory(action: Callable[[], object]) -> int:
    """The most memory allocated at once while ``action`` runs (bytes)."""
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


READERS: dict[str, Callable[[bytes], object]] = {
    "parse_pgn": lambda data: parse_pgn(data),
    "read_pgn": lambda data: list(read_pgn(io.BytesIO(data))),
    "formats.read": lambda data: formats.read(data, name="long.pgn"),
}

LONG_INPUTS = {
    # Issue 10, item 4: a 1 MB tag value took about 145 bytes per character
    # (the regex engine's state per repeat of TAG_VALUE's group).
    "tag value": '[Game "Chinese Chess"]\n[Event "' + "a" * SIZE + '"]\n1. 炮二平五 *\n',
    "tag value of escapes": '[Game "Chinese Chess"]\n[Event "' + "\\\\" * (SIZE // 8) + '"]\n1. 炮二平五 *\n',
    "tag value of unknown escapes": '[Game "Chinese Chess"]\n[Event "' + "\\q" * (SIZE // 8) + '"]\n1. 炮二平五 *\n',
    "comment": '[Game "Chinese Chess"]\n1. 炮二平五 {' + "a" * SIZE + "} *\n",
    "comment in CJK": '[Game "Chinese Chess"]\n1. 炮二平五 {' + "中" * (SIZE // 3) + "} *\n",
    "line comment": '[Game "Chinese Chess"]\n1. 炮二平五 ;' + "a" * SIZE + "\n*\n",
}


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("what", LONG_INPUTS)
def test_memory_is_a_small_constant_times_a_long_item(what: str, reader: str) -> None:
    data = LONG_INPUTS[what].encode()
    READERS[reader](data)  # grammars loaded and cached before measuring
    assert peak_memory(lambda: READERS[reader](data)) <= PER_BYTE * len(data) + ALLOWANCE


def test_the_long_items_are_read_whole() -> None:
    games, diags = parse_pgn(LONG_INPUTS["tag value"])
    assert len(games[0].headers["Event"]) == SIZE and diags == []
    games, diags = parse_pgn(LONG_INPUTS["comment"])
    assert len(games[0].mainline_moves()) == 1 and diags == []


def test_unknown_escapes_are_one_finding_per_value() -> None:
    # One finding per backslash would cost a few hundred bytes per two
    # characters of input; the value's first is reported, with the count.
    games, diags = parse_pgn(LONG_INPUTS["tag value of unknown escapes"])
    assert [(d.code, d.line, d.column, d.end_column) for d in diags] == [("P209", 2, 9, 11)]
    assert f"({SIZE // 8 - 1:,} more in this value)" in diags[0].message
    assert games[0].headers["Event"] == "\\q" * (SIZE // 8)  # kept as written


def test_a_line_fed_in_tiny_pieces_costs_linear_time() -> None:
    # Issue 10, item 5: the splitter searched the whole pending line again for
    # every piece fed, so one long line cost time quadratic in its length
    # (a 50 MB comment: 22 s).  Fed one character at a time, 200,000 pieces
    # cost about 0.1 s now; the quadratic splitter needed minutes.
    text = '[Game "Chinese Chess"]\n1. 炮二平五 {' + "a" * 200_000 + "} *\n"
    start = time.perf_counter()
    chunks = list(split_games(text))  # a str iterates as its characters
    assert time.perf_counter() - start < 4.0
    assert ["".join(c.text or "" for c in chunks)] == [text]


DEPTH = 20_000  # twenty times Python's default recursion limit


def nested(depth: int) -> str:
    # Each variation replaces the move before it (the first Black move of the
    # line around it) by another Black reply, so every line is legal; PGN keeps
    # a reply that repeats a sibling's as written.
    opening = ["1. 炮二平五 马8进7 "] + ["(1... 马2进3 " if i % 2 == 0 else "(1... 马8进7 " for i in range(depth)]
    return '[Game "Chinese Chess"]\n' + "".join(opening) + ")" * depth + " *\n"


def test_variations_nest_to_any_depth() -> None:
    games, diags = parse_pgn(nested(DEPTH))
    assert diags == []
    game = games[0]
    assert sum(1 for _ in game.nodes()) == DEPTH + 2  # two main-line moves, one per variation
    again, diags_again = parse_pgn(write_pgn(game))
    assert diags_again == [] and sum(1 for _ in again[0].nodes()) == DEPTH + 2


def test_read_pgn_holds_one_game_at_a_time() -> None:
    game = '[Game "Chinese Chess"]\n[Event "' + "e" * 2000 + '"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 *\n\n'

    def count(games: int) -> Callable[[], object]:
        data = (game * games).encode()
        return lambda: sum(1 for _ in read_pgn(io.BytesIO(data)))

    count(10)()
    few, many = peak_memory(count(200)), peak_memory(count(2000))
    # Ten times the games (the input bytes are made before measuring): a
    # reader that kept its games would need about six times the memory.
    assert many <= 2 * few
