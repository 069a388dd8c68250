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

from . import rules
from .codec import DOCUMENT_FRAME, FORM_VERSION, dump_game, dumps, games_from_document, read_json, to_json

__all__ = ["FORM_VERSION", "DOCUMENT_FRAME", "to_json", "dump_game", "dumps", "read_json", "games_from_document", "rules"]
