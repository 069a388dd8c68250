"""The diagnostic codes of the CBF reader, declared once (ruff's model).

Ranges (common brief): ``C1xx`` XML, well-formedness and safety; ``C2xx`` the
schema (``schemas/cbf.xsd``); ``C3xx`` semantics the schema cannot state (the
Board string, move values, the ``nid`` tree, legality, merged duplicates,
moves kept as a comment).

``example``/``fixed`` are whole CBF documents (``example_kind="cbf"``): read
with :func:`xqformats.cbf.read_cbf` after :func:`example_bytes` (the text in
the encoding it declares), the example reports the rule and the fixed text
reports nothing.  ``tests/test_cbf_rules.py`` checks every pair.
"""

from __future__ import annotations

import re

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("C1", "CBF: XML"),
    ("C2", "CBF: schema"),
    ("C3", "CBF: semantics"),
)

_DECLARED = re.compile(r'<\?xml[^>]*encoding="([^"]+)"')


def example_bytes(text: str) -> bytes:
    """A rule example as file bytes: encoded as it declares (UTF-8 if it does not).

    GB2312 is written as GBK, its superset, the way mislabelled files are (the
    C105 example needs it); an encoding Python lacks falls back to UTF-8 (the
    C104 example declares one on purpose).
    """
    m = _DECLARED.match(text)
    name = m.group(1).lower() if m else "utf-8"
    name = {"gb2312": "gbk"}.get(name, name)
    try:
        return text.encode(name)
    except LookupError:
        return text.encode("utf-8")


# The published source, by title (docs/spec/README.md §3.1 [CBF-DRAFT]); each rule cites its clause first.
_DRAFT = "the 象棋桥 forum thread 定义了一种新的棋谱文件格式 (2007-12)"


def _cbf(head: str = "", moves: str = "", *, version: bool = True, decl: str = "") -> str:
    """A small CBF document in 象棋桥's form (for rule examples)."""
    ver = ' Version="1.0"' if version else ""
    declaration = decl or '<?xml version="1.0" encoding="UTF-8"?>\n'
    return (
        f"{declaration}<ChineseChessRecord{ver}>\n <Head>\n{head} </Head>\n"
        f" <MoveList>\n  <Move value=\"00-00\"/>\n{moves} </MoveList>\n</ChineseChessRecord>\n"
    )


# ---------------------------------------------------------------- C1xx XML and safety

XML_SYNTAX = Rule(
    "C101",
    "cbf-xml-syntax",
    Severity.ERROR,
    "The file is not well-formed XML",
    what="Reports each error of the XML parser (libxml2), at the line and column it gives.",
    why=(
        "A CBF file is XML (\"该文件完全按照xml标准定义\", draft post of 2007-12-30 9:27); "
        "a parser stops at the first well-formedness error, so the reader keeps only what "
        "libxml2's recovery mode salvages before it."
    ),
    example=_cbf('  <Red>吕钦</Black>\n'),
    fixed=_cbf('  <Red>吕钦</Red>\n'),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §2.1",
        _DRAFT,
        "XML 1.0 §2.1 (well-formed documents)",
    ),
)
XML_DOCTYPE = Rule(
    "C102",
    "cbf-xml-doctype",
    Severity.ERROR,
    "The file has a document type declaration",
    what=(
        "Reports a `<!DOCTYPE …>`.  The reader never loads DTDs nor expands the entities "
        "they declare."
    ),
    why=(
        "No CBF writer emits a DOCTYPE; in an untrusted file it is the vehicle of entity "
        "expansion attacks (billion laughs, external entities)."
    ),
    example=_cbf().replace("<ChineseChessRecord", '<!DOCTYPE ChineseChessRecord [<!ENTITY x "y">]>\n<ChineseChessRecord', 1),
    fixed=_cbf(),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §2.2",
        "the lxml FAQ (parsing untrusted XML)",
    ),
)
XML_ENTITY = Rule(
    "C103",
    "cbf-xml-entity",
    Severity.ERROR,
    "The file refers to an entity the reader does not expand",
    what=(
        "Reports each entity reference other than the five predefined ones and character "
        "references (`&lt;`, `&#x4E2D;` are fine), in text and in attribute values; a "
        "declared entity is not expanded in either (the DOCTYPE that declares it is dropped)."
    ),
    why=(
        "Entities are not expanded (safety), so the text they stand for is missing from the "
        "record."
    ),
    example=_cbf().replace("<ChineseChessRecord", '<!DOCTYPE ChineseChessRecord [<!ENTITY who "吕钦">]>\n<ChineseChessRecord', 1).replace(
        " <Head>\n", " <Head>\n  <Red>&who;</Red>\n", 1
    ),
    fixed=_cbf("  <Red>吕钦</Red>\n"),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §2.2",
        "the lxml FAQ (parsing untrusted XML)",
        "XML 1.0 §4.1",
    ),
)
XML_ENCODING = Rule(
    "C104",
    "cbf-encoding",
    Severity.ERROR,
    "The bytes cannot be read in the declared encoding",
    what=(
        "Reports an encoding the reader does not support, or bytes that are not valid in "
        "the encoding the file declares (the first bad bytes; they are read as U+FFFD).  "
        "Supported: UTF-8 (with or without BOM), UTF-16 with BOM, GBK, GB2312, GB18030."
    ),
    why=(
        "The draft's files are GBK (\"目前…先用GBK\", post of 2007-12-25 14:32), 象棋桥's own "
        "files UTF-8 with BOM; text in another encoding comes out garbled."
    ),
    example=_cbf(decl='<?xml version="1.0" encoding="KOI8-Z"?>\n'),
    fixed=_cbf(),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §2.3",
        _DRAFT,
        "XML 1.0 §4.3.3",
    ),
)
XML_ENCODING_LABEL = Rule(
    "C105",
    "cbf-encoding-label",
    Severity.WARNING,
    "The declared encoding does not match the bytes, but they can be read",
    what=(
        "Reports a file that declares GB2312 but holds characters only GBK has (read as "
        "GBK), or a byte order mark that contradicts the declaration (the BOM wins)."
    ),
    why=(
        "A strict reader rejects such a file; the meaning is clear, so this is a deviation "
        "(an error in strict mode)."
    ),
    example=_cbf("  <Red>許銀川們</Red>\n", decl='<?xml version="1.0" encoding="GB2312"?>\n'),
    fixed=_cbf("  <Red>許銀川們</Red>\n", decl='<?xml version="1.0" encoding="GBK"?>\n'),
    example_kind="cbf",
    deviation=True,
    references=(
        "docs/spec/cbf.md §2.3",
        _DRAFT,
        "XML 1.0 §4.3.3 and Appendix F",
    ),
)

# ---------------------------------------------------------------- C2xx schema

_XSD = "`schemas/cbf.xsd` (the reference; each element and type names its source)"

SCHEMA_CONTENT = Rule(
    "C201",
    "cbf-schema-content",
    Severity.ERROR,
    "An element is missing, unexpected, repeated or misplaced",
    what=(
        "Reports what `schemas/cbf.xsd` says about the structure: the root must be "
        "`ChineseChessRecord` holding `Head` then `MoveList`; `Head` holds each known "
        "element at most once; `MoveList` holds only `Move`; `Move` holds only text."
    ),
    why=(
        "Other programs look for these elements by name and position; an unknown element "
        "is kept in the headers under its own name but no other reader will see it."
    ),
    example=_cbf("  <Red>吕钦</Red>\n  <Red>许银川</Red>\n"),
    fixed=_cbf("  <Red>吕钦</Red>\n  <Black>许银川</Black>\n"),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §2.4",
        "Head elements: docs/spec/cbf.md §3.2",
        _XSD,
    ),
)
SCHEMA_ATTRIBUTE = Rule(
    "C202",
    "cbf-schema-attribute",
    Severity.ERROR,
    "A required attribute is missing or an unknown one is present",
    what=(
        "Reports a `Move` without `value`, a `Type`, `Result` or `Board` without `value`, "
        "or an attribute the schema does not know."
    ),
    why="Without `value` a move or a code cannot be read; unknown attributes are ignored.",
    example=_cbf(moves='  <Move nid="1"/>\n'),
    fixed=_cbf(moves='  <Move nid="1" value="77-47"/>\n'),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §2.4",
        _XSD,
    ),
)
SCHEMA_VALUE = Rule(
    "C203",
    "cbf-schema-value",
    Severity.ERROR,
    "A value does not have the form or range the schema gives",
    what=(
        "Reports codes outside their tables (`Type` 0–4, `Result` and `RecordResult` 0–3), "
        "a `nid` that is not a positive integer, `end` other than `1`, `Version` other "
        "than `1.0`, an ECCO code that is not a letter A–E and two digits.  Move values and "
        "Board strings get the more precise C301–C304 instead."
    ),
    why=(
        "The code tables are those of the draft (post of 2007-12-30 9:03); other values "
        "have no known meaning and are read as unknown."
    ),
    example=_cbf("  <RecordResult>4</RecordResult>\n"),
    fixed=_cbf("  <RecordResult>3</RecordResult>\n"),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §2.4",
        "the codes: docs/spec/cbf.md §3.3",
        "`Version`: docs/spec/cbf.md §3.1",
        _XSD,
    ),
)

# ---------------------------------------------------------------- C3xx semantics

_BOARD = ("docs/spec/cbf.md §4.1", f"{_DRAFT}, post of 2007-12-30 8:52")
_START = "jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXMJ-r1"


def _draft(board: str = _START, moves: str = "") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord>\n <Head>\n'
        f'  <Board value="{board}"/>\n </Head>\n <MoveList>\n{moves} </MoveList>\n'
        "</ChineseChessRecord>\n"
    )


BOARD_SIZE = Rule(
    "C301",
    "cbf-board-size",
    Severity.ERROR,
    "The Board string does not describe exactly 90 points",
    what=(
        "Counts the points of the Board string's first part (letters are one point each, a "
        "number that many empty points) and reports a total other than 90."
    ),
    why=(
        "The board has 9×10 points (\"该字符串共为90字节\"); with another count the position "
        "is unknown and the moves cannot be checked."
    ),
    example=_draft("jmxswsxmj10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXM-r1"),
    fixed=_draft(),
    example_kind="cbf",
    references=_BOARD,
)
BOARD_LETTER = Rule(
    "C302",
    "cbf-board-letter",
    Severity.ERROR,
    "The Board string has a letter that is no piece",
    what=(
        "Reports a character of the Board string's first part that is neither a digit nor "
        "one of `J M X S W P B` (Red) and `j m x s w p b` (Black): 车 马 相 仕 帅 炮 兵."
    ),
    why=(
        "The draft defines only these letters; CBF's letters are not FEN's (`P` is a "
        "cannon here, `B` a pawn)."
    ),
    example=_draft("rnbakabnr10p5p1b1b1b1b1b18B1B1B1B1B1P5P10JMXSWSXMJ-r1"),
    fixed=_draft(),
    example_kind="cbf",
    references=_BOARD,
)
BOARD_SIDE = Rule(
    "C303",
    "cbf-board-side",
    Severity.ERROR,
    "The Board string lacks `-r` or `-b` and the move number",
    what=(
        "Reports a Board string whose part after the first `-` is not `r` or `b` (the side "
        "to move) followed by the move number."
    ),
    why="Without the side to move the moves cannot be checked.",
    example=_draft(_START[:-3] + "-x1"),
    fixed=_draft(),
    example_kind="cbf",
    references=_BOARD,
)
MOVE_VALUE = Rule(
    "C304",
    "cbf-move-value",
    Severity.ERROR,
    "A move value is not two points `XY-XY` on the board",
    what=(
        "Reports a `Move` value that is not `XY-XY` with X a file 0–8 and Y a row 0–9, or "
        "`00-00` anywhere but as the first `Move` (the root)."
    ),
    why=(
        "The move cannot be decoded; the reader keeps the moves before it and keeps it and "
        "the rest of that line as a comment (C311)."
    ),
    example=_cbf(moves='  <Move value="97-47"/>\n'),
    fixed=_cbf(moves='  <Move value="77-47"/>\n'),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §5.1 (`77-47` = `H2-E2` = 炮二平五)",
        "the root move `00-00`: docs/spec/cbf.md §5.2",
    ),
)
NID_SKIP = Rule(
    "C305",
    "cbf-nid-skip",
    Severity.ERROR,
    "A move's `nid` skips: it has no parent on the current line",
    what=(
        "The `nid` of a move is its ply number: it continues the current line when it is "
        "one more than the previous move's, and starts an alternative to the move with the "
        "same `nid` on the current line when it is not greater.  Reports a `nid` more than "
        "one greater than the previous (or a first move whose `nid` is not 1)."
    ),
    why=(
        "There is no move for it to follow; the reader keeps it and the moves that continue "
        "it as a comment (C311)."
    ),
    example=_draft(moves='  <Move nid="1" value="77-47"/>\n  <Move nid="3" value="79-67"/>\n'),
    fixed=_draft(moves='  <Move nid="1" value="77-47"/>\n  <Move nid="2" value="10-22"/>\n'),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §6.1",
        f"{_DRAFT}, post of 2007-12-30 9:17 (example `1A 2B 3C 4D 5E 6F 4G 2H 3I 4J 5K`)",
    ),
)
ILLEGAL_MOVE = Rule(
    "C306",
    "cbf-illegal-move",
    Severity.ERROR,
    "A move is not legal in its position",
    what=(
        "Replays every line from the start position and reports a move that does not move "
        "a piece of the side to move by the rules, or leaves its own king attacked (the "
        "flying general included)."
    ),
    why=(
        "The record is wrong from this point; the reader keeps the moves before it and keeps "
        "it and the rest of that line as a comment (C311)."
    ),
    example=_cbf(moves='  <Move value="77-17"/>\n'),
    fixed=_cbf(moves='  <Move value="77-47"/>\n'),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §5.3",
        "docs/spec/board.md §5 (the rules; `xqformats/position.py`)",
    ),
)
DUPLICATE_MOVE = Rule(
    "C307",
    "cbf-duplicate-move",
    Severity.WARNING,
    "An alternative repeats a move already at that point; the two are merged",
    what=(
        "Reports a move that starts an alternative (by its `nid`) but plays the same move as "
        "the existing one; the reader merges them and continues below the existing move."
    ),
    why=(
        "Two identical siblings are one line written twice (the draft's second example "
        "repeats moves 19–20 at the start of its variation); merged, the tree is what the "
        "author meant."
    ),
    example=_draft(
        moves='  <Move nid="1" value="77-47"/>\n  <Move nid="2" value="10-22"/>\n'
        '  <Move nid="1" value="77-47"/>\n  <Move nid="2" value="70-62"/>\n'
    ),
    fixed=_draft(
        moves='  <Move nid="1" value="77-47"/>\n  <Move nid="2" value="10-22"/>\n'
        '  <Move nid="2" value="70-62"/>\n'
    ),
    example_kind="cbf",
    deviation=True,
    references=(
        "docs/spec/cbf.md §6.3",
        f"{_DRAFT}, post of 2007-12-25 14:28 (the second example: nid 19–20 after nid 44)",
    ),
)
MOVES_AFTER_END = Rule(
    "C308",
    "cbf-moves-after-end",
    Severity.ERROR,
    "A move without `nid` follows a move marked `end=\"1\"`",
    what=(
        "象棋桥's files mark the last move of the line with `end=\"1\"` and write no `nid`.  "
        "A move after it without `nid` cannot be placed in the tree: the files available "
        "show no variation, so where such a move branches is unknown.  The reader keeps "
        "it and every later move without `nid` as a comment (C311)."
    ),
    why="The moves would otherwise be read as a continuation and most likely be illegal.",
    example=_cbf(moves='  <Move value="77-47" end="1"/>\n  <Move value="70-62"/>\n'),
    fixed=_cbf(moves='  <Move nid="1" value="77-47" end="1"/>\n  <Move nid="1" value="79-67" end="1"/>\n'),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §6.2",
        "`docs/cbf.md` § Variations",
    ),
)
START_CONFLICT = Rule(
    "C309",
    "cbf-start-conflict",
    Severity.WARNING,
    "The `Board` and `FEN` elements give different start positions",
    what=(
        "Reports a Head with both the draft's `Board` and 象棋桥's `FEN` when they describe "
        "different positions.  The reader uses `FEN`."
    ),
    why="One of them is wrong, and the moves are checked against only one.",
    example=_cbf(f'  <Board value="{_START[:-3]}-b1"/>\n  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>\n'),
    fixed=_cbf(f'  <Board value="{_START}"/>\n  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>\n'),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §4.2",
        "the Board string: docs/spec/cbf.md §4.1",
        f"{_DRAFT}, post of 2007-12-30 8:52",
    ),
)
RESULT_CONFLICT = Rule(
    "C310",
    "cbf-result-conflict",
    Severity.WARNING,
    "The `Result` and `RecordResult` elements give different results",
    what=(
        "Reports a Head with both the draft's `Result value=…` and 象棋桥's `RecordResult` "
        "when the codes differ.  The reader uses `RecordResult`."
    ),
    why="One of them is wrong.",
    example=_cbf('  <Result value="1">红胜</Result>\n  <RecordResult>2</RecordResult>\n'),
    fixed=_cbf('  <Result value="2">黑胜</Result>\n  <RecordResult>2</RecordResult>\n'),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §3.4 (the codes: docs/spec/cbf.md §3.3)",
        f"{_DRAFT}, post of 2007-12-30 9:03",
    ),
)
MOVES_NOT_READ = Rule(
    "C311",
    "cbf-moves-not-read",
    Severity.INFO,
    "Moves after an unreadable or misplaced move are kept as a comment",
    what=(
        "Accompanies the first move the reader cannot place (C304, C305, C306, C308, a `Move` "
        "without `value` or with a `nid` that is no number, or every move when the start "
        "position is unreadable): that move and every move that continues it (its line and "
        "the variations inside it) are kept, in document order, as one comment on the last "
        "move read before it (before the first move when there is none), in the compact form "
        "`CBF moves not read: nid:value \"text\" …` (`docs/cbf.md` § Moves not read).  A "
        "converter carries the comment over, so nothing is lost."
    ),
    why="Those moves are not in the move tree.",
    use_instead="Fix the move reported with it.",
    example=_cbf(moves='  <Move value="77-47"/>\n  <Move value="70-63"/>\n  <Move value="79-67"/>\n'),
    fixed=_cbf(moves='  <Move value="77-47"/>\n  <Move value="70-62"/>\n  <Move value="79-67"/>\n'),
    example_kind="cbf",
    references=(
        "docs/spec/cbf.md §6.4",
        "`docs/cbf.md` § Moves not read",
        "the PGN reader's P301 does the same",
    ),
)
