"""Run one decoder over the conformance cases: a verdict per case, totals per clause and format.

A *decoder* reads a record and says what it means.  Two kinds:

* :func:`ours` — xqformats' own reader and lint checks, in-process (what CI runs);
* :class:`CommandDecoder` — any program, run once per case under the decoder
  protocol of ``docs/conformance.md``: the input's bytes on stdin, its file
  name in ``XQ_CASE_NAME`` (``-`` for a suite read unnamed, such as pasted
  text: see :func:`~.cases.read_unnamed`), its front-door format in ``XQ_CASE_FORMAT`` (the
  suite folder in ``XQ_CASE_SUITE``, the rule set repetitions are judged by
  in ``XQ_CASE_RULES``); it prints the JSON form, or
  ``{"json": <form>, "diagnostics": [...]}``, or exits non-zero to reject.

:func:`judge` applies the meaning of the three kinds (docs/conformance.md):

* valid — the JSON form equals ``expect``; a decoder that reports codes
  reports no error and none of the case's ``rules``;
* invalid — the decoder rejects the input, or reports codes and among them
  every listed one at its position (with ``exact``: no other error or warning);
* dialect — the JSON form equals ``expect`` and a decoder that reports codes
  reports every listed one.

Public API::

    decode(data, name, rules="cxa") -> dict      # ours: {"json": ..., "diagnostics": [...]}
    ours(case) -> Decoded;  CommandDecoder(command, timeout=10.0)(case) -> Decoded
    judge(case, decoded) -> Verdict              # .passed, .reasons, .moves (the move trees agree)
    run(cases, decoder=ours, jobs=1) -> Report   # .verdicts, .by_clause(), .by_suite(), .to_json()
"""

from __future__ import annotations

import json
import os
import subprocess
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence

from ..diagnostics import Diagnostic, Severity, split_lines
from ..formats import read
from ..jsonform.codec import FORM_VERSION, to_json
from ..lint.checks import check_game
from ..lint.catalogue import RULES
from ..lint.suppression import MARKER, suppress
from .cases import Case, rule_set

#: How severities are spelled in the decoder protocol.
SEVERITIES = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}
_BLOCKING = frozenset({"error", "warning"})


@dataclass(frozen=True, slots=True)
class Decoded:
    """What a decoder gave for one input.

    ``form`` is the JSON form it printed (``None`` when it printed none);
    ``diagnostics`` its findings when it reports codes (``None`` when it
    does not: then positions and codes are not judged); ``rejected`` that it
    refused the input (exit status not 0); ``problem`` what went wrong when
    the decoder itself failed (timeout, output that is not JSON).
    """

    form: Optional[dict[str, Any]]
    diagnostics: Optional[list[dict[str, Any]]] = None
    rejected: bool = False
    problem: Optional[str] = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """A case's outcome: passed, or the reasons it did not.

    ``moves`` says, for a case with ``expect``, whether the decoder's games
    have the expected start positions and move trees (headers, results,
    comments and NAGs aside): the part of the meaning every peer can state.
    ``None`` for an invalid case.
    """

    case: Case
    reasons: tuple[str, ...] = ()
    moves: Optional[bool] = None

    @property
    def passed(self) -> bool:
        return not self.reasons

    def to_json(self) -> dict[str, Any]:
        return {
            "case": self.case.id, "kind": self.case.kind, "clauses": list(self.case.clauses),
            "passed": self.passed, "moves": self.moves, "reasons": list(self.reasons),
        }


#: A decoder: what it gives for a case.
Decoder = Callable[[Case], Decoded]


# ---------------------------------------------------------------- our decoder


def _reported(d: Diagnostic) -> dict[str, Any]:
    out: dict[str, Any] = {"code": d.code, "severity": SEVERITIES[d.severity], "line": d.line, "column": d.column, "offset": d.offset}
    if d.related:  # what follows from this finding, as notes on it (one root cause, one finding)
        out["related"] = [_reported(n) for n in d.related]
    return out


def _flat(reported: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every reported finding and each of its related notes: a listed code may be either."""
    out = []
    for d in reported:
        out.append(d)
        related = d.get("related")
        if isinstance(related, list):
            out.extend(_flat([n for n in related if isinstance(n, dict)]))
    return out


def decode(data: bytes, name: str, rules: str = "cxa") -> dict[str, Any]:
    """xqformats' reading of ``data`` called ``name`` under the decoder protocol.

    ``{"json": <the JSON form, or None when no format could read it>,
    "diagnostics": [{"code", "severity", "line", "column", "offset"}, …]}``:
    every finding of the reader and of every lint check (opt-in style rules
    included), in the order found, repetitions judged by the rule set
    ``rules`` (``cxa`` or ``axf``).  Never raises on what ``data`` holds.
    """
    record = read(data, name=name)
    found = list(record.diagnostics)
    if record.format is not None and not record.failed:
        for game in record.games:
            found.extend(check_game(game, source_format=record.format.name, rules=rules))
    text = record.text()
    if text is not None and MARKER in text:  # inline suppression comments, as lint applies them
        found = suppress(found, dict(enumerate(split_lines(text), 1)), name, RULES)
    form = None if record.format is None or record.failed else {"xqformats": FORM_VERSION, "games": [to_json(g) for g in record.games]}
    return {"json": form, "diagnostics": [_reported(d) for d in found]}


def ours(case: Case) -> Decoded:
    """The in-process decoder: :func:`decode` of the case's input, called :attr:`Case.name` (``-``: unnamed)."""
    out = decode(case.data(), case.name, rule_set(case.suite))
    return Decoded(out["json"], out["diagnostics"])


# ---------------------------------------------------------------- any program


def parse_output(stdout: bytes, returncode: int) -> Decoded:
    """A :class:`Decoded` from a decoder program's output and exit status (docs/conformance.md)."""
    if returncode != 0:
        return Decoded(None, rejected=True)
    try:
        out = json.loads(stdout.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return Decoded(None, problem=f"the decoder's output is not UTF-8 JSON: {exc}")
    if isinstance(out, dict) and "diagnostics" in out and "xqformats" not in out:
        form, diags = out.get("json"), out["diagnostics"]
        if not isinstance(diags, list) or not all(isinstance(d, dict) for d in diags):
            return Decoded(None, problem="`diagnostics` is not a list of objects")
        return Decoded(form if isinstance(form, dict) else None, diags)
    if isinstance(out, dict):
        return Decoded(out)
    return Decoded(None, problem="the decoder's output is not a JSON object")


@dataclass(frozen=True)
class CommandDecoder:
    """Run ``command`` (an argument list) once per case under the decoder protocol."""

    command: Sequence[str]
    timeout: float = 10.0

    def __call__(self, case: Case) -> Decoded:
        env = {
            **os.environ, "XQ_CASE_NAME": case.name, "XQ_CASE_FORMAT": case.format, "XQ_CASE_SUITE": case.suite,
            "XQ_CASE_RULES": rule_set(case.suite),
        }
        try:
            done = subprocess.run(
                list(self.command), input=case.data(), capture_output=True, env=env, timeout=self.timeout, check=False
            )
        except subprocess.TimeoutExpired:
            return Decoded(None, problem=f"no answer within {self.timeout:g} s")
        except OSError as exc:
            return Decoded(None, problem=f"cannot run the decoder: {exc}")
        return parse_output(done.stdout, done.returncode)


# ---------------------------------------------------------------- judging


def _position_matches(want: Any, got: dict[str, Any]) -> bool:
    return got.get("code") == want.code and all(
        getattr(want, key) is None or got.get(key) == getattr(want, key) for key in ("line", "column", "offset")
    )


def _missing(case: Case, reported: list[dict[str, Any]]) -> list[str]:
    """The case's expected findings the decoder did not report, each with what it did report of that code."""
    reasons = []
    for want in case.diagnostics:
        if not any(_position_matches(want, got) for got in reported):
            seen = [_where(g) for g in reported if g.get("code") == want.code]
            reasons.append(f"expected {want}; reported {', '.join(seen) if seen else 'no ' + want.code}")
    return reasons


def _where(got: dict[str, Any]) -> str:
    parts = [f"{k} {got[k]}" for k in ("line", "column", "offset") if got.get(k) is not None]
    return f"{got.get('code')} at {', '.join(parts)}" if parts else str(got.get("code"))


def _codes(reported: list[dict[str, Any]], severities: frozenset[str]) -> list[str]:
    return sorted({str(d.get("code")) for d in reported if d.get("severity") in severities})


def _judge_form(case: Case, decoded: Decoded) -> list[str]:
    if decoded.rejected:
        return ["the decoder rejected the input"]
    if decoded.form != case.expect:
        return ["the JSON form differs from `expect`" if decoded.form is not None else "no JSON form"]
    return []


def _judge_valid(case: Case, decoded: Decoded) -> list[str]:
    reasons = _judge_form(case, decoded)
    if decoded.diagnostics is not None:
        errors = _codes(decoded.diagnostics, frozenset({"error"}))
        if errors:
            reasons.append(f"errors reported: {', '.join(errors)}")
        fired = sorted({str(d.get("code")) for d in _flat(decoded.diagnostics)} & set(case.rules))
        if fired:
            reasons.append(f"the case's rule(s) fired: {', '.join(fired)}")
    return reasons


def _judge_invalid(case: Case, decoded: Decoded) -> list[str]:
    if decoded.diagnostics is None:
        return [] if decoded.rejected else ["the decoder accepted an invalid input"]
    reasons = _missing(case, _flat(decoded.diagnostics))
    if not decoded.diagnostics and not decoded.rejected:
        reasons.append("the decoder accepted an invalid input")
    if case.exact:
        listed = {d.code for d in case.diagnostics}
        extra = [c for c in _codes(decoded.diagnostics, _BLOCKING) if c not in listed]
        if extra:
            reasons.append(f"other errors or warnings reported: {', '.join(extra)}")
    return reasons


def _judge_dialect(case: Case, decoded: Decoded) -> list[str]:
    reasons = _judge_form(case, decoded)
    if decoded.diagnostics is not None:
        reasons += _missing(case, _flat(decoded.diagnostics))
    return reasons


_JUDGES = {"valid": _judge_valid, "invalid": _judge_invalid, "dialect": _judge_dialect}


def move_trees(form: Optional[dict[str, Any]]) -> Optional[list[tuple[Any, list[tuple[Any, Any]]]]]:
    """Each game's start and its tree as ``(parent, move)`` pairs: what :attr:`Verdict.moves` compares."""
    games = form.get("games") if isinstance(form, dict) else None
    if not isinstance(games, list):
        return None
    return [
        (g.get("start"), [(n.get("parent"), n.get("move")) for n in g.get("nodes", []) if isinstance(n, dict)])
        if isinstance(g, dict) else (None, [])
        for g in games
    ]


def judge(case: Case, decoded: Decoded) -> Verdict:
    """The verdict on ``decoded`` for ``case`` (the meaning of the kinds: see the module docstring)."""
    moves = None if case.expect is None else (decoded.form is not None and move_trees(decoded.form) == move_trees(case.expect))
    if decoded.problem is not None:
        return Verdict(case, (decoded.problem,), moves)
    return Verdict(case, tuple(_JUDGES[case.kind](case, decoded)), moves)


# ---------------------------------------------------------------- running


@dataclass(frozen=True)
class Report:
    """Every verdict of one run, in case order, and the totals a scoreboard shows."""

    decoder: str
    verdicts: tuple[Verdict, ...] = field(default_factory=tuple)

    @property
    def passed(self) -> int:
        return sum(v.passed for v in self.verdicts)

    @property
    def failed(self) -> list[Verdict]:
        return [v for v in self.verdicts if not v.passed]

    def _totals(self, keys: Callable[[Case], Iterable[str]]) -> dict[str, tuple[int, int]]:
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for v in self.verdicts:
            for key in keys(v.case):
                counts[key][0] += v.passed
                counts[key][1] += 1
        return {k: (p, t) for k, (p, t) in sorted(counts.items(), key=lambda kv: _clause_order(kv[0]))}

    def by_clause(self) -> dict[str, tuple[int, int]]:
        """``{clause: (passed, total)}``; a case that pins two clauses counts in both."""
        return self._totals(lambda c: c.clauses)

    def by_suite(self) -> dict[str, tuple[int, int]]:
        """``{suite folder: (passed, total)}``."""
        return self._totals(lambda c: (c.suite,))

    def moves_by_suite(self) -> dict[str, tuple[int, int]]:
        """``{suite folder: (cases whose move trees agree, cases with an expect)}``."""
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for v in self.verdicts:
            if v.moves is not None:
                counts[v.case.suite][0] += v.moves
                counts[v.case.suite][1] += 1
        return {k: (a, t) for k, (a, t) in sorted(counts.items())}

    def to_json(self) -> dict[str, Any]:
        return {
            "decoder": self.decoder,
            "passed": self.passed,
            "total": len(self.verdicts),
            "cases": [v.to_json() for v in self.verdicts],
            "by_suite": {k: {"passed": p, "total": t} for k, (p, t) in self.by_suite().items()},
            "moves_by_suite": {k: {"agree": a, "total": t} for k, (a, t) in self.moves_by_suite().items()},
            "by_clause": {k: {"passed": p, "total": t} for k, (p, t) in self.by_clause().items()},
        }


def _clause_order(key: str) -> tuple[Any, ...]:
    """``docs/spec/pgn.md §3.10`` after ``§3.9``: numbers compare as numbers."""
    page, _, number = key.partition(" §")
    return (page, tuple(int(n) for n in number.split(".") if n.isdigit()))


def run(cases: Iterable[Case], decoder: Decoder = ours, *, name: str = "xqformats", jobs: int = 1) -> Report:
    """Judge ``decoder`` on every case; ``jobs`` cases at a time (threads: a program decoder waits on a process)."""
    cases = list(cases)

    def one(case: Case) -> Verdict:
        return judge(case, decoder(case))

    if jobs <= 1:
        return Report(name, tuple(one(c) for c in cases))
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return Report(name, tuple(pool.map(one, cases)))
