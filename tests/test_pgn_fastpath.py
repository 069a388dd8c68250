"""The PGN fast path (xqformats/pgn/fastpath.py) against the Lark parse of grammars/pgn.lark.

The Lark parse is the oracle: for any text, each game chunk either makes the
fast path decline (``None``) or gives an AST equal to the Lark parse's (same
elements, texts, kinds, spans with line/column/end), with no syntax
diagnostic; and ``parse_pgn`` gives the same games (moves, spans, comments,
NAGs, tags and their spans, result) and the same diagnostics with the fast
path off and on.

Inputs: random games written by ``write_pgn`` in every notation and spelling
(comments, NAGs, variations), rewritten into other valid forms (suffixes,
``7...``, CRLF, lone CR, tabs, U+3000, the ideographic ellipsis), then
mutated at random (characters deleted, duplicated or inserted: brackets,
braces, quotes, results, line ends, fullwidth text; tokens glued); and every
PGN file of ../shared/corpus.
"""

from __future__ import annotations

from pathlib import Path

import lark
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pgn_strategies import INSERTS, any_mutant, any_variant, written_games

from xqformats.diagnostics import DiagnosticSink, Span
from xqformats.encoding import decode_bytes
from xqformats.model import Game
from xqformats.pgn import parse_pgn
from xqformats.pgn.ast import Comment, GameSyntax, MoveNumber, MoveToken, Nag, Result, StrayText, Variation
from xqformats.pgn.fastpath import build_scanners, disabled_reason, new_move, new_span, parse_fast
from xqformats.pgn.grammar import parse_chunk
from xqformats.pgn.splitter import split_games
from xqformats.source import Source


# ---------------------------------------------------------------- the two parses
def lark_parse(chunk: Source) -> tuple[GameSyntax, list[tuple]]:
    sink = DiagnosticSink(source=chunk)
    syntax = parse_chunk(chunk, sink)
    return syntax, [(d.code, d.message, d.line, d.column) for d in sink.items]


def check_chunks(text: str) -> int:
    """Every chunk of ``text``: the fast path declines or equals Lark.  Returns how many it took."""
    taken = 0
    for chunk in split_games([text]):
        fast = parse_fast(chunk)
        if fast is None:
            continue
        taken += 1
        slow, reports = lark_parse(chunk)
        assert reports == [], (chunk.text, reports)
        assert fast == slow, chunk.text
    return taken


def snapshot(game: Game) -> tuple:
    """Everything the reader puts in a game, spans included (nodes walked with a stack)."""
    nodes = []
    stack = [game.root]
    while stack:
        node = stack.pop()
        nodes.append((node.move, node.text, node.span, tuple(node.comments_before), tuple(node.comments), tuple(node.nags), len(node.children)))
        stack.extend(reversed(node.children))
    return (
        tuple(game.headers.in_standard_order()),
        tuple(game.tag_spans.items()),
        game.start.fen(),
        game.result,
        game.result_span,
        game.span,
        game.notation,
        tuple(game.diagnostics),
        tuple(nodes),
    )


def read_both(text: str | bytes, strict: bool = False) -> None:
    """``parse_pgn`` with the fast path off and on: the same games and diagnostics (and no G106)."""
    games_off, diags_off = parse_pgn(text, strict=strict, fast=False)
    games_on, diags_on = parse_pgn(text, strict=strict)
    assert diags_on == diags_off
    assert "G106" not in {d.code for d in diags_on}
    assert [snapshot(g) for g in games_on] == [snapshot(g) for g in games_off]


def chunk(text: str, offset: int = 0, line: int = 1, column: int = 1) -> Source:
    return Source(None, None, text, offset, line, column)


# ---------------------------------------------------------------- properties
def test_the_grammar_allows_the_fast_path() -> None:
    """Every parser state is covered by one of the fast path's scanners (else it turns itself off)."""
    assert disabled_reason() == ""


@settings(max_examples=60, deadline=None)
@given(text=written_games())
def test_written_games_take_the_fast_path_and_equal_lark(text: str) -> None:
    # Well-formed games always take the fast path: the comparison is not vacuous.
    assert check_chunks(text) == len(list(split_games([text])))
    read_both(text)


@settings(max_examples=60, deadline=None)
@given(text=any_variant())
def test_respelled_games_decline_or_equal_lark(text: str) -> None:
    check_chunks(text)
    read_both(text)


@settings(max_examples=250, deadline=None)
@given(text=any_mutant(), strict=st.booleans())
def test_mutated_games_decline_or_equal_lark(text: str, strict: bool) -> None:
    check_chunks(text)
    read_both(text, strict)


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(st.sampled_from(INSERTS + ["炮", "二", "平", "五", "进", "0", "9", "e", "-", "+", ".", "[Event \"x\"]\n"]), max_size=40))
def test_token_soup_declines_or_equals_lark(parts: list[str]) -> None:
    text = "".join(parts)
    check_chunks(text)
    read_both(text)


def test_corpus_files_decline_or_equal_lark(shared_corpus: Path) -> None:
    """Every PGN file of the shared corpus, chunk by chunk and through parse_pgn."""
    rows = [line.rstrip("\n").split("\t") for line in (shared_corpus / "MANIFEST.tsv").open(encoding="utf-8")][1:]
    taken = 0
    for row in rows:
        if row[4] not in ("pgn", "pgn-variant") and not row[0].lower().endswith((".pgn", ".wxf")):
            continue
        data = (shared_corpus / row[0]).read_bytes()
        text = decode_bytes(data, None)[0].removeprefix("\ufeff")
        chunks = list(split_games([text]))
        if len(chunks) > 100:
            # The two databases of 1,100+ games: every 10th game (the suite's time budget).
            text = "".join(c.text or "" for c in chunks[::10])
            taken += check_chunks(text)
            read_both(text)
        else:
            taken += check_chunks(text)
            read_both(data)
    assert taken > 300  # the corpus is mostly well-formed: the fast path reads it


def test_corpus_games_with_text_after_the_result_take_the_fast_path(shared_corpus: Path) -> None:
    # Issue 17: text after the result (XQWizard's footer, P204) sent half of a
    # real collection to the Lark parse.  Every corpus game whose Lark parse
    # reports nothing and holds such text must now be read by the fast path.
    rows = [line.rstrip("\n").split("\t") for line in (shared_corpus / "MANIFEST.tsv").open(encoding="utf-8")][1:]
    with_text = 0
    for row in rows:
        if row[4] not in ("pgn", "pgn-variant") and not row[0].lower().endswith(".pgn"):
            continue
        text = decode_bytes((shared_corpus / row[0]).read_bytes(), None)[0].removeprefix("\ufeff")
        for chunk in list(split_games([text]))[:100]:
            slow, reports = lark_parse(chunk)
            if reports or not any(isinstance(t, StrayText) for t in slow.trailer):
                continue
            with_text += 1
            assert parse_fast(chunk) == slow, chunk.text
    assert with_text >= 10


# ---------------------------------------------------------------- by hand
def span(start: int, end: int, line: int, column: int, end_line: int, end_column: int) -> Span:
    return Span(start, end, line, column, end_line, end_column)


def test_spans_count_lines_as_the_spec_does() -> None:
    # Line 1 `[Event "a"]` CR LF; line 2 `1.` U+3000 `炮二平五!` `{x` LF; line 3 `y}` tab `(1... 炮八平五`
    # and a lone CR, which ends the line too (docs/spec/pgn.md §2.4; Lark's counter misses it);
    # line 4 `1. ... 马2进3) 1-0 ;end`.
    text = '[Event "a"]\r\n1.\u3000炮二平五! {x\ny}\t(1... 炮八平五\r1. ... 马2进3) 1-0 ;end\n'
    fast = parse_fast(chunk(text, 100, 7))
    assert fast is not None and fast == lark_parse(chunk(text, 100, 7))[0]
    (tag,) = fast.tags
    assert tag.span == span(100, 111, 7, 1, 7, 12) and tag.value == "a"
    num, move, comment, variation = fast.movetext
    assert num == MoveNumber(1, False, "1.", span(113, 115, 8, 1, 8, 3))
    assert move == MoveToken("炮二平五", "CHINESE_MOVE", span(116, 120, 8, 4, 8, 8), "!", span(120, 121, 8, 8, 8, 9))
    assert comment == Comment("x\ny", False, span(122, 127, 8, 10, 9, 3))
    # `(` at column 4 of line 9, `)` at column 12 of line 10 (after the lone CR).
    assert variation.span == span(128, 151, 9, 4, 10, 13)
    assert variation.elements[0] == MoveNumber(1, True, "1...", span(129, 133, 9, 5, 9, 9))
    assert variation.elements[2] == MoveNumber(1, True, "1. ...", span(139, 145, 10, 1, 10, 7))
    assert fast.result == Result("1-0", span(152, 155, 10, 14, 10, 17))
    assert fast.trailer == (Comment("end", True, span(156, 160, 10, 18, 10, 22)),)
    # The same text with that CR written as LF: the same positions.
    lf = text.replace("炮八平五\r", "炮八平五\n")
    assert parse_fast(chunk(lf, 100, 7)) == lark_parse(chunk(lf, 100, 7))[0]
    assert [e.span for e in parse_fast(chunk(lf, 100, 7)).movetext] == [e.span for e in fast.movetext]


def test_nested_variations_nags_and_suffixes() -> None:
    text = "1. 炮二平五 $1 (1. 相三进五 (1. 马二进三)) 1... 马8进7?! *\n"
    fast = parse_fast(chunk(text))
    assert fast is not None and fast == lark_parse(chunk(text))[0]
    assert type(fast.movetext[2]) is Nag and fast.movetext[2].value == 1
    inner = fast.movetext[3]
    assert type(inner) is Variation and type(inner.elements[2]) is Variation
    assert fast.movetext[5].suffix == "?!"


@pytest.mark.parametrize(
    "text",
    [
        "1. 炮二平五 Qhe2 *",  # UNKNOWN_MOVE
        "1. 炮二平五 [Event \"x\"] 马8进7 *",  # a tag inside the movetext (P202)
        "1. 炮二平五 ) 马8进7 *",  # `)` closing nothing (P103)
        "1. 炮二平五 (1. 相三进五 *",  # a result inside a variation (P102)
        "1. 炮二平五 (1. 相三进五",  # a variation left open (P102)
        "1. 炮二平五 {open",  # an unclosed comment (P104)
        "[Event Cup]\n1. 炮二平五 *",  # an unquoted tag value (P105)
        "[Event \"Cup\"\n1. 炮二平五 *",  # a tag pair without `]`
        "1. 炮二平五 {c} ! *",  # a suffix after a comment
        "1. ... ... 马8进7 *",  # a second ellipsis
        "1. 炮二平五 !!! *",  # a suffix after a suffix
        "1. 炮二平五 @ *",  # a character no terminal matches where a move may stand
    ],
)
def test_declines_what_needs_the_recovery_or_an_error_production(text: str) -> None:
    assert parse_fast(chunk(text)) is None
    read_both(text)


def lalr(grammar: str) -> lark.Lark:
    return lark.Lark(grammar, parser="lalr", lexer="contextual", start="game", maybe_placeholders=False)


# A toy grammar with the witness terminals of each scanner.
TOY = """
game: tag* MOVE_NUMBER* (RESULT STRAY_TEXT*)?
tag: LSQB TAG_NAME TAG_VALUE RSQB
LSQB: "["
RSQB: "]"
TAG_NAME: /[A-Z]+/
TAG_VALUE: /"[^"]*"/
MOVE_NUMBER: /[0-9]+\\./
RESULT: "*"
STRAY_TEXT.-1: /[^\\s]+/
WS: /[ \\n]+/
%ignore WS
"""


def test_scanners_are_built_for_a_grammar_that_allows_them() -> None:
    tables, reason = build_scanners(lalr(TOY))
    assert reason == "" and tables is not None
    # Lark's order (priority, then longest possible match, then name): MOVE_NUMBER before WS;
    # the catch-all for characters no terminal matches comes last.
    assert tables.movetext.pattern.index("MOVE_NUMBER") < tables.movetext.pattern.index("WS")
    assert tables.movetext.pattern.endswith("|(?P<unmatched>(?s:.))")
    assert "STRAY_TEXT" in tables.after.pattern and "MOVE_NUMBER" not in tables.after.pattern


def test_a_grammar_it_cannot_mirror_switches_it_off() -> None:
    # A string terminal that a regexp terminal of the same priority matches whole:
    # Lark's lexer folds it into that terminal, which the scanners would not do.
    folded = TOY.replace('RESULT: "*"', 'RESULT: "1"\nNUMBER: /[0-9]+/').replace("MOVE_NUMBER*", "(MOVE_NUMBER | NUMBER)*")
    assert build_scanners(lalr(folded)) == (None, "NUMBER matches the string terminal RESULT")
    # No state offers a witness terminal (no tag pairs).
    untagged = TOY.replace("game: tag* ", "game: ")
    tables, reason = build_scanners(lalr(untagged))
    assert tables is None and reason == "no parser state offers TAG_NAME"


def test_spans_and_moves_made_through_their_slots_equal_the_constructed_ones() -> None:
    assert new_span is not Span  # the makers are in use for the classes as they are
    made = new_span(1, 2, 3, 4, 5, 6)
    assert type(made) is Span and made == Span(1, 2, 3, 4, 5, 6) and hash(made) == hash(Span(1, 2, 3, 4, 5, 6))
    move = new_move("炮二平五", "CHINESE_MOVE", made)
    assert type(move) is MoveToken and move == MoveToken("炮二平五", "CHINESE_MOVE", made)
    with pytest.raises(AttributeError):
        made.line = 7  # type: ignore[misc]  # still frozen


def test_ten_thousand_nested_variations_both_ways() -> None:
    # The fast path nests with a stack, as the LALR parser does: no recursion limit.
    # `(` is the 9th character; each `(1. 炮八平五 ` is 9 characters and each `)` one.
    depth = 10_000
    text = "1. 炮二平五 " + "(1. 炮八平五 " * depth + ")" * depth + " 马8进7 *\n"
    fast = parse_fast(chunk(text))
    assert fast is not None and fast.movetext[2].span == Span(8, 8 + 10 * depth, 1, 9, 1, 9 + 10 * depth)
    read_both(text)


def test_chunk_starting_inside_a_line() -> None:
    # After a lone CR (no line end for Lark's counting), a chunk starts at column 9
    # of its line: tokens on that line are placed after it, later lines are not.
    text = '[Event "a"]\n1. 炮二平五 *\n'
    fast = parse_fast(chunk(text, 50, 3, 9))
    assert fast is not None and fast == lark_parse(chunk(text, 50, 3, 9))[0]
    assert fast.tags[0].span == span(50, 61, 3, 9, 3, 20)
    assert fast.movetext[0].span == span(62, 64, 4, 1, 4, 3)


@pytest.mark.parametrize("text", ["1. 炮二平五 $" + "9" * 5000 + " *", "9" * 5000 + ". 炮二平五 马8进7 *"])
def test_numbers_too_long_for_int_are_read_by_both_paths(text: str) -> None:
    # int() refuses more than 4,300 digits; such a number once sent the game
    # to the Lark parse, which dropped it (issue 10, item 6).
    assert parse_fast(chunk(text)) is not None
    read_both(text)


# XQWizard's footer after the result (issue 17: 4,200 of 7,883 real files end with it).
XQWIZARD_FOOTER = (
    "=====================================\n"
    "欢迎访问《象棋百科全书网》\n"
    "推荐用《象棋演播室》软件欣赏棋谱\n"
    "=====================================\n"
)


@pytest.mark.parametrize(
    "text",
    [
        "1. 炮二平五 * ====",  # text after the result (P204)
        "1. 炮二平五 * 1-0",  # a second result is text after the result too
        '[Game "Chinese Chess"]\n1. 炮二平五 马8进7 1-0\n' + XQWIZARD_FOOTER,
        "1. 炮二平五 *\r\n=====\r\n{c} 欢迎  \r\n; x\r\n",  # text, comments and blanks, CR LF
    ],
)
def test_text_after_the_result_takes_the_fast_path(text: str) -> None:
    assert parse_fast(chunk(text)) is not None
    read_both(text)
    assert "P204" in {d.code for d in parse_pgn(text)[1]}
