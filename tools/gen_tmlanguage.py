#!/usr/bin/env python3
"""Regenerate the TextMate grammar for xiangqi PGN from ``grammars/pgn.lark``.

Usage (from anywhere)::

    python tools/gen_tmlanguage.py           # rewrite the grammar files
    python tools/gen_tmlanguage.py --check   # exit 1 if one is out of date

The grammar is built by :func:`xqformats.lsp.textmate.textmate_grammar` from
the Lark grammar's terminals and written twice: ``editors/textmate/`` (for
any editor) and ``editors/vscode/syntaxes/`` (a VS Code extension packs only
its own folder).  ``tests/test_editors.py`` fails until both are current.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = (
    ROOT / "editors" / "textmate" / "xiangqi-pgn.tmLanguage.json",
    ROOT / "editors" / "vscode" / "syntaxes" / "xiangqi-pgn.tmLanguage.json",
)


def render() -> str:
    """The grammar file's text."""
    sys.path.insert(0, str(ROOT))  # the checkout's grammar, not an installed copy
    from xqformats.lsp.textmate import textmate_grammar

    return json.dumps(textmate_grammar(), ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check that the grammar files are up to date")
    args = ap.parse_args(argv)
    text = render()
    stale = [t for t in TARGETS if not t.is_file() or t.read_text(encoding="utf-8") != text]
    if args.check:
        for t in stale:
            print(f"{t.relative_to(ROOT)} is out of date; run `python tools/gen_tmlanguage.py`", file=sys.stderr)
        return 1 if stale else 0
    for t in stale:
        t.parent.mkdir(parents=True, exist_ok=True)
        t.write_text(text, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
