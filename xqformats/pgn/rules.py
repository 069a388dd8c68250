"""The PGN reader's diagnostic codes (P1xx syntax, P2xx deviations, P3xx structure).

Each rule is declared once here; its ``example`` is a PGN text the rule fires on
and ``fixed`` one it does not (``tests/test_pgn_rules.py`` checks both).
Deviation rules (``deviation=True``) are departures from the written spec whose
meaning is clear: warnings by default, errors in strict mode.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("P1", "PGN syntax"),
    ("P2", "PGN structure"),
    ("P3", "PGN movetext"),
)

# The published sources, by title (docs/spec/README.md §3.1); each rule cites its clause first.
_SPEC = "《中国象棋电脑PGN文件格式》"
_CHESS = "the chess PGN standard (S. J. Edwards; in the translation 《關於PGN和FEN記譜規範》)"
_GRAMMAR = "`grammars/pgn.lark`"


_G = '[Game "Chinese Chess"]\n'

# ---------------------------------------------------------------- P1xx syntax errors
SYNTAX = Rule(
    "P101",
    "pgn-syntax",
    Severity.ERROR,
    "Text that the PGN grammar does not allow here",
    what=(
        "Reports a token in a place where the grammar allows none of its kind (a stray `}`, "
        "a tag pair without its value, a `)` inside a tag). The reader skips it and goes on."
    ),
    why="Programs disagree on what the text means; most stop reading there.",
    example=_G + "1. 炮二平五 } 马8进7 *\n",
    use_instead="Text in the shape the grammar gives.",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    references=(
        "docs/spec/pgn.md §2.5",
        _GRAMMAR,
        f"{_SPEC} §二, §三",
    ),
)
UNCLOSED_VARIATION = Rule(
    "P102",
    "unclosed-variation",
    Severity.ERROR,
    "A variation `(` has no closing `)`",
    what=(
        "Reports a `(` whose variation runs to the end of the game without a `)`. The reader "
        "closes it at the end of the game."
    ),
    why="Where the variation was meant to end is lost: the moves after it may belong to the main line.",
    example=_G + "1. 炮二平五 (1. 炮八平五 马8进7 *\n",
    use_instead="Close every variation with `)`.",
    fixed=_G + "1. 炮二平五 (1. 炮八平五) 马8进7 *\n",
    example_kind="pgn",
    references=(
        "docs/spec/pgn.md §6.1",
        f"{_SPEC} §五",
        f"{_GRAMMAR} rule `variation`",
    ),
)
UNMATCHED_PAREN = Rule(
    "P103",
    "unmatched-paren",
    Severity.ERROR,
    "A `)` closes no variation",
    what="Reports a `)` with no open variation. The reader skips it.",
    why="A variation was cut or a `(` lost; the move tree may not be what was meant.",
    example=_G + "1. 炮二平五 马8进7) *\n",
    use_instead="Balance `(` and `)`.",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    references=(
        "docs/spec/pgn.md §6.1",
        f"{_SPEC} §五",
        f"{_GRAMMAR} rule `variation`",
    ),
)
UNCLOSED_COMMENT = Rule(
    "P104",
    "unclosed-comment",
    Severity.ERROR,
    "A comment `{` has no closing `}`",
    what=(
        "Reports a `{` that no `}` closes before the end of the game. The rest of the game is "
        "read as the comment's text, so nothing is lost."
    ),
    why="Moves and the result written after it are hidden inside the comment.",
    example=_G + "1. 炮二平五 {中炮 马8进7 *\n",
    use_instead="Close every comment with `}`.",
    fixed=_G + "1. 炮二平五 {中炮} 马8进7 *\n",
    example_kind="pgn",
    references=(
        "docs/spec/pgn.md §5.1",
        f"{_SPEC} §三(5)",
        f"{_GRAMMAR} terminal `COMMENT`",
    ),
)
UNCLOSED_TAG = Rule(
    "P105",
    "malformed-tag",
    Severity.ERROR,
    "A tag pair is not `[Name \"value\"]`",
    what=(
        "Reports a tag pair with its value unquoted, its quote or its `]` missing. The reader "
        "keeps what it can read of the value."
    ),
    why="Programs read such a tag differently or drop it.",
    example='[Game "Chinese Chess"]\n[Event "Cup]\n1. 炮二平五 *\n',
    use_instead="`[Name \"value\"]` on one line.",
    fixed='[Game "Chinese Chess"]\n[Event "Cup"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    references=(
        "docs/spec/pgn.md §3.1",
        f"{_SPEC} §二",
        f"{_CHESS} §3-1",
        f"{_GRAMMAR} rule `tag_pair`",
    ),
)
# ---------------------------------------------------------------- P2xx deviations
MISSING_SEPARATOR = Rule(
    "P201",
    "missing-separator",
    Severity.WARNING,
    "Two tokens touch where the spec requires a separator",
    what=(
        "Reports a move number glued to its move (`1.炮二平五`, XQWizard's habit), two moves "
        "glued together, or a comment or result touching a move."
    ),
    why=(
        "Spec §三(2),(4),(5),(6) require a space, tab or line end between them; the spec lists "
        "`51.兵五平六` among its invalid examples."
    ),
    example=_G + "1.炮二平五 马8进7 *\n",
    use_instead="Put a space after the move number and around comments.",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §2.4",
        f"{_SPEC} §三(2),(4),(5),(6)",
        f"{_GRAMMAR} header (separators)",
    ),
)
TAG_IN_MOVETEXT = Rule(
    "P202",
    "tag-in-movetext",
    Severity.WARNING,
    "A tag pair inside the movetext",
    what=(
        "Reports a tag pair after the moves have begun. The reader applies it to the game's "
        "tags (unless the tag is already set)."
    ),
    why=(
        "Spec §三(1): \"棋谱部分当中不能插入标签\"; its invalid example is "
        "`[Format \"WXF\"] 52. P6.5 K5.4`."
    ),
    example=_G + '1. 炮二平五 马8进7 [Round "1"] *\n',
    use_instead="Move the tag pair into the tag section.",
    fixed=_G + '[Round "1"]\n1. 炮二平五 马8进7 *\n',
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §3.6",
        f"{_SPEC} §三(1)",
        f"{_GRAMMAR} rule `misplaced_tag`",
    ),
)
COMMENT_SPLITS_MOVE = Rule(
    "P203",
    "comment-splits-move",
    Severity.WARNING,
    "A comment cuts a move in two",
    what=(
        "Reports a comment written inside a move (`兵五{…}平四`). The reader joins the two "
        "halves into the move and keeps the comment after it."
    ),
    why=(
        "Spec §三(5) lets comments follow moves, never split them; its invalid example is "
        "`53. 兵五{再平六就要判负了}平四`."
    ),
    example=_G + "1. 炮二{中炮}平五 马8进7 *\n",
    use_instead="Write the comment after the whole move.",
    fixed=_G + "1. 炮二平五 {中炮} 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §5.3",
        f"{_SPEC} §三(5)",
        f"{_GRAMMAR} terminal `UNKNOWN_MOVE`",
    ),
)
TEXT_AFTER_RESULT = Rule(
    "P204",
    "text-after-result",
    Severity.WARNING,
    "Text other than comments after the result",
    what=(
        "Reports text after the game's result that is not a comment: XQWizard's `=====` footer "
        "and advert lines, or moves after the result. The reader keeps it as a comment on the "
        "last move."
    ),
    why="Spec §三(7): \"结果以后只能有评注，不能有着法\".",
    example=_G + "1. 炮二平五 *\n=====\n",
    use_instead="Put such text in a `{}` comment, or delete it.",
    fixed=_G + "1. 炮二平五 * {=====}\n",
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §7.2",
        f"{_SPEC} §三(7)",
        f"{_GRAMMAR} terminal `STRAY_TEXT`",
    ),
)
MISSING_RESULT = Rule(
    "P205",
    "missing-result",
    Severity.WARNING,
    "A game ends without a result marker",
    what=(
        "Reports a game whose movetext is not ended by `1-0`, `0-1`, `1/2-1/2` or `*`. The "
        "reader takes the `Result` tag's value when it is one of those, else `*`."
    ),
    why="Spec §三(6): \"整个棋局结束时必须用…表示结果\"; without it two games can run together.",
    example=_G + "1. 炮二平五 马8进7\n",
    use_instead="End every game with its result.",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §7.1, §2.3",
        f"{_SPEC} §三(6)",
        f"{_GRAMMAR} rule `game`",
    ),
)
MISSING_MOVE_NUMBER = Rule(
    "P206",
    "missing-move-number",
    Severity.WARNING,
    "A Red move without its move number",
    what="Reports a move of Red (or the first move of a line) that has no move number before it.",
    why="Spec §三(2): every round is the move number, Red's move and Black's move.",
    example=_G + "炮二平五 马8进7 *\n",
    use_instead="Write `N.` before each Red move, `N. ...` before a line that starts with Black.",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §4.2",
        f"{_SPEC} §三(2), §五",
    ),
)
WRONG_MOVE_NUMBER = Rule(
    "P207",
    "wrong-move-number",
    Severity.WARNING,
    "A move number that does not count the moves",
    what=(
        "Reports a move number that differs from the round the move is played in (counted from "
        "the start position's move number), or a number before a Black move with no `...`. The "
        "reader trusts the moves, not the number."
    ),
    why="A reader that trusts the number places the moves wrongly.",
    example=_G + "1. 炮二平五 马8进7 3. 马二进三 *\n",
    use_instead="The round's number: `N.` before Red's move, `N. ...` before Black's.",
    fixed=_G + "1. 炮二平五 马8进7 2. 马二进三 *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §4.2",
        f"{_SPEC} §三(2), §五",
    ),
)
BLACK_WITHOUT_ELLIPSIS = Rule(
    "P208",
    "black-move-without-ellipsis",
    Severity.WARNING,
    "A line starts with Black's move without `N. ...`",
    what=(
        "Reports a variation (or a game from a position with Black to move) whose first move is "
        "Black's but whose move number has no `...`, or has no move number at all."
    ),
    why="Spec §五 writes such a variation `(7. ... 炮2平3 …)`.",
    example=_G + "1. 炮二平五 马8进7 (1. 炮8平5) *\n",
    use_instead="`N. ...` before the Black move.",
    fixed=_G + "1. 炮二平五 马8进7 (1. ... 炮8平5) *\n",
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §4.2",
        f"{_SPEC} §五",
    ),
)
TAG_ESCAPE = Rule(
    "P209",
    "tag-value-escape",
    Severity.WARNING,
    "A backslash in a tag value escapes neither `\"` nor `\\`",
    what=(
        "Reports `\\x` in a tag value where `x` is not `\"` or `\\`. The reader keeps both "
        "characters as written."
    ),
    why="Chess PGN defines only `\\\"` and `\\\\`; other programs may drop the backslash.",
    example=_G + '[Site "C:\\games"]\n1. 炮二平五 *\n',
    use_instead="Write a backslash as `\\\\`.",
    fixed=_G + '[Site "C:\\\\games"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §3.3",
        f"{_CHESS} §3-1",
        f"{_GRAMMAR} terminal `TAG_VALUE`",
    ),
)
TAG_LINE_BREAK = Rule(
    "P210",
    "tag-value-line-break",
    Severity.WARNING,
    "A tag value runs over a line end",
    what=(
        "Reports a tag value whose closing quote is on a later line. The reader keeps the line "
        "break in the value."
    ),
    why="Spec §二: \"每个标签占一行\"; many readers stop at the line end.",
    example='[Game "Chinese Chess"]\n[Event "Cup\n2004"]\n1. 炮二平五 *\n',
    use_instead="Keep each tag pair on one line.",
    fixed='[Game "Chinese Chess"]\n[Event "Cup 2004"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §3.4",
        f"{_SPEC} §二",
        f"{_GRAMMAR} terminal `TAG_VALUE`",
    ),
)
FORMAT_MISMATCH = Rule(
    "P211",
    "format-tag-mismatch",
    Severity.WARNING,
    "The moves are not in the notation the `Format` tag names",
    what=(
        "Reports a `Format` tag that names one notation while the moves are written in "
        "another. The reader reads the moves in the notation they are written in."
    ),
    why="Spec §三(3): \"着法的表示必须和Format标签相统一\".",
    example=_G + '[Format "WXF"]\n1. 炮二平五 *\n',
    use_instead="Make the `Format` tag name the moves' notation.",
    fixed=_G + '[Format "Chinese"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §3.11",
        f"{_SPEC} §二(11), §三(3)",
    ),
)
FORMAT_MISSING = Rule(
    "P212",
    "format-tag-missing",
    Severity.WARNING,
    "Moves in WXF or ICCS notation without a `Format` tag",
    what=(
        "Reports a game with no `Format` tag whose moves are not in Chinese notation, the "
        "default."
    ),
    why="Spec §二(11): without the tag the moves are Chinese; a reader that trusts it fails.",
    example=_G + "1. C2.5 H8+7 *\n",
    use_instead="Add `[Format \"WXF\"]` or `[Format \"ICCS\"]`.",
    fixed=_G + '[Format "WXF"]\n1. C2.5 H8+7 *\n',
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §3.11",
        f"{_SPEC} §二(11), §三(3)",
    ),
)
FORMAT_UNKNOWN = Rule(
    "P213",
    "format-tag-unknown",
    Severity.WARNING,
    "A `Format` tag value other than `Chinese`, `WXF` or `ICCS`",
    what=(
        "Reports a `Format` tag whose value names no notation of the spec (`zh`). The moves "
        "are read in the notation they are written in."
    ),
    why="Spec §二(11) allows `Chinese`, `WXF` and `ICCS`.",
    example=_G + '[Format "zh"]\n1. 炮二平五 *\n',
    use_instead="One of the three names.",
    fixed=_G + '[Format "Chinese"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §3.11",
        f"{_SPEC} §二(11)",
    ),
)
MIXED_NOTATION = Rule(
    "P214",
    "mixed-notation",
    Severity.WARNING,
    "A game's moves are written in more than one notation",
    what="Reports a move in another notation than the game's first move.",
    why="Spec §三(3): all moves follow the `Format` tag.",
    example=_G + "1. 炮二平五 H8+7 *\n",
    use_instead="One notation per game.",
    fixed=_G + "1. 炮二平五 马8进7 *\n",
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §3.11",
        f"{_SPEC} §三(3)",
    ),
)
BRACE_IN_COMMENT = Rule(
    "P215",
    "brace-in-comment",
    Severity.WARNING,
    "A comment holds a `{`",
    what="Reports a `{` inside a comment; comments do not nest, so it is read as text.",
    why="Spec §三(5): a comment may hold any character except braces.",
    example=_G + "1. 炮二平五 {a {b} *\n",
    use_instead="Remove the inner brace or use `（`.",
    fixed=_G + "1. 炮二平五 {a b} *\n",
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §5.1",
        f"{_SPEC} §三(5)",
    ),
)
EMPTY_VARIATION = Rule(
    "P216",
    "empty-variation",
    Severity.WARNING,
    "A variation holds no move",
    what=(
        "Reports `()` or a variation with only comments; it is dropped (its comments are kept "
        "on the move before it)."
    ),
    why="Spec §五: a variation is movetext replacing the move before it.",
    example=_G + "1. 炮二平五 () *\n",
    use_instead="Remove it.",
    fixed=_G + "1. 炮二平五 *\n",
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §6.1",
        f"{_SPEC} §五",
    ),
)
DUPLICATE_TAG = Rule(
    "P217",
    "duplicate-tag",
    Severity.WARNING,
    "A tag name appears twice in one game",
    what="Reports a second tag pair with a name already given; the first value is kept.",
    why="Chess PGN §3-1: a tag name may appear at most once in a game.",
    example=_G + '[Red "A"]\n[Red "B"]\n1. 炮二平五 *\n',
    use_instead="One tag pair per name.",
    fixed=_G + '[Red "A"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §3.5",
        f"{_CHESS} §3-1",
    ),
)

TAG_VALUE_QUOTE = Rule(
    "P218",
    "tag-value-quote",
    Severity.WARNING,
    "A tag value holds an unescaped `\"`",
    what=(
        "Reports a `\"` inside a tag value that is not written `\\\"` "
        "(`[Event \"\"Huangshan Cup\" 2002\"]`). When the line ends with `\"]`, the reader "
        "takes the value to run to that last quote."
    ),
    why=(
        "Chess PGN §3-1 requires `\\\"` for a quote inside a string; other readers end the "
        "value at the first inner quote."
    ),
    example=_G + '[Event "a "b" c"]\n1. 炮二平五 *\n',
    use_instead="Escape inner quotes as `\\\"`, or use `“”`.",
    fixed=_G + '[Event "a \\"b\\" c"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §3.3",
        f"{_CHESS} §3-1",
        f"{_GRAMMAR} terminal `TAG_VALUE`",
    ),
)
NAG_RANGE = Rule(
    "P219",
    "nag-out-of-range",
    Severity.WARNING,
    "A NAG is not a number from 0 to 255",
    what=(
        "Reports a NAG (`$n`) above 255. One of up to nine digits is kept as written; a longer "
        "one is dropped (it can name no glyph, and the moves around it are read as usual)."
    ),
    why="NAGs are defined from 0 to 255; other programs drop or reject larger ones.",
    example=_G + "1. 炮二平五 $300 *\n",
    use_instead="A NAG from 0 to 255 (`$1` good move, `$2` mistake, …), or a comment.",
    fixed=_G + "1. 炮二平五 $3 *\n",
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §4.5",
        f"{_CHESS} §3-2",
    ),
)

# ---------------------------------------------------------------- P3xx structure
MOVES_NOT_READ = Rule(
    "P301",
    "moves-not-read",
    Severity.INFO,
    "Moves after an unreadable or illegal move are kept as a comment",
    what=(
        "Accompanies an illegal or unreadable move: the text from that move to the end of its "
        "line of play (the variation, or the movetext) is kept as a comment on the last move "
        "read, so nothing is lost. Later games read normally. It is a related note on the "
        "move's own finding (SARIF `relatedLocations`, an indented `note:` line in text output), "
        "not a finding of its own: one root cause, one finding."
    ),
    why="Those moves are not in the move tree.",
    example=_G + "1. 炮二平五 马8进7 2. 车一进五 *\n",
    use_instead="Fix the move reported just before.",
    fixed=_G + "1. 炮二平五 马8进7 2. 马二进三 *\n",
    example_kind="pgn",
    references=(
        "docs/spec/pgn.md §8.1",
        f"{_CHESS} §3-2 (illegal moves may appear only in comments)",
    ),
)
BAD_FEN_TAG = Rule(
    "P302",
    "unusable-fen-tag",
    Severity.ERROR,
    "The `FEN` tag gives no position the moves can start from",
    what=(
        "Reports a `FEN` tag that cannot be read as a board (its F1xx diagnostics point inside "
        "the value). The moves are then kept as a comment. Given as a related note on the FEN's "
        "own finding (F1xx), the root cause."
    ),
    why="Without the start position no move can be checked.",
    example=_G + '[FEN "rnbakabnr/9 w"]\n1. 炮二平五 *\n',
    use_instead="A valid FEN.",
    fixed=_G + '[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]\n1. 炮二平五 *\n',
    example_kind="pgn",
    references=(
        "docs/spec/pgn.md §3.10, §8.2",
        f"{_SPEC} §二(10)",
        "docs/spec/fen.md §2.1",
    ),
)
VARIATION_WITHOUT_MOVE = Rule(
    "P303",
    "variation-without-move",
    Severity.ERROR,
    "A variation with no move before it to replace",
    what=(
        "Reports a `(` before the first move of its line: there is no move for it to be an "
        "alternative to. Its text is kept as a comment."
    ),
    why="Spec §五: \"变着针对的是括号前的着法\".",
    example=_G + "(1. 炮八平五) 1. 炮二平五 *\n",
    use_instead="Put the variation after the move it replaces.",
    fixed=_G + "1. 炮二平五 (1. 炮八平五) *\n",
    example_kind="pgn",
    references=(
        "docs/spec/pgn.md §6.2",
        f"{_SPEC} §五",
    ),
)
