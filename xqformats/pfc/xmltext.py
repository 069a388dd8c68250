"""PFC's bytes -> text -> lxml tree, never trusting the input (docs/spec/pfc.md §2).

Decoding follows XML (a byte order mark, else the declaration's
``encoding``, else UTF-8), with the encodings CBF takes
(:data:`xqformats.cbf.safexml.SUPPORTED_ENCODINGS`: one table for the two XML
formats); the declaration is also looked for inside the ``<!--`` that may
wrap a PFC document (§2.3).  The decoded text (line ends normalised) is the
text every position refers to.

Parsing is lxml's hardened parser as CBF's (no entities expanded, no DTD, no
network), with one difference: a PFC tree nests one element per ply, so a
game of more than 255 plies is deeper than libxml2 reads by default;
``huge_tree`` raises that limit to 2,048 levels.  It also lifts libxml2's
guard against entity amplification, so a document that declares entities is
never parsed at all (N104): PFC has no use for them, and without a declared
entity nothing can be amplified.  The wrapper ``<!-- … -->`` and an XML
declaration inside it are blanked (replaced by spaces of the same length)
before parsing, so that libxml2's lines and columns are those of the file.
"""

from __future__ import annotations

import codecs
import re
from typing import NamedTuple, Optional

from lxml import etree

from ..cbf.safexml import SUPPORTED_ENCODINGS
from ..diagnostics import Diagnostic, DiagnosticSink, Span
from ..source import Source
from .rules import XML_BYTES, XML_DOCTYPE, XML_ENCODING, XML_SYNTAX

_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
#: The declared encoding, after white space and the wrapper's ``<!--`` if any (§2.2).
_DECLARED = re.compile(rb"\A\s{0,64}(?:<!--\s{0,64})?<\?xml[^>]{0,200}?encoding\s*=\s*[\"']([A-Za-z0-9._\-]{1,40})[\"']")
#: The head of a wrapped document: a declaration, the wrapper's ``<!--``, a declaration inside it (§2.3).
_WRAPPED = re.compile(r"\A\s*(?:<\?xml[^>]*>)?\s*(<!--)\s*(<\?xml[^>]*>)?\s*<n[\s/>]")
_START = Span.point(1, 1)

#: How many levels of elements libxml2 reads with ``huge_tree`` (deeper ones are cut: N101).
MAX_DEPTH = 2048


def make_parser(*, recover: bool = False) -> etree.XMLParser:
    """A new hardened parser that reads trees 2,048 levels deep (see the module docstring)."""
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=True,
        recover=recover,
        remove_blank_text=False,
        encoding="utf-8",
    )


def decode(source: Source, sink: DiagnosticSink) -> Source:
    """``source`` with its text decoded as its BOM or declaration says; ``text`` ``None`` when unsupported (N102).

    Invalid bytes are read as U+FFFD, reported once, at the first (N103).  A
    source that holds only text is taken as decoded.  O(len(data)).
    """
    if source.data is None:
        return source.decoded(_normalise(source.text or ""))
    data = source.data
    codec, body = None, data
    for bom, name in _BOMS:
        if data.startswith(bom):
            codec, body = name, data[len(bom):]
            break
    m = _DECLARED.match(body) if codec in (None, "utf-8") else None
    if codec is None:
        codec = "utf-8"
        if m is not None:
            written = m.group(1).decode("ascii")
            found = SUPPORTED_ENCODINGS.get(written.lower())
            if found is None:
                sink.report(XML_ENCODING, f"Unsupported encoding `{written}`; expected UTF-8, GBK, GB2312 or GB18030", _START)
                return Source(source.name, data, None)
            codec = "gbk" if found == "gb2312" else found  # GB2312 files hold GBK characters in practice
    elif m is not None and SUPPORTED_ENCODINGS.get(m.group(1).decode("ascii").lower()) not in ("utf-8", None):
        sink.report(XML_BYTES, f"The byte order mark says UTF-8 but the declaration says `{m.group(1).decode('ascii')}`; read as UTF-8", _START)
    try:
        return source.decoded(_normalise(body.decode(codec)))
    except UnicodeDecodeError as exc:
        decoded = source.decoded(_normalise(body.decode(codec, "replace")))
        at = len(_normalise(body[: exc.start].decode(codec, "replace")))
        bad = body[exc.start : exc.end].hex(" ")
        sink.report(XML_BYTES, f"Byte(s) `{bad}` are not valid {codec.upper()}; read as U+FFFD", decoded.span(at, at))
        return decoded


def _normalise(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def unwrapped(text: str) -> str:
    """``text`` with the wrapper ``<!--`` … ``-->`` of §2.3 (and a declaration inside it) blanked; else as it is.

    The last ``-->`` closes the wrapper (a comment may hold one).  Same length,
    same lines: positions in the result are positions in ``text``.
    """
    m = _WRAPPED.match(text)
    if m is None:
        return text
    close = text.rfind("-->")
    if close < m.end():
        return text
    cuts = [m.span(1), (close, close + 3)]
    if m.group(2) is not None:
        cuts.append(m.span(2))
    chars = list(text)
    for start, end in cuts:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


class Parsed(NamedTuple):
    """A parsed document: the tree (``None`` if nothing could be read) and whether it was well-formed."""

    root: Optional[etree._Element]
    well_formed: bool


def parse(source: Source, sink: DiagnosticSink) -> Parsed:
    """Parse the decoded text of ``source`` (unwrapped, §2.3); never raises on bad input.

    A DOCTYPE is reported (N104); one whose document declares entities stops
    the reading (no tree).  On a well-formedness error each libxml2 error is
    an N101 at its line and column, and what recovery mode salvages is read.
    """
    text = unwrapped(source.text or "")
    if not text.strip():
        sink.report(XML_SYNTAX, "Empty document; expected `<n …>`", _START)
        return Parsed(None, False)
    doctype = text.find("<!DOCTYPE")
    if doctype >= 0:
        declares = "<!ENTITY" in text
        what = "declares entities; the document is not read" if declares else "PFC has none and it is ignored"
        sink.report_at(XML_DOCTYPE, f"Document type declaration `<!DOCTYPE …>`: {what}", doctype, doctype + 9)
        if declares:
            return Parsed(None, False)
    data = text.encode("utf-8", "surrogatepass")
    parser = make_parser()
    try:
        return Parsed(etree.fromstring(data, parser), True)  # (a strict parse keeps no unreadable value)
    except etree.XMLSyntaxError:
        _report_syntax(parser.error_log, sink)
    try:
        root = etree.fromstring(data, make_parser(recover=True))
    except etree.XMLSyntaxError:
        return Parsed(None, False)
    return Parsed(_readable(root) if root is not None else None, False)


def _report_syntax(log: etree._ListErrorLog, sink: DiagnosticSink) -> None:
    """One N101 per distinct libxml2 error, at its line and column (0: unknown)."""
    seen = set()
    for entry in log:
        key = (entry.line, entry.column, entry.message)
        if key in seen:
            continue
        seen.add(key)
        line = entry.line if entry.line and entry.line > 0 else None
        column = entry.column if entry.column and entry.column > 0 else None
        message = entry.message.strip().rstrip(".") or "Malformed XML"
        message = message[:1].upper() + message[1:]
        if message.startswith("Excessive depth"):  # libxml2's words name its own option
            message = "The tree nests deeper than 2,048 levels (one a ply, docs/spec/pfc.md §2.1); what lies deeper is not read"
        sink.add(Diagnostic(XML_SYNTAX.code, XML_SYNTAX.severity, message, line, column, line, column))
    if not seen:  # pragma: no cover - libxml2 always logs
        sink.report(XML_SYNTAX, "Malformed XML")


#: What lxml cannot store in a tree (what recovery mode may keep from `&#xD800;` or `&#x1;`).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _readable(root: etree._Element) -> etree._Element:
    """Make every attribute value of ``root``'s tree readable (only recovered trees need it).

    Recovery mode keeps a reference to a surrogate as bytes that are no
    UTF-8: lxml raises on reading such a value.  Each is rewritten once with
    U+FFFD; an attribute lxml will not even name is dropped.  Only element
    attributes matter: the reader reads nothing else.  O(size of the tree).
    """
    for el in root.iter(etree.Element):
        try:
            names = list(el.keys())
        except ValueError:  # a name lxml will not look up: every attribute dropped
            el.attrib.clear()
            continue
        for name in names:
            try:
                value = el.get(name)
            except UnicodeDecodeError as exc:  # a surrogate's bytes: rewritten as U+FFFD below
                value = _NOT_XML.sub("\ufffd", exc.object.decode("utf-8", "replace"))
            else:
                if value is not None and _NOT_XML.search(value) is not None:
                    value = _NOT_XML.sub("\ufffd", value)
                elif value is not None:
                    continue
            try:
                el.set(name, value if value is not None else "")
            except ValueError:
                del el.attrib[name]
    return root
