"""Point counts (633a.3(e)), soft and hard totals, and Blackjack (633a.1).

>>> from tablegames.core.cards import parse_cards
>>> points(parse_cards(["AS", "6H"]))
Points(total=17, soft=True)
>>> points(parse_cards(["AS", "6H", "TD"]))
Points(total=17, soft=False)
>>> is_blackjack(parse_cards(["AS", "KD"]), from_split=False)
True
>>> is_blackjack(parse_cards(["AS", "KD"]), from_split=True)
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tablegames.blackjack.drawing import dealer_draws
from tablegames.core.cards import Card, Rank

# 633a.3(e)(1)-(2): 2 to 10 count their face value; jack, queen and king count 10; the ace
# counts 1 here and 11 where the hand allows it (633a.3(e)(3), `points`). Indexed by rank.
_RANK_POINTS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def card_points(card: Card) -> int:
    """A card's point value with the ace as 1 (633a.3(e)).

    >>> from tablegames.core.cards import Card
    >>> card_points(Card.parse("QH")), card_points(Card.parse("AS")), card_points(Card.parse("7D"))
    (10, 1, 7)
    """
    return _RANK_POINTS[card.rank]


def is_ten_value(card: Card) -> bool:
    """A ten, jack, queen or king: the cards that count 10 (633a.3(e)(2))."""
    return card.rank >= Rank.TEN


class Points(NamedTuple):
    """A hand's best total and whether an ace is counting 11 in it (a soft total, 633a.1)."""

    total: int
    soft: bool


def points(cards: Sequence[Card]) -> Points:
    """The best total: one ace counts 11 unless that would exceed 21 (633a.3(e)(3))."""
    hard = 0
    has_ace = False
    for card in cards:
        hard += _RANK_POINTS[card.rank]
        has_ace = has_ace or card.is_ace
    # 633a.3(e)(3): at most one ace can count 11; it does when that keeps the total at 21 or less.
    if has_ace and hard + 10 <= 21:
        return Points(hard + 10, True)
    return Points(hard, False)


def is_blackjack(cards: Sequence[Card], *, from_split: bool) -> bool:
    """An ace and a ten-value card as the initial two cards (633a.1); never a split hand."""
    # 633a.1 "Blackjack": dealt as the initial two cards. A split hand's two cards are not its
    # initial deal, so 21 there is a plain 21 (633a.11; pays 1 to 1 under 633a.13(a)).
    return (
        not from_split
        and len(cards) == 2
        and (
            (cards[0].is_ace and cards[1].rank >= Rank.TEN)
            or (cards[1].is_ace and cards[0].rank >= Rank.TEN)
        )
    )


def dealer_must_draw(cards: Sequence[Card], *, hits_soft_17: bool) -> bool:
    """633a.7(m): draw until a hard or soft 17 to 21; `hits_soft_17` is the non-PA what-if.

    >>> from tablegames.core.cards import parse_cards
    >>> dealer_must_draw(parse_cards(["AS", "6H"]), hits_soft_17=False)
    False
    >>> dealer_must_draw(parse_cards(["AS", "6H"]), hits_soft_17=True)
    True
    """
    total, soft = points(cards)
    return dealer_draws(total, soft, hits_soft_17=hits_soft_17)
