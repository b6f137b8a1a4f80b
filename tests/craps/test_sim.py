"""The seeded simulation agrees with the exact edges (623b.5(c)-(d)); the vectorized kernel
agrees with the engine's own settlement on the same dice and selections."""

from __future__ import annotations

import numpy as np
import pytest

from tablegames.core.errors import TableGamesError
from tablegames.craps.edge import wager_edge
from tablegames.craps.rules import CrapsRules, craps_rules_from_mapping
from tablegames.craps.sim import (
    Totals,
    compile_wager,
    draw_dice,
    draw_levels,
    draw_wager_levels,
    kernel,
    reference_totals,
    simulate,
)

ROLLS = 1_000_000


@pytest.fixture(scope="module")
def simulated() -> dict[str, Totals]:
    return simulate(CrapsRules(), rolls=ROLLS, seed=623_5)


def test_623b_5_c_simulation_agrees_with_exact_edges_within_3_standard_errors(
    simulated: dict[str, Totals],
) -> None:
    rules = CrapsRules()
    for terms in rules.offered():
        exact = float(wager_edge(terms, power_odds=True).house_edge)
        totals = simulated[terms.name]
        assert abs(-totals.mean - exact) < 3 * totals.error, (terms.name, totals.mean, exact)


def test_623b_5_c_simulation_counts_rolls_and_decisions(simulated: dict[str, Totals]) -> None:
    assert simulated["any_seven"].n == ROLLS
    # A hard 8 is decided on 11 rolls in 36.
    assert abs(simulated["hard_8"].n / ROLLS - 11 / 36) < 0.002


def test_623b_5_a_simulation_without_power_odds() -> None:
    rules = CrapsRules(power_odds=False)
    totals = simulate(rules, rolls=200_000, seed=1)
    for terms in rules.offered():
        exact = float(wager_edge(terms, power_odds=False).house_edge)
        assert abs(-totals[terms.name].mean - exact) < 3.5 * totals[terms.name].error


@pytest.mark.parametrize("name", ["any_craps", "horn_3_11", "hop_4_4", "hard_6", "ce"])
def test_623b_5_d_kernel_agrees_with_the_engine(name: str) -> None:
    rules = craps_rules_from_mapping({"level_1_probability": 0.3, "level_2_probability": 0.3})
    terms = rules.terms(name)
    wager = compile_wager(terms)
    generator = np.random.default_rng(99)
    dice = draw_dice(generator, 3_000)
    levels = draw_wager_levels(generator, wager, 3_000)
    assert levels.shape == (len(terms.lines), 3_000)
    fast = Totals(*kernel(wager.decided, wager.net, wager.line_of, dice, levels))
    slow = reference_totals(terms, dice, levels)
    assert fast.n == slow.n
    assert fast.total == pytest.approx(slow.total)
    assert fast.total_sq == pytest.approx(slow.total_sq)


def test_623b_5_c_c_and_e_simulation_pays_the_level_of_the_line_that_wins() -> None:
    # Only the eleven line is ever selected, always at level 2: every 11 pays 14 to 1, every
    # craps 3 to 1. Per unit: 4/36 * 3 + 2/36 * 14 - 30/36 = 10/36 to the player.
    rules = craps_rules_from_mapping(
        {
            "wagers": {
                "ce_craps": {"level_1_probability": 0, "level_2_probability": 0},
                "ce_eleven": {"level_1_probability": 0, "level_2_probability": 1},
            }
        }
    )
    wager = compile_wager(rules.terms("ce"))
    assert wager.net[2 * 36 + 5 * 6 + 4].item() == 14  # 6-5 at level 2
    assert wager.net[0 * 36 + 0].item() == 3  # 1-1 at level 0
    totals = simulate(rules, rolls=200_000, seed=5)["ce"]
    assert abs(totals.mean - 10 / 36) < 4 * totals.error
    assert float(wager_edge(rules.terms("ce"), power_odds=True).house_edge) == -10 / 36


def test_623b_5_c_level_draws_follow_the_probabilities() -> None:
    terms = craps_rules_from_mapping({"level_1_probability": "1/3", "level_2_probability": "1/6"})
    wager = compile_wager(terms.terms("eleven"))
    (thresholds,) = wager.thresholds
    levels = draw_levels(np.random.default_rng(3), thresholds, 300_000)
    shares = np.bincount(levels, minlength=3) / levels.size
    assert shares == pytest.approx([0.5, 1 / 3, 1 / 6], abs=0.004)
    # A denominator too large for the lookup table takes the comparison path.
    large = draw_levels(np.random.default_rng(3), (1, 2, 10**9 + 7), 1_000)
    assert set(large.tolist()) == {0}


def test_simulation_is_reproducible_and_blocks_merge() -> None:
    rules = CrapsRules()
    first = simulate(rules, rolls=50_000, seed=4, block=10_000)
    again = simulate(rules, rolls=50_000, seed=4, block=10_000)
    assert first == again
    # The shared runtime (core.simulation): the same units on two processes, the same totals.
    assert simulate(rules, rolls=50_000, seed=4, block=10_000, workers=2) == first
    merged = Totals(1, 2.0, 4.0).merge(Totals(2, -1.0, 1.0))
    assert merged == Totals(3, 1.0, 5.0)
    with pytest.raises(TableGamesError):
        simulate(rules, rolls=1, seed=0)
