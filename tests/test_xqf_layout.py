"""The fast record scanner and slot decoder equal the parser generated from ``schemas/xqf.ksy``.

:func:`xqformats.xqf.stream.scan` reads the plain move tree with ``struct``;
``Xqf.MoveTree`` (generated) reads it field by field as the layout states.
They must give the same records and stop at the same place, on the corpus and
on generated files (every version's keys, damaged ones too).
:func:`~xqformats.xqf.stream.piece_squares` must give every slot the square
``Xqf.Header.pieces`` gives it, for any stored bytes, version and keys.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaitaistruct import KaitaiStream, KaitaiStructError

from strategies import games
from test_xqf_reader import with_keys
from xqformats.layouts.xqf import Xqf
from xqformats.model import Game
from xqformats.xqf import read_header, write_xqf
from xqformats.xqf.stream import HEADER_SIZE, piece_squares, plain_body, scan

Row = tuple[int, int, bool, bool, bytes]


def generated(data: bytes) -> tuple[list[Row], int]:
    """The records as the generated parser reads them, and where it stopped (raises on damage)."""
    header = read_header(data)
    assert header is not None
    plain = plain_body(data[HEADER_SIZE:], header.stream_bytes)
    stream = KaitaiStream(io.BytesIO(plain))
    tree = Xqf.MoveTree(header.version, header.comment_key, stream)
    rows = [(r.from_byte, r.to_byte, r.has_next, r.has_sibling, r.comment if r.comment_length > 0 else b"") for r in tree.records]
    return rows, HEADER_SIZE + stream.pos()


def squares_agree(data: bytes) -> None:
    header = read_header(data)
    assert header is not None
    expected = [p.square for p in header.pieces]
    assert piece_squares(header.piece_bytes, header.square_key, header.rotated) == expected


def fast(data: bytes) -> tuple[list[Row], object, int]:
    header = read_header(data)
    assert header is not None
    records, stop, end = scan(plain_body(data[HEADER_SIZE:], header.stream_bytes), header.version, header.comment_key)
    return [(r.from_byte, r.to_byte, r.has_next, r.has_sibling, r.comment or b"") for r in records], stop, end


def agree(data: bytes) -> None:
    squares_agree(data)
    rows, stop, end = fast(data)
    try:
        expected, expected_end = generated(data)
    except (EOFError, KaitaiStructError, ValueError):
        assert stop is not None  # the generated parser gives up where the scanner reports a stop
        return
    assert stop is None and rows == expected and end == expected_end


@settings(max_examples=80, deadline=None)
@given(games(max_moves=25), st.sampled_from([10, 11, 12, 18]), st.integers(1, 254), st.integers(0, 255))
def test_generated_files_agree(game, version: int, key: int, mask: int) -> None:  # type: ignore[no-untyped-def]
    plain = write_xqf(game)
    data = plain if version == 10 else with_keys(plain, version, xy=key, mask=mask)
    agree(data)
    for cut in (len(data) - 1, len(data) - 5, HEADER_SIZE + 3):
        if cut >= HEADER_SIZE:
            agree(data[:cut])


def test_corpus_files_agree(shared_corpus: Path) -> None:
    files = [p for p in sorted(shared_corpus.rglob("*")) if p.suffix.lower() == ".xqf" and p.is_file()]
    small = [p for p in files if p.stat().st_size < 50_000]
    assert len(small) > 250
    for path in small:
        agree(path.read_bytes())


@pytest.mark.parametrize("version", [10, 18])
def test_the_layout_decodes_the_header_keys(version: int) -> None:
    plain = write_xqf(Game())
    data = plain if version == 10 else with_keys(plain, version, xy=0x5A, xyf=0x33, xyt=0xC1)
    header = read_header(data)
    assert header is not None and header.keys_checksum == 0
    assert [p.square for p in header.pieces] == list(plain[0x10:0x30])


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.integers(10, 18), st.integers(0, 255), st.integers(0, 255))
def test_every_slot_decodes_as_the_layout_says(stored: bytes, version: int, key: int, checksum: int) -> None:
    # Any 32 stored bytes (0x10-0x2F) under any version (0x02), key byte (key_xy, 0x0D: the square
    # key and the rotation) and key sum (0x0C): the generated parser's squares, slot by slot.
    header = bytearray(write_xqf(Game())[:HEADER_SIZE])
    header[2] = version
    header[0x0C], header[0x0D] = checksum, key
    header[0x10:0x30] = stored
    squares_agree(bytes(header))
