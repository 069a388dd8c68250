"""Write the conformance cases of the text formats: PGN in each notation, and the JSON form.

    python tools/conformance/make_text_cases.py [OUT-DIR]   # default: xqformats/conformance/cases

Every case below is written by hand: the input text, and what it means — the
moves in ICCS worked out from the notation by hand (files a-i from Red's left,
ranks 0-9 from Red's side; Red counts files 一..九 from its right, Black 1..9
from its right), and each expected finding's code and line:column counted on
the input.  The script only writes them out, one input and one sidecar each,
so that they stay easy to review together; ``tests/test_conformance.py`` runs
it again and checks the committed files are what it writes.  It owns the
suites ``pgn``, ``pgn-wxf``, ``pgn-iccs``, ``pgn-san`` and ``json`` (and
removes stale files there); the binary formats' suites are written by their
own generators.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional, Union

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "xqformats" / "conformance" / "cases"
#: The suites this script writes (and cleans).
SUITES = ("pgn", "pgn-wxf", "pgn-iccs", "pgn-san", "json")

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
GAME_TAG = ["Game", "Chinese Chess"]

PGN, NOT, FEN, BOARD, JSONP = "docs/spec/pgn.md", "docs/spec/notation.md", "docs/spec/fen.md", "docs/spec/board.md", "docs/spec/json.md"

Move = Union[str, tuple[str, dict[str, Any]]]
CASES: list[dict[str, Any]] = []


# ---------------------------------------------------------------- helpers


def line(*moves: Move, root: Optional[dict[str, Any]] = None) -> list[dict[str, Any]]:
    """The nodes of a tree that is one line: the root, then each move from the one before."""
    nodes: list[dict[str, Any]] = [dict(root or {})]
    for i, m in enumerate(moves):
        move, extra = (m, {}) if isinstance(m, str) else m
        nodes.append({"parent": i, "move": move, **extra})
    return nodes


def game(nodes: list[dict[str, Any]], headers: list[list[str]], *, start: str = START, result: str = "*") -> dict[str, Any]:
    return {"headers": headers, "start": start, "result": result, "nodes": nodes}


def doc(*games: dict[str, Any]) -> dict[str, Any]:
    return {"xqformats": 1, "games": list(games)}


def one(nodes: list[dict[str, Any]], *tags: list[str], start: str = START, result: str = "*") -> dict[str, Any]:
    """A document of one game whose headers are ``[Game "Chinese Chess"]`` and ``tags``."""
    return doc(game(nodes, [GAME_TAG, *tags], start=start, result=result))


def diag(spec: str) -> dict[str, Any]:
    """``"P201@2:3"`` → ``{"code": "P201", "line": 2, "column": 3}``; ``"G101"`` → no position."""
    code, _, where = spec.partition("@")
    if not where:
        return {"code": code}
    ln, _, col = where.partition(":")
    out: dict[str, Any] = {"code": code, "line": int(ln)}
    if col:
        out["column"] = int(col)
    return out


def case(
    suite: str,
    kind: str,
    name: str,
    text: Union[str, bytes],
    *,
    clause: Union[str, list[str]],
    description: str,
    rules: tuple[str, ...] = (),
    source: str = "project",
    expect: Optional[dict[str, Any]] = None,
    diags: tuple[str, ...] = (),
    exact: Optional[bool] = None,
    ext: str = ".pgn",
) -> None:
    """One case; an invalid case is ``exact`` (one root cause, one finding) unless it says otherwise."""
    if exact is None:
        exact = kind == "invalid"
    sidecar: dict[str, Any] = {"clause": clause, "rules": list(rules), "source": source, "description": description}
    if expect is not None:
        sidecar["expect"] = expect
    if diags:
        sidecar["diagnostics"] = [diag(d) for d in diags]
    if exact:
        sidecar["exact"] = True
    data = text.encode("utf-8") if isinstance(text, str) else text
    CASES.append({"path": f"{suite}/{kind}/{name}", "ext": ext, "data": data, "sidecar": sidecar})


def pgn(body: str, *tags: str) -> str:
    """A PGN game: ``[Game "Chinese Chess"]``, the tag lines ``tags``, a blank line, ``body``."""
    return "".join(f"{t}\n" for t in ('[Game "Chinese Chess"]', *tags)) + "\n" + body + "\n"


# Shared positions (FEN), each checked by hand against Board §3.2 and FEN §3.
TWO_PAWNS_C = "3k5/9/9/9/2P6/9/2P6/9/9/4K4 w - - 0 1"  # Red pawns c5, c3 (both free to advance); kings d9, e0
PAWNS_E_BLOCKED = "3k5/9/9/9/9/4P4/4P4/9/9/4K4 w - - 0 1"  # Red pawns e3 (blocked by e4), e4
PIN_ON_E = "3kr4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"  # Red rook e1 shields king e0 from the rook e9
ADVISOR_SHIELD = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"  # the advisor e1 stands between the kings
THREE_PAWNS_C = "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1"  # Red pawns c7, c6, c5 (across the river)
FOUR_PAWNS = "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1"  # Red pawns c8, c7, c6, c5
STACKED_TWO_FILES = "4k4/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w - - 0 1"  # Red pawns f8, f6, d8, d6 (Notation §3.7's example)
TWO_ROOKS_I = "3k5/9/9/9/9/9/9/9/8R/4K3R w - - 0 1"  # Red rooks i0, i1
TWO_ADVISORS_F = "3k5/9/9/9/9/9/9/5A3/9/4KA3 w - - 0 1"  # Red advisors f2, f0
ELEPHANT_EYE = "3k5/9/9/9/9/9/9/9/5N3/4K1B2 w - - 0 1"  # Red elephant g0, its eye f1 held by a horse
MATE_BY_ROOK = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"  # Red to play E1-D1: the rook checks d9, the king e0 holds e9


# ---------------------------------------------------------------- PGN: file structure, tags (pgn.md §1-§3)

OPENING = line("H2-E2", "H9-G7")  # 1. 炮二平五 马8进7


def pgn_structure() -> None:
    case("pgn", "valid", "sample-game", pgn("1. 炮二平五 马8进7 2. 马二进三 车9平8 *", '[Event "全国象棋个人赛"]', '[Red "胡荣华"]', '[Black "杨官璘"]', '[Result "*"]'),
         clause=[f"{PGN} §1.1", f"{PGN} §2.2", f"{BOARD} §1.1", f"{BOARD} §3.2"], source="spec example",
         description="A game in the shape the Chinese PGN text shows: tags, then numbered rounds, then the result; 炮二平五 马8进7 马二进三 车9平8 are H2-E2 H9-G7 H0-G2 I9-H9 (checked by hand).",
         expect=one(line("H2-E2", "H9-G7", "H0-G2", "I9-H9"), ["Event", "全国象棋个人赛"], ["Red", "胡荣华"], ["Black", "杨官璘"], ["Result", "*"]))
    case("pgn", "valid", "two-games", '[Game "Chinese Chess"]\n\n1. 炮二平五 *\n\n[Game "Chinese Chess"]\n\n1. 兵七进一 *\n',
         clause=f"{PGN} §2.1", description="Two games one after the other are two games, in file order (H2-E2, then C3-C4).",
         expect=doc(game(line("H2-E2"), [GAME_TAG]), game(line("C3-C4"), [GAME_TAG])))
    case("pgn", "valid", "empty-file", "", clause=f"{PGN} §2.1", description="An empty file is a PGN file with no games.", expect=doc())
    case("pgn", "dialect", "p205-next-game-cuts", '[Game "Chinese Chess"]\n\n1. 炮二平五\n[Game "Chinese Chess"]\n\n1. 兵七进一 *\n',
         clause=[f"{PGN} §2.3", f"{PGN} §7.1"], rules=("P205",), source="real-file fault: a game without its result followed by the next game",
         description="A `[` at the start of a line ends a game that has no result; the cut game is read with its move and reported where its result belongs, after its last move.",
         expect=doc(game(line("H2-E2"), [GAME_TAG]), game(line("C3-C4"), [GAME_TAG])), diags=("P205@3:8",))
    case("pgn", "valid", "p205-result-present", pgn("1. 炮二平五 马8进7 *"), clause=[f"{PGN} §2.3", f"{PGN} §7.1"], rules=("P205",),
         description="A game that ends with its result marker.", expect=one(OPENING))
    case("pgn", "dialect", "p201-touching-number", pgn("1.炮二平五 马8进7 *"), clause=f"{PGN} §2.4", rules=("P201",),
         source="real-file fault: XQWizard writes the move number touching the move",
         description="`1.炮二平五` is read as if separated and reported where the move begins.", expect=one(OPENING), diags=("P201@3:3",))
    case("pgn", "valid", "p201-separators", '[Game "Chinese Chess"]\r\n\r\n1.\u3000炮二平五\t马8进7\r*\r\n',
         clause=f"{PGN} §2.4", rules=("P201",), source="real-file fault: XQWizard's ideographic-space indents and CR line ends",
         description="CR LF, a lone CR, a tab and U+3000 all separate tokens.", expect=one(OPENING))
    case("pgn", "invalid", "p101-stray-brace", pgn("1. 炮二平五 } 马8进7 *"), clause=f"{PGN} §2.5", rules=("P101",),
         description="A `}` that closes no comment is text the grammar does not allow; the reader skips it.", diags=("P101@3:9",))
    case("pgn", "valid", "p101-clean", pgn("1. 炮二平五 马8进7 *"), clause=f"{PGN} §2.5", rules=("P101",),
         description="The same game without the stray brace.", expect=one(OPENING))
    cbf = ('<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0">\n <Head>\n </Head>\n <MoveList>\n'
           '  <Move value="00-00"/>\n  <Move value="77-47" end="1"/>\n </MoveList>\n</ChineseChessRecord>\n')
    case("pgn", "dialect", "g105-cbf-named-pgn", cbf, clause=f"{PGN} §2.6", rules=("G105",),
         description="A CBF document in a file named .pgn is read as CBF (its one move 77-47 is the cannon h2 to e2) and the name is reported.",
         expect=doc(game(line("H2-E2"), [])), diags=("G105",))
    case("pgn", "invalid", "g101-unknown-extension", "XYZ a layout xqformats does not read\n", ext=".xyz", clause=f"{PGN} §2.6", rules=("G101",),
         description="A file whose name is no format's and whose content is none is not read.", diags=("G101",))
    case("pgn", "valid", "g101-g105-named-pgn", pgn("1. 炮二平五 *"), clause=f"{PGN} §2.6", rules=("G101", "G105"),
         description="PGN content in a file named .pgn.", expect=one(line("H2-E2")))
    case("pgn", "dialect", "p202-format-line-in-movetext", pgn('1. 炮二平五 马8进7\n[Format "WXF"]\n2. H2+3 R9.8 *'), clause=[f"{PGN} §2.7", f"{PGN} §3.6"],
         rules=("P202",), source="spec example",
         description="The spec's invalid `[Format \"WXF\"]` between rounds 51 and 52, shortened: a tag line after a game without a result, "
         "before the next move number (2 after 1), is a tag of the movetext: one game, the tag applied, and the moves after it "
         "(H2+3 R9.8: H0-G2 I9-H9) read in the notation it names.",
         expect=one(line("H2-E2", "H9-G7", "H0-G2", "I9-H9"), ["Format", "WXF"]), diags=("P202@4:1",))
    case("pgn", "dialect", "p205-tag-line-before-move-1", '[Game "Chinese Chess"]\n\n1. 炮二平五\n[Round "2"]\n\n1. 兵七进一 *\n',
         clause=[f"{PGN} §2.7", f"{PGN} §2.3"], rules=("P205",), source="real-file fault: a game without its result, then a game that starts with another tag",
         description="Tag lines after a game without a result begin the next game when the moves after them do not go on (1. after 1.): two games.",
         expect=doc(game(line("H2-E2"), [GAME_TAG]), game(line("C3-C4"), [["Round", "2"]])), diags=("P205@3:8",))


def pgn_tags() -> None:
    case("pgn", "invalid", "p105-unclosed-value", '[Game "Chinese Chess"]\n[Event "Cup]\n1. 炮二平五 *\n', clause=f"{PGN} §3.1", rules=("P105",),
         description="A tag pair whose value has no closing quote is no tag pair.", diags=("P105@2:8",))
    case("pgn", "valid", "p105-tag-pairs", pgn("1. 炮二平五 *", '[Event "Cup"]', '[Red_Team2 "北京"]'), clause=[f"{PGN} §3.1", f"{PGN} §3.2"], rules=("P105",),
         description="Tag pairs `[Name \"value\"]`; a name may hold letters, digits and `_`.",
         expect=one(line("H2-E2"), ["Event", "Cup"], ["Red_Team2", "北京"]))
    case("pgn", "dialect", "p209-lone-backslash", pgn("1. 炮二平五 *", '[Site "C:\\games"]'), clause=f"{PGN} §3.3", rules=("P209",),
         source="real-file fault: Windows paths in tag values", description="A backslash that escapes nothing is kept as a backslash.",
         expect=one(line("H2-E2"), ["Site", "C:\\games"]), diags=("P209@2:10",))
    case("pgn", "dialect", "p218-bare-quote", pgn("1. 炮二平五 *", '[Event "a "b" c"]'), clause=f"{PGN} §3.3", rules=("P218",),
         source="real-file fault: quotes left unescaped in tag values", description="Quotes inside a value that the line's closing `\"]` shows to be text are kept.",
         expect=one(line("H2-E2"), ["Event", 'a "b" c']), diags=("P218@2:11",))
    case("pgn", "valid", "p209-p218-escapes", pgn("1. 炮二平五 *", '[Event "a \\"b\\" c"]', '[Site "C:\\\\games"]'), clause=f"{PGN} §3.3", rules=("P209", "P218"),
         source="spec example", description="`\\\"` is a quote and `\\\\` a backslash in a tag value.",
         expect=one(line("H2-E2"), ["Event", 'a "b" c'], ["Site", "C:\\games"]))
    case("pgn", "dialect", "p210-value-over-line-end", pgn("1. 炮二平五 *", '[Event "Cup\n2004"]'), clause=f"{PGN} §3.4", rules=("P210",),
         source="real-file fault: a tag value broken over two lines", description="A value that runs over a line end is read to its closing quote.",
         expect=one(line("H2-E2"), ["Event", "Cup\n2004"]), diags=("P210@2:8",))
    case("pgn", "valid", "p210-one-line", pgn("1. 炮二平五 *", '[Event "Cup 2004"]'), clause=f"{PGN} §3.4", rules=("P210",),
         description="One tag pair on one line.", expect=one(line("H2-E2"), ["Event", "Cup 2004"]))
    case("pgn", "dialect", "p217-tag-twice", pgn("1. 炮二平五 *", '[Red "A"]', '[Red "B"]'), clause=f"{PGN} §3.5", rules=("P217",),
         source="real-file fault: a tag written twice", description="A tag given twice keeps its first value and is reported at the second.",
         expect=one(line("H2-E2"), ["Red", "A"]), diags=("P217@3:2",))
    case("pgn", "valid", "p217-tags-once", pgn("1. 炮二平五 *", '[Red "A"]', '[Black "B"]'), clause=f"{PGN} §3.5", rules=("P217",),
         description="Each tag once.", expect=one(line("H2-E2"), ["Red", "A"], ["Black", "B"]))
    case("pgn", "dialect", "p202-tag-in-movetext", pgn('1. 炮二平五 马8进7 [Round "1"] *'), clause=f"{PGN} §3.6", rules=("P202",),
         source="real-file fault: tag pairs inside the moves", description="A tag pair inside the movetext (not at a line start) is read as a tag of the game.",
         expect=one(OPENING, ["Round", "1"]), diags=("P202@3:14",))
    case("pgn", "valid", "p202-tags-first", pgn("1. 炮二平五 马8进7 *", '[Round "1"]'), clause=[f"{PGN} §3.6", f"{PGN} §4.1"], rules=("P202",),
         description="Tags before the movetext.", expect=one(OPENING, ["Round", "1"]))


def pgn_game_tags() -> None:
    """The tags with a meaning of their own (PGN §3.7-§3.12)."""
    tail = "\n1. 炮二平五 马8进7 *\n"
    case("pgn", "dialect", "t101-no-game-tag", '[Event "Test"]\n[Result "*"]\n' + tail, clause=f"{PGN} §3.7", rules=("T101",),
         source="real-file fault: games without a Game tag", description="A game without its Game tag is read as xiangqi and reported at its first tag.",
         expect=doc(game(OPENING, [["Event", "Test"], ["Result", "*"]])), diags=("T101@1:8",))
    case("pgn", "dialect", "t102-game-tag-late", '[Event "Test"]\n[Game "Chinese Chess"]\n[Result "*"]\n' + tail, clause=f"{PGN} §3.7", rules=("T102",),
         description="A Game tag that is not the first tag is reported.",
         expect=doc(game(OPENING, [["Event", "Test"], GAME_TAG, ["Result", "*"]])), diags=("T102@2:7",))
    case("pgn", "dialect", "t103-game-xiangqi", '[Game "Xiangqi"]\n[Result "*"]\n' + tail, clause=f"{PGN} §3.7", rules=("T103",),
         source="real-file fault: Game tags other than Chinese Chess", description="A Game tag of another value is reported; the game is read as xiangqi.",
         expect=doc(game(OPENING, [["Game", "Xiangqi"], ["Result", "*"]])), diags=("T103@1:7",))
    case("pgn", "valid", "t101-t103-game-tag", '[Game "Chinese Chess"]\n[Event "Test"]\n[Result "*"]\n' + tail, clause=f"{PGN} §3.7", rules=("T101", "T102", "T103"),
         source="spec example", description="`[Game \"Chinese Chess\"]` first.", expect=one(OPENING, ["Event", "Test"], ["Result", "*"]))
    case("pgn", "dialect", "t104-short-date", pgn("1. 炮二平五 马8进7 *", '[Date "1995.5.22"]'), clause=f"{PGN} §3.8", rules=("T104",),
         description="A date without two-digit month is kept as written and reported.", expect=one(OPENING, ["Date", "1995.5.22"]), diags=("T104@2:7",))
    case("pgn", "valid", "t104-date", pgn("1. 炮二平五 马8进7 *", '[Date "1995.05.22"]'), clause=f"{PGN} §3.8", rules=("T104",),
         description="`yyyy.mm.dd`.", expect=one(OPENING, ["Date", "1995.05.22"]))
    case("pgn", "invalid", "t105-result-disagrees", pgn("1. 炮二平五 马8进7 0-1 {红方超时判负}", '[Result "1-0"]'), clause=f"{PGN} §3.9", rules=("T105",),
         description="A Result tag of 1-0 on a game whose marker is 0-1 contradicts it.", diags=("T105@4:14",))
    case("pgn", "dialect", "t106-result-words", pgn("1. 炮二平五 马8进7 1-0 {黑方认负}", '[Result "红胜"]'), clause=f"{PGN} §3.9", rules=("T106",),
         source="real-file fault: the result in words", description="A Result tag in words is kept as written; the marker gives the result.",
         expect=one(line("H2-E2", ("H9-G7", {"comments": ["黑方认负"]})), ["Result", "红胜"], result="1-0"), diags=("T106@2:9",))
    case("pgn", "valid", "t105-t106-draw", pgn("1. 炮二平五 马8进7 1/2-1/2", '[Result "1/2-1/2"]'), clause=[f"{PGN} §3.9", f"{BOARD} §6.3"], rules=("T105", "T106"),
         description="A Result tag that agrees with the marker.", expect=one(OPENING, ["Result", "1/2-1/2"], result="1/2-1/2"))
    case("pgn", "invalid", "p302-short-fen", pgn("1. 炮二平五 *", '[FEN "rnbakabnr/9 w"]'),
         clause=[f"{PGN} §3.10", f"{PGN} §8.2", f"{FEN} §2.1", f"{FEN} §2.2", f"{FEN} §1.1"], rules=("P302", "F101"),
         description="A FEN of two ranks gives no position; no move can be read.", diags=("P302@2:6", "F101@2:7"))
    case("pgn", "valid", "p302-fen-tag", pgn("1. 帅五平四 *", f'[FEN "{ADVISOR_SHIELD}"]'), clause=[f"{PGN} §3.10", f"{FEN} §1.1"], rules=("P302",),
         description="A game from the FEN position: the king e0 steps to f0.", expect=one(line("E0-F0"), ["FEN", ADVISOR_SHIELD], start=ADVISOR_SHIELD))
    case("pgn", "dialect", "p211-format-wxf-chinese", pgn("1. 炮二平五 *", '[Format "WXF"]'), clause=f"{PGN} §3.11", rules=("P211",),
         description="Moves in Chinese under `Format \"WXF\"` are read as Chinese and reported.", expect=one(line("H2-E2"), ["Format", "WXF"]), diags=("P211@2:9",))
    case("pgn", "dialect", "p212-wxf-without-format", pgn("1. C2.5 H8+7 *"), clause=f"{PGN} §3.11", rules=("P212",),
         description="WXF moves without a Format tag are read as WXF and reported.", expect=one(OPENING), diags=("P212@3:4",))
    case("pgn", "dialect", "p213-format-zh", pgn("1. 炮二平五 *", '[Format "zh"]'), clause=f"{PGN} §3.11", rules=("P213",),
         description="An unknown Format value is kept and reported.", expect=one(line("H2-E2"), ["Format", "zh"]), diags=("P213@2:9",))
    case("pgn", "dialect", "p214-two-notations", pgn("1. 炮二平五 H8+7 *"), clause=f"{PGN} §3.11", rules=("P214",),
         description="A Chinese move then a WXF one: both are read, the mix reported.", expect=one(OPENING), diags=("P214@3:9",))
    case("pgn", "valid", "p211-p214-format", pgn("1. C2.5 H8+7 *", '[Format "WXF"]'), clause=f"{PGN} §3.11", rules=("P211", "P212", "P213", "P214"),
         description="WXF moves under `Format \"WXF\"`.", expect=one(OPENING, ["Format", "WXF"]))
    case("pgn", "dialect", "t107-plycount-wrong", pgn("1. 炮二平五 马8进7 *", '[Result "*"]', '[PlyCount "3"]'), clause=f"{PGN} §3.12", rules=("T107",),
         description="PlyCount 3 on a game of two moves.", expect=one(OPENING, ["Result", "*"], ["PlyCount", "3"]), diags=("T107@3:11",))
    case("pgn", "dialect", "t108-ecco-lower-case", pgn("1. 炮二平五 马8进7 *", '[ECCO "b24"]'), clause=f"{PGN} §3.12", rules=("T108",),
         description="An ECCO code in lower case.", expect=one(OPENING, ["ECCO", "b24"]), diags=("T108@2:7",))
    case("pgn", "valid", "t107-t108-roster", pgn("1. 炮二平五 马8进7 *", '[ECCO "B24"]', '[Result "*"]', '[PlyCount "2"]'), clause=[f"{PGN} §3.12", f"{PGN} §3.13"], rules=("T107", "T108"),
         description="Roster tags with their values in shape; the reader keeps the file's tag order.", expect=one(OPENING, ["ECCO", "B24"], ["Result", "*"], ["PlyCount", "2"]))

# ---------------------------------------------------------------- PGN: movetext, comments, variations, results (pgn.md §4-§10)


def pgn_movetext() -> None:
    case("pgn", "dialect", "p206-no-move-number", pgn("炮二平五 马8进7 *"), clause=f"{PGN} §4.2", rules=("P206",),
         description="A Red move without its number is read and reported.", expect=one(OPENING), diags=("P206@3:1",))
    case("pgn", "dialect", "p207-number-skips", pgn("1. 炮二平五 马8进7 3. 马二进三 *"), clause=f"{PGN} §4.2", rules=("P207",),
         description="The moves are trusted over a number that does not count the rounds.", expect=one(line("H2-E2", "H9-G7", "H0-G2")), diags=("P207@3:14",))
    case("pgn", "dialect", "p208-black-line-no-ellipsis", pgn("1. 炮二平五 马8进7 (1. 炮8平5) *"), clause=f"{PGN} §4.2", rules=("P208",),
         description="A variation that starts with Black's move written `1.` without the ellipsis is read as Black's move (H7-E7 instead of H9-G7).",
         expect=one([{}, {"parent": 0, "move": "H2-E2"}, {"parent": 1, "move": "H9-G7"}, {"parent": 1, "move": "H7-E7"}]), diags=("P208@3:15",))
    case("pgn", "valid", "p206-p208-numbers", pgn("1. 炮二平五 马8进7 (1. ... 炮8平5) 2. 马二进三 *"), clause=f"{PGN} §4.2", rules=("P206", "P207", "P208"),
         source="spec example", description="Numbered rounds; a variation beginning with Black's move writes `1. ...`.",
         expect=one([{}, {"parent": 0, "move": "H2-E2"}, {"parent": 1, "move": "H9-G7"}, {"parent": 2, "move": "H0-G2"}, {"parent": 1, "move": "H7-E7"}]))
    case("pgn", "invalid", "m101-three-characters", pgn("1. 炮二平 *"), clause=[f"{PGN} §4.3", f"{NOT} §1.1", f"{NOT} §3.1"], rules=("M101",),
         description="`炮二平` has no number: it is no move in any notation.", diags=("M101@3:4",))
    case("pgn", "valid", "m101-move", pgn("1. 炮二平五 *"), clause=[f"{PGN} §4.3", f"{NOT} §1.1", f"{NOT} §3.1"], rules=("M101",),
         description="A four-character Chinese move.", expect=one(line("H2-E2")))
    case("pgn-wxf", "dialect", "digit-code-not-move-number", pgn("1. 62.5 *", '[Format "WXF"]'), clause=[f"{PGN} §4.4", f"{NOT} §4.2", f"{NOT} §4.8"], rules=("M401",),
         source="spec example", description="`62.5` after `1.` is the WXF move C2.5 written with the cannon's digit code 6 (H2-E2), not a move number 62.",
         expect=one(line("H2-E2"), ["Format", "WXF"]), diags=("M401@4:4",))
    case("pgn", "dialect", "p219-nag-300", pgn("1. 炮二平五 $300 *"), clause=f"{PGN} §4.5", rules=("P219",),
         description="A NAG above 255 is reported; the move is read.", expect=one(line(("H2-E2", {"nags": [300]}))), diags=("P219@3:9",))
    case("pgn", "valid", "p219-suffixes-and-nags", pgn("1. 炮二平五! 马8进7?! 2. 马二进三 $3 *"), clause=f"{PGN} §4.5", rules=("P219",),
         description="`!` is NAG 1, `?!` NAG 6, `$3` NAG 3.", expect=one(line(("H2-E2", {"nags": [1]}), ("H9-G7", {"nags": [6]}), ("H0-G2", {"nags": [3]}))))
    case("pgn", "invalid", "p104-unclosed-comment", pgn("1. 炮二平五 {中炮 马8进7 *"), clause=f"{PGN} §5.1", rules=("P104",),
         description="A `{` that no `}` closes: the rest of the game is its text (so the game also lacks its result).", diags=("P104@3:9",), exact=False)
    case("pgn", "dialect", "p215-brace-in-comment", pgn("1. 炮二平五 {a {b} *"), clause=f"{PGN} §5.1", rules=("P215",),
         description="Comments do not nest: `{a {b}` is the comment `a {b`.", expect=one(line(("H2-E2", {"comments": ["a {b"]}))), diags=("P215@3:12",))
    case("pgn", "valid", "p104-p215-comment", pgn("1. 炮二平五 {中炮\n开局} 马8进7 *"), clause=f"{PGN} §5.1", rules=("P104", "P215"),
         source="spec example", description="A brace comment may hold a line break; it is kept as written.",
         expect=one(line(("H2-E2", {"comments": ["中炮\n开局"]}), "H9-G7")))
    case("pgn", "valid", "line-comment", pgn("1. 炮二平五 ; 中炮\n马8进7 *"), clause=f"{PGN} §5.2", source="real-file fault: chess-style rest-of-line comments",
         description="`;` begins a comment to the end of the line; it belongs to the move before it.",
         expect=one(line(("H2-E2", {"comments": [" 中炮"]}), "H9-G7")))
    case("pgn", "dialect", "p203-comment-splits-move", pgn("1. 炮二{中炮}平五 马8进7 *"), clause=f"{PGN} §5.3", rules=("P203",), source="spec example",
         description="The spec's invalid example: the halves are joined and the comment put after the move.",
         expect=one(line(("H2-E2", {"comments": ["中炮"]}), "H9-G7")), diags=("P203@3:6",))
    case("pgn", "valid", "p203-comment-after", pgn("1. 炮二平五 {中炮} 马8进7 *"), clause=f"{PGN} §5.3", rules=("P203",),
         description="A comment after the move it is about.", expect=one(line(("H2-E2", {"comments": ["中炮"]}), "H9-G7")))
    case("pgn", "valid", "comment-places", pgn("{开局} 1. 炮二平五 马8进7 ({变着} 1. ... 炮8平5) * {终局}"), clause=f"{PGN} §5.4",
         source="peer disagreement: cchess stops reading a PGN game at its first comment, with no word of it",
         description="The opening comment goes to the game, one before a variation's first move before that move, one after the result to the last main-line move.",
         expect=one([{"comments": ["开局"]}, {"parent": 0, "move": "H2-E2"}, {"parent": 1, "move": "H9-G7", "comments": ["终局"]},
                     {"parent": 1, "move": "H7-E7", "comments_before": ["变着"]}]))
    case("pgn", "valid", "fullwidth-braces-in-comment", pgn("1. 炮二平五 {甲｛乙｝} *"), clause=f"{PGN} §5.5",
         description="Fullwidth braces, which a writer puts for braces in a comment, are text.", expect=one(line(("H2-E2", {"comments": ["甲｛乙｝"]}))))


def pgn_variations_results() -> None:
    case("pgn", "invalid", "p102-unclosed-variation", pgn("1. 炮二平五 (1. 炮八平五 马8进7 *"), clause=f"{PGN} §6.1", rules=("P102",),
         description="A `(` that no `)` closes.", diags=("P102@3:9",))
    case("pgn", "invalid", "p103-stray-paren", pgn("1. 炮二平五 马8进7) *"), clause=f"{PGN} §6.1", rules=("P103",),
         description="A `)` that closes no variation.", diags=("P103@3:13",))
    case("pgn", "dialect", "p216-empty-variation", pgn("1. 炮二平五 () *"), clause=f"{PGN} §6.1", rules=("P216",),
         description="An empty variation holds nothing and is dropped.", expect=one(line("H2-E2")), diags=("P216@3:9",))
    case("pgn", "valid", "nested-variations", pgn("1. 炮二平五 (1. 炮八平五 马8进7 (1. ... 马2进3)) 马8进7 *"), clause=f"{PGN} §6.1", rules=("P102", "P103", "P216"),
         description="A variation replaces the move before it and may hold variations: B2-E2 replaces H2-E2, B9-C7 replaces H9-G7 after it.",
         expect=one([{}, {"parent": 0, "move": "H2-E2"}, {"parent": 1, "move": "H9-G7"}, {"parent": 0, "move": "B2-E2"},
                     {"parent": 3, "move": "H9-G7"}, {"parent": 3, "move": "B9-C7"}]))
    case("pgn", "invalid", "p303-variation-first", pgn("(1. 炮八平五) 1. 炮二平五 *"), clause=f"{PGN} §6.2", rules=("P303",),
         description="A variation before any move has no move to replace.", diags=("P303@3:1",))
    case("pgn", "valid", "p303-variation-after-move", pgn("1. 炮二平五 (1. 炮八平五) *"), clause=f"{PGN} §6.2", rules=("P303",),
         description="A variation after the move it replaces.", expect=one([{}, {"parent": 0, "move": "H2-E2"}, {"parent": 0, "move": "B2-E2"}]))
    case("pgn", "dialect", "p205-no-result", pgn("1. 炮二平五 马8进7"), clause=f"{PGN} §7.1", rules=("P205",),
         description="A game that ends without a marker is read with result `*` and reported.", expect=one(OPENING), diags=("P205@3:13",))
    case("pgn", "valid", "result-black-wins", pgn("1. 炮二平五 马8进7 0-1 {红方超时}", '[Termination "time forfeit"]'), clause=f"{PGN} §7.1",
         description="The marker 0-1 is the result.", expect=one(line("H2-E2", ("H9-G7", {"comments": ["红方超时"]})), ["Termination", "time forfeit"], result="0-1"))
    case("pgn", "dialect", "p204-text-after-result", pgn("1. 炮二平五 *\n====="), clause=f"{PGN} §7.2", rules=("P204",),
         source="real-file fault: separator lines between games", description="Text after the result is reported and kept, line by line, as a comment on the last move.",
         expect=one(line(("H2-E2", {"comments": ["====="]}))), diags=("P204@4:1",))
    case("pgn", "valid", "p204-comment-after-result", pgn("1. 炮二平五 * {=====}"), clause=f"{PGN} §7.2", rules=("P204",),
         description="A comment after the result belongs to the last move.", expect=one(line(("H2-E2", {"comments": ["====="]}))))
    case("pgn", "dialect", "g103-win-without-reason", pgn("1. 炮二平五 马8进7 1-0", '[Result "1-0"]'), clause=[f"{PGN} §7.3", f"{BOARD} §6.2"], rules=("G103",),
         description="A win without mate or any reason is read as recorded and pointed out.", expect=one(OPENING, ["Result", "1-0"], result="1-0"), diags=("G103@4:14",))
    case("pgn", "valid", "g103-win-with-reason", pgn("1. 炮二平五 马8进7 1-0", '[Result "1-0"]', '[Termination "time forfeit"]'), clause=[f"{PGN} §7.3", f"{BOARD} §6.2"], rules=("G103",),
         description="A Termination tag says why the game was won.", expect=one(OPENING, ["Result", "1-0"], ["Termination", "time forfeit"], result="1-0"))
    # Suppression comments (docs/spec/README.md §4.5): the directive silences P212 (ICCS moves, no Format tag) on
    # its line; M202 silences nothing. The unused code starts at column 33: `1. ` (3) + 炮二平五 (4) + space +
    # 马8进7 (4) + space + `{xqformats: ignore ` (19).
    case("pgn", "valid", "g108-used-suppression", pgn("1. H2-E2 H9-G7 {xqformats: ignore P212} *"),
         clause="docs/spec/README.md §4.5", rules=("G108", "P212"),
         description="A suppression comment silences the notation finding on its line; the comment is kept.",
         expect=one(line("H2-E2", ("H9-G7", {"comments": ["xqformats: ignore P212"]}))))
    case("pgn", "invalid", "g108-unused-suppression", pgn("1. 炮二平五 马8进7 {xqformats: ignore M202} *"),
         clause="docs/spec/README.md §4.5", rules=("G108",),
         description="A suppression of a code that reports nothing there is itself reported, at the code.",
         diags=("G108@3:33",))
    case("pgn-iccs", "invalid", "g104-draw-after-mate", pgn("1. E1-D1 1/2-1/2", f'[FEN "{MATE_BY_ROOK}"]', '[Format "ICCS"]', '[Result "1/2-1/2"]'),
         clause=[f"{PGN} §7.3", f"{BOARD} §6.1"], rules=("G104",), description="E1-D1 mates (the rook checks d9; e9 would face the king e0): a draw contradicts the board.", diags=("G104@6:10",))
    case("pgn-iccs", "valid", "g104-mate-wins", pgn("1. E1-D1 1-0", f'[FEN "{MATE_BY_ROOK}"]', '[Format "ICCS"]', '[Result "1-0"]'),
         clause=[f"{PGN} §7.3", f"{BOARD} §6.1", f"{BOARD} §6.3"], rules=("G104", "G103"), description="The mate is recorded as Red's win.",
         expect=one(line("E1-D1"), ["FEN", MATE_BY_ROOK], ["Format", "ICCS"], ["Result", "1-0"], start=MATE_BY_ROOK, result="1-0"))
    case("pgn", "invalid", "p301-illegal-move", pgn("1. 炮二平五 马8进7 2. 车一进五 *"), clause=[f"{PGN} §8.1", f"{NOT} §2.4", f"{BOARD} §5.1", f"{BOARD} §4.5"],
         rules=("P301", "M301"), description="The rook i0 cannot pass its own pawn i3: the move is reported and the rest kept as a comment.", diags=("M301@3:17", "P301@3:17"))
    case("pgn", "valid", "p301-legal-moves", pgn("1. 炮二平五 马8进7 2. 马二进三 *"), clause=f"{PGN} §8.1", rules=("P301",),
         description="Every move legal.", expect=one(line("H2-E2", "H9-G7", "H0-G2")))
    case("pgn", "valid", "p302-no-fen-start-position", pgn("1. 炮二平五 *", f'[FEN "{START}"]'), clause=[f"{PGN} §8.2", f"{FEN} §5.1", f"{PGN} §3.10"], rules=("P302",),
         description="A FEN tag with the start position.", expect=one(line("H2-E2"), ["FEN", START]))


def pgn_encodings() -> None:
    text = pgn("1. 炮二平五 马8进7 *", '[Event "第一轮"]')
    case("pgn", "dialect", "e101-gbk", text.encode("gbk"), clause=f"{PGN} §9.1", rules=("E101",), source="real-file fault: XQWizard saves GBK without a mark",
         description="GBK bytes without a BOM are read as GB18030 and the guess is reported.", expect=one(OPENING, ["Event", "第一轮"]), diags=("E101",))
    case("pgn", "valid", "e101-utf8-bom", b"\xef\xbb\xbf" + text.encode("utf-8"), clause=[f"{PGN} §9.1", f"{PGN} §9.3"], rules=("E101",),
         description="UTF-8 with a byte-order mark needs no guess.", expect=one(OPENING, ["Event", "第一轮"]))
    case("pgn", "invalid", "e102-bad-byte", b'\xef\xbb\xbf[Game "Chinese Chess"]\n[Event "a\xffb"]\n\n1. \xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94 *\n',
         clause=f"{PGN} §9.2", rules=("E102",), description="The byte FF is not UTF-8 in a file whose BOM says UTF-8: reported where it stands (positions count from after the BOM); the move reads.",
         diags=("E102@2:10",))
    case("pgn", "valid", "e102-utf8", text.encode("utf-8"), clause=[f"{PGN} §9.2", f"{PGN} §10.1"], rules=("E102",),
         description="A UTF-8 file as the writer writes it: tags, a blank line, numbered rounds.", expect=one(OPENING, ["Event", "第一轮"]))

# ---------------------------------------------------------------- notation: Chinese (notation.md §1-§3)


def fen_game(body: str, fen: str, *tags: str) -> str:
    """A PGN game from ``fen``: the movetext is on line 4 (line 5 with one more tag)."""
    return pgn(body, f'[FEN "{fen}"]', *tags)


def from_fen(fen: str, nodes: list[dict[str, Any]], *tags: list[str], result: str = "*") -> dict[str, Any]:
    return one(nodes, ["FEN", fen], *tags, start=fen, result=result)


def notation_chinese() -> None:
    case("pgn", "invalid", "m203-horse-to-file-five", pgn("1. 马二进五 *"), clause=[f"{NOT} §2.1", f"{BOARD} §4.4"], rules=("M203",),
         description="A horse on file 二 cannot advance to file 五 (it moves one file and two ranks, or two files and one rank); reported at the number.", diags=("M203@3:7",))
    case("pgn", "valid", "m203-horse", pgn("1. 马二进三 *"), clause=[f"{NOT} §2.1", f"{BOARD} §4.4"], rules=("M203",),
         description="The horse h0 to g2.", expect=one(line("H0-G2")))
    case("pgn", "invalid", "m201-no-rook-on-file", pgn("1. 车二进一 *"), clause=f"{NOT} §2.2", rules=("M201",),
         description="No Red rook stands on file 二 (h) in the start position; reported at the file.", diags=("M201@3:5",))
    case("pgn", "valid", "m201-rook-on-file", pgn("1. 车一进一 *"), clause=f"{NOT} §2.2", rules=("M201",),
         description="The rook i0 to i1.", expect=one(line("I0-I1")))
    case("pgn", "invalid", "m202-two-pawns-no-marker", fen_game("1. 兵七进一 *", TWO_PAWNS_C), clause=[f"{NOT} §2.3", f"{NOT} §3.4"], rules=("M202",),
         description="Pawns c5 and c3 both can advance: `兵七进一` needs 前 or 后.", diags=("M202@4:4",))
    case("pgn", "valid", "m202-front-pawn", fen_game("1. 前兵进一 *", TWO_PAWNS_C), clause=[f"{NOT} §2.3", f"{NOT} §3.4"], rules=("M202", "M204"),
         description="前兵 is the pawn nearer the enemy, c5: C5-C6.", expect=from_fen(TWO_PAWNS_C, line("C5-C6")))
    case("pgn", "invalid", "m204-marker-one-cannon", pgn("1. 前炮平四 *"), clause=[f"{NOT} §2.3", f"{NOT} §3.4"], rules=("M204",),
         source="peer disagreement: cchess reads 前炮平四 here as H2-F2, a marker on a file that holds one cannon",
         description="No file holds two Red cannons, so 前炮 names no piece; it is not read as the cannon h2.", diags=("M204@3:4",))
    case("pgn", "invalid", "m204-rear-pawn-alone", pgn("1. 后兵进一 *"), clause=[f"{NOT} §2.3", f"{NOT} §3.4"], rules=("M204",),
         source="peer disagreement: cchess reads 后兵进一 here as A3-A4, a rear pawn where every file holds one pawn",
         description="Every file holds at most one Red pawn in the start position, so 后兵 names none: the move is an error, not a guess at one of five pawns.", diags=("M204@3:4",))
    case("pgn", "valid", "m204-plain-cannon", pgn("1. 炮二平四 *"), clause=f"{NOT} §2.3", rules=("M204",),
         description="The cannon h2 to f2.", expect=one(line("H2-F2")))
    case("pgn", "invalid", "m302-rook-pinned", fen_game("1. 车五平四 *", PIN_ON_E), clause=[f"{NOT} §2.4", f"{BOARD} §5.2"], rules=("M302",),
         description="The rook e1 shields its king from the rook e9: moving it aside leaves the king in check.", diags=("M302@4:4",))
    case("pgn", "valid", "m302-rook-stays-on-file", fen_game("1. 车五进一 *", PIN_ON_E), clause=[f"{NOT} §2.4", f"{BOARD} §5.2"], rules=("M302",),
         description="The pinned rook moves along the file: E1-E2.", expect=from_fen(PIN_ON_E, line("E1-E2")))
    case("pgn", "invalid", "m303-advisor-opens-file", fen_game("1. 仕五进四 *", ADVISOR_SHIELD), clause=[f"{NOT} §2.4", f"{BOARD} §5.3"], rules=("M303",),
         description="The advisor e1 is all that stands between the kings: moving it leaves them facing.", diags=("M303@4:4",))
    case("pgn", "valid", "m303-king-steps-aside", fen_game("1. 帅五平四 *", ADVISOR_SHIELD), clause=[f"{NOT} §2.4", f"{BOARD} §5.3", f"{BOARD} §4.1"], rules=("M303",),
         description="The king e0 to f0 keeps the file shut.", expect=from_fen(ADVISOR_SHIELD, line("E0-F0")))
    case("pgn", "invalid", "m301-rook-onto-own-pawn", pgn("1. 车一进三 *"), clause=[f"{NOT} §2.4", f"{BOARD} §4.5", f"{BOARD} §5.1"], rules=("M301",),
         description="The rook i0 would land on its own pawn i3.", diags=("M301@3:4",))
    case("pgn", "valid", "m301-rook-two", pgn("1. 车一进二 *"), clause=[f"{NOT} §2.4", f"{BOARD} §4.5", f"{BOARD} §5.1"], rules=("M301",),
         description="The rook i0 to i2.", expect=one(line("I0-I2")))
    case("pgn", "dialect", "m406-traditional", pgn("1. 車一進一 *"), clause=f"{NOT} §3.2", rules=("M406",),
         description="Traditional 車 and 進 read as 车 and 进: I0-I1.", expect=one(line("I0-I1")), diags=("M406@3:4",))
    case("pgn", "dialect", "m408-black-advisor-character", pgn("1. 士四进五 *"), clause=f"{NOT} §3.2", rules=("M408",),
         description="Red's advisor written with Black's 士: the side to move decides (F0-E1).", expect=one(line("F0-E1")), diags=("M408@3:4",))
    case("pgn", "valid", "m406-m408-own-characters", pgn("1. 仕四进五 象3进5 *"), clause=f"{NOT} §3.2", rules=("M406", "M408"),
         description="Each side's own simplified characters: F0-E1, then the elephant c9 to e7.", expect=one(line("F0-E1", "C9-E7")))
    case("pgn", "dialect", "m205-red-with-digits", pgn("1. 炮2平5 *"), clause=f"{NOT} §3.3", rules=("M205",),
         description="Red's move with Black's digits is read as 炮二平五 (H2-E2) and reported.", expect=one(line("H2-E2")), diags=("M205@3:4",))
    case("pgn", "dialect", "m407-fullwidth-digits", pgn("1. 炮二平五 马８进７ *"), clause=f"{NOT} §3.3", rules=("M407",),
         description="Black's numbers in fullwidth digits: H9-G7, reported at the first digit.", expect=one(OPENING), diags=("M407@3:10",))
    case("pgn", "valid", "m205-m407-numbers", pgn("1. 炮二平五 马8进7 *"), clause=f"{NOT} §3.3", rules=("M205", "M407"),
         description="Red's numerals, Black's ASCII digits.", expect=one(OPENING))


def notation_like_pieces() -> None:
    """Style, and telling like pieces apart (Notation §3.4-§3.10, §6.1)."""
    case("pgn", "dialect", "style-findings-are-information", pgn("1. 炮二平五 馬８進７ *"), clause=f"{NOT} §6.1", rules=("M406", "M407"),
         description="Traditional characters and fullwidth digits are style: information only, the move (H9-G7) is read with no warning.",
         expect=one(OPENING), diags=("M406@3:9", "M407@3:10"))
    case("pgn", "valid", "two-rooks-front", fen_game("1. 前车平二 *", TWO_ROOKS_I), clause=f"{NOT} §3.4", rules=("M202",),
         description="Of the rooks i1 and i0, 前车 is i1: I1-H1.", expect=from_fen(TWO_ROOKS_I, line("I1-H1")))
    case("pgn", "invalid", "m202-two-rooks-no-marker", fen_game("1. 车一平二 *", TWO_ROOKS_I), clause=f"{NOT} §3.4", rules=("M202",),
         description="Both rooks on file 一 can move to file 二.", diags=("M202@4:4",))
    case("pgn", "valid", "three-pawns-middle", fen_game("1. 中兵平六 *", THREE_PAWNS_C), clause=f"{NOT} §3.5", rules=("M202",),
         description="Of pawns c7, c6, c5, 中兵 is c6: C6-D6.", expect=from_fen(THREE_PAWNS_C, line("C6-D6")))
    case("pgn", "invalid", "m202-three-pawns-file", fen_game("1. 兵七平六 *", THREE_PAWNS_C), clause=f"{NOT} §3.5", rules=("M202",),
         description="In Chinese, naming the file of three pawns is ambiguous (unlike WXF).", diags=("M202@4:4",))
    case("pgn", "valid", "four-pawns-ordinal", fen_game("1. 一兵平六 *", FOUR_PAWNS), clause=f"{NOT} §3.6", rules=("M404",),
         description="Of four pawns, 一兵 is the front one, c8: C8-D8.", expect=from_fen(FOUR_PAWNS, line("C8-D8")))
    case("pgn", "dialect", "m404-four-pawns-front", fen_game("1. 前兵平六 *", FOUR_PAWNS), clause=f"{NOT} §3.6", rules=("M404",),
         description="前 for the front one of four pawns is read (C8-D8) and reported as style.", expect=from_fen(FOUR_PAWNS, line("C8-D8")), diags=("M404@4:4",))
    case("pgn", "valid", "stacked-two-files", fen_game("1. 三兵平五 *", STACKED_TWO_FILES), clause=f"{NOT} §3.7", rules=("M204",), source="spec example",
         description="The spec's table: with pawns f8, f6, d8, d6, 三兵平五 is d8 to e8.", expect=from_fen(STACKED_TWO_FILES, line("D8-E8")))
    case("pgn", "invalid", "m204-fifth-of-four", fen_game("1. 五兵平五 *", STACKED_TWO_FILES), clause=f"{NOT} §3.7", rules=("M204",),
         description="Four pawns are numbered; 五兵 names none.", diags=("M204@4:4",))
    case("pgn", "valid", "advisors-no-marker", fen_game("1. 仕四退五 *", TWO_ADVISORS_F), clause=f"{NOT} §3.8", rules=("M404",),
         description="Of advisors f2 and f0, the one that can retreat is f2: F2-E1.", expect=from_fen(TWO_ADVISORS_F, line("F2-E1")))
    case("pgn", "dialect", "m404-advisor-marker", fen_game("1. 前仕退五 *", TWO_ADVISORS_F), clause=f"{NOT} §3.8", rules=("M404",),
         description="A redundant 前 on an advisor is read (F2-E1) and reported as style.", expect=from_fen(TWO_ADVISORS_F, line("F2-E1")), diags=("M404@4:4",))
    case("pgn", "dialect", "m404-five-characters", fen_game("1. 前兵七进一 *", TWO_PAWNS_C), clause=f"{NOT} §3.9", rules=("M404",),
         description="The five-character form keeps the file: C5-C6, reported as style.", expect=from_fen(TWO_PAWNS_C, line("C5-C6")), diags=("M404@4:4",))
    case("pgn", "dialect", "m206-missing-marker", fen_game("1. 兵五进一 *", PAWNS_E_BLOCKED), clause=f"{NOT} §3.10", rules=("M206",),
         source="real-file fault: markers left out when only one piece can move",
         description="Of pawns e4 and e3, only e4 can advance (e3 is blocked): read as E4-E5 and reported.", expect=from_fen(PAWNS_E_BLOCKED, line("E4-E5")), diags=("M206@4:4",))
    case("pgn", "valid", "m206-marker-given", fen_game("1. 前兵进一 *", PAWNS_E_BLOCKED), clause=[f"{NOT} §3.10", f"{NOT} §3.11"], rules=("M206",),
         description="The canonical form with the marker.", expect=from_fen(PAWNS_E_BLOCKED, line("E4-E5")))

# ---------------------------------------------------------------- notation: WXF, ICCS, SAN (notation.md §4-§7)

WXF_TAG, ICCS_TAG = '[Format "WXF"]', '[Format "ICCS"]'


def notation_wxf() -> None:
    wxf = ["Format", "WXF"]
    case("pgn-wxf", "valid", "wxf-opening", pgn("1. C2.5 H8+7 2. H2+3 R9.8 *", WXF_TAG), clause=[f"{NOT} §4.1", f"{NOT} §4.9"], source="spec example",
         description="Piece letter, file, sign, number: C2.5 H8+7 H2+3 R9.8 are H2-E2 H9-G7 H0-G2 I9-H9.",
         expect=one(line("H2-E2", "H9-G7", "H0-G2", "I9-H9"), wxf))
    case("pgn-wxf", "invalid", "m101-traverse-sign-missing", pgn("1. C25 *", WXF_TAG), clause=f"{NOT} §4.1", rules=("M101",),
         description="`C25` (a traverse with its sign left out) is no move.", diags=("M101@4:4",))
    case("pgn-wxf", "dialect", "m401-lower-case-letter", pgn("1. C2.5 h8+7 *", WXF_TAG), clause=f"{NOT} §4.2", rules=("M401",),
         source="real-file fault: Black's moves in lower case", description="`h8+7` is read as H8+7 (H9-G7) and reported as style.", expect=one(OPENING, wxf), diags=("M401@4:9",))
    case("pgn-wxf", "valid", "m401-official-letters", pgn("1. C2.5 H8+7 *", WXF_TAG), clause=f"{NOT} §4.2", rules=("M401",),
         description="The official upper-case letters.", expect=one(OPENING, wxf))
    case("pgn-wxf", "dialect", "m402-equals-traverse", pgn("1. C2=5 *", WXF_TAG), clause=f"{NOT} §4.3", rules=("M402",),
         source="real-file fault: `=` for a traverse, as Fairy-Stockfish writes", description="`C2=5` is C2.5 (H2-E2); reported at the `=`.", expect=one(line("H2-E2"), wxf), diags=("M402@4:6",))
    case("pgn-wxf", "dialect", "m403-fullwidth", pgn("1. Ｃ２．５ *", WXF_TAG), clause=f"{NOT} §4.3", rules=("M403",),
         source="real-file fault: fullwidth WXF", description="Fullwidth `Ｃ２．５` is C2.5 (H2-E2).", expect=one(line("H2-E2"), wxf), diags=("M403@4:4",))
    case("pgn-wxf", "valid", "m402-m403-signs", pgn("1. C2.5 H8+7 2. H2+3 *", WXF_TAG), clause=f"{NOT} §4.3", rules=("M402", "M403"),
         description="ASCII `.` and `+`.", expect=one(line("H2-E2", "H9-G7", "H0-G2"), wxf))
    case("pgn-wxf", "valid", "two-rooks-plus", fen_game("1. R+.2 *", TWO_ROOKS_I, WXF_TAG), clause=f"{NOT} §4.4", rules=("M404",),
         description="`R+` is the front rook of two, i1: I1-H1.", expect=from_fen(TWO_ROOKS_I, line("I1-H1"), wxf))
    case("pgn-wxf", "dialect", "m404-marker-before-letter", fen_game("1. +R.2 *", TWO_ROOKS_I, WXF_TAG), clause=f"{NOT} §4.4", rules=("M404",),
         description="xqbase's `+R.2` is R+.2 (I1-H1), reported as style.", expect=from_fen(TWO_ROOKS_I, line("I1-H1"), wxf), diags=("M404@5:4",))
    case("pgn-wxf", "valid", "three-pawns-plain-is-middle", fen_game("1. P7.6 *", THREE_PAWNS_C, WXF_TAG), clause=f"{NOT} §4.5", rules=("M404", "M202"),
         source="peer disagreement: Fairy-Stockfish writes this move `27=6`; the official WXF page writes the middle pawn plainly",
         description="With three pawns on file 7, the plain `P7.6` is the middle one, c6: C6-D6.", expect=from_fen(THREE_PAWNS_C, line("C6-D6"), wxf))
    case("pgn-wxf", "dialect", "m404-fairy-index-digit", fen_game("1. 27=6 *", THREE_PAWNS_C, WXF_TAG), clause=[f"{NOT} §4.6", f"{NOT} §4.8"], rules=("M404", "M402"),
         source="peer disagreement: Fairy-Stockfish writes the middle pawn of three as `27=6` (its index from the front, then the file), not `P7.6`",
         description="`27=6` is read as the second pawn from the front of file 7, c6: C6-D6, reported as style (the index and the `=`).",
         expect=from_fen(THREE_PAWNS_C, line("C6-D6"), wxf), diags=("M404@5:4", "M402@5:6"))
    case("pgn-wxf", "dialect", "m404-middle-pawn-dot", fen_game("1. P..6 *", THREE_PAWNS_C, WXF_TAG), clause=f"{NOT} §4.5", rules=("M404",),
         description="xqbase's `P..6` is the middle pawn (C6-D6), reported as style.", expect=from_fen(THREE_PAWNS_C, line("C6-D6"), wxf), diags=("M404@5:4",))
    case("pgn-wxf", "valid", "four-pawns-plus-plus", fen_game("1. ++.6 *", FOUR_PAWNS, WXF_TAG), clause=f"{NOT} §4.6", rules=("M404",),
         description="`++` is the foremost of four pawns, c8: C8-D8.", expect=from_fen(FOUR_PAWNS, line("C8-D8"), wxf))
    case("pgn-wxf", "dialect", "m404-letter-ordinal", fen_game("1. Pa.6 *", FOUR_PAWNS, WXF_TAG), clause=f"{NOT} §4.6", rules=("M404",),
         description="xqbase's `Pa.6` is the first pawn from the front (C8-D8), reported as style.", expect=from_fen(FOUR_PAWNS, line("C8-D8"), wxf), diags=("M404@5:4",))
    case("pgn-wxf", "valid", "stacked-file-digit", fen_game("1. 4+.5 *", STACKED_TWO_FILES, WXF_TAG), clause=[f"{NOT} §4.7", f"{NOT} §4.8"], rules=("M404",), source="spec example",
         description="With pawns stacked on files 4 and 6, `4+.5` is the front pawn of file 4, f8: F8-E8.", expect=from_fen(STACKED_TWO_FILES, line("F8-E8"), wxf))
    case("pgn-wxf", "dialect", "m404-stacked-letter", fen_game("1. Pc.5 *", STACKED_TWO_FILES, WXF_TAG), clause=f"{NOT} §4.7", rules=("M404",),
         description="xqbase's `Pc.5` numbers across both files as 三兵: d8 to e8, reported as style.", expect=from_fen(STACKED_TWO_FILES, line("D8-E8"), wxf), diags=("M404@5:4",))
    case("pgn-wxf", "valid", "leading-digit-rear-pawn", fen_game("1. 4-.5 *", STACKED_TWO_FILES, WXF_TAG), clause=f"{NOT} §4.8", rules=("M401", "M202"),
         description="The leading digit 4 names a file that holds stacked pawns: the rear pawn of file 4, f6: F6-E6.", expect=from_fen(STACKED_TWO_FILES, line("F6-E6"), wxf))


def notation_iccs() -> None:
    iccs = ["Format", "ICCS"]
    case("pgn-iccs", "valid", "iccs-opening", pgn("1. H2-E2 H9-G7 *", ICCS_TAG), clause=[f"{NOT} §5.1", f"{BOARD} §2.1"], rules=("M405",), source="spec example",
         description="From-point and to-point, upper case, joined by a dash.", expect=one(OPENING, iccs))
    case("pgn-iccs", "dialect", "m405-ucci-form", pgn("1. h2e2 h9g7 *", ICCS_TAG), clause=f"{NOT} §5.1", rules=("M405",), source="real-file fault: engine (UCCI) moves pasted into records",
         description="The UCCI form `h2e2` is read as H2-E2 and reported as style.", expect=one(OPENING, iccs), diags=("M405@4:4", "M405@4:9"))
    case("pgn-iccs", "invalid", "m101-rank-ten", pgn("1. H2-E2 H10-G8 *", ICCS_TAG), clause=f"{NOT} §5.2", rules=("M101",),
         description="`H10-G8` is the horse h9 to g7 in engine ranks 1-10; `H10` is no ICCS point, so the text is no move.", diags=("M101@4:10",))
    case("pgn-iccs", "invalid", "m201-engine-ranks", pgn("1. H3-E3 *", ICCS_TAG), clause=f"{BOARD} §2.4", rules=("M201",),
         description="`H3-E3` is 炮二平五 in engine ranks 1-10; read as ICCS it moves from the empty point h3.", diags=("M201@4:4",))
    case("pgn-iccs", "valid", "corner-points", pgn("1. I0-I1 A9-A8 *", ICCS_TAG), clause=[f"{BOARD} §2.1", f"{NOT} §5.2"],
         description="The corners i0 and a9 are Red's right rook and Black's left-hand (Black's right) rook.", expect=one(line("I0-I1", "A9-A8"), iccs))


def notation_san() -> None:
    case("pgn-san", "dialect", "m207-undecided", '[Variant "xiangqi"]\n\n1. Ra2 *\n', clause=[f"{NOT} §7.1", f"{NOT} §7.3"], rules=("M207",),
         source="peer disagreement: WinBoard counts ranks 0-9, Fairy-Stockfish 1-10",
         description="`Ra2` is A0-A1 in ranks 1-10 and A0-A2 in ranks 0-9; both legal, the game is undecided and read with ranks 1-10 (A0-A1).",
         expect=doc(game(line("A0-A1"), [["Variant", "xiangqi"]])), diags=("M207",))
    case("pgn-san", "valid", "m207-decided-by-legality", '[Variant "xiangqi"]\n\n1. Ra3 *\n', clause=[f"{NOT} §7.1", f"{NOT} §7.3"], rules=("M207",),
         description="`Ra3` in ranks 0-9 lands on its own pawn a3, so the game counts 1-10: A0-A2.", expect=doc(game(line("A0-A2"), [["Variant", "xiangqi"]])))
    case("pgn-san", "valid", "winboard-pawn-letterless", '[Variant "xiangqi"]\n[White "甲"]\n[Black "乙"]\n\n1. c4 Hg7 *\n',
         clause=[f"{NOT} §7.2", f"{NOT} §7.7"], rules=("M207",), source="real-file fault: WinBoard's letterless pawn moves",
         description="WinBoard's `c4` (ranks 0-9: the pawn c3 to c4; in 1-10 it would stay put) decides the convention; White is read as Red (a tag the reader adds after the others).",
         expect=doc(game(line("C3-C4", "H9-G7"), [["Variant", "xiangqi"], ["Black", "乙"], ["Red", "甲"]])))
    case("pgn-san", "valid", "fairy-stockfish", '[Variant "xiangqi"]\n\n1. Hc3 Hc8 2. Ece3 Hg8 3. E3g5 *\n', clause=[f"{NOT} §7.4", f"{NOT} §7.5", f"{NOT} §7.6"],
         description="Ranks 1-10: B0-C2 B9-C7 C0-E2 H9-G7, then `E3g5` (also an ICCS text) is read as SAN in a SAN game: the elephant e2 to g4.",
         expect=doc(game(line("B0-C2", "B9-C7", "C0-E2", "H9-G7", "E2-G4"), [["Variant", "xiangqi"]])))
    case("pgn-san", "invalid", "m203-king-cannot-go", '[Variant "xiangqi"]\n\n1. Ke5 *\n', clause=f"{NOT} §7.4", rules=("M203",),
         description="No Red king can reach e5 in either convention.", diags=("M203@3:4",), exact=False)

# ---------------------------------------------------------------- FEN (fen.md) and the board (board.md)


def fen_cases() -> None:
    def bad(name: str, fen: str, clauses: list[str], rules: tuple[str, ...], description: str, *diags: str) -> None:
        case("pgn", "invalid", name, pgn("*", f'[FEN "{fen}"]'), clause=clauses, rules=rules, description=description, diags=diags)

    six = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
    case("pgn", "valid", "fen-six-fields-black-to-move", pgn("1. ... 马8进7 *", f'[FEN "{six}"]'), clause=[f"{FEN} §1.1", f"{FEN} §2.4"], rules=("F104", "F105"),
         description="Six fields; `b` gives Black the move: H9-G7 first.", expect=one(line("H9-G7"), ["FEN", six], start=six))
    bad("f102-queen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w", [f"{FEN} §2.1", f"{FEN} §2.3"], ("F102",),
        "`Q` is no xiangqi piece letter: the FEN gives no position.", "F102@2:65", "P302@2:6")
    only_two = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
    case("pgn", "valid", "fen-two-fields", pgn("1. 炮二平五 *", f'[FEN "{only_two}"]'), clause=[f"{FEN} §2.1", f"{FEN} §2.2", f"{FEN} §4.1"], rules=("F101", "F102"),
         description="Board and side are enough; the form gives the position as six fields, `- - 0 1` added.", expect=one(line("H2-E2"), ["FEN", only_two]))
    eh = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w"
    case("pgn", "dialect", "f103-e-and-h", pgn("1. 炮二平五 *", f'[FEN "{eh}"]'), clause=f"{FEN} §2.3", rules=("F103",), source="real-file fault: E/H letters in FEN boards",
         description="`E` and `H` (the WXF letters) are read as elephant and horse, each reported: the start position.",
         expect=one(line("H2-E2"), ["FEN", eh]), diags=("F103@2:8", "F103@2:9", "F103@2:13", "F103@2:14", "F103@2:58", "F103@2:59", "F103@2:63", "F103@2:64"))
    case("pgn", "valid", "f103-b-and-n", pgn("1. 炮二平五 *", f'[FEN "{only_two}"]'), clause=f"{FEN} §2.3", rules=("F103",),
         description="`B` and `N` for elephant and horse.", expect=one(line("H2-E2"), ["FEN", only_two]))
    bad("f104-side-x", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", [f"{FEN} §2.4"], ("F104",),
        "`x` names no side.", "F104@2:67")
    zero = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0"
    case("pgn", "dialect", "f105-move-number-zero", pgn("1. 炮二平五 *", f'[FEN "{zero}"]'), clause=[f"{FEN} §2.5", f"{FEN} §2.6", f"{FEN} §1.1"], rules=("F105",),
         source="real-file fault: move number 0 in exported FENs", description="A move number of 0 is read as 1 and reported.",
         expect=one(line("H2-E2"), ["FEN", zero]), diags=("F105@2:75",))
    counters = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 10 25"
    case("pgn", "valid", "fen-counters", pgn("25. 车五平四 *", f'[FEN "{counters}"]'), clause=[f"{FEN} §2.5", f"{FEN} §2.6", f"{BOARD} §6.4"], rules=("F105",),
         description="Fields 3 and 4 are `-`; the counters (10 half-moves, move 25) are kept; the rook e1 to f1.",
         expect=one(line("E1-F1"), ["FEN", counters], start=counters))
    bad("f106-three-rooks", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RRBAKABNR w", [f"{FEN} §3.1", f"{BOARD} §3.1"], ("F106",),
        "Red has three rooks.", "F106@2:65")
    full = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    case("pgn", "valid", "fen-start-position", pgn("1. 炮二平五 *", f'[FEN "{full}"]'), clause=[f"{FEN} §3.1", f"{FEN} §3.2", f"{FEN} §3.3", f"{FEN} §5.1", f"{BOARD} §3.1", f"{BOARD} §4.8"],
         rules=("F106", "F107", "F108"), source="spec example", description="The start position: every piece count, point and king in order.",
         expect=one(line("H2-E2"), ["FEN", full]))
    bad("f107-king-outside-palace", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBKAABNR w", [f"{FEN} §3.2", f"{BOARD} §4.8"], ("F107",),
        "The Red king on c0 stands outside its palace (and an advisor on e0, no advisor point).", "F107@2:61")
    bad("f108-no-black-king", "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", [f"{FEN} §3.3"], ("F108",),
        "Black has no king.", "F108@2:7")
    bad("f109-kings-facing", "4k4/9/9/9/9/9/9/9/9/4K4 w", [f"{FEN} §3.4", f"{BOARD} §5.3"], ("F109",),
        "The kings e9 and e0 face each other on an open file.", "F109@2:8")
    bad("f110-black-in-check-red-to-move", "3k5/9/9/9/9/9/9/9/9/3RK4 w", [f"{FEN} §3.5", f"{BOARD} §5.2"], ("F110",),
        "The rook d0 checks the king d9 and it is Red's turn: Black would have had to answer the check.", "F110@2:8")
    check_answered = "3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1"
    case("pgn", "valid", "f109-f110-check-to-answer", pgn("1. ... 将4平5 *", f'[FEN "{check_answered}"]'), clause=[f"{FEN} §3.4", f"{FEN} §3.5"], rules=("F109", "F110"),
         description="Black in check with Black to move is a position (the kings d9 and f0 do not face); the king answers the rook d0 by stepping to e9.",
         expect=one(line("D9-E9"), ["FEN", check_answered], start=check_answered))


def board_cases() -> None:
    case("pgn", "valid", "pawn-crosses-river", pgn("1. 兵三进一 卒3进1 2. 兵三进一 卒3进1 3. 兵三平四 *"), clause=[f"{BOARD} §2.2", f"{BOARD} §4.7"],
         description="The pawn g3 crosses the river (G3-G4-G5) and may then move sideways (G5-F5); Black's pawn c6 goes C6-C5-C4.",
         expect=one(line("G3-G4", "C6-C5", "G4-G5", "C5-C4", "G5-F5")))
    case("pgn", "invalid", "m203-pawn-sideways-before-river", pgn("1. 兵三平四 *"), clause=[f"{BOARD} §2.2", f"{BOARD} §4.7"], rules=("M203",),
         description="A pawn that has not crossed the river cannot move sideways.", diags=("M203@3:4",))
    case("pgn", "valid", "mirror-file-numbers", pgn("1. 炮二平五 炮8平5 *"), clause=f"{BOARD} §2.3",
         description="Each side counts files from its right: Red's 二 and Black's 8 are both file h (H2-E2, H7-E7).", expect=one(line("H2-E2", "H7-E7")))
    case("pgn", "invalid", "m203-king-two-steps", pgn("1. 帅五进二 *"), clause=f"{BOARD} §4.1", rules=("M203",),
         description="The king moves one point.", diags=("M203@3:4",))
    case("pgn", "valid", "king-one-step", pgn("1. 帅五进一 *"), clause=f"{BOARD} §4.1",
         description="The king e0 to e1.", expect=one(line("E0-E1")))
    case("pgn", "invalid", "m203-advisor-leaves-palace", pgn("1. 仕四进三 *"), clause=f"{BOARD} §4.2", rules=("M203",),
         description="The advisor f0 cannot reach g1: it stays in the palace.", diags=("M203@3:4",))
    case("pgn", "valid", "advisor-diagonal", pgn("1. 仕四进五 *"), clause=f"{BOARD} §4.2", description="The advisor f0 to e1.", expect=one(line("F0-E1")))
    case("pgn", "invalid", "m301-elephant-eye-blocked", fen_game("1. 相三进五 *", ELEPHANT_EYE), clause=f"{BOARD} §4.3", rules=("M301",),
         description="The elephant g0 cannot go to e2 while f1 (its eye) is occupied.", diags=("M301@4:4",))
    case("pgn", "valid", "elephant-free-eye", fen_game("1. 相三进一 *", ELEPHANT_EYE), clause=f"{BOARD} §4.3",
         description="The elephant g0 to i2 over the empty h1.", expect=from_fen(ELEPHANT_EYE, line("G0-I2")))
    case("pgn", "invalid", "m301-horse-leg-blocked", pgn("1. 马二进四 *"), clause=f"{BOARD} §4.4", rules=("M301",),
         description="The horse h0 cannot go to f1: its leg g0 holds the elephant.", diags=("M301@3:4",))
    case("pgn", "valid", "cannon-captures-over-screen", pgn("1. 炮二进七 *"), clause=f"{BOARD} §4.6",
         description="The cannon h2 captures the horse h9 over the one screen h7: H2-H9.", expect=one(line("H2-H9")))
    case("pgn", "invalid", "m301-cannon-captures-without-screen", pgn("1. 炮二进五 *"), clause=f"{BOARD} §4.6", rules=("M301",),
         description="The cannon h2 cannot capture the cannon h7 with nothing between them.", diags=("M301@3:4",))
    case("pgn", "invalid", "m203-pawn-retreats", pgn("1. 兵七退一 *"), clause=f"{BOARD} §4.7", rules=("M203",),
         description="Pawns never retreat.", diags=("M203@3:4",))
    case("pgn", "valid", "perft-sample-line", pgn("1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 *"), clause=f"{BOARD} §5.4",
         description="A line of five legal moves; each is one of the start position's 44, then the next position's, counted as Board §5.4 counts.",
         expect=one(line("H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-H0")))

# ---------------------------------------------------------------- the JSON form (json.md)


def jdoc(*games: dict[str, Any], version: Any = 1, **extra: Any) -> str:
    """A JSON document as a writer might lay it out: one game per line."""
    body = ",\n ".join(json.dumps(g, ensure_ascii=False) for g in games)
    members = "".join(f", {json.dumps(k)}: {json.dumps(v)}" for k, v in extra.items())
    return f'{{"xqformats": {json.dumps(version)}{members}, "games": [\n {body}\n]}}\n'


def json_cases() -> None:
    """The form's findings name the member (``games[0].start``), not a line: only J101 has a position."""
    minimal = {"start": START, "nodes": [{}, {"parent": 0, "move": "H2-E2"}]}
    case("json", "valid", "minimal-game", jdoc(minimal), ext=".json", clause=[f"{JSONP} §1.1", f"{JSONP} §2.1"], rules=("J101", "J102"),
         description="A game needs only `start` and `nodes`; headers default to none and the result to `*`.",
         expect=doc(game(line("H2-E2"), [])))
    tree = {"headers": [["Event", "测试"], ["Result", "1/2-1/2"]], "start": START, "result": "1/2-1/2", "nodes": [
        {"comments": ["开局"]}, {"parent": 0, "move": "H2-E2", "nags": [1]}, {"parent": 1, "move": "H9-G7", "comments": ["屏风马"]},
        {"parent": 0, "move": "B2-E2", "comments_before": ["另一侧"]}, {"parent": 3, "move": "B9-C7"}]}
    case("json", "valid", "tree-with-everything", jdoc(tree), ext=".json", clause=[f"{JSONP} §2.2", f"{JSONP} §2.3"], rules=("J103", "J104"), source="spec example",
         description="Headers, result, comments before and after, a NAG, and a variation B2-E2 B9-C7 whose parent is the root: read as written.",
         expect=doc(tree))
    case("json", "valid", "other-members-ignored", jdoc(minimal, generator="a program"), ext=".json", clause=f"{JSONP} §1.2", rules=("J105",),
         description="Document members other than `xqformats` and `games` are ignored.", expect=doc(game(line("H2-E2"), [])))
    case("json", "invalid", "j101-truncated", '{"xqformats": 1, "games": [\n', ext=".json", clause=f"{JSONP} §1.1", rules=("J101",),
         description="A document cut off after `[` is not JSON; reported where parsing stopped.", diags=("J101@2:1",))
    named = {"headers": [["Event", "EVENT"]], **minimal}  # EVENT: the escapes below, as JSON text holds them
    case("json", "valid", "surrogate-pair", jdoc(named).replace("EVENT", "\\ud83d\\ude00"), ext=".json", clause=f"{JSONP} §1.1", rules=("J106",),
         description="A surrogate pair escaped (`\\ud83d\\ude00`) is one character, U+1F600.", expect=doc(game(line("H2-E2"), [["Event", "\U0001f600"]])))
    case("json", "invalid", "j106-lone-surrogate", jdoc(named).replace("EVENT", "\\ud800"), ext=".json", clause=f"{JSONP} §1.1", rules=("J106",),
         description="A lone surrogate (`\\ud800`) is no character: read as U+FFFD and reported, so that the game can be written.",
         diags=("J106",))
    case("json", "invalid", "j105-version-2", jdoc(minimal, version=2), ext=".json", clause=f"{JSONP} §1.2", rules=("J105",),
         description="A version this reader does not know is refused rather than guessed at.", diags=("J105",))
    case("json", "invalid", "j102-start-is-number", jdoc({"start": 7, "nodes": [{}]}), ext=".json", clause=[f"{JSONP} §2.1", f"{JSONP} §1.2"], rules=("J102",),
         description="`start` must be a FEN string: the game is skipped.", diags=("J102",))
    case("json", "invalid", "j103-result-2-0", jdoc({**minimal, "result": "2-0"}), ext=".json", clause=f"{JSONP} §2.2", rules=("J103",),
         description="`2-0` is no result.", diags=("J103",))
    case("json", "invalid", "j103-header-name", jdoc({"headers": [["Red Team", "北京"]], **minimal}), ext=".json", clause=f"{JSONP} §2.2", rules=("J103",),
         description="`Red Team` is no PGN tag name: the pair is dropped and reported.", diags=("J103",))
    case("json", "invalid", "j104-illegal-move", jdoc({"start": START, "nodes": [{}, {"parent": 0, "move": "H2-E9"}, {"parent": 1, "move": "H9-G7"}]}), ext=".json",
         clause=f"{JSONP} §2.3", rules=("J104", "M203"), description="The cannon h2 cannot reach e9: the move is reported with the notation's code and the node below it left out.",
         diags=("M203", "J104"))
    case("json", "dialect", "m102-chinese-move", jdoc({"start": START, "nodes": [{}, {"parent": 0, "move": "炮二平五"}]}), ext=".json",
         clause=[f"{JSONP} §2.3", f"{NOT} §1.2"], rules=("M102",), description="A move in Chinese where ICCS is expected is read in its own notation (H2-E2) and reported.",
         expect=doc(game(line("H2-E2"), [])), diags=("M102",))
    case("json", "valid", "m102-iccs-move", jdoc(minimal), ext=".json", clause=f"{NOT} §1.2", rules=("M102",),
         description="The move in ICCS, the notation the form expects.", expect=doc(game(line("H2-E2"), [])))


# ---------------------------------------------------------------- writing the files


def write(out: Path) -> list[Path]:
    """Write every case under ``out`` (removing stale files of the suites this script owns); the paths written."""
    CASES.clear()
    for build in BUILDERS:
        build()
    written = []
    for suite in SUITES:
        for old in sorted((out / suite).glob("*/*")):
            old.unlink()
    for c in CASES:
        target = out / (c["path"] + c["ext"])
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(c["data"])
        sidecar = out / (c["path"] + ".case.json")
        sidecar.write_text(json.dumps(c["sidecar"], ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written += [target, sidecar]
    return written


#: Every table of cases, in the order of the spec pages.
BUILDERS = (
    pgn_structure, pgn_tags, pgn_game_tags, pgn_movetext, pgn_variations_results, pgn_encodings,
    notation_chinese, notation_like_pieces, notation_wxf, notation_iccs, notation_san,
    fen_cases, board_cases, json_cases,
)

if __name__ == "__main__":
    paths = write(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT)
    print(f"{len(paths) // 2} cases written")
