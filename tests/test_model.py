"""The game model: headers, the move tree, navigation, editing, equality."""

from __future__ import annotations

import pytest

from xqformats.core import Move, square
from xqformats.diagnostics import Span
from xqformats.model import RESULTS, TAG_ROSTER, Game, Headers, Node
from xqformats.position import STARTING_FEN, Position


def mv(text: str) -> Move:
    """``"h2e2"`` -> Move(h2, e2)."""
    return Move(square("abcdefghi".index(text[0]), int(text[1])), square("abcdefghi".index(text[2]), int(text[3])))


# ---------------------------------------------------------------- headers
def test_headers_keep_insertion_order_and_values() -> None:
    h = Headers([("Red", "许银川"), ("Event", "第19届五羊杯"), ("Game", "Chinese Chess")])
    assert list(h) == ["Red", "Event", "Game"]
    assert (h["Red"], len(h), "Event" in h) == ("许银川", 3, True)
    h["Note"] = "line one\nline two"  # kept exactly; writers escape, linters flag
    assert h["Note"] == "line one\nline two"
    del h["Note"]
    assert "Note" not in h and h.get("Note") is None


def test_headers_standard_order() -> None:
    h = Headers({"Black": "b", "Zeta": "z", "FEN": "f", "Game": "Chinese Chess", "Alpha": "a", "Red": "r"})
    assert h.in_standard_order() == [
        ("Game", "Chinese Chess"),
        ("Red", "r"),
        ("Black", "b"),
        ("FEN", "f"),
        ("Zeta", "z"),
        ("Alpha", "a"),
    ]
    assert TAG_ROSTER[0] == "Game" and RESULTS == ("1-0", "0-1", "1/2-1/2", "*")


@pytest.mark.parametrize("name", ["", "Bad Name", "Tag]", '"Quoted"', "名字"])
def test_headers_reject_invalid_names(name: str) -> None:
    with pytest.raises(ValueError, match="Invalid tag name"):
        Headers()[name] = "x"


def test_headers_reject_non_string_values() -> None:
    with pytest.raises(TypeError, match="Tag value must be str, not int"):
        Headers()["Round"] = 3  # type: ignore[assignment]


def test_headers_from_any_mapping_and_copy() -> None:
    h = Headers({"Event": "e", "Red": "r"})
    again = Headers(h)  # a Headers is a mapping: its items, not its keys
    assert again == h and again is not h
    c = h.copy()
    c["Event"] = "changed"
    assert h["Event"] == "e"
    assert h == {"Event": "e", "Red": "r"}
    assert h != {"Event": "e"}
    assert (h == 3) is False


# ---------------------------------------------------------------- a small tree
def sample_game() -> Game:
    """1. h2e2 (1. b2e2) (1. h0g2 h9g7) h9g7 (1... b9c7) 2. h0g2 i9h9 -- with annotations."""
    g = Game(Headers({"Game": "Chinese Chess", "Red": "r", "Black": "b"}), result="1-0")
    a = g.root.add_variation(mv("h2e2"), comments=["central cannon"], nags=[1])
    g.root.add_variation(mv("b2e2"))
    alt = g.root.add_variation(mv("h0g2"), comments_before=["or the horse"])
    alt.add_variation(mv("h9g7"))
    b = a.add_variation(mv("h9g7"))
    a.add_variation(mv("b9c7"), nags=[6])
    b.add_line([mv("h0g2"), mv("i9h9")])
    return g


def test_navigation() -> None:
    g = sample_game()
    root = g.root
    assert root.move is None and root.ply() == 0 and root.is_mainline() and root.is_main_variation()
    assert [n.move for n in root.variations] == [mv("h2e2"), mv("b2e2"), mv("h0g2")]
    assert g.mainline_moves() == [mv("h2e2"), mv("h9g7"), mv("h0g2"), mv("i9h9")]
    assert [n.move for n in g.mainline()] == g.mainline_moves()
    assert g.ply_count() == 4
    end = root.end()
    assert end.move == mv("i9h9") and end.ply() == 4 and end.next() is None and end.root() is root
    assert end.moves_from_root() == g.mainline_moves()
    first = root.next()
    assert first is not None and first.move == mv("h2e2") and first.comments == ["central cannon"]
    side = root.variation(mv("h0g2"))
    assert side is not None and side.comments_before == ["or the horse"]
    assert not side.is_main_variation() and not side.is_mainline()
    reply = side.next()
    assert reply is not None and reply.is_main_variation() and not reply.is_mainline()
    assert root.variation(mv("a0a1")) is None
    assert [n.move for n in first.mainline()] == [mv("h9g7"), mv("h0g2"), mv("i9h9")]


def test_position_at_and_end_position() -> None:
    g = sample_game()
    after_two = g.root.next().next()  # type: ignore[union-attr]
    # By hand: cannon h2 -> e2, horse h9 -> g7; two quiet moves, move 2 to play.
    assert g.position_at(after_two).fen() == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    assert g.position_at(g.root).fen() == STARTING_FEN
    assert g.end_position().fen() == "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3"
    # Positions are replayed: the game's start is not touched.
    assert g.start.fen() == STARTING_FEN


def test_walk_is_preorder_main_line_first() -> None:
    g = sample_game()
    order = [n.move.uci() if n.move else "root" for n in g.root.walk()]
    assert order == ["root", "h2e2", "h9g7", "h0g2", "i9h9", "b9c7", "b2e2", "h0g2", "h9g7"]
    assert [n.move for n in g.nodes()] == [n.move for n in list(g.root.walk())[1:]]


def test_start_position_is_copied() -> None:
    pos = Position("3k5/9/9/9/9/9/9/9/9/3RK4 b - - 3 40")
    g = Game(start=pos)
    pos.set_piece(0, "R")
    assert g.start.fen() == "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 3 40"
    assert Game.from_moves([mv("h2e2"), mv("h9g7")]).mainline_moves() == [mv("h2e2"), mv("h9g7")]


def test_default_start_is_a_fresh_initial_position() -> None:
    a, b = Game(), Game()
    assert a.start == Position(STARTING_FEN) and a.start.fen() == STARTING_FEN
    a.start.set_piece(0, None)  # each game has its own copy
    assert b.start.fen() == STARTING_FEN == Game().start.fen()


def test_the_root_knows_its_game() -> None:
    g = Game()
    assert g.root.game is g and g.root.add_variation(mv("h2e2")).game is None
    other = Node()
    g.root = other
    assert other.game is g and g.root is other


# ---------------------------------------------------------------- editing
def test_add_variation_and_add_main_variation() -> None:
    root = Node()
    a = root.add_variation(mv("h2e2"))
    assert a.parent is root and root.children == [a] and a.is_main_variation()
    b = root.add_variation(mv("b2e2"), comments=["x"], nags=[2], span=Span(0, 4, 1, 1, 1, 5), text="炮八平五")
    assert root.children == [a, b] and (b.comments, b.nags, b.text) == (["x"], [2], "炮八平五")
    c = root.add_main_variation(mv("h0g2"))
    assert root.children == [c, a, b] and c.parent is root


def test_promote_demote_promote_to_main() -> None:
    root = Node()
    a, b, c = (root.add_variation(mv(m)) for m in ("h2e2", "b2e2", "h0g2"))
    root.promote(c)
    assert root.children == [a, c, b]
    root.promote(c)
    assert root.children == [c, a, b]
    root.promote(c)  # already first: no change
    assert root.children == [c, a, b]
    root.demote(c)
    assert root.children == [a, c, b]
    root.demote(b)  # already last: no change
    assert root.children == [a, c, b]
    root.promote_to_main(b)
    assert root.children == [b, a, c]
    root.promote_to_main(mv("h0g2"))  # by move as well as by node
    assert root.children == [c, b, a]
    root.demote(mv("h0g2"))
    assert root.children == [b, c, a]


def test_remove_variation() -> None:
    root = Node()
    a = root.add_variation(mv("h2e2"))
    a.add_line([mv("h9g7"), mv("h0g2")])
    b = root.add_variation(mv("b2e2"))
    root.remove_variation(a)
    assert root.children == [b] and a.parent is None
    assert b.is_main_variation()  # the next one becomes the main line
    root.remove_variation(mv("b2e2"))
    assert root.children == []
    with pytest.raises(ValueError):
        root.remove_variation(a)
    with pytest.raises(ValueError):
        root.promote(mv("a0a1"))


# ---------------------------------------------------------------- equality
def test_equal_games_ignore_spans_and_spellings() -> None:
    g1, g2 = sample_game(), sample_game()
    assert g1 == g2
    n = g2.root.next()
    assert n is not None
    n.span = Span(10, 14, 2, 3, 2, 7)
    n.text = "炮二平五"
    g2.span = Span(0, 99, 1, 1, 9, 1)
    g2.diagnostics.append(object())  # type: ignore[arg-type]
    assert g1 == g2


def _changed(edit: str) -> Game:
    g = sample_game()
    first = g.root.children[0]
    if edit == "comment":
        first.comments = ["central cannon!"]
    elif edit == "comment-before":
        g.root.children[2].comments_before = []
    elif edit == "nag":
        first.nags = [2]
    elif edit == "move":
        first.children[0].move = mv("b9c7")
    elif edit == "variation-order":
        g.root.demote(first)
    elif edit == "extra-variation":
        first.add_variation(mv("i9i8"))
    elif edit == "header":
        g.headers["Red"] = "someone else"
    elif edit == "extra-header":
        g.headers["Site"] = "广州"
    elif edit == "result":
        g.result = "1/2-1/2"
    elif edit == "start":
        g.start.turn = not g.start.turn
    elif edit == "move-number":
        g.start.fullmove_number = 5
    else:
        raise AssertionError(edit)
    return g


TREE_EDITS = ["comment", "comment-before", "nag", "move", "variation-order", "extra-variation"]
GAME_EDITS = ["header", "extra-header", "result", "start", "move-number"]


@pytest.mark.parametrize("edit", TREE_EDITS + GAME_EDITS)
def test_content_equality_notices_changes(edit: str) -> None:
    changed = _changed(edit)
    assert sample_game() != changed and changed != sample_game()
    # Tree edits show in the tree comparison; the others only in the game's.
    assert sample_game().root.same_content(changed.root) is (edit in GAME_EDITS)


def test_game_is_not_hashable() -> None:
    with pytest.raises(TypeError):
        hash(Game())
    assert (Game() == "game") is False


# ---------------------------------------------------------------- deep trees
CYCLE = [mv("h0g2"), mv("h9g7"), mv("g2h0"), mv("g7h9")]  # horses out and back: always legal
DEPTH = 10_000


def deep_game() -> Game:
    return Game.from_moves(CYCLE[i % 4] for i in range(DEPTH))


def test_deep_line_has_no_recursion() -> None:
    g1, g2 = deep_game(), deep_game()
    end = g1.root.end()
    assert end.ply() == DEPTH and g1.ply_count() == DEPTH
    assert sum(1 for _ in g1.root.walk()) == DEPTH + 1
    assert sum(1 for _ in g1.nodes()) == DEPTH
    assert len(end.moves_from_root()) == DEPTH and end.is_mainline()
    assert g1 == g2
    g2.root.end().comments.append("the end")
    assert g1 != g2
    # 2500 round trips of both horses: the start board, 10,000 quiet plies, move 5001.
    assert g1.end_position().fen() == STARTING_FEN.replace(" 0 1", " 10000 5001")
    assert "10000 plies" in repr(g1)
    del g1, g2  # freeing a 10,000-deep chain must not overflow the C stack either


def test_deep_variation_nesting() -> None:
    # Each node's *second* child continues: a 10,000-deep chain of side lines.
    g = Game()
    node = g.root
    for i in range(DEPTH):
        node.add_variation(mv("i0i1") if i % 2 == 0 else mv("i9i8"))  # a one-move main line
        node = node.add_variation(CYCLE[i % 4])
    assert sum(1 for _ in g.root.walk()) == 2 * DEPTH + 1
    assert node.ply() == DEPTH and not node.is_mainline()
    assert g == g and g.root.same_content(g.root)
    assert g.position_at(node).fen() == STARTING_FEN.replace(" 0 1", " 10000 5001")
