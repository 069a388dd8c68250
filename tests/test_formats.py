"""The front door (`xqformats.formats`): detection, reading any kind of input, writing, registration."""

from __future__ import annotations

import dataclasses
import io
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xqformats import formats
from xqformats.diagnostics import with_related
from xqformats.formats import REGISTRY, Format, Kind, Reading, ReadOptions, Registry, Writer, detect_format, read
from xqformats.discovery import discover
from xqformats.model import Game
from xqformats.source import Source

# 炮五进九 is illegal (M203); the reader keeps the rest of the line as a comment.
PGN = '[Game "Chinese Chess"]\n[Event "测试"]\n[Result "*"]\n\n1. 炮二平五 马8进7 2. 炮五进九 炮2平5 *\n'
CBF = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0">\n <Head>\n  <Red>吕钦</Red>\n'
    "  <RecordResult>1</RecordResult>\n </Head>\n <MoveList>\n  <Move value=\"00-00\"/>\n"
    '  <Move value="77-47"/>\n  <Move value="10-22" end="1"><![CDATA[黑方认负]]></Move>\n </MoveList>\n'
    "</ChineseChessRecord>\n"
)


#: The known extensions, as G101 lists them (in registration order): the one
#: place the list is pinned (the other tests take it from the registry).
KNOWN = "`.dhtmlxq`, `.ubb`, `.dhjhtmlxq`, `.shijia`, `.che`, `.pgn`, `.pfc`, `.cbf`, `.xqf`, `.xqr`, `.cbr`, `.cbl`, `.mxq`, `.ccm`, `.chn`, `.playok`, `.wxf`, `.json`"


def names(detection: formats.Detection) -> tuple[Optional[str], Optional[str]]:
    fmt, mismatch = detection
    return (fmt.name if fmt else None, mismatch.name if mismatch else None)


def codes(record: formats.Record) -> list[str]:
    """Every finding of the record with its related notes, in order."""
    return [d.code for d in with_related(record.diagnostics)]


# ---------------------------------------------------------------- detection


@pytest.mark.parametrize(
    ("head", "kind"),
    [
        (b'<?xml version="1.0"?>', "cbf"),
        (b"\xef\xbb\xbf  <ChineseChessRecord>", "cbf"),
        ("<".encode("utf-16-le"), "cbf"),
        (b'[Game "Chinese Chess"]', "pgn"),
        (b"1. h2e2 h9g7", "pasted"),  # tagless movetext: pasted text (docs/spec/pasted.md §2.3)
        (b"{a comment} 1. h2e2 h9g7", "pgn"),
        (b"", None),
        (b"XQ\x0a\x00", "xqf"),
    ],
)
def test_sniff(head: bytes, kind: Optional[str]) -> None:
    found = REGISTRY.sniff(head)
    assert (found.name if found else None) == kind


@pytest.mark.parametrize(
    ("name", "head", "stdin", "expected"),
    [
        ("a.pgn", b"[Game", False, ("pgn", None)),
        # Extensions in any letter case.
        ("a.PGN", b"", False, ("pgn", None)),
        ("a.Pgn", b"[Game", False, ("pgn", None)),
        ("a.cbf", b"<?xml", False, ("cbf", None)),
        ("a.CBF", b"<?xml", False, ("cbf", None)),
        ("a.Cbf", b"", False, ("cbf", None)),
        # The content overrules the extension, both ways; the extension's format is the mismatch.
        ("a.pgn", b"<?xml", False, ("cbf", "pgn")),
        ("a.PGN", b"\xef\xbb\xbf<?xml", False, ("cbf", "pgn")),
        ("a.cbf", b"[Game", False, ("pgn", "cbf")),
        ("a.cbf", b"garbage", False, ("cbf", None)),
        ("a.pgn", b"garbage", False, ("pgn", None)),
        # Unknown extensions, and a file without one.
        ("a.xyz", b"XQ", False, (None, None)),
        ("a.txt", b"[Game", False, (None, None)),
        ("README", b"[Game", False, (None, None)),
        # Standard input: without a name (or a name without an extension) the content decides.
        ("-", b"<x/>", True, ("cbf", None)),
        # Moves without tags, a FEN or a UCCI line: pasted text (docs/spec/pasted.md §2.3) ...
        ("-", b"1. h2e2", True, ("pasted", None)),
        ("-", "炮二平五".encode(), True, ("pasted", None)),
        ("-", b"position startpos", True, ("pasted", None)),
        ("-", b'[Game "Chinese Chess"]\n1. h2e2', True, ("pgn", None)),
        # ... but never in a file found by its name, nor named as what one holds.
        ("game.pgn", "炮二平五".encode(), False, ("pgn", None)),
        ("notes.txt", b"position startpos", False, (None, None)),
        ("-", b"garbage", True, ("pgn", None)),
        (None, b"<x/>", True, ("cbf", None)),
        ("game", b"<x/>", True, ("cbf", None)),
        # ... with a name, its extension decides as for a file.
        ("named.cbf", b"<x/>", True, ("cbf", None)),
        ("named.pgn", b"<x/>", True, ("cbf", "pgn")),
        ("named.xyz", b"<x/>", True, (None, None)),
    ],
)
def test_detect_format(name: Optional[str], head: bytes, stdin: bool, expected: tuple[Optional[str], Optional[str]]) -> None:
    assert names(detect_format(name, head, stdin=stdin)) == expected


def test_extensions_come_from_the_registry() -> None:
    assert ", ".join(f"`{ext}`" for ext in REGISTRY.extensions()) == KNOWN
    assert REGISTRY.writable() == ("dhtmlxq", "dhjhtmlxq", "che", "pgn", "pfc", "cbf", "xqf", "xqr", "cbr", "wxfgame", "json")
    assert REGISTRY.knows_extension("x/Y.Cbf") and not REGISTRY.knows_extension("y.xyz")


# ---------------------------------------------------------------- every kind of input


def _inputs(path: Path, text: bool) -> dict[str, Callable[[], formats.Record]]:
    data = path.read_bytes()
    name = path.name
    kinds: dict[str, Callable[[], formats.Record]] = {
        "path": lambda: read(path, name=name),
        "str path": lambda: read(str(path), name=name),
        "bytes": lambda: read(data, name=name),
        "bytearray": lambda: read(bytearray(data), name=name),
        "binary handle": lambda: read(io.BytesIO(data), name=name),
        "Source from bytes": lambda: read(Source.from_bytes(data, name)),
    }
    if text:
        kinds["text handle"] = lambda: read(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"), name=name)
        kinds["StringIO"] = lambda: read(io.StringIO(data.decode("utf-8")), name=name)
        kinds["Source from text"] = lambda: read(Source.from_text(data.decode("utf-8"), name))
    return kinds


@pytest.mark.parametrize(
    ("file", "content", "text"), [("g.pgn", PGN, True), ("g.pgn", "\ufeff" + PGN, True), ("g.cbf", CBF, False)]
)
def test_every_kind_of_input_reads_the_same(tmp_path: Path, file: str, content: str, text: bool) -> None:
    path = tmp_path / file
    path.write_text(content, encoding="utf-8")
    results = {kind: load() for kind, load in _inputs(path, text).items()}
    first = results["path"]
    assert first.format is not None and first.format.name == file[-3:]
    assert first.games and not first.failed
    for kind, record in results.items():
        assert record.format == first.format, kind
        assert record.games == first.games, kind
        assert record.diagnostics == first.diagnostics, kind
        assert record.name == file, kind
        assert record.text() == first.text(), kind


def test_diagnostics_are_listed_once_in_reader_order() -> None:
    record = read(PGN.encode(), name="g.pgn")
    assert codes(record) == ["M203", "P301"]
    assert [d.path for d in with_related(record.diagnostics)] == ["g.pgn", "g.pgn"]
    # The same findings as the game's own list, not a second copy.
    assert record.games[0].diagnostics == record.diagnostics
    assert (record.diagnostics[0].line, record.diagnostics[0].column) == (5, 20)
    text = record.text()
    assert text is not None and text.split("\n")[4].startswith("1. 炮二平五")


def test_open_file_handles_name_themselves(tmp_path: Path) -> None:
    path = tmp_path / "g.pgn"
    path.write_text(PGN, encoding="utf-8")
    with open(path, "rb") as fh:
        assert read(fh).name == str(path)
    with open(path, encoding="utf-8") as th:
        record = read(th)
    assert record.name == str(path) and record.format is not None and record.format.name == "pgn"


def test_text_handed_for_a_binary_format_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="CBF is read from bytes"):
        read(io.StringIO(CBF), name="g.cbf")
    with pytest.raises(TypeError, match="expected a path, bytes"):
        read(42)  # type: ignore[arg-type]


def test_format_can_be_given() -> None:
    record = read(b"1. h2e2 *\n", format="pgn", name="notes.txt")
    assert record.format is REGISTRY.get("pgn") and len(record.games) == 1 and record.name == "notes.txt"
    with pytest.raises(KeyError, match="Unknown format `xyz`"):
        read(b"", format="xyz")


def test_text_encoding_is_detected_or_given() -> None:
    gbk = PGN.encode("gbk")
    guessed = read(gbk, name="g.pgn")
    assert codes(guessed)[0] == "E101" and guessed.games[0].headers["Event"] == "测试"
    given = read(gbk, name="g.pgn", encoding="gbk")
    assert codes(given) == ["M203", "P301"] and given.games == guessed.games


# ---------------------------------------------------------------- what cannot be read is a diagnostic


def test_unknown_format_is_a_diagnostic(tmp_path: Path) -> None:
    path = tmp_path / "game.doc"
    path.write_bytes(b"\x00\x01 not a record")
    record = read(path, name="game.doc")
    assert record.format is None and record.games == [] and not record.failed
    assert [d.format() for d in record.diagnostics] == [f"game.doc: G101 Unsupported file type `.doc`; expected {KNOWN}"]
    # A file found by its name needs a known extension, whatever it holds.
    readme = tmp_path / "README"
    readme.write_text(PGN, encoding="utf-8")
    assert read(readme, name="README").diagnostics[0].message == f"Unsupported file type `(none)`; expected {KNOWN}"


def test_unreadable_path_is_a_diagnostic(tmp_path: Path) -> None:
    missing = read(tmp_path / "no.pgn", name="no.pgn")
    assert missing.failed and missing.format is None
    assert [d.format() for d in missing.diagnostics] == ["no.pgn: G102 Cannot read `no.pgn`: No such file or directory"]
    folder = read(tmp_path, name="dir")
    assert folder.failed and codes(folder) == ["G102"]


def test_mismatch_is_reported_and_read_as_the_content() -> None:
    as_cbf = read(CBF.encode(), name="x.pgn")
    assert as_cbf.format is not None and as_cbf.format.name == "cbf" and len(as_cbf.games) == 1
    assert as_cbf.diagnostics[0].format() == "x.pgn: G105 File named `.pgn` holds XML (CBF); read as CBF, expected extension `.cbf`"
    as_pgn = read(PGN.encode(), name="x.CBF")
    assert as_pgn.format is not None and as_pgn.format.name == "pgn"
    assert as_pgn.diagnostics[0].format() == "x.CBF: G105 File named `.cbf` holds a PGN record; read as PGN, expected extension `.pgn`"


def test_a_reader_that_raises_becomes_g106() -> None:
    def broken(source: Source, options: ReadOptions) -> Reading:
        raise RuntimeError("boom")

    with REGISTRY.registered(dataclasses.replace(REGISTRY.get("pgn"), reader=broken)):
        record = read(PGN.encode(), name="g.pgn")
    assert record.failed and record.games == []
    assert [d.format() for d in record.diagnostics] == ["g.pgn: G106 The PGN reader failed: RuntimeError: boom"]
    # The registry is restored after the block.
    assert read(PGN.encode(), name="g.pgn").games


def test_internal_error_rule_is_declared_at_the_front_door() -> None:
    from xqformats.lint import checks

    assert checks.INTERNAL_ERROR is formats.INTERNAL_ERROR
    assert (formats.INTERNAL_ERROR.code, formats.INTERNAL_ERROR.name) == ("G106", "internal-error")
    value, crash = formats.guard(lambda: 1 // 0, "A sum", name="f")
    assert value is None and crash is not None and crash.format() == "f: G106 A sum failed: ZeroDivisionError: integer division or modulo by zero"
    assert formats.guard(lambda: 7, "A sum") == (7, None)


def test_reading_pgn_does_not_load_lxml(tmp_path: Path) -> None:
    """Readers are imported lazily: reading and linting only PGN never imports lxml or the CBF reader.

    The rule catalogue, which the linter loads, imports every rule module,
    ``xqformats.cbf.rules`` among them; that module and the ``cbf`` package
    itself load nothing heavy.
    """
    (tmp_path / "g.pgn").write_text(PGN, encoding="utf-8")
    root = Path(__file__).resolve().parent.parent
    code = (
        "import sys\n"
        "from xqformats.formats import read\n"
        "from xqformats.lint import LintOptions, discover, run\n"
        f"assert read({str(tmp_path / 'g.pgn')!r}).games\n"
        f"found = run(discover([{str(tmp_path)!r}]), LintOptions())\n"
        "assert found[0].diagnostics, found\n"
        "light = {'xqformats.cbf', 'xqformats.cbf.rules'}\n"
        "heavy = sorted(m for m in sys.modules if m == 'lxml' or m.startswith(('lxml.', 'xqformats.cbf')) and m not in light)\n"
        "print(heavy)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]", proc.stdout + proc.stderr


# ---------------------------------------------------------------- writing


def test_write_pgn_with_options() -> None:
    (game,) = read(PGN.encode(), name="g.pgn").games
    text = formats.write([game], "pgn", notation="wxf").decode("utf-8")
    assert "1. C2.5 H8+7" in text
    assert formats.write([game], "pgn", traditional=True) == formats.write([game], REGISTRY.get("pgn"), traditional=True)
    assert "馬8進7".encode("gbk") in formats.write([game], "pgn", traditional=True, encoding="gbk")
    two = formats.write([game, game], "pgn").decode("utf-8")
    assert two.count('[Game "Chinese Chess"]') == 2


def test_write_cbf_holds_one_game() -> None:
    (game,) = read(CBF.encode(), name="g.cbf").games
    data = formats.write([game], "cbf")
    again = read(data, name="again.cbf")
    assert codes(again) == [] and again.games == [game]
    with pytest.raises(ValueError, match="A CBF file holds 1 game"):
        formats.write([game, game], "cbf")
    with pytest.raises(TypeError, match="takes no option `notation`"):
        formats.write([game], "cbf", notation="wxf")


def test_what_a_format_cannot_hold_is_reachable_through_the_descriptor() -> None:
    (game,) = read('[Game "Chinese Chess"]\n[Title "第01局"]\n[Result "*"]\n\n1. 炮二平五 $1 *\n'.encode(), name="a.pgn").games
    writer = REGISTRY.get("cbf").writer
    assert writer is not None and writer.max_games == 1
    assert writer.losses(game, {}) == formats.losses(game, "cbf") == [
        "tag `Title` has no place in CBF; not written",
        "1 NAG ($1, $2, …) cannot be written in CBF; not written",
    ]
    assert formats.losses(game, "pgn", notation="iccs") == []


# ---------------------------------------------------------------- registration

TINY_TAG = b"TINY "


def _read_tiny(source: Source, options: ReadOptions) -> Reading:
    assert source.text is not None  # a text format gets decoded text
    game = Game({"Event": source.text[len(TINY_TAG):].strip()})
    return Reading([game], [])


def _write_tiny(games: Sequence[Game], options: Mapping[str, Any]) -> bytes:
    return b"".join(TINY_TAG + g.headers.get("Event", "").encode() + b"\n" for g in games)


TINY = Format(
    name="tiny",
    title="TINY",
    content="a tiny record",
    extensions=(".tny",),
    kind=Kind.TEXT,
    sniff=lambda head: head.startswith(TINY_TAG),
    reader=_read_tiny,
    writer=Writer(_write_tiny, lambda game, options: []),
)


def test_a_registered_format_is_found_by_detection_reading_writing_and_discovery(tmp_path: Path) -> None:
    (tmp_path / "a.TNY").write_bytes(TINY_TAG + b"club\n")
    (tmp_path / "b.txt").write_bytes(TINY_TAG + b"no\n")
    with REGISTRY.registered(TINY):
        assert "tiny" in REGISTRY.names() and ".tny" in REGISTRY.extensions()
        assert names(detect_format("a.TNY", b"")) == ("tiny", None)
        assert names(detect_format(None, TINY_TAG, stdin=True)) == ("tiny", None)
        assert names(detect_format("a.pgn", TINY_TAG)) == ("tiny", "pgn")
        record = read(tmp_path / "a.TNY")
        assert record.format is TINY and record.games[0].headers["Event"] == "club"
        assert read(io.BytesIO(TINY_TAG + b"stdin")).games[0].headers["Event"] == "stdin"
        assert formats.write(record.games, "tiny") == TINY_TAG + b"club\n"
        assert [t.display for t in discover([str(tmp_path)], cwd=tmp_path)] == ["a.TNY"]
    # Restored: the tiny format is gone again.
    assert "tiny" not in REGISTRY.names()
    assert names(detect_format("a.tny", TINY_TAG)) == (None, None)
    assert [t.display for t in discover([str(tmp_path)], cwd=tmp_path)] == []


def test_a_signature_names_the_format_of_a_file_whose_extension_none_claims(tmp_path: Path) -> None:
    (tmp_path / "a.bin").write_bytes(TINY_TAG + b"magic\n")
    # A weak sniff does not make an unknown extension a record ...
    with REGISTRY.registered(TINY):
        assert names(detect_format("a.bin", TINY_TAG)) == (None, None)
        assert [d.code for d in read(tmp_path / "a.bin").diagnostics] == ["G101"]
    # ... a signature (a magic number) does; a folder search still goes by extension.
    with REGISTRY.registered(dataclasses.replace(TINY, signature=True)):
        assert names(detect_format("a.bin", TINY_TAG)) == ("tiny", None)
        assert names(detect_format("a.bin", b"other")) == (None, None)
        assert read(tmp_path / "a.bin").games[0].headers["Event"] == "magic"
        assert discover([str(tmp_path)], cwd=tmp_path) == []


@pytest.mark.parametrize(
    ("text", "dhtmlxq"),
    [
        # Issue 27: README.md names a block (`[DhtmlXQ_movelist]…`) and was read as DhtmlXQ.
        ("the blocks of forum posts (`[DhtmlXQ_movelist]…`), found inside any text\n", False),
        ("a closing tag alone [/DhtmlXQ_movelist] and then [DhtmlXQ_title]\n", False),
        ("<p>[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]</p>\n", True),
        ("[DhtmlXQ]\n[DhtmlXQ_title]标题[/DhtmlXQ_title]\n", True),
    ],
)
def test_dhtmlxq_is_recognised_by_an_opening_and_a_closing_marker(text: str, dhtmlxq: bool) -> None:
    for data in (text.encode("utf-8"), text.encode("gbk"), text.encode("utf-16")):
        assert names(detect_format("post.html", data)) == (("dhtmlxq", None) if dhtmlxq else (None, None))


def test_registry_copies_and_registration_rules() -> None:
    mine = REGISTRY.copy()
    mine.register(TINY)
    assert "tiny" in mine.names() and "tiny" not in REGISTRY.names()
    assert read(TINY_TAG + b"x", registry=mine).format is TINY
    assert read(TINY_TAG + b"x").format is REGISTRY.get("pgn")  # the default for unmarked input
    with pytest.raises(ValueError, match="registered already"):
        mine.register(TINY)
    assert mine.register(dataclasses.replace(TINY, title="Tiny"), replace=True).title == "Tiny"
    assert len(mine) == len(REGISTRY) + 1
    empty = Registry()
    assert empty.detect("a.pgn", b"[") == (None, None) and empty.detect(None, b"[", stdin=True) == (None, None)
    with pytest.raises(ValueError, match="lower case"):
        dataclasses.replace(TINY, extensions=(".TNY",))


# ---------------------------------------------------------------- never raises
def _near_records() -> st.SearchStrategy[bytes]:
    """Bytes that start like a real record of either format, then anything."""
    starts = st.sampled_from([PGN.encode("utf-8"), PGN.encode("gb18030"), b"<?xml version='1.0'?><ChineseChessRecord>", b""])
    return st.tuples(starts, st.binary(max_size=400)).map(lambda t: t[0][: len(t[0]) // 2] + t[1])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_near_records(), st.sampled_from(["x.pgn", "x.cbf", "x.PGN", "-"]), st.booleans())
def test_any_input_reads_to_diagnostics_and_never_an_internal_error(data: bytes, name: str, strict: bool) -> None:
    """The front door's safety net (G106) is for bugs: no input may reach it."""
    record = read(data, name=name, strict=strict)
    assert all(d.code != formats.INTERNAL_ERROR.code for d in record.diagnostics), record.diagnostics


_NAME_PARTS = st.text(alphabet="ab.Ｐ PGN", max_size=6)


@given(st.lists(_NAME_PARTS, min_size=1, max_size=3))
def test_the_suffix_a_name_is_detected_by_is_pathlibs(parts: list[str]) -> None:
    # The registry takes a name's extension without making a path (asked of every file read).
    from pathlib import PurePath

    from xqformats.formats.registry import suffix_of

    name = "/".join(parts)
    if parts[-1] in ("", ".", ".."):
        return  # (no file is named so: a folder, or nothing)
    assert suffix_of(name) == PurePath(name).suffix.lower(), name
