"""``xqformats lint`` on the files users have, against python-chess (and cchess), per ply, whole processes.

Run by hand (from the repository root, in the venv)::

    python benchmarks/bench_real.py [--rounds 5] [--work /tmp/xqformats-bench-real] [--corpus ../shared/corpus]

What is timed: whole processes, start-up included, with compiled byte code
(each command runs once untimed first, which also writes the ``.pyc``
files), as CPU time (user + system of the child, from :func:`os.wait4`: on a
shared machine wall time measures the neighbours).  The two programs of a
pair run alternately, round after round; each figure is the median of the
rounds.  The ratio is python-chess's CPU time per ply over xqformats' (above
1: xqformats is faster).

Inputs (written once into ``--work``, kept for the next run):

* ``realstyle.pgn``: one real-style file of ``--file-games`` (1,000) games,
  written by ``realstyle.py`` the way XQWizard writes (GBK, CRLF, one move
  pair per line, fullwidth digits for Black, ``yy-mm-dd`` dates, the footer
  after the result);
* ``realstyle/``: a folder of ``--folder-games`` (2,000) such games, one per
  file;
* the chess side: python-chess random playouts, game for game of the same
  number of plies (a chess game that ends sooner is shorter: the plies
  actually read are counted), as one file and as a folder of single-game
  files (``chess.pgn``, ``chess/``);
* with the shared corpus (``--corpus``): its real PGN files (every ``*.pgn``,
  any case) against a chess folder of as many files with the same plies,
  its XQF files up to ``--max-xqf-kb`` against cchess ``read_from_xqf`` on
  the same files (when ``cchess`` is installed; goal 50x), and its CBL files
  per game against its XQF files per game.

xqformats runs ``python -m xqformats lint -j 1 --no-progress`` (default text
output, to ``/dev/null``); its ply count is the ``moves`` of its own run
summary (``-v``, run once untimed).  python-chess runs a
``chess.pgn.read_game`` loop (which checks every move's legality) over the
same number of chess plies.  Also printed: ``lint -q --statistics`` beside
``lint`` on the folder (what rendering the findings costs), and the start-up
of one small file (wall and CPU).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import realstyle  # noqa: E402

PY = sys.executable
ENV = dict(os.environ, PYTHONPATH=str(ROOT))
ENV.pop("PYTHONDONTWRITEBYTECODE", None)
LINT = [PY, "-m", "xqformats", "lint", "-j", "1", "--no-progress"]

# python-chess reading: every game of every file or folder given, plies counted.
CHESS_READ = """
import os, sys, chess.pgn
plies = 0
for arg in sys.argv[1:]:
    paths = [os.path.join(arg, n) for n in sorted(os.listdir(arg))] if os.path.isdir(arg) else [arg]
    for path in paths:
        with open(path, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                plies += sum(1 for _ in game.mainline_moves())
print(plies)
"""

# cchess reading XQF files, one by one (it prints nothing we need).
CCHESS_READ = """
import contextlib, io, sys
from cchess.read_xqf import read_from_xqf
with contextlib.redirect_stdout(io.StringIO()):
    for path in sys.argv[1:]:
        read_from_xqf(path)
"""


def cpu(cmd: Sequence[str], cwd: Optional[Path] = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one whole process, output thrown away."""
    start = time.monotonic()
    proc = subprocess.Popen(list(cmd), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, cwd=cwd)
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0  # reaped by wait4
    return usage.ru_utime + usage.ru_stime, time.monotonic() - start


def lint_moves(paths: Sequence[str]) -> int:
    """The moves ``lint`` counts in ``paths`` (its run summary, ``-v``)."""
    err = subprocess.run(LINT + ["-v", *paths], capture_output=True, text=True, env=ENV).stderr
    found = re.search(r"([\d,]+) moves?;", err)
    return int(found.group(1).replace(",", "")) if found else 0


def chess_plies(paths: Sequence[str]) -> int:
    out = subprocess.run([PY, "-c", CHESS_READ, *paths], capture_output=True, text=True, env=ENV).stdout
    return int(out.strip() or 0)


# ---------------------------------------------------------------- the chess side


def chess_game(rng: random.Random, plies: int, index: int) -> str:
    """A random legal chess game of at most ``plies`` plies, as python-chess exports it."""
    import chess
    import chess.pgn

    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over(claim_draw=False):
            break
        board.push(rng.choice(moves))
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = "Bench"
    game.headers["Site"] = "Internet"
    game.headers["Date"] = "2009.08.01"
    game.headers["Round"] = str(index)
    game.headers["White"] = f"White{index % 97}"
    game.headers["Black"] = f"Black{index % 89}"
    game.headers["Result"] = rng.choice(("1-0", "0-1", "1/2-1/2"))
    return str(game) + "\n"


def write_chess(plies: Sequence[Sequence[int]], seed: int, *, folder: Optional[Path] = None, file: Optional[Path] = None) -> None:
    """Chess files matching ``plies`` (per file, per game): into ``folder`` one file each, or all into ``file``."""
    rng = random.Random(seed)
    texts = ["\n".join(chess_game(rng, n, i) for i, n in enumerate(games)) for games in plies]
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        for i, text in enumerate(texts):
            (folder / f"game{i:05d}.pgn").write_text(text, encoding="utf-8")
    if file is not None:
        file.write_text("\n".join(texts), encoding="utf-8")


def prepare(work: Path, file_games: int, folder_games: int) -> dict[str, Path]:
    """Write the generated inputs into ``work`` unless they are there already."""
    work.mkdir(parents=True, exist_ok=True)
    paths = {
        "xq_file": work / "realstyle.pgn", "xq_folder": work / "realstyle",
        "chess_file": work / "chess.pgn", "chess_folder": work / "chess",
    }
    stamp = work / "inputs.json"
    wanted = {"file_games": file_games, "folder_games": folder_games, "version": 1}
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return paths
    print(f"writing the inputs into {work} (once) ...", flush=True)
    file_plies = realstyle.write_games(file_games, 1, file=paths["xq_file"])
    folder_plies = realstyle.write_games(folder_games, 2, folder=paths["xq_folder"])
    write_chess([file_plies], 3, file=paths["chess_file"])
    write_chess([[n] for n in folder_plies], 4, folder=paths["chess_folder"])
    stamp.write_text(json.dumps(wanted))
    return paths


# ---------------------------------------------------------------- measuring


def alternate(commands: dict[str, list[str]], rounds: int) -> dict[str, float]:
    """The median CPU seconds of each command, run in turn round after round (one untimed run first)."""
    for cmd in commands.values():
        cpu(cmd)
    times: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(rounds):
        for key, cmd in commands.items():
            times[key].append(cpu(cmd)[0])
    return {k: statistics.median(v) for k, v in times.items()}


def row(label: str, ours: float, our_plies: int, theirs: float, their_plies: int, rival: str = "python-chess") -> str:
    us = ours / our_plies * 1e6
    them = theirs / their_plies * 1e6
    return (
        f"| {label} | {ours:.2f} s, {our_plies:,} plies ({us:.1f} µs/ply) | "
        f"{theirs:.2f} s, {their_plies:,} plies ({them:.1f} µs/ply) | **{them / us:.2f}x** |"
    )


def corpus_files(corpus: Path, suffix: str, max_kb: Optional[int] = None) -> list[str]:
    out = []
    for path in sorted(corpus.rglob("*")):
        if path.is_file() and path.suffix.lower() == suffix and (max_kb is None or path.stat().st_size <= max_kb * 1024):
            out.append(str(path))
    return out


def corpus_pgn_chess(files: Sequence[str], work: Path) -> Path:
    """A chess folder of as many files as ``files``, each with the plies ``lint`` counts in its namesake."""
    folder = work / "chess-corpus"
    stamp = work / "chess-corpus.json"
    if stamp.is_file() and json.loads(stamp.read_text()) == [2, *files]:
        return folder
    # Each file's plies as chess games of at most 130 plies (a random chess game rarely lasts longer).
    plies = []
    for f in files:
        n = max(1, lint_moves([f]))
        plies.append([130] * (n // 130) + ([n % 130] if n % 130 else []))
    write_chess(plies, 5, folder=folder)
    stamp.write_text(json.dumps([2, *files]))
    return folder


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--work", type=Path, default=Path("/tmp/xqformats-bench-real"))
    ap.add_argument("--file-games", type=int, default=1000)
    ap.add_argument("--folder-games", type=int, default=2000)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    ap.add_argument("--max-xqf-kb", type=int, default=20, help="XQF files up to this size (cchess reads ~2,000 moves/s)")
    ap.add_argument("--skip", nargs="*", default=(), choices=("generated", "corpus", "xqf", "output", "startup"))
    args = ap.parse_args(argv)
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min); "
          f"{os.cpu_count()} cores; median of {args.rounds} rounds, CPU time", flush=True)
    paths = prepare(args.work, args.file_games, args.folder_games)
    xq_file, xq_folder = str(paths["xq_file"]), str(paths["xq_folder"])
    rows = ["| input | xqformats lint | python-chess | ratio |", "|---|---|---|---|"]

    if "generated" not in args.skip:
        m = alternate({
            "xq_file": LINT + [xq_file], "chess_file": [PY, "-c", CHESS_READ, str(paths["chess_file"])],
            "xq_folder": LINT + [xq_folder], "chess_folder": [PY, "-c", CHESS_READ, str(paths["chess_folder"])],
        }, args.rounds)
        rows.append(row(f"real-style file, {args.file_games:,} games", m["xq_file"], lint_moves([xq_file]),
                        m["chess_file"], chess_plies([str(paths["chess_file"])])))
        rows.append(row(f"real-style folder, {args.folder_games:,} single-game files", m["xq_folder"],
                        lint_moves([xq_folder]), m["chess_folder"], chess_plies([str(paths["chess_folder"])])))
        print("\n".join(rows), flush=True)

    corpus = args.corpus if args.corpus.is_dir() else None
    if corpus is not None and "corpus" not in args.skip:
        pgn = corpus_files(corpus, ".pgn")
        chess_dir = corpus_pgn_chess(pgn, args.work)
        m = alternate({"xq": LINT + pgn, "chess": [PY, "-c", CHESS_READ, str(chess_dir)]}, args.rounds)
        rows.append(row(f"corpus: {len(pgn)} real PGN files", m["xq"], lint_moves(pgn), m["chess"],
                        chess_plies([str(chess_dir)])))
        print(rows[-1], flush=True)

    if corpus is not None and "xqf" not in args.skip:
        xqf = corpus_files(corpus, ".xqf", args.max_xqf_kb)
        cbl = corpus_files(corpus, ".cbl")
        xqf_moves = lint_moves(xqf)
        try:
            import cchess  # noqa: F401
            have_cchess = True
        except ImportError:
            have_cchess = False
        cmds = {"xqf": LINT + xqf, "cbl": LINT + cbl}
        if have_cchess:
            cmds["cchess"] = [PY, "-c", CCHESS_READ, *xqf]
        m = alternate(cmds, max(1, args.rounds // 2) if have_cchess else args.rounds)
        if have_cchess:
            rows.append(row(f"corpus: {len(xqf)} XQF files (≤ {args.max_xqf_kb} KB)", m["xqf"], xqf_moves, m["cchess"],
                            xqf_moves, "cchess") + " (vs cchess `read_from_xqf`, goal 50x)")
        else:
            rows.append(f"| corpus: {len(xqf)} XQF files | {m['xqf']:.2f} s, {xqf_moves:,} moves | (cchess not installed) | |")
        xqf_games = len(xqf)  # one game per XQF file
        cbl_games = _games(cbl)
        rows.append(
            f"| corpus: {len(cbl)} CBL files, {cbl_games:,} games | {m['cbl']:.2f} s ({m['cbl'] / cbl_games * 1e3:.2f} ms/game) | "
            f"XQF: {m['xqf']:.2f} s for {xqf_games:,} games ({m['xqf'] / xqf_games * 1e3:.2f} ms/game) | "
            f"**{(m['xqf'] / xqf_games) / (m['cbl'] / cbl_games):.2f}x** (goal ≥ 1) |"
        )
        print("\n".join(rows[-2:]), flush=True)

    if "output" not in args.skip:
        m = alternate({"lint": LINT + [xq_folder], "quiet": LINT + ["-q", "--statistics", xq_folder]}, args.rounds)
        share = (m["lint"] - m["quiet"]) / m["lint"] * 100
        rows.append(f"\noutput: `lint` {m['lint']:.2f} s, `lint -q --statistics` {m['quiet']:.2f} s on the folder: "
                    f"rendering the findings is {share:.1f}% of the run (goal < 10%)")
        print(rows[-1], flush=True)

    if "startup" not in args.skip:
        small = _small_file(corpus, paths)
        cmd = [PY, "-m", "xqformats", "lint", small]
        cpu(cmd)
        runs = [cpu(cmd) for _ in range(max(5, args.rounds))]
        rows.append(f"start-up: `python -m xqformats lint {Path(small).name}`: "
                    f"{statistics.median(w for _, w in runs):.3f} s wall, {statistics.median(c for c, _ in runs):.3f} s CPU "
                    "(goal ≤ 0.15 s)")
        print(rows[-1], flush=True)

    print("\n" + "\n".join(rows))
    return 0


def _games(paths: Sequence[str]) -> int:
    err = subprocess.run(LINT + ["-v", *paths], capture_output=True, text=True, env=ENV).stderr
    found = re.search(r"([\d,]+) games?,", err)
    return int(found.group(1).replace(",", "")) if found else 1


def _small_file(corpus: Optional[Path], paths: dict[str, Path]) -> str:
    if corpus is not None:
        sample = corpus / "walker8088__cchess" / "tests" / "data" / "test.pgn"
        if sample.is_file():
            return str(sample)
    return str(sorted(paths["xq_folder"].iterdir())[0])


if __name__ == "__main__":
    sys.exit(main())
