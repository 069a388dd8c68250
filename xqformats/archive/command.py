"""The ``duplicates``, ``find`` and ``stats`` subcommands (docs/archive.md).

Each run finds record files as ``lint`` does (:func:`xqformats.discovery.discover`:
folders searched for the extensions the front door knows, ``.gitignore``
respected), brings an index up to date with them (:func:`~xqformats.archive.index.update`:
``--index FILE`` keeps it between runs, otherwise it lives in a temporary
folder for the run) and answers from it.  ``--index FILE`` with no paths
answers from the index as it is, reading nothing.

Exit status: 0 success (``find``: some game found; ``duplicates``: no
group); 1 ``find`` found nothing, ``duplicates`` found groups; 2 a usage
error, an index that cannot be used, or no cluster.  Files that cannot be
read are named on stderr and left out; they do not change the status.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from .. import formats
from ..formats.output import AtomicFile
from ..discovery import discover
from ..parallel import DaskUnavailable
from ..progress import Progress, progress_allowed
from .criteria import Criteria, CriteriaError, date_bound, line_patterns, position_hashes, result_value
from .duplicates import Group, group_games
from .index import SCHEMA_VERSION, Index, IndexError_, update
from .material import MaterialError, parse_material
from .openings import OpeningsError, OpeningTable, load_openings
from .queries import Hit, find, games
from .scan import FileScan
from .stats import collect, render_text


class ArchiveUsage(ValueError):
    """A request that cannot be run (exit status 2); the message is for the user."""


_STATUS = """exit status:
  {0}
  2  usage error: a bad option value, an index file that cannot be used, a cluster that cannot be reached"""


def _common(p: argparse.ArgumentParser, formats_: tuple[str, ...]) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH", help="record files or folders (default: `.`; none with --index: the index as it is)")
    p.add_argument("--index", metavar="FILE", help="keep the index in this SQLite file; later runs read only what changed")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="read files in N worker processes (0: one per CPU)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="read files on a Dask cluster (tcp://HOST:PORT)")
    p.add_argument("--input-encoding", dest="encoding", metavar="CODEC", help="text encoding of PGN input (default: detected)")
    p.add_argument("--no-respect-gitignore", action="store_true", help="search folders without skipping what .gitignore ignores")
    p.add_argument("--no-progress", action="store_true", help="never draw a progress bar")
    p.add_argument("--format", dest="output_format", choices=formats_, default="text", help="output format (default: text)")


# ---------------------------------------------------------------- the run's index


@contextmanager
def _index(args: argparse.Namespace, command: str) -> Iterator[tuple[Index, dict[int, str]]]:
    """The index brought up to date with ``args.paths`` (scope set) and each file's display name."""
    with tempfile.TemporaryDirectory(prefix="xqformats-index-") as tmp:
        path = args.index or os.path.join(tmp, "index.sqlite")
        try:
            index = Index(path, temporary=args.index is None)
        except IndexError_ as exc:
            raise ArchiveUsage(f"cannot use the index `{path}`: {exc}") from None
        except OSError as exc:
            raise ArchiveUsage(f"cannot open the index `{path}`: {exc}") from None
        if index.rebuilt_from is not None:
            print(
                f"xqformats {command}: the index `{path}` was written with schema version {index.rebuilt_from}; "
                f"building it afresh (version {SCHEMA_VERSION})", file=sys.stderr,
            )
        with index:
            if args.index and not args.paths:
                index.scope_all()
                yield index, {}
                return
            roots = args.paths or ["."]
            targets = discover(roots, respect_gitignore=not args.no_respect_gitignore)
            for t in targets:
                if t.missing or t.error:
                    print(f"xqformats {command}: cannot read `{t.display}`: {t.error or 'no such file or folder'}", file=sys.stderr)
            progress = None
            if not args.no_progress and len(targets) > 1 and progress_allowed(sys.stderr):
                progress = Progress(len(targets), sys.stderr)

            def failed(scan: FileScan) -> None:
                print(f"xqformats {command}: `{scan.display}` left out: {scan.problem or 'not read'}", file=sys.stderr)

            jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
            done = update(
                index, targets, roots, jobs=jobs, scheduler=args.scheduler, encoding=args.encoding, progress=progress,
                on_failed=failed,
            )
            yield index, done.displays


def _guarded(command: str, body: Callable[[], int]) -> int:
    try:
        return body()
    except (ArchiveUsage, CriteriaError, MaterialError, OpeningsError) as exc:
        print(f"xqformats {command}: {exc}", file=sys.stderr)
        return 2
    except DaskUnavailable as exc:
        print(f"xqformats {command}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"xqformats {command}: {exc}", file=sys.stderr)
        return 2


def _emit(text: str, output: Optional[str]) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    with AtomicFile(Path(output)) as out:
        out.handle.write(text.encode("utf-8"))
        out.commit()


# ---------------------------------------------------------------- duplicates


def duplicates_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Group the games that are the same game: the same start position and main line, whatever the format,\n"
        "headers, comments or variations (docs/archive.md). Each group names the copy with the most comments\n"
        "and variations."
    )
    p.epilog = _STATUS.format("0  no two games are the same\n  1  groups of the same game were found") + """

examples:
  xqformats duplicates games/
  xqformats duplicates --mirror --prefix games/ --format json > groups.json
  xqformats duplicates --index archive.sqlite archive/"""
    _common(p, ("text", "json"))
    p.add_argument("--mirror", action="store_true", help="also group games that are each other's left-right mirror image")
    p.add_argument("--prefix", action="store_true", help="also group a game with a longer game that starts the same way")
    p.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE (default: stdout)")


def _member_record(group: Group, i: int) -> dict[str, Any]:
    m = group.members[i]
    r = m.row
    return {
        "path": r.path, "game": r.number, "format": r.format, "plies": len(r.moves) // 2, "comments": r.comments,
        "variations": r.variations, "red": r.red, "black": r.black, "mirrored": m.mirrored, "prefix": m.prefix,
        "best": i == group.best,
    }


def _duplicates_text(groups: list[Group]) -> str:
    out = []
    for n, g in enumerate(groups, 1):
        out.append(f"Group {n}: {len(g.members)} games, {g.plies} plies")
        for i, m in enumerate(g.members):
            r = m.row
            notes = [f"{r.comments} comments, {r.variations} variations"]
            if m.mirrored:
                notes.append("mirrored")
            if m.prefix:
                notes.append(f"prefix ({len(r.moves) // 2} plies)")
            if i == g.best:
                notes.append("most comments and variations")
            out.append(f"  {r.path}#{r.number}  " + "; ".join(notes))
        out.append("")
    return "\n".join(out)


def run_duplicates(args: argparse.Namespace) -> int:
    def body() -> int:
        with _index(args, "duplicates") as (index, displays):
            groups = group_games(games(index, displays), mirror=args.mirror, prefix=args.prefix)
        if args.output_format == "json":
            data = [[_member_record(g, i) for i in range(len(g.members))] for g in groups]
            _emit(json.dumps(data, ensure_ascii=False, indent=1) + "\n", args.output)
        else:
            _emit(_duplicates_text(groups), args.output)
            extra = sum(len(g.members) - 1 for g in groups)
            print(f"xqformats duplicates: {len(groups)} groups, {extra} games more than one copy each", file=sys.stderr)
        return 1 if groups else 0

    return _guarded("duplicates", body)


# ---------------------------------------------------------------- find


def find_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "List the games that meet every criterion given (AND): players, event, dates, result, a position the\n"
        "main line passes through, the first moves, material, length (docs/archive.md). Output: `path#game`\n"
        "lines, JSON, or the games themselves as one record file (-o out.pgn)."
    )
    p.epilog = _STATUS.format("0  games were found\n  1  no game meets the criteria") + """

examples:
  xqformats find games/ --player 许银川 --result 1-0
  xqformats find games/ --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b' --mirror
  xqformats find games/ --moves '炮二平五 马8进7' --date-from 1990 --date-to 1999 -o out.pgn
  xqformats find --index archive.sqlite --material '车马炮兵 vs 车马士象' --format json"""
    _common(p, ("text", "json"))
    p.add_argument("--player", action="append", default=[], metavar="NAME", help="a player of either side (repeatable: all must play)")
    p.add_argument("--red", metavar="NAME", help="the Red player")
    p.add_argument("--black", metavar="NAME", help="the Black player")
    p.add_argument("--event", metavar="TEXT", help="the event (part of the Event tag)")
    p.add_argument("--date-from", metavar="DATE", help="games on or after DATE (yyyy.mm.dd, yyyy.mm, yyyy, 1995年5月22日, …)")
    p.add_argument("--date-to", metavar="DATE", help="games on or before DATE")
    p.add_argument("--result", metavar="RESULT", help="1-0, 0-1, 1/2-1/2 or * (or red, black, draw, 红胜, …)")
    p.add_argument("--fen", metavar="FEN", help="the main line passes through this position")
    p.add_argument("--side", action="store_true", help="with --fen: the side to move must be the FEN's too")
    p.add_argument("--mirror", action="store_true", help="with --fen or --moves: the left-right mirror image matches too")
    p.add_argument("--moves", metavar="MOVES", help="the game starts with these moves, from the standard start (any notation)")
    p.add_argument("--material", metavar="TEXT", help="some position has exactly this material, e.g. '车马炮兵 vs 车马士象'")
    p.add_argument("--plies-min", type=int, metavar="N", help="main lines of at least N plies")
    p.add_argument("--plies-max", type=int, metavar="N", help="main lines of at most N plies")
    p.add_argument("--openings", metavar="CSV", help="an opening table (code,name,moves per row) for --opening")
    p.add_argument("--opening", metavar="CODE", help="with --openings: games whose opening code starts with CODE")
    p.add_argument("-o", "--output", metavar="FILE", help="write the games found to FILE, one record file (format from its name or --to)")
    p.add_argument("--to", metavar="FORMAT", help="with -o: the output format (pgn, json, dhtmlxq, cbf, …)")


def criteria_of(args: argparse.Namespace) -> Criteria:
    """The :class:`Criteria` of ``find``'s arguments; raises :class:`CriteriaError`/:class:`MaterialError`."""
    if args.side and not args.fen:
        raise CriteriaError("--side needs --fen")
    return Criteria(
        players=tuple(args.player),
        red=args.red,
        black=args.black,
        event=args.event,
        result=result_value(args.result) if args.result is not None else None,
        date_from=date_bound(args.date_from, end=False) if args.date_from else None,
        date_to=date_bound(args.date_to, end=True) if args.date_to else None,
        positions=position_hashes(args.fen, side=args.side, mirror=args.mirror) if args.fen else (),
        lines=line_patterns(args.moves, mirror=args.mirror) if args.moves else (),
        material=parse_material(args.material) if args.material else None,
        plies_min=args.plies_min,
        plies_max=args.plies_max,
    )


def _opening_filter(args: argparse.Namespace) -> Optional[tuple[OpeningTable, str]]:
    if args.opening and not args.openings:
        raise CriteriaError("--opening needs --openings CSV (no opening table is shipped: docs/archive.md)")
    if not args.openings:
        return None
    return load_openings(args.openings), args.opening or ""


def _output_format(args: argparse.Namespace) -> str:
    if args.to:
        return str(args.to)
    suffix = Path(args.output).suffix.lower()
    for fmt in formats.REGISTRY:
        if suffix in fmt.extensions and fmt.writer is not None:
            return fmt.name
    raise ArchiveUsage(f"cannot tell the output format from `{args.output}`; name it with --to ({', '.join(formats.REGISTRY.writable())})")


def _write_games(hits: list[Hit], output: str, fmt: str) -> None:
    """The games of ``hits`` read again through the front door, written as one ``fmt`` file."""
    wanted: dict[str, set[int]] = {}
    for h in hits:
        wanted.setdefault(h.stored, set()).add(h.number)
    try:
        with AtomicFile(Path(output)) as out, formats.open_writer(out.handle, fmt) as writer:
            for stored, numbers in wanted.items():
                with formats.open_record(Path(stored)) as stream:
                    for number, game in enumerate(stream, 1):
                        if number in numbers:
                            writer.write(game)
            writer.close()
            out.commit()
    except (ValueError, TypeError, LookupError) as exc:
        raise ArchiveUsage(f"cannot write `{output}`: {exc}") from None


def _find_json(hits: list[Hit]) -> str:
    rows = [{"path": h.path, "game": h.number, **({"ply": h.ply} if h.ply is not None else {})} for h in hits]
    return json.dumps(rows, ensure_ascii=False, indent=1) + "\n"


def run_find(args: argparse.Namespace) -> int:
    def body() -> int:
        criteria = criteria_of(args)
        openings = _opening_filter(args)
        fmt = _output_format(args) if args.output else None
        with _index(args, "find") as (index, displays):
            hits = list(find(index, criteria, displays))
            if openings is not None:
                hits = _by_opening(index, hits, *openings)
        if fmt is not None and args.output is not None:
            _write_games(hits, args.output, fmt)
            print(f"xqformats find: {len(hits)} games written to {args.output}", file=sys.stderr)
        elif args.output_format == "json":
            sys.stdout.write(_find_json(hits))
        else:
            sys.stdout.write("".join(f"{h.name()}\n" for h in hits))
        return 0 if hits else 1

    return _guarded("find", body)


def _by_opening(index: Index, hits: list[Hit], table: OpeningTable, code: str) -> list[Hit]:
    kept = []
    for h in hits:
        (moves,) = index.db.execute("SELECT moves FROM games WHERE id = ?", (h.game_id,)).fetchone()
        found = table.classify(moves)
        if found is not None and found.code.startswith(code):
            kept.append(h)
    return kept


# ---------------------------------------------------------------- stats


def stats_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "What an archive holds: games, files by format, players with their results, results by side, games by\n"
        "year, the first-move tree with Red's score, and lint's findings by code (docs/archive.md). As text,\n"
        "JSON, or an SVG chart of the results and first moves."
    )
    p.epilog = _STATUS.format("0  the statistics were written") + """

examples:
  xqformats stats games/
  xqformats stats --index archive.sqlite --depth 4 --format json > stats.json
  xqformats stats games/ --format svg -o stats.svg"""
    _common(p, ("text", "json", "svg"))
    p.add_argument("--depth", type=int, default=3, metavar="N", help="plies of the first-move tree (default: 3)")
    p.add_argument("--top", type=int, default=20, metavar="N", help="text: the N players with most games (default: 20)")
    p.add_argument("--openings", metavar="CSV", help="an opening table (code,name,moves per row): games by opening")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")


def run_stats(args: argparse.Namespace) -> int:
    def body() -> int:
        if args.depth < 0:
            raise ArchiveUsage("--depth must be 0 or more")
        table = load_openings(args.openings) if args.openings else None
        with _index(args, "stats") as (index, _displays):
            data = collect(index, depth=args.depth, openings=table)
        if args.output_format == "json":
            text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        elif args.output_format == "svg":
            from .chart import stats_svg  # (here: it imports html, which no other command needs)

            text = stats_svg(data)
        else:
            text = render_text(data, top=args.top)
        _emit(text, args.output)
        return 0

    return _guarded("stats", body)
