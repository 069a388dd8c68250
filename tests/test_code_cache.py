"""The private cache of compiled code (:func:`xqformats.resources.compiled`).

The rules engine's attack tests are source it writes for one square and side
and compiles; a run needs up to 18 of them.  They are compiled once per
machine: a later process loads the code from the private cache folder.  Each
case runs in a fresh interpreter, so that the process's own memo does not
answer for the file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

REPO = Path(__file__).resolve().parents[1]

# Compiles (or loads) the attack test of point e0 (square 4) for Black and runs it on the start
# position (nothing attacks Red's king there) and on a board with a black rook on e5.
_PROGRAM = """
import sys
from xqformats import resources
from xqformats.position import Position, _compile_attack_test
calls = []
original = compile
def counting(*args, **kwargs):
    calls.append(args[1] if len(args) > 1 else kwargs.get("filename"))
    return original(*args, **kwargs)
resources.compile = counting  # the module's compile, as compiled() looks it up
test = _compile_attack_test(4, False)
board = Position.initial().board
attacked_at_start = test(board)
board = [None] * 90
board[4], board[49] = "K", "r"
print(attacked_at_start, test(board), len(calls))
"""


def _run(cache: Path, **env_extra: str) -> tuple[str, ...]:
    env = {k: v for k, v in os.environ.items() if k != "XQFORMATS_NO_CACHE"}
    env.update(XDG_CACHE_HOME=str(cache), PYTHONPATH=str(REPO), **env_extra)
    proc = subprocess.run([sys.executable, "-c", _PROGRAM], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return tuple(proc.stdout.split())


def test_code_is_compiled_once_per_machine(tmp_path: Path) -> None:
    assert _run(tmp_path) == ("False", "True", "1")  # compiled, and kept
    files = list((tmp_path / "xqformats").glob("code-*.marshal"))
    assert len(files) == 1 and os.stat(files[0]).st_mode & 0o077 == 0
    assert _run(tmp_path) == ("False", "True", "0")  # loaded: the same test, no compile


def test_a_damaged_or_foreign_cache_file_is_compiled_over(tmp_path: Path) -> None:
    _run(tmp_path)
    (cache_file,) = (tmp_path / "xqformats").glob("code-*.marshal")
    cache_file.write_bytes(b"\x00garbage")
    assert _run(tmp_path) == ("False", "True", "1")
    assert _run(tmp_path) == ("False", "True", "0")  # written anew


def test_no_cache_when_turned_off_or_the_folder_is_open_to_others(tmp_path: Path) -> None:
    assert _run(tmp_path, XQFORMATS_NO_CACHE="1") == ("False", "True", "1")
    assert not list(tmp_path.rglob("code-*.marshal"))
    (tmp_path / "xqformats").mkdir(exist_ok=True)
    (tmp_path / "xqformats").chmod(0o777)
    assert _run(tmp_path) == ("False", "True", "1")
    assert _run(tmp_path) == ("False", "True", "1")
    assert not list((tmp_path / "xqformats").glob("code-*.marshal"))


# The PGN fast path's check of Lark's terminal folding (fastpath._folded) is remembered the same
# way: a later process takes its answer from the cache file and does not compile the terminals.
_FOLDING = """
from xqformats.pgn import fastpath
calls = []
original = fastpath._folded
def counting(ordered):
    calls.append(1)
    return original(ordered)
fastpath._folded = counting
print(fastpath.disabled_reason() == "", len(calls))
"""


def _folding_run(cache: Path) -> tuple[str, ...]:
    env = {k: v for k, v in os.environ.items() if k != "XQFORMATS_NO_CACHE"}
    env.update(XDG_CACHE_HOME=str(cache), PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", _FOLDING], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return tuple(proc.stdout.split())


def test_the_fast_paths_folding_check_is_made_once_per_machine(tmp_path: Path) -> None:
    assert _folding_run(tmp_path) == ("True", "5")  # one check per scanner context (movetext, after, name, value, close)
    assert _folding_run(tmp_path) == ("True", "0")  # remembered
    (cache_file,) = (tmp_path / "xqformats").glob("code-*.marshal")
    cache_file.write_bytes(b"\x00garbage")
    assert _folding_run(tmp_path) == ("True", "5")


def test_a_remembered_value_is_found_by_its_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from xqformats import resources

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("XQFORMATS_NO_CACHE", raising=False)
    monkeypatch.setattr(resources, "_CODE", resources._CodeCache())
    made: list[str] = []

    def making(value: str) -> Callable[[], str]:
        def make() -> str:
            made.append(value)
            return value

        return make

    assert resources.remembered("key one", making("first")) == "first"
    assert resources.remembered("key one", making("other")) == "first"  # found: not made again
    assert resources.remembered("key two", making("second")) == "second"
    assert made == ["first", "second"]
