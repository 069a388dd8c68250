"""The real PGN files of ../shared/corpus: each reads without errors, or with the
errors pinned here, each checked by hand against the file (skipped when absent).

The pinned files are not xiangqi PGN in one of the spec's notations: WinBoard /
PyChess SAN (`Che2`, `Cbe3`), hbsxcjp's text-art move trees (`开始`, `黑　方`),
hbsxcjp's buggy export whose FEN ends in `-b`, and a bare move list with a
"Red - Black" line (`ZHAO GuoRong - KE YongQing`).  MANIFEST.tsv notes agree.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path


from xqformats.diagnostics import Severity
from xqformats.pgn import parse_pgn, read_pgn

NOT_A_MOVE = "Not a move `{}`; expected Chinese (`炮二平五`), WXF (`C2.5`), ICCS (`H2-E2`) or SAN (`Cbe3`) notation"
SIDE = "Side to move `-b` is not `w`, `r` or `b`"

#: file -> (games, error codes and counts, first error (code, line, column, message)).
#: (The six WinBoard/PyChess files, SAN moves, read without errors since SAN is a notation.)
PINNED = {
    "hbsxcjp__cchess/01.pgn_cc": (1, {"M101": 1}, ("M101", 24, 2, NOT_A_MOVE.format("开始"))),
    "hbsxcjp__cchess_c/01.pgn_cc": (1, {"F104": 1, "M101": 1}, ("F104", 11, 44, SIDE)),
    "hbsxcjp__cchess_c/01.pgn_iccs": (1, {"F104": 1, "M101": 1}, ("F104", 11, 44, SIDE)),
    "hbsxcjp__cchess_c/01.pgn_zh": (1, {"F104": 1, "M101": 1}, ("F104", 11, 44, SIDE)),
    "maksimKorzh__wukong-xiangqi/puzzle_generator/games.pgn": (
        1, {"M101": 1}, ("M101", 1, 1, NOT_A_MOVE.format("ZHAO"))),
}


def pgn_files(corpus: Path) -> list[str]:
    rows = [line.rstrip("\n").split("\t") for line in (corpus / "MANIFEST.tsv").open(encoding="utf-8")][1:]
    return [r[0] for r in rows if r[4] in ("pgn", "pgn-variant")]


def test_corpus_pgn_files_read_as_pinned(shared_corpus: Path) -> None:
    files = pgn_files(shared_corpus)
    assert set(PINNED) <= set(files)
    clean = 0
    for name in files:
        games, diags = parse_pgn((shared_corpus / name).read_bytes(), path=name)
        errors = [d for d in diags if d.severity is Severity.ERROR]
        if name in PINNED:
            n, counts, first = PINNED[name]
            assert len(games) == n, name
            assert dict(Counter(d.code for d in errors)) == counts, name
            e = errors[0]
            assert (e.code, e.line, e.column, e.message) == first, name
        else:
            assert errors == [], (name, [str(d) for d in errors[:3]])
            assert games, name
            clean += 1
    assert clean >= 100


def test_two_games_run_together(shared_corpus: Path) -> None:
    """hbsxcjp__cchess/out.pgn: game 1 has no result; the next `[Game` starts game 2."""
    games, diags = parse_pgn((shared_corpus / "hbsxcjp__cchess" / "out.pgn").read_bytes())
    assert len(games) == 2
    assert [d.code for d in games[0].diagnostics if d.code == "P205"] == ["P205"]
    assert games[1].headers["Event"] == "许银川让九子对聂棋圣" and games[1].result == "1-0"
    assert games[1].ply_count() == 75


def test_xqwizard_footer_and_glued_numbers(shared_corpus: Path) -> None:
    name = "walker8088__cchess/games/对局谱/已转换/与日冲天(人王)-胜-中象道场斗(人王) 09-03-25.pgn"
    reader = read_pgn(shared_corpus / name)
    (game,) = list(reader)
    assert [d.code for d in reader.diagnostics] == ["E101"]
    assert game.headers["Date"] == "09-03-25" and game.result == "1-0"
    codes = Counter(d.code for d in game.diagnostics if d.severity is not Severity.INFO)
    assert set(codes) == {"P201"}  # `1.炮二平五` on every line
    assert game.ply_count() == 165


def test_wxf_fullwidth_file(shared_corpus: Path) -> None:
    name = "maksimKorzh__wukong-xiangqi/xqdb/games_pgn/xqdb_international.pgn"
    games, diags = parse_pgn((shared_corpus / name).read_bytes())
    assert len(games) == 15
    assert all(g.notation.value == "wxf" for g in games)
    # No Format tag although the moves are WXF: reported once per game.
    assert Counter(d.code for d in diags if d.severity is not Severity.INFO)["P212"] == 15
    chinese, _ = parse_pgn((shared_corpus / name.replace("international", "traditional")).read_bytes())
    iccs, _ = parse_pgn((shared_corpus / name.replace("xqdb_international", "bulk_games_uci")).read_bytes())
    # The same 15 games in three notations, but for one move: in game 2, ply 71 is
    # `后兵进一` / `-P+1` (rear pawn, e3-e4) in the Chinese and WXF files and `e5e6`
    # (front pawn) in the ICCS file; both are legal there. The exporter disagrees
    # with itself; the reader follows each file.
    wxf = [g.mainline_moves() for g in games]
    zh = [g.mainline_moves() for g in chinese]
    uci = [g.mainline_moves() for g in iccs]
    assert wxf == zh
    assert [i for i in range(15) if zh[i] != uci[i]] == [1]
    diff = [k for k, (a, b) in enumerate(zip(zh[1], uci[1])) if a != b]
    assert diff[0] == 70 and (zh[1][70].iccs(), uci[1][70].iccs()) == ("E3-E4", "E5-E6")
