"""The binary readers' worst cases, grown, within the harness's time budget (issue 28, items 2-4).

Each reproducer is a tree that once made a reader quadratic, grown to a size
at which the quadratic reading overran :class:`harness.Budget` (a fixed
allowance plus 20 µs a byte) several times over, and run as the fuzzing loop
runs a grown input (:func:`harness.run_one`, the ``read:<format>`` target:
the front door, no G106).  Read in linear time, each stays well within.  The
tests also check what was read, by counting: the trees are regular, so every
finding and every kept comment is known in advance.

* XQF, one move with many unplayable alternatives: each kept text was joined
  to the move's comment by copying the comment so far (321 KB took 3.7 s);
  160,000 alternatives (1.3 MB) would take about 45 s, against 27.6 s.
"""

from __future__ import annotations

from harness import Budget, run_one
from targets import all_targets
from test_xqf_reader import rec, v10
from xqformats import formats

_TARGETS = {t.name: t for t in all_targets()}

def within_budget(target: str, data: bytes) -> None:
    """Run ``data`` as the fuzzing loop runs a grown input; fail with the harness's finding if any."""
    formats.read(data[:4096], format=target.split(":")[1])  # first use: layouts and rules loaded
    finding, measure = run_one(_TARGETS[target], data, Budget())
    assert finding is None, finding.describe()
    print(f"{target}: {len(data):,} bytes in {measure.seconds:.2f} s ({measure.seconds / len(data) * 1e6:.1f} µs/byte)")


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
