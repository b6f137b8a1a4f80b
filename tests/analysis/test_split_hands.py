"""Splitting to any house limit of hands (633a.11(c): the house sets it, 1 to 16 in `Rules`).

The exact analysis once stopped at four hands. Its split values (`split_values`, Eric Farmer's
method) now count the orders of pair and non-pair second cards for any limit (`orderings`);
the round engine's enumeration checks them at five and six hands
(tests/analysis/test_engine_parity.py) and the simulator at eight
(tests/sim/test_simulate_split_hands.py). Here: the figures at more hands, the hand table's
dealer rows at sixteen, and the refusals that remain (a fixed decision the kernel would misread,
a shoe too small for the method).
"""

from __future__ import annotations

import numpy as np
import pytest

from tablegames.blackjack.analysis.basic_strategy import (
    DOUBLE_ELSE_HIT,
    DOUBLE_ELSE_STAND,
    HIT,
    BasicChart,
    basic_chart,
)
from tablegames.blackjack.analysis.dealer_hands import shoe_counts
from tablegames.blackjack.analysis.game import analyse, analyse_shoe, basic_from, hand_table_values
from tablegames.blackjack.analysis.hands import build_hand_table
from tablegames.blackjack.rules import Rules

# Six decks, PA rules as written (split aces draw and resplit): the house edge (CDZ-, basic
# strategy), in percent, from this analysis: `tablegames edge blackjack --set max_hands=N`
# (`--strategy basic`). More hands only add choices, so the edge falls with the limit.
SIX_DECKS = {
    4: (0.084038, 0.085483),
    5: (0.081264, 0.082709),
    8: (0.080665, 0.082109),
    16: (0.080661, 0.082106),
}


@pytest.mark.parametrize("hands", [5, 8, 16])
def test_633a_11_c_every_house_limit_of_hands_is_analysed_exactly(hands: int) -> None:
    cdz = analyse(Rules(decks=6, max_hands=hands))
    basic = basic_from(cdz)
    assert cdz.house_edge * 100 == pytest.approx(SIX_DECKS[hands][0], abs=5e-7)
    assert basic.house_edge * 100 == pytest.approx(SIX_DECKS[hands][1], abs=5e-7)
    fewer = max(limit for limit in SIX_DECKS if limit < hands)
    assert cdz.house_edge < analyse(Rules(decks=6, max_hands=fewer)).house_edge
    # A split to more hands is worth more (8s against a 10: more eights resplit).
    four = analyse(Rules(decks=6, max_hands=4))
    assert cdz.split[7, 9] > four.split[7, 9]
    assert 1.14 < cdz.std_dev < 1.15


def test_633a_11_c_a_limit_above_the_pair_cards_of_one_deck_changes_nothing() -> None:
    # One deck holds four of each pair card but ten-values: a limit above four hands could only
    # let ten-values split further, and CDZ- play never splits them from a full deck.
    four = analyse(Rules(decks=1, max_hands=4))
    for hands in (5, 8, 16):
        more = analyse(Rules(decks=1, max_hands=hands))
        assert more.house_edge == pytest.approx(four.house_edge, abs=1e-13)
        np.testing.assert_allclose(more.split[:9], four.split[:9], rtol=0, atol=1e-13)


def test_633a_11_c_every_distinct_removal_has_its_own_dealer_row() -> None:
    # Eight decks, aces resplit to 16 hands: a split hand's context removes up to 29 extra aces,
    # so a removal may hold all 32 aces of the shoe. Hands share a dealer row only when they
    # remove the same cards (a base-32 code once merged 911 different removals with others).
    rules = Rules(decks=8, max_hands=16)
    table = build_hand_table(rules, shoe_counts(8))
    assert table.removal[:, 0].max() == 32
    values = hand_table_values(rules, table, np.full((len(table.hard), 10), -1, dtype=np.int64))
    assert values.dealer is not None
    assert len(values.dealer) == len(np.unique(table.removal, axis=0))


def test_633a_10_a_a_chart_code_to_double_a_hand_of_three_cards_is_refused() -> None:
    # The kernels read the fixed decision of a hand of three or more cards as the option itself
    # (0 stand, 1 hit): a double code there (2, 3) would read the double's value, or past the
    # hand's row, with no error. 633a.10(a): a double is made on the first two cards only.
    rules = Rules(decks=1, max_hands=2)
    table = build_hand_table(rules, shoe_counts(1))
    three = int(np.flatnonzero(table.cards.sum(axis=1) == 3)[0])
    for code in (DOUBLE_ELSE_HIT, DOUBLE_ELSE_STAND, 4, -2):
        fixed = np.full((len(table.hard), 10), HIT, dtype=np.int64)
        fixed[three, 5] = code
        with pytest.raises(ValueError, match="fixed decision"):
            hand_table_values(rules, table, fixed)
    # On two cards a double code is the chart's to give.
    two = int(np.flatnonzero(table.cards.sum(axis=1) == 2)[0])
    fixed = np.full((len(table.hard), 10), HIT, dtype=np.int64)
    fixed[two, 5] = DOUBLE_ELSE_STAND
    hand_table_values(rules, table, fixed)
    with pytest.raises(ValueError, match="one row per hand"):
        hand_table_values(rules, table, fixed[:-1])


def test_633a_10_a_a_chart_that_doubles_three_card_totals_is_refused() -> None:
    game = analyse(Rules(decks=1, max_hands=2))
    chart = basic_chart(game)
    assert chart.fixed_for(game.table).max() <= DOUBLE_ELSE_STAND
    bad = BasicChart(
        hard=chart.hard,
        soft=chart.soft,
        hard_more={**chart.hard_more, 11: [DOUBLE_ELSE_HIT] * 10},
        soft_more=chart.soft_more,
        split=chart.split,
    )
    with pytest.raises(ValueError, match="a hand of three or more cards"):
        bad.fixed_for(game.table)


def test_633a_11_c_a_shoe_too_small_for_the_split_method_is_refused() -> None:
    # Farmer's method values each completed hand as one whose second card is not a pair card,
    # which needs such a card left in the shoe for every hand: 4 sixes and 3 nines are too few
    # for 8 hands of ten-values. No shoe of whole decks is (36 cards that are not ten-values).
    shoe = np.zeros(10, dtype=np.int64)
    shoe[5], shoe[8], shoe[9] = 4, 3, 8
    with pytest.raises(ValueError, match="split to 8 hands needs at least 8 cards"):
        analyse_shoe(Rules(decks=1, max_hands=16), shoe)
    analyse_shoe(Rules(decks=1, max_hands=6), shoe)  # six hands: enough
