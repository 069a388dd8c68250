"""Linter settings, rule selection and file discovery."""

from __future__ import annotations

from pathlib import Path

import pytest

from xqformats.lint.catalogue import RuleSelection, SelectorError
from xqformats.lint.config import ConfigError, find_config, load_config
from xqformats.lint.discovery import discover
from xqformats.lint.runner import progress_allowed

# ---------------------------------------------------------------- selection


@pytest.mark.parametrize(
    ("select", "ignore", "code", "enabled"),
    [
        (("ALL",), (), "T104", True),
        (("ALL",), ("T1",), "T104", False),
        (("ALL",), ("T1",), "G103", True),
        # The more specific selector wins ...
        (("ALL", "T104"), ("T1",), "T104", True),
        (("T1",), ("T104",), "T104", False),
        # ... and ignore wins a tie.
        (("T104",), ("T104",), "T104", False),
        # Nothing selects it.
        (("G",), (), "T104", False),
        ((), (), "T104", False),
    ],
)
def test_selection_precedence(select: tuple[str, ...], ignore: tuple[str, ...], code: str, enabled: bool) -> None:
    assert RuleSelection(select, ignore).enabled(code) is enabled


def test_selector_parsing_and_validation() -> None:
    assert RuleSelection.parse(["t1, g103", "", "ALL"]) == ("T1", "G103", "ALL")
    RuleSelection(("T1", "ALL"), ("G10",)).validate(["T101", "G101"])
    with pytest.raises(SelectorError, match=r"Unknown rule selector `X9`"):
        RuleSelection(("X9",)).validate(["T101"])


# ---------------------------------------------------------------- config files


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_find_config_walks_up_and_prefers_xqformats_toml(tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    assert find_config(deep) is None or not str(find_config(deep)).startswith(str(tmp_path))
    write(tmp_path / "pyproject.toml", '[tool.xqformats]\nignore = ["G103"]\n')
    assert find_config(deep) == tmp_path / "pyproject.toml"
    # A pyproject.toml without the table is passed over.
    write(tmp_path / "a" / "pyproject.toml", '[project]\nname = "x"\n')
    assert find_config(deep) == tmp_path / "pyproject.toml"
    # xqformats.toml wins over pyproject.toml in the same folder.
    write(tmp_path / "xqformats.toml", "strict = true\n")
    assert find_config(deep) == tmp_path / "xqformats.toml"
    # The nearest folder wins.
    write(tmp_path / "a" / "b" / "xqformats.toml", "")
    assert find_config(deep) == tmp_path / "a" / "b" / "xqformats.toml"


def test_load_config_keys(tmp_path: Path) -> None:
    cfg = write(
        tmp_path / "pyproject.toml",
        "[tool.xqformats]\n"
        'select = ["t1", "G"]\nextend-select = ["F"]\nignore = ["G103"]\nstrict = true\n'
        'exclude = ["legacy"]\noutput-format = "json"\n'
        '[tool.xqformats.per-file-ignores]\n"old/*.pgn" = ["T104"]\n',
    )
    s = load_config(cfg)
    assert s.select == ("T1", "G")
    assert s.extend_select == ("F",)
    assert s.ignore == ("G103",)
    assert s.strict is True
    assert s.exclude == ("legacy",)
    assert s.output_format == "json"
    assert s.root == tmp_path.resolve()
    assert s.ignores_for("old/x.pgn") == ("T104",)
    assert s.ignores_for("new/x.pgn") == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("colour = true\n", r"Unknown key `colour` in `.*xqformats.toml`; expected one of `select`"),
        ('select = "T1"\n', r"`select` in `.*` is not a list of strings"),
        ('strict = "yes"\n', r"`strict` in `.*` is not `true` or `false`"),
        ('output-format = "xml"\n', r"`output-format` in `.*` is `xml`; expected one of `text`, `json`"),
        ("select = [\n", r"Invalid TOML in `.*xqformats.toml`"),
    ],
)
def test_config_errors(tmp_path: Path, text: str, message: str) -> None:
    cfg = write(tmp_path / "xqformats.toml", text)
    with pytest.raises(ConfigError, match=message):
        load_config(cfg)


# ---------------------------------------------------------------- discovery


def test_discover_order_filters_and_dedupes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for rel in ["b/2.pgn", "b/1.CBF", "a/z.pgn", "a/notes.txt", ".hidden/x.pgn", "a/.x.pgn",
                "node_modules/y.pgn", "legacy/old.pgn", "top.pgn"]:
        write(tmp_path / rel, "")
    monkeypatch.chdir(tmp_path)
    targets = discover([".", "top.pgn", "a/notes.txt", "missing.pgn"], exclude=["legacy"], exclude_root=tmp_path)
    assert [(t.display, t.missing) for t in targets] == [
        ("a/z.pgn", False),
        ("b/1.CBF", False),
        ("b/2.pgn", False),
        ("top.pgn", False),
        # Named explicitly: taken whatever its extension (reported as unsupported later).
        ("a/notes.txt", False),
        ("missing.pgn", True),
    ]
    # A file named explicitly is linted even when excluded.
    assert [t.display for t in discover(["legacy/old.pgn"], exclude=["legacy"])] == ["legacy/old.pgn"]
    # Stdin once.
    assert [t.path for t in discover(["-", "-"])] == ["-"]


# ---------------------------------------------------------------- progress bar


class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_only_on_a_terminal_outside_ci() -> None:
    assert progress_allowed(_Stream(True), {}) is True  # type: ignore[arg-type]
    assert progress_allowed(_Stream(False), {}) is False  # type: ignore[arg-type]
    assert progress_allowed(_Stream(True), {"CI": "true"}) is False  # type: ignore[arg-type]
    assert progress_allowed(_Stream(True), {"GITHUB_ACTIONS": "true"}) is False  # type: ignore[arg-type]
    assert progress_allowed(_Stream(True), {"CI": "0"}) is True  # type: ignore[arg-type]
    assert progress_allowed(_Stream(True), {"TERM": "dumb"}) is False  # type: ignore[arg-type]


def test_progress_bar_draws_after_its_delay_and_erases_itself() -> None:
    import io

    from xqformats.lint.runner import Progress

    quiet = io.StringIO()
    p = Progress(3, quiet, delay=60.0)
    p.advance()
    p.close()
    assert quiet.getvalue() == ""  # a short run draws nothing
    shown = io.StringIO()
    p = Progress(4, shown, delay=0.0, width=8)
    for _ in range(4):
        p.advance()
    p.close()
    text = shown.getvalue()
    assert text.startswith("\r[##------] 1/4 files")
    assert "\r[########] 4/4 files" in text
    assert text.endswith("\r\x1b[K")
