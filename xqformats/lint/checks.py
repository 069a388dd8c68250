"""Lint checks over the shared model: tags, metadata and game-level facts.

Readers report what their grammar or schema says about the text; the checks
here read the :class:`~xqformats.model.Game` they produce — headers (in file
order), ``tag_spans``, ``result``/``result_span``, the move tree and its end
position — so they apply to PGN and CBF alike.  Codes ``T1xx`` are tags and
metadata, ``G1xx`` game level and files.

A check never repeats what a reader already reports: FEN validity (``F1xx``,
``P302``), move legality, ambiguity and spelling (``M1xx``–``M4xx``), the
``Format`` tag against the moves (``P211``–``P213``), duplicate tags
(``P217``) and line breaks in tag values (``P210``) are the readers'.
Checks that depend on the move list are skipped when the reader reported an
error, since the tree then stops at that error and its end is not the game's.

The repetition rules ``R1xx`` (declared in :mod:`xqformats.adjudication.rules`)
judge the main line under the run's rule set (``rules``: ``cxa`` or ``axf``,
docs/spec/rules.md).

Entry point: :func:`check_game`.  Cost: one pass over the headers, one
replay of the main line (O(plies), one position hash per ply) shared by the
checks that need it, only when a rule that needs it is enabled; moves are
classified only in games where a position occurs three times.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Optional

from ..adjudication.cycles import LineScan
from ..adjudication.rulebook import CXA, RuleBook, rule_book
from ..adjudication.rules import MOVES_AFTER_DECIDED_REPETITION, NATURAL_LIMIT, REPETITION_RULES, RESULT_CONTRADICTS_REPETITION
from ..adjudication.verdict import Adjudication, adjudicate_scan, game_line
from ..core import side_name
from ..diagnostics import INTERNAL_ERROR, Diagnostic, DiagnosticSink, Edit, Rule, Severity, Span, excerpt
from ..digits import bounded_int
from ..formats.rules import FILE_TOO_LARGE, FORMAT_CONTENT_MISMATCH, UNREADABLE_FILE, UNSUPPORTED_FORMAT
from ..model import ECCO_PATTERN, RESULTS, Game, Node, date_problem, standard_tag_value

if TYPE_CHECKING:
    from ..adjudication.ruling import Ruling

# The published sources, by title (docs/spec/README.md §3.1); each rule cites its clause first.
_PGN_SPEC = "《中国象棋电脑PGN文件格式》 §二 标签部分"
_CHESS_SPEC = "the chess PGN standard (S. J. Edwards; in the translation 《關於PGN和FEN記譜規範》)"

# ---------------------------------------------------------------- T1xx rules

MISSING_GAME_TAG = Rule(
    "T101",
    "missing-game-tag",
    Severity.WARNING,
    "A PGN game has no `Game` tag",
    what="Checks that a PGN game has a `Game` tag.",
    why=(
        "The xiangqi PGN spec requires `[Game \"Chinese Chess\"]` as the first tag: it is what "
        "tells a reader (and a chess program) that the record is not chess. Many programs omit it; "
        "the record is still readable, so this is a deviation."
    ),
    example='[Event "Test"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    fixed='[Game "Chinese Chess"]\n[Event "Test"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §3.7",
        f"{_PGN_SPEC} (0) Game",
    ),
)
GAME_TAG_NOT_FIRST = Rule(
    "T102",
    "game-tag-not-first",
    Severity.WARNING,
    "The `Game` tag is not the first tag of a PGN game",
    what="Checks that `Game` is the first tag pair.",
    why=(
        "The spec says the tag \"必须放在第一位\" (must come first), so a reader can tell the game from "
        "the first line. Writers of this toolkit put it first."
    ),
    example='[Event "Test"]\n[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    fixed='[Game "Chinese Chess"]\n[Event "Test"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    example_kind="pgn",
    deviation=True,
    references=(
        "docs/spec/pgn.md §3.7",
        f"{_PGN_SPEC} (0) Game",
    ),
)
GAME_TAG_VALUE = Rule(
    "T103",
    "game-tag-value",
    Severity.WARNING,
    "The `Game` tag is not `Chinese Chess`",
    what="Checks the value of the `Game` tag.",
    why=(
        "The spec fixes the value to `Chinese Chess` (\"其值必须为“Chinese Chess”\"); other spellings "
        "(`Xiangqi`, `中国象棋`, `chinese chess`) are not recognised by other programs."
    ),
    example='[Game "Xiangqi"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    fixed='[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    example_kind="pgn",
    deviation=True,
    fix="unsafe",
    fix_safety=(
        "The fix writes `Chinese Chess` over whatever the value is, without reading it. A value "
        "that names another game (`Chess`, `Janggi`, a variant) may say that the record is not of "
        "xiangqi at all, and the fix would hide that."
    ),
    references=(
        "docs/spec/pgn.md §3.7",
        f"{_PGN_SPEC} (0) Game",
    ),
)
DATE_FORMAT = Rule(
    "T104",
    "date-format",
    Severity.WARNING,
    "The `Date` tag is not a `yyyy.mm.dd` date",
    what=(
        "Checks that `Date` is `yyyy.mm.dd` with four-digit year and two-digit month and day, each "
        "part `??`/`????` when unknown, and that a fully known date exists in the calendar."
    ),
    why=(
        "The spec fixes the format (\"格式统一为“yyyy.mm.dd”\") so dates sort and compare as text; "
        "`1995.5.22`, `2004-01-05` or `00-12-31` do not, and a two-digit year is ambiguous. The "
        "message suggests the standard form when the date can be read unambiguously."
    ),
    example='[Game "Chinese Chess"]\n[Date "1995.5.22"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    fixed='[Game "Chinese Chess"]\n[Date "1995.05.22"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §3.8",
        f"{_PGN_SPEC} (3) Date",
        f"{_CHESS_SPEC} (Date, `??` for unknown parts)",
    ),
)
RESULT_MISMATCH = Rule(
    "T105",
    "result-mismatch",
    Severity.ERROR,
    "The `Result` tag disagrees with the game's termination marker",
    what="Compares the `Result` tag with the result written at the end of the movetext.",
    why=(
        "The PGN standard requires the termination marker to match the `Result` tag "
        "(\"棋局结束标记必须要与前面Result标签对符合\"). When they differ, nothing says which one is true, so this "
        "is an error."
    ),
    example='[Game "Chinese Chess"]\n[Result "1-0"]\n\n1. 炮二平五 马8进7 0-1 {红方超时判负}\n',
    fixed='[Game "Chinese Chess"]\n[Result "0-1"]\n\n1. 炮二平五 马8进7 0-1 {红方超时判负}\n',
    example_kind="pgn",
    references=(
        "docs/spec/pgn.md §3.9",
        f"{_CHESS_SPEC} 3-2 (game termination marker)",
        f"{_PGN_SPEC} (7) Result",
    ),
)
RESULT_TAG_VALUE = Rule(
    "T106",
    "result-tag-value",
    Severity.WARNING,
    "The `Result` tag is not `1-0`, `0-1`, `1/2-1/2` or `*`",
    what="Checks the value of the `Result` tag.",
    why=(
        "The spec allows exactly four results: `1-0` (Red wins), `0-1` (Black wins), `1/2-1/2` "
        "(draw) and `*` (unknown). Chinese words such as `红胜`, `黑胜`, `和棋` or `未知` are common in "
        "exports; their meaning is clear, so this is a deviation, and the message names the "
        "standard value when the word is recognised."
    ),
    example='[Game "Chinese Chess"]\n[Result "红胜"]\n\n1. 炮二平五 马8进7 1-0 {黑方认负}\n',
    fixed='[Game "Chinese Chess"]\n[Result "1-0"]\n\n1. 炮二平五 马8进7 1-0 {黑方认负}\n',
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §3.9",
        f"{_PGN_SPEC} (7) Result",
    ),
)
PLY_COUNT = Rule(
    "T107",
    "ply-count-mismatch",
    Severity.WARNING,
    "The `PlyCount` tag does not match the number of moves",
    what=(
        "When a `PlyCount` tag is present, checks that it is a whole number equal to the number of "
        "plies (half-moves) of the main line."
    ),
    why=(
        "Databases use `PlyCount` to index and filter games without reading them; a wrong count "
        "silently misfiles the game."
    ),
    example='[Game "Chinese Chess"]\n[Result "*"]\n[PlyCount "3"]\n\n1. 炮二平五 马8进7 *\n',
    fixed='[Game "Chinese Chess"]\n[Result "*"]\n[PlyCount "2"]\n\n1. 炮二平五 马8进7 *\n',
    example_kind="pgn",
    deviation=True,
    fix="unsafe",
    fix_safety=(
        "The fix trusts the moves: it writes the number of plies of the main line as read. A "
        "count that disagrees may be the right one, with a move missing from the record instead "
        "(a line cut short when it was copied), and the fix would then hide the loss."
    ),
    references=(
        "docs/spec/pgn.md §3.12",
        f"{_CHESS_SPEC} 4-7 (3) PlyCount (\"严格来说是指“半”步数\")",
    ),
)
ECCO_CODE = Rule(
    "T108",
    "ecco-code",
    Severity.WARNING,
    "The `ECCO` tag is not an opening code from `A00` to `E99`",
    what=(
        "Checks that a PGN `ECCO` tag is one capital letter `A`–`E` and two digits (an empty value "
        "means unknown and passes; in CBF the schema checks the element, C203)."
    ),
    why=(
        "ECCO (the Chinese chess opening classification) numbers every opening `A00`–`E99`; tools "
        "group and look up games by that code, so a lowercase letter, a missing digit or a name in "
        "its place breaks the lookup."
    ),
    example='[Game "Chinese Chess"]\n[ECCO "b24"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    fixed='[Game "Chinese Chess"]\n[ECCO "B24"]\n[Result "*"]\n\n1. 炮二平五 马8进7 *\n',
    example_kind="pgn",
    deviation=True,
    fix="safe",
    references=(
        "docs/spec/pgn.md §3.12",
        f"{_PGN_SPEC} (9) Opening, Variation and ECCO",
    ),
)
# ---------------------------------------------------------------- G1xx rules

UNEXPLAINED_WIN = Rule(
    "G103",
    "unexplained-win",
    Severity.INFO,
    "A win is recorded but the game does not end in mate and nothing says why",
    what=(
        "When the result is a win (`1-0` or `0-1`) but the side to move at the end of the main "
        "line still has a legal move, looks for a reason: a comment on the last move (or after the "
        "result) or a `Termination` tag. Reports the game when there is none."
    ),
    why=(
        "Games are won by resignation, time or a rules infraction (for example perpetual check, "
        "长将) as often as by mate, but a reader cannot tell these apart from a truncated record. "
        "Saying why (`[Termination \"rules infraction\"]`, `{红方长将判负}`) removes the doubt. "
        "Informational: the record is valid."
    ),
    example='[Game "Chinese Chess"]\n[Result "1-0"]\n\n1. 炮二平五 马8进7 1-0\n',
    fixed='[Game "Chinese Chess"]\n[Result "1-0"]\n[Termination "time forfeit"]\n\n1. 炮二平五 马8进7 1-0\n',
    example_kind="pgn",
    references=(
        "docs/spec/board.md §6.2",
        f"{_CHESS_SPEC} 4-6 Termination",
        "《中国象棋电脑PGN文件格式》 §三 (7) (only comments after the result, e.g. `0-1 {红方长将判负}`)",
    ),
)
RESULT_CONTRADICTS_BOARD = Rule(
    "G104",
    "result-contradicts-board",
    Severity.ERROR,
    "The result contradicts a mate on the board at the end of the game",
    what=(
        "When the side to move at the end of the main line has no legal move (checkmate, or "
        "stalemate, which also loses in xiangqi), checks that the result is the other side's win "
        "(or `*`)."
    ),
    why=(
        "A recorded draw, or a win for the mated side, cannot be true; either the result or the "
        "moves were copied wrongly."
    ),
    example='[Game "Chinese Chess"]\n[FEN "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"]\n[Format "ICCS"]\n'
    '[Result "1/2-1/2"]\n\n1. E1-D1 1/2-1/2\n',
    fixed='[Game "Chinese Chess"]\n[FEN "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"]\n[Format "ICCS"]\n'
    '[Result "1-0"]\n\n1. E1-D1 1-0\n',
    example_kind="pgn",
    references=(
        "docs/spec/board.md §6.1",
        "docs/spec/pgn.md §7.3",
    ),
)

TAG_RULES = (
    MISSING_GAME_TAG,
    GAME_TAG_NOT_FIRST,
    GAME_TAG_VALUE,
    DATE_FORMAT,
    RESULT_MISMATCH,
    RESULT_TAG_VALUE,
    PLY_COUNT,
    ECCO_CODE,
)
GAME_RULES = (
    UNSUPPORTED_FORMAT,
    UNREADABLE_FILE,
    UNEXPLAINED_WIN,
    RESULT_CONTRADICTS_BOARD,
    FORMAT_CONTENT_MISMATCH,
    INTERNAL_ERROR,
    FILE_TOO_LARGE,
)

# ---------------------------------------------------------------- the checks


@dataclass(slots=True)
class _Context:
    game: Game
    source_format: str
    sink: DiagnosticSink
    moves_complete: bool
    book: RuleBook = CXA
    _scan: Optional[LineScan] = None
    _nodes: Optional[list[Node]] = None

    def line(self) -> LineScan:
        """The main line scanned once (end position, a key per ply: :func:`~xqformats.adjudication.verdict.game_line`),
        shared by the checks that need it."""
        if self._scan is None:
            self._scan = game_line(self.game)
        return self._scan

    def nodes(self) -> list[Node]:
        """The main line's nodes, ``nodes()[i]`` the node of ply ``i + 1``."""
        if self._nodes is None:
            self._nodes = list(self.game.root.mainline())
        return self._nodes

    def claimed_result(self) -> str:
        """The result the record states: its termination marker, else its `Result` tag (``*`` when neither)."""
        claimed = self.game.result
        if claimed == "*" and self.game.result_span is None:
            claimed = self.game.headers.get("Result", "*")
        return claimed

    def tag_span(self, name: str) -> Optional[Span]:
        return self.game.tag_spans.get(name)

    def value_fix(self, name: str, new: str) -> Optional[list[Edit]]:
        """The edit that writes ``new`` as tag ``name``'s value: PGN only, where the
        tag's span is its quoted value (``new`` needs no escape: no ``"`` nor ``\\``)."""
        span = self.tag_span(name)
        if self.source_format != "pgn" or span is None:
            return None
        return [Edit(span.start, span.end, f'"{new}"')]

    def game_start(self) -> Optional[Span]:
        """A point at the start of the game (its first tag, or the game span)."""
        spans = self.game.tag_spans
        if spans:
            first = min(spans.values(), key=lambda s: s.start)
            return first
        return _start_point(self.game.span)

    def result_anchor(self) -> Optional[Span]:
        return self.game.result_span or self.tag_span("Result") or self.game_start()


def _start_point(span: Optional[Span]) -> Optional[Span]:
    if span is None:
        return None
    return Span(span.start, span.start, span.line, span.column, span.line, span.column)


Check = Callable[[_Context], None]


@dataclass(frozen=True, slots=True)
class _CheckEntry:
    rules: tuple[Rule, ...]
    formats: frozenset[str]
    needs_moves: bool
    func: Check


_CHECKS: list[_CheckEntry] = []


#: Every format the front door reads games of (for checks about the moves alone).
_ALL_FORMATS = ("pgn", "cbf", "xqf", "cbr", "cbl", "dhtmlxq", "wxfgame", "json")


def _check(*rules: Rule, formats: Iterable[str] = ("pgn", "cbf"), needs_moves: bool = False) -> Callable[[Check], Check]:
    def deco(func: Check) -> Check:
        _CHECKS.append(_CheckEntry(tuple(rules), frozenset(formats), needs_moves, func))
        return func

    return deco


@_check(MISSING_GAME_TAG, GAME_TAG_NOT_FIRST, GAME_TAG_VALUE, formats=("pgn",))
def _game_tag(ctx: _Context) -> None:
    headers = ctx.game.headers
    if "Game" not in headers:
        ctx.sink.report(
            MISSING_GAME_TAG,
            'No `Game` tag; expected `[Game "Chinese Chess"]` as the first tag',
            ctx.game_start(),
            fix=_game_tag_insertion(ctx.game),
        )
        return
    first = next(iter(headers))
    if first != "Game":
        ctx.sink.report(
            GAME_TAG_NOT_FIRST, f"`Game` tag comes after `{first}`; expected it first", ctx.tag_span("Game")
        )
    value = headers["Game"]
    if value != "Chinese Chess":
        ctx.sink.report(
            GAME_TAG_VALUE,
            f"Game `{value}` is not `Chinese Chess`",
            ctx.tag_span("Game"),
            fix=ctx.value_fix("Game", "Chinese Chess"),
        )


def _game_tag_insertion(game: Game) -> Optional[list[Edit]]:
    """``[Game "Chinese Chess"]`` on a line of its own where the game starts (a PGN game's span starts at its first tag)."""
    if game.span is None:
        return None
    after = "\n" if game.tag_spans else "\n\n"  # no tags: the blank line before the movetext
    return [Edit(game.span.start, game.span.start, '[Game "Chinese Chess"]' + after)]


@_check(DATE_FORMAT)
def _date(ctx: _Context) -> None:
    value = ctx.game.headers.get("Date")
    if value is None:
        return
    problem = date_problem(value)
    if problem is None:
        return
    hint = standard_tag_value("Date", value)
    if not value:
        msg = "Date is empty; expected `yyyy.mm.dd` (`????.??.??` when unknown)"
    else:
        msg = f"Date `{value}` {problem}"
        if hint is not None:
            msg += f"; expected `{hint}`"
        elif problem.startswith("is not `"):
            msg += " (`??` for unknown parts)"
    fix = ctx.value_fix("Date", hint) if hint is not None else None
    ctx.sink.report(DATE_FORMAT, msg, ctx.tag_span("Date"), fix=fix)


@_check(RESULT_TAG_VALUE, RESULT_MISMATCH)
def _result_tag(ctx: _Context) -> None:
    game = ctx.game
    value = game.headers.get("Result")
    if value is None:
        return
    if value not in RESULTS:
        meant = standard_tag_value("Result", value)
        msg = f"Result `{value}` is not one of `1-0`, `0-1`, `1/2-1/2`, `*`"
        if meant is not None:
            msg = f"Result `{value}` is not standard; expected `{meant}`"
        fix = ctx.value_fix("Result", meant) if meant is not None else None
        ctx.sink.report(RESULT_TAG_VALUE, msg, ctx.tag_span("Result"), fix=fix)
        return
    # Compare only with a marker actually written: without one the reader has
    # already reported the missing marker and ``game.result`` is a default.
    if game.result_span is not None and game.result != value:
        ctx.sink.report(
            RESULT_MISMATCH,
            f"Result tag `{value}` disagrees with the termination marker `{game.result}`",
            game.result_span,
        )


@_check(PLY_COUNT, needs_moves=True)
def _ply_count(ctx: _Context) -> None:
    value = ctx.game.headers.get("PlyCount")
    if value is None:
        return
    plies = ctx.game.ply_count()
    text = value.strip()
    if not (text.isascii() and text.isdigit()):
        msg = f"PlyCount `{value}` is not a whole number; the main line has {plies} plies"
    elif bounded_int(text) != plies:  # None (more than MAX_NUMBER_DIGITS digits) is no main line's length
        msg = f"PlyCount `{excerpt(value)}` but the main line has {plies} {'ply' if plies == 1 else 'plies'}"
    else:
        return
    # Unsafe: the count may be right and a move missing.
    ctx.sink.report(PLY_COUNT, msg, ctx.tag_span("PlyCount"), fix=ctx.value_fix("PlyCount", str(plies)))


# CBF: the schema's EccoCode type already checks the element (C203).
@_check(ECCO_CODE, formats=("pgn",))
def _ecco(ctx: _Context) -> None:
    value = ctx.game.headers.get("ECCO")
    # An empty value says "unknown", as an empty <ECCO/> does in CBF.
    if value is None or not value or ECCO_PATTERN.match(value):
        return
    code = standard_tag_value("ECCO", value)
    if code is not None:
        msg = f"ECCO `{value}` is not in standard form; expected `{code}`"
    else:
        msg = f"ECCO `{value}` is not an opening code; expected a letter `A`–`E` and two digits"
    fix = ctx.value_fix("ECCO", code) if code is not None else None
    ctx.sink.report(ECCO_CODE, msg, ctx.tag_span("ECCO"), fix=fix)


_WINS = {"1-0": "Red", "0-1": "Black"}


def _has_reason(game: Game) -> bool:
    """A comment on the last main-line move (or the root) or a Termination tag."""
    if game.headers.get("Termination", "").strip():
        return True
    last = game.root.end()
    return any(c.strip() for c in last.comments)


@_check(UNEXPLAINED_WIN, RESULT_CONTRADICTS_BOARD, needs_moves=True)
def _result_vs_board(ctx: _Context) -> None:
    game = ctx.game
    claimed = ctx.claimed_result()
    if claimed not in RESULTS or claimed == "*":
        return
    outcome = ctx.line().end.outcome()
    if outcome is not None:
        board_result = outcome.result()
        if claimed != board_result:
            loser = "Black" if outcome.winner else "Red"
            how = "checkmated" if outcome.reason == "checkmate" else "stalemated (no legal move)"
            ctx.sink.report(
                RESULT_CONTRADICTS_BOARD,
                f"Result `{claimed}` but {loser} is {how} at the end of the game; expected `{board_result}`",
                ctx.result_anchor(),
            )
        return
    winner = _WINS.get(claimed)
    if winner is not None and not _has_reason(game):
        ctx.sink.report(
            UNEXPLAINED_WIN,
            f"Result `{claimed}` ({winner} wins) but the game does not end in mate, and no comment on "
            "the last move or `Termination` tag says why",
            ctx.result_anchor(),
        )


# ---------------------------------------------------------------- R1xx: repetitions and the natural limit


def _cycle_words(ruling: Ruling) -> str:
    """``plies 2–9, the position of ply 1 repeated at plies 1, 5 and 9``."""
    first, middle, last = ruling.cycle.plies
    return f"plies {first + 1}–{last}, the position of ply {first} repeated at plies {first}, {middle} and {last}"


def _loss_words(ruling: Ruling) -> str:
    """``Red's moves are perpetual check (长将) (plies …; CXA 26.1), so Red loses``."""
    assert ruling.loser is not None
    side = side_name(ruling.loser)
    summary = ruling.red.summary if ruling.loser else ruling.black.summary
    return (
        f"{side}'s moves are {summary} ({_cycle_words(ruling)}; {ruling.book.book_clause(ruling.key)}), "
        f"so {ruling.verdict().replace('must change or loses', 'must change its moves or lose')}"
    )


def _stated_results(ctx: _Context) -> dict[str, Optional[Span]]:
    """The results the record states (its marker or result field, its `Result` tag), each with where it is written."""
    game = ctx.game
    found: dict[str, Optional[Span]] = {}
    if game.result in RESULTS and game.result != "*":
        found[game.result] = game.result_span or ctx.result_anchor()
    tag = game.headers.get("Result")
    if tag in RESULTS and tag != "*" and tag not in found:
        found[tag] = ctx.tag_span("Result") or ctx.result_anchor()
    return found


def _node_span(ctx: _Context, ply: int) -> Optional[Span]:
    nodes = ctx.nodes()
    return nodes[ply - 1].span if 0 < ply <= len(nodes) else ctx.result_anchor()


def _contradiction(ctx: _Context, verdict: Adjudication) -> None:
    """R101: the game ends in a cycle whose ruling names a loser, and a stated result is not the winner's."""
    expected = verdict.expected_result()
    if expected is None:
        return
    ruling = verdict.final
    assert ruling is not None
    for value, span in _stated_results(ctx).items():
        if verdict.contradicts(value):
            ctx.sink.report(
                RESULT_CONTRADICTS_REPETITION,
                f"Result `{value}` contradicts the repetition the game ends in: {_loss_words(ruling)}; "
                f"expected `{expected}`",
                span,
            )


def _after_decided(ctx: _Context, verdict: Adjudication) -> None:
    """R102: a perpetual check was decided and the record goes on to a new position."""
    for episode in verdict.episodes:
        ruling = episode.ruling
        if ruling.immediate and episode.last < verdict.plies:
            ply = episode.last + 1
            ctx.sink.report(
                MOVES_AFTER_DECIDED_REPETITION,
                f"The game goes on at ply {ply} after a repetition was decided at ply {episode.first}: "
                f"{_loss_words(ruling)} there",
                _node_span(ctx, ply),
            )


def _limit(ctx: _Context, verdict: Adjudication) -> None:
    """R103: the natural limit was reached and a stated result is a win."""
    limit = verdict.limit
    if limit is None:
        return
    wins = [v for v in _stated_results(ctx) if v in _WINS]
    if not wins:
        return
    book = limit.book
    what = f"no capture in plies {limit.first}–{limit.ply} ({(limit.ply - limit.first + 1) // 2} moves by each side"
    if book.limit_checks is not None:
        checks = ", ".join(f"{side_name(s)} {limit.checks[s]}" for s in sorted(limit.checks, reverse=True))
        claim = " or ".join(side_name(s) for s in limit.claimants)
        what += f"; checks: {checks}; {claim} may claim"
    ctx.sink.report(
        NATURAL_LIMIT,
        f"The natural limit was reached at ply {limit.ply}: {what}; {book.book_clause('limit')}); "
        f"the result `{wins[0]}` is not a draw",
        _node_span(ctx, limit.ply),
    )


@_check(*REPETITION_RULES, formats=_ALL_FORMATS, needs_moves=True)
def _repetition(ctx: _Context) -> None:
    # (R102 reads only the episodes that may be a perpetual check; the rest go unjudged.)
    verdict = adjudicate_scan(ctx.line(), ctx.book, perpetual_only=True)
    _contradiction(ctx, verdict)
    _after_decided(ctx, verdict)
    _limit(ctx, verdict)


def _reader_stopped(game: Game) -> bool:
    """Whether the reader reported an error, so the move tree may stop short.

    A deviation that strict mode made an error does not stop a reader.
    """
    return any(d.severity is Severity.ERROR and not d.deviation for d in game.diagnostics)


def check_game(
    game: Game,
    *,
    source_format: str = "pgn",
    sink: Optional[DiagnosticSink] = None,
    enabled: Optional[Callable[[str], bool]] = None,
    rules: str = CXA.name,
) -> list[Diagnostic]:
    """Run every tag and game-level check on ``game``; return what they found.

    ``source_format`` (a front-door format name: ``"pgn"``, ``"cbf"``, …)
    selects the checks that apply (tag order and the ``Game`` tag exist only
    in PGN).  ``rules`` is the rule set repetitions are judged by (``cxa``
    or ``axf``; docs/spec/rules.md).  Findings go to ``sink`` when given (its
    path and ``strict`` policy apply) and are also returned.
    ``enabled(code)`` skips checks whose codes are all disabled.  Never
    raises on bad content.  (For many games of one file,
    :class:`GameChecker` chooses the checks once.)
    """
    return GameChecker(source_format, enabled, rules).check(game, sink)


class GameChecker:
    """:func:`check_game` for the games of one file: the checks that apply are chosen once."""

    __slots__ = ("source_format", "enabled", "book", "_entries")

    def __init__(
        self, source_format: str = "pgn", enabled: Optional[Callable[[str], bool]] = None, rules: str = CXA.name
    ) -> None:
        self.source_format = source_format
        self.enabled = enabled
        #: The rule set repetitions are judged by (:func:`xqformats.adjudication.rulebook.rule_book` raises for an unknown name).
        self.book = rule_book(rules)
        self._entries = [
            e for e in _CHECKS
            if source_format in e.formats and (enabled is None or any(enabled(r.code) for r in e.rules))
        ]

    def check(self, game: Game, sink: Optional[DiagnosticSink] = None) -> list[Diagnostic]:
        """The findings of the checks on ``game`` (see :func:`check_game`)."""
        return self.check_line(game, sink)[0]

    def check_line(self, game: Game, sink: Optional[DiagnosticSink] = None) -> tuple[list[Diagnostic], Optional[LineScan]]:
        """:meth:`check`'s findings, and the scan of the main line the checks made
        (:func:`~xqformats.adjudication.verdict.game_line`: a key per position, the captures), for a
        caller that needs it too (the archive index); ``None`` when no check needed it (the rules
        that do were disabled, or the reader stopped short).
        """
        own = DiagnosticSink(
            path=sink.path if sink is not None else None,
            strict=sink.strict if sink is not None else False,
        )
        ctx = _Context(game, self.source_format, own, moves_complete=not _reader_stopped(game), book=self.book)
        for entry in self._entries:
            if entry.needs_moves and not ctx.moves_complete:
                continue
            entry.func(ctx)
        found = own.items
        enabled = self.enabled
        if enabled is not None:
            found = [d for d in found if enabled(d.code)]
        if sink is not None:
            found = [sink.add(d) for d in found]
        return found, ctx._scan
