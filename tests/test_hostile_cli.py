"""Hostile input to the front door and the command line, round two (issue 28, items 6-10 and 12).

* 6: ``format_text`` (the language server's formatting) of a CBF document never raises;
* 7: lone surrogates in a JSON-form document are reported (J106) and read as U+FFFD, so every
  writer, ``format`` and ``convert`` work (no traceback, no advice to change the encoding);
* 8: ``lint -o FILE`` writes every output format for a file name that is not valid UTF-8 and a
  message that quotes one;
* 9: two record-named links to each other are reported (G102) and the rest of the folder is read;
* 10: ``format`` and ``lint --fix`` never rewrite a file whose extension names another format and
  whose content is not positively a record (``package.json``); a folder search takes ``.json``
  only when it is the JSON form;
* 12: ``convert`` names each tag it writes in its standard form, and counts them.

Item 11 (a fix written into a ``;`` comment) is in ``tests/test_fix.py``; item 13 in
``tests/test_hostile_pgn.py``.  Whatever could hang runs in a subprocess with a timeout.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from test_cli_hostile import xq

from xqformats import formats
from xqformats.formatter import format_file, format_path, format_text
from xqformats.discovery import discover

ROOT = Path(__file__).resolve().parents[1]
CBF = ROOT / "corpus" / "xu-yinchuan-vs-nie-weiping-1999.cbf"
GAME = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 *\n'
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
needs_byte_names = pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="needs a file system that takes any bytes in names")


# ---------------------------------------------------------------- 6: formatting CBF text


BINARY = "CBF is formatted from its bytes, not from text"
UNSURE = "its extension names PGN, which it does not hold, and nothing says for sure that it is XML (CBF) (it was read as one)"


@pytest.mark.parametrize("name, reason", [("game.cbf", BINARY), ("untitled", BINARY), ("game.pgn", UNSURE)])
def test_format_text_of_cbf_text_is_refused_not_raised(name: str, reason: str) -> None:
    # (It raised TypeError: CBF is read from bytes.  Under a .pgn name, item 10's rule refuses first.)
    text = CBF.read_text(encoding="utf-8")
    result = format_text(text, name)
    assert (result.text, result.changed, result.reason) == (text, False, reason)


# ---------------------------------------------------------------- 7: lone surrogates in the JSON form

SURROGATES = (
    '{"xqformats": 1, "games": [{"headers": [["Event", "a\\ud800b"], ["Red", "\\udfff"]], "start": "' + START + '", '
    '"result": "*", "nodes": [{"comments": ["x\\udc00"]}, {"parent": 0, "move": "H2-E2", "comments_before": ["\\ud83d\\ude00"]}]}]}\n'
)


def test_lone_surrogates_are_one_finding_and_read_as_replacement_characters() -> None:
    record = formats.read(SURROGATES.encode(), name="g.json")
    assert [(d.code, d.message) for d in record.diagnostics] == [
        ("J106", "`games[0].headers[0][1]` holds a lone surrogate (half of a UTF-16 pair, no character); read as U+FFFD (2 more strings hold one)")
    ]
    game = record.games[0]
    assert dict(game.headers) == {"Event": "a\ufffdb", "Red": "\ufffd"}
    assert game.root.comments == ["x\ufffd"]
    assert [n.comments_before for n in game.nodes()] == [["\U0001f600"]]  # a pair is one character


@pytest.mark.parametrize("fmt", formats.REGISTRY.writable())
def test_every_writer_writes_a_game_read_with_lone_surrogates(fmt: str) -> None:
    game = formats.read(SURROGATES.encode(), name="g.json").games[0]
    formats.losses(game, fmt)  # (raised UnicodeEncodeError for XQF)
    again = formats.read(formats.write([game], fmt), format=fmt)
    assert "G106" not in [d.code for d in again.diagnostics]


def test_format_and_convert_of_lone_surrogates_are_messages_not_tracebacks(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text(SURROGATES, encoding="utf-8")
    done = xq("format", "s.json", cwd=tmp_path)
    assert "Traceback" not in done.stderr and "it has errors (first: J106)" in done.stderr
    assert (tmp_path / "s.json").read_text(encoding="utf-8") == SURROGATES  # an error: not rewritten
    for target in ("xqf", "pgn", "cbf"):
        done = xq("convert", "s.json", "-o", f"out.{target}", "--to", target, cwd=tmp_path)
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        assert "J106" in done.stderr and "--output-encoding" not in done.stderr
        assert formats.read(tmp_path / f"out.{target}").games[0].headers["Event"] == "a\ufffdb"


# ---------------------------------------------------------------- 8: HTML (and every format) to a file


@needs_byte_names
@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "html"])
def test_lint_to_a_file_writes_a_name_that_is_not_utf8(fmt: str, tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path / "games")
    os.mkdir(folder)
    with open(os.path.join(folder, b"g\xffame.pgn"), "wb") as fh:
        fh.write(b'[Game "Chinese Chess"]\n1. xyz *\n')
    # A link loop: its G102 message quotes its name (a lone surrogate in the message).
    os.symlink(b"loop\xfe.pgn", os.path.join(folder, b"loop\xfe.pgn"))
    done = xq("lint", "--isolated", "--format", fmt, "-o", f"report.{fmt}", "games", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    report = (tmp_path / f"report.{fmt}").read_text(encoding="utf-8")  # valid UTF-8
    assert ("g%FFame.pgn" if fmt == "sarif" else "g?ame.pgn") in report
    assert "loop" in report


# ---------------------------------------------------------------- 9: link loops


@pytest.mark.parametrize("command", ["lint", "convert", "format"])
def test_a_link_loop_is_reported_and_the_folder_read(command: str, tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    os.symlink("y.pgn", folder / "x.pgn")
    os.symlink("x.pgn", folder / "y.pgn")
    (folder / "a.pgn").write_text(GAME, encoding="utf-8")
    args = {"lint": ["lint", "--isolated", "d"], "convert": ["convert", "d", "--out-dir", "out", "--to", "cbf"], "format": ["format", "d"]}
    done = xq(*args[command], cwd=tmp_path, timeout=60)
    assert "Traceback" not in done.stderr and "RuntimeError" not in done.stderr, done.stderr
    said = done.stdout + done.stderr
    for name in ("d/x.pgn", "d/y.pgn"):
        assert f"Cannot read `{name}`: Too many levels of symbolic links" in said or f"cannot read `{name}`" in said, said
    if command == "convert":
        assert (tmp_path / "out" / "a.cbf").is_file()
    assert done.returncode == 2  # an input that could not be read


def test_discovery_lists_a_link_loop_and_a_dangling_link_under_their_own_names(tmp_path: Path) -> None:
    os.symlink("y.pgn", tmp_path / "x.pgn")
    os.symlink("x.pgn", tmp_path / "y.pgn")
    os.symlink("nowhere.pgn", tmp_path / "dangling.pgn")
    names = [t.display for t in discover([str(tmp_path)], cwd=tmp_path)]
    assert names == ["dangling.pgn", "x.pgn", "y.pgn"]
    named = discover([str(tmp_path / "x.pgn")], cwd=tmp_path)
    assert [(t.display, t.missing) for t in named] == [("x.pgn", False)]  # read, and its reading says why not


# ---------------------------------------------------------------- 10: package.json

PACKAGE = '{\n  "name": "site",\n  "version": "1.0.0",\n  "scripts": {"build": "vite"}\n}\n'


def test_a_folder_search_takes_json_only_when_it_is_the_json_form(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(PACKAGE, encoding="utf-8")
    (tmp_path / "games.json").write_bytes(formats.write(formats.read(GAME.encode(), name="g.pgn").games, "json"))
    (tmp_path / "a.pgn").write_text(GAME, encoding="utf-8")
    found = discover([str(tmp_path)], cwd=tmp_path)
    assert [t.display for t in found] == ["a.pgn", "games.json"]
    assert found.skipped == ["package.json"]
    # Named on the command line, it is read (what the content is decides, G105).
    assert [t.display for t in discover([str(tmp_path / "package.json")], cwd=tmp_path)] == ["package.json"]


@pytest.mark.parametrize("args", [["format", "."], ["lint", "--isolated", "--fix", "."], ["format", "package.json"], ["lint", "--isolated", "--fix", "package.json"]])
def test_format_and_fix_never_rewrite_package_json(args: list[str], tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(PACKAGE, encoding="utf-8")
    done = xq(*args, cwd=tmp_path)
    assert "Traceback" not in done.stderr
    assert (tmp_path / "package.json").read_text(encoding="utf-8") == PACKAGE


def test_format_gives_its_reason_for_a_file_it_may_not_rewrite(tmp_path: Path) -> None:
    path = tmp_path / "package.json"
    path.write_text(PACKAGE, encoding="utf-8")
    reason = "its extension names JSON, which it does not hold, and nothing says for sure that it is a PGN record (it was read as one)"
    assert format_file(path.read_bytes(), "package.json").reason == reason
    assert format_path(str(path), write=True).reason == reason
    assert format_text(PACKAGE, "package.json").reason == reason
    assert path.read_text(encoding="utf-8") == PACKAGE


def test_content_is_confirmed_by_agreement_or_a_signature() -> None:
    xqf = formats.write(formats.read(GAME.encode(), name="g.pgn").games, "xqf")
    assert formats.detect_format("game.pgn", GAME.encode()).confirmed  # the extension and the content agree
    assert formats.detect_format("game.cbf", xqf).confirmed  # XQF's signature, whatever the name
    assert formats.detect_format("-", PACKAGE.encode(), stdin=True).confirmed  # no extension: the content decides
    # PGN's sniff (`[`, `{`) is no signature: not under another format's name.
    assert not formats.detect_format("game.cbf", GAME.encode()).confirmed
    assert not formats.detect_format("package.json", PACKAGE.encode()).confirmed
    assert format_file(GAME.encode(), "game.cbf").reason is not None
    assert format_file(GAME.encode(), "game.pgn").reason is None


# ---------------------------------------------------------------- 12: convert names the tags it rewrites


def test_convert_names_each_tag_it_writes_in_its_standard_form(tmp_path: Path) -> None:
    text = (
        '[Game "Chinese Chess"]\n[Date "2010-02-14"]\n[Result "红胜"]\n[White "A"]\n[ECCO "b24"]\n\n1. 炮二平五 1-0\n\n'
        '[Game "Chinese Chess"]\n[Date "2010.02.14"]\n\n1. 炮二平五 *\n'
    )
    (tmp_path / "a.pgn").write_text(text, encoding="utf-8")
    done = xq("convert", "a.pgn", "-o", "b.pgn", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "a.pgn (game 1): note: tag `Date` `2010-02-14` written in its standard form `2010.02.14`",
        "a.pgn (game 1): note: tag `Result` `红胜` written in its standard form `1-0`",
        "a.pgn (game 1): note: tag `White` written as `Red`",
        "a.pgn (game 1): note: tag `ECCO` `b24` written in its standard form `B24`",
        "xqformats convert: 4 tags written in their standard form (named above)",
    ]
    out = (tmp_path / "b.pgn").read_text(encoding="utf-8")
    assert '[Date "2010.02.14"]' in out and '[Red "A"]' in out and '[ECCO "B24"]' in out


def test_convert_says_nothing_when_the_tags_are_standard_already(tmp_path: Path) -> None:
    (tmp_path / "a.pgn").write_text('[Game "Chinese Chess"]\n[Date "2010.02.14"]\n[Result "1-0"]\n\n1. 炮二平五 1-0\n', encoding="utf-8")
    done = xq("convert", "a.pgn", "-o", "b.json", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))["games"][0]["headers"][1] == ["Date", "2010.02.14"]
