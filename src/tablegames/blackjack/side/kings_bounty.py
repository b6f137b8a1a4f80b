"""King's Bounty Wager (58 Pa. Code 633a.6(e)(6), 633a.7(g)(6), 633a.13(h)).

Like Lucky Ladies, the wager wins on initial two cards totalling 20 (an ace and a 9 is a soft 20,
633a.3(e)(3)). The lines overlap, and only the highest line that fits pays:

* two kings of spades: 200 to 1, or 1,000 to 1 with a dealer Blackjack;
* two identical kings of another suit ("Suited kings pair"): 50 to 1;
* two identical queens, jacks or 10s: 25 to 1;
* any other two cards of one suit totalling 20 ("Suited 20"): 9 to 1;
* two kings of different suits ("Pair of kings"): 6 to 1, more than the Any 20 they also are;
* any other two cards of different suits totalling 20: 4 to 1.

"Suited ... pair" reads with 633a.1 "Suited pair" (same rank and suit); "Pair of kings" is then
the kings that are not a suited pair, since a suited kings pair always pays more.

>>> from tablegames.core.cards import Card
>>> evaluate(Card.parse("KS"), Card.parse("KS"), dealer_blackjack=False).line
'king_of_spades_pair'
>>> evaluate(Card.parse("KD"), Card.parse("KH"), dealer_blackjack=True).line
'pair_of_kings'
>>> evaluate(Card.parse("KH"), Card.parse("QH"), dealer_blackjack=False).odds
Fraction(9, 1)
"""

from __future__ import annotations

from typing import Final

from tablegames.blackjack.side._hands import TEN_VALUE_OR_ACE, is_twenty
from tablegames.core.cards import Card, Rank, Suit
from tablegames.core.paytable import Paytable, PaytableLine, best, pays_to
from tablegames.core.poker import same_suit

KING_OF_SPADES: Final = Card(Rank.KING, Suit.SPADES)

# 633a.13(h)
PAYTABLE: Final[Paytable] = (
    pays_to(
        "king_of_spades_pair_and_dealer_blackjack", 1000, "King of spades pair and dealer Blackjack"
    ),
    pays_to("king_of_spades_pair", 200, "King of spades pair"),
    pays_to("suited_kings_pair", 50, "Suited kings pair"),
    pays_to("suited_queens_jacks_or_tens_pair", 25, "Suited queens, jacks or 10s pair"),
    pays_to("suited_20", 9, "Suited 20"),
    pays_to("pair_of_kings", 6, "Pair of kings"),
    pays_to("any_20", 4, "Any 20"),
)


def evaluate(first: Card, second: Card, *, dealer_blackjack: bool) -> PaytableLine | None:
    """The winning line for the player's initial two cards, or None when the wager loses.

    `dealer_blackjack` matters only for a king of spades pair (633a.7(g)(6)(i)-(ii)).
    """
    # 633a.6(e)(6): the wager is that the initial two cards total 20.
    if not is_twenty(first, second):
        return None
    suited = same_suit(first, second)
    applicable = {"suited_20" if suited else "any_20"}
    if first == second == KING_OF_SPADES:
        applicable.add("king_of_spades_pair")
        if dealer_blackjack:
            applicable.add("king_of_spades_pair_and_dealer_blackjack")
    elif first == second and first.rank is Rank.KING:
        applicable.add("suited_kings_pair")
    elif first == second:
        # Identical cards totalling 20 other than kings: queens, jacks or 10s.
        applicable.add("suited_queens_jacks_or_tens_pair")
    elif first.rank is second.rank is Rank.KING:
        applicable.add("pair_of_kings")
    return best(PAYTABLE, applicable)


def needs_hole_card(first: Card, second: Card, up: Card) -> bool:
    """633a.7(g)(6): a king of spades pair against a 10, J, Q, K or A up card waits for the
    dealer's Blackjack check and is settled after all other King's Bounty Wagers."""
    return first == second == KING_OF_SPADES and up.rank in TEN_VALUE_OR_ACE
