"""Switch Hands (633c.4) in the simulator: its edge against the exact figure of the same strategy,
what the kernel compiles for it, and the preset from the command line.

The exact figure (`sim.switch_hands_exact`) is an independent derivation: it enumerates every up
card, dealt hand and pattern of colours and values the hands with the exact analysis of the chart
(analysis/, nothing of the kernel), taking only the switch rule's table from the strategy. As a
check on it, the best switch with CDZ- play (`switch_games.switch_hands`, the edge `tablegames
edge` prints) is a slightly better strategy, so its edge must be a little lower.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tablegames.blackjack.analysis.switch_games import switch_hands
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import P_PREMIUM, P_SWITCH_CARDS_BEFORE, P_TIE_SWITCHED
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.sim.switch_hands_exact import exact_switch_hands_edge
from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy
from tablegames.cli.app import app
from tablegames.core.errors import TableGamesError
from tablegames.reports.blackjack_text import chart_model

PREMIUM = load_rules(preset="pa-switch-hands-premium")


def _agrees(rules: Rules, *, rounds: int, seed: int) -> None:
    exact = exact_switch_hands_edge(rules)
    # The best switch with CDZ- play can only do better than the chart and its switch rule, and
    # by little (the chart is derived from the same CDZ- values).
    best = switch_hands(rules)["house_edge_per_blackjack_wager"]
    assert best < exact["house_edge"] < best + 0.0002
    chart = chart_model(switch_hands_strategy(rules).basic)
    result = simulate(
        rules, chart, rounds=rounds, seed=seed, reshuffle_every_round=True, workers=2
    ).report()["wagers"]["blackjack"]
    assert abs(result["house_edge"] - exact["house_edge"]) < 3 * result["standard_error"]
    assert result["variant"] == "switch_hands"


def test_633c_4_o_simulated_premium_edge_agrees_with_the_exact_figure_of_the_strategy() -> None:
    # 633c.4(o): at the premium table every box's same-colour Blackjack pays 2 to 1 and a tied
    # Blackjack 1 to 2; the ante (633c.4(c)) is lost every round.
    _agrees(PREMIUM, rounds=4_000_000, seed=2)


def test_633c_4_i_2_ii_simulated_edge_without_the_premium_agrees_with_the_exact_figure() -> None:
    # 633c.4(i)(2): only a switched box's same-colour Blackjack pays 2 to 1, and with
    # tie_blackjack_pays its tied Blackjack 1 to 2.
    rules = PREMIUM.replace(blackjack_premium=False, tie_blackjack_pays=True)
    _agrees(rules, rounds=4_000_000, seed=3)


def test_633c_4_c_the_kernel_counts_the_ante_and_the_tie_in_whole_ticks() -> None:
    # 633c.4(c): $1 for every $5, 633c.4(o): 1 to 2: ten ticks a unit make both whole.
    table = compile_table(PREMIUM, player_boxes=1, other_boxes=0)
    assert table.ticks == 10
    assert (table.params[P_PREMIUM], table.params[P_TIE_SWITCHED]) == (1, 0)
    assert table.params[P_SWITCH_CARDS_BEFORE] == 1  # 633c.4(d)
    after = PREMIUM.replace(switch_cards_dealt="after", blackjack_premium=False)
    assert compile_table(after, player_boxes=1, other_boxes=0).params[P_SWITCH_CARDS_BEFORE] == 0
    assert compile_table(Rules(), player_boxes=1, other_boxes=0).ticks == 2


def test_633c_4_f_a_switch_hands_rule_belongs_to_a_switch_hands_table() -> None:
    rule = switch_hands_strategy(PREMIUM).rule
    chart = chart_model(switch_hands_strategy(PREMIUM).basic)
    with pytest.raises(TableGamesError, match="Switch Hands"):
        simulate(Rules(), chart, rounds=10, seed=1, switch_hands=rule)


def test_633c_4_the_preset_simulates_from_the_command_line() -> None:
    outcome = CliRunner().invoke(
        app,
        ["simulate", "--preset", "pa-switch-hands-premium", "--rounds", "20000", "--json"],
    )
    assert outcome.exit_code == 0, outcome.output
    figures = json.loads(outcome.stdout)["wagers"]["blackjack"]
    assert figures["n"] == 20_000
    assert figures["variant"] == "switch_hands"
    # 633c.4(c): every box loses its ante, so no result is a whole number of units.
    assert all(not line.lstrip("+-").isdigit() for line in figures["lines"])
