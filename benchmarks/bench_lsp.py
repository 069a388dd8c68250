"""Language server latency: a one-character edit in a 1,000-game file, to its diagnostics.

Run by hand::

    python benchmarks/bench_lsp.py [--games 1000] [--edits 40] [--seed 1]

A bare JSON-RPC client (no typed messages: an editor parses JSON natively)
starts ``xqformats lsp`` on stdio, opens a generated file of
``--games`` random games (about 60 plies each, with comments, NAGs and
variations, in Chinese notation; every other game without its ``Game`` tag,
so each publication carries hundreds of findings, as a real collection's
would), waits for its first diagnostics, then types: ``--edits`` times it
inserts one character in a move of a game in the middle of the file (each
next edit replaces it with another, so every version of the game is new to
the server's cache), and times from sending
``textDocument/didChange`` to receiving the ``publishDiagnostics`` of that
version.  Printed: the median and the 90th percentile of those wall times
(the figure for the README: goal well under 100 ms), the time to the first
diagnostics after opening, and the same edit measured in-process without the
protocol (re-cut, re-lint the changed game, place every finding).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[0]))
sys.path.insert(0, str(HERE))

from bench_pgn import random_game  # noqa: E402

from xqformats.lsp.analysis import Analysis, Range  # noqa: E402
from xqformats.pgn import write_pgn  # noqa: E402

URI = "file:///nonexistent-xqformats-bench/games.pgn"


def typed(n: int) -> str:
    """The character of edit ``n``: each edit replaces the one typed before with another (a new game text each time)."""
    return chr(0x4E00 + n)


def make_text(games: int, seed: int) -> str:
    """``games`` random games, every other one without its ``Game`` tag (T101)."""
    rng = random.Random(seed)
    parts = []
    for i in range(games):
        text = write_pgn(random_game(rng, 60))
        if i % 2:
            text = text.replace('[Game "Chinese Chess"]\n', "", 1)
        parts.append(text.replace('[Event "Bench"]', f'[Event "Bench {i}"]', 1))
    return "\n".join(parts)


def edit_point(text: str) -> tuple[int, int]:
    """A line of moves in the middle of the file, and a column inside its first move (0-based, UTF-16)."""
    lines = text.split("\n")
    for n in range(len(lines) // 2, len(lines)):
        if lines[n].startswith("1. "):
            return n, 4  # inside the first move's text ("1. 炮二平五": the 二)
    raise SystemExit("no line of moves found")


class Client:
    """A bare JSON-RPC client on the server's stdio: messages framed and parsed, nothing more.

    An editor parses JSON natively; a Python client that also builds typed
    objects from every message (pygls's) would add its own milliseconds to
    the figure and slow the server's writes (the pipe fills while it parses).
    """

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.ids = 0

    def send(self, method: str, params: object, *, request: bool = False) -> int:
        message: dict[str, object] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.ids += 1
            message["id"] = self.ids
        body = json.dumps(message).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        return self.ids

    async def receive(self) -> dict:
        stdout = self.process.stdout
        assert stdout is not None
        length = 0
        while True:
            line = await stdout.readline()
            if not line:
                raise SystemExit("the server stopped")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        return json.loads(await stdout.readexactly(length))

    async def response(self, id: int) -> dict:
        while True:
            message = await self.receive()
            if message.get("id") == id and "method" not in message:
                return message

    async def diagnostics(self, version: int) -> dict:
        while True:
            message = await self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
                return message


def change(line: int, col: int, version: int) -> dict:
    """Edit ``version``: the character typed before (none for the first) replaced by a new one."""
    end = col + (version > 2)
    return {
        "textDocument": {"uri": URI, "version": version},
        "contentChanges": [
            {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": end}}, "text": typed(version)}
        ],
    }


async def measure(text: str, edits: int) -> tuple[float, list[float]]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "xqformats", "lsp", cwd=str(HERE.parents[0]),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 24,
    )
    client = Client(process)
    await client.response(client.send("initialize", {"processId": None, "rootUri": None, "capabilities": {}}, request=True))
    client.send("initialized", {})
    started = time.perf_counter()
    client.send("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "pgn", "version": 1, "text": text}})
    await client.diagnostics(1)
    opened = time.perf_counter() - started
    line, col = edit_point(text)
    times = []
    for version in range(2, edits + 2):
        t = time.perf_counter()
        client.send("textDocument/didChange", change(line, col, version))
        await client.diagnostics(version)
        times.append(time.perf_counter() - t)
    await client.response(client.send("shutdown", None, request=True))
    client.send("exit", None)
    await process.wait()
    return opened, times


def in_process(text: str, edits: int) -> list[float]:
    """The same edits on an :class:`Analysis` in this process (no protocol, no serialisation)."""
    analysis = Analysis(text, "games.pgn")
    analysis.findings()
    line, col = edit_point(text)
    times = []
    for i in range(edits):
        t = time.perf_counter()
        analysis.edit(Range(line, col, line, col + (i > 0)), typed(i))
        analysis.findings()
        times.append(time.perf_counter() - t)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--edits", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    text = make_text(args.games, args.seed)
    findings = len(Analysis(text, "games.pgn").findings())
    print(f"file: {args.games} games, {len(text):,} characters, {text.count(chr(10)):,} lines, {findings} findings")
    opened, times = asyncio.run(measure(text, args.edits))
    ms = sorted(t * 1000 for t in times)
    print(f"open to first diagnostics: {opened * 1000:.0f} ms")
    print(
        f"one-character edit to publishDiagnostics (stdio, {len(ms)} edits): "
        f"median {statistics.median(ms):.1f} ms, p90 {ms[int(len(ms) * 0.9) - 1]:.1f} ms, max {ms[-1]:.1f} ms"
    )
    local = sorted(t * 1000 for t in in_process(text, args.edits))
    print(f"the same edit in-process (re-cut, re-lint one game, place findings): median {statistics.median(local):.1f} ms")


if __name__ == "__main__":
    main()
