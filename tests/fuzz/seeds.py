"""Seed inputs: the project's sample records, and generated games written by every writer.

Seeds are grouped by format name (the registry's ``Format.name``), so each
target starts from inputs of the formats it reads best.  Nothing here names a
format: sample files are every file below ``corpus/`` and ``tests/data/`` whose
extension a registered format claims, and generated games are written with
every format of :meth:`Registry.writable` and every option value of
:data:`OPTION_VALUES` the writer takes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from strategies import games
from xqformats import formats
from xqformats.model import Game

__all__ = ["REPO", "SAMPLE_DIRS", "OPTION_VALUES", "sample_files", "generated_games", "writer_options", "written", "all_seeds"]

REPO = Path(__file__).resolve().parents[2]

#: Where the project keeps sample records of its own.
SAMPLE_DIRS = (REPO / "corpus", REPO / "tests" / "data")

#: Values to try for writer options, by option name (a writer takes the ones it names in
#: ``Writer.options``; an option no entry names is left at its default).
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "notation": ("chinese", "wxf", "iccs"),
    "traditional": (True,),
    "fullwidth": (True,),
}


def sample_files(registry: formats.Registry = formats.REGISTRY) -> dict[str, list[bytes]]:
    """The bytes of every sample record, by the format its extension names (sorted by path)."""
    out: dict[str, list[bytes]] = {}
    for folder in SAMPLE_DIRS:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and registry.knows_extension(path.name):
                data = path.read_bytes()
                found = registry.detect(path.name, data[: formats.HEAD_SIZE]).format
                if found is not None:
                    out.setdefault(found.name, []).append(data)
    return out


def generated_games(count: int, seed: int = 0, max_moves: int = 30) -> list[Game]:
    """``count`` legal games from :func:`strategies.games`, the same ones for the same ``seed``.

    Hypothesis draws them (with its database off and a fixed seed, so the
    draw is repeatable); the harness never asserts inside the draw.
    """
    out: list[Game] = []

    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @hypothesis_seed(seed)
    @given(games(max_moves))
    def collect(game: Game) -> None:
        out.append(game)

    collect()
    return out[:count]


def writer_options(fmt: formats.Format) -> Iterator[dict[str, Any]]:
    """The default options, then each :data:`OPTION_VALUES` value the writer takes, one at a time."""
    yield {}
    assert fmt.writer is not None
    for option in sorted(fmt.writer.options):
        for value in OPTION_VALUES.get(option, ()):
            yield {option: value}


def written(games: list[Game], registry: formats.Registry = formats.REGISTRY) -> dict[str, list[bytes]]:
    """``games`` written by every writer with every option variant, by format name.

    A writer that holds one game per file gets them one by one; the others
    also get all of them in one file.
    """
    out: dict[str, list[bytes]] = {}
    for name in registry.writable():
        fmt = registry.get(name)
        assert fmt.writer is not None
        for i, options in enumerate(writer_options(fmt)):
            for game in games[i :: i + 2]:  # each option variant on a different share of the games
                out.setdefault(name, []).append(formats.write([game], name, **options))
            if fmt.writer.max_games is None and len(games) > 1:
                out[name].append(formats.write(games[:4], name, **options))
    return out


def all_seeds(generated: int = 24, seed: int = 0) -> dict[str, list[bytes]]:
    """Sample files and ``generated`` games written by every writer, by format name."""
    out = sample_files()
    for name, data in written(generated_games(generated, seed)).items():
        out.setdefault(name, []).extend(data)
    return out
