"""Writing files back: atomically, and a text file in its own encoding and line ends.

Everything that writes a record file (``convert``, ``lint --fix``,
``format``) goes through :func:`atomic_write`, so a reader never sees half a
file and a failed run leaves the old file in place.  Tools that rewrite a text
file in place (``lint --fix``, ``format``) read it as a :class:`TextFile`, so
what they write back keeps the file's encoding, byte-order mark and line ends.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..diagnostics import LINE_END
from ..encoding import decode_bytes

__all__ = ["atomic_write", "TextFile"]


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and :func:`os.replace`.

    The new file gets the old file's permission bits when it replaces one,
    else the usual ``0o666`` less the umask (``mkstemp`` alone would give
    ``0o600``).  On any failure the temporary file is removed and the old
    file, if any, is untouched.
    """
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            mode = os.stat(path).st_mode & 0o7777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        # Not a safety net: the temporary file is removed, whatever stopped the
        # write (KeyboardInterrupt included), and the exception goes on.
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@dataclass(frozen=True, slots=True)
class TextFile:
    """A text file as read: its ``text`` (without a byte-order mark), the ``codec`` that
    reads and writes it back byte for byte, and its ``newline`` (the first line end it has).

    Offsets into ``text`` are the offsets diagnostics and fixes use (the
    readers count from after a byte-order mark, as this text starts).
    """

    text: str
    codec: str
    newline: str = "\n"

    @classmethod
    def decode(cls, data: bytes, encoding: Optional[str] = None) -> Optional["TextFile"]:
        """``data`` decoded as the readers decode it (``encoding`` overrides detection);
        ``None`` when some bytes cannot be decoded, since writing the text back would lose them."""
        text, codec, _ = decode_bytes(data, encoding)
        if "\ufffd" in text and "\ufffd" not in data.decode(codec, errors="ignore"):
            return None
        if text.startswith("\ufeff"):  # a BOM the codec did not take: keep it through the codec
            text = text[1:]
            codec = "utf-8-sig" if codec == "utf-8" else codec
        m = LINE_END.search(text)
        return cls(text, codec, m.group() if m else "\n")

    def with_newlines(self, text: str) -> str:
        """``text`` (whose line ends are ``\\n``) with this file's line ends."""
        return text if self.newline == "\n" else text.replace("\n", self.newline)

    def encode(self, text: str) -> bytes:
        """``text`` in this file's encoding (with its byte-order mark, when the codec writes one).

        Raises :class:`UnicodeEncodeError` when the encoding cannot write a character of ``text``.
        """
        return text.encode(self.codec)
