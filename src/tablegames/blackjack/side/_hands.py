"""Hand shapes the side wagers share: twenty-point totals, suits, ranks and straights.

>>> from tablegames.core.cards import parse_cards
>>> is_twenty(*parse_cards(["AS", "9D"])), is_twenty(*parse_cards(["AS", "AD"]))
(True, False)
>>> is_straight(parse_cards(["QS", "KD", "AH"])), is_straight(parse_cards(["KS", "AD", "2H"]))
(True, False)
>>> rank_counts(parse_cards(["7S", "7D", "2H", "2C"]))
(2, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

from tablegames.blackjack.hand import points
from tablegames.core.cards import Card, Rank

TEN_VALUE_OR_ACE = frozenset({Rank.ACE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})


def is_twenty(first: Card, second: Card) -> bool:
    """The two cards total 20 points.

    633a.3(e)(3): an ace counts 11 unless that would exceed 21, so an ace and a 9 total 20 (a soft
    20) and two aces total 12. The regulation's "total point count of 20" is read with that rule.
    """
    return points((first, second)).total == 20


def same_suit(*cards: Card) -> bool:
    return len({card.suit for card in cards}) == 1


def poker_value(rank: Rank, *, ace_high: bool) -> int:
    """The rank's place in a poker order: 2..13 for 2..K, the ace 14 when high and 1 when low."""
    return 14 if ace_high and rank is Rank.ACE else int(rank)


def is_straight(cards: Sequence[Card]) -> bool:
    """Two or more distinct consecutive ranks, the ace either low (A-2-3) or high (Q-K-A).

    No wraparound: the ace is one end or the other, so K-A-2 is not a straight (633a.6(e)(9)).
    """
    if len(cards) < 2:
        return False
    for ace_high in (False, True):
        values = sorted(poker_value(card.rank, ace_high=ace_high) for card in cards)
        if all(later == earlier + 1 for earlier, later in pairwise(values)):
            return True
    return False


def rank_counts(cards: Sequence[Card]) -> tuple[int, ...]:
    """How many cards share each rank, largest first, ranks held once left out."""
    counts = Counter(card.rank for card in cards)
    return tuple(sorted((count for count in counts.values() if count > 1), reverse=True))
