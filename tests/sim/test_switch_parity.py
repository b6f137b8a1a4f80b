"""Parity at Blackjack Switch (633a.12(a)): the kernel and the reference engine settle every box's
two hands to the cent on the same stacked shoes.

The reference plays `Round` (two equal wagers, 633a.12(a)(1); the switch decision,
633a.12(a)(4); the payouts of 633a.12(a)(5)) through `policy.ChartPolicy` with the switch rule;
the kernel plays its compiled arrays. Nothing in the kernel is imported by the reference. The
switch chart and rule are `sim.switch_strategy`'s; random charts and random switch tables ask
for every action and for switching on hands of every kind (a switched Blackjack, switched pairs
that split, a kept Blackjack against a dealer 21 or 22).
"""

from __future__ import annotations

import numpy as np
import pytest

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.parity import ParityError, compare
from tablegames.blackjack.sim.switch_strategy import switch_strategy
from tablegames.blackjack.switch_rule import SwitchValues
from tablegames.reports.blackjack_text import chart_model
from tests.sim.test_kernel_parity import random_chart

SWITCH = Rules(variant="blackjack_switch")


def random_switch(seed: int) -> SwitchValues:
    """A switch table of random values (symmetric in the two cards): it switches about half the
    time, whatever the hands."""
    values = np.random.default_rng(seed).normal(size=(2, 10, 10, 10))
    return SwitchValues(values + values.transpose(0, 2, 1, 3))


def assert_parity(rules: Rules, switch: SwitchValues, seed: int, *, boxes: int, shoes: int) -> int:
    chart = chart_model(switch_strategy(rules).basic)
    try:
        return compare(rules, chart, boxes=boxes, shoes=shoes, seed=seed, switch=switch)
    except ParityError as error:
        pytest.fail(str(error))


def test_633a_12_a_switch_chart_10000_rounds_in_parity() -> None:
    # Issue 13: Blackjack Switch with its best decisions, 10,000 stacked rounds and more.
    strategy = switch_strategy(SWITCH)
    compared = assert_parity(SWITCH, strategy.rule, 13, boxes=2, shoes=600)
    assert compared >= 10_000


@pytest.mark.parametrize(
    ("changes", "boxes", "seed"),
    [
        ({}, 1, 1),
        ({}, 3, 2),
        ({"switch_surrender": True}, 2, 3),  # 633a.12(a)(4): surrender where the house allows
        ({"hit_split_aces": False, "resplit_aces": False}, 2, 4),
        ({"max_hands": 2, "double_after_split": False}, 2, 5),
        ({"max_hands": 16}, 1, 6),
        ({"dealer_hits_soft_17": True}, 2, 7),
        ({"blackjack_pays": "6:5"}, 2, 8),
        ({"decks": 1}, 1, 9),
        ({"decks": 2}, 3, 10),
        ({"decks": 8}, 7, 11),
    ],
)
def test_633a_12_a_4_random_charts_and_switches(
    changes: dict[str, object], boxes: int, seed: int
) -> None:
    # A random chart and switch table ask for every action after switches of every kind: the
    # kernel must play and settle exactly what the engine does (633a.11(c) per hand dealt,
    # 633a.9(a) once per box, 633a.12(a)(5)(i)-(v)).
    rules = SWITCH.replace(**changes)
    for offset in range(3):
        chart = random_chart(seed * 100 + offset)
        try:
            compare(
                rules,
                chart,
                boxes=boxes,
                shoes=4,
                seed=seed * 100 + offset,
                switch=random_switch(seed * 100 + offset),
            )
        except ParityError as error:
            pytest.fail(str(error))


@pytest.mark.parametrize("decks", [6, 8])
def test_633a_6_e_7_super_match_in_parity(decks: int) -> None:
    # 633a.6(e)(7), 633a.13(i): the box's first four cards as dealt, whatever is switched after.
    rules = SWITCH.replace(decks=decks, side_wagers={"super_match": {}})
    assert assert_parity(rules, random_switch(decks), 30 + decks, boxes=3, shoes=30) > 300


def test_633a_12_a_5_switch_chart_other_rules_in_parity() -> None:
    # The switch chart and rule derived for other rules, in parity on their own tables.
    for seed, changes in enumerate(({"decks": 2}, {"switch_surrender": True, "max_hands": 2})):
        rules = SWITCH.replace(**changes)
        assert_parity(rules, switch_strategy(rules).rule, 20 + seed, boxes=2, shoes=10)
