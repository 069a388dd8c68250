"""Writing CBF in the form 象棋桥 writes, with variations in ``nid`` form.

Layout (``docs/cbf.md`` § Writing explains each choice):

* ``<?xml version="1.0" encoding="UTF-8"?>`` with a byte order mark, LF line
  ends, one space of indentation per level, ``<ChineseChessRecord
  Version="1.0">`` — byte for byte the frame of 象棋桥's own files
  (docs/spec/cbf.md §8.1; walker8088/cchess tests/data/test.cbf).
  ``encoding="gbk"`` writes GBK without BOM, as the draft's examples declare.
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
place in CBF.  A move's comments, ``comments_before`` first, are written as its
one text, each stripped (the reader strips it anyway, docs/spec/cbf.md §5.4),
blank ones left out, joined by line ends (§8.2); :func:`changed_comments` names
every move whose comments that changes, so a converter can warn.

Characters XML 1.0 cannot hold at all (§2.2 ``Char``: U+0000, the other C0
controls but tab, line feed and carriage return, lone surrogates, U+FFFE,
U+FFFF) are written as U+FFFD REPLACEMENT CHARACTER, so any game can be
written; :func:`replaced_characters` lists each one and where it was, so a
converter can warn.  Only an unsupported ``encoding`` (or a BOM asked for with
GBK) raises ``ValueError``: that is a wrong call, not content.

:class:`CbfWriter` is a visitor (:mod:`xqformats.visitor`) in tree order,
which is the document's order of moves, and needs no positions (a move is
written as its squares): each node visited is the next ``Move`` element, so
any depth of variations is fine; :func:`write_cbf` is
``game.accept(CbfWriter(...))``.

All of this is declared in :data:`CARRIES` (the headers with an element, no
NAGs, one stripped text a move and none before it, XML's characters), from
which :mod:`xqformats.losses` names the losses of a game, as ``convert`` says
them; the comment rule is the one :func:`changed_comments` applies.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from ..losses import Before, Blank, Carries, Fate, HeaderFate, HeaderFates, Loss, Lost, comment_changes
from ..model import Game, Headers, Node
from ..position import Position
from ..visitor import BaseVisitor, Order
from .board import ROOT_VALUE, encode_move_value
from .mapping import CCBRIDGE_HEAD, RESULT_TO_CODE, TYPE_CODES, element_for_header

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


def schema_pattern(type_name: str) -> "re.Pattern[str]":
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


#: Head element -> the schema's pattern for its text (``schemas/cbf.xsd`` types
#: ``EccoCode``, ``Digits``); values that do not fit are not written.
HEAD_PATTERNS: dict[str, "re.Pattern[str]"] = {"ECCO": schema_pattern("EccoCode"), "RecordType": schema_pattern("Digits")}


class Replacement(NamedTuple):
    """A character :func:`write_cbf` wrote as U+FFFD, and where it was."""

    where: str  #: "header `Red`", "the comment before the first move", "the comment on ply 3 (`77-47`)"
    character: str  #: the character itself (``f"U+{ord(r.character):04X}"`` names it)


#: :attr:`CommentChange.change`: white space around a comment dropped (a blank comment: the whole of it).
STRIPPED = "stripped"
#: :attr:`CommentChange.change`: several comments written as one text, joined by line ends.
JOINED = "joined"
#: :attr:`CommentChange.change`: a comment before the move written as (read back as) a comment after it.
MOVED = "moved"


class CommentChange(NamedTuple):
    """A way the comments of one node read back changed from a CBF :func:`write_cbf` wrote.

    CBF holds one text per ``Move`` (schema: simple content), no comment before
    a move, and its readers strip the white space around that text (the draft
    lays its CDATA out on lines of their own; docs/spec/cbf.md §5.4).
    """

    where: str  #: "the comment before the first move", "the comment on ply 3 (`77-47`)"
    change: str  #: :data:`STRIPPED`, :data:`JOINED` or :data:`MOVED`
    node: Optional[Node]  #: the move whose comments change; ``None`` for the comments before the first move


#: The kinds of :func:`~xqformats.losses.comment_changes` -> :attr:`CommentChange.change`.
_CHANGE_OF = {Loss.STRIPPED: STRIPPED, Loss.JOINED: JOINED, Loss.BEFORE_MOVED: MOVED}


def _changes(where: str, node: Optional[Node], parts: list[str], before: int, room: int) -> list[CommentChange]:
    """How ``parts`` (``before`` of them before the move) change when written as ``room`` stripped texts.

    ``room`` is how many texts CBF keeps apart: 1 on a move, 2 before the
    first move (``Head/Comment`` and the root move).  One entry per kind of
    change, in the order stripped, joined, moved: what
    :func:`~xqformats.losses.comment_changes` says of CBF (:data:`CARRIES`).
    """
    kinds = comment_changes(parts, before, room, Blank.STRIPPED, True)
    return [CommentChange(where, _CHANGE_OF[kind], node) for kind in kinds]


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


def _head_texts(headers: Headers) -> dict[str, tuple[str, str]]:
    """Head element -> (header name, text) for every header that has a CBF element."""
    texts: dict[str, tuple[str, str]] = {}
    for name, value in headers.items():
        element = element_for_header(name, headers)
        if element is None or element in texts or not value:
            continue
        pattern = HEAD_PATTERNS.get(element)
        if pattern is not None and not pattern.match(value):
            continue
        texts[element] = (name, value)
    return texts


def unwritten_headers(game: Game) -> list[str]:
    """Header names :func:`write_cbf` cannot write (no element, or a value the schema rejects)."""
    texts = _head_texts(game.headers)
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


def _comment_text(parts: list[str]) -> str:
    """A move's comments as its one CBF comment: blank ones dropped, each stripped, one per line."""
    return "\n".join(p.strip() for p in parts if p and p.strip())


def changed_comments(game: Game) -> list[CommentChange]:
    """How the comments of ``game`` read back changed from the CBF :func:`write_cbf` writes, in document order.

    Every node whose comments (``comments_before``, ``comments``) read back
    different has an entry, and no other node: white space around a comment
    is dropped (:data:`STRIPPED`; a blank comment is none), several comments
    become one text joined by line ends (:data:`JOINED`; before the first
    move two are kept apart, the first in ``Head/Comment``), a comment before
    a move becomes its comment after it (:data:`MOVED`).  Characters written
    as U+FFFD are :func:`replaced_characters`' part.  Empty for any game read
    from a CBF file.  O(size of the game).
    """
    writer = CbfWriter()
    game.accept(writer)
    return writer.changed


def replaced_characters(game: Game) -> list[Replacement]:
    """The characters :func:`write_cbf` writes as U+FFFD: headers, then comments in document order.

    Only text that is written counts: a header with no CBF element (see
    :func:`unwritten_headers`) is not, and comments are stripped first, as the
    writer does.  Empty for any game read from a file.  O(size of the game):
    it lays the document out as :func:`write_cbf` does.
    """
    writer = CbfWriter()
    game.accept(writer)
    return writer.replaced


def write_cbf(game: Game, *, encoding: str = "utf-8", bom: Optional[bool] = None) -> bytes:
    """The game as a CBF document in 象棋桥's form (see the module docstring).

    ``encoding`` is ``"utf-8"`` (default; with a BOM unless ``bom=False``) or
    ``"gbk"`` (also ``"gb18030"``; never a BOM).  Characters the encoding lacks
    are written as character references (CDATA cannot hold those, so such
    comments are escaped text); characters XML cannot hold as U+FFFD
    (:func:`replaced_characters` lists them).  Never raises on the game's
    content; ``ValueError`` for an unsupported ``encoding``.  O(number of nodes).
    """
    return game.accept(CbfWriter(encoding=encoding, bom=bom))


class CbfWriter(BaseVisitor[bytes]):
    """A visitor that writes the game it visits as a CBF document (:func:`write_cbf`'s form).

    ``game.accept(CbfWriter(encoding="gbk"))`` returns the document's bytes;
    afterwards :attr:`replaced` lists the characters written as U+FFFD
    (:func:`replaced_characters`) and :attr:`changed` how the comments will
    read back changed (:func:`changed_comments`).  ``ValueError`` for an unsupported
    ``encoding`` or a BOM asked for with another encoding than UTF-8.  One
    writer can visit several games in turn.

    Tree order, no positions: the walk gives the moves in the document's
    order (pre-order), so each move visited is written at once, its ``nid``
    (its ply) the length of the path from the root to it, which the writer
    keeps (pre-order comes back up that path, never elsewhere), and its text
    its comments, read from the node.  The ``Head`` and the root move, which
    need the headers, the result and the root's comments, are written at the end.
    """

    order = Order.TREE
    needs_positions = False

    def __init__(self, *, encoding: str = "utf-8", bom: Optional[bool] = None) -> None:
        enc = ENCODINGS.get(encoding.lower())
        if enc is None:
            raise ValueError(f"Unsupported encoding {encoding!r}; expected 'utf-8' or 'gbk'")
        self.declared, self.codec = enc
        if bom is None:
            bom = self.codec == "utf-8"
        elif bom and self.codec != "utf-8":
            raise ValueError("A byte order mark is written only with UTF-8")
        self.bom = bom
        self.begin_game()
        self._data = b""

    # ------------------------------------------------------------ events
    def begin_game(self) -> None:
        #: The characters written as U+FFFD, in document order (see :class:`Replacement`).
        self.replaced: list[Replacement] = []
        #: How the comments read back changed, in document order (see :class:`CommentChange`).
        self.changed: list[CommentChange] = []
        self._headers = Headers()
        self._fen = ""
        self._result = "*"
        self._opening: list[str] = []  # the root's comments
        self._first_move = False  # whether the root has a move after it
        self._path: list[Node] = []  # from the root to the move last visited
        self._moves: list[str] = []  # the Move elements after the root's
        self._move_changes: list[CommentChange] = []  # the moves' entries of `changed`
        self._move_clean = _Cleaner()  # the moves' replacements (after the Head's)

    def visit_header(self, name: str, value: str) -> None:
        self._headers[name] = value

    def visit_start(self, position: Position) -> None:
        self._fen = position.fen()

    def visit_root(self, node: Node) -> None:
        self._opening = node.comments_before + node.comments
        self._first_move = bool(node.children)
        self._path = [node]

    def visit_move(self, position: Position, node: Node) -> None:
        path, parent = self._path, node.parent
        while path[-1] is not parent:
            path.pop()
        ply = len(path)
        path.append(node)
        value = encode_move_value(node.move)  # type: ignore[arg-type]  # a move node
        head = f'  <Move nid="{ply}" value="{value}"' if node.children else f'  <Move nid="{ply}" value="{value}" end="1"'
        comment = self._move_comment(node, ply, value)
        self._moves.append(f"{head}>{_content(comment, self.codec)}</Move>" if comment else head + " />")

    def visit_result(self, result: str) -> None:
        self._result = result

    def end_game(self) -> None:
        clean = _Cleaner()
        self.changed = _changes("the comment before the first move", None, self._opening, 0, 2) + self._move_changes
        out: list[str] = [
            f'<?xml version="1.0" encoding="{self.declared}"?>',
            '<ChineseChessRecord Version="1.0">',
            " <Head>",
        ]
        root_comment = self._head(out, clean)
        out.append(" </Head>")
        out.append(" <MoveList>")
        end = "" if self._first_move else ' end="1"'
        if root_comment:
            out.append(f'  <Move value="{ROOT_VALUE}"{end}>{_content(root_comment, self.codec)}</Move>')
        else:
            out.append(f'  <Move value="{ROOT_VALUE}"{end} />')
        out += self._moves
        out.append(" </MoveList>")
        out.append("</ChineseChessRecord>")
        self.replaced = clean.replaced + self._move_clean.replaced
        data = ("\n".join(out) + "\n").encode(self.codec, "xmlcharrefreplace")
        self._data = (b"\xef\xbb\xbf" + data) if self.bom else data
        self._path = []

    def result(self) -> bytes:
        return self._data

    # ------------------------------------------------------------ the document
    def _head(self, out: list[str], clean: _Cleaner) -> str:
        """Append the Head's elements; return the comment left for the root move."""
        texts = {element: clean(value, f"header `{name}`") for element, (name, value) in _head_texts(self._headers).items()}
        for element in CCBRIDGE_HEAD:
            if element == "FEN":
                text = self._fen
            elif element == "RecordResult":
                text = RESULT_TO_CODE.get(self._result, "0")  # "*" and anything else: unknown
            else:
                text = texts.get(element, "")
            out.append(f"  <{element}>{_escape(text)}</{element}>" if text else f"  <{element} />")
        self._draft_head(out, texts, clean)
        root_comments = [clean(c.strip(), "the comment before the first move") for c in self._opening if c and c.strip()]
        if len(root_comments) >= 2:
            out.append(f"  <Comment>{_content(root_comments[0], self.codec)}</Comment>")
            return "\n".join(root_comments[1:])
        return root_comments[0] if root_comments else ""

    def _move_comment(self, node: Node, ply: int, value: str) -> str:
        """The one text of ``node``'s comments as written (cleaned), noting how it will read back changed."""
        before, after = node.comments_before, node.comments
        if not before and not after:
            return ""
        where = f"the comment on ply {ply} (`{value}`)"
        parts = before + after if before else after
        self._move_changes.extend(_changes(where, node, parts, len(before), 1))
        comment = _comment_text(parts)
        return self._move_clean(comment, where) if comment else ""

    def _draft_head(self, out: list[str], texts: dict[str, str], clean: _Cleaner) -> None:
        """Append the draft-only elements, written only for what the 象棋桥 elements cannot carry."""
        headers = self._headers
        if "Event" in texts:
            out.append(f"  <Event>{_escape(texts['Event'])}</Event>")
        type_code = headers.get("Type")
        type_text = headers.get("TypeText", "")
        if type_code in TYPE_CODES or (type_code is None and type_text):
            code = type_code or "0"
            type_text = clean(type_text, "header `TypeText`")
            out.append(f'  <Type value="{code}">{_escape(type_text)}</Type>' if type_text else f'  <Type value="{code}" />')
        if headers.get("ResultText"):
            code = RESULT_TO_CODE.get(self._result, "0")
            result_text = clean(headers["ResultText"], "header `ResultText`")
            out.append(f'  <Result value="{code}">{_escape(result_text)}</Result>')


# ---------------------------------------------------------------- losses


def _fates(game: Game) -> HeaderFates:
    """What :func:`write_cbf` does with each header of ``game`` (:func:`unwritten_headers`, found once)."""
    unwritten = set(unwritten_headers(game))

    def fate(name: str, value: str) -> HeaderFate:
        if name in ("Game", "Format", "Result"):  # PGN's own, and the result (RecordResult)
            return Fate.OTHERWISE
        if not value:
            return Fate.EMPTY
        if name == "FEN":  # written from the start
            return Fate.OTHERWISE
        return Fate.NO_PLACE if name in unwritten else Fate.KEPT

    return fate


def _place(node: Node, ply: int) -> str:
    return f"the comment on ply {ply} (`{encode_move_value(node.move)}`)"  # type: ignore[arg-type]  # a move node


#: What a CBF document holds of a game (docs/cbf.md § Writing; docs/spec/cbf.md §5, §8), and how each loss is named.
CARRIES = Carries(
    losses=(
        Lost(Loss.NO_PLACE, "tag{s} {names} {have} no place in CBF; not written"),
        Lost(Loss.EMPTY, "empty tag{s} {names} not kept (an empty CBF element reads as no tag)"),
        Lost(Loss.NAGS, "{n} NAG{s} ($1, $2, …) cannot be written in CBF; not written"),
        Lost(Loss.STRIPPED, "white space around a comment dropped (CBF comments are read stripped; a blank comment is none): {places}"),
        Lost(Loss.JOINED, "several comments joined into one by line ends (a CBF move holds one text): {places}"),
        Lost(Loss.BEFORE_MOVED, "a comment before a move written after it (CBF has no comment before a move): {places}"),
        Lost(Loss.CHARACTERS, "{n} character{s} XML cannot hold written as U+FFFD ({places})"),
        Lost(
            Loss.REPEATED,
            "{n} move{s} repeating an earlier move at the same point read back merged into it (C307: its comment "
            "joins the earlier move's, and the moves after it follow the earlier move): {places}",
        ),
    ),
    headers=_fates,
    result_tag=False,
    nags=(frozenset(), 0),
    before=Before.AFTER,
    comment_room=1,
    opening_room=2,
    blank=Blank.STRIPPED,
    characters=_INVALID_XML,
    place=_place,
    opening_place="the comment before the first move",
    repeats=False,
)
