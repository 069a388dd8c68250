"""The DhtmlXQ (UBB) reader and writer: blocks inside any text, branches, comments, tags, rules.

Through the public seams: :func:`xqformats.dhtmlxq.read_dhtmlxq`, ``write_dhtmlxq``,
``dhtmlxq_losses`` and the front door (:func:`xqformats.formats.read`, ``write``).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import COMMENTS, games
from xqformats import formats
from xqformats.core import Move
from xqformats.dhtmlxq import dhtmlxq_losses, read_dhtmlxq, rules, write_dhtmlxq
from xqformats.diagnostics import Rule, Severity
from xqformats.lint.catalogue import all_rules
from xqformats.model import Game, Headers, Node
from xqformats.position import Position

SAMPLE = "walker8088__cchess/tests/data/ubb_sample.dhtmlxq.txt"
D_RULES = [r for r in all_rules() if r.code.startswith("D")]


def codes(text: str) -> list[str]:
    return [d.code for d in read_dhtmlxq(text)[1]]


# ---------------------------------------------------------------- rules


def test_rules_are_declared_in_order() -> None:
    assert [r.code for r in D_RULES] == [f"D{n}" for n in range(101, 117)]
    assert all(r.name.startswith("dhtmlxq-") for r in D_RULES)
    assert rules.NO_BLOCK.code == "D101"


@pytest.mark.parametrize("rule", D_RULES, ids=lambda r: r.code)
def test_example_reports_the_rule_and_fixed_reports_nothing(rule: Rule) -> None:
    assert rule.example_kind == "dhtmlxq"
    assert rule.code in codes(rule.example), codes(rule.example)
    assert codes(rule.fixed) == []
    assert not rule.deviation or rule.severity is Severity.WARNING


# ---------------------------------------------------------------- the corpus sample


def test_sample_reads_without_findings(shared_corpus: Path) -> None:
    text = (shared_corpus / SAMPLE).read_text(encoding="utf-8")
    (game,), found = read_dhtmlxq(text, path="sample")
    assert found == []
    assert game.ply_count() == 77 and game.result == "1-0"
    assert game.start == Position.initial() and "FEN" not in game.headers
    assert game.headers["Red"] == "成都 孟辰" and game.headers["Name"] == "中炮对左三步虎"
    assert game.headers["Site"] == "上海" and game.headers["DhtmlXQ_generator"] == "南山象棋谱"
    assert [n.move.iccs() for n in list(game.mainline())[:2] if n.move] == ["H2-E2", "H9-G7"]


def test_sample_moves_are_legal_for_fairy_stockfish(shared_corpus: Path) -> None:
    sf = pytest.importorskip("pyffish")
    (game,), _ = read_dhtmlxq((shared_corpus / SAMPLE).read_text(encoding="utf-8"))
    fen = game.start.fen()
    played: list[str] = []
    for move in game.mainline_moves():
        uci = _fsf(move)
        assert uci in sf.legal_moves("xiangqi", fen, played), (played, uci)
        played.append(uci)
    assert len(played) == 77


def _fsf(move: Move) -> str:
    """Fairy-Stockfish's UCI spelling: ranks 1–10."""
    u = move.uci()
    return f"{u[0]}{int(u[1]) + 1}{u[2]}{int(u[3]) + 1}"


def test_sample_through_the_front_door(shared_corpus: Path) -> None:
    data = (shared_corpus / SAMPLE).read_bytes()
    by_content = formats.read(data)  # no name: the markers decide
    assert by_content.format is not None and by_content.format.name == "dhtmlxq"
    assert by_content.diagnostics == [] and len(by_content.games) == 1
    by_name = formats.read(data, name="game.ubb")
    assert by_name.format is by_content.format and by_name.diagnostics == []
    # .txt is not claimed (a folder search skips it), but a .txt file named
    # explicitly is read by its markers: a signature.
    assert formats.read(shared_corpus / SAMPLE).format is by_content.format


# ---------------------------------------------------------------- a forum post


def test_records_inside_html(test_data: Path) -> None:
    path = test_data / "dhtmlxq" / "forum_post.html"
    (one, two), found = read_dhtmlxq(path.read_text(encoding="utf-8"))
    assert found == []
    assert (one.headers["Name"], one.result, two.headers["Name"], two.result) == ("Club game 1", "1/2-1/2", "Club game 2", "0-1")
    assert [m.iccs() for m in one.mainline_moves()] == ["H2-E2", "H9-G7", "H0-G2"]
    after_cannon = one.root.children[0]
    alternatives = [[n.move.iccs() for n in [c, *c.mainline()] if n.move] for c in after_cannon.children]
    assert alternatives == [["H9-G7", "H0-G2"], ["B9-C7", "B0-C2", "A9-B9"], ["H7-E7"]]
    branch1 = after_cannon.children[1]
    horse = branch1.children[0]
    assert horse.comments == ["Horse out"]  # commentB_S with B = 1, S = 3
    # The nested branch 3, an alternative to branch 1's move at ply 4, with its comment.
    assert [(c.move.iccs() if c.move else None, c.comments) for c in horse.children] == [("A9-B9", []), ("H9-G7", ["Other horse"])]
    assert after_cannon.children[0].comments == ["The usual reply"]
    assert one.root.comments == ["Central cannon\nopening"]  # `||` is a line break


def test_black_moves_first_when_the_first_move_is_blacks() -> None:
    # The initial position, but the move list starts with Black's cannon.
    (game,), found = read_dhtmlxq("[DhtmlXQ_movelist]72427747[/DhtmlXQ_movelist]")
    assert found == [] and not game.start.turn
    assert game.headers["FEN"] == game.start.fen()
    assert [m.iccs() for m in game.mainline_moves()] == ["H7-E7", "H2-E2"]


def test_findings_are_positioned() -> None:
    text = "intro\n[DhtmlXQ_movelist]7747\n70\n[/DhtmlXQ_movelist]"
    found = read_dhtmlxq(text, path="post.txt")[1]
    assert [str(d) for d in found] == [
        # One D110 per block: the first piece of text that is no digits, and a count of the rest.
        "post.txt:2:23: D110 `\\n` inside `[DhtmlXQ_movelist]` is not digits; skipped (1 more in this block)",
        "post.txt:3:1: D109 `70` is left over after the last whole move (4 digits each); not read",
    ]


def test_an_illegal_move_ends_its_line_only() -> None:
    text = "[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]10229999[/DhtmlXQ_move_0_2_1]"
    (game,), found = read_dhtmlxq(text)
    assert [d.code for d in found] == ["D111"]
    assert "names a point off the board" in found[0].message
    assert game.ply_count() == 3 and len(game.root.children[0].children) == 2


def test_binit_faults_and_setup_problems() -> None:
    empty = "99" * 32
    red_king_only = "99" * 4 + "49" + "99" * 11
    text = f"[DhtmlXQ_binit]{red_king_only}{empty[:32]}[/DhtmlXQ_binit]"
    (game,), found = read_dhtmlxq(text)
    assert [d.code for d in found] == ["F108"]  # the FEN rule for a missing king
    assert game.start.piece_at(game.start.king(True) or 0) == "K"


def test_unknown_tags_are_kept_and_written_back() -> None:
    text = "[DhtmlXQ_titel]x[/DhtmlXQ_titel][DhtmlXQ_owner]me[/DhtmlXQ_owner][DhtmlXQ_movelist][/DhtmlXQ_movelist]"
    (game,), found = read_dhtmlxq(text)
    assert [d.code for d in found] == ["D115"]
    assert dict(game.headers) == {"DhtmlXQ_titel": "x", "DhtmlXQ_owner": "me"}
    (again,), _ = read_dhtmlxq(write_dhtmlxq(game))
    assert again == game


# ---------------------------------------------------------------- branches: order and time (issue 28, item 1)

#: Horses out and back: a line of any length of legal moves (h0g2 h9g7 g2h0 g7h9 …) as DhtmlXQ digits.
_HORSES = ["7967", "7062", "6779", "6270"]


def _branch(parent: int, ply: int, number: int, moves: str) -> str:
    return f"[DhtmlXQ_move_{parent}_{ply}_{number}]{moves}[/DhtmlXQ_move_{parent}_{ply}_{number}]"


def test_branches_listed_before_their_parents_are_read_in_the_order_of_parents_first() -> None:
    # Branch 3 hangs from branch 4, 4 from the main line; 1 and 2 from 3: listed children first.
    # At the root the alternatives come parents first, then by number: main, 4, 3, then 1 and 2.
    text = "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]" + "".join(
        [_branch(3, 1, 1, "2947"), _branch(3, 1, 2, "1927"), _branch(4, 1, 3, "7987"), _branch(0, 1, 4, "7967")]
    )
    (game,), found = read_dhtmlxq(text)
    assert found == []
    assert [c.move.iccs() for c in game.root.children] == ["H2-E2", "H0-G2", "H0-I2", "C0-E2", "B0-C2"]  # type: ignore[union-attr]


def test_findings_of_branches_come_parents_first_in_number_order() -> None:
    # Branch 2 (from the main line) and branch 1 (from branch 2), listed first, each end with
    # Red's cannon moved on Black's turn (`7747`, columns 115 and 66).
    text = "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]" + _branch(2, 1, 1, "2947" + "7747") + _branch(0, 1, 2, "7967" + "7747")
    (game,), found = read_dhtmlxq(text)
    assert [(d.code, d.column) for d in found] == [("D111", 115), ("D111", 66)]  # branch 2's first, then branch 1's
    assert [c.move.iccs() for c in game.root.children] == ["H2-E2", "H0-G2", "C0-E2"]  # type: ignore[union-attr]


def _timed(text: str) -> float:
    start = time.perf_counter()
    read_dhtmlxq(text)
    return time.perf_counter() - start


def _budget(text: str) -> float:
    """The fuzzing harness's time budget (tests/fuzz/harness.py ``Budget``): 2 s and 20 µs a byte."""
    return 2.0 + 20e-6 * len(text)


@pytest.mark.parametrize("n", [500, 3_000])
def test_branches_listed_in_reverse_order_are_read_in_linear_time(n: int) -> None:
    # Branch k hangs from branch k + 1, the last from the main line, listed 1, 2, …: one branch
    # resolved per pass over the list took 21 s for 52 KB, 189 s for 110 KB (cubic).
    text = "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]" + "".join(
        _branch(k + 1 if k < n else 0, 1, k, "7747") for k in range(1, n + 1)
    )
    seconds = _timed(text)
    (game,), found = read_dhtmlxq(text)
    assert found == [] and len(game.root.children) == n + 1
    assert seconds < _budget(text), f"{seconds:.2f} s for {len(text):,} bytes"


@pytest.mark.parametrize("n", [500, 3_000])
def test_branches_nested_ever_deeper_are_read_in_linear_time(n: int) -> None:
    # Branch k is an alternative to the second move of branch k - 1 (0: the main line), at
    # ply k + 1: the k-th starts k moves deep, which replaying each from the start made quadratic.
    moves = [_HORSES[i % 4] for i in range(n + 2)]
    text = f"[DhtmlXQ_movelist]{moves[0]}{moves[1]}[/DhtmlXQ_movelist]" + "".join(
        _branch(k - 1, k + 1, k, moves[k] + moves[k + 1]) for k in range(1, n + 1)
    )
    seconds = _timed(text)
    (game,), found = read_dhtmlxq(text)
    assert found == []
    deepest, stack = 0, [(game.root, 0)]
    while stack:
        node, ply = stack.pop()
        deepest = max(deepest, ply)
        stack.extend((child, ply + 1) for child in node.children)
    assert game.root.end().ply() == 2 and deepest == n + 2
    assert seconds < _budget(text), f"{seconds:.2f} s for {len(text):,} bytes"


# ---------------------------------------------------------------- writer and losses


def test_writer_layout() -> None:
    game = Game(Headers({"Game": "Chinese Chess", "Event": "Cup", "Red": "A"}), result="1-0")
    node = game.root.add_variation(Move.__new__(Move, 7 + 9 * 2, 4 + 9 * 2))
    node.comments.append("one\ntwo")
    assert write_dhtmlxq(game) == (
        "[DhtmlXQ]\n[DhtmlXQ_event]Cup[/DhtmlXQ_event]\n[DhtmlXQ_red]A[/DhtmlXQ_red]\n"
        "[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n"
        "[DhtmlXQ_comment1]one||two[/DhtmlXQ_comment1]\n[/DhtmlXQ]\n"
    )
    assert dhtmlxq_losses(game) == []


def test_losses_are_named() -> None:
    game = Game(Headers({"Annotator": "X"}), start=Position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7"))
    game.root.comments.append("[DhtmlXQ_x]")
    lost = dhtmlxq_losses(game)
    assert lost[0] == "header `Annotator` has no place in DhtmlXQ; not written"
    assert any("Black to move" in x for x in lost) and any("move number 7" in x for x in lost)
    assert any("［DhtmlXQ" in x for x in lost)
    assert formats.losses(game, "dhtmlxq") == lost


def test_a_kept_result_word_that_is_empty_is_a_named_loss() -> None:
    # Found by the fuzzer: a header `DhtmlXQ_result` (the result word the reader did not know) of
    # no text was written as an empty `result` tag, which reads back as no result and no header
    # (docs/spec/dhtmlxq.md §6.2), and the losses did not say so.
    game = Game(Headers({"DhtmlXQ_result": ""}))
    assert write_dhtmlxq(game) == "[DhtmlXQ]\n[/DhtmlXQ]\n"
    assert dhtmlxq_losses(game) == ["header `DhtmlXQ_result` has no place in DhtmlXQ; not written"]
    kept = Game(Headers({"DhtmlXQ_result": "红方认输"}))
    games, _ = read_dhtmlxq(write_dhtmlxq(kept))
    assert dict(games[0].headers) == {"DhtmlXQ_result": "红方认输"} and dhtmlxq_losses(kept) == []


def _expected(game: Game) -> Game:
    """``game`` as DhtmlXQ keeps it (docs/spec/dhtmlxq.md §7.1): the losses applied."""
    headers = Headers({k: v for k, v in game.headers.items() if k not in ("Game", "Annotator")})
    start = game.start.copy()
    start.fullmove_number, start.halfmove_clock = 1, 0
    if not game.root.children:
        start.turn = True
    if start != Position.initial():
        headers["FEN"] = start.fen()
    out = Game(headers, start, game.result)

    def copy(src: Node, dst: Node) -> None:
        text = "\n".join(c for c in src.comments if c)
        dst.comments = [text] if text else []
        for child in src.children:
            assert child.move is not None
            copy(child, dst.add_variation(child.move))

    copy(game.root, out.root)
    return out


_ONE_LINE_COMMENTS = COMMENTS.filter(lambda c: "\n" not in c or "||" not in c)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(comments=_ONE_LINE_COMMENTS, comments_before=None, nags=None))
def test_random_games_round_trip(game: Game) -> None:
    text = write_dhtmlxq(game)
    (again,), found = read_dhtmlxq(text)
    assert [str(d) for d in found] == _expected_findings(game), text
    assert again == _expected(game), text


def _expected_findings(game: Game) -> list[str]:
    """What reading back reports: nothing, except for a start DhtmlXQ cannot state.

    Black to move with no move is read back as Red to move (a named loss,
    docs/spec/dhtmlxq.md §7.1); when Black is in check there, that position
    is illegal and the reader says so (F110), as for any such board.
    """
    if game.root.children or game.start.turn or not game.start.is_check():
        return []
    return ["<input>:3:16: F110 `binit`: Black is in check but it is Red's move"]


def test_black_to_move_in_check_without_a_move_is_read_back_as_an_illegal_red_to_move() -> None:
    # Red rook e1 checks the Black king e9 with Black to move (found by the property above).
    game = Game(Headers(), start=Position("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1"), result="1-0")
    (again,), found = read_dhtmlxq(write_dhtmlxq(game))
    assert [str(d) for d in found] == _expected_findings(game) != []
    assert again == _expected(game)


_PIECES = [*"[]/_Dhtmlovebincm0123456789|\n 红", "[DhtmlXQ_", "[/DhtmlXQ_", "[DhtmlXQ]", "[/DhtmlXQ]", "move_0_1_1]", "movelist]", "binit]", "comment1_2]", "result]"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_any_text_is_read_without_raising(text: str) -> None:
    found_games, found = read_dhtmlxq(text)
    assert all(isinstance(g, Game) for g in found_games)
    assert all(d.line is not None for d in found)
    for game in found_games:
        write_dhtmlxq(game)
        dhtmlxq_losses(game)


@pytest.mark.parametrize("other", ["pgn", "cbf"])
def test_converting_through_another_format_keeps_the_record(test_data: Path, other: str) -> None:
    """DhtmlXQ → PGN or CBF → model gives the same game: what DhtmlXQ holds, both hold (tag order aside)."""
    text = (test_data / "dhtmlxq" / "forum_post.html").read_text(encoding="utf-8")
    (game, _), _ = read_dhtmlxq(text)
    record = formats.read(formats.write([game], other), format=other)
    assert [d for d in record.diagnostics if d.severity is not Severity.INFO] == []
    (back,) = record.games
    for pgn_only in ("Game", "Format", "Result"):  # PGN's own tags; the result is kept
        back.headers.pop(pgn_only, None)
    assert back == game
    assert dhtmlxq_losses(back) == []
