"""Judging repetitions and the natural limit: perpetual check, perpetual chase, and what the result should be.

The rules are docs/spec/rules.md (our statement of the CXA 1999 and AXF 2003
rules, in numbered clauses).  Layers, bottom up:

* :mod:`.rulebook` — the two rule sets' choices as data (:data:`CXA`, :data:`AXF`);
* :mod:`.threats` — threats to win a piece and threats of mate in one position;
* :mod:`.classifier` — what one move does: check, kill, chase or idle, and why;
* :mod:`.cycles` — one replay of a main line with a hash per ply; where a
  position occurs the third time, and the cycle that ends there;
* :mod:`.ruling` — the ruling on a cycle: who must change or loses, or a draw;
* :mod:`.limit` — the natural limit;
* :mod:`.verdict` — a whole main line: its repetitions, the ruling at its end;
* :mod:`.rules` — the lint rules R101–R103 (checked by :mod:`xqformats.lint.checks`);
* :mod:`.command` — ``xqformats adjudicate``.

Library use::

    from xqformats import read
    from xqformats.adjudication.rulebook import rule_book
    from xqformats.adjudication.verdict import adjudicate
    game = read("game.pgn").games[0]
    verdict = adjudicate(game, rule_book("axf"))
    if verdict.final is not None:
        print(verdict.final.verdict(), verdict.final.clause())
"""
