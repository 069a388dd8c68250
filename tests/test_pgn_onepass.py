"""The one-pass path (xqformats.pgn.onepass) is held to the full path, differentially.

The contract: ``read_one_pass(chunk)`` is ``None``, or the game and the
findings that the spec-driven path (the Lark parse of ``grammars/pgn.lark``
and the lowering) reads from the chunk, equal in every part the reader sets
(``snapshot``: headers and their spans, start, result and its span, the
game's span, notation, the findings in order, and node for node the moves,
spellings, spans, comments and NAGs).  And it is complete for what the
writer writes: every game ``write_pgn`` writes, the one-pass path reads
(else it would be slow where it should not be).
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pgn_strategies import INSERTS, any_mutant, any_variant, written_games
from test_pgn_fastpath import snapshot

from xqformats.diagnostics import DiagnosticSink
from xqformats.encoding import decode_bytes
from xqformats.model import Game, Node
from xqformats.pgn import parse_pgn
from xqformats.pgn.onepass import OnePassReader, read_one_pass
from xqformats.pgn.reader import read_game_chunk
from xqformats.pgn.splitter import split_games
from xqformats.source import Source


def full(chunk: Source, strict: bool = False) -> Game:
    """The spec-driven reading: the Lark parse (no fast path) and the lowering."""
    return read_game_chunk(chunk, DiagnosticSink(source=chunk, strict=strict), fast=False)


def check_chunks(text: str, strict: bool = False) -> tuple[int, int]:
    """Every chunk of ``text``: the one-pass path declines or equals the full path.

    Returns how many chunks there are and how many the one-pass path took.
    """
    chunks = taken = 0
    for chunk in split_games([text]):
        chunks += 1
        one_pass = read_one_pass(chunk, strict)
        if one_pass is None:
            continue
        taken += 1
        assert snapshot(one_pass) == snapshot(full(chunk, strict)), chunk.text
    return chunks, taken


def one(text: str) -> Optional[Game]:
    chunks = list(split_games([text]))
    assert len(chunks) == 1
    return read_one_pass(chunks[0])


# ---------------------------------------------------------------- properties
@settings(max_examples=80, deadline=None)
@given(text=written_games(), strict=st.booleans())
def test_written_games_take_the_one_pass_path_and_equal_the_full_path(text: str, strict: bool) -> None:
    chunks, taken = check_chunks(text, strict)
    assert taken == chunks  # complete for the writer's output


@settings(max_examples=80, deadline=None)
@given(text=any_variant(), strict=st.booleans())
def test_respelled_games_decline_or_equal(text: str, strict: bool) -> None:
    check_chunks(text, strict)


@settings(max_examples=250, deadline=None)
@given(text=any_mutant(), strict=st.booleans())
def test_mutated_games_decline_or_equal(text: str, strict: bool) -> None:
    check_chunks(text, strict)


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(st.sampled_from(INSERTS + ["炮", "二", "平", "五", "进", "0", "9", "e", "-", "+", ".", "[Event \"x\"]\n"]), max_size=40))
def test_token_soup_declines_or_equals(parts: list[str]) -> None:
    check_chunks("".join(parts))


def test_corpus_files_decline_or_equal(shared_corpus: Path) -> None:
    """Every PGN game of the shared corpus (every 10th of the two large databases)."""
    rows = [line.rstrip("\n").split("\t") for line in (shared_corpus / "MANIFEST.tsv").open(encoding="utf-8")][1:]
    count = taken = 0
    for row in rows:
        if row[4] not in ("pgn", "pgn-variant") and not row[0].lower().endswith((".pgn", ".wxf")):
            continue
        text = decode_bytes((shared_corpus / row[0]).read_bytes(), None)[0].removeprefix("\ufeff")
        chunks = list(split_games([text]))
        if len(chunks) > 100:
            text = "".join(c.text or "" for c in chunks[::10])
        c, t = check_chunks(text)
        count, taken = count + c, taken + t
    assert taken * 10 >= count * 6  # the one-pass path reads most real games


# ---------------------------------------------------------------- by hand
GAME = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 炮8平5 {对攻} 2. 马二进三 $1 (2. 马八进七 马8进7) 2. ... 马8进7 *\n'


def test_a_clean_game_is_read_as_the_full_path_reads_it() -> None:
    game = one(GAME)
    assert game is not None
    assert [n.text for n in game.mainline()] == ["炮二平五", "炮8平5", "马二进三", "马8进7"]
    second = game.root.children[0].children[0].children
    assert [n.text for n in second] == ["马二进三", "马八进七"]
    assert second[0].nags == [1] and game.root.children[0].children[0].comments == ["对攻"]
    assert game.diagnostics == [] and game.result == "*"
    assert snapshot(game) == snapshot(full(list(split_games([GAME]))[0]))


@pytest.mark.parametrize(
    "change, code",
    [
        (("2. 马二进三", "3. 马二进三"), "P207"),
        (("2. 马二进三", "马二进三"), "P206"),
        (("{对攻}", "{对{攻}"), "P215"),
        ((" *\n", "\n"), "P205"),
        ((" *\n", " * 红胜\n"), "P204"),
        (('[Result "*"]', '[Result "*"]\n[Result "1-0"]'), "P217"),
        (("炮8平5", "砲8平5"), "M406"),
        (("马8进7 *", "马8进7 3. *"), "P207"),
    ],
)
def test_it_reads_games_with_findings_as_the_full_path_does(change: tuple[str, str], code: str) -> None:
    text = GAME.replace(*change)
    assert text != GAME
    game = one(text)
    assert game is not None
    assert code in [d.code for d in game.diagnostics]
    assert snapshot(game) == snapshot(full(list(split_games([text]))[0]))


@pytest.mark.parametrize(
    "change, why",
    [
        (("1. 炮二平五", "1.炮二平五"), "a move touching its number (P201)"),
        (("$1", "$300"), "a NAG out of range (P219)"),
        (("(2. 马八进七 马8进7)", "()"), "an empty variation"),
        (("马8进7 *", "马8进7 马2进3 *"), "a move no piece can make: the rest of the line is kept as a comment"),
        (("炮8平5", "C8.5"), "a second notation in one game (P214)"),
        (("炮二平五", "炮二平五!"), "a suffix"),
        (("1. 炮二平五", "1. Cbe3"), "a SAN move"),
    ],
)
def test_it_leaves_to_the_full_path_what_takes_more_than_a_report(change: tuple[str, str], why: str) -> None:
    text = GAME.replace(*change)
    assert text != GAME
    assert one(text) is None, why


def test_a_fen_start_and_black_to_move_first() -> None:
    text = '[Game "Chinese Chess"]\n[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"]\n\n1. ... 炮8平5 2. 炮二平五 *\n'
    game = one(text)
    assert game is not None and [n.text for n in game.mainline()] == ["炮8平5", "炮二平五"]
    assert snapshot(game) == snapshot(full(list(split_games([text]))[0]))


def test_the_reader_gives_the_same_games_and_findings() -> None:
    text = GAME + "\n" + GAME.replace("2. 马二进三", "3. 马二进三") + "\n" + GAME.replace("$1", "$300")
    found: list[str] = []
    on, diags_on = parse_pgn(text, handle=lambda d: found.append(d.code))
    off, diags_off = parse_pgn(text, fast=False)
    assert diags_on == diags_off and [d.code for d in diags_on] == found == ["P207", "P219"]
    assert [snapshot(g) for g in on] == [snapshot(g) for g in off]


def test_a_file_of_games_with_findings_is_tried_only_now_and_then() -> None:
    dirty = list(split_games([(GAME.replace("2. 马二进三", "2.马二进三") + "\n") * 40]))
    clean = list(split_games([(GAME + "\n") * 40]))
    reader = OnePassReader()
    assert all(reader.read(c) is None for c in dirty)
    # Eight declined in a row: from then on only every sixteenth chunk is tried (the 16th and the 32nd).
    assert (reader.tried, reader.taken, reader.seen) == (10, 0, 40)
    read = [reader.read(c) for c in clean]
    # The 48th chunk is tried and taken: from then on every chunk is tried again.
    assert read[:7] == [None] * 7 and all(g is not None for g in read[7:])
    assert (reader.tried, reader.taken) == (10 + 33, 33)


def live_nodes() -> int:
    return sum(1 for o in gc.get_objects() if type(o) is Node)


def test_release_frees_a_game_without_the_cycle_collector() -> None:
    game = one(GAME)
    assert game is not None
    assert game.release() == 6  # four on the main line, two in the variation
    assert game.root.children[0].parent is None
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        before = live_nodes()
        del game
        assert live_nodes() == before - 7  # the root and six moves, freed at once
        kept = one(GAME)
        assert kept is not None
        before = live_nodes()
        del kept
        assert live_nodes() == before  # not released: its cycles wait for the collector
    finally:
        if was:
            gc.enable()
