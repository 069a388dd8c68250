"""The JSON form of the game model: the neutral form two programs compare (docs/spec/json.md).

The codec (:mod:`.codec`; this package is internal, docs/api.md lists the public API)::

    to_json(game) -> dict                       # one game as plain JSON data
    dumps(games) -> str                         # a document of games, one node per line
    read_json(text, *, path=None, strict=False) -> (games, diagnostics)

The form is versioned (``FORM_VERSION``) and described by the JSON Schema
shipped as ``xqformats/schemas/json-form.schema.json`` (``schemas/`` in the
source tree).  Rule codes: ``J1xx`` (:mod:`xqformats.jsonform.rules`).
"""

from __future__ import annotations


