"""Seconds for one full exact analysis of the main game (CDZ-), one core.

Run: `.venv/bin/python benchmarks/bench_exact.py`. The numba kernels are compiled (and cached)
by a warm-up call first; the figure is the best of three runs per rule set.
"""

from __future__ import annotations

import time

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.rules import Rules


def main() -> None:
    cases = {
        "6 decks, PA base (aces split once)": Rules(
            decks=6, resplit_aces=False, hit_split_aces=False
        ),
        "8 decks, PA base (aces split once)": Rules(
            decks=8, resplit_aces=False, hit_split_aces=False
        ),
        "6 decks, PA text (split aces draw, resplit)": Rules(decks=6),
    }
    analyse(Rules(decks=1, max_hands=2))  # compile the kernels
    for name, rules in cases.items():
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            result = analyse(rules)
            best = min(best, time.perf_counter() - start)
        print(f"{name}: house edge {result.house_edge * 100:.6f}%, {best:.2f} s")


if __name__ == "__main__":
    main()
