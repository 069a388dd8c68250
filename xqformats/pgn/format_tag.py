"""The ``Format`` tag: which notation a PGN game's moves are written in.

The xiangqi PGN spec (§二 (11)) names the notation of the movetext with a
``Format`` tag: ``Chinese`` (the default when the tag is absent), ``WXF`` or
``ICCS``.  Values are compared without case or surrounding blanks.  The PGN
reader (to decode the moves) and the writer (to name what it wrote) both use
this module, so neither imports the other.  WinBoard's side tags, renamed by both, are the
model's table (:data:`xqformats.model.WINBOARD_SIDES`).
"""

from __future__ import annotations

from typing import Optional

from ..notation import Notation

#: Notation -> the ``Format`` value the writer writes for it: the notation's
#: display name (:attr:`Notation.label`, where it is written once).
FORMAT_VALUES: dict[Notation, str] = {notation: notation.label for notation in Notation}

#: ``Format`` value, lower case -> the notation it names.
FORMAT_NAMES: dict[str, Notation] = {value.lower(): notation for notation, value in FORMAT_VALUES.items()}


def notation_of_format(value: str) -> Optional[Notation]:
    """The notation a ``Format`` tag value names (any case, blanks around ignored); None if none."""
    return FORMAT_NAMES.get(value.strip().lower())

