"""What a format cannot hold of a game, named in words: one report for every writer.

A writer declares what its format can carry in a :class:`Carries`: how it
writes each header (a :class:`Fate` per header, from the writer's own
mapping), which start positions it holds, whether it holds variations, which
NAGs, how it writes comments (:class:`Before`, :class:`Blank`, how many a move
holds), what its texts cannot hold as they are, and, for each kind of loss
(:class:`Loss`), the sentence that names it (:class:`Lost`).  :func:`report`
walks the game once (a visitor: tree order, no positions) and gives those
sentences, one per kind of loss the game meets, in the order the declaration
lists them.  A format that carries everything declares nothing and names
nothing.

So a format's losses come from its declaration alone, and the declaration
holds the writer's own tables (which header goes to which field, which NAGs
have a suffix, the slots of the start's pieces): the report and the writer
cannot disagree.  :meth:`Carries.check` holds each declaration to naming every
loss its capacities imply, so that no format drops anything in silence.

Sentences are :meth:`str.format` templates; the fields each kind fills are
listed under :class:`Loss`.  Every kind fills ``n`` (how many: headers,
pieces, NAGs, comments, moves, places, characters) and ``s`` (``"s"`` unless
``n`` is 1, for the noun before it).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Optional, Union

from .position import STARTING_FEN, Position
from .visitor import BaseVisitor, Order

if TYPE_CHECKING:  # the writers' layer and the model's; annotations only
    from .model import Game, Node


class Fate(enum.Enum):
    """What a format does with one header (what :attr:`Carries.headers` says of each)."""

    #: Written as it is.
    KEPT = "kept"
    #: Not written as such, and no loss: it describes another format (PGN's
    #: ``Game``, ``Format``) or is written from the game itself (``FEN`` from
    #: the start, ``Result`` from the result).
    OTHERWISE = "otherwise"
    #: The format has no place for it: not written.
    NO_PLACE = "no place"
    #: Empty: written as nothing, which reads back as no header.
    EMPTY = "empty"
    #: Written cut to the size of its field.
    CUT = "cut"
    #: Its line breaks (or the blanks around it) cannot be written: the format's headers are one line.
    ONE_LINE = "one line"
    #: Its value is not one the format can store (named with the value).
    VALUE = "value"


@dataclass(frozen=True, slots=True)
class Rewritten:
    """A header written with another value than the game's (named with both values)."""

    value: str


#: What becomes of one header: a :class:`Fate`, or the other value it is written with.
HeaderFate = Union[Fate, Rewritten]
#: ``fate(name, value)`` of each header of one game (see :attr:`Carries.headers`).
HeaderFates = Callable[[str, str], HeaderFate]


class Loss(enum.Enum):
    """The kinds of loss a declaration names, and the fields each fills in its sentence (beyond ``n`` and ``s``)."""

    #: Headers with :attr:`Fate.NO_PLACE`, then ``Result`` when it differs from the
    #: result and :attr:`Carries.result_tag` is false.  ``names`` (each in backticks,
    #: comma-separated) and ``have`` (``has`` or ``have``).
    NO_PLACE = "no place"
    #: Headers with :attr:`Fate.EMPTY`: ``names``, ``have``.
    EMPTY = "empty headers"
    #: Headers with :attr:`Fate.CUT`: ``names``, ``have``.
    CUT = "cut headers"
    #: Headers with :attr:`Fate.ONE_LINE`: ``names``, ``have``.
    ONE_LINE = "one line"
    #: One sentence per header with :attr:`Fate.VALUE`: ``name``, ``value``.
    VALUE = "value"
    #: One sentence per header :class:`Rewritten`: ``name``, ``value``, ``new``
    #: and their excerpts ``short_value``, ``short_new`` (one line, cut at 40 characters).
    REWRITTEN = "rewritten"
    #: A start other than the initial position, Red to move, move 1, in a
    #: format that holds only those (:attr:`Carries.initial_only`; then no move
    #: is written, and nothing is said of the moves): ``fen``; ``n`` the moves.
    NOT_INITIAL = "not initial"
    #: The start's move number or halfmove clock, which the format does not
    #: hold (:attr:`Carries.counters`, :attr:`Carries.halfmove`): ``fullmove``, ``halfmove``.
    COUNTERS = "counters"
    #: Pieces of the start beyond the format's slots (:attr:`Carries.slots`): ``n`` pieces.
    SLOTS = "slots"
    #: Black to move in a game with no move, in a format that gives the side
    #: to move by the first move (:attr:`Carries.side_from_moves`).
    SIDE = "side"
    #: A ``FEN`` tag that does not describe the start, when the start is not the
    #: initial position (:attr:`Carries.fen_tag` false: the start is written, read back as its FEN).
    FEN_TAG = "fen tag"
    #: Variations, in a format that holds the main line (:attr:`Carries.variations`): ``n``.
    VARIATIONS = "variations"
    #: NAGs of the moves written beyond what :attr:`Carries.nags` keeps: ``n``.
    NAGS = "nags"
    #: Comments before a move, not written (:attr:`Before.DROPPED`): ``n`` comments.
    BEFORE_DROPPED = "before dropped"
    #: Moves whose comments before them are written after them (:attr:`Before.AFTER`): ``places``; ``n`` moves.
    BEFORE_MOVED = "before moved"
    #: Moves (and the game's opening) with more comments than the format keeps
    #: apart, joined into one (:attr:`Carries.comment_room`): ``places``; ``n``.
    JOINED = "joined"
    #: Moves (and the opening) whose comments lose the white space around them
    #: (:attr:`Blank.STRIPPED`; a blank comment is none): ``places``; ``n``.
    STRIPPED = "stripped"
    #: Empty comments, not written (:attr:`Blank.DROPPED`).
    EMPTY_COMMENTS = "empty comments"
    #: Texts holding what the format cannot write as it is (:attr:`Lost.holds`): ``n`` texts.
    TEXT = "text"
    #: Characters the format's texts cannot hold, written as another
    #: (:attr:`Carries.characters`): ``places`` (``U+XXXX in`` where); ``n`` characters.
    CHARACTERS = "characters"
    #: Comments, in a format that holds none (:attr:`Carries.comments`): ``n`` comments
    #: (empty ones included) of the root and the moves written.
    COMMENTS = "comments"
    #: A result other than ``*``, in a format that holds none (:attr:`Carries.result`): ``result``.
    RESULT = "result"
    #: Moves deeper than the format's readers read back, not written (:attr:`Carries.max_ply`):
    #: ``n`` moves, ``limit`` the deepest ply written.
    TOO_DEEP = "too deep"
    #: Moves that repeat an earlier move of the same point (two children of one node with one
    #: move), in a format whose reader merges them into the first (:attr:`Carries.repeats`):
    #: ``places`` (each move's ply); ``n`` moves.
    REPEATED = "repeated moves"


class Before(enum.Enum):
    """What a format does with the comments written before a move."""

    #: Written before the move, as they are.
    KEPT = "kept"
    #: Written after the move, with its comments (a format with no comment before a move).
    AFTER = "after"
    #: Not written.
    DROPPED = "dropped"


class Blank(enum.Enum):
    """What a format does with empty and blank comments."""

    #: Written as they are.
    KEPT = "kept"
    #: Empty ones are not written.
    DROPPED = "dropped"
    #: Read back without the white space around them; blank ones are none.
    STRIPPED = "stripped"


class Texts(enum.Flag):
    """Which texts a :attr:`Loss.TEXT` looks in: the comments written, the headers written as they are, or both."""

    COMMENTS = 1
    HEADERS = 2
    BOTH = 3


@dataclass(frozen=True, slots=True)
class Lost:
    """One kind of loss a format names, and its sentence (a template: see :class:`Loss` for its fields).

    A :attr:`Loss.TEXT` names the texts (:attr:`scope`) that hold any of the
    sequences in :attr:`holds`, which the format writes otherwise (a brace a PGN comment cannot hold, the ``*/`` that would
    end a WXF comment).  A list of headers names them in the game's order,
    or, those in :attr:`order` first, in that order (a format's fields).
    """

    kind: Loss
    message: str
    holds: tuple[str, ...] = ()
    scope: Texts = Texts.COMMENTS
    order: tuple[str, ...] = ()


def _all_kept(game: "Game") -> HeaderFates:
    return lambda name, value: Fate.KEPT


def _ply_place(node: "Node", ply: int) -> str:
    return f"ply {ply}"


@dataclass(frozen=True)
class Carries:
    """What a format can hold of a game, and how it names each loss: the declaration its writer makes.

    Every field but :attr:`losses` states a capacity; its default is "all of
    it", so a format declares only what it cannot hold.  :attr:`losses` lists
    the sentences, in the order :func:`report` gives them; :meth:`check`
    (run when the declaration is made) requires one for every loss the
    capacities imply.
    """

    #: The kinds of loss the format names, in the order named.
    losses: tuple[Lost, ...] = ()
    #: ``headers(game)`` -> ``fate(name, value)`` of each of its headers: the
    #: writer's own mapping, set up once per game (a header's fate may depend
    #: on the others: two headers for one field).
    headers: Callable[["Game"], HeaderFates] = _all_kept
    #: Whether a ``Result`` tag other than the game's result is kept
    #: (false: the format writes the result only; the tag is named last of :attr:`Loss.NO_PLACE`).
    result_tag: bool = True
    #: Whether only games from the initial position, Red to move, move 1, have their moves written.
    initial_only: bool = False
    #: Whether the start's move number and halfmove clock are kept.
    counters: bool = True
    #: Whether the start's halfmove clock is kept where the move number is
    #: (false, with :attr:`counters` true: the clock alone is named, as :attr:`Loss.COUNTERS`).
    halfmove: bool = True
    #: The pieces (FEN letters) of the slots the start's pieces are written to, each
    #: taking the first free slot of its kind; ``None``: a board of any pieces.
    slots: Optional[str] = None
    #: Whether the side to move is given by the first move (so a game without moves is Red to move).
    side_from_moves: bool = False
    #: Whether a ``FEN`` tag that does not describe the start is kept (false: the
    #: start is written, and a start other than the initial position reads back
    #: as its own FEN, so such a tag is named as lost).
    fen_tag: bool = True
    #: Whether variations are kept (false: only the main line is written).
    variations: bool = True
    #: The NAGs kept, and how many of them a move keeps; ``None``: every NAG.
    nags: Optional[tuple[frozenset[int], int]] = None
    #: What becomes of the comments before a move.
    before: Before = Before.KEPT
    #: How many comments a move keeps apart (more are joined into one); ``None``: any number.
    comment_room: Optional[int] = None
    #: The same for the game's opening comments (the root's).
    opening_room: Optional[int] = None
    #: What becomes of empty and blank comments.
    blank: Blank = Blank.KEPT
    #: The characters the format's texts (headers written as they are, comments) cannot hold.
    characters: Optional["re.Pattern[str]"] = None
    #: Whether the format holds comments at all (false: none is written, :attr:`Loss.COMMENTS`).
    comments: bool = True
    #: Whether the format holds the result (false: it reads back as ``*``, :attr:`Loss.RESULT`).
    result: bool = True
    #: The deepest ply written, in a format that nests each move in the one before it (PFC's XML:
    #: libxml2 reads 2,048 levels); ``None``: any depth (:attr:`Loss.TOO_DEEP`).
    max_ply: Optional[int] = None
    #: Whether two moves at one point that are the same move read back apart (false: the
    #: format's reader merges each into the first, :attr:`Loss.REPEATED`).
    repeats: bool = True
    #: How a move's comments are named in ``places``: ``place(node, ply)``.
    place: Callable[["Node", int], str] = _ply_place
    #: How the opening comments are named in ``places``.
    opening_place: str = "the opening comments"
    #: How a header is named in ``places`` (its name is filled in).
    header_place: str = "header `{}`"

    def __post_init__(self) -> None:
        self.check()

    def _implied(self) -> set[Loss]:
        """The kinds of loss the capacities imply (the header kinds depend on the headers: not checked)."""
        implied = {
            Loss.NOT_INITIAL: self.initial_only,
            Loss.COUNTERS: not (self.counters and self.halfmove),
            Loss.SLOTS: self.slots is not None,
            Loss.SIDE: self.side_from_moves,
            Loss.FEN_TAG: not self.fen_tag,
            Loss.VARIATIONS: not self.variations,
            Loss.NAGS: self.nags is not None,
            Loss.BEFORE_DROPPED: self.before is Before.DROPPED,
            Loss.BEFORE_MOVED: self.before is Before.AFTER,
            Loss.JOINED: self.comment_room is not None or self.opening_room is not None,
            Loss.STRIPPED: self.blank is Blank.STRIPPED,
            Loss.EMPTY_COMMENTS: self.blank is Blank.DROPPED,
            Loss.CHARACTERS: self.characters is not None,
            Loss.NO_PLACE: not self.result_tag,
            Loss.COMMENTS: not self.comments,
            Loss.RESULT: not self.result,
            Loss.TOO_DEEP: self.max_ply is not None,
            Loss.REPEATED: not self.repeats,
        }
        return {kind for kind, lost in implied.items() if lost}

    def check(self) -> None:
        """Raise :class:`ValueError` when a loss the capacities imply has no sentence (it would go unnamed)."""
        named = {lost.kind for lost in self.losses}
        missing = self._implied() - named
        if missing:
            kinds = ", ".join(sorted(k.name for k in missing))
            raise ValueError(f"The declaration names no loss of kind {kinds}, which its capacities imply")


# ---------------------------------------------------------------- the words


def _names(names: list[str]) -> str:
    return ", ".join(f"`{n}`" for n in names)


def _plural(n: int) -> str:
    return "" if n == 1 else "s"


def some(items: list[str], shown: int = 3) -> str:
    """The first ``shown`` of ``items`` joined by "; ", and how many more."""
    more = f"; and {len(items) - shown} more" if len(items) > shown else ""
    return "; ".join(items[:shown]) + more


def _excerpt(text: str) -> str:
    from .diagnostics import excerpt

    return excerpt(text)


# ---------------------------------------------------------------- comments


def comment_changes(parts: list[str], before: int, room: Optional[int], blank: Blank, moved: bool) -> list[Loss]:
    """How one node's comments read back changed when a format writes them as declared.

    ``parts`` are the node's comments the format writes (``before`` of them
    written before the move, then those after it), ``room`` how many it keeps
    apart (``None``: any number), ``blank`` what it does with empty and blank
    ones, ``moved`` whether the comments before are written after the move.
    The kinds, each at most once, in the order :attr:`Loss.STRIPPED`,
    :attr:`Loss.JOINED`, :attr:`Loss.BEFORE_MOVED`.  O(size of the comments).
    """
    if blank is Blank.STRIPPED and len(parts) == 1 and not before:  # the usual case: one comment after the move
        text = parts[0]
        return [] if text and text == text.strip() else [Loss.STRIPPED]
    out = []
    if blank is Blank.STRIPPED and any(p != p.strip() or not p for p in parts):
        out.append(Loss.STRIPPED)
    if room is not None and len(_written(parts, blank)) > room:
        out.append(Loss.JOINED)
    if moved and _written(parts[:before], blank):
        out.append(Loss.BEFORE_MOVED)
    return out


def _written(parts: list[str], blank: Blank) -> list[str]:
    """The comments of ``parts`` that are written, as they read back."""
    if blank is Blank.KEPT:
        return parts
    if blank is Blank.DROPPED:
        return [p for p in parts if p]
    return [p.strip() for p in parts if p and not p.isspace()]


# ---------------------------------------------------------------- the walk


class _Census(BaseVisitor[list[str]]):
    """One walk of a game noting what a :class:`Carries` cannot hold of it; the sentences at the end.

    Tree order without positions: the main line comes first (until the first
    variation begins), and each node's ply is the length of its path from the
    root, which the walk keeps as pre-order comes back up it.
    """

    order = Order.TREE
    needs_positions = False

    def __init__(self, carries: Carries, fates: HeaderFates) -> None:
        self.carries = carries
        self.fates = fates
        self.sentences: list[str] = []
        self.headers: dict[Fate, list[str]] = {}  # the names of each fate that is a loss
        self.per_header: list[tuple[Loss, str, str, str]] = []  # (VALUE or REWRITTEN, name, value, new)
        self.result_tag: Optional[str] = None
        self.fen_tag: Optional[str] = None
        self.written_headers: list[tuple[str, str]] = []  # (name, value) written as they are
        self.start = Position.initial()  # (the movetext is never skipped: set by visit_start)
        self.writes_moves = True
        self.path: list[Node] = []
        self.main = True  # still on the main line
        self.moves = 0
        self.variations = 0
        self.nags = 0
        self.dropped = 0  # comments before a move, not written
        self.places: dict[Loss, list[str]] = {}  # STRIPPED, JOINED, BEFORE_MOVED -> where
        self.empty = False  # an empty comment, not written
        self.texts: list[tuple[str, str]] = []  # (where, text) of every comment written
        self.comments = 0  # comments not written by a format that holds none
        self.result_lost: Optional[str] = None  # the result, when the format holds none
        self.too_deep = 0  # moves deeper than carries.max_ply
        self.repeated: list[str] = []  # the plies of moves repeating an earlier sibling's move

    # ------------------------------------------------------------ headers and start
    def visit_header(self, name: str, value: str) -> None:
        if name == "Result":
            self.result_tag = value
        elif name == "FEN":
            self.fen_tag = value
        fate = self.fates(name, value)
        if fate is Fate.KEPT:
            self.written_headers.append((name, value))
        elif isinstance(fate, Rewritten):
            self.per_header.append((Loss.REWRITTEN, name, value, fate.value))
        elif fate is Fate.VALUE:
            self.per_header.append((Loss.VALUE, name, value, value))
        elif fate is not Fate.OTHERWISE:
            self.headers.setdefault(fate, []).append(name)

    def visit_start(self, position: Position) -> None:
        self.start = position.copy()
        if self.carries.initial_only:
            self.writes_moves = position == Position.initial() and position.fullmove_number == 1

    # ------------------------------------------------------------ the tree
    def visit_root(self, node: Node) -> None:
        self.path = [node]
        self._comments(node, self.carries.opening_place, self.carries.opening_room, False)

    def visit_move(self, position: Position, node: Node) -> None:
        self.moves += 1
        path, parent = self.path, node.parent
        while path[-1] is not parent:
            path.pop()
        path.append(node)
        c = self.carries
        if not self.writes_moves or not (self.main or c.variations):
            return  # not written: named as the start's or the variations' loss
        if c.max_ply is not None and len(path) - 1 > c.max_ply:
            self.too_deep += 1
        if not c.repeats and parent is not None and len(parent.children) > 1 and parent.children[0] is node:
            self._repeats(parent, len(path) - 1)
        if c.nags is not None and node.nags:
            kept, per_move = c.nags
            self.nags += len(node.nags) - min(per_move, sum(1 for g in node.nags if g in kept))
        if node.comments_before or node.comments:
            self._comments(node, None, c.comment_room, c.before is Before.AFTER, len(path) - 1)

    def _repeats(self, parent: Node, ply: int) -> None:
        """Note the children of ``parent`` (at ``ply``) whose move an earlier child has (once per parent: O(children))."""
        seen = set()
        for child in parent.children:
            if child.move in seen:
                self.repeated.append(_ply_place(child, ply))
            seen.add(child.move)

    def begin_variation(self) -> None:
        self.main = False
        if self.writes_moves:
            self.variations += 1

    def _comments(self, node: Node, where: Optional[str], room: Optional[int], moved: bool, ply: int = 0) -> None:
        """Note what becomes of ``node``'s comments: the root's (named ``where``) or a move's (at ``ply``)."""
        c = self.carries
        before, after = node.comments_before, node.comments
        if not c.comments:
            self.comments += len(before) + len(after)
            return
        if c.before is Before.DROPPED:
            self.dropped += len(before)
            parts, count = after, 0
        else:
            parts, count = (before + after if before else after), len(before)
        if not parts:
            return
        place = where if where is not None else c.place(node, ply)
        for kind in comment_changes(parts, count, room, c.blank, moved):
            self.places.setdefault(kind, []).append(place)
        if c.blank is Blank.DROPPED and not all(parts):
            self.empty = True
        self.texts.extend((place, text) for text in _written(parts, c.blank))

    # ------------------------------------------------------------ the sentences
    def visit_result(self, result: str) -> None:
        if not self.carries.result and result != "*":
            self.result_lost = result
        if not self.carries.result_tag and self.result_tag is not None and self.result_tag != result:
            self.headers.setdefault(Fate.NO_PLACE, []).append("Result")

    def end_game(self) -> None:
        for lost in self.carries.losses:
            self.sentences += _SENTENCES[lost.kind](self, lost)

    def result(self) -> list[str]:
        return self.sentences


def _say(lost: Lost, n: int, **fields: object) -> list[str]:
    """The sentence of ``lost`` for ``n`` things (none when ``n`` is 0)."""
    return [lost.message.format(n=n, s=_plural(n), **fields)] if n else []


def _headers(fate: Fate) -> Callable[[_Census, Lost], list[str]]:
    def sentence(census: _Census, lost: Lost) -> list[str]:
        names = census.headers.get(fate, [])
        if lost.order:
            first = [n for n in lost.order if n in names]
            names = first + [n for n in names if n not in lost.order]
        return _say(lost, len(names), names=_names(names), have="has" if len(names) == 1 else "have")

    return sentence


def _per_header(census: _Census, lost: Lost) -> list[str]:
    return [
        lost.message.format(n=1, s="", name=name, value=value, new=new, short_value=_excerpt(value), short_new=_excerpt(new))
        for kind, name, value, new in census.per_header
        if kind is lost.kind
    ]


def _not_initial(census: _Census, lost: Lost) -> list[str]:
    return [] if census.writes_moves else [lost.message.format(n=census.moves, s=_plural(census.moves), fen=census.start.fen())]


def _counters(census: _Census, lost: Lost) -> list[str]:
    start, c = census.start, census.carries
    clock_lost = not (c.counters and c.halfmove)
    changed = (not c.counters and start.fullmove_number != 1) or (clock_lost and start.halfmove_clock != 0)
    return _say(lost, int(changed), fullmove=start.fullmove_number, halfmove=start.halfmove_clock)


def _slots(census: _Census, lost: Lost) -> list[str]:
    free: dict[str, int] = {}
    for slot in census.carries.slots or "":
        free[slot] = free.get(slot, 0) + 1
    homeless = 0
    for piece in census.start.board:
        if piece is not None:
            if free.get(piece, 0):
                free[piece] -= 1
            else:
                homeless += 1
    return _say(lost, homeless)


def _side(census: _Census, lost: Lost) -> list[str]:
    return _say(lost, int(not census.start.turn and census.moves == 0))


def _fen_tag(census: _Census, lost: Lost) -> list[str]:
    fen = census.start.fen()
    tag = census.fen_tag
    return _say(lost, int(fen != STARTING_FEN and tag is not None and tag != fen))


def _places(census: _Census, lost: Lost) -> list[str]:
    places = census.places.get(lost.kind, [])
    return _say(lost, len(places), places=some(places))


def _text(census: _Census, lost: Lost) -> list[str]:
    texts = [t for _, t in census.texts] if lost.scope & Texts.COMMENTS else []
    if lost.scope & Texts.HEADERS:
        texts += [v for _, v in census.written_headers]
    return _say(lost, sum(1 for t in texts if any(h in t for h in lost.holds)))


def _characters(census: _Census, lost: Lost) -> list[str]:
    pattern = census.carries.characters
    if pattern is None:
        return []
    name = census.carries.header_place
    found = [f"U+{ord(ch):04X} in {name.format(h)}" for h, value in census.written_headers for ch in pattern.findall(value)]
    found += [f"U+{ord(ch):04X} in {place}" for place, text in census.texts for ch in pattern.findall(text)]
    return _say(lost, len(found), places=some(found))


#: Each kind of loss -> its sentences for a game walked.
_SENTENCES: dict[Loss, Callable[[_Census, Lost], list[str]]] = {
    Loss.NO_PLACE: _headers(Fate.NO_PLACE),
    Loss.EMPTY: _headers(Fate.EMPTY),
    Loss.CUT: _headers(Fate.CUT),
    Loss.ONE_LINE: _headers(Fate.ONE_LINE),
    Loss.VALUE: _per_header,
    Loss.REWRITTEN: _per_header,
    Loss.NOT_INITIAL: _not_initial,
    Loss.COUNTERS: _counters,
    Loss.SLOTS: _slots,
    Loss.SIDE: _side,
    Loss.FEN_TAG: _fen_tag,
    Loss.VARIATIONS: lambda census, lost: _say(lost, census.variations),
    Loss.NAGS: lambda census, lost: _say(lost, census.nags),
    Loss.BEFORE_DROPPED: lambda census, lost: _say(lost, census.dropped),
    Loss.BEFORE_MOVED: _places,
    Loss.JOINED: _places,
    Loss.STRIPPED: _places,
    Loss.EMPTY_COMMENTS: lambda census, lost: _say(lost, int(census.empty)),
    Loss.TEXT: _text,
    Loss.CHARACTERS: _characters,
    Loss.COMMENTS: lambda census, lost: _say(lost, census.comments),
    Loss.RESULT: lambda census, lost: _say(lost, int(census.result_lost is not None), result=census.result_lost),
    Loss.TOO_DEEP: lambda census, lost: _say(lost, census.too_deep, limit=census.carries.max_ply),
    Loss.REPEATED: lambda census, lost: _say(lost, len(census.repeated), places=some(census.repeated)),
}


def report(game: "Game", carries: Carries) -> list[str]:
    """What a format that ``carries`` so cannot keep of ``game``: one sentence per kind of loss, in declared order.

    One walk of the game, O(number of nodes + headers + size of the
    comments); the game is not changed.  Empty when the format holds all the
    game holds.
    """
    if not carries.losses:
        return []  # a format that holds everything: nothing to walk for
    return game.accept(_Census(carries, carries.headers(game)))
