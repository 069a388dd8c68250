"""The binary readers' worst cases, grown, within the harness's time budget (issue 28, items 2-4).

Each reproducer is a tree that once made a reader quadratic, grown to a size
at which the quadratic reading overran :class:`harness.Budget` (a fixed
allowance plus 20 µs a byte) several times over, and run as the fuzzing loop
runs a grown input (:func:`harness.run_one`, the ``read:<format>`` target:
the front door, no G106).  Read in linear time, each stays well within.  The
tests also check what was read, by counting: the trees are regular, so every
finding and every kept comment is known in advance.

* CBR and CBL, a long main line where every move has an illegal
  alternative: each alternative is kept as a comment whose message names its
  ply, which the reader found by walking to the root (130 KB took 2.8 s,
  twice the size 3.5 times as long); 48,000 moves (386 KB) would take about
  20 s, against a budget of 9.7 s.
* CBF, the same tree as for CBR: the kept comment's message named its ply by
  the same walk.  A ``Move`` element is eight times a CBR record, so the
  budget per byte hides the quadratic cost up to megabytes (32,000 moves,
  2.2 MB, took 25 s against 45 s): the test is the growth instead, four times
  the moves in about four times the time (quadratic: sixteen).
* XQF, one move with many unplayable alternatives: each kept text was joined
  to the move's comment by copying the comment so far (321 KB took 3.7 s);
  160,000 alternatives (1.3 MB) would take about 45 s, against 27.6 s.
"""

from __future__ import annotations

import time

import pytest

from cbf_helpers import cbf, nid_moves
from cbr_helpers import ALT, END, Entry, Rec, cbl, cbr
from harness import Budget, run_one
from targets import all_targets
from test_xqf_reader import rec, v10
from xqformats import formats
from xqformats.model import Game

_TARGETS = {t.name: t for t in all_targets()}

#: Horses out and back: a main line legal for ever.
SHUTTLE = ("H0-G2", "H9-G7", "G2-H0", "G7-H9")


def within_budget(target: str, data: bytes) -> None:
    """Run ``data`` as the fuzzing loop runs a grown input; fail with the harness's finding if any."""
    formats.read(data[:4096], format=target.split(":")[1])  # first use: layouts and rules loaded
    finding, measure = run_one(_TARGETS[target], data, Budget())
    assert finding is None, finding.describe()
    print(f"{target}: {len(data):,} bytes in {measure.seconds:.2f} s ({measure.seconds / len(data) * 1e6:.1f} µs/byte)")


# ---------------------------------------------------------------- CBR, CBL: an illegal alternative to every move

CBR_MOVES = 48_000


def every_move_with_an_illegal_alternative(n: int) -> bytes:
    """A CBR record: ``n`` moves, each with the alternative A0-A5 (the rook cannot jump its pawn,
    and is not Black's), listed after its move's subtree: the innermost first."""
    line = [Rec(SHUTTLE[i % 4], ALT) for i in range(n)]
    line[-1] = Rec(SHUTTLE[(n - 1) % 4], ALT | END)
    return cbr(line + [Rec("A0-A5", END)] * n)


def check_cbr_game(game: Game, n: int) -> None:
    main = list(game.mainline())
    assert len(main) == n and [node.move.iccs() for node in main[:4]] == list(SHUTTLE)  # type: ignore[union-attr]
    assert game.root.comments == ["CBR moves not read: A0-A5 /"]
    assert all(node.comments == ["CBR moves not read: A0-A5 /"] for node in main[:-1])
    assert all(len(node.children) == 1 for node in main[:-1])


def check_cbr_findings(codes: list[str], messages: list[str], n: int) -> None:
    assert codes.count("B111") == n and codes.count("B112") == n
    # Innermost first: the alternative to the last move is kept on the move before it.
    kept = [m for m, c in zip(messages, codes) if c == "B112"]
    assert kept[0] == f"Moves from here to the end of the line, 1 in all, are kept as a comment on the move at ply {n - 1}"
    assert kept[-1] == "Moves from here to the end of the line, 1 in all, are kept as a comment before the first move"


def test_cbr_an_illegal_alternative_to_every_move_is_read_in_linear_time() -> None:
    within_budget("read:cbr", every_move_with_an_illegal_alternative(CBR_MOVES))


def test_cbl_an_illegal_alternative_to_every_move_is_read_in_linear_time() -> None:
    within_budget("read:cbl", cbl([Entry(every_move_with_an_illegal_alternative(CBR_MOVES))]))


@pytest.mark.parametrize("library", [False, True])
def test_cbr_the_grown_tree_reads_as_expected(library: bool) -> None:
    n = 1000  # the same tree, smaller: what the timed runs read
    data = every_move_with_an_illegal_alternative(n)
    record = formats.read(cbl([Entry(data)]) if library else data, format="cbl" if library else "cbr")
    (game,) = record.games
    check_cbr_game(game, n)
    check_cbr_findings([d.code for d in record.diagnostics], [d.message for d in record.diagnostics], n)


# ---------------------------------------------------------------- CBF: the same tree

#: The CBR tree's moves as CBF values (XY: file 0–8 from a, row 0–9 from Black's side).
CBF_SHUTTLE = ("79-67", "70-62", "67-79", "62-70")


def cbf_every_move_with_an_illegal_alternative(n: int) -> bytes:
    """``n`` moves by ``nid``, each with the alternative 80-85 (i9-i4 in ICCS: Black's rook cannot
    jump its pawn, and is not Red's), listed after the main line: the innermost first."""
    line = [(i + 1, CBF_SHUTTLE[i % 4]) for i in range(n)]
    return cbf("", nid_moves(line + [(k, "80-85") for k in range(n, 0, -1)]))


def test_cbf_an_illegal_alternative_to_every_move_is_read_in_linear_time() -> None:
    def seconds(n: int) -> float:
        data = cbf_every_move_with_an_illegal_alternative(n)
        start = time.perf_counter()
        formats.read(data, format="cbf")
        return time.perf_counter() - start

    seconds(100)  # first use: the schema and rules loaded
    small = min(seconds(4000) for _ in range(2))
    large = min(seconds(16_000) for _ in range(2))
    assert large < 4 * small * 2.5, f"{small:.2f} s for 4,000 moves, {large:.2f} s for 16,000"


def test_cbf_the_grown_tree_reads_as_expected() -> None:
    n = 1000
    record = formats.read(cbf_every_move_with_an_illegal_alternative(n), format="cbf")
    (game,) = record.games
    main = list(game.mainline())
    assert len(main) == n and [node.move.iccs() for node in main[:4]] == list(SHUTTLE)  # type: ignore[union-attr]
    assert game.root.comments == ["CBF moves not read: 1:80-85"]
    assert [node.comments for node in main[:3]] == [["CBF moves not read: 2:80-85"], ["CBF moves not read: 3:80-85"], ["CBF moves not read: 4:80-85"]]
    codes = [d.code for d in record.diagnostics]
    assert codes.count("C306") == n and codes.count("C311") == n and len(codes) == 2 * n
    kept = [d.message for d in record.diagnostics if d.code == "C311"]
    # In document order: the first alternative kept is the last move's, on the move before it.
    assert kept[0] == f"Moves from here to the end of the line, 1 in all, are kept as a comment on `{CBF_SHUTTLE[(n - 2) % 4]}` at ply {n - 1}"
    assert kept[-1] == "Moves from here to the end of the line, 1 in all, are kept as a comment before the first move"


# ---------------------------------------------------------------- XQF: many unplayable alternatives to one move

XQF_ALTERNATIVES = 160_000


def many_unplayable_alternatives(n: int) -> bytes:
    """An XQF file whose first move has ``n`` alternatives, all A0-A5 (the rook cannot jump its pawn)."""
    return v10([rec(None, True, False)] + [rec("a0a5", False, i + 1 < n) for i in range(n)])


def test_xqf_many_unplayable_alternatives_are_read_in_linear_time() -> None:
    within_budget("read:xqf", many_unplayable_alternatives(XQF_ALTERNATIVES))


def test_xqf_the_grown_tree_reads_as_expected() -> None:
    n = 1000  # the same tree, smaller: what the timed run reads
    record = formats.read(many_unplayable_alternatives(n), format="xqf")
    (game,) = record.games
    assert game.root.children == []
    # One text per alternative, joined in file order (X306 names the start).
    assert game.root.comments == ["\n".join(["XQF moves not read: a0a5"] * n)]
    codes = [d.code for d in record.diagnostics]
    assert codes == ["X304", "X306"] * n
