"""The simulator's Hi-Lo counter: the true count it keeps, the totals it files by it, and a bet
ramp applied to them.

Independent references: the true count of a stacked second round is worked out here from the
cards with this file's own tag table; a ramp's figures are worked out by hand from small totals;
the edge's rise with the count is the published rule of thumb for Hi-Lo, about half a percent per
true count (S. Wong, "Professional Blackjack", 1994, ch. 3; P. Griffin, "The Theory of
Blackjack", 6th ed., 1999, ch. 4 gives 0.5% per true count for the multi-deck game).
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.counting import (
    BetRamp,
    CountedRounds,
    parse_ramp,
    risk_of_ruin,
)
from tablegames.blackjack.sim.kernel import (
    P_COUNT,
    P_STACKED,
    TC_BUCKETS,
    TC_LOW,
    play_stacked,
    run_rounds,
)
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.reports.blackjack_text import chart_model, strategy_chart

ISSUE_RULES = Rules(hit_split_aces=False, resplit_aces=False)
RANKS = "A23456789TJQK"


@cache
def basic(rules: Rules) -> StrategyChart:
    return chart_model(strategy_chart(rules))


def hi_lo_tag(code: int) -> int:
    """Hi-Lo by the card's rank letter: 2-6 +1, 7-9 0, T J Q K A -1."""
    rank = RANKS[code // 4]
    if rank in "23456":
        return 1
    if rank in "789":
        return 0
    return -1


def test_the_second_round_is_filed_under_the_true_count_of_the_first_rounds_cards() -> None:
    table = compile_table(ISSUE_RULES, player_boxes=1, other_boxes=0, count=True)
    pair_cells, total_cells = compile_chart(basic(ISSUE_RULES))
    generator = np.random.default_rng(7)
    checked = 0
    for _ in range(200):
        shoe = generator.permutation(np.tile(np.arange(52, dtype=np.int8), 6))
        first = play_stacked(shoe, table.params, pair_cells, total_cells, np.zeros(1, np.int64))
        running = sum(hi_lo_tag(int(code)) for code in shoe[:first])
        true_count = math.floor(running * 52 / (6 * 52 - first))
        params = table.params.copy()
        params[P_STACKED], params[P_COUNT] = 1, 1
        by_count = np.zeros((3, TC_BUCKETS), dtype=np.int64)
        run_rounds(
            2,
            shoe,
            np.ones(4, dtype=np.uint64),
            params,
            pair_cells,
            total_cells,
            np.zeros(2 * 40 * table.ticks + 1, dtype=np.int64),
            np.zeros(5, dtype=np.int64),
            np.zeros(1, dtype=np.int64),
            by_count,
            *([None] * 9),  # sessions, side wagers and progressives off
        )
        expected = np.zeros(TC_BUCKETS, dtype=np.int64)
        expected[0 - TC_LOW] += 1  # the first round: nothing seen, true count 0
        expected[true_count - TC_LOW] += 1
        assert list(by_count[0]) == list(expected), (running, first, true_count)
        checked += true_count != 0
    assert checked > 20  # the stacked rounds reached non-zero counts


def test_a_counted_run_is_the_same_run_with_its_totals_filed_by_true_count() -> None:
    chart = basic(ISSUE_RULES)
    plain = simulate(ISSUE_RULES, chart, rounds=200_000, seed=5, unit_rounds=50_000)
    counted = simulate(ISSUE_RULES, chart, rounds=200_000, seed=5, unit_rounds=50_000, count=True)
    assert counted.totals.total == plain.totals.total
    assert counted.totals.total_sq == plain.totals.total_sq
    assert counted.totals.histogram == plain.totals.histogram
    rounds = counted.counted()
    assert sum(rounds.rounds) == plain.totals.rounds
    assert sum(rounds.sums) == plain.totals.total
    assert sum(rounds.squares) == plain.totals.total_sq
    flat = rounds.with_ramp(BetRamp.flat(), bankroll=None)
    assert flat["advantage"] == pytest.approx(float(plain.mean()), abs=1e-15)  # player-positive
    assert flat["units_wagered_per_round"] == 1


def test_the_edge_falls_about_half_a_percent_per_true_count() -> None:
    # Wong, Griffin: each Hi-Lo true count moves the multi-deck edge about 0.5%.
    result = simulate(ISSUE_RULES, basic(ISSUE_RULES), rounds=4_000_000, seed=11, count=True)
    table = result.counted()
    xs, ys, weights = [], [], []
    for bucket in range(-2 - TC_LOW, 5 - TC_LOW):
        n = table.rounds[bucket]
        xs.append(TC_LOW + bucket)
        ys.append(-table.sums[bucket] / (n * table.ticks))
        weights.append(n)
    slope = float(np.polyfit(xs, ys, 1, w=np.sqrt(weights))[0])
    assert 0.0035 < -slope < 0.0070, slope


def test_a_ramp_is_applied_to_the_totals_by_hand() -> None:
    # Two true counts in use: 10 rounds at 0 (won -4 ticks, squares 20), 5 at +2 (won 6, 12).
    rounds = [0] * TC_BUCKETS
    sums = [0] * TC_BUCKETS
    squares = [0] * TC_BUCKETS
    rounds[-TC_LOW], sums[-TC_LOW], squares[-TC_LOW] = 10, -4, 20
    rounds[2 - TC_LOW], sums[2 - TC_LOW], squares[2 - TC_LOW] = 5, 6, 12
    counted = CountedRounds(tuple(rounds), tuple(sums), tuple(squares), ticks=2, player_boxes=1)
    ramp = parse_ramp("true_count,units\n-20,1\n2,3\n")
    report = counted.with_ramp(ramp, bankroll=50)
    # Won: -4 + 3 * 6 = 14 ticks = 7 units over 15 rounds; wagered 10 + 15 = 25 units.
    assert report["advantage"] == pytest.approx(7 / 25)
    assert report["mean_units_per_round"] == pytest.approx(7 / 15)
    assert report["units_wagered_per_round"] == pytest.approx(25 / 15)
    # Squares: (20 + 9 * 12) / 4 = 32 units^2; variance (32 - 15 * (7/15)^2) / 14.
    variance = (32 - 15 * (7 / 15) ** 2) / 14
    assert report["std_dev_units_per_round"] == pytest.approx(variance**0.5)
    assert report["risk_of_ruin"]["probability"] == pytest.approx(
        math.exp(-2 * (7 / 15) * 50 / variance)
    )


def test_a_ramp_steps_up_from_each_row() -> None:
    ramp = parse_ramp("true_count,units\n1,2\n3,8\n")
    assert [ramp.at(t) for t in (-30, -1, 0, 1, 2, 3, 4, 30)] == [2, 2, 2, 2, 2, 8, 8, 8]


def test_risk_of_ruin() -> None:
    # exp(-2 * 0.01 * 100 / 1.3) = exp(-1.5) * exp(-0.0384615) = 0.2231302 * 0.9622687
    assert risk_of_ruin(0.01, 1.3, 100) == pytest.approx(0.2147111, abs=1e-6)
    assert risk_of_ruin(-0.005, 1.3, 100) == 1.0
    assert risk_of_ruin(0.0, 1.3, 100) == 1.0
