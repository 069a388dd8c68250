"""Diagnostic rules of move notation: M1xx shape, M2xx resolution, M3xx legality, M4xx style.

Each rule's ``example`` is a move text (``example_kind="move"``) that triggers it
in the position :data:`EXAMPLE_FENS` gives for its code (the starting position
when absent); ``fixed`` is the corrected text, which does not trigger it.
tests/test_notation.py checks every example and fix.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

__all__ = [
    "EXAMPLE_FENS",
    "NOT_A_MOVE",
    "NOTATION_MISMATCH",
    "NO_SUCH_PIECE",
    "AMBIGUOUS",
    "UNREACHABLE",
    "BAD_MARKER",
    "WRONG_SIDE_DIGITS",
    "MISSING_MARKER",
    "BLOCKED",
    "KING_IN_CHECK",
    "KINGS_FACING",
    "WXF_PIECE_LETTER",
    "WXF_TRAVERSE_SIGN",
    "FULLWIDTH",
    "NONCANONICAL_LOCATOR",
    "ICCS_SPELLING",
    "TRADITIONAL",
    "CHINESE_FULLWIDTH_DIGITS",
    "OTHER_SIDE_NAME",
]

#: Position of each rule's example (FEN), where it is not the starting position.
EXAMPLE_FENS: dict[str, str] = {
    # Red pawns on c4 and c6 (file 七), both free to advance.
    "M202": "rnbakabnr/9/1c5c1/p1P1p1p1p/9/2P6/P5P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "M404": "rnbakabnr/9/1c5c1/p1P1p1p1p/9/2P6/P5P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    # Red pawns on e9 and e5: only the one on e5 can advance.
    "M206": "4P4/3k5/9/9/4P4/9/9/9/9/4K4 w - - 0 1",
    # Red rook on e1 pinned by a Black rook on e7.
    "M302": "3k5/9/4r4/9/9/9/9/9/4R4/4K4 w - - 0 1",
    # The Red advisor on e1 is all that stands between the kings.
    "M303": "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
    # Black to move after 炮二平五.
    "M401": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "M407": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
}

_REF = "References: `docs/notation.md`; `NOTES.md` § Chinese notation, § WXF; `notation-fen-paper-002.txt` §2.2."

# ---------------------------------------------------------------- M1xx shape
NOT_A_MOVE = Rule(
    "M101",
    "not-a-move",
    Severity.ERROR,
    "The text does not have the shape of a move in any notation",
    doc="**What it does** Checks a move text against the grammars in `grammars/` "
    "(`chinese.lark`, `wxf.lark`, `iccs.lark`).\n\n**Why is this bad?** A move that no "
    "grammar accepts cannot be read at all.\n\n" + _REF,
    example="炮二平",
    fixed="炮二平五",
    example_kind="move",
)
NOTATION_MISMATCH = Rule(
    "M102",
    "notation-mismatch",
    Severity.WARNING,
    "The move is written in another notation than the one expected",
    doc="**What it does** Flags a move whose notation differs from the one the record "
    "declares (PGN `Format`). The move is still read in the notation it is written in.\n\n"
    "**Why is this bad?** Readers that trust the declaration fail on it.\n\n" + _REF,
    example="H2-E2",
    fixed="炮二平五",
    example_kind="move",
    deviation=True,
)

# ---------------------------------------------------------------- M2xx resolution
NO_SUCH_PIECE = Rule(
    "M201",
    "no-such-piece",
    Severity.ERROR,
    "No piece of the side to move of that kind stands on that file",
    doc="**What it does** Resolves the piece and file of a move against the position.\n\n"
    "**Why is this bad?** The move names a piece that is not there; the record is "
    "corrupt or belongs to another position.\n\n" + _REF,
    example="车二进一",
    fixed="车一进一",
    example_kind="move",
)
AMBIGUOUS = Rule(
    "M202",
    "ambiguous-piece",
    Severity.ERROR,
    "Two or more like pieces could make the move; a front/rear marker is needed",
    doc="**What it does** Flags a move naming a file where two or more like pieces "
    "stand without saying which (前/后, `+`/`-`, or a pawn ordinal).\n\n"
    "**Why is this bad?** The move cannot be read unambiguously.\n\n" + _REF,
    example="兵七进一",
    fixed="前兵进一",
    example_kind="move",
)
UNREACHABLE = Rule(
    "M203",
    "unreachable-destination",
    Severity.ERROR,
    "The piece cannot move as the action and number say",
    doc="**What it does** Computes the destination from the action (进/退/平) and number: "
    "a step count for straight movers, a destination file for diagonal movers, and "
    "checks that the piece can move that way on an empty board (a horse advancing to "
    "a file it cannot reach, an elephant moving sideways, a pawn retreating).\n\n"
    "**Why is this bad?** No such move exists.\n\n" + _REF,
    example="马二进五",
    fixed="马二进三",
    example_kind="move",
)
BAD_MARKER = Rule(
    "M204",
    "marker-does-not-fit",
    Severity.ERROR,
    "A front/middle/rear marker or ordinal does not fit the pieces on the board",
    doc="**What it does** Checks that 前/后 (`+`/`-`) name one of two or more like pieces "
    "on a file, that 中 names the middle of three, and that an ordinal 一…五 (`a`…`e`) "
    "does not exceed the number of stacked pawns.\n\n**Why is this bad?** The marker "
    "points at no piece.\n\n" + _REF,
    example="前炮平四",
    fixed="炮二平四",
    example_kind="move",
)
WRONG_SIDE_DIGITS = Rule(
    "M205",
    "wrong-side-numerals",
    Severity.WARNING,
    "A move is written with the other side's numbers",
    doc="**What it does** In Chinese notation Red writes files and counts as 一…九 and "
    "Black as 1…9 (ASCII or fullwidth). Flags a Red move with Black's digits or the "
    "reverse; the meaning is clear, so it is read, with a warning (an error in "
    "strict mode).\n\n**Why is this bad?** The numbers tell the reader whose move it "
    "is; mixing them hides errors in the move order.\n\n" + _REF,
    example="炮2平5",
    fixed="炮二平五",
    example_kind="move",
    deviation=True,
)
MISSING_MARKER = Rule(
    "M206",
    "missing-tandem-marker",
    Severity.WARNING,
    "Like pieces stand on the file but only one of them can make the move",
    doc="**What it does** Flags a move naming a file where two or more like pieces "
    "stand, without 前/后 (`+`/`-`), when only one of them can legally make the move; "
    "it is read as that piece (real WXF files write `P3+1` so). An error in strict "
    "mode.\n\n**Why is this bad?** The notation requires the marker whenever like "
    "pieces share a file; readers that follow it reject the move.\n\n" + _REF,
    example="兵五进一",
    fixed="后兵进一",
    example_kind="move",
    deviation=True,
)

# ---------------------------------------------------------------- M3xx legality
BLOCKED = Rule(
    "M301",
    "blocked-move",
    Severity.ERROR,
    "The pieces on the board forbid the move",
    doc="**What it does** Checks the move against the pieces in the way: a piece of "
    "the mover's own on the destination, a blocked path or horse's leg or elephant's "
    "eye, a cannon capture without exactly one screen.\n\n**Why is this bad?** The "
    "move is illegal.\n\n" + _REF,
    example="车一进三",
    fixed="车一进二",
    example_kind="move",
)
KING_IN_CHECK = Rule(
    "M302",
    "leaves-king-in-check",
    Severity.ERROR,
    "The move leaves the mover's king in check",
    doc="**What it does** Plays the move and tests the mover's king.\n\n**Why is this "
    "bad?** No move may leave one's own king attacked.\n\n" + _REF,
    example="车五平四",
    fixed="车五进一",
    example_kind="move",
)
KINGS_FACING = Rule(
    "M303",
    "kings-facing",
    Severity.ERROR,
    "The move leaves the two kings facing each other on an open file",
    doc="**What it does** Applies the flying-general rule.\n\n**Why is this bad?** The "
    "kings may never face each other with no piece between.\n\n" + _REF,
    example="仕五进四",
    fixed="帅五平四",
    example_kind="move",
)

# ---------------------------------------------------------------- M4xx style
WXF_PIECE_LETTER = Rule(
    "M401",
    "wxf-piece-letter",
    Severity.INFO,
    "A WXF piece is not written with the official upper-case letter",
    doc="**What it does** Flags lower-case letters, `B`/`N` for `E`/`H`, and the digit "
    "codes 1–7 (K1 A2 E3 H4 R5 C6 P7). Canonical output uses the official WXF letters "
    "`K A E H R C P`, upper case for both sides.\n\n" + _REF,
    example="h8+7",
    fixed="H8+7",
    example_kind="move",
)
WXF_TRAVERSE_SIGN = Rule(
    "M402",
    "wxf-traverse-sign",
    Severity.INFO,
    "A WXF sideways move is written with `=` instead of `.`",
    doc="**What it does** The official WXF page writes a traverse as `.`; `=` is a "
    "common variant, read the same.\n\n" + _REF,
    example="C2=5",
    fixed="C2.5",
    example_kind="move",
)
FULLWIDTH = Rule(
    "M403",
    "fullwidth-characters",
    Severity.INFO,
    "A WXF or ICCS move is written with fullwidth characters",
    doc="**What it does** Flags fullwidth letters, digits and signs (`Ｃ２＝５`), read "
    "as their ASCII forms.\n\n" + _REF,
    example="Ｃ２．５",
    fixed="C2.5",
    example_kind="move",
)
NONCANONICAL_LOCATOR = Rule(
    "M404",
    "noncanonical-locator",
    Severity.INFO,
    "Like pieces on a file are told apart in a non-canonical way",
    doc="**What it does** Compares the way a move names one of several like pieces "
    "with the canonical form for the position: Chinese 前/中/后, 一…五 for four or "
    "five pawns or two stacked files; WXF as on the official page (`C+.5`, `P3.4` for "
    "the middle pawn, `++.4`, `3+.4`). Flags the accepted variants: the five-character "
    "`前兵四平五`, xqbase's `+C-2` and `Pa.5`, and a redundant 前/后 on advisors and "
    "elephants.\n\n" + _REF,
    example="前兵七进一",
    fixed="前兵进一",
    example_kind="move",
)
ICCS_SPELLING = Rule(
    "M405",
    "iccs-spelling",
    Severity.INFO,
    "An ICCS move is not written as `H2-E2`",
    doc="**What it does** Flags lower case and the dash-less UCCI form (`h2e2`); "
    "canonical ICCS is upper case with a dash.\n\n" + _REF,
    example="h2e2",
    fixed="H2-E2",
    example_kind="move",
)
TRADITIONAL = Rule(
    "M406",
    "traditional-characters",
    Severity.INFO,
    "A Chinese move uses traditional characters",
    doc="**What it does** Flags 車 馬 傌 俥 帥 將 砲 包 進 後; canonical output is "
    "simplified (`encode(..., traditional=True)` writes traditional).\n\n" + _REF,
    example="車一進一",
    fixed="车一进一",
    example_kind="move",
)
CHINESE_FULLWIDTH_DIGITS = Rule(
    "M407",
    "fullwidth-digits",
    Severity.INFO,
    "A Chinese move writes Black's numbers with fullwidth digits",
    doc="**What it does** Flags `１`…`９`; canonical output writes ASCII digits for "
    "Black (`encode(..., fullwidth=True)` writes fullwidth).\n\n" + _REF,
    example="马８进７",
    fixed="马8进7",
    example_kind="move",
)
OTHER_SIDE_NAME = Rule(
    "M408",
    "other-side-piece-name",
    Severity.INFO,
    "A Chinese move names the piece with the other side's character",
    doc="**What it does** Red's pieces are 帅 仕 相 兵 (俥 傌), Black's 将 士 象 卒; "
    "flags a Red move written 士六进五 or a Black move written 兵3进1.\n\n" + _REF,
    example="士四进五",
    fixed="仕四进五",
    example_kind="move",
)
