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


# ---------------------------------------------------------------- 1. character references to surrogates

_SURROGATE_REFS = ["&#xD800;", "&#55296;", "&#xDFFF;", "&#xdbff;&#xdc00;"]


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


def test_lone_surrogates_in_decoded_text_are_read_as_replacement_characters() -> None:
    """A source handed in as text (a handle that gives ``str``) may hold lone surrogates."""
    import io

    text = cbf("  <Red>吕钦</Red>\n").decode("utf-8").replace("吕", "吕\ud800")
    game, diags = read_cbf(io.StringIO(text))
    assert game is not None and "C101" in codes(diags)
    assert "\ud800" not in game.headers.get("Red", "")

