"""The diagnostic codes of the CBR and CBL readers, declared once (ruff's model).

``B1xx``: the binary records of 象棋桥, a game (CBR) or a library of games
(CBL).  Every finding is placed at a byte offset (``path:@0x412:``); each rule
cites the clause of ``docs/spec/cbr.md`` it checks.  The rules have no text
examples: the inputs are binary, and ``tests/test_cbr_rules.py`` builds a file
for each rule and checks that it fires, and that the file without the fault
reports nothing.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("B1", "CBR and CBL"),
)

_DOC = "the description 象棋桥文件格式 (the CBR and CBL layouts, published in the repository walker8088/cchess)"


TRUNCATED = Rule(
    "B101",
    "cbr-truncated",
    Severity.ERROR,
    "The file ends inside the header, a move record or a comment",
    what=(
        "Reports the byte offset where the data ran out, and what was being read there.  The "
        "moves read before it are kept."
    ),
    why="The rest of the game is missing: the file was cut short (a failed download or copy).",
    references=(
        "docs/spec/cbr.md §2.2",
        _DOC,
    ),
)
SIGNATURE = Rule(
    "B102",
    "cbr-signature",
    Severity.ERROR,
    "The file does not start with the signature of a CBR or CBL file",
    what=(
        "Reports a file read as CBR that does not start with `CCBridge Record` and a NUL byte, "
        "or one read as CBL that does not start with `CCBridgeLibrary` and a NUL byte.  "
        "Nothing else is read."
    ),
    why=(
        "Without the signature the bytes are something else, and reading fields from them "
        "gives nonsense."
    ),
    references=(
        "docs/spec/cbr.md §2.1 (CBR), docs/spec/cbr.md §5.1 (CBL)",
        _DOC,
    ),
)
RECORD_KIND = Rule(
    "B103",
    "cbr-record-kind",
    Severity.WARNING,
    "The record's kind byte is not 2",
    what=(
        "Reports byte 19 of a record when it is not 2, the value of every known record.  The "
        "record is read as if it were 2."
    ),
    why=(
        "The description gives 3 for a newer format that needs a newer 象棋桥, and 1 for one "
        "that shows a dialog; their layouts are not known, so the reading may be wrong."
    ),
    deviation=True,
    references=(
        "docs/spec/cbr.md §2.1",
        f"{_DOC} (offset 19)",
    ),
)
UNTERMINATED_TEXT = Rule(
    "B104",
    "cbr-unterminated-text",
    Severity.WARNING,
    "A text field fills its whole field with no NUL code unit",
    what=(
        "Reports a fixed text field (title, players, …) in which no NUL code unit ends the "
        "text.  The whole field is read as the text."
    ),
    why=(
        "象棋桥 ends every text with a NUL; without it the text may have been cut at the "
        "field's size."
    ),
    deviation=True,
    references=(
        "docs/spec/cbr.md §2.3",
        _DOC,
    ),
)
UNDECODABLE_TEXT = Rule(
    "B105",
    "cbr-undecodable-text",
    Severity.WARNING,
    "A text is not valid UTF-16LE",
    what=(
        "Reports a text field or a comment holding a lone surrogate or an odd number of "
        "bytes.  The text is kept, with U+FFFD for each bad code unit."
    ),
    why="Those characters are lost; the rest of the text is kept.",
    references=(
        "docs/spec/cbr.md §2.3 (fields), docs/spec/cbr.md §2.4 (comments)",
        _DOC,
    ),
)
BOARD_PIECE = Rule(
    "B106",
    "cbr-board-piece",
    Severity.ERROR,
    "A byte of the start position is no piece",
    what=(
        "Reports a byte of the 90-byte start position that is neither 0 (empty) nor one of "
        "0x11–0x17 (Red) and 0x21–0x27 (Black).  The point is read as empty."
    ),
    why=(
        "The start position is not what the author set up, and the moves may not be legal "
        "in the position read."
    ),
    references=(
        "docs/spec/cbr.md §3.4",
        f"{_DOC} (the board table)",
    ),
)
SIDE_TO_MOVE = Rule(
    "B107",
    "cbr-side-to-move",
    Severity.WARNING,
    "The side to move is neither 1 (Red) nor 2 (Black)",
    what="Reports byte 2112 when it is not 1 or 2.  Red is taken to move.",
    why="The moves are checked against the side to move.",
    references=(
        "docs/spec/cbr.md §3.4",
        f"{_DOC} (offset 2112)",
    ),
)
RESULT_CODE = Rule(
    "B108",
    "cbr-result-code",
    Severity.WARNING,
    "The result code is not one of 0–4",
    what=(
        "Reports byte 2076 when it is above 4.  The result is read as unknown (`*`) and the "
        "code kept in the header `RecordResult`."
    ),
    why="The code has no known meaning.",
    references=(
        "docs/spec/cbr.md §3.3",
        f"{_DOC} (offset 2076)",
    ),
)
SEVERAL_RESULTS = Rule(
    "B109",
    "cbr-several-results",
    Severity.INFO,
    "The result code is 4, several results",
    what=(
        "Reports result code 4 (多种结果): the record's lines end differently.  The result "
        "is read as unknown (`*`) and the code kept in the header `RecordResult`."
    ),
    why="The model, like PGN, has one result per game; a converter writes `*`.",
    references=(
        "docs/spec/cbr.md §3.3",
        f"{_DOC} (offset 2076)",
    ),
)
MOVE_POINT = Rule(
    "B110",
    "cbr-move-point",
    Severity.ERROR,
    "A move record names a point off the board, or the same point twice",
    what=(
        "Reports a move record whose from or to point is above 89, or whose two points are "
        "the same.  The record and the rest of its line are kept as a comment (B112)."
    ),
    why="The move cannot be decoded.",
    references=(
        "docs/spec/cbr.md §4.3",
        f"{_DOC} (the move records)",
    ),
)
ILLEGAL_MOVE = Rule(
    "B111",
    "cbr-illegal-move",
    Severity.ERROR,
    "A move is not legal in its position",
    what=(
        "Replays every line from the start position and reports a move that does not move a "
        "piece of the side to move by the rules, or leaves its own king attacked.  The move "
        "and the rest of its line are kept as a comment (B112)."
    ),
    why="The record is wrong from this point.",
    references=(
        "docs/spec/cbr.md §4.3",
        "docs/spec/board.md §5 (the rules)",
    ),
)
MOVES_NOT_READ = Rule(
    "B112",
    "cbr-moves-not-read",
    Severity.INFO,
    "Moves after an unreadable or illegal move are kept as a comment",
    what=(
        "Accompanies B110 and B111: the move reported and every record that continues it "
        "(its line and the alternatives inside it) are kept, in file order, as one comment on "
        "the last move read before it, in the form `CBR moves not read: H2-E2 \"text\" / …` "
        "(`docs/cbr.md` § Moves not read).  A converter carries the comment over, so nothing "
        "is lost; alternatives to the reported move itself are read as usual."
    ),
    why="Those moves are not in the move tree.",
    use_instead="Fix the move reported with it.",
    references=(
        "docs/spec/cbr.md §4.4",
        "the CBF reader's C311 does the same",
    ),
)
TRAILING_BYTES = Rule(
    "B113",
    "cbr-trailing-bytes",
    Severity.WARNING,
    "Bytes follow the end of the move tree, the library's last slot, or a comment's NUL",
    what=(
        "Reports bytes after the last record of the move tree (in a CBR file, or within the "
        "length a CBL index gives the record), after the last slot a CBL index accounts for, "
        "or non-zero bytes after the NUL code unit that ends a comment.  They are not read."
    ),
    why=(
        "A writer puts nothing there; the bytes may be a second record glued on, or a "
        "damaged tree that ended early."
    ),
    references=(
        "docs/spec/cbr.md §4.2",
        "docs/spec/cbr.md §2.4 (comments), docs/spec/cbr.md §5.3 (library slots)",
        _DOC,
    ),
)
DELETED_ENTRY = Rule(
    "B114",
    "cbl-deleted-entry",
    Severity.INFO,
    "A library entry is marked deleted; its game is skipped",
    what=(
        "Reports each index entry of a CBL library whose state is 5 (deleted), with the "
        "entry's index and the offset of its record.  The record still occupies its slots; "
        "it is not read."
    ),
    why=(
        "象棋桥 hides deleted games but keeps their bytes until the library is compacted; "
        "a reader that shows them resurrects what the user deleted."
    ),
    references=(
        "docs/spec/cbr.md §5.2",
        f"{_DOC} (the deleted flag at offset 56)",
    ),
)
COMPRESSED_LIBRARY = Rule(
    "B115",
    "cbl-compressed",
    Severity.WARNING,
    "The library is in the compressed variant, which is not read",
    what=(
        "Reports a file that starts with `CCBridge`, then not `Record` or `Library` but "
        "three numbers and a zlib stream: a later variant of the library whose record layout "
        "inside the stream is undocumented.  No game is read from it."
    ),
    why=(
        "Its games are not checked; open it in 象棋桥 and save it as a plain library (or "
        "export the games as CBR or PGN) to lint them."
    ),
    references=("docs/spec/cbr.md §5.4",),
)
ENTRY_STATE = Rule(
    "B116",
    "cbl-entry-state",
    Severity.WARNING,
    "A library entry's state is not 0, 5 or 7",
    what=(
        "Reports an index entry whose state is unknown.  An entry that owns slots is read as "
        "a game; one that owns none is skipped."
    ),
    why="The meaning of the state is unknown, so the game may be one the user deleted.",
    references=(
        "docs/spec/cbr.md §5.2",
        _DOC,
    ),
)
RECORD_OUTSIDE = Rule(
    "B117",
    "cbl-record-outside",
    Severity.ERROR,
    "A library entry's record lies past the end of the file, or is not a CBR record",
    what=(
        "Reports an index entry whose slots, counted from the start of the records, end "
        "past the end of the file, whose length does not fit its slots, or whose first slot "
        "does not start with the CBR signature.  That game is not read."
    ),
    why="The index and the records disagree: the library was cut short or damaged.",
    references=(
        "docs/spec/cbr.md §5.3",
        _DOC,
    ),
)
RECORD_LENGTH = Rule(
    "B118",
    "cbl-record-length",
    Severity.WARNING,
    "A record's move tree ends past the length its index entry gives",
    what=(
        "Reports a record whose move tree, read by its flags, runs past the length in its "
        "index entry (but within its slots).  The record is read to the end of its tree."
    ),
    why="One of the two is wrong; the index's length is what other readers trust.",
    references=(
        "docs/spec/cbr.md §5.3",
        _DOC,
    ),
)
