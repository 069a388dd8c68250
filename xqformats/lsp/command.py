"""``xqformats lsp``: start the language server (standard input and output, or TCP for debugging).

Exit statuses: 0 when the client shut the server down, 2 when pygls (the
``lsp`` extra) is not installed or the arguments are wrong.
"""

from __future__ import annotations

import argparse
import sys

#: What to install when pygls is missing.
INSTALL_HINT = "pip install 'xqformats[lsp]'"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``xqformats lsp``."""
    p.description = (
        "Run the xqformats language server for editors: lint findings as you type, hover (a finding's rule, "
        "the position after a move), the games as document symbols, folding, completion of legal moves. "
        "It speaks the Language Server Protocol on standard input and output; --tcp listens on a port instead."
    )
    p.epilog = f"""exit status:
  0  the client shut the server down
  2  pygls is missing ({INSTALL_HINT}), or a usage error

examples:
  xqformats lsp                       # what an editor starts (stdio)
  xqformats lsp --tcp --port 2087     # listen on a socket, to attach a client by hand"""
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.add_argument("--stdio", action="store_true", help="talk on standard input and output (the default)")
    p.add_argument("--tcp", action="store_true", help="listen on TCP instead (for debugging)")
    p.add_argument("--host", default="127.0.0.1", help="TCP host to listen on (default: %(default)s)")
    p.add_argument("--port", type=int, default=2087, help="TCP port to listen on (default: %(default)s)")


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until the client exits; the exit status."""
    try:
        from .server import build_server

        server = build_server()
    except ImportError as exc:
        print(f"xqformats lsp: the language server needs pygls ({exc}); install it with: {INSTALL_HINT}", file=sys.stderr)
        return 2
    if args.tcp:
        server.start_tcp(args.host, args.port)
    else:
        server.start_io()
    return 0
