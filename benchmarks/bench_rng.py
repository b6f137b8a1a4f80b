"""The randomness checks of tests/test_rng_statistics.py at full size (issue 16; docs/rng.md).

Run: `PYTHONPATH=src .venv/bin/python benchmarks/bench_rng.py` (`--scale 0.1` for a quick run,
`--source seeded` for the fixed-seed scaling code instead of the live CSPRNG). At scale 1:
10^6 one-deck shuffles (every card in every position, adjacent pairs), 10^5 six-deck shoes
(cards by position, the cut, adjacent pairs of the dealt order), 2 x 10^6 craps rolls (faces,
36 pairs), 2 x 10^5 Power Odds selections of 28 lines (623b.5(c)), 2 x 10^6 Magic Cards and 4 x
10^6 Lucky Player boxes (633a.13(j)(1)), 4 x 10^6 Pai Gow positions by RNG and 2 x 10^6 by three
dice. Each line prints the chi-square, its degrees of freedom, p and the verdict at 99%.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from tablegames.blackjack.shoe import cut_range
from tablegames.blackjack.shoe_check import shoe_run
from tablegames.blackjack.table import lucky_box, magic_card
from tablegames.core.cards import standard_deck
from tablegames.core.rng import (
    DICE_TOTAL_POSITION,
    RandomSource,
    ScaledRandom,
    SecureRandom,
    SeededBytes,
    pai_gow_start_dice,
    pai_gow_start_rng,
)
from tablegames.core.rngcheck import (
    ChiSquare,
    against_chances,
    card_position_counts,
    card_position_test,
    draws,
    pair_counts,
    pair_test,
    shuffled_orders,
    uniform_counts,
)
from tablegames.craps.dice import RandomDice
from tablegames.craps.rules import CrapsRules
from tablegames.craps.selection import RandomSelector

BLOCK = 50_000  # shuffles counted per block, so a million never sit in memory at once


def report(name: str, result: ChiSquare, started: float) -> None:
    verdict = "pass" if result.passes(0.99) else "FAIL"
    print(f"{name:<42} {result}  {verdict}  ({time.perf_counter() - started:.1f} s)", flush=True)


def one_deck(random: RandomSource, shuffles: int) -> None:
    started = time.perf_counter()
    positions = np.zeros((52, 52), dtype=np.int64)
    pairs = np.zeros((52, 52), dtype=np.int64)
    done = 0
    while done < shuffles:
        orders = shuffled_orders(random, min(BLOCK, shuffles - done))
        positions += card_position_counts(orders)
        pairs += pair_counts(orders)
        done += orders.shape[0]
    report("one deck: card x position", card_position_test(positions), started)
    report("one deck: adjacent pairs", pair_test(pairs, 52), started)


def six_decks(random: RandomSource, shoes: int) -> None:
    started = time.perf_counter()
    positions = np.zeros((52, 312), dtype=np.int64)
    pairs = np.zeros((52, 52), dtype=np.int64)
    cuts: list[int] = []
    fronts: set[int] = set()
    done = 0
    while done < shoes:
        sealed, cut, dealt, covers = shoe_run(random, min(BLOCK // 10, shoes - done))
        positions += card_position_counts(sealed)
        pairs += pair_counts(dealt)
        cuts += cut.tolist()
        fronts |= covers
        done += sealed.shape[0]
    report("six decks: card x position", card_position_test(positions), started)
    report("six decks: cut position", uniform_counts(cuts, *cut_range(312)), started)
    report("six decks: adjacent pairs (dealt order)", pair_test(pairs, 312), started)
    print(f"six decks: cover card after {sorted(fronts)} of 312 cards", flush=True)


def craps(random: RandomSource, rolls: int, selections: int) -> None:
    started = time.perf_counter()
    dice = RandomDice(random)
    pairs = np.array([(r.first, r.second) for r in (dice.next_roll() for _ in range(rolls))])
    report("dice: faces", uniform_counts(pairs.ravel(), 1, 6), started)
    report(
        "dice: 36 pairs", uniform_counts((pairs[:, 0] - 1) * 6 + pairs[:, 1] - 1, 0, 35), started
    )
    started = time.perf_counter()
    rules = CrapsRules()
    selector = RandomSelector(random)
    lines = [line.name for line in rules.offered_lines()]
    levels: list[int] = []
    for _ in range(selections):
        chosen = selector.select(rules).levels
        levels.extend(chosen.get(name, 0) for name in lines)
    chances = {
        1: rules.level_1_probability,
        2: rules.level_2_probability,
        0: 1 - rules.level_1_probability - rules.level_2_probability,
    }
    report("Power Odds levels (623b.5(c))", against_chances(levels, chances), started)


def picks(random: RandomSource, count: int) -> None:
    index = {card: i for i, card in enumerate(standard_deck())}
    checks: list[tuple[str, Callable[[], ChiSquare]]] = [
        (
            "Magic Card (633a.13(j)(1))",
            lambda: uniform_counts(draws(lambda: index[magic_card(random)], count), 0, 51),
        ),
        (
            "Lucky Player, 7 boxes (633a.13(j)(1))",
            lambda: uniform_counts(draws(lambda: lucky_box(random, 7), 2 * count), 1, 7),
        ),
        (
            "Pai Gow position by RNG",
            lambda: uniform_counts(draws(lambda: pai_gow_start_rng(random), 2 * count), 1, 7),
        ),
        (
            "Pai Gow position by three dice",
            lambda: against_chances(
                draws(lambda: pai_gow_start_dice(random)[1], count), three_dice_chances()
            ),
        ),
    ]
    for name, check in checks:
        started = time.perf_counter()
        report(name, check(), started)


def three_dice_chances() -> dict[int, Fraction]:
    counts = dict.fromkeys(range(1, 8), 0)
    for first in range(1, 7):
        for second in range(1, 7):
            for third in range(1, 7):
                counts[DICE_TOTAL_POSITION[first + second + third]] += 1
    return {position: Fraction(n, 216) for position, n in counts.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the full size")
    parser.add_argument("--source", choices=("live", "seeded"), default="live")
    parser.add_argument("--seed", type=int, default=20261203, help="for --source seeded")
    args = parser.parse_args()
    if args.scale <= 0:
        parser.error("--scale must be above 0")
    random: RandomSource = (
        SecureRandom() if args.source == "live" else ScaledRandom(SeededBytes(args.seed))
    )
    print(f"source: {args.source}, scale {args.scale}", flush=True)
    started = time.perf_counter()
    one_deck(random, int(1_000_000 * args.scale))
    six_decks(random, int(100_000 * args.scale))
    craps(random, int(2_000_000 * args.scale), int(200_000 * args.scale))
    picks(random, int(2_000_000 * args.scale))
    print(f"total {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
