"""grammars/pgn.lark, rule by rule: one valid and one invalid sample each.

Every expected diagnostic is ``(code, line, column)`` of the offending text,
counted by hand (columns count characters, 1-based; a CJK character is one).
Strict mode turns the deviations (P2xx) into errors, including the spec's own
invalid examples (docs/spec/pgn.md §2.4, §3.6, §5.3: `51.兵五平六`, a tag inside the
movetext, a comment splitting a move; and moves after the result, §7.2).
"""

from __future__ import annotations

import lark
import pytest

from xqformats.diagnostics import Severity, with_related
from xqformats.pgn import parse_pgn
from xqformats.pgn.grammar import lexicon
from xqformats.resources import grammar_path

G = '[Game "Chinese Chess"]\n'
# Red pawn on e5 (file 五), Black king on d9 (Black's file 4), move 51: the spec's fragments.
ENDGAME = G + '[FEN "3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 51"]\n'


def found(text: str, strict: bool = False) -> list[tuple[str, int, int]]:
    games, diags = parse_pgn(text, strict=strict)
    return [(d.code, d.line, d.column) for d in with_related(diags) if d.severity is not Severity.INFO or d.code.startswith("P")]


def only(text: str, strict: bool = False) -> list[tuple[str, int, int]]:
    return found(text, strict)


def test_grammar_builds_strictly() -> None:
    """No shift/reduce conflicts and no terminal collisions (Lark strict mode, interegular)."""
    lark.Lark.open(str(grammar_path("pgn.lark")), parser="lalr", start="game", strict=True)


# ---------------------------------------------------------------- game
def test_game_valid() -> None:
    assert only(G + "1. 炮二平五 *\n") == []


def test_game_without_result() -> None:
    # P205 at the end of the last move: `1. 炮二平五` ends before column 8.
    assert only(G + "1. 炮二平五\n") == [("P205", 2, 8)]


def test_any_number_of_games() -> None:
    text = (G + "1. 炮二平五 *\n\n") * 3 + G + "1. 炮二平五\n" + G + "1. 炮八平五 1-0\n"
    games, diags = parse_pgn(text)
    assert len(games) == 5
    assert [g.result for g in games] == ["*", "*", "*", "*", "1-0"]
    assert [(d.code, d.line) for d in diags] == [("P205", 11)]


# ---------------------------------------------------------------- tag_pair, TAG_NAME, TAG_VALUE
def test_tag_pair_valid_with_escapes() -> None:
    games, diags = parse_pgn(G + '[Event "a \\"b\\" \\\\ c"]\n1. 炮二平五 *\n')
    assert diags == []
    assert games[0].headers["Event"] == 'a "b" \\ c'
    # The value's span covers the quotes: line 2, columns 8..22.
    sp = games[0].tag_spans["Event"]
    assert (sp.line, sp.column, sp.end_line, sp.end_column) == (2, 8, 2, 22)


def test_tag_pair_without_bracket() -> None:
    # `[Event "Cup"` then a line of moves: the `]` is missing where the line ends,
    # after `"Cup"` (columns 8-12).
    games, _ = parse_pgn(G + '[Event "Cup"\n1. 炮二平五 *\n')
    assert only(G + '[Event "Cup"\n1. 炮二平五 *\n') == [("P105", 2, 13)]
    assert games[0].headers["Event"] == "Cup" and games[0].ply_count() == 1


def test_tag_name_missing() -> None:
    assert only(G + '["Cup"]\n1. 炮二平五 *\n') == [("P105", 2, 2)]


def test_tag_value_unquoted() -> None:
    games, diags = parse_pgn(G + "[Event Cup 2004]\n1. 炮二平五 *\n")
    assert [(d.code, d.line, d.column, d.message) for d in diags] == [
        ("P105", 2, 8, 'Tag value `Cup 2004` is not in quotes; expected `"Cup 2004"`')
    ]
    assert games[0].headers["Event"] == "Cup 2004"


def test_tag_value_unclosed() -> None:
    games, diags = parse_pgn(G + '[Event "Cup]\n1. 炮二平五 *\n')
    assert [(d.code, d.line, d.column) for d in diags] == [("P105", 2, 8)]
    assert games[0].headers["Event"] == "Cup" and games[0].ply_count() == 1


def test_tag_value_bad_escape() -> None:
    # The backslash is column 11 of `[Site "C:\games"]`.
    games, diags = parse_pgn(G + '[Site "C:\\games"]\n1. 炮二平五 *\n')
    assert [(d.code, d.line, d.column, d.end_column) for d in diags] == [("P209", 2, 10, 12)]
    assert games[0].headers["Site"] == "C:\\games"


def test_tag_value_over_two_lines() -> None:
    games, diags = parse_pgn(G + '[TitleA "\n四量拨千斤"]\n1. 炮二平五 *\n')
    assert [(d.code, d.line, d.column) for d in diags] == [("P210", 2, 9)]
    assert games[0].headers["TitleA"] == "\n四量拨千斤"


def test_tag_value_over_two_lines_ending_in_an_escaped_backslash() -> None:
    # The value is a line break and `\\` (an escaped backslash): its closing quote is
    # the third character of line 2, so the span ends at column 4.  The game splitter
    # once took that quote for an escaped one, ended the value at the line end and
    # cut a second game at `[Type`, losing the tag and the result (read as `*`, P205).
    text = '[Name "\n\\\\"]\n[Type "0"]\n\n1-0\n'
    games, diags = parse_pgn(text)
    assert [(d.code, d.line, d.column, d.end_line, d.end_column) for d in diags] == [("P210", 1, 7, 2, 4)]
    assert len(games) == 1
    assert dict(games[0].headers) == {"Name": "\n\\", "Type": "0"}
    assert games[0].result == "1-0"


def test_tag_value_over_three_lines_with_a_bracket_line() -> None:
    # `[2004]` starts a line inside the value: no tag, no new game.  The value opens
    # at column 8 of line 2 and closes at column 6 of line 4 (`final"`).
    text = G + '[Event "Cup\n[2004]\nfinal"]\n[Round "1"]\n1. 炮二平五 *\n'
    games, diags = parse_pgn(text)
    assert [(d.code, d.line, d.column, d.end_line, d.end_column) for d in diags] == [("P210", 2, 8, 4, 7)]
    assert len(games) == 1
    assert games[0].headers["Event"] == "Cup\n[2004]\nfinal" and games[0].headers["Round"] == "1"
    assert games[0].ply_count() == 1 and games[0].result == "*"


def test_tag_value_ending_in_an_escaped_backslash_before_the_line_end() -> None:
    # `"C:\\` then a line end: the escape is complete, the value goes on to `"` on line 3.
    games, diags = parse_pgn(G + '[Site "C:\\\\\n"]\n[Round "1"]\n1. 炮二平五 *\n')
    assert [(d.code, d.line, d.column, d.end_line, d.end_column) for d in diags] == [("P210", 2, 7, 3, 2)]
    assert len(games) == 1 and games[0].headers["Site"] == "C:\\\n" and games[0].headers["Round"] == "1"


def test_tag_value_not_closed_by_a_later_quote() -> None:
    # The first quote after `"Cup` is the next game's `[Game "`, not followed by `]`:
    # the value is unclosed on its line (P105 at `"Cup`, columns 8-11, and the missing
    # `]` after it, column 12) and the next game is read as usual.
    text = G + '[Event "Cup\n1. 炮二平五 *\n' + G + "1. 炮八平五 1-0\n"
    games, diags = parse_pgn(text)
    assert [(d.code, d.line, d.column, d.end_column) for d in diags] == [("P105", 2, 8, 12), ("P105", 2, 12, 12)]
    assert [(g.headers.get("Event"), g.ply_count(), g.result) for g in games] == [("Cup", 1, "*"), (None, 1, "1-0")]


def test_tag_value_with_a_backslash_before_the_line_end() -> None:
    # An escape never takes a line end: `"C:\` is unclosed on line 2 (P105, columns
    # 7-10; `]` missing at 11), its backslash escapes nothing (P209, columns 10-11
    # and the line end).  Line 3 is movetext (`x"` not a move, `]` skipped at
    # column 3), so `[Round` starts the next game, which keeps its tag and move.
    text = G + '[Site "C:\\\nx"]\n[Round "1"]\n1. 炮二平五 *\n'
    games, diags = parse_pgn(text)
    assert [(d.code, d.line, d.column) for d in with_related(diags)] == [
        ("P105", 2, 7), ("P105", 2, 11), ("P101", 3, 3), ("P209", 2, 10), ("M101", 3, 1), ("P301", 3, 1), ("P205", 3, 3),
    ]
    assert [(dict(g.headers), g.ply_count(), g.result) for g in games] == [
        ({"Game": "Chinese Chess", "Site": "C:\\"}, 0, "*"),
        ({"Round": "1"}, 1, "*"),
    ]


def test_tag_value_inner_quotes() -> None:
    # From the corpus: `[Event ""Huangshan Cup" National GM,CM Tournament 2002"]`.
    games, diags = parse_pgn(G + '[Event ""Huangshan Cup" 2002"]\n1. 炮二平五 *\n')
    assert [(d.code, d.line, d.column) for d in diags] == [("P218", 2, 9)]
    assert games[0].headers["Event"] == '"Huangshan Cup" 2002'


def test_duplicate_tag_keeps_the_first() -> None:
    games, diags = parse_pgn(G + '[Red "A"]\n[Red "B"]\n1. 炮二平五 *\n')
    assert [(d.code, d.line, d.column) for d in diags] == [("P217", 3, 2)]
    assert games[0].headers["Red"] == "A"


# ---------------------------------------------------------------- movetext, misplaced_tag
def test_movetext_valid() -> None:
    games, diags = parse_pgn(G + "1. 炮二平五 马8进7 2. 马二进三 车9平8 *\n")
    assert diags == [] and games[0].ply_count() == 4


def test_tag_inside_movetext_spec_example() -> None:
    # Spec §三 invalid example 2: `[Format "WXF"] 52. P6.5 K5.4` inside the movetext.
    text = ENDGAME + '51. 兵五平六 将4平5 [Format "WXF"] 52. P6.5 K5.4 *\n'
    # The tag comes after the first (Chinese) moves and names the notation of those after it
    # (docs/spec/pgn.md §2.7): one root cause, one finding, not a second notation (P214) too
    # (issue 28, item 13).
    assert only(text) == [("P202", 3, 15)]
    games, diags = parse_pgn(text, strict=True)
    assert {d.code: d.severity for d in diags} == {"P202": Severity.ERROR}
    assert games[0].ply_count() == 4 and games[0].headers["Format"] == "WXF"


def test_tag_line_inside_movetext_spec_example() -> None:
    # The same, with the tag on a line of its own (issue 28, item 13): P205, T101 and M201 for a
    # second "game" from the opening position, before PGN §2.7; now one game and P202.
    text = ENDGAME + '51. 兵五平六 将4平5\n[Format "WXF"]\n52. P6.5 K5.4 *\n'
    assert only(text) == [("P202", 4, 1)]
    games, _ = parse_pgn(text)
    assert len(games) == 1 and games[0].ply_count() == 4 and games[0].headers["Format"] == "WXF"
    # 兵五平六 将4平5, then P6.5 K5.4 in WXF: the pawn back to e5, the king back to d9.
    assert [m.iccs() for m in games[0].mainline_moves()] == ["E5-D5", "D9-E9", "D5-E5", "E9-D9"]


# ---------------------------------------------------------------- move_number, MOVE_NUMBER, ELLIPSIS
def test_move_numbers_valid_spec_fragment() -> None:
    # Spec §三: the fragment it allows (a comment over two lines; Black's move on its own line).
    text = (
        ENDGAME
        + "51. 兵五平六\n{红方这一步长将还不足以判负，\n但是下一次就要判负了。}\n将4平5\n"
        + "52. 兵六平五 将5平4 53. 兵五平六 0-1 {红方长将判负}\n"
    )
    games, diags = parse_pgn(text)
    assert diags == []
    g = games[0]
    assert g.ply_count() == 5 and g.result == "0-1"
    assert g.root.next().comments == ["红方这一步长将还不足以判负，\n但是下一次就要判负了。"]
    assert g.root.end().comments == ["红方长将判负"]


def test_move_number_glued_spec_example() -> None:
    # Spec §三 invalid example 1: `51.兵五平六` (no separator after the move number).
    text = ENDGAME + "51.兵五平六 将4平5 *\n"
    assert only(text) == [("P201", 3, 4)]
    games, diags = parse_pgn(text, strict=True)
    assert [(d.code, d.severity) for d in diags] == [("P201", Severity.ERROR)]
    assert games[0].ply_count() == 2


def test_wrong_and_missing_move_numbers() -> None:
    text = G + "1. 炮二平五 马8进7 3. 马二进三 车9平8 马八进七 *\n"
    assert only(text) == [("P207", 2, 14), ("P206", 2, 27)]


def test_ellipsis_valid_and_missing() -> None:
    ok = G + "1. 炮二平五 马8进7 (1. ... 炮8平5) *\n"
    assert only(ok) == []
    assert only(G + "1. 炮二平五 {中炮} 1... 马8进7 *\n") == []
    bad = G + "1. 炮二平五 马8进7 (1. 炮8平5) *\n"
    assert only(bad) == [("P208", 2, 15)]


def test_move_number_digit_is_a_wxf_move() -> None:
    # `62.5` is the WXF move 仕二平五? No: piece code 6 is the cannon (C2.5 = 炮二平五).
    games, diags = parse_pgn(G + '[Format "WXF"]\n1. 62.5 *\n')
    assert diags == [] or {d.code for d in diags} <= {"M401"}
    assert games[0].root.next().text == "62.5"


# ---------------------------------------------------------------- move (notations, SUFFIX, UNKNOWN_MOVE)
@pytest.mark.parametrize(
    ("fmt", "moves"),
    [("Chinese", "炮二平五 马8进7"), ("WXF", "C2.5 H8+7"), ("ICCS", "H2-E2 H9-G7")],
)
def test_move_in_each_notation(fmt: str, moves: str) -> None:
    games, diags = parse_pgn(G + f'[Format "{fmt}"]\n1. {moves} *\n')
    assert diags == []
    assert [m.iccs() for m in games[0].mainline_moves()] == ["H2-E2", "H9-G7"]
    assert games[0].notation.value == fmt.lower()


def test_unknown_move_keeps_the_rest_as_comment() -> None:
    text = G + "1. 炮二平五 Qc6 2. 马二进三 *\n"
    games, diags = parse_pgn(text)
    assert [(d.code, d.line, d.column) for d in with_related(diags)] == [("M101", 2, 9), ("P301", 2, 9)]
    g = games[0]
    assert g.ply_count() == 1 and g.root.next().comments == ["Qc6 2. 马二进三"]
    assert g.result == "*"


def test_suffix_annotations_are_nags() -> None:
    games, diags = parse_pgn(G + "1. 炮二平五!? 马8进7?? 2. 马二进三! *\n")
    assert diags == []
    assert [n.nags for n in games[0].mainline()] == [[5], [4], [1]]


def test_moves_glued_together() -> None:
    assert only(G + "1. 炮二平五马8进7 *\n") == [("P201", 2, 8)]


# ---------------------------------------------------------------- comment, COMMENT, LINE_COMMENT
def test_comments_valid() -> None:
    games, diags = parse_pgn(G + "{开局}\n1. 炮二平五 {中炮\n常见} 马8进7 ; 屏风马\n*\n")
    assert diags == []
    g = games[0]
    assert g.root.comments == ["开局"]
    assert [n.comments for n in g.mainline()] == [["中炮\n常见"], [" 屏风马"]]


def test_comment_splitting_a_move_spec_example() -> None:
    # Spec §三 invalid example 3: `53. 兵五{再平六就要判负了}平四`.
    text = ENDGAME + "51. 兵五平六 将4平5 52. 兵六平五 将5平4 53. 兵五{再平六就要判负了}平四 *\n"
    assert only(text) == [("P203", 3, 35)]
    games, diags = parse_pgn(text, strict=True)
    assert [(d.code, d.severity) for d in diags] == [("P203", Severity.ERROR)]
    last = games[0].root.end()
    assert last.text == "兵五平四" and last.comments == ["再平六就要判负了"]


def test_comment_unclosed() -> None:
    games, diags = parse_pgn(G + "1. 炮二平五 {中炮 马8进7 *\n")
    # The comment swallows the result: P205 points at the end of the game.
    assert [(d.code, d.line, d.column) for d in with_related(diags)] == [("P104", 2, 9), ("P205", 3, 1)]
    assert games[0].root.next().comments == ["中炮 马8进7 *\n"]


def test_comment_with_brace() -> None:
    assert only(G + "1. 炮二平五 {a {b} *\n") == [("P215", 2, 12)]


def test_comment_touching_a_move() -> None:
    assert only(G + "1. 炮二平五{中炮} 马8进7 *\n") == [("P201", 2, 8)]


# ---------------------------------------------------------------- nag
def test_nag_valid() -> None:
    games, diags = parse_pgn(G + "1. 炮二平五 $1 $14 马8进7 *\n")
    assert diags == [] and games[0].root.next().nags == [1, 14]


def test_nag_before_any_move() -> None:
    assert only(G + "$1 1. 炮二平五 *\n") == [("P101", 2, 1)]


# ---------------------------------------------------------------- variation
def test_variation_valid_spec_example() -> None:
    # Spec §五: `7. 车六进八 炮2进7 (7. ... 炮2平3 …)` replaces 炮2进7.
    text = (
        G
        + '[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR r - - 0 1"]\n'
        + "1. 炮八平五 炮8平5 2. 炮五进五 象7进5 3. 炮二平五 马8进7 4. 马二进三 车9平8\n"
        + "5. 马八进七 马2进1 6. 车九平六 车1平2 7. 车六进八 炮2进7 (7. ... 炮2平3 8. 帅五平六\n"
        + "炮3进5 9. 车六进一 将5进1 10. 炮五退二 {黑方不易驾驭局面}) 1-0\n"
    )
    games, diags = parse_pgn(text)
    assert diags == []
    node = games[0].root
    for _ in range(13):
        node = node.next()
    assert [c.text for c in node.children] == ["炮2进7", "炮2平3"]
    assert node.children[1].end().comments == ["黑方不易驾驭局面"]


def test_variation_unclosed_and_unmatched() -> None:
    # The result closes the open variation.
    games, diags = parse_pgn(G + "1. 炮二平五 (1. 炮八平五 马8进7 *\n")
    assert [(d.code, d.line, d.column) for d in diags] == [("P102", 2, 9)]
    assert games[0].result == "*" and len(games[0].root.children) == 2
    assert only(G + "1. 炮二平五 (1. 炮八平五 马8进7\n") == [("P102", 2, 9), ("P205", 2, 22)]
    assert only(G + "1. 炮二平五 马8进7) *\n") == [("P103", 2, 13)]


def test_variation_nested_and_empty() -> None:
    games, diags = parse_pgn(G + "1. 炮二平五 (1. 炮八平五 (1. 马二进三) 马8进7) () 马8进7 *\n")
    assert [(d.code, d.line, d.column) for d in diags] == [("P216", 2, 34)]
    assert [c.text for c in games[0].root.children] == ["炮二平五", "炮八平五", "马二进三"]


def test_variation_before_any_move() -> None:
    assert only(G + "(1. 炮八平五) 1. 炮二平五 *\n") == [("P303", 2, 1)]


# ---------------------------------------------------------------- result and what follows
@pytest.mark.parametrize("result", ["1-0", "0-1", "1/2-1/2", "*"])
def test_result_valid(result: str) -> None:
    games, diags = parse_pgn(G + f"1. 炮二平五 {result} {{终局}}\n")
    assert diags == [] and games[0].result == result
    sp = games[0].result_span
    assert (sp.line, sp.column) == (2, 9)


def test_moves_after_result() -> None:
    # Spec §三(7): "结果以后只能有评注，不能有着法".
    text = G + "1. 炮二平五 1-0 2. 马二进三\n"
    assert only(text) == [("P204", 2, 13)]
    games, diags = parse_pgn(text, strict=True)
    assert [(d.code, d.severity) for d in diags] == [("P204", Severity.ERROR)]
    assert games[0].root.end().comments == ["2. 马二进三"]


def test_footer_after_result() -> None:
    text = G + "1. 炮二平五 *\n======================\n欢迎访问象棋百科全书网\n"
    assert only(text) == [("P204", 3, 1), ("P204", 4, 1)]


# ---------------------------------------------------------------- separators (WS)
def test_ideographic_space_and_crlf_separate() -> None:
    games, diags = parse_pgn(G.replace("\n", "\r\n") + "1.　炮二平五　马8进7\r\r\n*\r\n")
    assert diags == [] and games[0].ply_count() == 2


# ---------------------------------------------------------------- Format tag
def test_format_tag_checks() -> None:
    assert only(G + "1. C2.5 H8+7 *\n") == [("P212", 2, 4)]
    assert only(G + '[Format "WXF"]\n1. 炮二平五 *\n') == [("P211", 2, 9)]
    assert only(G + '[Format "zh"]\n1. 炮二平五 *\n') == [("P213", 2, 9)]
    assert only(G + "1. 炮二平五 H8+7 *\n") == [("P214", 2, 9)]


# ---------------------------------------------------------------- FEN tag
def test_fen_tag_diagnostics_point_into_the_value() -> None:
    # `Q` is at index 58 of the FEN, which starts at column 7 of the line: column 65.
    text = G + '[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w"]\n1. 炮二平五 *\n'
    assert only(text) == [("F102", 2, 65), ("P302", 2, 6)]
    games, _ = parse_pgn(text)
    assert games[0].ply_count() == 0 and games[0].root.comments == ["1. 炮二平五"]


def test_handicap_fen_with_r_side() -> None:
    text = G + '[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR r - - 0 1"]\n1. 炮八平五 炮8平5 *\n'
    assert only(text) == []


def test_backslash_at_the_end_of_a_tag_value() -> None:
    # `[Event "a\"]`: the quote is escaped, so the value is unclosed (P105); the
    # backslash that is left has nothing after it (P209 names that, at column 10).
    games, diags = parse_pgn('[Event "a\\"]\n1. 炮二平五 *\n')
    p209 = [d for d in diags if d.code == "P209"]
    assert [(d.line, d.column, d.end_column, d.message) for d in p209] == [
        (1, 10, 11, 'Backslash at the end of the value in tag `Event`; expected `\\\\` or `\\"` (kept as written)')
    ]
    assert games[0].headers["Event"] == "a\\"


def test_grammar_cache_is_private(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Lark's own cache=True would unpickle a file from the shared temp folder."""
    import os
    import stat

    from xqformats.pgn.grammar import cache_path

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("XQFORMATS_NO_CACHE", raising=False)
    path = cache_path()
    assert isinstance(path, str) and path.startswith(str(tmp_path / "xqformats"))
    assert stat.S_IMODE(os.stat(tmp_path / "xqformats").st_mode) & 0o077 == 0
    os.chmod(tmp_path / "xqformats", 0o777)  # a folder others may write: no cache
    assert cache_path() is False
    monkeypatch.setenv("XQFORMATS_NO_CACHE", "1")
    assert cache_path() is False


def test_lexicon_leaves_out_comments_as_the_lexer_reads_them() -> None:
    """One left-to-right pass: a `;` or `(` inside braces and a brace after `;` are comment text."""
    text = "1. 炮二平五 {a ( ; b} ( 马8进7 ; see { (\n 2. x )"
    assert lexicon().without_comments(text) == "1. 炮二平五  ( 马8进7 \n 2. x )"
