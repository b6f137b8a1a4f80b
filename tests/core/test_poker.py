"""The poker hand helpers of `tablegames.core.poker` against published hand counts.

Reference values:
- Five-card hands from one 52-card deck, by category: Wikipedia, "Poker probability", the
  table "Frequency of 5-card poker hands": straight flush 40 (4 of them royal), four of a kind
  624, full house 3,744, flush 5,108, straight 10,200, three of a kind 54,912, two pair 123,552,
  one pair 1,098,240, high card 1,302,540; 2,598,960 in all. The same table's distinct hands
  (hands that tie count once): 10, 156, 156, 1,277, 10, 858, 858, 2,860 and 1,277; 7,462 in all.
- Three-card hands from one deck: the Wizard of Odds, "Three Card Poker"
  (wizardofodds.com/games/three-card-poker/), the table of hand frequencies, also derived
  combinatorially as C(52, 3) = 22,100 less the made hands: straight flush 48, three of a kind
  52, straight 720, flush 1,096, pair 3,744, high card 16,440.

The five-card counts are checked without dealing all 2,598,960 hands (that enumeration is in
`benchmarks/bench_poker.py`): every one of the 6,175 multisets of five ranks is ranked on real
cards, once as a hand that is no flush (for five different ranks, four cards of one suit and
a fifth of another: the case nearest a flush) and, for five different ranks, once as a flush;
each is weighted by the number of one-deck hands that share its ranks and its flushness. The
22,100 three-card hands are dealt in full.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.blackjack.side import three_card_poker
from tablegames.core.cards import JOKER, Card, Rank, Suit, parse_cards, standard_deck
from tablegames.core.errors import CardError
from tablegames.core.poker import (
    ROYAL_FLUSH,
    HandCategory,
    ThreeCardCategory,
    five_card_category,
    five_card_rank,
    is_straight,
    poker_value,
    rank_counts,
    same_suit,
    three_card_rank,
)

DECK = standard_deck()
SUITS = list(Suit)

FIVE_CARD_COUNTS = {  # Wikipedia, "Poker probability"
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
FIVE_CARD_DISTINCT = {  # Wikipedia, "Poker probability": hands that tie count once
    HandCategory.STRAIGHT_FLUSH: 10,
    HandCategory.FOUR_OF_A_KIND: 156,
    HandCategory.FULL_HOUSE: 156,
    HandCategory.FLUSH: 1_277,
    HandCategory.STRAIGHT: 10,
    HandCategory.THREE_OF_A_KIND: 858,
    HandCategory.TWO_PAIR: 858,
    HandCategory.ONE_PAIR: 2_860,
    HandCategory.HIGH_CARD: 1_277,
}
THREE_CARD_COUNTS = {  # the Wizard of Odds, "Three Card Poker"
    ThreeCardCategory.STRAIGHT_FLUSH: 48,
    ThreeCardCategory.THREE_OF_A_KIND: 52,
    ThreeCardCategory.STRAIGHT: 720,
    ThreeCardCategory.FLUSH: 1_096,
    ThreeCardCategory.PAIR: 3_744,
    ThreeCardCategory.HIGH_CARD: 16_440,
}


def hand(text: str) -> list[Card]:
    return parse_cards(text.split())


def rank(text: str) -> tuple[int, ...]:
    return five_card_rank(hand(text))


def three(text: str) -> tuple[int, ...]:
    return three_card_rank(hand(text))


# --- five-card category counts over one deck -------------------------------------------------


def _representatives() -> list[tuple[list[Card], int]]:
    """(a hand, how many one-deck hands share its ranks and its flushness) for every multiset
    of five ranks a deck can deal."""
    found: list[tuple[list[Card], int]] = []
    for ranks in combinations_with_replacement(list(Rank), 5):
        held = Counter(ranks)
        if max(held.values()) > 4:
            continue
        if len(held) == 5:  # five ranks: 4**5 suit choices, 4 of them one suit
            suits = [Suit.SPADES] * 4 + [Suit.HEARTS]
            found.append(([Card(r, s) for r, s in zip(ranks, suits, strict=True)], 4**5 - 4))
            found.append(([Card(r, Suit.SPADES) for r in ranks], 4))
        else:  # a repeated rank: never a flush; C(4, m) suit choices per rank held m times
            cards = [Card(r, suit) for r, m in held.items() for suit in SUITS[:m]]
            found.append((cards, prod(comb(4, m) for m in held.values())))
    return found


def test_five_card_categories_over_one_deck_match_the_published_counts() -> None:
    representatives = _representatives()
    assert len({tuple(sorted(card.rank for card in cards)) for cards, _ in representatives}) == (
        6_175
    )
    counts: Counter[HandCategory] = Counter()
    keys: set[tuple[int, ...]] = set()
    royal = 0
    for cards, weight in representatives:
        key = five_card_rank(cards)
        counts[HandCategory(key[0])] += weight
        keys.add(key)
        royal += weight if key == ROYAL_FLUSH else 0
    assert counts == FIVE_CARD_COUNTS
    # The key tells apart exactly the hands poker tells apart: 7,462 distinct hands.
    assert Counter(HandCategory(key[0]) for key in keys) == FIVE_CARD_DISTINCT
    assert sum(counts.values()) == comb(52, 5) == 2_598_960
    assert royal == 4


# --- three-card category counts over one deck (all 22,100 hands) -----------------------------


def test_633a_6_e_9_three_card_categories_over_one_deck_match_the_published_counts() -> None:
    counts = Counter(
        ThreeCardCategory(three_card_rank(cards)[0]) for cards in combinations(DECK, 3)
    )
    assert counts == THREE_CARD_COUNTS
    assert sum(counts.values()) == comb(52, 3) == 22_100


def test_633a_6_e_9_three_card_rank_names_the_line_the_21_3_wager_pays() -> None:
    """The 21+3 wager (Three Card Poker Wager) names the highest of its four hands: the same
    as the ranking's category, over every one-deck hand and some multi-deck ones."""
    paid = {
        ThreeCardCategory.STRAIGHT_FLUSH: "straight_flush",
        ThreeCardCategory.THREE_OF_A_KIND: "three_of_a_kind",
        ThreeCardCategory.STRAIGHT: "straight",
        ThreeCardCategory.FLUSH: "flush",
    }
    multi_deck = [hand("7S 7S 7S"), hand("7S 7S 2S"), hand("7S 7S 7H"), hand("AS AS KS")]
    for cards in [*combinations(DECK, 3), *multi_deck]:
        line = three_card_poker.evaluate(*cards)
        assert (line.line if line else None) == paid.get(
            ThreeCardCategory(three_card_rank(cards)[0])
        ), cards


# --- hand-worked cases -----------------------------------------------------------------------


def test_the_wheel_is_the_lowest_straight_and_ace_high_the_highest() -> None:
    wheel = rank("AS 2D 3H 4C 5S")
    assert wheel == (HandCategory.STRAIGHT, 5)
    assert wheel < rank("2S 3D 4H 5C 6S") < rank("9S TD JH QC KS") < rank("TS JD QH KC AS")
    assert rank("TS JD QH KC AS") == (HandCategory.STRAIGHT, 14)
    assert wheel > rank("AS AD AH KC QS")  # still a straight: above any three of a kind
    assert rank("AS 2S 3S 4S 5S") == (HandCategory.STRAIGHT_FLUSH, 5)
    assert rank("AS 2S 3S 4S 5S") < rank("9H TH JH QH KH") < rank("TS JS QS KS AS") == ROYAL_FLUSH


def test_no_wraparound_straight() -> None:
    assert rank("QS KD AH 2C 3S")[0] is HandCategory.HIGH_CARD
    assert rank("JS QS KS AS 2S")[0] is HandCategory.FLUSH


def test_kickers_compare_after_the_made_hand() -> None:
    assert rank("8S 8D AH 4C 2S") > rank("8H 8C KH QC JS")  # pair of eights, ace kicker
    assert rank("8S 8D AH 4C 3S") > rank("8H 8C AD 4H 2C")  # the third kicker decides
    assert rank("9S 9D AH 4C 3S") > rank("8H 8C AD KH QC")  # the pair before any kicker
    assert rank("AS KD QH JC 9S") > rank("AD KH QC JS 8D")  # high card, the fifth card
    assert rank("AS KS QS JS 9S") > rank("AD KD QD JD 8D")  # flushes, card by card
    assert rank("7S 7D 7H AC 2S") > rank("7S 7D 7H KC QS")  # trips, then the kickers
    assert rank("QS QD QH QC 2S") > rank("JS JD JH JC AS")  # quads before the kicker
    assert rank("AS KD QH JC 9S") == rank("AH KC QD JS 9H")  # suits never break a tie


def test_two_pair_orders_by_the_higher_pair_then_the_lower_then_the_kicker() -> None:
    assert rank("KS KD 7H 7C AS") == (HandCategory.TWO_PAIR, 13, 7, 14)
    assert rank("AS AD 2H 2C 3S") > rank("KS KD QH QC JS")
    assert rank("KS KD 3H 3C 2S") > rank("KH KC 2H 2D AS")
    assert rank("KS KD 7H 7C AS") > rank("KH KC 7S 7D QS")
    assert rank("2S 2D 3H 3C 4S") > rank("AS AD KH QC JS")  # two pair beats any one pair


def test_full_house_ranks_by_its_three_of_a_kind() -> None:
    assert rank("3S 3D 3H 2C 2S") == (HandCategory.FULL_HOUSE, 3, 2)
    assert rank("3S 3D 3H 2C 2S") > rank("2D 2H 2C AS AD")
    assert rank("AS AD AH 2C 2S") > rank("KS KD KH QC QS")
    assert rank("2D 2H 2C 3S 3D") > rank("AS KS QS JS 9S")  # beats any flush


def test_categories_rank_in_the_standard_order() -> None:
    ladder = [
        "AS KD QH JC 9S",
        "2S 2D 3H 4C 5H",
        "2S 2D 3H 3C 4S",
        "2S 2D 2H 3C 4S",
        "AS 2D 3H 4C 5S",
        "2S 3S 4S 5S 7S",
        "2S 2D 2H 3C 3S",
        "2S 2D 2H 2C 3S",
        "AS 2S 3S 4S 5S",
    ]
    keys = [rank(text) for text in ladder]
    assert [key[0] for key in keys] == list(HandCategory)
    assert keys == sorted(keys)
    assert five_card_category(hand(ladder[-1])) is HandCategory.STRAIGHT_FLUSH


def test_633a_6_e_9_three_card_straights_ace_high_or_low_never_around() -> None:
    assert three("QS KD AH") == (ThreeCardCategory.STRAIGHT, 14)  # the highest straight
    assert three("AS 2D 3H") == (ThreeCardCategory.STRAIGHT, 3)  # the lowest straight
    assert three("AS 2D 3H") < three("2S 3D 4H") < three("JS QD KH") < three("QS KD AH")
    assert three("KS AD 2H") == (ThreeCardCategory.HIGH_CARD, 14, 13, 2)
    assert three("KS AS 2S")[0] is ThreeCardCategory.FLUSH
    assert three("QS KS AS") == (ThreeCardCategory.STRAIGHT_FLUSH, 14)
    assert three("AS 2S 3S") == (ThreeCardCategory.STRAIGHT_FLUSH, 3)


def test_633a_6_e_9_three_card_order_and_kickers() -> None:
    ladder = ["AS KD JH", "2S 2D 3H", "2S 3S 5S", "2S 3D 4H", "2S 2D 2H", "AS 2S 3S"]
    keys = [three(text) for text in ladder]
    assert [key[0] for key in keys] == list(ThreeCardCategory)
    assert keys == sorted(keys)
    assert three("9S 9D AH") > three("9H 9C KH") > three("8S 8D AC")  # pair, then kicker
    assert three("AS KS 9S") > three("AD KD 8D")  # flushes card by card
    assert three("AS KD 9H") == three("AH KC 9D")  # suits never break a tie


def test_several_decks_repeated_cards_rank_as_they_stand() -> None:
    assert three("7S 7S 7S") == (ThreeCardCategory.THREE_OF_A_KIND, 7)
    assert three("7S 7S 2S") == (ThreeCardCategory.FLUSH, 7, 7, 2)  # a flush beats a pair
    assert rank("7S 7S 2S 4S 9S") == (HandCategory.FLUSH, 9, 7, 7, 4, 2)
    assert rank("7S 7S 7S 2S 2S") == (HandCategory.FULL_HOUSE, 7, 2)
    assert rank("7S 7S 7S 7S 7S") == (HandCategory.FOUR_OF_A_KIND, 7, 7)
    # Five of one rank: four of a kind with a kicker of that rank (five of a kind is a game's rule).
    assert rank("7S 7D 7H 7C 6S") < rank("7S 7S 7S 7S 7S") < rank("7S 7D 7H 7C 8S")


def test_wrong_sized_hands_and_the_joker_are_refused_with_a_card_error() -> None:
    with pytest.raises(CardError, match="five-card poker ranks hands of 5 cards, not 4"):
        rank("AS KS QS JS")
    with pytest.raises(CardError, match="not 6"):
        rank("AS KS QS JS TS 9S")
    with pytest.raises(CardError, match="three-card poker ranks hands of 3 cards, not 2"):
        three("AS KS")
    with pytest.raises(CardError, match="joker"):
        five_card_rank([*hand("AS KS QS JS"), JOKER])  # type: ignore[list-item]
    with pytest.raises(CardError, match="joker"):
        three_card_rank([*hand("AS KS"), JOKER])  # type: ignore[list-item]


def test_the_shape_helpers_take_any_size_and_repeated_cards() -> None:
    assert same_suit(*hand("AS 9S 9S"))
    assert not same_suit(*hand("AS 9D"))
    assert poker_value(Rank.ACE, ace_high=True) == 14
    assert poker_value(Rank.ACE, ace_high=False) == 1
    assert poker_value(Rank.TEN, ace_high=True) == 10
    assert is_straight(hand("AS 2D"))
    assert is_straight(hand("KS AD"))
    assert not is_straight(hand("KS AD 2H"))
    assert not is_straight(hand("7S 7S"))
    assert is_straight(hand("AS 2D 3H 4C 5S"))
    assert not is_straight(hand("QS KD AH 2C 3S"))
    assert rank_counts(hand("7S 7S 7D 2H 2C")) == (3, 2)
    assert rank_counts(hand("7S 8S")) == ()


# --- properties ------------------------------------------------------------------------------

five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
three_cards = st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True)


def _recoloured(cards: Sequence[Card], suits: Sequence[Suit]) -> list[Card]:
    mapping = dict(zip(SUITS, suits, strict=True))
    return [Card(card.rank, mapping[card.suit]) for card in cards]


def _values(cards: Sequence[Card]) -> list[int]:
    return sorted(poker_value(card.rank, ace_high=True) for card in cards)


def _category(cards: Sequence[Card]) -> HandCategory:
    """The category from the shape helpers, independently of `five_card_rank`."""
    straight, flush, shape = is_straight(cards), same_suit(*cards), rank_counts(cards)
    if straight and flush:
        return HandCategory.STRAIGHT_FLUSH
    by_shape = {
        (4,): HandCategory.FOUR_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (3,): HandCategory.THREE_OF_A_KIND,
        (2, 2): HandCategory.TWO_PAIR,
        (2,): HandCategory.ONE_PAIR,
    }
    if shape in ((4,), (3, 2)):
        return by_shape[shape]
    if flush:
        return HandCategory.FLUSH
    if straight:
        return HandCategory.STRAIGHT
    return by_shape.get(shape, HandCategory.HIGH_CARD)


@given(
    first=five_cards,
    second=five_cards,
    order=st.permutations(range(5)),
    suits=st.permutations(SUITS),
)
def test_five_card_rank_is_a_total_order_by_category_blind_to_suits_and_order(
    first: list[Card], second: list[Card], order: list[int], suits: list[Suit]
) -> None:
    a, b = five_card_rank(first), five_card_rank(second)
    assert a[0] is _category(first)
    assert b[0] is _category(second)
    assert (a < b) + (a == b) + (a > b) == 1
    if a[0] != b[0]:
        assert (a < b) == (a[0] < b[0])
    # Two hands tie exactly when they hold the same ranks and are both flushes or both not.
    assert (a == b) == (
        _values(first) == _values(second) and same_suit(*first) == same_suit(*second)
    )
    moved = _recoloured([first[index] for index in order], suits)
    assert five_card_rank(moved) == a


@given(first=three_cards, second=three_cards, suits=st.permutations(SUITS))
def test_three_card_rank_is_a_total_order_blind_to_suits_and_order(
    first: list[Card], second: list[Card], suits: list[Suit]
) -> None:
    a, b = three_card_rank(first), three_card_rank(second)
    assert (a < b) + (a == b) + (a > b) == 1
    assert (a == b) == (
        _values(first) == _values(second) and same_suit(*first) == same_suit(*second)
    )
    assert three_card_rank(_recoloured(first[::-1], suits)) == a
