"""xqformats: read, validate, lint and convert xiangqi (Chinese chess) records.

The front door reads any record (``xqformats.read("game.cbf")``: a path,
bytes, an open handle or a :class:`Source`) and writes any format
(``xqformats.write(games, "pgn")``); the format packages' own functions
(``parse_pgn``, ``read_cbf``, ...) are there for format-specific options.

Core objects are imported eagerly; the front door, the format readers and
writers and the rule catalogue are loaded on first use (``xqformats.parse_pgn``
imports the PGN package then), so that ``import xqformats`` stays cheap for a
linter that reads only one format.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .core import BLACK, RED, Move
from .diagnostics import Diagnostic, DiagnosticSink, Rule, Severity, Span
from .fen import parse_fen, validate_fen
from .model import Game, Headers, Node
from .position import STARTING_FEN, Position
from .source import Source
from .visitor import SKIP, BaseVisitor, walk

if TYPE_CHECKING:
    # What __getattr__ serves, for type checkers (mypy sees the functions and classes, not Any).
    from .board.svg import board_svg
    from .cbf import CbfWriter, read_cbf, write_cbf
    from .cbr import read_cbl, read_cbr
    from .dhtmlxq import read_dhtmlxq, write_dhtmlxq
    from .formats import Record, RecordStream, detect_format, open_record, read, write
    from .formatter import format_path, format_text
    from .jsonform.codec import read_json, to_json
    from .lint import lint_paths, lint_record
    from .lint.catalogue import all_rules, rule
    from .notation import Notation, RankConvention, decode, detect_notation, encode
    from .parallel import map_records
    from .pgn import flattened_tags, parse_pgn, read_headers, read_pgn, write_pgn
    from .pgn.writer import PgnWriter
    from .wxfgame import read_wxfgame, write_wxfgame
    from .xqf import read_xqf, write_xqf

__version__ = "0.1.0"

__all__ = [
    "RED",
    "BLACK",
    "Move",
    "Position",
    "STARTING_FEN",
    "parse_fen",
    "validate_fen",
    "Game",
    "Node",
    "Headers",
    "Diagnostic",
    "DiagnosticSink",
    "Rule",
    "Severity",
    "Span",
    "Source",
    "BaseVisitor",
    "SKIP",
    "walk",
    # loaded lazily:
    "read",
    "write",
    "detect_format",
    "Record",
    "all_rules",
    "rule",
    "Notation",
    "RankConvention",
    "decode",
    "encode",
    "detect_notation",
    "parse_pgn",
    "read_pgn",
    "read_headers",
    "write_pgn",
    "flattened_tags",
    "PgnWriter",
    "read_cbf",
    "write_cbf",
    "CbfWriter",
    "read_xqf",
    "write_xqf",
    "read_cbr",
    "read_cbl",
    "read_dhtmlxq",
    "write_dhtmlxq",
    "read_wxfgame",
    "write_wxfgame",
    "to_json",
    "read_json",
    "open_record",
    "lint_record",
    "lint_paths",
    "RecordStream",
    "format_text",
    "format_path",
    "board_svg",
    "map_records",
]

_LAZY = {
    "lint_record": "xqformats.lint",
    "lint_paths": "xqformats.lint",
    "open_record": "xqformats.formats",
    "RecordStream": "xqformats.formats",
    "format_text": "xqformats.formatter",
    "format_path": "xqformats.formatter",
    "board_svg": "xqformats.board.svg",
    "map_records": "xqformats.parallel",
    "read": "xqformats.formats",
    "write": "xqformats.formats",
    "detect_format": "xqformats.formats",
    "Record": "xqformats.formats",
    "all_rules": "xqformats.lint.catalogue",
    "rule": "xqformats.lint.catalogue",
    "PgnWriter": "xqformats.pgn.writer",
    "CbfWriter": "xqformats.cbf",
    "Notation": "xqformats.notation",
    "RankConvention": "xqformats.notation",
    "decode": "xqformats.notation",
    "encode": "xqformats.notation",
    "detect_notation": "xqformats.notation",
    "parse_pgn": "xqformats.pgn",
    "read_pgn": "xqformats.pgn",
    "read_headers": "xqformats.pgn",
    "write_pgn": "xqformats.pgn",
    "flattened_tags": "xqformats.pgn",
    "read_cbf": "xqformats.cbf",
    "write_cbf": "xqformats.cbf",
    "read_xqf": "xqformats.xqf",
    "write_xqf": "xqformats.xqf",
    "read_cbr": "xqformats.cbr",
    "read_cbl": "xqformats.cbr",
    "read_dhtmlxq": "xqformats.dhtmlxq",
    "write_dhtmlxq": "xqformats.dhtmlxq",
    "read_wxfgame": "xqformats.wxfgame",
    "write_wxfgame": "xqformats.wxfgame",
    "to_json": "xqformats.jsonform.codec",
    "read_json": "xqformats.jsonform.codec",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'xqformats' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
