"""The one loss report (xqformats.losses): declarations, and what each format names of a game.

The expected sentences are worked out by hand from the formats' specs (the
clause is named beside each), not taken from the code: a game holding one of
every kind of content is written to each format, and each format must name
exactly what its spec says it cannot hold, once, in its declared order.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from strategies import games
from test_model import mv
from xqformats.core import square
from xqformats import formats
from xqformats.losses import Before, Blank, Carries, Fate, Loss, Lost, comment_changes, report
from xqformats.model import Game, Headers
from xqformats.position import Position

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_kind() -> Game:
    """A game from the initial position holding one of each kind of content a format may lose.

    Headers: ``Event`` with a line break, ``Red`` of 20 GBK bytes, an empty
    ``Black``, a ``Result`` tag other than the result, ``Opening``,
    ``Annotator``, an unknown ``Format``.  Tree::

        {开局 } 1. h2e2 $1 $13 {a{b}} {c*/d}  ({前} 1. h0g2 {})  1. ... h9g7 {x\\r\\ny}  2. b0c2 {[DhtmlXQ_x] \\x01}
    """
    game = Game(
        Headers(
            [
                ("Game", "Chinese Chess"),
                ("Event", "Cup\n2004"),
                ("Red", "甲" * 10),
                ("Black", ""),
                ("Result", "0-1"),
                ("Opening", "中炮"),
                ("Annotator", "王"),
                ("Format", "zh"),
            ]
        ),
        result="1-0",
    )
    game.root.comments.append("开局 ")
    m1 = game.root.add_variation(mv("h2e2"), nags=[1, 13], comments=["a{b}", "c*/d"])
    game.root.add_variation(mv("h0g2"), comments_before=["前"], comments=[""])
    m2 = m1.add_variation(mv("h9g7"), comments=["x\r\ny"])
    m2.add_variation(mv("b0c2"), comments=["[DhtmlXQ_x] \x01"])
    return game


# What each format cannot hold of every_kind(), by its spec.
EXPECTED = {
    # docs/spec/pgn.md §3 (a tag is one line; Format names the notation written), §5.5 (no brace in a comment).
    "pgn": [
        "line breaks in tag `Event` cannot be written in PGN (a tag is one line); written as spaces",
        "tag `Format` `zh` written as `Chinese`",
        "1 comment with `{` or `}`, which a PGN comment cannot hold; written as `｛` `｝`",
    ],
    # docs/spec/cbf.md §8.1 (no element for Opening; the result is RecordResult; NAGs; XML's characters),
    # §8.2 (one stripped text a move, none before it).  h0g2 is `79-67`, h2e2 `77-47`, b0c2 `19-27` (§5.1).
    "cbf": [
        "tags `Opening`, `Result` have no place in CBF; not written",
        "empty tag `Black` not kept (an empty CBF element reads as no tag)",
        "2 NAGs ($1, $2, …) cannot be written in CBF; not written",
        (
            "white space around a comment dropped (CBF comments are read stripped; a blank comment is none): "
            "the comment before the first move; the comment on ply 1 (`79-67`)"
        ),
        "several comments joined into one by line ends (a CBF move holds one text): the comment on ply 1 (`77-47`)",
        "a comment before a move written after it (CBF has no comment before a move): the comment on ply 1 (`79-67`)",
        "1 character XML cannot hold written as U+FFFD (U+0001 in the comment on ply 3 (`19-27`))",
    ],
    # docs/spec/xqf.md §2.6 (the fields: Red holds 15 bytes, no Opening), §5.2 (no NAGs, one comment
    # a move, none before it); a carriage return reads back as a line break (§4.3).
    "xqf": [
        "tag(s) `Opening`, `Result` have no field in XQF; not written",
        "empty tag(s) `Black` not kept (an empty field reads as no tag)",
        "tag(s) `Red` cut at their field's size (15 or 63 GBK bytes)",
        "2 NAGs ($1, $2, …) cannot be written in XQF; not written",
        "several comments of 2 moves joined into one by line breaks (an XQF move holds one comment)",
        "1 comment before a move written after it (XQF has no comment before a move)",
        "carriage returns in 1 comment read back as line breaks",
    ],
    # docs/spec/dhtmlxq.md §6.1 (no tag for Annotator; Opening is `open`), §7.1 (no NAGs, no comment
    # before a move, one comment a move, `[DhtmlXQ` in a text, `||` for a line break).
    "dhtmlxq": [
        "headers `Annotator`, `Result` have no place in DhtmlXQ; not written",
        "2 NAGs cannot be written in DhtmlXQ; not written",
        "1 comment before a move cannot be written in DhtmlXQ (a comment follows its move); not written",
        "several comments on one move joined by line breaks (1 move)",
        "`[DhtmlXQ` inside a comment or header written as `［DhtmlXQ` (it would open a block)",
        "`|` next to a line break, `||` or a carriage return in a comment does not read back as written (`||` is a line break)",
        "empty comments are not written",
    ],
    # docs/spec/wxfgame.md §2.2 (the keywords), §4.1 (the main line; one annotation a move; `*/` in a
    # comment).  The comment before h0g2 and its empty comment are in the variation, named as lost.
    "wxfgame": [
        "headers `Opening`, `Annotator`, `Result` have no line in a WXF game file; not written",
        "empty header `Black` not kept (an empty header line reads as none)",
        "line breaks and surrounding blanks in `Event` cannot be written (a header is one line)",
        "1 variation cannot be written (a WXF game file holds the main line); not written",
        "1 NAG beyond one annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`) per move cannot be written",
        "`*/` inside a comment written as `* /` (it would end the comment)",
    ],
    # docs/spec/json.md §2: the form holds all the model holds.
    "json": [],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_format_names_exactly_what_its_spec_says_it_cannot_hold(name: str) -> None:
    assert formats.losses(every_kind(), name) == EXPECTED[name]


def test_the_report_does_not_change_the_game() -> None:
    game = every_kind()
    for name in EXPECTED:
        formats.losses(game, name)
    assert game == every_kind()


def test_pgn_names_its_losses_in_each_notation() -> None:
    # A SAN game writes no Format tag (WinBoard's), so the unknown value is no loss there.
    assert formats.losses(every_kind(), "pgn", notation="wxf")[1] == "tag `Format` `zh` written as `WXF`"
    assert "tag `Format` `zh` written as `Chinese`" not in formats.losses(every_kind(), "pgn", notation="san")


# ---------------------------------------------------------------- the start
def test_start_losses() -> None:
    # Three red advisors (two slots: XQF §2.3, DhtmlXQ §3.1), Black to move, move 7 and a clock of 3.
    start = Position("4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 3 7")
    start.set_piece(square(5, 0), "A")  # f0: a third advisor (no FEN holds one)
    game = Game(Headers({"FEN": "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"}), start=start)
    assert formats.losses(game, "xqf") == [
        "the start position's move number and halfmove clock (['3', '7']) have no place; read back as 0 1",
        "1 piece of the start position beyond XQF's 16 slots per side; not written",
        "the `FEN` tag is not written; the start position is (and reads back as its normalised FEN)",
    ]
    assert formats.losses(game, "dhtmlxq") == [
        "pieces beyond the 16 a side `binit` has slots for cannot be written; left off the board",
        "Black to move cannot be written without a move (DhtmlXQ gives the side by the first move); read back as Red to move",
        "the move number 7 and half-move clock 3 of the start cannot be written; read back as 1 and 0",
    ]
    # WXF §4.1: a start other than the initial position writes no move (none here).
    assert formats.losses(game, "wxfgame") == [
        "header `FEN` has no line in a WXF game file; not written",
        "a start other than the initial position (4k4/9/9/9/9/9/9/9/4A4/3AKA3 b - - 3 7) cannot be written; the 0 moves are not written",
    ]


def test_a_start_wxf_cannot_write_names_its_moves_variations_included_and_nothing_else_of_them() -> None:
    game = Game(start=Position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 2"))
    game.root.add_variation(mv("h2e2"), nags=[13], comments_before=["x"])
    game.root.add_variation(mv("b2e2"))
    assert formats.losses(game, "wxfgame") == [
        (
            "a start other than the initial position (rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 2)"
            " cannot be written; the 2 moves are not written"
        ),
    ]


# ---------------------------------------------------------------- declarations
def test_a_declaration_must_name_every_loss_its_capacities_imply() -> None:
    with pytest.raises(ValueError, match="NAGS"):
        Carries(nags=(frozenset(), 0))
    with pytest.raises(ValueError, match="BEFORE_DROPPED, VARIATIONS"):
        Carries(variations=False, before=Before.DROPPED)
    Carries(nags=(frozenset(), 0), losses=(Lost(Loss.NAGS, "{n} NAG{s} lost"),))


def test_a_format_that_holds_everything_names_nothing_and_walks_nothing() -> None:
    class NoGame:  # not even a game: report() must not look at it
        pass

    assert report(NoGame(), Carries()) == []  # type: ignore[arg-type]


def test_the_sentence_fields() -> None:
    carries = Carries(
        losses=(
            Lost(Loss.NO_PLACE, "{n}: {names} {have} no place (header{s})"),
            Lost(Loss.VALUE, "`{name}` `{value}`"),
            Lost(Loss.NAGS, "{n} NAG{s}"),
        ),
        headers=lambda game: lambda name, value: Fate.VALUE if name == "V" else Fate.NO_PLACE,
        nags=(frozenset({1}), 1),
    )
    game = Game(Headers([("A", "1"), ("V", "x"), ("B", "2")]))
    game.root.add_variation(mv("h2e2"), nags=[1, 1, 2])  # one $1 kept: two lost
    assert report(game, carries) == ["2: `A`, `B` have no place (headers)", "`V` `x`", "2 NAGs"]
    assert report(Game(Headers({"A": "1"})), carries) == ["1: `A` has no place (header)"]


def test_names_in_a_declared_order_first() -> None:
    carries = Carries(losses=(Lost(Loss.CUT, "{names}", order=("Z", "Y")),), headers=lambda game: lambda n, v: Fate.CUT)
    assert report(Game(Headers([("A", ""), ("Y", ""), ("B", ""), ("Z", "")])), carries) == ["`Z`, `Y`, `A`, `B`"]


def test_a_result_tag_other_than_the_result_is_named_last() -> None:
    carries = Carries(losses=(Lost(Loss.NO_PLACE, "{names}"),), result_tag=False, headers=lambda g: lambda n, v: Fate.OTHERWISE if n == "Result" else Fate.NO_PLACE)
    assert report(Game(Headers([("Result", "0-1"), ("A", "1")]), result="1-0"), carries) == ["`A`, `Result`"]
    assert report(Game(Headers([("Result", "1-0")]), result="1-0"), carries) == []


@pytest.mark.parametrize(
    ("parts", "before", "room", "blank", "expected"),
    [
        (["a"], 0, 1, Blank.STRIPPED, []),
        ([" a"], 0, 1, Blank.STRIPPED, [Loss.STRIPPED]),
        ([""], 0, 1, Blank.STRIPPED, [Loss.STRIPPED]),
        ([" ", "a", "b"], 1, 1, Blank.STRIPPED, [Loss.STRIPPED, Loss.JOINED]),  # the blank one before is none
        (["a", "b"], 1, 1, Blank.STRIPPED, [Loss.JOINED, Loss.BEFORE_MOVED]),
        (["a", "b"], 0, 2, Blank.STRIPPED, []),
        (["", "b"], 1, 1, Blank.KEPT, [Loss.JOINED, Loss.BEFORE_MOVED]),  # kept: the empty one counts
        (["", "b"], 0, 1, Blank.DROPPED, []),  # dropped: one comment left
        (["a", "b"], 0, None, Blank.KEPT, []),
    ],
)
def test_comment_changes(parts: list[str], before: int, room: int, blank: Blank, expected: list[Loss]) -> None:
    assert comment_changes(parts, before, room, blank, True) == expected


# ---------------------------------------------------------------- nothing dropped in silence
#: Headers that are no content of their own: PGN's (Game, Format) and the start's (FEN; readers set it from the start).
_NOT_CONTENT = ("Game", "Format", "FEN")


@SETTINGS
@given(games(max_moves=12))
def test_a_game_whose_report_is_empty_comes_back_the_same(game: Game) -> None:
    # Whatever a format does not name, it keeps: written and read back, the game is the same.
    for name in ("xqf", "dhtmlxq", "cbf", "wxfgame", "json"):
        if formats.losses(game, name):
            continue
        back = formats.read(formats.write([game], name), format=name).games
        assert len(back) == 1, name
        got = back[0]
        assert got.root.same_content(game.root) and got.result == game.result, name
        assert got.start.fen() == game.start.fen(), name
        content = {k: v for k, v in game.headers.items() if k not in _NOT_CONTENT}
        assert {k: v for k, v in got.headers.items() if k not in _NOT_CONTENT} == content, name
