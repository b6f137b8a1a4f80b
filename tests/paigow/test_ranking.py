"""Rankings (645a.6 text not found; the rules every source in paigow/645a-digest.md 7 gives)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.core.errors import CardError, RulesError
from tablegames.paigow.cards import deck, parse_hand
from tablegames.paigow.ranking import (
    Category,
    RankingRules,
    compare,
    high_key,
    high_value,
    low_key,
    low_value,
)


def high(*texts: str, rules: RankingRules | None = None) -> int:
    return high_key(parse_hand(texts, size=5), rules or RankingRules())


def category(*texts: str) -> Category:
    return high_value(parse_hand(texts, size=5)).category


def test_joker_is_an_ace_otherwise() -> None:
    assert category("JK", "AS", "9D", "7C", "3H") is Category.ONE_PAIR
    assert high_value(parse_hand(["JK", "KS", "9D", "7C", "3H"], size=5)).tiebreak == (
        14,
        13,
        9,
        7,
        3,
    )
    # it never pairs any rank but aces
    assert category("JK", "KS", "KD", "7C", "3H") is Category.ONE_PAIR
    assert high_value(parse_hand(["JK", "KS", "KD", "7C", "3H"], size=5)).tiebreak[0] == 13


def test_joker_completes_straight_flush_and_royal() -> None:
    assert category("JK", "9S", "TD", "JC", "KH") is Category.STRAIGHT
    assert high_value(parse_hand(["JK", "9S", "TD", "JC", "KH"], size=5)).tiebreak == (13,)
    assert category("JK", "2S", "7S", "9S", "KS") is Category.FLUSH
    assert category("JK", "9S", "TS", "JS", "KS") is Category.STRAIGHT_FLUSH
    assert category("JK", "KS", "QS", "JS", "TS") is Category.ROYAL_FLUSH
    assert high("JK", "KS", "QS", "JS", "TS") == high("AS", "KS", "QS", "JS", "TS")


def test_five_aces_outrank_a_royal_flush() -> None:
    assert category("JK", "AS", "AD", "AC", "AH") is Category.FIVE_ACES
    assert high("JK", "AS", "AD", "AC", "AH") > high("AS", "KS", "QS", "JS", "TS")


def test_wheel_is_second_highest_by_default() -> None:
    wheel = high("AS", "2D", "3H", "4C", "5S")
    assert high("KS", "QD", "JH", "TC", "9S") < wheel < high("AS", "KD", "QH", "JC", "TS")
    wheel_flush = high("AS", "2S", "3S", "4S", "5S")
    assert high("KS", "QS", "JS", "TS", "9S") < wheel_flush < high("AS", "KS", "QS", "JS", "TS")


def test_wheel_lowest_when_filed() -> None:
    lowest = RankingRules(wheel_straight="lowest", wheel_straight_flush="lowest")
    wheel = high("AS", "2D", "3H", "4C", "5S", rules=lowest)
    assert wheel < high("2S", "3D", "4H", "5C", "6S", rules=lowest)
    assert high("AS", "2S", "3S", "4S", "5S", rules=lowest) < high(
        "2S", "3S", "4S", "5S", "6S", rules=lowest
    )
    # with the wheel lowest, the joker with 2-3-4-5 makes the six-high straight
    assert high_value(parse_hand(["JK", "2D", "3H", "4C", "5S"], size=5), lowest).tiebreak == (6,)


def test_joker_with_2345_makes_the_wheel_by_default() -> None:
    assert high("JK", "2D", "3H", "4C", "5S") == high("AS", "2D", "3H", "4C", "5S")


def test_joker_in_a_flush_holding_the_ace() -> None:
    missing = high_value(parse_hand(["JK", "AS", "9S", "7S", "3S"], size=5))
    assert missing.category is Category.FLUSH
    assert missing.tiebreak == (14, 13, 9, 7, 3)
    as_ace = high_value(
        parse_hand(["JK", "AS", "9S", "7S", "3S"], size=5), RankingRules(joker_in_ace_flush="ace")
    )
    assert as_ace.tiebreak == (14, 14, 9, 7, 3)


def test_low_hands() -> None:
    assert low_value(parse_hand(["JK", "AD"], size=2)).tiebreak == (14,)
    assert low_value(parse_hand(["JK", "KD"], size=2)).tiebreak == (14, 13)
    assert low_key(parse_hand(["2S", "2D"], size=2)) > low_key(parse_hand(["AS", "KD"], size=2))


def test_copies_compare_by_rank_only() -> None:
    assert compare(parse_hand(["AS", "KD"], size=2), parse_hand(["AH", "KS"], size=2)) == 0
    assert (
        compare(
            parse_hand(["2S", "5S", "8S", "TS", "QS"], size=5),
            parse_hand(["2H", "5H", "8H", "TH", "QH"], size=5),
        )
        == 0
    )


def test_high_against_low_is_the_legality_order() -> None:
    assert (
        compare(
            parse_hand(["7S", "7D", "KC", "QH", "JS"], size=5), parse_hand(["7H", "7C"], size=2)
        )
        == 1
    )
    assert (
        compare(
            parse_hand(["AS", "QD", "9C", "5H", "3S"], size=5), parse_hand(["AH", "KC"], size=2)
        )
        == -1
    )


def test_bad_options_and_sizes_refused() -> None:
    with pytest.raises(RulesError):
        RankingRules(wheel_straight="first")  # type: ignore[arg-type]
    with pytest.raises(CardError):
        high_key(parse_hand(["AS", "KD"], size=2))


hands5 = st.lists(st.sampled_from(deck()), min_size=5, max_size=5, unique=True)


@settings(max_examples=300, deadline=None)
@given(hands5, hands5, hands5)
def test_compare_is_antisymmetric_and_transitive(a: list, b: list, c: list) -> None:  # type: ignore[type-arg]
    assert compare(a, b) == -compare(b, a)
    if compare(a, b) >= 0 and compare(b, c) >= 0:
        assert compare(a, c) >= 0


@settings(max_examples=200, deadline=None)
@given(hands5)
def test_suits_never_matter_beyond_flushes(hand: list) -> None:  # type: ignore[type-arg]
    # Rotating the suits keeps every rank and every flush: the key must not change.
    from tablegames.core.cards import Card, Joker, Suit

    order = [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    rotated = [
        card
        if isinstance(card, Joker)
        else Card(card.rank, order[(order.index(card.suit) + 1) % 4])
        for card in hand
    ]
    assert high_key(hand) == high_key(rotated)
