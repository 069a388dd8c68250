"""Write a game as a CBR record (docs/spec/cbr.md §6), and declare what it cannot keep.

The writer is the inverse of :func:`~xqformats.cbr.read_cbr`: every field the
reader reads is written from the game, so that a game read from a CBR file,
written and read again, is the same game.

* The headers go to the text fields of :data:`~.header.FIELDS`, named as the
  reader names them (:data:`~.header.HEADER_NAMES`: ``Event`` is the 赛事
  field); each is UTF-16LE and ends with a NUL code unit, so a field holds
  its size less two bytes; a longer text is cut at the last whole character
  that fits.  ``RecordType`` is the game type byte, ``RecordResult`` the
  result code of a game of result ``*`` (code 4, several results), ``ECCO``
  the opening code at 2036.
* The start position is the board, the side to move and the move number.
* The tree is written in preorder, one record per move (docs/spec/cbr.md
  §4.2): flag 1 on a move with no continuation, flag 2 on a move with a later
  alternative, flag 4 with its comment.  A node's comments (those before it
  first) are joined into CBR's one comment by line breaks, written CR LF as
  象棋桥 writes them; the root's go to the first record.
* What no reader reads is filled as real files have it (docs/spec/cbr.md
  §6.1): kind 2, a GUID of version 4 at byte 20 (derived from the rest of the
  record, so that the same game gives the same bytes), zeros elsewhere, and
  ``FF FF FF FF`` at 2210.

:class:`CbrWriter` is a visitor (:mod:`xqformats.visitor`) in tree order
without positions: each move visited appends its record, its flags read from
the node.  :func:`write_cbr` is ``game.accept(CbrWriter())``.  What the format
cannot hold is declared in :data:`CARRIES` (the fields and their sizes, one
comment a move, no NAGs, no halfmove clock, …), from which
:mod:`xqformats.losses` names the losses of a game (:func:`unwritten`).
"""

from __future__ import annotations

import hashlib
import re
import struct
import uuid
from typing import Optional

from ..cbf.mapping import RESULT_TO_CODE
from ..core import SQUARES
from ..losses import Before, Blank, Carries, Fate, HeaderFate, HeaderFates, Loss, Lost, report
from ..model import Game, Headers, Node
from ..position import Position
from ..visitor import BaseVisitor, Order
from .header import ECCO_HEADER, FIELDS, HEADER_NAMES, OFFSETS, PIECES, POINTS
from .record import HEADER_SIZE, SIGNATURE_BYTES

#: The record kind written: a game record (docs/spec/cbr.md §2.1).
KIND_WRITTEN = 2
#: Flags of a record (docs/spec/cbr.md §4.1, §4.2): the line ends, an alternative follows, a comment follows.
END, ALTERNATIVE, COMMENT = 0x01, 0x02, 0x04
#: The game type written when the game has no ``RecordType``: what 象棋桥 writes for a
#: played game and for a composed ending (docs/spec/cbr.md §3.2, §6.2).
PLAYED, COMPOSED = 1, 4
#: The four bytes at 2210, as every known file has them (docs/spec/cbr.md §3.4).
STATE = b"\xff\xff\xff\xff"
#: Headers written from the game itself, or describing another format.
_NOT_HEADERS = frozenset({"FEN", "Result", "Game", "Format"})
#: Headers written as a code byte: the game type and the result code the reader keeps.
GAME_TYPE_HEADER, RESULT_CODE_HEADER = "RecordType", "RecordResult"
#: What UTF-16 text ended by a NUL cannot hold: NUL itself and lone surrogates (written as U+FFFD).
_UNWRITABLE = re.compile("[\x00\ud800-\udfff]")
REPLACEMENT = "\ufffd"

#: Header -> its field (docs/spec/cbr.md §3.1).
_FIELD_OF = {HEADER_NAMES[f.element]: f for f in FIELDS}
#: Square -> CBR point (docs/spec/cbr.md §3.4); piece letter -> board byte.
_POINT = {sq: p for p, sq in enumerate(POINTS)}
_POINT_OF = [_POINT[sq] for sq in SQUARES]
_BYTE_OF = {letter: byte for byte, letter in PIECES.items()}
_RECORD = struct.Struct("<BBBB")
_LENGTH = struct.Struct("<I")


def write_cbr(game: Game) -> bytes:
    """The bytes of a CBR record holding ``game``.

    Never raises on the game's content; what does not fit is named by
    :func:`unwritten`.  O(number of nodes + comment bytes).
    """
    return game.accept(CbrWriter())


def _clean(text: str) -> str:
    """``text`` with what UTF-16 text cannot hold written as U+FFFD (a loss :data:`CARRIES` names)."""
    return _UNWRITABLE.sub(REPLACEMENT, text) if _UNWRITABLE.search(text) else text


def _fit(text: str, size: int) -> bytes:
    """``text`` in UTF-16LE, cut at the last whole character that leaves room for the NUL in ``size`` bytes."""
    raw = _clean(text).encode("utf-16-le")
    room = size - 2
    if len(raw) <= room:
        return raw
    out = bytearray()
    for ch in _clean(text):
        unit = ch.encode("utf-16-le")
        if len(out) + len(unit) > room:
            break
        out += unit
    return bytes(out)


def _code(value: str) -> Optional[int]:
    """The byte a code header holds, when it reads back as the same text (``"4"``, not ``"04"``)."""
    if value.isascii() and value.isdigit() and str(int(value)) == value and int(value) < 256:
        return int(value)
    return None


#: The ECCO field's size: up to three characters and a NUL (docs/spec/cbr.md §3.5).
_ECCO_SIZE = 4


def _ecco(value: str) -> Optional[bytes]:
    """The ECCO field's bytes for ``value``, when it reads back as ``value`` (one byte a character, no NUL)."""
    if not value or "\x00" in value or len(value) >= _ECCO_SIZE:
        return None
    try:
        return value.encode("latin-1")
    except UnicodeEncodeError:
        return None


def _result_code(headers: Headers, result: str) -> int:
    """The result byte (docs/spec/cbr.md §3.3): the game's result, or the kept code of a game of result ``*``."""
    if result == "*":
        kept = _code(headers.get(RESULT_CODE_HEADER, ""))
        if kept is not None and kept >= 4:
            return kept
    return int(RESULT_TO_CODE.get(result, "0"))


def _board(start: Position) -> bytes:
    board = bytearray(90)
    for sq, piece in enumerate(start.board):
        if piece is not None:
            board[_POINT_OF[sq]] = _BYTE_OF[piece]
    return bytes(board)


def _header(headers: Headers, start: Position, result: str) -> bytearray:
    """The 2,214 header bytes, the GUID left zero (:func:`_seal` fills it)."""
    head = bytearray(HEADER_SIZE)
    head[:len(SIGNATURE_BYTES)] = SIGNATURE_BYTES
    head[OFFSETS["kind"]] = KIND_WRITTEN
    for name, value in headers.items():
        f = _FIELD_OF.get(name)
        if f is not None and value:
            raw = _fit(value, f.size)
            head[f.offset:f.offset + len(raw)] = raw  # the NUL and the rest stay zero
    ecco = _ecco(headers.get(ECCO_HEADER, ""))
    if ecco is not None:
        head[OFFSETS["ecco"]:OFFSETS["ecco"] + len(ecco)] = ecco
    game_type = _code(headers.get(GAME_TYPE_HEADER, ""))
    if game_type is None:
        game_type = PLAYED if start == Position.initial() else COMPOSED
    head[OFFSETS["game_type"]] = game_type
    head[OFFSETS["result"]] = _result_code(headers, result)
    head[OFFSETS["side_to_move"]] = 1 if start.turn else 2
    struct.pack_into("<H", head, OFFSETS["move_number"], min(max(1, start.fullmove_number), 0xFFFF))
    head[OFFSETS["board"]:OFFSETS["board"] + 90] = _board(start)
    head[OFFSETS["state"]:OFFSETS["state"] + 4] = STATE
    return head


def _seal(record: bytearray) -> bytes:
    """``record`` with its GUID (docs/spec/cbr.md §6.1): version 4 in Windows byte order, from a
    digest of every other byte, so that the same game gives the same file."""
    at = OFFSETS["guid"]
    digest = hashlib.blake2b(bytes(record[:at]) + bytes(record[at + 16:]), digest_size=16).digest()
    record[at:at + 16] = uuid.UUID(bytes=digest, version=4).bytes_le
    return bytes(record)


def _comment(node: Node) -> Optional[bytes]:
    """The comment record of ``node`` (its length and text), or ``None`` when it has no comment."""
    parts = [c for c in (*node.comments_before, *node.comments) if c]
    if not parts:
        return None
    text = _clean("\n".join(parts)).replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\r\n")
    raw = text.encode("utf-16-le")
    return _LENGTH.pack(len(raw)) + raw


class CbrWriter(BaseVisitor[bytes]):
    """A visitor that writes the game it visits as a CBR record (:func:`write_cbr`'s bytes).

    ``game.accept(CbrWriter())`` returns the bytes; one writer can visit
    several games in turn.  Tree order, no positions: the root gives the
    first record (its comment, and flag 1 when no move follows), each move
    visited its own record (docs/spec/cbr.md §4).
    """

    order = Order.TREE
    needs_positions = False

    def __init__(self) -> None:
        self.begin_game()
        self._data = b""

    def begin_game(self) -> None:
        self._headers = Headers()
        self._start: Optional[Position] = None
        self._result = "*"
        self._intro = bytes([END, 0, 0, 0])  # no movetext walked: no comment, no move
        self._records = bytearray()

    def visit_header(self, name: str, value: str) -> None:
        self._headers[name] = value

    def visit_start(self, position: Position) -> None:
        self._start = position.copy()

    def visit_root(self, node: Node) -> None:
        comment = _comment(node)
        flags = (0 if node.children else END) | (COMMENT if comment is not None else 0)
        self._intro = bytes([flags, 0, 0, 0]) + (comment or b"")

    def visit_move(self, position: Position, node: Node) -> None:
        move, parent = node.move, node.parent
        assert move is not None and parent is not None  # a move node
        comment = _comment(node)
        flags = 0 if node.children else END
        if parent.children[-1] is not node:
            flags |= ALTERNATIVE
        if comment is not None:
            flags |= COMMENT
        self._records += _RECORD.pack(flags, 0, _POINT_OF[move.from_square], _POINT_OF[move.to_square])
        if comment is not None:
            self._records += comment

    def visit_result(self, result: str) -> None:
        self._result = result

    def end_game(self) -> None:
        start = self._start if self._start is not None else Position.initial()  # movetext skipped
        record = _header(self._headers, start, self._result)
        record += self._intro
        record += self._records
        self._data = _seal(record)

    def result(self) -> bytes:
        return self._data


# ---------------------------------------------------------------- losses


def _fates(game: Game) -> HeaderFates:
    """What :func:`write_cbr` does with each header of ``game`` (whose result decides ``RecordResult``)."""
    result = game.result

    def fate(name: str, value: str) -> HeaderFate:
        if name in _NOT_HEADERS:
            return Fate.OTHERWISE
        if name == GAME_TYPE_HEADER:
            return Fate.KEPT if _code(value) is not None else Fate.VALUE
        if name == ECCO_HEADER:
            return Fate.EMPTY if not value else Fate.KEPT if _ecco(value) is not None else Fate.VALUE
        if name == RESULT_CODE_HEADER:
            code = _code(value)
            return Fate.KEPT if result == "*" and code is not None and code >= 4 else Fate.VALUE
        f = _FIELD_OF.get(name)
        if f is None:
            return Fate.NO_PLACE
        if not value:
            return Fate.EMPTY
        return Fate.CUT if len(_clean(value).encode("utf-16-le")) > f.size - 2 else Fate.KEPT

    return fate


#: What a CBR record holds of a game (docs/spec/cbr.md §3, §4, §6), and how each loss is named.
CARRIES = Carries(
    losses=(
        Lost(Loss.NO_PLACE, "tag(s) {names} have no field in CBR; not written"),
        Lost(Loss.EMPTY, "empty tag(s) {names} not kept (an empty field reads as no tag)"),
        Lost(
            Loss.CUT,
            "tag(s) {names} cut at their field's size (15 to 127 UTF-16 code units)",
            order=tuple(_FIELD_OF),
        ),
        Lost(
            Loss.VALUE,
            "`{name}` `{value}` is not a code CBR stores there (`RecordType` 0–255; `RecordResult` 4–255, "
            "in a game of result `*`; `ECCO` up to 3 characters of one byte); not kept",
        ),
        Lost(Loss.COUNTERS, "the start position's halfmove clock ({halfmove}) has no place; read back as 0"),
        Lost(Loss.FEN_TAG, "the `FEN` tag is not written; the start position is (and reads back as its normalised FEN)"),
        Lost(Loss.NAGS, "{n} NAG{s} ($1, $2, …) cannot be written in CBR; not written"),
        Lost(Loss.BEFORE_MOVED, "{n} comment{s} before a move written after it (CBR has no comment before a move)"),
        Lost(Loss.JOINED, "several comments of {n} move{s} joined into one by line breaks (a CBR move holds one comment)"),
        Lost(Loss.EMPTY_COMMENTS, "empty comments not written (CBR reads an empty comment as none)"),
        Lost(Loss.TEXT, "carriage returns in {n} comment{s} read back as line breaks (CR LF as one)", holds=("\r",)),
        Lost(Loss.CHARACTERS, "{n} character{s} UTF-16 text ended by a NUL cannot hold written as U+FFFD: {places}"),
    ),
    headers=_fates,
    result_tag=False,
    halfmove=False,
    fen_tag=False,
    nags=(frozenset(), 0),
    before=Before.AFTER,
    comment_room=1,
    opening_room=1,
    blank=Blank.DROPPED,
    characters=_UNWRITABLE,
)


def unwritten(game: Game) -> list[str]:
    """What :func:`write_cbr` cannot keep of ``game``, one sentence per kind of loss (:data:`CARRIES`)."""
    return report(game, CARRIES)
