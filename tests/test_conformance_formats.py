"""The conformance cases of CBF, XQF, CBR/CBL, DhtmlXQ and WXF game files, checked through public seams.

Each case under ``xqformats/conformance/cases/<format>/<kind>/`` is an input and
its ``<name>.case.json`` sidecar (the case format of issue 16).  Until the
conformance runner drives them, this module checks them against our own
reader the way the runner will:

* valid: the JSON form of what :func:`xqformats.formats.read` reads equals
  ``expect``, and linting reports no error;
* invalid: linting reports every listed code at the listed position (byte
  ``offset`` for binary formats, ``line``/``column`` for text); with
  ``exact``, no other error or warning;
* dialect: both.

It also checks that the suite covers every rule code of these formats (a
valid case naming it in ``rules`` where it does not fire, an invalid case
expecting it, and a dialect case for each deviation) and every clause of
their ``docs/spec`` pages, and that each generator in
``tools/conformance/`` still writes exactly the committed bytes.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from xqformats.diagnostics import Diagnostic, Severity
from xqformats.formats import read
from xqformats.jsonform.codec import dumps
from xqformats.lint.catalogue import all_rules
from xqformats.lint.runner import LintOptions, lint_bytes

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "xqformats" / "conformance" / "cases"
TOOLS = ROOT / "tools" / "conformance"

#: The format folders this module owns, and the code prefix and spec page of each.
FOLDERS = ("cbf", "xqf", "cbr", "cbl", "dhtmlxq", "dhjhtmlxq", "wxfgame", "mxq", "shijia", "playok", "ccm", "chn", "pfc", "che", "xqr")
PREFIXES = ("C", "X", "B", "D", "H", "W", "Y", "S", "O", "Z", "L", "N", "Q", "V")
PAGES = ("cbf", "xqf", "cbr", "dhtmlxq", "dhjhtmlxq", "wxfgame", "mxq", "shijia", "playok", "ccm", "chn", "pfc", "che", "xqr")
GENERATORS = [f"make_{name}_cases.py" for name in ("cbf", "xqf", "cbr", "dhtmlxq", "dhjhtmlxq", "wxfgame", "mxq", "shijia", "playok", "ccm", "chn", "pfc", "che", "xqr")]
MEMBERS = {"clause", "rules", "source", "description", "expect", "diagnostics", "exact"}


def _sidecars() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (CASES / folder).glob("*/*.case.json"))


SIDECARS = _sidecars()


def _id(path: Path) -> str:
    return str(path.relative_to(CASES).with_suffix("").with_suffix(""))

#: Cases our reader does not pass yet, with the defect (strict: they fail the run once fixed, so the
#: marker goes).  kaitaistruct's EndOfStreamError is both a KaitaiStructError and an EOFError, and
#: these readers catch KaitaiStructError first, so a file cut inside its header is reported as a
#: bad signature (B102) instead of truncated (B101).
KNOWN: dict[str, str] = {}


def _params() -> list[Any]:
    return [
        pytest.param(p, id=_id(p), marks=[pytest.mark.xfail(strict=True, reason=KNOWN[_id(p)])] if _id(p) in KNOWN else [])
        for p in SIDECARS
    ]


def _load(sidecar: Path) -> tuple[dict[str, Any], bytes, str]:
    """The sidecar's object, the input's bytes and the input's file name."""
    case = json.loads(sidecar.read_text(encoding="utf-8"))
    stem = sidecar.name[: -len(".case.json")]
    inputs = [p for p in sidecar.parent.iterdir() if p.name.startswith(stem + ".") and p != sidecar]
    assert len(inputs) == 1, inputs
    return case, inputs[0].read_bytes(), inputs[0].name


def _place(d: Diagnostic, want: dict[str, Any]) -> dict[str, Any]:
    """``d`` in the terms of an expected diagnostic (offset, or line and column)."""
    if "offset" in want:
        return {"code": d.code, "offset": d.offset}
    return {"code": d.code, "line": d.line, "column": d.column}


def test_there_are_cases() -> None:
    assert {p.relative_to(CASES).parts[0] for p in SIDECARS} == set(FOLDERS)


@pytest.mark.parametrize("sidecar", _params())
def test_case(sidecar: Path) -> None:
    case, data, name = _load(sidecar)
    kind = sidecar.parent.name
    assert set(case) <= MEMBERS and {"clause", "rules", "source", "description"} <= set(case)
    assert ("expect" in case) == (kind != "invalid") and bool(case.get("diagnostics")) == (kind != "valid")
    found = lint_bytes(data, name, LintOptions()).diagnostics
    if kind != "invalid":
        record = read(data, name=name)
        assert json.loads(dumps(record.games)) == case["expect"]
    if kind == "valid":
        assert [d for d in found if d.severity is Severity.ERROR] == []
        return
    # A note on a finding counts as reported (one root cause, one finding: its consequences are notes).
    seen = [_place(d, want) for want in case["diagnostics"] for f in found for d in (f, *f.related)]
    assert [w for w in case["diagnostics"] if w not in seen] == [], [str(d) for d in found]
    if case.get("exact"):
        listed = {w["code"] for w in case["diagnostics"]}
        others = [str(d) for d in found if d.code not in listed and d.severity is not Severity.INFO]
        assert others == []


def test_every_rule_code_has_a_valid_and_an_invalid_case() -> None:
    named: set[str] = set()
    reported: set[str] = set()
    for sidecar in SIDECARS:
        case = json.loads(sidecar.read_text(encoding="utf-8"))
        if sidecar.parent.name == "valid":
            named.update(case["rules"])
        elif sidecar.parent.name == "invalid":
            reported.update(d["code"] for d in case["diagnostics"])
    codes = {r.code for r in all_rules() if r.code.startswith(PREFIXES)}
    assert sorted(codes - named) == []
    assert sorted(codes - reported) == []


def test_every_deviation_has_a_dialect_case() -> None:
    dialect: set[str] = set()
    for sidecar in SIDECARS:
        if sidecar.parent.name == "dialect":
            dialect.update(d["code"] for d in json.loads(sidecar.read_text(encoding="utf-8"))["diagnostics"])
    deviations = {r.code for r in all_rules() if r.code.startswith(PREFIXES) and r.deviation}
    assert sorted(deviations - dialect) == []


def _clauses(page: str) -> set[str]:
    text = (ROOT / "docs" / "spec" / f"{page}.md").read_text(encoding="utf-8")
    return {f"docs/spec/{page}.md §{n}" for n in re.findall(r"^#{3,4} (\d+(?:\.\d+)+) ", text, re.MULTILINE)}


def test_every_clause_has_a_case_and_every_citation_exists() -> None:
    cited: set[str] = set()
    for sidecar in SIDECARS:
        clause = json.loads(sidecar.read_text(encoding="utf-8"))["clause"]
        cited.update([clause] if isinstance(clause, str) else clause)
    known = set().union(*(_clauses(p) for p in PAGES + ("json", "fen", "board", "notation", "pgn", "README")))
    assert sorted(cited - known) == []
    assert sorted(set().union(*(_clauses(p) for p in PAGES)) - cited) == []


@pytest.mark.parametrize("script", GENERATORS)
def test_generator_writes_the_committed_cases(script: str, tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(TOOLS / script), "--out", str(tmp_path)], check=True, capture_output=True)
    made = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert made
    folders = {p.parts[0] for p in made}
    committed = {
        p.relative_to(CASES): p.read_bytes() for f in folders for p in (CASES / f).rglob("*") if p.is_file()
    }
    assert sorted(made) == sorted(committed)
    assert [p for p in made if made[p] != committed[p]] == []


def _mainline(game: dict[str, Any]) -> list[str]:
    """The main line of a game of the JSON form: each node's first child, from the root."""
    nodes, at = game["nodes"], 0
    line: list[str] = []
    while True:
        children = [i for i, n in enumerate(nodes) if n.get("parent") == at]
        if not children:
            return line
        at = children[0]
        line.append(nodes[at]["move"].replace("-", "").lower())


PEER_READERS = {"xqf": ("cchess.read_xqf", "read_from_xqf"), "cbr": ("cchess.read_cbr", "read_from_cbr")}


@pytest.mark.parametrize("folder", sorted(PEER_READERS))
def test_an_independent_reader_sees_the_same_start_and_main_line(folder: str) -> None:
    """cchess (a peer whose XQF reader follows XQStudio's) reads the binary cases we built alike.

    This checks the generators' byte arithmetic (keys, rotation, key stream,
    point numbering) against an implementation that is not ours.  Results and
    comments are where the peer disagrees (see those cases' ``source``), so
    they are not compared.
    """
    module = pytest.importorskip(PEER_READERS[folder][0])
    reader = getattr(module, PEER_READERS[folder][1])
    checked = 0
    for sidecar in SIDECARS:
        if sidecar.relative_to(CASES).parts[0] != folder or sidecar.parent.name == "invalid":
            continue
        (expected,) = json.loads(sidecar.read_text(encoding="utf-8"))["expect"]["games"]
        peer = reader(str(sidecar.with_name(sidecar.name.replace(".case.json", f".{folder}"))))
        moves, move = [], peer.first_move
        while move is not None:
            moves.append(move.to_iccs().lower())
            move = move.next_move
        assert peer.init_board.to_fen().split()[0] == expected["start"].split()[0], sidecar.name
        assert moves == _mainline(expected), sidecar.name
        checked += 1
    assert checked >= 7
