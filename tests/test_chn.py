"""CHN (联众): files built by hand from the layout (docs/spec/chn.md), read back as the spec says.

No peer at hand reads CHN (vschess does not), so the expected moves are
worked out by hand from the clauses: column x is file 8 − x and row y rank y,
or turned round when the first move starts on row 5 or higher.
"""

from __future__ import annotations

import struct
from typing import Optional

import pytest

from xqformats import formats
from xqformats.chn import UNREAD_PREFIX, read_chn

FILES = "abcdefghi"
OPENING = ("H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-H0", "B9-C7", "C3-C4", "C6-C5")


def rec(x1: int, y1: int, x2: int, y2: int) -> bytes:
    """One record: 16 little-endian words: two unknown, from-column, from-row, to-column, to-row, ten unknown."""
    return struct.pack("<16H", 7, 7, x1, y1, x2, y2, *[3] * 10)


def move(iccs: str, turned: bool = False) -> bytes:
    f1, r1, f2, r2 = FILES.index(iccs[0].lower()), int(iccs[1]), FILES.index(iccs[3].lower()), int(iccs[4])
    return rec(f1, 9 - r1, f2, 9 - r2) if turned else rec(8 - f1, r1, 8 - f2, r2)


HEADER = bytes(range(188))  # its content is not known and not read


def chn(*moves: str, turned: bool = False) -> bytes:
    return HEADER + b"".join(move(m, turned) for m in moves)


def found(data: bytes) -> list[tuple[str, Optional[int]]]:
    return [(d.code, d.offset) for d in read_chn(data)[1]]


def moves_of(data: bytes) -> list[str]:
    game, _ = read_chn(data)
    assert game is not None
    return [str(m) for m in game.mainline_moves()]


def test_a_record_worked_out_by_hand() -> None:
    # Column 1 = file h, row 2 = rank 2; column 4 = file e: H2-E2 (docs/spec/chn.md §3.1, CCM §3.1).
    assert moves_of(HEADER + struct.pack("<16H", 0, 0, 1, 2, 4, 2, *[0] * 10)) == ["H2-E2"]


def test_a_game_reads_as_written() -> None:
    game, diagnostics = read_chn(chn(*OPENING))
    assert diagnostics == [] and game is not None
    assert [str(m) for m in game.mainline_moves()] == list(OPENING)
    assert game.result == "*" and dict(game.headers) == {}


def test_a_board_stored_from_blacks_side_is_turned_round_and_noted() -> None:
    data = chn(*OPENING, turned=True)
    assert moves_of(data) == list(OPENING) and found(data) == [("L105", 188)]


def test_l101_short_header_and_cut_record() -> None:
    assert read_chn(HEADER[:100])[0] is None and found(HEADER[:100]) == [("L101", 0)]
    data = chn(*OPENING[:3])[:-5]
    assert found(data) == [("L101", 188 + 64)] and moves_of(data) == list(OPENING[:2])
    assert found(HEADER) == [] and moves_of(HEADER) == []


def test_l102_a_point_off_the_board_and_l104_the_rest_kept() -> None:
    data = chn("H2-E2") + rec(1, 9, 300, 7) + move("H0-G2")
    game, diagnostics = read_chn(data)
    assert [(d.code, d.offset) for d in diagnostics] == [("L102", 220), ("L104", 220)]
    assert game is not None and game.root.variations[0].comments == [f"{UNREAD_PREFIX} (1,9)-(300,7) H0-G2"]


def test_l103_an_illegal_move() -> None:
    data = chn("H2-E2", "H9-H7")
    assert found(data) == [("L103", 220), ("L104", 220)]


def test_detected_by_content_under_another_name() -> None:
    data = chn(*OPENING)
    record = formats.read(data, name="game.pgn")
    assert record.format is not None and record.format.name == "chn" and [d.code for d in record.diagnostics] == ["G105"]
    assert formats.read(data, name="game.chn").diagnostics == []


def test_the_sniff() -> None:
    from xqformats.formats.chn import sniff

    assert sniff(chn(*OPENING))
    assert not sniff(HEADER)  # no record
    assert not sniff(bytes(4096))  # zeros: records from a point to itself
    assert not sniff(HEADER + rec(1, 12, 1, 3))
    assert not sniff(b"[Game \"Chinese Chess\"]\n" * 20)


@pytest.mark.parametrize("target", formats.REGISTRY.writable())
def test_converts_to_every_writer(target: str) -> None:
    game = formats.read(chn(*OPENING), name="g.chn").games[0]
    back = formats.read(formats.write([game], target), format=target).games[0]
    assert [str(m) for m in back.mainline_moves()] == list(OPENING)
