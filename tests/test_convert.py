"""`xqformats convert`: outputs read back, inputs untouched, nothing overwritten or lost."""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest

from xqformats.cli import main
from xqformats.formats.output import atomic_write
from xqformats.diagnostics import Severity
from xqformats.formats import REGISTRY

pytest.importorskip("xqformats.pgn")
pytest.importorskip("xqformats.cbf")

from xqformats.cbf import read_cbf  # noqa: E402
from xqformats.pgn import parse_pgn  # noqa: E402

GAME = (
    '[Game "Chinese Chess"]\n[Event "Test"]\n[Date "2004.01.05"]\n[Result "1-0"]\n\n'
    "1. 炮二平五 马8进7 2. 马二进三 车9平8 1-0 {黑方认负}\n"
)
SECOND = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 兵七进一 *\n'
# 炮五进九 is illegal (M203); the reader keeps the rest of the line as a comment (P301).
BROKEN = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 2. 炮五进九 炮2平5 *\n'
CBF = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0">\n <Head>\n  <Red>吕钦</Red>\n'
    "  <RecordResult>1</RecordResult>\n </Head>\n <MoveList>\n  <Move value=\"00-00\"/>\n"
    '  <Move value="77-47"/>\n  <Move value="10-22" end="1"><![CDATA[黑方认负]]></Move>\n </MoveList>\n'
    "</ChineseChessRecord>\n"
)


#: The known extensions, as G101 lists them (in registration order).
# The extensions in registration order (the list itself is pinned once, in
# tests/test_formats.py, so that a new format changes one test).
KNOWN = ", ".join(f"`{ext}`" for ext in REGISTRY.extensions())


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def digest(*paths: Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def convert(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["convert", *args])
    out, err = capsys.readouterr()
    return status, out, err


# ---------------------------------------------------------------- round trips


def test_pgn_to_cbf_out_dir_reads_back(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(workdir / "in" / "a.pgn", GAME)
    before = digest(a)
    status, out, err = convert(capsys, "in/a.pgn", "--out-dir", "out", "--to", "cbf")
    assert (status, out, err) == (0, "", "")
    assert digest(a) == before
    game, diags = read_cbf((workdir / "out" / "a.cbf").read_bytes())
    assert diags == []
    (src,), _ = parse_pgn(GAME)
    assert game is not None and game.mainline_moves() == src.mainline_moves()
    assert game.result == "1-0" and game.headers["Event"] == "Test"
    assert game.root.end().comments == ["黑方认负"]
    # No temporary file left behind.
    assert sorted(p.name for p in (workdir / "out").iterdir()) == ["a.cbf"]


def test_cbf_to_pgn_stdout_has_required_tags(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = write(workdir / "g.cbf", CBF)
    before = digest(c)
    status, out, _ = convert(capsys, "g.cbf", "-o", "-", "--to", "pgn")
    assert status == 0 and digest(c) == before
    lines = out.splitlines()
    # Game first and a Result tag: the spec requires both, CBF has neither.
    assert lines[0] == '[Game "Chinese Chess"]'
    assert '[Result "1-0"]' in lines and '[Red "吕钦"]' in lines
    assert lines[-1] == "1. 炮二平五 马2进3 {黑方认负} 1-0"
    games, diags = parse_pgn(out)
    assert [d.code for d in diags if d.severity >= 2] == []
    # And it lints clean of the tag rules.
    from xqformats.lint import LintOptions, lint_bytes

    assert [d.code for d in lint_bytes(out.encode(), "x.pgn", LintOptions()).diagnostics if d.code[0] == "T"] == []


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ((), "1. 炮二平五 马8进7 2. 马二进三 车9平8 1-0"),
        (("--notation", "wxf"), "1. C2.5 H8+7 2. H2+3 R9.8 1-0"),
        (("--notation", "iccs"), "1. H2-E2 H9-G7 2. H0-G2 I9-H9 1-0"),
        (("--traditional",), "1. 炮二平五 馬8進7 2. 傌二進三 車9平8 1-0"),
        (("--fullwidth",), "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0"),
    ],
)
def test_notation_options(
    workdir: Path, capsys: pytest.CaptureFixture[str], options: tuple[str, ...], expected: str
) -> None:
    write(workdir / "a.pgn", GAME)
    status, out, _ = convert(capsys, "a.pgn", "-o", "-", "--to", "pgn", *options)
    assert status == 0
    assert expected.rsplit(" ", 1)[0] in out


def test_output_encoding(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(workdir / "a.pgn", GAME)
    assert convert(capsys, "a.pgn", "-o", "b.pgn", "--encoding", "gbk")[0] == 0
    data = (workdir / "b.pgn").read_bytes()
    assert "炮二平五".encode("gbk") in data
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")


def test_several_inputs_into_one_pgn(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(workdir / "a.pgn", GAME)
    write(workdir / "g.cbf", CBF)
    assert convert(capsys, "a.pgn", "g.cbf", "-o", "all.pgn")[0] == 0  # --to from the extension
    games, _ = parse_pgn((workdir / "all.pgn").read_text(encoding="utf-8"))
    assert [g.headers.get("Red") for g in games] == [None, "吕钦"]


def test_multi_game_pgn_to_cbf(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(workdir / "two.pgn", GAME + "\n" + SECOND)
    assert convert(capsys, "two.pgn", "--out-dir", "out", "--to", "cbf")[0] == 0
    assert sorted(p.name for p in (workdir / "out").iterdir()) == ["two-1.cbf", "two-2.cbf"]
    # One CBF file holds one game.
    status, _, err = convert(capsys, "two.pgn", "-o", "x.cbf")
    assert status == 2 and "A CBF file holds one game but the inputs hold 2; use --out-dir" in err
    assert not (workdir / "x.cbf").exists()


# ---------------------------------------------------------------- errors are reported, not lost


def test_game_with_errors_is_converted_up_to_the_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    b = write(workdir / "b.pgn", BROKEN)
    before = digest(b)
    status, _, err = convert(capsys, "b.pgn", "-o", "out.pgn")
    assert status == 1
    # Each finding with its severity word, as lint prints it (issue 27: convert's had none).
    assert "b.pgn:4:20: error M203 Cannon on e2 cannot advance by `九`" in err
    assert "b.pgn: converted as far as it could be read (errors above)" in err
    assert digest(b) == before
    text = (workdir / "out.pgn").read_text(encoding="utf-8")
    # The moves before the error, and the unread rest kept as a comment.
    assert "1. 炮二平五 马8进7 {炮五进九 炮2平5} *" in text


def test_what_cbf_cannot_hold_is_named(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(workdir / "a.pgn", '[Game "Chinese Chess"]\n[Title "第01局"]\n[Result "*"]\n\n1. 炮二平五 $1 *\n')
    status, _, err = convert(capsys, "a.pgn", "--out-dir", "out", "--to", "cbf")
    assert status == 0
    assert err.splitlines() == [
        "a.pgn: warning: tag `Title` has no place in CBF; not written",
        "a.pgn: warning: 1 NAG ($1, $2, …) cannot be written in CBF; not written",
    ]


def test_line_breaks_pgn_cannot_hold_are_named(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A CBF header with a line break: a PGN tag is one line, so it is written with a space.
    cbf = CBF.replace("<Red>吕钦</Red>", "<Red>吕钦\n胡荣华</Red><Event>a\nb</Event>")
    write(workdir / "a.cbf", cbf)
    status, _, err = convert(capsys, "a.cbf", "-o", "out.pgn")
    assert status == 0
    assert err.splitlines() == [
        "a.cbf: warning: line breaks in tags `Event`, `Red` cannot be written in PGN (a tag is one line); written as spaces",
    ]
    games, diags = parse_pgn((workdir / "out.pgn").read_text(encoding="utf-8"))
    assert diags == [] and games[0].headers["Red"] == "吕钦 胡荣华" and games[0].headers["Event"] == "a b"


def test_empty_tags_cbf_cannot_keep_are_named(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # An empty CBF element reads as no header, so `Event ""` would vanish in silence.
    write(workdir / "a.pgn", '[Game "Chinese Chess"]\n[Event ""]\n[Round ""]\n[Result "*"]\n\n1. 炮二平五 *\n')
    status, _, err = convert(capsys, "a.pgn", "-o", "a.cbf")
    assert status == 0
    assert err.splitlines() == ["a.pgn: warning: empty tags `Event`, `Round` not kept (an empty CBF element reads as no tag)"]


def test_a_rewritten_format_tag_is_named(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `Format` names the notation written: `zh` (unknown, P213) becomes `Chinese`,
    # a value lost; `Chinese` becomes `WXF` as the moves do, no loss.
    write(workdir / "a.pgn", '[Game "Chinese Chess"]\n[Result "*"]\n[Format "zh"]\n\n1. 炮二平五 *\n')
    status, _, err = convert(capsys, "a.pgn", "-o", "b.pgn")
    assert status == 0 and err.splitlines()[-1] == "a.pgn: warning: tag `Format` `zh` written as `Chinese`"
    write(workdir / "c.pgn", '[Game "Chinese Chess"]\n[Result "*"]\n[Format "Chinese"]\n\n1. 炮二平五 *\n')
    status, _, err = convert(capsys, "c.pgn", "-o", "d.pgn", "--notation", "wxf")
    assert status == 0 and err == ""
    assert '[Format "WXF"]' in (workdir / "d.pgn").read_text(encoding="utf-8")


# ---------------------------------------------------------------- never overwrite an input


def test_refuses_to_overwrite_its_input(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(workdir / "a.pgn", GAME)
    before = digest(a)
    status, _, err = convert(capsys, "a.pgn", "-o", "a.pgn")
    assert status == 2 and err == "xqformats convert: Refusing to overwrite input `a.pgn` with the output\n"
    # Through another spelling of the path, and through a symbolic link.
    assert convert(capsys, "a.pgn", "-o", "./sub/../a.pgn")[0] == 2
    os.symlink(a, workdir / "link.pgn")
    assert convert(capsys, "a.pgn", "-o", "link.pgn")[0] == 2
    # --out-dir onto the input's own folder, same format.
    assert convert(capsys, "a.pgn", "--out-dir", ".", "--to", "pgn")[0] == 2
    assert digest(a) == before


def test_refuses_when_two_inputs_would_write_one_output(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two files of one name in different folders, given as files: even their extensions are alike.
    write(workdir / "x" / "g.pgn", GAME)
    write(workdir / "y" / "g.pgn", SECOND)
    status, _, err = convert(capsys, "x/g.pgn", "y/g.pgn", "--out-dir", "out", "--to", "cbf")
    assert (status, err) == (2, "xqformats convert: Inputs `x/g.pgn` and `y/g.pgn` would both write `out/g.cbf`\n")
    assert not (workdir / "out").exists()  # refused before anything was written


def test_inputs_that_would_write_one_output_keep_their_extension(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 27: test.cbf and test.cbr in one folder aborted the folder's conversion.
    write(workdir / "games" / "test.cbf", CBF)
    write(workdir / "games" / "test.pgn", SECOND)
    write(workdir / "games" / "other.pgn", GAME)
    status, _, err = convert(capsys, "games", "--out-dir", "out", "--to", "pgn")
    assert status == 0
    assert err == (
        "xqformats convert: `games/test.cbf` and `games/test.pgn` would both write `out/test.pgn`; "
        "written as `out/test.cbf.pgn` and `out/test.pgn.pgn` (each keeps its extension)\n"
    )
    assert sorted(p.name for p in (workdir / "out").iterdir()) == ["other.pgn", "test.cbf.pgn", "test.pgn.pgn"]
    assert parse_pgn((workdir / "out" / "test.cbf.pgn").read_text(encoding="utf-8"))[0][0].headers["Red"] == "吕钦"
    assert "兵七进一" in (workdir / "out" / "test.pgn.pgn").read_text(encoding="utf-8")


def test_an_output_that_exists_is_refused_unless_forced(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 27: convert replaced existing files without a word.
    write(workdir / "game.cbf", CBF)
    old = write(workdir / "existing.pgn", SECOND)
    status, _, err = convert(capsys, "game.cbf", "-o", "existing.pgn")
    assert (status, err) == (2, "xqformats convert: Refusing to write `existing.pgn`: it exists (--force replaces it)\n")
    assert old.read_text(encoding="utf-8") == SECOND
    status, _, err = convert(capsys, "game.cbf", "-o", "existing.pgn", "--force")
    assert (status, err) == (0, "") and "吕钦" in old.read_text(encoding="utf-8")
    # --out-dir: each file that exists is refused (and named); the others are written.
    write(workdir / "more.cbf", CBF)
    write(workdir / "out" / "game.pgn", SECOND)
    status, _, err = convert(capsys, "game.cbf", "more.cbf", "--out-dir", "out", "--to", "pgn")
    assert (status, err) == (2, "xqformats convert: Refusing to write `out/game.pgn`: it exists (--force replaces it)\n")
    assert (workdir / "out" / "game.pgn").read_text(encoding="utf-8") == SECOND and (workdir / "out" / "more.pgn").exists()
    assert convert(capsys, "game.cbf", "more.cbf", "--out-dir", "out", "--to", "pgn", "--force")[0] == 0
    assert "吕钦" in (workdir / "out" / "game.pgn").read_text(encoding="utf-8")
    # A symbolic link that points nowhere is there too.
    os.symlink(workdir / "nowhere.pgn", workdir / "dangling.pgn")
    assert convert(capsys, "game.cbf", "-o", "dangling.pgn")[0] == 2


def test_generated_names_never_clash(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # two.pgn holds two games -> two-1.cbf and two-2.cbf; two-1.pgn -> two-1.cbf as well.
    write(workdir / "two.pgn", GAME + "\n" + SECOND)
    one = write(workdir / "two-1.pgn", SECOND)
    status, _, err = convert(capsys, "two.pgn", "two-1.pgn", "--out-dir", "out", "--to", "cbf")
    assert status == 2
    assert err == "xqformats convert: Refusing to write `out/two-1.cbf`: another input wrote it\n"
    # The first writer's file stands; nothing was overwritten.
    game, _ = read_cbf((workdir / "out" / "two-1.cbf").read_bytes())
    (first, _second), _ = parse_pgn(GAME + "\n" + SECOND)
    assert game is not None and game.mainline_moves() == first.mainline_moves()
    assert one.read_text(encoding="utf-8") == SECOND


# ---------------------------------------------------------------- atomic writes


def test_atomic_write_replaces_and_keeps_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.pgn"
    atomic_write(target, b"one")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    os.chmod(target, 0o640)
    atomic_write(target, b"two")
    assert target.read_bytes() == b"two"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.pgn"]


def test_failed_atomic_write_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.pgn"
    target.write_bytes(b"old")
    with pytest.raises(TypeError):
        atomic_write(target, "not bytes")  # type: ignore[arg-type]
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pgn"]


# ---------------------------------------------------------------- usage errors


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["a.pgn", "-o", "out.txt"], f"--to {'|'.join(REGISTRY.writable())} is needed (it cannot be told from the output name)"),
        (["a.pgn", "-o", "-", "--to", "cbf", "--notation", "wxf"], "--notation, --traditional and --fullwidth apply to PGN output only"),
        (["a.pgn", "-o", "-", "--notation", "wxf", "--traditional", "--to", "pgn"], "--traditional and --fullwidth apply to the Chinese notation only"),
        (["a.pgn", "-o", "x.pgn", "--encoding", "klingon"], "--output-encoding: Unknown encoding `klingon`"),
        (["a.pgn", "-o", "x.cbf", "--encoding", "latin-1"], "CBF is written in `utf-8`, `utf8`, `gbk`, `gb18030`, not `latin-1`"),
        (["-", "--out-dir", "out", "--to", "pgn"], "`-` (stdin) as input needs -o, not --out-dir: it has no file name"),
    ],
)
def test_usage_errors(workdir: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    write(workdir / "a.pgn", GAME)
    status, out, err = convert(capsys, *args)
    assert (status, out) == (2, "")
    assert err == f"xqformats convert: {message}\n"


def test_unreadable_input_exits_2(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(workdir / "a.pgn", GAME)
    status, _, err = convert(capsys, "missing.pgn", "a.pgn", "-o", "out.pgn")
    assert status == 2
    assert "missing.pgn: error G102 Cannot read `missing.pgn`" in err
    # What could be read was still converted.
    assert parse_pgn((workdir / "out.pgn").read_text(encoding="utf-8"))[0]


def test_characters_xml_cannot_hold_are_named(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A PGN comment may hold U+0001; CBF (XML 1.0) cannot: written as U+FFFD and said so."""
    src = workdir / "ctrl.pgn"
    src.write_text('[Game "Chinese Chess"]\n[Result "*"]\n1. 炮二平五 {a\x01b} *\n', encoding="utf-8")
    assert main(["convert", str(src), "-o", str(workdir / "ctrl.cbf")]) == 0
    err = capsys.readouterr().err
    assert "1 character XML cannot hold written as U+FFFD (U+0001 in the comment on ply 1" in err
    game, diags = read_cbf((workdir / "ctrl.cbf").read_bytes())
    assert game is not None and not [d for d in diags if d.severity.name == "ERROR"]
    assert game.root.children[0].comments == ["a\ufffdb"]


def test_braces_in_comments_are_named(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A CBF comment may hold `{`; a PGN comment cannot: written fullwidth and said so."""
    from xqformats.cbf import write_cbf
    from xqformats.model import Game

    game = Game({"Event": "E"})
    node = game.root.add_variation(next(iter(game.start.legal_moves())))
    node.comments.append("see {this}")
    src = workdir / "braces.cbf"
    src.write_bytes(write_cbf(game))
    assert main(["convert", str(src), "-o", "-", "--to", "pgn"]) == 0
    out = capsys.readouterr()
    assert "1 comment with `{` or `}`, which a PGN comment cannot hold; written as `｛` `｝`" in out.err
    assert "{see ｛this｝}" in out.out


# ---------------------------------------------------------------- inputs come through the front door


def test_stdin_is_read_by_its_content(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(CBF.encode())))
    status, out, err = convert(capsys, "-", "-o", "-", "--to", "pgn")
    assert (status, err) == (0, "")
    assert '[Red "吕钦"]' in out.splitlines()


def test_unsupported_input_exits_2(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "game.doc").write_bytes(b"\x00\x01 not a record")
    status, out, err = convert(capsys, "game.doc", "-o", "out.pgn")
    assert (status, out) == (2, "")
    assert err == f"game.doc: error G101 Unsupported file type `.doc`; expected {KNOWN}\n"
    assert not (workdir / "out.pgn").exists()


def test_extension_content_mismatch_is_named_and_read_as_the_content(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(workdir / "g.PGN", CBF)
    status, out, err = convert(capsys, "g.PGN", "-o", "-", "--to", "pgn")
    assert status == 0
    assert err == "g.PGN: warning G105 File named `.pgn` holds XML (CBF); read as CBF, expected extension `.cbf`\n"
    assert '[Red "吕钦"]' in out.splitlines()


# ---------------------------------------------------------------- a whole collection costs linear time


def test_converting_many_files_asks_the_file_system_a_linear_number_of_times(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 17: the plan compared every output with every input (2 realpath
    # calls per pair: 720,000 for 600 inputs).  Counted here: every stat and
    # realpath the run makes, for reading, planning and writing together.
    n = 300
    names = [f"g{i:03d}.pgn" for i in range(n)]
    for name in names:
        write(workdir / name, SECOND)
    calls = {"stat": 0, "realpath": 0}
    real_stat, real_realpath = os.stat, os.path.realpath

    def counted_stat(*a: Any, **k: Any) -> os.stat_result:
        calls["stat"] += 1
        return real_stat(*a, **k)

    def counted_realpath(*a: Any, **k: Any) -> str:
        calls["realpath"] += 1
        return real_realpath(*a, **k)

    monkeypatch.setattr(os, "stat", counted_stat)
    monkeypatch.setattr(os.path, "realpath", counted_realpath)
    status, _, err = convert(capsys, *names, "--out-dir", "out", "--to", "cbf")
    monkeypatch.undo()
    assert (status, err) == (0, "")
    assert len(list((workdir / "out").iterdir())) == n
    assert calls["stat"] + calls["realpath"] <= 12 * n, calls


def test_input_files_know_an_input_by_any_name(tmp_path: Path) -> None:
    from xqformats.convert import InputFiles

    a = tmp_path / "a.pgn"
    a.write_text(SECOND, encoding="utf-8")
    (tmp_path / "link.pgn").symlink_to(a)
    os.link(a, tmp_path / "hard.pgn")
    inputs = InputFiles([a, tmp_path / "missing.pgn"])
    assert inputs.find(tmp_path / "link.pgn") == a and inputs.find(tmp_path / "hard.pgn") == a
    assert inputs.find(tmp_path / "sub" / ".." / "missing.pgn") == tmp_path / "missing.pgn"
    assert inputs.find(tmp_path / "other.pgn") is None


def test_verbose_ends_with_the_run_figures(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(workdir / "a.pgn", GAME)  # one game of four moves
    write(workdir / "b.pgn", SECOND)  # one game of one move
    status, _, err = convert(capsys, "a.pgn", "b.pgn", "--out-dir", "out", "--to", "cbf", "-v")
    assert status == 0
    assert re.fullmatch(r"xqformats convert: converted 2 inputs \(0\.0 MB\): 2 games, 5 moves to 2 outputs in \d+\.\d s\n", err), err


def test_convert_to_winboard_san(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # PGN with SAN moves, as WinBoard and PyChess read it: Variant tag, White for Red.
    write(workdir / "a.pgn", GAME)
    status, _, err = convert(capsys, "a.pgn", "-o", "b.pgn", "--notation", "san")
    text = (workdir / "b.pgn").read_text(encoding="utf-8")
    assert (status, err) == (0, "") and '[Variant "xiangqi"]' in text and "1. Che3 Hg8 2. Hg3 Rh10" in text  # ranks 1-10, as PyChess writes
    games, diags = parse_pgn(text)
    assert [d for d in diags if d.severity is not Severity.INFO] == [] and games[0].ply_count() == 4


def test_a_library_converts_to_one_file_or_to_one_file_per_game(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cbr_helpers import Entry, cbl, cbr

    (workdir / "lib.cbl").write_bytes(cbl([Entry(cbr(texts={"Red": "甲"})), Entry(cbr(texts={"Red": "乙"}))]))
    status, _, err = convert(capsys, "lib.cbl", "-o", "all.pgn")
    games, _ = parse_pgn((workdir / "all.pgn").read_text(encoding="utf-8"))
    assert status == 0 and [g.headers["Red"] for g in games] == ["甲", "乙"]
    status, _, err = convert(capsys, "lib.cbl", "--out-dir", "out", "--to", "pgn")
    assert status == 0 and sorted(p.name for p in (workdir / "out").iterdir()) == ["lib-1.pgn", "lib-2.pgn"]
    assert parse_pgn((workdir / "out" / "lib-2.pgn").read_text(encoding="utf-8"))[0][0].headers["Red"] == "乙"
