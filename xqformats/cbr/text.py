"""Text in CBR and CBL files: UTF-16LE, ended by a NUL code unit (docs/spec/cbr.md §2.3, §2.4).

A fixed field ends at its first NUL *code unit*: two zero bytes at an even
offset from the field's start.  Two zero bytes at an odd offset are the high
byte of one character and the low byte of the next (``9退`` is
``39 00 00 90``), so searching for the byte pair anywhere cuts real text.  What
follows the NUL is whatever the writer's memory held, and means nothing.
"""

from __future__ import annotations

from typing import NamedTuple


class Text(NamedTuple):
    """A decoded text: ``value``; ``terminated`` when a NUL code unit ended it;
    ``clean`` when every byte decoded (else U+FFFD stands for the bad ones)."""

    value: str
    terminated: bool
    clean: bool


def nul_unit(raw: bytes) -> int:
    """The offset of the first NUL code unit of ``raw`` (an even offset), or ``-1``."""
    at = raw.find(b"\x00\x00")
    while at >= 0 and at % 2:
        at = raw.find(b"\x00\x00", at + 1)
    return at


def _decode(raw: bytes) -> tuple[str, bool]:
    try:
        return raw.decode("utf-16-le"), True
    except UnicodeDecodeError:
        # A lone surrogate or an odd last byte: kept as U+FFFD, reported by the caller.
        return raw.decode("utf-16-le", "replace"), False


def decode_field(raw: bytes) -> Text:
    """The text of a fixed field: up to its first NUL code unit, or all of it."""
    end = nul_unit(raw)
    value, clean = _decode(raw if end < 0 else raw[:end])
    return Text(value, end >= 0, clean)


def decode_comment(raw: bytes) -> Text:
    """A comment: its bytes up to a NUL code unit (writers count a final NUL in the length).

    CR LF and a lone CR become the model's line break ``\\n``.
    """
    end = nul_unit(raw)
    value, clean = _decode(raw if end < 0 else raw[:end])
    if "\r" in value:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    return Text(value, end >= 0, clean)
