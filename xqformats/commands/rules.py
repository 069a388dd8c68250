"""``xqformats rules``: list the lint rules, or print one rule's page."""

from __future__ import annotations

import argparse
import json

from ..lint.catalogue import all_rules
from ..lint.rulepage import rule_page, rule_record, rules_listing
from . import usage_error, write_stdout


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "List the lint rules by group (code, name, default severity, fix, summary), or print one rule's page:\n"
        "what it checks, why, a bad and a good example, whether its fix is safe, and the spec clause it enforces."
    )
    p.epilog = """exit status:
  0  the rules were printed
  2  no rule has that code, name or prefix

examples:
  xqformats rules                 # every rule
  xqformats rules T1              # the tag rules
  xqformats rules M202            # one rule's page (or by name: ambiguous-piece)
  xqformats rules --format json"""
    p.add_argument("code", nargs="?", metavar="CODE", help="a rule code (explain it) or a prefix (list those rules)")
    p.add_argument("--format", dest="output_format", choices=("text", "json"), default="text", help="output format")


def _write_json(data: object) -> None:
    write_stdout(json.dumps(data, ensure_ascii=False, indent=2) + "\n", utf8=True)


def run(args: argparse.Namespace) -> int:
    rules = all_rules()
    if args.code:
        code = args.code.strip().upper()
        exact = [r for r in rules if r.code == code or r.name == args.code.strip().lower()]
        if exact:
            if args.output_format == "json":
                _write_json(rule_record(exact[0]))
            else:
                write_stdout(rule_page(exact[0]))
            return 0
        rules = [r for r in rules if r.code.startswith(code)]
        if not rules:
            return usage_error("rules", f"Unknown rule `{args.code}`; `xqformats rules` lists them all")
    if args.output_format == "json":
        _write_json([rule_record(r) for r in rules])
    else:
        write_stdout(rules_listing(rules))
    return 0
