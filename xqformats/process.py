"""What the command line sets for its own process: the collector's thresholds and a quick exit.

Never used by the library: a program that imports xqformats keeps its own
garbage collector settings and its own interpreter shutdown.
"""

from __future__ import annotations

import atexit
import os
import sys
from typing import NoReturn

#: The garbage collector's thresholds for a run: a reader allocates millions of
#: small objects that live until their game is done (nodes, spans, moves), and
#: with CPython's default (700 allocations) the young generation is collected
#: a thousand times per 100,000 plies, scanning every live game object each
#: time.  A larger first threshold does the same work in far fewer passes:
#: ``xqformats lint`` of a 1,000-game file 1.6 s -> 1.0 s, of a 4,000-game file
#: 6.7 s -> 4.3 s, peak memory unchanged (objects in reference cycles, the
#: only ones the collector frees, are few).  Set by the command line for its
#: process (before it imports a subcommand: importing one allocates a few
#: hundred thousand objects that all live on) and the workers it starts.
GC_THRESHOLDS = (50_000, 20, 10)


def exit_now(status: int) -> NoReturn:
    """End the process with ``status`` once its output is out, without the interpreter's teardown.

    When a command has returned, nothing it holds needs freeing: the
    interpreter's shutdown would free every module and object one by one and
    collect garbage once more, about 7 % of the CPU time of linting one small
    file.  So the standard streams are flushed and the ``atexit`` handlers run,
    as at a normal exit, and the process ends (:func:`os._exit`).  While a
    thread other than this one still runs, the normal exit is taken instead
    (it waits for the thread).  A flush the operating system refuses ends with
    status 2 and a message, as :class:`xqformats.commands.OutputError` does; a
    closed pipe (``| head``) is no failure.
    """
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        raise SystemExit(status)
    status = _flushed(status)
    atexit._run_exitfuncs()
    os._exit(_flushed(status))  # (what a handler wrote, out too)


def _flushed(status: int) -> int:
    """Flush stdout and stderr (either may be ``None``: closed at start); ``status``, or 2 when
    stdout could not be written."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        pass
    except OSError as exc:
        print(f"xqformats: standard output could not be written: {exc.strerror or exc}", file=sys.stderr)
        status = 2
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except OSError:  # nowhere left to say it
        pass
    return status
