"""The hand-dealt game (633a.12(b)) in the simulator: the same play as the standard game, and a
card burned before every round after the first (633a.12(b)(5)).

The stacked rounds are worked out by hand from the text; the reshuffled run is checked against
the exact analysis of the same rules (a burned card is unseen, so it changes no chance).
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
from typer.testing import CliRunner

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import P_STACKED, P_TICKS, run_rounds
from tablegames.blackjack.sim.run import simulate
from tablegames.cli import app
from tablegames.reports.blackjack_text import chart_model, strategy_chart

HAND_DEALT = load_rules(preset="pa-hand-dealt-2deck")
SUITS = "SHDC"


def code(card: str) -> int:
    """The kernel's card code (rank - 1) * 4 + suit of a card written like `TS` or `7H`."""
    rank = "A23456789TJQK".index(card[0])
    return rank * 4 + SUITS.index(card[1])


def two_stacked_rounds(rules: Rules, cards: list[str]) -> tuple[Fraction, int]:
    """(the player's result in units over two rounds, cards dealt) from `cards` in order."""
    table = compile_table(rules, player_boxes=1, other_boxes=0)
    params = table.params.copy()
    params[P_STACKED] = 1
    shoe = np.array([code(card) for card in cards], dtype=np.int8)
    pair_cells, total_cells = compile_chart(chart_model(strategy_chart(rules)))
    ticks = int(params[P_TICKS])
    totals = np.zeros(5, dtype=np.int64)
    histogram = np.zeros(2 * 40 * ticks + 1, dtype=np.int64)
    error = run_rounds(
        2,
        shoe,
        np.ones(4, dtype=np.uint64),
        params,
        pair_cells,
        total_cells,
        histogram,
        totals,
        np.zeros(1, dtype=np.int64),
        # No count, sessions, side wagers, progressives, double shoe or CDZ- play.
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        table.burn_each_round(),
    )
    assert error == 0
    return Fraction(int(totals[1]), ticks), int(totals[4])


# Round 1: the box's first card, the up card, its second card, the hole card (633a.12(b)(5)(i)-
# (iv)): 10 and 9 against 7 and 10, the dealer stands on 17 (633a.7(m)): the box wins 1.
# Then the burn (a ten), and round 2: 10 and 10 against 6 and 10; the dealer draws a 10 and busts.
CARDS = ["TS", "7H", "9D", "TC", "TH", "KS", "6H", "QD", "JC", "TD", "9S", "9H", "9C"]


def test_633a_12_b_5_a_card_is_burned_before_every_round_after_the_first() -> None:
    result, dealt = two_stacked_rounds(HAND_DEALT, CARDS)
    assert (result, dealt) == (Fraction(2), 4 + 1 + 5)


def test_the_standard_game_deals_the_same_cards_without_the_burn() -> None:
    # Without the burn, round 2 deals 10 and 6 to the box against an up K and a Q hole: basic
    # strategy surrenders 16 against a ten (633a.9(a): half the wager back), four cards.
    standard = HAND_DEALT.replace(variant="standard")
    assert two_stacked_rounds(standard, CARDS) == (Fraction(1, 2), 4 + 4)


def test_hand_dealt_reshuffled_every_round_agrees_with_the_exact_analysis() -> None:
    chart = chart_model(strategy_chart(HAND_DEALT))
    report = simulate(
        HAND_DEALT, chart, rounds=2_000_000, seed=12, reshuffle_every_round=True, workers=1
    ).report()
    wager = report["wagers"]["blackjack"]
    exact = analyse(HAND_DEALT, "basic").house_edge
    assert abs(wager["house_edge"] - exact) < 3 * wager["standard_error"]


def test_simulate_the_hand_dealt_preset() -> None:
    ran = CliRunner().invoke(
        app, ["simulate", "--preset", "pa-hand-dealt-2deck", "--rounds", "20000", "--json"]
    )
    assert ran.exit_code == 0, ran.output
    report = json.loads(ran.output)
    assert report["wagers"]["blackjack"]["n"] == 20_000
    # Two decks at the preset's penetration: about one more card a round than the game without
    # the burn (a shuffle's own burn is counted in both).
    assert report["cards_per_round"] > 1
