"""The language server, driven over its protocol (pytest-lsp starts ``xqformats lsp`` on stdio).

Ranges are checked in UTF-16 code units computed here from the text itself
(``len(prefix.encode("utf-16-le")) // 2``), on a line where CJK moves, a
fullwidth digit and an astral character stand before the error; and again
with a client that negotiates UTF-8.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import REPO_ROOT

pytest.importorskip("pygls")

_ENV = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
_SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "xqformats", "lsp"], server_env=_ENV)

#: A file no config governs (the folder does not exist; the config search walks up to `/`).
URI = "file:///nonexistent-xqformats-lsp/games.pgn"
#: The document the edit test changes (the server is shared by the module's tests).
EDITED = "file:///nonexistent-xqformats-lsp/edited.pgn"

# Line 3 (0-based 2): a fullwidth digit (马８进７) and an astral character (in a comment)
# stand before the illegal move `马7进9` (its destination i6 holds Black's own pawn: M301).
BAD_LINE = "1. 炮二平五 马８进７ 2. 马二进三 {𠀀 见} 车9平8 3. 车一平二 马7进9 *"
TEXT = (
    '[Game "Chinese Chess"]\n'
    '[Red "许银川"]\n'
    f"{BAD_LINE}\n"
    "\n"
    '[Game "Chinese Chess"]\n'
    '[Event "Test"]\n'
    '[Red "A"]\n'
    '[Black "B"]\n'
    "1. 炮二平五 (1. 马二进三 马8进7\n"
    "2. 车一平二) {a comment\n"
    "over two lines} 马8进7 *\n"
)
BAD = "马7进9"


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _utf8(text: str) -> int:
    return len(text.encode("utf-8"))


def _capabilities(encodings: list[str] | None = None) -> types.ClientCapabilities:
    general = types.GeneralClientCapabilities(position_encodings=encodings) if encodings else None
    return types.ClientCapabilities(general=general)


# One server for the module (starting one costs a second or two); each test opens its own document.
@pytest_lsp.fixture(config=_SERVER, scope="module")
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=_capabilities()))
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=_SERVER, scope="module")
async def utf8_client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(types.InitializeParams(capabilities=_capabilities(["utf-8", "utf-16"])))
    assert result.capabilities.position_encoding == "utf-8"
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=_SERVER, scope="module")
async def markdown_client(lsp_client: LanguageClient):
    # As VS Code declares it: its Markdown is marked's, which renders images.
    general = types.GeneralClientCapabilities(markdown=types.MarkdownClientCapabilities(parser="marked", version="1.1.0"))
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities(general=general)))
    yield
    await lsp_client.shutdown_session()


async def _open(client: LanguageClient, text: str = TEXT, uri: str = URI) -> list[types.Diagnostic]:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id="pgn", version=1, text=text))
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


def _by_code(diagnostics: list[types.Diagnostic], code: str) -> types.Diagnostic:
    found = [d for d in diagnostics if d.code == code]
    assert found, [(d.code, d.message) for d in diagnostics]
    return found[0]


@pytest.mark.asyncio(loop_scope="module")
async def test_diagnostics_at_exact_utf16_ranges(client: LanguageClient) -> None:
    diagnostics = await _open(client)
    d = _by_code(diagnostics, "M301")
    col = BAD_LINE.index(BAD)
    assert _utf16(BAD_LINE[:col]) == col + 1  # the astral character is two units: the trap is there
    assert d.range == types.Range(
        start=types.Position(line=2, character=_utf16(BAD_LINE[:col])),
        end=types.Position(line=2, character=_utf16(BAD_LINE[: col + len(BAD)])),
    )
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.source == "xqformats"


@pytest.mark.asyncio(loop_scope="module")
async def test_diagnostics_in_utf8_when_negotiated(utf8_client: LanguageClient) -> None:  # (a server of its own)
    diagnostics = await _open(utf8_client)
    d = _by_code(diagnostics, "M301")
    col = BAD_LINE.index(BAD)
    assert d.range.start == types.Position(line=2, character=_utf8(BAD_LINE[:col]))
    assert d.range.end == types.Position(line=2, character=_utf8(BAD_LINE[: col + len(BAD)]))


@pytest.mark.asyncio(loop_scope="module")
async def test_an_edit_updates_the_diagnostics(client: LanguageClient) -> None:
    await _open(client, TEXT, EDITED)
    col = _utf16(BAD_LINE[: BAD_LINE.index(BAD)])
    bad = types.Range(start=types.Position(line=2, character=col), end=types.Position(line=2, character=col + 4))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=EDITED, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=bad, text="马8进7")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    codes = {d.code for d in client.diagnostics[EDITED]}
    assert "M301" not in codes
    # An edit in the second game moves nothing in the first, and a new error there is found.
    line = TEXT.splitlines()[10]
    at = _utf16(line[: line.index("马8进7")])
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=EDITED, version=3),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=10, character=at), end=types.Position(line=10, character=at + 1)),
                    text="车",
                )
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    after = [d for d in client.diagnostics[EDITED] if d.range.start.line == 10 and d.severity == types.DiagnosticSeverity.Error]
    assert [(d.code, d.range.start.character, d.range.end.character) for d in after] == [("M201", at + 1, at + 2)]  # the file digit


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_on_a_finding_and_on_a_move(client: LanguageClient) -> None:
    await _open(client)
    col = _utf16(BAD_LINE[: BAD_LINE.index(BAD)])
    on_finding = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=2, character=col + 1))
    )
    assert on_finding is not None
    assert on_finding.contents.value.startswith("**M301** (error): Move `马7进9`")
    assert "blocked-move (M301)" in on_finding.contents.value and "What it does" in on_finding.contents.value
    on_move = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=2, character=4))
    )
    assert on_move is not None
    assert "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b" in on_move.contents.value
    assert "0 R N B A K A B N R" in on_move.contents.value  # the text board, rank 0 at the bottom
    assert on_move.range == types.Range(start=types.Position(line=2, character=3), end=types.Position(line=2, character=7))


async def _move_hover(client: LanguageClient) -> str:
    await _open(client)
    found = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=2, character=4))
    )
    assert found is not None
    return str(found.contents.value)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_move_hover_draws_the_board_only_for_a_client_that_renders_images(client: LanguageClient) -> None:
    # Issue 27: in a terminal editor the hover was a 24,701-character float, the text board out of sight.
    text = await _move_hover(client)
    assert "data:image" not in text and len(text) < 1000
    assert text.index("0 R N B A K A B N R") < text.index("FEN after the move")


@pytest.mark.asyncio(loop_scope="module")
async def test_a_client_that_renders_markdown_images_gets_the_board_drawn(markdown_client: LanguageClient) -> None:
    text = await _move_hover(markdown_client)
    assert text.index("0 R N B A K A B N R") < text.index("FEN after the move") < text.index("](data:image/svg+xml;base64,")


@pytest.mark.asyncio(loop_scope="module")
async def test_a_gbk_file_the_editor_decoded_as_latin1_is_one_finding(client: LanguageClient, tmp_path: Path) -> None:
    # Issue 27: Neovim's default fileencodings read GBK as latin-1: one finding, no cascade.
    path = tmp_path / "gbk.pgn"
    path.write_bytes(TEXT.encode("gb18030"))  # (GB18030: GBK and the astral character of TEXT)
    diagnostics = await _open(client, TEXT.encode("gb18030").decode("latin-1"), path.as_uri())
    assert [(d.code, d.severity, d.range.start.line, d.range.start.character) for d in diagnostics] == [
        ("E104", types.DiagnosticSeverity.Warning, 0, 0)
    ]
    assert diagnostics[0].message.startswith("The editor decoded this file as latin-1; it is GBK (GB18030)")


@pytest.mark.asyncio(loop_scope="module")
async def test_document_symbols_one_per_game(client: LanguageClient) -> None:
    await _open(client)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert [(s.name, s.detail) for s in symbols] == [("许银川 – ?", "*"), ("A – B", "Test · *")]
    assert [(s.range.start.line, s.range.end.line) for s in symbols] == [(0, 2), (4, 10)]


@pytest.mark.asyncio(loop_scope="module")
async def test_folding_ranges(client: LanguageClient) -> None:
    await _open(client)
    folds = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    got = {(f.start_line, f.end_line, f.kind) for f in folds}
    assert got == {(0, 2, "region"), (4, 10, "region"), (8, 9, "region"), (9, 10, "comment")}


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_of_legal_moves(client: LanguageClient) -> None:
    text = '[Game "Chinese Chess"]\n1. 炮二平五 马8\n'
    uri = URI.replace("games", "complete")
    await _open(client, text, uri)
    line = "1. 炮二平五 马8"
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=len(line)))
    )
    labels = [item.label for item in result.items]
    # Black's 44 moves of the start position, less h7xh0 (no screen on h2 now), plus h2 and h1 on the open file.
    assert len(labels) == 45
    assert "马8进7" in labels and "炮8平5" in labels
    edit = result.items[0].text_edit
    assert edit.range == types.Range(start=types.Position(line=1, character=8), end=types.Position(line=1, character=10))
    # After `(`, the variation replaces the last move: Red's moves again, in WXF for a WXF game.
    wxf = '[Game "Chinese Chess"]\n[Format "WXF"]\n1. C2.5 ( '
    uri = URI.replace("games", "wxf")
    await _open(client, wxf, uri)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=10))
    )
    labels = [item.label for item in result.items]
    assert "C2.5" in labels and "H2+3" in labels and len(labels) == 44


@pytest.mark.asyncio(loop_scope="module")
async def test_config_of_the_file_applies(client: LanguageClient, tmp_path: Path) -> None:
    (tmp_path / "xqformats.toml").write_text('ignore = ["M3"]\n', encoding="utf-8")
    uri = (tmp_path / "games.pgn").as_uri()
    diagnostics = await _open(client, TEXT, uri)
    assert not [d for d in diagnostics if str(d.code).startswith("M3")]


def test_missing_pygls_is_exit_2_with_the_install_hint() -> None:
    code = "import sys; sys.modules['pygls'] = None; from xqformats.cli import main; raise SystemExit(main(['lsp']))"
    run = subprocess.run([sys.executable, "-c", code], env=_ENV, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "pip install 'xqformats[lsp]'" in run.stderr


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("name", ["cbf-doc.cbf", "cbf-doc.pgn"])
async def test_formatting_a_cbf_document_changes_nothing_and_fails_nothing(client: LanguageClient, name: str) -> None:
    # Issue 28, item 6: CBF text (under its own name or a .pgn one) answered -32603, a
    # TypeError from the front door (CBF is read from bytes); format_text never raises.
    uri = URI.replace("games.pgn", name)
    await _open(client, (REPO_ROOT / "corpus" / "xu-yinchuan-vs-nie-weiping-1999.cbf").read_text(encoding="utf-8"), uri)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    assert not edits


FIXABLE = '[Event "x"]\n[Date "1995.5.22"]\n[Result "红胜"]\n1. 炮二平五 马8进7 1-0\n'


@pytest.mark.asyncio(loop_scope="module")
async def test_formatting_gives_the_canonical_layout(client: LanguageClient) -> None:
    uri = URI.replace("games", "format")
    await _open(client, '[Game "Chinese Chess"]\n1.   炮二平五   马8进7 *\n', uri)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    assert len(edits) == 1
    assert edits[0].range.start == types.Position(line=0, character=0)
    assert "1. 炮二平五 马8进7" in edits[0].new_text


@pytest.mark.asyncio(loop_scope="module")
async def test_code_actions_fix_a_finding_and_all(client: LanguageClient) -> None:
    uri = URI.replace("games", "fixable")
    await _open(client, FIXABLE, uri)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=1, character=0), end=types.Position(line=1, character=0)),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert [a.title.split(":")[0] for a in quick] == ["Fix T104"]
    (edit,) = quick[0].edit.changes[uri]
    assert edit.new_text == '"1995.05.22"'
    assert edit.range == types.Range(start=types.Position(line=1, character=6), end=types.Position(line=1, character=17))
    (fix_all,) = [a for a in actions if a.kind == "source.fixAll.xqformats"]
    (whole,) = fix_all.edit.changes[uri]
    assert '[Game "Chinese Chess"]' in whole.new_text and '"1995.05.22"' in whole.new_text and '[Result "1-0"]' in whole.new_text
