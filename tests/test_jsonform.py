"""The JSON form of the model (docs/spec/json.md): round trips, the shipped schema, every J rule.

The schema is checked with ``jsonschema`` (the reference validator of JSON
Schema, in the test extra): every document the writer makes validates.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import games
from xqformats import formats
from xqformats.diagnostics import Rule
from xqformats.jsonform import rules
from xqformats.jsonform.codec import FORM_VERSION, dumps, read_json, to_json
from xqformats.lint.catalogue import all_rules
from xqformats.model import Game
from xqformats.position import Position

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "schemas" / "json-form.schema.json").read_text(encoding="utf-8"))
START = Position().fen()


def validator():  # type: ignore[no-untyped-def]
    jsonschema = pytest.importorskip("jsonschema")
    return jsonschema.Draft202012Validator(SCHEMA)


# ---------------------------------------------------------------- round trips


@settings(max_examples=60, deadline=None)
@given(st.lists(games(max_moves=30), min_size=1, max_size=3))
def test_model_to_json_and_back_is_equal(gs: list[Game]) -> None:
    text = dumps(gs)
    back, diags = read_json(text)
    assert diags == []
    assert back == gs
    validator().validate(json.loads(text))


def test_a_hand_checked_game() -> None:
    # 1. 炮二平五 (1. 相三进五) 马8进7 {好}: the root, H2-E2, its alternative C0-E2, then H9-G7.
    game = Game({"Game": "Chinese Chess", "Red": "许银川"}, result="1-0")
    first = game.root.add_variation(_move("H2-E2"))
    game.root.add_variation(_move("C0-E2"), comments_before=["或"])
    first.add_variation(_move("H9-G7"), comments=["好"], nags=[1])
    assert to_json(game) == {
        "headers": [["Game", "Chinese Chess"], ["Red", "许银川"]],
        "start": START,
        "result": "1-0",
        "nodes": [
            {},
            {"parent": 0, "move": "H2-E2"},
            {"parent": 1, "move": "H9-G7", "comments": ["好"], "nags": [1]},
            {"parent": 0, "move": "C0-E2", "comments_before": ["或"]},
        ],
    }
    assert dumps([game]).splitlines()[2:6] == [
        "  {},",
        '  {"parent": 0, "move": "H2-E2"},',
        '  {"parent": 1, "move": "H9-G7", "comments": ["好"], "nags": [1]},',
        '  {"parent": 0, "move": "C0-E2", "comments_before": ["或"]}',
    ]


def _move(iccs: str):  # type: ignore[no-untyped-def]
    from xqformats.notation import Notation, decode

    pos = Position()
    if iccs == "H9-G7":
        pos.push(decode("H2-E2", pos, Notation.ICCS)[0])  # type: ignore[arg-type]
    move, _ = decode(iccs, pos, Notation.ICCS)
    assert move is not None
    return move


def test_variations_of_any_depth_are_a_flat_list() -> None:
    from xqformats.pgn import parse_pgn

    depth = 5000  # nested JSON this deep would exceed json's recursion limit
    text = "1. 炮二平五 马8进7 " + "(1... 马2进3 " * depth + ")" * depth + " *"
    game = parse_pgn(text)[0][0]
    back, diags = read_json(dumps([game]))
    assert diags == [] and back == [game]


def test_through_the_front_door(tmp_path: Path) -> None:
    record = formats.read(ROOT / "corpus" / "xu-yinchuan-vs-nie-weiping-1999.cbf")
    data = formats.write(record.games, "json")
    assert formats.losses(record.games[0], "json") == []
    (tmp_path / "game.json").write_bytes(data)
    (tmp_path / "game.txt").write_bytes(data)  # the form's key is a signature
    for name in ("game.json", "game.txt"):
        again = formats.read(tmp_path / name)
        assert again.format is not None and again.format.name == "json"
        assert again.diagnostics == [] and again.games == record.games


# ---------------------------------------------------------------- the rules

JSON_RULES = [r for r in all_rules() if r.code.startswith("J1")]


def test_every_rule_of_the_module_is_in_the_catalogue() -> None:
    declared = {value.code for value in vars(rules).values() if isinstance(value, Rule)}
    assert declared == {r.code for r in JSON_RULES} == {"J101", "J102", "J103", "J104", "J105", "J106"}


@pytest.mark.parametrize("rule", JSON_RULES, ids=[r.code for r in JSON_RULES])
def test_rule_fires_on_its_example_and_not_on_the_fix(rule: Rule) -> None:
    assert rule.example_kind == "json" and rule.example and rule.fixed
    # (The rule's code, or a note of that code on the finding it follows from.)
    assert rule.code in {c for d in read_json(rule.example)[1] for c in (d.code, *(r.code for r in d.related))}
    assert read_json(rule.fixed)[1] == []


def test_findings_name_the_json_path() -> None:
    doc = {"xqformats": FORM_VERSION, "games": [
        {"start": START, "result": "2-0", "nodes": [{}, {"parent": 0, "move": "H2-E9"}, {"parent": 1, "move": "H9-G7"},
                                                    {"parent": 0, "move": "H2-E2", "nags": [-1]}]},
        {"start": 7, "nodes": [{}]},
    ]}
    games_read, diags = read_json(json.dumps(doc))
    assert [(d.code, d.message.split(":")[0]) for d in diags] == [
        ("J103", "`games[0].result`"),
        ("M203", "`games[0].nodes[1].move`"),  # the cannon on h2 cannot reach e9
        ("J103", "`games[0].nodes[3].nags`"),
        ("J102", "`games[1].start`"),
    ]
    # That the nodes below it are left out is a note on the move's finding: one root cause, one finding.
    assert [(r.code, r.message.split(":")[0]) for r in diags[1].related] == [("J104", "`games[0].nodes[1]`")]
    assert len(games_read) == 1 and [str(m) for m in games_read[0].mainline_moves()] == ["H2-E2"]


def test_a_syntax_error_has_its_line_and_column() -> None:
    diags = read_json('{"xqformats": 1,\n "games": [}')[1]
    assert [(d.code, d.line, d.column) for d in diags] == [("J101", 2, 12)]


def test_a_parent_off_the_line_ends_the_moves() -> None:
    # Node 3 names node 1, but node 2 (a child of the root) closed node 1's line: not pre-order.
    doc = {"xqformats": 1, "games": [{"start": START, "nodes": [
        {}, {"parent": 0, "move": "H2-E2"}, {"parent": 0, "move": "B2-E2"}, {"parent": 1, "move": "H9-G7"}]}]}
    games_read, diags = read_json(json.dumps(doc))
    assert [d.code for d in diags] == ["J103"] and "pre-order" in diags[0].message
    assert len(list(games_read[0].nodes())) == 2


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["xqformats", "games", "start", "nodes", "parent", "move", "nags", "comments",
                                         "headers", "result"]), inner, max_size=5), max_leaves=20))
def test_any_json_value_gives_diagnostics_never_an_exception(value: object) -> None:
    read_json(json.dumps(value))
    read_json(json.dumps({"xqformats": 1, "games": [value]}))
    read_json(json.dumps({"xqformats": 1, "games": [{"start": START, "nodes": [{}, value]}]}))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.text(max_size=4), min_size=2, max_size=2), max_size=3))
def test_any_header_pairs_give_diagnostics_never_an_exception(pairs: list[list[str]]) -> None:
    doc = {"xqformats": 1, "games": [{"start": START, "headers": pairs, "nodes": [{}]}]}
    games_read, diags = read_json(json.dumps(doc))
    assert len(games_read) == 1 and all(d.code == "J103" for d in diags)


def test_a_number_too_long_for_int_is_a_finding() -> None:
    # Found by the fuzzing harness: json.loads raises ValueError (not a JSONDecodeError).
    assert [d.code for d in read_json('{"xqformats": 1, "games": [], "n": ' + "9" * 5000 + "}")[1]] == ["J101"]


def test_deep_nesting_is_a_finding() -> None:
    assert [d.code for d in read_json("[" * 100_000 + "]" * 100_000)[1]] == ["J101"]
