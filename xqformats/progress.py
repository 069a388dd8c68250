"""Progress on a terminal for long runs over many files (``lint``, ``convert``).

A bar is drawn only where a person watches: an interactive terminal, never a
CI log or a pipe (:func:`progress_allowed`), and only once a run has lasted a
moment (:class:`Progress`).  No dependency on the rest of the package.
"""

from __future__ import annotations

import os
import time
from typing import Optional, TextIO


_CI_VARS = ("CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD", "JENKINS_URL", "TEAMCITY_VERSION",
            "CIRCLECI", "TRAVIS", "APPVEYOR", "BITBUCKET_BUILD_NUMBER")


def progress_allowed(stream: TextIO, environ: Optional[dict[str, str]] = None) -> bool:
    """A progress bar only on an interactive terminal, never in CI logs or pipes."""
    env = os.environ if environ is None else environ
    if any(env.get(v, "").strip().lower() not in ("", "0", "false", "no") for v in _CI_VARS):
        return False
    if env.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """A one-line progress bar on ``stream``, drawn only once a run is long.

    Nothing is drawn during the first ``delay`` seconds (short runs stay
    silent), then at most ten times a second; :meth:`close` erases the line.
    """

    def __init__(self, total: int, stream: TextIO, *, delay: float = 0.5, width: int = 30, total_bytes: int = 0) -> None:
        self.total = total
        self.total_bytes = total_bytes
        self.stream = stream
        self.width = width
        self.done = 0
        self.done_bytes = 0
        self._start = time.monotonic()
        self._delay = delay
        self._last = 0.0
        self._drawn = False

    def advance(self, n: int = 1, nbytes: int = 0) -> None:
        """``n`` more files done, holding ``nbytes`` bytes; the bar follows the bytes when their total is known."""
        self.done += n
        self.done_bytes += nbytes
        now = time.monotonic()
        if now - self._start < self._delay or (now - self._last < 0.1 and self.done < self.total):
            return
        self._last = now
        if self.total_bytes:
            filled = self.width * min(self.done_bytes, self.total_bytes) // self.total_bytes
            amount = f", {_megabytes(self.done_bytes)}/{_megabytes(self.total_bytes)}"
        else:
            filled = self.width * self.done // max(1, self.total)
            amount = ""
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} files{amount}")
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _megabytes(n: int) -> str:
    return f"{n / 1e6:.1f} MB"
