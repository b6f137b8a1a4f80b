"""Parity at Switch Hands (633c.4): the kernel and the reference engine settle every box's wager
and ante to the cent on the same stacked shoes.

The reference plays `Round` (the ante, 633c.4(c); two switch cards, 633c.4(d) or (j); the
choice of 633c.4(f); the payouts of 633c.4(i) and (o)) through `policy.ChartPolicy` with the
switch hands rule; the kernel plays its compiled arrays. Nothing in the kernel is imported by
the reference. The chart and rule are `sim.switch_hands_strategy`'s; random charts and random
switch tables ask for every action and for switching on hands of every kind (switched
Blackjacks of either colour against every up card, switched pairs that split).
"""

from __future__ import annotations

import numpy as np
import pytest

from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.sim.parity import ParityError, compare
from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.blackjack.switch_hands_rule import SHAPE, SwitchHandsRule
from tablegames.core.cards import Card
from tablegames.reports.blackjack_text import chart_model
from tests.sim.test_kernel_parity import random_chart

PREMIUM = load_rules(preset="pa-switch-hands-premium")
PLAIN = PREMIUM.replace(blackjack_premium=False)


def random_switch_hands(seed: int) -> SwitchHandsRule:
    """A random switch hands table, symmetric in the two cards: it switches about half the
    time, whatever the hands and colours."""
    drawn = np.random.default_rng(seed).integers(0, 2, size=SHAPE, dtype=np.int8)
    index = np.indices(SHAPE)
    # The draw of the order whose first card (rank, colour) comes first, for both orders.
    upper = index[1] * 2 + index[4] < index[2] * 2 + index[5]
    return SwitchHandsRule(np.where(upper, drawn, drawn.transpose(0, 2, 1, 3, 5, 4)))


def assert_parity(
    rules: Rules,
    chart: StrategyChart,
    rule: SwitchHandsRule,
    seed: int,
    *,
    boxes: int,
    shoes: int,
) -> int:
    try:
        return compare(rules, chart, boxes=boxes, shoes=shoes, seed=seed, switch_hands=rule)
    except ParityError as error:
        pytest.fail(str(error))


def test_633c_4_f_switch_chart_10000_rounds_in_parity() -> None:
    # Issue 13: Switch Hands with the premium (633c.4(k)-(o)), its chart and switch rule,
    # 10,000 stacked rounds and more.
    strategy = switch_hands_strategy(PREMIUM)
    chart = chart_model(strategy.basic)
    compared = assert_parity(PREMIUM, chart, strategy.rule, 13, boxes=2, shoes=500)
    assert compared >= 10_000


@pytest.mark.parametrize(
    ("changes", "boxes", "seed"),
    [
        ({}, 1, 1),
        ({}, 3, 2),
        ({"blackjack_premium": False}, 2, 3),  # 633c.4(i): without the premium
        ({"blackjack_premium": False, "tie_blackjack_pays": True}, 2, 4),  # 633c.4(i)(2)(ii)
        ({"switch_cards_dealt": "after"}, 2, 5),  # 633c.4(j)
        ({"late_surrender": False}, 2, 6),
        ({"hit_split_aces": False, "resplit_aces": False}, 2, 7),
        ({"max_hands": 2, "double_after_split": False}, 2, 8),
        ({"max_hands": 16}, 1, 9),
        ({"dealer_hits_soft_17": True}, 2, 10),
        ({"decks": 1}, 1, 11),
        ({"decks": 2}, 3, 12),
        ({"decks": 8}, 7, 13),
    ],
)
def test_633c_4_i_2_random_charts_and_switches(
    changes: dict[str, object], boxes: int, seed: int
) -> None:
    # A random chart and switch table ask for every action after switches of every kind: the
    # kernel must deal, switch, play and settle exactly what the engine does (633c.4(c)-(f),
    # (h), (i), (j), (o)).
    rules = PREMIUM.replace(**changes)
    for offset in range(3):
        assert_parity(
            rules,
            random_chart(seed * 100 + offset),
            random_switch_hands(seed * 100 + offset),
            seed * 100 + offset,
            boxes=boxes,
            shoes=4,
        )


@pytest.mark.parametrize("changes", [{}, {"blackjack_premium": False, "tie_blackjack_pays": True}])
def test_633c_4_o_switch_chart_other_rules_in_parity(changes: dict[str, object]) -> None:
    # The chart and switch rule derived for other rules, in parity on their own tables.
    rules = PLAIN.replace(decks=2, **changes)
    strategy = switch_hands_strategy(rules)
    assert_parity(rules, chart_model(strategy.basic), strategy.rule, 20, boxes=2, shoes=10)


def test_633c_4_f_the_rule_switches_a_stiff_and_keeps_a_twenty_or_a_coloured_blackjack() -> None:
    # 633c.4(f), hand-worked bounds: two unseen cards are worth about what a random hand is (a
    # few per cent either way); a 12 against a 6 loses about 15 % of its wager, a 20 against a 6
    # wins about 70 %, and a kept same-colour Blackjack at a premium table pays 2 to 1
    # (633c.4(o)) unless the dealer has Blackjack, more than any two cards could be worth.
    rule = switch_hands_strategy(PREMIUM).rule
    six = Card.parse("6S")
    assert rule.switches((Card.parse("TS"), Card.parse("2H")), six)
    assert not rule.switches((Card.parse("TS"), Card.parse("KH")), six)
    assert not rule.switches((Card.parse("AS"), Card.parse("KS")), six)  # a coloured Blackjack
