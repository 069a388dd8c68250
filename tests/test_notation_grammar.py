"""The notation grammars: they compile strictly, their exported terminals never collide,
and each terminal accepts exactly the language of its grammar's start rule."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from xqformats.notation import Notation, detect_notation
from xqformats.notation.shape import Shape, parser_for
from xqformats.notation.spelling import BUILDERS, SHAPES, OneCharParser, parse_spelling, shape_of
from xqformats.resources import grammar_path

TERMINALS = {
    Notation.CHINESE: ("chinese", "CHINESE_MOVE"),
    Notation.WXF: ("wxf", "WXF_MOVE"),
    Notation.ICCS: ("iccs", "ICCS_MOVE"),
    Notation.SAN: ("san", "SAN_MOVE"),
}
#: SAN's terminal leaves some texts to ICCS; tests/test_san.py checks its border.
EXACT = [n for n in Notation if n is not Notation.SAN]

# Characters each notation uses (test data copied by hand from the grammars'
# sub-terminals), grouped by role, plus a class of strays.
CHINESE_CLASSES = [
    "帅帥将將仕士相象马馬傌车車俥炮砲包兵卒",
    "一二三四五六七八九",
    "123456789１２３４５６７８９",
    "进進退平",
    "前中后後",
    "0０零十",
]
WXF_CLASSES = [
    "KAEHRCPBNkaehrcpbnＫＡＥＨＲＣＰＢＮｋａｅｈｒｃｐｂｎ",
    "123456789１２３４５６７８９",
    "+-.=＋－．＝",
    "abcde",
    "0fgXx/",
]
ICCS_CLASSES = ["abcdefghiABCDEFGHI", "0123456789", "-", "jJ+x"]
ALL_CLASSES = CHINESE_CLASSES + WXF_CLASSES + ICCS_CLASSES


def terminal_regex(notation: Notation) -> re.Pattern[str]:
    module, name = TERMINALS[notation]
    g = f"start: {name}\n%import .{module} ({name})\n"
    lark = Lark(g, parser="lalr", import_paths=[str(grammar_path("chinese.lark").parent)])
    return re.compile(lark.get_terminal(name).pattern.to_regexp())


REGEXES = {n: terminal_regex(n) for n in Notation}


def rule_accepts(notation: Notation, text: str) -> bool:
    try:
        parser_for(notation).parse(text)
    except LarkError:
        return False
    return True


@pytest.mark.parametrize("name", ["chinese.lark", "wxf.lark", "iccs.lark", "san.lark"])
def test_grammar_compiles_lalr_strict(name: str) -> None:
    Lark(grammar_path(name).read_text(encoding="utf-8"), parser="lalr", strict=True)


def test_exported_terminals_do_not_collide() -> None:
    # strict=True makes interegular prove that no text matches two of the terminals.
    g = (
        "start: (CHINESE_MOVE | WXF_MOVE | ICCS_MOVE | SAN_MOVE)+\n"
        "%import .chinese (CHINESE_MOVE)\n%import .wxf (WXF_MOVE)\n%import .iccs (ICCS_MOVE)\n"
        "%import .san (SAN_MOVE)\n"
        "%import common.WS\n%ignore WS\n"
    )
    lark = Lark(g, parser="lalr", strict=True, import_paths=[str(grammar_path("wxf.lark").parent)])
    tokens = lark.parse("炮二平五 h7e7 C2.5 H2-E2 ＋Ｐ＋１ 前兵四平五 e3+5 e3e5 Ｃ２＝５ 马８进７").children
    assert [(t.type, str(t)) for t in tokens] == [  # type: ignore[union-attr]
        ("CHINESE_MOVE", "炮二平五"),
        ("ICCS_MOVE", "h7e7"),
        ("WXF_MOVE", "C2.5"),
        ("ICCS_MOVE", "H2-E2"),
        ("WXF_MOVE", "＋Ｐ＋１"),
        ("CHINESE_MOVE", "前兵四平五"),
        ("WXF_MOVE", "e3+5"),
        ("ICCS_MOVE", "e3e5"),
        ("WXF_MOVE", "Ｃ２＝５"),
        ("CHINESE_MOVE", "马８进７"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        # Longest-match traps: a WXF-looking prefix of an ICCS move and the reverse.
        "H2-E2",
        "h2e2",
        "H2-2",
        "e3+5",
        "c3c4",
        "C2.5",
    ],
)
def test_one_notation_per_text(text: str) -> None:
    accepting = [n for n in Notation if REGEXES[n].fullmatch(text)]
    assert len(accepting) == 1
    assert detect_notation(text) is accepting[0]


def structured(classes: list[str]) -> st.SearchStrategy[str]:
    """Strings of 2–6 characters, each drawn from one of the character classes."""
    return st.lists(st.sampled_from(classes), min_size=2, max_size=6).flatmap(
        lambda picks: st.tuples(*[st.sampled_from(c) for c in picks]).map("".join)
    )


# Sequences of class indexes near the move shapes (to bias generation toward texts
# on either side of the language's border; the assertion does not rely on them).
TEMPLATES = {
    Notation.CHINESE: [(0, 1, 3, 1), (0, 2, 3, 2), (4, 0, 3, 1), (1, 0, 3, 2), (4, 0, 1, 3, 1), (1, 0, 1, 3, 1)],
    Notation.WXF: [(0, 1, 2, 1), (0, 2, 2, 1), (2, 0, 2, 1), (2, 2, 2, 1), (0, 3, 2, 1), (1, 1, 2, 1), (1, 2, 2, 1)],
    Notation.ICCS: [(0, 1, 2, 0, 1), (0, 1, 0, 1)],
}
CLASSES = {Notation.CHINESE: CHINESE_CLASSES, Notation.WXF: WXF_CLASSES, Notation.ICCS: ICCS_CLASSES}


@st.composite
def near_moves(draw: st.DrawFn, notation: Notation) -> str:
    classes = CLASSES[notation]
    template = list(draw(st.sampled_from(TEMPLATES[notation])))
    if draw(st.booleans()):  # mutate: replace, drop or insert one class
        i = draw(st.integers(0, len(template) - 1))
        how = draw(st.sampled_from(["replace", "drop", "insert"]))
        other = draw(st.integers(0, len(classes) - 1))
        if how == "replace":
            template[i] = other
        elif how == "drop":
            del template[i]
        else:
            template.insert(i, other)
    return "".join(draw(st.sampled_from(classes[k])) for k in template)


@pytest.mark.parametrize("notation", EXACT)
@settings(max_examples=500, deadline=None)
@given(data=st.data())
def test_terminal_equals_start_rule(notation: Notation, data: st.DataObject) -> None:
    text = data.draw(st.one_of(near_moves(notation), structured(ALL_CLASSES)))
    assert bool(REGEXES[notation].fullmatch(text)) == rule_accepts(notation, text)


def lark_tree(notation: Notation, text: str) -> object:
    """The tree the notation's Lark parser gives ``text``, as plain data (None: refused)."""
    try:
        return plain(parser_for(notation).parse(text))
    except LarkError:
        return None


def plain(tree: object) -> object:
    if isinstance(tree, Tree):
        return (str(tree.data), [plain(c) for c in tree.children])
    assert isinstance(tree, Token)
    return (tree.type, str(tree), tree.start_pos, tree.end_pos, tree.line, tree.column)


def test_the_one_character_grammars_are_parsed_once_per_signature() -> None:
    # Chinese, WXF and ICCS have one-character terminals and nothing ignored; SAN does not.
    assert [n for n in Notation if OneCharParser.applies(parser_for(n))] == EXACT


def test_trees_rebuilt_from_a_signature_equal_the_parser_s_for_every_chinese_shape() -> None:
    # Every text of four shapes over the Chinese character classes (about 10,000): the
    # tree made from an earlier spelling of the same signature is the one Lark builds.
    shapes = [(0, 1, 3, 1), (0, 2, 3, 2), (4, 0, 3, 1), (1, 0, 3, 2)]
    for shape in shapes:
        for chars in itertools.product(*(CHINESE_CLASSES[k] for k in shape)):
            text = "".join(chars)
            got = parse_spelling(Notation.CHINESE, text)
            assert (None if got is None else plain(got)) == lark_tree(Notation.CHINESE, text), text


@pytest.mark.parametrize("notation", list(Notation))
@settings(max_examples=800, deadline=None)
@given(data=st.data())
def test_parse_spelling_equals_the_parser(notation: Notation, data: st.DataObject) -> None:
    text = data.draw(st.one_of(near_moves(notation) if notation in TEMPLATES else st.text(max_size=6), structured(ALL_CLASSES), st.text(max_size=6)))
    got = parse_spelling(notation, text)
    assert (None if got is None else plain(got)) == lark_tree(notation, text)


def _fields(shape: object) -> object:
    return None if shape is None else tuple(getattr(shape, name, None) for name in Shape.__slots__)


def _shape_from_the_parser(notation: Notation, text: str) -> object:
    """The shape the notation's builder makes from the Lark parser's own tree of ``text`` (None: refused)."""
    try:
        tree = parser_for(notation).parse(text)
    except LarkError:
        return None
    return _fields(BUILDERS[notation](text, tree.children[0]))  # type: ignore[arg-type]


@pytest.mark.parametrize("notation", EXACT)
@settings(max_examples=800, deadline=None)
@given(data=st.data())
def test_shapes_built_on_a_signature_s_tree_equal_those_built_on_the_parser_s(notation: Notation, data: st.DataObject) -> None:
    # shape_of hands the builders the tree of an earlier spelling of the same signature, not rebuilt:
    # they read the characters from the text.  Their shapes (styles included) are those of the
    # parser's own tree.
    text = data.draw(st.one_of(near_moves(notation), structured(ALL_CLASSES)))
    SHAPES.clear()
    expected = _shape_from_the_parser(notation, text)
    if expected is not None:
        assert _fields(shape_of(text)) == expected, text


def test_every_chinese_shape_built_on_a_signature_s_tree_equals_the_parser_s() -> None:
    for shape in [(0, 1, 3, 1), (0, 2, 3, 2), (4, 0, 3, 1), (1, 0, 3, 2)]:
        for chars in itertools.product(*(CHINESE_CLASSES[k] for k in shape)):
            text = "".join(chars)
            assert _fields(shape_of(text)) == _shape_from_the_parser(Notation.CHINESE, text), text


@pytest.mark.parametrize("notation", EXACT)
def test_near_moves_reach_both_sides_of_the_border(notation: Notation) -> None:
    # The differential test above is only meaningful if its inputs are often valid.
    from hypothesis import find

    find(near_moves(notation), lambda t: rule_accepts(notation, t))
    find(near_moves(notation), lambda t: len(t) >= 4 and not rule_accepts(notation, t))


@pytest.mark.parametrize(
    "text, notation",
    [
        ("炮二平五", Notation.CHINESE),
        ("马8进7", Notation.CHINESE),
        ("马８进７", Notation.CHINESE),
        ("前炮退二", Notation.CHINESE),
        ("一兵平五", Notation.CHINESE),
        ("前兵四平五", Notation.CHINESE),
        ("後砲進一", Notation.CHINESE),
        ("C2.5", Notation.WXF),
        ("h8+7", Notation.WXF),
        ("Ｃ２＝５", Notation.WXF),
        ("62.5", Notation.WXF),
        ("R+.3", Notation.WXF),
        ("C--1", Notation.WXF),
        ("+C-2", Notation.WXF),
        ("Pa.5", Notation.WXF),
        ("++.4", Notation.WXF),
        ("3+.4", Notation.WXF),
        ("33.4", Notation.WXF),
        ("H2-E2", Notation.ICCS),
        ("h2-e2", Notation.ICCS),
        ("h2e2", Notation.ICCS),
    ],
)
def test_detect_notation(text: str, notation: Notation) -> None:
    assert detect_notation(text) is notation


@pytest.mark.parametrize(
    "text",
    ["", "炮二平", "炮二平五五", "中炮", "兵十进一", "C2.0", "C2.55", "+-.4", "H2-E", "J2-E2", "H2--E2", " C2.5"],
)
def test_not_a_move(text: str) -> None:
    assert detect_notation(text) is None


def test_shapes_are_memoized_and_bounded() -> None:
    first = shape_of("炮八平五")
    assert first is not None and shape_of("炮八平五") is first
    # An empty memo: earlier tests may have seen all four spellings (then nothing is added).
    with SHAPES.isolated(limit=3):
        for text in ("C1.2", "C1.3", "C1.4", "C1.5"):
            assert shape_of(text) is not None
            assert 0 < len(SHAPES) <= 3
    assert SHAPES.limit > 3 and shape_of("炮八平五") is first  # the memo is back as it was
