"""The CBR writer (docs/spec/cbr.md §6): the bytes it fills in, checked against the spec's offsets
(written out by hand in ``cbr_helpers``), the write → read round trip on random trees and on every
real CBR/CBL game, the losses it names, and vschess (run with Node as a black box) reading what we
write and writing what we read.  Tests needing Node or ``../shared`` skip cleanly."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cbr_helpers import ALT, END, NOTE, TEXT_FIELDS, Rec, cbr, point
from conftest import SHARED_CORPUS
from strategies import games
from xqformats import formats
from xqformats.cbr import read_cbr, unwritten, write_cbr
from xqformats.cbr.writer import CbrWriter
from xqformats.core import Move
from xqformats.model import Game, Headers, Node
from xqformats.position import Position

VSCHESS = SHARED_CORPUS.parent / "oracles" / "vschess" / "vschess.function.js"
COMMENTS = st.text(alphabet=st.sampled_from(list("评注好棋巧9退 abc\n\t!?")), max_size=12)


def mv(iccs: str) -> Move:
    """A move from its ICCS text, by the points of the spec (cbr_helpers.point)."""
    from xqformats.cbr.header import POINTS

    return Move(POINTS[point(iccs[:2].lower())], POINTS[point(iccs[3:].lower())])


def game_of(records: list[Rec], **kw: Any) -> Game:
    """The game our reader makes of a record built by hand from the spec's layout."""
    game, diagnostics = read_cbr(cbr(records, **kw))
    assert game is not None and [d.code for d in diagnostics] in ([], ["B109"])
    return game


def shape(game: Game) -> list[tuple[int, str, list[str]]]:
    """(ply, move, comments) of every node in preorder, the root first."""
    out = [(0, "", list(game.root.comments))]
    for node in game.nodes():
        assert node.move is not None
        out.append((node.ply(), node.move.iccs(), list(node.comments)))
    return out


def same_game(a: Game, b: Game) -> bool:
    return (
        list(a.headers.items()) == list(b.headers.items())
        and a.result == b.result
        and a.start.fen() == b.start.fen()
        and a.root.same_content(b.root)
    )


# ---------------------------------------------------------------- the bytes (docs/spec/cbr.md §2–§4, §6)


def test_a_hand_built_record_is_written_back_byte_for_byte_but_its_guid() -> None:
    records = [Rec("H2-E2", ALT, "中炮"), Rec("H9-G7", END), Rec("C3-C4", 0, "仙人指路"), Rec("C6-C5", END, "9退")]
    data = cbr(records, texts={"Name": "标题", "Event": "赛事", "Red": "红", "Black": "黑"}, intro="开局\r\n说明", result=1)
    game, _ = read_cbr(data)
    assert game is not None
    out = write_cbr(game)
    assert out[:20] == data[:20] and out[36:] == data[36:]


def test_what_no_reader_reads_is_filled_as_real_files_have_it() -> None:
    out = write_cbr(game_of([Rec("H2-E2", END)]))
    assert out[:16] == b"CCBridge Record\x00" and out[16:19] == bytes(3) and out[19] == 2
    guid = uuid.UUID(bytes_le=out[20:36])
    assert guid.version == 4 and guid.variant == uuid.RFC_4122
    assert out[36:52] == bytes(16) and out[2210:2214] == b"\xff" * 4
    assert out[2040] == 1 and out[2112] == 1 and struct.unpack_from("<H", out, 2116) == (1,)
    assert write_cbr(game_of([Rec("H2-E2", END)])) == out  # the same game, the same bytes


def test_text_fields_are_utf16_ended_by_a_nul_unit() -> None:
    out = write_cbr(Game(Headers({"Name": "9退", "Event": "杯", "RedElo": "2600", "Annotator": "某"})))
    for name, text in (("Name", "9退"), ("Event", "杯"), ("RedElo", "2600"), ("Annotator", "某")):
        offset, size = TEXT_FIELDS[name]
        raw = text.encode("utf-16-le")
        assert out[offset:offset + size] == raw + bytes(size - len(raw))


def test_a_long_text_is_cut_at_a_whole_character_and_named() -> None:
    game = Game(Headers({"Red": "红" * 40, "RedElo": "😀" * 10}))
    out = write_cbr(game)
    read, diagnostics = read_cbr(out)
    assert read is not None and diagnostics == []
    assert read.headers["Red"] == "红" * 31  # 64 bytes: 31 characters and the NUL
    assert read.headers["RedElo"] == "😀" * 7  # 32 bytes: 7 surrogate pairs, the NUL, and no half pair
    assert unwritten(game) == ["tag(s) `Red`, `RedElo` cut at their field's size (15 to 127 UTF-16 code units)"]


def test_codes_start_and_tree_flags() -> None:
    start = Position.from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 b - - 3 12")
    game = Game(Headers({"RecordType": "4"}), start=start, result="0-1")
    a = game.root.add_variation(mv("E9-D9"))
    a.add_variation(mv("E1-D2"))
    game.root.add_variation(mv("E9-F9")).comments.append("一\n二")
    out = write_cbr(game)
    assert (out[2040], out[2076], out[2112]) == (4, 2, 2)
    assert struct.unpack_from("<H", out, 2116) == (12,)
    assert out[2120 + point("e9")] == 0x25 and out[2120 + point("e1")] == 0x14
    comment = "一\r\n二".encode("utf-16-le")
    assert out[2214:] == (
        bytes([0, 0, 0, 0])
        + bytes([ALT, 0, point("e9"), point("d9")])
        + bytes([END, 0, point("e1"), point("d2")])
        + bytes([END | NOTE, 0, point("e9"), point("f9")]) + struct.pack("<I", len(comment)) + comment
    )  # fmt: skip
    assert unwritten(game) == ["the start position's halfmove clock (3) has no place; read back as 0"]


def test_the_move_number_is_kept_and_only_the_halfmove_clock_is_named() -> None:
    start = Position.from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 b - - 0 12")
    game = Game(start=start)
    game.root.add_variation(mv("E9-D9"))
    read, _ = read_cbr(write_cbr(game))
    assert read is not None and read.start.fen() == start.fen()
    assert unwritten(game) == []  # losses.Carries.halfmove: the move number is no loss


def test_no_moves_and_the_games_comment() -> None:
    game = Game()
    game.root.comments.append("只有文字")
    out = write_cbr(game)
    text = "只有文字".encode("utf-16-le")
    assert out[2214:] == bytes([END | NOTE, 0, 0, 0]) + struct.pack("<I", len(text)) + text
    assert write_cbr(Game())[2214:] == bytes([END, 0, 0, 0])


def test_the_ecco_code_at_2036_is_read_and_written() -> None:
    data = bytearray(cbr([Rec("H2-E2", END)]))
    data[2036:2040] = b"C32\x00"  # docs/spec/cbr.md §3.5, as test.cbr holds it
    game, diagnostics = read_cbr(bytes(data))
    assert game is not None and diagnostics == [] and game.headers["ECCO"] == "C32"
    assert write_cbr(game)[2036:2040] == b"C32\x00"
    assert read_cbr(cbr([Rec("H2-E2", END)]))[0].headers.get("ECCO") is None  # type: ignore[union-attr]
    too_long = Game(Headers({"ECCO": "C321"}))
    assert write_cbr(too_long)[2036:2040] == bytes(4)
    assert [s.split(" is ")[0] for s in unwritten(too_long)] == ["`ECCO` `C321`"]


def test_result_code_4_is_kept_for_a_game_of_result_star() -> None:
    game = game_of([Rec("H2-E2", END)], result=4)
    assert game.headers["RecordResult"] == "4" and game.result == "*"
    assert write_cbr(game)[2076] == 4 and unwritten(game) == []


def test_the_writer_is_a_visitor_and_can_be_reused() -> None:
    first, second = game_of([Rec("H2-E2", END, "好")], texts={"Red": "红"}), game_of([Rec("C3-C4", END)], intro="序")
    writer = CbrWriter()
    for g in (first, second, first):
        assert g.accept(writer) == write_cbr(g)


# ---------------------------------------------------------------- losses


def test_losses_are_named() -> None:
    game = Game(Headers({"Opening": "x", "Site": "", "FEN": "9/9/9/9/9/9/9/9/9/9 w - - 0 1", "Result": "1-0",
                         "RecordType": "实战", "RecordResult": "2"}), result="0-1")  # fmt: skip
    game.root.comments.extend(["a", ""])
    node = game.root.add_variation(mv("H2-E2"))
    node.nags.append(1)
    node.comments.extend(["b", "c\r"])
    node.comments.append("\x00")
    assert unwritten(game) == [
        "tag(s) `Opening`, `Result` have no field in CBR; not written",
        "empty tag(s) `Site` not kept (an empty field reads as no tag)",
        "`RecordType` `实战` is not a code CBR stores there (`RecordType` 0–255; `RecordResult` 4–255, in a game of result `*`; `ECCO` up to 3 characters of one byte); not kept",
        "`RecordResult` `2` is not a code CBR stores there (`RecordType` 0–255; `RecordResult` 4–255, in a game of result `*`; `ECCO` up to 3 characters of one byte); not kept",
        "1 NAG ($1, $2, …) cannot be written in CBR; not written",
        "several comments of 1 move joined into one by line breaks (a CBR move holds one comment)",
        "empty comments not written (CBR reads an empty comment as none)",
        "carriage returns in 1 comment read back as line breaks (CR LF as one)",
        "1 character UTF-16 text ended by a NUL cannot hold written as U+FFFD: U+0000 in ply 1",
    ]
    read, _ = read_cbr(write_cbr(game))
    assert read is not None
    assert read.root.comments == ["a"] and next(read.nodes()).comments == ["b\nc\n\ufffd"]


def test_the_descriptor_writes_one_game() -> None:
    fmt = formats.REGISTRY.get("cbr")
    assert fmt.writer is not None and fmt.writer.max_games == 1
    game = game_of([Rec("H2-E2", END)])
    assert fmt.writer.losses(game, {}) == []
    with pytest.raises(ValueError):
        fmt.writer.write([game, game], {})  # type: ignore[operator]


# ---------------------------------------------------------------- round trips


@settings(max_examples=150, deadline=None)
@given(games(max_moves=30, headers=None, comments=COMMENTS, comments_before=None, nags=None))
def test_a_tree_with_variations_and_comments_reads_back_the_same(game: Game) -> None:
    read, diagnostics = read_cbr(write_cbr(game))
    assert read is not None and diagnostics == []
    expected = [(ply, move, [c for c in comments if c][:1]) for ply, move, comments in shape(game)]
    if len([c for c in game.root.comments if c]) > 1:
        expected[0] = (0, "", ["\n".join(c for c in game.root.comments if c)])
    assert shape(read) == expected
    assert (read.start.board, read.start.turn, read.start.fullmove_number) == (game.start.board, game.start.turn, game.start.fullmove_number)
    assert read.result == game.result


@settings(max_examples=150, deadline=None)
@given(games(max_moves=20))
def test_a_game_with_no_loss_named_reads_back_the_same(game: Game) -> None:
    """Whatever the game holds (headers, NAGs, comments before moves), no loss named means none made;
    and the bytes are a fixed point: reading and writing them again gives them back."""
    data = write_cbr(game)
    read, _ = read_cbr(data)
    assert read is not None
    assert write_cbr(read) == data
    if unwritten(game):
        return
    added = {"RecordType", "FEN"} - set(game.headers)  # the reader's own headers (docs/spec/cbr.md §3.2, §3.4)
    headers = {k: v for k, v in read.headers.items() if k not in added}  # in the order of the fields
    assert headers == {k: v for k, v in game.headers.items() if k not in ("Game", "Result")}
    assert read.root.same_content(game.root) and read.result == game.result
    assert read.start.fen() == game.start.fen()


def _corpus_games(corpus: Path) -> list[tuple[str, Game]]:
    out = []
    for path in sorted(p for p in corpus.rglob("*") if p.suffix.lower() in (".cbr", ".cbl") and p.is_file()):
        out += [(path.name, g) for g in formats.read(path).games]
    return out


def test_every_real_game_reads_back_the_same(shared_corpus: Path) -> None:
    found = _corpus_games(shared_corpus)
    assert len(found) > 1200
    changed = []
    for name, game in found:
        read, diagnostics = read_cbr(write_cbr(game))
        assert read is not None
        if not same_game(read, game) or [d.code for d in diagnostics] not in ([], ["B109"]):
            changed.append((name, unwritten(game)))
    # The one record with an illegal move (test_cbr_corpus.PINNED) holds the moves not read as a
    # second comment on its last move: written, they join that move's comment, and it is said.
    assert changed == [("残局全书.CBL", ["several comments of 1 move joined into one by line breaks (a CBR move holds one comment)"])]


def test_our_move_records_are_the_real_files_own(shared_corpus: Path) -> None:
    """Byte for byte from the first record on, as docs/spec/cbr.md §6.3 writes them."""
    path = shared_corpus / "walker8088__cchess" / "tests" / "data" / "test2.cbr"
    if not path.is_file():
        pytest.skip("test2.cbr not in the corpus")
    data = path.read_bytes()
    game, _ = read_cbr(data)
    assert game is not None
    assert write_cbr(game)[2214:] == data[2214:]


# ---------------------------------------------------------------- vschess


_VS = r"""
const vs = require(process.argv[1]);
const fs = require("fs");
const job = JSON.parse(fs.readFileSync(0, "utf8"));
function flat(node) {                       // preorder (depth, move, comment), the root first
  const out = [], stack = [[node, 0]];
  while (stack.length) {
    const [n, d] = stack.pop();
    out.push([d, n.move || "", n.comment || ""]);
    for (let i = n.next.length - 1; i >= 0; i--) stack.push([n.next[i], d + 1]);
  }
  return out;
}
const out = [];
for (const hex of job.files) {
  const u8 = Uint8Array.from(Buffer.from(hex, "hex"));
  if (job.mode === "read") { const n = vs.binaryToNode_CBR(u8); out.push({fen: n.fen, tree: flat(n)}); }
  else {
    vs.info = {pfc: {}, DhtmlXQ: {}};
    const n = vs.binaryToNode_XQF(u8);
    out.push({fen: n.fen, tree: flat(n), cbr: Buffer.from(vs.nodeToBinary_CBR(n, {}, false)).toString("hex")});
  }
}
process.stdout.write(JSON.stringify(out));
"""


def _vschess(mode: str, files: list[bytes]) -> list[dict[str, Any]]:
    if shutil.which("node") is None or not VSCHESS.is_file():
        pytest.skip("needs Node.js and ../shared/oracles/vschess")
    job = json.dumps({"mode": mode, "files": [f.hex() for f in files]})
    run = subprocess.run(["node", "-e", _VS, str(VSCHESS)], input=job, capture_output=True, text=True, timeout=300, check=True)
    result: list[dict[str, Any]] = json.loads(run.stdout)
    return result


def flat(game: Game) -> list[tuple[int, str, str]]:
    """Our tree as vschess's script lists it: (depth, move in lower-case ICCS, the comment)."""
    def one(node: Node) -> str:
        return "\n".join(node.comments)

    out = [(0, "", one(game.root))]
    out += [(n.ply(), n.move.uci() if n.move else "", one(n)) for n in game.nodes()]
    return out


def _theirs(tree: list[list[Any]]) -> list[tuple[int, str, str]]:
    return [(d, m, c.replace("\r\n", "\n")) for d, m, c in tree]


@settings(max_examples=10, deadline=None)
@given(st.lists(games(max_moves=25, headers=None, comments=COMMENTS, comments_before=None, nags=None), min_size=8, max_size=8))
def test_vschess_reads_the_tree_we_write(found: list[Game]) -> None:
    found = [g for g in found if all(len(n.comments) <= 1 and all(n.comments) for n in [g.root, *g.nodes()])]
    theirs = _vschess("read", [write_cbr(g) for g in found])
    for game, seen in zip(found, theirs):
        assert _theirs(seen["tree"]) == flat(game)  # `9退` (00 00 at an odd offset) included
        assert seen["fen"].split()[:2] == game.start.fen().split()[:2]


def test_vschess_reads_every_real_game_as_we_wrote_it(shared_corpus: Path) -> None:
    """Every move, variation and comment (to the character) and the start, for all 1,210 games."""
    found = [g for _, g in _corpus_games(shared_corpus)]
    theirs = _vschess("read", [write_cbr(g) for g in found])
    assert len(theirs) == len(found)
    for game, seen in zip(found, theirs):
        assert _theirs(seen["tree"]) == flat(game)
        assert seen["fen"].split()[:2] == game.start.fen().split()[:2]


def _xqf_files(corpus: Path, limit: int = 16384) -> list[bytes]:
    """The corpus's XQF files of up to ``limit`` bytes (vschess takes minutes on the largest trees)."""
    paths = sorted(p for p in corpus.rglob("*") if p.suffix.lower() == ".xqf" and p.is_file())
    return [data for data in (p.read_bytes() for p in paths) if len(data) <= limit]


def test_we_read_the_cbr_vschess_writes(shared_corpus: Path) -> None:
    """vschess turns the corpus's XQF games into CBR; we read each as the tree vschess held.

    Where vschess's tree holds a move that cannot be played (the XQF files hold such moves, and
    vschess reads some XQF boards with the colours swapped), we stop there (B111) and keep the
    rest as a comment: those trees are compared up to that move.  A comment vschess writes with a
    NUL inside is ours up to the NUL (docs/spec/cbr.md §2.4)."""
    files = _xqf_files(shared_corpus)
    if not files:
        pytest.skip("no XQF files in the corpus")
    theirs = _vschess("write", files)
    whole = 0
    for seen in theirs:
        game, diagnostics = read_cbr(bytes.fromhex(seen["cbr"]))
        assert game is not None, diagnostics
        assert game.start.fen().split()[:2] == seen["fen"].split()[:2]
        expected = [(d, m, c.split("\x00")[0]) for d, m, c in _theirs(seen["tree"])]
        if "B111" not in {d.code for d in diagnostics}:
            assert flat(game) == expected
            whole += 1
            continue
        ours = flat(game)
        first = next(i for i, (a, b) in enumerate(zip(ours, expected)) if a != b)
        assert ours[:first] == expected[:first] and ours[first][:2] == expected[first][:2]
    assert whole >= 0.9 * len(files)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__]))
