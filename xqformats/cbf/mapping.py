"""What each CBF Head element becomes in the game model, and in PGN.

The model (:class:`xqformats.model.Game`) names headers after PGN tags wherever a
PGN tag means the same (docs/spec/cbf.md §7.1), and keeps every other
CBF element under its own name, so nothing read is lost and a CBF → PGN
converter can copy the headers as they are.  :data:`TABLE` is the whole mapping
in one place (``docs/cbf.md`` prints it); the reader and the writer use the
derived dictionaries below.

Renames (CBF element -> header / PGN tag):

* ``Contest`` (象棋桥) -> ``Event``; the draft's own ``Event`` is ``Event`` too.
  When a file has both, ``Event`` keeps the name and ``Contest`` keeps its own.
* ``Commentator`` -> ``Annotator`` (PGN spec §二 "其他 … Annotator").
* ``RedRating``/``BlackRating`` -> ``RedElo``/``BlackElo`` (PGN spec §二 (1)).

Lowered into the game, not the headers:

* ``Result@value`` (draft) and ``RecordResult`` (象棋桥) -> ``Game.result`` by
  :data:`RESULT_CODES`; the draft's label text (``和棋``) -> header ``ResultText``.
* ``Board@value`` (draft) and ``FEN`` (象棋桥) -> ``Game.start``; header ``FEN``
  (normalised ``Position.fen()``) only when the start is not the initial
  position, as in PGN.  An unreadable start is kept as written: header ``FEN``
  (the ``FEN`` text) or ``Board`` (the Board string), so nothing read is lost.
* ``Comment`` (draft Head) and the text of the root move ``00-00`` (象棋桥) ->
  ``Game.root.comments``.
* ``Type@value`` (draft) -> header ``Type`` (the code, :data:`TYPE_CODES`); its
  label text (``实战的全局``) -> header ``TypeText``.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple, Optional


class Row(NamedTuple):
    """One line of the mapping table."""

    element: str  #: CBF Head element (``@value`` for the attribute)
    forms: str  #: "draft", "象棋桥" or "both"
    model: str  #: where it goes in the model
    pgn: str  #: the PGN tag a converter writes ("" = none)
    note: str = ""


#: The mapping, in 象棋桥's element order, then the draft-only elements.
TABLE: tuple[Row, ...] = (
    Row("Name", "both", "headers['Name']", "", "record title; PGN has no title tag"),
    Row("URL", "both", "headers['URL']", ""),
    Row("From", "象棋桥", "headers['From']", "", "source file name"),
    Row("ContestType", "象棋桥", "headers['ContestType']", ""),
    Row("Contest", "象棋桥", "headers['Event']", "Event", "headers['Contest'] if the draft's Event is also present"),
    Row("Round", "both", "headers['Round']", "Round"),
    Row("Group", "象棋桥", "headers['Group']", ""),
    Row("Table", "象棋桥", "headers['Table']", ""),
    Row("Date", "both", "headers['Date']", "Date", "verbatim; PGN wants yyyy.mm.dd, the draft shows 1995.5.22 and 00-12-31"),
    Row("Site", "both", "headers['Site']", "Site"),
    Row("TimeRule", "both", "headers['TimeRule']", "", "free text; PGN's TimeControl has a fixed syntax"),
    Row("Red", "both", "headers['Red']", "Red"),
    Row("RedTeam", "both", "headers['RedTeam']", "RedTeam"),
    Row("RedTime", "both", "headers['RedTime']", ""),
    Row("RedRating", "象棋桥", "headers['RedElo']", "RedElo"),
    Row("Black", "both", "headers['Black']", "Black"),
    Row("BlackTeam", "both", "headers['BlackTeam']", "BlackTeam"),
    Row("BlackTime", "both", "headers['BlackTime']", ""),
    Row("BlackRating", "象棋桥", "headers['BlackElo']", "BlackElo"),
    Row("Referee", "象棋桥", "headers['Referee']", ""),
    Row("Recorder", "象棋桥", "headers['Recorder']", ""),
    Row("Commentator", "both", "headers['Annotator']", "Annotator"),
    Row("CommentatorURL", "both", "headers['CommentatorURL']", ""),
    Row("Creator", "both", "headers['Creator']", ""),
    Row("CreatorURL", "both", "headers['CreatorURL']", ""),
    Row("DateCreated", "both", "headers['DateCreated']", ""),
    Row("DateModified", "both", "headers['DateModified']", ""),
    Row("ECCO", "象棋桥", "headers['ECCO']", "ECCO"),
    Row("RecordType", "象棋桥", "headers['RecordType']", "", "a number; probably the Type table (unconfirmed)"),
    Row("RecordKind", "象棋桥", "headers['RecordKind']", "", "meaning unknown"),
    Row("RecordResult", "象棋桥", "Game.result", "Result", "RESULT_CODES; wins over Result@value (C310)"),
    Row("ResultType", "象棋桥", "headers['ResultType']", "", "meaning unknown"),
    Row("FEN", "象棋桥", "Game.start; headers['FEN'] unless initial", "FEN", "wins over Board (C309)"),
    Row("Event", "draft", "headers['Event']", "Event"),
    Row("Type@value", "draft", "headers['Type']", "", "TYPE_CODES"),
    Row("Type (text)", "draft", "headers['TypeText']", ""),
    Row("Result@value", "draft", "Game.result", "Result", "RESULT_CODES"),
    Row("Result (text)", "draft", "headers['ResultText']", ""),
    Row("Board@value", "draft", "Game.start; headers['FEN'] unless initial", "FEN", "headers['Board'] verbatim when unreadable"),
    Row("Comment", "draft", "Game.root.comments[0]", "", "comment before the first move"),
    Row("Move 00-00 (text)", "象棋桥", "Game.root.comments", "", "comment before the first move"),
)

#: Head elements in the order 象棋桥 writes them (docs/spec/cbf.md §3.2; test.cbf).
CCBRIDGE_HEAD: tuple[str, ...] = (
    "Name", "URL", "From", "ContestType", "Contest", "Round", "Group", "Table",
    "Date", "Site", "TimeRule", "Red", "RedTeam", "RedTime", "RedRating", "Black",
    "BlackTeam", "BlackTime", "BlackRating", "Referee", "Recorder", "Commentator",
    "CommentatorURL", "Creator", "CreatorURL", "DateCreated", "DateModified",
    "ECCO", "RecordType", "RecordKind", "RecordResult", "ResultType", "FEN",
)  # fmt: skip

#: Head elements of the draft (first post, then the six of 2007-12-30 9:31).
DRAFT_HEAD: tuple[str, ...] = (
    "Name", "URL", "Event", "Site", "Date", "Red", "Black", "Commentator",
    "CommentatorURL", "Creator", "CreatorURL", "DateCreated", "DateModified",
    "Type", "Result", "Board", "Comment",
    "Round", "TimeRule", "RedTeam", "RedTime", "BlackTeam", "BlackTime",
)  # fmt: skip

#: Elements whose content the reader lowers into the game rather than a header.
_STRUCTURAL = frozenset({"Type", "Result", "Board", "Comment", "RecordResult", "FEN"})

#: Head elements holding plain text that becomes one header.
TEXT_ELEMENTS: frozenset[str] = frozenset(CCBRIDGE_HEAD + DRAFT_HEAD) - _STRUCTURAL

#: CBF element -> header name, for the elements renamed to a PGN tag.
ELEMENT_TO_HEADER: dict[str, str] = {
    "Contest": "Event",
    "Commentator": "Annotator",
    "RedRating": "RedElo",
    "BlackRating": "BlackElo",
}
#: Header name -> preferred CBF element (the inverse of the renames).
HEADER_TO_ELEMENT: dict[str, str] = {v: k for k, v in ELEMENT_TO_HEADER.items()}

#: Header names the writer does not copy into an element of the same name,
#: because the element is written from the game itself (``Result``,
#: ``RecordResult`` from ``Game.result``; ``FEN``, ``Board`` from ``Game.start``;
#: ``Comment`` from the root's comments) or by a special rule (``Type``,
#: ``TypeText``, ``ResultText``).
RESERVED_HEADERS: frozenset[str] = frozenset(
    {"Result", "RecordResult", "FEN", "Board", "Comment", "Type", "TypeText", "ResultText"}
)

#: Result codes (draft post of 2007-12-30 9:03; RecordResult uses the same)
#: -> PGN result.  1 also covers 红优 (Red better) and 2 黑优: the draft puts
#: them under one code, so they read as wins.
RESULT_CODES: dict[str, str] = {"0": "*", "1": "1-0", "2": "0-1", "3": "1/2-1/2"}
#: PGN result -> result code.
RESULT_TO_CODE: dict[str, str] = {v: k for k, v in RESULT_CODES.items()}
#: The draft's labels for the result codes.
RESULT_LABELS: dict[str, str] = {"0": "未知", "1": "红胜/红优", "2": "黑胜/黑优", "3": "和棋"}
#: Type codes (draft post of 2007-12-30 9:03).
TYPE_CODES: dict[str, str] = {
    "0": "未知类型",
    "1": "实战全局",
    "2": "摆谱全局",
    "3": "实战残局",
    "4": "摆谱残局",
}


def header_names(present: frozenset[str] | set[str]) -> dict[str, str]:
    """Header name for each text element in ``present`` (the Head's element names).

    A renamed element keeps its own name when the element named like its PGN
    tag is also present (``Contest`` next to the draft's ``Event``), so two
    elements never land on one header.
    """
    out: dict[str, str] = {}
    for element in present:
        if element not in TEXT_ELEMENTS:
            continue
        name = ELEMENT_TO_HEADER.get(element, element)
        if name != element and name in present:
            name = element
        out[element] = name
    return out


def element_for_header(name: str, headers: Mapping[str, str]) -> Optional[str]:
    """The Head element a header is written to, or ``None`` when CBF has no place.

    ``Event`` goes to 象棋桥's ``Contest`` unless the headers also hold a
    ``Contest`` (then to the draft's ``Event``); ``Annotator`` goes to
    ``Commentator`` unless a ``Commentator`` header exists (then it has no
    place).  Reserved names (see :data:`RESERVED_HEADERS`) are handled by the
    writer itself.
    """
    if name in RESERVED_HEADERS:
        return None
    element = HEADER_TO_ELEMENT.get(name)
    if element is not None and element not in headers:
        return element
    if name in TEXT_ELEMENTS:
        return name
    return None
