"""Shared helpers for the CBF tests (not a test module)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lxml import etree

from conftest import SHARED_CORPUS
from strategies import grow, playout  # noqa: F401  (the names the CBF tests import from here)
from xqformats.model import Game

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data" / "cbf"
# Beside the corpus, in the folder XQFORMATS_SHARED names (default ../shared), as conftest finds it.
SPECS = SHARED_CORPUS.parent / "specs"
CORPUS = SHARED_CORPUS
REAL = CORPUS / "walker8088__cchess" / "tests" / "data"
EXPECTED = json.loads((DATA / "expected_lines.json").read_text(encoding="utf-8"))

START_BOARD = "jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXMJ-r1"


def lines(game: Game) -> list[list[str]]:
    """Every root-to-leaf line of the tree in ICCS, main line first (pre-order)."""
    out: list[list[str]] = []
    stack = [(game.root, [])]
    while stack:
        node, path = stack.pop()
        if not node.children:
            out.append(path)
            continue
        for child in reversed(node.children):
            stack.append((child, path + [child.move.iccs()]))
    return out


def draft_examples() -> list[bytes]:
    """The two example files of the draft thread (the 象棋桥 forum thread
    定义了一种新的棋谱文件格式, 2007-12), as GBK bytes (as declared).

    Read from ``../shared/specs`` (never copied into the repository); the
    forum copy indents with U+00A0, which was a space in the posted files.
    """
    path = SPECS / "cbf-draft-thread-000.txt"
    if not path.is_file():
        pytest.skip(f"draft thread not found at {path}")
    text = path.read_text(encoding="utf-8")
    docs = re.findall(r"(<\?xml.*?</ChineseChessRecord>)", text, re.S)
    assert len(docs) == 2
    return [d.replace("\xa0", " ").encode("gbk") for d in docs]


def real_file(name: str) -> Path:
    path = REAL / name
    if not path.is_file():
        pytest.skip(f"shared corpus file not found at {path}")
    return path


def cbf(head: str = "", moves: str = "", *, root: bool = True, decl: str = '<?xml version="1.0" encoding="UTF-8"?>\n') -> bytes:
    """A small document in 象棋桥's form (``root``: with the 00-00 root move)."""
    rootmove = '  <Move value="00-00"/>\n' if root else ""
    return (
        f'{decl}<ChineseChessRecord Version="1.0">\n <Head>\n{head} </Head>\n'
        f" <MoveList>\n{rootmove}{moves} </MoveList>\n</ChineseChessRecord>\n"
    ).encode("utf-8")


def draft(moves: str, *, board: str = START_BOARD, head: str = "") -> bytes:
    """A small document in the draft's form (Board, nid)."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord>\n <Head>\n'
        f'  <Board value="{board}"/>\n{head} </Head>\n <MoveList>\n{moves} </MoveList>\n'
        "</ChineseChessRecord>\n"
    ).encode("utf-8")


def nid_moves(pairs: list[tuple[int, str]]) -> str:
    return "".join(f'  <Move nid="{n}" value="{v}"/>\n' for n, v in pairs)


def schema_valid(data: bytes) -> bool:
    from xqformats.cbf.schema import lxml_schema

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return lxml_schema().validate(etree.fromstring(data, parser).getroottree())


def codes(diags) -> list[str]:  # type: ignore[no-untyped-def]
    return [d.code for d in diags]


def where(diags, code: str) -> list[tuple]:  # type: ignore[no-untyped-def]
    return [(d.line, d.column) for d in diags if d.code == code]
