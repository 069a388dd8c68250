"""What every case generator shares: a case, its sidecar, the expected JSON form, writing a folder.

The generators ``tools/conformance/make_<format>_cases.py`` build the
conformance cases of one format each (the inputs with our writers and
byte-level edits, the sidecars from expectations written out by hand) and
write them under ``xqformats/conformance/cases/<format>/<kind>/``.  This
module is the part they have in common; it knows the case format (a
``<name>.<ext>`` input and its ``<name>.case.json`` sidecar), not any record
format.

Expectations are written here as data, never read back from our own reader:
:func:`game` and :func:`line` only spell out the JSON form of
``docs/spec/json.md`` (§1.2 the document, §2.3 the nodes in pre-order).

Run a generator with no argument to rewrite its folders in the source tree,
or with ``--out DIR`` to write them below another folder (the tests do that
and compare the bytes with the committed ones).
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

#: The folder the cases are committed in.
CASES = Path(__file__).resolve().parents[2] / "xqformats" / "conformance" / "cases"

#: The start position of every game that sets none (docs/spec/fen.md).
INITIAL = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

#: The three kinds of case (the case format).
KINDS = ("valid", "invalid", "dialect")

Node = dict[str, Any]


@dataclass(frozen=True)
class Case:
    """One case: where it goes, its input bytes, and what its sidecar says.

    ``folder`` is the format folder (``xqf``, ``cbl``, …); ``expect`` is the
    JSON form the input means (valid and dialect cases); ``diagnostics`` the
    codes with positions a decoder that reports codes must report (invalid
    and dialect cases); ``exact`` that no other error or warning may appear.
    """

    folder: str
    kind: str
    name: str
    ext: str
    data: bytes
    clause: Union[str, Sequence[str]]
    rules: Sequence[str]
    source: str
    description: str
    expect: Optional[dict[str, Any]] = None
    diagnostics: Sequence[dict[str, Any]] = field(default_factory=tuple)
    exact: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"Unknown kind `{self.kind}`")
        if (self.expect is None) != (self.kind == "invalid"):
            raise ValueError(f"{self.name}: valid and dialect cases have `expect`, invalid ones do not")
        if (not self.diagnostics) != (self.kind == "valid"):
            raise ValueError(f"{self.name}: invalid and dialect cases list diagnostics, valid ones do not")

    def sidecar(self) -> dict[str, Any]:
        """The sidecar's JSON object, members in the order of the case format."""
        out: dict[str, Any] = {
            "clause": self.clause if isinstance(self.clause, str) else list(self.clause),
            "rules": list(self.rules),
            "source": self.source,
            "description": self.description,
        }
        if self.expect is not None:
            out["expect"] = self.expect
        if self.diagnostics:
            out["diagnostics"] = list(self.diagnostics)
        if self.exact:
            out["exact"] = True
        return out


class Maker:
    """Cases of one format folder: ``maker(kind, name, data, clause, rules, description, ...)`` is a :class:`Case`.

    ``spec`` is the page the folder's clauses are on; :meth:`clauses` cites
    clauses of it by number.
    """

    def __init__(self, folder: str, ext: str, spec: str) -> None:
        self.folder, self.ext, self.spec = folder, ext, spec

    def clauses(self, *numbers: str) -> list[str]:
        """Citations of the clauses ``numbers`` of the page (``"2.1"`` → ``docs/spec/xqf.md §2.1``)."""
        return [f"{self.spec} §{n}" for n in numbers]

    def __call__(
        self,
        kind: str,
        name: str,
        data: Union[bytes, bytearray],
        clause: Sequence[str],
        rules: Sequence[str],
        description: str,
        *,
        expect: Optional[dict[str, Any]] = None,
        diagnostics: Sequence[dict[str, Any]] = (),
        exact: bool = False,
        source: str = "project",
    ) -> Case:
        return Case(self.folder, kind, name, self.ext, bytes(data), clause, rules, source, description, expect,
                    diagnostics, exact)


# ---------------------------------------------------------------- the expected JSON form


def line(*moves: str, comments: Optional[dict[int, list[str]]] = None, parent: int = 0, first: int = 1) -> list[Node]:
    """The nodes of one line of ``moves`` (ICCS), each the child of the one before.

    The first move's parent is ``parent``; the nodes are numbered from
    ``first`` (their index in the game's ``nodes``).  ``comments`` maps a
    node's index to its comments.
    """
    comments = comments or {}
    nodes = []
    for i, move in enumerate(moves):
        index = first + i
        node: Node = {"parent": parent if i == 0 else index - 1, "move": move}
        if index in comments:
            node["comments"] = comments[index]
        nodes.append(node)
    return nodes


def root(*comments: str) -> Node:
    """The root node, with the game's opening comments."""
    return {"comments": list(comments)} if comments else {}


def game(
    nodes: Sequence[Node], *, headers: Sequence[tuple[str, str]] = (), start: str = INITIAL, result: str = "*"
) -> dict[str, Any]:
    """One game of the JSON form (docs/spec/json.md §2.1): ``nodes`` start with the root."""
    return {"headers": [[k, v] for k, v in headers], "start": start, "result": result, "nodes": list(nodes)}


def document(*games: dict[str, Any]) -> dict[str, Any]:
    """The JSON form of a record holding ``games`` (docs/spec/json.md §1.2)."""
    return {"xqformats": 1, "games": list(games)}


def at(code: str, offset: int) -> dict[str, Any]:
    """An expected diagnostic of a binary input: ``code`` at byte ``offset``."""
    return {"code": code, "offset": offset}


def at_line(code: str, line_no: int, column: int) -> dict[str, Any]:
    """An expected diagnostic of a text input: ``code`` at 1-based ``line_no`` and ``column``."""
    return {"code": code, "line": line_no, "column": column}


# ---------------------------------------------------------------- writing the folders


def write_cases(cases: Iterable[Case], root_dir: Path) -> list[Path]:
    """Write ``cases`` below ``root_dir``, replacing the format folders they use; the files written."""
    cases = list(cases)
    names = [(c.folder, c.kind, c.name) for c in cases]
    if len(set(names)) != len(names):
        raise ValueError("Two cases share a folder, kind and name")
    for folder in sorted({c.folder for c in cases}):
        shutil.rmtree(root_dir / folder, ignore_errors=True)
    written = []
    for case in cases:
        where = root_dir / case.folder / case.kind
        where.mkdir(parents=True, exist_ok=True)
        data_path = where / f"{case.name}.{case.ext}"
        data_path.write_bytes(case.data)
        side = where / f"{case.name}.case.json"
        side.write_text(json.dumps(case.sidecar(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        written += [data_path, side]
    return written


def main(make: Callable[[], Iterable[Case]], argv: Optional[Sequence[str]] = None) -> int:
    """The command line of a generator: write its cases to ``--out`` (default: the source tree)."""
    parser = argparse.ArgumentParser(description="Write conformance cases.")
    parser.add_argument("--out", type=Path, default=CASES, help="the folder that holds the format folders")
    args = parser.parse_args(argv)
    written = write_cases(make(), args.out)
    print(f"{len(written) // 2} cases written below {args.out}")
    return 0
