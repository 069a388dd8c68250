"""The language server (`xqformats lsp`): lint findings, formatting and help while a record is edited (issue 15)."""
