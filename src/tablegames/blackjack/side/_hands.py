"""Blackjack's own hand shapes for the side wagers: twenty-point totals and ten-value cards.

The poker shapes the side wagers share with other card games (suits, ranks, straights) are in
`tablegames.core.poker`.

>>> from tablegames.core.cards import parse_cards
>>> is_twenty(*parse_cards(["AS", "9D"])), is_twenty(*parse_cards(["AS", "AD"]))
(True, False)
"""

from __future__ import annotations

from tablegames.blackjack.hand import points
from tablegames.core.cards import Card, Rank

TEN_VALUE_OR_ACE = frozenset({Rank.ACE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})


def is_twenty(first: Card, second: Card) -> bool:
    """The two cards total 20 points.

    633a.3(e)(3): an ace counts 11 unless that would exceed 21, so an ace and a 9 total 20 (a soft
    20) and two aces total 12. The regulation's "total point count of 20" is read with that rule.
    """
    return points((first, second)).total == 20
