"""Seconds for one full exact analysis of the main game (CDZ-), one core.

Run: `.venv/bin/python benchmarks/bench_exact.py` (`--runs N`). The numba kernels are compiled
(and cached) by a warm-up call first; the figures are the best and the median of the runs per
rule set: on a shared machine the best is the code's speed, the median how busy the machine was.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.rules import Rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    cases = {
        "6 decks, PA base (aces split once)": Rules(
            decks=6, resplit_aces=False, hit_split_aces=False
        ),
        "8 decks, PA base (aces split once)": Rules(
            decks=8, resplit_aces=False, hit_split_aces=False
        ),
        "6 decks, PA text (split aces draw, resplit)": Rules(decks=6),
        # 633a.11(c): the house sets the limit of hands from splitting (1 to 16).
        **{
            f"6 decks, PA text, split to {hands} hands": Rules(decks=6, max_hands=hands)
            for hands in (5, 8, 16)
        },
    }
    analyse(Rules(decks=1, max_hands=2))  # compile the kernels
    for name, rules in cases.items():
        seconds = []
        for _ in range(max(1, args.runs)):
            start = time.perf_counter()
            result = analyse(rules)
            seconds.append(time.perf_counter() - start)
        print(
            f"{name}: house edge {result.house_edge * 100:.6f}%, best {min(seconds):.3f} s, "
            f"median {statistics.median(seconds):.3f} s"
        )


if __name__ == "__main__":
    main()
