"""The standard game with a house limit above four hands from splitting (633a.11(c): the house
sets it, 1 to 16), simulated against the exact analysis.

`tablegames simulate --strategy basic` plays the chart `game.analyse` derives and `--strategy
cdz` the play it values; both once stopped at four hands, where the analysis did. Here the
kernel and the round engine settle the same shoes alike at eight hands, and the simulated house
edge, the shoe reshuffled every round, lies within 3 standard errors of the exact figure of
the same play (two decks: eight of each pair card, so every pair can reach the limit). The
exact split values themselves are checked to 1e-16 against the engine's enumeration of every
deal at five and six hands (tests/analysis/test_engine_parity.py).
"""

from __future__ import annotations

from functools import cache

import pytest

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.composition import CompositionPlay, compile_composition
from tablegames.blackjack.sim.parity import ParityError, compare
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.reports.blackjack_text import chart_model, strategy_chart

EIGHT_HANDS = Rules(decks=2, max_hands=8)
SIX_HANDS = Rules(decks=2, max_hands=6)


@cache
def basic(rules: Rules) -> StrategyChart:
    return chart_model(strategy_chart(rules))


@cache
def cdz(rules: Rules) -> CompositionPlay:
    return compile_composition(rules)


def test_633a_11_c_eight_hands_kernel_and_engine_in_parity() -> None:
    try:
        compared = compare(EIGHT_HANDS, basic(EIGHT_HANDS), boxes=2, shoes=160, seed=88)
        compare(EIGHT_HANDS, cdz(EIGHT_HANDS), boxes=1, shoes=40, seed=89)
    except ParityError as error:
        pytest.fail(str(error))
    assert compared >= 1_000


def test_633a_11_c_eight_hands_basic_strategy_edge_agrees_with_the_exact_figure() -> None:
    # `tablegames simulate --rounds 4000000 --reshuffle-every-round --set decks=2
    # --set max_hands=8 --seed 8`: -0.1845% +- 0.0575%; exact -0.076972%
    # (`tablegames edge blackjack --set decks=2 --set max_hands=8 --strategy basic`).
    exact = analyse(EIGHT_HANDS, "basic")
    result = simulate(
        EIGHT_HANDS,
        basic(EIGHT_HANDS),
        rounds=4_000_000,
        seed=8,
        reshuffle_every_round=True,
        workers=2,
    ).report()["wagers"]["blackjack"]
    assert abs(result["house_edge"] - exact.house_edge) < 3 * result["standard_error"]
    # The exact standard deviation takes a split's hands as independent given the dealer's
    # final hand (split_values): close, not exact.
    assert result["std_dev"] == pytest.approx(exact.std_dev, abs=0.01)


def test_633a_11_c_six_hands_cdz_edge_agrees_with_the_exact_figure() -> None:
    # `--strategy cdz`: the play the analysis values, decisions by the cards of the hand.
    exact = analyse(SIX_HANDS, "cdz").house_edge
    result = simulate(
        SIX_HANDS,
        cdz(SIX_HANDS),
        rounds=4_000_000,
        seed=6,
        reshuffle_every_round=True,
        workers=2,
    ).report()["wagers"]["blackjack"]
    assert abs(result["house_edge"] - exact) < 3 * result["standard_error"]
