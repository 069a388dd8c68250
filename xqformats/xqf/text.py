"""XQF text: GBK bytes to the model's text and back (docs/spec/xqf.md §2.2, §4.3).

XQF stores text as GBK bytes; the reader decodes with GB18030, its superset,
so GBK's user-defined codes come out as private-use characters rather than
errors, and the writer encodes with GB18030, so every character the model
holds comes back.  Comments use CRLF line breaks and usually end in one
(XQStudio writes each line followed by CRLF): the model's comment has ``\\n``
breaks and no final break.
"""

from __future__ import annotations

import re
from typing import NamedTuple

#: The codec text is read and written with.
ENCODING = "gb18030"

_BREAKS = re.compile(r"\r\n|\r|\n")


class Decoded(NamedTuple):
    """Decoded text, how many undecodable bytes became U+FFFD, and whether a half character was cut off the end."""

    text: str
    replaced: int
    half_at_end: bool


def is_lead_byte(b: int) -> bool:
    """Whether ``b`` can only be the first byte of a two-byte GBK character."""
    return 0x81 <= b <= 0xFE


#: U+FFFD as GB18030 bytes: a replacement character the file itself holds.
_FFFD = "\ufffd".encode(ENCODING)


def _count_bad(raw: bytes, text: str) -> int:
    """How many U+FFFD in ``text`` (``raw`` decoded with replacement) stand for bad bytes."""
    return text.count("\ufffd") - raw.count(_FFFD)


def decode(raw: bytes, *, cut_half: bool = False) -> Decoded:
    """``raw`` as text; undecodable bytes become U+FFFD and are counted.

    With ``cut_half`` (a header string, cut at its field's size), a last byte
    that can only start a two-byte character is dropped and flagged instead.
    """
    try:
        return Decoded(raw.decode(ENCODING), 0, False)
    except UnicodeDecodeError:
        pass
    half = False
    if cut_half and raw and is_lead_byte(raw[-1]):
        try:
            return Decoded(raw[:-1].decode(ENCODING), 0, True)
        except UnicodeDecodeError:
            raw, half = raw[:-1], True
    text = raw.decode(ENCODING, "replace")
    return Decoded(text, _count_bad(raw, text), half)


def decode_comment(raw: bytes) -> Decoded:
    """A comment's bytes as model text: line breaks as ``\\n``, one final break dropped."""
    decoded = decode(raw)
    text = _BREAKS.sub("\n", decoded.text)
    if text.endswith("\n"):
        text = text[:-1]
    return decoded._replace(text=text)


def encode_comment(text: str) -> bytes:
    """The bytes XQStudio would write for ``text``: CRLF breaks, a final CRLF, GB18030.

    :func:`decode_comment` gives ``text`` back for any text without ``\\r``.
    """
    return (text.replace("\n", "\r\n") + "\r\n").encode(ENCODING)
