"""Time of the craps Power Odds engine, exact analysis and simulator (623b.5).

Run: `.venv/bin/python benchmarks/bench_craps.py` (add `--rolls 10000000` for a longer run).
"exact" is `edge_report` for every eligible wager (and the C&E's two lines) with fractions;
"engine" plays rolls through `CrapsTable` with three wagers each and a seeded source (selection,
dice, settlement, log);
"simulate" is the vectorized numpy simulator over every offered wager at once.
"""

from __future__ import annotations

import argparse
import time

from tablegames.core.rng import SeededRandom
from tablegames.craps.dice import RandomDice
from tablegames.craps.edge import edge_report
from tablegames.craps.rules import CrapsRules
from tablegames.craps.selection import RandomSelector
from tablegames.craps.sim import simulate
from tablegames.craps.table import CrapsTable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rolls", type=int, default=1_000_000, help="rolls to simulate")
    parser.add_argument("--engine-rolls", type=int, default=5_000, help="rolls through the engine")
    args = parser.parse_args()
    rules = CrapsRules()

    start = time.perf_counter()
    report = edge_report(rules)
    exact = time.perf_counter() - start
    # Every offered wager, and after the C&E its two lines with their own Power Odds only.
    print(f"exact edge, {len(report['wagers'])} entries: {exact * 1000:.1f} ms")

    random = SeededRandom.from_seed(1)
    table = CrapsTable(rules, dice=RandomDice(random), selector=RandomSelector(random))
    start = time.perf_counter()
    for _ in range(args.engine_rolls):
        for wager in ("any_craps", "hop_2_5", "hard_8"):
            table.place(wager, 500)
        table.roll()
    engine = time.perf_counter() - start
    rate = args.engine_rolls / engine
    print(f"engine: {args.engine_rolls:,} rolls in {engine:.2f} s ({rate:,.0f} rolls/s)")

    start = time.perf_counter()
    totals = simulate(rules, rolls=args.rolls, seed=2023)
    sim = time.perf_counter() - start
    wagers = len(totals)
    print(
        f"simulate: {args.rolls:,} rolls x {wagers} wagers in {sim:.2f} s "
        f"({args.rolls * wagers / sim / 1e6:,.1f} M wager-rolls/s)"
    )
    print(f"{'wager':<10} {'exact edge':>11} {'simulated':>11} {'std err':>9}")
    for row in report["wagers"]:
        if row["line_of"] is not None:  # a C&E line on its own: not a wager the table simulates
            continue
        total = totals[row["wager"]]
        edge = row["house_edge"]
        print(f"{row['wager']:<10} {edge:>11.4%} {-total.mean:>11.4%} {total.error:>9.4%}")


if __name__ == "__main__":
    main()
