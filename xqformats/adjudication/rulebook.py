"""The two rule books a repetition is judged by, as data: what differs between CXA and AXF.

Each :class:`RuleBook` states, for the classifier (:mod:`.classifier`) and the
ruling (:mod:`.ruling`), the choices docs/spec/rules.md makes for one rule
set: how a threat to win a piece is judged (§3.4), whether a capture that is
answered by mate is a threat (§3.6), whether threats of mate without check
are looked for (§3.9), and whether a perpetual chase must follow one and the
same piece (§5.2).  Nothing here computes; the values and clause names are
the only facts.

``CXA``: 中国象棋协会《中国象棋竞赛规则》(1999), the rules used in China.
``AXF``: the Asian Xiangqi Federation rules (2003).  :func:`rule_book`
looks one up by its command-line name (``cxa``, ``axf``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

#: The page whose clauses every ruling and classification cites.
SPEC = "docs/spec/rules.md"


def clause(number: str) -> str:
    """``"4.1"`` → ``"docs/spec/rules.md §4.1"``."""
    return f"{SPEC} §{number}"


#: Material values by piece type (docs/spec/rules.md §3.4, after CXA 25.3: a
#: chariot is worth two horses, two cannons or a horse and a cannon; horse and
#: cannon are equal, as are advisor and elephant; a pawn across the river is
#: counted with the advisors).  A pawn on its own side of the river has no
#: material value (CXA 25.3; AXF: an uncrossed pawn is not "chased"): see
#: :func:`xqformats.adjudication.threats.value_of`.
VALUES = {"R": 4, "N": 2, "C": 2, "A": 1, "B": 1, "P": 1}
#: A king is never captured (a capture of it would be illegal): the largest value,
#: so that it is the last piece an exchange uses.
KING_VALUE = 100


@dataclass(frozen=True, slots=True)
class RuleBook:
    """One rule set's choices (docs/spec/rules.md §3–§6); ``name`` is the command-line name."""

    name: str
    #: How the rule book is cited: ``CXA 1999``, ``AXF 2003``.
    title: str
    #: §3.4: a threat is any capture that wins material in the exchange on the
    #: square (CXA 29.1, 29.3); otherwise (AXF) a capture of an unprotected piece
    #: or of a piece worth more than its attacker.
    exchange: bool
    #: §3.6: a capture the opponent answers by mate is no threat (CXA 29.4, 细则7).
    mate_after_capture: bool
    #: §3.9: threats of mate without check (杀) are looked for and are attacks (CXA 25.2).
    kills: bool
    #: §5.2: a perpetual chase must follow one and the same piece (AXF); under
    #: CXA chasing several pieces in turn is 长捉 too (CXA 28.12).
    same_target: bool
    #: The clause of the rule book and of docs/spec/rules.md behind each ruling, by key.
    clauses: dict[str, tuple[str, str]]
    #: Natural limit (§6): plies in a row without a capture, and the most checks the
    #: claimant may have given in them (``None``: checks do not matter).
    limit_plies: int
    limit_checks: Optional[int]

    def cite(self, key: str) -> str:
        """``CXA 26.1; docs/spec/rules.md §4.1``: the rule book's clause and ours."""
        book, ours = self.clauses[key]
        return f"{book}; {clause(ours)}"

    def book_clause(self, key: str) -> str:
        """The rule book's own clause for ``key`` (``CXA 26.1``)."""
        return self.clauses[key][0]

    def spec_clause(self, key: str) -> str:
        """Our clause for ``key`` (``docs/spec/rules.md §4.1``)."""
        return clause(self.clauses[key][1])


CXA = RuleBook(
    name="cxa",
    title="CXA 1999",
    exchange=True,
    mate_after_capture=True,
    kills=True,
    same_target=False,
    clauses={
        "perpetual-check": ("CXA 26.1", "4.1"),
        "both-check": ("CXA 26.3", "4.4"),
        "both-allowed": ("CXA 26.2", "4.3"),
        "both-forbidden": ("CXA 26.3", "4.4"),
        "one-forbidden": ("CXA 26.4", "4.5"),
        "pawn-mutual": ("CXA 27.2", "4.6"),
        "limit": ("CXA 4.2.4", "6.1"),
    },
    limit_plies=120,
    limit_checks=None,
)

AXF = RuleBook(
    name="axf",
    title="AXF 2003",
    exchange=False,
    mate_after_capture=False,
    kills=False,
    same_target=True,
    clauses={
        "perpetual-check": ("AXF art. 6", "5.1"),
        "both-check": ("AXF art. 7", "5.1"),
        "both-allowed": ("AXF art. 5", "5.5"),
        "both-forbidden": ("AXF art. 5", "5.5"),
        "one-forbidden": ("AXF art. 3", "5.5"),
        "limit": ("AXF natural limit", "6.2"),
    },
    limit_plies=120,
    limit_checks=10,
)

#: Every rule book by its command-line name, the default first.
RULE_BOOKS: dict[str, RuleBook] = {CXA.name: CXA, AXF.name: AXF}


def rule_book(name: str) -> RuleBook:
    """The rule book called ``name`` (``cxa`` or ``axf``, any case); :class:`ValueError` otherwise."""
    found = RULE_BOOKS.get(name.lower())
    if found is None:
        choices = ", ".join(f"`{n}`" for n in RULE_BOOKS)
        raise ValueError(f"Unknown rule set `{name}`; expected one of {choices}")
    return found
