"""Blackjack Switch (633a.12(a)) in the simulator: its edge against the exact figure of the same
strategy, what the kernel compiles for it, and the preset from the command line.

The exact figure (`sim.switch_exact`) is an independent derivation: it enumerates every deal of
the up card and the four cards of a box and values the hands with the exact analysis of the
chart (analysis/, nothing of the kernel), taking only the switch rule's table from the strategy.
As a check on it, the best switch with CDZ- play (`switch_games.blackjack_switch`, the edge
`tablegames edge` prints) is a slightly better strategy, so its edge must be a little lower.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tablegames.blackjack.analysis.side_wagers import analyse
from tablegames.blackjack.analysis.switch_games import blackjack_switch
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.counting import BetRamp
from tablegames.blackjack.sim.kernel import P_LATE_SURRENDER
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.sim.switch_exact import exact_switch_edge
from tablegames.blackjack.sim.switch_strategy import switch_strategy
from tablegames.cli.app import app
from tablegames.core.errors import RulesError, TableGamesError
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


def test_633a_9_a_with_switch_surrender_the_edge_agrees_with_the_exact_figure() -> None:
    # 633a.12(a)(4) with the house's surrender, and the non-PA H17 (633a.7(m)): the second hand
    # surrenders only when the first asked for no decision (633a.9(a) as the engine reads it).
    rules = SWITCH.replace(switch_surrender=True, dealer_hits_soft_17=True)
    exact = exact_switch_edge(rules)["house_edge"]
    chart = chart_model(switch_strategy(rules).basic)
    result = simulate(
        rules, chart, rounds=20_000_000, seed=5, reshuffle_every_round=True, workers=2
    ).report()["wagers"]["blackjack"]
    assert abs(result["house_edge"] - exact) < 3 * result["standard_error"]


@pytest.mark.parametrize("decks", [6, 8])
def test_633a_13_i_simulated_super_match_agrees_with_its_exact_edge(decks: int) -> None:
    # 633a.13(i)(1)-(2): the six- and eight-deck paytables; the exact edge enumerates the four
    # cards (analysis.side_wagers), the kernel counts the ranks they share.
    rules = SWITCH.replace(decks=decks, side_wagers={"super_match": {}})
    exact = float(analyse("super_match", rules).house_edge())
    chart = chart_model(switch_strategy(rules).basic)
    run = simulate(rules, chart, rounds=1_000_000, seed=decks, reshuffle_every_round=True)
    figures = run.report()["wagers"]["super_match"]
    assert figures["n"] == 1_000_000
    assert abs(figures["house_edge"] - exact) < 3 * figures["standard_error"]


def test_633a_12_a_4_surrender_only_where_the_house_allows_it() -> None:
    plain = compile_table(SWITCH, player_boxes=1, other_boxes=0)
    allowed = compile_table(SWITCH.replace(switch_surrender=True), player_boxes=1, other_boxes=0)
    assert (plain.params[P_LATE_SURRENDER], allowed.params[P_LATE_SURRENDER]) == (0, 1)
    assert (
        plain.hands_per_box,
        compile_table(Rules(), player_boxes=1, other_boxes=0).hands_per_box,
    ) == (2, 1)


def test_a_switch_rule_is_for_blackjack_switch_only() -> None:
    rule = switch_strategy(SWITCH).rule
    chart = chart_model(switch_strategy(SWITCH).basic)
    with pytest.raises(TableGamesError, match="switch rule"):
        simulate(Rules(), chart, rounds=10, seed=1, switch=rule)
    with pytest.raises(RulesError, match=r"633a\.12\(a\)"):
        switch_strategy(Rules())


def test_the_blackjack_switch_preset_simulates_from_the_command_line() -> None:
    outcome = CliRunner().invoke(
        app,
        [
            "simulate",
            "--preset",
            "pa-blackjack-switch",
            "--rounds",
            "20000",
            "--seed",
            "3",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert outcome.exit_code == 0, outcome.output
    report = json.loads(outcome.stdout)
    rules = load_rules(preset="pa-blackjack-switch")
    wager = report["wagers"]["blackjack"]
    assert wager["variant"] == "blackjack_switch"
    assert wager["wagers_per_box"] == 2
    assert wager["n"] == 20_000
    assert set(report["wagers"]) | set(report.get("declined", {})) >= {"blackjack"} | set(
        rules.side_wagers.offered()
    )


def test_633a_12_a_1_a_counter_at_blackjack_switch_wagers_two_units_a_box() -> None:
    # The flat counter wagers one unit on each of the box's two equal wagers.
    chart = chart_model(switch_strategy(SWITCH).basic)
    run = simulate(SWITCH, chart, rounds=200_000, seed=4, count=True)
    counted = run.counted().with_ramp(BetRamp.flat(), None)
    assert counted["units_wagered_per_round"] == 2
    # Flat, the counter's advantage is the simulated edge with its sign turned.
    edge = run.report()["wagers"]["blackjack"]["house_edge"]
    assert counted["advantage"] == pytest.approx(-edge)
