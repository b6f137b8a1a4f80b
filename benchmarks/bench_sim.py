"""Rounds per second of the Blackjack simulator on one core, for the rules of issue 13.

Run: `.venv/bin/python benchmarks/bench_sim.py [--rounds N] [--repeat R]`.

The rules are those the issue measures every public simulator on: six decks, the dealer stands on
soft 17, double after split, late surrender, split to four hands, aces split once with one card
each, Blackjack 3 to 2, one box, total-dependent basic strategy, the cover card at 75% of the shoe.
The kernels are compiled (and cached) by a warm-up run first; each figure is one run of
`simulate(..., workers=1)` in this process: shuffles, the rounds and the histogram, everything but
the compile. The side-by-side figures against hhoppe/blackjack come from
`benchmarks/hhoppe_side_by_side.py`, which runs this script with `--json`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.run import simulate
from tablegames.reports.blackjack_text import chart_model, strategy_chart

ISSUE_RULES = Rules(decks=6, dealer_hits_soft_17=False, hit_split_aces=False, resplit_aces=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--boxes", type=int, default=1)
    parser.add_argument("--reshuffle-every-round", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the rates as one JSON line")
    arguments = parser.parse_args()
    chart = chart_model(strategy_chart(ISSUE_RULES))
    simulate(ISSUE_RULES, chart, rounds=10_000, seed=1)  # compile or load the kernels
    rates: list[float] = []
    for run in range(arguments.repeat):
        started = time.perf_counter()
        result = simulate(
            ISSUE_RULES,
            chart,
            rounds=arguments.rounds,
            seed=run + 1,
            player_boxes=arguments.boxes,
            reshuffle_every_round=arguments.reshuffle_every_round,
            workers=1,
        )
        seconds = time.perf_counter() - started
        rates.append(arguments.rounds / seconds)
        report = result.report()
        edge = report["wagers"]["blackjack"]
        if arguments.json:
            continue
        print(
            f"run {run + 1}: {arguments.rounds:,} rounds in {seconds:.2f} s = "
            f"{rates[-1] / 1e6:.2f} M rounds/s; house edge {100 * edge['house_edge']:.4f}% "
            f"+- {100 * edge['standard_error']:.4f}%"
        )
    if arguments.json:
        print(json.dumps({"rounds": arguments.rounds, "rounds_per_second": rates}))
        return
    print(
        f"one core: min {min(rates) / 1e6:.2f}, median {statistics.median(rates) / 1e6:.2f}, "
        f"max {max(rates) / 1e6:.2f} M rounds/s"
    )


if __name__ == "__main__":
    main()
