"""The JSON form of the game model: games to JSON text and back (docs/spec/json.md).

The form is flat: a game's move tree is its ``nodes`` in pre-order, the root
first, each move naming its ``parent`` by index, so any depth of variations is
a list, not nested JSON (docs/spec/json.md §2.3).  Moves are ICCS (``H2-E2``).
Empty lists are left out; :func:`dumps` writes one node per line, so two
programs' outputs compare line by line.  The writer is a visitor
(:class:`JsonWriter`, :mod:`xqformats.visitor`) in tree order, the form's
order of nodes.

Reading (:func:`read_json`) never raises: every fault is a diagnostic with the
JSON path of what it concerns (JSON has no line numbers once parsed, except
for a syntax error).  The nodes go to the one
:class:`~xqformats.builder.GameBuilder` in pre-order (``back_to`` the
parent's ply, then the move as ICCS text, checked by the rules engine); below
a move that cannot be read nothing is read (:data:`REST_OF_LINE`, DROP: J104,
a note on the move's own finding), and its siblings are read as usual.
"""

from __future__ import annotations

import json
import re
from typing import Any, Optional, Sequence

from ..builder import GameBuilder, LinePolicy, ReaderHooks
from ..core import Move
from ..diagnostics import Diagnostic, DiagnosticSink, Span
from ..losses import Carries
from ..model import RESULTS, TAG_NAME_PATTERN, Game, Node
from ..notation import Notation
from ..position import FenProblem, Position, read_fen
from ..visitor import BaseVisitor, Order
from . import rules

#: The version of the form this module writes and reads (docs/spec/json.md §1.2).
FORM_VERSION = 1


# ---------------------------------------------------------------- writing

#: What the form holds of a game: all of it (docs/spec/json.md §2), so it names no loss.
CARRIES = Carries()


def _node(node: Node, parent: Optional[int]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if parent is not None and node.move is not None:
        out["parent"] = parent
        out["move"] = node.move.iccs()
    if node.comments_before:
        out["comments_before"] = list(node.comments_before)
    if node.comments:
        out["comments"] = list(node.comments)
    if node.nags:
        out["nags"] = list(node.nags)
    return out


def to_json(game: Game) -> dict[str, Any]:
    """``game`` as a JSON object (plain dicts and lists) of the form's game (docs/spec/json.md §2.1)."""
    return game.accept(JsonWriter())


class JsonWriter(BaseVisitor[dict[str, Any]]):
    """A visitor that makes the JSON object of the game it visits (:func:`to_json`'s object).

    Tree order, no positions: the form lists the nodes in pre-order (docs/spec/json.md
    §2.3), so each node visited, the root first, is the next entry, naming its
    parent by index.  The parent is found on the path from the root to the
    node last visited (pre-order comes back up that path, never elsewhere):
    O(1) a node, any depth.  One writer can visit several games in turn.
    """

    order = Order.TREE
    needs_positions = False

    def __init__(self) -> None:
        self.begin_game()
        self._object: dict[str, Any] = {}

    def begin_game(self) -> None:
        self._headers: list[list[str]] = []
        self._start = ""
        self._result = "*"
        self._nodes: list[dict[str, Any]] = []
        #: (node, its index) from the root to the node last visited.
        self._path: list[tuple[Node, int]] = []

    def visit_header(self, name: str, value: str) -> None:
        self._headers.append([name, value])

    def visit_start(self, position: Position) -> None:
        self._start = position.fen()

    def visit_root(self, node: Node) -> None:
        self._nodes.append(_node(node, None))
        self._path.append((node, 0))

    def visit_move(self, position: Position, node: Node) -> None:
        path, parent = self._path, node.parent
        while path[-1][0] is not parent:
            path.pop()
        index = len(self._nodes)
        self._nodes.append(_node(node, path[-1][1]))
        path.append((node, index))

    def visit_result(self, result: str) -> None:
        self._result = result

    def end_game(self) -> None:
        self._object = {"headers": self._headers, "start": self._start, "result": self._result, "nodes": self._nodes}
        self._path = []

    def result(self) -> dict[str, Any]:
        return self._object


def _dump(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False)


#: A document of games is this head, each game's text (:func:`dump_game`) joined by this separator, this tail.
DOCUMENT_FRAME = (f'{{"xqformats": {FORM_VERSION}, "games": [\n', ",\n", "\n]}\n")


def dump_game(game: Game) -> str:
    """The JSON text of one game as :func:`dumps` writes it in a document: one node per line."""
    obj = to_json(game)
    head = ", ".join(f"{_dump(k)}: {_dump(obj[k])}" for k in ("headers", "start", "result"))
    nodes = ",\n  ".join(_dump(n) for n in obj["nodes"])
    return f' {{{head}, "nodes": [\n  {nodes}\n ]}}'


def dumps(games: list[Game]) -> str:
    """The JSON text of a document holding ``games``: one node per line, UTF-8 characters as they are."""
    head, separator, tail = DOCUMENT_FRAME
    return head + separator.join(dump_game(g) for g in games) + tail


# ---------------------------------------------------------------- reading

#: Below a move that cannot be read, the nodes are left out (J104).
REST_OF_LINE = LinePolicy.DROP


class _Reader(ReaderHooks):
    """One document's games, reported through ``sink`` (docs/spec/json.md); the builder's hooks.

    A move's token (for the hooks) is ``(where, text)``: its node's JSON path and its move text.
    """

    def __init__(self, sink: DiagnosticSink, strict: bool) -> None:
        self.sink = sink
        self.strict = strict

    def shape(self, where: str, what: str) -> None:
        self.sink.report(rules.NOT_THE_FORM, f"`{where}`: {what}")

    def value(self, where: str, what: str) -> None:
        self.sink.report(rules.BAD_VALUE, f"`{where}`: {what}")

    # ------------------------------------------------------------ document and game
    def document(self, doc: object) -> list[Game]:
        if not isinstance(doc, dict):
            self.shape("$", "expected an object with `xqformats` and `games`")
            return []
        version = doc.get("xqformats")
        if not isinstance(version, int) or isinstance(version, bool):
            self.shape("xqformats", f"expected the form's version, the number {FORM_VERSION}")
            return []
        if version != FORM_VERSION:
            self.sink.report(rules.VERSION, f"Version {version} of the form; this reader knows version {FORM_VERSION}")
            return []
        games = doc.get("games")
        if not isinstance(games, list):
            self.shape("games", "expected a list of games")
            return []
        out = []
        for i, obj in enumerate(games):
            game = self.game(obj, f"games[{i}]")
            if game is not None:
                out.append(game)
        return out

    def game(self, obj: object, where: str) -> Optional[Game]:
        if not isinstance(obj, dict):
            self.shape(where, "expected an object")
            return None
        start = self.start(obj.get("start"), where)
        nodes = obj.get("nodes")
        if start is None or not isinstance(nodes, list) or not nodes or not isinstance(nodes[0], dict):
            if start is not None:
                self.shape(f"{where}.nodes", "expected a list of nodes, the root first")
            return None
        builder = GameBuilder(self, REST_OF_LINE, self.strict)
        self.headers(obj.get("headers", []), where, builder)
        result = self.result(obj, where)
        builder.visit_start(start)
        self.texts(builder.game.root, nodes[0], f"{where}.nodes[0]")
        self.tree(builder, nodes, f"{where}.nodes")
        builder.visit_result(result)
        builder.end_game()
        return builder.result()

    def start(self, fen: object, where: str) -> Optional[Position]:
        if not isinstance(fen, str):
            self.shape(f"{where}.start", "expected the start position as FEN text")
            return None
        # Only the first problem is named: no Diagnostic is made for the others (a long
        # damaged FEN has one per letter, hundreds of bytes each; tests/fuzz/harness.py FIXED).
        first: list[str] = []

        def report(problem: FenProblem, message: str, start: int, end: int) -> None:
            if not first:
                first.append(message)

        pos = read_fen(fen, report)
        if pos is None:
            self.value(f"{where}.start", f"not a legal FEN ({first[0] if first else 'not a position'})")
        return pos

    def headers(self, pairs: object, where: str, builder: GameBuilder) -> None:
        if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs
        ):
            self.shape(f"{where}.headers", "expected a list of [name, value] string pairs")
            return
        for i, (name, value) in enumerate(pairs):
            if TAG_NAME_PATTERN.match(name):
                builder.visit_header(name, value)
            else:
                self.value(f"{where}.headers[{i}]", f"`{name}` is no tag name (letters, digits, `_+#=:-`); dropped")

    def result(self, obj: dict[str, Any], where: str) -> str:
        result = obj.get("result", "*")
        if result not in RESULTS:
            self.value(f"{where}.result", f"`{result}` is no result; expected one of {', '.join(RESULTS)}")
            return "*"
        return str(result)

    # ------------------------------------------------------------ nodes
    def texts(self, node: Node, obj: dict[str, Any], where: str) -> None:
        """A node's comments and NAGs (each checked)."""
        for key in ("comments_before", "comments"):
            items = obj.get(key, [])
            if isinstance(items, list) and all(isinstance(t, str) for t in items):
                getattr(node, key).extend(items)
            else:
                self.shape(f"{where}.{key}", "expected a list of strings")
        nags = obj.get("nags", [])
        if not isinstance(nags, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in nags):
            self.shape(f"{where}.nags", "expected a list of numbers")
            return
        for n in nags:
            if n >= 0:  # above 255 kept, as PGN keeps it (docs/spec/json.md §2.3)
                node.nags.append(n)
            else:
                self.value(f"{where}.nags", f"NAG {n} is negative; dropped")

    def tree(self, builder: GameBuilder, nodes: list[Any], where: str) -> None:
        """Nodes 1… in pre-order: a path from the root holds each node's ancestors (docs/spec/json.md §2.3)."""
        path = [0]  # the indices of the nodes from the root to the last one read; its length - 1 is a ply
        dropped: set[int] = set()
        for i in range(1, len(nodes)):
            obj = nodes[i]
            here = f"{where}[{i}]"
            parent = obj.get("parent") if isinstance(obj, dict) else None
            if not isinstance(obj, dict) or type(parent) is not int or not isinstance(obj.get("move"), str):
                self.shape(here, "expected an object with `parent` (a number) and `move` (ICCS text)")
                dropped.add(i)
                continue
            if parent in dropped:
                dropped.add(i)  # below a node left out: reported with it
                continue
            while path and path[-1] != parent:
                path.pop()
            if not path:
                self.value(f"{here}.parent", f"{parent} is no earlier node on the line being read (nodes are in pre-order)")
                return
            builder.back_to(len(path) - 1)
            text = obj["move"]
            node = builder.visit_text_move(text, None, Notation.ICCS, (here, text))
            if node is None:
                dropped.add(i)
                continue
            self.texts(node, obj, here)
            path.append(i)

    # ------------------------------------------------------------ the builder's hooks
    def decoded(self, move: Optional[Move], findings: Sequence[Diagnostic], token: tuple[str, str]) -> None:
        # A move read with findings (a spelling, a style) keeps them, as one not read does.
        for d in findings:
            self.sink.add(Diagnostic(d.code, d.severity, f"`{token[0]}.move`: {d.message}", deviation=d.deviation))

    def not_read(self, token: tuple[str, str]) -> None:
        # A note on the move's own finding (just recorded): one root cause, one finding.
        self.sink.note(rules.MOVES_NOT_READ, f"`{token[0]}`: the nodes below `{token[1]}` are left out")


def games_from_document(doc: object, sink: DiagnosticSink, *, strict: bool = False) -> list[Game]:
    """The games of a parsed JSON document (``json.loads``), every fault reported to ``sink``."""
    return _Reader(sink, strict).document(doc)


def read_json(text: str, *, path: Optional[str] = None, strict: bool = False) -> tuple[list[Game], list[Diagnostic]]:
    """The games of a JSON form document, and every finding; never raises on any text."""
    sink = DiagnosticSink(path=path, strict=strict)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        sink.report(rules.NOT_JSON, f"Not JSON: {exc.msg}", Span.point(exc.lineno, exc.colno, exc.pos))
        return [], list(sink.items)
    except RecursionError:
        sink.report(rules.NOT_JSON, "Not the JSON form: nested too deeply to read")
        return [], list(sink.items)
    except ValueError:  # a number of more than 4,300 digits (int() refuses it)
        sink.report(rules.NOT_JSON, "Not the JSON form: a number too long to read")
        return [], list(sink.items)
    if _SURROGATE_HINT.search(text):
        doc = _without_surrogates(doc, sink)
    games = games_from_document(doc, sink, strict=strict)
    return games, list(sink.items)


#: A lone surrogate as JSON escapes it (or raw, in text handed in as a str): the document may hold one.
_SURROGATE_HINT = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
#: The values that are or may hold strings (numbers, booleans and null are passed by).
_TEXTS = (str, dict, list)

#: A JSON path: ``None`` at the document, else (the container's path, the key or index).
_Path = Optional[tuple[Any, Any]]


def _path_text(path: _Path) -> str:
    parts: list[str] = []
    while path is not None:
        path, key = path
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "".join(reversed(parts)).lstrip(".") or "$"


def _without_surrogates(doc: object, sink: DiagnosticSink) -> object:
    """``doc`` with U+FFFD for each lone surrogate in its strings and keys; one J106 (docs/spec/json.md §1.1).

    ``json.loads`` reads a ``\\ud800`` escape that is not half of a pair as a
    lone surrogate, which no encoding writes: left in, every writer would
    raise (issue 28, item 7).  The first string is named, with how many hold
    one.  Iterative (any depth), O(size of the document).
    """
    found: list[_Path] = []
    out = doc
    # (container, key, value, path): each string is cleaned where it stands, in the document's order.
    stack: list[tuple[Any, Any, Any, _Path]] = [(None, None, doc, None)]
    while stack:
        owner, key, value, path = stack.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                found.append(path)
                value = _SURROGATE.sub("\ufffd", value)
                if owner is None:
                    out = value
                else:
                    owner[key] = value
        elif isinstance(value, dict):
            for name in [k for k in value if _SURROGATE.search(k)]:  # a member's name is a string too
                found.append((path, name))
                value[_SURROGATE.sub("\ufffd", name)] = value.pop(name)
            stack.extend((value, k, v, (path, k)) for k, v in reversed(list(value.items())) if isinstance(v, _TEXTS))
        elif isinstance(value, list):
            stack.extend((value, i, v, (path, i)) for i, v in reversed(list(enumerate(value))) if isinstance(v, _TEXTS))
    if found:
        first = _path_text(found[0]).encode("ascii", "backslashreplace").decode("ascii")
        more = f" ({len(found) - 1:,} more strings hold one)" if len(found) > 1 else ""
        sink.report(rules.LONE_SURROGATE, f"`{first}` holds a lone surrogate (half of a UTF-16 pair, no character); read as U+FFFD{more}")
    return out
