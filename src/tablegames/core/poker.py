"""Poker hands for every card game that ranks them: suits, ranks, straights and hand rankings.

The shape helpers (`same_suit`, `poker_value`, `is_straight`, `rank_counts`) take hands of any
size and any number of decks: a hand dealt from a multi-deck shoe may hold the same card twice,
and nothing here refuses it. The rankings (`five_card_rank`, `three_card_rank`) take standard
cards only and refuse a hand of the wrong size with a `CardError`. Wild cards are not ranked
here: what a joker counts as (Pai Gow Poker: an ace, or to complete a straight or flush,
645a) is each game's rule and comes with that game.

>>> from tablegames.core.cards import parse_cards
>>> is_straight(parse_cards(["QS", "KD", "AH"])), is_straight(parse_cards(["KS", "AD", "2H"]))
(True, False)
>>> rank_counts(parse_cards(["7S", "7D", "2H", "2C"]))
(2, 2)
>>> five_card_rank(parse_cards(["AS", "KS", "QS", "JS", "TS"])) == ROYAL_FLUSH
True
>>> three_card_rank(parse_cards(["QS", "KD", "AH"]))[0] is ThreeCardCategory.STRAIGHT
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from functools import lru_cache
from itertools import pairwise
from typing import Final

from tablegames.core.cards import Card, Rank
from tablegames.core.errors import CardError


def same_suit(*cards: Card) -> bool:
    """Every card has one suit (a flush of any size; a single card is trivially suited).

    >>> from tablegames.core.cards import parse_cards
    >>> same_suit(*parse_cards(["AS", "9S"])), same_suit(*parse_cards(["AS", "9D"]))
    (True, False)
    """
    return len({card.suit for card in cards}) == 1


def poker_value(rank: Rank, *, ace_high: bool) -> int:
    """The rank's place in a poker order: 2..13 for 2..K, the ace 14 when high and 1 when low.

    >>> poker_value(Rank.ACE, ace_high=True), poker_value(Rank.ACE, ace_high=False)
    (14, 1)
    >>> poker_value(Rank.KING, ace_high=True)
    13
    """
    return 14 if ace_high and rank is Rank.ACE else int(rank)


def is_straight(cards: Sequence[Card]) -> bool:
    """Two or more distinct consecutive ranks, the ace either low (A-2-3) or high (Q-K-A).

    No wraparound: the ace is one end or the other, so K-A-2 is not a straight. This is the rule
    of Blackjack's Three Card Poker Wager (633a.6(e)(9): "an ace may be used to complete a
    straight flush or a straight with a 2 and 3 but may not be combined with any other sequence
    of cards (for example: king, ace and 2)"), which relies on it, and of the rankings below.

    >>> from tablegames.core.cards import parse_cards
    >>> is_straight(parse_cards(["AS", "2D", "3H"])), is_straight(parse_cards(["KS", "AD", "2H"]))
    (True, False)
    >>> is_straight(parse_cards(["7S", "7D"])), is_straight(parse_cards(["7S"]))
    (False, False)
    """
    if len(cards) < 2:
        return False
    return _straight_ranks(tuple(sorted(card.rank for card in cards)))


@lru_cache(maxsize=4096)
def _straight_ranks(ranks: tuple[Rank, ...]) -> bool:
    """`is_straight` by the sorted ranks alone: the exact side-wager analyses ask it for every
    class of three cards (some 11,000 of them for Three Card Poker), with few distinct ranks."""
    for ace_high in (False, True):
        values = sorted(poker_value(rank, ace_high=ace_high) for rank in ranks)
        if all(later == earlier + 1 for earlier, later in pairwise(values)):
            return True
    return False


def rank_counts(cards: Sequence[Card]) -> tuple[int, ...]:
    """How many cards share each rank, largest first, ranks held once left out.

    >>> from tablegames.core.cards import parse_cards
    >>> rank_counts(parse_cards(["7S", "7D", "7H", "2C", "2S"])), rank_counts(parse_cards(["AS"]))
    ((3, 2), ())
    """
    counts = Counter(card.rank for card in cards)
    return tuple(sorted((count for count in counts.values() if count > 1), reverse=True))


class HandCategory(IntEnum):
    """The standard five-card poker hands, lowest to highest (a larger value ranks higher).

    A royal flush is not a member of its own: it is the highest `STRAIGHT_FLUSH`, the one with
    the ace high, and its rank key is `ROYAL_FLUSH`. A game that pays it separately tests for it.
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


class ThreeCardCategory(IntEnum):
    """Three-card poker hands, lowest to highest (633a.6(e)(9) names the top four, in order).

    With three cards a straight is rarer than a flush and three of a kind rarer than a straight,
    so the order differs from five-card poker's.
    """

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5


ROYAL_FLUSH: Final[tuple[int, ...]] = (HandCategory.STRAIGHT_FLUSH, 14)
"""The rank key of a royal flush (A-K-Q-J-10 of one suit): the highest straight flush."""

_ACE_HIGH: Final[dict[Rank, int]] = {rank: poker_value(rank, ace_high=True) for rank in Rank}
_WHEEL: Final[list[int]] = [14, 5, 4, 3, 2]  # A-2-3-4-5, values highest first
_ACE_TWO_THREE: Final[list[int]] = [14, 3, 2]


def _values(cards: Sequence[Card], size: int, ranking: str) -> list[int]:
    """The ace-high values of the cards, highest first, after checking the hand's size."""
    if len(cards) != size:
        raise CardError(f"{ranking} ranks hands of {size} cards, not {len(cards)}")
    try:
        return sorted((_ACE_HIGH[card.rank] for card in cards), reverse=True)
    except AttributeError:
        raise CardError(
            f"{ranking} ranks standard cards only, not {[str(card) for card in cards]}: "
            "what a joker counts as is the game's rule"
        ) from None


def _by_count(values: list[int]) -> tuple[list[int], list[int]]:
    """(counts, values): one entry per distinct value, the most-held first, then the highest."""
    counts: dict[int, int] = {}
    for value in values:  # highest first, so ties in count keep the higher value first
        counts[value] = counts.get(value, 0) + 1
    groups = sorted(counts.items(), key=lambda item: item[1], reverse=True)  # stable
    return [count for _, count in groups], [value for value, _ in groups]


def five_card_rank(cards: Sequence[Card]) -> tuple[int, ...]:
    """A key that orders any two five-card hands as poker ranks them: the higher key wins and
    equal keys tie (suits never break a tie).

    The key is `(category, *values)`: the `HandCategory` first, then the values (2..14, the ace
    high) that break ties within it, the most-held rank first and, among ranks held equally
    often, the highest first: quads then the kicker, trips then the pair, the higher pair, the
    lower pair then the kicker, and so on. A straight or straight flush carries only its top
    card. A-2-3-4-5 (the wheel) is a straight to the five, the lowest straight: where the wheel
    ranks instead is a game's filed rule (some rank it second only to A-K-Q-J-10) and that game
    applies it; this function always ranks it lowest. No wraparound (`is_straight`).

    Standard cards only: a joker raises `CardError`, because wild-card handling is each game's
    rule and comes with that game. A hand that is not five cards raises `CardError`. Repeated
    cards from a multi-deck shoe are ranked as they stand (a flush holding a pair is a flush);
    five cards of one rank, which no standard hand names, rank as four of a kind with a kicker
    of that rank, so a game that ranks five of a kind must do so itself.

    >>> from tablegames.core.cards import parse_cards
    >>> five_card_rank(parse_cards(["AS", "2D", "3H", "4C", "5S"]))
    (<HandCategory.STRAIGHT: 4>, 5)
    >>> five_card_rank(parse_cards(["KS", "KD", "7H", "7C", "AS"]))
    (<HandCategory.TWO_PAIR: 2>, 13, 7, 14)
    >>> five_card_rank(parse_cards(["2S", "2D", "2H", "AC", "AS"])) < five_card_rank(
    ...     parse_cards(["KS", "KD", "QH", "QC", "QS"])
    ... )
    True
    """
    values = _values(cards, 5, "five-card poker")
    counts, ordered = _by_count(values)
    flush = len({card.suit for card in cards}) == 1
    if len(ordered) == 5:
        if values[0] - values[4] == 4:
            top = values[0]
        elif values == _WHEEL:
            top = 5
        else:
            top = 0
        if top:
            category = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
            return (category, top)
        category = HandCategory.FLUSH if flush else HandCategory.HIGH_CARD
    elif counts[0] >= 4:
        category = HandCategory.FOUR_OF_A_KIND
        if counts[0] == 5:  # five of one rank (several decks): quads with a kicker of that rank
            ordered = [ordered[0], ordered[0]]
    elif counts[0] == 3 and counts[1] == 2:
        category = HandCategory.FULL_HOUSE
    elif flush:  # several decks: a flush holding trips, two pair or a pair is a flush
        return (HandCategory.FLUSH, *values)
    elif counts[0] == 3:
        category = HandCategory.THREE_OF_A_KIND
    elif counts[1] == 2:
        category = HandCategory.TWO_PAIR
    else:
        category = HandCategory.ONE_PAIR
    return (category, *ordered)


def five_card_category(cards: Sequence[Card]) -> HandCategory:
    """The hand's `HandCategory` (the first item of `five_card_rank`).

    >>> from tablegames.core.cards import parse_cards
    >>> five_card_category(parse_cards(["9H", "TH", "JH", "QH", "KH"])).name
    'STRAIGHT_FLUSH'
    """
    return HandCategory(five_card_rank(cards)[0])


def three_card_rank(cards: Sequence[Card]) -> tuple[int, ...]:
    """A key that orders any two three-card hands as three-card poker (Blackjack's 21+3 Three
    Card Poker Wager, 633a.6(e)(9); Three Card Poker) ranks them: the higher key wins.

    The key is `(category, *values)` with a `ThreeCardCategory`: straight flush > three of a
    kind > straight > flush > pair > high card; then the values (the ace 14) the most-held rank
    first, then the highest. A straight carries only its top card: Q-K-A is the highest and
    A-2-3 (the ace low, a straight to the three) the lowest; K-A-2 is no straight
    (633a.6(e)(9), `is_straight`). Standard cards only, as `five_card_rank`; a hand that is not
    three cards raises `CardError`. Repeated cards from several decks rank as they stand: three
    identical cards are three of a kind.

    >>> from tablegames.core.cards import parse_cards
    >>> three_card_rank(parse_cards(["AS", "2S", "3S"]))
    (<ThreeCardCategory.STRAIGHT_FLUSH: 5>, 3)
    >>> three_card_rank(parse_cards(["KS", "AD", "2H"]))
    (<ThreeCardCategory.HIGH_CARD: 0>, 14, 13, 2)
    """
    values = _values(cards, 3, "three-card poker")
    counts, ordered = _by_count(values)
    if counts[0] == 3:
        return (ThreeCardCategory.THREE_OF_A_KIND, *ordered)
    flush = cards[0].suit is cards[1].suit is cards[2].suit
    if counts[0] == 2:
        category = ThreeCardCategory.FLUSH if flush else ThreeCardCategory.PAIR
        return (category, *(values if flush else ordered))
    if values[0] - values[2] == 2:
        top = values[0]
    elif values == _ACE_TWO_THREE:
        top = 3
    else:
        category = ThreeCardCategory.FLUSH if flush else ThreeCardCategory.HIGH_CARD
        return (category, *values)
    category = ThreeCardCategory.STRAIGHT_FLUSH if flush else ThreeCardCategory.STRAIGHT
    return (category, top)
