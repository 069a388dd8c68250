"""What each XQF header field becomes in the game model (docs/spec/xqf.md §2.6).

:data:`FIELDS` is the whole mapping of the header's strings in one place:
the reader and the writer both use it, and ``docs/xqf.md`` prints it.  The
offsets and capacities are those of ``schemas/xqf.ksy`` (the writer needs
them; ``tests/test_xqf_writer.py`` parses written headers with the generated
parser, so the two cannot drift apart).  Header names follow the PGN tags
where one means the same, and CBF's names otherwise, so a converted game
keeps its fields.
"""

from __future__ import annotations

from typing import NamedTuple


class Field(NamedTuple):
    """One short-string field: its name in the layout, its header, offset and capacity in bytes."""

    attr: str
    header: str
    offset: int
    capacity: int


#: The header's strings in file order (docs/spec/xqf.md §2.6).  The reserved
#: string at 0x1B0 is not listed: no program is known to fill it.
FIELDS: tuple[Field, ...] = (
    Field("title_a", "Name", 0x50, 63),
    Field("title_b", "TitleB", 0x90, 63),
    Field("match_name", "Event", 0xD0, 63),
    Field("match_time", "Date", 0x110, 15),
    Field("match_addr", "Site", 0x120, 15),
    Field("red_player", "Red", 0x130, 15),
    Field("black_player", "Black", 0x140, 15),
    Field("time_rule", "TimeRule", 0x150, 63),
    Field("red_time", "RedTime", 0x190, 15),
    Field("black_time", "BlackTime", 0x1A0, 15),
    Field("commentator", "Annotator", 0x1D0, 15),
    Field("author", "Creator", 0x1E0, 15),
)

#: Offsets of the other header fields the reader reports about and the writer fills.
OFFSETS = {
    "version": 0x02,
    "keys": 0x0C,
    "pieces": 0x10,
    "who_play": 0x32,
    "play_result": 0x33,
    "game_type": 0x40,
}

#: ``PlayResult`` -> the model's result (docs/spec/xqf.md §2.5).
RESULTS: dict[int, str] = {0: "*", 1: "1-0", 2: "0-1", 3: "1/2-1/2"}
#: The model's result -> ``PlayResult``.
RESULT_CODES: dict[str, int] = {v: k for k, v in RESULTS.items()}

#: The header the game type goes to; type 0 (a full game) is the default and is not kept.
GAME_TYPE_HEADER = "GameType"
#: Game type code -> its name (docs/spec/xqf.md §2.5).
GAME_TYPES: dict[int, str] = {0: "全局", 1: "布局", 2: "中局", 3: "残局"}
#: Game type name -> code.
GAME_TYPE_CODES: dict[str, int] = {v: k for k, v in GAME_TYPES.items()}

#: The piece of each of the 32 slots, as FEN letters (docs/spec/xqf.md §3.4).
PIECE_SLOTS = "RNBAKABNRCCPPPPP" + "rnbakabnrccppppp"
