"""Running the command line in a test: ``run(capsys, *args)`` is ``xqformats lint ARGS`` with its output."""

from __future__ import annotations

import pytest

from xqformats.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``xqformats lint *args`` in this process: its exit status, standard output and standard error."""
    status = main(["lint", *args])
    out, err = capsys.readouterr()
    return status, out, err
