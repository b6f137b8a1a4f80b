"""House Money Wager (633a.6(e)(12)): defined, no paytable printed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablegames.blackjack.side import house_money
from tablegames.core.errors import WagerError
from tablegames.core.paytable import SideResult, pays_to
from tests.side.faces import card, count_pairs, pairs

ACE_KING_SUITED = 4 * 2  # four suits, either order
STRAIGHT_FLUSH = 13 * 2 * 4 - ACE_KING_SUITED  # 13 consecutive rank pairs (A-2 .. K-A), suited
PAIR = 13 * 4 * 4  # same rank, any suits (identical faces included)
STRAIGHT = 13 * 2 * 4 * 3  # consecutive ranks, different suits


def test_633a_6_e_12_line_counts_over_all_ordered_two_card_faces() -> None:
    assert count_pairs(house_money.evaluate) == {
        "ace_king_suited": ACE_KING_SUITED,
        "two_card_straight_flush": STRAIGHT_FLUSH,
        "pair": PAIR,
        "two_card_straight": STRAIGHT,
        None: 52 * 52 - ACE_KING_SUITED - STRAIGHT_FLUSH - PAIR - STRAIGHT,
    }


def test_633a_6_e_12_default_paytable_returns_2624_of_2704() -> None:
    returned = sum(SideResult.of(house_money.evaluate(a, b)).returned(1) for a, b in pairs())
    assert returned == ACE_KING_SUITED * 26 + STRAIGHT_FLUSH * 10 + PAIR * 4 + STRAIGHT * 2
    assert returned == 2624
    assert 1 - Fraction(returned, 52 * 52) == Fraction(5, 169)  # the documented house edge


def test_633a_6_e_12_ace_king_suited_outranks_the_straight_flush_it_also_is() -> None:
    def line(first: str, second: str) -> str | None:
        found = house_money.evaluate(card(first), card(second))
        return None if found is None else found.line

    assert line("AH", "KH") == "ace_king_suited"
    assert line("AH", "2H") == "two_card_straight_flush"
    assert line("AH", "KD") == "two_card_straight"
    assert line("AH", "AH") == "pair"
    assert line("KH", "2H") is None


def test_633a_6_e_12_a_filed_paytable_may_leave_lines_out() -> None:
    filed = (pays_to("two_card_straight_flush", 5, "x"), pays_to("pair", 2, "Pair"))
    found = house_money.evaluate(card("AH"), card("KH"), paytable=filed)
    assert found == filed[0]  # no ace-king suited line: paid as the straight flush it is
    assert house_money.evaluate(card("AH"), card("KD"), paytable=filed) is None
    with pytest.raises(WagerError, match="633a"):
        house_money.evaluate(card("AH"), card("KD"), paytable=(filed[1], filed[1]))
