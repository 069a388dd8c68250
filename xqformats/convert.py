"""``xqformats convert``: any format the front door reads in, any it writes out, nothing lost, nothing clobbered.

Contract:

* inputs are read through the front door (:func:`xqformats.formats.read`),
  as ``xqformats lint`` reads them (standard input by its content); every
  finding at warning level or above is printed to stderr as ``lint`` prints
  it (``path:line:col: severity CODE message``), including an extension that
  contradicts the content (``G105``), and a game with errors is converted as far as the reader got —
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
* a record of text only (no piece on its board and no move: the chapter
  text of a 象棋桥 library, docs/spec/cbr.md §3.4) is left out, and named on
  stderr: no target holds a game without a position (PGN's ``FEN`` tag, CBF's
  and XQF's board, the JSON form's ``start`` need the two kings, and WXF's
  missing ``FEN`` line means the start position), so written it would not
  read back cleanly;
* PGN output always starts with ``[Game "Chinese Chess"]`` and carries a
  ``Result`` tag (the spec requires both; a CBF record has neither);
* what the linter's safe fixes would change in the headers is written the
  standard way (:func:`xqformats.model.standardise`): a result word such as
  ``红胜`` as ``1-0`` (CBF's ``RecordResult`` too), a date such as
  ``1995.5.22`` as ``1995.05.22``, WinBoard's ``White`` tag as ``Red``; each
  such rewrite is named on stderr as a loss is (``note: tag `Date`
  `2010-02-14` written in its standard form `2010.02.14```), and the run
  ends with how many there were (docs/security.md, decisions; issue 28,
  item 12: the values are the same meaning in the one spelling every reader
  and the spec take, so they are written, and said);
* an input is never overwritten: an output that is (or links to) an input
  is refused before anything is written; an output file that exists is
  refused too unless ``--force`` (``-o FILE`` before anything is read, each
  file of ``--out-dir`` as it is put in place), and the message says so;
* two inputs that would write the same file of ``--out-dir`` (``test.cbf``
  and ``test.cbr`` to ``test.pgn``) each keep their source extension in its
  name (``test.cbf.pgn``, ``test.cbr.pgn``), as stderr says; inputs that
  this does not tell apart (two ``g.pgn`` of different folders, given as
  files) are refused before anything is written;
* each output file is written atomically: a temporary file in the same
  folder, flushed and synced, then :func:`os.replace` — a reader never sees
  half a file and a failed run leaves the old output in place;
* inputs are read game by game (:func:`xqformats.formats.open_record`) and
  each game is written as it comes (:func:`xqformats.formats.open_writer`),
  so memory is that of the largest game, not of the files (standard input,
  and the formats read whole, are held one input at a time).  An input's
  findings and what the target cannot hold of it are printed once it is read;
  what could not be written, at the end, after every input's report.  A
  file whose content is complete is put in place when its input is read
  (``--out-dir``: the per-game names ``<stem>-<n>`` need the input's count)
  or at the end (``-o``).

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from . import formats
from .diagnostics import Severity, excerpt
from .formats._reading import parse_size, text_encoding
from .formats.base import Writer
from .formats.output import AtomicFile
from .model import WINBOARD_SIDES, Game, Headers, standardise
from .progress import Progress, progress_allowed

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
        "written whole or not at all. Tag values are written in their standard form (红胜 as 1-0, 2010-02-14\n"
        "as 2010.02.14, White as Red), each rewrite named on standard error (note: …) and counted at the end."
    )
    p.epilog = """exit status:
  0  converted without errors
  1  some input had errors (what could be read was still converted)
  2  a usage error, an unreadable input or an output that could not be written

examples:
  xqformats convert game.cbf -o game.pgn --notation wxf
  xqformats convert game.cbf -o game.pgn --force          # replace game.pgn if it exists
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
    p.add_argument("--force", action="store_true", help="replace output files that exist (an input is never replaced)")
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
    """One input as given on the command line, read game by game, and what was met in it.

    ``games`` and ``moves`` count the games read so far, ``left_out`` those of
    them that are text only (:meth:`~xqformats.model.Game.holds_position`),
    not written; ``losses`` holds, per game number, what the target cannot
    keep of it, and ``rewrites`` the tags written in their standard form
    (:func:`_rewrites`); both are reported once the input is read, after its
    findings, as before any game was written.
    :meth:`close` keeps what the run's end needs (``failed``,
    ``has_errors``, ``size``) and lets the stream go.
    """

    path: str
    stream: Optional[formats.RecordStream]
    display: str
    games: int = 0
    moves: int = 0
    left_out: int = 0
    losses: list[tuple[int, str]] = field(default_factory=list)
    rewrites: list[tuple[int, str]] = field(default_factory=list)
    failed: bool = False
    has_errors: bool = False
    size: int = 0

    def close(self) -> None:
        stream = self.stream
        assert stream is not None
        # A file in no format convert reads is as unusable as an unreadable one.
        self.failed = stream.failed or stream.format is None
        self.has_errors = self.failed or any(d.severity is Severity.ERROR for d in stream.diagnostics)
        self.size = stream.size
        stream.close()
        self.stream = None


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


def _target(args: argparse.Namespace, registry: formats.Registry) -> formats.Format:
    """The output format: ``--to``, else the writable format of the ``-o`` file's extension."""
    if args.to is not None:
        return registry.get(args.to)
    suffix = Path(args.output).suffix.lower() if args.output and args.output != STDIO else ""
    for fmt in registry:
        if fmt.writer is not None and suffix and suffix in fmt.extensions:
            return fmt
    raise ConvertError(f"--to {'|'.join(registry.writable())} is needed (it cannot be told from the output name)")


def _check_options(args: argparse.Namespace, fmt: formats.Format, writer: Writer) -> None:
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
    """Check the encoding options (:func:`xqformats.formats._reading.text_encoding`, as ``lint`` does) and the size limit.

    Returns the size limit in bytes; raises :class:`ConvertError` naming the option and the value.
    """
    for option, value in (("--output-encoding", args.encoding), ("--input-encoding", args.input_encoding)):
        if value is not None:
            try:
                text_encoding(value)
            except ValueError as exc:
                raise ConvertError(f"{option}: {exc}") from None
    if args.max_file_size is None:
        return formats.DEFAULT_MAX_FILE_SIZE
    try:
        return parse_size(args.max_file_size)
    except ValueError as exc:
        raise ConvertError(f"--max-file-size: {exc}") from None


def _write_options(args: argparse.Namespace, writer: Writer) -> dict[str, Any]:
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
        if not args.force and os.path.lexists(args.output):
            raise ConvertError(f"Refusing to write `{args.output}`: {_EXISTS}")
    return inputs


#: Why an output that exists is not written (without ``--force``).
_EXISTS = "it exists (--force replaces it)"


def _out_key(path: Path) -> str:
    """One spelling of an output path, to tell whether two outputs are one file."""
    return os.path.normcase(os.path.abspath(path))


def _plan_out_dir(args: argparse.Namespace, inputs: InputFiles, ext: str, stems: dict[str, str]) -> None:
    if STDIO in args.inputs:
        raise ConvertError("`-` (stdin) as input needs -o, not --out-dir: it has no file name")
    out_dir = Path(args.out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise ConvertError(f"--out-dir `{out_dir}` is not a folder")
    _keep_extensions(args.inputs, stems, out_dir, ext)
    seen: dict[str, Path] = {}
    for name in args.inputs:
        inp = Path(name)
        out = out_dir / f"{stems[name]}{ext}"
        key = _out_key(out)
        if key in seen:
            raise ConvertError(f"Inputs `{seen[key]}` and `{inp}` would both write `{out}`")
        seen[key] = inp
        clash = inputs.find(out)
        if clash is not None:
            raise ConvertError(f"Refusing to overwrite input `{clash}` with the output of `{inp}`")


def _keep_extensions(names: list[str], stems: dict[str, str], out_dir: Path, ext: str) -> None:
    """Inputs that would write one file of ``out_dir`` keep their source extension in its name (said on stderr).

    ``test.cbf`` and ``test.cbr`` to PGN write ``test.cbf.pgn`` and
    ``test.cbr.pgn`` (their ``stems`` get the extension), whichever comes
    first, so that a folder holding both converts whole.  Inputs whose
    extensions are alike too are left as they are, for the caller to refuse.
    """
    by_output: dict[str, list[str]] = {}
    for name in names:
        by_output.setdefault(_out_key(out_dir / f"{stems[name]}{ext}"), []).append(name)
    for group in by_output.values():
        kept = {name: stems[name] + Path(name).suffix for name in group}
        if len(group) < 2 or len({_out_key(out_dir / f"{stem}{ext}") for stem in kept.values()}) < len(group):
            continue  # one input, or inputs the rule does not tell apart (refused by the caller)
        out = out_dir / f"{stems[group[0]]}{ext}"
        stems.update(kept)
        inputs = " and ".join(f"`{n}`" for n in group)
        written = " and ".join(f"`{out_dir / stems[n]}{ext}`" for n in group)
        both = "both" if len(group) == 2 else "all"
        print(f"xqformats convert: {inputs} would {both} write `{out}`; written as {written} (each keeps its extension)", file=sys.stderr)


# ---------------------------------------------------------------- reading and reporting


def _open_input(path: str, args: argparse.Namespace, max_size: int, registry: formats.Registry) -> _Input:
    """Open one input through the front door, game by game (standard input, read whole, by its content)."""
    source: formats.Input = sys.stdin.buffer if path == STDIO else path
    name = "<stdin>" if path == STDIO else None
    stream = formats.open_record(
        source, name=name, strict=args.strict, encoding=args.input_encoding, max_size=max_size, registry=registry
    )
    return _Input(path, stream, stream.name or path)


def _games(item: _Input, target: formats.Format, options: dict[str, Any]) -> Iterator[Game]:
    """The games of ``item``, standardised, counted, and what the target cannot hold of each noted.

    A record of text only is counted and noted, not given (the module docstring says why).
    """
    assert item.stream is not None
    title = target.title
    for game in item.stream:
        item.games += 1
        if not game.holds_position():
            item.left_out += 1
            item.losses.append((item.games, _left_out(game, title)))
            continue
        before = list(game.headers.items())
        standardise(game)  # what lint understands, written the standard way (result words, WinBoard tags)
        item.rewrites.extend((item.games, rewrite) for rewrite in _rewrites(before, game.headers))
        item.moves += sum(1 for _ in game.nodes())
        item.losses.extend((item.games, loss) for loss in formats.losses(game, target, **options))
        yield game


def _rewrites(before: list[tuple[str, str]], after: Headers) -> list[str]:
    """What :func:`~xqformats.model.standardise` changed in a game's tags, one phrase each (``before``: its tags as read).

    Named as losses are (issue 28, item 12: a run over 7,883 files changed
    ``Date`` in 1,998 without a word): the tag, its value as read, its value
    as written.
    """
    out = []
    for name, value in before:
        ours = WINBOARD_SIDES.get(name)
        written = ours if ours is not None and ours in after and name not in after else name
        new = after.get(written, value)
        if written != name:
            out.append(f"tag `{name}` written as `{written}`" + (f" (`{value}` as `{new}`)" if new != value else ""))
        elif new != value:
            out.append(f"tag `{name}` `{excerpt(value)}` written in its standard form `{excerpt(new)}`")
    return out


def _left_out(game: Game, title: str) -> str:
    """What :func:`_report` says of a record of text only that is left out (its name, when it has one)."""
    name = game.headers.get("Name") or game.headers.get("Event")
    named = f" `{name}`" if name else ""
    return (
        f"left out: the record{named} is text only (no piece on its board, no move); "
        f"{title} holds no game without a position"
    )


def _figures(items: list[_Input], outputs: int, seconds: float) -> str:
    """``converted 3 inputs (1.6 MB): 1,000 games, 104,869 moves to 3 outputs in 1.9 s``."""
    size = sum(i.size for i in items)
    games = sum(i.games - i.left_out for i in items)
    moves = sum(i.moves for i in items)

    def count(n: int, word: str) -> str:
        return f"{n:,} {word}{'s' if n != 1 else ''}"

    return (
        f"converted {count(len(items), 'input')} ({size / 1e6:.1f} MB): {count(games, 'game')}, "
        f"{count(moves, 'move')} to {count(outputs, 'output')} in {seconds:.1f} s"
    )


def _report(item: _Input) -> None:
    """Print an input's findings, what became of it, and what the target cannot hold of it (once it is read)."""
    assert item.stream is not None
    # Errors and warnings, each with its severity word as lint prints it; info
    # findings (style) do not concern a conversion.
    for d in item.stream.diagnostics:
        if d.severity >= Severity.WARNING:
            print(d.format(severity=True), file=sys.stderr)
    item.close()
    written = item.games - item.left_out
    if not item.failed and not written:
        found = "no game with a position" if item.left_out else "no game"
        print(f"{item.display}: {found} found; nothing converted", file=sys.stderr)
    elif item.has_errors and written:
        print(f"{item.display}: converted as far as it could be read (errors above)", file=sys.stderr)
    for n, loss in item.losses:
        where = item.display if item.games == 1 else f"{item.display} (game {n})"
        print(f"{where}: warning: {loss}", file=sys.stderr)
    for n, rewrite in item.rewrites:
        where = item.display if item.games == 1 else f"{item.display} (game {n})"
        print(f"{where}: note: {rewrite}", file=sys.stderr)


# ---------------------------------------------------------------- writing


class _Output:
    """One output file written game by game: opened at its first game, put in place by :meth:`finish`.

    A file is written under a temporary name (:class:`AtomicFile`) and moved
    to its final name, which may be known only once its input is read (the
    numbered names of ``--out-dir``), by :meth:`finish`; standard output is
    written as the games come.  A failure to write is kept, to be reported
    by :meth:`finish` under the final name.
    """

    def __init__(self, path: str, run: "_Writing") -> None:
        self.path = path
        self._run = run
        self._target = run.fmt
        self._options = run.options
        self._file: Optional[AtomicFile] = None
        self._writer: Optional[formats.RecordWriter] = None
        self._sealed = False
        self.failure: Optional[Exception] = None

    def _open(self) -> formats.RecordWriter:
        if self.path == STDIO:
            sys.stdout.flush()
            handle = sys.stdout.buffer
        else:
            self._file = AtomicFile(Path(self.path))
            self._run.unfinished.add(self)
            handle = self._file.handle
        return formats.open_writer(handle, self._target, **self._options)

    def write(self, game: Game) -> None:
        if self.failure is not None:
            return
        try:
            if self._writer is None:
                self._writer = self._open()
            self._writer.write(game)
        except (ValueError, OSError) as exc:  # an encoding that cannot write the text (UnicodeEncodeError), the file system
            self.failure = exc

    def seal(self) -> None:
        """End the file's content (its tail, synced to disk) and release its handle; it is not in place yet."""
        if self._sealed or self.failure is not None or self._writer is None:
            return
        self._sealed = True
        try:
            self._writer.close()
            if self._file is not None:
                self._file.finish()
            else:
                sys.stdout.buffer.flush()
        except (ValueError, OSError) as exc:
            self.failure = exc

    def finish(self, out: str) -> None:
        """Put the file in place as ``out`` (or refuse to, or report why it could not be written)."""
        run = self._run
        why = run.clash(out)
        if why is not None:
            self.discard()
            run.fail(f"Refusing to write `{out}`: {why}", 2)
            return
        self.seal()
        try:
            if self.failure is None and self._file is not None:
                self._file.commit(Path(out))
                run.unfinished.discard(self)
        except OSError as exc:
            self.failure = exc
        if self.failure is not None:
            self.discard()
            run.fail(*_write_failure(self.failure, out, self._options["encoding"]))

    def discard(self) -> None:
        if self._file is not None:
            self._file.discard()
            self._run.unfinished.discard(self)


def _write_failure(exc: Exception, out: str, encoding: str) -> tuple[str, int]:
    """What to say about an output that could not be written, and the exit status it calls for."""
    if isinstance(exc, UnicodeEncodeError):
        bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else "?"
        if any("\ud800" <= c <= "\udfff" for c in bad):  # no encoding writes one: another --output-encoding would not help
            shown = bad.encode("ascii", "backslashreplace").decode("ascii")
            return f"Cannot write `{out}`: the games hold a lone surrogate (`{shown}`), which is no character", 1
        return f"Encoding `{encoding}` cannot write `{bad}` in `{out}`; choose another --output-encoding (e.g. utf-8)", 1
    if isinstance(exc, OSError):
        return f"Cannot write `{out}`: {exc.strerror or exc}", 2
    return f"Cannot write `{out}`: {exc}", 1  # write_cbf/encode: an encoding that cannot write the text


class _Writing:
    """Where a run's games go, and what went wrong writing them (said after every input's report).

    ``outputs`` counts the output files finished (written or not); ``status``
    is the exit status the writing calls for; ``usage`` a usage error found
    while writing (too many games for one file, a folder that cannot be
    made): then nothing more is written.
    """

    def __init__(self, fmt: formats.Format, inputs: InputFiles, options: dict[str, Any], force: bool) -> None:
        assert fmt.writer is not None
        self.fmt = fmt
        self.force = force
        self.writer = fmt.writer
        self.options = options
        self.inputs = inputs
        self.outputs = 0
        self.status = 0
        self.usage: Optional[str] = None
        self._messages: list[str] = []
        self._written: set[str] = set()
        self._folders: set[Path] = set()
        #: Outputs with a temporary file not yet put in place nor removed.
        self.unfinished: set[_Output] = set()

    def clash(self, out: str) -> Optional[str]:
        self.outputs += 1
        return _clash(out, self.inputs, self._written, self.force)

    def fail(self, message: str, status: int) -> None:
        self._messages.append(message)
        self.status = max(self.status, status)

    def folder(self, folder: Path) -> bool:
        """Make ``folder`` (and its parents) once; ``False`` (and the usage error kept) when it cannot be made."""
        if folder not in self._folders and self.usage is None:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                self.usage = f"Cannot create `{folder}`: {exc.strerror or exc}"
            self._folders.add(folder)
        return self.usage is None

    def say(self) -> None:
        for message in self._messages:
            print(f"xqformats convert: {message}", file=sys.stderr)


def _clash(out: str, inputs: InputFiles, written: set[str], force: bool) -> Optional[str]:
    """Why ``out`` must not be written (it is an input, was written already, or exists), or ``None``."""
    if out == STDIO:
        return None
    # Names made per game (stem-N.cbf) were not in the plan: check again here.
    key = _out_key(Path(out))
    clash = inputs.find(Path(out))
    if clash is not None:
        return f"it is the input `{clash}`"
    if key in written:
        return "another input wrote it"
    if not force and os.path.lexists(out):
        return _EXISTS
    written.add(key)
    return None


def _to_output(args: argparse.Namespace, run: _Writing, items: Iterator[_Input]) -> int:
    """Every game of every input into the one output ``-o`` names; how many games there were.

    A format that holds fewer games per file than the inputs hold (CBF: one)
    gets none written, and the usage error says so.
    """
    output = _Output(args.output, run)
    limit = run.writer.max_games
    total = 0
    for item in items:
        for game in _games(item, run.fmt, run.options):
            total += 1
            if limit is None or total <= limit:
                output.write(game)
    if limit is not None and total > limit:
        output.discard()
        holds = "one game" if limit == 1 else f"at most {limit} games"
        run.usage = f"A {run.fmt.title} file holds {holds} but the inputs hold {total}; use --out-dir"
    elif total:
        output.finish(args.output)
    return total


def _to_folder(args: argparse.Namespace, run: _Writing, items: Iterator[_Input], stems: dict[str, str]) -> None:
    """The games of each input into ``--out-dir``: ``DIR/<stem>.<ext>``, or one file per game.

    One file per game, ``DIR/<stem>-<n>.<ext>`` numbered to sort in order,
    when an input holds more games than one file of the target can or is a
    library (a CBL: a collection, whatever the target holds).  The number's
    width, and so the names, are known once the input is read: the games are
    written under temporary names as they come and put in place then.
    """
    out_dir = Path(args.out_dir)
    ext = run.fmt.extensions[0]
    for item in items:
        base = out_dir / f"{stems[item.path]}{ext}"
        library = item.stream is not None and item.stream.format is not None and item.stream.format.library
        limit = 1 if library else run.writer.max_games
        outputs = _per_input(run, item, base, limit)
        if len(outputs) == 1 and not outputs[0][1]:
            outputs[0][0].finish(str(base))
            continue
        width = len(str(len(outputs)))
        for n, (output, _) in enumerate(outputs, start=1):
            output.finish(str(base.with_name(f"{base.stem}-{n:0{width}d}{ext}")))
    run.folder(out_dir)


def _per_input(run: _Writing, item: _Input, base: Path, limit: Optional[int]) -> list[tuple[_Output, bool]]:
    """Write the games of ``item`` (see :func:`_to_folder`): the outputs, each with whether it is one of numbered ones."""
    held: list[Game] = []  # at most `limit` games, until it is known whether they share a file
    outputs: list[tuple[_Output, bool]] = []
    for game in _games(item, run.fmt, run.options):
        if run.usage is not None or not run.folder(base.parent):
            continue  # a folder that cannot be made: nothing more is written
        if limit is None:
            if not outputs:
                outputs.append((_Output(str(base), run), False))
            outputs[0][0].write(game)
            continue
        held.append(game)
        if len(held) > limit or outputs:
            for g in held:  # one file per game from now on
                one = _Output(str(base.with_name(f"{base.stem}-{len(outputs) + 1}{base.suffix}")), run)
                one.write(g)
                one.seal()
                outputs.append((one, True))
            held = []
    if held:
        output = _Output(str(base), run)
        for g in held:
            output.write(g)
        outputs.append((output, False))
    return outputs


# ---------------------------------------------------------------- the command


def _usage(msg: str) -> int:
    print(f"xqformats convert: {msg}", file=sys.stderr)
    return 2


def _inputs(
    args: argparse.Namespace, max_size: int, interactive: bool, done: list[_Input], registry: formats.Registry
) -> Iterator[_Input]:
    """Each input opened in turn, for its games to be read; reported (and added to ``done``) once they are.

    A progress bar by files and bytes on an interactive run.
    """
    progress = None
    if interactive:
        total = sum(os.path.getsize(p) for p in args.inputs if p != STDIO and os.path.isfile(p))
        progress = Progress(len(args.inputs), sys.stderr, total_bytes=total)
    try:
        for path in args.inputs:
            item = _open_input(path, args, max_size, registry)
            try:
                yield item
            except GeneratorExit:  # the run stopped in this input (an interrupt): release the file
                if item.stream is not None:
                    item.stream.close()
                raise
            _report(item)
            done.append(item)
            if progress is not None:
                progress.advance(1, item.size)
    finally:
        if progress is not None:
            progress.close()


def run(
    args: argparse.Namespace, *, list_folder: Optional[FolderLister] = None, registry: formats.Registry = formats.REGISTRY
) -> int:
    """Run ``xqformats convert`` (see the module docstring for the contract).

    ``list_folder`` finds the record files of a folder given as input (without
    it a folder input is a usage error); the command line passes the folder
    discovery lint uses (:func:`xqformats.commands.convert.record_files`).
    ``registry`` holds the formats read and written (``--to`` names one of
    them; its choices are :data:`TARGETS`, the default registry's).
    """
    try:
        max_size = _check_inputs(args)
        stems = _expand(args, list_folder)
        fmt = _target(args, registry)
        writer = fmt.writer
        assert writer is not None, "TARGETS holds writable formats only"
        _check_options(args, fmt, writer)
        inputs = _plan(args, fmt.extensions[0], stems)
    except ConvertError as exc:
        return _usage(str(exc))
    started = time.monotonic()
    interactive = not args.no_progress and len(args.inputs) > 1 and progress_allowed(sys.stderr)
    items: list[_Input] = []
    writing = _Writing(fmt, inputs, _write_options(args, writer), args.force)
    try:
        if args.output is not None:
            games = _to_output(args, writing, _inputs(args, max_size, interactive, items, registry))
        else:
            _to_folder(args, writing, _inputs(args, max_size, interactive, items, registry), stems)
    finally:
        # Not a safety net: whatever stopped the run (KeyboardInterrupt
        # included), no temporary file stays behind; the exception goes on.
        for output in list(writing.unfinished):
            output.discard()
    status = 2 if any(i.failed for i in items) else (1 if any(i.has_errors for i in items) else 0)
    if writing.usage is not None:
        return _usage(writing.usage)
    if args.output is not None and not games:
        return status or 1
    writing.say()
    status = max(status, writing.status)
    rewritten = sum(len(i.rewrites) for i in items)
    if rewritten:
        print(f"xqformats convert: {rewritten:,} tag{'s' if rewritten != 1 else ''} written in {'their' if rewritten != 1 else 'its'} standard form (named above)", file=sys.stderr)
    if interactive or args.verbose:
        print(f"xqformats convert: {_figures(items, writing.outputs, time.monotonic() - started)}", file=sys.stderr)
    return status
