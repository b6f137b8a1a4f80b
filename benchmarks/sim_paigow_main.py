"""Monte Carlo of the main wager, house way against house way, on the pure-Python core.

Run: `PYTHONPATH=src .venv/bin/python benchmarks/sim_paigow_main.py [--deals N] [--way NAME]`.

Each deal shuffles the 53-card deck (seeded), gives the player the first seven cards and the
dealer the next seven, sets both by the house way and settles with `settle.outcome`. Prints
win / push / lose with standard errors, the Tiger 9 frequency (the dealer's low hand nine-high)
and the commission-free split with the Tiger 9 push, beside the published figures of
paigow/anchors.md 4 (Trump Plaza vs Trump Plaza: 28.55 / 41.47 / 29.98; Tiger 9 0.025007;
commission-free 27.3726 / 42.7453 / 29.8822). This is a check, not the simulation runtime.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time

from tablegames.paigow.cards import deck
from tablegames.paigow.house_way import house_way
from tablegames.paigow.rules import PaiGowRules
from tablegames.paigow.settle import is_tiger_9, outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--way", default="trump_plaza")
    parser.add_argument("--seed", type=int, default=645)
    args = parser.parse_args()
    way = house_way(args.way)
    rules = PaiGowRules(house_way=args.way)
    free = PaiGowRules(house_way=args.way, commission_free=True)
    rng = random.Random(args.seed)
    cards = deck()
    tally = {"win": 0, "push": 0, "lose": 0}
    free_tally = {"win": 0, "push": 0, "lose": 0}
    tigers = 0
    start = time.perf_counter()
    for _ in range(args.deals):
        rng.shuffle(cards)
        player, dealer = way.set(cards[:7]), way.set(cards[7:14])
        tally[outcome(player, dealer, rules)] += 1
        free_tally[outcome(player, dealer, free)] += 1
        tigers += is_tiger_9(dealer)
    elapsed = time.perf_counter() - start
    n = args.deals

    def line(label: str, count: int, published: float) -> str:
        p = count / n
        se = math.sqrt(p * (1 - p) / n)
        z = (p * 100 - published) / (se * 100)
        shown = f"{p * 100:8.4f}%  se {se * 100:.4f}"
        return f"{label:28s} {shown}  published {published:.4f}%  z {z:+.2f}"

    print(f"{n:,} deals, way {args.way}, {elapsed:.1f} s")
    for key, published in (("win", 28.55), ("push", 41.47), ("lose", 29.98)):
        print(line(f"commission: {key}", tally[key], published))
    for key, published in (("win", 27.3726), ("push", 42.7453), ("lose", 29.8822)):
        print(line(f"commission-free: {key}", free_tally[key], published))
    print(line("dealer Tiger 9", tigers, 2.5007))
    return 0


if __name__ == "__main__":
    sys.exit(main())
