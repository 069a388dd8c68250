"""Every XQF file of the shared corpus: read without error but the real faults pinned here,
counted against an independent reading, moves confirmed legal by Fairy-Stockfish, and
main lines and start positions compared with cchess's reader.

The independent readings: the corpus's ``MANIFEST.tsv`` (node, alternative and comment
counts and the kind of start of every file, from a reading made when the corpus was
collected), ``pyffish`` (every move of every line legal; every move the reader refused
illegal) and the Python package ``cchess`` (its own XQF reader) on the smaller files.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

import pytest

from xqformats.model import Game, Node
from xqformats.position import STARTING_FEN
from xqformats.xqf import UNREAD_PREFIX, read_xqf, write_xqf

_EMPTY = "a move from an empty point (MANIFEST: `BROKEN? … moves start from an empty square`), checked in a hex dump"
_KING = "a move that leaves the mover's king attacked (pyffish agrees it is illegal)"

#: The real faults, by file: the codes found (besides X306, which accompanies X303-X305) and why.
FAULTS: dict[str, tuple[dict[str, int], str]] = {
    "hbsxcjp__cchess_c/棋谱文件/疑难文件.xqf/中炮【马8进7】.XQF": ({"X303": 2, "X304": 8}, f"{_EMPTY}; {_KING}"),
    "hbsxcjp__cchess_c/棋谱文件/疑难文件.xqf/中炮对屏风马.XQF": ({"X304": 3}, _KING),
    "hbsxcjp__cchess_c/棋谱文件/疑难文件.xqf/仙人指路全集（史上最全最新版）.XQF": ({"X304": 1}, _KING),
    "hbsxcjp__cchess_c/棋谱文件/疑难文件.xqf/黑用开局库.XQF": ({"X304": 10}, _KING),
    "walker8088__XQMagic/Books/00《象棋布局全书》/06五九炮过河车/第06章 五九炮过河车进攻法 第01节 五九炮过河车对屏风马平炮兑车 例1.xqf": (
        {"X201": 2, "X202": 1}, "two titles with length byte 70 in a 63-byte field; a name cut in half a character"),
    "walker8088__XQMagic/Tests/Books/野马操田.XQF": ({"X303": 1}, _EMPTY),
    "walker8088__cchess/games/bad_games/bad_035正马三兵对肋车边马 红进七兵(一).XQF": (
        {"X304": 1}, "a Black pawn moved when Red is to move (a file kept by cchess as bad)"),
    "walker8088__cchess/games/bad_games/bad_五七炮对屏风马进7卒.XQF": ({"X303": 1, "X304": 2}, f"{_EMPTY}; {_KING}"),
    "walker8088__cchess/games/对局谱/比赛对局/2001年BGN世界象棋挑战赛对局谱/第5轮/BGN决赛第2局.XQF": (
        {"X202": 1}, "a name cut in half a character at 15 bytes"),
    "walker8088__cchess/games/对局谱/网络棋谱（有讲评的）/黑用开局库.XQF": ({"X304": 10}, _KING),
    "walker8088__cchess/games/残局谱/江湖八大排局/野马操田/野马操田.XQF": ({"X303": 1}, _EMPTY),
    "walker8088__cchess/games/残局谱/江湖排局集成/第104局 野马操田 红先黑胜.xqf": ({"X304": 1}, _KING),
    "walker8088__cchess/games/残局谱/现代排局/周孟芳残排作品/78 老少争雄.XQF": (
        {"X303": 1}, "the last record of a line repeats `b6b7`, played six moves earlier"),
    "walker8088__cchess/games/残局谱/现代排局/当代排局谱/023二入虎穴.XQF": ({"X303": 1}, _EMPTY),
    "walker8088__cchess/games/残局谱/现代排局/当代排局谱/030万水千山.XQF": ({"X303": 1}, _EMPTY),
    "walker8088__cchess/games/残局谱/竹香斋/合彩昙花.XQF": ({"X304": 1}, _KING),
    "walker8088__cchess/games/残局谱/竹香斋/野马操田.XQF": ({"X303": 1}, _EMPTY),
    "walker8088__cchess/games/残局谱/象棋实用残局/象棋精巧实用残局100局/08闪露/071.xqf": ({"X303": 1}, _EMPTY),
    "walker8088__cchess/games/残局谱/象棋实用残局/车马专集/045车马对车兵.XQF": ({"X303": 1}, _EMPTY),
    "walker8088__cchess/tests/data/BadMoveTest3.xqf": ({"X303": 1}, _EMPTY),
    "walker8088__cchess/tests/data/WildHouse.xqf": ({"X303": 1}, _EMPTY),
    "walker8088__cchess/tests/data/game_test.xqf": ({"X307": 1}, "a comment with a GBK lead byte before its CRLF"),
}

_NOTES = re.compile(r"(\d+) move nodes; (\d+) variation branches; (\d+) comments; (standard start|setup position)")


def _files(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.rglob("*") if p.suffix.lower() == ".xqf" and p.is_file())


def _manifest(corpus: Path) -> dict[str, tuple[int, int, int, bool]]:
    out = {}
    with open(corpus / "MANIFEST.tsv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            m = _NOTES.search(row["notes"]) if row["format"] == "xqf" else None
            if m:
                out[row["local_path"]] = (int(m[1]), int(m[2]), int(m[3]), m[4] == "standard start")
    return out


@pytest.fixture(scope="module")
def corpus_games(shared_corpus: Path) -> dict[str, tuple[Game, list]]:
    out = {}
    for path in _files(shared_corpus):
        game, diags = read_xqf(path.read_bytes(), path=str(path))
        assert game is not None, path
        out[path.relative_to(shared_corpus).as_posix()] = (game, diags)
    return out


def test_every_file_reads_with_only_its_pinned_faults(corpus_games: dict[str, tuple[Game, list]]) -> None:
    assert len(corpus_games) >= 300
    found = {}
    for name, (_, diags) in corpus_games.items():
        counts = Counter(d.code for d in diags if d.code != "X306")
        if counts:
            found[name] = dict(counts)
    assert found == {name: codes for name, (codes, _) in FAULTS.items()}


def _unread(node: Node) -> list[str]:
    return [c for c in node.comments if UNREAD_PREFIX in c]


def _kept_moves(text: str) -> int:
    """How many moves a kept comment holds (items are points, comments are JSON strings)."""
    return len(re.findall(r' (?:[a-i]\d|\?)(?:[a-i]\d|\?)(?= |$)', re.sub(r'"(?:[^"\\]|\\.)*"', "", text)))


def test_counts_and_start_positions_match_the_manifest(shared_corpus: Path, corpus_games: dict[str, tuple[Game, list]]) -> None:
    manifest = _manifest(shared_corpus)
    assert len(manifest) >= 300
    for name, (nodes, alternatives, comments, standard) in manifest.items():
        game, _ = corpus_games[name]
        ours = sum(1 for _ in game.nodes())
        kept = [c[c.index(UNREAD_PREFIX):] for n in game.root.walk() for c in _unread(n)]
        assert ours + sum(_kept_moves(c) for c in kept) == nodes, name
        if not kept:
            said = sum(len(n.comments) for n in game.root.walk())
            assert said == comments, name
            assert sum(max(len(n.children) - 1, 0) for n in game.root.walk()) == alternatives, name
        assert (game.start.board == game.start.copy().__class__().board) == standard, name


def _pyffish_uci(uci: str) -> str:
    return f"{uci[0]}{int(uci[1]) + 1}{uci[2]}{int(uci[3]) + 1}"


def _check_lines(game: Game) -> tuple[int, list[str]]:
    """(moves checked, moves pyffish refuses), every line from the start; kept moves must be refused.

    Our position only carries the board along (push/pop); whether each move is legal is
    pyffish's answer for that board.
    """
    import pyffish

    refused, checked = [], 0
    pos = game.start.copy()
    stack: list[tuple[Node, int]] = [(game.root, 0)]
    while stack:
        node, depth = stack.pop()
        pos.pop_to(max(depth - 1, 0))
        if node.move is not None:
            pos.push(node.move)
        legal = set(pyffish.legal_moves("xiangqi", pos.fen(), []))
        for child in node.children:
            assert child.move is not None
            checked += 1
            if _pyffish_uci(child.move.uci()) not in legal:
                refused.append(child.move.uci())
            stack.append((child, depth + 1))
        for text in _unread(node):
            first = text[text.index(UNREAD_PREFIX) + len(UNREAD_PREFIX):].split()[0]
            assert "?" in first or _pyffish_uci(first) not in legal, first
    return checked, refused


def test_pyffish_confirms_every_move(corpus_games: dict[str, tuple[Game, list]], shared_corpus: Path) -> None:
    pytest.importorskip("pyffish")
    total = 0
    for name, (game, _) in corpus_games.items():
        if (shared_corpus / name).stat().st_size > 10_000:
            continue  # one pyffish call per node: the files up to 10 KB (most of them) suffice
        checked, refused = _check_lines(game)
        assert refused == [], name
        total += checked
    assert total > 5_000


def test_cchess_reads_the_same_main_lines_and_starts(corpus_games: dict[str, tuple[Game, list]], shared_corpus: Path) -> None:
    read_from_xqf = pytest.importorskip("cchess.read_xqf").read_from_xqf
    compared = 0
    for name, (game, diags) in corpus_games.items():
        path = shared_corpus / name
        if diags or path.stat().st_size > 20_000:
            continue
        theirs = read_from_xqf(str(path))
        assert theirs.init_board.to_fen() == " ".join(game.start.fen().split()[:2]), name
        lines = theirs.dump_iccs_moves()
        ours = [m.uci() for m in game.mainline_moves()]
        assert (lines[0] if lines else []) == ours, name
        compared += 1
    assert compared > 250


def test_every_file_round_trips_through_xqf(corpus_games: dict[str, tuple[Game, list]]) -> None:
    for name, (game, _) in corpus_games.items():
        back, diags = read_xqf(write_xqf(game))
        assert diags == [] and back == game, name


def test_the_starts_are_the_stored_boards(corpus_games: dict[str, tuple[Game, list]]) -> None:
    set_up = [g for g, _ in corpus_games.values() if g.start.fen() != STARTING_FEN]
    assert set_up and all(g.headers["FEN"] == g.start.fen() for g in set_up)
