#!/usr/bin/env python3
"""Check the XQR reader and writer against the proposal's own sample file.

Usage::

    python tools/check_xqr_sample.py PATH/TO/res/1.xqr

The sample (``res/1.xqr`` of the XQR proposal's repository, pengguang001/xqr) is
third-party and is not in this repository, nor in the shared corpus, so the test
suite cannot read it; its clauses are rebuilt byte by byte in
``tests/test_xqr.py``. This check reads the real file: 2,323 bytes, 543 moves,
the CRC item at 0x90D, headers as the proposal's ``res/1.pgn`` gives them, and a
write that reproduces the sample's tree bytes exactly (our writer orders the
header items by type; the sample has ``date`` before ``site``). Exit status 0
when every point holds, 1 with the first that does not.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def problems(data: bytes) -> list[str]:
    """What in the sample does not read or write back as the proposal states it."""
    from xqformats.xqr import read_xqr, write_xqr

    game, diags = read_xqr(data)
    if game is None or diags:
        return [f"read: {len(diags)} findings: " + "; ".join(d.message for d in diags[:3])]
    moves = [m.uci() for m in game.mainline_moves()]
    expected = {
        "size": (len(data), 2323),
        "CRC item at 0x90D": (data[0x90D:0x90F], b"\x0a\x04"),
        "main-line moves": (len(moves), 543),
        "first moves": (moves[:3], ["b2e2", "b9c7", "b0c2"]),
        "result": (game.result, "1-0"),
        "Red": (game.headers.get("Red"), "北京 蒋川"),
        "Site": (game.headers.get("Site"), "上海市卢湾体育馆"),
    }
    found = [f"{what}: {got!r}, expected {want!r}" for what, (got, want) in expected.items() if got != want]
    written = write_xqr(game)
    if len(written) != len(data) or sorted(written[:0x8B]) != sorted(data[:0x8B]):
        found.append("write: the header items are not the sample's bytes in another order")
    if written[0x8B:0x90D] != data[0x8B:0x90D]:
        found.append("write: the move tree is not the sample's bytes")
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))  # the checkout's reader, not an installed copy
    found = problems(Path(args[0]).read_bytes())
    for line in found:
        print(line)
    if not found:
        print("the sample reads and writes back as the proposal states it")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
