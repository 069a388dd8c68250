"""Validation against ``schemas/pfc.xsd``: lxml's fast gate, xmlschema's reasons (as for CBF).

lxml (libxml2) checks every document; a valid one needs nothing more.  A
document lxml rejects is explained by xmlschema, whose errors name the element
(located in the text by :class:`~xqformats.cbf.locate.Locator`) and the
attribute; the messages are ours, with the schema's own hint
(``xs:appinfo`` "expected …").  xmlschema walks the tree recursively, so a
tree deeper than :data:`MAX_EXPLAINED_DEPTH` (a long game: one level a ply)
is reported from libxml2's log instead, at the lines it gives.

Codes: N106 content (elements, text, the required ``m``), N107 attributes and
values.  The reader reports what it explains better itself, and says so in
``superseded``: the root element (N105) and every move's ``m`` value (N108).
"""

from __future__ import annotations

import re
import threading
from itertools import islice
from typing import TYPE_CHECKING, AbstractSet, Iterator, NamedTuple, Optional

from lxml import etree

from ..cbf.locate import Locator, report
from ..diagnostics import DiagnosticSink, Rule, Span
from ..resources import schema_path
from .rules import SCHEMA_ATTRIBUTE, SCHEMA_CONTENT

if TYPE_CHECKING:
    import xmlschema

_LOCK = threading.Lock()
_LXML: Optional[etree.XMLSchema] = None
_XMLSCHEMA: Optional["xmlschema.XMLSchema"] = None

#: What a violation is about: an element and one of its attributes (``None``: the element itself).
Subject = tuple[Optional[etree._Element], Optional[str]]

#: Violations reported per file; one more diagnostic says how many were left out.
MAX_SCHEMA_ERRORS = 100
#: The deepest tree xmlschema explains (its walk recurses: about four Python frames a level).
MAX_EXPLAINED_DEPTH = 200


def lxml_schema() -> etree.XMLSchema:
    """The compiled schema for libxml2 (loaded once)."""
    global _LXML
    if _LXML is None:
        with _LOCK:
            if _LXML is None:
                from ..cbf.safexml import make_parser

                _LXML = etree.XMLSchema(etree.parse(str(schema_path("pfc.xsd")), make_parser()))
    return _LXML


def xmlschema_schema() -> "xmlschema.XMLSchema":
    """The schema for xmlschema, confined to the schema's folder (loaded once)."""
    global _XMLSCHEMA
    if _XMLSCHEMA is None:
        with _LOCK:
            if _XMLSCHEMA is None:
                import xmlschema

                path = schema_path("pfc.xsd")
                _XMLSCHEMA = xmlschema.XMLSchema(str(path), base_url=str(path.parent), defuse="always", allow="sandbox")
    return _XMLSCHEMA


class _Violation(NamedTuple):
    rule: Rule
    message: str
    span: Optional[Span]
    line: Optional[int]
    subject: Subject


def validate(root: etree._Element, locator: Locator, sink: DiagnosticSink, *, superseded: AbstractSet[Subject] = frozenset()) -> bool:
    """Report the schema violations of ``root``'s document to ``sink``; ``True`` if valid.

    A violation about a subject in ``superseded`` is not reported; an
    ``(element, None)`` there covers every violation about the element.  At
    most :data:`MAX_SCHEMA_ERRORS` are reported, then one saying how many more
    there are.  O(size of the document).
    """
    schema = lxml_schema()
    if schema.validate(root.getroottree()):
        return True
    log = schema.error_log
    if len(log) <= MAX_SCHEMA_ERRORS and _explainable(root):
        violations: Iterator[_Violation] = iter(_from_xmlschema(root, locator))
    else:
        violations = _from_lxml(log, root)
    reported = 0
    for v in violations:
        element, attribute = v.subject
        if v.subject in superseded or (element, None) in superseded:
            continue
        if reported == MAX_SCHEMA_ERRORS:
            report(sink, v.rule, f"More schema errors from here on are not reported (at most {MAX_SCHEMA_ERRORS} per file)", v.span, v.line)
            break
        report(sink, v.rule, v.message, v.span, v.line)
        reported += 1
    return False


#: An element with more children than this is not explained by xmlschema, which counts the
#: children (O(n) in lxml) for each error about one of them: O(n²) for n bad children.
MAX_EXPLAINED_CHILDREN = 5_000


def _explainable(root: etree._Element) -> bool:
    """Whether xmlschema explains ``root``'s tree quickly: not too deep, no element with too many children; O(elements)."""
    depth = 0
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if event == "end":
            depth -= 1
            continue
        depth += 1
        if depth > MAX_EXPLAINED_DEPTH or len(el) > MAX_EXPLAINED_CHILDREN:
            return False
    return True


# ---------------------------------------------------------------- xmlschema

_MISSING = re.compile(r"missing required attribute '([^']+)'")
_UNKNOWN = re.compile(r"'([^']+)' attribute not allowed")
_VALUE = re.compile(r"attribute ([^=\s]+)=")


def _from_xmlschema(root: etree._Element, locator: Locator) -> list[_Violation]:
    from xmlschema import XMLSchemaException
    from xmlschema.validators.exceptions import XMLSchemaChildrenValidationError

    try:
        errors = list(islice(xmlschema_schema().iter_errors(root.getroottree()), MAX_SCHEMA_ERRORS + 1))
    except XMLSchemaException:  # a tree it cannot handle: libxml2's log instead
        return list(_from_lxml(lxml_schema().error_log, root))
    out = []
    for err in errors:
        el = err.elem if isinstance(err.elem, etree._Element) else None
        if isinstance(err, XMLSchemaChildrenValidationError) and el is not None and err.index < len(el):
            child = el[err.index]
            tag = child.tag if isinstance(child.tag, str) else "?"
            message = f"Unexpected element `{tag}` at `{_path(child)}`; a PFC tree holds only `n` elements"
            out.append(_Violation(SCHEMA_CONTENT, message, locator.start_tag(child), child.sourceline, (child, None)))
        elif el is not None:
            out.append(_other(err.reason or "", el, err, locator))
    return out


def _other(reason: str, el: etree._Element, err: object, locator: Locator) -> _Violation:
    """An attribute, text or value error, told apart by xmlschema's ``reason``."""
    where = _path(el)
    start = locator.start_tag(el)
    m = _MISSING.search(reason)
    if m:
        message = f"Missing attribute `{m.group(1)}` on `n` at `{where}`"
        return _Violation(SCHEMA_CONTENT, message, start, el.sourceline, (el, m.group(1)))
    m = _UNKNOWN.search(reason)
    if m:
        message = f"Unknown attribute `{m.group(1)}` on the move at `{where}`; not read (a move holds `m`, `c` and `default`)"
        return _Violation(SCHEMA_ATTRIBUTE, message, locator.attribute_value(el, m.group(1)), el.sourceline, (el, m.group(1)))
    if "character data" in reason:
        message = f"Text is not allowed inside `n` at `{where}`; not read"
        return _Violation(SCHEMA_CONTENT, message, start, el.sourceline, (el, "#text"))
    m = _VALUE.match(reason)
    attribute = m.group(1) if m else None
    if attribute is None:  # pragma: no cover - the schema has no other kind of error
        return _Violation(SCHEMA_CONTENT, f"`n` at `{where}`: {reason}", start, el.sourceline, (el, None))
    hint = _appinfo(getattr(err, "validator", None))
    message = f"Invalid `{attribute}` `{el.get(attribute)}` on `n` at `{where}`" + (f"; {hint}" if hint else f"; {reason}")
    return _Violation(SCHEMA_ATTRIBUTE, message, locator.attribute_value(el, attribute), el.sourceline, (el, attribute))


def _appinfo(validator: object) -> str:
    """The schema's hint for the type that failed (``xs:appinfo`` "expected …"); the type or the one it restricts."""
    for xsd_type in (validator, getattr(validator, "parent", None)):
        ann = getattr(xsd_type, "annotation", None)
        for info in getattr(ann, "appinfo", None) or ():
            text = "".join(info.itertext()).strip()
            if text.startswith("expected "):
                return text
    return ""


def _path(el: etree._Element) -> str:
    """Where ``el`` is, as a path of child numbers (``/n/n[2]``), short for a deep tree."""
    depth = sum(1 for _ in el.iterancestors())
    if depth > 6:
        return f"depth {depth + 1}"
    return str(el.getroottree().getpath(el))


# ---------------------------------------------------------------- libxml2's log

_ATTRIBUTE_TYPES = ("SCHEMAV_CVC_COMPLEX_TYPE_3", "SCHEMAV_CVC_COMPLEX_TYPE_4", "SCHEMAV_CVC_ENUMERATION", "SCHEMAV_CVC_PATTERN", "SCHEMAV_CVC_DATATYPE", "SCHEMAV_CVC_ATTRIBUTE")
_LXML_ATTRIBUTE = re.compile(r"^Element '[^']+', attribute '([^']+)'")


def _from_lxml(log: etree._ListErrorLog, root: etree._Element) -> Iterator[_Violation]:
    """libxml2's log entries as violations at their lines (its paths are cut short in deep trees)."""
    for entry in log:
        m = _LXML_ATTRIBUTE.match(entry.message)
        attribute = m.group(1) if m else None
        if attribute == "m" and "missing" not in entry.message:
            continue  # a move's value: the reader's N108 says it better
        rule = SCHEMA_ATTRIBUTE if entry.type_name.startswith(_ATTRIBUTE_TYPES) and attribute != "m" else SCHEMA_CONTENT
        message = entry.message.strip().rstrip(".")
        yield _Violation(rule, message, None, entry.line or None, (None, attribute))
