"""The simulator's double shoe (633a.3(c), 633a.7(d)): the determinant card chooses the side, and
the game from one side is the game of half the decks.

The engine refuses to stack a double shoe (the determinant card is drawn as the round begins),
so the parity test cannot compare it round by round; a hand-stacked pair of sides, worked out
from the text, and the exact analysis take its place.
"""

from __future__ import annotations

import numpy as np

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import P_STACKED, run_rounds
from tablegames.blackjack.sim.run import simulate
from tablegames.reports.blackjack_text import chart_model, strategy_chart

RULES = Rules(decks=6, shoe="double_shoe", hit_split_aces=False, resplit_aces=False)


def code_of(card: str) -> int:
    return "A23456789TJQK".index(card[0]) * 4 + "SHDC".index(card[1])


def test_633a_7_d_the_determinant_card_selects_the_side_and_is_dealt_or_set_aside() -> None:
    # Round 1: the red side's determinant, the ten of hearts, selects the red side and is the
    # player's first card (633a.7(d)(2)): ten and ten against 9-8, +1. Round 2: the black
    # side's determinant, the 2 of hearts, selects the red side and is set aside; the round is
    # the red side's next four cards: ten and ten against 7-ten, +1. Round 3: the red side's
    # determinant, the king of spades, selects the black side and is set aside; the black side
    # deals from its second card (its first was set aside): ace and king, a Blackjack, +1.5.
    red = ["TH", "9S", "TD", "8C", "TS", "7C", "TC", "TD", "KS"]
    black = ["2H", "AS", "5C", "KC", "9D"]
    filler = ["4S", "4H", "4D", "4C"] * 10
    sides = np.array(
        [[code_of(card) for card in side + filler][:40] for side in (red, black)], dtype=np.int8
    )
    table = compile_table(RULES, player_boxes=1, other_boxes=0)
    pair_cells, total_cells = compile_chart(chart_model(strategy_chart(RULES)))
    params = table.params.copy()
    params[P_STACKED] = 1
    totals = np.zeros(5, dtype=np.int64)
    histogram = np.zeros(2 * 40 * table.ticks + 1, dtype=np.int64)
    run_rounds(
        3,
        sides[0],
        np.ones(4, dtype=np.uint64),
        params,
        pair_cells,
        total_cells,
        histogram,
        totals,
        np.zeros(1, dtype=np.int64),
        None,  # not counting
        None,  # no sessions
        None,  # no side wagers
        None,
        None,
        None,
        None,  # no Hit and Run
        None,
        None,  # no Bad Beat
        None,
        sides,
    )
    middle = histogram.size // 2
    # Rounds, the sum and sum of squares of the results (ticks: 2 per unit), shuffles, cards
    # dealt (a set-aside determinant is dealt too).
    assert list(totals) == [3, 2 + 2 + 3, 4 + 4 + 9, 0, 4 + 5 + 5]
    assert histogram[middle + 2] == 2
    assert histogram[middle + 3] == 1


def test_a_double_shoe_reshuffled_every_round_is_the_game_of_half_its_decks() -> None:
    # Each round is dealt from one side of three decks, freshly shuffled; a determinant set
    # aside comes from the other side. So the edge is the exact three-deck game's.
    three_decks = RULES.replace(decks=3, shoe="shoe")
    chart = chart_model(strategy_chart(three_decks))
    run = simulate(RULES, chart, rounds=2_000_000, seed=8, reshuffle_every_round=True, workers=2)
    figures = run.report()["wagers"]["blackjack"]
    exact = analyse(three_decks, "basic").house_edge
    assert abs(figures["house_edge"] - exact) < 3 * figures["standard_error"]
