"""Fairy-Stockfish (``pyffish``) as a conformance decoder for moves and FEN.

    xqformats conformance run --format pgn-iccs --format pgn-wxf --format pgn-san --format json \\
        --decoder "python tools/conformance/adapters/pyffish_adapter.py"

For the cases whose meaning is a start position and moves from it: the
adapter finds the FEN and the moves in the record, replays every move with
pyffish (its own move generator: an independent judge of FEN validity and
legality) and prints the JSON form, or exits 1 — rejects — on a FEN pyffish
refuses, a move that matches no legal move, or a recorded result that a mate
at the end of the main line contradicts.

What the adapter itself reads (small and deliberately simple, not a PGN
reader): tag pairs ``[Name "value"]``; the main line's move tokens (move
numbers, NAGs, results and ``{…}``/``;`` comments are skipped; a variation
``(…)`` is skipped whole); the JSON form's ``start`` and ``nodes``.  A move
token is matched against pyffish's own texts for each legal move: ICCS is
compared as coordinates (pyffish counts ranks 1-10, ICCS 0-9); WXF and SAN
texts as pyffish writes them (``NOTATION_XIANGQI_WXF``), ignoring `+`/`#` marks and taking
`.` and `=` as the same traverse sign; SAN by the piece pyffish names and the to-square, a
locator (which SAN allows stronger than needed) having to fit the from-square.
Chinese moves are not read (pyffish has no Chinese notation): such a record
is rejected.  Comments, NAGs and variations are not printed.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any, Callable, Optional

VARIANT = "xiangqi"
TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
ICCS = re.compile(r"([A-Ia-i])([0-9])-?([A-Ia-i])([0-9])")
SAN = re.compile(r"([KAEBHNRCP]?)([a-i]?)(\d{0,2}?)([a-i]\d{1,2})")
NUMBER_OR_NAG = re.compile(r"\d+\.(\.\.)?|\.\.\.|\$\d+")


class Rejected(Exception):
    """The record holds a FEN or a move pyffish does not accept."""


def full_fen(fen: str) -> str:
    fields = fen.split()
    return " ".join(fields + ["w", "-", "-", "0", "1"][len(fields) - 1:]) if len(fields) < 6 else fen


def checked_fen(fen: str, sf: Any) -> str:
    fen = full_fen(fen)
    if sf.validate_fen(fen, VARIANT) != sf.FEN_OK:
        raise Rejected(f"pyffish refuses the FEN {fen}")
    return fen


def movetext_tokens(text: str) -> tuple[list[str], str]:
    """The main line's move tokens and the result, from PGN movetext (comments and variations skipped)."""
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = re.sub(r";[^\n]*", " ", text)
    while True:  # innermost variations first
        stripped = re.sub(r"\([^()]*\)", " ", text)
        if stripped == text:
            break
        text = stripped
    moves, result = [], "*"
    for token in text.split():
        if token in RESULTS:
            result = token
            break
        if not NUMBER_OR_NAG.fullmatch(token):
            moves.append(token.rstrip("!?"))
    return moves, result


def plain(text: str) -> str:
    """A move text without its check, mate and capture marks, `=` taken as `.` (WXF's traverse)."""
    return re.sub(r"[#x]", "", text.replace("=", ".")).rstrip("+")


def matcher(token: str, fmt: str, sf: Any) -> Callable[[str, str], bool]:
    """A test of one legal UCI move (in a position) against ``token`` in the record's notation."""
    if fmt == "ICCS" and ICCS.fullmatch(token):
        uci = to_uci(token)
        return lambda fen, move: move == uci
    if fmt == "SAN":
        return san_matcher(token, sf)
    wanted = plain(token)
    return lambda fen, move: plain(sf.get_san(VARIANT, fen, move, False, sf.NOTATION_XIANGQI_WXF)) == wanted


def san_matcher(token: str, sf: Any) -> Callable[[str, str], bool]:
    """SAN: the piece (as pyffish names it) and the to-square must agree; a locator, if any, must fit the from-square.

    SAN allows a locator stronger than needed (`E3g5` where pyffish writes `Eg5`), so texts are not compared whole.
    """
    found = SAN.fullmatch(plain(token))
    if found is None:
        return lambda fen, move: False
    letter, file, rank, to = found.groups()
    letter = {"B": "E", "N": "H"}.get(letter, letter) or "P"

    def test(fen: str, move: str) -> bool:
        src, dst = re.fullmatch(r"([a-i]\d+)([a-i]\d+)", move).groups()  # type: ignore[union-attr]
        san = plain(sf.get_san(VARIANT, fen, move, False, sf.NOTATION_SAN))
        piece = san[0] if san[0].isupper() else "P"
        return piece == letter and dst == to and (not file or src[0] == file) and (not rank or src[1:] == rank)

    return test


def replay(fen: str, tokens: list[str], fmt: str, sf: Any) -> list[str]:
    """The ICCS of each move of ``tokens`` from ``fen``; raises :class:`Rejected` at the first that matches no legal move."""
    played: list[str] = []
    uci: list[str] = []
    for token in tokens:
        current = sf.get_fen(VARIANT, fen, uci)
        test = matcher(token, fmt, sf)
        hits = [m for m in sf.legal_moves(VARIANT, fen, uci) if test(current, m)]
        if len(hits) != 1:
            raise Rejected(f"`{token}` matches {len(hits)} legal moves")
        uci.append(hits[0])
        played.append(to_iccs(hits[0]))
    return played


def check_result(fen: str, uci: list[str], result: str, sf: Any) -> None:
    """Reject a recorded result that a mate or stalemate at the end contradicts (no legal move loses)."""
    if sf.legal_moves(VARIANT, fen, uci):
        return
    red_to_move = sf.get_fen(VARIANT, fen, uci).split()[1] == "w"
    winner = "0-1" if red_to_move else "1-0"
    if result not in (winner, "*"):
        raise Rejected(f"the side to move has no legal move, so the result is {winner}, not {result}")


def to_uci(iccs: str) -> str:
    """``H2-E2`` → ``h3e3`` (pyffish counts ranks from 1)."""
    found = ICCS.fullmatch(iccs)
    if found is None:
        raise Rejected(f"`{iccs}` is not ICCS")
    a, r1, b, r2 = found.groups()
    return f"{a.lower()}{int(r1) + 1}{b.lower()}{int(r2) + 1}"


def to_iccs(uci: str) -> str:
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", uci)
    assert m is not None
    a, r1, b, r2 = m.groups()
    return f"{a.upper()}{int(r1) - 1}-{b.upper()}{int(r2) - 1}"


def notation_of(tags: dict[str, str], tokens: list[str]) -> str:
    fmt = tags.get("Format", "").upper()
    if fmt in ("ICCS", "WXF"):
        return fmt
    if tokens and all(ICCS.fullmatch(t) for t in tokens):
        return "ICCS"
    return "SAN" if "Variant" in tags else "WXF"


def read_pgn(text: str, sf: Any) -> dict[str, Any]:
    pairs = TAG.findall(text)
    tags = dict(pairs)
    movetext = TAG.sub(" ", text)
    tokens, result = movetext_tokens(movetext)
    if any(re.search(r"[\u4e00-\u9fff]", t) for t in tokens):
        raise Rejected("Chinese moves: pyffish has no Chinese notation")
    fen = checked_fen(tags.get("FEN", sf.start_fen(VARIANT)), sf)
    moves = replay(fen, tokens, notation_of(tags, tokens), sf)
    check_result(fen, [to_uci(m) for m in moves], result, sf)
    headers = [[k, v.replace('\\"', '"').replace("\\\\", "\\")] for k, v in pairs]
    nodes: list[dict[str, Any]] = [{}] + [{"parent": i, "move": m} for i, m in enumerate(moves)]
    return {"headers": headers, "start": fen, "result": result, "nodes": nodes}


def read_json_game(game: dict[str, Any], sf: Any) -> dict[str, Any]:
    """A game of the JSON form with every move replayed from its parent's position (JSON §2.3)."""
    fen = checked_fen(game["start"], sf)
    lines: list[list[str]] = [[]]  # the UCI moves leading to each node
    nodes: list[dict[str, Any]] = [dict(game["nodes"][0])]
    for node in game["nodes"][1:]:
        parent = node["parent"]
        before = lines[parent]
        (move,) = replay(sf.get_fen(VARIANT, fen, before), [node["move"]], "ICCS", sf)
        lines.append(before + [to_uci(move)])
        nodes.append({**node, "move": move})
    return {"headers": game.get("headers", []), "start": fen, "result": game.get("result", "*"), "nodes": nodes}


def decode(data: bytes, name: str, sf: Any) -> dict[str, Any]:
    text = data.decode("utf-8-sig")
    if name.lower().endswith(".json"):
        doc = json.loads(text)
        return {"xqformats": 1, "games": [read_json_game(g, sf) for g in doc["games"]]}
    return {"xqformats": 1, "games": [read_pgn(text, sf)] if text.strip() else []}


def main(argv: Optional[list[str]] = None) -> int:
    import pyffish as sf  # the peer; imported here so that --help works without it

    name = os.environ.get("XQ_CASE_NAME") or "input.pgn"
    try:
        form = decode(sys.stdin.buffer.read(), name, sf)
    except (Rejected, UnicodeDecodeError, ValueError, KeyError, TypeError, IndexError) as exc:
        print(f"pyffish adapter: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(json.dumps(form, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
