"""Editor packaging: the TextMate grammar against the Lark grammar, the VS Code extension's files.

The TextMate grammar is generated from ``grammars/pgn.lark``'s terminals
(:mod:`xqformats.lsp.textmate`); here each terminal's examples (spellings
from the spec: docs/spec/pgn.md, docs/spec/notation.md) must be matched by
the terminal itself and highlighted with the scope meant for it when a line
holding them is run through the grammar.  The grammar is run by a small
TextMate matcher written here (earliest match wins, the first pattern on a
tie, a begin/end rule's end competing with its patterns, lines one at a time),
so the test needs no editor.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any, Optional

import pytest

from conftest import REPO_ROOT
from xqformats.lsp.textmate import DELIMITERS, SCOPES, textmate_grammar
from xqformats.pgn.grammar import parser

EDITORS = REPO_ROOT / "editors"
GRAMMAR_FILE = EDITORS / "textmate" / "xiangqi-pgn.tmLanguage.json"

#: Examples of each terminal, as the spec writes them.
EXAMPLES: dict[str, list[str]] = {
    "TAG_NAME": ["Event", "RedTeam", "FEN"],
    "TAG_VALUE": ['"许银川"', '"1999.12.09"', '"a \\"quoted\\" word"'],
    "MOVE_NUMBER": ["1.", "12.", "7..."],
    "CHINESE_MOVE": ["炮二平五", "马8进7", "马８进７", "前炮进一", "後車退2", "一兵平二", "中兵进一"],
    "WXF_MOVE": ["C2.5", "H8+7", "R1=2", "+C.1", "C+.1", "++.5", "Ｃ２．５"],
    "ICCS_MOVE": ["H2-E2", "h2e2", "B0-C2"],
    "SAN_MOVE": ["Ce3", "Che3", "Rxa9+", "Hc3", "a6"],
    "SUFFIX": ["!", "?", "!!", "??", "!?", "?!"],
    "NAG": ["$1", "$14"],
    "RESULT": ["1-0", "0-1", "1/2-1/2", "*"],
    "COMMENT": ["{评注：红方先行}", "{ a comment }"],
    "LINE_COMMENT": ["; to the end of the line"],
    "LPAR": ["("],
    "RPAR": [")"],
    "UNKNOWN_MOVE": ["xyzzy", "炮二平"],
}

#: Where each example is put to be highlighted (``X`` stands for it).
CONTEXTS: dict[str, str] = {
    "TAG_NAME": '[X "v"]',
    "TAG_VALUE": "[Event X]",
    "SUFFIX": "1. 炮二平五X 马8进7",
    "RPAR": "1. 炮二平五 (1. 马二进三 X 马8进7",
    "LINE_COMMENT": "1. 炮二平五 X",
}
_DEFAULT_CONTEXT = "1. 炮二平五 X 2. 马二进三 {c} *"


# ---------------------------------------------------------------- a small TextMate matcher


class _Matcher:
    """Runs a TextMate grammar over lines; gives each character the scopes it is in."""

    def __init__(self, grammar: dict[str, Any]) -> None:
        self.grammar = grammar
        self._cache: dict[str, re.Pattern[str]] = {}

    def _re(self, source: str) -> re.Pattern[str]:
        if source not in self._cache:
            self._cache[source] = re.compile(source)
        return self._cache[source]

    def _flat(self, patterns: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for p in patterns:
            if "include" in p:
                target = self.grammar["repository"][p["include"][1:]]
                out.extend(self._flat(target["patterns"]) if "patterns" in target and "begin" not in target else [target])
            else:
                out.append(p)
        return out

    def _earliest(self, line: str, pos: int, rules: list[dict[str, Any]], end: Optional[str]) -> tuple[Optional[re.Match[str]], Any]:
        best: tuple[Optional[re.Match[str]], Any] = (None, None)
        candidates = ([("end", end)] if end is not None else []) + [(r, r.get("match") or r["begin"]) for r in rules]
        for rule, source in candidates:
            m = self._re(source).search(line, pos)
            if m is not None and (best[0] is None or m.start() < best[0].start()):
                best = (m, rule)
        return best

    @staticmethod
    def _paint(scopes: list[list[str]], m: re.Match[str], captures: dict[str, Any], name: Optional[str], stack: list[str]) -> None:
        for i in range(m.start(), m.end()):
            scopes[i] = stack + ([name] if name else [])
        for group, capture in (captures or {}).items():
            g = int(group)
            if m.start(g) >= 0:
                for i in range(m.start(g), m.end(g)):
                    scopes[i] = scopes[i] + [capture["name"]]

    def run(self, lines: list[str]) -> list[list[list[str]]]:
        contexts: list[dict[str, Any]] = [{"patterns": self.grammar["patterns"]}]
        stack: list[str] = []
        out = []
        for line in lines:
            scopes: list[list[str]] = [list(stack) for _ in line]
            pos = 0
            while pos <= len(line):
                top = contexts[-1]
                m, rule = self._earliest(line, pos, self._flat(top["patterns"] if "patterns" in top else []), top.get("end"))
                if m is None:
                    break
                for i in range(pos, m.start()):  # (what no pattern matched is in the enclosing scopes)
                    scopes[i] = list(stack)
                if rule == "end":
                    self._paint(scopes, m, top.get("endCaptures", {}), None, stack)
                    contexts.pop()
                    stack.pop()
                elif "begin" in rule:
                    stack.append(rule["name"])
                    self._paint(scopes, m, rule.get("beginCaptures", {}), None, stack)
                    contexts.append(rule)
                else:
                    self._paint(scopes, m, rule.get("captures", {}), rule.get("name"), stack)
                pos = m.end() if m.end() > pos else pos + 1
            for i in range(pos, len(line)):
                scopes[i] = list(stack)
            out.append(scopes)
        return out


def _grammar() -> dict[str, Any]:
    return json.loads(GRAMMAR_FILE.read_text(encoding="utf-8"))


def _terminal(name: str) -> str:
    return str(parser()[0].get_terminal(name).pattern.to_regexp())


# ---------------------------------------------------------------- the grammar


def test_grammar_files_are_generated_from_the_lark_grammar() -> None:
    run = subprocess.run([sys.executable, str(REPO_ROOT / "tools" / "gen_tmlanguage.py"), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert _grammar() == textmate_grammar()


def test_every_scoped_terminal_has_examples() -> None:
    assert set(EXAMPLES) == set(SCOPES) - {"LSQB", "RSQB"}


@pytest.mark.parametrize("terminal", sorted(EXAMPLES))
def test_examples_are_the_terminals(terminal: str) -> None:
    pattern = re.compile(_terminal(terminal))
    for example in EXAMPLES[terminal]:
        if terminal == "UNKNOWN_MOVE":
            assert all(re.fullmatch(_terminal(t), example) is None for t in ("CHINESE_MOVE", "WXF_MOVE", "ICCS_MOVE", "SAN_MOVE"))
        assert pattern.fullmatch(example), (terminal, example)


@pytest.mark.parametrize("terminal", sorted(EXAMPLES))
def test_examples_get_their_scope(terminal: str) -> None:
    matcher = _Matcher(_grammar())
    scope = SCOPES[terminal] + ".pgn"
    for example in EXAMPLES[terminal]:
        context = CONTEXTS.get(terminal, _DEFAULT_CONTEXT)
        line = context.replace("X", example, 1)
        at = context.index("X")
        scopes = matcher.run([line])[0]
        got = [scopes[i] for i in range(at, at + len(example))]
        assert all(scope in s for s in got), (example, line, got)
        before = scopes[at - 1] if at else []
        after = scopes[at + len(example)] if at + len(example) < len(line) else []
        if terminal not in ("COMMENT", "LPAR", "RPAR"):  # (a block scope goes on around its delimiters)
            assert scope not in before and scope not in after, (example, line)


def test_comments_and_variations_over_lines() -> None:
    lines = ["1. 炮二平五 {a comment", "over two lines} 马8进7 (1... 炮8平5", "2. 马二进三) *"]
    scopes = _Matcher(_grammar()).run(lines)
    assert all("comment.block.pgn" in s for s in scopes[1][: len("over two lines}")])
    move = lines[1].index("马8进7")
    assert "keyword.other.move.chinese.pgn" in scopes[1][move] and "comment.block.pgn" not in scopes[1][move]
    assert "meta.variation.pgn" in scopes[2][0] and "keyword.other.move.chinese.pgn" in scopes[2][3]
    assert "meta.variation.pgn" not in scopes[2][-1] and "constant.language.result.pgn" in scopes[2][-1]


def test_delimiters_are_those_of_the_unknown_move_terminal() -> None:
    assert f"[^{DELIMITERS}]" in _terminal("UNKNOWN_MOVE")


# ---------------------------------------------------------------- the VS Code extension


def test_vscode_extension_files() -> None:
    root = EDITORS / "vscode"
    package = json.loads((root / "package.json").read_text(encoding="utf-8"))
    (language,) = package["contributes"]["languages"]
    (grammar,) = package["contributes"]["grammars"]
    assert grammar["language"] == language["id"] and grammar["scopeName"] == textmate_grammar()["scopeName"]
    assert json.loads((root / grammar["path"]).read_text(encoding="utf-8")) == textmate_grammar()
    assert json.loads((root / language["configuration"]).read_text(encoding="utf-8"))["comments"]["blockComment"] == ["{", "}"]
    assert "vscode-languageclient" in package["dependencies"]
    # The entry point is the bundle `npm run bundle` makes of extension.js (and of the client
    # library): built, not committed, as the .vsix is (.ci/run packages it as a check).
    assert package["main"] == "./dist/extension.js"
    assert " extension.js " in package["scripts"]["bundle"] and "--outfile=dist/extension.js" in package["scripts"]["bundle"]
    assert package["scripts"]["vscode:prepublish"] == "npm run bundle"
    script = (root / "extension.js").read_text(encoding="utf-8")
    assert '"lsp"' in script and "xqformats" in script
    ignored = (root / ".gitignore").read_text(encoding="utf-8").split()
    assert {"node_modules/", "dist/", "*.vsix"} <= set(ignored)
    assert "node_modules/**" in (root / ".vscodeignore").read_text(encoding="utf-8").split()


def test_vscode_extension_bundle_is_built() -> None:
    # The bundle is built, not committed: `npm ci && npm run bundle` in editors/vscode (.ci/run
    # does it before the tests, so this does not skip in CI).
    root = EDITORS / "vscode"
    package = json.loads((root / "package.json").read_text(encoding="utf-8"))
    bundle = root / package["main"]
    if not bundle.is_file():
        pytest.skip("editors/vscode is not bundled here (npm ci && npm run bundle in editors/vscode)")
    text = bundle.read_text(encoding="utf-8")
    # The client library is inside the bundle; only the editor's own API stays outside.
    assert "xqformats" in text and "LanguageClient" in text
    assert 'require("vscode-languageclient' not in text and 'require("vscode")' in text


def test_vscode_extension_can_be_packaged_without_questions() -> None:
    # Issue 27: `npx @vscode/vsce package` asked twice: no `repository` field, no LICENSE.
    root = EDITORS / "vscode"
    package = json.loads((root / "package.json").read_text(encoding="utf-8"))
    assert package["license"] == "MIT" and package["repository"]["url"].startswith("https://")
    assert (root / "LICENSE").read_text(encoding="utf-8") == (EDITORS.parent / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in (EDITORS.parent / "LICENSE").read_text(encoding="utf-8")
    # `npm ci` needs the lockfile, for exactly the packages package.json names.
    lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))["packages"][""]
    assert (lock["dependencies"], lock["devDependencies"]) == (package["dependencies"], package["devDependencies"])


def test_editor_readme_names_each_editor() -> None:
    text = (EDITORS / "README.md").read_text(encoding="utf-8")
    for needle in ("nvim-lspconfig", "languages.toml", "eglot", "xqformats lsp"):
        assert needle in text
