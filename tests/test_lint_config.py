"""Linter settings, rule selection and file discovery."""

from __future__ import annotations

from pathlib import Path

import pytest

from xqformats.lint.config import ConfigError, Settings, find_config, load_config
from xqformats.discovery import discover
from xqformats.lint.runner import LintOptions
from xqformats.progress import progress_allowed
from xqformats.lint.selection import RuleSelection, SelectorError

# ---------------------------------------------------------------- selection

A, T1, T104, M4 = ("ALL",), ("T1",), ("T104",), ("M4",)


@pytest.mark.parametrize(
    ("select", "extend", "ignore", "per_file", "code", "enabled"),
    [
        # The default (no select) is ALL without the opt-in M4 style rules.
        ((), (), (), (), "T104", True),
        ((), (), (), (), "M405", False),
        # ALL written in select reaches them; ALL in extend-select does not.
        (A, (), (), (), "M405", True),
        ((), A, (), (), "M405", False),
        # A selector that names them does, on top of the default or alone.
        ((), M4, (), (), "M405", True),
        ((), M4, (), (), "T104", True),
        (("M",), (), (), (), "M405", True),
        (("M405",), (), (), (), "M405", True),
        (("M405",), (), (), (), "M203", False),
        (T1, ("M405",), (), (), "M405", True),
        (T1, ("M405",), (), (), "G103", False),
        (A, (), M4, (), "M405", False),
        # The longest matching prefix wins ...
        (A, (), T1, (), "T104", False),
        (A, (), T1, (), "G103", True),
        (A + T104, (), T1, (), "T104", True),
        ((), T104, T1, (), "T104", True),
        (T1, (), T104, (), "T104", False),
        # ... and ignore wins a tie.
        (T104, (), T104, (), "T104", False),
        ((), T104, T104, (), "T104", False),
        # Nothing selects it.
        (("G",), (), (), (), "T104", False),
        # per-file-ignores add to ignore for the files they match, and nothing else:
        (A, (), (), T1, "T104", False),
        (A, (), (), T1, "M405", True),  # the opt-in rules stay on (they were lost: issue 9)
        ((), (), (), T1, "M405", False),
        ((), M4, (), T1, "M405", True),
        (A, (), (), M4, "M405", False),
        (A + T104, (), (), T1, "T104", True),  # a more specific select still wins
        ((), (), ("G",), T1, "G103", False),
    ],
)
def test_selection_table(
    tmp_path: Path,
    select: tuple[str, ...],
    extend: tuple[str, ...],
    ignore: tuple[str, ...],
    per_file: tuple[str, ...],
    code: str,
    enabled: bool,
) -> None:
    sel = RuleSelection(
        select=select, extend_select=extend, ignore=ignore, per_file_ignores=(("old/*.pgn", per_file),), root=tmp_path
    )
    assert sel.for_file(str(tmp_path / "old" / "a.pgn"))(code) is enabled
    # A file the glob does not match, or an input without a name, gets the selection without it.
    without = RuleSelection(select=select, extend_select=extend, ignore=ignore).enabled(code)
    assert sel.for_file(str(tmp_path / "new" / "a.pgn"))(code) is without
    assert sel.for_file(None)(code) is without
    assert sel.enabled(code) is without


def test_per_file_globs_match_the_path_from_the_root_or_the_file_name(tmp_path: Path) -> None:
    sel = RuleSelection(per_file_ignores=(("old/*.pgn", T1), ("*.cbf", ("C3",)), ("x.pgn", ("G",))), root=tmp_path)
    assert sel.ignores_for(str(tmp_path / "old" / "a.pgn")) == T1
    assert sel.ignores_for(str(tmp_path / "new" / "old" / "a.pgn")) == ()
    assert sel.ignores_for(str(tmp_path / "deep" / "b.cbf")) == ("C3",)
    assert sel.ignores_for(str(tmp_path / "old" / "x.pgn")) == ("T1", "G")
    # Outside the root the path is matched as given.
    assert sel.ignores_for("/elsewhere/x.pgn") == ("G",)


def test_lint_options_match_stdin_by_its_name(tmp_path: Path) -> None:
    sel = RuleSelection(select=A, per_file_ignores=(("old/*", T1),), root=tmp_path)
    options = LintOptions(sel)
    assert options.enabled_for(str(tmp_path / "old" / "a.pgn"), str(tmp_path / "old" / "a.pgn"))("T104") is False
    assert options.enabled_for(str(tmp_path / "old" / "a.pgn"), "-")("T104") is False  # --stdin-filename
    assert options.enabled_for("-", "-")("T104") is True
    assert options.enabled_for("-", "-")("M405") is True


def test_settings_selection_puts_the_command_line_on_top(tmp_path: Path) -> None:
    s = Settings(select=T1, extend_select=("G",), ignore=("G103",), per_file_ignores=(("a", M4),), root=tmp_path)
    assert s.selection() == RuleSelection(
        select=T1, extend_select=("G",), ignore=("G103",), per_file_ignores=(("a", M4),), root=tmp_path
    )
    # --select replaces the file's select; --extend-select and --ignore add to the file's lists.
    assert s.selection(select=A, extend_select=M4, ignore=T104) == RuleSelection(
        select=A, extend_select=("G", "M4"), ignore=("G103", "T104"), per_file_ignores=(("a", M4),), root=tmp_path
    )
    assert Settings().selection() == RuleSelection()


def test_selector_parsing_and_validation() -> None:
    assert RuleSelection.parse(["t1, g103", "", "ALL"]) == ("T1", "G103", "ALL")
    RuleSelection(select=("T1", "ALL"), ignore=("G10",)).validate(["T101", "G101"])
    RuleSelection(select=A, extend_select=M4, ignore=T1, per_file_ignores=(("*", ("G103",)),)).validate()
    for bad in (
        RuleSelection(select=("X9",)),
        RuleSelection(extend_select=("X9",)),
        RuleSelection(ignore=("X9",)),
        RuleSelection(per_file_ignores=(("*.pgn", ("T1", "X9")),)),
    ):
        with pytest.raises(SelectorError, match=r"Unknown rule selector `X9`"):
            bad.validate()


# ---------------------------------------------------------------- config files


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_find_config_with_the_folders_known_answers_as_the_walk(tmp_path: Path) -> None:
    cfg = write(tmp_path / "club" / "xqformats.toml", "strict = true\n")
    write(tmp_path / "club" / "b" / "pyproject.toml", '[project]\nname = "x"\n')
    folders = [tmp_path / "club" / "a" / "x", tmp_path / "club" / "a" / "y", tmp_path / "club" / "b", tmp_path / "other"]
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
    known: dict[Path, Path | None] = {}
    assert [find_config(f, known) for f in folders] == [find_config(f) for f in folders]
    assert find_config(folders[0], known) == cfg
    # Every folder walked learnt its answer, the ones above the config included.
    assert known[(tmp_path / "club" / "a").resolve()] == cfg
    assert known[(tmp_path / "club").resolve()] == cfg
    assert (tmp_path / "club" / "b").resolve() in known
    # The answer learnt is the one given: a folder already known is not looked at again.
    (cfg).unlink()
    assert find_config(folders[1], known) == cfg


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
    assert s.per_file_ignores == (("old/*.pgn", ("T104",)),)
    assert s.selection().ignores_for(str(tmp_path / "old" / "x.pgn")) == ("T104",)
    assert s.selection().ignores_for(str(tmp_path / "new" / "x.pgn")) == ()


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

    from xqformats.progress import Progress

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


def test_progress_bar_follows_the_bytes_when_their_total_is_known() -> None:
    import io

    from xqformats.progress import Progress

    shown = io.StringIO()
    p = Progress(2, shown, delay=0.0, width=8, total_bytes=4_000_000)
    p.advance(1, 3_000_000)  # one file of two, but three quarters of the bytes
    p.advance(1, 1_000_000)
    p.close()
    text = shown.getvalue()
    assert text.startswith("\r[######--] 1/2 files, 3.0 MB/4.0 MB")
    assert "\r[########] 2/2 files, 4.0 MB/4.0 MB" in text
