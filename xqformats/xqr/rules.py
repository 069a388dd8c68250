"""The diagnostic codes of the XQR reader, declared once (ruff's model).

``V1xx``: XQR (XiangQi Replay), the open binary record proposal.  Every
finding is placed at a byte offset (``path:@0x8d:``); each rule cites the
clause of ``docs/spec/xqr.md`` it checks.  The rules have no text examples:
the inputs are binary, and ``tests/test_xqr.py`` builds a file for each rule
and checks that it fires, and that the file without the fault reports
nothing.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("V1", "XQR"),
)

_SAMPLE = "the sample file res/1.xqr of the repository pengguang001/xqr"


TRUNCATED = Rule(
    "V101",
    "xqr-truncated",
    Severity.ERROR,
    "The file ends inside an item, a node or a comment, or before the item `move` or `crc`",
    what=(
        "Reports the byte offset where the data ran out: inside a header item whose length "
        "byte promises more bytes than there are, before the item `move`, inside the move "
        "tree (a node announced and not there, a comment cut short), or before the CRC.  What "
        "was read before it is kept: the headers, the moves, the comments."
    ),
    why="The rest of the game is missing: the file was cut short (a failed download or copy).",
    references=("docs/spec/xqr.md §2.1", "docs/spec/xqr.md §3.3", "docs/spec/xqr.md §4.1"),
)
UNDECODABLE_TEXT = Rule(
    "V102",
    "xqr-undecodable-text",
    Severity.WARNING,
    "A header text or a comment is not valid UTF-8",
    what=(
        "Reports a text item or a comment whose bytes are not UTF-8.  The text is kept, with "
        "U+FFFD for each byte that does not decode."
    ),
    why="Those characters are lost; the rest of the text is kept.",
    deviation=True,
    references=("docs/spec/xqr.md §2.1", "docs/spec/xqr.md §3.3"),
)
MAGIC = Rule(
    "V103",
    "xqr-magic",
    Severity.ERROR,
    "The file does not start with the item `magic` (00 02 20 17)",
    what="Reports a file whose first four bytes are not the item `magic`.  Nothing is read.",
    why="The proposal says such a file is no XQR file.",
    references=("docs/spec/xqr.md §2.3", _SAMPLE),
)
UNKNOWN_ITEM = Rule(
    "V104",
    "xqr-unknown-item",
    Severity.WARNING,
    "A header item has a type the proposal does not define, or is a second `magic` or a `crc`",
    what=(
        "Reports a header item of type 11–255, or of type 0 or 10 after the first item.  Its "
        "value is not read; the items after it are."
    ),
    why="What it holds is not known: a writer of another revision, or damaged data.",
    deviation=True,
    references=("docs/spec/xqr.md §2.2",),
)
VERSION = Rule(
    "V105",
    "xqr-version",
    Severity.WARNING,
    "The item `version` is not one byte 0",
    what="Reports a `version` item whose value is not the one byte 0.  The file is read as version 0.",
    why="The file may follow another revision of the proposal, which this reader does not know.",
    deviation=True,
    references=("docs/spec/xqr.md §2.4", _SAMPLE),
)
RESULT_CODE = Rule(
    "V106",
    "xqr-result-code",
    Severity.WARNING,
    "The item `result` is not one byte 0–3",
    what=(
        "Reports a `result` item whose value is not one byte 0 (unknown), 1 (Red won), 2 "
        "(Black won) or 3 (a draw).  The result is read as unknown (`*`)."
    ),
    why="The result is lost.",
    deviation=True,
    references=("docs/spec/xqr.md §2.5", _SAMPLE),
)
BAD_FEN = Rule(
    "V107",
    "xqr-bad-fen",
    Severity.ERROR,
    "The item `fen` is not a valid FEN",
    what=(
        "Reports a `fen` item that is not a valid FEN.  A board that cannot be read gives the "
        "initial position, Red to move; a board that can be read but is no legal position (a "
        "side without its king, say) is the start as written, as a PGN FEN tag's is."
    ),
    why="The start position is not known, and the moves read from the initial one may be illegal.",
    references=("docs/spec/xqr.md §2.6", "docs/spec/fen.md §2"),
)
MOVE_LENGTH = Rule(
    "V108",
    "xqr-move-length",
    Severity.WARNING,
    "The length byte of the item `move` is not 0",
    what="Reports a `move` item whose length byte is not 0.  The tree is read from right after the byte all the same.",
    why="A writer of another revision may mean something else by it.",
    deviation=True,
    references=("docs/spec/xqr.md §2.7", _SAMPLE),
)
OFF_BOARD = Rule(
    "V109",
    "xqr-off-board",
    Severity.ERROR,
    "A node's point is off the board",
    what=(
        "Reports a node whose from- or to-point has a row past 9 or a column past 8 (the high "
        "and low four bits of the byte).  It and the line after it are kept as a comment (V112)."
    ),
    why="The move cannot be decoded.",
    references=("docs/spec/xqr.md §3.1", _SAMPLE),
)
ROOT_SIBLING = Rule(
    "V110",
    "xqr-root-sibling",
    Severity.WARNING,
    "The root node says it has a sibling",
    what=(
        "Reports a root node (the start position) whose flag bit 1 is set.  The subtree it "
        "announces is read over, and its moves are kept as a comment on the start (V112)."
    ),
    why="There is nothing to play an alternative to the start position from.",
    deviation=True,
    references=("docs/spec/xqr.md §3.2",),
)
ILLEGAL_MOVE = Rule(
    "V111",
    "xqr-illegal-move",
    Severity.ERROR,
    "A move is not legal in its position",
    what=(
        "Replays the tree from the start position and reports a move that does not move a "
        "piece of the side to move by the rules, or leaves its own king attacked.  It and the "
        "line after it are kept as a comment (V112)."
    ),
    why="The record is wrong from this point.",
    references=("docs/spec/xqr.md §3.4", "docs/spec/board.md §5 (the rules)"),
)
MOVES_NOT_READ = Rule(
    "V112",
    "xqr-moves-not-read",
    Severity.INFO,
    "A move that cannot be played and its line after it are kept as a comment",
    what=(
        "Accompanies V109, V110 and V111: the move reported and its line after it, in preorder, "
        "are kept as one comment on the last move played before it, in the form `XQR moves not "
        "read: h2e2 \"comment\" h9g7`.  A converter carries the comment over, so nothing is lost."
    ),
    why="Those moves are not in the move tree.",
    use_instead="Fix the move reported with it.",
    references=("docs/spec/xqr.md §3.5",),
)
CRC_MISMATCH = Rule(
    "V113",
    "xqr-crc-mismatch",
    Severity.ERROR,
    "The CRC does not match the file's bytes",
    what=(
        "Reports a `crc` item whose value is not the CRC-32 of the bytes before it.  The game "
        "is read all the same."
    ),
    why="The file was changed after it was written: some of what is read may be wrong.",
    references=("docs/spec/xqr.md §4.1", _SAMPLE),
)
CRC_ITEM = Rule(
    "V114",
    "xqr-crc-item",
    Severity.ERROR,
    "The move tree is not followed by the item `crc` of length 4",
    what=(
        "Reports the byte after the tree when it is not the type 10 of the item `crc`, or when "
        "that item's length is not 4.  The rest of the file is not read, and no CRC is checked."
    ),
    why="The tree's flags and the data disagree: the file is damaged, or of another revision.",
    references=("docs/spec/xqr.md §4.1",),
)
TRAILING_BYTES = Rule(
    "V115",
    "xqr-trailing-bytes",
    Severity.WARNING,
    "Bytes follow the item `crc`",
    what="Reports the bytes after the item that ends the file.  They are not read.",
    why="A writer puts nothing there; the bytes may be a second record glued on.",
    deviation=True,
    references=("docs/spec/xqr.md §4.2",),
)
