"""The diagnostic codes of the XQF reader, declared once (ruff's model).

Ranges: ``X1xx`` the file as a whole (size, signature, version, keys, the
extent of the move tree); ``X2xx`` the header's fields (strings, result,
type, side to move); ``X3xx`` the start position and the moves.  Every
diagnostic is positioned by byte offset (:meth:`DiagnosticSink.report_bytes`).

XQF is binary, so the rules carry no text example; each is pinned by a test
that builds the bytes (``tests/test_xqf_rules.py``).
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("X1", "XQF: the file and its keys"),
    ("X2", "XQF: header fields"),
    ("X3", "XQF: start position and moves"),
)


# ---------------------------------------------------------------- X1xx the file

SHORT_HEADER = Rule(
    "X101",
    "xqf-short-header",
    Severity.ERROR,
    "The file is shorter than the 1024-byte XQF header",
    what="Reports an XQF file of fewer than 1024 bytes.",
    why="Every XQF file starts with a 1024-byte header; without it nothing can be read.",
    references=("docs/spec/xqf.md §2.1 (the layout: `schemas/xqf.ksy`)",),
)
SIGNATURE = Rule(
    "X102",
    "xqf-signature",
    Severity.ERROR,
    "The file does not start with the signature `XQ`",
    what="Reports a file whose first two bytes are not `XQ`.  Nothing else is read.",
    why="It is not an XQF file (or is damaged beyond reading).",
    references=("docs/spec/xqf.md §2.1",),
)
VERSION = Rule(
    "X103",
    "xqf-version",
    Severity.ERROR,
    "The version byte is not one of 10 to 18",
    what=(
        "Reports a version byte outside 10–18.  A version below 10 is read as 10 (no keys), one "
        "above 18 as 18."
    ),
    why="XQStudio refuses versions above the one it writes (18); the reading may be wrong.",
    references=("docs/spec/xqf.md §2.3",),
)
KEY_CHECKSUM = Rule(
    "X104",
    "xqf-key-checksum",
    Severity.ERROR,
    "The four keys do not sum to 0 modulo 256",
    what=(
        "From version 11, reports a header whose `KeysSum`, `KeyXY`, `KeyXYf` and `KeyXYt` do "
        "not add up to 0 modulo 256.  The file is read with its keys anyway."
    ),
    why=(
        "XQStudio refuses such a file: the keys are damaged, and the squares and moves decoded "
        "with them are likely wrong."
    ),
    references=("docs/spec/xqf.md §3.1",),
)
TREE_TRUNCATED = Rule(
    "X105",
    "xqf-tree-truncated",
    Severity.ERROR,
    "The move tree ends before the records it announces",
    what=(
        "Reports where the move tree stops short: a record cut by the end of the file, a "
        "comment longer than what remains, or (from version 11) a comment length below the "
        "comment key.  Every record before it is kept."
    ),
    why="The file is cut or damaged; moves are missing.",
    references=("docs/spec/xqf.md §4.1",),
)
TRAILING_BYTES = Rule(
    "X106",
    "xqf-trailing-bytes",
    Severity.WARNING,
    "Bytes follow the end of the move tree",
    what=(
        "Reports bytes after the last record of the tree (the record that announces no "
        "further one).  They are not read."
    ),
    why="XQStudio ignores them; they may be a second tree written over a longer file, or damage.",
    deviation=True,
    references=("docs/spec/xqf.md §4.1",),
)

# ---------------------------------------------------------------- X2xx the header

STRING_LENGTH = Rule(
    "X201",
    "xqf-string-length",
    Severity.WARNING,
    "A header string's length byte is larger than its field",
    what=(
        "Reports a short string whose length byte exceeds the field's capacity (a title of "
        "70 bytes in a 63-byte field).  The reader keeps the field's bytes only."
    ),
    why="The bytes past the field belong to the next field.",
    deviation=True,
    references=("docs/spec/xqf.md §2.2",),
)
HALF_CHARACTER = Rule(
    "X202",
    "xqf-half-character",
    Severity.WARNING,
    "A header string ends in half a GBK character",
    what=(
        "Reports a header string whose last byte is the first byte of a two-byte GBK "
        "character (a name cut at 15 or 63 bytes).  The half character is not kept."
    ),
    why="The writer cut the text in the middle of a character.",
    deviation=True,
    references=("docs/spec/xqf.md §2.2",),
)
STRING_BYTES = Rule(
    "X203",
    "xqf-string-bytes",
    Severity.WARNING,
    "A header string has bytes that are not GBK text",
    what=(
        "Reports a header string with bytes GBK (read as GB18030) cannot decode; each is "
        "kept as U+FFFD."
    ),
    why="The text is damaged or in another encoding.",
    references=("docs/spec/xqf.md §2.2",),
)
RESULT_CODE = Rule(
    "X204",
    "xqf-result-code",
    Severity.WARNING,
    "The result byte is not 0 to 3",
    what=(
        "Reports a `PlayResult` other than 0 (unknown), 1 (Red wins), 2 (Black wins) or 3 "
        "(draw).  The result is read as unknown (`*`)."
    ),
    why="Real files hold 4, whose meaning no source gives; readers disagree (one reads a draw).",
    deviation=True,
    references=("docs/spec/xqf.md §2.5",),
)
GAME_TYPE = Rule(
    "X205",
    "xqf-game-type",
    Severity.WARNING,
    "The game type is not 0 to 3",
    what=(
        "Reports a game type other than 0 (全局), 1 (布局), 2 (中局) or 3 (残局).  The code is "
        "kept in the `Type` header."
    ),
    why="No source defines other codes.",
    deviation=True,
    references=("docs/spec/xqf.md §2.5",),
)
WHO_PLAY = Rule(
    "X206",
    "xqf-who-play",
    Severity.WARNING,
    "The side to move in the header disagrees with the first move",
    what=(
        "Reports a `WhoPlay` byte that names the other side than the piece the first move "
        "moves, or is neither 0 nor 1.  The first move decides."
    ),
    why="One of the two is wrong; the moves are what the file records.",
    deviation=True,
    references=("docs/spec/xqf.md §2.4",),
)

# ---------------------------------------------------------------- X3xx position and moves

DOUBLED_SQUARE = Rule(
    "X301",
    "xqf-doubled-square",
    Severity.ERROR,
    "Two pieces of the start position stand on one point",
    what=(
        "Reports a piece slot whose decoded point is already taken by an earlier slot.  The "
        "earlier piece stays."
    ),
    why="The start position is damaged (or the keys are).",
    references=("docs/spec/xqf.md §3.4",),
)
KING_COUNT = Rule(
    "X302",
    "xqf-king-count",
    Severity.ERROR,
    "The start position lacks a king",
    what="Reports a start position without a Red or a Black king on the board.",
    why="No game has such a position; the moves cannot be checked properly.",
    references=("docs/spec/xqf.md §3.4",),
)
EMPTY_SQUARE = Rule(
    "X303",
    "xqf-empty-square",
    Severity.ERROR,
    "A move starts from an empty point",
    what=(
        "Replays every line and reports a move whose from-point is empty.  That move and "
        "the line after it are kept as a comment (X306)."
    ),
    why="The record is wrong from this move on.",
    references=("docs/spec/xqf.md §4.4",),
)
ILLEGAL_MOVE = Rule(
    "X304",
    "xqf-illegal-move",
    Severity.ERROR,
    "A move is not legal in its position",
    what=(
        "Replays every line and reports a move that does not move a piece of the side to "
        "move by the rules, or leaves its own king attacked.  That move and the line after "
        "it are kept as a comment (X306)."
    ),
    why="The record is wrong from this move on.",
    references=(
        "docs/spec/xqf.md §4.4",
        "docs/spec/board.md §5 (the rules)",
    ),
)
OFF_BOARD = Rule(
    "X305",
    "xqf-off-board",
    Severity.ERROR,
    "A move's decoded points are not on the board",
    what=(
        "Reports a move whose from- or to-byte decodes to a value above 89 (x·10 + y).  That "
        "move and the line after it are kept as a comment (X306)."
    ),
    why="The record or its keys are damaged.",
    references=("docs/spec/xqf.md §4.4",),
)
MOVES_NOT_READ = Rule(
    "X306",
    "xqf-moves-not-read",
    Severity.INFO,
    "Moves after an unplayable move are kept as a comment",
    what=(
        "Accompanies X303, X304 and X305: that move and every move that continues it (its "
        "line and the alternatives inside it) are kept, in file order, as one comment on the "
        "last move read before it, in the form `XQF moves not read: h2e2 \"comment\" h9g7 …` "
        "(points as ICCS, `?` for a byte off the board, comments as JSON strings).  Its "
        "alternatives (the siblings of the move) are read as usual."
    ),
    why="Those moves are not in the move tree.",
    references=(
        "docs/spec/xqf.md §4.4",
        "`docs/xqf.md` § Moves not read",
    ),
)
COMMENT_BYTES = Rule(
    "X307",
    "xqf-comment-bytes",
    Severity.WARNING,
    "A comment has bytes that are not GBK text",
    what=(
        "Reports a comment with bytes GBK (read as GB18030) cannot decode, such as the first "
        "byte of a two-byte character standing before a line break; each is kept as U+FFFD."
    ),
    why="The text is damaged; nothing is dropped, but the character is lost.",
    references=("docs/spec/xqf.md §4.3",),
)
