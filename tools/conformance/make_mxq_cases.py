"""Write the MXQ conformance cases (xqformats/conformance/cases/mxq/).

xqformats does not write MXQ (docs/spec/mxq.md §1.1), so every input is built
here byte by byte from the layout ``schemas/mxq.ksy``: :func:`pstr` is one
length-prefixed string, :func:`record` a whole file; each fault is commented
with what it breaks.  The expected JSON and offsets are written out by hand
from the spec, not read back.

Usage: ``python tools/conformance/make_mxq_cases.py [--out DIR]``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Union

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from casewriter import Case, Maker, at, document, game, line, main, root

mxq = Maker("mxq", "mxq", "docs/spec/mxq.md")
s = mxq.clauses

#: The eleven fields of a real file's header (docs/spec/mxq.md §3.1), players renamed.
FIELDS = ["聚义堂", "2003年5月22日 10点16分", "甲(1星)-和-乙(2星)", "2203", "1828", "1", "1", "0", "37", "49", "双方议和"]
#: What they become, in order.
HEADERS = [
    ("Site", "聚义堂"), ("Date", "2003.05.22"), ("Time", "10:16:00"), ("Red", "甲(1星)"), ("Black", "乙(2星)"),
    ("RedElo", "2203"), ("BlackElo", "1828"), ("TimeRule", "1 1 0"), ("RedTime", "37"), ("BlackTime", "49"),
    ("Termination", "双方议和"),
]
ALL_RULES = ["Y101", "Y102", "Y103", "Y104", "Y105", "Y106", "Y107", "Y108"]


def pstr(text: Union[str, bytes]) -> bytes:
    """One string: its length byte, then its bytes (GBK for text) (docs/spec/mxq.md §2.1)."""
    raw = text.encode("gbk") if isinstance(text, str) else text
    return bytes([len(raw)]) + raw


def record(moves: Sequence[Union[str, bytes]] = ("7C-4C", "7J-6H"), fields: Sequence[Union[str, bytes]] = FIELDS,
           comments: Sequence[str] = (), tail: bytes = b"") -> bytes:
    """A file: the fields, `Moves`, the moves, `Ends`, the comments, `CommentsEnd`, then ``tail``."""
    out = b"".join(pstr(f) for f in fields) + pstr("Moves") + b"".join(pstr(m) for m in moves) + pstr("Ends")
    return out + b"".join(pstr(c) for c in comments) + pstr("CommentsEnd") + tail


#: Where the first move string starts in :func:`record` with the default fields.
FIRST_MOVE = len(b"".join(pstr(f) for f in FIELDS)) + 6


def valid() -> list[Case]:
    return [
        mxq("valid", "game", record(), s("1.1", "2.1", "3.1", "3.2", "3.3", "4.1", "4.2", "5.2"), ALL_RULES,
            "The eleven header fields of a real file (a draw, 和), then 7C-4C (H2-E2, 炮二平五) and 7J-6H "
            "(H9-G7, 马8进7), no comment.",
            expect=document(game([root(), *line("H2-E2", "H9-G7")], headers=HEADERS, result="1/2-1/2"))),
        mxq("valid", "short-date", record(fields=["铁人巷", "02-10-22", "甲-负-乙"], moves=()), s("3.1", "3.3"), [],
            "Three fields only; the date 02-10-22 is yy-mm-dd, 2002.10.22; Red lost (负); no moves.",
            expect=document(game([root()], headers=[("Site", "铁人巷"), ("Date", "2002.10.22"), ("Red", "甲"),
                                                    ("Black", "乙")], result="0-1"))),
    ]


def invalid() -> list[Case]:
    full = record()
    return [
        mxq("invalid", "truncated", full[: FIRST_MOVE + 9], s("2.2"), ["Y101"],
            "The file ends inside the second move string (its length byte at FIRST_MOVE + 6 promises 5 bytes, 2 follow).",
            diagnostics=[at("Y101", FIRST_MOVE + 6)], exact=True),
        mxq("invalid", "no-ends", full[: full.index(b"\x04Ends")], s("2.2"), ["Y101"],
            "The file ends after the moves, before the marker Ends.",
            diagnostics=[at("Y101", full.index(b"\x04Ends"))], exact=True),
        mxq("invalid", "move-shape", record(moves=("7C-4C", "7C4C", "7J-6H")), s("4.1", "4.3"), ["Y104", "Y106"],
            "The second move string, 7C4C, has no hyphen: it and 7J-6H are kept as a comment on H2-E2.",
            diagnostics=[at("Y104", FIRST_MOVE + 6), at("Y106", FIRST_MOVE + 6)], exact=True),
        mxq("invalid", "illegal-move", record(moves=("7C-4C", "7J-7H")), s("4.2", "4.3"), ["Y105", "Y106"],
            "The second move, 7J-7H (H9-H7), moves Black's horse straight ahead.",
            diagnostics=[at("Y105", FIRST_MOVE + 6), at("Y106", FIRST_MOVE + 6)], exact=True),
        mxq("invalid", "comments", record(comments=("好棋",)), s("5.1"), ["Y108"],
            "One comment string, 好棋, between Ends and CommentsEnd: kept after the last move, H9-G7.",
            diagnostics=[at("Y108", full.index(b"\x04Ends") + 5)], exact=True),
    ]


def dialect() -> list[Case]:
    bad_site = record(fields=[b"\xff\xff", *FIELDS[1:]])
    odd = list(FIELDS)
    odd[2] = "甲对乙"
    odd_data = record(fields=odd)
    trailing = record(tail=b"\x00\x00")
    headers_odd = [h for h in HEADERS if h[0] not in ("Red", "Black")]
    headers_odd.insert(3, ("Name", "甲对乙"))
    return [
        mxq("dialect", "undecodable-text", bad_site, s("2.1"), ["Y102"],
            "The site field holds FF FF, no GBK text: kept as U+FFFD U+FFFD.",
            expect=document(game([root(), *line("H2-E2", "H9-G7")], headers=[("Site", "\ufffd\ufffd"), *HEADERS[1:]],
                                 result="1/2-1/2")),
            diagnostics=[at("Y102", 1)], exact=True),
        mxq("dialect", "players-field", odd_data, s("3.2"), ["Y103"],
            "The third field, 甲对乙, has no -胜-, -负- or -和-: kept as the title (Name), result unknown.",
            expect=document(game([root(), *line("H2-E2", "H9-G7")], headers=headers_odd)),
            diagnostics=[at("Y103", odd_data.index("甲对乙".encode("gbk")))], exact=True),
        mxq("dialect", "trailing-bytes", trailing, s("5.2"), ["Y107"],
            "Two zero bytes follow CommentsEnd: not read.",
            expect=document(game([root(), *line("H2-E2", "H9-G7")], headers=HEADERS, result="1/2-1/2")),
            diagnostics=[at("Y107", len(trailing) - 2)], exact=True),
    ]


def deviations() -> list[Case]:
    """The dialect cases' faults as invalid cases too: a reader must report them (an error under strict)."""
    out = []
    for case in dialect():
        out.append(mxq("invalid", case.name, case.data, case.clause, case.rules, case.description,
                       diagnostics=case.diagnostics, exact=True))
    return out


def cases() -> list[Case]:
    return valid() + invalid() + deviations() + dialect()


if __name__ == "__main__":
    sys.exit(main(cases))
