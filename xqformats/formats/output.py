"""Writing files back: atomically, and a text file in its own encoding and line ends.

Everything that writes a record file (``convert``, ``lint --fix``,
``format``) goes through :class:`AtomicFile` (:func:`atomic_write` for bytes
in memory), so a reader never sees half a file and a failed run leaves the
old file in place.  Tools that rewrite a text
file in place (``lint --fix``, ``format``) read it as a :class:`TextFile`, so
what they write back keeps the file's encoding, byte-order mark and line ends.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Optional

from ..diagnostics import LINE_END
from ..encoding import UNDECODABLE_BYTES, decode_bytes


class AtomicFile:
    """A file written under a temporary name in the folder of ``path``, put in place by :meth:`commit`.

    ``handle`` is the open temporary file, to write to as the content comes
    (a file of any size, in the memory of its parts).  :meth:`finish` ends
    the content (flushed, synced, closed: no file handle is held after it);
    :meth:`commit` finishes it and moves it to ``path`` (or another name in the same
    folder) with :func:`os.replace`, giving it the old file's permission bits
    when it replaces one, else the usual ``0o666`` less the umask
    (``mkstemp`` alone would give ``0o600``); :meth:`discard` removes it.
    Used with ``with``, a block that raises discards it, one that does not
    and did not commit discards it too: a reader never sees half a file, and
    a failed write leaves the old file, if any, untouched.  Raises
    :class:`OSError` when the folder cannot hold the temporary file.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        fd, self._tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        self.handle: IO[bytes] = os.fdopen(fd, "wb")
        self._done = False

    def finish(self) -> None:
        """End the content: flush it, sync it to disk and close the handle (the file is not in place yet)."""
        if self.handle.closed:
            return
        try:
            with self.handle:
                self.handle.flush()
                os.fsync(self.handle.fileno())
        except BaseException:
            self.discard()
            raise

    def commit(self, path: Optional[Path] = None) -> None:
        """Put the file in place at ``path`` (default: the path it was made for, same folder either way)."""
        target = self.path if path is None else path
        self.finish()
        try:
            try:
                mode = os.stat(target).st_mode & 0o7777
            except FileNotFoundError:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
            os.chmod(self._tmp, mode)
            os.replace(self._tmp, target)
        except BaseException:
            self.discard()
            raise
        self._done = True

    def discard(self) -> None:
        """Remove the temporary file (nothing is put in place)."""
        if self._done:
            return
        self._done = True
        self.handle.close()
        try:
            os.unlink(self._tmp)
        except OSError:
            pass

    def __enter__(self) -> "AtomicFile":
        return self

    def __exit__(self, *exc: object) -> None:
        # Not a safety net: whatever stopped the write (KeyboardInterrupt
        # included), the temporary file goes and the exception goes on.
        self.discard()


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through an :class:`AtomicFile`: whole, or not at all."""
    with AtomicFile(path) as out:
        out.handle.write(data)
        out.commit()


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
        text, codec, found = decode_bytes(data, encoding)
        if any(d.code == UNDECODABLE_BYTES.code for d in found):
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
