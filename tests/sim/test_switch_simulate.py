"""Blackjack Switch (633a.12(a)) in the simulator: its edge against the exact figure of the same
strategy, what the kernel compiles for it, and the preset from the command line.

The exact figure (`sim.switch_exact`) is an independent derivation: it enumerates every deal of
the up card and the four cards of a box and values the hands with the exact analysis of the
chart (analysis/, nothing of the kernel), taking only the switch rule's table from the strategy.
As a check on it, the best switch with CDZ- play (`switch_games.blackjack_switch`, the edge
`tablegames edge` prints) is a slightly better strategy, so its edge must be a little lower.
"""

from __future__ import annotations

from tablegames.blackjack.analysis.switch_games import blackjack_switch
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.sim.switch_exact import exact_switch_edge
from tablegames.blackjack.sim.switch_strategy import switch_strategy
from tablegames.reports.blackjack_text import chart_model

SWITCH = Rules(variant="blackjack_switch")


def test_633a_12_a_5_simulated_edge_agrees_with_the_exact_figure_of_the_strategy() -> None:
    exact = exact_switch_edge(SWITCH)
    # The best switch and CDZ- play can only do better than the chart and its switch rule, and
    # by little (the chart is derived from the same CDZ- values).
    best = blackjack_switch(SWITCH)["house_edge"]
    assert best < exact["house_edge"] < best + 0.0002
    chart = chart_model(switch_strategy(SWITCH).basic)
    result = simulate(
        SWITCH, chart, rounds=4_000_000, seed=2, reshuffle_every_round=True, workers=2
    ).report()["wagers"]["blackjack"]
    assert abs(result["house_edge"] - exact["house_edge"]) < 3 * result["standard_error"]
    assert result["wagers_per_box"] == 2  # 633a.12(a)(1): the edge is per wager
