"""Parsers generated from the binary layouts: one module per ``schemas/<name>.ksy``.

The layouts (Kaitai Struct, in the top-level ``schemas/`` folder) are the
spec of the binary record formats, as the grammars are for the text formats
and the XSD for CBF.  The modules here are what the Kaitai Struct compiler
makes of them (``node schemas/compile-ksy.js``); they are committed so that
users need no compiler, and ``tests/test_layouts.py`` regenerates them and
checks that they are unchanged.  Do not edit them by hand: edit the layout
and regenerate.

They raise on a truncated or malformed input (``EOFError``, the exceptions
of :mod:`kaitaistruct`); the format readers above them catch exactly those
and report a diagnostic at the byte offset where reading stopped.
"""
