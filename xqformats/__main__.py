"""``python -m xqformats`` runs the command-line interface."""

from .cli import run

run()
