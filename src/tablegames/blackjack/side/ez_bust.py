"""EZ Bust Blackjack Wager (58 Pa. Code 633b.16).

Placed after the deal against a 2-6 up card (633b.16(c)-(d)) and settled after the dealer's hand
is complete, before the Blackjack Wager (633b.16(h)). It wins 1 to 1 when the dealer busts having
drawn a third card or more (633b.16(f), (i)); a two-card dealer hand never busts, so it loses.
The optional push when every Blackjack Wager ended in a Blackjack or a bust (633b.16(g)) depends
on every box at the table, so the sidebook decides it, not this evaluator.

>>> from tablegames.core.cards import parse_cards
>>> evaluate(parse_cards(["6S", "TD", "KH"])).line
'dealer_busts'
>>> evaluate(parse_cards(["6S", "AD"])) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tablegames.blackjack.hand import points
from tablegames.core.cards import Card
from tablegames.core.paytable import Paytable, PaytableLine, find_line, pays_to

# 633b.16(i): a winning EZ Bust wager pays 1 to 1.
PAYTABLE: Final[Paytable] = (pays_to("dealer_busts", 1, "Dealer busts"),)


def evaluate(dealer_cards: Sequence[Card]) -> PaytableLine | None:
    """The winning line for the dealer's completed hand, or None when the wager loses."""
    # 633b.16(f): wins only when the dealer busts having drawn a third card or more.
    if len(dealer_cards) >= 3 and points(dealer_cards).total > 21:
        return find_line(PAYTABLE, "dealer_busts")
    return None
