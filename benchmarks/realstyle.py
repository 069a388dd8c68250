"""Write xiangqi PGN the way XQWizard (象棋巫师) exports it: the input users actually have.

Run by hand (from the repository root)::

    python benchmarks/realstyle.py --folder DIR --games 2000 [--seed 1]
    python benchmarks/realstyle.py --file F.pgn --games 1000 [--seed 1]

The layout is copied from the XQWizard exports of the shared corpus
(``walker8088__cchess/games/对局谱/已转换/*.PGN``, ``xqbase__eleeye/CCGC/*.PGN``):

* GBK bytes, CRLF line ends;
* the tag section ``Game Event Date Site Red RedElo Black BlackElo Result``,
  the date as ``yy-mm-dd`` (``[Date "09-08-01"]``), the event ``Red-胜-Black``;
* one move pair per line, the move number right-aligned in three columns
  (``  1. 炮二平五 马８进７``, ``100. ...``), Black's numbers in fullwidth
  digits (``８``), a lone Red move on the last line when Red moved last;
* a one-word comment on how the game ended (``{认负}``, ``{议和}``) on a
  line of its own in some games, then the result indented by one space;
* XQWizard's four-line footer after the result (the ``=====`` line, two
  lines of advert, the web address), which is no PGN (P204 in ``lint``).

``--folder`` writes one game per file (as XQWizard does), named as the
corpus files are (``09-08-01 红方-胜-黑方 ... N.PGN``); ``--file`` writes the
games one after another into one file, a blank line between them (what
``cat *.PGN`` of such a folder gives, plus the blank line).

The games are legal: seeded random playouts of the package's own rules
engine, the moves written by its encoder (:func:`xqformats.notation.encode`,
fullwidth digits), of a length drawn around 130 plies (the length of the
corpus's real games), each stopped early when the game is over.  Only the
move choice is random; the text is what XQWizard writes.

:func:`write_games` is used by ``bench_real.py``; it returns each game's
number of plies, so that the chess side can be generated to match.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xqformats.notation import Notation, encode  # noqa: E402
from xqformats.position import Position  # noqa: E402

CRLF = "\r\n"
# XQWizard's footer, copied from the corpus's exports (the spaces are theirs).
FOOTER = (
    "============================",
    " 欢迎访问《象棋百科全书网》 ",
    " 推荐用《象棋巫师》观赏棋谱 ",
    "http://www.elephantbase.net/",
)
NAMES = (
    "红军指导员", "碧血洗银枪", "园区我最高", "求真", "武林外传", "醉桃源", "下山王", "笑看", "浙江新秀",
    "别亦难", "梅花棋士", "宝坻大刀", "风雨楼追风", "蓝田使者", "乡村棋皇", "象棋主考官", "飞云逍遥",
    "猪员外", "臭棋勿入", "七十码", "契丹公主", "弈风云", "醉拳舞华山", "杨浩", "小风波", "逆天陆云",
)
RANKS = ("9段", "月将", "人王", "日帅", "至尊")
SITES = ("华山", "弈天", "东萍")
# The end of a game as XQWizard writes it: (result, comment or None).
ENDINGS = (
    ("1-0", "认负"), ("0-1", "认负"), ("1/2-1/2", "议和"), ("1/2-1/2", "判和"),
    ("1-0", None), ("0-1", None), ("1/2-1/2", None), ("1-0", "读秒"),
)
WORD = {"1-0": "胜", "0-1": "负", "1/2-1/2": "和"}


def playout(rng: random.Random, plies: int) -> tuple[list[str], Optional[str]]:
    """A random legal game of at most ``plies`` plies: its moves' texts and, if it ended, the result."""
    pos = Position()
    texts: list[str] = []
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        texts.append(encode(move, pos, Notation.CHINESE, fullwidth=True))
        pos.push(move)
    outcome = pos.outcome()
    return texts, (outcome.result() if outcome is not None else None)


def game_text(rng: random.Random, index: int) -> tuple[str, str, int]:
    """One XQWizard-style game: (file name, text with CRLF, plies)."""
    plies = max(20, min(300, int(rng.gauss(130, 45))))
    texts, ended = playout(rng, plies)
    name, text = xqwizard_text(rng, index, texts, ended)
    return name, text, len(texts)


def xqwizard_text(rng: random.Random, index: int, texts: list[str], ended: Optional[str] = None) -> tuple[str, str]:
    """The moves ``texts`` (Chinese, fullwidth digits for Black) as XQWizard writes a game: (file name, text with CRLF).

    ``ended`` is the result when the moves end the game; otherwise the result,
    the players, the date and the rest are drawn from ``rng``.
    """
    result, comment = rng.choice(ENDINGS)
    if ended is not None:
        result, comment = ended, "绝杀" if rng.random() < 0.5 else None
    red = f"{rng.choice(NAMES)}({rng.choice(RANKS)})"
    black = f"{rng.choice(NAMES)}({rng.choice(RANKS)})"
    date = f"{rng.randint(8, 10):02d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    event = f"{red}-{WORD[result]}-{black}"
    lines = [
        '[Game "Chinese Chess"]',
        f'[Event "{event}"]',
        f'[Date "{date}"]',
        f'[Site "{rng.choice(SITES)}"]',
        f'[Red "{red}"]',
        f'[RedElo "{rng.randint(1800, 2600)}"]',
        f'[Black "{black}"]',
        f'[BlackElo "{rng.randint(1800, 2600)}"]',
        f'[Result "{result}"]',
    ]
    for i in range(0, len(texts), 2):
        lines.append(f"{i // 2 + 1:3d}. " + " ".join(texts[i:i + 2]))
    if comment is not None:
        lines.append("{" + comment + "}")
    lines.append(" " + result)
    lines.extend(FOOTER)
    name = f"{date} {event} {index}.PGN"
    return name, CRLF.join(lines) + CRLF


def write_games(games: int, seed: int = 1, *, folder: Optional[Path] = None, file: Optional[Path] = None) -> list[int]:
    """Write ``games`` games to ``folder`` (one per file) or to ``file`` (all in one); return each game's plies."""
    rng = random.Random(seed)
    plies: list[int] = []
    chunks: list[bytes] = []
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    for i in range(games):
        name, text, n = game_text(rng, i + 1)
        plies.append(n)
        data = text.encode("gbk")
        if folder is not None:
            (folder / name.replace("/", "_")).write_bytes(data)
        else:
            chunks.append(data)
    if file is not None:
        file.write_bytes((CRLF.encode()).join(chunks))
    return plies


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--folder", type=Path, help="write one game per file into this folder")
    where.add_argument("--file", type=Path, help="write every game into this one file")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    plies = write_games(args.games, args.seed, folder=args.folder, file=args.file)
    print(f"{len(plies)} games, {sum(plies)} plies ({sum(plies) / max(1, len(plies)):.0f} per game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
