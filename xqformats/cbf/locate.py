"""Where an element is in the source text: spans from lxml's line numbers.

libxml2 records only the line of each element (and schema errors carry column
0, "unknown").  :class:`Locator` finds the column itself: elements appear in the
text in document order, so one forward scan for ``<Tag`` from the previous
element's start finds each start tag; the scan is checked against the line
libxml2 gives and falls back to that line when text such as a comment holding
``<Move`` would mislead it.  Spans are those of :class:`xqformats.diagnostics.Span`:
0-based offsets, 1-based line and column, exclusive end; the
:class:`~xqformats.source.Source` of the document turns offsets into them
(one line index per document, shared with every stage that reports).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Callable, Optional

from lxml import etree

from ..diagnostics import Diagnostic, DiagnosticSink, Rule, Severity, Span
from ..source import Source

_NAME_END = frozenset(" \t\n/>")
#: Where a start tag may begin: ``<``, a name (no character of ``_NAME_END``, nor ``<``, which no
#: name holds), then one of ``_NAME_END`` or the end of the text.  Possessive, and a name stops at
#: the next ``<``: one pass over the text in all (O(n)), whatever it holds.
_START = re.compile(r"<([^ \t\n/><]*+)(?=[ \t\n/>]|\Z)")
# A start tag up to its ">": quoted attribute values may hold ">" (one C-level match).
# Possessive: the parts split one way only, and so the engine keeps no state
# per character (memory flat for a tag of 50,000 attributes).
_TAG = re.compile(r"""<(?:[^>"']++|"[^"]*"|'[^']*')*+>""")


#: One attribute of a start tag: blanks, its name, ``=`` (blanks around it allowed), its quoted value.
#: Possessive: one way to split a tag, read once from left to right.
_ATTRIBUTE = re.compile(r"""[ \t\n]++([^ \t\n=/>"']++)[ \t\n]*+=[ \t\n]*+(?:"([^"]*+)"|'([^']*+)')""")


#: How far back (in characters) an element not found after the cursor is looked for on its line.
_BACK = 4096


class Locator:
    """Spans of the elements of one parsed document.

    ``source`` is the decoded document the tree was parsed from (its
    ``text`` is what libxml2 saw).  On the first question, one forward scan
    locates every element (O(len(text)) in all); each span after that is a
    dictionary lookup plus a short scan.
    """

    __slots__ = ("source", "text", "span", "_lines", "_offsets", "_indexed", "_starts", "_values")

    def __init__(self, source: Source) -> None:
        assert source.text is not None, "a Locator needs the decoded text"
        self.source = source
        self.text = source.text
        self._lines = source.line_index
        #: The span of ``text[start:end]`` as the source places it in the file.
        #: For a whole document (the usual case) that is the line index's own
        #: span, one call fewer per element located.
        self.span: Callable[[int, int], Span] = (
            self._lines.span if (source.offset, source.line, source.column) == (0, 1, 1) else source.span
        )
        self._offsets: dict[etree._Element, int] = {}
        self._indexed = False
        #: For each tag of the document, the offsets where a start tag of that name may begin, in order.
        self._starts: dict[str, list[int]] = {}
        #: For each start tag asked about (by its offset), where each attribute's value stands.
        self._values: dict[int, dict[str, tuple[int, int]]] = {}

    # ------------------------------------------------------------ offsets
    def _line(self, offset: int) -> int:
        # The line within ``text``, as libxml2 counts it for ``sourceline``.
        return self._lines.line_col(offset)[0]

    def line_start(self, line: int) -> int:
        return self._lines.line_start(line, len(self.text))

    def _find_tag(self, tag: str, pos: int, limit: int = -1) -> int:
        """The first offset at or after ``pos`` where ``<tag`` begins a start tag and ends before ``limit`` (-1: the end), or -1.

        A lookup in :attr:`_starts` (O(log n)), not a scan: a scan from each
        element not found in the text (libxml2's recovery makes such elements,
        thousands on one line from ``<A<A<A``) cost quadratic time (issue 28,
        read:cbf).  A tag no start tag can be written as (lxml's ``{uri}name``)
        is never found, as a scan would not find it.
        """
        starts = self._starts.get(tag)
        if starts is None:
            return -1
        k = bisect_left(starts, pos)
        if k == len(starts):
            return -1
        i = starts[k]
        return i if limit < 0 or i + len(tag) + 1 <= limit else -1

    def _index_starts(self, tags: set[str]) -> None:
        """Fill :attr:`_starts` for ``tags`` in one pass over the text."""
        starts = self._starts
        for m in _START.finditer(self.text):
            name = m.group(1)
            if name in tags:
                starts.setdefault(name, []).append(m.start())

    def offset(self, el: etree._Element) -> Optional[int]:
        """Offset of the ``<`` of ``el``'s start tag, or ``None`` if not found."""
        if not self._indexed:
            self._index(el)
        return self._offsets.get(el)

    def _index(self, el: etree._Element) -> None:
        """Locate every element of ``el``'s document in one document-order pass."""
        self._indexed = True
        cursor = 0
        offsets = self._offsets
        find_tag = self._find_tag
        line_col = self._lines.line_col
        # Elements only (not comments, PIs, entities): lxml filters in C.
        nodes = list(el.getroottree().getroot().iter(etree.Element))
        self._index_starts({node.tag for node in nodes})
        for node in nodes:
            tag = node.tag
            line = node.sourceline or 0
            # libxml2 gives the line where the start tag ENDS, so the tag starts
            # before the next line: no search goes past it (a search to the end
            # of the text for each element not found cost quadratic time).
            i = find_tag(tag, cursor, self.line_start(line + 1) if line else -1)
            rejected = False
            if i >= 0 and line and line_col(i)[0] != line:
                # A tag starting earlier counts only if it ends on that line.
                end = self._tag_end(i)
                if self._line(max(i, end - 1)) != line:
                    i, rejected = -1, True
            if i < 0 and rejected:
                i = self._find_tag(tag, self.line_start(line), self.line_start(line + 1))
            elif i < 0 and line:
                # Nothing after the cursor: back on the tag's own line, before the
                # cursor (an earlier element matched too far on), at most _BACK
                # characters.  On a document of one long line (PFC's) a look over
                # the whole line for each element not in the text (recovery makes
                # some) cost quadratic time (issue 28, read:pfc).
                back = max(self.line_start(line), cursor - _BACK)
                if back < cursor:
                    i = self._find_tag(tag, back, min(self.line_start(line + 1), cursor + len(tag) + 1))
            if i >= 0:
                offsets[node] = i
                cursor = i + 1
            elif line:
                # The next element starts after this one's start tag, which ends on `line`.
                cursor = max(cursor, self.line_start(line))

    def _tag_end(self, start: int) -> int:
        """Offset just past the ``>`` of the tag starting at ``start`` (quotes respected)."""
        m = _TAG.match(self.text, start)
        return m.end() if m is not None else len(self.text)

    # ------------------------------------------------------------ spans
    def start_tag(self, el: etree._Element) -> Optional[Span]:
        """Span of ``el``'s start tag (``<Move nid="1" value="77-47" />``).

        Asked once per move, so :meth:`offset` and :meth:`_tag_end` are inlined.
        """
        if not self._indexed:
            self._index(el)
        i = self._offsets.get(el)
        if i is None:
            return self._line_only(el)
        m = _TAG.match(self.text, i)
        return self.span(i, m.end() if m is not None else len(self.text))

    def element(self, el: etree._Element) -> Optional[Span]:
        """Span of the whole element, start tag to end tag (for simple elements)."""
        i = self.offset(el)
        if i is None:
            return self._line_only(el)
        end = self._tag_end(i)
        if self.text[end - 2 : end] != "/>":
            close = self._find_close(el.tag, end)
            if close >= 0:
                end = close
        return self.span(i, end)

    def content(self, el: etree._Element) -> Optional[Span]:
        """Span of the text between the start and end tags (empty for ``<X/>``)."""
        i = self.offset(el)
        if i is None:
            return self._line_only(el)
        start = self._tag_end(i)
        if self.text[start - 2 : start] == "/>":
            return self.span(start, start)
        close = self._find_close(el.tag, start)
        if close < 0:
            return self.span(start, start)
        return self.span(start, self.text.rfind("</", start, close))

    def attribute_value(self, el: etree._Element, name: str) -> Optional[Span]:
        """Span of the value of attribute ``name`` (inside the quotes); the start tag's when it is not found."""
        i = self.offset(el)
        if i is None:
            return self._line_only(el)
        found = self._attribute_values(i, el.tag).get(name)
        return self.span(*found) if found is not None else self.start_tag(el)

    def _attribute_values(self, i: int, tag: str) -> dict[str, tuple[int, int]]:
        """Where the value of each attribute of the start tag at ``i`` stands (the first of a name repeated).

        The tag is read once, whatever number of its attributes is asked
        about: a root of 5,000 attributes asked one by one read its tag 5,000
        times (quadratic: 8 s for 70 KB; the fourth long fuzz run, read:pfc).
        """
        values = self._values.get(i)
        if values is None:
            values = self._values[i] = {}
            for m in _ATTRIBUTE.finditer(self.text, i + 1 + len(tag), self._tag_end(i)):
                quoted = 2 if m.group(2) is not None else 3
                values.setdefault(m.group(1), (m.start(quoted), m.end(quoted)))
        return values

    def _find_close(self, tag: str, pos: int) -> int:
        """Offset just past ``</tag>`` after ``pos``, skipping CDATA sections (O(n))."""
        text = self.text
        needle = "</" + tag
        c = text.find(needle, pos)
        while c >= 0:
            cdata = text.find("<![CDATA[", pos, c)
            if cdata < 0:
                gt = text.find(">", c)
                return gt + 1 if gt >= 0 else -1
            done = text.find("]]>", cdata + 9)
            if done < 0:
                return -1
            pos = done + 3
            if pos > c:
                c = text.find(needle, pos)
        return -1

    def _line_only(self, el: etree._Element) -> Optional[Span]:
        # The tag was not found in the text (it should always be): the caller
        # falls back to the line alone, column unknown.
        return None


def report(
    sink: DiagnosticSink,
    rule: Rule,
    message: str,
    span: Optional[Span],
    line: Optional[int] = None,
    *,
    severity: Optional[Severity] = None,
) -> None:
    """Report at ``span``, or at ``line`` alone (column unknown) when there is no span.

    ``span`` is what a :class:`Locator` gave; ``line`` is libxml2's line for
    the element, used when the tag was not found in the text.
    """
    if span is None and line:
        sink.add(Diagnostic(rule.code, severity or rule.severity, message, line, None, line, None, deviation=rule.deviation))
    else:
        sink.report(rule, message, span, severity=severity)
