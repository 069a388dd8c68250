"""``xqformats convert``: the run, with folder inputs searched as ``lint`` searches them.

Its arguments and the conversion itself are :mod:`xqformats.convert`.
"""

from __future__ import annotations

import argparse

from ..discovery import discover


def run(args: argparse.Namespace) -> int:
    """``xqformats convert`` with folder inputs searched as ``lint`` searches them (:func:`record_files`)."""
    from .. import convert  # (imported by the subcommands that use it: start-up of the others)

    return convert.run(args, list_folder=record_files)


def record_files(folder: str) -> list[str]:
    """The record files below ``folder`` in ``lint``'s order (:func:`~xqformats.discovery.discover`).

    Raises :class:`~xqformats.convert.ConvertError` for a folder below it that cannot be listed.
    """
    from ..convert import ConvertError

    targets = discover([folder])
    for t in targets:
        if t.error:
            raise ConvertError(f"Cannot read `{t.display}`: {t.error}")
    return [t.path for t in targets]
