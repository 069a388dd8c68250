"""Running the command line in a test: ``run(capsys, *args)`` is ``xqformats lint ARGS`` with its output;
``write_tree(root, **named)`` makes the files it reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from xqformats.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``xqformats lint *args`` in this process: its exit status, standard output and standard error."""
    status = main(["lint", *args])
    out, err = capsys.readouterr()
    return status, out, err


def write_tree(root: Path, **named: str) -> None:
    """Write each ``name=text`` below ``root`` (UTF-8); ``__`` in a name is a folder separator."""
    for name, text in named.items():
        path = root / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
