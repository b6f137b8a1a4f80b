"""Straight Jack Progressive Wager (633a.6(e)(11)): defined, no paytable printed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablegames.blackjack.side import straight_jack
from tablegames.core.errors import WagerError
from tablegames.core.paytable import SideResult, pays_to
from tests.side.faces import card, count_pairs, pairs

# Consecutive rank pairs with the ace at either end: A-2, 2-3, ..., Q-K, K-A = 13 rank pairs,
# each in 2 orders; suited in 4 ways, unsuited in 4 x 3.
STRAIGHT_FLUSH = 13 * 2 * 4
STRAIGHT = 13 * 2 * 12


def test_633a_6_e_11_line_counts_over_all_ordered_two_card_faces() -> None:
    assert count_pairs(straight_jack.evaluate) == {
        "two_card_straight_flush": STRAIGHT_FLUSH,
        "two_card_straight": STRAIGHT,
        None: 52 * 52 - STRAIGHT_FLUSH - STRAIGHT,
    }


def test_633a_6_e_11_default_paytable_returns_2600_of_2704() -> None:
    returned = sum(SideResult.of(straight_jack.evaluate(a, b)).returned(1) for a, b in pairs())
    assert returned == STRAIGHT_FLUSH * 10 + STRAIGHT * 5 == 2600
    assert 1 - Fraction(returned, 52 * 52) == Fraction(1, 26)  # the documented house edge


def test_633a_6_e_11_ace_high_or_low_no_wraparound_no_pairs() -> None:
    assert straight_jack.evaluate(card("AS"), card("2D")) is not None
    assert straight_jack.evaluate(card("KS"), card("AD")) is not None
    assert straight_jack.evaluate(card("KS"), card("2D")) is None
    assert straight_jack.evaluate(card("7S"), card("7S")) is None


def test_633a_6_e_11_a_filed_paytable_replaces_the_default() -> None:
    filed = (pays_to("two_card_straight", 3, "Two-card straight"),)
    line = straight_jack.evaluate(card("9S"), card("TS"), paytable=filed)
    assert line == filed[0]
    with pytest.raises(WagerError, match="must be distinct"):
        straight_jack.evaluate(card("9S"), card("TS"), paytable=(pays_to("pair", 3, "Pair"),))
