"""The PGN reader's diagnostic codes (P1xx syntax, P2xx deviations, P3xx structure).

Each rule is declared once here; its ``example`` is a PGN text the rule fires on
and ``fixed`` one it does not (``tests/test_pgn_rules.py`` checks both).
Deviation rules (``deviation=True``) are departures from the written spec whose
meaning is clear: warnings by default, errors in strict mode.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

__all__ = [
    "SYNTAX",
    "UNCLOSED_VARIATION",
    "UNMATCHED_PAREN",
    "UNCLOSED_COMMENT",
    "UNCLOSED_TAG",
    "MISSING_SEPARATOR",
    "TAG_IN_MOVETEXT",
    "COMMENT_SPLITS_MOVE",
    "TEXT_AFTER_RESULT",
    "MISSING_RESULT",
    "MISSING_MOVE_NUMBER",
    "WRONG_MOVE_NUMBER",
    "BLACK_WITHOUT_ELLIPSIS",
    "TAG_ESCAPE",
    "TAG_LINE_BREAK",
    "FORMAT_MISMATCH",
    "FORMAT_MISSING",
    "FORMAT_UNKNOWN",
    "MIXED_NOTATION",
    "BRACE_IN_COMMENT",
    "EMPTY_VARIATION",
    "MOVES_NOT_READ",
    "BAD_FEN_TAG",
    "VARIATION_WITHOUT_MOVE",
    "DUPLICATE_TAG",
    "TAG_VALUE_QUOTE",
    "NAG_RANGE",
]

# The published sources, by title (docs/spec/README.md §3.1); each rule cites its clause first.
_SPEC = "《中国象棋电脑PGN文件格式》"
_CHESS = "the chess PGN standard (S. J. Edwards; in the translation 《關於PGN和FEN記譜規範》)"
_GRAMMAR = "`grammars/pgn.lark`"


def _doc(what: str, why: str, use: str, refs: str) -> str:
    return (
        f"## What it does\n{what}\n\n## Why is this bad?\n{why}\n\n"
        f"## Example\nSee the example below.\n\n## Use instead\n{use}\n\n## References\n{refs}"
    )


_G = '[Game "Chinese Chess"]\n'

# ---------------------------------------------------------------- P1xx syntax errors
SYNTAX = Rule(
    "P101",
    "pgn-syntax",
    Severity.ERROR,
    "Text that the PGN grammar does not allow here",
    doc=_doc(
        "Reports a token in a place where the grammar allows none of its kind (a stray `}`, "
        "a tag pair without its value, a `)` inside a tag). The reader skips it and goes on.",
        "Programs disagree on what the text means; most stop reading there.",
        "Text in the shape the grammar gives.",
        f"docs/spec/pgn.md §2.5; {_GRAMMAR}; {_SPEC} §二, §三.",
    ),
    example=_G + "1. 炮二平五 } 马8进7 *\n",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
)
UNCLOSED_VARIATION = Rule(
    "P102",
    "unclosed-variation",
    Severity.ERROR,
    "A variation `(` has no closing `)`",
    doc=_doc(
        "Reports a `(` whose variation runs to the end of the game without a `)`. The reader "
        "closes it at the end of the game.",
        "Where the variation was meant to end is lost: the moves after it may belong to the main line.",
        "Close every variation with `)`.",
        f"docs/spec/pgn.md §6.1; {_SPEC} §五; {_GRAMMAR} rule `variation`.",
    ),
    example=_G + "1. 炮二平五 (1. 炮八平五 马8进7 *\n",
    fixed=_G + "1. 炮二平五 (1. 炮八平五) 马8进7 *\n",
    example_kind="pgn",
)
UNMATCHED_PAREN = Rule(
    "P103",
    "unmatched-paren",
    Severity.ERROR,
    "A `)` closes no variation",
    doc=_doc(
        "Reports a `)` with no open variation. The reader skips it.",
        "A variation was cut or a `(` lost; the move tree may not be what was meant.",
        "Balance `(` and `)`.",
        f"docs/spec/pgn.md §6.1; {_SPEC} §五; {_GRAMMAR} rule `variation`.",
    ),
    example=_G + "1. 炮二平五 马8进7) *\n",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
)
UNCLOSED_COMMENT = Rule(
    "P104",
    "unclosed-comment",
    Severity.ERROR,
    "A comment `{` has no closing `}`",
    doc=_doc(
        "Reports a `{` that no `}` closes before the end of the game. The rest of the game is "
        "read as the comment's text, so nothing is lost.",
        "Moves and the result written after it are hidden inside the comment.",
        "Close every comment with `}`.",
        f"docs/spec/pgn.md §5.1; {_SPEC} §三(5); {_GRAMMAR} terminal `COMMENT`.",
    ),
    example=_G + "1. 炮二平五 {中炮 马8进7 *\n",
    fixed=_G + "1. 炮二平五 {中炮} 马8进7 *\n",
    example_kind="pgn",
)
UNCLOSED_TAG = Rule(
    "P105",
    "malformed-tag",
    Severity.ERROR,
    "A tag pair is not `[Name \"value\"]`",
    doc=_doc(
        "Reports a tag pair with its value unquoted, its quote or its `]` missing. The reader "
        "keeps what it can read of the value.",
        "Programs read such a tag differently or drop it.",
        "`[Name \"value\"]` on one line.",
        f"docs/spec/pgn.md §3.1; {_SPEC} §二; {_CHESS} §3-1; {_GRAMMAR} rule `tag_pair`.",
    ),
    example='[Game "Chinese Chess"]\n[Event "Cup]\n1. 炮二平五 *\n',
    fixed='[Game "Chinese Chess"]\n[Event "Cup"]\n1. 炮二平五 *\n',
    example_kind="pgn",
)
# ---------------------------------------------------------------- P2xx deviations
MISSING_SEPARATOR = Rule(
    "P201",
    "missing-separator",
    Severity.WARNING,
    "Two tokens touch where the spec requires a separator",
    doc=_doc(
        "Reports a move number glued to its move (`1.炮二平五`, XQWizard's habit), two moves "
        "glued together, or a comment or result touching a move.",
        "Spec §三(2),(4),(5),(6) require a space, tab or line end between them; the spec lists "
        "`51.兵五平六` among its invalid examples.",
        "Put a space after the move number and around comments.",
        f"docs/spec/pgn.md §2.4; {_SPEC} §三(2),(4),(5),(6); {_GRAMMAR} header (separators).",
    ),
    example=_G + "1.炮二平五 马8进7 *\n",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
)
TAG_IN_MOVETEXT = Rule(
    "P202",
    "tag-in-movetext",
    Severity.WARNING,
    "A tag pair inside the movetext",
    doc=_doc(
        "Reports a tag pair after the moves have begun. The reader applies it to the game's "
        "tags (unless the tag is already set).",
        "Spec §三(1): \"棋谱部分当中不能插入标签\"; its invalid example is "
        "`[Format \"WXF\"] 52. P6.5 K5.4`.",
        "Move the tag pair into the tag section.",
        f"docs/spec/pgn.md §3.6; {_SPEC} §三(1); {_GRAMMAR} rule `misplaced_tag`.",
    ),
    example=_G + '1. 炮二平五 马8进7 [Round "1"] *\n',
    fixed=_G + '[Round "1"]\n1. 炮二平五 马8进7 *\n',
    example_kind="pgn",
    deviation=True,
)
COMMENT_SPLITS_MOVE = Rule(
    "P203",
    "comment-splits-move",
    Severity.WARNING,
    "A comment cuts a move in two",
    doc=_doc(
        "Reports a comment written inside a move (`兵五{…}平四`). The reader joins the two "
        "halves into the move and keeps the comment after it.",
        "Spec §三(5) lets comments follow moves, never split them; its invalid example is "
        "`53. 兵五{再平六就要判负了}平四`.",
        "Write the comment after the whole move.",
        f"docs/spec/pgn.md §5.3; {_SPEC} §三(5); {_GRAMMAR} terminal `UNKNOWN_MOVE`.",
    ),
    example=_G + "1. 炮二{中炮}平五 马8进7 *\n",
    fixed=_G + "1. 炮二平五 {中炮} 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
)
TEXT_AFTER_RESULT = Rule(
    "P204",
    "text-after-result",
    Severity.WARNING,
    "Text other than comments after the result",
    doc=_doc(
        "Reports text after the game's result that is not a comment: XQWizard's `=====` footer "
        "and advert lines, or moves after the result. The reader keeps it as a comment on the "
        "last move.",
        "Spec §三(7): \"结果以后只能有评注，不能有着法\".",
        "Put such text in a `{}` comment, or delete it.",
        f"docs/spec/pgn.md §7.2; {_SPEC} §三(7); {_GRAMMAR} terminal `STRAY_TEXT`.",
    ),
    example=_G + "1. 炮二平五 *\n=====\n",
    fixed=_G + "1. 炮二平五 * {=====}\n",
    example_kind="pgn",
    deviation=True,
)
MISSING_RESULT = Rule(
    "P205",
    "missing-result",
    Severity.WARNING,
    "A game ends without a result marker",
    doc=_doc(
        "Reports a game whose movetext is not ended by `1-0`, `0-1`, `1/2-1/2` or `*`. The "
        "reader takes the `Result` tag's value when it is one of those, else `*`.",
        "Spec §三(6): \"整个棋局结束时必须用…表示结果\"; without it two games can run together.",
        "End every game with its result.",
        f"docs/spec/pgn.md §7.1, §2.3; {_SPEC} §三(6); {_GRAMMAR} rule `game`.",
    ),
    example=_G + "1. 炮二平五 马8进7\n",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
)
MISSING_MOVE_NUMBER = Rule(
    "P206",
    "missing-move-number",
    Severity.WARNING,
    "A Red move without its move number",
    doc=_doc(
        "Reports a move of Red (or the first move of a line) that has no move number before it.",
        "Spec §三(2): every round is the move number, Red's move and Black's move.",
        "Write `N.` before each Red move, `N. ...` before a line that starts with Black.",
        f"docs/spec/pgn.md §4.2; {_SPEC} §三(2), §五.",
    ),
    example=_G + "炮二平五 马8进7 *\n",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
)
WRONG_MOVE_NUMBER = Rule(
    "P207",
    "wrong-move-number",
    Severity.WARNING,
    "A move number that does not count the moves",
    doc=_doc(
        "Reports a move number that differs from the round the move is played in (counted from "
        "the start position's move number), or a number before a Black move with no `...`. The "
        "reader trusts the moves, not the number.",
        "A reader that trusts the number places the moves wrongly.",
        "The round's number: `N.` before Red's move, `N. ...` before Black's.",
        f"docs/spec/pgn.md §4.2; {_SPEC} §三(2), §五.",
    ),
    example=_G + "1. 炮二平五 马8进7 3. 马二进三 *\n",
    fixed=_G + "1. 炮二平五 马8进7 2. 马二进三 *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
)
BLACK_WITHOUT_ELLIPSIS = Rule(
    "P208",
    "black-move-without-ellipsis",
    Severity.WARNING,
    "A line starts with Black's move without `N. ...`",
    doc=_doc(
        "Reports a variation (or a game from a position with Black to move) whose first move is "
        "Black's but whose move number has no `...`, or has no move number at all.",
        "Spec §五 writes such a variation `(7. ... 炮2平3 …)`.",
        "`N. ...` before the Black move.",
        f"docs/spec/pgn.md §4.2; {_SPEC} §五.",
    ),
    example=_G + "1. 炮二平五 马8进7 (1. 炮8平5) *\n",
    fixed=_G + "1. 炮二平五 马8进7 (1. ... 炮8平5) *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
)
TAG_ESCAPE = Rule(
    "P209",
    "tag-value-escape",
    Severity.WARNING,
    "A backslash in a tag value escapes neither `\"` nor `\\`",
    doc=_doc(
        "Reports `\\x` in a tag value where `x` is not `\"` or `\\`. The reader keeps both "
        "characters as written.",
        "Chess PGN defines only `\\\"` and `\\\\`; other programs may drop the backslash.",
        "Write a backslash as `\\\\`.",
        f"docs/spec/pgn.md §3.3; {_CHESS} §3-1; {_GRAMMAR} terminal `TAG_VALUE`.",
    ),
    example=_G + '[Site "C:\\games"]\n1. 炮二平五 *\n',
    fixed=_G + '[Site "C:\\\\games"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
)
TAG_LINE_BREAK = Rule(
    "P210",
    "tag-value-line-break",
    Severity.WARNING,
    "A tag value runs over a line end",
    doc=_doc(
        "Reports a tag value whose closing quote is on a later line. The reader keeps the line "
        "break in the value.",
        "Spec §二: \"每个标签占一行\"; many readers stop at the line end.",
        "Keep each tag pair on one line.",
        f"docs/spec/pgn.md §3.4; {_SPEC} §二; {_GRAMMAR} terminal `TAG_VALUE`.",
    ),
    example='[Game "Chinese Chess"]\n[Event "Cup\n2004"]\n1. 炮二平五 *\n',
    fixed='[Game "Chinese Chess"]\n[Event "Cup 2004"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
)
FORMAT_MISMATCH = Rule(
    "P211",
    "format-tag-mismatch",
    Severity.WARNING,
    "The moves are not in the notation the `Format` tag names",
    doc=_doc(
        "Reports a `Format` tag that names one notation while the moves are written in "
        "another. The reader reads the moves in the notation they are written in.",
        "Spec §三(3): \"着法的表示必须和Format标签相统一\".",
        "Make the `Format` tag name the moves' notation.",
        f"docs/spec/pgn.md §3.11; {_SPEC} §二(11), §三(3).",
    ),
    example=_G + '[Format "WXF"]\n1. 炮二平五 *\n',
    fixed=_G + '[Format "Chinese"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
)
FORMAT_MISSING = Rule(
    "P212",
    "format-tag-missing",
    Severity.WARNING,
    "Moves in WXF or ICCS notation without a `Format` tag",
    doc=_doc(
        "Reports a game with no `Format` tag whose moves are not in Chinese notation, the "
        "default.",
        "Spec §二(11): without the tag the moves are Chinese; a reader that trusts it fails.",
        "Add `[Format \"WXF\"]` or `[Format \"ICCS\"]`.",
        f"docs/spec/pgn.md §3.11; {_SPEC} §二(11), §三(3).",
    ),
    example=_G + "1. C2.5 H8+7 *\n",
    fixed=_G + '[Format "WXF"]\n1. C2.5 H8+7 *\n',
    example_kind="pgn",
    deviation=True,
    fix="safe",
)
FORMAT_UNKNOWN = Rule(
    "P213",
    "format-tag-unknown",
    Severity.WARNING,
    "A `Format` tag value other than `Chinese`, `WXF` or `ICCS`",
    doc=_doc(
        "Reports a `Format` tag whose value names no notation of the spec (`zh`). The moves "
        "are read in the notation they are written in.",
        "Spec §二(11) allows `Chinese`, `WXF` and `ICCS`.",
        "One of the three names.",
        f"docs/spec/pgn.md §3.11; {_SPEC} §二(11).",
    ),
    example=_G + '[Format "zh"]\n1. 炮二平五 *\n',
    fixed=_G + '[Format "Chinese"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
)
MIXED_NOTATION = Rule(
    "P214",
    "mixed-notation",
    Severity.WARNING,
    "A game's moves are written in more than one notation",
    doc=_doc(
        "Reports a move in another notation than the game's first move.",
        "Spec §三(3): all moves follow the `Format` tag.",
        "One notation per game.",
        f"docs/spec/pgn.md §3.11; {_SPEC} §三(3).",
    ),
    example=_G + "1. 炮二平五 H8+7 *\n",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
)
BRACE_IN_COMMENT = Rule(
    "P215",
    "brace-in-comment",
    Severity.WARNING,
    "A comment holds a `{`",
    doc=_doc(
        "Reports a `{` inside a comment; comments do not nest, so it is read as text.",
        "Spec §三(5): a comment may hold any character except braces.",
        "Remove the inner brace or use `（`.",
        f"docs/spec/pgn.md §5.1; {_SPEC} §三(5).",
    ),
    example=_G + "1. 炮二平五 {a {b} *\n",
    fixed=_G + "1. 炮二平五 {a b} *\n",
    example_kind="pgn",
    deviation=True,
)
EMPTY_VARIATION = Rule(
    "P216",
    "empty-variation",
    Severity.WARNING,
    "A variation holds no move",
    doc=_doc(
        "Reports `()` or a variation with only comments; it is dropped (its comments are kept "
        "on the move before it).",
        "Spec §五: a variation is movetext replacing the move before it.",
        "Remove it.",
        f"docs/spec/pgn.md §6.1; {_SPEC} §五.",
    ),
    example=_G + "1. 炮二平五 () *\n",
    fixed=_G + "1. 炮二平五 *\n",
    example_kind="pgn",
    deviation=True,
)
DUPLICATE_TAG = Rule(
    "P217",
    "duplicate-tag",
    Severity.WARNING,
    "A tag name appears twice in one game",
    doc=_doc(
        "Reports a second tag pair with a name already given; the first value is kept.",
        "Chess PGN §3-1: a tag name may appear at most once in a game.",
        "One tag pair per name.",
        f"docs/spec/pgn.md §3.5; {_CHESS} §3-1.",
    ),
    example=_G + '[Red "A"]\n[Red "B"]\n1. 炮二平五 *\n',
    fixed=_G + '[Red "A"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
)

TAG_VALUE_QUOTE = Rule(
    "P218",
    "tag-value-quote",
    Severity.WARNING,
    "A tag value holds an unescaped `\"`",
    doc=_doc(
        "Reports a `\"` inside a tag value that is not written `\\\"` "
        "(`[Event \"\"Huangshan Cup\" 2002\"]`). When the line ends with `\"]`, the reader "
        "takes the value to run to that last quote.",
        "Chess PGN §3-1 requires `\\\"` for a quote inside a string; other readers end the "
        "value at the first inner quote.",
        "Escape inner quotes as `\\\"`, or use `“”`.",
        f"docs/spec/pgn.md §3.3; {_CHESS} §3-1; {_GRAMMAR} terminal `TAG_VALUE`.",
    ),
    example=_G + '[Event "a "b" c"]\n1. 炮二平五 *\n',
    fixed=_G + '[Event "a \\"b\\" c"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
)
NAG_RANGE = Rule(
    "P219",
    "nag-out-of-range",
    Severity.WARNING,
    "A NAG is not a number from 0 to 255",
    doc=_doc(
        "Reports a NAG (`$n`) above 255. One of up to nine digits is kept as written; a longer "
        "one is dropped (it can name no glyph, and the moves around it are read as usual).",
        "NAGs are defined from 0 to 255; other programs drop or reject larger ones.",
        "A NAG from 0 to 255 (`$1` good move, `$2` mistake, …), or a comment.",
        f"docs/spec/pgn.md §4.5; {_CHESS} §3-2.",
    ),
    example=_G + "1. 炮二平五 $300 *\n",
    fixed=_G + "1. 炮二平五 $3 *\n",
    example_kind="pgn",
    deviation=True,
)

# ---------------------------------------------------------------- P3xx structure
MOVES_NOT_READ = Rule(
    "P301",
    "moves-not-read",
    Severity.INFO,
    "Moves after an unreadable or illegal move are kept as a comment",
    doc=_doc(
        "Accompanies an illegal or unreadable move: the text from that move to the end of its "
        "line of play (the variation, or the movetext) is kept as a comment on the last move "
        "read, so nothing is lost. Later games read normally. It is a related note on the "
        "move's own finding (SARIF `relatedLocations`, an indented `note:` line in text output), "
        "not a finding of its own: one root cause, one finding.",
        "Those moves are not in the move tree.",
        "Fix the move reported just before.",
        f"docs/spec/pgn.md §8.1; {_CHESS} §3-2 (illegal moves may appear only in comments).",
    ),
    example=_G + "1. 炮二平五 马8进7 2. 车一进五 *\n",
    fixed=_G + "1. 炮二平五 马8进7 2. 马二进三 *\n",
    example_kind="pgn",
)
BAD_FEN_TAG = Rule(
    "P302",
    "unusable-fen-tag",
    Severity.ERROR,
    "The `FEN` tag gives no position the moves can start from",
    doc=_doc(
        "Reports a `FEN` tag that cannot be read as a board (its F1xx diagnostics point inside "
        "the value). The moves are then kept as a comment. Given as a related note on the FEN's "
        "own finding (F1xx), the root cause.",
        "Without the start position no move can be checked.",
        "A valid FEN.",
        f"docs/spec/pgn.md §3.10, §8.2; {_SPEC} §二(10); docs/spec/fen.md §2.1.",
    ),
    example=_G + '[FEN "rnbakabnr/9 w"]\n1. 炮二平五 *\n',
    fixed=_G + '[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]\n1. 炮二平五 *\n',
    example_kind="pgn",
)
VARIATION_WITHOUT_MOVE = Rule(
    "P303",
    "variation-without-move",
    Severity.ERROR,
    "A variation with no move before it to replace",
    doc=_doc(
        "Reports a `(` before the first move of its line: there is no move for it to be an "
        "alternative to. Its text is kept as a comment.",
        "Spec §五: \"变着针对的是括号前的着法\".",
        "Put the variation after the move it replaces.",
        f"docs/spec/pgn.md §6.2; {_SPEC} §五.",
    ),
    example=_G + "(1. 炮八平五) 1. 炮二平五 *\n",
    fixed=_G + "1. 炮二平五 (1. 炮八平五) *\n",
    example_kind="pgn",
)
