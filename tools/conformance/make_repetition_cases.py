"""Write the conformance cases of docs/spec/rules.md: repetitions and the natural limit, under CXA and AXF.

    python tools/conformance/make_repetition_cases.py [--out DIR]   # default: xqformats/conformance/cases

Every case is a PGN game built by hand: a start position (FEN) and a cycle of
moves played until its position has occurred three times (Rules §2.2),
with a result.  The positions rebuild the move sequences of the CXA 1999
detailed rulings (细则, whose diagrams are not published with their text) and
the cycles of a few clauses.  For each, the ruling was worked out from the
rule text by hand and is written in the description: what each move does
(Rules §3), which side's moves are forbidden (§4, §5), and so which result
the rules give.  The moves of the detailed rulings are written in Chinese
notation as the rulings print them, with their ICCS spelled out by hand for
the expected JSON form; the others in ICCS.

The suite ``pgn-cxa`` is judged by the CXA rules, ``pgn-axf`` by the AXF rules
(docs/conformance.md).  ``tests/test_conformance_formats.py`` runs this
script and checks that the committed files are what it writes.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

from casewriter import Case, Maker, at_line, document, game, main

SPEC = "docs/spec/rules.md"
CXA = Maker("pgn-cxa", "pgn", SPEC)
AXF = Maker("pgn-axf", "pgn", SPEC)

#: A move: (its text in the record, its ICCS).
Move = tuple[str, str]


def iccs(*moves: str) -> list[Move]:
    """Moves written in ICCS: the text is the ICCS."""
    return [(m, m) for m in moves]


def chinese(text: str, spelled: str) -> list[Move]:
    """Moves written in Chinese notation (``text``, space-separated) with their ICCS (``spelled``), in the same order."""
    words, codes = text.split(), spelled.split()
    assert len(words) == len(codes), (words, codes)
    return list(zip(words, codes))


def cycle(moves: list[Move], plies: int) -> list[Move]:
    """``moves`` (a cycle) repeated to ``plies`` plies."""
    return [moves[i % len(moves)] for i in range(plies)]


@dataclass
class Record:
    """One PGN game: a FEN start, moves, a comment on the last move, a result."""

    fen: str
    moves: list[Move]
    result: str
    comment: Optional[str] = None
    notation_tag: bool = True
    #: Set by :meth:`text`: (line, column) of each move (from ply 1) and of the result marker.
    places: list[tuple[int, int]] = field(default_factory=list)

    @property
    def is_iccs(self) -> bool:
        return all(text == code for text, code in self.moves)

    def tags(self) -> list[tuple[str, str]]:
        tags = [("Game", "Chinese Chess"), ("FEN", self.fen)]
        if self.is_iccs and self.notation_tag:
            tags.append(("Format", "ICCS"))
        return tags + [("Result", self.result)]

    def text(self) -> str:
        """The record, eight rounds a line; fills :attr:`places`."""
        head = "".join(f'[{k} "{v}"]\n' for k, v in self.tags()) + "\n"
        first_line = head.count("\n") + 1
        black_first = self.fen.split()[1] == "b"
        number = int(self.fen.split()[5])
        # (text, the ply it is the move of, 0 for the result, None otherwise; whether it opens a round)
        tokens: list[tuple[str, Optional[int], bool]] = []
        for i, (text, _) in enumerate(self.moves):
            red_move = (i % 2 == 0) != black_first
            if i == 0 and black_first:
                tokens.append((f"{number}. ...", None, True))
            elif red_move:
                tokens.append((f"{number}.", None, True))
            tokens.append((text, i + 1, False))
            if not red_move:
                number += 1
        if self.comment:
            tokens.append((f"{{{self.comment}}}", None, False))
        tokens.append((self.result, 0, False))
        self.places = [(0, 0)] * (len(self.moves) + 1)
        lines: list[str] = [""]
        rounds = 0
        for text, ply, opens in tokens:
            if opens:
                rounds += 1
                if rounds > 1 and (rounds - 1) % 8 == 0:
                    lines.append("")
            column = len(lines[-1]) + (2 if lines[-1] else 1)
            lines[-1] = f"{lines[-1]} {text}" if lines[-1] else text
            if ply is not None:
                self.places[ply] = (first_line + len(lines) - 1, column)
        return head + "\n".join(lines) + "\n"

    def expect(self) -> dict[str, Any]:
        nodes: list[dict[str, Any]] = [{}]
        for i, (_, code) in enumerate(self.moves):
            nodes.append({"parent": i, "move": code})
        if self.comment:
            nodes[-1]["comments"] = [self.comment]
        return document(game(nodes, headers=self.tags(), start=self.fen, result=self.result))

    def at_move(self, code: str, ply: int) -> dict[str, Any]:
        self.text()
        line, column = self.places[ply]
        return at_line(code, line, column)

    def at_result(self, code: str) -> dict[str, Any]:
        return self.at_move(code, 0)


def valid(maker: Maker, name: str, record: Record, clauses: Sequence[str], rules: Sequence[str], description: str) -> Case:
    return maker("valid", name, record.text().encode("utf-8"), maker.clauses(*clauses), rules, description, expect=record.expect())


def invalid(maker: Maker, name: str, record: Record, clauses: Sequence[str], rules: Sequence[str], description: str, diagnostics: list[dict[str, Any]]) -> Case:
    data = record.text().encode("utf-8")
    return maker("invalid", name, data, maker.clauses(*clauses), rules, description, diagnostics=diagnostics, exact=True)


def dialect(maker: Maker, name: str, record: Record, clauses: Sequence[str], rules: Sequence[str], description: str, diagnostics: list[dict[str, Any]]) -> Case:
    data = record.text().encode("utf-8")
    return maker("dialect", name, data, maker.clauses(*clauses), rules, description, expect=record.expect(), diagnostics=diagnostics)


# ---------------------------------------------------------------- the detailed rulings of CXA 1999

#: 细则1: the Red rook checks from f5 and e5, the Black king steps between f9 and e9; Red's king d0 cannot help.
X1 = "4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1"
X1_MOVES = chinese("车四平五 将5平6 车五平四 将6平5", "F5-E5 E9-F9 E5-F5 F9-E9")
#: 细则2: the rook checks from f3 and attacks the unprotected horse g6 from g3.
X2 = "5k3/9/9/6n2/9/9/6R2/9/9/3K5 w - - 0 1"
X2_MOVES = chinese("车三平四 将6平5 车四平三 将5平6", "G3-F3 F9-E9 F3-G3 E9-F9")
#: 细则4: the rook on rank 1 (the horse a1's only protector) chases the crossed pawn e3/d3.
X4 = "r4k3/9/9/9/9/9/4p4/9/N2R5/3K5 w - - 0 1"
X4_MOVES = chinese("车六平五 卒5平4 车五平六 卒4平5", "D1-E1 E3-D3 E1-D1 D3-E3")
#: 细则5: the horse b2/d3 chases the rook b4/c4; on d3 the pawn d4 can take it (马送卒口).
X5 = "3aka3/9/9/9/9/1r1p5/9/RN7/9/2BK5 w - - 0 1"
X5_MOVES = chinese("马八进六 车2平3 马六退八 车3平2", "B2-D3 B4-C4 D3-B2 C4-B4")
#: 细则6 (its second example): the cannon b3/a3 flees the rook b7/a7; the rook e4's attack on e7 stands throughout.
X6 = "5k3/9/1r2b4/9/9/4R4/1C7/9/9/3K5 w - - 0 1"
X6_MOVES = chinese("炮八平九 车2平1 炮九平八 车1平2", "B3-A3 B7-A7 A3-B3 A7-B7")
#: 细则11: the pawn b6/c6 attacks the rook c7/b7, which attacks the horse b3 and the elephant c4 in turn.
X11 = "4k4/9/2r6/1P7/9/2B6/1N7/9/9/3K5 w - - 0 1"
X11_MOVES = chinese("兵八平七 车3平2 兵七平八 车2平3", "B6-C6 C7-B7 C6-B6 B7-C7")
#: 细则12: the cannon g3/f3 chases the rook f7/g7 over the pawns f5 and g5, which protect each other.
X12 = "4k4/9/5r3/9/5PP2/9/6C2/9/9/3K5 w - - 0 1"
X12_MOVES = chinese("炮三平四 车6平7 炮四平三 车7平6", "G3-F3 F7-G7 F3-G3 G7-F7")

# ---------------------------------------------------------------- the other positions

#: Rooks: a6/a2 and b2/b6 offer to exchange on every move (兑).
EXCHANGE = "9/4k4/9/R8/9/9/9/1r7/5K3/9 w - - 0 1"
EXCHANGE_MOVES = iccs("A6-A2", "B2-B6", "A2-A6", "B6-B2")
#: The black rook attacks the elephant e2, whose only protector, the king d2, may not take back (the kings would face).
FALSE_ROOT = "5a3/4k4/3a5/9/8p/9/9/3KB4/6r2/9 b - - 0 1"
FALSE_ROOT_MOVES = iccs("G1-E1", "E2-G4", "E1-G1", "G4-E2")
#: The rook a3/c3 attacks the uncrossed pawns a6 and c6 in turn.
PAWNS = "4k4/9/9/p1p6/9/9/R8/9/9/3K5 w - - 0 1"
PAWNS_MOVES = iccs("A3-C3", "E9-E8", "C3-A3", "E8-E9")
#: The black rook f4/f5 guards f7 against the horse h8's mate; taking a cannon would let the horse mate.
MATE = "3aka3/4n2N1/9/9/C8/5r2C/9/9/9/3K5 b - - 0 1"
MATE_MOVES = iccs("F4-F5", "D0-D1", "F5-F4", "D1-D0")
#: The black king e7/f7 attacks the red cannon e8/f8 on every move.
KING = "9/4C4/5k3/9/9/9/9/9/3K5/9 b - - 0 1"
KING_MOVES = iccs("F7-E7", "E8-F8", "E7-F7", "F8-E8")
#: The black rook checks from e6 and threatens A6-A2 mate from a6; the horse h2 guards f1 and f3.
KILL = "9/9/3k5/r8/3P5/9/9/4K2nN/9/9 b - - 0 1"
KILL_MOVES = iccs("A6-E6", "E2-F2", "E6-A6", "F2-E2")
#: The rook a5/b5 attacks the cannon a8 and the horse b8 in turn.
TWO_PIECES = "4k4/cn7/9/9/R8/9/9/9/9/3K5 w - - 0 1"
TWO_PIECES_MOVES = iccs("A5-B5", "E9-E8", "B5-A5", "E8-E9")
#: The two kings step out and back: every move idle.
KINGS = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
KINGS_MOVES = iccs("E0-E1", "D9-D8", "E1-E0", "D8-D9")
#: Each side checks once in its four moves: R A1-F1 and r I8-I0, each answered by a king step.
CHECKS = "5k3/8r/9/9/9/9/9/9/R8/3K5 w - - 0 1"
CHECKS_MOVES = iccs("A1-F1", "F9-E9", "F1-A1", "I8-I0", "D0-D1", "I0-I8", "D1-D0", "E9-F9")
#: As CHECKS, but the black rook steps I8-I7 and back without checking.
RED_CHECKS = "5k3/8r/9/9/9/9/9/9/R8/3K5 w - - 0 1"
RED_CHECKS_MOVES = iccs("A1-F1", "F9-E9", "F1-A1", "I8-I7", "D0-D1", "I7-I8", "D1-D0", "E9-F9")


def perpetual_check_cases() -> list[Case]:
    won = Record(X1, cycle(X1_MOVES, 9), "0-1", "红方长将判负")
    drawn = Record(X1, cycle(X1_MOVES, 9), "1/2-1/2")
    twice = Record(X1, cycle(X1_MOVES, 5), "1/2-1/2")
    on = Record(X1, cycle(X1_MOVES, 10) + chinese("车五平二 将6平5", "E5-H5 F9-E9"), "*")
    why = ("细则1 rebuilt: the Red rook checks from e5 and f5 while the Black king steps between e9 and f9 (Rules §3.1). "
           "The position after ply 1 occurs at plies 1, 5 and 9: the cycle is plies 2-9 (Rules §2.2, §2.3). ")
    return [
        valid(CXA, "x1-perpetual-check-loses", won, ["1.1", "2.1", "2.2", "2.3", "3.1", "4.1", "7.1"], ["R101", "R102"],
              why + "Red checks on each of its four moves, Black never: Red loses at once (CXA 26.1), so 0-1 is the ruling's result."),
        invalid(CXA, "r101-draw-after-perpetual-check", drawn, ["4.1", "7.2"], ["R101"],
                why + "A draw recorded after Red's perpetual check contradicts the ruling (Red loses); reported at the result.",
                [drawn.at_result("R101")]),
        valid(CXA, "x1-two-occurrences-decide-nothing", twice, ["2.2"], ["R101"],
              "细则1's moves as printed (five plies): the position after ply 1 occurs at plies 1 and 5 only, twice, so no "
              "repetition is decided and the draw is not compared with a ruling."),
        dialect(CXA, "r102-game-goes-on", on, ["7.3", "4.1"], ["R102"],
                why + "The record goes on past ply 10 (still in the cycle) with E5-H5, a position outside it: reported at ply 11, "
                "since Red's perpetual check ended the game at ply 9.", [on.at_move("R102", 11)]),
        valid(AXF, "x1-perpetual-check-loses", won, ["5.1", "1.2"], ["R101"],
              why + "Under AXF too the side that checks perpetually loses (article 6): 0-1."),
        invalid(AXF, "r101-draw-after-perpetual-check", drawn, ["5.1", "7.2"], ["R101"],
                why + "A draw contradicts AXF article 6 as it does CXA 26.1.", [drawn.at_result("R101")]),
    ]


def chase_cases() -> list[Case]:
    x2 = Record(X2, cycle(X2_MOVES, 9), "0-1", "红方一将一捉不变判负")
    x2_draw = Record(X2, cycle(X2_MOVES, 9), "1/2-1/2")
    x2_changed = Record(X2, cycle(X2_MOVES, 10) + chinese("车四进二 将5进1", "F3-F5 E9-E8"), "*")
    x2_why = ("细则2 rebuilt: G3-F3 checks the king f9 along the f-file; F3-G3 attacks the unprotected horse g6, which the rook "
              "on f3 did not attack: a new threat, a chase (Rules §3.7), though the rook could take the horse before it checked. ")
    x4 = Record(X4, cycle(X4_MOVES, 9), "0-1", "红方长捉判负")
    x5 = Record(X5, cycle(X5_MOVES, 9), "0-1", "红方长捉判负")
    x6 = Record(X6, cycle(X6_MOVES, 9), "1-0", "黑方长捉判负")
    x6_draw = Record(X6, cycle(X6_MOVES, 9), "1/2-1/2")
    x12 = Record(X12, cycle(X12_MOVES, 9), "0-1", "红方长捉判负")
    x4_why = ("细则4 rebuilt: D1-E1 and E1-D1 each attack the crossed Black pawn (value 1, unprotected), which steps between e3 "
              "and d3; the rook is the only protector of the horse a1 (the rook a9 attacks it), which taking the pawn would "
              "lose, and it is a chase all the same (Rules §3.7 compares threats, not what a capture costs). Black's pawn moves "
              "attack nothing. ")
    x5_why = ("细则5 rebuilt: the horse on d3 and on b2 attacks the Black rook on b4 and c4 in turn (a rook is worth more than a "
              "horse: a threat even where the pawn d4 protects c4, Rules §3.4), and on d3 the horse stands where the pawn d4 can "
              "take it: still a chase (Rules §3.11). Black's rook attacks the unprotected elephant c0 from c4 (a chase) and "
              "nothing from b4 (the horse b2 is protected by the rook a2): one chase, one idle move, allowed. ")
    x6_why = ("细则6 (second example) rebuilt: the red rook e4 can take the unprotected elephant e7 before and after every cannon "
              "move, a threat that stands (从捉到捉): the cannon's moves are idle (Rules §3.7). The Black rook attacks the "
              "unprotected cannon on every move (a3 from a7, b3 from b7). ")
    x12_why = ("细则12 rebuilt: the cannon on f3 and g3 attacks the rook on f7 and g7 over the screens f5 and g5 (a rook is worth "
               "more than a cannon, Rules §3.4); the rook's attacks on the pawns f5 and g5, which protect each other, win "
               "nothing: Black's moves are idle. ")
    return [
        valid(CXA, "x2-check-and-chase-loses", x2, ["3.7", "4.2", "4.5"], ["R101"],
              x2_why + "Red's moves are a check and a chase, every one an attack (一将一捉, forbidden); Black's king moves are idle "
              "(allowed): Red must change or loses (CXA 26.4), so 0-1."),
        valid(CXA, "x2-changed-after-the-decision", x2_changed, ["4.5", "7.3"], ["R102"],
              x2_why + "Red, whose moves are forbidden, must change them: at ply 11 it does (F3-F5), and the game goes on. "
              "That is what the ruling asks, not a perpetual check, so nothing is reported."),
        invalid(CXA, "r101-draw-after-check-and-chase", x2_draw, ["4.5", "7.2"], ["R101"],
                x2_why + "Red must change or loses; the draw recorded while Red's cycle went on contradicts it.",
                [x2_draw.at_result("R101")]),
        valid(AXF, "x2-check-and-chase-allowed", x2_draw, ["5.2", "5.5"], ["R101"],
              x2_why + "Under AXF the check is no chase of the horse, so Red chases no piece on every move and checks on only "
              "half of them: nothing is forbidden, a draw."),
        valid(CXA, "x4-chase-of-a-pawn-loses", x4, ["2.3", "3.4", "4.5"], ["R101"],
              x4_why + "The pawn followed from e3 to d3 is one piece chased on every move (Rules §2.3): Red must change or loses, 0-1."),
        valid(AXF, "x4-chase-of-a-pawn-loses", x4, ["5.2"], ["R101"],
              x4_why + "Under AXF a perpetual chase of one unprotected crossed pawn is forbidden: Red must change or loses."),
        valid(CXA, "x5-horse-chases-rook", x5, ["3.4", "3.11", "4.5"], ["R101"],
              x5_why + "Red chases on every move, Black idles on one of two: Red must change or loses (0-1)."),
        valid(AXF, "x5-horse-chases-rook", x5, ["3.4", "5.2"], ["R101"],
              x5_why + "Under AXF a horse may not chase a rook perpetually, protected or not: Red must change or loses."),
        valid(CXA, "x6-from-chase-to-chase", x6, ["3.7", "4.5"], ["R101"],
              x6_why + "Black chases on every move, Red's moves are idle: Black must change or loses, 1-0."),
        invalid(CXA, "r101-draw-after-chase-of-a-cannon", x6_draw, ["3.7", "7.2"], ["R101"],
                x6_why + "Black must change or loses; a draw contradicts it.", [x6_draw.at_result("R101")]),
        valid(AXF, "x6-from-chase-to-chase", x6, ["3.7", "5.2", "5.5"], ["R101"],
              x6_why + "Under AXF the Black rook chases one unprotected piece, the cannon, on every move: Black must change or loses."),
        valid(CXA, "x12-cannon-chases-rook", x12, ["3.4", "4.5"], ["R101"],
              x12_why + "Red chases the rook on every move: Red must change or loses, 0-1."),
        valid(AXF, "x12-cannon-chases-rook", x12, ["5.2"], ["R101"],
              x12_why + "AXF article 15: a cannon may not chase a rook perpetually, 0-1."),
    ]


def classification_cases() -> list[Case]:
    exchange = Record(EXCHANGE, cycle(EXCHANGE_MOVES, 8), "1/2-1/2")
    false_root = Record(FALSE_ROOT, cycle(FALSE_ROOT_MOVES, 8), "1-0", "黑方长捉判负")
    false_root_draw = Record(FALSE_ROOT, cycle(FALSE_ROOT_MOVES, 8), "1/2-1/2")
    pawns = Record(PAWNS, cycle(PAWNS_MOVES, 8), "1/2-1/2")
    mate = Record(MATE, cycle(MATE_MOVES, 8), "1/2-1/2")
    king = Record(KING, cycle(KING_MOVES, 8), "1/2-1/2")
    kill = Record(KILL, cycle(KILL_MOVES, 8), "1-0", "黑方一将一杀不变判负")
    kill_draw = Record(KILL, cycle(KILL_MOVES, 8), "1/2-1/2")
    two = Record(TWO_PIECES, cycle(TWO_PIECES_MOVES, 8), "1/2-1/2")
    two_won = Record(TWO_PIECES, cycle(TWO_PIECES_MOVES, 8), "0-1", "红方长捉判负")
    exchange_why = ("Each rook move puts the rook beside the other rook, which may take it back, and the two are worth the same: an "
                    "offer to exchange (兑), no threat (Rules §3.5); Black's rook moves away each time. Every move is idle: a draw. ")
    false_root_why = ("The black rook on e1 attacks the elephant e2; the king d2 may not take back on e2, since the kings would then "
                      "face each other on the open e-file, so the elephant is unprotected (a false root, Rules §3.3). From g1 the "
                      "rook attacks the elephant on g4. Black chases the elephant, followed from e2 to g4, on every move; Red's "
                      "elephant moves are idle. ")
    kill_why = ("A6-E6 checks the king e2 along the e-file; E6-A6 threatens A6-A2, which mates the king on f2 (e2 is on the rank, "
                "f1 is guarded by the horse h2): a kill (杀, Rules §3.9), new since the rook on e6 threatened no mate. Red's king "
                "steps are idle. ")
    two_why = ("The rook on b5 attacks the unprotected horse b8, on a5 the unprotected cannon a8: a chase on every move, of two "
               "pieces in turn. ")
    return [
        valid(CXA, "exchange-offers-are-idle", exchange, ["3.5", "3.10", "4.3"], ["R101"],
              exchange_why + "Were the offers chases, Red alone would attack on every move and a draw would be wrong."),
        valid(AXF, "exchange-offers-are-idle", exchange, ["3.5", "5.5"], ["R101"], exchange_why + "The same under AXF."),
        valid(CXA, "false-root-chase-loses", false_root, ["3.3", "4.5"], ["R101"],
              false_root_why + "Black must change or loses (CXA 26.4): 1-0."),
        invalid(AXF, "r101-draw-after-chase-of-a-falsely-protected-elephant", false_root_draw, ["3.3", "5.2", "7.2"], ["R101"],
                false_root_why + "Under AXF a perpetual chase of one unprotected piece is forbidden: the draw contradicts it.",
                [false_root_draw.at_result("R101")]),
        valid(CXA, "uncrossed-pawns-are-not-chased", pawns, ["3.2", "4.3"], ["R101"],
              "The rook on a3 and on c3 attacks the pawns a6 and c6, which have not crossed the river and have no material value "
              "(Rules §3.2): no threat, the rook's moves are idle, as are Black's king steps. A draw."),
        valid(CXA, "capture-answered-by-mate-is-no-threat", mate, ["3.6", "4.3"], ["R101"],
              "The black rook on f5 and f4 attacks the unprotected cannons a5 and i4 in turn, but while it stands on the f-file it "
              "guards f7: taking either cannon leaves the file and H8-F7 then mates (the king e9 is hemmed in by its advisors "
              "and the horse e8). Under CXA a capture answered by mate is no threat (Rules §3.6): Black's moves are idle, as are "
              "Red's king steps. A draw."),
        valid(AXF, "capture-answered-by-mate-axf", mate, ["3.6", "5.3"], ["R101"],
              "The position of the CXA case: AXF does not set aside a capture answered by mate, so the black rook chases the "
              "cannons a5 and i4; but it chases two pieces in turn, which is allowed (Rules §5.3): a draw."),
        valid(CXA, "king-attacks-are-idle", king, ["3.8", "4.3"], ["R101"],
              "The black king on e7 and f7 attacks the unprotected cannon on e8 and f8 on every move: a king's own attacks are "
              "idle (CXA 27.1, Rules §3.8). A draw."),
        valid(AXF, "king-attacks-are-allowed", king, ["3.8", "5.4"], ["R101"],
              "The position of the CXA case: under AXF a king may chase: nothing is forbidden, a draw."),
        valid(CXA, "check-and-kill-loses", kill, ["3.9", "4.2", "4.5"], ["R101"],
              kill_why + "Black's moves are a check and a kill, every one an attack (一将一杀, forbidden): Black must change or loses, 1-0."),
        invalid(CXA, "r101-draw-after-check-and-kill", kill_draw, ["3.9", "7.2"], ["R101"],
                kill_why + "The draw contradicts the ruling (Black must change or loses).", [kill_draw.at_result("R101")]),
        valid(AXF, "kill-is-allowed", kill_draw, ["3.9", "5.4"], ["R101"],
              kill_why + "Under AXF threats of mate are not forbidden (article 9): one check and one idle move, a draw."),
        valid(CXA, "chase-of-two-pieces-loses", two_won, ["3.7", "4.2", "4.5"], ["R101"],
              two_why + "Under CXA chasing one piece or several is 长捉 (28.12): Red must change or loses, 0-1."),
        invalid(CXA, "r101-draw-after-chase-of-two-pieces", two, ["4.5", "7.2"], ["R101"],
                two_why + "Under CXA a draw contradicts the ruling.", [two.at_result("R101")]),
        valid(AXF, "chase-of-two-pieces-allowed", two, ["5.3", "5.5"], ["R101"],
              two_why + "Under AXF one piece chasing two in turn is allowed (article 32): a draw."),
    ]


def mutual_and_idle_cases() -> list[Case]:
    x11 = Record(X11, cycle(X11_MOVES, 9), "1/2-1/2", "双方不变作和")
    idle = Record(KINGS, cycle(KINGS_MOVES, 8), "1/2-1/2")
    idle_won = Record(KINGS, cycle(KINGS_MOVES, 8), "1-0", "黑方超时判负")
    x11_why = ("细则11 rebuilt: the Black rook attacks the unprotected horse b3 from b7 and the unprotected elephant c4 from c7, a "
               "chase on every move (长捉 under CXA); the Red pawn's moves attack the rook (a pawn's own attack, idle by Rules "
               "§3.8) and block it. ")
    return [
        valid(CXA, "x11-mutual-attack-with-pawns", x11, ["3.8", "4.4", "4.6"], ["R101"],
              x11_why + "With Black's moves forbidden, the pawn's attacks count as chases (CXA 27.2, Rules §4.6): Red's moves are "
              "forbidden too, and both forbidden is a draw (CXA 26.3)."),
        valid(AXF, "x11-mutual-attack-with-pawns", x11, ["5.3", "5.4"], ["R101"],
              x11_why + "Under AXF the rook chases two pieces in turn and the pawn may chase: nothing is forbidden, a draw."),
        valid(CXA, "idle-cycle-draws", idle, ["3.10", "4.3"], ["R101"],
              "The kings step out and back: every move is idle, both sides' moves are allowed, a draw if neither changes."),
        valid(CXA, "drawn-cycle-is-not-compared", idle_won, ["7.2"], ["R101"],
              "The idle cycle of the kings ends in a recorded win (on time): a drawn cycle ends the game only on a claim, so the "
              "win is not compared with the ruling."),
        valid(AXF, "idle-cycle-draws", idle, ["5.5"], ["R101"], "The kings step out and back: nothing is forbidden, a draw."),
    ]


def limit_cases() -> list[Case]:
    limit = Record(KINGS, cycle(KINGS_MOVES, 120), "1-0", "黑方超时判负")
    limit_draw = Record(KINGS, cycle(KINGS_MOVES, 120), "1/2-1/2")
    long_check = Record(X1, cycle(X1_MOVES, 121), "1/2-1/2")
    checks = Record(CHECKS, cycle(CHECKS_MOVES, 120), "1-0", "黑方超时判负")
    red_checks = Record(RED_CHECKS, cycle(RED_CHECKS_MOVES, 120), "1-0", "黑方超时判负")
    late_fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 100 1"
    from_fen = Record(late_fen, cycle(KINGS_MOVES, 40), "1-0", "黑方超时判负")
    checks_why = ("In each eight plies Red checks once (A1-F1, answered by the king stepping to e9) and Black checks once "
                  "(I8-I0, answered by the king stepping to d1); the cycle is allowed for both (a draw if neither changes). ")
    return [
        dialect(CXA, "r103-sixty-rounds-without-capture", limit, ["6.1", "7.4"], ["R103"],
                "Sixty rounds of king steps without a capture: the natural limit (CXA 4.2.4) is reached at ply 120, and the "
                "recorded win is pointed out (information).", [limit.at_move("R103", 120)]),
        valid(CXA, "natural-limit-draw", limit_draw, ["6.1"], ["R103"], "Sixty rounds without a capture, recorded as a draw: no finding."),
        valid(CXA, "draw-after-the-natural-limit-stands", long_check, ["6.1", "7.2"], ["R101"],
              "细则1's perpetual check (Red loses, CXA 26.1) played on for 121 plies without a capture: the natural limit was "
              "reached at ply 120, which makes the game a draw (CXA 4.2.4), so the recorded draw does not contradict the ruling."),
        valid(CXA, "natural-limit-counts-from-the-record", from_fen, ["6.3"], ["R103"],
              "The FEN's halfmove clock says 100, but the record has 40 plies: the limit counts the record's plies, so it is not "
              "reached."),
        dialect(CXA, "r103-checks-do-not-count", checks, ["6.1", "7.4"], ["R103"],
                checks_why + "Under CXA checks do not count: the limit is reached at ply 120.", [checks.at_move("R103", 120)]),
        valid(AXF, "natural-limit-both-checked-too-often", checks, ["6.2"], ["R103"],
              checks_why + "In the 120 plies each side checked 15 times, more than ten: neither may claim under AXF, the limit "
              "is not reached."),
        dialect(AXF, "r103-the-other-side-may-claim", red_checks, ["6.2", "7.4"], ["R103"],
                "As the previous case, but the Black rook steps I8-I7 and back without checking: Red checked 15 times, Black "
                "never, so Black may claim the draw at ply 120, and the recorded win is pointed out.",
                [red_checks.at_move("R103", 120)]),
    ]


def make() -> list[Case]:
    return [*perpetual_check_cases(), *chase_cases(), *classification_cases(), *mutual_and_idle_cases(), *limit_cases()]


if __name__ == "__main__":
    raise SystemExit(main(make))
