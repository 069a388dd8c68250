"""Encoding detection and incremental decoding (xqformats.encoding, E1xx)."""

from __future__ import annotations

import codecs
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xqformats import encoding as enc
from xqformats.diagnostics import Severity
from xqformats.encoding import TextSource, decode_bytes

TEXT = '[Game "Chinese Chess"]\n[Event "第24届五羊杯"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n'


@pytest.mark.parametrize(
    ("data", "codec"),
    [
        (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8-sig"),
        (codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), "utf-16"),
        (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "utf-16"),
        (codecs.BOM_UTF32_LE + TEXT.encode("utf-32-le"), "utf-32"),
        (TEXT.encode("utf-8"), "utf-8"),
        (b"[Game \"Chinese Chess\"]\n1. h2e2 *\n", "utf-8"),
    ],
)
def test_certain_encodings_are_not_reported(data: bytes, codec: str) -> None:
    found, diags = enc.detect_encoding(data)
    assert found == codec
    assert diags == []
    text, used, diags = enc.decode_bytes(data)
    assert text == TEXT or text.startswith("[Game")
    assert "\ufeff" not in text
    assert diags == []


def test_gbk_is_guessed_and_said_so() -> None:
    codec, diags = enc.detect_encoding(TEXT.encode("gbk"))
    assert codec == "gb18030"
    assert [(d.code, d.severity, d.line, d.column) for d in diags] == [("E101", Severity.INFO, 1, 1)]
    assert diags[0].message == (
        "Encoding guessed as `gb18030` (no byte-order mark, not UTF-8; reads best as GB18030/GBK); "
        "pass the encoding to be sure"
    )
    text, _, _ = enc.decode_bytes(TEXT.encode("gbk"))
    assert text == TEXT


def test_big5_is_told_from_gbk() -> None:
    trad = '[Game "Chinese Chess"]\n[Event "第二十四屆五羊盃全國象棋冠軍邀請賽"]\n1. 炮二平五 馬8進7 2. 馬二進三 車9平8 *\n'
    codec, diags = enc.detect_encoding(trad.encode("big5"))
    assert codec == "big5"
    assert diags[0].code == "E101"
    assert enc.decode_bytes(trad.encode("big5"))[0] == trad


def test_utf16_without_bom_is_guessed() -> None:
    data = '[Game "Chinese Chess"]\n1. h2e2 *\n'.encode("utf-16-le")
    codec, diags = enc.detect_encoding(data)
    assert codec == "utf-16-le"
    assert diags[0].code == "E101"


def test_override_wins_and_unknown_name_is_reported() -> None:
    data = TEXT.encode("gbk")
    text, codec, diags = enc.decode_bytes(data, "gbk")
    assert (text, codec, diags) == (TEXT, "gbk", [])
    text, codec, diags = enc.decode_bytes(data, "latin-99")
    assert codec == "gb18030"
    assert [d.code for d in diags] == ["E103", "E101"]
    assert diags[0].message == "Unknown encoding `latin-99`; detecting it from the bytes instead"


def test_undecodable_bytes_are_replaced_and_located() -> None:
    data = b'[Game "Chinese Chess"]\n[Event "ab\xffcd"]\n*\n'
    text, codec, diags = enc.decode_bytes(data, "utf-8")
    assert text == '[Game "Chinese Chess"]\n[Event "ab\ufffdcd"]\n*\n'
    assert [(d.code, d.line, d.column, d.end_column) for d in diags] == [("E102", 2, 11, 12)]
    assert diags[0].message == "Bytes not valid in `utf-8` replaced by `\ufffd`"


@pytest.mark.parametrize("codec", ["utf-8", "utf-16", "gb18030"])
def test_a_replacement_character_the_bytes_spell_is_text_not_e102(codec: str, tmp_path: Path) -> None:
    # Issue 27: a literal U+FFFD in a comment of a valid file gave E102, and so did
    # what convert writes for undecodable CBL text (B105).  E102 comes from the decoder.
    body = '[Game "Chinese Chess"]\n{a \ufffd b} 1. 炮二平五 *\n'
    data = body.encode(codec)
    assert enc.decode_bytes(data, codec)[0::2] == (body, [])
    p = tmp_path / "g.pgn"
    p.write_bytes(data)
    with enc.TextSource(open(p, "rb"), codec, block_size=5) as src:
        assert (src.read(), src.diagnostics) == (body, [])


def test_bad_bytes_beside_a_literal_replacement_character_are_placed_at_the_bytes(tmp_path: Path) -> None:
    data = "{\ufffd}".encode("utf-8") + b" \xff\n" + "\ufffd\n".encode("utf-8")
    text, _, diags = enc.decode_bytes(data, "utf-8")
    assert text == "{\ufffd} \ufffd\n\ufffd\n"
    assert [(d.code, d.line, d.column) for d in diags] == [("E102", 1, 5)]
    p = tmp_path / "g.pgn"
    p.write_bytes(data)
    with enc.open_text(p, "utf-8") as src:
        assert src.read() == text
        assert [(d.code, d.line, d.column) for d in src.diagnostics] == [("E102", 1, 5)]


def test_decode_text_shape() -> None:
    text, diags = enc.decode_text(TEXT.encode("utf-8"))
    assert text == TEXT and diags == []


def test_text_source_streams_across_blocks(tmp_path: Path) -> None:
    # Tiny blocks: multi-byte characters and CRLF pairs are cut between blocks.
    body = TEXT.replace("\n", "\r\n") * 3
    p = tmp_path / "g.pgn"
    p.write_bytes(codecs.BOM_UTF8 + body.encode("utf-8"))
    with enc.TextSource(open(p, "rb"), block_size=3, sample_size=5) as src:
        lines = list(src)
        assert src.encoding == "utf-8-sig"
        assert src.diagnostics == []
    assert "".join(lines) == body
    assert all(line.endswith("\r\n") for line in lines)
    assert len(lines) == body.count("\n")


def test_open_text_reports_bad_bytes_with_path_and_line(tmp_path: Path) -> None:
    p = tmp_path / "bad.pgn"
    p.write_bytes("第一行\n".encode("utf-8") * 3 + b"x\xff\xfey\n")
    with enc.open_text(p, "utf-8") as src:
        text = src.read()
        diags = src.diagnostics
    assert text.endswith("x\ufffd\ufffdy\n")
    assert [(d.code, d.line, d.column, d.path) for d in diags] == [("E102", 4, 2, str(p))]


def test_lines_without_lf_come_in_parts_with_bad_bytes_placed(tmp_path: Path) -> None:
    # A CR-only file is one line for the LF count: passed on in parts, not held whole.
    # Its lone CRs end lines for positions (docs/spec/pgn.md §2.4), as decode_bytes counts them.
    body = "第一行\r" * 20 + "x\xff" + "y\r" * 5
    p = tmp_path / "cr.pgn"
    p.write_bytes(body.replace("\xff", "").encode("utf-8").replace(b"xy", b"x\xffy"))
    with enc.TextSource(open(p, "rb"), "utf-8", block_size=7, sample_size=5, piece_limit=10) as src:
        pieces = list(src)
        diags = src.diagnostics
    assert max(len(piece) for piece in pieces) <= 10 + 7
    assert "".join(pieces) == body.replace("\xff", "\ufffd")
    assert [(d.code, d.line, d.column) for d in diags] == [("E102", 21, 2)]


# ---------------------------------------------------------------- found by the fuzzing harness


class _Trickle(io.RawIOBase):
    """A raw handle that returns at most ``step`` bytes per read (a pipe does this)."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.step, self.pos = data, step, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def,override]
        n = min(self.step, len(buffer), len(self.data) - self.pos)
        buffer[:n] = self.data[self.pos : self.pos + n]
        self.pos += n
        return n


def test_a_handle_that_returns_short_reads_is_detected_from_its_whole_sample() -> None:
    # TextSource took one read as its sample: two bytes of GBK were "UTF-8 so far".
    data = '[Black "中国象棋"]\n'.encode("gbk")
    source = TextSource(_Trickle(data, 2), owned=False)
    assert source.encoding == decode_bytes(data)[1] and source.read() == decode_bytes(data)[0]


@settings(max_examples=300, deadline=None)
@given(
    data=st.lists(st.sampled_from([b"a", b"\r", b"\n", b"\r\n", b"\xff", b"\xe4\xb8\xad", b" "]), max_size=40).map(b"".join),
    block=st.integers(1, 8),
    limit=st.integers(1, 8),
    step=st.integers(1, 5),
)
def test_streamed_positions_equal_whole_text_positions(data: bytes, block: int, limit: int, step: int) -> None:
    # After a lone CR, E102 was put a line earlier when read in pieces.
    text, codec, whole = decode_bytes(data)
    source = TextSource(_Trickle(data, step), codec, owned=False, block_size=block, piece_limit=limit)
    assert "".join(source) == text
    e102 = [(d.line, d.column) for d in whole if d.code == "E102"]
    assert [(d.line, d.column) for d in source.diagnostics if d.code == "E102"] == e102


@pytest.mark.parametrize("codec", ["gb18030", "big5", "utf-8"])
@pytest.mark.parametrize("sample_size", [enc.SAMPLE_SIZE, 8])
def test_the_decoder_that_detected_the_encoding_goes_on_reading(
    codec: str, sample_size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bytes detection decoded are not decoded again: the text source reads on with detection's
    # own decoder (a multi-byte character cut at the sample's end included), and its text is the
    # whole decoding.
    text = "全國賽：炮二平五 馬８進７\n" * 40
    data = text.encode(codec)
    readings: list[object] = []
    real = enc._detect

    def spy(head: bytes):  # type: ignore[no-untyped-def]
        found = real(head)
        readings.append(found[2])
        return found

    monkeypatch.setattr(enc, "_detect", spy)
    with TextSource(io.BytesIO(data), block_size=11, sample_size=sample_size) as src:
        assert src.encoding == codec
        (reading,) = readings
        assert reading is not None and src._decoder is reading.decoder  # type: ignore[attr-defined]
        assert "".join(src) == text
