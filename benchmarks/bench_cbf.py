"""Files per second to read and validate CBF: lxml's XSD vs xmlschema, and the reader.

Run by hand: ``python benchmarks/bench_cbf.py`` (from the repository root, or
with xqformats installed).

Files: 200 records written by ``write_cbf`` from seeded random games (80-ply
main line, a few variations and comments, the size of a real annotated game),
plus the real CBF files of ``../shared/corpus`` and the two examples of the
draft (the 象棋桥 forum thread 定义了一种新的棋谱文件格式, read from a local
copy in ``../shared/specs``) when present.  Every stage decodes and parses as
the reader does (``xqformats.cbf.safexml.decode`` and ``parse``: declared
encoding, the hardened parser, DOCTYPE and entity checks).

Times are CPU time of this process (``time.process_time``, best of
``REPEAT``): steadier than wall time on a shared machine.  Columns, each in
files per second and as a ratio to the parse alone:

* ``parse``           bytes -> lxml tree;
* ``+ lxml XSD``      parse, then ``etree.XMLSchema.validate`` (libxml2);
* ``+ xmlschema``     parse, then ``XMLSchema(..., defuse="always",
  allow="sandbox").is_valid`` on the same lxml tree;
* ``read_cbf``        the whole reader: decode, parse, lxml validation (the
  fast path), lowering with a legality test per move;
* ``read_cbf, bad``   the reader on invalid files (one bad ECCO code each):
  lxml rejects them, so xmlschema runs to build the messages.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lxml import etree  # noqa: E402

from xqformats.cbf import read_cbf, write_cbf  # noqa: E402
from xqformats.cbf.safexml import decode, parse  # noqa: E402
from xqformats.cbf.schema import lxml_schema, xmlschema_schema  # noqa: E402
from xqformats.model import Game, Headers  # noqa: E402
from xqformats.position import Position  # noqa: E402

REPEAT = 5


def random_game(rng: random.Random) -> Game:
    game = Game(Headers({"Name": "随机对局", "Red": "红方", "Black": "黑方", "ECCO": "A00"}), result="1/2-1/2")
    game.root.comments.append("随机生成的对局。")
    node, pos = game.root, Position()
    nodes = []
    for ply in range(80):
        legal = pos.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        node = node.add_variation(move, comments=["注释" * rng.randint(5, 40)] if ply % 7 == 0 else None)
        nodes.append((node, pos.copy()))
        pos.push(move)
    for parent, before in rng.sample(nodes, min(4, len(nodes))):
        # An alternative to ``parent``'s move, two plies long.
        p = before.copy()
        others = [m for m in p.legal_moves() if m != parent.move]
        if not others or parent.parent is None:
            continue
        alt = parent.parent.add_variation(rng.choice(others))
        p.push(alt.move)
        if p.legal_moves():
            alt.add_variation(rng.choice(p.legal_moves()))
    return game


def corpus_files() -> list[bytes]:
    rng = random.Random(7)
    files = [write_cbf(random_game(rng)) for _ in range(200)]
    shared = ROOT.parent / "shared"
    files += [p.read_bytes() for p in sorted((shared / "corpus").rglob("*.cbf"))]
    files += [p.read_bytes() for p in sorted((ROOT / "corpus").glob("*.cbf"))]
    thread = shared / "specs" / "cbf-draft-thread-000.txt"
    if thread.is_file():
        import re

        text = thread.read_text(encoding="utf-8")
        files += [d.replace("\xa0", " ").encode("gbk") for d in re.findall(r"(<\?xml.*?</ChineseChessRecord>)", text, re.S)]
    return files


def tree_of(data: bytes) -> etree._Element:
    root = parse(decode(data)).root
    assert root is not None
    return root


def per_second(files: list[bytes], fn: Callable[[bytes], object]) -> float:
    best = float("inf")
    for _ in range(REPEAT):
        t0 = time.process_time()
        for data in files:
            fn(data)
        best = min(best, time.process_time() - t0)
    return len(files) / best


def main() -> None:
    files = corpus_files()
    lx = lxml_schema()
    xs = xmlschema_schema()
    # Sanity: every file is valid for both validators, so the columns do the same work.
    for data in files:
        tree = tree_of(data).getroottree()
        assert lx.validate(tree) and xs.is_valid(tree)
    bad = [data.replace(b"<ECCO>A00</ECCO>", b"<ECCO>Z99</ECCO>") for data in files if b"<ECCO>A00</ECCO>" in data]
    assert all(read_cbf(b)[1] for b in bad)

    def parse_lxml(data: bytes) -> object:
        return lx.validate(tree_of(data).getroottree())

    def parse_xmlschema(data: bytes) -> object:
        return xs.is_valid(tree_of(data).getroottree())

    plies = sum(read_cbf(d)[0].ply_count() for d in files)  # type: ignore[union-attr]
    nodes = sum(sum(1 for _ in read_cbf(d)[0].nodes()) for d in files)  # type: ignore[union-attr]
    size = sum(len(d) for d in files) / len(files)
    print(f"{len(files)} files, {size / 1024:.1f} KiB and {nodes / len(files):.0f} moves each on average; best of {REPEAT}")
    base = per_second(files, tree_of)
    rows = [
        ("parse", base),
        ("+ lxml XSD", per_second(files, parse_lxml)),
        ("+ xmlschema", per_second(files, parse_xmlschema)),
        ("read_cbf", per_second(files, read_cbf)),
        ("read_cbf, bad", per_second(bad, read_cbf)),
    ]
    print(f"{'stage':<16}{'files/s':>10}{'x parse':>10}")
    for name, fps in rows:
        print(f"{name:<16}{fps:>10.0f}{fps / base:>10.2f}")
    lxml_fps, xs_fps, reader_fps = rows[1][1], rows[2][1], rows[3][1]
    print(f"lxml XSD is {lxml_fps / xs_fps:.0f}x faster than xmlschema on valid files")
    print(f"read_cbf: {reader_fps * nodes / len(files):,.0f} moves/s ({1e6 / (reader_fps * nodes / len(files)):.1f} us per move, everything included)")
    print(f"main-line plies read: {plies}")


if __name__ == "__main__":
    main()
