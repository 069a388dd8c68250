"""Hypothesis properties of the CBF reader and writer.

* random games with random variations, comments and headers survive
  write → read unchanged (model equality), and every written document is valid
  against ``schemas/cbf.xsd`` (both validators);
* games whose headers and comments hold *any* text (controls, lone surrogates,
  U+FFFE …) are written without raising, validate, and read back as the game
  with exactly the characters :func:`replaced_characters` names turned into
  U+FFFD (and the documented comment folding);
* any bytes, and any mangling of a valid document, never make the reader
  raise; a game read without errors can be written again;
* Board strings and move values encode and decode to the same thing.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from cbf_helpers import schema_valid
from strategies import grow, playout
from xqformats.cbf import read_cbf, replaced_characters, write_cbf
from xqformats.cbf.board import decode_board, decode_move_value, encode_board, encode_move_value
from xqformats.cbf.schema import xmlschema_schema
from xqformats.core import Move
from xqformats.diagnostics import Severity
from xqformats.model import RESULTS, Game, Headers, Node
from xqformats.position import STARTING_FEN, Position

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Header names the reader produces for text elements (mapping.TABLE).
TEXT_HEADERS = [
    "Name", "URL", "From", "ContestType", "Event", "Round", "Group", "Table", "Date", "Site",
    "TimeRule", "Red", "RedTeam", "RedTime", "RedElo", "Black", "BlackTeam", "BlackTime",
    "BlackElo", "Referee", "Recorder", "Annotator", "CommentatorURL", "Creator", "CreatorURL",
    "DateCreated", "DateModified", "RecordKind", "ResultType",
]  # fmt: skip

_chars = st.characters(exclude_categories=("Cs", "Cc", "Cn")) | st.sampled_from(
    ["\n", "\t", "\r", "<", "&", "炮", "\u3000", "😀", "'", '"']
)
_pieces = st.text(_chars, max_size=6) | st.sampled_from(["]]>", "\r\n", "&amp;", "<![CDATA[", "]]"])
texts = st.lists(_pieces, min_size=1, max_size=4).map("".join).filter(bool)
comments = texts.map(str.strip).filter(bool)


@st.composite
def games(draw, texts=texts, comments=comments, before=None) -> Game:  # type: ignore[no-untyped-def]
    """A random game; ``texts`` for header values, ``comments`` after moves, ``before`` for comments_before."""
    start = playout(draw, Position(STARTING_FEN), draw(st.integers(0, 12)))
    headers: dict[str, str] = {}
    for name in draw(st.lists(st.sampled_from(TEXT_HEADERS), unique=True, max_size=8)):
        headers[name] = draw(texts)
    if "Event" in headers and draw(st.booleans()):
        headers["Contest"] = draw(texts)
    if draw(st.booleans()):
        headers["ECCO"] = draw(st.from_regex(r"[A-E][0-9][0-9]", fullmatch=True))
    if draw(st.booleans()):
        headers["RecordType"] = draw(st.from_regex(r"[0-9]{1,3}", fullmatch=True))
    if draw(st.booleans()):
        headers["Type"] = draw(st.sampled_from("01234"))
        if draw(st.booleans()):
            headers["TypeText"] = draw(texts)
    if draw(st.booleans()):
        headers["ResultText"] = draw(texts)
    if start.fen() != STARTING_FEN:
        headers["FEN"] = start.fen()
    game = Game(Headers(headers), start=start, result=draw(st.sampled_from(RESULTS)))
    game.root.comments.extend(draw(st.lists(comments, max_size=2)))
    for _, child in grow(draw, game, 40):
        if draw(st.integers(0, 3)) == 0:
            child.comments.append(draw(comments))
        if before is not None and draw(st.integers(0, 3)) == 0:
            child.comments_before.append(draw(before))
    return game


@SETTINGS
@given(games(), st.sampled_from(["utf-8", "gbk"]))
def test_random_games_round_trip_and_validate(game: Game, encoding: str) -> None:
    data = write_cbf(game, encoding=encoding)
    assert schema_valid(data)
    back, diags = read_cbf(data)
    assert diags == []
    assert back == game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_written_documents_satisfy_xmlschema_too(game: Game) -> None:
    tree = etree.fromstring(write_cbf(game)).getroottree()
    assert xmlschema_schema().is_valid(tree)


# Any code point, with the ones XML cannot hold (and whitespace) made likely.
_any_char = st.integers(0, 0x10FFFF).map(chr) | st.sampled_from(
    ["\x00", "\x01", "\x1b", "\x1c", "\x7f", "\ud800", "\udfff", "\ufffe", "\uffff", "\U0001fffe", "\r", "\n", " ", "]]>", "炮"]
)
any_text = st.lists(_any_char, max_size=8).map("".join)
#: XML 1.0 §2.2 ``Char``: what XML can hold (written independently of the writer's copy).
_BAD = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text: str) -> str:
    return _BAD.sub("\ufffd", text)


def _expected_after_cbf(game: Game, clean=_clean) -> Game:  # type: ignore[no-untyped-def]
    """``game`` as CBF gives it back (``docs/cbf.md``): characters XML cannot hold as
    U+FFFD, empty headers gone (a lone ``Contest`` then reads as ``Event``), comments stripped, ``comments_before`` and several
    comments folded into one per move, the third and later root comments joined
    to the second (the first goes to ``Head/Comment``)."""
    headers = {k: clean(v) for k, v in game.headers.items() if v}
    if "Contest" in headers and "Event" not in headers:  # the Contest element reads as Event (mapping table)
        headers["Event"] = headers.pop("Contest")
    out = Game(Headers(headers), start=game.start, result=game.result)
    root = [clean(c.strip()) for c in game.root.comments_before + game.root.comments if c.strip()]
    out.root.comments = root[:1] + (["\n".join(root[1:])] if len(root) > 1 else [])
    stack: list[tuple[Node, Node]] = [(game.root, out.root)]
    while stack:
        src, dst = stack.pop()
        for child in src.children:
            parts = [clean(c.strip()) for c in child.comments_before + child.comments if c.strip()]
            copy = dst.add_variation(child.move, comments=["\n".join(parts)] if parts else None)  # type: ignore[arg-type]
            stack.append((child, copy))
    return out


def _replacement_chars(game: Game) -> int:
    texts = list(game.headers.values()) + [c for n in game.root.walk() for c in n.comments_before + n.comments]
    return sum(t.count("\ufffd") for t in texts)


@SETTINGS
@given(games(texts=any_text, comments=any_text, before=any_text), st.sampled_from(["utf-8", "gbk"]))
def test_any_text_is_written_valid_and_read_back_with_replacements(game: Game, encoding: str) -> None:
    data = write_cbf(game, encoding=encoding)  # never raises
    assert schema_valid(data)
    back, diags = read_cbf(data)
    assert diags == []
    assert back == _expected_after_cbf(game)
    replaced = replaced_characters(game)
    assert all(_BAD.fullmatch(r.character) for r in replaced)
    # Exactly one listed character per U+FFFD the writer introduced.
    unchanged = _expected_after_cbf(game, clean=lambda t: t)
    assert len(replaced) == _replacement_chars(back) - _replacement_chars(unchanged)


@SETTINGS
@given(st.binary(max_size=3000))
def test_any_bytes_never_raise(data: bytes) -> None:
    game, diags = read_cbf(data)
    assert game is None or isinstance(game, Game)
    assert all(d.code[0] in "CFE" for d in diags)


_BASE = write_cbf(
    read_cbf(
        b'<?xml version="1.0" encoding="UTF-8"?><ChineseChessRecord Version="1.0"><Head><Red>r</Red>'
        b'<FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>'
        b'<MoveList><Move value="00-00"><![CDATA[c]]></Move><Move nid="1" value="77-47"/>'
        b'<Move nid="2" value="70-62"/><Move nid="1" value="79-67"/></MoveList></ChineseChessRecord>'
    )[0]
)


@st.composite
def mangled(draw) -> bytes:  # type: ignore[no-untyped-def]
    data = bytearray(_BASE)
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.integers(0, len(data)))
        kind = draw(st.integers(0, 2))
        if kind == 0 and data:
            del data[i : i + draw(st.integers(1, 40))]
        elif kind == 1:
            data[i:i] = draw(st.binary(min_size=1, max_size=20) | st.sampled_from([b"<", b">", b"&x;", b'"', b"<!DOCTYPE a>", b"<Move/>", b"\xff"]))
        elif data:
            data[min(i, len(data) - 1)] = draw(st.integers(0, 255))
    return bytes(data)


@SETTINGS
@given(mangled())
def test_mangled_documents_never_raise_and_clean_games_can_be_written(data: bytes) -> None:
    game, diags = read_cbf(data)
    for d in diags:
        assert d.line is None or d.line >= 1
        assert d.column is None or d.column >= 1
    if game is not None and not any(d.severity is Severity.ERROR for d in diags):
        assert schema_valid(write_cbf(game))


@SETTINGS
@given(st.integers(0, 40), st.data())
def test_board_strings_round_trip(plies: int, data: st.DataObject) -> None:
    pos = playout(data.draw, Position(STARTING_FEN), plies)
    text = encode_board(pos)
    back, problems = decode_board(text)
    assert problems == [] or all(p.rule.code.startswith("F") for p in problems)
    assert back == pos and back.fullmove_number == pos.fullmove_number


def test_every_move_value_round_trips() -> None:
    for frm in range(90):
        for to in range(90):
            move = Move(frm, to)
            assert decode_move_value(encode_move_value(move)) == move
    assert encode_move_value(decode_move_value("77-47")) == "77-47"
    assert decode_move_value("77-47").iccs() == "H2-E2"  # docs/spec/cbf.md §5.1
    assert decode_move_value("10-22").iccs() == "B9-C7"
