"""The reader-side builder (xqformats.builder): lines, the dead-line policy, comments, speed.

Expected trees are written out by hand (which move follows which); the
property tests feed the builder from the writing visitor's walk, an
independent walk of the same tree, and ask for the game back.
"""

from __future__ import annotations

import time
from typing import Any, Optional, Sequence

from hypothesis import HealthCheck, given, settings

from strategies import games
from test_model import mv
from xqformats.builder import GameBuilder, HeadersBuilder, Kept, LinePolicy, ReaderHooks
from xqformats.core import Move
from xqformats.diagnostics import Diagnostic
from xqformats.model import Game, Node
from xqformats.notation import Notation
from xqformats.position import Position
from xqformats.visitor import SKIP, BaseVisitor

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Log(ReaderHooks):
    """Hooks that record every call, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def illegal(self, move: Move, why: str, token: Any) -> None:
        self.calls.append(("illegal", move.iccs(), why, token))

    def decoded(self, move: Optional[Move], findings: Sequence[Diagnostic], token: Any) -> None:
        self.calls.append(("decoded", move.iccs() if move else None, [d.code for d in findings], token))

    def not_read(self, token: Any) -> None:
        self.calls.append(("not_read", token))

    def kept_item(self, token: Any) -> str:
        self.calls.append(("kept_item", token))
        return f"<{token}>"

    def kept(self, kept: Kept) -> Optional[str]:
        self.calls.append(("kept", kept.ply, kept.first, list(kept.items)))
        return "kept: " + " ".join(kept.items)


def lines(game: Game) -> list[str]:
    """Every line of the tree (root to leaf) as its moves in ICCS, in pre-order."""
    out = []
    for node in game.root.walk():
        if not node.children and node.move is not None:
            out.append(" ".join(m.iccs() for m in node.moves_from_root()))
    return out


def play(b: GameBuilder, *moves: str) -> list[Optional[Node]]:
    return [b.visit_move(mv(m), None, None, m) for m in moves]


# ---------------------------------------------------------------- nested lines (PGN)


def test_a_variation_is_an_alternative_to_the_last_move_and_the_line_goes_on_after_it() -> None:
    # 1. h2e2 (1. b2e2 1... b9c7) 1... h9g7 2. h0g2
    b = GameBuilder()
    play(b, "h2e2")
    b.begin_variation()
    play(b, "b2e2", "b9c7")
    b.end_variation()
    play(b, "h9g7", "h0g2")
    b.end_game()
    game = b.result()
    assert lines(game) == ["H2-E2 H9-G7 H0-G2", "B2-E2 B9-C7"]
    assert b.position == game.end_position() and b.position.stack_depth == 3


def test_nested_variations_come_back_to_their_own_line() -> None:
    # 1. h2e2 h9g7 (1... b9c7 2. h0g2 (2. b0c2) 2... a9a8) 2. h0g2
    b = GameBuilder()
    play(b, "h2e2", "h9g7")
    b.begin_variation()
    play(b, "b9c7", "h0g2")
    b.begin_variation()
    play(b, "b0c2")
    b.end_variation()
    play(b, "a9a8")
    b.end_variation()
    play(b, "h0g2")
    assert lines(b.result()) == ["H2-E2 H9-G7 H0-G2", "H2-E2 B9-C7 H0-G2 A9-A8", "H2-E2 B9-C7 B0-C2"]


def test_ten_thousand_nested_variations_need_no_recursion() -> None:
    b = GameBuilder()
    for _ in range(10_000):  # 1. h2e2 (1. h2e2 (1. h2e2 ( …
        play(b, "h2e2")
        b.begin_variation()
    play(b, "h2e2")
    for _ in range(10_000):
        b.end_variation()
    assert len(b.result().root.children) == 10_001


# ---------------------------------------------------------------- pre-order lines (CBF, CBR, XQF, JSON)


def test_back_to_reads_a_tree_listed_in_pre_order() -> None:
    # docs/spec/cbf.md §6.1: nids 1A 2B 3C 4D 5E 6F 4G 2H 3I 4J 5K give ABCDEF, ABCG, AHIJK.
    A, B, C, D, E, F, G, H, I, J, K = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b9c7 b9c7 b0c2 h9g7 h0g2".split()
    b = GameBuilder()
    for nid, m in [(1, A), (2, B), (3, C), (4, D), (5, E), (6, F), (4, G), (2, H), (3, I), (4, J), (5, K)]:
        b.back_to(nid - 1)
        assert b.visit_move(mv(m), None, None, nid) is not None
    game = b.result()
    assert lines(game) == [
        "H2-E2 H9-G7 H0-G2 I9-H9 I0-H0 B9-C7",
        "H2-E2 H9-G7 H0-G2 B9-C7",
        "H2-E2 B9-C7 B0-C2 H9-G7 H0-G2",
    ]
    assert b.ply == 5 and b.node.move == mv(K)


def test_back_to_zero_gives_an_alternative_first_move() -> None:
    b = GameBuilder()
    play(b, "h2e2", "h9g7")
    b.back_to(0)
    play(b, "b2e2")
    assert [c.move.iccs() for c in b.result().root.children] == ["H2-E2", "B2-E2"]  # type: ignore[union-attr]


# ---------------------------------------------------------------- the policy: KEEP


def test_an_illegal_move_is_reported_with_why_and_the_rest_of_its_line_kept_on_the_last_move_read() -> None:
    hooks = Log()
    b = GameBuilder(hooks, LinePolicy.KEEP)
    nodes = play(b, "h2e2", "h9g7", "e2e9", "b0c2", "b9c7")  # e2e9: the cannon cannot jump two screens
    assert nodes[2:] == [None, None, None]
    b.end_game()
    game = b.result()
    assert lines(game) == ["H2-E2 H9-G7"]
    assert hooks.calls == [
        ("illegal", "E2-E9", "the cannon on e2 cannot move to e9", "e2e9"),
        ("not_read", "e2e9"),
        ("kept_item", "e2e9"),
        ("kept_item", "b0c2"),
        ("kept_item", "b9c7"),
        ("kept", 2, "e2e9", ["<e2e9>", "<b0c2>", "<b9c7>"]),
    ]
    assert nodes[1] is not None and nodes[1].comments == ["kept: <e2e9> <b0c2> <b9c7>"]


def test_a_dead_line_counts_its_plies_so_alternatives_inside_it_stay_dead() -> None:
    # Pre-order: A B x(illegal) y z, then an alternative to y (inside the dead part),
    # then an alternative to x (alive again), then one to B.
    hooks = Log()
    b = GameBuilder(hooks, LinePolicy.KEEP)
    play(b, "h2e2", "h9g7", "a0a5", "h0g2", "i9h9")
    assert b.dead and b.ply == 5
    b.back_to(3)  # an alternative to the kept `i9h9`: still kept
    assert play(b, "b9c7") == [None] and b.dead and b.ply == 4
    b.back_to(2)  # an alternative to the illegal move: the dead line ends, this one is read
    assert not b.dead
    assert play(b, "h0g2")[0] is not None
    b.back_to(1)
    play(b, "b9c7")
    b.end_game()
    game = b.result()
    assert lines(game) == ["H2-E2 H9-G7 H0-G2", "H2-E2 B9-C7"]
    second = game.root.children[0].children[0]
    assert second.comments == ["kept: <a0a5> <h0g2> <i9h9> <b9c7>"]
    assert [c[0] for c in hooks.calls].count("kept") == 1


def test_a_kept_variation_without_a_move_goes_on_the_move_it_replaces() -> None:
    # 1. h2e2 (1. a0a5 …) 1... h9g7: the variation keeps nothing but text, which
    # goes where its opening comments go (PGN: on the move it replaces).
    b = GameBuilder(Log(), LinePolicy.KEEP)
    play(b, "h2e2")
    b.begin_variation()
    b.visit_comment("before", True)
    play(b, "a0a5", "h9g7")
    b.begin_variation()  # nested inside the dead part: dead too
    play(b, "b9c7")
    b.end_variation()
    b.end_variation()
    play(b, "h9g7")
    game = b.result()
    first = game.root.children[0]
    assert lines(game) == ["H2-E2 H9-G7"]
    assert first.comments == ["before", "kept: <a0a5> <h9g7> <b9c7>"]


def test_the_hooks_may_place_the_kept_text_themselves() -> None:
    class Own(Log):
        def kept(self, kept: Kept) -> Optional[str]:
            kept.target.comments.append("mine")
            return None

    b = GameBuilder(Own(), LinePolicy.KEEP)
    play(b, "h2e2", "a0a5")
    b.visit_result("*")
    assert b.result().root.children[0].comments == ["mine"]


def test_an_unreadable_move_kills_the_line_as_an_illegal_one_does() -> None:
    hooks = Log()
    b = GameBuilder(hooks, LinePolicy.KEEP)
    play(b, "h2e2")
    b.visit_unreadable("99-99")
    play(b, "h9g7")
    b.back_to(0)
    play(b, "b2e2")
    b.end_game()
    assert hooks.calls[0] == ("not_read", "99-99")
    assert b.result().root.children[0].comments == ["kept: <99-99> <h9g7>"]
    assert lines(b.result()) == ["H2-E2", "B2-E2"]


def test_a_kept_line_at_the_root_goes_to_the_root() -> None:
    b = GameBuilder(Log(), LinePolicy.KEEP)
    b.visit_comment("opening")
    play(b, "a0a5", "h9g7")
    b.end_game()
    assert b.result().root.comments == ["opening", "kept: <a0a5> <h9g7>"]


# ---------------------------------------------------------------- the policy: DROP


def test_drop_reads_nothing_of_the_rest_of_the_line_and_keeps_no_text() -> None:
    hooks = Log()
    b = GameBuilder(hooks, LinePolicy.DROP)
    play(b, "h2e2", "h9g7", "e2e9", "b0c2")
    b.visit_comment("after the last move read")
    b.back_to(1)
    play(b, "b9c7")
    b.end_game()
    game = b.result()
    assert lines(game) == ["H2-E2 H9-G7", "H2-E2 B9-C7"]
    assert [c[0] for c in hooks.calls] == ["illegal", "not_read"]
    assert game.root.children[0].children[0].comments == ["after the last move read"]


# ---------------------------------------------------------------- text moves


def test_a_text_move_is_decoded_in_the_position_before_it() -> None:
    seen: list[int] = []

    class Hooks(Log):
        def decoded(self, move: Optional[Move], findings: Sequence[Diagnostic], token: Any) -> None:
            super().decoded(move, findings, token)
            seen.append(builder.position.stack_depth)

    hooks = Hooks()
    builder = GameBuilder(hooks, LinePolicy.DROP)
    n1 = builder.visit_text_move("炮二平五", None, Notation.CHINESE, 1)
    n2 = builder.visit_text_move("H9-G7", None, Notation.ICCS, 2)
    n3 = builder.visit_text_move("炮五进七", None, None, 3)  # no piece can: not legal
    assert n1 is not None and n1.move == mv("h2e2") and n1.text == "炮二平五"
    assert n2 is not None and n2.move == mv("h9g7")
    assert n3 is None and builder.dead
    assert seen == [0, 1, 2]
    assert hooks.calls[-2][:2] == ("decoded", None) and hooks.calls[-2][2]  # with the notation's findings
    assert hooks.calls[-1] == ("not_read", 3)


def test_add_move_is_the_unchecked_fast_event() -> None:
    b = GameBuilder()
    node = b.add_move(mv("h2e2"), None, "炮二平五")
    assert b.node is node and node.text == "炮二平五" and b.position.stack_depth == 1


def test_follow_goes_on_along_a_move_read_already() -> None:
    b = GameBuilder()
    (first,) = play(b, "h2e2")
    b.back_to(0)
    assert first is not None
    b.follow(first)
    play(b, "h9g7")
    assert lines(b.result()) == ["H2-E2 H9-G7"]


# ---------------------------------------------------------------- comments, headers, result


def test_comments_go_where_the_module_docstring_says() -> None:
    b = GameBuilder()
    b.visit_comment("game")                 # main line, no move yet: the root's
    b.visit_comment("held for move 1", True)
    play(b, "h2e2")
    b.visit_comment("after h2e2")
    b.begin_variation()
    b.visit_comment("opens the variation")  # before its first move: held for it
    play(b, "b2e2")
    b.visit_nag(1)
    b.end_variation()
    b.begin_variation()
    b.visit_comment("a variation without a move")
    b.end_variation()
    play(b, "h9g7")
    b.visit_result("1-0")
    b.visit_comment("after the result")
    game = b.result()
    main, var = game.root.children
    assert game.root.comments == ["game", "held for move 1"]
    assert main.comments == ["after h2e2", "a variation without a move"]
    assert var.comments_before == ["opens the variation"] and var.nags == [1]
    assert main.children[0].comments == ["after the result"]
    assert game.result == "1-0"


def test_headers_start_and_result() -> None:
    b = GameBuilder()
    b.visit_header("Red", "许银川")
    start = Position.from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w")  # type: ignore[attr-defined]
    b.visit_start(start)
    play(b, "e0d0")
    b.visit_result("1-0")
    game = b.result()
    assert game.headers == {"Red": "许银川"} and game.start is start
    assert start.stack_depth == 0 and b.position.stack_depth == 1


def test_headers_builder_skips_the_movetext() -> None:
    b = HeadersBuilder()
    b.visit_header("Event", "x")
    assert b.end_headers() is SKIP and GameBuilder().end_headers() is None
    assert b.headers() == {"Event": "x"}


# ---------------------------------------------------------------- against the writing walk


class Nested(BaseVisitor[Game]):
    """Feeds the writing walk's events, as PGN nests them, to a builder."""

    def __init__(self) -> None:
        self.b = GameBuilder()
        self.opening: list[str] = []

    def visit_header(self, name: str, value: str) -> None:
        self.b.visit_header(name, value)

    def visit_start(self, position: Position) -> None:
        self.b.visit_start(position.copy())

    def visit_comment(self, comment: str, before: bool) -> None:
        self.b.visit_comment(comment, before)

    def visit_move(self, position: Position, node: Node) -> None:
        assert node.move is not None
        self.b.visit_move(node.move, None, None, None)

    def visit_nag(self, nag: int) -> None:
        self.b.visit_nag(nag)

    def begin_variation(self) -> None:
        self.b.begin_variation()

    def end_variation(self) -> None:
        self.b.end_variation()

    def visit_result(self, result: str) -> None:
        self.b.visit_result(result)

    def result(self) -> Game:
        self.b.end_game()
        return self.b.result()


@SETTINGS
@given(games())
def test_the_nested_events_of_any_game_build_it_again(game: Game) -> None:
    assert game.accept(Nested()) == game


@SETTINGS
@given(games())
def test_the_pre_order_events_of_any_game_build_it_again(game: Game) -> None:
    b = GameBuilder()
    b.visit_start(game.start.copy())
    for c in game.root.comments:
        b.visit_comment(c)
    stack = [(child, 0) for child in reversed(game.root.children)]
    while stack:
        node, ply = stack.pop()
        b.back_to(ply)
        new = b.visit_move(node.move, None, None, None)  # type: ignore[arg-type]
        assert new is not None
        new.comments_before.extend(node.comments_before)
        for c in node.comments:
            b.visit_comment(c)
        for n in node.nags:
            b.visit_nag(n)
        stack.extend((child, ply + 1) for child in reversed(node.children))
    for name, value in game.headers.items():
        b.visit_header(name, value)
    b.visit_result(game.result)
    assert b.result() == game


# ---------------------------------------------------------------- speed


def _pre_order(node: Node) -> list[Node]:
    """Pre-order, main line first, by recursion (the definition the walk is held to)."""
    return [node] + [n for child in node.children for n in _pre_order(child)]


@given(games(max_moves=30, comments=None, comments_before=None, nags=None, headers=None))
@settings(max_examples=150, deadline=None)
def test_the_node_walk_is_pre_order_main_line_first(game: Game) -> None:
    assert list(game.root.walk()) == _pre_order(game.root)
    moves = sum(1 for n in game.root.walk() if n.move is not None)
    assert game.release() == moves


def test_a_pre_order_walk_is_linear_in_its_moves() -> None:
    """Alternatives at every ply of a long line: each ``back_to`` costs the plies it takes back."""

    def build(n: int) -> float:
        moves = ["h0g2", "h9g7", "g2h0", "g7h9"]  # horses out and back: legal for ever
        b = GameBuilder()
        t = time.perf_counter()
        for i in range(n):
            b.visit_move(mv(moves[i % 4]), None, None, None)
        for ply in range(n - 1, -1, -1):  # then an illegal alternative at every ply, last first
            b.back_to(ply)
            b.visit_move(mv("a0a5"), None, None, None)
        return time.perf_counter() - t

    build(500)  # warm up
    small, large = min(build(4000) for _ in range(3)), min(build(16_000) for _ in range(3))
    assert large < 4 * small * 2.5, (small, large)  # four times the moves: about four times the time
