"""The ``xqformats adjudicate`` subcommand: what the repetition rules say about one game (docs/adjudication.md).

``xqformats adjudicate FILE [--game K] [--rules cxa|axf] [--format text|json]``
reads ``FILE`` through the front door, judges the main line of its K-th game
(:func:`~.verdict.adjudicate`) and prints, for each repetition decided in it,
the cycle as a table of plies — the move, what it does (check, kill, chase of
which piece, idle) and the clause of docs/spec/rules.md that says so, how many
times its position had occurred — each side's summary and the ruling with
its clause; then whether the recorded result agrees, and the natural limit.
This is what a user brings to a dispute about a result.

Exit status: 0 printed; 1 the recorded result contradicts the ruling (what
lint reports as ``R101``); 2 a usage error, an unreadable file, no such game,
or a game whose moves stop at an error (its main line is not the game's).
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from typing import Any

from .. import formats
from ..core import side_name, square_name
from ..diagnostics import Severity
from ..model import Game
from .classifier import Effect, Kind
from .rulebook import RULE_BOOKS, RuleBook, clause, rule_book
from .ruling import Ruling
from .verdict import Adjudication, Episode, adjudicate


class AdjudicateError(ValueError):
    """A request that cannot be answered (exit status 2); the message is for the user."""


#: The clause of docs/spec/rules.md that names each kind of move (the table's last column).
EFFECT_CLAUSES = {Kind.CHECK: "3.1", Kind.KILL: "3.9", Kind.CHASE: "3.7", Kind.IDLE: "3.10"}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Judge the repetitions of one game by the rules (CXA 1999 or AXF): each decided cycle as a table of plies\n"
        "(the move, what it does, the position count, the clause), the ruling and its clause, whether the recorded\n"
        "result agrees, and the natural limit (docs/adjudication.md, docs/spec/rules.md)."
    )
    p.epilog = """exit status:
  0  the judgement was printed
  1  the recorded result contradicts the ruling (lint's R101)
  2  usage error: a file that cannot be read, no such game, or a game whose moves stop at an error

examples:
  xqformats adjudicate game.pgn
  xqformats adjudicate library.cbl --game 12 --rules axf
  xqformats adjudicate game.xqf --format json > ruling.json"""
    p.add_argument("input", metavar="FILE", help="a record file (any format `xqformats lint` reads)")
    p.add_argument("--game", type=int, default=1, metavar="K", help="the K-th game of the file (default: 1)")
    p.add_argument(
        "--rules", choices=tuple(RULE_BOOKS), default="cxa",
        help="the rule set: cxa, the Chinese Xiangqi Association's 1999 rules (default), or axf, the Asian Xiangqi Federation's",
    )
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")


# ---------------------------------------------------------------- reading the game


def _game(path: str, number: int) -> tuple[Game, int]:
    """Game ``number`` of the file at ``path`` and how many games the file holds; raises :class:`AdjudicateError`."""
    record = formats.read(path)
    if record.failed or record.format is None:
        first = record.diagnostics[0] if record.diagnostics else None
        raise AdjudicateError(first.message if first is not None else f"Cannot read `{path}`")
    count = len(record.games)
    if not 1 <= number <= count:
        holds = f"holds {count} game{'s' if count != 1 else ''}" if count else "holds no game"
        raise AdjudicateError(f"no game {number}: `{path}` {holds}")
    game = record.games[number - 1]
    stops = [d for d in game.diagnostics if d.severity is Severity.ERROR and not d.deviation]
    if stops:
        where = f"line {stops[0].line}" if stops[0].line is not None else "the record"
        raise AdjudicateError(
            f"game {number} of `{path}` has an error ({where}: {stops[0].message}); its main line is not the game's, "
            "so it is not judged (`xqformats lint` shows the errors)"
        )
    return game, count


def _stated_result(game: Game) -> str:
    return game.result if game.result != "*" else game.headers.get("Result", "*")


# ---------------------------------------------------------------- what each ply does


def _effect_clause(effect: Effect) -> str:
    if effect.kind is Kind.IDLE and effect.exempt:
        return "3.8"
    return EFFECT_CLAUSES[effect.kind]


def _texts(game: Game) -> list[str]:
    """The record's own spelling of each main-line move (its ICCS when the record has none)."""
    return [n.text or (n.move.iccs() if n.move is not None else "") for n in game.root.mainline()]


def _plies(ruling: Ruling, texts: list[str]) -> list[dict[str, Any]]:
    cycle = ruling.cycle
    rows = []
    for j, (move, effect) in enumerate(zip(cycle.moves, ruling.effects, strict=True)):
        ply = cycle.first + j + 1
        rows.append({
            "ply": ply,
            "move": move.iccs(),
            "text": texts[ply - 1] if ply - 1 < len(texts) else move.iccs(),
            "side": "red" if effect.side else "black",
            "kind": effect.kind.value,
            "what": effect.describe(board_after=cycle.positions[j + 1]),
            "count": cycle.counts[j + 1],
            "clause": clause(_effect_clause(effect)),
            "checkers": [square_name(s) for s in effect.checkers],
            "chases": [_threat(t) for t in effect.chases],
            "exempt": [_threat(t) for t in effect.exempt],
            "kill": effect.kill.iccs() if effect.kill is not None else None,
        })
    return rows


def _threat(t: Any) -> dict[str, Any]:
    return {"attacker": square_name(t.attacker), "piece": t.attacker_piece, "target": square_name(t.target),
            "target_piece": t.target_piece, "reason": t.reason}


def _ruling(ruling: Ruling) -> dict[str, Any]:
    book = ruling.book
    return {
        "verdict": ruling.verdict(),
        "loser": None if ruling.loser is None else side_name(ruling.loser).lower(),
        "result": ruling.result,
        "immediate": ruling.immediate,
        "clause": book.book_clause(ruling.key),
        "spec": book.spec_clause(ruling.key),
        "reason": ruling.reason,
        "red": ruling.red.summary,
        "black": ruling.black.summary,
    }


def _episode(episode: Episode, verdict: Adjudication, texts: list[str]) -> dict[str, Any]:
    """One run of decided plies: its cycle at the end of the game when it runs to the end (the ruling that applies
    to the result, §7.1), else where it was first decided."""
    ends_game = episode.last == verdict.plies and verdict.final is not None
    ruling = verdict.final if ends_game else episode.ruling
    assert ruling is not None
    return {
        "decided_at": episode.first,
        "decided_until": episode.last,
        "ends_game": ends_game,
        "occurrences": list(ruling.cycle.plies),
        "plies": _plies(ruling, texts),
        "ruling": _ruling(ruling),
    }


def report_json(verdict: Adjudication, game: Game, *, path: str, number: int, games: int) -> dict[str, Any]:
    """The judgement of one game as a JSON object (the shape docs/adjudication.md describes)."""
    texts = _texts(game)
    book = verdict.book
    stated = _stated_result(game)
    expected = verdict.expected_result()
    limit = verdict.limit
    return {
        "file": path,
        "game": number,
        "games": games,
        "red": game.headers.get("Red"),
        "black": game.headers.get("Black"),
        "rules": book.name,
        "rule_book": book.title,
        "plies": verdict.plies,
        "result": stated,
        "repetitions": [_episode(e, verdict, texts) for e in verdict.episodes],
        "ends_in_repetition": verdict.final is not None,
        "expected_result": expected,
        "contradicts": verdict.contradicts(stated),
        "natural_limit": None if limit is None else {
            "ply": limit.ply, "first": limit.first, "clause": book.book_clause("limit"), "spec": book.spec_clause("limit"),
            "checks": {side_name(s).lower(): n for s, n in limit.checks.items()},
            "claimants": [side_name(s).lower() for s in limit.claimants],
        },
    }


# ---------------------------------------------------------------- text


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def _table(rows: list[dict[str, Any]]) -> list[str]:
    moves = [f"{r['move']} {r['text']}" if r["text"] != r["move"] else r["move"] for r in rows]
    width = max(_width(m) for m in moves)
    out = [f"  {'ply':>4}  {_pad('move', width)}  {'side':<5}  {'count':>5}  {'clause':<6}  what it does"]
    for r, move in zip(rows, moves, strict=True):
        section = r["clause"].rsplit(" ", 1)[-1]
        out.append(f"  {r['ply']:>4}  {_pad(move, width)}  {r['side']:<5}  {r['count']:>5}  {section:<6}  {r['what']}")
    return out


def _episode_lines(episode: dict[str, Any]) -> list[str]:
    r = episode["ruling"]
    first, middle, last = episode["occurrences"]
    run = episode["decided_at"], episode["decided_until"]
    head = f"Repetition decided at ply {run[0]}"
    if run[1] > run[0]:
        head += f", and at every ply to {run[1]}"
    head += ", the end of the game." if episode["ends_game"] else f"; the game goes on after ply {run[1]}."
    return [
        head,
        f"The position after ply {first} occurred at plies {first}, {middle} and {last}: the cycle is plies {first + 1}–{last}.",
        *_table(episode["plies"]),
        f"Red: {r['red']}.",
        f"Black: {r['black']}.",
        f"Ruling: {r['verdict']} ({r['clause']}; {r['spec']}).",
        "",
    ]


def report(data: dict[str, Any]) -> str:
    """The text form of :func:`report_json`'s object."""
    players = f": {data['red'] or '?'} vs {data['black'] or '?'}" if data["red"] or data["black"] else ""
    lines = [
        f"{data['file']}, game {data['game']} of {data['games']}{players}; {data['plies']} plies, result {data['result']}",
        f"Rules: {data['rule_book']} (--rules {data['rules']}; docs/spec/rules.md)",
        "",
    ]
    if not data["repetitions"]:
        lines += ["No position occurs three times in the main line: no repetition is decided.", ""]
    for episode in data["repetitions"]:
        lines += _episode_lines(episode)
    lines += _result_lines(data)
    return "\n".join(lines).rstrip("\n") + "\n"


def _result_lines(data: dict[str, Any]) -> list[str]:
    out = []
    expected = data["expected_result"]
    if not data["ends_in_repetition"]:
        out.append(f"The game does not end in a decided repetition: the result {data['result']} is not judged.")
    elif expected is None:
        out.append(f"The game ends in a cycle ruled a draw; the result {data['result']} is not compared (a draw needs a claim).")
    elif data["contradicts"]:
        out.append(f"The result {data['result']} contradicts the ruling: expected {expected} (R101).")
    elif data["result"] == expected:
        out.append(f"The result {data['result']} agrees with the ruling.")
    elif data["result"] == "1/2-1/2" and data["natural_limit"] is not None:
        out.append(f"The ruling gives {expected}, but the natural limit was reached first: the draw stands.")
    else:
        out.append(f"The ruling gives {expected}; the record states no result.")
    limit = data["natural_limit"]
    if limit is None:
        out.append("Natural limit: not reached.")
    else:
        checks = ""
        if limit["checks"]:
            counts = ", ".join(f"{side} {n}" for side, n in limit["checks"].items())
            checks = f"; checks: {counts}; {' or '.join(limit['claimants'])} may claim"
        out.append(
            f"Natural limit: reached at ply {limit['ply']}, no capture in plies {limit['first']}–{limit['ply']}{checks} "
            f"({limit['clause']}; {limit['spec']})."
        )
    return out


def judgement(path: str, number: int, book: RuleBook) -> dict[str, Any]:
    """:func:`report_json` of game ``number`` of the file at ``path``; raises :class:`AdjudicateError`."""
    game, count = _game(path, number)
    return report_json(adjudicate(game, book), game, path=path, number=number, games=count)


def run(args: argparse.Namespace) -> int:
    """Print the judgement; 0, 1 when the result contradicts the ruling, 2 with a message on stderr."""
    try:
        data = judgement(args.input, args.game, rule_book(args.rules))
    except AdjudicateError as exc:
        print(f"xqformats adjudicate: {exc}", file=sys.stderr)
        return 2
    if args.format == "json":
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(report(data))
    sys.stdout.flush()
    return 1 if data["contradicts"] else 0
