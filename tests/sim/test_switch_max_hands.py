"""Blackjack Switch (and Switch Hands) with a house limit above four hands from splitting
(633a.11(c), `max_hands` up to 16).

The switch rule and the chart come from the exact analysis (`sim.switch_strategy`), whose split
values (`analysis.split_values`, Eric Farmer's method) counted the orders of pair and non-pair
second cards for four hands at most; they now count them for any limit (`orderings`, a ballot
count), which the engine's enumeration checks to 1e-12 at five hands
(tests/analysis/test_engine_parity.py). Here: the count of hands by enumeration, parity of the
kernel and the engine with the derived strategy, a round worked by hand with eight hands from
one dealt hand, and the simulated edge against the exact figure of the strategy.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from tablegames.blackjack.analysis.split_values import hand_count_chances, orderings
from tablegames.blackjack.policy import ChartPolicy, play_round
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.sim.parity import WAGER, ParityError, card_of, compare
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.sim.switch_exact import exact_switch_edge
from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy
from tablegames.blackjack.sim.switch_strategy import SwitchStrategy, switch_strategy
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.reports.blackjack_text import chart_model

EIGHT_HANDS = Rules(variant="blackjack_switch", max_hands=8)


@cache
def strategy(rules: Rules) -> SwitchStrategy:
    return switch_strategy(rules)


def split_hands(pairs: int, others: int, most: int) -> dict[int, Fraction]:
    """The law of the number of hands a split ends with, following the second cards one by
    one from `pairs` pair cards and `others` other cards, resplitting always: a state is the
    pair cards and others drawn so far (hands 2 + pairs drawn, open hands 2 + pairs - others)."""
    law: dict[int, Fraction] = {}
    states = {(0, 0): Fraction(1)}
    while states:
        following: dict[tuple[int, int], Fraction] = {}
        for (p, n), chance in states.items():
            hands, open_hands = 2 + p, 2 + p - n
            if open_hands == 0 or hands == most:
                law[hands] = law.get(hands, Fraction(0)) + chance  # no hand will be added
                continue
            left = pairs - p + others - n
            # 633a.11(c): a pair card drawn as a second card is split again (one more hand,
            # one more open); any other card completes the hand (633a.11(b)).
            for step, count in (((p + 1, n), pairs - p), ((p, n + 1), others - n)):
                if count:
                    following[step] = following.get(step, Fraction(0)) + chance * Fraction(
                        count, left
                    )
        states = following
    return law


@pytest.mark.parametrize("most", [2, 3, 4, 5, 6, 8, 16])
def test_633a_11_c_the_count_of_hands_matches_the_draws_one_by_one(most: int) -> None:
    # 633a.11(b)-(c): each split hand completed before the next; a pair card drawn as a second
    # card is split again while the box holds fewer than `most` hands from the pair.
    rest = np.zeros(10, dtype=np.int64)
    rest[7], rest[0] = 14, 60  # 14 eights and 60 other cards left
    law = split_hands(14, 60, most)
    chances = hand_count_chances(rest, 7, most)
    assert len(chances) == most - 1
    for hands, chance in enumerate(chances, start=2):
        assert chance == pytest.approx(float(law.get(hands, 0)), abs=1e-12), hands
    assert [orderings(h - 2, h - 1) for h in range(2, 9)] == [1, 2, 5, 14, 42, 132, 429]


def test_633a_11_c_eight_hands_at_blackjack_switch_in_parity() -> None:
    # The chart and switch rule derived for eight hands, two boxes, 1,000 rounds and more.
    found = strategy(EIGHT_HANDS)
    try:
        compared = compare(
            EIGHT_HANDS,
            chart_model(found.basic),
            boxes=2,
            shoes=60,
            seed=81,
            switch=found.rule,
        )
    except ParityError as error:
        pytest.fail(str(error))
    assert compared >= 1_000


def test_633a_11_c_eight_hands_from_one_dealt_hand_worked_by_hand() -> None:
    # The deal (633a.7(f), two hands a box, 633a.12(a)(3)): hand 1 8S, hand 2 8H, the up card
    # 6C, hand 1 8D, hand 2 8C, the hole card TS. Switching gives the same ranks: kept. Hand 1
    # (8S 8D) is split (633a.11(a)) and each eight drawn as a second card split again: six more
    # eights make 8 hands from it, the house limit (633a.11(c)); hand 2 (8H 8C) is split once.
    # Each of the 10 hands is 8 + 3 = 11, doubled (633a.10(a)) with another 3: 14, 2 units at
    # stake. The dealer's 6 + 10 = 16 draws the 3S: 19 (633a.7(m)), and every hand loses:
    # -10 x 2 units = -20,000 cents. Cards dealt: 6 + 6 eights + 10 x 2 threes + 1 = 33.
    cards = [Card.parse(card) for card in ("8S", "8H", "6C", "8D", "8C", "TS")]
    cards += [Card.parse(card) for card in ("8S", "8H", "8D", "8C", "8S", "8H")]
    cards += [Card.parse("3S")] * 30 + [Card.parse("2C")] * 40
    codes = np.array(
        ["A23456789TJQK".index(card.code[0]) * 4 + "SHDC".index(card.code[1]) for card in cards],
        dtype=np.int8,
    )
    assert [card_of(int(code)) for code in codes] == cards
    found = strategy(EIGHT_HANDS)
    chart = chart_model(found.basic)
    # The kernel and the engine on this shoe (compare raises at any difference) ...
    assert compare(EIGHT_HANDS, chart, boxes=1, shoes=0, seed=0, switch=found.rule, stacked=[codes])
    # ... and the engine's round is the one worked out above.
    shoe = StackedShoe(cards)
    game = Round(rules=EIGHT_HANDS, shoe=shoe, wagers=[BoxWager(box=1, amount=WAGER)])
    play_round(game, ChartPolicy(chart, switch=found.rule))
    hands = game.state.boxes[0].hands
    assert [hand.origin for hand in hands].count(0) == 8
    assert len(hands) == 10
    assert sum(event.returned - event.stake for event in game.settlements()) == -20_000
    assert shoe.dealt == 33


def test_633a_11_c_eight_hands_at_switch_hands_in_parity() -> None:
    rules = load_rules(preset="pa-switch-hands-premium").replace(max_hands=8)
    found = switch_hands_strategy(rules)
    try:
        compare(
            rules,
            chart_model(found.basic),
            boxes=2,
            shoes=10,
            seed=82,
            switch_hands=found.rule,
        )
    except ParityError as error:
        pytest.fail(str(error))


def test_633a_11_c_five_hands_edge_agrees_with_the_exact_figure_of_the_strategy() -> None:
    # Two decks hold eight of each pair card, so every pair can reach the limit.
    rules = Rules(variant="blackjack_switch", decks=2, max_hands=5)
    found = strategy(rules)
    exact = exact_switch_edge(rules)["house_edge"]
    result = simulate(
        rules,
        chart_model(found.basic),
        rounds=4_000_000,
        seed=85,
        reshuffle_every_round=True,
        workers=2,
        switch=found.rule,
    ).report()["wagers"]["blackjack"]
    assert abs(result["house_edge"] - exact) < 3 * result["standard_error"]
