"""Hardened XML reading: bytes -> text -> lxml tree, never trusting the input.

One parser factory (:func:`make_parser`) with every dangerous feature off:
no entity expansion, no network, no DTD loading, libxml2's size limits kept
(``STYLE.md`` § 5; lxml ``doc/FAQ.txt``).  A DOCTYPE or an entity reference is
reported (C102, C103), never acted on.

Encodings are read as declared (XML 1.0 §4.3.3, Appendix F): a byte order mark
first, then the ``encoding`` of the XML declaration, else UTF-8.  Only the
encodings CBF files use are accepted (UTF-8, UTF-16 with BOM, GBK, GB2312,
GB18030; ``cbf-draft-thread-000.txt`` uses GBK, 象棋桥 UTF-8 with BOM); an
arbitrary Python codec name from the file is never looked up.  The bytes are
decoded here, in Python, and libxml2 parses the resulting text (re-encoded as
UTF-8 with the parser's encoding override), so the text used for line/column
positions is exactly the text libxml2 saw.  Line ends are normalised to ``\\n``
first (XML 1.0 §2.11), as libxml2 would.
"""

from __future__ import annotations

import codecs
import re
from typing import NamedTuple, Optional

from lxml import etree

from ..diagnostics import Diagnostic, Span, line_col
from .rules import XML_DOCTYPE, XML_ENCODING, XML_ENCODING_LABEL, XML_ENTITY, XML_SYNTAX

__all__ = ["make_parser", "Decoded", "decode", "Parsed", "parse", "SUPPORTED_ENCODINGS"]


def make_parser(*, recover: bool = False) -> etree.XMLParser:
    """A new hardened parser (cheap: under a microsecond; one per parse).

    A fresh parser per document keeps error logs apart and is thread-safe.
    ``encoding="utf-8"`` because :func:`parse` always feeds UTF-8.
    """
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        recover=recover,
        remove_blank_text=False,
        encoding="utf-8",
    )


#: Declared name (lower case) -> Python codec.  GB2312 is checked strictly
#: first and read as GBK (its superset) with a C105 warning when it fails.
SUPPORTED_ENCODINGS: dict[str, str] = {
    "utf-8": "utf-8",
    "utf8": "utf-8",
    "utf-16": "utf-16",
    "utf-16le": "utf-16-le",
    "utf-16be": "utf-16-be",
    "gbk": "gbk",
    "cp936": "gbk",
    "x-gbk": "gbk",
    "gb2312": "gb2312",
    "gb_2312-80": "gb2312",
    "euc-cn": "gb2312",
    "gb18030": "gb18030",
    "us-ascii": "ascii",
    "ascii": "ascii",
}

_DECLARATION = re.compile(rb"\s{0,64}<\?xml[^>]{0,200}?encoding\s*=\s*[\"']([A-Za-z0-9._\-]{1,40})[\"']")
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class Decoded(NamedTuple):
    """The text of a document and how it was read."""

    text: Optional[str]  #: without BOM, line ends normalised to ``\n``; None if unsupported
    encoding: str  #: Python codec used
    diagnostics: list[Diagnostic]


def _point(text: str, offset: int) -> Span:
    ln, col = line_col(text, offset)
    return Span(offset, offset, ln, col, ln, col)


def decode(data: bytes, *, path: Optional[str] = None) -> Decoded:
    """Decode ``data`` as its BOM or declaration says (``text`` None if unsupported).

    Invalid bytes are reported once (C104, at the first one) and read as U+FFFD.
    """
    diags: list[Diagnostic] = []
    bom_codec = None
    body = data
    for bom, name in _BOMS:
        if data.startswith(bom):
            bom_codec, body = name, data[len(bom) :]
            break
    declared = None
    if bom_codec in (None, "utf-8"):
        # Whitespace before the declaration is a C101 error, but the encoding
        # it names is still the best guess for the bytes.
        m = _DECLARATION.match(body, 0, 300) if body.lstrip()[:5] == b"<?xml" else None
        if m is not None:
            declared = m.group(1).decode("ascii").lower()
    codec = bom_codec
    if codec is None:
        if declared is None:
            codec = "utf-8"
        else:
            codec = SUPPORTED_ENCODINGS.get(declared)
            if codec is None:
                diags.append(
                    Diagnostic.of(
                        XML_ENCODING,
                        f"Unsupported encoding `{m.group(1).decode('ascii')}`; expected UTF-8, GBK, GB2312 or GB18030",  # type: ignore[union-attr]
                        Span(0, 0, 1, 1, 1, 1),
                        path=path,
                    )
                )
                return Decoded(None, declared, diags)
    elif declared is not None and SUPPORTED_ENCODINGS.get(declared) not in ("utf-8", None):
        diags.append(
            Diagnostic.of(
                XML_ENCODING_LABEL,
                f"The byte order mark says UTF-8 but the declaration says `{declared}`; read as UTF-8",
                Span(0, 0, 1, 1, 1, 1),
                path=path,
            )
        )

    try:
        text = body.decode(codec)
    except UnicodeDecodeError as exc:
        if codec == "gb2312":
            try:
                text = body.decode("gbk")
            except UnicodeDecodeError:
                pass
            else:
                codec = "gbk"
                bad = body[exc.start : exc.end]
                prefix = body[: exc.start].decode("gb2312", "replace")
                diags.append(
                    Diagnostic.of(
                        XML_ENCODING_LABEL,
                        f"Declared GB2312 but byte(s) `{bad.hex(' ')}` are GBK only; read as GBK",
                        _point(_normalise(prefix), len(_normalise(prefix))),
                        path=path,
                    )
                )
                return Decoded(_normalise(text), codec, diags)
        bad = body[exc.start : exc.end]
        prefix = _normalise(body[: exc.start].decode(codec, "replace"))
        diags.append(
            Diagnostic.of(
                XML_ENCODING,
                f"Byte(s) `{bad.hex(' ')}` are not valid {_label(codec)}; read as U+FFFD",
                _point(prefix, len(prefix)),
                path=path,
            )
        )
        text = body.decode(codec, "replace")
    return Decoded(_normalise(text), codec, diags)


def _label(codec: str) -> str:
    return {"utf-8": "UTF-8", "gbk": "GBK", "gb2312": "GB2312", "gb18030": "GB18030"}.get(codec, codec.upper())


def _normalise(text: str) -> str:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


class Parsed(NamedTuple):
    """A parsed document: the tree (``None`` if nothing could be salvaged)."""

    root: Optional[etree._Element]
    well_formed: bool
    diagnostics: list[Diagnostic]


def parse(text: str, *, path: Optional[str] = None) -> Parsed:
    """Parse ``text`` with the hardened parser; never raises.

    On a well-formedness error every libxml2 error becomes a C101 diagnostic
    (line and column as libxml2 gives them: 1-based characters) and the text is
    parsed again in recovery mode so that what precedes the error can still be
    read.  A DOCTYPE (C102) and each entity reference (C103) are reported.
    """
    diags: list[Diagnostic] = []
    data = text.encode("utf-8", "surrogatepass")
    parser = make_parser()
    well_formed = True
    root: Optional[etree._Element]
    try:
        root = etree.fromstring(data, parser) if data.strip() else None
        if root is None:
            diags.append(Diagnostic.of(XML_SYNTAX, "Empty document; expected `<ChineseChessRecord>`", Span(0, 0, 1, 1, 1, 1), path=path))
            return Parsed(None, False, diags)
    except etree.XMLSyntaxError:
        well_formed = False
        seen = set()
        for entry in parser.error_log:
            key = (entry.line, entry.column, entry.message)
            if key in seen:
                continue
            seen.add(key)
            line = entry.line if entry.line and entry.line > 0 else None
            column = entry.column if entry.column and entry.column > 0 else None
            diags.append(
                Diagnostic(XML_SYNTAX.code, XML_SYNTAX.severity, _sentence(entry.message), line, column, line, column, path)
            )
        if not diags:  # pragma: no cover - libxml2 always logs
            diags.append(Diagnostic.of(XML_SYNTAX, "Malformed XML", None, path=path))
        try:
            root = etree.fromstring(data, make_parser(recover=True))
        except etree.XMLSyntaxError:
            root = None
    except (ValueError, MemoryError) as exc:  # e.g. lxml refusing odd input
        diags.append(Diagnostic.of(XML_SYNTAX, f"Cannot parse the document: {exc}", None, path=path))
        return Parsed(None, False, diags)
    if root is None:
        return Parsed(None, False, diags)

    tree = root.getroottree()
    docinfo = tree.docinfo
    if docinfo.doctype or docinfo.internalDTD is not None:
        at = text.find("<!DOCTYPE")
        span = _point(text, at) if at >= 0 else None
        diags.append(
            Diagnostic.of(XML_DOCTYPE, "Document type declaration `<!DOCTYPE …>`; CBF has none and it is ignored", span, path=path)
        )
    for ent in list(root.iter(etree.Entity)):
        name = ent.text or "&?;"
        span = _on_line(text, ent.sourceline, name)
        _drop(ent)
        diags.append(
            Diagnostic.of(
                XML_ENTITY,
                f"Entity reference `{name}` is not expanded; write the text itself or a character reference",
                span,
                path=path,
            )
            if span is not None
            else Diagnostic(XML_ENTITY.code, XML_ENTITY.severity, f"Entity reference `{name}` is not expanded", ent.sourceline, None, ent.sourceline, None, path)
        )
    return Parsed(root, well_formed, diags)


def _on_line(text: str, line: Optional[int], needle: str) -> Optional[Span]:
    """Span of the first ``needle`` on 1-based ``line`` of ``text`` (rare path)."""
    if not line:
        return None
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return None
    stop = text.find("\n", start)
    i = text.find(needle, start, stop if stop >= 0 else len(text))
    if i < 0:
        return None
    col = i - start + 1
    return Span(i, i + len(needle), line, col, line, col + len(needle))


def _drop(node: etree._Entity) -> None:
    """Remove an unexpanded entity reference, keeping the text after it.

    Reported as C103 already; removed so that validators and the reader see
    plain text (libxml2's schema validator fails internally on entity nodes).
    """
    parent = node.getparent()
    if parent is None:  # pragma: no cover - entities live inside elements
        return
    tail = node.tail or ""
    prev = node.getprevious()
    if prev is not None:
        prev.tail = (prev.tail or "") + tail
    else:
        parent.text = (parent.text or "") + tail
    parent.remove(node)


def _sentence(message: str) -> str:
    """libxml2's message in our voice: capitalised, no final period or newline."""
    message = message.strip().rstrip(".")
    return message[:1].upper() + message[1:] if message else "Malformed XML"
