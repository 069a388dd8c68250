"""``xqformats convert``: PGN and CBF in, PGN or CBF out, nothing lost, nothing clobbered.

Contract:

* inputs are read through the front door (:func:`xqformats.formats.read`),
  as ``xqformats lint`` reads them (standard input by its content); every
  finding at warning level or above is printed to stderr (``path:line:col:
  CODE message``), including an extension that contradicts the content
  (``G105``), and a game with errors is converted as far as the reader got —
  readers keep the text they could not read as a comment, so it is carried
  over, not dropped;
* an input that is a folder stands for the record files below it, found as
  ``xqformats lint`` finds them (known extensions in any case, ``.gitignore``
  respected, names sorted); with ``--out-dir`` the outputs mirror the folder's
  tree (``games/a/b.pgn`` → ``DIR/a/b.cbf``);
* ``-o FILE`` writes every game of every input to one file (a format that
  holds fewer games per file, CBF with one, needs that many); ``-o -``
  writes to stdout; ``--out-dir DIR`` writes ``DIR/<input stem>.<ext>`` per
  input, and ``DIR/<stem>-<n>.<ext>`` per game when an input holds more
  games than one file of the target can (a PGN of several games to CBF) or
  is a library (a CBL: each of its games to a file of its own);
* what the target format cannot hold is named on stderr, never dropped in
  silence (each format's writer says what, :func:`xqformats.formats.losses`):
  CBF has no place for some PGN tags nor for NAGs; a PGN tag is one line, so
  a line break in a tag value is written as a space, and a brace in a
  comment as its fullwidth form;
* PGN output always starts with ``[Game "Chinese Chess"]`` and carries a
  ``Result`` tag (the spec requires both; a CBF record has neither);
* what the linter's safe fixes would change in the headers is written the
  standard way (:func:`xqformats.model.standardise`): a result word such as
  ``红胜`` as ``1-0`` (CBF's ``RecordResult`` too), a date such as
  ``1995.5.22`` as ``1995.05.22``, WinBoard's ``White`` tag as ``Red``;
* an input is never overwritten: an output that is (or links to) an input
  is refused before anything is written, as are two inputs that would write
  the same output;
* each output file is written atomically: a temporary file in the same
  folder, flushed and synced, then :func:`os.replace` — a reader never sees
  half a file and a failed run leaves the old output in place.

Input and output text encodings are ``--input-encoding`` and
``--output-encoding``, as ``lint`` names its ``--input-encoding`` (the old
``--encoding``, the output's, stays as an alias).  Any input/output failure
(a full disk, a closed pipe, a folder that cannot be written) is a message
and exit status 2, never a traceback.

Exit status: 0 converted without errors, 1 some input had errors (what could
be read was still converted), 2 usage error or unreadable input.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from . import formats
from .diagnostics import Severity
from .formats.output import atomic_write
from .model import Game, standardise
from .progress import Progress, progress_allowed

__all__ = ["add_arguments", "run", "atomic_write", "ConvertError", "InputFiles", "NOTATIONS", "TARGETS", "FolderLister"]

NOTATIONS = ("chinese", "wxf", "iccs", "san")
#: The formats ``--to`` accepts: every format the front door can write.
TARGETS = formats.REGISTRY.writable()
STDIO = "-"


class ConvertError(Exception):
    """A usage problem found before or while planning outputs (exit status 2)."""


#: Lists the record files below a folder given as input, in order (the command
#: line passes ``xqformats lint``'s discovery; raises :class:`ConvertError`
#: for a folder that cannot be searched).
FolderLister = Callable[[str], list[str]]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``convert`` subcommand's options, description, exit statuses and examples."""
    p.description = (
        "Convert game records between formats: every reader's format in, PGN (any notation), CBF, XQF or JSON\n"
        "out. A folder in stands for its record files (as lint finds them); --out-dir mirrors its tree. What\n"
        "the target cannot hold is named on standard error; an input is never overwritten; each output is\n"
        "written whole or not at all."
    )
    p.epilog = """exit status:
  0  converted without errors
  1  some input had errors (what could be read was still converted)
  2  a usage error, an unreadable input or an output that could not be written

examples:
  xqformats convert game.cbf -o game.pgn --notation wxf
  xqformats convert games/ --out-dir cbf/ --to cbf        # a folder in, a folder out
  xqformats convert library.cbl --out-dir games/ --to pgn # one file per game
  xqformats convert --input-encoding gbk old.pgn -o new.pgn
  xqformats convert game.pgn -o - --to json | jq ."""
    p.add_argument(
        "inputs", nargs="+", metavar="INPUT",
        help="record files of any format read, folders (their record files, searched as lint searches), or - for stdin",
    )
    out = p.add_mutually_exclusive_group(required=True)
    out.add_argument("-o", "--output", metavar="OUT", help="write everything to OUT (- for stdout)")
    out.add_argument(
        "--out-dir", metavar="DIR", help="write DIR/<input stem>.<ext> for each input (a folder input's tree mirrored)"
    )
    p.add_argument("--to", choices=TARGETS, help="output format (default: from the -o extension)")
    p.add_argument("--notation", choices=NOTATIONS, default=None, help="move notation of PGN output (default: chinese)")
    p.add_argument("--traditional", action="store_true", help="Chinese notation in traditional characters")
    p.add_argument("--fullwidth", action="store_true", help="Chinese notation with fullwidth digits for Black (１…９)")
    p.add_argument(
        "--output-encoding", "--encoding", dest="encoding", metavar="ENC", default=None,
        help="text encoding of the output (default: utf-8; e.g. gbk); --encoding is the old spelling",
    )
    p.add_argument("--strict", action="store_true", help="read inputs strictly (spec deviations are errors)")
    p.add_argument("--input-encoding", metavar="ENC", default=None, help="text encoding of PGN inputs (default: detected from the bytes)")
    p.add_argument(
        "--max-file-size",
        metavar="SIZE",
        default=None,
        help="refuse inputs larger than SIZE bytes, reported as G107 (K, M, G suffixes; default: 256M)",
    )
    p.add_argument("--no-progress", action="store_true", help="never draw a progress bar")
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="end with the run's figures (inputs, bytes, games, moves, outputs, time; shown anyway on a terminal "
        "when several inputs are converted)",
    )


@dataclass(slots=True)
class _Input:
    """One input as given on the command line, and what the front door read of it."""

    path: str
    record: formats.Record

    @property
    def display(self) -> str:
        return self.record.name or self.path

    @property
    def games(self) -> list[Game]:
        return self.record.games

    @property
    def failed(self) -> bool:
        # A file in no format convert reads is as unusable as an unreadable one.
        return self.record.failed or self.record.format is None

    @property
    def has_errors(self) -> bool:
        return self.failed or self.record.has_errors


class InputFiles:
    """The inputs of one run, each keyed once by its identity, to ask whether a path is one of them.

    A file that exists is known by its device and inode (so a hard link or a
    symbolic link to an input is that input); a path that does not exist, by
    its resolved path.  Building costs one ``stat`` per input and
    :meth:`find` one ``stat`` (and a ``realpath`` when the path does not
    exist): planning and writing N outputs for N inputs is linear, not N × N
    comparisons.
    """

    def __init__(self, paths: list[Path]) -> None:
        self._by_inode: dict[tuple[int, int], Path] = {}
        self._by_path: dict[str, Path] = {}
        for path in paths:
            key = self._key(path)
            if isinstance(key, tuple):
                self._by_inode.setdefault(key, path)
            else:
                self._by_path.setdefault(key, path)

    @staticmethod
    def _key(path: Path) -> tuple[int, int] | str:
        try:
            st = os.stat(path)
        except OSError:
            return os.path.normcase(os.path.realpath(path))
        return (st.st_dev, st.st_ino)

    def find(self, path: Path) -> Optional[Path]:
        """The input that ``path`` is (the same file, or the same resolved path), if any."""
        key = self._key(path)
        return self._by_inode.get(key) if isinstance(key, tuple) else self._by_path.get(key)


# ---------------------------------------------------------------- options and plan


def _target(args: argparse.Namespace) -> formats.Format:
    """The output format: ``--to``, else the writable format of the ``-o`` file's extension."""
    if args.to is not None:
        return formats.REGISTRY.get(args.to)
    suffix = Path(args.output).suffix.lower() if args.output and args.output != STDIO else ""
    for fmt in formats.REGISTRY:
        if fmt.writer is not None and suffix and suffix in fmt.extensions:
            return fmt
    raise ConvertError(f"--to {'|'.join(TARGETS)} is needed (it cannot be told from the output name)")


def _check_options(args: argparse.Namespace, fmt: formats.Format, writer: formats.Writer) -> None:
    """Refuse options the target format does not take, and encodings it cannot write."""
    if "notation" not in writer.options and (args.notation or args.traditional or args.fullwidth):
        raise ConvertError("--notation, --traditional and --fullwidth apply to PGN output only")
    if (args.traditional or args.fullwidth) and (args.notation or "chinese") != "chinese":
        raise ConvertError("--traditional and --fullwidth apply to the Chinese notation only")
    if not args.encoding:
        return
    allowed = writer.encodings()
    if allowed is not None and args.encoding.lower() not in allowed:
        names = ", ".join(f"`{e}`" for e in allowed)
        raise ConvertError(f"{fmt.title} is written in {names}, not `{args.encoding}`")


def _check_inputs(args: argparse.Namespace) -> int:
    """Check the encoding options (:func:`xqformats.formats.text_encoding`, as ``lint`` does) and the size limit.

    Returns the size limit in bytes; raises :class:`ConvertError` naming the option and the value.
    """
    for option, value in (("--output-encoding", args.encoding), ("--input-encoding", args.input_encoding)):
        if value is not None:
            try:
                formats.text_encoding(value)
            except ValueError as exc:
                raise ConvertError(f"{option}: {exc}") from None
    if args.max_file_size is None:
        return formats.DEFAULT_MAX_FILE_SIZE
    try:
        return formats.parse_size(args.max_file_size)
    except ValueError as exc:
        raise ConvertError(f"--max-file-size: {exc}") from None


def _write_options(args: argparse.Namespace, writer: formats.Writer) -> dict[str, Any]:
    """The keyword options of :func:`xqformats.formats.write` for this run."""
    options: dict[str, Any] = {"encoding": args.encoding or "utf-8"}
    options.update({name: getattr(args, name) for name in sorted(writer.options) if getattr(args, name, None) is not None})
    return options


def _expand(args: argparse.Namespace, list_folder: Optional[FolderLister]) -> dict[str, str]:
    """Replace folder inputs in ``args.inputs`` by their record files; each input's output stem.

    A file's stem is its name without the extension; a file found in a
    folder input has its path below that folder (``a/b`` for ``games/a/b.pgn``
    given as ``games``), so ``--out-dir`` mirrors the tree.
    """
    files: list[str] = []
    stems: dict[str, str] = {}
    for arg in args.inputs:
        if arg == STDIO or not os.path.isdir(arg):
            files.append(arg)
            stems.setdefault(arg, Path(arg).stem)
            continue
        if list_folder is None:
            raise ConvertError(f"`{arg}` is a folder")
        found = list_folder(arg)
        if not found:
            raise ConvertError(f"No record files under `{arg}`")
        for path in found:
            files.append(path)
            stems.setdefault(path, Path(os.path.relpath(path, arg)).with_suffix("").as_posix())
    args.inputs = files
    return stems


def _plan(args: argparse.Namespace, ext: str, stems: dict[str, str]) -> InputFiles:
    """Refuse, before reading anything, outputs that would clobber an input or each other; the inputs."""
    inputs = InputFiles([Path(p) for p in args.inputs if p != STDIO])
    if args.output is None:
        _plan_out_dir(args, inputs, ext, stems)
    elif args.output != STDIO:
        clash = inputs.find(Path(args.output))
        if clash is not None:
            raise ConvertError(f"Refusing to overwrite input `{clash}` with the output")
    return inputs


def _plan_out_dir(args: argparse.Namespace, inputs: InputFiles, ext: str, stems: dict[str, str]) -> None:
    if STDIO in args.inputs:
        raise ConvertError("`-` (stdin) as input needs -o, not --out-dir: it has no file name")
    out_dir = Path(args.out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise ConvertError(f"--out-dir `{out_dir}` is not a folder")
    seen: dict[str, Path] = {}
    for name in args.inputs:
        inp = Path(name)
        out = out_dir / f"{stems[name]}{ext}"
        key = os.path.normcase(os.path.abspath(out))
        if key in seen:
            raise ConvertError(f"Inputs `{seen[key]}` and `{inp}` would both write `{out}`")
        seen[key] = inp
        clash = inputs.find(out)
        if clash is not None:
            raise ConvertError(f"Refusing to overwrite input `{clash}` with the output of `{inp}`")


# ---------------------------------------------------------------- reading and reporting


def _read_input(path: str, args: argparse.Namespace, max_size: int) -> _Input:
    """Read one input through the front door (standard input by its content)."""
    source: formats.Input = sys.stdin.buffer if path == STDIO else path
    name = "<stdin>" if path == STDIO else None
    record = formats.read(source, name=name, strict=args.strict, encoding=args.input_encoding, max_size=max_size)
    for game in record.games:
        standardise(game)  # what lint understands, written the standard way (result words, WinBoard tags)
    return _Input(path, record)


def _read_all(args: argparse.Namespace, max_size: int, interactive: bool) -> list[_Input]:
    """Every input, read in order; a progress bar by files and bytes on an interactive run."""
    progress = None
    if interactive:
        total = sum(os.path.getsize(p) for p in args.inputs if p != STDIO and os.path.isfile(p))
        progress = Progress(len(args.inputs), sys.stderr, total_bytes=total)
    items = []
    for path in args.inputs:
        item = _read_input(path, args, max_size)
        items.append(item)
        if progress is not None:
            progress.advance(1, len(item.record.source.data or b""))
    if progress is not None:
        progress.close()
    return items


def _figures(items: list[_Input], outputs: int, seconds: float) -> str:
    """``converted 3 inputs (1.6 MB): 1,000 games, 104,869 moves to 3 outputs in 1.9 s``."""
    size = sum(len(i.record.source.data or b"") for i in items)
    games = sum(len(i.games) for i in items)
    moves = sum(sum(1 for _ in g.nodes()) for i in items for g in i.games)

    def count(n: int, word: str) -> str:
        return f"{n:,} {word}{'s' if n != 1 else ''}"

    return (
        f"converted {count(len(items), 'input')} ({size / 1e6:.1f} MB): {count(games, 'game')}, "
        f"{count(moves, 'move')} to {count(outputs, 'output')} in {seconds:.1f} s"
    )


def _report(item: _Input, target: str, options: dict[str, Any]) -> None:
    """Print an input's findings, what became of it, and what the target cannot hold of it."""
    # Errors and warnings; info findings (style) do not concern a conversion.
    for d in item.record.diagnostics:
        if d.severity >= Severity.WARNING:
            print(d.format(), file=sys.stderr)
    if not item.failed and not item.games:
        print(f"{item.display}: no game found; nothing converted", file=sys.stderr)
    elif item.has_errors and item.games:
        print(f"{item.display}: converted as far as it could be read (errors above)", file=sys.stderr)
    for n, game in enumerate(item.games, start=1):
        where = item.display if len(item.games) == 1 else f"{item.display} (game {n})"
        for loss in formats.losses(game, target, **options):
            print(f"{where}: warning: {loss}", file=sys.stderr)


# ---------------------------------------------------------------- writing

#: What goes where: (output path or "-", games).
_Job = tuple[str, list[Game]]


def _jobs_to_output(args: argparse.Namespace, items: list[_Input], writer: formats.Writer, title: str) -> list[_Job]:
    games = [g for i in items for g in i.games]
    if not games:
        return []
    if writer.max_games is not None and len(games) > writer.max_games:
        holds = "one game" if writer.max_games == 1 else f"at most {writer.max_games} games"
        raise ConvertError(f"A {title} file holds {holds} but the inputs hold {len(games)}; use --out-dir")
    return [(args.output, games)]


def _jobs_to_folder(
    args: argparse.Namespace, items: list[_Input], writer: formats.Writer, ext: str, stems: dict[str, str]
) -> list[_Job]:
    out_dir = Path(args.out_dir)
    jobs: list[_Job] = []
    for item in items:
        stem = stems[item.path]
        # A library (CBL) is a collection: one file per game, whatever the target holds.
        library = item.record.format is not None and item.record.format.library
        limit = 1 if library else writer.max_games
        if limit is not None and len(item.games) > limit:
            # One file per game: DIR/<stem>-<n>.<ext>, numbered to sort in order.
            width = len(str(len(item.games)))
            jobs.extend((str(out_dir / f"{stem}-{n:0{width}d}{ext}"), [g]) for n, g in enumerate(item.games, start=1))
        elif item.games:
            jobs.append((str(out_dir / f"{stem}{ext}"), item.games))
    # The folder, and the subfolders of a mirrored tree.
    for folder in sorted({out_dir, *(Path(out).parent for out, _ in jobs)}):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConvertError(f"Cannot create `{folder}`: {exc.strerror or exc}") from None
    return jobs


def _emit(data: bytes, out: str) -> None:
    if out == STDIO:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        atomic_write(Path(out), data)


def _clash(out: str, inputs: InputFiles, written: set[str]) -> Optional[str]:
    """Why ``out`` must not be written (it is an input, or was written already), or ``None``."""
    if out == STDIO:
        return None
    # Names made per game (stem-N.cbf) were not in the plan: check again here.
    key = os.path.normcase(os.path.abspath(out))
    clash = inputs.find(Path(out))
    if clash is not None:
        return f"it is the input `{clash}`"
    if key in written:
        return "another input wrote it"
    written.add(key)
    return None


def _write_one(out: str, games: list[Game], target: str, options: dict[str, Any]) -> int:
    """Write one output; the exit status it calls for (0, 1 for the encoding, 2 for the file system)."""
    try:
        _emit(formats.write(games, target, **options), out)
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else "?"
        print(
            f"xqformats convert: Encoding `{options['encoding']}` cannot write `{bad}` in `{out}`; "
            "choose another --output-encoding (e.g. utf-8)",
            file=sys.stderr,
        )
        return 1
    except ValueError as exc:  # write_cbf/encode: an encoding that cannot write the text
        print(f"xqformats convert: Cannot write `{out}`: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"xqformats convert: Cannot write `{out}`: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


def _write_all(jobs: list[_Job], inputs: InputFiles, target: str, options: dict[str, Any]) -> int:
    written: set[str] = set()
    status = 0
    for out, games in jobs:
        why = _clash(out, inputs, written)
        if why is not None:
            print(f"xqformats convert: Refusing to write `{out}`: {why}", file=sys.stderr)
            status = 2
            continue
        status = max(status, _write_one(out, games, target, options))
    return status


# ---------------------------------------------------------------- the command


def _usage(msg: str) -> int:
    print(f"xqformats convert: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace, *, list_folder: Optional[FolderLister] = None) -> int:
    """Run ``xqformats convert`` (see the module docstring for the contract).

    ``list_folder`` finds the record files of a folder given as input (without
    it a folder input is a usage error); the command line passes lint's
    discovery (:func:`xqformats.commands.run_convert`).
    """
    try:
        max_size = _check_inputs(args)
        stems = _expand(args, list_folder)
        fmt = _target(args)
        writer = fmt.writer
        assert writer is not None, "TARGETS holds writable formats only"
        _check_options(args, fmt, writer)
        inputs = _plan(args, fmt.extensions[0], stems)
    except ConvertError as exc:
        return _usage(str(exc))
    target = fmt.name
    options = _write_options(args, writer)
    started = time.monotonic()
    interactive = not args.no_progress and len(args.inputs) > 1 and progress_allowed(sys.stderr)
    items = _read_all(args, max_size, interactive)
    for item in items:
        _report(item, target, options)
    status = 2 if any(i.failed for i in items) else (1 if any(i.has_errors for i in items) else 0)
    try:
        if args.output is not None:
            jobs = _jobs_to_output(args, items, writer, fmt.title)
            if not jobs:
                return status or 1
        else:
            jobs = _jobs_to_folder(args, items, writer, fmt.extensions[0], stems)
    except ConvertError as exc:
        return _usage(str(exc))
    status = max(status, _write_all(jobs, inputs, target, options))
    if interactive or args.verbose:
        print(f"xqformats convert: {_figures(items, len(jobs), time.monotonic() - started)}", file=sys.stderr)
    return status
