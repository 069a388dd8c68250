"""Random games with variations, CJK comments and set-up positions, written as CBR by the layout
as documented (a writer in this test, not in xqformats) and read back: the same tree."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cbr_helpers import ALT, END, Entry, Rec, cbl, cbr
from strategies import games
from xqformats.cbr import read_cbl, read_cbr
from xqformats.core import square_file, square_rank
from xqformats.model import Game, Node

COMMENTS = st.text(alphabet=st.sampled_from(list("评注好棋巧9退 abc\n\t!?")), max_size=12)
_BYTE = dict(zip("RNBAKCP", range(0x11, 0x18))) | dict(zip("rnbakcp", range(0x21, 0x28)))


def _point(sq: int) -> int:
    return (9 - square_rank(sq)) * 9 + square_file(sq)


def _text(node: Node) -> str:
    return "\n".join(c for c in node.comments if c)


def encode(game: Game) -> bytes:
    """The game as a CBR record: preorder, flag 2 before a later sibling, flag 1 on a leaf."""
    records = []
    stack = list(reversed(game.root.children))
    while stack:
        node = stack.pop()
        parent = node.parent
        assert parent is not None and node.move is not None
        flags = (END if not node.children else 0) | (ALT if node is not parent.children[-1] else 0)
        text = _text(node).replace("\n", "\r\n")
        records.append(Rec((_point(node.move.from_square), _point(node.move.to_square)), flags, text or None))
        stack.extend(reversed(node.children))
    board = bytearray(90)
    for sq, piece in enumerate(game.start.board):
        if piece is not None:
            board[_point(sq)] = _BYTE[piece]
    intro = _text(game.root).replace("\n", "\r\n") or None
    return cbr(records, intro=intro, board=bytes(board), side=1 if game.start.turn else 2)


def shape(game: Game) -> list[tuple[int, str, str]]:
    """(ply, move, comment) for every node in preorder, the root first."""
    out = [(0, "", _text(game.root))]
    for node in game.nodes():
        assert node.move is not None
        out.append((node.ply(), node.move.iccs(), _text(node)))
    return out


def board_of(game: Game) -> tuple[object, ...]:
    return (tuple(game.start.board), game.start.turn)


@settings(max_examples=150, deadline=None)
@given(games(max_moves=30, headers=None, comments=COMMENTS, comments_before=None, nags=None))
def test_a_written_tree_reads_back_the_same(game: Game) -> None:
    read, diagnostics = read_cbr(encode(game))
    assert read is not None
    assert diagnostics == []
    assert shape(read) == shape(game)
    assert board_of(read) == board_of(game)


@settings(max_examples=30, deadline=None)
@given(st.lists(games(max_moves=12, headers=None, comments=COMMENTS, comments_before=None, nags=None), min_size=1, max_size=4))
def test_a_library_of_them_reads_back_in_order(found: list[Game]) -> None:
    games_read, diagnostics = read_cbl(cbl([Entry(encode(g)) for g in found]))
    assert diagnostics == []
    assert [shape(g) for g in games_read] == [shape(g) for g in found]
