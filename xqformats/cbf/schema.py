"""Validation against ``schemas/cbf.xsd``: lxml's fast gate, xmlschema's reasons.

Two validators, one schema (the reference, loaded from the installed package
through :func:`xqformats.resources.schema_path`):

* **lxml** (``etree.XMLSchema``, libxml2) checks every document.  It is about
  40 times faster than xmlschema here (``benchmarks/bench_cbf.py``), and a valid
  document needs nothing more.
* **xmlschema** (``XMLSchema(..., defuse="always", allow="sandbox")``) runs only
  on documents lxml rejects.  Its errors are structured: the child that broke a
  content model (``index``), what was expected, the failing facet and the type
  that owns it.  From these the reader builds messages in the project's voice,
  points at the offending element (xmlschema reports content errors on the
  parent, libxml2 with column 0) or attribute value, adds the element's path,
  and quotes the schema's own hint for the type (``xs:appinfo`` "expected …").
  Should xmlschema fail (one of its own exceptions, ``XMLSchemaException``)
  or find nothing wrong, lxml's log is used instead.

Codes: C201 content (children, text, root), C202 attributes (missing,
unknown), C203 values (facets, datatypes).  Each violation is about an
``(element, attribute)``; :func:`validate` skips those the reader already gave
a more precise semantic diagnostic (C301–C304) for.
"""

from __future__ import annotations

import re
import threading
from itertools import islice
from typing import TYPE_CHECKING, AbstractSet, Iterator, NamedTuple, Optional

from lxml import etree

from ..diagnostics import DiagnosticSink, Rule, Span
from ..resources import schema_path
from .locate import Locator, report
from .rules import SCHEMA_ATTRIBUTE, SCHEMA_CONTENT, SCHEMA_VALUE

if TYPE_CHECKING:
    import xmlschema
    from xmlschema.validators.exceptions import XMLSchemaValidationError

_LOCK = threading.Lock()
_LXML: Optional[etree.XMLSchema] = None
_XMLSCHEMA: Optional["xmlschema.XMLSchema"] = None

#: What a violation is about: an element and, for C202/C203, one of its attributes.
Subject = tuple[Optional[etree._Element], Optional[str]]


def lxml_schema() -> etree.XMLSchema:
    """The compiled schema for libxml2 (loaded once, with the hardened parser)."""
    global _LXML
    if _LXML is None:
        with _LOCK:
            if _LXML is None:
                from .safexml import make_parser

                path = schema_path("cbf.xsd")
                doc = etree.parse(str(path), make_parser())
                _LXML = etree.XMLSchema(doc)
    return _LXML


def xmlschema_schema() -> "xmlschema.XMLSchema":
    """The schema for xmlschema, confined to the schema's folder (loaded once)."""
    global _XMLSCHEMA
    if _XMLSCHEMA is None:
        with _LOCK:
            if _XMLSCHEMA is None:
                import xmlschema

                path = schema_path("cbf.xsd")
                _XMLSCHEMA = xmlschema.XMLSchema(
                    str(path), base_url=str(path.parent), defuse="always", allow="sandbox"
                )
    return _XMLSCHEMA


def is_valid(root: etree._Element) -> bool:
    """lxml's verdict alone (the fast path)."""
    return bool(lxml_schema().validate(root.getroottree()))


class _Violation(NamedTuple):
    """One schema violation, before it is reported."""

    rule: Rule
    message: str
    span: Optional[Span]
    line: Optional[int]  #: where to report when ``span`` is None (libxml2's line)
    element: Optional[etree._Element]
    attribute: Optional[str]


#: Schema violations reported per file; one more diagnostic says how many
#: were left out.  Keeps a hostile file's report (and its cost) linear.
MAX_SCHEMA_ERRORS = 100

#: A document with an element with more attributes or children than this is
#: not explained by xmlschema: each error about an element carries a repr of
#: its whole attribute map, and xmlschema builds an error for every bad child
#: at once, each counting the children (O(n) in lxml), so n unknown
#: attributes or children would cost O(n²).  CBF elements have at most three
#: attributes; a record of thousands of moves is still explained.
_MAX_EXPLAINED_ATTRIBUTES = 32
_MAX_EXPLAINED_CHILDREN = 5_000


def validate(
    root: etree._Element,
    locator: Locator,
    sink: DiagnosticSink,
    *,
    superseded: AbstractSet[Subject] = frozenset(),
    explain: bool = True,
) -> bool:
    """Report the schema violations of ``root``'s document to ``sink``; ``True`` if valid.

    A violation about an ``(element, attribute)`` in ``superseded`` is not
    reported (the reader gave a precise diagnostic about it).  ``explain``
    builds the messages from xmlschema's structured errors (the default); with
    ``explain=False``, when xmlschema fails, or when the document is too
    broken for it to be quick (more than :data:`MAX_SCHEMA_ERRORS` errors
    from libxml2, or an element with dozens of attributes), they are
    libxml2's own log entries.  At most :data:`MAX_SCHEMA_ERRORS` are
    reported, then one diagnostic (of the next violation's rule, at it)
    saying how many more there are.  O(size of the document).
    """
    schema = lxml_schema()
    tree = root.getroottree()
    log: Optional[etree._ListErrorLog] = None
    try:
        if schema.validate(tree):
            return True
        log = schema.error_log
    except etree.LxmlError:  # libxml2 gave up on this tree: let xmlschema judge
        pass
    found = len(log) if log is not None else 0
    explained: list[_Violation] = []
    if explain and found <= MAX_SCHEMA_ERRORS and _explainable(root):
        explained = _from_xmlschema(root, locator)
    if explained or log is None:
        _report_bounded(iter(explained), None, superseded, sink)
    else:
        _report_bounded(_from_lxml(log, tree, _Spans(locator)), found, superseded, sink)
    return False


def _explainable(root: etree._Element) -> bool:
    """No element has more attributes or children than xmlschema can explain quickly (O(n))."""
    attributes, children = _MAX_EXPLAINED_ATTRIBUTES, _MAX_EXPLAINED_CHILDREN
    return all(len(el.attrib) <= attributes and len(el) <= children for el in root.iter(etree.Element))


def _report_bounded(
    violations: Iterator[_Violation], total: Optional[int], superseded: AbstractSet[Subject], sink: DiagnosticSink
) -> None:
    """Report the first :data:`MAX_SCHEMA_ERRORS` violations not superseded, then a count of the rest.

    ``total`` is the number of violations in all when known (libxml2's log).
    """
    reported = seen = 0
    for v in violations:
        seen += 1
        if (v.element, v.attribute) in superseded:
            continue
        if reported == MAX_SCHEMA_ERRORS:
            more = f"{total - seen + 1} more schema errors" if total is not None else "More schema errors"
            message = f"{more} from here on are not reported (at most {MAX_SCHEMA_ERRORS} per file); fix the ones above first"
            report(sink, v.rule, message, v.span, v.line)
            return
        report(sink, v.rule, v.message, v.span, v.line)
        reported += 1


# ---------------------------------------------------------------- xmlschema

def _xmlschema_errors(tree: etree._ElementTree) -> list["XMLSchemaValidationError"]:
    """xmlschema's errors for ``tree``; empty when xmlschema itself fails on it."""
    from xmlschema import XMLSchemaException

    try:
        # Bounded: only the first MAX_SCHEMA_ERRORS (and one more, to know there are more) are reported.
        return list(islice(xmlschema_schema().iter_errors(tree), MAX_SCHEMA_ERRORS + 1))
    except XMLSchemaException:  # a limit or a tree it cannot handle: lxml's log is used
        return []


def _from_xmlschema(root: etree._Element, locator: Locator) -> list[_Violation]:
    from xmlschema.validators.exceptions import XMLSchemaChildrenValidationError

    tree = root.getroottree()
    out: list[_Violation] = []
    for err in _xmlschema_errors(tree):
        el = err.elem if isinstance(err.elem, etree._Element) else None
        if isinstance(err, XMLSchemaChildrenValidationError):
            out.append(_children_violation(err, el, tree, locator))
        else:
            out.append(_other_violation(err, el, tree, locator))
    return out


def _names(expected: object) -> str:
    """The expected elements' names, quoted and joined (empty when none has a name)."""
    names = [getattr(e, "name", None) for e in (expected or ())]  # type: ignore[attr-defined]
    return ", ".join(f"`{n}`" for n in names if n)


def _children_violation(err, parent, tree: etree._ElementTree, locator: Locator) -> _Violation:  # type: ignore[no-untyped-def]
    """A content-model error, pointed at the offending child (xmlschema reports the parent)."""
    child = None
    if parent is not None and err.invalid_tag is not None and err.index < len(parent):
        child = parent[err.index]
    parent_name = parent.tag if parent is not None else "?"
    if child is None:
        what = _names(err.expected) or "more elements"
        where = _xpath(tree, parent) if parent is not None else parent_name
        span = locator.start_tag(parent) if parent is not None else None
        return _Violation(SCHEMA_CONTENT, f"Missing {what} in `{where}`", span, _line(parent), parent, None)
    if getattr(err.particle, "name", None) == err.invalid_tag and err.occurs is not None:
        msg = f"Duplicate element `{child.tag}` at `{_xpath(tree, child)}`; `{parent_name}` may hold it once"
    else:
        msg = f"Unexpected element `{child.tag}` at `{_xpath(tree, child)}`"
        names = _names(err.expected)
        if names:
            msg += "; expected " + names
    return _Violation(SCHEMA_CONTENT, msg, locator.start_tag(child), _line(child), child, None)


_ATTR_VALUE = re.compile(r"attribute (\w+)=")
_MISSING_ATTR = re.compile(r"missing required attribute '(\w+)'")
_UNKNOWN_ATTR = re.compile(r"'(\w+)' attribute not allowed")


def _other_violation(err, el, tree: etree._ElementTree, locator: Locator) -> _Violation:  # type: ignore[no-untyped-def]
    """An attribute, text or value error, told apart by xmlschema's ``reason``."""
    reason = err.reason or ""
    where = _xpath(tree, el) if el is not None else "?"
    tag = el.tag if el is not None else "?"
    start_tag = locator.start_tag(el) if el is not None else None
    m = _MISSING_ATTR.search(reason) or _UNKNOWN_ATTR.search(reason)
    if m:
        kind = "Missing" if m.re is _MISSING_ATTR else "Unknown"
        msg = f"{kind} attribute `{m.group(1)}` on `{tag}` at `{where}`"
        return _Violation(SCHEMA_ATTRIBUTE, msg, start_tag, _line(el), el, m.group(1))
    if "not an element of the schema" in reason:
        msg = f"Root element is `{tag}`; expected `ChineseChessRecord`"
        return _Violation(SCHEMA_CONTENT, msg, start_tag, _line(el), el, None)
    if "character data" in reason:
        msg = f"Text is not allowed directly inside `{tag}` at `{where}`"
        return _Violation(SCHEMA_CONTENT, msg, locator.content(el) if el is not None else None, _line(el), el, None)
    if "can't have child elements" in reason:
        msg = f"`{tag}` at `{where}` holds elements; expected text only (a comment)"
        return _Violation(SCHEMA_CONTENT, msg, start_tag, _line(el), el, None)
    return _value_violation(err, el, tree, locator, tag, where)


def _value_violation(err, el, tree, locator: Locator, tag: str, where: str) -> _Violation:  # type: ignore[no-untyped-def]
    """A value of an attribute (reason starts "attribute name=…") or of the text fails its type."""
    reason = err.reason or ""
    m = _ATTR_VALUE.match(reason)
    attribute = m.group(1) if m else None
    if el is not None:
        value = (el.get(attribute) if attribute else el.text) or ""
    else:
        value = err.obj if isinstance(err.obj, str) else ""
    if attribute:
        msg = f"Invalid `{attribute}` `{value}` on `{tag}` at `{where}`"
        span = locator.attribute_value(el, attribute) if el is not None else None
    else:
        msg = f"Invalid `{tag}` value `{value}` at `{where}`"
        span = locator.content(el) if el is not None else None
    hint = _expected(tree, el, attribute, err.validator)
    msg += f"; expected {hint}" if hint else f"; {reason}"
    return _Violation(SCHEMA_VALUE, msg, span, _line(el), el, attribute)


def _appinfo(xsd_type: object) -> str:
    ann = getattr(xsd_type, "annotation", None)
    for info in getattr(ann, "appinfo", None) or ():
        text = "".join(info.itertext()).strip()
        if text.startswith("expected "):
            return text[len("expected ") :]
    return ""


def _declared_type(tree: etree._ElementTree, el: etree._Element, attribute: Optional[str]) -> object:
    """The schema type of ``el`` (or of its ``attribute``); ``None`` when the schema declares none."""
    if not isinstance(el.tag, str) or el.prefix is not None or "{" in el.tag:
        return None  # CBF has no namespaces: nothing to look up
    decl = xmlschema_schema().find(re.sub(r"\[\d+\]", "", _xpath(tree, el)))
    xsd_type = getattr(decl, "type", None)
    if attribute is not None and xsd_type is not None:
        attr = getattr(xsd_type, "attributes", {}).get(attribute)
        xsd_type = getattr(attr, "type", None)
    return xsd_type


def _expected(tree: etree._ElementTree, el: Optional[etree._Element], attribute: Optional[str], validator: object) -> str:
    """The schema's hint (``xs:appinfo`` "expected …") for the failing value's type.

    Found through the element's declaration (the path without indices) because
    a built-in validator (e.g. of ``xs:positiveInteger``) does not know the
    type that restricts it; failing that, the facet's enumeration.
    """
    hint = _appinfo(_declared_type(tree, el, attribute)) if el is not None else ""
    if hint:
        return hint
    enum = getattr(validator, "enumeration", None)
    if enum:
        return "one of " + ", ".join(f"`{v}`" for v in enum)
    return ""


def _line(el: Optional[etree._Element]) -> Optional[int]:
    return el.sourceline if el is not None else None


def _xpath(tree: etree._ElementTree, el: etree._Element) -> str:
    """``el``'s path (``/ChineseChessRecord/MoveList/Move[3]``), as lxml's ``getpath`` gives it.

    libxml2 writes that path into a buffer of bounded size and cuts what does
    not fit, in the middle of a character if need be; lxml then fails to
    decode it (``UnicodeDecodeError``: an element with a name of a few hundred
    Chinese characters, found by the fuzzing harness).  The path is then made
    from the names here, uncut.
    """
    try:
        return str(tree.getpath(el))
    except UnicodeDecodeError:
        return _names_path(el)


def _names_path(el: etree._Element) -> str:
    """``el``'s path from its ancestors' names, with the position among same-named siblings as getpath writes it."""
    steps: list[str] = []
    node: Optional[etree._Element] = el
    while node is not None:
        parent = node.getparent()
        same = [s for s in parent if s.tag == node.tag] if parent is not None else [node]
        steps.append(str(node.tag) if len(same) == 1 else f"{node.tag}[{same.index(node) + 1}]")
        node = parent
    return "/" + "/".join(reversed(steps))


# ---------------------------------------------------------------- lxml fallback

_LXML_ATTR = re.compile(r"^Element '[^']+', attribute '([^']+)'")
_CONTENT_TYPES = ("SCHEMAV_ELEMENT_CONTENT", "SCHEMAV_CVC_ELT_1", "SCHEMAV_CVC_COMPLEX_TYPE_2")
# CVC_TYPE_3_1_1: an attribute on an element of simple type (none is allowed).
_ATTRIBUTE_TYPES = ("SCHEMAV_CVC_COMPLEX_TYPE_4", "SCHEMAV_CVC_COMPLEX_TYPE_3", "SCHEMAV_CVC_TYPE_3_1_1")


def _lxml_rule(type_name: str) -> Rule:
    if type_name.startswith(_ATTRIBUTE_TYPES):
        return SCHEMA_ATTRIBUTE
    if type_name.startswith(_CONTENT_TYPES):
        return SCHEMA_CONTENT
    return SCHEMA_VALUE


class _Spans:
    """A :class:`Locator`'s spans, each found once: libxml2 may log thousands of errors about one long tag."""

    __slots__ = ("locator", "memo")

    def __init__(self, locator: Locator) -> None:
        self.locator = locator
        self.memo: dict[tuple[etree._Element, Optional[str]], Optional[Span]] = {}

    def start_tag(self, el: etree._Element) -> Optional[Span]:
        key = (el, None)
        if key not in self.memo:
            self.memo[key] = self.locator.start_tag(el)
        return self.memo[key]

    def attribute_value(self, el: etree._Element, name: str) -> Optional[Span]:
        key = (el, name)
        if key not in self.memo:
            self.memo[key] = self.locator.attribute_value(el, name)
        return self.memo[key]


def _from_lxml(log: etree._ListErrorLog, tree: etree._ElementTree, locator: _Spans) -> Iterator[_Violation]:
    """libxml2's log entries as violations, lazily (only those reported cost anything)."""
    for entry in log:
        el = _element_at(tree, entry.path)
        m = _LXML_ATTR.match(entry.message)
        attribute = m.group(1) if m else None
        rule = _lxml_rule(entry.type_name)
        msg = entry.message.strip().rstrip(".") + f" (at `{entry.path}`)"
        if el is None:
            yield _Violation(rule, msg, None, entry.line or None, None, attribute)
            continue
        span = locator.attribute_value(el, attribute) if attribute and rule is SCHEMA_VALUE else locator.start_tag(el)
        yield _Violation(rule, msg, span, el.sourceline, el, attribute)


def _element_at(tree: etree._ElementTree, path: Optional[str]) -> Optional[etree._Element]:
    """The element a libxml2 log entry's ``path`` names, if it is one."""
    if not path:
        return None
    try:
        found = tree.xpath(path)
    except etree.XPathError:  # pragma: no cover - libxml2 writes paths lxml can evaluate
        return None
    if isinstance(found, list) and found and isinstance(found[0], etree._Element):
        return found[0]
    return None
