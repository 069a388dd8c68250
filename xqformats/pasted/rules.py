"""The diagnostic codes of the pasted-text reader, declared once (ruff's model).

``A1xx``: pasted text, what people paste into a forum post, an issue or a
chat (a bare move list, a FEN, a UCCI ``position`` line).  Every finding is
placed at a line and column of the pasted text; each rule cites the clause of
``docs/spec/pasted.md`` it checks.  The moves, the FEN and the movetext keep
their own codes (M1xx–M3xx, F1xx, PGN's P1xx–P3xx).  Pasted text is read from
standard input or from text handed over unnamed, so the rules have no file
examples: ``tests/test_pasted.py`` pastes a text for each rule.
"""

from __future__ import annotations

from ..diagnostics import Rule, Severity

#: The topics of this format's rule codes, by code prefix (the lint catalogue's
#: listing and docs/rules.md title their sections so).
RULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("A1", "Pasted text"),
)

_UCCI = "《中国象棋通用引擎协议》(UCCI) §8, the `position` command"


NO_TAGS = Rule(
    "A101",
    "pasted-no-tags",
    Severity.INFO,
    "Pasted text has no tags: the game has no players, event, date or result",
    what=(
        "Reports, once per pasted text, that it was read as a game without tags: a move list "
        "from the initial position (or from the FEN line before it), a FEN alone, or a UCCI "
        "`position` line.  The message says which shape was read and from which position."
    ),
    why=(
        "Nothing is wrong with the moves; but a record written from them (`convert --to pgn`) "
        "names no players, event or date, and its result is `*` (unknown).  Add the tags in the "
        "record written, or paste the whole record instead of its moves."
    ),
    references=(
        "docs/spec/pasted.md §2.2",
        "docs/spec/pasted.md §6.1",
    ),
)
NO_GAME = Rule(
    "A102",
    "pasted-no-game",
    Severity.WARNING,
    "The pasted text holds no moves, no FEN and no UCCI line",
    what="Reports a text read as pasted text (`format=\"pasted\"`) that has no line at all, or only blank ones.",
    why="There is no game to read.",
    references=("docs/spec/pasted.md §2.1",),
)
UCCI_SETUP = Rule(
    "A103",
    "ucci-position-setup",
    Severity.ERROR,
    "A UCCI `position` line gives no position: expected `startpos` or `fen <FEN>`",
    what=(
        "Reports a `position` line whose next word is neither `startpos` nor `fen` followed by "
        "a board, such as `position moves h2e2` or `position fen` alone.  No game is read from it."
    ),
    why="The moves cannot be placed without the position they are played from.",
    use_instead="Name the position: `position startpos moves h2e2`.",
    references=(
        "docs/spec/pasted.md §3.1",
        _UCCI,
    ),
)
LINE_IGNORED = Rule(
    "A104",
    "pasted-line-ignored",
    Severity.WARNING,
    "A line of the pasted text is not read: only one UCCI line, or one FEN line before the moves, is",
    what=(
        "Reports a line after a UCCI `position` line (an engine log repeats the command after "
        "every move: only the first line is read), or a second FEN line before the moves.  The "
        "line is not read."
    ),
    why=(
        "One pasted text is read as one game: a second position would be a second game, which "
        "pasted text cannot say.  Paste one game at a time, or remove the line."
    ),
    references=(
        "docs/spec/pasted.md §3.3",
        "docs/spec/pasted.md §4.2",
    ),
)
MOVES_NOT_READ = Rule(
    "A105",
    "pasted-moves-not-read",
    Severity.INFO,
    "Moves after an unreadable move of a UCCI line, or after a FEN that gives no position, are not read",
    what=(
        "Accompanies the finding on a UCCI move that cannot be played (M1xx–M3xx) or on a FEN "
        "that gives no board (F1xx), as a note on it: the moves from there on are not in the "
        "game (after a FEN line, the move lines are kept as the game's comment)."
    ),
    why="Those moves are not in the move tree.",
    use_instead="Fix the move or the FEN reported with it.",
    references=(
        "docs/spec/pasted.md §3.2",
        "docs/spec/pasted.md §4.1",
    ),
)
