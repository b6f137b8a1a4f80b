"""Parity: the simulator's kernel and the reference round engine settle every box to the cent.

Both play the same stacked shoes, driven by the same chart: the reference through `Round` and
`policy.ChartPolicy` (the engine whose every step cites its paragraph), the kernel through its
compiled arrays. The reference is the independent derivation here: nothing in the kernel is
imported by it. Each shoe is played round after round until too few cards are left, so the cards
each round uses (633a.7(n): the dealer draws only for a hand still standing) are compared too.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tablegames.blackjack.policy import ChartPolicy, play_round
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import play_stacked
from tablegames.blackjack.strategy_chart import (
    PAIR_CODES,
    PAIRS,
    ROW_KEYS,
    TOTAL_CODES,
    UP_CARDS,
    StrategyChart,
)
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.reports.blackjack_text import chart_model, strategy_chart

WAGER = 1_000  # cents: every result of a 3:2 or 6:5 game is a whole number of cents
SUITS = "SHDC"
RANKS = "A23456789TJQK"
# The rules of issue 13's side-by-side runs: aces split once, one card each.
ISSUE_RULES = Rules(hit_split_aces=False, resplit_aces=False)


def card_of(code: int) -> Card:
    """The kernel's card code (rank - 1) * 4 + suit, as the engine's card."""
    return Card.parse(RANKS[code // 4] + SUITS[code % 4])


def random_chart(seed: int) -> StrategyChart:
    """A chart of random codes: every action, legal or not, asked for somewhere."""
    chooser = random.Random(seed)
    cells = {}
    for section, hand in ROW_KEYS:
        codes = list(PAIR_CODES if section == PAIRS else TOTAL_CODES)
        cells[(section, hand)] = [chooser.choice(codes) for _ in UP_CARDS]
    return StrategyChart.from_cells(cells)


def reference_round(
    rules: Rules, chart: StrategyChart, cards: list[Card], boxes: int
) -> tuple[list[int], int]:
    """Each box's net result in cents, and the cards the round dealt, by the reference engine."""
    shoe = StackedShoe(cards)
    game = Round(
        rules=rules,
        shoe=shoe,
        wagers=[BoxWager(box=number, amount=WAGER) for number in range(1, boxes + 1)],
    )
    play_round(game, ChartPolicy(chart))
    net = [0] * boxes
    for settled in game.settlements():
        net[settled.box - 1] += settled.returned - settled.stake
    return net, shoe.dealt


def assert_parity(rules: Rules, chart: StrategyChart, *, boxes: int, shoes: int, seed: int) -> int:
    """Play `shoes` random stacked shoes both ways, round after round; the rounds compared."""
    # The player's boxes (at most 633a.6(f)'s three) and other players' boxes play alike.
    mine = min(boxes, rules.max_boxes_per_player)
    table = compile_table(rules, player_boxes=mine, other_boxes=boxes - mine)
    pair_cells, total_cells = compile_chart(chart)
    generator = np.random.default_rng(seed)
    ticks_per_cent = table.ticks / WAGER
    compared = 0
    for shoe_number in range(shoes):
        order = generator.permutation(np.tile(np.arange(52, dtype=np.int8), rules.decks))
        position = 0
        while order.size - position >= 30 + 12 * boxes:
            rest = order[position:]
            net = np.zeros(boxes, dtype=np.int64)
            used = play_stacked(rest, table.params, pair_cells, total_cells, net)
            expected, dealt = reference_round(
                rules, chart, [card_of(int(code)) for code in rest], boxes
            )
            where = f"shoe {shoe_number}, cards {position}-{position + dealt}"
            assert used == dealt, f"{where}: kernel dealt {used} cards, reference {dealt}"
            got = [round(int(value) / ticks_per_cent) for value in net]
            assert got == expected, f"{where}: kernel {got}, reference {expected}"
            position += dealt
            compared += 1
    return compared


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
