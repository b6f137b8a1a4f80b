"""Bet the Set 21 Wager (58 Pa. Code 633a.6(e)(5), 633a.7(g)(5), 633a.13(g)).

The wager wins when the player's initial two cards are a pair (same rank, 633a.1) or a suited
pair (same rank and suit). A suited pair is also a pair and is paid on the higher line; paytable
A (one deck, where a suited pair cannot occur) has only the pairs line. Ranks, not point values:
a king and a queen are not a pair.

>>> from tablegames.core.cards import Card
>>> evaluate(Card.parse("8S"), Card.parse("8S"), paytable="B").line
'suited_pairs'
>>> evaluate(Card.parse("8S"), Card.parse("8D"), paytable="D").odds
Fraction(10, 1)
>>> paytables_for_decks(3)
()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from tablegames.core.cards import Card
from tablegames.core.errors import WagerError
from tablegames.core.paytable import Paytable, PaytableLine, best, pays_to, select

PaytableName = Literal["A", "B", "C", "D"]

PAYTABLES: Final[Mapping[str, Paytable]] = {
    # 633a.13(g)(1): a single deck.
    "A": (pays_to("pairs", 15, "Pairs"),),
    # 633a.13(g)(2): two decks.
    "B": (pays_to("suited_pairs", 25, "Suited Pairs"), pays_to("pairs", 10, "Pairs")),
    # 633a.13(g)(3): four or more decks.
    "C": (pays_to("suited_pairs", 15, "Suited Pairs"), pays_to("pairs", 10, "Pairs")),
    "D": (pays_to("suited_pairs", 12, "Suited Pairs"), pays_to("pairs", 10, "Pairs")),
}


def paytables_for_decks(decks: int) -> tuple[PaytableName, ...]:
    """The paytables 633a.13(g) prints for `decks` decks: none for three decks."""
    if decks < 1:
        raise WagerError(f"{decks} decks: a game uses at least one deck", paragraph="633a.3(a)")
    if decks == 1:
        return ("A",)
    if decks == 2:
        return ("B",)
    return ("C", "D") if decks >= 4 else ()


def evaluate(first: Card, second: Card, *, paytable: PaytableName) -> PaytableLine | None:
    """The winning line for the player's initial two cards, or None when the wager loses."""
    table = select(PAYTABLES, paytable, paragraph="633a.13(g)")
    # 633a.6(e)(5): a pair or a suited pair (633a.1); a suited pair is also a pair.
    if first.rank is not second.rank:
        return None
    applicable = {"pairs", "suited_pairs"} if first.suit is second.suit else {"pairs"}
    return best(table, applicable)
