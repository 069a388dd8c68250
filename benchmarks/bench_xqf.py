"""Moves per second reading XQF with full legality checking: xqformats vs cchess, same files, one run.

Run by hand: ``python benchmarks/bench_xqf.py [MAX_KB] [CORPUS]`` (from the
repository root, or with xqformats installed; cchess from PyPI for the
comparison).  ``CORPUS`` defaults to ``../shared/corpus``.

Files: the XQF files of ``../shared/corpus`` up to ``MAX_KB`` kilobytes
(default 20: cchess reads about two thousand moves a second, so the whole
corpus of 1.1 million nodes would take it ten minutes), or, without the corpus,
200 version-10 files written by ``write_xqf`` from seeded random games.

Both readers get the file's bytes from memory (cchess opens the path itself:
the same files are read once beforehand, so the OS cache serves it).  Times
are CPU time of this process (``time.process_time``), best of ``REPEAT``.
A move is a record of the tree other than the root; both readers check every
move's legality (``read_xqf`` with the rules engine; cchess with
``is_valid_move``), and ``read_xqf`` also builds the model's tree and decodes
every comment.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from xqformats.model import Game  # noqa: E402
from xqformats.position import Position  # noqa: E402
from xqformats.xqf import read_header, read_xqf, write_xqf  # noqa: E402
from xqformats.xqf.stream import HEADER_SIZE, plain_body, scan  # noqa: E402

REPEAT = 3
CORPUS = ROOT.parent / "shared" / "corpus"


def random_files(n: int = 200) -> list[tuple[str, bytes]]:
    rng = random.Random(11)
    out = []
    for i in range(n):
        game, node, pos = Game(), None, Position()
        node = game.root
        for _ in range(80):
            legal = pos.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            node = node.add_variation(move)
            pos.push(move)
        out.append((f"random{i}.xqf", write_xqf(game)))
    return out


def files(max_kb: int, corpus: Path) -> list[tuple[str, bytes]]:
    if not corpus.is_dir():
        return random_files()
    paths = sorted(p for p in corpus.rglob("*") if p.suffix.lower() == ".xqf" and p.is_file())
    return [(str(p), p.read_bytes()) for p in paths if p.stat().st_size <= max_kb * 1024]


def moves_in(data: bytes) -> int:
    header = read_header(data)
    if header is None:
        return 0
    records, _, _ = scan(plain_body(data[HEADER_SIZE:], header.stream_bytes), header.version, header.comment_key)
    return max(len(records) - 1, 0)


def best(run: Callable[[], None]) -> float:
    times = []
    for _ in range(REPEAT):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    max_kb = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    chosen = files(max_kb, Path(sys.argv[2]) if len(sys.argv) > 2 else CORPUS)
    moves = sum(moves_in(data) for _, data in chosen)
    ours = best(lambda: [read_xqf(data) for _, data in chosen])
    print(f"{len(chosen)} files, {moves} moves")
    print(f"xqformats read_xqf : {moves / ours:12,.0f} moves/s  ({ours:.2f} s)")
    try:
        from cchess.read_xqf import read_from_xqf
    except ImportError:
        print("cchess is not installed: no comparison (pip install cchess)")
        return
    on_disk = [name for name, _ in chosen if Path(name).is_file()]
    if len(on_disk) != len(chosen):
        print("cchess reads paths: the comparison needs the corpus files")
        return

    def theirs() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            for name in on_disk:
                read_from_xqf(name)

    slow = best(theirs)
    print(f"cchess read_from_xqf: {moves / slow:12,.0f} moves/s  ({slow:.2f} s)")
    print(f"ratio               : {slow / ours:12.1f}x")


if __name__ == "__main__":
    main()
