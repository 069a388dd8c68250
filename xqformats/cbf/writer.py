"""Writing CBF in the form 象棋桥 writes, with variations in ``nid`` form.

Layout (``docs/cbf.md`` § Writing explains each choice):

* ``<?xml version="1.0" encoding="UTF-8"?>`` with a byte order mark, LF line
  ends, one space of indentation per level, ``<ChineseChessRecord
  Version="1.0">`` — byte for byte the frame of 象棋桥's own files (``NOTES.md``
  § CBF; walker8088/cchess tests/data/test.cbf).  ``encoding="gbk"`` writes GBK
  without BOM, as the draft's examples declare.
* ``<Head>``: the 33 elements 象棋桥 writes, in its order, empty ones as
  ``<X />``; ``FEN`` from ``Game.start``, ``RecordResult`` from ``Game.result``;
  then, only when the game holds something they alone can carry, the draft's
  ``Event`` (next to a ``Contest`` header), ``Type``, ``Result`` (its label
  text) and ``Comment`` (a second comment before the first move).
* ``<MoveList>``: the root move ``<Move value="00-00" />`` carrying the comment
  before the first move, then every move in pre-order, main line first
  (``children[0]`` before its siblings), each with ``nid`` = its ply number
  (the draft's rule, the only published encoding of variations), and
  ``end="1"`` on the last move of every line (what 象棋桥's files put on their
  last move, and the CBR format's per-line end flag).  Comments are CDATA
  sections (split around ``]]>``); text that CDATA cannot carry (a carriage
  return, a character the encoding lacks) is written escaped instead.

Every document this module writes validates against ``schemas/cbf.xsd``; header
values the schema would reject (an ECCO code like ``b24``, a non-numeric
``RecordType``) and headers with no CBF element are left out —
:func:`unwritten_headers` lists them so a converter can warn.  NAGs have no
place in CBF.  ``comments_before`` are written in front of the move's own
comment.

Characters XML 1.0 cannot hold at all (§2.2 ``Char``: U+0000, the other C0
controls but tab, line feed and carriage return, lone surrogates, U+FFFE,
U+FFFF) are written as U+FFFD REPLACEMENT CHARACTER, so any game can be
written; :func:`replaced_characters` lists each one and where it was, so a
converter can warn.  Only an unsupported ``encoding`` (or a BOM asked for with
GBK) raises ``ValueError``: that is a wrong call, not content.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from ..model import Game, Node
from .board import ROOT_VALUE, encode_move_value
from .mapping import CCBRIDGE_HEAD, RESULT_TO_CODE, TYPE_CODES, element_for_header

__all__ = ["write_cbf", "unwritten_headers", "replaced_characters", "Replacement", "REPLACEMENT", "ENCODINGS"]

#: Accepted ``encoding`` values -> (declared name, Python codec).
ENCODINGS: dict[str, tuple[str, str]] = {
    "utf-8": ("UTF-8", "utf-8"),
    "utf8": ("UTF-8", "utf-8"),
    "gbk": ("GBK", "gbk"),
    "gb18030": ("GB18030", "gb18030"),
}

#: Any character outside XML 1.0's ``Char`` production (§2.2).
_INVALID_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
#: What is written in place of such a character.
REPLACEMENT = "\ufffd"


def _schema_pattern(type_name: str) -> "re.Pattern[str]":
    """The ``xs:pattern`` of a simple type of ``schemas/cbf.xsd``, as a Python regex.

    Read from the schema so the writer never restates it; XSD patterns match
    the whole value (hence ``\\Z``), and these use only the syntax the two
    dialects share (a test checks both types are found).
    """
    from lxml import etree

    from ..resources import schema_path

    xs = "{http://www.w3.org/2001/XMLSchema}"
    root = etree.parse(str(schema_path("cbf.xsd")), etree.XMLParser(resolve_entities=False, no_network=True)).getroot()
    for st in root.iter(f"{xs}simpleType"):
        if st.get("name") == type_name:
            pattern = st.find(f"{xs}restriction/{xs}pattern")
            if pattern is not None:
                return re.compile(f"(?:{pattern.get('value')})\\Z")
    raise LookupError(f"schemas/cbf.xsd has no pattern for type {type_name}")


# Head element -> the schema's pattern for its text (schemas/cbf.xsd types
# EccoCode, Digits); values that do not fit are not written.
_PATTERNS = {"ECCO": _schema_pattern("EccoCode"), "RecordType": _schema_pattern("Digits")}


class Replacement(NamedTuple):
    """A character :func:`write_cbf` wrote as U+FFFD, and where it was."""

    where: str  #: "header `Red`", "the comment before the first move", "the comment on ply 3 (`77-47`)"
    character: str  #: the character itself (``f"U+{ord(r.character):04X}"`` names it)


class _Cleaner:
    """Replaces the characters XML cannot hold, remembering each one."""

    __slots__ = ("replaced",)

    def __init__(self) -> None:
        self.replaced: list[Replacement] = []

    def __call__(self, text: str, where: str) -> str:
        if _INVALID_XML.search(text) is None:  # the usual case: one scan, no copy
            return text
        self.replaced.extend(Replacement(where, ch) for ch in _INVALID_XML.findall(text))
        return _INVALID_XML.sub(REPLACEMENT, text)


def _escape(text: str) -> str:
    # \r would come back as \n (XML 1.0 §2.11), so it is written as a reference.
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")


def _content(text: str, codec: str) -> str:
    """``text`` as element content: CDATA when it can carry it, else escaped."""
    if "\r" not in text:
        try:
            text.encode(codec)
        except UnicodeEncodeError:
            pass
        else:
            return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"
    return _escape(text)


def _head_texts(game: Game) -> dict[str, tuple[str, str]]:
    """Head element -> (header name, text) for every header that has a CBF element."""
    headers = game.headers
    texts: dict[str, tuple[str, str]] = {}
    for name, value in headers.items():
        element = element_for_header(name, headers)
        if element is None or element in texts or not value:
            continue
        pattern = _PATTERNS.get(element)
        if pattern is not None and not pattern.match(value):
            continue
        texts[element] = (name, value)
    return texts


def unwritten_headers(game: Game) -> list[str]:
    """Header names :func:`write_cbf` cannot write (no element, or a value the schema rejects)."""
    texts = _head_texts(game)
    written = set(texts)
    out = []
    for name, value in game.headers.items():
        if name in ("FEN",) or not value:
            continue
        if name == "Type":
            if value not in TYPE_CODES:
                out.append(name)
            continue
        if name == "TypeText":
            # Written as the text of <Type>, which needs a code: lost with an invalid one.
            if "Type" in game.headers and game.headers["Type"] not in TYPE_CODES:
                out.append(name)
            continue
        if name == "ResultText":  # always written, as the text of <Result>
            continue
        element = element_for_header(name, game.headers)
        if element is None or element not in written or texts[element] != (name, value):
            out.append(name)
    return out


def _comment_text(node: Node) -> str:
    parts = [c for c in node.comments_before + node.comments if c and c.strip()]
    return "\n".join(p.strip() for p in parts)


def replaced_characters(game: Game) -> list[Replacement]:
    """The characters :func:`write_cbf` writes as U+FFFD: headers, then comments in document order.

    Only text that is written counts: a header with no CBF element (see
    :func:`unwritten_headers`) is not, and comments are stripped first, as the
    writer does.  Empty for any game read from a file.  O(size of the game):
    it lays the document out as :func:`write_cbf` does.
    """
    cleaner = _Cleaner()
    _document(game, "UTF-8", "utf-8", cleaner)
    return cleaner.replaced


def write_cbf(game: Game, *, encoding: str = "utf-8", bom: Optional[bool] = None) -> bytes:
    """The game as a CBF document in 象棋桥's form (see the module docstring).

    ``encoding`` is ``"utf-8"`` (default; with a BOM unless ``bom=False``) or
    ``"gbk"`` (also ``"gb18030"``; never a BOM).  Characters the encoding lacks
    are written as character references (CDATA cannot hold those, so such
    comments are escaped text); characters XML cannot hold as U+FFFD
    (:func:`replaced_characters` lists them).  Never raises on the game's
    content; ``ValueError`` for an unsupported ``encoding``.  O(number of nodes).
    """
    enc = ENCODINGS.get(encoding.lower())
    if enc is None:
        raise ValueError(f"Unsupported encoding {encoding!r}; expected 'utf-8' or 'gbk'")
    declared, codec = enc
    if bom is None:
        bom = codec == "utf-8"
    elif bom and codec != "utf-8":
        raise ValueError("A byte order mark is written only with UTF-8")
    text = _document(game, declared, codec, _Cleaner())
    data = text.encode(codec, "xmlcharrefreplace")
    return (b"\xef\xbb\xbf" + data) if bom else data


def _document(game: Game, declared: str, codec: str, clean: _Cleaner) -> str:
    """The document's text, declared as ``declared``; ``codec`` decides CDATA or escaped text."""
    headers = game.headers
    texts = {element: clean(value, f"header `{name}`") for element, (name, value) in _head_texts(game).items()}
    out: list[str] = [
        f'<?xml version="1.0" encoding="{declared}"?>',
        '<ChineseChessRecord Version="1.0">',
        " <Head>",
    ]
    for element in CCBRIDGE_HEAD:
        if element == "FEN":
            text = game.start.fen()
        elif element == "RecordResult":
            text = RESULT_TO_CODE.get(game.result, "0")  # "*" and anything else: unknown
        else:
            text = texts.get(element, "")
        out.append(f"  <{element}>{_escape(text)}</{element}>" if text else f"  <{element} />")

    # Draft-only elements, written only for what the 象棋桥 elements cannot carry.
    if "Event" in texts:
        out.append(f"  <Event>{_escape(texts['Event'])}</Event>")
    type_code = headers.get("Type")
    type_text = headers.get("TypeText", "")
    if type_code in TYPE_CODES or (type_code is None and type_text):
        code = type_code or "0"
        type_text = clean(type_text, "header `TypeText`")
        out.append(f'  <Type value="{code}">{_escape(type_text)}</Type>' if type_text else f'  <Type value="{code}" />')
    if headers.get("ResultText"):
        code = RESULT_TO_CODE.get(game.result, "0")
        result_text = clean(headers["ResultText"], "header `ResultText`")
        out.append(f'  <Result value="{code}">{_escape(result_text)}</Result>')
    root_comments = [
        clean(c.strip(), "the comment before the first move")
        for c in game.root.comments_before + game.root.comments
        if c and c.strip()
    ]
    if len(root_comments) >= 2:
        out.append(f"  <Comment>{_content(root_comments[0], codec)}</Comment>")
        root_comment = "\n".join(root_comments[1:])
    else:
        root_comment = root_comments[0] if root_comments else ""
    out.append(" </Head>")

    out.append(" <MoveList>")
    end = "" if game.root.children else ' end="1"'
    if root_comment:
        out.append(f'  <Move value="{ROOT_VALUE}"{end}>{_content(root_comment, codec)}</Move>')
    else:
        out.append(f'  <Move value="{ROOT_VALUE}"{end} />')
    # Pre-order, main line first, with an explicit stack (deep trees are fine).
    stack: list[tuple[Node, int]] = [(c, 1) for c in reversed(game.root.children)]
    while stack:
        node, ply = stack.pop()
        assert node.move is not None
        end = "" if node.children else ' end="1"'
        value = encode_move_value(node.move)
        head = f'  <Move nid="{ply}" value="{value}"{end}'
        comment = _comment_text(node)
        if comment:
            comment = clean(comment, f"the comment on ply {ply} (`{value}`)")
            out.append(f"{head}>{_content(comment, codec)}</Move>")
        else:
            out.append(head + " />")
        stack.extend((c, ply + 1) for c in reversed(node.children))
    out.append(" </MoveList>")
    out.append("</ChineseChessRecord>")
    return "\n".join(out) + "\n"

