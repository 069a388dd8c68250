"""PGN (the xiangqi PGN spec's dialect) at the front door: recognise, read, write.

The reader and writer are :func:`xqformats.pgn.parse_pgn` and
:func:`xqformats.pgn.write_pgn`, imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .base import Format, Kind, Reading, ReadOptions, Writer, text_head

if TYPE_CHECKING:
    from ..model import Game
    from ..source import Source

__all__ = ["FORMAT", "sniff"]

#: The Chinese notation unless told otherwise (the spec's own).
_DEFAULT_NOTATION = "chinese"


def sniff(head: bytes) -> bool:
    """A PGN record starts with ``[`` (a tag), ``{`` or ``;`` (a comment), ``%`` (an escape) or a move number."""
    first = text_head(head)[:1]
    return bool(first) and (first in b"[{;%" or first.isdigit())


def _read(source: "Source", options: ReadOptions) -> Reading:
    from ..pgn import parse_pgn

    assert source.text is not None, "a text format is handed decoded text"
    games, diagnostics = parse_pgn(source.text, strict=options.strict, path=source.name)
    return Reading(list(games), list(diagnostics))


def _write(games: Sequence["Game"], options: Mapping[str, Any]) -> bytes:
    from ..pgn import write_pgn

    notation = options.get("notation") or _DEFAULT_NOTATION
    text = "\n".join(
        write_pgn(g, notation, traditional=bool(options.get("traditional")), fullwidth=bool(options.get("fullwidth")))
        for g in games
    )
    return text.encode(options.get("encoding") or "utf-8")


def _losses(game: "Game", options: Mapping[str, Any]) -> list[str]:
    """What :func:`~xqformats.pgn.write_pgn` cannot keep of ``game``, in words."""
    from ..diagnostics import excerpt
    from ..pgn import flattened_tags
    from ..pgn.format_tag import notation_of_format
    from ..pgn.writer import output_headers

    out = []
    notation = options.get("notation") or _DEFAULT_NOTATION
    changed = flattened_tags(game, notation)
    if changed:
        names = ", ".join(f"`{h}`" for h in changed)
        n = len(changed)
        out.append(f"line breaks in tag{'s' if n > 1 else ''} {names} cannot be written in PGN (a tag is one line); written as spaces")
    # `Format` names the notation written (a value naming another notation is
    # not lost: it changes with the moves); an unknown value is.  `FEN` is
    # rewritten when it does not describe the start.
    written = dict(output_headers(game, notation))
    for name, value in game.headers.items():
        new = written.get(name)
        if new is None or new == value or name in changed:
            continue
        if name == "Format" and notation_of_format(value) is not None:
            continue
        out.append(f"tag `{name}` `{excerpt(value)}` written as `{excerpt(new)}`")
    # A PGN comment cannot hold braces (docs/spec/pgn.md §5.5); the writer uses fullwidth ones.
    braces = sum(
        1
        for node in game.root.walk()
        for text in (*node.comments_before, *node.comments)
        if "{" in text or "}" in text
    )
    if braces:
        out.append(f"{braces} comment{'s' if braces > 1 else ''} with `{{` or `}}`, which a PGN comment cannot hold; written as `｛` `｝`")
    return out


FORMAT = Format(
    name="pgn",
    title="PGN",
    content="a PGN record",
    extensions=(".pgn",),
    kind=Kind.TEXT,
    sniff=sniff,
    reader=_read,
    writer=Writer(_write, _losses, options=frozenset({"notation", "traditional", "fullwidth"})),
)
