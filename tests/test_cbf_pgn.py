"""CBF ↔ PGN parity: moves, variations, comments, headers (the mapping table) and the result.

Two hypothesis properties over random games with variations, comments,
``comments_before``, NAGs and the headers of ``docs/cbf.md``'s mapping table
(model names), plus PGN tags CBF has no element for:

* model → ``write_cbf`` → ``read_cbf`` = C → ``write_pgn`` → ``parse_pgn`` equals
  C exactly, but for what the PGN writer documents (``docs/pgn.md``: a brace in
  a comment is written fullwidth; ``Format`` names the notation written);
* model → ``write_pgn`` → ``parse_pgn`` = P → ``write_cbf`` → ``read_cbf`` equals
  the model normalised for exactly CBF's documented losses (``docs/cbf.md``):
  NAGs, ``comments_before`` and several comments folded into one per move,
  comments stripped, empty headers, headers CBF has no element for — and
  ``unwritten_headers(P)`` names exactly the headers lost, ``changed_comments(P)``
  exactly the nodes whose comments changed.

The expected games are built here from the documentation's table, not from
the writer's own mapping code.  Header values are one line: a PGN tag is one
line (docs/spec/pgn.md §3.4; 《中国象棋电脑PGN文件格式》 §二 "每个标签占一行").

Then the shipped samples (``corpus/xu-yinchuan-vs-nie-weiping-1999*``): what the
PGN and CBF versions share, and what differs and why.
"""

from __future__ import annotations

import re
from typing import Optional

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cbf_helpers import REPO, grow, lines, playout as _playout
from xqformats.cbf import read_cbf, unwritten_headers, write_cbf
from xqformats.cbf.writer import changed_comments
from xqformats.diagnostics import Severity
from xqformats.model import RESULTS, Game, Headers, Node
from xqformats.pgn import parse_pgn, write_pgn
from xqformats.position import STARTING_FEN, Position

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NOTATIONS = ("chinese", "wxf", "iccs")
FORMAT_TAG = {"wxf": "WXF", "iccs": "ICCS"}  # what write_pgn adds (docs/pgn.md § Writing)

#: Model header names with a CBF text element (docs/cbf.md mapping table, "model" column).
CBF_TEXT = frozenset(
    "Name URL From ContestType Event Round Group Table Date Site TimeRule Red RedTeam RedTime RedElo "
    "Black BlackTeam BlackTime BlackElo Referee Recorder Annotator CommentatorURL Creator CreatorURL "
    "DateCreated DateModified RecordKind ResultType".split()
)
#: PGN tags with no CBF element (docs/cbf.md: "PGN tags with no CBF element … are not written").
PGN_ONLY = ("Game", "Opening", "Variation", "TimeControl", "Termination", "Result", "Format")
TYPE_CODES = ("0", "1", "2", "3", "4")  # the draft's Type table

# ---------------------------------------------------------------- strategies

_chars = st.characters(exclude_categories=("Cs", "Cc", "Cn")) | st.sampled_from(
    ["\t", "<", "&", "炮", "\u3000", "😀", "'", '"', "\\", "{", "}", ";", "%", "(", ")", "]"]
)
_pieces = st.text(_chars, max_size=6) | st.sampled_from(["]]>", "&amp;", "<![CDATA[", "1. 炮二平五", "*", "$1"])
#: One-line text (header values); may be empty.
line_text = st.lists(_pieces, max_size=4).map("".join)
#: Comment text: also line breaks; may be blank (CBF then drops it).
comment_text = st.lists(_pieces | st.sampled_from(["\n", "\r\n", "\r", " "]), max_size=5).map("".join)


#: Optional headers with values drawn to test the mapping's edges (invalid codes too).
_OPTIONAL = (
    ("Contest", line_text),  # with or without Event
    ("ECCO", st.from_regex(r"[A-E][0-9][0-9]", fullmatch=True) | st.sampled_from(["b24", "A1", ""])),
    ("RecordType", st.from_regex(r"[0-9]{1,3}", fullmatch=True) | st.sampled_from(["x", "一"])),
    ("Type", st.sampled_from([*TYPE_CODES, "7", ""])),
    ("TypeText", line_text),
    ("ResultText", line_text),
)


def _headers(draw, result: str, start: Position) -> dict[str, str]:  # type: ignore[no-untyped-def]
    headers: dict[str, str] = {}
    for name in draw(st.lists(st.sampled_from(sorted(CBF_TEXT)), unique=True, max_size=8)):
        headers[name] = draw(line_text)
    for name, values in _OPTIONAL:
        if draw(st.booleans()):
            headers[name] = draw(values)
    for name in draw(st.lists(st.sampled_from(PGN_ONLY[:-2]), unique=True, max_size=3)):
        headers[name] = draw(line_text)
    if draw(st.booleans()):
        headers["Result"] = result
    if start.fen() != STARTING_FEN:
        headers["FEN"] = start.fen()
    return headers


@st.composite
def models(draw) -> Game:  # type: ignore[no-untyped-def]
    start = _playout(draw, Position(STARTING_FEN), draw(st.integers(0, 10)))
    result = draw(st.sampled_from(RESULTS))
    game = Game(Headers(_headers(draw, result, start)), start=start, result=result)
    game.root.comments.extend(draw(st.lists(comment_text, max_size=3)))
    for node, child in grow(draw, game, 30):
        child.comments.extend(draw(st.lists(comment_text, max_size=2)))
        child.nags.extend(draw(st.lists(st.integers(1, 20), max_size=2)))
        if len(node.children) > 1 and draw(st.booleans()):
            # Comments before a move belong at the start of a variation (model.Node).
            child.comments_before.append(draw(comment_text))
    return game


# ---------------------------------------------------------------- expected games


def _pgn_comment(text: str) -> str:
    """A comment as PGN carries it: braces written fullwidth (docs/pgn.md, Comments)."""
    return text.replace("{", "｛").replace("}", "｝")


def _after_pgn_writer(game: Game, notation: str) -> Game:
    """``game`` as ``write_pgn`` → ``parse_pgn`` gives it back (docs/pgn.md § Writing):
    braces in comments fullwidth, a ``Format`` tag naming WXF or ICCS, and the
    tags the spec requires: ``Game`` and ``Result`` when the game has none."""
    out = _with_pgn_comments(game)
    if notation in FORMAT_TAG:
        out.headers["Format"] = FORMAT_TAG[notation]
    if "Game" not in out.headers:
        out.headers["Game"] = "Chinese Chess"
    if "Result" not in out.headers:
        out.headers["Result"] = game.result
    return out


def _cbf_headers(headers: Headers, start: Position) -> tuple[dict[str, str], set[str]]:
    """The headers CBF gives back, and the names of the source headers it keeps.

    From ``docs/cbf.md``: an empty element is no header; text elements by the
    table; ``Contest`` reads as ``Event`` unless an ``Event`` is written too;
    ``ECCO`` and ``RecordType`` only in the schema's form; ``Type`` only a code
    of the table, ``TypeText`` with a valid code or none (then written with code
    0, which reads back as ``Type`` ``0``); ``ResultText`` always; ``FEN`` from the
    start; everything else has no element.
    """
    h = {k: v for k, v in headers.items() if v}
    out: dict[str, str] = {}
    kept: set[str] = set()
    type_code: Optional[str] = headers.get("Type")

    def keep(name: str, as_name: Optional[str] = None) -> None:
        out[as_name or name] = h[name]
        kept.add(name)

    for name, value in h.items():
        if name in CBF_TEXT or name == "ResultText":
            keep(name)
        elif name == "Contest":
            keep(name, "Contest" if "Event" in h else "Event")
        elif name == "ECCO" and re.fullmatch(r"[A-E][0-9][0-9]", value):
            keep(name)
        elif name == "RecordType" and re.fullmatch(r"[0-9]+", value):
            keep(name)
        elif name == "Type" and value in TYPE_CODES:
            keep(name)
        elif name == "TypeText" and (type_code is None or type_code in TYPE_CODES):
            keep(name)
            out.setdefault("Type", type_code or "0")
    out.pop("FEN", None)
    if start.fen() != STARTING_FEN:
        out["FEN"] = start.fen()
    return out, kept


def _fold(parts: list[str]) -> list[str]:
    return [p.strip() for p in parts if p.strip()]


def _after_cbf(game: Game) -> Game:
    """``game`` as CBF gives it back: CBF's documented losses, nothing else."""
    headers, _ = _cbf_headers(game.headers, game.start)
    out = Game(Headers(headers), start=game.start, result=game.result)
    root = _fold(game.root.comments_before + game.root.comments)
    # The first root comment goes to Head/Comment, the rest, joined, to the root move.
    out.root.comments = root[:1] + (["\n".join(root[1:])] if len(root) > 1 else [])

    def comments(node: Node) -> list[str]:
        parts = _fold(node.comments_before + node.comments)
        return ["\n".join(parts)] if parts else []

    stack = [(game.root, out.root)]
    while stack:  # no NAGs, no comments_before
        src, dst = stack.pop()
        for child in src.children:
            stack.append((child, dst.add_variation(child.move, comments=comments(child))))  # type: ignore[arg-type]
    return out


def _with_pgn_comments(game: Game) -> Game:
    """``game`` with every comment as PGN carries it (braces fullwidth)."""
    out = Game(game.headers.copy(), start=game.start, result=game.result)
    out.root.comments = [_pgn_comment(c) for c in game.root.comments]
    stack = [(game.root, out.root)]
    while stack:
        src, dst = stack.pop()
        for child in src.children:
            copy = dst.add_variation(
                child.move,  # type: ignore[arg-type]
                comments=[_pgn_comment(c) for c in child.comments],
                comments_before=[_pgn_comment(c) for c in child.comments_before],
                nags=list(child.nags),
            )
            stack.append((child, copy))
    return out


def _no_problems(diags) -> bool:  # type: ignore[no-untyped-def]
    return [d for d in diags if d.severity >= Severity.WARNING] == []


# ---------------------------------------------------------------- properties


@SETTINGS
@given(models(), st.sampled_from(NOTATIONS))
def test_cbf_to_pgn_keeps_everything_cbf_read(model: Game, notation: str) -> None:
    cbf_game, diags = read_cbf(write_cbf(model))
    assert diags == []
    assert cbf_game == _after_cbf(model)
    games, diags = parse_pgn(write_pgn(cbf_game, notation))
    assert _no_problems(diags)
    assert len(games) == 1
    assert games[0] == _after_pgn_writer(cbf_game, notation)


@SETTINGS
@given(models(), st.sampled_from(NOTATIONS))
def test_pgn_to_cbf_keeps_everything_but_the_documented_losses(model: Game, notation: str) -> None:
    games, diags = parse_pgn(write_pgn(model, notation))
    assert _no_problems(diags)
    (pgn_game,) = games
    back, diags = read_cbf(write_cbf(pgn_game))
    assert diags == []
    assert back == _after_cbf(_with_pgn_comments(model))
    # What a converter warns about is exactly what was lost.
    _, kept = _cbf_headers(pgn_game.headers, pgn_game.start)
    lost = {k for k, v in pgn_game.headers.items() if v and k != "FEN" and k not in kept}
    assert set(unwritten_headers(pgn_game)) == lost
    named = {id(c.node if c.node is not None else pgn_game.root) for c in changed_comments(pgn_game)}
    assert named == {id(a) for a, b in _pairs(pgn_game.root, back.root) if (a.comments_before, a.comments) != (b.comments_before, b.comments)}


def _pairs(a: Node, b: Node) -> list[tuple[Node, Node]]:
    """The nodes of two trees of the same moves, side by side."""
    out, stack = [], [(a, b)]
    while stack:
        x, y = stack.pop()
        out.append((x, y))
        stack.extend(zip(x.children, y.children))
    return out


# ---------------------------------------------------------------- the shipped samples

SAMPLES = REPO / "corpus"


def _pgn(name: str) -> Game:
    games, diags = parse_pgn((SAMPLES / name).read_bytes())
    assert diags == [] and len(games) == 1
    return games[0]


def _cbf(name: str) -> Game:
    game, diags = read_cbf(SAMPLES / name)
    assert diags == []
    return game  # type: ignore[return-value]


def _variations(game: Game) -> list[tuple[int, str]]:
    """(ply, ICCS) of every move that is not its parent's main continuation, by ply."""
    return sorted((n.ply(), n.move.iccs()) for n in game.nodes() if not n.is_main_variation())  # type: ignore[union-attr]


def test_sample_pgn_and_cbf_share_main_line_start_and_result() -> None:
    pgn = _pgn("xu-yinchuan-vs-nie-weiping-1999.pgn")
    cbf = _cbf("xu-yinchuan-vs-nie-weiping-1999.cbf")
    assert pgn.start == cbf.start and pgn.start.fullmove_number == cbf.start.fullmove_number
    assert pgn.mainline_moves() == cbf.mainline_moves() and len(pgn.mainline_moves()) == 75
    assert pgn.result == cbf.result == "1-0"
    # What differs, and why:
    # * the CBF holds the alternative 7… 炮2平3 (B7-C7 at ply 14) as a variation; the
    #   PGN (the spec's §四 game) only mentions it in the comment on 7… 炮2进7;
    assert _variations(pgn) == []
    assert _variations(cbf) == [(14, "B7-C7")]
    assert "此着如改走炮2平3" in list(pgn.mainline())[13].comments[0]
    # * the comments are different texts (the CBF's were written for the sample);
    assert cbf.root.comments == ["红方让去五兵、双仕、双相，执红先行。"]
    assert pgn.root.comments[0].startswith(" 评注：许银川")
    # * the headers: PGN's Game and Result tags have no CBF element (the result is
    #   RecordResult); the CBF's Name has no PGN tag; Contest reads as Event; the FEN
    #   is the same position, the PGN writing `r` for Red to move, the CBF reader
    #   giving Position.fen()'s `w`.
    assert dict(pgn.headers) == {
        "Game": "Chinese Chess", "Event": "许银川让九子对聂棋圣", "Site": "广州", "Date": "1999.12.09",
        "Red": "许银川", "Black": "聂卫平", "Result": "1-0",
        "FEN": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR r - - 0 1",
    }  # fmt: skip
    assert dict(cbf.headers) == {
        "Name": "许银川让九子对聂卫平", "Event": "许银川让九子对聂棋圣", "Date": "1999.12.09", "Site": "广州",
        "Red": "许银川", "Black": "聂卫平", "FEN": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1",
    }  # fmt: skip


def test_sample_variations_pgn_is_a_different_cut_of_the_draft_cbf_tree() -> None:
    pgn = _pgn("xu-yinchuan-vs-nie-weiping-1999-variations.pgn")
    cbf = _cbf("xu-yinchuan-vs-nie-weiping-1999.draft.cbf")
    assert pgn.start == cbf.start
    # Not the same tree: the PGN holds the first twelve moves (24 plies) only, with
    # three alternatives its commentary mentions; the CBF the whole game with one.
    pgn_lines, cbf_lines = lines(pgn), lines(cbf)
    assert pgn_lines[0] == cbf_lines[0][:24] and len(cbf_lines[0]) == 75
    # Shared: the alternative 7… 炮2平3 at ply 14, the same six moves in both.
    assert cbf_lines[1] in pgn_lines and len(cbf_lines[1]) == 19
    # Only in the PGN: 3. 马八进七 (ply 5) and 11… 炮1退4 (ply 22) with 12. 马八进六 inside it.
    assert _variations(pgn) == [(5, "B0-C2"), (14, "B7-C7"), (22, "A0-A4"), (23, "B4-D5")]
    assert _variations(cbf) == [(14, "B7-C7")]
    # Result: the PGN stops before the end (`*`); the CBF has the game's 1-0.
    assert (pgn.result, cbf.result) == ("*", "1-0")
    # NAGs ($1, $2) are PGN only.
    assert sorted((n.ply(), n.nags) for n in pgn.nodes() if n.nags) == [(23, [2]), (24, [1]), (24, [2])]
    assert not any(n.nags for n in cbf.nodes())
