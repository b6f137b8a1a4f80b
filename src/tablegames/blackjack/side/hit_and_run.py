"""Hit and Run Progressive Wager (58 Pa. Code 633a.6(e)(10), 633a.7(o)(2), 633a.13(l)).

The wager wins when the dealer has Blackjack or a hand of five or more cards. Every card counts,
including the one that takes the dealer over 21 (633a.7(o)(2)(i)): a 14 made with five cards
that draws a ten is a six-card hand. Eight or more cards pay 100% of the meter.

>>> from tablegames.core.cards import parse_cards
>>> evaluate(parse_cards(["2S", "3D", "2H", "3C", "4S", "KD"])).line
'dealer_six_cards'
>>> evaluate(parse_cards(["AS", "KD"])).returned(500)
2000
>>> evaluate(parse_cards(["TS", "6D", "KH"])) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tablegames.blackjack.hand import is_blackjack
from tablegames.core.cards import Card
from tablegames.core.errors import WagerError
from tablegames.core.paytable import (
    Paytable,
    PaytableLine,
    find_line,
    pays_for,
    pays_meter,
)

# 633a.13(l)(1)
PAYTABLE: Final[Paytable] = (
    pays_meter("dealer_eight_or_more_cards", "Dealer has eight or more cards"),
    pays_for("dealer_seven_cards", 100, "Dealer has seven cards"),
    pays_for("dealer_six_cards", 25, "Dealer has six cards"),
    pays_for("dealer_five_cards", 7, "Dealer has five cards"),
    pays_for("dealer_blackjack", 4, "Dealer has Blackjack"),
)
_CARDS: Final = {5: "dealer_five_cards", 6: "dealer_six_cards", 7: "dealer_seven_cards"}


def evaluate(dealer_cards: Sequence[Card]) -> PaytableLine | None:
    """The winning line for the dealer's final hand (all its cards), or None."""
    if len(dealer_cards) < 2:
        raise WagerError(f"the dealer's hand has {len(dealer_cards)} cards, fewer than two")
    # 633a.6(e)(10): Blackjack, or five or more cards.
    if is_blackjack(dealer_cards, from_split=False):
        return find_line(PAYTABLE, "dealer_blackjack")
    if len(dealer_cards) < 5:
        return None
    # 633a.7(o)(2)(i): the card that busts the dealer counts.
    return find_line(PAYTABLE, _CARDS.get(len(dealer_cards), "dealer_eight_or_more_cards"))
