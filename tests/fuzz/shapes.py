"""Grown inputs of a known shape, for every reader: the shapes that were once super-linear.

The growing mutator (:func:`mutators.grow`) repeats a random chunk of a seed,
which finds a cost that grows with one long item (a tag value, a comment, a
run of one token).  It rarely builds structure: a thousand DhtmlXQ branches
listed child first, a main line whose every move has an illegal alternative.
Each :class:`Shape` here builds such an input at any size, so that the time
and memory oracles of :func:`harness.run_one` (:meth:`harness.Budget.seconds`
per byte, and the memory budgets) judge every reader on it.

Two families:

* :func:`model_shapes`: games built in the model (a long main line with a
  comment and a one-move variation at every ply; the same with each variation
  nested inside the one before), written by every writable format of the
  registry.  A format registered later gets these without a change here.
* :data:`HOSTILE`: inputs no writer makes, written out here from each
  format's layout (docs/spec/): the reproducers of issue 28 (items 1-3) and
  their kin, and, for the formats without a writer (CBR, CBL), their shapes.

:func:`all_shapes` is both.  ``test_fuzz.py`` runs each at its
:attr:`Shape.size` and checks that every registered reader has shapes;
``run.py`` runs them memory-traced, one after another across each target's
time slices, as large as fits a slice, up to ``--grow-to`` bytes (``schedule.py``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

_TESTS = Path(__file__).resolve().parents[1]
if str(_TESTS) not in sys.path:  # the builders of test files (cbr_helpers, test_xqf_reader)
    sys.path.insert(0, str(_TESTS))

from cbr_helpers import ALT, END, Entry, Rec, cbl, cbr  # noqa: E402
from test_ccm import ccm  # noqa: E402
from test_chn import chn  # noqa: E402
from test_mxq import mxq  # noqa: E402
from test_xqf_reader import rec, v10  # noqa: E402

from xqformats import formats  # noqa: E402
from xqformats.core import FILE_NAMES, Move, square  # noqa: E402
from xqformats.model import Game, Node  # noqa: E402

__all__ = ["HOSTILE", "Shape", "all_shapes", "model_shapes", "shapes_for"]


@dataclass(frozen=True)
class Shape:
    """An input of format ``format`` made of ``n`` repeats of one unit: ``make(n)``.

    ``name`` is ``<format>:<what>``; ``doc`` says what the unit is and, for a
    reproducer, which bug it caught.
    """

    name: str
    format: str
    make: Callable[[int], bytes]
    doc: str
    #: The size the suite grows it to (``test_fuzz.py``): large enough that the cost it once had
    #: overshoots :class:`harness.Budget` (the measurements are in ``tests/fuzz/README.md``).
    size: int = 512 * 1024

    def grown(self, size: int) -> bytes:
        """The input at about ``size`` bytes: as many units as reach it (at least one), or as large as it gets.

        ``n`` doubles until the input is at least ``size``, then the count is
        interpolated between the last two tries (units need not be of equal size:
        a library rounds its records up to whole slots).
        """
        low, n = (0, 0), 1
        data = self.make(n)
        first = len(data)
        while len(data) < size:
            low, n = (n, len(data)), 2 * n
            data = self.make(n)
            if n >= _NO_GROWTH and len(data) == first:  # it does not grow (see grows)
                return data
            if n >= _NO_GROWTH and len(data) <= low[1]:  # it stopped growing: a writer's limit (PFC: 2,047 plies deep)
                return data
        if low[0] and len(data) > size:
            guess = low[0] + (size - low[1]) * (n - low[0]) // max(1, len(data) - low[1])
            data = self.make(max(1, guess))
        return data

    def grows(self) -> bool:
        """Whether more units make a larger input (a writer may drop what a unit adds)."""
        return len(self.make(_NO_GROWTH)) > len(self.make(1))


#: Units after which an input that is still the size of one unit is taken not to grow
#: (a library's records fill whole 4 KB slots: the first hundred units fit in one).
_NO_GROWTH = 1024


# ---------------------------------------------------------------- games built in the model


def _move(text: str) -> Move:
    """``h0g2`` → the move (ICCS points)."""
    return Move(square(FILE_NAMES.index(text[0]), int(text[1])), square(FILE_NAMES.index(text[2]), int(text[3])))


#: Four plies that bring the start position back (both left horses out and home again) ...
_CYCLE = tuple(_move(m) for m in ("h0g2", "h9g7", "g2h0", "g7h9"))
#: ... and at each of them a move that is legal too (the other horse of the side to move).
_OTHER = tuple(_move(m) for m in ("b0c2", "b9c7", "b0c2", "b9c7"))


def long_line_game(plies: int) -> Game:
    """A main line of ``plies`` moves, each with a comment and a one-move variation."""
    game = Game({"Event": "Shape"})
    node: Node = game.root
    for i in range(plies):
        node.add_variation(_OTHER[i % 4], comments=[f"v{i}"])
        node = node.add_main_variation(_CYCLE[i % 4], comments=[f"c{i}"])
    return game


def nested_game(depth: int) -> Game:
    """Each variation holds the next: the main line is one move, its variation goes ``depth`` deep."""
    game = Game({"Event": "Shape"})
    node: Node = game.root
    for i in range(depth):
        node.add_variation(_OTHER[i % 4])  # the main line: one move, then it ends
        node = node.add_variation(_CYCLE[i % 4], comments=[f"n{i}"])  # the variation, which goes on
    return game


def _written(fmt: str, build: Callable[[int], Game]) -> Callable[[int], bytes]:
    return lambda n: formats.write([build(n)], fmt)


def model_shapes(registry: formats.Registry = formats.REGISTRY) -> list[Shape]:
    """The two model games, written by every writable format of ``registry``."""
    out = []
    for fmt in registry.writable():
        out.append(Shape(f"{fmt}:line-with-variations", fmt, _written(fmt, long_line_game), "written: a commented move and a one-move variation at every ply"))
        out.append(Shape(f"{fmt}:nested-variations", fmt, _written(fmt, nested_game), "written: each variation inside the one before"))
    return out


# ---------------------------------------------------------------- written out from the layouts


def _dhtmlxq(blocks: str) -> bytes:
    return ("[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n" + blocks + "[/DhtmlXQ]\n").encode()


def dhtmlxq_child_first(n: int) -> bytes:
    """Branch ``k`` from branch ``k + 1``, listed child first (docs/spec/dhtmlxq.md §4.2).

    Issue 28, item 1: the reader attached one branch per pass over the
    waiting ones, testing membership in a list: cubic (110 KB took 189 s).
    """
    blocks = []
    for k in range(1, n + 1):
        name = f"move_{k + 1 if k < n else 0}_1_{k}"
        blocks.append(f"[DhtmlXQ_{name}]7747[/DhtmlXQ_{name}]\n")
    return _dhtmlxq("".join(blocks))


def dhtmlxq_comments(n: int) -> bytes:
    """A comment on every move of a main line of ``n`` moves (docs/spec/dhtmlxq.md §5.1)."""
    moves = "".join(("1927", "1022", "2719", "2210")[i % 4] for i in range(n))
    comments = "".join(f"[DhtmlXQ_comment{i}]c{i}||line[/DhtmlXQ_comment{i}]\n" for i in range(1, n + 1))
    return f"[DhtmlXQ]\n[DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]\n{comments}[/DhtmlXQ]\n".encode()


def cbr_illegal_alternatives(n: int) -> bytes:
    """A main line of ``4n`` moves, each with an illegal alternative (docs/spec/cbr.md §4.2).

    Issue 28, item 2: each kept alternative asked its node for its ply,
    walking to the root: quadratic (130 KB took 2.8 s).
    """
    cycle = ("H0-G2", "H9-G7", "G2-H0", "G7-H9")
    main = [Rec(cycle[i % 4], ALT | (END if i == 4 * n - 1 else 0)) for i in range(4 * n)]
    return cbr(main + [Rec("A0-A5", END)] * (4 * n))  # a rook through its own pawn, or the other side's rook


def cbl_records(n: int) -> bytes:
    """A library of ``n`` small records (docs/spec/cbr.md §5)."""
    record = cbr([Rec("H2-E2"), Rec("H9-G7", END)])
    return cbl([Entry(record)] * n, index_size=max(128, n))


def cbl_illegal_alternatives(n: int) -> bytes:
    """The CBR shape above inside a library."""
    return cbl([Entry(cbr_illegal_alternatives(n))])


def xqf_unplayable_alternatives(n: int) -> bytes:
    """One node with ``n`` alternatives that cannot be played (docs/spec/xqf.md §4.4).

    Issue 28, item 3: each kept line was added to the node's comment one at
    a time, copying it: quadratic (321 KB took 3.7 s).
    """
    return v10([rec(None, True, False)] + [rec("a0a5", False, i < n - 1) for i in range(n)])


def cbf_illegal_alternatives(n: int) -> bytes:
    """A main line of ``4n`` moves, then an illegal alternative at every ply, last first (docs/spec/cbf.md).

    Each kept alternative asked its node for its ply, walking to the root: quadratic
    (found with the shapes of issue 28).
    """
    cycle = ("79-67", "70-62", "67-79", "62-70")  # CBF points: x 0–8, y 0–9 from Black's side
    main = "".join(f'<Move nid="{i + 1}" value="{cycle[i % 4]}"/>' for i in range(4 * n))
    alternatives = "".join(f'<Move nid="{i}" value="09-04"/>' for i in range(4 * n, 0, -1))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0"><Head>'
        "<FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>"
        f'<MoveList><Move value="00-00"/>{main}{alternatives}</MoveList></ChineseChessRecord>\n'
    ).encode()


def pgn_games(n: int) -> bytes:
    """``n`` short games in one file."""
    return ('[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n\n' * n).encode()


def wxf_comments(n: int) -> bytes:
    """A WXF game file whose every move has a comment (docs/spec/wxfgame.md)."""
    cycle = ("H2+3", "H8+7", "H3-2", "H7-8")
    moves = "".join(f" {i // 2 + 1}. " * (i % 2 == 0) + f"{cycle[i % 4]} /*c{i}*/" for i in range(2 * n))
    return f"FORMAT\tWXF\nGAME\tShape\nSTART{{\n{moves}\n}}END\n".encode()


def json_deep(n: int) -> bytes:
    """A JSON document nested ``n`` arrays deep in a header value (docs/spec/json.md)."""
    return ('{"xqformats": 1, "games": [{"headers": {"Event": ' + "[" * n + "]" * n + "}}]}").encode()


#: Four horse moves that bring the position back: any number of them is a legal game.
_HORSES = ("H0-G2", "H9-G7", "G2-H0", "G7-H9")
#: The same in MXQ's `FR-FR` strings (docs/spec/mxq.md §4.1).
_MXQ_CYCLE = ("7A-6C", "7J-6H", "6C-7A", "6H-7J")


def mxq_moves(n: int) -> bytes:
    """An MXQ file of ``4n`` legal moves and ``n`` comment strings (docs/spec/mxq.md §4, §5)."""
    return mxq(moves=_MXQ_CYCLE * n, comments=("注",) * n)


def mxq_moves_kept(n: int) -> bytes:
    """An MXQ file whose first move is illegal: ``4n`` moves kept as one comment (docs/spec/mxq.md §4.3)."""
    return mxq(moves=("7J-7H",) + _MXQ_CYCLE * n)


def shijia_moves(n: int) -> bytes:
    """A 象棋世家 (ShiJia) record of ``4n`` legal moves and a comment text of ``n`` lines (docs/spec/shijia.md §4, §5)."""
    return ("Moves\n" + " ".join(_MXQ_CYCLE * n) + "\nEnds\n" + "注\n" * n + "CommentsEnd\n").encode()


def shijia_moves_kept(n: int) -> bytes:
    """A ShiJia record whose first move is illegal: ``4n`` moves kept as one comment (docs/spec/shijia.md §4.3)."""
    return ("Moves\n7J-7H " + " ".join(_MXQ_CYCLE * n) + "\nEnds\nCommentsEnd\n").encode()


def playok_moves(n: int) -> bytes:
    """A PlayOK record of ``4n`` legal WXF moves (docs/spec/playok.md §4)."""
    cycle = ("H2+3", "H8+7", "H3-2", "H7-8")
    moves = " ".join(f"{i // 2 + 1}. " * (i % 2 == 0) + cycle[i % 4] for i in range(4 * n))
    return f"RED a;1500\nBLACK b;1400\nEVENT Shape\nSTART{{\n{moves}\n}}\n".encode()


def ccm_moves(n: int) -> bytes:
    """A CCM file of ``4n`` legal moves (docs/spec/ccm.md §3)."""
    return ccm(*_HORSES * n)


def ccm_moves_kept(n: int) -> bytes:
    """A CCM file whose first move is illegal: ``4n`` moves kept as one comment (docs/spec/ccm.md §3.4)."""
    return ccm("H9-H7", *_HORSES * n)


def chn_moves(n: int) -> bytes:
    """A CHN file of ``4n`` legal moves, stored from Black's side (docs/spec/chn.md §3.1)."""
    return chn(*_HORSES * n, turned=True)


#: The four horse moves in Chinese (Black's digits fullwidth) and in UCCI's ICCS.
_PASTED_CYCLE = ("马二进三", "马８进７", "马三退二", "马７退８")


def pasted_moves(n: int) -> bytes:
    """Pasted text: ``4n`` legal moves, numbered `1、`, two moves a line (docs/spec/pasted.md §5)."""
    lines = (f"{i + 1}、{_PASTED_CYCLE[2 * i % 4]} {_PASTED_CYCLE[(2 * i + 1) % 4]}" for i in range(2 * n))
    return "\n".join(lines).encode()


def pasted_ucci(n: int) -> bytes:
    """A UCCI line of ``4n`` legal moves (docs/spec/pasted.md §3)."""
    cycle = " ".join(m.lower().replace("-", "") for m in _HORSES)
    return ("position startpos moves " + " ".join([cycle] * n)).encode()


HOSTILE: tuple[Shape, ...] = (
    Shape("dhtmlxq:branches-child-first", "dhtmlxq", dhtmlxq_child_first, dhtmlxq_child_first.__doc__ or ""),
    Shape("dhtmlxq:comments", "dhtmlxq", dhtmlxq_comments, dhtmlxq_comments.__doc__ or ""),
    Shape("cbr:illegal-alternatives", "cbr", cbr_illegal_alternatives, cbr_illegal_alternatives.__doc__ or ""),
    Shape("cbl:records", "cbl", cbl_records, cbl_records.__doc__ or ""),
    Shape("cbl:illegal-alternatives", "cbl", cbl_illegal_alternatives, cbl_illegal_alternatives.__doc__ or ""),
    # The quadratic cost was copying text (fast): it overshoots the budget from about 1 MB on (README).
    Shape("xqf:unplayable-alternatives", "xqf", xqf_unplayable_alternatives, xqf_unplayable_alternatives.__doc__ or "", size=2 << 20),
    Shape("cbf:illegal-alternatives", "cbf", cbf_illegal_alternatives, cbf_illegal_alternatives.__doc__ or ""),
    Shape("pgn:games", "pgn", pgn_games, pgn_games.__doc__ or ""),
    Shape("wxfgame:comments", "wxfgame", wxf_comments, wxf_comments.__doc__ or ""),
    Shape("json:deep", "json", json_deep, json_deep.__doc__ or ""),
    Shape("mxq:moves", "mxq", mxq_moves, mxq_moves.__doc__ or ""),
    Shape("mxq:moves-kept", "mxq", mxq_moves_kept, mxq_moves_kept.__doc__ or ""),
    Shape("shijia:moves", "shijia", shijia_moves, shijia_moves.__doc__ or ""),
    Shape("shijia:moves-kept", "shijia", shijia_moves_kept, shijia_moves_kept.__doc__ or ""),
    Shape("playok:moves", "playok", playok_moves, playok_moves.__doc__ or ""),
    Shape("ccm:moves", "ccm", ccm_moves, ccm_moves.__doc__ or ""),
    Shape("ccm:moves-kept", "ccm", ccm_moves_kept, ccm_moves_kept.__doc__ or ""),
    Shape("chn:moves", "chn", chn_moves, chn_moves.__doc__ or ""),
    Shape("pasted:moves", "pasted", pasted_moves, pasted_moves.__doc__ or ""),
    # Five bytes a move: 128 KB is 26,000 moves, more than any engine log holds on one line.
    Shape("pasted:ucci", "pasted", pasted_ucci, pasted_ucci.__doc__ or "", size=128 * 1024),
)


def all_shapes(registry: formats.Registry = formats.REGISTRY) -> list[Shape]:
    """Every shape: the model games by every writer, then the hostile ones."""
    return model_shapes(registry) + list(HOSTILE)


def shapes_for(target_formats: tuple[str, ...], shapes: Optional[list[Shape]] = None) -> list[Shape]:
    """The shapes of the formats named (every shape when none is named: a target for any input)."""
    pool = all_shapes() if shapes is None else shapes
    return [s for s in pool if not target_formats or s.format in target_formats]
