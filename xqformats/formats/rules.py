"""The rules of the front door: a file it cannot place, read, or read without a crash.

These are declared here, below the linter, because :func:`xqformats.formats.read`
reports them itself; :mod:`xqformats.lint.checks` re-exports them with the
other ``G1xx`` rules (codes, names and texts are those the linter has always
used).
"""

from __future__ import annotations

from ..diagnostics import INTERNAL_ERROR, Rule, Severity

#: A CBF record in 象棋桥's form with one move (H2-E2, 炮二平五), for the file examples.
_CBF_SAMPLE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<ChineseChessRecord Version="1.0">\n <Head>\n </Head>\n'
    ' <MoveList>\n  <Move value="00-00"/>\n  <Move value="77-47" end="1"/>\n </MoveList>\n'
    "</ChineseChessRecord>\n"
)
_PGN_SAMPLE = '[Game "Chinese Chess"]\n[Result "*"]\n\n1. 炮二平五 *\n'
#: The *Example* note of the rules whose samples are files.
_FILE_EXAMPLES = "The examples show a file name on the first line and its content below."

UNSUPPORTED_FORMAT = Rule(
    "G101",
    "unsupported-format",
    Severity.ERROR,
    "The file is not a format xqformats reads",
    what=(
        "Reports a file named on the command line whose extension is none of `.pgn`, `.cbf`, "
        "`.xqf` (CBR, WXF text layouts, …). Directories are searched for files with these "
        "extensions only, so this appears only for files named explicitly."
    ),
    why=(
        "Nothing in the file was checked; a CI job that lists such a file would otherwise pass "
        "without looking at it."
    ),
    example_note=_FILE_EXAMPLES,
    example="game.xyz\nXYZ… (a layout xqformats does not read)\n",
    fixed="game.pgn\n" + _PGN_SAMPLE,
    example_kind="file",
    references=("docs/spec/README.md §4.4",),
)
UNREADABLE_FILE = Rule(
    "G102",
    "unreadable-file",
    Severity.ERROR,
    "A path could not be read",
    what=(
        "Reports a path that does not exist or cannot be read (permissions, a broken link), or "
        "that is not a regular file (a FIFO, a device, a socket): such a file is never opened, "
        "since reading it could wait forever or never end. `xqformats lint` then exits with status "
        "2, as for a usage error, whatever else it found."
    ),
    why="Nothing in that path was checked.",
    example_note="The example is a path that does not exist; the fix, one that does.",
    example="no-such-file.pgn",
    fixed="game.pgn",
    example_kind="path",
    references=("docs/spec/README.md §4.4",),
)
FORMAT_CONTENT_MISMATCH = Rule(
    "G105",
    "format-content-mismatch",
    Severity.WARNING,
    "The file's extension does not match its content",
    what=(
        "Reports a `.pgn` file that holds XML, or a `.cbf` file that holds a PGN record, and reads "
        "it as what its content is."
    ),
    why="Other programs choose the reader by the extension and will fail on the file.",
    example_note=_FILE_EXAMPLES,
    example="game.pgn\n" + _CBF_SAMPLE,
    use_instead="Rename the file to the extension of what it holds.",
    fixed="game.cbf\n" + _CBF_SAMPLE,
    example_kind="file",
    references=(
        "docs/spec/README.md §4.4",
        "docs/spec/pgn.md §2.6",
        "docs/spec/cbf.md §2.5",
    ),
)

#: The largest input :func:`xqformats.formats.read` reads, in bytes, unless
#: told otherwise (``G107`` past it): inputs are read whole, so this bounds
#: the memory one file takes.  No real record comes near it.  Declared here
#: so that the rule's page states the number it checks.
DEFAULT_MAX_FILE_SIZE = 256 * 1024 * 1024

FILE_TOO_LARGE = Rule(
    "G107",
    "file-too-large",
    Severity.ERROR,
    "A file is larger than the size limit",
    what=(
        "Reports a file larger than the size limit and reads none of it. Files are read whole, so "
        "the limit bounds the memory one file can take. The limit is "
        f"{DEFAULT_MAX_FILE_SIZE // 1024**2} MB ({DEFAULT_MAX_FILE_SIZE:,} bytes) unless set: `--max-file-size` of `xqformats lint` and `xqformats convert`, "
        "`max-file-size` in the lint configuration (a number of bytes, or one with a suffix `K`, "
        "`M` or `G`, powers of 1024: `64M`), `max_size` of `xqformats.formats.read()`. The size is "
        "checked before reading, and at most one byte more than the limit is ever read, so an "
        "input whose size is not known in advance (standard input, a pipe handed as a handle) is "
        "caught too. `xqformats lint` then exits with status 2, as for an unreadable file."
    ),
    why=(
        "Nothing in the file was checked. No real game record comes near the limit; a file that "
        "does is more likely a mistake (a link to a device, a disk image) than a record."
    ),
    use_instead="Raise the limit for a file that really is one.",
    references=("docs/spec/README.md §4.4",),
)

#: The rules above, in code order, and the internal-error rule every reader's
#: safety net reports (declared in :mod:`xqformats.diagnostics`, below every reader).
FRONT_DOOR_RULES = (UNSUPPORTED_FORMAT, UNREADABLE_FILE, FORMAT_CONTENT_MISMATCH, INTERNAL_ERROR, FILE_TOO_LARGE)
