"""Text encodings of record files: detection, decoding, diagnostics (E1xx).

Xiangqi records come in several encodings (docs/spec/pgn.md §9.1: real files are
UTF-8 with and without BOM and GBK above all; UTF-16 and Big5 also occur): the PGN
spec says nothing about it, and programs write whatever their platform used.
Detection, in order:

1. a byte-order mark: UTF-8 (``EF BB BF``), UTF-32 and UTF-16 (LE/BE) — certain;
2. no BOM, every other byte NUL: UTF-16 without BOM, a guess (``E101``);
3. the first :data:`SAMPLE_SIZE` bytes decode as strict UTF-8 — taken as
   UTF-8 (pure ASCII is UTF-8 too), no diagnostic;
4. otherwise a guess, reported as ``E101`` (info): GB18030 (a superset of GBK and GB2312) or
   Big5, whichever decodes the sample with fewer errors and more of the
   characters common in Chinese text and xiangqi records.

An explicit ``encoding=`` overrides detection (any Python codec name; an unknown
name is ``E103`` and detection is used instead).  Bytes that do not decode are
replaced by U+FFFD and reported once per line as ``E102`` at the replacement's
line and column: a reader never raises on bad bytes.  ``E102`` comes from the
decoder's own errors, never from the character: a U+FFFD that valid bytes spell
(a literal ``�`` in a UTF-8 comment, what ``convert`` writes for undecodable
CBL text) is text like any other.

:func:`open_text` decodes a file incrementally (a :mod:`codecs` incremental
decoder fed in blocks), so memory stays flat however large the file.
"""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import IO, Iterator, NamedTuple, Optional, Union

from .diagnostics import Diagnostic, Rule, Severity, Span
from .source import Source

#: How many leading bytes detection looks at.
SAMPLE_SIZE = 64 * 1024

#: Size of the blocks :func:`open_text` reads and decodes.
BLOCK_SIZE = 256 * 1024

#: A line longer than this (no LF yet) is passed on in parts by :class:`TextSource`.
PIECE_LIMIT = 1024 * 1024

#: About how many characters of whole lines :class:`TextSource` hands on in one piece: pieces
#: of many lines save the reader a step per line; pieces of a few kilobytes keep the copies small.
RUN_SIZE = 8 * 1024

#: This implementation's account of encodings, the last reference of every E rule.
_ACCOUNT = "`docs/pgn.md` § Encodings"

#: What the decoders here put where bytes do not decode, until the text is handed
#: on with U+FFFD in its place: a lone surrogate, which no decoder of the record
#: encodings (UTF-8, UTF-16, UTF-32, GB18030, Big5) gives for valid bytes, so that
#: ``E102`` is found from the decoder's errors and a U+FFFD in valid text is not
#: one.  (A codec that decodes escapes, such as ``unicode_escape``, can spell a lone
#: surrogate; named with ``encoding=``, its ``\udcfd`` counts as bad bytes too.)
_MARK = "\udcfd"
#: The name of the error handler that puts :data:`_MARK` (registered below).
_MARKING = "xqformats.mark-undecodable"


def _mark_undecodable(exc: UnicodeError) -> tuple[str, int]:
    """The codecs error handler :data:`_MARKING`: one :data:`_MARK` per run of bad bytes, as ``replace`` puts one U+FFFD."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return _MARK, exc.end


codecs.register_error(_MARKING, _mark_undecodable)



ENCODING_GUESSED = Rule(
    "E101",
    "encoding-guessed",
    Severity.INFO,
    "The text encoding was guessed, not declared",
    what=(
        "Reports that a file had no byte-order mark and was not valid UTF-8, so its encoding "
        "(GB18030/GBK, Big5, or UTF-16 without BOM) was guessed from the bytes."
    ),
    why=(
        "A guess can be wrong for short files; the reader then shows mojibake. UTF-8 (with or "
        "without BOM) needs no guess."
    ),
    example_note="A PGN file saved in GBK by XQWizard.",
    example="[Event \"\xb5\xda\"]",
    use_instead="Save the file as UTF-8, or pass the encoding explicitly (`--encoding gbk`).",
    fixed='[Event "第"]',
    example_kind="bytes",
    references=(
        "docs/spec/pgn.md §9.1",
        _ACCOUNT,
    ),
)
UNDECODABLE_BYTES = Rule(
    "E102",
    "undecodable-bytes",
    Severity.ERROR,
    "Bytes that are not valid in the file's encoding",
    what=(
        "Reports bytes that cannot be decoded in the file's (detected or given) encoding. They are "
        "replaced by U+FFFD so the rest of the file can still be read."
    ),
    why="The text at that point is lost.",
    example_note="A UTF-8 file with a stray `\\xff` byte.",
    example='[Event "a\xffb"]',
    use_instead="Re-save the file in one encoding.",
    fixed='[Event "ab"]',
    example_kind="bytes",
    references=(
        "docs/spec/pgn.md §9.2",
        _ACCOUNT,
    ),
)
UNKNOWN_ENCODING = Rule(
    "E103",
    "unknown-encoding",
    Severity.ERROR,
    "The encoding given by name is not known",
    what=(
        "Reports an `encoding=` override that Python has no codec for; the encoding is then "
        "detected from the bytes."
    ),
    why=(
        "The file is then read in a guessed encoding, not the one asked for: a misspelt name "
        "gives text decoded otherwise than meant."
    ),
    example="latin-99",
    use_instead="A codec name such as `utf-8`, `gbk`, `gb18030`, `big5` or `utf-16`.",
    fixed="gb18030",
    example_kind="encoding-name",
    references=(
        "docs/spec/pgn.md §9.1",
        _ACCOUNT,
    ),
)

EDITOR_DECODING = Rule(
    "E104",
    "editor-decoding",
    Severity.WARNING,
    "The editor decoded the file in another encoding than the file's",
    what=(
        "Reports, in the language server only, a file that the editor shows as a single-byte "
        "decoding (latin-1, cp1252) of bytes that read cleanly in the encoding xqformats finds for "
        "them (GB18030/GBK, Big5, UTF-16, UTF-8). It is reported once, at the start of the file, "
        "instead of the findings of the garbled text."
    ),
    why=(
        "The editor hands the server mojibake (`ÅÚ°ËÆ½Îå` for `炮八平五`): every move would be "
        "reported as unreadable although `xqformats lint` reads the file cleanly, and saving it "
        "from the editor keeps the wrong characters."
    ),
    example_note=(
        "A GBK record opened in Neovim with its default `fileencodings`, which falls back to latin-1."
    ),
    use_instead=(
        "Set the editor's file encoding: Neovim `set fileencodings=ucs-bom,utf-8,gb18030` (or "
        "`:e ++enc=gb18030`), VS Code `\"files.autoGuessEncoding\": true` (`editors/README.md`)."
    ),
    references=(
        "docs/spec/pgn.md §9.1",
        _ACCOUNT,
    ),
)

#: The single-byte encodings an editor falls back to for bytes it does not recognise
#: (Neovim's ``fileencodings`` ends in latin-1; Windows editors use cp1252).
EDITOR_FALLBACKS = ("latin-1", "cp1252")

#: How the messages of ``E104`` name the encodings detection finds.
_CODEC_NAMES = {
    "gb18030": "GBK (GB18030)", "big5": "Big5", "utf-8": "UTF-8", "utf-8-sig": "UTF-8",
    "utf-16": "UTF-16", "utf-16-le": "UTF-16", "utf-16-be": "UTF-16", "utf-32": "UTF-32",
}


def _same_text(a: str, b: str) -> bool:
    """Equal once line ends are one kind (an editor hands its buffer over with its own)."""
    return a.replace("\r\n", "\n") == b.replace("\r\n", "\n")


def _reads_as_chinese(text: str) -> bool:
    """Whether the non-ASCII characters of ``text`` are mostly the common ones of Chinese records.

    A guessed GB18030 or Big5 decoding of real latin-1 text (``Müller``) reads
    cleanly too, as rare characters; a record's moves and names do not.
    """
    wide = [ch for ch in text if ord(ch) > 0x7F]
    return bool(wide) and sum(ch in _COMMON for ch in wide) * 3 >= len(wide)


def editor_misdecoding(text: str, data: bytes) -> Optional[tuple[str, str]]:
    """``(the editor's encoding, the file's)`` when ``text``, a file's text as an editor decoded it,
    is a single-byte decoding (:data:`EDITOR_FALLBACKS`) of the file's bytes ``data`` that differs
    from what they read as: without an error, in the encoding :func:`detect_encoding` finds
    (a certain one, or a guess that reads as Chinese); else ``None``.

    Line ends may differ (the editor's buffer has its own).  O(len(data)).
    """
    if data.isascii():
        return None
    codec, _ = detect_encoding(data)
    try:
        ours = data.decode(codec)
    except UnicodeDecodeError:
        return None
    if _same_text(ours, text) or (codec in ("gb18030", "big5") and not _reads_as_chinese(ours)):
        return None
    for single in EDITOR_FALLBACKS:
        if _same_text(data.decode(single, errors="replace"), text):
            return single, _CODEC_NAMES.get(codec, codec.upper())
    return None


_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)

# Characters frequent in Chinese prose and in xiangqi records, in simplified and
# traditional forms.  A correct decoding is full of them; GBK bytes read as Big5
# (or the reverse) give rare characters or errors.
_COMMON = frozenset(
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可"
    "她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老"
    "从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给"
    "等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先"
    "山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何"
    "更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南"
    "度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传"
    "近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令"
    "黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专"
    "石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴切"
    "炮帅将卒仕相车马进退平胜负和红黑先局棋谱象评注变着开赛届冠军全国杯"
    "這個來們為說對時會後過國們學還發點現麼開經問長頭義書見話無電動門實長將車馬進後帥勝負紅黑棋譜評變著開賽屆軍國盃"
    "，。：；！？、（）《》“”"
)


class _Reading(NamedTuple):
    """A sample decoded by detection: the decoder (undecodable bytes marked, :data:`_MARK`), which
    goes on from the sample's end, and the text it made of the sample."""

    decoder: codecs.IncrementalDecoder
    text: str


def _decoded_sample(data: bytes, codec: str) -> _Reading:
    """``data`` decoded with ``codec``, each undecodable byte marked (:data:`_MARK`)."""
    decoder = codecs.getincrementaldecoder(codec)(errors=_MARKING)
    return _Reading(decoder, decoder.decode(data, final=False))


def _decodes(data: bytes, codec: str) -> bool:
    """Whether ``data`` decodes with ``codec`` without an error (a character cut at the end allowed)."""
    try:
        codecs.getincrementaldecoder(codec)().decode(data, final=False)
    except UnicodeDecodeError:
        return False
    return True


def _common(text: str) -> int:
    """How many characters of ``text`` are common Chinese ones (:data:`_COMMON`)."""
    return sum(1 for ch in text if ch in _COMMON)


def _utf16_without_bom(sample: bytes) -> Optional[str]:
    """``utf-16-le``/``-be`` when the sample looks like BOM-less UTF-16 of mostly ASCII."""
    n = len(sample) // 2 * 2
    if n < 4:
        return None
    even_nul = sample[0:n:2].count(0)
    odd_nul = sample[1:n:2].count(0)
    half = n // 2
    if odd_nul >= half * 0.6 and even_nul < half * 0.1:
        return "utf-16-le"
    if even_nul >= half * 0.6 and odd_nul < half * 0.1:
        return "utf-16-be"
    return None


def detect_encoding(data: bytes) -> tuple[str, list[Diagnostic]]:
    """The codec name for ``data`` (its first bytes suffice) and how sure we are.

    Returns ``(codec, diagnostics)``; the diagnostics hold one ``E101`` info
    when the encoding is a guess.  Complexity: O(:data:`SAMPLE_SIZE`).
    """
    codec, diags, _ = _detect(data)
    return codec, diags


def _detect(data: bytes) -> tuple[str, list[Diagnostic], Optional[_Reading]]:
    """:func:`detect_encoding`, and where it decoded the whole of ``data`` with the codec it names (no
    BOM, at most :data:`SAMPLE_SIZE` bytes), that reading: a reader goes on from it instead of
    decoding those bytes again."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return codec, [], None
    sample = data[:SAMPLE_SIZE]
    whole = len(sample) == len(data)
    # NUL is valid UTF-8 but never in a text record: BOM-less UTF-16 first.
    utf16 = _utf16_without_bom(sample) if b"\x00" in sample else None
    if utf16 is not None:
        return utf16, [_guessed(utf16, "no byte-order mark; every other byte is NUL")], None
    try:
        # final=False: a multi-byte character cut by the sample end is fine.
        utf8 = codecs.getincrementaldecoder("utf-8")()
        text = utf8.decode(sample, final=False)
    except UnicodeDecodeError:
        pass
    else:
        utf8.errors = _MARKING  # it read the sample without an error: from here on it marks them
        return "utf-8", [], _Reading(utf8, text) if whole else None
    gb = _decoded_sample(sample, "gb18030")
    gb_err = gb.text.count(_MARK)
    gb_guess = [_guessed("gb18030", "no byte-order mark, not UTF-8; reads best as GB18030/GBK")]
    if not gb_err and not _decodes(sample, "big5"):
        # (GBK text is seldom valid Big5, and the strict decoder stops at the first bad byte: the
        # usual case needs no second full decoding.)
        return "gb18030", gb_guess, gb if whole else None
    b5 = _decoded_sample(sample, "big5")
    b5_err = b5.text.count(_MARK)
    # Fewer errors wins; on a tie, more common characters (counted only then:
    # a character loop per file, which GBK text read as Big5 never needs);
    # GB18030 by default.
    if b5_err < gb_err or (b5_err == gb_err and _common(b5.text) > _common(gb.text)):
        return "big5", [_guessed("big5", "no byte-order mark, not UTF-8; reads best as Big5")], b5 if whole else None
    return "gb18030", gb_guess, gb if whole else None


def _guessed(codec: str, why: str) -> Diagnostic:
    return Diagnostic.of(
        ENCODING_GUESSED,
        f"Encoding guessed as `{codec}` ({why}); pass the encoding to be sure",
        Span.point(1, 1),
    )


def _resolve(data_head: bytes, encoding: Optional[str]) -> tuple[str, list[Diagnostic]]:
    codec, diags, _ = _resolve_reading(data_head, encoding)
    return codec, diags


def _resolve_reading(data_head: bytes, encoding: Optional[str]) -> tuple[str, list[Diagnostic], Optional[_Reading]]:
    """The codec for ``data_head`` (``encoding`` when it names one), the findings, and detection's
    reading of the bytes when it read them all (:func:`_detect`)."""
    diags: list[Diagnostic] = []
    if encoding is not None:
        try:
            name = codecs.lookup(encoding).name
        except LookupError:
            diags.append(
                Diagnostic.of(
                    UNKNOWN_ENCODING,
                    f"Unknown encoding `{encoding}`; detecting it from the bytes instead",
                )
            )
        else:
            # An explicit UTF-8/UTF-16 still drops its BOM.
            if name == "utf-8" and data_head.startswith(codecs.BOM_UTF8):
                return "utf-8-sig", diags, None
            return name, diags, None
    codec, found, reading = _detect(data_head)
    return codec, diags + found, reading


def _replacement_diagnostics(text: str, line: int, column: int, codec: str) -> list[Diagnostic]:
    """One ``E102`` per line of ``text`` where decoding met bad bytes (a :data:`_MARK` there).

    ``text`` starts at ``line`` and ``column`` of the file (a piece of a line
    may start past column 1).
    """
    out: list[Diagnostic] = []
    i = text.find(_MARK)
    if i < 0:
        return out
    piece = Source(None, None, text, 0, line, column)
    last_line = -1
    while i >= 0:
        span = piece.span(i, i + 1)
        if span.line != last_line:
            out.append(Diagnostic.of(UNDECODABLE_BYTES, f"Bytes not valid in `{codec}` replaced by `\ufffd`", span))
            last_line = span.line
        i = text.find(_MARK, i + 1)
    return out


def decode_bytes(data: bytes, encoding: Optional[str] = None) -> tuple[str, str, list[Diagnostic]]:
    """Decode a whole byte string: ``(text, codec, diagnostics)``; never raises.

    A BOM is removed.  Undecodable bytes become U+FFFD, each line with any
    reported once (``E102``).
    """
    codec, diags = _resolve(data[:SAMPLE_SIZE], encoding)
    text = data.decode(codec, errors=_MARKING)
    if _MARK in text:
        diags += _replacement_diagnostics(text, 1, 1, codec)
        text = text.replace(_MARK, "\ufffd")
    return text, codec, diags


class TextSource:
    """A byte stream decoded incrementally: iterate to get its text in pieces.

    The pieces are runs of whole lines, each piece ending with a ``\\n`` (a
    ``\\r`` stays in its line), about a block each; a line longer than ``piece_limit`` (a file whose lines end in
    lone CRs, or none) comes in parts, so memory stays flat.  ``block_size``
    bytes are read at a time; ``sample_size`` leading bytes serve detection.  ``encoding`` is
    the codec used, ``diagnostics`` what detection and decoding reported (it
    grows while pieces are read: undecodable bytes are found as they come).
    Memory is O(``block_size`` + ``piece_limit``).  ``raw`` is closed by :meth:`close` only
    when ``owned`` (the file :func:`open_text` opened; not a handle the
    caller passed).  ``line`` is the file line of the first byte (a part of a
    file read on its own, cut after a line end).  ``keep`` (characters; 0:
    none) lets a small file's text be had again, :meth:`kept_text`.  Use as a
    context manager or call :meth:`close`.
    """

    def __init__(
        self,
        raw: IO[bytes],
        encoding: Optional[str] = None,
        *,
        path: Optional[str] = None,
        owned: bool = True,
        block_size: int = BLOCK_SIZE,
        sample_size: int = SAMPLE_SIZE,
        piece_limit: int = PIECE_LIMIT,
        line: int = 1,
        keep: int = 0,
    ) -> None:
        self._raw = raw
        self._owned = owned
        self._block_size = block_size
        self._piece_limit = piece_limit
        self.path = path
        head = _read_up_to(raw, sample_size)
        self.encoding, diags, reading = _resolve_reading(head, encoding)
        self.diagnostics: list[Diagnostic] = [d.with_path(path) if path else d for d in diags]
        self._head = head
        # Where detection decoded the head, its decoder goes on from there and its text is the
        # head's (a small file is decoded once, not twice).
        self._head_text = reading.text if reading is not None else None
        self._decoder = reading.decoder if reading is not None else codecs.getincrementaldecoder(self.encoding)(errors=_MARKING)
        self._line = line  # where the next piece starts (a part of a file may start past line 1)
        self._column = 1
        self._cr = False  # the last piece ended with a CR: a line end unless an LF follows
        self._bad_line: Optional[int] = 0  # the last line E102 was reported on
        # The pieces handed out, while they come to at most `keep` characters (see kept_text).
        self._keep = keep
        self._kept: Optional[list[str]] = [] if keep > 0 else None
        self._done = False

    def _blocks(self) -> Iterator[str]:
        data = self._head
        self._head = b""
        if self._head_text is not None:
            yield self._head_text
            self._head_text = None
            data = b""
        while True:
            if not data:
                data = self._raw.read(self._block_size)
                if not data:
                    tail = self._decoder.decode(b"", final=True)
                    if tail:
                        yield tail
                    return
            yield self._decoder.decode(data, final=False)
            data = b""

    def __iter__(self) -> Iterator[str]:
        """The decoded text in pieces of whole lines: each piece ends with a ``\\n`` (a ``\\r`` stays in its line).

        A piece holds about :data:`RUN_SIZE` characters of a block, up to an
        LF (what follows a block's last LF goes on in the next piece), so a
        caller pays per piece, not per line; only the last piece, and the parts
        of a line longer than ``piece_limit``, may end elsewhere.
        """
        pending = ""
        for block in self._blocks():
            if not block:
                continue
            text = pending + block if pending else block
            start = 0
            for cut in _line_runs(text):
                yield self._piece(text[start:cut] if start or cut < len(text) else text)
                start = cut
            pending = text[start:]
            if len(pending) > self._piece_limit:
                # A line with no LF so far: pass it on in parts.
                yield self._piece(pending)
                pending = ""
        if pending:
            yield self._piece(pending)
        self._done = True

    def kept_text(self) -> Optional[str]:
        """The whole text handed out, once it has all been (its pieces joined), when it came to at most
        ``keep`` characters; else ``None`` (a larger file, ``keep`` 0, or not read to its end).

        So that a second look at a small file's lines (:meth:`RecordStream.lines`) needs no second read.
        """
        return "".join(self._kept) if self._done and self._kept is not None else None

    def _note_bad(self, piece: str) -> str:
        """E102 for the bad bytes of ``piece``, the next piece (once per line, across the parts of a line);
        ``piece`` with U+FFFD in their place."""
        for d in _replacement_diagnostics(piece, self._line, self._column, self.encoding):
            if d.line == self._bad_line:
                continue  # reported already, in an earlier part of this line
            self._bad_line = d.line
            self.diagnostics.append(d.with_path(self.path) if self.path else d)
        return piece.replace(_MARK, "\ufffd")

    def _after_cr(self, piece: str) -> None:
        """The last piece ended with a CR: it ended a line unless ``piece`` starts with its LF."""
        self._cr = False
        if not piece.startswith("\n"):
            self._line += 1
            self._column = 1

    def _piece(self, piece: str) -> str:
        """Note the bad bytes of the next piece and where the one after it starts.

        A piece is part of a line or a whole line; its line ends are LF, CR LF
        and a lone CR (a CR at its very end is decided by the next piece).
        """
        if self._cr:
            self._after_cr(piece)
        if _MARK in piece:
            piece = self._note_bad(piece)
        body = piece[:-1] if piece.endswith("\r") else piece
        ends = body.count("\n") + body.count("\r") - body.count("\r\n")
        if ends:
            self._line += ends
            self._column = len(body) - max(body.rfind("\n"), body.rfind("\r"))
        else:
            self._column += len(body)
        self._cr = piece.endswith("\r")
        kept = self._kept
        if kept is not None:
            self._keep -= len(piece)
            if self._keep >= 0:
                kept.append(piece)
            else:
                self._kept = None
        return piece

    def blocks(self) -> Iterator[str]:
        """The decoded text in blocks of about ``block_size`` bytes, not cut into lines (a second
        pass over a file, for its lines by number, :meth:`RecordStream.lines`): joined, the
        same text as the pieces, the bad bytes as U+FFFD; no diagnostic is noted."""
        for block in self._blocks():
            yield block.replace(_MARK, "\ufffd") if _MARK in block else block

    def read(self) -> str:
        """The rest of the text at once (for small files)."""
        return "".join(self)

    def close(self) -> None:
        if self._owned:
            self._raw.close()

    def __enter__(self) -> "TextSource":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _line_runs(text: str) -> Iterator[int]:
    """Where :meth:`TextSource.__iter__` cuts ``text``: after an LF, about every :data:`RUN_SIZE` characters.

    Each cut is just after the last LF within :data:`RUN_SIZE` characters of
    the previous cut, or after the first LF past them (a longer line); none
    after the last LF.
    """
    start, end = 0, len(text)
    while start < end:
        cut = text.rfind("\n", start, start + RUN_SIZE) + 1 or text.find("\n", start + RUN_SIZE) + 1
        if not cut:
            return
        yield cut
        start = cut


def _read_up_to(raw: IO[bytes], size: int) -> bytes:
    """Up to ``size`` bytes of ``raw``: fewer only at its end (a pipe or a raw handle may return less per read)."""
    head = raw.read(size) or b""
    while head and len(head) < size:
        more = raw.read(size - len(head))
        if not more:
            break
        head += more
    return head


def open_text(path: Union[str, Path], encoding: Optional[str] = None) -> TextSource:
    """Open ``path`` for incremental decoding with a detected (or given) encoding.

    Raises ``OSError`` only for a file that cannot be opened at all (the caller
    reports that as it sees fit); bad bytes inside never raise.
    """
    raw = open(path, "rb")
    try:
        return TextSource(raw, encoding, path=str(path))
    except BaseException:
        raw.close()
        raise


def decode_text(data: bytes, encoding: Optional[str] = None) -> tuple[str, list[Diagnostic]]:
    """``(text, diagnostics)`` of :func:`decode_bytes`, without the codec name."""
    text, _codec, diags = decode_bytes(data, encoding)
    return text, diags
