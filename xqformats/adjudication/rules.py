"""The lint rules of repetitions and the natural limit: R101–R103 (docs/spec/rules.md §7).

Declared here, beside the engine that decides them; the check that reports
them is :mod:`xqformats.lint.checks` (it runs :func:`~.verdict.adjudicate_scan`
on each game's main line under the run's rule set, ``--rules`` or
``rules = "cxa"|"axf"``).
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

_SPEC = "docs/spec/rules.md"
_CXA = "中国象棋协会《中国象棋竞赛规则》(1999)"
_AXF = "the Asian Xiangqi Federation rules (2003)"

#: A Red rook that checks on d0 and e0 while the Black king steps between d9 and e9.
_CHECKS = "1. H1-D1 D9-E9 2. D1-E1 E9-D9 3. E1-D1 D9-E9 4. D1-E1 E9-D9 5. E1-D1"
_CHECK_TAGS = '[Game "Chinese Chess"]\n[FEN "3k5/9/9/9/9/9/9/9/7R1/5K3 w - - 0 1"]\n[Format "ICCS"]\n'


def _king_shuffle(rounds: int) -> str:
    """``rounds`` rounds of the two kings stepping out and back (E0-E1, D9-D8, …), eight rounds a line."""
    pairs = [("E0-E1", "D9-D8"), ("E1-E0", "D8-D9")]
    moves = [f"{n}. {pairs[(n - 1) % 2][0]} {pairs[(n - 1) % 2][1]}" for n in range(1, rounds + 1)]
    return "\n".join(" ".join(moves[i : i + 8]) for i in range(0, len(moves), 8))


_LIMIT_TAGS = '[Game "Chinese Chess"]\n[FEN "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"]\n[Format "ICCS"]\n'

RESULT_CONTRADICTS_REPETITION = Rule(
    "R101",
    "result-contradicts-repetition",
    Severity.ERROR,
    "The result contradicts the ruling of the repetition the game ends in",
    what=(
        "When the main line ends in a decided repetition (its last position has occurred "
        "three times), classifies every move of the cycle (check, kill, chase of which piece, idle) and rules "
        "on it under the chosen rule set (`--rules cxa`, the default, or `axf`). When the ruling names a side "
        "that loses (a perpetual check) or must change its moves or lose (a forbidden perpetual attack), "
        "checks that the recorded result, and the `Result` tag, is the other side's win (a draw recorded in a "
        "game that reached the natural limit stands). The message names the side, what its moves do, the "
        "plies of the cycle and the clause that decides."
    ),
    why=(
        "A draw recorded where one side checked perpetually (长将, which loses under "
        "both rule sets), or a win for the side that chased perpetually, cannot be what the rules gave: either "
        "the result or the moves were copied wrongly, and this is the most common dispute about what a game "
        "record means. `xqformats adjudicate FILE` prints the cycle move by move for such a dispute.\n\n"
        "A cycle that both rule sets allow ends in a draw only when a player claims it, and a player may "
        "still resign or lose on time in it, so a win recorded after an allowed cycle is not reported. The "
        "classifier decides what the rules' text lets a program decide (docs/spec/rules.md §1.1 lists what "
        "it leaves to the arbiter).\n\n"
        "Against Fairy-Stockfish, whose engine judges repetitions by the AXF rules, on 6,000 generated cycles "
        "the AXF rulings agree on all 156 perpetual-check cycles, all 1,032 idle ones and 4,682 of the 4,812 "
        "chase cycles (97.3%). Each of the 130 disagreements comes from a reading of Fairy-Stockfish's that "
        "differs from docs/spec/rules.md: mostly (122) a rook or cannon that steps back along the line of an "
        "attack it already held, which it counts as a new chase and the rules as idle (from chase to chase, "
        "CXA 细则6); then a pinned attacker, a king that may not take back, a pinned protector, a piece that "
        "has just come to shield a check, an elephant across the river, and a threat created by cutting a "
        "protector's line. docs/adjudication.md lists every one with its reading."
    ),
    references=(f"{_SPEC} §7.2, §7.1, §4.1–§4.6, §5.1–§5.5", f"{_CXA} 24, 26.1–26.4", f"{_AXF} articles 3, 5–8"),
    example=_CHECK_TAGS + '[Result "1/2-1/2"]\n\n' + _CHECKS + " 1/2-1/2\n",
    fixed=_CHECK_TAGS + '[Result "0-1"]\n\n' + _CHECKS + " {红方长将判负} 0-1\n",
    example_kind="pgn",
)

MOVES_AFTER_DECIDED_REPETITION = Rule(
    "R102",
    "moves-after-decided-repetition",
    Severity.WARNING,
    "The game goes on after a perpetual check was decided",
    what=(
        "Finds the plies at which a repetition is decided in the main line with a loss "
        "that the rules make immediate (a perpetual check: CXA 24.1 立即判负, AXF article 6) and reports the "
        "first move after the cycle when the record goes on to a new position."
    ),
    why=(
        "Under the rules the game ended when the perpetual check was decided (once a "
        "player claims it): the moves after it are either a game the players went on with unclaimed, or "
        "moves that do not belong to the record. The result of such a record says nothing about the "
        "repetition. A forbidden cycle that is not a perpetual check only obliges its side to change its "
        "moves, so a record that goes on after it is not reported."
    ),
    references=(f"{_SPEC} §7.3, §4.1, §5.1", f"{_CXA} 24.1, 26.1", f"{_AXF} article 6"),
    example=_CHECK_TAGS + '[Result "*"]\n\n' + _CHECKS + " D9-E9 6. D1-H1 E9-D9 *\n",
    fixed=_CHECK_TAGS + '[Result "0-1"]\n\n' + _CHECKS + " {红方长将判负} 0-1\n",
    example_kind="pgn",
)

NATURAL_LIMIT = Rule(
    "R103",
    "natural-limit",
    Severity.INFO,
    "The natural limit was reached and the result is not a draw",
    what=(
        "Finds the first ply at which the natural limit of the chosen rule set is "
        "reached in the main line and reports a win recorded after it. CXA (4.2.4): sixty rounds in a row "
        "(120 plies) in which neither side captured. AXF: sixty moves of each side without a capture, in "
        "which the player who may claim gave at most ten checks."
    ),
    why=(
        "Once the limit is reached the game is a draw (CXA), or either player may claim "
        "one (AXF). A win recorded after it is possible (a player may resign, lose on time, or not claim), "
        "so this is information: it points out a result a reader may want to check."
    ),
    references=(f"{_SPEC} §7.4, §6.1, §6.2", f"{_CXA} 4.2.4", f"{_AXF} (the natural limit)"),
    example=_LIMIT_TAGS + '[Result "1-0"]\n\n' + _king_shuffle(60) + " {黑方超时判负} 1-0\n",
    fixed=_LIMIT_TAGS + '[Result "1/2-1/2"]\n\n' + _king_shuffle(60) + " 1/2-1/2\n",
    example_kind="pgn",
)

#: The rules of this module, in code order.
REPETITION_RULES = (RESULT_CONTRADICTS_REPETITION, MOVES_AFTER_DECIDED_REPETITION, NATURAL_LIMIT)
