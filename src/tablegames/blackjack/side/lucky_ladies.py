"""Lucky Ladies Twenty Point Bonus Wager (58 Pa. Code 633a.6(e)(1), 633a.7(g)(1), 633a.13(c)).

The wager wins when the player's initial two cards total 20. An ace counts 11 unless that would
exceed 21 (633a.3(e)(3)), so an ace and a 9 is a soft 20 and wins; two aces total 12 and lose.
A hand that fits several lines is paid on the highest only: a queen of hearts pair is also a
Suited 20, and pays 200 to 1 (1,000 to 1 with a dealer Blackjack), not 10 to 1.

>>> from tablegames.core.cards import Card
>>> evaluate(Card.parse("QH"), Card.parse("QH"), dealer_blackjack=True).label
'Queen of hearts pair and dealer Blackjack'
>>> evaluate(Card.parse("AS"), Card.parse("9D"), dealer_blackjack=False).line
'any_20'
>>> evaluate(Card.parse("AS"), Card.parse("AD"), dealer_blackjack=False) is None
True
"""

from __future__ import annotations

from typing import Final

from tablegames.blackjack.side._hands import TEN_VALUE_OR_ACE, is_twenty
from tablegames.core.cards import Card, Rank, Suit
from tablegames.core.paytable import Paytable, PaytableLine, best, pays_to
from tablegames.core.poker import same_suit

QUEEN_OF_HEARTS: Final = Card(Rank.QUEEN, Suit.HEARTS)

# 633a.13(c)
PAYTABLE: Final[Paytable] = (
    pays_to(
        "queen_of_hearts_pair_and_dealer_blackjack",
        1000,
        "Queen of hearts pair and dealer Blackjack",
    ),
    pays_to("queen_of_hearts_pair", 200, "Queen of hearts pair"),
    pays_to("matched_20", 25, "Matched 20"),
    pays_to("suited_20", 10, "Suited 20"),
    pays_to("any_20", 4, "Any 20"),
)


def evaluate(first: Card, second: Card, *, dealer_blackjack: bool) -> PaytableLine | None:
    """The winning line for the player's initial two cards, or None when the wager loses.

    `dealer_blackjack` matters only for a queen of hearts pair (633a.7(g)(1)(i)-(ii)).
    """
    # 633a.6(e)(1): the wager is that the initial two cards total 20.
    if not is_twenty(first, second):
        return None
    applicable: set[str] = set()
    if first == second == QUEEN_OF_HEARTS:
        applicable.add("queen_of_hearts_pair")
        if dealer_blackjack:
            applicable.add("queen_of_hearts_pair_and_dealer_blackjack")
    elif first == second:
        # 633a.1 "Matched 20": two identical cards (same rank and suit) except the QH pair.
        applicable.add("matched_20")
    # 633a.1 "Suited 20" and "Any 20": same suit, or different suits.
    applicable.add("suited_20" if same_suit(first, second) else "any_20")
    return best(PAYTABLE, applicable)


def needs_hole_card(first: Card, second: Card, up: Card) -> bool:
    """633a.7(g)(1): a queen of hearts pair against a 10, J, Q, K or A up card waits for the
    dealer's Blackjack check and is settled after all other Twenty Point Bonus Wagers."""
    return first == second == QUEEN_OF_HEARTS and up.rank in TEN_VALUE_OR_ACE
