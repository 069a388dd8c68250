"""``schemas/cbf.xsd``: loads from the package, documents itself, accepts both
forms, and rejects each of its constraints (with the diagnostic the reader
gives, at the offending element or attribute)."""

from __future__ import annotations

import pytest
from lxml import etree

from cbf_helpers import DATA, REPO, START_BOARD, cbf, codes, draft_examples, real_file
from xqformats.cbf import read_cbf
from xqformats.cbf.locate import Locator
from xqformats.cbf.safexml import decode, parse
from xqformats.cbf.schema import lxml_schema, validate, xmlschema_schema
from xqformats.diagnostics import DiagnosticSink
from xqformats.resources import schema_path

XS = "{http://www.w3.org/2001/XMLSchema}"


def _valid_both(data: bytes) -> tuple[bool, bool]:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    tree = etree.fromstring(data, parser).getroottree()
    return lxml_schema().validate(tree), xmlschema_schema().is_valid(tree)


def test_schema_is_loaded_from_the_package_resources() -> None:
    path = schema_path("cbf.xsd")
    assert path.is_file() and path.name == "cbf.xsd"
    assert path.resolve() == (REPO / "schemas" / "cbf.xsd").resolve() or "site-packages" in str(path)


def test_every_declaration_names_its_source() -> None:
    doc = etree.parse(str(schema_path("cbf.xsd")))
    named = [
        el
        for el in doc.iter(f"{XS}element", f"{XS}simpleType", f"{XS}complexType")
        if el.get("name") is not None
    ]
    assert len(named) > 50
    for el in named:
        docs = el.findall(f"{XS}annotation/{XS}documentation")
        assert docs and "".join(docs[0].itertext()).strip(), el.get("name")


def test_every_patterned_type_carries_a_hint_for_messages() -> None:
    doc = etree.parse(str(schema_path("cbf.xsd")))
    for st in doc.iter(f"{XS}simpleType"):
        facets = st.findall(f"{XS}restriction/{XS}pattern") + st.findall(f"{XS}restriction/{XS}enumeration")
        if facets:
            info = st.findall(f"{XS}annotation/{XS}appinfo")
            assert info and info[0].text.startswith("expected "), st.get("name")


# ---------------------------------------------------------------- accepted


def test_both_draft_examples_are_valid() -> None:
    for data in draft_examples():
        assert _valid_both(data) == (True, True)


@pytest.mark.parametrize("name", ["test.cbf", "test2.cbf"])
def test_real_files_are_valid(name: str) -> None:
    assert _valid_both(real_file(name).read_bytes()) == (True, True)


@pytest.mark.parametrize("name", ["nid-example.cbf", "ccbridge-form.cbf"])
def test_test_data_is_valid(name: str) -> None:
    assert _valid_both((DATA / name).read_bytes()) == (True, True)


def test_shipped_samples_are_valid() -> None:
    samples = sorted((REPO / "corpus").glob("*.cbf"))
    assert samples
    for path in samples:
        assert _valid_both(path.read_bytes()) == (True, True), path


# ---------------------------------------------------------------- rejected, one per constraint

_WRAP = '<?xml version="1.0" encoding="UTF-8"?>\n'

#: (constraint, document, expected code, (line, column) of the diagnostic)
REJECTED = [
    ("root element name", _WRAP + "<Record>\n <Head/>\n <MoveList/>\n</Record>\n", "C201", (2, 1)),
    ("Head comes first", _WRAP + "<ChineseChessRecord>\n <MoveList/>\n <Head/>\n</ChineseChessRecord>\n", "C201", (3, 2)),
    ("MoveList is required", _WRAP + "<ChineseChessRecord>\n <Head/>\n</ChineseChessRecord>\n", "C201", (2, 1)),
    ("nothing after MoveList", _WRAP + "<ChineseChessRecord>\n <Head/>\n <MoveList/>\n <Extra/>\n</ChineseChessRecord>\n", "C201", (5, 2)),
    ("Version is 1.0", _WRAP + '<ChineseChessRecord Version="2.0">\n <Head/>\n <MoveList/>\n</ChineseChessRecord>\n', "C203", (2, 30)),
    ("no other root attribute", _WRAP + '<ChineseChessRecord Lang="zh">\n <Head/>\n <MoveList/>\n</ChineseChessRecord>\n', "C202", (2, 1)),
    ("Head elements are known", cbf("  <Opening>x</Opening>\n").decode(), "C201", (4, 3)),
    ("Head elements occur once", cbf("  <Red>a</Red>\n  <Red>b</Red>\n").decode(), "C201", (5, 3)),
    ("no text directly in Head", cbf("  stray\n").decode(), "C201", (3, 8)),
    ("Head text elements hold text only", cbf("  <Red><b>x</b></Red>\n").decode(), "C201", (4, 3)),
    ("Type has a value", cbf("  <Type>实战</Type>\n").decode(), "C202", (4, 3)),
    ("Type code 0-4", cbf('  <Type value="5">x</Type>\n').decode(), "C203", (4, 16)),
    ("Result has a value", cbf("  <Result>和棋</Result>\n").decode(), "C202", (4, 3)),
    ("Result code 0-3", cbf('  <Result value="4">x</Result>\n').decode(), "C203", (4, 18)),
    ("Board has a value", cbf("  <Board/>\n").decode(), "C202", (4, 3)),
    ("RecordResult code 0-3 or empty", cbf("  <RecordResult>4</RecordResult>\n").decode(), "C203", (4, 17)),
    ("RecordType is a number", cbf("  <RecordType>一</RecordType>\n").decode(), "C203", (4, 15)),
    ("ECCO is A-E and two digits", cbf("  <ECCO>F00</ECCO>\n").decode(), "C203", (4, 9)),
    ("MoveList holds Move only", cbf(moves="  <Step/>\n").decode(), "C201", (7, 3)),
    ("no text directly in MoveList", cbf(moves="  stray\n").decode(), "C201", (5, 12)),
    ("Move has a value", cbf(moves='  <Move nid="1"/>\n').decode(), "C202", (7, 3)),
    ("nid is a positive integer", cbf(moves='  <Move nid="0" value="77-47"/>\n').decode(), "C203", (7, 14)),
    ("nid is a number", cbf(moves='  <Move nid="一" value="77-47"/>\n').decode(), "C203", (7, 14)),
    ("end is 1", cbf(moves='  <Move value="77-47" end="2"/>\n').decode(), "C203", (7, 28)),
    ("Move has no other attribute", cbf(moves='  <Move value="77-47" time="3"/>\n').decode(), "C202", (7, 3)),
    ("Move holds text only", cbf(moves='  <Move value="77-47"><note/></Move>\n').decode(), "C201", (7, 3)),
]


@pytest.mark.parametrize(("constraint", "doc", "code", "at"), REJECTED, ids=[r[0] for r in REJECTED])
def test_constraint_is_rejected(constraint: str, doc: str, code: str, at: tuple[int, int]) -> None:
    data = doc.encode("utf-8")
    assert _valid_both(data) == (False, False)
    _, diags = read_cbf(data)
    schema = [d for d in diags if d.code.startswith("C2")]
    assert [d.code for d in schema] == [code], [str(d) for d in diags]
    assert (schema[0].line, schema[0].column) == at
    assert "`" in schema[0].message and not schema[0].message.endswith(".")


def test_schema_messages() -> None:
    expect = {
        "Head elements occur once": "Duplicate element `Red` at `/ChineseChessRecord/Head/Red[2]`; `Head` may hold it once",
        "MoveList is required": "Missing `MoveList` in `/ChineseChessRecord`",
        "Head comes first": "Unexpected element `MoveList` at `/ChineseChessRecord/MoveList`; expected `Head`",
        "Type code 0-4": "Invalid `value` `5` on `Type` at `/ChineseChessRecord/Head/Type`; expected one of `0`–`4` "
        "(0 unknown, 1 实战全局, 2 摆谱全局, 3 实战残局, 4 摆谱残局)",
        "nid is a positive integer": "Invalid `nid` `0` on `Move` at `/ChineseChessRecord/MoveList/Move[2]`; "
        "expected a positive integer (the ply number: 1 for the first move)",
        "ECCO is A-E and two digits": "Invalid `ECCO` value `F00` at `/ChineseChessRecord/Head/ECCO`; "
        "expected a letter `A`–`E` and two digits (e.g. `C03`), or nothing",
        "Move has a value": "Missing attribute `value` on `Move` at `/ChineseChessRecord/MoveList/Move[2]`",
        "Move has no other attribute": "Unknown attribute `time` on `Move` at `/ChineseChessRecord/MoveList/Move[2]`",
    }
    for constraint, doc, _, _ in REJECTED:
        if constraint in expect:
            _, diags = read_cbf(doc.encode())
            assert [d.message for d in diags if d.code.startswith("C2")] == [expect[constraint]]


@pytest.mark.parametrize(
    ("doc", "semantic"),
    [
        (cbf(moves='  <Move value="97-47"/>\n'), "C304"),
        (cbf(moves='  <Move value="7-47"/>\n'), "C304"),
        (cbf('  <Board value="jmxswsxmjq-r1"/>\n'), "C302"),
        (cbf(f'  <Board value="{START_BOARD[:-3]}"/>\n'), "C303"),
        (cbf(f'  <Board value="{START_BOARD[:-3]}-x1"/>\n'), "C303"),
    ],
)
def test_value_patterns_are_rejected_and_reported_precisely(doc: bytes, semantic: str) -> None:
    # The schema rejects the pattern; the reader's precise diagnostic replaces its message.
    assert _valid_both(doc) == (False, False)
    _, diags = read_cbf(doc)
    assert semantic in codes(diags) and "C203" not in codes(diags)


def test_lxml_messages_when_not_explained_by_xmlschema() -> None:
    # What the reader falls back to when xmlschema fails: libxml2's own log entries.
    text = decode(cbf("  <Red>a</Red>\n  <Red>b</Red>\n"))
    sink = DiagnosticSink(source=text)
    root = parse(text, sink).root
    assert root is not None and sink.items == []
    assert validate(root, Locator(text), sink, explain=False) is False
    diags = sink.items
    assert codes(diags) == ["C201"]
    assert (diags[0].line, diags[0].column) == (5, 3)
    assert diags[0].message.startswith("Element 'Red': This element is not expected")


def test_validate_skips_superseded_attributes() -> None:
    text = decode(cbf(moves='  <Move value="97-47"/>\n'))
    root = parse(text).root
    assert root is not None
    move = root.find("MoveList")[1]  # type: ignore[index]
    sink = DiagnosticSink(source=text)
    assert validate(root, Locator(text), sink) is False
    assert codes(sink.items) == ["C203"]
    quiet = DiagnosticSink(source=text)
    assert validate(root, Locator(text), quiet, superseded={(move, "value")}) is False
    assert quiet.items == []
