"""The one tree walk (xqformats.visitor): event order, SKIP, depth, positions, Node.board."""

from __future__ import annotations

from typing import Any, Optional

import pytest
from hypothesis import HealthCheck, given, settings

from strategies import games
from test_model import mv
from xqformats.cbf import write_cbf
from xqformats.cbf.writer import CbfWriter
from xqformats.core import Move
from xqformats.model import Game, Headers, Node
from xqformats.pgn import write_pgn
from xqformats.pgn.writer import PgnWriter
from xqformats.position import Position
from xqformats.visitor import SKIP, BaseVisitor, Order, SkipType, walk

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Recorder(BaseVisitor[list]):
    """Every event as a tuple; a move as its ICCS text with the ply it is played at."""

    def __init__(self, skip: tuple[str, ...] = (), skip_variations: int = -1) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.skip = skip
        self.variations = 0
        self.skip_variation = skip_variations  # the index of the variation to prune (in begin order)

    def begin_game(self) -> Optional[SkipType]:
        self.events.append(("begin_game",))
        return SKIP if "game" in self.skip else None

    def begin_headers(self) -> None:
        self.events.append(("begin_headers",))

    def visit_header(self, name: str, value: str) -> None:
        self.events.append(("header", name, value))

    def end_headers(self) -> Optional[SkipType]:
        self.events.append(("end_headers",))
        return SKIP if "moves" in self.skip else None

    def visit_start(self, position: Position) -> None:
        self.events.append(("start", position.fen()))

    def visit_comment(self, comment: str, before: bool) -> None:
        self.events.append(("comment", comment, "before" if before else "after"))

    def visit_move(self, position: Position, node: Node) -> None:
        assert node.move is not None
        self.events.append(("move", position.stack_depth + 1, node.move.iccs()))

    def visit_nag(self, nag: int) -> None:
        self.events.append(("nag", nag))

    def begin_variation(self) -> Optional[SkipType]:
        index = self.variations
        self.variations += 1
        self.events.append(("begin_variation",))
        return SKIP if index == self.skip_variation else None

    def end_variation(self) -> None:
        self.events.append(("end_variation",))

    def visit_result(self, result: str) -> None:
        self.events.append(("result", result))

    def end_game(self) -> None:
        self.events.append(("end_game",))

    def result(self) -> list:
        return self.events


START = Position.initial().fen()


def small_game() -> Game:
    """``{open} 1. 炮二平五 $1 {a} ({b4} 1. 马二进三 1. ... 马8进7) (1. 兵七进一) 1. ... 马8进7 1-0``."""
    g = Game(Headers({"Game": "Chinese Chess", "Red": "R"}), result="1-0")
    g.root.comments.append("open")
    a = g.root.add_variation(mv("h2e2"), comments=["a"], nags=[1])
    b = g.root.add_variation(mv("h0g2"), comments_before=["b4"])
    g.root.add_variation(mv("c3c4"))
    b.add_variation(mv("h9g7"))
    a.add_variation(mv("h9g7"))
    return g


# ---------------------------------------------------------------- event order
def test_events_of_a_game_without_moves() -> None:
    g = Game(Headers({"Game": "Chinese Chess", "Event": "Cup"}), result="0-1")
    assert g.accept(Recorder()) == [
        ("begin_game",),
        ("begin_headers",),
        ("header", "Game", "Chinese Chess"),
        ("header", "Event", "Cup"),
        ("end_headers",),
        ("start", START),
        ("result", "0-1"),
        ("end_game",),
    ]


def test_events_in_pgn_order() -> None:
    # Variations of a move come right after it (and its NAGs and comments),
    # before the main line goes on; a variation's own variations nest inside it.
    assert walk(small_game(), Recorder()) == [
        ("begin_game",),
        ("begin_headers",),
        ("header", "Game", "Chinese Chess"),
        ("header", "Red", "R"),
        ("end_headers",),
        ("start", START),
        ("comment", "open", "after"),
        ("move", 1, "H2-E2"),
        ("nag", 1),
        ("comment", "a", "after"),
        ("begin_variation",),
        ("comment", "b4", "before"),
        ("move", 1, "H0-G2"),
        ("move", 2, "H9-G7"),
        ("end_variation",),
        ("begin_variation",),
        ("move", 1, "C3-C4"),
        ("end_variation",),
        ("move", 2, "H9-G7"),
        ("result", "1-0"),
        ("end_game",),
    ]


def test_variations_nest_and_the_main_line_resumes_after_them() -> None:
    # 1. a (1. b 1. ... c (1. ... d 2. e)) 1. ... f 2. g
    g = Game()
    a = g.root.add_variation(mv("h2e2"))
    b = g.root.add_variation(mv("b2e2"))
    b.add_variation(mv("h9g7"))
    b.add_variation(mv("b9c7")).add_variation(mv("h0g2"))
    a.add_variation(mv("h7e7")).add_variation(mv("b0c2"))
    moves = [e for e in g.accept(Recorder()) if e[0] in ("move", "begin_variation", "end_variation")]
    assert moves == [
        ("move", 1, "H2-E2"),
        ("begin_variation",),
        ("move", 1, "B2-E2"),
        ("move", 2, "H9-G7"),
        ("begin_variation",),
        ("move", 2, "B9-C7"),
        ("move", 3, "H0-G2"),
        ("end_variation",),
        ("end_variation",),
        ("move", 2, "H7-E7"),
        ("move", 3, "B0-C2"),
    ]


def test_root_comments_open_the_game_in_order() -> None:
    g = Game()
    g.root.comments_before.append("first")
    g.root.comments.append("second")
    g.root.add_variation(mv("h2e2"), comments_before=["not a variation"])
    events = [e for e in g.accept(Recorder()) if e[0] in ("comment", "move")]
    assert events == [
        ("comment", "first", "after"),
        ("comment", "second", "after"),
        ("comment", "not a variation", "before"),
        ("move", 1, "H2-E2"),
    ]


def test_the_pgn_writer_writes_the_roots_comments_before_too() -> None:
    g = Game({"Game": "Chinese Chess"})
    g.root.comments_before.append("first")
    g.root.comments.append("second")
    assert write_pgn(g).endswith("\n\n{first} {second} *\n")


# ---------------------------------------------------------------- SKIP
def test_skip_prunes_one_variation_and_its_end() -> None:
    events = small_game().accept(Recorder(skip_variations=0))
    body = [e for e in events if e[0] in ("move", "begin_variation", "end_variation", "comment")]
    assert body == [
        ("comment", "open", "after"),
        ("move", 1, "H2-E2"),
        ("comment", "a", "after"),
        ("begin_variation",),  # pruned: no moves, no comments, no end_variation
        ("begin_variation",),
        ("move", 1, "C3-C4"),
        ("end_variation",),
        ("move", 2, "H9-G7"),
    ]


def test_skip_after_the_headers_skips_the_movetext_but_not_the_result() -> None:
    assert small_game().accept(Recorder(skip=("moves",))) == [
        ("begin_game",),
        ("begin_headers",),
        ("header", "Game", "Chinese Chess"),
        ("header", "Red", "R"),
        ("end_headers",),
        ("result", "1-0"),
        ("end_game",),
    ]


def test_skip_the_whole_game() -> None:
    assert small_game().accept(Recorder(skip=("game",))) == [("begin_game",), ("end_game",)]


def test_base_visitor_needs_a_result() -> None:
    with pytest.raises(NotImplementedError):
        Game().accept(BaseVisitor())


# ---------------------------------------------------------------- depth
#: Both sides' horses out and back: a line that never ends.
CYCLE = [mv("h0g2"), mv("h9g7"), mv("g2h0"), mv("g7h9")]


class Counter(BaseVisitor[tuple[int, int, int]]):
    """Moves, variations, and the deepest nesting seen."""

    def __init__(self) -> None:
        self.moves = self.variations = self.depth = self.deepest = 0

    def visit_move(self, position: Position, node: Node) -> None:
        self.moves += 1

    def begin_variation(self) -> None:
        self.variations += 1
        self.depth += 1
        self.deepest = max(self.deepest, self.depth)

    def end_variation(self) -> None:
        self.depth -= 1

    def result(self) -> tuple[int, int, int]:
        return self.moves, self.variations, self.deepest


def test_a_100000_ply_line_without_recursion() -> None:
    g = Game()
    end = g.root.add_line(CYCLE[i % 4] for i in range(100_000))
    assert g.accept(Counter()) == (100_000, 0, 0)
    assert end.board() == Position.initial() and end.board().fullmove_number == 50_001
    assert len(write_cbf(g)) > 100_000 and write_pgn(g, "iccs").count("H0-G2") == 25_000


def test_variations_nested_10000_deep_without_recursion() -> None:
    # 1. a0 (1. b0 a1 (1. ... b1 a2 (2. b2 a3 (...)))): each b line follows the
    # horse cycle, each a is another move there, a leaf.
    pos = Position.initial()
    others = []
    for phase in range(4):
        others.append(next(m for m in pos.legal_moves() if m not in CYCLE))
        pos.push(CYCLE[phase])
    g = Game()
    node = g.root
    for i in range(10_000):
        node.add_variation(others[i % 4])
        node = node.add_variation(CYCLE[i % 4])
    assert g.accept(Counter()) == (20_000, 10_000, 10_000)
    text = write_pgn(g, "iccs")
    assert text.count("(") == 10_000 and text.split()[-2:] == ["G7-H9" + ")" * 10_000, "*"]
    assert write_cbf(g).count(b'end="1"') == 10_001


# ---------------------------------------------------------------- positions
class Collector(BaseVisitor[list]):
    """(position before, its stack depth, node) of every move, the position copied."""

    def __init__(self) -> None:
        self.seen: list[tuple[Position, int, Node]] = []

    def visit_move(self, position: Position, node: Node) -> None:
        self.seen.append((position.copy(), position.stack_depth, node))

    def result(self) -> list:
        return self.seen


def pgn_order(node: Node, out: list[Node]) -> list[Node]:
    """The moves below ``node`` in PGN order, written recursively as the order's definition."""
    if node.children:
        main = node.children[0]
        out.append(main)
        for alternative in node.children[1:]:
            out.append(alternative)
            pgn_order(alternative, out)
        pgn_order(main, out)
    return out


@SETTINGS
@given(games())
def test_every_move_once_in_pgn_order_from_the_right_position(game: Game) -> None:
    seen = game.accept(Collector())
    nodes = [node for _, _, node in seen]
    assert nodes == pgn_order(game.root, [])
    assert sorted(map(id, nodes)) == sorted(map(id, game.nodes()))
    for position, depth, node in seen:
        replayed = game.position_at(node.parent)  # type: ignore[arg-type]
        assert position == replayed and position.fen() == replayed.fen()
        assert depth == node.ply() - 1


class Rebuild(BaseVisitor[Game]):
    """A copy of the game made from the events alone (node.move is all it reads of a node)."""

    def begin_game(self) -> None:
        self.game = Game()
        self.last: Node = self.game.root
        self.lines: list[Node] = []
        self.before: list[str] = []

    def visit_header(self, name: str, value: str) -> None:
        self.game.headers[name] = value

    def visit_start(self, position: Position) -> None:
        self.game.start = position.copy()

    def visit_comment(self, comment: str, before: bool) -> None:
        (self.before if before else self.last.comments).append(comment)

    def visit_move(self, position: Position, node: Node) -> None:
        parent = self.last.parent if self.lines and self.lines[-1] is self.last else self.last
        self.last = parent.add_variation(node.move, comments_before=self.before)  # type: ignore[union-attr,arg-type]
        self.before = []

    def visit_nag(self, nag: int) -> None:
        self.last.nags.append(nag)

    def begin_variation(self) -> None:
        self.lines.append(self.last)  # the move the variation is an alternative to

    def end_variation(self) -> None:
        self.last = self.lines.pop()

    def visit_result(self, result: str) -> None:
        self.game.result = result

    def result(self) -> Game:
        return self.game


@SETTINGS
@given(games())
def test_the_events_carry_the_whole_game(game: Game) -> None:
    assert game.accept(Rebuild()) == game


# ---------------------------------------------------------------- Node.board
@SETTINGS
@given(games(max_moves=20, comments=None, comments_before=None, nags=None, headers=None))
def test_node_board_is_the_position_after_the_move(game: Game) -> None:
    assert game.root.board() == game.start and game.root.board() is not game.start
    for node in game.nodes():
        board = node.board()
        assert board == game.position_at(node) and board.fen() == game.position_at(node).fen()


def test_node_board_needs_a_game() -> None:
    loose = Node()
    child = loose.add_variation(mv("h2e2"))
    with pytest.raises(ValueError, match="not in a game"):
        child.board()
    g = Game(start=Position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"))
    g.root = loose  # the tree is now that game's
    assert child.board().turn and child.board().fullmove_number == 2


def test_the_root_link_is_no_content() -> None:
    a, b = Game(), Game()
    a.root.add_variation(mv("h2e2"))
    b.root.add_variation(mv("h2e2"))
    assert a == b and a.root.game is a and b.root.game is b


# ---------------------------------------------------------------- the writers as visitors
def test_the_writers_are_visitors_and_can_be_reused() -> None:
    first, second = small_game(), Game.from_moves([mv("c3c4"), Move(CYCLE[1].from_square, CYCLE[1].to_square)])
    pgn = PgnWriter("wxf", columns=40)
    cbf = CbfWriter(encoding="gbk")
    for g in (first, second, first):
        assert g.accept(pgn) == write_pgn(g, "wxf", columns=40)
        assert g.accept(cbf) == write_cbf(g, encoding="gbk")


# ---------------------------------------------------------------- tree order, no positions, the root
class TreeRecorder(Recorder):
    """:class:`Recorder` in tree order (pre-order), with the root it is handed."""

    order = Order.TREE

    def visit_root(self, node: Node) -> None:
        self.events.append(("root", node))


class TreeCollector(Collector):
    """:class:`Collector` in tree order."""

    order = Order.TREE


class Unmoved(Collector):
    """:class:`Collector` that reads no position."""

    needs_positions = False


def test_the_default_order_and_positions_are_python_chess_s() -> None:
    assert BaseVisitor.order is Order.PGN and BaseVisitor.needs_positions is True


def test_events_in_tree_order() -> None:
    # Pre-order: the main line to its end first, then each alternative with
    # its whole continuation; comments and NAGs stay with their move.
    g = small_game()
    assert g.accept(TreeRecorder()) == [
        ("begin_game",),
        ("begin_headers",),
        ("header", "Game", "Chinese Chess"),
        ("header", "Red", "R"),
        ("end_headers",),
        ("start", START),
        ("root", g.root),
        ("comment", "open", "after"),
        ("move", 1, "H2-E2"),
        ("nag", 1),
        ("comment", "a", "after"),
        ("move", 2, "H9-G7"),
        ("begin_variation",),
        ("comment", "b4", "before"),
        ("move", 1, "H0-G2"),
        ("move", 2, "H9-G7"),
        ("end_variation",),
        ("begin_variation",),
        ("move", 1, "C3-C4"),
        ("end_variation",),
        ("result", "1-0"),
        ("end_game",),
    ]


def test_tree_order_takes_the_deepest_alternatives_first() -> None:
    # 1. a (1. b 1. ... c (1. ... d 2. e)) 1. ... f 2. g, as in the PGN-order test:
    # pre-order is a f g, then f's alternative... none; then a's: b c (d e).
    g = Game()
    a = g.root.add_variation(mv("h2e2"))
    b = g.root.add_variation(mv("b2e2"))
    b.add_variation(mv("h9g7"))
    b.add_variation(mv("b9c7")).add_variation(mv("h0g2"))
    a.add_variation(mv("h7e7")).add_variation(mv("b0c2"))
    moves = [e for e in g.accept(TreeRecorder()) if e[0] in ("move", "begin_variation", "end_variation")]
    assert moves == [
        ("move", 1, "H2-E2"),
        ("move", 2, "H7-E7"),
        ("move", 3, "B0-C2"),
        ("begin_variation",),
        ("move", 1, "B2-E2"),
        ("move", 2, "H9-G7"),
        ("begin_variation",),
        ("move", 2, "B9-C7"),
        ("move", 3, "H0-G2"),
        ("end_variation",),
        ("end_variation",),
    ]


def test_skip_in_tree_order_prunes_the_alternative_and_all_below_it() -> None:
    events = small_game().accept(TreeRecorder(skip_variations=0))
    body = [e for e in events if e[0] in ("move", "begin_variation", "end_variation")]
    assert body == [
        ("move", 1, "H2-E2"),
        ("move", 2, "H9-G7"),
        ("begin_variation",),  # pruned: H0-G2 and its H9-G7
        ("begin_variation",),
        ("move", 1, "C3-C4"),
        ("end_variation",),
    ]


@SETTINGS
@given(games())
def test_tree_order_is_pre_order_from_the_right_position(game: Game) -> None:
    seen = game.accept(TreeCollector())
    assert [node for _, _, node in seen] == list(game.nodes())
    for position, depth, node in seen:
        replayed = game.position_at(node.parent)  # type: ignore[arg-type]
        assert position == replayed and position.fen() == replayed.fen()
        assert depth == node.ply() - 1


@SETTINGS
@given(games())
def test_tree_order_brackets_every_alternative_and_nothing_else(game: Game) -> None:
    # Each begin_variation opens at an alternative (a node that is not its
    # parent's first child), every alternative has one, and each is closed.
    nodes = iter(game.nodes())
    opened = 0
    begun = False  # a variation begun, its first move not yet visited
    for kind, *_ in game.accept(TreeRecorder()):
        if kind == "begin_variation":
            opened += 1
            begun = True
        elif kind == "move":
            assert next(nodes).is_main_variation() is not begun
            begun = False
        elif kind == "end_variation":
            opened -= 1
            assert opened >= 0
    assert opened == 0 and next(nodes, None) is None


@SETTINGS
@given(games())
def test_without_positions_every_move_comes_with_the_start_unmoved(game: Game) -> None:
    seen = game.accept(Unmoved())
    assert [node for _, _, node in seen] == pgn_order(game.root, [])
    assert all(position == game.start and depth == 0 for position, depth, _ in seen)


def test_the_root_comes_after_the_start_and_before_the_opening_comments() -> None:
    g = Game()
    g.root.comments_before.append("first")
    g.root.comments.append("second")
    events = [e[0] for e in g.accept(TreeRecorder())]
    assert events[events.index("start"):] == ["start", "root", "comment", "comment", "result", "end_game"]


def test_tree_order_walks_deep_trees_without_recursion() -> None:
    g = Game()
    node = g.root
    for i in range(10_000):
        node.add_variation(CYCLE[(i + 1) % 4] if i % 4 in (1, 3) else mv("c3c4") if i % 4 == 0 else mv("c6c5"))
        node = node.add_variation(CYCLE[i % 4])
    counter = Counter()
    counter.order = Order.TREE  # type: ignore[misc]  # an instance may choose too
    assert g.accept(counter)[:2] == (20_000, 10_000)
