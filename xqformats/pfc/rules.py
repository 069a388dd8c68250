"""The diagnostic codes of the PFC reader, declared once (ruff's model).

``N1xx``: PFC, the XML record of 鹏飞象棋 (N for its element, ``<n>``).  Every
finding is placed at a line and column of the decoded text.  ``example`` and
``fixed`` are whole PFC documents (``example_kind="pfc"``, UTF-8): read with
:func:`xqformats.pfc.read_pfc`, the example reports the rule and the fixed
text reports nothing (``tests/test_pfc.py`` checks every pair).
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topic of this module's code prefix (the lint catalogue's sections, docs/rules.md).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("N1", "PFC (鹏飞象棋)"),
)

_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
_VSCHESS = "vschess 2.6.6 (FastLight126/vschess): its PFC writer and reader, run as a black box"


def _pfc(moves: str = '<n m="h2e2" c="" default="true" />', *, root: str = "", decl: bool = True) -> str:
    """A small PFC document as vschess writes one (for rule examples)."""
    head = '<?xml version="1.0" encoding="utf-8"?>' if decl else ""
    return f'{head}<n version="2" win="*" m="{_START}" c=""{root}>{moves}</n>\n'


XML_SYNTAX = Rule(
    "N101",
    "pfc-xml-syntax",
    Severity.ERROR,
    "The file is not well-formed XML",
    what=(
        "Reports each error of the XML parser (libxml2) at the line and column it gives: a tag "
        "not closed, a `&` or `<` written bare inside a comment, a tree nested deeper than "
        "libxml2 reads (2,048 levels: one level a move).  What the parser's recovery mode "
        "salvages before the error is still read."
    ),
    why="A PFC file is XML; a reader that follows the standard stops at the first such error.",
    example=_pfc('<n m="h2e2" c="炮二平五 & 马八进七" default="true" />'),
    fixed=_pfc('<n m="h2e2" c="炮二平五 &amp; 马八进七" default="true" />'),
    example_kind="pfc",
    references=("docs/spec/pfc.md §2.1", "XML 1.0 §2.1 (well-formed documents)"),
)
XML_ENCODING = Rule(
    "N102",
    "pfc-xml-encoding",
    Severity.ERROR,
    "The XML declaration names an encoding the reader does not take",
    what=(
        "Reports an `encoding` other than UTF-8, UTF-16 (with a byte order mark), GBK, GB2312, "
        "GB18030 or ASCII.  The file is not read."
    ),
    why="The bytes cannot be turned into text, so nothing of the record can be read.",
    example=_pfc().replace("utf-8", "x-unknown", 1),
    fixed=_pfc(),
    example_kind="pfc",
    references=("docs/spec/pfc.md §2.2",),
)
XML_BYTES = Rule(
    "N103",
    "pfc-xml-bytes",
    Severity.WARNING,
    "Bytes that are not valid in the file's encoding",
    what=(
        "Reports the first byte that does not decode in the encoding the file declares (UTF-8 "
        "when it declares none), and a byte order mark that contradicts the declaration.  The "
        "text is read with U+FFFD in place of each such byte."
    ),
    why="The characters those bytes stood for are lost.",
    deviation=True,
    example_note="The file starts with a UTF-8 byte order mark (U+FEFF) but declares GBK.",
    example="\ufeff" + _pfc().replace("utf-8", "gbk", 1),
    fixed=_pfc(),
    example_kind="pfc",
    references=("docs/spec/pfc.md §2.2",),
)
XML_DOCTYPE = Rule(
    "N104",
    "pfc-xml-doctype",
    Severity.ERROR,
    "The file has a document type declaration",
    what=(
        "Reports a `<!DOCTYPE …>`.  The reader never loads a DTD and never expands an entity: "
        "a document whose DTD declares entities is not read at all (its attribute values "
        "would otherwise hold text the file does not show)."
    ),
    why=(
        "No PFC writer emits a DOCTYPE; in an untrusted file it is the vehicle of entity "
        "expansion attacks (billion laughs, external entities)."
    ),
    example='<!DOCTYPE n [<!ENTITY x "y">]>' + _pfc(decl=False),
    fixed=_pfc(),
    example_kind="pfc",
    references=("docs/spec/pfc.md §2.1", "the lxml FAQ (parsing untrusted XML)"),
)
NOT_PFC = Rule(
    "N105",
    "pfc-not-pfc",
    Severity.ERROR,
    "The document's root element is not `<n>`",
    what="Reports a document whose root element is another (or that has none).  No game is read.",
    why="Only an `<n>` tree is a PFC record; another XML document (a CBF record, say) is not one.",
    example='<?xml version="1.0" encoding="utf-8"?><node m="x"/>\n',
    fixed=_pfc(),
    example_kind="pfc",
    references=("docs/spec/pfc.md §2.3",),
)
SCHEMA_CONTENT = Rule(
    "N106",
    "pfc-schema-content",
    Severity.ERROR,
    "An element, text or required attribute breaks the PFC schema",
    what=(
        "Reports what `schemas/pfc.xsd` does not allow in the tree: an element other than "
        "`<n>`, text inside an `<n>`, an `<n>` without its `m`.  The reader skips what it "
        "cannot read (another element and what it holds; text) and reads the rest; a move "
        "without `m` and the line after it are kept as a comment (N110)."
    ),
    why="Another reader stops at it, or loses it in silence.",
    example=_pfc('<n m="h2e2" c="" default="true"><move/></n>'),
    fixed=_pfc(),
    example_kind="pfc",
    references=("docs/spec/pfc.md §3.1", "schemas/pfc.xsd"),
)
SCHEMA_ATTRIBUTE = Rule(
    "N107",
    "pfc-schema-attribute",
    Severity.WARNING,
    "An attribute that PFC does not define, or a value it does not take",
    what=(
        "Reports an attribute of a move's `<n>` other than `m`, `c` and `default` (it is not "
        "read: the model has no place for it), a `version` other than `2`, and a `default` "
        "that is not a boolean (read as `true` when it is not `false` or `0`, as vschess does)."
    ),
    why="What the attribute says is lost, or read as a guess.",
    deviation=True,
    example=_pfc('<n m="h2e2" c="" default="true" time="12" />'),
    fixed=_pfc(),
    example_kind="pfc",
    references=("docs/spec/pfc.md §3.1", "docs/spec/pfc.md §3.3", "schemas/pfc.xsd"),
)
MOVE_VALUE = Rule(
    "N108",
    "pfc-move-value",
    Severity.ERROR,
    "A move's `m` is not a move in ICCS",
    what=(
        "Reports an `m` that is not four characters: a file letter `a`–`i`, a rank digit, a file "
        "letter, a rank digit (`h2e2`).  The move and the line after it are kept as a comment "
        "(N110)."
    ),
    why="The move cannot be played, nor anything after it.",
    example=_pfc('<n m="h2-e2" c="" default="true" />'),
    fixed=_pfc(),
    example_kind="pfc",
    references=("docs/spec/pfc.md §3.2", "schemas/pfc.xsd"),
)
ILLEGAL_MOVE = Rule(
    "N109",
    "pfc-illegal-move",
    Severity.ERROR,
    "A move that is not legal in its position",
    what=(
        "Reports a move from an empty point, of the side not to move, or one the piece cannot "
        "make (docs/spec/board.md §5).  It and the line after it are kept as a comment (N110)."
    ),
    why="The game cannot be replayed past it.",
    example=_pfc('<n m="e0e2" c="" default="true" />'),
    fixed=_pfc(),
    example_kind="pfc",
    references=("docs/spec/pfc.md §3.2", "docs/spec/board.md §5"),
)
MOVES_NOT_READ = Rule(
    "N110",
    "pfc-moves-not-read",
    Severity.WARNING,
    "Moves kept as a comment because a move before them cannot be played",
    what=(
        "Reports, at the move that cannot be played (N106, N108, N109, or a start position "
        "that cannot be read), that it and every move after it on its line are kept as one "
        "comment on the last move read (`PFC moves not read: e0e2 h9g7`), so nothing is lost."
    ),
    why="Those moves are text now, not moves: a viewer cannot play them.",
    example=_pfc('<n m="e0e2" c="" default="true"><n m="h9g7" c="" default="true" /></n>'),
    fixed=_pfc('<n m="h2e2" c="" default="true"><n m="h9g7" c="" default="true" /></n>'),
    example_kind="pfc",
    references=("docs/spec/pfc.md §3.4",),
)
DEFAULT_TWICE = Rule(
    "N111",
    "pfc-default-twice",
    Severity.WARNING,
    "More than one child of a move is marked `default`",
    what=(
        "Reports a second `default=\"true\"` among the children of one `<n>`.  The first child "
        "so marked is the main line; the others are variations, in document order."
    ),
    why="Readers disagree on which line is the main one (vschess takes the last).",
    deviation=True,
    example=_pfc('<n m="h2e2" c="" default="true" /><n m="b2e2" c="" default="true" />'),
    fixed=_pfc('<n m="h2e2" c="" default="true" /><n m="b2e2" c="" />'),
    example_kind="pfc",
    references=("docs/spec/pfc.md §3.3",),
)
RESULT_VALUE = Rule(
    "N112",
    "pfc-result-value",
    Severity.WARNING,
    "The result `win` is not a known result, or `result` contradicts it",
    what=(
        "Reports a `win` that is neither a PGN result (`1-0`, `0-1`, `1/2-1/2`, `*`) nor a "
        "result word (`红胜`, `和棋`, …), and a `result` attribute that names another result.  "
        "The result is `win`'s (unknown, `*`, when it is not a result); the value that was not "
        "used is kept as the header `PFC_win` or `PFC_result`."
    ),
    why="The game's result is unknown or doubtful.",
    deviation=True,
    example=_pfc(root=' result="0-1"').replace('win="*"', 'win="1-0"'),
    fixed=_pfc(root=' result="1-0"').replace('win="*"', 'win="1-0"'),
    example_kind="pfc",
    references=("docs/spec/pfc.md §4.2",),
)
ATTRIBUTE_LOST = Rule(
    "N113",
    "pfc-attribute-lost",
    Severity.WARNING,
    "An information attribute whose name cannot be a header name",
    what=(
        "Reports an attribute of the root whose name is not a header name (headers are named "
        "in ASCII letters, digits and `_+#=:-`, e.g. a name in Chinese characters).  It is not "
        "read."
    ),
    why="Its value is lost on reading; a converter cannot write it elsewhere.",
    example=_pfc(root=' 赛事="全国赛"'),
    fixed=_pfc(root=' event="全国赛"'),
    example_kind="pfc",
    references=("docs/spec/pfc.md §4.3",),
)

#: Every rule of the PFC reader, in code order.
RULES = (
    XML_SYNTAX,
    XML_ENCODING,
    XML_BYTES,
    XML_DOCTYPE,
    NOT_PFC,
    SCHEMA_CONTENT,
    SCHEMA_ATTRIBUTE,
    MOVE_VALUE,
    ILLEGAL_MOVE,
    MOVES_NOT_READ,
    DEFAULT_TWICE,
    RESULT_VALUE,
    ATTRIBUTE_LOST,
)
