"""Exact Fortune, Envy math against paigow/anchors.md (DER figures checked there against PUB
Wizard of Odds and Alspach tables), and the kernel's classifier against its slow twin."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tablegames.paigow.analysis import (
    TOTAL_HANDS,
    envy_per_player,
    fortune_class,
    fortune_class_counts,
    fortune_edge,
    fortune_edge_with_envy,
)
from tablegames.paigow.cards import deck, parse_hand
from tablegames.paigow.fortune import ENVY_TABLES, FORTUNE_CLASSES, FORTUNE_PAYTABLES
from tablegames.paigow.fortune import fortune_class as fortune_class_reference

# anchors.md 2: the Fortune-order table (PUB: Wizard Pai Gow Mania appendix 5; Alspach Table 1).
ANCHOR_2 = {
    "natural_seven_card_straight_flush": 32,
    "royal_flush_royal_match": 72,
    "wild_seven_card_straight_flush": 196,
    "five_aces": 1_128,
    "royal_flush": 26_020,
    "straight_flush": 184_644,
    "four_of_a_kind": 307_472,
    "full_house": 4_188_528,
    "flush": 6_172_088,
    "three_of_a_kind": 7_672_500,
    "straight": 11_034_204,
    "two_pair": 35_553_816,
    "one_pair": 64_221_960,
    "high_card": 24_780_420,
}


def test_anchors_2_every_fortune_class_over_all_hands() -> None:
    counts = fortune_class_counts()
    assert dict(counts.counts) == ANCHOR_2
    assert counts.total == TOTAL_HANDS == 154_143_080  # anchors 1
    assert counts.three_pair == 2_862_000  # anchors 2, the three-pair note


def test_anchors_3_fortune_edges() -> None:
    # anchors 3: exact EV of Wizard #2 and #3, and the 4-decimal edges of the others.
    assert fortune_edge(FORTUNE_PAYTABLES["wizard_2"]) == Fraction(1_496_262, 19_267_885)
    assert fortune_edge(FORTUNE_PAYTABLES["wizard_3"]) == Fraction(215_466, 2_752_555)
    for name, percent in (("wizard_1", 8.0008), ("wizard_4", 8.4900), ("wizard_6", 9.2855)):
        assert round(float(fortune_edge(FORTUNE_PAYTABLES[name])) * 100, 4) == percent


def test_anchors_3_envy_per_other_player() -> None:
    # anchors 3: $0.0459264 / $0.0463416 per other player; 0.92% per other player (PUB).
    # The Envy amounts are dollars paid to a $5 bettor, so the expectation is in dollars.
    assert round(float(envy_per_player(ENVY_TABLES["envy_3000"])), 7) == 0.0459264
    assert round(float(envy_per_player(ENVY_TABLES["envy_5000"])), 7) == 0.0463416
    assert round(float(envy_per_player(ENVY_TABLES["envy_3000"])) / 5 * 100, 4) == 0.9185
    full_table = fortune_edge_with_envy(
        FORTUNE_PAYTABLES["wizard_3"], ENVY_TABLES["envy_3000"], wager=5, others=6
    )
    assert round(float(full_table) * 100, 4) == 2.3167  # anchors 3, PUB "2.3 percent"
    row = [
        round(
            float(
                fortune_edge_with_envy(
                    FORTUNE_PAYTABLES["wizard_2"], ENVY_TABLES["envy_5000"], wager=5, others=n
                )
            )
            * 100,
            4,
        )
        for n in range(7)
    ]
    assert row == [7.7656, 6.8387, 5.9119, 4.9851, 4.0582, 3.1314, 2.2046]


def test_anchors_3_envy_qualifying_probability() -> None:
    counts = fortune_class_counts()
    qualifying = sum(counts.counts[name] for name in FORTUNE_CLASSES[:7])
    assert qualifying == 519_564


TARGETED = [
    ("2S 3S 4S 5S 6S 7S 8S", "natural_seven_card_straight_flush"),
    ("AS KS QS JS TS KH QH", "royal_flush_royal_match"),
    ("JK KS QS JS TS KH QH", "royal_flush_royal_match"),
    ("JK 2S 3S 4S 6S 7S 8S", "wild_seven_card_straight_flush"),
    ("JK AS AD AH AC 2S 3D", "five_aces"),
    ("JK AS KS QS JS 2D 3C", "royal_flush"),
    ("JK 2S 3S 4S 5S 9D KC", "straight_flush"),
    ("JK AS AD AH 2S 3D 9C", "four_of_a_kind"),
    ("JK AS AD 9H 9S 3D 4C", "full_house"),
    ("JK 2S 7S 9S KS 3D 4C", "flush"),
    ("JK AS 9D 9H 9S 3D 4C", "full_house"),
    ("JK AS AD 9H TS 3D 5C", "three_of_a_kind"),
    ("JK 2D 3S 4H 5S JD KC", "straight"),
    ("JK AS 4D 4H 9S JD KC", "two_pair"),
    ("JK AS 4D 6H 9S JD KC", "one_pair"),
    ("JK 2S 4D 6H 9S JD KC", "high_card"),
]


@pytest.mark.parametrize(("hand", "expected"), TARGETED)
def test_kernel_and_twin_on_hand_worked_hands(hand: str, expected: str) -> None:
    cards = parse_hand(hand.split())
    assert fortune_class(cards) == expected
    assert fortune_class_reference(cards) == expected


def test_kernel_agrees_with_its_slow_twin_on_random_hands() -> None:
    rng = random.Random(7)
    cards = deck()
    joker = cards[-1]
    for trial in range(3_000):
        hand = rng.sample(cards, 7)
        if trial % 2 and joker not in hand:
            hand[0] = joker  # half the sample holds the joker
        assert fortune_class(hand) == fortune_class_reference(hand), [str(c) for c in hand]
