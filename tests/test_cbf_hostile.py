"""Hostile CBF input (issue 10, items 1–3): never an exception, never a stall, never entity text as data.

Every case goes through the public readers, :func:`xqformats.cbf.read_cbf` and
:func:`xqformats.read`, and checks that no ``G106`` (an exception caught by the
front door's safety net) is among the findings.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import pytest

import xqformats
from cbf_helpers import cbf, codes, lines
from xqformats.cbf import read_cbf
from xqformats.diagnostics import Diagnostic
from xqformats.model import Game


def _read_both(data: bytes) -> tuple[Optional[Game], list[Diagnostic]]:
    """``read_cbf`` of ``data``; the front door gives the same findings and no G106."""
    game, diags = read_cbf(data)
    record = xqformats.read(data, format="cbf")
    assert "G106" not in codes(record.diagnostics)
    assert codes(record.diagnostics) == codes(diags)
    return game, diags


def _timed(data: bytes) -> tuple[float, Optional[Game], list[Diagnostic]]:
    """``read_cbf`` of ``data`` and the seconds it took."""
    t0 = time.perf_counter()
    game, diags = read_cbf(data)
    return time.perf_counter() - t0, game, diags


# ---------------------------------------------------------------- 1. character references to surrogates

_SURROGATE_REFS = ["&#xD800;", "&#55296;", "&#xDFFF;", "&#xdbff;&#xdc00;", "&#xD800;&#x1;"]


@pytest.mark.parametrize("ref", _SURROGATE_REFS)
def test_surrogate_reference_in_text_is_reported_and_the_rest_read(ref: str) -> None:
    data = cbf(
        f"  <Red>吕{ref}钦</Red>\n  <Black>许银川</Black>\n",
        '  <Move value="77-47">好' + ref + "棋</Move>\n  <Move value=\"70-62\"/>\n",
    )
    game, diags = _read_both(data)
    assert game is not None
    assert "C101" in codes(diags)
    bad = [d for d in diags if d.code == "C101"]
    assert {d.line for d in bad} == {4, 9} and all(d.column for d in bad)
    assert all(d.message.startswith("Character reference to U+") for d in bad)
    assert any(d.message.endswith("is not an XML character; read as U+FFFD") for d in bad)
    first = ref.split(";")[0] + ";"
    assert (bad[0].column, bad[0].end_column) == (9, 9 + len(first))  # `  <Red>吕` then the reference
    assert game.headers["Red"].startswith("吕\ufffd") and game.headers["Red"].endswith("钦")
    assert game.headers["Black"] == "许银川"
    assert lines(game) == [["H2-E2", "H9-G7"]]
    assert game.root.children[0].comments[0].startswith("好\ufffd")


@pytest.mark.parametrize("ref", _SURROGATE_REFS)
def test_surrogate_reference_in_attribute_is_reported_and_the_rest_read(ref: str) -> None:
    data = cbf(
        f'  <Type value="1{ref}">实战</Type>\n',
        f'  <Move value="77-47"/>\n  <Move value="70{ref}-62"/>\n  <Move nid="{ref}" value="70-62"/>\n',
    )
    game, diags = _read_both(data)
    assert game is not None
    c101 = [d for d in diags if d.code == "C101"]
    assert {d.line for d in c101} == {4, 9, 10} and all(d.column for d in c101)
    assert game.headers["Type"] == "1" + "\ufffd" * ref.count("&")
    assert lines(game) == [["H2-E2"]]
    assert "C304" in codes(diags)  # the move value with U+FFFD in it is no move


def test_surrogate_reference_in_a_comment_tail_and_root() -> None:
    data = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0" x="&#xD800;">'
        "<Head><!-- c --><Red>a</Red>&#xD800;<Black>b</Black></Head>"
        '<MoveList><Move value="00-00"/><Move value="77-47"/></MoveList></ChineseChessRecord>\n'
    ).encode()
    game, diags = _read_both(data)
    assert game is not None and "C101" in codes(diags)
    assert (game.headers["Red"], game.headers["Black"]) == ("a", "b")
    assert len(lines(game)[0]) == 1


@pytest.mark.parametrize(
    "head",
    [
        '  <Red>a&#x1;b&bad;c</Red>\n',  # U+0001 kept by recovery, then the entity removed next to it
        '  <Type xmlns:p="u&#xFFFE;" p:a="1" value="1">x</Type>\n',  # a namespace lxml will not look up
        '  <Type valuxmlns:p="u" p:a="2" value="1">x</Type>\n',  # a name lxml reads but will not write
        '  <Type value="1&#xD800;" xmlns:p="u" p:a="&#xD800;">x</Type>\n',
    ],
)
def test_recovered_values_lxml_would_refuse_are_read(head: str) -> None:
    data = _with_doctype(cbf(head, '  <Move value="77-47"/>\n'), '<!DOCTYPE ChineseChessRecord [<!ENTITY bad "x">]>\n')
    game, diags = _read_both(data)
    assert game is not None and "C101" in codes(diags)
    assert lines(game) == [["H2-E2"]]


def test_lone_surrogates_in_decoded_text_are_read_as_replacement_characters() -> None:
    """A source handed in as text (a handle that gives ``str``) may hold lone surrogates."""
    import io

    text = cbf("  <Red>吕钦</Red>\n").decode("utf-8").replace("吕", "吕\ud800")
    game, diags = read_cbf(io.StringIO(text))
    assert game is not None and "C101" in codes(diags)
    assert "\ud800" not in game.headers.get("Red", "")


# ---------------------------------------------------------------- 2. many schema errors cost linear time


@pytest.mark.parametrize("n", [2_000, 20_000])
@pytest.mark.parametrize("tag", ["Red", "Move", "ChineseChessRecord", "Unknown"])
def test_many_unknown_attributes_read_quickly(n: int, tag: str) -> None:
    attrs = " ".join(f'a{i}="x"' for i in range(n))
    head = f"  <{tag} {attrs}>吕钦</{tag}>\n" if tag in ("Red", "Unknown") else "  <Red>吕钦</Red>\n"
    data = cbf(head, '  <Move value="77-47"/>\n')
    if tag == "Move":
        data = data.replace(b'<Move value="77-47"', f'<Move value="77-47" {attrs}'.encode())
    elif tag == "ChineseChessRecord":
        data = data.replace(b'Version="1.0"', f'Version="1.0" {attrs}'.encode())
    xqformats.read(data, format="cbf")  # warm up: load the schemas once
    seconds, game, diags = _timed(data)
    assert seconds < 2.0, f"{seconds:.1f} s for {n} attributes on {tag}"
    assert game is not None and lines(game) == [["H2-E2"]]
    assert "G106" not in codes(xqformats.read(data, format="cbf").diagnostics)
    schema = [d for d in diags if d.code.startswith("C2")]
    assert schema and all(d.line for d in schema)
    if tag != "Unknown":
        assert any("a0" in d.message for d in schema)
        # Bounded output: the first errors explained, one diagnostic counting the rest.
        assert len(schema) <= 101
        assert "more" in schema[-1].message


def test_many_elements_with_schema_errors_read_quickly() -> None:
    moves = "".join(f'  <Move value="77-47" nid="0" bad="{i}"/>\n' for i in range(5_000))
    data = cbf("", moves)
    xqformats.read(data, format="cbf")
    seconds, game, diags = _timed(data)
    assert seconds < 2.0
    assert game is not None
    assert len([d for d in diags if d.code.startswith("C2")]) <= 101


@pytest.mark.parametrize("where", ["Head", "MoveList"])
def test_many_unknown_elements_read_quickly(where: str) -> None:
    unknown = "".join(f"<X{i}/>" for i in range(20_000))
    move = '<Move value="77-47"/>'
    data = cbf(unknown, move) if where == "Head" else cbf("", unknown + move)
    xqformats.read(data, format="cbf")
    seconds, game, diags = _timed(data)
    assert seconds < 1.0  # milliseconds; 1.8 s when xmlschema explained them
    assert game is not None and lines(game) == [["H2-E2"]]
    schema = [d for d in diags if d.code.startswith("C2")]
    assert 1 <= len(schema) <= 101 and all(d.line for d in schema)


def test_a_few_schema_errors_are_all_explained() -> None:
    attrs = " ".join(f'a{i}="x"' for i in range(20))
    game, diags = _read_both(cbf(f"  <Red {attrs}>吕钦</Red>\n"))
    assert [d.message for d in diags if d.code == "C202"] == [
        f"Unknown attribute `a{i}` on `Red` at `/ChineseChessRecord/Head/Red`" for i in range(20)
    ]


# ---------------------------------------------------------------- 3. entities are never read as data

_DOCTYPE = '<!DOCTYPE ChineseChessRecord [<!ENTITY a "77-47"><!ENTITY who "吕钦">]>\n'


def _with_doctype(data: bytes, doctype: str = _DOCTYPE) -> bytes:
    return data.replace(b"<ChineseChessRecord", doctype.encode() + b"<ChineseChessRecord", 1)


def test_internal_entity_in_an_attribute_value_is_not_expanded() -> None:
    data = _with_doctype(cbf("", '  <Move value="&a;"/>\n'))
    game, diags = _read_both(data)
    assert game is not None
    assert lines(game) == [[]]
    c103 = [d for d in diags if d.code == "C103"]
    assert len(c103) == 1
    assert (c103[0].line, c103[0].column, c103[0].end_column) == (8, 16, 19)
    assert "C102" in codes(diags)


def test_internal_entity_inside_an_attribute_value_keeps_the_rest() -> None:
    data = _with_doctype(cbf('  <Type value="1">实战</Type>\n', '  <Move value="77-47" nid="1&a;"/>\n'))
    data = data.replace(b'<Type value="1">', b'<Type value="&lt;&#x41;&a;&amp;">')
    game, diags = _read_both(data)
    assert game is not None
    assert game.headers["Type"] == "<A&"
    assert codes(diags).count("C103") == 2
    assert "77-47" not in game.headers["Type"]
    # nid "1" with the entity removed is read as nid 1.
    assert lines(game) == [["H2-E2"]]


def test_entity_and_surrogate_reference_in_one_attribute_value() -> None:
    data = _with_doctype(cbf("", '  <Move value="&a;&#xD800;"/>\n  <Move value="77-47" nid="1&a;&#xD800;"/>\n'))
    game, diags = _read_both(data)
    assert game is not None and {"C101", "C103"} <= set(codes(diags))
    assert all(line == [] for line in lines(game))


def test_entity_in_an_attribute_of_a_malformed_document_is_not_expanded() -> None:
    data = _with_doctype(cbf("  <Red>x</Black>\n", '  <Move value="&a;"/>\n'))
    game, diags = _read_both(data)
    assert game is not None and "C101" in codes(diags) and "C103" in codes(diags)
    assert all(line == [] for line in lines(game))


def test_attribute_default_from_the_internal_subset_is_not_applied() -> None:
    data = _with_doctype(cbf("", "  <Move/>\n"), '<!DOCTYPE ChineseChessRecord [<!ATTLIST Move value CDATA "77-47">]>\n')
    game, diags = _read_both(data)
    assert game is not None and "C102" in codes(diags)
    assert lines(game) == [[]]


def test_entity_in_text_is_reported_and_not_expanded() -> None:
    game, diags = _read_both(_with_doctype(cbf("  <Red>&who;</Red>\n")))
    assert codes(diags) == ["C102", "C103"]
    assert "Red" not in game.headers


def _laughs(where: str) -> bytes:
    lol = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    doctype = f'<!DOCTYPE ChineseChessRecord [<!ENTITY l0 "lol">{lol}]>\n'
    if where == "text":
        return _with_doctype(cbf("  <Red>&l9;</Red>\n"), doctype)
    return _with_doctype(cbf("", '  <Move value="&l9;"/>\n'), doctype)


def _quadratic(where: str) -> bytes:
    big = "x" * 100_000
    refs = "&big;" * 20_000
    doctype = f'<!DOCTYPE ChineseChessRecord [<!ENTITY big "{big}">]>\n'
    if where == "text":
        return _with_doctype(cbf(f"  <Red>{refs}</Red>\n"), doctype)
    return _with_doctype(cbf("", f'  <Move value="{refs}"/>\n'), doctype)


@pytest.mark.parametrize("where", ["text", "attribute"])
@pytest.mark.parametrize("make", [_laughs, _quadratic], ids=["billion-laughs", "quadratic"])
def test_entity_amplification_is_stopped(make, where: str) -> None:  # type: ignore[no-untyped-def]
    data = make(where)
    seconds, game, diags = _timed(data)
    assert seconds < 2.0
    assert "C102" in codes(diags) and set(codes(diags)) & {"C101", "C103"}
    assert "G106" not in codes(xqformats.read(data, format="cbf").diagnostics)
    if game is not None:
        assert all("lol" not in v and "xxx" not in v for v in game.headers.values())
        assert all(line == [] for line in lines(game))


def test_parameter_entity_is_not_followed(tmp_path: Path) -> None:
    secret = tmp_path / "evil.dtd"
    secret.write_text('<!ENTITY leak "TOP SECRET">')
    doctype = f'<!DOCTYPE ChineseChessRecord [<!ENTITY % ext SYSTEM "{secret.as_uri()}"> %ext;]>\n'
    data = _with_doctype(cbf("  <Red>&leak;</Red>\n", '  <Move value="&leak;"/>\n'), doctype)
    game, diags = _read_both(data)
    assert "C102" in codes(diags)
    assert game is None or all("SECRET" not in v for v in game.headers.values())


def test_external_entity_in_text_and_attribute_is_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("77-47")
    doctype = f'<!DOCTYPE ChineseChessRecord [<!ENTITY s SYSTEM "{secret.as_uri()}">]>\n'
    data = _with_doctype(cbf("  <Red>&s;</Red>\n", '  <Move value="&s;"/>\n'), doctype)
    game, diags = _read_both(data)
    assert "C102" in codes(diags)
    assert game is not None and "Red" not in game.headers
    assert all(line == [] for line in lines(game))


def test_xinclude_is_not_processed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    include = f'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="{secret.as_uri()}" parse="text"/>'
    data = cbf(f"  <Red>{include}</Red>\n", f'  <Move value="77-47">{include}</Move>\n')
    game, diags = _read_both(data)
    assert game is not None and "SECRET" not in repr(game.headers)
    assert all("SECRET" not in c for node in game.nodes() for c in (*node.comments_before, *node.comments))
    assert diags  # the unknown elements break the schema


# ---------------------------------------------------------------- found by the fuzzing harness


def test_a_bad_board_value_is_explained_in_linear_time() -> None:
    # xmlschema backtracked exponentially on the Board pattern's ambiguous runs
    # (`[1-9][0-9]?`): 70 characters took 17 s, each further `B118` three times more.
    data = b'<ChineseChessRecord><Head><Board value="' + b"B118" * 16 + b'r"/></Head><MoveList/></ChineseChessRecord>'
    seconds, _, diags = _timed(data)
    assert seconds < 5.0 and "C301" in codes(diags)


def test_the_board_pattern_is_the_draft_s_language() -> None:
    # The XSD's unambiguous runs (`[1-9]0?`) accept exactly the strings the
    # ambiguous form (`[1-9][0-9]?`) does: checked on every string of up to six
    # characters over the alphabet that matters, and on random longer ones.
    import itertools
    import random
    import re

    ambiguous = re.compile(r"(([JMXSWPBjmxswpb]|[1-9][0-9]?)+-[rb][1-9][0-9]*(-.*)?)?\Z", re.S)
    xsd = (Path(__file__).resolve().parent.parent / "schemas" / "cbf.xsd").read_text(encoding="utf-8")
    pattern = re.search(r'<xs:pattern value="(\(\(\[JMXSWPB[^"]*)"', xsd)
    assert pattern is not None
    shipped = re.compile(pattern.group(1) + r"\Z", re.S)
    alphabet = "J10298-rbx"
    strings = ["".join(t) for n in range(7) for t in itertools.product(alphabet, repeat=n)]
    rng = random.Random(7)
    strings += ["".join(rng.choice(alphabet) for _ in range(rng.randint(7, 20))) for _ in range(20_000)]
    assert all(bool(ambiguous.match(s)) == bool(shipped.match(s)) for s in strings)


def test_a_broken_document_of_many_lines_is_located_in_linear_time() -> None:
    # The element locator searched to the end of the text for each element it
    # could not find: 6,000 lines of `<a=/>` took about 10 s, four times that
    # for twice the lines.  Now each search stops at the element's line.
    data = b"<r>\n" + b"<a=/>\n" * 12_000 + b"</r>"
    seconds, _, diags = _timed(data)
    assert seconds < 5.0 and "C101" in codes(diags)


def test_elements_recovery_makes_on_one_line_are_located_in_linear_time() -> None:
    # `<TimeRule<TimeRule…` on one line: libxml2's recovery makes an element of each, none written
    # as a start tag (`<` follows each name). The locator scanned the rest of the line for each:
    # 5,000 of them took 1.2 s, four times that for twice as many (issue 28, read:cbf in
    # cbf/locate.py). Now the start tags are indexed in one pass and each element is a lookup.
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/"
    data = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0"><Head><FEN>{fen}'
        + "<TimeRule" * 10_000
        + '</FEN></Head><MoveList><Move value="00-00"/><Move value="79-67"/></MoveList></ChineseChessRecord>\n'
    ).encode()
    seconds, game, diags = _timed(data)
    assert seconds < 3.0
    assert game is not None and "C101" in codes(diags)


def test_an_element_with_a_long_chinese_name_is_reported_with_its_whole_path() -> None:
    # libxml2 cuts the path it writes for lxml's getpath at a fixed size, here inside a character:
    # lxml raised UnicodeDecodeError, the front door's G106 (found by the fuzzing harness).
    name = "x" + "多" * 300
    data = f'<ChineseChessRecord><Head/><MoveList><Move value="00-00"/><{name}/></MoveList></ChineseChessRecord>'.encode()
    _, diags = _read_both(data)
    (c201,) = [d for d in diags if d.code == "C201"]
    assert c201.message == f"Unexpected element `{name}` at `/ChineseChessRecord/MoveList/{name}`"
    assert (c201.line, c201.column) == (1, 59)
