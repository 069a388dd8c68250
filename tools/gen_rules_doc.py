#!/usr/bin/env python3
"""Regenerate ``docs/rules.md`` from the rule catalogue.

Usage (from anywhere)::

    python tools/gen_rules_doc.py           # rewrite docs/rules.md
    python tools/gen_rules_doc.py --check   # exit 1 if docs/rules.md is out of date

The page is rendered by :func:`xqformats.lint.rulepage.rules_markdown`, the
same code that prints ``xqformats rules CODE`` and fills SARIF rule help, so
the three never disagree.  Run it after adding or changing a ``Rule``;
``tests/test_rules_catalogue.py`` fails until you do.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules.md"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check that docs/rules.md is up to date")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # the checkout's catalogue, not an installed copy
    from xqformats.lint.rulepage import rules_markdown

    text = rules_markdown()
    current = DOC.read_text(encoding="utf-8") if DOC.exists() else None
    if args.check:
        if current != text:
            print(f"{DOC.relative_to(ROOT)} is out of date; run `python tools/gen_rules_doc.py`", file=sys.stderr)
            return 1
        return 0
    if current != text:
        DOC.write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
