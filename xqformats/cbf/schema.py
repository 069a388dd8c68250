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
  Should xmlschema fail or disagree, lxml's log is used instead.

Codes: C201 content (children, text, root), C202 attributes (missing,
unknown), C203 values (facets, datatypes).  Each diagnostic also carries the
``(element, attribute)`` it is about so that the reader can let a more precise
semantic diagnostic (C301–C304) supersede it.
"""

from __future__ import annotations

import re
import threading
from typing import NamedTuple, Optional

from lxml import etree

from ..diagnostics import Diagnostic, Rule
from ..resources import schema_path
from .locate import Locator
from .rules import SCHEMA_ATTRIBUTE, SCHEMA_CONTENT, SCHEMA_VALUE

__all__ = ["SchemaError", "lxml_schema", "xmlschema_schema", "is_valid", "validate"]

_LOCK = threading.Lock()
_LXML: Optional[etree.XMLSchema] = None
_XMLSCHEMA = None


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


def xmlschema_schema():  # type: ignore[no-untyped-def]
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
    return lxml_schema().validate(root.getroottree())


class SchemaError(NamedTuple):
    """A schema diagnostic and what it is about (for superseding)."""

    diagnostic: Diagnostic
    element: Optional[etree._Element]
    attribute: Optional[str]


def validate(root: etree._Element, locator: Locator, *, path: Optional[str] = None) -> list[SchemaError]:
    """Every schema violation of the document ``root`` belongs to (empty if valid)."""
    schema = lxml_schema()
    tree = root.getroottree()
    try:
        if schema.validate(tree):
            return []
    except etree.LxmlError:  # libxml2 gave up on this tree: let xmlschema judge
        pass
    try:
        errors = _from_xmlschema(root, locator, path)
    except Exception:  # xmlschema must never make the reader raise
        errors = []
    if not errors:
        errors = _from_lxml(schema.error_log, tree, locator, path)
    return errors


# ---------------------------------------------------------------- xmlschema

def _appinfo(xsd_type: object) -> str:
    ann = getattr(xsd_type, "annotation", None)
    for info in getattr(ann, "appinfo", None) or ():
        text = "".join(info.itertext()).strip()
        if text.startswith("expected "):
            return text[len("expected ") :]
    return ""


def _expected(tree: etree._ElementTree, el: Optional[etree._Element], attribute: Optional[str], validator: object) -> str:
    """The schema's hint (``xs:appinfo`` "expected …") for the failing value's type.

    Found through the element's declaration (the path without indices) because
    a built-in validator (e.g. of ``xs:positiveInteger``) does not know the
    type that restricts it; failing that, the facet's enumeration.
    """
    if el is not None:
        try:
            decl = xmlschema_schema().find(re.sub(r"\[\d+\]", "", tree.getpath(el)))
            xsd_type = getattr(decl, "type", None)
            if attribute is not None and xsd_type is not None:
                xsd_type = xsd_type.attributes[attribute].type
            hint = _appinfo(xsd_type)
            if hint:
                return hint
        except (KeyError, AttributeError, ValueError, TypeError):
            pass
    enum = getattr(validator, "enumeration", None)
    if enum:
        return "one of " + ", ".join(f"`{v}`" for v in enum)
    return ""


def _xpath(tree: etree._ElementTree, el: etree._Element) -> str:
    try:
        return tree.getpath(el)
    except (ValueError, TypeError):  # pragma: no cover
        return "?"


def _diag(rule: Rule, message: str, span, el, path) -> Diagnostic:  # type: ignore[no-untyped-def]
    if span is not None:
        return Diagnostic.of(rule, message, span, path=path)
    line = el.sourceline if el is not None else None
    return Diagnostic(rule.code, rule.severity, message, line, None, line, None, path)


_ATTR_VALUE = re.compile(r"attribute (\w+)=")
_MISSING_ATTR = re.compile(r"missing required attribute '(\w+)'")
_UNKNOWN_ATTR = re.compile(r"'(\w+)' attribute not allowed")


def _from_xmlschema(root: etree._Element, locator: Locator, path: Optional[str]) -> list[SchemaError]:
    from xmlschema.validators.exceptions import XMLSchemaChildrenValidationError

    tree = root.getroottree()
    out: list[SchemaError] = []
    for err in xmlschema_schema().iter_errors(tree):
        el = err.elem if isinstance(err.elem, etree._Element) else None
        reason = err.reason or ""
        if isinstance(err, XMLSchemaChildrenValidationError):
            parent = el
            child = None
            if parent is not None and err.invalid_tag is not None and err.index < len(parent):
                child = parent[err.index]
            parent_name = parent.tag if parent is not None else "?"
            if child is not None:
                particle = err.particle
                if getattr(particle, "name", None) == err.invalid_tag and err.occurs is not None:
                    msg = f"Duplicate element `{child.tag}` at `{_xpath(tree, child)}`; `{parent_name}` may hold it once"
                else:
                    msg = f"Unexpected element `{child.tag}` at `{_xpath(tree, child)}`"
                    names = [getattr(e, "name", None) for e in (err.expected or ())]
                    names = [n for n in names if n]
                    if names:
                        msg += "; expected " + ", ".join(f"`{n}`" for n in names)
                out.append(SchemaError(_diag(SCHEMA_CONTENT, msg, locator.start_tag(child), child, path), child, None))
            else:
                names = [getattr(e, "name", None) for e in (err.expected or ())]
                names = [n for n in names if n]
                what = ", ".join(f"`{n}`" for n in names) or "more elements"
                msg = f"Missing {what} in `{_xpath(tree, parent) if parent is not None else parent_name}`"
                span = locator.start_tag(parent) if parent is not None else None
                out.append(SchemaError(_diag(SCHEMA_CONTENT, msg, span, parent, path), parent, None))
            continue

        where = _xpath(tree, el) if el is not None else "?"
        tag = el.tag if el is not None else "?"
        m = _MISSING_ATTR.search(reason)
        if m:
            msg = f"Missing attribute `{m.group(1)}` on `{tag}` at `{where}`"
            span = locator.start_tag(el) if el is not None else None
            out.append(SchemaError(_diag(SCHEMA_ATTRIBUTE, msg, span, el, path), el, m.group(1)))
            continue
        m = _UNKNOWN_ATTR.search(reason)
        if m:
            msg = f"Unknown attribute `{m.group(1)}` on `{tag}` at `{where}`"
            span = locator.start_tag(el) if el is not None else None
            out.append(SchemaError(_diag(SCHEMA_ATTRIBUTE, msg, span, el, path), el, m.group(1)))
            continue
        if "not an element of the schema" in reason:
            msg = f"Root element is `{tag}`; expected `ChineseChessRecord`"
            out.append(SchemaError(_diag(SCHEMA_CONTENT, msg, locator.start_tag(el) if el is not None else None, el, path), el, None))
            continue
        if "character data" in reason:
            msg = f"Text is not allowed directly inside `{tag}` at `{where}`"
            out.append(SchemaError(_diag(SCHEMA_CONTENT, msg, locator.content(el) if el is not None else None, el, path), el, None))
            continue
        if "can't have child elements" in reason:
            msg = f"`{tag}` at `{where}` holds elements; expected text only (a comment)"
            out.append(SchemaError(_diag(SCHEMA_CONTENT, msg, locator.start_tag(el) if el is not None else None, el, path), el, None))
            continue
        # A value: of an attribute (reason starts "attribute name=…") or of the text.
        m = _ATTR_VALUE.match(reason)
        attribute = m.group(1) if m else None
        if el is not None:
            value = (el.get(attribute) if attribute else el.text) or ""
        else:
            value = err.obj if isinstance(err.obj, str) else ""
        hint = _expected(tree, el, attribute, err.validator)
        if attribute:
            msg = f"Invalid `{attribute}` `{value}` on `{tag}` at `{where}`"
            span = locator.attribute_value(el, attribute) if el is not None else None
        else:
            msg = f"Invalid `{tag}` value `{value}` at `{where}`"
            span = locator.content(el) if el is not None else None
        msg += f"; expected {hint}" if hint else f"; {reason}"
        out.append(SchemaError(_diag(SCHEMA_VALUE, msg, span, el, path), el, attribute))
    return out


# ---------------------------------------------------------------- lxml fallback

_LXML_ATTR = re.compile(r"^Element '[^']+', attribute '([^']+)'")
_CONTENT_TYPES = ("SCHEMAV_ELEMENT_CONTENT", "SCHEMAV_CVC_ELT_1", "SCHEMAV_CVC_COMPLEX_TYPE_2")
_ATTRIBUTE_TYPES = ("SCHEMAV_CVC_COMPLEX_TYPE_4", "SCHEMAV_CVC_COMPLEX_TYPE_3")


def _from_lxml(log, tree: etree._ElementTree, locator: Locator, path: Optional[str]) -> list[SchemaError]:  # type: ignore[no-untyped-def]
    out: list[SchemaError] = []
    for entry in log:
        el = None
        try:
            found = tree.xpath(entry.path) if entry.path else []
            el = found[0] if found and isinstance(found[0], etree._Element) else None
        except etree.XPathError:  # pragma: no cover
            el = None
        m = _LXML_ATTR.match(entry.message)
        attribute = m.group(1) if m else None
        tn = entry.type_name
        if tn.startswith(_ATTRIBUTE_TYPES):
            rule = SCHEMA_ATTRIBUTE
        elif tn.startswith(_CONTENT_TYPES):
            rule = SCHEMA_CONTENT
        else:
            rule = SCHEMA_VALUE
        msg = entry.message.strip().rstrip(".") + f" (at `{entry.path}`)"
        if el is not None:
            span = locator.attribute_value(el, attribute) if attribute and rule is SCHEMA_VALUE else locator.start_tag(el)
            diag = _diag(rule, msg, span, el, path)
        else:
            line = entry.line or None
            diag = Diagnostic(rule.code, rule.severity, msg, line, None, line, None, path)
        out.append(SchemaError(diag, el, attribute))
    return out
