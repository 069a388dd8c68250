"""Byte-level mutators: small edits of a seed, splices of two seeds, and inputs grown large.

Every mutator is ``mutator(rng, data, seeds, dictionary) -> bytes`` and draws
only from ``rng`` (a :class:`random.Random`), so a run is repeatable given its
seed.  They know nothing of any format: the *dictionary* (see
:func:`dictionary_of`) holds tokens cut from the seeds themselves (tag names,
move spellings, XML element names, whatever a new format's samples hold) plus
:data:`INTERESTING`, values that have broken readers before.

:func:`mutate` stacks one to four random mutators on a random seed;
:func:`grow` makes a large input by repeating one chunk of a seed (a long
line, a long tag, many moves, deep nesting), which is what shows a quadratic
cost in time or memory.
"""

from __future__ import annotations

import random
import re
from typing import Callable, Optional, Sequence

__all__ = ["Mutator", "MUTATORS", "INTERESTING", "mutate", "grow", "dictionary_of"]

Mutator = Callable[[random.Random, bytes, Sequence[bytes], Sequence[bytes]], bytes]

_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")

#: Values that have broken readers before, or that sit on a boundary of the
#: text model: NUL, BOMs, line ends (CR alone too) and U+3000 in UTF-8, GBK and
#: UTF-16, characters outside the BMP, digit runs past Python's 4,300-digit
#: int() limit, deep brackets of every kind, character references to
#: surrogates and beyond U+10FFFF, entity declarations, overlong UTF-8.
INTERESTING: tuple[bytes, ...] = (
    b"\x00",
    *_BOMS,
    b"\r",
    b"\n",
    b"\r\n",
    b"\n\r",
    b"\x85",
    "\u2028".encode(),
    "\u3000".encode(),
    "\u3000".encode("gbk"),
    "\u3000".encode("utf-16-le"),
    "\U0001f600".encode(),
    b"\xed\xa0\x80",  # a surrogate in UTF-8 (invalid)
    b"\xc0\xaf",  # overlong
    b"\xff",
    b"9" * 5000,
    b"$" + b"9" * 5000,
    b"1" * 4301 + b". ",
    b"(" * 2000,
    b"{" * 200,
    b"[" * 200,
    b"<a>" * 300,
    b"&#xD800;",
    b"&#55296;",
    b"&#x110000;",
    b"&#0;",
    b'<!DOCTYPE r [<!ENTITY a "77-47">]>',
    b"&a;",
    b"]]>",
    b"<![CDATA[",
    b"<?xml",
    b'"',
    b"\\",
    b"%",
    b";",
    b"\t",
    b"\x1a",
    b"\x7f",
    b"-1",
    b"4294967296",
    b"18446744073709551617",
)


def _span(rng: random.Random, data: bytes, most: int = 64) -> tuple[int, int]:
    """A random ``[start, end)`` of ``data``, at most ``most`` long (empty for empty data)."""
    if not data:
        return 0, 0
    start = rng.randrange(len(data))
    return start, min(len(data), start + rng.randint(1, most))


def flip_bit(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]


def set_byte(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]


def insert_bytes(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + data[i:]


def delete_bytes(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    start, end = _span(rng, data)
    return data[:start] + data[end:]


def duplicate_bytes(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    start, end = _span(rng, data)
    at = rng.randrange(len(data) + 1)
    return data[:at] + data[start:end] + data[at:]


def insert_token(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    """A dictionary token or an interesting value, at a random place or over a random span."""
    token = rng.choice(dictionary) if dictionary and rng.random() < 0.6 else rng.choice(INTERESTING)
    start, end = _span(rng, data, 8)
    if rng.random() < 0.5:
        end = start
    return data[:start] + token + data[end:]


def splice(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    """The start of ``data`` and the end of another seed (two formats' seeds mix too)."""
    other = rng.choice(seeds)
    return data[: rng.randrange(len(data) + 1)] + other[rng.randrange(len(other) + 1) :]


def repeat_chunk(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    """A chunk repeated a few to a few hundred times in place (a small :func:`grow`)."""
    start, end = _span(rng, data, 32)
    return data[:start] + data[start:end] * rng.randint(2, 300) + data[end:]


def truncate(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def change_case(rng: random.Random, data: bytes, seeds: Sequence[bytes], dictionary: Sequence[bytes]) -> bytes:
    start, end = _span(rng, data, 16)
    return data[:start] + data[start:end].swapcase() + data[end:]


#: Every mutator, each drawn equally often by :func:`mutate`.
MUTATORS: tuple[Mutator, ...] = (
    flip_bit,
    set_byte,
    insert_bytes,
    delete_bytes,
    duplicate_bytes,
    insert_token,
    insert_token,
    splice,
    repeat_chunk,
    truncate,
    change_case,
)


def mutate(
    rng: random.Random,
    seeds: Sequence[bytes],
    dictionary: Sequence[bytes],
    max_size: int,
    mutators: Optional[Sequence[Mutator]] = None,
) -> bytes:
    """One to four stacked mutations of a random seed, cut to ``max_size`` bytes."""
    data = rng.choice(seeds)
    for _ in range(rng.choice((1, 1, 2, 3, 4))):
        data = rng.choice(mutators or MUTATORS)(rng, data, seeds, dictionary)[:max_size]
    return data


def grow(rng: random.Random, data: bytes, size: int, dictionary: Sequence[bytes]) -> bytes:
    """``data`` with one chunk repeated until the input is about ``size`` bytes.

    The chunk is a slice of ``data`` (one to 64 bytes: a comment's text, a
    tag's value, a move and its number, an element) or a dictionary token; it
    goes where it was, so the input keeps its frame around a huge middle.
    """
    if dictionary and rng.random() < 0.3:
        chunk = rng.choice(dictionary)
        at = rng.randrange(len(data) + 1)
        start = end = at
    else:
        start, end = _span(rng, data)
        chunk = data[start:end] or b" "
    times = max(1, (size - len(data)) // len(chunk))
    return data[:start] + chunk * times + data[end:]


_TOKEN = re.compile(rb"[^\s\"'<>=/\[\]{}()]{1,40}|<[A-Za-z][\w:-]{0,30}|\[[A-Za-z]\w{0,20}|[\[\]{}()<>=/\"']")


def dictionary_of(seeds: Sequence[bytes], most: int = 2000) -> list[bytes]:
    """Tokens cut from ``seeds`` (words, tag and element openings, punctuation), each once, at most ``most``."""
    out: dict[bytes, None] = {}
    for seed in seeds:
        for match in _TOKEN.finditer(seed[:65536]):
            out.setdefault(match.group(), None)
            if len(out) >= most:
                return list(out)
    return list(out)
