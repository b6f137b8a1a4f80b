"""A Hi-Lo counter at a double shoe (633a.3(c), 633a.7(d)) against the same counter at one shoe.

Run: `.venv/bin/python benchmarks/bench_double_shoe_count.py [--rounds N] [--workers W]`.

The rules are six decks (three a side at the double shoe), the dealer stands on soft 17, double
after split, late surrender, split to four hands, aces once with one card, 3 to 2, one box,
total-dependent basic strategy, each cover card at 75% of its shoe or side. For each game the
script prints the slope of the flat-bet edge against the true count (a weighted least-squares
line through the true counts -2 to +4) and a 1-8 ramp's advantage. At the double shoe it does so
for the simulator's reading, the mean of the two sides' true counts (`kernel.COUNT_BOTH_SIDES`),
and for the true count of the side the determinant card is drawn from (`COUNT_DRAWN_SIDE`): the
wager comes before the determinant (633a.6(c)), whose suit chooses either side about half the
time, so that side's count alone foretells the round's cards only half the time.
"""

from __future__ import annotations

import argparse

import numpy as np

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.counting import CountedRounds, parse_ramp
from tablegames.blackjack.sim.kernel import (
    COUNT_BOTH_SIDES,
    COUNT_DRAWN_SIDE,
    P_DOUBLE_SHOE_COUNT,
    TC_LOW,
)
from tablegames.blackjack.sim.run import UNIT_ROUNDS, BlackjackWork
from tablegames.core.simulation import plan, run
from tablegames.reports.blackjack_text import chart_model, strategy_chart

SINGLE = Rules(decks=6, dealer_hits_soft_17=False, hit_split_aces=False, resplit_aces=False)
DOUBLE = SINGLE.replace(shoe="double_shoe")
RAMP = parse_ramp("true_count,units\n-20,1\n1,2\n2,4\n3,6\n4,8\n")


def measure(rules: Rules, mode: int, rounds: int, workers: int, seed: int) -> dict[str, float]:
    """A counted run of `rules`, the double shoe's true count read as `mode`."""
    chart = chart_model(strategy_chart(rules))
    table = compile_table(rules, player_boxes=1, other_boxes=0, count=True)
    table.params[P_DOUBLE_SHOE_COUNT] = mode
    pair_cells, total_cells = compile_chart(chart)
    work = BlackjackWork(table, pair_cells, total_cells)
    totals = run(work, plan(rounds, unit_size=UNIT_ROUNDS, seed=seed), workers=workers)
    counted = CountedRounds.from_flat(totals.by_count, table.ticks, 1)
    xs, ys, weights = [], [], []
    for true_count in range(-2, 5):
        bucket = true_count - TC_LOW
        n = counted.rounds[bucket]
        xs.append(true_count)
        ys.append(-counted.sums[bucket] / (n * counted.ticks))
        weights.append(n)
    slope = float(np.polyfit(xs, ys, 1, w=np.sqrt(weights))[0])
    ramp = counted.with_ramp(RAMP, bankroll=None)
    at_plus_2 = sum(counted.rounds[2 - TC_LOW :]) / sum(counted.rounds)
    return {
        "edge": -totals.total / (totals.rounds * table.ticks),
        "slope": slope,
        "advantage": ramp["advantage"],
        "advantage_se": ramp["advantage_standard_error"],
        "share_at_plus_2": at_plus_2,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000_000)
    parser.add_argument("--workers", type=int, default=1)
    arguments = parser.parse_args()
    games = (
        ("one shoe, 6 decks", SINGLE, COUNT_BOTH_SIDES),
        ("double shoe, mean of both sides", DOUBLE, COUNT_BOTH_SIDES),
        ("double shoe, the determinant's side", DOUBLE, COUNT_DRAWN_SIDE),
    )
    for name, rules, mode in games:
        figures = measure(rules, mode, arguments.rounds, arguments.workers, seed=633)
        print(
            f"{name}: edge {100 * figures['edge']:.3f}%, slope {100 * figures['slope']:+.3f}% "
            f"per true count, {100 * figures['share_at_plus_2']:.2f}% of rounds at +2 or more, "
            f"1-8 ramp advantage {100 * figures['advantage']:+.3f}% "
            f"+- {100 * figures['advantage_se']:.3f}%"
        )


if __name__ == "__main__":
    main()
