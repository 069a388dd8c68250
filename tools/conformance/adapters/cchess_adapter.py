"""The cchess package (PyPI ``cchess``) as a conformance decoder: reads a record on stdin, prints the JSON form.

    xqformats conformance run --format pgn --decoder "python tools/conformance/adapters/cchess_adapter.py"

Decoder protocol (docs/conformance.md): the record's bytes on stdin, its file
name in ``XQ_CASE_NAME``.  cchess reads files by name, so the bytes are
written to a temporary file of that name and ``cchess.Game.read_from`` reads
it (the extension picks its reader: .pgn, .xqf, .cbf, .cbr).  The game is
printed as xqformats' JSON form (docs/spec/json.md): what cchess kept.

What this adapter adds: cchess lower-cases tag names, so the names of the
standard tags are spelled back (``event`` → ``Event``; others are printed as
cchess keeps them); cchess keeps the FEN tag only as its start position, so
the start position is printed and no FEN header; cchess's ICCS text
(``h2e2``) is printed as ``H2-E2``.  Nothing else is corrected.

Exit status 1 (the decoder rejects the input) when cchess raises or returns
no game.  Not a dependency of xqformats: a tool that needs ``cchess``.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

START_TAIL = " - - 0 1"
#: Standard tag names as PGN spells them (cchess keeps them lower-cased).
TAG_NAMES = {
    name.lower(): name
    for name in (
        "Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result", "Format", "RedTeam", "BlackTeam",
        "Opening", "Variation", "ECCO", "Termination", "PlyCount", "Annotator", "Title", "Time", "TimeControl",
        "RedElo", "BlackElo", "Variant", "White", "WhiteElo",
    )
}
#: cchess's own bookkeeping in ``game.info``, not tags of the record.
INTERNAL = frozenset({"branchs", "source", "fen"})
RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "*": "*", "红胜": "1-0", "黑胜": "0-1", "和棋": "1/2-1/2"}


def iccs(move: Any) -> str:
    """cchess's move as ICCS with a dash (its (x, y) points are file 0-8 from a, rank 0-9)."""
    (fx, fy), (tx, ty) = move.p_from, move.p_to
    return f"{'ABCDEFGHI'[fx]}{fy}-{'ABCDEFGHI'[tx]}{ty}"


def nodes_of(game: Any) -> list[dict[str, Any]]:
    """The move tree in pre-order with parent indices (JSON §2.3): a move, then what follows it, then its alternatives."""
    root: dict[str, Any] = {}
    if getattr(game, "annote", None):
        root["comments"] = [game.annote]
    nodes = [root]
    first = game.first_move
    stack = [(m, 0) for m in reversed(first.get_siblings(include_me=True))] if first else []
    while stack:
        move, parent = stack.pop()
        node: dict[str, Any] = {"parent": parent, "move": iccs(move)}
        if move.annote:
            node["comments"] = [move.annote]
        nodes.append(node)
        here = len(nodes) - 1
        if move.next_move is not None:
            stack.extend((m, here) for m in reversed(move.next_move.get_siblings(include_me=True)))
    return nodes


def form_of(game: Any) -> dict[str, Any]:
    headers = [[TAG_NAMES.get(k, k), str(v)] for k, v in game.info.items() if k not in INTERNAL and v is not None]
    start = game.init_board.to_fen()
    if len(start.split()) == 2:
        start += START_TAIL
    result = RESULTS.get(str(game.info.get("result", "*")), "*")
    return {"xqformats": 1, "games": [{"headers": headers, "start": start, "result": result, "nodes": nodes_of(game)}]}


def main() -> int:
    import cchess  # the peer; imported here so that --help works without it

    name = Path(os.environ.get("XQ_CASE_NAME") or "input.pgn").name
    data = sys.stdin.buffer.read()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(data)
        try:
            game = cchess.Game.read_from(str(path))
        except Exception as exc:  # the safety net of this tool: any failure of the peer is its rejection
            print(f"cchess: {type(exc).__name__}: {exc}", file=sys.stderr)
            return 1
    if game is None:
        return 1
    sys.stdout.write(json.dumps(form_of(game), ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
