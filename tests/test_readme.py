"""Every Python snippet of the README runs, and prints what its comments say (issue 27, item 14).

The README's ``python`` blocks are one session, as a reader pastes them into
one interpreter: they are run in order, as one script in a fresh process, in a
folder holding the files they name (``corpus/`` of the repository,
``collection.pgn`` made of its games, ``library.cbl`` built from the
documented layout by ``cbr_helpers``).  Each ``print(...)`` that has a comment
is checked against what the comment says (:data:`EXPECTED`, written from the
comments by hand): a new commented print needs its entry, so that a comment can
no more say something the code does not print (the ``write_pgn`` snippet once
printed the last game of ``collection.pgn``; the ``offset`` comment showed hex
where an int printed).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cbr_helpers import Entry, cbl, cbr

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

#: Before each print of the script, a line of its own naming the README line it is on.
MARK = "\x00README line "

#: For each commented ``print`` of the README (its code, stripped), a pattern its whole output matches.
EXPECTED: dict[str, str] = {
    "print(record.format.name, len(record.games))": r"cbf 1",
    "print(d)": r"corpus/xu-yinchuan-vs-nie-weiping-1999\.cbf:\d+:\d+: [A-Z]\d{3} .+",
    "print(result.changed, result.text)": r'True \[Game "Chinese Chess"\]\n\[Result "\*"\]\n\n1\. 炮二平五 马8进7 \*\n',
    "print(n)": r"[0-9]+",
    "print([d.code for d in xqformats.read(text).diagnostics])": re.escape("['M407']"),
    "print([d.code for d in xqformats.lint_record(text).diagnostics])": re.escape("[]"),
    'print(xqformats.lint_record(text, select=["M4"], name="g.pgn").diagnostics[0])': r"g\.pgn:4:10: M407 Fullwidth digits in `马８进７`; canonical `马8进7`",
    "print(pasted.format.name, [n.move.iccs() for n in pasted.games[0].mainline()])": re.escape("pasted ['H2-E2', 'H9-G7', 'H0-G2']"),
    "print([node.move.iccs() for node in game.mainline()])": re.escape("['H2-E2', 'H9-G7', 'H0-G2']"),
    "print(write_pgn(game, notation=\"wxf\"))": r'\[Game "Chinese Chess"\]\n(?:\[.*\]\n)*\n1\. C2\.5 H8\+7 2\. H2\+3 \*\n',
    "print(xqformats.encode(move, pos, \"wxf\"))": r"C2\.5",
    "print(fen_diagnostics[0].code)": r"F109",
    "print(hex(diagnostics[0].offset) if diagnostics else None)": r"0x[0-9a-f]+",
}

#: Commented prints in a loop that may run no time (the corpus record read there has no finding).
MAY_NOT_RUN = frozenset({"print(d)"})


def python_blocks(text: str) -> list[tuple[int, str]]:
    """The README's ``python`` blocks: (line of the block's first code line, code)."""
    blocks = []
    for m in re.finditer(r"^```python\n(.*?)^```", text, re.DOTALL | re.MULTILINE):
        blocks.append((text.count("\n", 0, m.start(1)) + 1, m.group(1)))
    return blocks


def _commented_print(line: str) -> tuple[str, str] | None:
    """``(code, comment)`` of a line that prints and has a comment."""
    code, sep, comment = line.strip().partition("  # ")
    return (code.strip(), comment.strip()) if sep and code.startswith("print(") else None


def script(blocks: list[tuple[int, str]]) -> str:
    """One script of every block, each print preceded by a mark naming its README line."""
    out = []
    for first, code in blocks:
        for i, line in enumerate(code.splitlines()):
            stripped = line.lstrip()
            if stripped.startswith("print("):
                indent = line[: len(line) - len(stripped)]
                out.append(f"{indent}print({(MARK + str(first + i))!r}, flush=True)")
            out.append(line)
    return "\n".join(out) + "\n"


def _folder(tmp_path: Path) -> Path:
    """The files the snippets name."""
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus")
    games = [
        (ROOT / "corpus" / name).read_text(encoding="utf-8")
        for name in ("xu-yinchuan-vs-nie-weiping-1999.pgn", "xu-yinchuan-vs-nie-weiping-1999-variations.pgn")
    ]
    (tmp_path / "collection.pgn").write_text("\n".join(games), encoding="utf-8")
    # A library with a deleted entry: one finding (B114) at a byte offset.
    (tmp_path / "library.cbl").write_bytes(cbl([Entry(cbr(texts={"Red": "甲"})), Entry(cbr(), state=0)]))
    return tmp_path


def test_every_commented_print_has_its_expectation() -> None:
    lines = [line for _, code in python_blocks(README.read_text(encoding="utf-8")) for line in code.splitlines()]
    commented = {found[0] for line in lines if (found := _commented_print(line))}
    assert commented == set(EXPECTED), "a commented print of the README needs its entry in EXPECTED (and no stale one)"


def test_the_readme_snippets_run_and_print_what_their_comments_say(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    blocks = python_blocks(text)
    assert len(blocks) >= 4
    folder = _folder(tmp_path)
    (folder / "readme_snippets.py").write_text(script(blocks), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "readme_snippets.py"], cwd=folder, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    readme_lines = text.splitlines()
    printed: dict[str, list[str]] = {}
    for chunk in done.stdout.split(MARK)[1:]:
        number, _, output = chunk.partition("\n")
        found = _commented_print(readme_lines[int(number) - 1])
        if found is not None:
            printed.setdefault(found[0], []).append(output)
    assert set(EXPECTED) - MAY_NOT_RUN <= set(printed) <= set(EXPECTED)
    for code, outputs in printed.items():
        for output in outputs:
            assert re.fullmatch(EXPECTED[code], output.removesuffix("\n"), re.DOTALL), (code, output)


@pytest.mark.parametrize("first_line", [n for n, _ in python_blocks(README.read_text(encoding="utf-8"))])
def test_each_block_is_valid_python(first_line: int) -> None:
    code = dict(python_blocks(README.read_text(encoding="utf-8")))[first_line]
    compile(code, f"README.md:{first_line}", "exec")


def _command_lines(text: str) -> list[str]:
    """Every ``xqformats …`` command of the README's ``sh`` blocks, its comment cut off."""
    commands = []
    for m in re.finditer(r"^```sh\n(.*?)^```", text, re.DOTALL | re.MULTILINE):
        for line in m.group(1).splitlines():
            for part in line.split("&&"):
                part = part.strip()
                if part.startswith("xqformats "):
                    commands.append(part)
    return commands


@pytest.mark.parametrize("command", _command_lines(README.read_text(encoding="utf-8")))
def test_each_command_line_example_parses(command: str) -> None:
    import shlex

    from xqformats.cli import parser

    argv = shlex.split(command, comments=True)[1:]
    args = parser(argv[0]).parse_args(argv)  # SystemExit (a usage error) fails the test
    assert args.command == argv[0]
