"""The protocol side of ``xqformats lsp``: a pygls server wrapping :class:`~xqformats.lsp.analysis.Analysis`.

:func:`build_server` makes the server (pygls and lsprotocol are imported
there, so nothing else in xqformats needs them).  Each open document has one
:class:`~xqformats.lsp.analysis.Analysis`, kept in step with the client's
changes (incremental sync; the server applies each change itself, so it
knows which games changed); diagnostics are published after every open and
change.  The position encoding is the one negotiated at ``initialize``
(UTF-16 unless the client offers UTF-8 or UTF-32).

Features: diagnostics (the lint rules and the config that apply to the file;
one ``E104`` instead when the editor decoded the file in the wrong encoding),
hover (a finding's rule page; the position after a move, as a text board and
FEN, and a picture for a client that renders Markdown images), document
symbols (one per game), folding ranges (games, variations, comments over
several lines), formatting (``xqformats format``'s
layout), code actions (each finding's fix, and "fix all" as ``lint --fix``)
and completion (the legal moves at the cursor in the game's notation).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from .. import __version__
from .analysis import Analysis, FoldingRange, GameSymbol, MoveCompletion, Range, TextEdit, lint_options
from .positions import ENCODINGS, UTF16

if TYPE_CHECKING:
    from lsprotocol import types
    from pygls.lsp.server import LanguageServer

#: The name the server gives in ``initialize`` and on every diagnostic (``source``).
SERVER_NAME = "xqformats"

#: The code action kind of "fix all" (ruff's server names its own the same way).
FIX_ALL = "source.fixAll.xqformats"


class _Documents:
    """The open documents by URI, and how to make one."""

    def __init__(self) -> None:
        self.open: dict[str, Analysis] = {}

    def add(self, uri: str, text: str, encoding: str, images: bool) -> tuple[Analysis, Optional[str]]:
        """Open ``uri``: its analysis, and the config error to show, if any."""
        from pygls.uris import to_fs_path

        path = to_fs_path(uri) if uri.startswith("file:") else None
        options, problem = lint_options(Path(path) if path else None)
        name = path or uri
        analysis = Analysis(text, name, path=path or "-", options=options, encoding=encoding, images=images)
        self.open[uri] = analysis
        return analysis, problem


def _lsp_range(types: Any, r: Range) -> Any:
    return types.Range(
        start=types.Position(line=r.start_line, character=r.start_character),
        end=types.Position(line=r.end_line, character=r.end_character),
    )


def _encoding(ls: "LanguageServer") -> str:
    chosen = str(getattr(ls.workspace, "position_encoding", None) or UTF16)
    return chosen if chosen in ENCODINGS else UTF16


def _renders_images(ls: "LanguageServer") -> bool:
    """Whether the client renders Markdown images: it says its Markdown is ``marked``'s (VS Code's).

    Terminal editors (Neovim, Helix, Emacs) declare no Markdown parser and show
    a hover as text, where an image is a long line of base64.
    """
    general = getattr(ls.client_capabilities, "general", None)
    markdown = getattr(general, "markdown", None)
    return markdown is not None and str(markdown.parser).lower() == "marked"


def _publish(ls: "LanguageServer", uri: str, analysis: Analysis, version: Optional[int]) -> None:
    from lsprotocol import types

    from .analysis import LSP_SEVERITY

    diagnostics = [
        types.Diagnostic(
            range=_lsp_range(types, f.range),
            message=f.diagnostic.message,
            severity=types.DiagnosticSeverity(LSP_SEVERITY[f.diagnostic.severity]),
            code=f.diagnostic.code,
            source=SERVER_NAME,
        )
        for f in analysis.findings()
    ]
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version))


def _apply(analysis: Analysis, changes: Any) -> None:
    """Apply the client's changes in order (a change without a range replaces the text)."""
    for change in changes:
        r = getattr(change, "range", None)
        if r is None:
            analysis.replace(change.text)
        else:
            analysis.edit(Range(r.start.line, r.start.character, r.end.line, r.end.character), change.text)


def _symbol(types: Any, s: GameSymbol) -> Any:
    return types.DocumentSymbol(
        name=s.name,
        detail=s.detail,
        kind=types.SymbolKind.Event,
        range=_lsp_range(types, s.range),
        selection_range=_lsp_range(types, s.selection),
    )


def _fold(types: Any, f: FoldingRange) -> Any:
    kind = types.FoldingRangeKind.Comment if f.kind == "comment" else types.FoldingRangeKind.Region
    return types.FoldingRange(start_line=f.start_line, end_line=f.end_line, kind=kind)


def build_server() -> "LanguageServer":
    """The language server, its features registered; start it with ``start_io()`` or ``start_tcp(host, port)``.

    Raises :class:`ImportError` when pygls is not installed.
    """
    from lsprotocol import types
    from pygls.lsp.server import LanguageServer

    server = LanguageServer(
        SERVER_NAME,
        __version__,
        text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
    )
    docs = _Documents()
    _register_sync(server, docs)
    _register_queries(server, docs)
    return server


def _register_sync(server: "LanguageServer", docs: _Documents) -> None:
    """Open, change, close: keep the analyses in step and publish the findings."""
    from lsprotocol import types

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        analysis, problem = docs.add(item.uri, item.text, _encoding(ls), _renders_images(ls))
        if problem is not None:
            ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=problem))
        _publish(ls, item.uri, analysis, item.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        analysis = docs.open.get(uri)
        if analysis is None:
            return
        _apply(analysis, params.content_changes)
        _publish(ls, uri, analysis, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        if docs.open.pop(uri, None) is not None:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def _register_queries(server: "LanguageServer", docs: _Documents) -> None:
    """Hover, document symbols, folding ranges, formatting, code actions, completion."""
    from lsprotocol import types

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: LanguageServer, params: types.HoverParams) -> Optional[types.Hover]:
        analysis = docs.open.get(params.text_document.uri)
        found = analysis.hover(params.position.line, params.position.character) if analysis else None
        if found is None:
            return None
        contents = types.MarkupContent(kind=types.MarkupKind.Markdown, value=found.markdown)
        return types.Hover(contents=contents, range=_lsp_range(types, found.range))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: LanguageServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        analysis = docs.open.get(params.text_document.uri)
        return [_symbol(types, s) for s in analysis.symbols()] if analysis else []

    @server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
    def folding(ls: LanguageServer, params: types.FoldingRangeParams) -> list[types.FoldingRange]:
        analysis = docs.open.get(params.text_document.uri)
        return [_fold(types, f) for f in analysis.folding()] if analysis else []

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: LanguageServer, params: types.DocumentFormattingParams) -> Optional[list[types.TextEdit]]:
        analysis = docs.open.get(params.text_document.uri)
        if analysis is None:
            return None
        edits, reason = analysis.formatting()
        if reason is not None:
            ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Info, message=f"Not formatted: {reason}"))
        return _text_edits(types, edits)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]),
    )
    def code_action(ls: LanguageServer, params: types.CodeActionParams) -> Optional[list[types.CodeAction]]:
        analysis = docs.open.get(params.text_document.uri)
        return _code_actions(types, params.text_document.uri, analysis, params) if analysis else None

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" ", "."]))
    def completion(ls: LanguageServer, params: types.CompletionParams) -> Optional[types.CompletionList]:
        analysis = docs.open.get(params.text_document.uri)
        found = analysis.completion(params.position.line, params.position.character) if analysis else None
        return _completion_list(types, found) if found is not None else None


def _text_edits(types: Any, edits: list[TextEdit]) -> list[Any]:
    return [types.TextEdit(range=_lsp_range(types, e.range), new_text=e.new_text) for e in edits]


def _code_actions(types: Any, uri: str, analysis: Analysis, params: Any) -> list[Any]:
    """Quick fixes for the findings in the range, and "fix all" (``source.fixAll``) when asked for or offered."""
    r = params.range
    only = params.context.only or []
    actions = []
    if not only or types.CodeActionKind.QuickFix in only:
        for fix in analysis.quick_fixes(Range(r.start.line, r.start.character, r.end.line, r.end.character)):
            edit = types.WorkspaceEdit(changes={uri: _text_edits(types, fix.edits)})
            actions.append(
                types.CodeAction(title=fix.title, kind=types.CodeActionKind.QuickFix, edit=edit, is_preferred=fix.safe)
            )
    if not only or any(str(k).startswith(types.CodeActionKind.SourceFixAll) for k in only):
        edits = analysis.fix_all()
        if edits:
            edit = types.WorkspaceEdit(changes={uri: _text_edits(types, edits)})
            actions.append(types.CodeAction(title="Fix all safely fixable findings", kind=FIX_ALL, edit=edit))
    return actions


def _completion_list(types: Any, found: MoveCompletion) -> Any:
    edit_range = _lsp_range(types, found.range)
    items = [
        types.CompletionItem(
            label=c.text,
            kind=types.CompletionItemKind.Value,
            detail=c.iccs,
            sort_text=f"{i:04d}",
            text_edit=types.TextEdit(range=edit_range, new_text=c.text),
        )
        for i, c in enumerate(found.candidates)
    ]
    return types.CompletionList(is_incomplete=False, items=items)
