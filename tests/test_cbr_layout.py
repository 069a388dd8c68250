"""The offsets the CBR reader uses for diagnostics are those of the layout (``schemas/cbr.ksy``,
``schemas/cbl.ksy``): a byte written at each offset is read back by the generated parser in the
field the reader names."""

from __future__ import annotations

from io import BytesIO

import pytest
from kaitaistruct import KaitaiStream

from xqformats.cbr.header import FIELDS, OFFSETS, POINTS
from xqformats.cbr.library import ENTRY_SIZE, INDEX_START, SLOT_SIZE
from xqformats.cbr.record import HEADER_SIZE, SIGNATURE_BYTES
from xqformats.core import square
from xqformats.layouts.cbl import Cbl
from xqformats.layouts.cbr import Cbr


def _header(at: int, value: bytes) -> Cbr:
    data = bytearray(HEADER_SIZE + 4)
    data[:16] = SIGNATURE_BYTES
    data[HEADER_SIZE] = 1  # no move follows
    data[at:at + len(value)] = value
    return Cbr(KaitaiStream(BytesIO(bytes(data))))


@pytest.mark.parametrize("field", FIELDS, ids=[f.attr for f in FIELDS])
def test_text_field_offsets(field) -> None:  # type: ignore[no-untyped-def]
    layout = _header(field.offset, b"\x41\x42")
    assert getattr(layout, field.attr)[:2] == b"\x41\x42"


@pytest.mark.parametrize("name", ["kind", "game_type", "result", "side_to_move", "move_number"])
def test_code_offsets(name: str) -> None:
    assert getattr(_header(OFFSETS[name], b"\x09"), name) == 9


def test_ecco_offset() -> None:
    assert _header(OFFSETS["ecco"], b"C32").ecco == b"C32\x00"


def test_board_and_first_record_offsets() -> None:
    assert _header(OFFSETS["board"], b"\x15").board[0] == 0x15
    assert HEADER_SIZE == OFFSETS["intro"]


def test_points_run_from_blacks_back_rank() -> None:
    assert POINTS[0] == square(0, 9) and POINTS[8] == square(8, 9) and POINTS[89] == square(8, 0)


def test_library_index_and_slots() -> None:
    data = bytearray(INDEX_START + 2 * ENTRY_SIZE)
    data[:16] = b"CCBridgeLibrary\x00"
    data[60] = 2
    data[INDEX_START + ENTRY_SIZE + 8] = 3  # the second entry's slots
    layout = Cbl(KaitaiStream(BytesIO(bytes(data))))
    assert [e.slots for e in layout.entries] == [0, 3]
    assert layout.records_start == INDEX_START + 2 * ENTRY_SIZE
    assert SLOT_SIZE == 4096


@pytest.mark.parametrize("field", FIELDS, ids=[f.attr for f in FIELDS])
def test_text_field_sizes(field) -> None:  # type: ignore[no-untyped-def]
    """The sizes the writer fills (docs/spec/cbr.md §3.1) are the layout's."""
    assert len(getattr(_header(field.offset, b""), field.attr)) == field.size
