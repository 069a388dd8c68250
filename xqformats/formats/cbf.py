"""CBF (象棋桥's XML record) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.cbf.read_cbf` and
:func:`xqformats.cbf.write_cbf`, imported on first use (they load lxml).  CBF
is read from its bytes: an XML document declares its own encoding.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from .base import Format, Kind, Reading, ReadOptions, Writer, text_head

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source

__all__ = ["FORMAT", "sniff"]


def sniff(head: bytes) -> bool:
    """An XML document starts with ``<`` (after a byte-order mark and white space)."""
    return text_head(head).startswith(b"<")


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..cbf import read_cbf

    data = source.data if source.data is not None else b""
    game, diagnostics = read_cbf(data, strict=options.strict, path=source.name)

    def text() -> Optional[str]:
        # The text the reader's line numbers count in (decoded as declared,
        # line ends normalised).
        from ..cbf.safexml import decode

        return decode(data, path=source.name).text

    return Reading([game] if game is not None else [], list(diagnostics), text)


def _write(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..cbf import write_cbf

    if len(games) != 1:
        raise ValueError(f"A CBF file holds one game, not {len(games)}")
    return write_cbf(games[0], encoding=options.get("encoding") or "utf-8")


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.cbf.write_cbf` cannot keep of ``game``, in words (one line per kind of loss)."""
    from ..cbf import unwritten_headers
    from ..cbf.writer import JOINED, MOVED, STRIPPED, CbfWriter

    # Game and Format describe PGN itself; a standard Result is written as RecordResult.
    skip = {"Game", "Format"}
    if game.headers.get("Result") == game.result:
        skip.add("Result")
    lost = [h for h in unwritten_headers(game) if h not in skip]
    out = []
    if lost:
        names = ", ".join(f"`{h}`" for h in lost)
        out.append(f"tag{'s' if len(lost) > 1 else ''} {names} {'have' if len(lost) > 1 else 'has'} no place in CBF; not written")
    empty = [h for h, v in game.headers.items() if not v and h not in skip]
    if empty:
        names = ", ".join(f"`{h}`" for h in empty)
        out.append(f"empty tag{'s' if len(empty) > 1 else ''} {names} not kept (an empty CBF element reads as no tag)")
    nags = sum(len(n.nags) for n in game.nodes())
    if nags:
        out.append(f"{nags} NAG{'s' if nags > 1 else ''} ($1, $2, …) cannot be written in CBF; not written")
    writer = CbfWriter()  # one layout of the document gives both lists
    game.accept(writer)
    for change, words in (
        (STRIPPED, "white space around a comment dropped (CBF comments are read stripped; a blank comment is none)"),
        (JOINED, "several comments joined into one by line ends (a CBF move holds one text)"),
        (MOVED, "a comment before a move written after it (CBF has no comment before a move)"),
    ):
        places = [c.where for c in writer.changed if c.change == change]
        if places:
            out.append(f"{words}: {_some(places)}")
    replaced = writer.replaced
    if replaced:
        n = len(replaced)
        shown = _some([f"U+{ord(r.character):04X} in {r.where}" for r in replaced])
        out.append(f"{n} character{'s' if n > 1 else ''} XML cannot hold written as U+FFFD ({shown})")
    return out


def _some(items: list[str], shown: int = 3) -> str:
    """The first ``shown`` of ``items`` joined by "; ", and how many more."""
    more = f"; and {len(items) - shown} more" if len(items) > shown else ""
    return "; ".join(items[:shown]) + more


def _encodings() -> Optional[tuple[str, ...]]:
    from ..cbf.writer import ENCODINGS

    return tuple(ENCODINGS)


FORMAT = Format(
    name="cbf",
    title="CBF",
    content="XML (CBF)",
    extensions=(".cbf",),
    kind=Kind.BINARY,
    sniff=sniff,
    reader=_read,
    writer=Writer(_write, _losses, max_games=1, encodings=_encodings),
)
