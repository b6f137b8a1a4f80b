"""Parity: the simulator's kernel and the reference round engine settle every box to the cent.

Both play the same stacked shoes, driven by the same chart: the reference through `Round` and
`policy.ChartPolicy` (the engine whose every step cites its paragraph), the kernel through its
compiled arrays (the driver, `blackjack.sim.parity.compare`, is shared with the 10^6-round
benchmark). The reference is the independent derivation here: nothing in the kernel is imported
by it. Each shoe is played round after round until too few cards are left, so the cards
each round uses (633a.7(n): the dealer draws only for a hand still standing) are compared too.
"""

from __future__ import annotations

import random

import pytest

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.parity import ParityError, compare
from tablegames.blackjack.strategy_chart import (
    PAIR_CODES,
    PAIRS,
    ROW_KEYS,
    TOTAL_CODES,
    UP_CARDS,
    StrategyChart,
)
from tablegames.reports.blackjack_text import chart_model, strategy_chart

# The rules of issue 13's side-by-side runs: aces split once, one card each.
ISSUE_RULES = Rules(hit_split_aces=False, resplit_aces=False)


def random_chart(seed: int) -> StrategyChart:
    """A chart of random codes: every action, legal or not, asked for somewhere."""
    chooser = random.Random(seed)
    cells = {}
    for section, hand in ROW_KEYS:
        codes = list(PAIR_CODES if section == PAIRS else TOTAL_CODES)
        cells[(section, hand)] = [chooser.choice(codes) for _ in UP_CARDS]
    return StrategyChart.from_cells(cells)


def assert_parity(rules: Rules, chart: StrategyChart, *, boxes: int, shoes: int, seed: int) -> int:
    try:
        return compare(rules, chart, boxes=boxes, shoes=shoes, seed=seed)
    except ParityError as error:
        pytest.fail(str(error))


def test_parity_issue_rules_basic_strategy_10000_rounds() -> None:
    # Issue 13: at least 10,000 stacked rounds in `make test`, same policy, same cents.
    chart = chart_model(strategy_chart(ISSUE_RULES))
    compared = assert_parity(ISSUE_RULES, chart, boxes=1, shoes=200, seed=13)
    assert compared >= 10_000


@pytest.mark.parametrize(
    ("changes", "boxes", "seed"),
    [
        ({}, 1, 1),  # the PA preset: split aces may draw and be split again (633a.11(c))
        ({}, 3, 2),
        ({"hit_split_aces": False, "resplit_aces": False}, 2, 3),
        ({"hit_split_aces": False, "resplit_aces": True}, 1, 4),
        ({"double_after_split": False, "late_surrender": False}, 2, 5),
        ({"max_hands": 2}, 2, 6),
        ({"max_hands": 16}, 1, 7),
        ({"dealer_hits_soft_17": True}, 1, 8),
        ({"blackjack_pays": "6:5"}, 2, 9),
        ({"decks": 1}, 1, 10),
        ({"decks": 2}, 4, 11),
        ({"decks": 8}, 7, 12),
    ],
)
def test_parity_random_charts(changes: dict[str, object], boxes: int, seed: int) -> None:
    # A random chart asks for every action somewhere, legal or not: the kernel must refuse
    # exactly what the engine refuses (633a.9(a), 633a.10(a), 633a.11(a)-(c), 633a.7(k)(1)).
    rules = Rules().replace(**changes)
    for offset in range(4):
        chart = random_chart(seed * 100 + offset)
        assert_parity(rules, chart, boxes=boxes, shoes=6, seed=seed * 100 + offset)
