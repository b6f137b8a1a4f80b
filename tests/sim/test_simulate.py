"""The simulator's runs: reproducible across workers and Dask, in agreement with the exact analysis,
refusing what it does not model, and `tablegames simulate --json` in its documented shape."""

from __future__ import annotations

import json
import math
from functools import cache

import pytest
from typer.testing import CliRunner

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.compile import COMPILED, NOT_PLAYED, compile_table
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.cli import app
from tablegames.core.errors import RulesError, TableGamesError
from tablegames.core.simulation import plan
from tablegames.reports.blackjack_text import chart_model, strategy_chart

ISSUE_RULES = Rules(hit_split_aces=False, resplit_aces=False)


@cache
def basic(rules: Rules) -> StrategyChart:
    return chart_model(strategy_chart(rules))


def test_every_house_rule_is_compiled_or_said_not_to_matter() -> None:
    fields = set(Rules.model_fields)
    assert set(COMPILED) | set(NOT_PLAYED) == fields
    assert not set(COMPILED) & set(NOT_PLAYED)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        # 633a.6(e)(7): Super Match is offered only at a Blackjack Switch table.
        ({"side_wagers": {"super_match": {}}}, "super_match"),
    ],
)
def test_a_rule_the_kernel_does_not_model_is_refused(
    changes: dict[str, object], field: str
) -> None:
    with pytest.raises(RulesError, match=field):
        compile_table(Rules().replace(**changes), player_boxes=1, other_boxes=0)


def test_the_side_wager_preset_is_simulated_with_every_wager_it_offers() -> None:
    from tablegames.blackjack.rules import load_rules

    rules = load_rules(preset="pa-6deck-side-wagers")
    report = simulate(rules, basic(rules), rounds=20_000, seed=3, player_boxes=2).report()
    offered = set(rules.side_wagers.offered())
    assert set(report["wagers"]) == {"blackjack"} | (offered - {"ez_bust"})
    assert set(report["declined"]) == {"ez_bust"}  # 633b.16(c)
    for name in offered - {"ez_bust"}:
        assert report["wagers"][name]["n"] == 40_000, name


def test_633a_6_f_the_player_takes_at_most_the_house_limit_of_boxes() -> None:
    with pytest.raises(RulesError, match=r"633a\.6\(f\)"):
        compile_table(Rules(), player_boxes=4, other_boxes=0)
    with pytest.raises(RulesError, match=r"633a\.2\(a\)"):
        compile_table(Rules(), player_boxes=3, other_boxes=5)


def test_same_seed_same_result_with_one_or_two_workers() -> None:
    rules, chart = ISSUE_RULES, basic(ISSUE_RULES)
    one = simulate(rules, chart, rounds=250_000, seed=5, workers=1, unit_rounds=60_000)
    two = simulate(rules, chart, rounds=250_000, seed=5, workers=2, unit_rounds=60_000)
    other = simulate(rules, chart, rounds=250_000, seed=6, workers=1, unit_rounds=60_000)
    assert one.report()["wagers"] == two.report()["wagers"]
    assert one.totals.cards == two.totals.cards
    assert one.report()["wagers"] != other.report()["wagers"]


def test_same_seed_same_result_on_a_dask_cluster() -> None:
    from distributed import LocalCluster

    rules, chart = ISSUE_RULES, basic(ISSUE_RULES)
    local = simulate(rules, chart, rounds=120_000, seed=9, unit_rounds=50_000)
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        remote = simulate(
            rules,
            chart,
            rounds=120_000,
            seed=9,
            unit_rounds=50_000,
            scheduler=cluster.scheduler_address,
        )
    assert remote.report()["wagers"] == local.report()["wagers"]


def test_work_units_have_a_fixed_size_and_their_own_seed() -> None:
    units = plan(10, unit_size=4, seed=3)
    assert [unit.size for unit in units] == [4, 4, 2]
    assert [unit.seed.spawn_key for unit in units] == [(0,), (1,), (2,)]
    with pytest.raises(TableGamesError):
        plan(0, unit_size=4, seed=3)


def test_reshuffled_every_round_agrees_with_the_exact_analysis() -> None:
    # The exact house edge of the same chart (analysis/game.py, dealt from a full shoe every
    # round) must lie within 3 standard errors of the simulated one.
    rules = ISSUE_RULES
    exact = analyse(rules, "basic").house_edge
    result = simulate(
        rules, basic(rules), rounds=4_000_000, seed=2, reshuffle_every_round=True, workers=2
    ).report()["wagers"]["blackjack"]
    assert abs(result["house_edge"] - exact) < 3 * result["standard_error"]
    # The standard deviation of a round at this game is about 1.14 (the analysis gives 1.1399).
    assert math.isclose(result["std_dev"], 1.14, abs_tol=0.01)


def test_simulate_json_shape() -> None:
    outcome = CliRunner().invoke(
        app, ["simulate", "--rounds", "20000", "--seed", "4", "--workers", "1", "--json"]
    )
    assert outcome.exit_code == 0, outcome.output
    report = json.loads(outcome.stdout)
    assert {"rounds", "seed", "rules_digest", "rounds_per_second", "wagers"} <= set(report)
    assert report["rounds"] == 20_000
    assert report["seed"] == 4
    wager = report["wagers"]["blackjack"]
    assert set(wager) == {"n", "house_edge", "standard_error", "std_dev", "lines"}
    assert wager["n"] == 20_000
    assert math.isclose(sum(wager["lines"].values()), 1.0)
    # A round's results are whole or half units, or a Blackjack's 1.5 (633a.13(a)).
    assert all((2 * float(name)).is_integer() for name in wager["lines"])
