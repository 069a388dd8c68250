"""The JSON form of the game model: the neutral form two programs compare (docs/spec/json.md).

Public API::

    to_json(game) -> dict                       # one game as plain JSON data
    dumps(games) -> str                         # a document of games, one node per line
    read_json(text, *, path=None, strict=False) -> (games, diagnostics)

The form is versioned (``FORM_VERSION``) and described by the JSON Schema
shipped as ``xqformats/schemas/json-form.schema.json`` (``schemas/`` in the
source tree).  Rule codes: ``J1xx`` (:mod:`xqformats.jsonform.rules`).
"""

from __future__ import annotations

# xqformats.conformance and tests/test_conformance_formats.py (other branches in flight) import
# these through the package: the aliases keep them importable there until the merge, when they
# import from .codec and the aliases go.
from .codec import FORM_VERSION as FORM_VERSION
from .codec import dumps as dumps
from .codec import to_json as to_json

