"""Where code must agree with a grammar or the schema, it is held to it here.

The grammars and the XSD are the spec; a few checks outside them (the model's
tag-name check, the linter's ECCO rule, the CBF writer's filters) state or read
the same shape, and these tests fail when the two drift apart.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark

from xqformats.cbf.writer import HEAD_PATTERNS, schema_pattern
from xqformats.lint.checks import ECCO_PATTERN
from xqformats.model import TAG_NAME_PATTERN
from xqformats.resources import grammar_path

_GRAMMAR = Lark.open(str(grammar_path("pgn.lark")), parser="lalr", start="game")
TAG_NAME = re.compile(_GRAMMAR.get_terminal("TAG_NAME").pattern.to_regexp() + r"\Z")

names = st.text(st.sampled_from("aZ09_+#=:-. []\"é"), max_size=6)


@settings(max_examples=400, deadline=None)
@given(names)
def test_model_accepts_exactly_the_grammars_tag_names(name: str) -> None:
    assert bool(TAG_NAME_PATTERN.match(name)) == bool(TAG_NAME.match(name))


codes = st.text(st.sampled_from("ABCDEFZ0189a"), max_size=4)


@settings(max_examples=400, deadline=None)
@given(codes)
def test_ecco_rule_matches_the_schemas_ecco_type(code: str) -> None:
    # The schema's type also allows the empty value (an empty element); the
    # linter checks a tag that is present, so it needs a code.
    schema = schema_pattern("EccoCode")
    assert bool(ECCO_PATTERN.match(code)) == (bool(schema.match(code)) and code != "")


def test_writer_reads_its_filters_from_the_schema() -> None:
    assert HEAD_PATTERNS["ECCO"].match("C03") and not HEAD_PATTERNS["ECCO"].match("C3")
    assert HEAD_PATTERNS["RecordType"].match("12") and not HEAD_PATTERNS["RecordType"].match("1a")
