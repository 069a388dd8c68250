"""``xqformats convert``: PGN and CBF in, PGN or CBF out, nothing lost, nothing clobbered.

Contract:

* inputs are read with the same readers as ``xqformats lint``; every reader
  finding is printed to stderr (``path:line:col: CODE message``), and a game
  with errors is converted as far as the reader got — readers keep the text
  they could not read as a comment, so it is carried over, not dropped;
* ``-o FILE`` writes every game of every input to one file (a CBF file
  holds one game, so ``--to cbf -o`` needs exactly one); ``-o -`` writes to
  stdout; ``--out-dir DIR`` writes ``DIR/<input stem>.<ext>`` per input, and
  ``DIR/<stem>-<n>.cbf`` per game when a PGN input holds several games;
* what the target format cannot hold is named on stderr, never dropped in
  silence: CBF has no place for some PGN tags (``unwritten_headers``) nor for
  NAGs; a PGN tag is one line, so a line break in a tag value is written as
  a space (``flattened_tags``), and a brace in a comment as its fullwidth
  form;
* PGN output always starts with ``[Game "Chinese Chess"]`` and carries a
  ``Result`` tag (the spec requires both; a CBF record has neither);
* an input is never overwritten: an output that is (or links to) an input
  is refused before anything is written, as are two inputs that would write
  the same output;
* each output file is written atomically: a temporary file in the same
  folder, flushed and synced, then :func:`os.replace` — a reader never sees
  half a file and a failed run leaves the old output in place.

Exit status: 0 converted without errors, 1 some input had errors (what could
be read was still converted), 2 usage error or unreadable input.
"""

from __future__ import annotations

import argparse
import codecs
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from .diagnostics import Diagnostic, Severity
from .model import Game

__all__ = ["add_arguments", "run", "atomic_write", "ConvertError", "NOTATIONS", "TARGETS"]

NOTATIONS = ("chinese", "wxf", "iccs")
TARGETS = ("pgn", "cbf")
STDIO = "-"


class ConvertError(Exception):
    """A usage problem found before or while planning outputs (exit status 2)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``convert`` subcommand's options."""
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="PGN or CBF files (- for stdin)")
    out = p.add_mutually_exclusive_group(required=True)
    out.add_argument("-o", "--output", metavar="OUT", help="write everything to OUT (- for stdout)")
    out.add_argument("--out-dir", metavar="DIR", help="write DIR/<input stem>.<ext> for each input")
    p.add_argument("--to", choices=TARGETS, help="output format (default: from the -o extension)")
    p.add_argument("--notation", choices=NOTATIONS, default=None, help="move notation of PGN output (default: chinese)")
    p.add_argument("--traditional", action="store_true", help="Chinese notation in traditional characters")
    p.add_argument("--fullwidth", action="store_true", help="Chinese notation with fullwidth digits for Black (１…９)")
    p.add_argument("--encoding", default=None, help="output text encoding (default: utf-8; e.g. gbk)")
    p.add_argument("--strict", action="store_true", help="read inputs strictly (spec deviations are errors)")
    p.add_argument("--input-encoding", metavar="ENC", default=None, help="text encoding of PGN inputs (default: detected from the bytes)")


@dataclass(slots=True)
class _Input:
    path: str
    display: str
    games: list[Game] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: bool = False

    @property
    def has_errors(self) -> bool:
        return self.failed or any(d.severity is Severity.ERROR for d in self.diagnostics)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and :func:`os.replace`.

    The new file gets the old file's permission bits when it replaces one,
    else the usual ``0o666`` less the umask (``mkstemp`` alone would give
    ``0o600``).  On any failure the temporary file is removed and the old
    file, if any, is untouched.
    """
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            mode = os.stat(path).st_mode & 0o7777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _read_input(path: str, strict: bool, encoding: Optional[str] = None) -> _Input:
    from .lint.checks import UNREADABLE_FILE, UNSUPPORTED_FORMAT
    from .lint.discovery import detect_format
    from .lint.formats import ReaderUnavailable, read_games

    display = "<stdin>" if path == STDIO else path
    item = _Input(path, display)
    try:
        if path == STDIO:
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        item.diagnostics.append(
            Diagnostic.of(UNREADABLE_FILE, f"Cannot read `{display}`: {exc.strerror or exc}", path=display)
        )
        item.failed = True
        return item
    fmt, _ = detect_format(path, data[:4096], stdin=path == STDIO)
    if fmt is None:
        item.diagnostics.append(
            Diagnostic.of(UNSUPPORTED_FORMAT, f"Unsupported file type `{Path(path).suffix or '(none)'}`; expected `.pgn`, `.cbf`", path=display)
        )
        item.failed = True
        return item
    try:
        read = read_games(fmt, data, display, strict=strict, encoding=encoding)
    except ReaderUnavailable as exc:
        raise ConvertError(str(exc)) from None
    item.games = read.games
    item.diagnostics = [d if d.path else d.with_path(display) for d in read.diagnostics]
    return item


def _plan(args: argparse.Namespace, target: str) -> None:
    """Refuse, before reading anything, outputs that would clobber an input or each other."""
    inputs = [Path(p) for p in args.inputs if p != STDIO]
    if args.output is not None:
        if args.output != STDIO:
            out = Path(args.output)
            for inp in inputs:
                if _same_file(out, inp):
                    raise ConvertError(f"Refusing to overwrite input `{inp}` with the output")
        return
    if STDIO in args.inputs:
        raise ConvertError("`-` (stdin) as input needs -o, not --out-dir: it has no file name")
    out_dir = Path(args.out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise ConvertError(f"--out-dir `{out_dir}` is not a folder")
    seen: dict[str, Path] = {}
    for inp in inputs:
        out = out_dir / f"{inp.stem}.{target}"
        key = os.path.normcase(os.path.abspath(out))
        if key in seen:
            raise ConvertError(f"Inputs `{seen[key]}` and `{inp}` would both write `{out}`")
        seen[key] = inp
        for other in inputs:
            if _same_file(out, other):
                raise ConvertError(f"Refusing to overwrite input `{other}` with the output of `{inp}`")


def _cbf_losses(game: Game) -> list[str]:
    """What :func:`~xqformats.cbf.write_cbf` cannot keep of ``game``, in words."""
    from .cbf import replaced_characters, unwritten_headers

    # Game and Format describe PGN itself; a standard Result is written as RecordResult.
    skip = {"Game", "Format"}
    if game.headers.get("Result") == game.result:
        skip.add("Result")
    lost = [h for h in unwritten_headers(game) if h not in skip]
    out = []
    if lost:
        names = ", ".join(f"`{h}`" for h in lost)
        out.append(f"tag{'s' if len(lost) > 1 else ''} {names} {'have' if len(lost) > 1 else 'has'} no place in CBF; not written")
    nags = sum(len(n.nags) for n in game.nodes())
    if nags:
        out.append(f"{nags} NAG{'s' if nags > 1 else ''} ($1, $2, …) cannot be written in CBF; not written")
    replaced = replaced_characters(game)
    if replaced:
        shown = "; ".join(f"U+{ord(r.character):04X} in {r.where}" for r in replaced[:3])
        more = f"; and {len(replaced) - 3} more" if len(replaced) > 3 else ""
        n = len(replaced)
        out.append(f"{n} character{'s' if n > 1 else ''} XML cannot hold written as U+FFFD ({shown}{more})")
    return out


def _pgn_losses(game: Game, notation: str) -> list[str]:
    """What :func:`~xqformats.pgn.write_pgn` cannot keep of ``game``, in words."""
    from .pgn.writer import flattened_tags

    out = []
    changed = flattened_tags(game, notation)
    if changed:
        names = ", ".join(f"`{h}`" for h in changed)
        n = len(changed)
        out.append(f"line breaks in tag{'s' if n > 1 else ''} {names} cannot be written in PGN (a tag is one line); written as spaces")
    # A PGN comment cannot hold braces (spec §三(5)); the writer uses fullwidth ones.
    braces = sum(
        1
        for node in game.root.walk()
        for text in (*node.comments_before, *node.comments)
        if "{" in text or "}" in text
    )
    if braces:
        out.append(f"{braces} comment{'s' if braces > 1 else ''} with `{{` or `}}`, which a PGN comment cannot hold; written as `｛` `｝`")
    return out


def _render(games: Sequence[Game], args: argparse.Namespace, target: str) -> bytes:
    encoding = args.encoding or "utf-8"
    if target == "cbf":
        from .cbf import write_cbf

        return write_cbf(games[0], encoding=encoding)
    from .pgn import write_pgn

    text = "\n".join(
        write_pgn(g, args.notation or "chinese", traditional=args.traditional, fullwidth=args.fullwidth)
        for g in games
    )
    return text.encode(encoding)


def _emit(data: bytes, out: str) -> None:
    if out == STDIO:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        atomic_write(Path(out), data)


def run(args: argparse.Namespace) -> int:
    """Run ``xqformats convert`` (see the module docstring for the contract)."""

    def usage(msg: str) -> int:
        print(f"xqformats convert: {msg}", file=sys.stderr)
        return 2

    target = args.to
    if target is None:
        ext = Path(args.output).suffix.lower().lstrip(".") if args.output and args.output != STDIO else ""
        if ext not in TARGETS:
            return usage("--to pgn|cbf is needed (it cannot be told from the output name)")
        target = ext
    if target == "cbf" and (args.notation or args.traditional or args.fullwidth):
        return usage("--notation, --traditional and --fullwidth apply to PGN output only")
    if (args.traditional or args.fullwidth) and (args.notation or "chinese") != "chinese":
        return usage("--traditional and --fullwidth apply to the Chinese notation only")
    if args.encoding:
        try:
            codecs.lookup(args.encoding)
        except LookupError:
            return usage(f"Unknown encoding `{args.encoding}`")
        if target == "cbf":
            from .cbf.writer import ENCODINGS

            if args.encoding.lower() not in ENCODINGS:
                names = ", ".join(f"`{e}`" for e in ENCODINGS)
                return usage(f"CBF is written in {names}, not `{args.encoding}`")
    try:
        _plan(args, target)
    except ConvertError as exc:
        return usage(str(exc))

    try:
        items = [_read_input(p, args.strict, args.input_encoding) for p in args.inputs]
    except ConvertError as exc:
        return usage(str(exc))
    for item in items:
        # Errors and warnings; info findings (style) do not concern a conversion.
        for d in item.diagnostics:
            if d.severity >= Severity.WARNING:
                print(d.format(), file=sys.stderr)
        if not item.failed and not item.games:
            print(f"{item.display}: no game found; nothing converted", file=sys.stderr)
        elif item.has_errors and item.games:
            print(f"{item.display}: converted as far as it could be read (errors above)", file=sys.stderr)
        for n, game in enumerate(item.games, start=1):
            where = item.display if len(item.games) == 1 else f"{item.display} (game {n})"
            losses = _cbf_losses(game) if target == "cbf" else _pgn_losses(game, args.notation or "chinese")
            for loss in losses:
                print(f"{where}: warning: {loss}", file=sys.stderr)

    status = 2 if any(i.failed for i in items) else (1 if any(i.has_errors for i in items) else 0)

    # What goes where: (output path or "-", games).
    jobs: list[tuple[str, list[Game]]] = []
    if args.output is not None:
        games = [g for i in items for g in i.games]
        if not games:
            return status or 1
        if target == "cbf" and len(games) != 1:
            return usage(f"A CBF file holds one game but the inputs hold {len(games)}; use --out-dir")
        jobs.append((args.output, games))
    else:
        out_dir = Path(args.out_dir)
        for item in items:
            if not item.games:
                continue
            stem = Path(item.path).stem
            if target == "cbf" and len(item.games) > 1:
                width = len(str(len(item.games)))
                for n, g in enumerate(item.games, start=1):
                    jobs.append((str(out_dir / f"{stem}-{n:0{width}d}.cbf"), [g]))
            else:
                jobs.append((str(out_dir / f"{stem}.{target}"), item.games))
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return usage(f"Cannot create `{out_dir}`: {exc.strerror or exc}")

    inputs = [Path(p) for p in args.inputs if p != STDIO]
    written: set[str] = set()
    for out, games in jobs:
        if out != STDIO:
            # Names made per game (stem-N.cbf) were not in the plan: check again here.
            key = os.path.normcase(os.path.abspath(out))
            clash = next((inp for inp in inputs if _same_file(Path(out), inp)), None)
            if clash is not None or key in written:
                why = f"it is the input `{clash}`" if clash is not None else "another input wrote it"
                print(f"xqformats convert: Refusing to write `{out}`: {why}", file=sys.stderr)
                status = 2
                continue
            written.add(key)
        try:
            _emit(_render(games, args, target), out)
        except UnicodeEncodeError as exc:
            bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else "?"
            print(
                f"xqformats convert: Encoding `{args.encoding}` cannot write `{bad}` in `{out}`; "
                "choose another --encoding (e.g. utf-8)",
                file=sys.stderr,
            )
            status = max(status, 1)
        except ValueError as exc:  # write_cbf/encode: an encoding that cannot write the text
            print(f"xqformats convert: Cannot write `{out}`: {exc}", file=sys.stderr)
            status = max(status, 1)
        except OSError as exc:
            print(f"xqformats convert: Cannot write `{out}`: {exc.strerror or exc}", file=sys.stderr)
            status = 2
    return status
