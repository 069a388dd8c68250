"""The language server (`xqformats lsp`): lint findings, help and completion while a record is edited (issue 15).

Modules, from the protocol down:

* :mod:`.command` — the ``xqformats lsp`` subcommand (stdio, or ``--tcp`` for debugging);
* :mod:`.server` — the pygls server (pygls is imported only there, when the server starts);
* :mod:`.analysis` — one open document: findings, hover, symbols, folding, completion, in the
  client's position units; :func:`~.analysis.lint_options` finds the config that applies to a file;
* :mod:`.features` — the answers computed on one game;
* :mod:`.views` — what is known about one game's text, computed once per distinct text;
* :mod:`.document` — the text cut into games, re-cut only where an edit lands;
* :mod:`.positions` — the one conversion between our code-point columns and UTF-16/8/32 units;
* :mod:`.textmate` — the TextMate grammar derived from ``grammars/pgn.lark`` (``editors/``).
"""
