"""The Hi-Lo count at a Switch Hands table (633c.4(f)(1)): the counter counts the cards the table
sees. A box that keeps its dealt cards has its two switch cards put in the discard rack
unexposed, so they are not counted (only their number, in the decks left); a box that switches
turns them up (633c.4(f)(2)). Moved from test_switch_side_wagers_sim.py, which keeps the side
wagers' parity."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tablegames.blackjack.events import CardDealt, CardsSwitched
from tablegames.blackjack.policy import ChartPolicy, play_round
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import (
    HI_LO,
    P_COUNT,
    P_STACKED,
    TC_BUCKETS,
    TC_LOW,
    run_rounds,
)
from tablegames.blackjack.sim.parity import (
    WAGER,
    card_of,
)
from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy
from tablegames.blackjack.switch_hands_rule import SHAPE, SwitchHandsRule
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE, BoxWager
from tablegames.cli.app import app
from tablegames.core.cardsource import StackedShoe
from tablegames.reports.blackjack_text import chart_model
from tests.sim.test_switch_side_wagers_sim import PREMIUM, code_of, ten_and_six


def counted_second_round(
    rules: Rules, rule: SwitchHandsRule, shoe: Sequence[int], boxes: int
) -> int:
    """The true count the kernel files a second stacked round under, `boxes` player boxes."""
    table = compile_table(rules, player_boxes=boxes, other_boxes=0, count=True)
    chart = chart_model(switch_hands_strategy(PREMIUM).basic)
    pair_cells, total_cells = compile_chart(chart)
    params = table.params.copy()
    params[P_STACKED], params[P_COUNT] = 1, 1
    by_count = np.zeros((3, TC_BUCKETS), dtype=np.int64)
    error = run_rounds(
        2,
        np.array(shoe, dtype=np.int8),
        np.ones(4, dtype=np.uint64),
        params,
        pair_cells,
        total_cells,
        np.zeros(2 * 80 * table.ticks + 1, dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.zeros(boxes, dtype=np.int64),
        by_count,
        sessions=None,
        side_outcomes=None,
        side_reads_up=None,
        side_hole=None,
        side_counts=None,
        hit_and_run=None,
        hit_and_run_totals=None,
        bad_beat=None,
        bad_beat_totals=None,
        switch_hands=rule.decisions,
    )
    assert error == 0
    filed = [TC_LOW + bucket for bucket in range(TC_BUCKETS) for _ in range(by_count[0, bucket])]
    filed.remove(0)  # the first round: nothing seen yet
    (second,) = filed
    return second


@pytest.mark.parametrize("when", ["before", "after"])
def test_633c_4_f_1_the_count_leaves_out_switch_cards_discarded_unexposed(when: str) -> None:
    # One deck, two boxes. Box 1 is dealt KS 6S against a 9S up card: the rule switches it and
    # the switch cards TS TH are turned up (633c.4(f)(2)), the K 6 discarded face up. Box 2 is
    # dealt TD 9H and keeps it; its switch cards 5C 6C go to the discard rack unexposed
    # (633c.4(f)(1)). The hole card 8S: the dealer stands on 17, both boxes stand (20, 19).
    # Ten cards dealt; seen: T T (-2), K 6 (-1 + 1), T 9 (-1 + 0), 9 (0), 8 (0): -3. The
    # unseen 5 6 (+2) are not counted. The second round begins at a true count of
    # floor(-3 * 52 / 42) = floor(-3.71) = -4 (counting them would make it floor(-1.24) = -2).
    rules = PREMIUM.replace(decks=1, switch_cards_dealt=when)
    switch = ["TS", "5C", "TH", "6C"]  # one to each box, then a second (633c.4(d)(1)-(2))
    deal = ["KS", "TD", "9S", "6S", "9H", "8S"]
    first = switch + deal if when == "before" else deal + switch
    shoe = [code_of(card) for card in first * 2] + [code_of("2C")] * 30
    assert counted_second_round(rules, ten_and_six(), shoe, 2) == -4


def random_switch_hands_rule(seed: int) -> SwitchHandsRule:
    drawn = np.random.default_rng(seed).integers(0, 2, size=SHAPE, dtype=np.int8)
    index = np.indices(SHAPE)
    upper = index[1] * 2 + index[4] < index[2] * 2 + index[5]
    return SwitchHandsRule(np.where(upper, drawn, drawn.transpose(0, 2, 1, 3, 5, 4)))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), boxes=st.integers(1, 3), before=st.booleans())
def test_633c_4_f_1_the_count_is_every_card_the_engine_shows_the_table(
    seed: int, boxes: int, before: bool
) -> None:
    # The engine's record says who saw each card: the switch cards are dealt seen by no one
    # (633c.4(d)) and turned up only for a box that switches (633c.4(f)(2)). The kernel's true
    # count after a round is the Hi-Lo count of every other card the round dealt.
    rules = PREMIUM.replace(decks=1, switch_cards_dealt="before" if before else "after")
    rule = random_switch_hands_rule(seed)
    chart = chart_model(switch_hands_strategy(PREMIUM).basic)
    rng = np.random.default_rng(seed)
    shoe = [int(card) for card in rng.permutation(52)] + [int(c) for c in rng.permutation(52)]
    cards = [card_of(card) for card in shoe]
    wagers = [
        BoxWager(box=number, amount=WAGER, side={SWITCH_HANDS_ANTE: WAGER // 5})
        for number in range(1, boxes + 1)
    ]
    stacked = StackedShoe(cards)
    game = Round(rules=rules, shoe=stacked, wagers=wagers)
    play_round(game, ChartPolicy(chart, switch_hands=rule))
    dealt = stacked.dealt
    switch_cards: dict[int, list[str]] = {}
    kept: set[int] = set()
    for event in game.events:
        if isinstance(event, CardDealt) and event.to == "switch":
            switch_cards.setdefault(event.box, []).append(event.card)
        if isinstance(event, CardsSwitched) and not event.switched:
            kept.add(event.box)
    unseen = [card for box in kept for card in switch_cards[box]]
    running = sum(int(HI_LO[card]) for card in shoe[:dealt])
    running -= sum(int(HI_LO[code_of(card)]) for card in unseen)
    expected = min(max(running * 52 // (52 - dealt), TC_LOW), TC_LOW + TC_BUCKETS - 1)
    assert counted_second_round(rules, rule, shoe, boxes) == expected


def test_633c_4_f_1_a_switch_hands_table_is_counted_from_the_command_line() -> None:
    outcome = CliRunner().invoke(
        app,
        [
            "simulate",
            "--preset",
            "pa-switch-hands-premium",
            "--rounds",
            "20000",
            "--count",
            "hi-lo",
            "--json",
        ],
    )
    assert outcome.exit_code == 0, outcome.output
