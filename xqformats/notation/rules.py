"""Diagnostic rules of move notation: M1xx shape, M2xx resolution, M3xx legality, M4xx style.

Each rule's ``example`` is a move text (``example_kind="move"``) that triggers it
in the position :data:`EXAMPLE_FENS` gives for its code (the starting position
when absent; M102 expects Chinese); ``fixed`` is the corrected text, which does
not trigger it.  tests/test_notation.py checks every example and fix.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
_AFTER_C2_5 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
# Red pawns on c4 and c6 (file 七), both free to advance.
_TWO_PAWNS = "rnbakabnr/9/1c5c1/p1P1p1p1p/9/2P6/P5P1P/1C5C1/9/RNBAKABNR w - - 0 1"

#: Position of each rule's example (FEN), where it is not the starting position.
EXAMPLE_FENS: dict[str, str] = {
    "M202": _TWO_PAWNS,
    "M404": _TWO_PAWNS,
    # Red pawns on e9 and e5: only the one on e5 can advance.
    "M206": "4P4/3k5/9/9/4P4/9/9/9/9/4K4 w - - 0 1",
    # Red rook on e1 pinned by a Black rook on e7.
    "M302": "3k5/9/4r4/9/9/9/9/9/4R4/4K4 w - - 0 1",
    # The Red advisor on e1 is all that stands between the kings.
    "M303": "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
    # Black to move after 炮二平五.
    "M401": _AFTER_C2_5,
    "M407": _AFTER_C2_5,
}

#: What every rule's *References* ends with (after the clause it checks): this
#: implementation's account, then the published sources by title (docs/spec/README.md §3.1).
_SOURCES = (
    "`docs/notation.md`",
    "《java 象棋论文》 §2.2 (中文纵线记法, 符号纵线记法)",
    "xqbase.com 《中国象棋电脑应用规范》(二) 着法表示",
    "*Official Xiangqi piece names and notation*, World Xiangqi Federation (wxf.org/xq/computer/wxf_notation.html)",
)


def _position_note(code: str) -> str:
    """The *Example* note of a rule whose example is read in :data:`EXAMPLE_FENS`' position."""
    return f"The example is read in the position `{EXAMPLE_FENS[code]}`."


# ---------------------------------------------------------------- M1xx shape
NOT_A_MOVE = Rule(
    "M101",
    "not-a-move",
    Severity.ERROR,
    "The text does not have the shape of a move in any notation",
    what=(
        "Checks a move text against the notation grammars `grammars/chinese.lark`, "
        "`grammars/wxf.lark` and `grammars/iccs.lark`."
    ),
    why="A move that no grammar accepts cannot be read at all.",
    example="炮二平",
    fixed="炮二平五",
    example_kind="move",
    references=(
        "docs/spec/notation.md §1.1",
        "the shapes: docs/spec/notation.md §3.1, §4.1, §5.1",
        *_SOURCES,
    ),
)
NOTATION_MISMATCH = Rule(
    "M102",
    "notation-mismatch",
    Severity.WARNING,
    "The move is written in another notation than the one expected",
    what=(
        "Flags a move whose notation differs from the one expected (the example expects "
        "Chinese). The move is still read in the notation it is written in."
    ),
    why="Readers that trust the declared notation (PGN `Format`) fail on it.",
    example="H2-E2",
    fixed="炮二平五",
    example_kind="move",
    deviation=True,
    references=(
        "docs/spec/notation.md §1.2",
        *_SOURCES,
    ),
)

# ---------------------------------------------------------------- M2xx resolution
NO_SUCH_PIECE = Rule(
    "M201",
    "no-such-piece",
    Severity.ERROR,
    "No piece of the side to move of that kind stands on that file",
    what=(
        "Looks for the mover's pieces of the named kind on the named file (Red counts "
        "files 一…九 from its right, Black 1…9 from its right), or for the mover's piece "
        "on an ICCS move's from-square."
    ),
    why=(
        "The move names a piece that is not there: the record is corrupt, the moves are "
        "out of order, or it belongs to another position."
    ),
    example="车二进一",
    fixed="车一进一",
    example_kind="move",
    references=(
        "docs/spec/notation.md §2.2",
        *_SOURCES,
    ),
)
AMBIGUOUS = Rule(
    "M202",
    "ambiguous-piece",
    Severity.ERROR,
    "Two or more like pieces could make the move; a front/rear marker is needed",
    what=(
        "Flags a move naming a file where two or more like pieces stand, more than one of "
        "which could make the move, without saying which (前/后, `+`/`-`, or a pawn "
        "ordinal). The message lists the canonical texts of the candidates."
    ),
    why="The move cannot be read unambiguously.",
    example_note=_position_note("M202"),
    example="兵七进一",
    fixed="前兵进一",
    example_kind="move",
    references=(
        "docs/spec/notation.md §2.3",
        "three pawns: docs/spec/notation.md §3.5",
        "a leading WXF digit: docs/spec/notation.md §4.8",
        *_SOURCES,
    ),
)
UNREACHABLE = Rule(
    "M203",
    "unreachable-destination",
    Severity.ERROR,
    "The piece cannot move as the action and number say",
    what=(
        "Computes the destination from the action (进/退/平, `+ - .`) and the number — "
        "a step count for straight movers (king, rook, cannon, pawn) advancing or "
        "retreating, a file otherwise — and checks that the piece may move so on an "
        "empty board: a horse advancing to a file it cannot reach, an elephant moving "
        "sideways, a pawn retreating, a king leaving its palace."
    ),
    why="No such move exists.",
    example="马二进五",
    fixed="马二进三",
    example_kind="move",
    references=(
        "docs/spec/notation.md §2.1",
        "the movement of each piece: docs/spec/board.md §4",
        *_SOURCES,
    ),
)
BAD_MARKER = Rule(
    "M204",
    "marker-does-not-fit",
    Severity.ERROR,
    "A front/middle/rear marker or ordinal does not fit the pieces on the board",
    what=(
        "Checks that 前/后 (`+`/`-`) name one of two or more like pieces on a file, that "
        "中 (`.` in xqbase's form) names the middle one of three or five, and that a pawn "
        "ordinal 一…五 (`a`…`e`) does not exceed the number of stacked pawns."
    ),
    why="The marker points at no piece.",
    example="前炮平四",
    fixed="炮二平四",
    example_kind="move",
    references=(
        "docs/spec/notation.md §2.3",
        *_SOURCES,
    ),
)
WRONG_SIDE_DIGITS = Rule(
    "M205",
    "wrong-side-numerals",
    Severity.WARNING,
    "A move is written with the other side's numbers",
    what=(
        "In Chinese notation Red writes files and counts as 一…九 and Black as 1…9 "
        "(ASCII or fullwidth). Flags a Red move with Black's digits or the reverse; the "
        "meaning is clear, so the move is read, with a warning (an error in strict mode)."
    ),
    why=(
        "The numbers tell a reader whose move it is; mixing them hides errors in the move "
        "order."
    ),
    example="炮2平5",
    fixed="炮二平五",
    example_kind="move",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/notation.md §3.3",
        *_SOURCES,
    ),
)
MISSING_MARKER = Rule(
    "M206",
    "missing-tandem-marker",
    Severity.WARNING,
    "Like pieces share the file but only one of them can make the move",
    what=(
        "Flags a move naming a file where two or more like pieces stand, without 前/后 "
        "(`+`/`-`), when only one of them can legally make the move; the move is read as "
        "that piece's (real WXF files write `P3+1` so). An error in strict mode."
    ),
    why=(
        "The notation requires the marker whenever like pieces share a file; readers "
        "that follow it reject the move."
    ),
    example_note=_position_note("M206"),
    example="兵五进一",
    fixed="后兵进一",
    example_kind="move",
    deviation=True,
    references=(
        "docs/spec/notation.md §3.10",
        *_SOURCES,
    ),
)

# ---------------------------------------------------------------- M3xx legality
SAN_RANKS_UNDECIDED = Rule(
    "M207",
    "san-ranks-undecided",
    Severity.WARNING,
    "A SAN move, or a game's SAN moves, read legally in both rank conventions",
    what=(
        "SAN ranks are counted 0–9 (WinBoard) or 1–10 (PyChess, Fairy-Stockfish). Flags a "
        "move that denotes a different legal move in each convention, when nothing says "
        "which is meant (for a PGN game: no rank 0 or 10 and no move legal in one reading "
        "only). The move is read in the 1–10 convention."
    ),
    why="The move may be read as another move than the writer meant.",
    example="Ra2",
    fixed="Ra3",
    example_kind="move",
    references=(
        "docs/spec/notation.md §7.3",
        *_SOURCES,
    ),
)
BLOCKED = Rule(
    "M301",
    "blocked-move",
    Severity.ERROR,
    "The pieces on the board forbid the move",
    what=(
        "Checks the move against the pieces in the way: one of the mover's own pieces on "
        "the destination, a piece on a rook's path, on a horse's leg or an elephant's "
        "eye, a cannon capturing without exactly one screen."
    ),
    why="The move is illegal.",
    example="车一进三",
    fixed="车一进二",
    example_kind="move",
    references=(
        "docs/spec/board.md §5.1",
        *_SOURCES,
    ),
)
KING_IN_CHECK = Rule(
    "M302",
    "leaves-king-in-check",
    Severity.ERROR,
    "The move leaves the mover's king in check",
    what="Plays the move and tests whether the mover's king is attacked.",
    why="No move may leave one's own king attacked.",
    example_note=_position_note("M302"),
    example="车五平四",
    fixed="车五进一",
    example_kind="move",
    references=(
        "docs/spec/board.md §5.2",
        *_SOURCES,
    ),
)
KINGS_FACING = Rule(
    "M303",
    "kings-facing",
    Severity.ERROR,
    "The move leaves the two kings facing each other on an open file",
    what="Applies the flying-general rule after the move.",
    why="The kings may never face each other on a file with no piece between.",
    example_note=_position_note("M303"),
    example="仕五进四",
    fixed="帅五平四",
    example_kind="move",
    references=(
        "docs/spec/board.md §5.3",
        *_SOURCES,
    ),
)

# ---------------------------------------------------------------- M4xx style
WXF_PIECE_LETTER = Rule(
    "M401",
    "wxf-piece-letter",
    Severity.INFO,
    "A WXF piece is not written with the official upper-case letter",
    what=(
        "Flags lower-case letters, `B`/`N` for `E`/`H`, and the digit piece codes 1–7 "
        "(K1 A2 E3 H4 R5 C6 P7). They are read as the piece they name."
    ),
    why=(
        "Canonical output uses the official WXF letters `K A E H R C P`, upper case for "
        "both sides; consistent records compare and search better."
    ),
    example_note=_position_note("M401"),
    example="h8+7",
    fixed="H8+7",
    example_kind="move",
    fix="safe",
    references=(
        "docs/spec/notation.md §4.2",
        *_SOURCES,
    ),
)
WXF_TRAVERSE_SIGN = Rule(
    "M402",
    "wxf-traverse-sign",
    Severity.INFO,
    "A WXF sideways move is written with `=` instead of `.`",
    what="Flags `=` (and `＝`) for a traverse; it is read as `.`.",
    why="The official WXF page writes a traverse as `.`; `=` is a common variant.",
    example="C2=5",
    fixed="C2.5",
    example_kind="move",
    fix="safe",
    references=(
        "docs/spec/notation.md §4.3",
        *_SOURCES,
    ),
)
FULLWIDTH = Rule(
    "M403",
    "fullwidth-characters",
    Severity.INFO,
    "A WXF move is written with fullwidth characters",
    what="Flags fullwidth letters, digits and signs (`Ｃ２＝５`), read as their ASCII forms.",
    why="Canonical WXF is ASCII; fullwidth text defeats plain-text search.",
    example="Ｃ２．５",
    fixed="C2.5",
    example_kind="move",
    fix="safe",
    references=(
        "docs/spec/notation.md §4.3",
        *_SOURCES,
    ),
)
NONCANONICAL_LOCATOR = Rule(
    "M404",
    "noncanonical-locator",
    Severity.INFO,
    "Like pieces on a file are told apart in a non-canonical way",
    what=(
        "Compares the way a move names one of several like pieces with the canonical "
        "form for the position: Chinese 前/中/后, or 一…五 for four or five pawns on a file "
        "or pawns stacked on two files; WXF as on the official page (`C+.5`, `P3.4` for "
        "the middle pawn of three, `++.4`/`--.4` for the outer pawns of four or five, "
        "`3+.4`/`33.4` for pawns stacked on two files). Flags the accepted variants: the "
        "five-character `前兵四平五`, xqbase's `+C-2`, `P..4` and `Pa.5`, Fairy-Stockfish's "
        "`25=4`, and a redundant 前/后 on advisors and elephants."
    ),
    why=(
        "Each variant is clear in its position, but one spelling per move keeps records "
        "comparable."
    ),
    example_note=_position_note("M404"),
    example="前兵七进一",
    fixed="前兵进一",
    example_kind="move",
    fix="safe",
    references=(
        "docs/spec/notation.md §3.6–§3.9, §4.4–§4.8 (each variant)",
        "like pieces on a file: docs/spec/notation.md §2.3",
        *_SOURCES,
    ),
)
ICCS_SPELLING = Rule(
    "M405",
    "iccs-spelling",
    Severity.INFO,
    "An ICCS move is not written as `H2-E2`",
    what="Flags lower case and the dash-less UCCI form (`h2e2`).",
    why="Canonical ICCS (the xqbase specification's examples) is upper case with a dash.",
    example="h2e2",
    fixed="H2-E2",
    example_kind="move",
    fix="safe",
    references=(
        "docs/spec/notation.md §5.1",
        *_SOURCES,
    ),
)
TRADITIONAL = Rule(
    "M406",
    "traditional-characters",
    Severity.INFO,
    "A Chinese move uses traditional characters",
    what="Flags 車 馬 傌 俥 帥 將 砲 包 進 後; they are read as their simplified forms.",
    why=(
        "Canonical output is simplified (`encode(..., traditional=True)` writes "
        "traditional); mixing both in one collection defeats search."
    ),
    example="車一進一",
    fixed="车一进一",
    example_kind="move",
    fix="safe",
    references=(
        "docs/spec/notation.md §3.2",
        *_SOURCES,
    ),
)
CHINESE_FULLWIDTH_DIGITS = Rule(
    "M407",
    "fullwidth-digits",
    Severity.INFO,
    "A Chinese move writes Black's numbers with fullwidth digits",
    what="Flags `１`…`９` in a Chinese move; they are read as 1…9.",
    why=(
        "Canonical output writes ASCII digits for Black (`encode(..., fullwidth=True)` "
        "writes fullwidth, as many programs do)."
    ),
    example_note=_position_note("M407"),
    example="马８进７",
    fixed="马8进7",
    example_kind="move",
    fix="safe",
    references=(
        "docs/spec/notation.md §3.3",
        *_SOURCES,
    ),
)
OTHER_SIDE_NAME = Rule(
    "M408",
    "other-side-piece-name",
    Severity.INFO,
    "A Chinese move names the piece with the other side's character",
    what=(
        "Red's pieces are 帅 仕 相 兵 (traditional 帥 俥 傌), Black's 将 士 象 卒 (將); flags a "
        "Red move written 士四进五 or a Black move written 兵3进1."
    ),
    why="The character then contradicts the side to move.",
    example="士四进五",
    fixed="仕四进五",
    example_kind="move",
    fix="safe",
    references=(
        "docs/spec/notation.md §3.2",
        *_SOURCES,
    ),
)


#: The rules of a spelling's position-independent style findings
#: (:attr:`~.shape.Shape.styles`, a plan's fourth item): a reader whose
#: selection wants none of them runs a styled spelling's plan and builds no
#: finding for it (tests/test_notation.py checks that every shape's styles
#: are of these rules).
STYLE_RULES = (WXF_PIECE_LETTER, WXF_TRAVERSE_SIGN, FULLWIDTH, ICCS_SPELLING, TRADITIONAL, CHINESE_FULLWIDTH_DIGITS)
