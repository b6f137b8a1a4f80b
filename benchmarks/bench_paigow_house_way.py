"""Time of every shipped Pai Gow Poker house way, and of the exact Fortune walk.

Run: `PYTHONPATH=src .venv/bin/python benchmarks/bench_paigow_house_way.py [--hands N] [--all]`.

The house ways are pure Python (no numba kernel yet), so by default each way sets a random
sample of N hands (default 20,000), checks every setting legal and holding the hand's seven
cards, and prints the time per hand and the projected time for all 154,143,080 hands and for
the 6,972,147 suit classes. `--all` really sets every one of the 154,143,080 hands by every way
(hours in pure Python). The Fortune walk classifies all 154,143,080 hands (numba) and checks
the total. Exits 1 if a setting is illegal or a count is wrong.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations

from tablegames.paigow.analysis import TOTAL_HANDS, fortune_class_counts
from tablegames.paigow.cards import deck
from tablegames.paigow.house_way import HOUSE_WAYS

SUIT_CLASSES = 6_972_147  # paigow/anchors.md 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--all", action="store_true", help="set all 154,143,080 hands")
    args = parser.parse_args()
    cards = deck()
    rng = random.Random(645)
    sample = [] if args.all else [rng.sample(cards, 7) for _ in range(args.hands)]
    count = TOTAL_HANDS if args.all else len(sample)
    failures = 0
    for name, way in HOUSE_WAYS.items():
        source = combinations(cards, 7) if args.all else (tuple(hand) for hand in sample)
        start = time.perf_counter()
        for hand in source:
            setting = way.set(hand)
            if setting.high_key < setting.low_key:
                failures += 1
        elapsed = time.perf_counter() - start
        per = elapsed / count
        print(
            f"{name:14s} {count:>11,} hands {elapsed:8.2f} s  {per * 1e6:7.1f} us/hand  "
            f"all hands ~{per * TOTAL_HANDS / 3600:6.2f} h  "
            f"suit classes ~{per * SUIT_CLASSES / 60:6.1f} min"
        )
    start = time.perf_counter()
    counts = fortune_class_counts()
    elapsed = time.perf_counter() - start
    print(f"fortune walk   {counts.total:>11,} hands {elapsed:8.2f} s (numba, JIT cached)")
    if counts.total != TOTAL_HANDS:
        failures += 1
    if failures:
        print(f"FAILED: {failures} illegal settings or wrong counts")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
