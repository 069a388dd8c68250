"""The formats the front door knows, and how it tells which one a file holds.

A :class:`Registry` is an ordered list of :class:`~xqformats.formats.base.Format`
descriptors.  Order matters where formats overlap: detection tries them in
order, so a more specific format (one that shares an extension with another
but has a narrower sniff) is registered before the general one.

:meth:`Registry.detect` keeps the linter's long-standing rule: the extension
decides, unless the content clearly says otherwise (then the file is read as
what it holds and the extension's format is named as a mismatch); an input
that is not a file found by its name (standard input, bytes, a handle) and
has no extension is read as what its content looks like, or as the default
format when nothing matches.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator, NamedTuple, Optional

from . import cbf, cbr, ccm, che, chn, dhjhtmlxq, dhtmlxq, json, mxq, pasted, pfc, pgn, playok, shijia, wxfgame, xqf, xqr
from .base import Format


class Detection(NamedTuple):
    """How to read an input: ``format`` (``None``: no format fits) and ``mismatch``.

    ``mismatch`` is the format the input's extension names when its content
    is another format's (``format``); ``None`` when they agree.
    """

    format: Optional[Format]
    mismatch: Optional[Format] = None

    @property
    def confirmed(self) -> bool:
        """Whether the content positively is a record of :attr:`format`, so that a tool may rewrite it in place.

        So when the extension and the content agree (or no extension claims
        the input), or when the content carries the format's signature
        (:attr:`~.base.Format.signature`).  Not when the extension names
        another format and the content is recognised only by a weak sniff (a
        PGN ``{``, an XML ``<``): a ``package.json`` is no PGN record, and
        ``format`` and ``lint --fix`` leave it alone (issue 28, item 10).
        """
        return self.format is not None and (self.mismatch is None or self.format.signature)


def suffix_of(name: str) -> str:
    """``PurePath(name).suffix.lower()`` without making a path (a folder search asks for every file)."""
    base = os.path.basename(name)
    dot = base.rfind(".")
    return base[dot:].lower() if 0 < dot < len(base) - 1 else ""


class Registry:
    """An ordered set of formats, by name, by extension and by content.

    Adding a format: :meth:`register` (for good), or :meth:`registered` (for
    the length of a ``with`` block, e.g. in a test).  ``default`` names the
    format read when an unnamed input's content matches no sniff.
    """

    def __init__(self, formats: tuple[Format, ...] = (), *, default: Optional[str] = None) -> None:
        self._formats: list[Format] = []
        #: The formats claiming each extension, filled as names are asked about (a folder search
        #: asks for every file); emptied whenever the formats change.
        self._claims: dict[str, tuple[Format, ...]] = {}
        self.default = default
        for fmt in formats:
            self.register(fmt)

    # ------------------------------------------------------------ contents
    def register(self, fmt: Format, *, replace: bool = False) -> Format:
        """Add ``fmt`` at the end (or, with ``replace``, in place of the format of that name)."""
        self._claims.clear()
        for i, old in enumerate(self._formats):
            if old.name == fmt.name:
                if not replace:
                    raise ValueError(f"Format `{fmt.name}` is registered already")
                self._formats[i] = fmt
                return fmt
        self._formats.append(fmt)
        return fmt

    @contextmanager
    def registered(self, *formats: Format) -> Iterator["Registry"]:
        """Add (or replace, by name) ``formats`` for the ``with`` block; restore the registry after it."""
        saved = list(self._formats)
        try:
            for fmt in formats:
                self.register(fmt, replace=True)
            yield self
        finally:
            self._formats[:] = saved
            self._claims.clear()

    def copy(self) -> "Registry":
        """A registry with the same formats, to change without touching this one."""
        return Registry(tuple(self._formats), default=self.default)

    def get(self, name: str) -> Format:
        """The format called ``name``; :class:`KeyError` naming the known ones if there is none."""
        for fmt in self._formats:
            if fmt.name == name:
                return fmt
        raise KeyError(f"Unknown format `{name}`; expected one of {', '.join(self.names())}")

    def __iter__(self) -> Iterator[Format]:
        return iter(tuple(self._formats))

    def __len__(self) -> int:
        return len(self._formats)

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self._formats)

    def writable(self) -> tuple[str, ...]:
        """Names of the formats that can be written, in order."""
        return tuple(f.name for f in self._formats if f.writer is not None)

    def extensions(self) -> tuple[str, ...]:
        """Every known extension (lower case, with the dot), in registration order, once each."""
        return tuple(dict.fromkeys(ext for f in self._formats for ext in f.extensions))

    def knows_extension(self, name: str) -> bool:
        """Whether a file called ``name`` has a known extension (in any letter case)."""
        return bool(self._claimed(suffix_of(name)))

    def sniffed_in_folders(self, name: str) -> tuple[Format, ...]:
        """The formats a folder search must recognise a file called ``name`` as, by its content; ``()``: none.

        When every format claiming the extension is :attr:`~.base.Format.folder_sniff`
        (``.json``, which most files having it do not hold a record in), a
        folder search takes the file only when one of them sniffs its first bytes.
        """
        claimed = self._claimed(suffix_of(name))
        return claimed if claimed and all(f.folder_sniff for f in claimed) else ()

    def _claimed(self, suffix: str) -> tuple[Format, ...]:
        """The formats whose extensions include ``suffix`` (lower case, with the dot), in order."""
        claimed = self._claims.get(suffix)
        if claimed is None:
            claimed = self._claims[suffix] = tuple(f for f in self._formats if suffix and suffix in f.extensions)
        return claimed

    # ------------------------------------------------------------ detection
    def sniff(self, head: bytes) -> Optional[Format]:
        """The first format whose sniff recognises ``head``, if any."""
        return next((f for f in self._formats if f.sniff(head)), None)

    def detect(self, name: Optional[str], head: bytes, *, stdin: bool = False) -> Detection:
        """How to read an input called ``name`` whose first bytes are ``head``.

        ``stdin`` marks an input that is not a file found by its name
        (standard input, bytes in memory, a handle): when ``name`` has no
        extension, its content decides, and the :attr:`default` format is
        used when no sniff recognises it.  Otherwise the extension (in any
        letter case) decides: among the formats claiming it, the first whose
        sniff recognises the content; else, when another format recognises
        it, that format with the extension's as ``mismatch``; else the first
        format claiming the extension.  An extension no format claims gives
        the format whose :attr:`~.base.Format.signature` the content carries,
        else ``Detection(None)`` (a weak sniff, such as PGN's ``[``, does not
        make a ``.txt`` file a record).  A format with no extensions (pasted
        text) is what unnamed inputs hold: it is never detected in a file
        found by its name, nor named as what such a file holds.
        """
        suffix = suffix_of(name) if name else ""
        if stdin and not suffix:
            found = self.sniff(head)
            if found is None and self.default is not None:
                found = self.get(self.default)
            return Detection(found)
        claimed = [f for f in self._formats if suffix and suffix in f.extensions]
        if not claimed:
            return Detection(next((f for f in self._formats if f.signature and f.sniff(head)), None))
        agreeing = next((f for f in claimed if f.sniff(head)), None)
        if agreeing is not None:
            return Detection(agreeing)
        other = next((f for f in self._formats if f.extensions and f.sniff(head)), None)
        if other is not None:
            return Detection(other, claimed[0])
        return Detection(claimed[0])


# ---------------------------------------------------------------- the formats registered

#: Every format xqformats knows, in detection order (a narrower format before
#: a broader one that shares its extension).  Adding a format: its descriptor
#: module, and one entry here.  Standard input that matches no sniff is PGN.
#: A format with no extensions (pasted text) is detected in unnamed inputs only.
REGISTRY = Registry(
    (
        dhtmlxq.FORMAT,
        dhjhtmlxq.FORMAT,
        # Before PGN, whose sniff takes any text starting with a digit (a ShiJia set-up does);
        # an MXQ file, which holds ShiJia's markers between length bytes, is left to MXQ.
        shijia.FORMAT,
        # After ShiJia, whose set-up is integers too; before PGN, whose sniff takes any text
        # starting with a digit.
        che.FORMAT,
        # Before PGN: standard input holding moves without tags (or a FEN, or a
        # UCCI line) is pasted text; with tags, or matching no sniff, it is PGN.
        pasted.FORMAT,
        pgn.FORMAT,
        # Before CBF, whose sniff takes any XML: PFC's takes only an `<n>` root.
        pfc.FORMAT,
        cbf.FORMAT,
        xqf.FORMAT,
        xqr.FORMAT,
        cbr.CBR,
        cbr.CBL,
        mxq.FORMAT,
        ccm.FORMAT,
        chn.FORMAT,
        # Before the WXF game files, whose shape a PlayOK record shares (with ratings, EVENT).
        playok.FORMAT,
        wxfgame.FORMAT,
        json.FORMAT,
    ),
    default="pgn",
)

#: How many first bytes detection looks at.
HEAD_SIZE = 4096


def detect_format(name: Optional[str], head: bytes, *, stdin: bool = False, registry: Registry = REGISTRY) -> Detection:
    """How to read an input called ``name`` whose first bytes are ``head`` (see :meth:`Registry.detect`).

    ``stdin`` marks an input that is not a file found by its name (standard
    input, bytes, a handle): without an extension, its content decides.
    """
    return registry.detect(name, head, stdin=stdin)

