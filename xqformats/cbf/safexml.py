"""Hardened XML reading: bytes -> text -> lxml tree, never trusting the input.

One parser factory (:func:`make_parser`) with every dangerous feature off:
no entity expansion, no network, no DTD loading, libxml2's size limits kept
(docs/spec/cbf.md §2.2; the lxml FAQ on parsing untrusted XML).  A DOCTYPE or
an entity reference is reported (C102, C103), never acted on.

Encodings are read as declared (XML 1.0 §4.3.3, Appendix F): a byte order mark
first, then the ``encoding`` of the XML declaration, else UTF-8.  Only the
encodings CBF files use are accepted (UTF-8, UTF-16 with BOM, GBK, GB2312,
GB18030; docs/spec/cbf.md §2.3: the draft uses GBK, 象棋桥 UTF-8 with BOM); an
arbitrary Python codec name from the file is never looked up.  The bytes are
decoded here, in Python, and libxml2 parses the resulting text (re-encoded as
UTF-8 with the parser's encoding override), so the text used for line/column
positions is exactly the text libxml2 saw.  Line ends are normalised to ``\\n``
first (XML 1.0 §2.11), as libxml2 would.
"""

from __future__ import annotations

import codecs
import re
from typing import Callable, NamedTuple, Optional, Union

from lxml import etree

from ..diagnostics import Diagnostic, DiagnosticSink, SourceText, Span
from ..source import Source
from .rules import XML_DOCTYPE, XML_ENCODING, XML_ENCODING_LABEL, XML_ENTITY, XML_SYNTAX

#: Where problems with the encoding declaration are reported: the start of the file.
_START = Span.point(1, 1)


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


def decode(
    source: Union[Source, bytes],
    sink: Optional[DiagnosticSink] = None,
    *,
    path: Optional[str] = None,
) -> Source:
    """The input with its text decoded as its BOM or declaration says.

    ``source`` holds the bytes (a :class:`Source` with ``data``, or plain bytes
    named ``path``).  The result's ``text`` has no BOM and ``\n`` line ends;
    it is ``None`` when the declared encoding is unsupported (C102).  A source
    that holds only text is taken as decoded already (line ends normalised).
    Problems are reported to ``sink`` (dropped when there is none) at
    positions in the decoded text: invalid bytes once (C104, at the first one,
    read as U+FFFD), a declaration that contradicts the BOM or GB2312 that is
    really GBK (C105).  O(len(data)).
    """
    if not isinstance(source, Source):
        source = Source.from_bytes(source, path)
    if sink is None:
        sink = DiagnosticSink()
    if source.data is None:
        text = source.text or ""
        return source if "\r" not in text else source.decoded(_normalise(text))
    chosen = _codec(source.data, sink)
    if chosen is None:
        return Source(source.name, source.data, None)
    codec, body = chosen
    try:
        text = body.decode(codec)
    except UnicodeDecodeError as exc:
        return _decode_invalid(source, body, codec, exc, sink)
    return source.decoded(_normalise(text))


def _declared(body: bytes) -> Optional[str]:
    """The encoding name of the XML declaration, as written (``None`` if none)."""
    # Whitespace before the declaration is a C101 error, but the encoding it
    # names is still the best guess for the bytes.
    if body.lstrip()[:5] != b"<?xml":
        return None
    m = _DECLARATION.match(body, 0, 300)
    return m.group(1).decode("ascii") if m is not None else None


def _codec(data: bytes, sink: DiagnosticSink) -> Optional[tuple[str, bytes]]:
    """The codec to read ``data`` with and the bytes after the BOM; ``None`` if unsupported."""
    bom_codec = None
    body = data
    for bom, name in _BOMS:
        if data.startswith(bom):
            bom_codec, body = name, data[len(bom) :]
            break
    written = _declared(body) if bom_codec in (None, "utf-8") else None
    declared = written.lower() if written is not None else None
    if bom_codec is not None:
        if declared is not None and SUPPORTED_ENCODINGS.get(declared) not in ("utf-8", None):
            sink.report(
                XML_ENCODING_LABEL,
                f"The byte order mark says UTF-8 but the declaration says `{declared}`; read as UTF-8",
                _START,
            )
        return bom_codec, body
    if declared is None:
        return "utf-8", body
    codec = SUPPORTED_ENCODINGS.get(declared)
    if codec is None:
        sink.report(XML_ENCODING, f"Unsupported encoding `{written}`; expected UTF-8, GBK, GB2312 or GB18030", _START)
        return None
    return codec, body


def _decode_invalid(source: Source, body: bytes, codec: str, exc: UnicodeDecodeError, sink: DiagnosticSink) -> Source:
    """Decode ``body`` that ``codec`` rejects at ``exc``: GB2312 as GBK (C105), else with U+FFFD (C104)."""
    bad = body[exc.start : exc.end]
    if codec == "gb2312":
        try:
            text = body.decode("gbk")
        except UnicodeDecodeError:
            pass
        else:
            decoded = source.decoded(_normalise(text))
            at = len(_normalise(body[: exc.start].decode("gb2312", "replace")))
            sink.report(
                XML_ENCODING_LABEL,
                f"Declared GB2312 but byte(s) `{bad.hex(' ')}` are GBK only; read as GBK",
                decoded.span(at, at),
            )
            return decoded
    decoded = source.decoded(_normalise(body.decode(codec, "replace")))
    at = len(_normalise(body[: exc.start].decode(codec, "replace")))
    sink.report(
        XML_ENCODING,
        f"Byte(s) `{bad.hex(' ')}` are not valid {_label(codec)}; read as U+FFFD",
        decoded.span(at, at),
    )
    return decoded


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


def parse(source: Union[Source, str], sink: Optional[DiagnosticSink] = None) -> Parsed:
    """Parse the decoded text of ``source`` with the hardened parser; never raises on bad input.

    ``sink`` must have been made with ``source=`` the same decoded source when
    ``source`` is one (positions are offsets into its text); a plain ``str``
    stands for a whole document.  On a well-formedness error every libxml2
    error becomes a C101 diagnostic (line and column as libxml2 gives them:
    1-based characters) and the text is parsed again in recovery mode so that
    what precedes the error can still be read.  A DOCTYPE (C102) and each
    entity reference (C103), in content or in an attribute value, are
    reported; entity references are removed from the tree (their text is not
    expanded) and the DOCTYPE too (no attribute defaults of its internal
    subset apply).
    """
    if not isinstance(source, Source):
        source = Source.from_text(source)
    if sink is None:
        sink = DiagnosticSink(source=source)
    text = source.text or ""
    data = text.encode("utf-8", "surrogatepass")
    if not data.strip():
        sink.report_at(XML_SYNTAX, "Empty document; expected `<ChineseChessRecord>`", 0, 0)
        return Parsed(None, False)
    parser = make_parser()
    try:
        root: Optional[etree._Element] = etree.fromstring(data, parser)
        well_formed = True
    except etree.XMLSyntaxError:
        well_formed = False
        root = _recover(data)
        if root is not None:
            _make_readable(root)
        if not _report_cut_short(parser.error_log, text, root, sink):
            _report_syntax(parser.error_log, sink)
    if root is None:
        return Parsed(None, False)
    _report_doctype(root, text, sink)
    _report_entities(root, source, sink)
    _unexpand_attributes(root, source, sink)
    # Ignored, and dropped: libxml2 would otherwise still fill in attribute
    # defaults of an `<!ATTLIST …>` of the internal subset on `.get()`.
    root.getroottree().docinfo.clear()
    return Parsed(root, well_formed)


def _recover(data: bytes) -> Optional[etree._Element]:
    """What libxml2's recovery mode salvages of a malformed document."""
    try:
        return etree.fromstring(data, make_parser(recover=True))
    except etree.XMLSyntaxError:
        return None


#: What lxml cannot store back in a tree: lone surrogates (what libxml2 keeps
#: for ``&#xD800;``, as invalid UTF-8, in recovery mode) and the other code
#: points XML excludes (``&#x1;``, also kept by recovery, may share a value).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _make_readable(root: etree._Element) -> None:
    """Make every text, tail and attribute value of a recovered tree readable and storable.

    In recovery mode libxml2 keeps a character reference to a surrogate
    (``&#xD800;``, not an XML character; reported as C101 where libxml2 found
    it) as the surrogate's UTF-8 form, bytes that are no valid UTF-8: lxml
    then raises ``UnicodeDecodeError`` on ``.text``, ``.tail`` or ``.get()``.
    Raw surrogates in a source handed in as text end up the same way, and
    ``&#x1;`` is kept as U+0001, which lxml refuses to store back (as the
    removal of entity references must).  Each such value is rewritten once,
    here, with U+FFFD for each such character, so that no later stage meets
    an unreadable value.  O(size of the tree); only malformed documents get
    here (a strict parse rejects all of these).
    """
    for node in root.iter():
        text = _fixed(lambda: node.text)
        if text is not None:
            node.text = text
        tail = _fixed(lambda: node.tail)
        if tail is not None:
            node.tail = tail
        if isinstance(node.tag, str):  # an element: its attributes
            try:
                for name in node.keys():
                    value = _fixed(lambda: node.get(name))
                    if value is not None:
                        _store(node, name, value)
            except ValueError:  # a name lxml will not even look up (a namespace with U+FFFE): all dropped
                node.attrib.clear()


def _fixed(read: Callable[[], Optional[str]]) -> Optional[str]:
    """What ``read`` gives, made storable; ``None`` when it needs no change."""
    try:
        value = read()
    except UnicodeDecodeError as exc:
        return _salvage(exc.object)
    if value is not None and _NOT_XML.search(value) is not None:
        return _NOT_XML.sub("\ufffd", value)
    return None


def _salvage(raw: bytes) -> str:
    """``raw`` (UTF-8 that may encode surrogates) as text, each surrogate or non-XML character read as U+FFFD."""
    try:
        text = raw.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:  # other invalid bytes as well: one U+FFFD per bad byte
        text = raw.decode("utf-8", "replace")
    return _NOT_XML.sub("\ufffd", text)


def _report_syntax(log: etree._ListErrorLog, sink: DiagnosticSink) -> None:
    """One C101 per distinct libxml2 error, at the line and column libxml2 gives (0 is unknown)."""
    seen = set()
    for entry in log:
        key = (entry.line, entry.column, entry.message)
        if key in seen:
            continue
        seen.add(key)
        line = entry.line if entry.line and entry.line > 0 else None
        column = entry.column if entry.column and entry.column > 0 else None
        ref = _char_ref_before(sink.source, line, column) if _BAD_CHAR_REF.match(entry.message) else None
        if ref is not None:  # libxml2 points just past the reference: point at it
            sink.report_at(XML_SYNTAX, _sentence(entry.message), *ref)
            continue
        sink.add(Diagnostic(XML_SYNTAX.code, XML_SYNTAX.severity, _sentence(entry.message), line, column, line, column, deviation=XML_SYNTAX.deviation))
    if not seen:  # pragma: no cover - libxml2 always logs
        sink.report(XML_SYNTAX, "Malformed XML")


def _report_cut_short(log: etree._ListErrorLog, text: str, root: Optional[etree._Element], sink: DiagnosticSink) -> bool:
    """One C101 in our words when every libxml2 error is at the end of ``text`` (a file cut short),
    libxml2's own messages as its notes; ``False`` (nothing reported) otherwise.

    libxml2 says a cut in its terms, one to three messages at the cut
    (``Premature end of data in tag MoveList line 38``, ``Couldn't find end
    of Start Tag Move line 55``), which tell a user less than what happened.
    ``root`` is what recovery made of the document, for the tag that was to close it.
    """
    entries = list(log)
    lines = text.split("\n")
    end = (len(lines), len(lines[-1]) + 1)  # one past the last character, 1-based
    if not entries or any((e.line, e.column) < end for e in entries):
        return False
    closing = f"`</{root.tag}>`" if root is not None and isinstance(root.tag, str) else "its end"
    notes = tuple(
        Diagnostic(XML_SYNTAX.code, XML_SYNTAX.severity, f"libxml2: {_sentence(e.message)}", e.line, e.column, e.line, e.column)
        for e in entries
    )
    message = f"The XML ends before {closing}: the file looks cut short; what comes before the cut is read"
    line, column = end
    sink.add(Diagnostic(XML_SYNTAX.code, XML_SYNTAX.severity, message, line, column, line, column, deviation=XML_SYNTAX.deviation, related=notes))
    return True


def _char_ref_before(source: Optional[SourceText], line: Optional[int], column: Optional[int]) -> Optional[tuple[int, int]]:
    """Offsets of the character reference that ends just before ``line``:``column`` (1-based), if one does."""
    if source is None or source.text is None or line is None or column is None:
        return None
    start = source.line_index.line_start(line, -1)
    if start < 0:
        return None
    at = start + column - 1
    ref = source.text.rfind("&#", start, at)
    end = source.text.find(";", ref, at) if ref >= 0 else -1
    return (ref, end + 1) if end >= 0 else None


def _report_doctype(root: etree._Element, text: str, sink: DiagnosticSink) -> None:
    docinfo = root.getroottree().docinfo
    if not docinfo.doctype and docinfo.internalDTD is None:
        return
    message = "Document type declaration `<!DOCTYPE …>`; CBF has none and it is ignored"
    at = text.find("<!DOCTYPE")
    if at >= 0:
        sink.report_at(XML_DOCTYPE, message, at, at)
    else:
        sink.report(XML_DOCTYPE, message)


def _report_entities(root: etree._Element, source: Source, sink: DiagnosticSink) -> None:
    """C103 for each entity reference (at its name on its line), then drop it from the tree."""
    for ent in list(root.iter(etree.Entity)):
        name = ent.text or "&?;"
        at = _on_line(source, ent.sourceline, name)
        _drop(ent)
        if at is not None:
            message = f"Entity reference `{name}` is not expanded; write the text itself or a character reference"
            sink.report_at(XML_ENTITY, message, at, at + len(name))
        else:
            line = ent.sourceline
            sink.add(Diagnostic(XML_ENTITY.code, XML_ENTITY.severity, f"Entity reference `{name}` is not expanded", line, None, line, None, deviation=XML_ENTITY.deviation))


#: A general entity reference (``&name;``; not a character reference, ``&#…;``).
_ENTITY_REF = re.compile(r"&([^\s&;#<>\"']+);")
_PREDEFINED = frozenset({"lt", "gt", "amp", "apos", "quot"})


def _unexpand_attributes(root: etree._Element, source: Source, sink: DiagnosticSink) -> None:
    """C103 for each entity reference in an attribute value, whose value is read without it.

    ``resolve_entities=False`` keeps references in content as nodes, but
    libxml2 always expands the internal entities of an attribute value
    (``value="&a;"`` with ``<!ENTITY a "77-47">`` reads ``77-47``).  So when
    the internal subset declares entities, each start tag holding a reference
    is read again from the text with the references removed (the hardened
    parser, no DTD: character references and the predefined entities still
    read as XML says) and its attribute values replaced by that reading.  An
    element whose tag cannot be found in the text loses its attributes.
    Costs nothing when the document declares no entity.
    """
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is None or next(iter(dtd.iterentities()), None) is None:
        return
    from .locate import Locator

    locator = Locator(source)
    text = source.text or ""
    for el in root.iter(etree.Element):
        if len(el.attrib) == 0:
            continue
        start = locator.offset(el)
        span = locator.start_tag(el)
        if start is None or span is None:
            el.attrib.clear()
            line = el.sourceline
            message = f"Attributes of `{el.tag}` are not read: the document declares entities and the tag was not found"
            sink.add(Diagnostic(XML_ENTITY.code, XML_ENTITY.severity, message, line, None, line, None, deviation=XML_ENTITY.deviation))
            continue
        tag = text[start : start + (span.end - span.start)]
        refs = [m for m in _ENTITY_REF.finditer(tag) if m.group(1) not in _PREDEFINED]
        if refs:
            _reread_attributes(el, tag, refs)
            for m in refs:
                message = f"Entity reference `{m.group()}` in an attribute value is not expanded; write the text itself"
                sink.report_at(XML_ENTITY, message, start + m.start(), start + m.end())


def _reread_attributes(el: etree._Element, tag: str, refs: list["re.Match[str]"]) -> None:
    """Set ``el``'s attributes to those of its start tag ``tag`` read without ``refs``."""
    kept = []
    at = 0
    for m in refs:
        kept.append(tag[at : m.start()])
        at = m.end()
    kept.append(tag[at:])
    alone = "".join(kept)
    if not alone.endswith("/>"):
        alone = alone[:-1] + "/>"
    try:
        again: Optional[etree._Element] = etree.fromstring(alone.encode("utf-8", "surrogatepass"), make_parser(recover=True))
    except etree.XMLSyntaxError:
        again = None
    if again is not None:
        _make_readable(again)  # the tag may also hold `&#xD800;`
    for name in el.keys():
        _store(el, name, again.get(name) if again is not None else None)


def _store(el: etree._Element, name: str, value: Optional[str]) -> None:
    """Set attribute ``name`` of ``el`` to ``value``; remove it when ``value`` is ``None``.

    Also removed when lxml refuses the name: recovery mode can make names such
    as ``valuxmlns:p`` that lxml reads but will not write.
    """
    if value is not None:
        try:
            el.set(name, value)
            return
        except ValueError:
            pass
    del el.attrib[name]


def _on_line(source: Source, line: Optional[int], needle: str) -> Optional[int]:
    """Offset of the first ``needle`` on 1-based ``line`` of the text (rare path)."""
    text = source.text or ""
    if not line:
        return None
    index = source.line_index
    start = index.line_start(line, -1)
    if start < 0:
        return None
    stop = index.line_start(line + 1, len(text))
    i = text.find(needle, start, stop)
    return i if i >= 0 else None


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


#: libxml2's message for a character reference to a code point that is no XML character.
_BAD_CHAR_REF = re.compile(r"xmlParseCharRef: invalid xmlChar value (\d+)")


def _sentence(message: str) -> str:
    """libxml2's message in our voice: capitalised, no final period or newline."""
    message = message.strip().rstrip(".")
    m = _BAD_CHAR_REF.fullmatch(message)
    if m is not None:
        code = int(m.group(1))
        read = "; read as U+FFFD" if 0xD800 <= code <= 0xDFFF else ""  # see _make_readable
        return f"Character reference to U+{code:04X} is not an XML character{read}"
    return message[:1].upper() + message[1:] if message else "Malformed XML"
