"""Three Card Poker Wager (58 Pa. Code 633a.6(e)(9), 633a.7(g)(8), 633a.13(k)).

The dealer's up card and the player's initial two cards form a three-card poker hand; a straight
flush, three-of-a-kind, straight or flush wins 9 to 1 (every line pays the same; the line named
is the highest poker hand, in that order). The ace ranks high, and also completes A-2-3; it never
joins another sequence, so K-A-2 is not a straight (633a.6(e)(9)). With several decks three
identical cards are three-of-a-kind.

>>> from tablegames.core.cards import Card
>>> evaluate(Card.parse("AS"), Card.parse("2S"), Card.parse("3S")).line
'straight_flush'
>>> evaluate(Card.parse("KS"), Card.parse("AD"), Card.parse("2H")) is None
True
"""

from __future__ import annotations

from typing import Final

from tablegames.core.cards import Card
from tablegames.core.paytable import Paytable, PaytableLine, best, pays_to
from tablegames.core.poker import is_straight, same_suit

# 633a.13(k): 9 to 1 for every winning hand named in 633a.6(e)(9).
PAYTABLE: Final[Paytable] = (
    pays_to("straight_flush", 9, "Straight flush"),
    pays_to("three_of_a_kind", 9, "Three-of-a-kind"),
    pays_to("straight", 9, "Straight"),
    pays_to("flush", 9, "Flush"),
)


def evaluate(first: Card, second: Card, up: Card) -> PaytableLine | None:
    """The player's two cards with the dealer's up card: the winning line, or None."""
    cards = (first, second, up)
    flush = same_suit(*cards)  # 633a.1 "Flush"
    straight = is_straight(cards)  # 633a.1 "Straight", ace rules of 633a.6(e)(9)
    applicable: set[str] = set()
    if flush and straight:
        applicable.add("straight_flush")  # 633a.1 "Straight flush"
    if first.rank is second.rank is up.rank:
        applicable.add("three_of_a_kind")  # 633a.1 "Three-of-a-kind"
    if straight:
        applicable.add("straight")
    if flush:
        applicable.add("flush")
    return best(PAYTABLE, applicable)
