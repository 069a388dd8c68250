"""The cases of the conformance suite: finding them, loading them, refusing a bad one clearly.

A case is an input file and its sidecar ``<name>.case.json`` under
``cases/<suite>/<kind>/`` (see ``docs/conformance.md``): ``<suite>`` is a
front-door format name (``pgn``, ``cbf``, …) or a format and a notation
(``pgn-wxf``), ``<kind>`` is ``valid``, ``invalid`` or ``dialect``.  The
sidecar's shape is stated by the JSON Schema
``schemas/conformance-case.schema.json`` (the tests check every case against
it with jsonschema); :func:`load_case` checks the same shape by hand, so that
running the suite needs no schema library, and raises :class:`CaseError`
naming the file and the member for a case it cannot use.

A suite whose format has no file extension (``pasted``: pasted text, which is
read from standard input or text handed over unnamed, never from a file found
by its name: docs/spec/pasted.md §1.2) is read *unnamed*: a decoder is told
the input is called ``-``, standard input's name, and the content decides how
it is read.  Its inputs are stored as ``<name>.txt``, an extension no format
claims, only so that each has a file beside its sidecar.

Public API::

    discover(root=CASES_ROOT, *, suites=None, kinds=None) -> list[Case]
    load_case(path) -> Case                     # path: the input or its sidecar
    read_unnamed(suite) -> bool                 # the suite's inputs are read as standard input is
    Case, ExpectedDiagnostic, CaseError, KINDS, CASES_ROOT, SIDECAR
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Optional

from ..discovery import STDIN
from ..formats.registry import REGISTRY

#: Where the suite's cases live (package data).
CASES_ROOT = Path(__file__).resolve().parent / "cases"
#: The three kinds of case, in the order reports list them.
KINDS = ("valid", "invalid", "dialect")
#: The suffix of a case's sidecar.
SIDECAR = ".case.json"

# The shapes the schema states as patterns (schemas/conformance-case.schema.json).
_CLAUSE = re.compile(r"docs/spec/[A-Za-z0-9-]+\.md §[0-9]+(\.[0-9]+)*")
_CODE = re.compile(r"[A-Z][0-9]{3}")
_SOURCE = re.compile(r"spec example|project|real-file fault: .+|peer disagreement: .+")
_MEMBERS = frozenset({"clause", "rules", "source", "description", "expect", "diagnostics", "exact"})
_POSITION_KEYS = ("line", "column", "offset")


class CaseError(ValueError):
    """A case the suite cannot use: names the sidecar and what is wrong with it."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path


@dataclass(frozen=True, slots=True)
class ExpectedDiagnostic:
    """A finding a case asks for: its code and, when given, where (``None``: any position)."""

    code: str
    line: Optional[int] = None
    column: Optional[int] = None
    offset: Optional[int] = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code}
        for key in _POSITION_KEYS:
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out

    def __str__(self) -> str:
        where = [f"{k} {getattr(self, k)}" for k in _POSITION_KEYS if getattr(self, k) is not None]
        return f"{self.code} at {', '.join(where)}" if where else self.code


@dataclass(frozen=True, slots=True)
class Case:
    """One case: the input at ``path``, what it pins and what a decoder must give for it.

    ``suite`` is the folder under the cases root (``pgn-wxf``), ``format``
    the front-door format that reads it (``pgn``), ``id`` the path under the
    root without the extension (``pgn-wxf/valid/canonical``).  ``expect`` is
    the JSON form (valid and dialect cases), ``diagnostics`` the findings a
    decoder that reports codes must report (invalid and dialect cases).
    """

    path: Path
    suite: str
    format: str
    kind: str
    clauses: tuple[str, ...]
    rules: tuple[str, ...]
    source: str
    description: str
    expect: Optional[dict[str, Any]]
    diagnostics: tuple[ExpectedDiagnostic, ...]
    exact: bool = False

    @property
    def id(self) -> str:
        return f"{self.suite}/{self.kind}/{self.path.stem}"

    @property
    def unnamed(self) -> bool:
        """Whether the input is read unnamed, as standard input is (:func:`read_unnamed`)."""
        return read_unnamed(self.suite)

    @property
    def name(self) -> str:
        """What a decoder is told the input is called: its file name, or ``-`` (standard input) when :attr:`unnamed`."""
        return STDIN if self.unnamed else self.path.name

    def data(self) -> bytes:
        """The input's bytes."""
        return self.path.read_bytes()


def front_door_format(suite: str) -> str:
    """The front-door format of the suite folder ``suite``: ``pgn-wxf`` → ``pgn``, ``cbf`` → ``cbf``."""
    return suite.split("-", 1)[0]


def read_unnamed(suite: str) -> bool:
    """Whether the inputs of the suite folder ``suite`` are read unnamed, as standard input is.

    So are those of a format with no file extension (pasted text): the front
    door detects such a format in unnamed inputs only, never in a file found
    by its name (docs/spec/pasted.md §1.2).  ``pasted`` → True, ``pgn-wxf`` → False.
    """
    front = front_door_format(suite)
    return any(fmt.name == front and not fmt.extensions for fmt in REGISTRY)


#: The suites whose repetitions are judged by the AXF rules (the others by CXA, the default; docs/spec/rules.md §1.2).
_RULE_SET_SUITES = {"pgn-axf": "axf", "pgn-cxa": "cxa"}


def rule_set(suite: str) -> str:
    """The rule set repetitions are judged by in the suite folder ``suite``: ``pgn-axf`` → ``axf``, else ``cxa``."""
    return _RULE_SET_SUITES.get(suite, "cxa")


# ---------------------------------------------------------------- loading


def _fail(path: Path, message: str) -> CaseError:
    return CaseError(path, message)


def _clauses(path: Path, value: object) -> tuple[str, ...]:
    items = value if isinstance(value, list) else [value]
    if not items or not all(isinstance(c, str) and _CLAUSE.fullmatch(c) for c in items):
        raise _fail(path, "`clause` must be `docs/spec/<page>.md §<n.m>` or a non-empty list of them")
    return tuple(items)


def _rules(path: Path, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) and _CODE.fullmatch(c) for c in value):
        raise _fail(path, "`rules` must be a list of rule codes such as `P202`")
    return tuple(value)


def _expected(path: Path, value: object) -> tuple[ExpectedDiagnostic, ...]:
    if not isinstance(value, list):
        raise _fail(path, "`diagnostics` must be a list of {code, line, column} or {code, offset}")
    found = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or not isinstance(item.get("code"), str) or not _CODE.fullmatch(item["code"]):
            raise _fail(path, f"`diagnostics[{i}]` must be an object with a rule `code`")
        extra = set(item) - {"code", *_POSITION_KEYS}
        if extra:
            raise _fail(path, f"`diagnostics[{i}]` has unknown member(s) {', '.join(sorted(extra))}")
        for key in _POSITION_KEYS:
            pos = item.get(key)
            if pos is not None and (not isinstance(pos, int) or isinstance(pos, bool) or pos < (0 if key == "offset" else 1)):
                raise _fail(path, f"`diagnostics[{i}].{key}` must be a number (line and column from 1, offset from 0)")
        found.append(ExpectedDiagnostic(item["code"], item.get("line"), item.get("column"), item.get("offset")))
    return tuple(found)


def _check_kind(path: Path, kind: str, expect: object, diagnostics: tuple[ExpectedDiagnostic, ...]) -> None:
    """What each kind must hold: valid an ``expect``, invalid ``diagnostics``, dialect both."""
    if expect is not None and (not isinstance(expect, dict) or "games" not in expect or "xqformats" not in expect):
        raise _fail(path, "`expect` must be a JSON form document (an object with `xqformats` and `games`)")
    if kind in ("valid", "dialect") and expect is None:
        raise _fail(path, f"a {kind} case needs `expect`")
    if kind == "invalid" and expect is not None:
        raise _fail(path, "an invalid case has no `expect`")
    if kind in ("invalid", "dialect") and not diagnostics:
        raise _fail(path, f"an {kind} case needs at least one entry in `diagnostics`")
    if kind == "valid" and diagnostics:
        raise _fail(path, "a valid case lists no `diagnostics`")


def _input_of(sidecar: Path) -> Path:
    stem = sidecar.name[: -len(SIDECAR)]
    inputs = [p for p in sidecar.parent.iterdir() if p.name != sidecar.name and p.name.startswith(stem + ".") and not p.name.endswith(SIDECAR)]
    exact = [p for p in inputs if p.name.count(".") == stem.count(".") + 1]
    if len(exact) != 1:
        raise _fail(sidecar, f"expected one input file `{stem}.<ext>` beside it, found {len(exact)}")
    return exact[0]


def load_case(path: Path) -> Case:
    """The case whose input or sidecar is at ``path``; raises :class:`CaseError` for a bad one.

    The input's folder is ``<suite>/<kind>``; its sidecar is ``<stem>.case.json``.
    """
    path = Path(path)
    if path.name.endswith(SIDECAR):
        sidecar, input_path = path, _input_of(path)
    else:
        sidecar, input_path = path.with_name(path.stem + SIDECAR), path
    kind, suite = input_path.parent.name, input_path.parent.parent.name
    if kind not in KINDS:
        raise _fail(input_path, f"a case lives in a folder `valid`, `invalid` or `dialect`, not `{kind}`")
    try:
        raw = json.loads(sidecar.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise _fail(input_path, f"no sidecar `{sidecar.name}`") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _fail(sidecar, f"not JSON: {exc}") from None
    return _case_from(sidecar, input_path, suite, kind, raw)


def _case_from(sidecar: Path, input_path: Path, suite: str, kind: str, raw: object) -> Case:
    if not isinstance(raw, dict):
        raise _fail(sidecar, "a sidecar is a JSON object")
    unknown = set(raw) - _MEMBERS
    missing = {"clause", "rules", "source", "description"} - set(raw)
    if unknown or missing:
        raise _fail(sidecar, f"unknown member(s) {sorted(unknown)}, missing member(s) {sorted(missing)}")
    source, description = raw["source"], raw["description"]
    if not isinstance(source, str) or not _SOURCE.fullmatch(source):
        raise _fail(sidecar, "`source` must be `spec example`, `project`, `real-file fault: …` or `peer disagreement: …`")
    if not isinstance(description, str) or not description:
        raise _fail(sidecar, "`description` must be a sentence")
    exact = raw.get("exact", False)
    if not isinstance(exact, bool):
        raise _fail(sidecar, "`exact` must be true or false")
    clauses, codes = _clauses(sidecar, raw["clause"]), _rules(sidecar, raw["rules"])
    diagnostics = _expected(sidecar, raw.get("diagnostics", []))
    expect = raw.get("expect")
    _check_kind(sidecar, kind, expect, diagnostics)
    return Case(input_path, suite, front_door_format(suite), kind, clauses, codes, source, description, expect, diagnostics, exact)


def discover(
    root: Path = CASES_ROOT, *, suites: Optional[Iterable[str]] = None, kinds: Optional[Iterable[str]] = None
) -> list[Case]:
    """Every case under ``root``, sorted by id; only ``suites`` / ``kinds`` when given.

    A suite is selected by its folder name or by its front-door format
    (``pgn`` selects ``pgn``, ``pgn-wxf``, ``pgn-iccs`` and ``pgn-san``).
    Raises :class:`CaseError` for the first bad case.
    """
    wanted_suites = set(suites) if suites is not None else None
    wanted_kinds = set(kinds) if kinds is not None else set(KINDS)
    found = []
    for sidecar in sorted(Path(root).glob(f"*/*/*{SIDECAR}")):
        suite, kind = sidecar.parent.parent.name, sidecar.parent.name
        if kind not in wanted_kinds:
            continue
        if wanted_suites is not None and suite not in wanted_suites and front_door_format(suite) not in wanted_suites:
            continue
        found.append(load_case(sidecar))
    return sorted(found, key=lambda c: c.id)
